/// TMDB's paged envelope for trending and search.
public struct MoviePage: Decodable, Sendable, Equatable {
    /// TMDB serves pages 1…500 whatever `total_pages` claims; page 501 is a 400 (code 22).
    public static let maximumPage = 500

    public var page: Int
    public var results: [Movie]
    public var totalPages: Int
    public var totalResults: Int

    public init(page: Int, results: [Movie], totalPages: Int, totalResults: Int) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
    }

    enum CodingKeys: String, CodingKey {
        case page
        case results
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }
}
