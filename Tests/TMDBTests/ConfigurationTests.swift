import Foundation
import TMDB
import TMDBTestSupport
import Testing

/// L2, L3, L5, L8: configuration from the environment.
@Suite struct ConfigurationTests {
    static let key = TestCredentials.apiKey
    static let token = TestCredentials.accessToken

    @Test func emptyEnvironmentMeansSampleData() throws {
        let configuration = try Configuration.fromEnvironment([:])
        #expect(configuration.credential == nil)
        #expect(configuration.usesSampleData)
        #expect(configuration.dataSourceName == "sample data")
        #expect(configuration.baseURL == Configuration.defaultBaseURL)
        #expect(configuration.baseURL.absoluteString == "https://api.themoviedb.org")
        #expect(configuration.language == "en-US")
        #expect(configuration.sampleLatency == .zero)
        #expect(!configuration.forcesSampleData)
    }

    @Test func apiKeyMeansLiveTMDB() throws {
        let configuration = try Configuration.fromEnvironment(["TMDB_API_KEY": Self.key])
        #expect(configuration.credential == .apiKey(Self.key))
        #expect(!configuration.usesSampleData)
        #expect(configuration.dataSourceName == "TMDB")
    }

    /// L3: if both are set, the token wins.
    @Test func accessTokenWinsOverAPIKey() throws {
        let configuration = try Configuration.fromEnvironment([
            "TMDB_ACCESS_TOKEN": Self.token, "TMDB_API_KEY": Self.key,
        ])
        #expect(configuration.credential == .accessToken(Self.token))
        let request = Endpoint.movieDetail(id: 1).makeRequest(configuration: configuration)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer \(Self.token)")
        #expect(request.url?.query?.contains("api_key") == false)
    }

    @Test(arguments: [
        ["TMDB_ACCESS_TOKEN": "", "TMDB_API_KEY": key],
        ["TMDB_ACCESS_TOKEN": "  \n", "TMDB_API_KEY": key],
    ])
    func emptyValuesCountAsUnset(_ environment: [String: String]) throws {
        let configuration = try Configuration.fromEnvironment(environment)
        #expect(configuration.credential == .apiKey(Self.key))
    }

    @Test func emptyEverythingIsDefault() throws {
        let configuration = try Configuration.fromEnvironment([
            "TMDB_ACCESS_TOKEN": "", "TMDB_API_KEY": "", "TMDB_BASE_URL": "",
            "TMDB_LANGUAGE": "",
        ])
        #expect(configuration.credential == nil)
        #expect(configuration.baseURL == Configuration.defaultBaseURL)
        #expect(configuration.language == "en-US")
    }

    @Test func baseURLAndLanguageAreRead() throws {
        let configuration = try Configuration.fromEnvironment([
            "TMDB_BASE_URL": "http://127.0.0.1:9999", "TMDB_LANGUAGE": "ko-KR",
        ])
        #expect(configuration.baseURL.absoluteString == "http://127.0.0.1:9999")
        #expect(configuration.language == "ko-KR")
    }

    @Test func theRequestTimeoutIsFifteenSecondsUnlessTMDBTimeoutSaysOtherwise() throws {
        #expect(try Configuration.fromEnvironment([:]).requestTimeout == 15)
        let configuration = try Configuration.fromEnvironment(["TMDB_TIMEOUT": "3"])
        #expect(configuration.requestTimeout == 3)
        let request = Endpoint.trendingMovies(timeWindow: .week, page: 1)
            .makeRequest(configuration: configuration)
        #expect(request.timeoutInterval == 3)
    }

    @Test(arguments: ["0", "301", "1.5", "soon", "-2"])
    func aTimeoutOutsideOneToThreeHundredSecondsThrows(_ value: String) {
        #expect(throws: ConfigurationError.self) {
            try Configuration.fromEnvironment(["TMDB_TIMEOUT": value])
        }
    }

    @Test(arguments: ["ftp://example.com", "not a url", "example.com", "file:///tmp", "http://"])
    func nonHTTPBaseURLThrows(_ value: String) {
        #expect(throws: ConfigurationError.self) {
            try Configuration.fromEnvironment(["TMDB_BASE_URL": value])
        }
    }

    /// L8: the base URL error does not echo a value that may hold a key.
    @Test func baseURLErrorDoesNotEchoTheValue() {
        let value = "ftp://x/?api_key=\(sentinelSecret)"
        do {
            _ = try Configuration.fromEnvironment(["TMDB_BASE_URL": value])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("TMDB_BASE_URL"))
            #expect(!error.description.contains(sentinelSecret))
        }
    }

    @Test func forcedSampleDataWinsOverACredential() {
        let configuration = Configuration(credential: .apiKey("k"), forcesSampleData: true)
        #expect(configuration.usesSampleData)
        #expect(configuration.dataSourceName == "sample data")
    }

    /// L8: no textual form of a credential or configuration holds the secret.
    @Test(arguments: [Credential.apiKey(sentinelSecret), .accessToken(sentinelSecret)])
    func descriptionsRedactTheCredential(_ credential: Credential) throws {
        let baseURL = try #require(URL(string: "http://mirror.test/?api_key=\(sentinelSecret)"))
        let configuration = Configuration(credential: credential, baseURL: baseURL)
        var dumped = ""
        dump(Configuration(credential: credential), to: &dumped)
        var dumpedCredential = ""
        dump(credential, to: &dumpedCredential)
        let texts = [
            credential.description, credential.debugDescription, "\(credential)",
            String(reflecting: credential), configuration.description, "\(configuration)",
            dumpedCredential, dumped,
        ]
        for text in texts {
            #expect(!text.contains(sentinelSecret), "\(text)")
        }
        #expect(credential.description.contains(credential.environmentVariable))
    }

    /// L8: a value that cannot be TMDB's credential is a usage error at launch, before
    /// anything is sent, saying what the credential looks like and never the value; otherwise
    /// a key "x" would be redacted from every "x" of every message.
    @Test(arguments: [
        ("TMDB_API_KEY", "x"), ("TMDB_API_KEY", "5e471e1c0ffee5ca1ab1e5e471e1c0f"),
        ("TMDB_API_KEY", "5e471e1c0ffee5ca1ab1e5e471e1c0ffe"),
        ("TMDB_API_KEY", "5e471e1c0ffee5ca1ab1e5e471e1c0fg"),
        // 32 characters, 34 bytes: a fullwidth digit is no hexadecimal digit.
        ("TMDB_API_KEY", "5e471e1c0ffee5ca1ab1e5e471e1c0\u{FF10}"),
        ("TMDB_ACCESS_TOKEN", "x"), ("TMDB_ACCESS_TOKEN", key),
        ("TMDB_ACCESS_TOKEN", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0"),
        ("TMDB_ACCESS_TOKEN", "eyJhbGciOiJIUzI1NiJ9..c2ln"),
        ("TMDB_ACCESS_TOKEN", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln+/="),
        ("TMDB_ACCESS_TOKEN", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"),
    ])
    func aCredentialThatCannotBeTMDBsIsRefused(variable: String, value: String) {
        do {
            _ = try Configuration.fromEnvironment([variable: value])
            Issue.record("\(variable) \(value) was accepted")
        } catch {
            // The same words whatever the value: it is never echoed.
            let expected =
                variable == "TMDB_API_KEY"
                ? "TMDB_API_KEY is not a TMDB API key: those are 32 hexadecimal characters."
                : "TMDB_ACCESS_TOKEN is not a TMDB access token: those are long JWTs, eyJ….….…"
            #expect(error.message == expected)
        }
    }

    /// The shapes TMDB's credentials have are taken as they are, hexadecimal in either case.
    @Test(arguments: [
        Credential.apiKey(key), .apiKey(key.uppercased()), .accessToken(token),
        .accessToken("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln_-0"),
    ])
    func aCredentialOfTMDBsShapeIsTaken(_ credential: Credential) throws {
        let configuration = try Configuration.fromEnvironment([
            credential.environmentVariable: credentialValue(credential)
        ])
        #expect(configuration.credential == credential)
        #expect(credential.shapeProblem == nil)
    }

    private func credentialValue(_ credential: Credential) -> String {
        switch credential {
        case .apiKey(let key): key
        case .accessToken(let token): token
        }
    }

    @Test func environmentVariableNames() {
        #expect(Credential.accessToken("x").environmentVariable == "TMDB_ACCESS_TOKEN")
        #expect(Credential.apiKey("x").environmentVariable == "TMDB_API_KEY")
    }

    @Test(
        "the server a message names is its host and port, and nothing else of the base URL (T9, L8)",
        arguments: [
            ("http://127.0.0.1:1", "127.0.0.1:1"),
            ("https://api.themoviedb.org", "api.themoviedb.org:443"),
            ("http://mirror.example", "mirror.example:80"),
            (
                "http://user:\(sentinelSecret)@127.0.0.1:8080/tmdb?api_key=\(sentinelSecret)#x",
                "127.0.0.1:8080"
            ),
            ("http://[::1]:8080", "[::1]:8080"),
            ("http://\(sentinelSecret).example:81", "(redacted).example:81"),
            (
                "http://" + String(repeating: "a", count: 80) + ".example",
                String(repeating: "a", count: 59) + "…"
            ),
        ])
    func serverNameIsHostAndPort(baseURL: String, name: String) throws {
        let url = try #require(URL(string: baseURL))
        let configuration = Configuration(credential: .apiKey(sentinelSecret), baseURL: url)
        #expect(configuration.serverName == name)
        #expect(!configuration.serverName.lowercased().contains(sentinelSecret.lowercased()))
    }
}
