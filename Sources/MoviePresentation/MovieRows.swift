import MovieDomain

/// What a list looks like on screen: the list and its rules are MovieDomain's, the rows are
/// this module's.
extension MovieList {
    /// The rows as they are now: a snapshot that equals another only when both are the same
    /// version of this list, so that a screen reloads when the rows change and not otherwise.
    public var rows: MovieRows<Movie> { MovieRows(movies, version: version) }

    /// The movie on `row`, ready to show; ranks count from 1 (T2).
    public func row(at row: Int) -> MovieRow {
        MovieRow(rank: row + 1, movie: movies[row])
    }
}

/// The rows of a movie list at one moment, ready to show (T2), for a view model to hand its
/// screen. Two snapshots are equal when they are the same version of one list: comparing them
/// costs the same with 20 rows or 10,000, so a list reloads only when its rows change, and a
/// move, which changes no row, costs no comparison of rows.
public struct MovieRows<Movie: ListedMovie>: RandomAccessCollection, Equatable, Sendable {
    private let movies: MovieList<Movie>.Movies
    /// The list's `version` when the snapshot was taken.
    public let version: Int

    /// No rows.
    public init() {
        self.init(MovieList<Movie>.Movies(), version: 0)
    }

    init(_ movies: MovieList<Movie>.Movies, version: Int) {
        self.movies = movies
        self.version = version
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int { movies.endIndex }

    /// The row on `row`; ranks count from 1.
    public subscript(row: Int) -> MovieRow {
        MovieRow(rank: row + 1, movie: movies[row])
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.version == rhs.version
    }
}

/// One row of a movie list, ready to show (T2).
public struct MovieRow: Equatable, Sendable {
    public let rank: String
    public let title: String
    public let year: String
    public let rating: String

    public init(rank: String, title: String, year: String, rating: String) {
        self.rank = rank
        self.title = title
        self.year = year
        self.rating = rating
    }

    /// The row of `movie` at `rank`: "★ 7.4", "—" and the rest as `MovieFormatter` says.
    public init(rank: Int, movie: some ListedMovie) {
        self.init(
            rank: "\(rank)", title: movie.title, year: MovieFormatter.year(of: movie.releaseDate),
            rating: MovieFormatter.rating(average: movie.voteAverage, count: movie.voteCount))
    }
}

/// The message in place of a list: an error, or an empty first page.
public struct ListMessage: Equatable, Sendable {
    public let text: String
    public let hint: String
    public let isError: Bool

    public init(text: String, hint: String, isError: Bool) {
        self.text = text
        self.hint = hint
        self.isError = isError
    }

    /// A failed first page: what went wrong, and that `r` tries again (T9, S6).
    public static func failure(_ failure: some LoadFailure) -> ListMessage {
        ListMessage(text: failure.message, hint: "r to retry", isError: true)
    }
}
