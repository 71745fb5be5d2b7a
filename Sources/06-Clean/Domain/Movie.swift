import MovieDomain

/// A movie as the app thinks of it: what a list shows of it, and no more. Domain types say
/// nothing of where they come from: no JSON keys, no TMDB, no screen.
public struct Movie: ListedMovie, Hashable, Identifiable {
    public let id: Int
    public let title: String
    /// `YYYY-MM-DD`, or `""` when nobody knows it.
    public let releaseDate: String
    /// `0` together with `voteCount == 0` means "no rating", not a rating of zero.
    public let voteAverage: Double
    public let voteCount: Int
    public let isAdult: Bool
    /// The path that names its poster, as `MovieDetail.posterPath` does; nil when it has none.
    public let posterPath: String?

    public init(
        id: Int, title: String, releaseDate: String = "", voteAverage: Double = 0,
        voteCount: Int = 0, isAdult: Bool = false, posterPath: String? = nil
    ) {
        self.id = id
        self.title = title
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.isAdult = isAdult
        self.posterPath = posterPath
    }
}

/// One page of a trending list or of search results, and how many pages there are.
public struct MoviePage: Equatable, Sendable {
    public let movies: [Movie]
    public let totalPages: Int

    public init(movies: [Movie], totalPages: Int) {
        self.movies = movies
        self.totalPages = totalPages
    }
}

/// The span a trending list covers.
public enum TimeWindow: Sendable, Hashable {
    case day
    case week
}
