import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The bundled sample data (Bundle.module resources under SampleData/), answered like TMDB would.
///
/// Files mirror the API: `SampleData/<language>/3/trending/movie/week/page-1.json`,
/// `SampleData/<language>/3/movie/550.json` (detail with credits appended) and
/// `SampleData/<language>/3/movie/550/videos.json`. Only the file a request needs is read.
///
/// Posters (P9): a request for `<size>/<poster_path>` under any image base, for a `poster_path`
/// some sample file names, gets one of the six small posters in `SampleData/posters/`, always
/// the same one for the same path; any other image path gets 404.
///
/// Language fallback: a language is answered from a bundled one of the same language in any
/// region ("ko" from `ko-KR`). A language without its own file falls back to `en-US` for
/// detail and videos. For trending, a language that has trending files of its own never falls
/// back (a missing page there is the end of its list); a language with none for that window
/// gets `en-US`'s pages, so `--language fr` offline still shows a list instead of an error.
public enum SampleData {
    /// The `SampleData` folder inside the module's resources; `nil` only if the bundle is broken.
    public static let directoryURL: URL? = Bundle.module.url(
        forResource: "SampleData", withExtension: nil)

    static let fallbackLanguage = "en-US"

    /// The languages with files of their own.
    static let bundledLanguages = ["en-US", "ko-KR"]

    /// The bundled language to answer `language` in: itself, or one of the same language in
    /// another region ("ko" and "ko-US" get "ko-KR"), as TMDB answers "ko" in Korean. Any
    /// other language is kept, to fall back as the type's documentation says.
    static func bundledLanguage(for language: String) -> String {
        if bundledLanguages.contains(language) { return language }
        let base = language.split(separator: "-").first.map(String.init) ?? language
        return bundledLanguages.first { $0.hasPrefix(base + "-") } ?? language
    }

    /// Status and JSON body TMDB would answer for this request path + query; 404 code 34 when
    /// absent, 400 code 22 for a page outside 1…500.
    public static func response(for url: URL) -> (statusCode: Int, body: Data) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return notFound
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            query[item.name] = item.value ?? ""
        }
        // Only plain names reach the file system: no "..", no slashes smuggled in (the
        // language comes from the environment, the path from whoever builds the URL).
        let segments = components.path.split(separator: "/").map(String.init)
        guard !segments.isEmpty, segments.allSatisfy(isPlainName) else { return notFound }
        if isPosterPath(segments) {
            return posterResponse(posterPath: "/" + segments[segments.count - 1])
        }
        var language = bundledLanguage(for: query["language"] ?? fallbackLanguage)
        if !isPlainName(language) { language = fallbackLanguage }

        if segments == ["3", "search", "movie"] {
            return searchResponse(query: query, language: language)
        }
        var relativePath = segments.joined(separator: "/")
        let isPaged = segments.count >= 2 && segments[1] == "trending"
        if isPaged {
            let pageText = query["page"] ?? "1"
            guard let page = Int(pageText), (1...MoviePage.maximumPage).contains(page) else {
                return invalidPage
            }
            relativePath += "/page-\(page)"
        }
        relativePath += ".json"

        let languages: [String]
        if language == fallbackLanguage {
            languages = [language]
        } else if isPaged {
            let ownFirstPage = (segments + ["page-1.json"]).joined(separator: "/")
            languages =
                fileExists(language: language, relativePath: ownFirstPage)
                ? [language] : [fallbackLanguage]
        } else {
            languages = [language, fallbackLanguage]
        }
        for candidate in languages {
            if let body = read(language: candidate, relativePath: relativePath) {
                return (200, body)
            }
        }
        return notFound
    }

    /// A session whose `URLProtocol` serves `response(for:)`, each answer after `latency`
    /// (cancelling the request cancels the wait). The real client code runs on top of it.
    ///
    /// A `TMDBClient` in sample mode also stamps its own `sampleLatency` on each request, which
    /// wins. Requests sent through this session by other code get `latency` where the platform
    /// shows session headers to protocols (not Linux); elsewhere they get the latency of the
    /// most recent `makeSession(latency:)` call, which in the app is the only one.
    public static func makeSession(latency: Duration) -> URLSession {
        SampleDataURLProtocol.rememberLatency(latency)
        return makeSession(sessionLatency: latency)
    }

    /// The session without touching the process-wide fallback latency (used by the client).
    static func makeSession(sessionLatency latency: Duration) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [SampleDataURLProtocol.self]
        configuration.timeoutIntervalForRequest = Endpoint.requestTimeout
        configuration.httpAdditionalHeaders = [
            SampleDataURLProtocol.latencyHeader: SampleDataURLProtocol.headerValue(for: latency)
        ]
        return URLSession(configuration: configuration)
    }

    // MARK: - Posters

    /// The bundled posters, drawn for this project: `posters/poster-1.jpg` … `poster-6.jpg`.
    static let posterCount = 6

    /// Whether `url` asks for a poster (`…/w185/abc.jpg`) rather than an API path.
    public static func isPosterRequest(_ url: URL) -> Bool {
        isPosterPath(url.path.split(separator: "/").map(String.init))
    }

    /// `…/<size>/<name>.jpg`, the size TMDB's own ("w185", "original").
    private static func isPosterPath(_ segments: [String]) -> Bool {
        guard segments.count >= 2, let name = segments.last, name.hasSuffix(".jpg") else {
            return false
        }
        let size = segments[segments.count - 2]
        return size == "original"
            || (size.hasPrefix("w") && size.count > 1 && size.dropFirst().allSatisfy(\.isNumber))
    }

    /// The poster bundled for `posterPath` ("/abc.jpg"), 404 for a path no sample movie has.
    static func posterResponse(posterPath: String) -> (statusCode: Int, body: Data) {
        guard samplePosterPaths.contains(posterPath), let directoryURL else { return notFound }
        let file = directoryURL.appendingPathComponent("posters")
            .appendingPathComponent("poster-\(posterNumber(for: posterPath)).jpg")
        guard let body = try? Data(contentsOf: file) else { return notFound }
        return (200, body)
    }

    /// 1…6, the same for the same path on every run and platform (FNV-1a of its bytes).
    static func posterNumber(for posterPath: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in posterPath.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash % UInt32(posterCount)) + 1
    }

    /// Every `poster_path` the sample files name, read once on the first poster request.
    static let samplePosterPaths: Set<String> = {
        guard let directoryURL,
            let files = FileManager.default.enumerator(
                at: directoryURL, includingPropertiesForKeys: nil)
        else { return [] }
        var paths = Set<String>()
        for case let file as URL in files where file.pathExtension == "json" {
            guard let data = try? Data(contentsOf: file) else { continue }
            paths.formUnion(posterPaths(in: String(decoding: data, as: UTF8.self)))
        }
        return paths
    }()

    /// The string values of every `"poster_path"` key in a JSON text (null ones left out).
    static func posterPaths(in json: String) -> [String] {
        json.components(separatedBy: "\"poster_path\"").dropFirst().compactMap { rest in
            let value = rest.drop { $0 == " " || $0 == ":" || $0 == "\n" || $0 == "\t" }
            guard value.first == "\"" else { return nil }
            let path = value.dropFirst().prefix { $0 != "\"" }
            return path.isEmpty ? nil : String(path)
        }
    }

    // MARK: - Search

    /// S9: every bundled movie of the language whose title or original title contains the
    /// query, ignoring case and accents, in trending order (this week's pages, then today's),
    /// without adult titles, 20 a page.
    static func searchResponse(
        query: [String: String], language: String
    ) -> (statusCode: Int, body: Data) {
        guard let page = Int(query["page"] ?? "1"), (1...MoviePage.maximumPage).contains(page)
        else { return invalidPage }
        let text = (query["query"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let matches =
            text.isEmpty
            ? []
            : bundledMovies(language: language).filter { movie in
                [movie["title"], movie["original_title"]].contains { title in
                    (title as? String).map { contains($0, text) } ?? false
                }
            }
        let pageSize = 20
        let start = (page - 1) * pageSize
        let results =
            start < matches.count
            ? Array(matches[start..<min(start + pageSize, matches.count)]) : []
        let envelope: [String: Any] = [
            "page": page, "results": results,
            "total_pages": max((matches.count + pageSize - 1) / pageSize, 1),
            "total_results": matches.count,
        ]
        guard
            let body = try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys])
        else { return notFound }
        return (200, body)
    }

    /// True when `title` contains `text`, ignoring case and accents, the same in every locale.
    private static func contains(_ title: String, _ text: String) -> Bool {
        title.range(of: text, options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            != nil
    }

    /// The language's trending rows, each once, adult titles left out; `en-US`'s for a
    /// language with no trending files of its own.
    private static func bundledMovies(language: String) -> [[String: Any]] {
        // Read once per language: every search request would otherwise parse every page again.
        if let movies = bundledMoviesByLanguage.withLock({ $0[language] }) {
            return movies
        }
        let movies = readBundledMovies(language: language)
        bundledMoviesByLanguage.withLock { $0[language] = movies }
        return movies
    }

    /// The rows `bundledMovies` read, by language; never changed once stored.
    private static let bundledMoviesByLanguage = Locked([String: [[String: Any]]]())

    private static func readBundledMovies(language: String) -> [[String: Any]] {
        let timeWindows = ["week", "day"]
        let hasOwnFiles = timeWindows.contains { timeWindow in
            fileExists(
                language: language, relativePath: "3/trending/movie/\(timeWindow)/page-1.json")
        }
        let source = hasOwnFiles ? language : fallbackLanguage
        var seen = Set<Int>()
        var movies: [[String: Any]] = []
        for timeWindow in timeWindows {
            var page = 1
            while let data = read(
                language: source, relativePath: "3/trending/movie/\(timeWindow)/page-\(page).json"),
                let envelope = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let results = envelope["results"] as? [[String: Any]]
            {
                for movie in results {
                    guard let id = movie["id"] as? Int, movie["adult"] as? Bool != true,
                        seen.insert(id).inserted
                    else { continue }
                    var row = movie
                    row.removeValue(forKey: "media_type")
                    movies.append(row)
                }
                page += 1
            }
        }
        return movies
    }

    // MARK: - Files

    private static func isPlainName(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text != "." && text != ".."
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar)
                        || "-_.".unicodeScalars
                            .contains(scalar))
            }
    }

    private static func fileURL(language: String, relativePath: String) -> URL? {
        directoryURL?.appendingPathComponent(language).appendingPathComponent(relativePath)
    }

    private static func fileExists(language: String, relativePath: String) -> Bool {
        guard let url = fileURL(language: language, relativePath: relativePath) else {
            return false
        }
        return FileManager.default.fileExists(atPath: url.path)
    }

    private static func read(language: String, relativePath: String) -> Data? {
        guard let url = fileURL(language: language, relativePath: relativePath) else {
            return nil
        }
        return try? Data(contentsOf: url)
    }

    // MARK: - TMDB's error bodies

    static let notFound = (
        statusCode: 404,
        body: errorBody(code: 34, message: "The resource you requested could not be found.")
    )

    static let invalidPage = (
        statusCode: 400,
        body: errorBody(
            code: 22,
            message:
                "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer."
        )
    )

    /// `{"success":false,"status_code":N,"status_message":"…"}`, as TMDB writes it.
    package static func errorBody(code: Int, message: String) -> Data {
        let object: [String: Any] = [
            "success": false, "status_code": code, "status_message": message,
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            ?? Data()
    }
}
