import Foundation
import TMDB
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// L3: every endpoint's request, in both credential modes, with base URL and language.
@Suite struct EndpointTests {
    static let endpoints: [Endpoint] = [
        .trendingMovies(timeWindow: .week, page: 3),
        .trendingMovies(timeWindow: .day, page: 1),
        .movieDetail(id: 550),
        .movieVideos(id: 550),
        .searchMovies(query: "fight club", page: 2),
        .movieGenres,
    ]

    private func query(_ request: URLRequest) -> [String: String] {
        guard let url = request.url,
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        else { return [:] }
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }

    @Test func pathsMirrorTheAPI() {
        #expect(
            Endpoint.trendingMovies(timeWindow: .week, page: 1).path == "/3/trending/movie/week")
        #expect(Endpoint.trendingMovies(timeWindow: .day, page: 1).path == "/3/trending/movie/day")
        #expect(Endpoint.movieDetail(id: 550).path == "/3/movie/550")
        #expect(Endpoint.movieVideos(id: 550).path == "/3/movie/550/videos")
        #expect(Endpoint.searchMovies(query: "x", page: 1).path == "/3/search/movie")
        #expect(Endpoint.movieGenres.path == "/3/genre/movie/list")
    }

    @Test(arguments: endpoints)
    func accessTokenTravelsAsBearerHeader(_ endpoint: Endpoint) {
        let configuration = Configuration(credential: .accessToken("tok"))
        let request = endpoint.makeRequest(configuration: configuration)
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer tok")
        #expect(query(request)["api_key"] == nil)
        #expect(query(request)["language"] == "en-US")
        #expect(request.timeoutInterval == 15)
        #expect(request.url?.host == "api.themoviedb.org")
        #expect(request.url?.scheme == "https")
        #expect(request.url?.path == endpoint.path)
    }

    @Test(arguments: endpoints)
    func apiKeyTravelsAsQueryItem(_ endpoint: Endpoint) {
        let configuration = Configuration(credential: .apiKey("key"), language: "ko-KR")
        let request = endpoint.makeRequest(configuration: configuration)
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(query(request)["api_key"] == "key")
        #expect(query(request)["language"] == "ko-KR")
        #expect(request.timeoutInterval == 15)
    }

    @Test(arguments: endpoints)
    func noCredentialSendsNeither(_ endpoint: Endpoint) {
        let request = endpoint.makeRequest(configuration: Configuration())
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(query(request)["api_key"] == nil)
    }

    @Test func endpointQueryItems() {
        let configuration = Configuration()
        let trending = query(
            Endpoint.trendingMovies(timeWindow: .week, page: 3).makeRequest(
                configuration: configuration))
        #expect(trending["page"] == "3")
        let detail = query(Endpoint.movieDetail(id: 550).makeRequest(configuration: configuration))
        #expect(detail["append_to_response"] == "credits")
        let search = query(
            Endpoint.searchMovies(query: "a+b & c", page: 2).makeRequest(
                configuration: configuration))
        #expect(
            search == [
                "query": "a+b & c", "page": "2", "include_adult": "false", "language": "en-US",
            ])
    }

    @Test func plusAndAmpersandInASearchAreEncoded() {
        let request = Endpoint.searchMovies(query: "a+b&c", page: 1)
            .makeRequest(configuration: Configuration())
        let text = request.url?.absoluteString ?? ""
        #expect(text.contains("query=a%2Bb%26c"))
    }

    /// L3: TMDB_BASE_URL replaces the host, and a mirror's path prefix is kept.
    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/3/movie/550"),
        ("http://mirror.test/tmdb/", "http://mirror.test/tmdb/3/movie/550"),
        ("https://mirror.test/tmdb", "https://mirror.test/tmdb/3/movie/550"),
    ])
    func baseURLIsReplaced(base: String, expected: String) throws {
        let baseURL = try #require(URL(string: base))
        let request = Endpoint.movieDetail(id: 550)
            .makeRequest(configuration: Configuration(baseURL: baseURL))
        let url = try #require(request.url)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        var withoutQuery = components
        withoutQuery.query = nil
        #expect(withoutQuery.string == expected)
    }
}
