import Foundation

/// Everything the networking layer needs to know at launch (L2, L3, L5).
///
/// Built once from the environment and the command line, then handed to `TMDBClient`.
public struct Configuration: Sendable, CustomStringConvertible {
    /// TMDB's own host; `TMDB_BASE_URL` replaces it with a mirror, a recording or a test server.
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "https://api.themoviedb.org") else {
            preconditionFailure("The default TMDB base URL is a valid literal.")
        }
        return url
    }()

    /// TMDB's image host and path, to which a size and a `poster_path` are appended (P5);
    /// `TMDB_IMAGE_BASE_URL` replaces it, as `TMDB_BASE_URL` replaces the API's.
    public static let defaultImageBaseURL: URL = {
        guard let url = URL(string: "https://image.tmdb.org/t/p/") else {
            preconditionFailure("The default TMDB image base URL is a valid literal.")
        }
        return url
    }()

    /// The language TMDB answers in when nothing else is asked for.
    public static let defaultLanguage = "en-US"

    public var credential: Credential?
    public var baseURL: URL
    /// Where posters come from; no credential is ever sent there (P5).
    public var imageBaseURL: URL
    /// The `language` query parameter, e.g. "en-US" or "ko-KR".
    public var language: String
    /// `--offline`: use the bundled sample data even when a credential is set.
    public var forcesSampleData: Bool
    /// `--latency MS`: how long each sample response waits, to watch loading states and races.
    public var sampleLatency: Duration
    /// `TMDB_TIMEOUT`: how long a request waits for TMDB's answer before it is given up.
    public var requestTimeout: TimeInterval

    /// The seconds `TMDB_TIMEOUT` may give.
    public static let requestTimeouts: ClosedRange<Int> = 1...300

    public init(
        credential: Credential? = nil, baseURL: URL = Configuration.defaultBaseURL,
        imageBaseURL: URL = Configuration.defaultImageBaseURL, language: String = "en-US",
        forcesSampleData: Bool = false,
        sampleLatency: Duration = .zero, requestTimeout: TimeInterval = Endpoint.requestTimeout
    ) {
        self.credential = credential
        self.baseURL = baseURL
        self.imageBaseURL = imageBaseURL
        self.language = language
        self.forcesSampleData = forcesSampleData
        self.sampleLatency = sampleLatency
        self.requestTimeout = requestTimeout
    }

    /// No credential means no live TMDB: the app runs on the bundled sample data (L2).
    public var usesSampleData: Bool { credential == nil || forcesSampleData }

    /// What the header calls the data source (T1).
    public var dataSourceName: String { usesSampleData ? "sample data" : "TMDB" }

    /// The configured server as messages name it (T9): its host and port, "127.0.0.1:8080" or
    /// "api.themoviedb.org:443", and never what else the base URL holds (a user, a password, a
    /// query, L8); the credential taken out and control characters made spaces, as text from
    /// the API is, and at most 60 characters.
    public var serverName: String {
        guard let origin = Origin(baseURL) else { return "the configured server" }
        let host = origin.host.contains(":") ? "[\(origin.host)]" : origin.host
        var name = "\(host):\(origin.port)"
        if let secret = credential?.secret, !secret.isEmpty {
            // A host's letters come lowercased: the secret is found whatever its case.
            name = name.replacingOccurrences(
                of: secret, with: "(redacted)", options: .caseInsensitive)
        }
        name = String(
            name.unicodeScalars.map { scalar in
                CharacterSet.controlCharacters.contains(scalar) ? " " : Character(scalar)
            })
        return name.truncatedForMessage(maximumCount: 60)
    }

    public var description: String {
        let credentialText = credential?.description ?? "no credential"
        return
            "Configuration(\(dataSourceName), \(credentialText), baseURL: \(baseURL.redactingQuery), language: \(language))"
    }

    /// Reads TMDB_ACCESS_TOKEN (wins), TMDB_API_KEY, TMDB_BASE_URL, TMDB_IMAGE_BASE_URL,
    /// TMDB_LANGUAGE (L3) and TMDB_TIMEOUT. Empty values count as unset. A credential that
    /// cannot be TMDB's (`Credential.shapeProblem`), a TMDB_BASE_URL or TMDB_IMAGE_BASE_URL
    /// that is not an http(s) URL, or a TMDB_TIMEOUT that is not whole seconds from 1 to 300,
    /// throws.
    public static func fromEnvironment(
        _ environment: [String: String]
    ) throws(ConfigurationError) -> Configuration {
        func value(_ name: String) -> String? {
            guard let raw = environment[name] else { return nil }
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }

        var configuration = Configuration()
        if let token = value("TMDB_ACCESS_TOKEN") {
            configuration.credential = .accessToken(token)
        } else if let key = value("TMDB_API_KEY") {
            configuration.credential = .apiKey(key)
        }
        if let problem = configuration.credential?.shapeProblem {
            throw ConfigurationError(message: problem)
        }
        // The values are not echoed: someone may have pasted a URL with `api_key=` in it.
        func serverURL(_ name: String) throws(ConfigurationError) -> URL? {
            guard let text = value(name) else { return nil }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
            else {
                throw ConfigurationError(
                    message: "\(name) must be an http:// or https:// URL with a host.")
            }
            return url
        }
        if let url = try serverURL("TMDB_BASE_URL") {
            configuration.baseURL = url
        }
        if let url = try serverURL("TMDB_IMAGE_BASE_URL") {
            configuration.imageBaseURL = url
        }
        if let language = value("TMDB_LANGUAGE") {
            configuration.language = language
        }
        if let text = value("TMDB_TIMEOUT") {
            guard let seconds = Int(text), requestTimeouts.contains(seconds) else {
                throw ConfigurationError(
                    message:
                        "TMDB_TIMEOUT expects whole seconds from \(requestTimeouts.lowerBound) to"
                        + " \(requestTimeouts.upperBound).")
            }
            configuration.requestTimeout = TimeInterval(seconds)
        }
        return configuration
    }
}

/// A launch setting that cannot work; `message` is one line for the terminal.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension URL {
    /// This URL without its query and fragment, for text that may be printed (L8).
    var redactingQuery: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else {
            return "(unprintable URL)"
        }
        let hadQuery = components.query != nil
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        let base = components.string ?? "(unprintable URL)"
        return hadQuery ? base + "?(redacted)" : base
    }
}
