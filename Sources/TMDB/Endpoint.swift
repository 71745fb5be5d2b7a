import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A router: one case per TMDB call, turned into a `URLRequest` in one place.
///
/// Screens name what they want (`.movieDetail(id: 550)`); only this type knows paths,
/// query items and how the credential travels.
public enum Endpoint: Sendable, Hashable {
    /// `GET /3/trending/movie/{timeWindow}?page=N`
    case trendingMovies(timeWindow: TimeWindow, page: Int)
    /// `GET /3/movie/{id}?append_to_response=credits`; the cast rides along in one request.
    case movieDetail(id: Int)
    /// `GET /3/movie/{id}/videos`
    case movieVideos(id: Int)
    /// `GET /3/search/movie?query=&page=&include_adult=false`
    case searchMovies(query: String, page: Int)
    /// `GET /3/genre/movie/list`
    case movieGenres

    /// Requests are given up after this long unless `TMDB_TIMEOUT` says otherwise; TMDB
    /// normally answers in well under a second.
    public static let requestTimeout: TimeInterval = 15

    /// The path below the base URL, starting with the API version, e.g. "/3/movie/550".
    public var path: String {
        switch self {
        case .trendingMovies(let timeWindow, _): "/3/trending/movie/\(timeWindow.rawValue)"
        case .movieDetail(let id): "/3/movie/\(id)"
        case .movieVideos(let id): "/3/movie/\(id)/videos"
        case .searchMovies: "/3/search/movie"
        case .movieGenres: "/3/genre/movie/list"
        }
    }

    /// The endpoint's own query items, before language and credential are added.
    public var queryItems: [URLQueryItem] {
        switch self {
        case .trendingMovies(_, let page):
            [URLQueryItem(name: "page", value: String(page))]
        case .movieDetail:
            [URLQueryItem(name: "append_to_response", value: "credits")]
        case .movieVideos, .movieGenres:
            []
        case .searchMovies(let query, let page):
            [
                URLQueryItem(name: "query", value: query),
                URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "include_adult", value: "false"),
            ]
        }
    }

    /// A GET request for this endpoint: base URL + path, the endpoint's query, `language`, and
    /// the credential (a Bearer header for a token, `api_key` for a key), timing out after the
    /// configuration's request timeout (15 s unless set).
    public func makeRequest(configuration: Configuration) -> URLRequest {
        var items = queryItems
        items.append(URLQueryItem(name: "language", value: configuration.language))
        var headers = ["Accept": "application/json"]
        switch configuration.credential {
        case .accessToken(let token):
            headers["Authorization"] = "Bearer \(token)"
        case .apiKey(let key):
            items.append(URLQueryItem(name: "api_key", value: key))
        case nil:
            break
        }

        var request = URLRequest(
            url: url(baseURL: configuration.baseURL, queryItems: items),
            timeoutInterval: configuration.requestTimeout)
        request.httpMethod = "GET"
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// Appends the path to whatever path the base URL has (a mirror may live under a prefix)
    /// and encodes the query strictly, so that a `+` or `&` in a search stays what it is.
    private func url(baseURL: URL, queryItems: [URLQueryItem]) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            return baseURL
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") {
            basePath.removeLast()
        }
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery = queryItems.map { item in
            "\(Self.encode(item.name))=\(Self.encode(item.value ?? ""))"
        }.joined(separator: "&")
        components.fragment = nil
        return components.url ?? baseURL
    }

    private static let unreservedCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreservedCharacters) ?? ""
    }
}
