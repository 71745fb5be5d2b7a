/// What a movie list can show: a movie of a trending or search page, told apart by its id.
///
/// TMDB's `Movie` is one; so is any type of a layer that knows nothing of TMDB.
public protocol ListedMovie: Equatable, Sendable {
    var id: Int { get }
    var title: String { get }
    /// `YYYY-MM-DD`, or `""` when nobody knows it.
    var releaseDate: String { get }
    /// `0` together with `voteCount == 0` means "no rating", not a rating of zero.
    var voteAverage: Double { get }
    var voteCount: Int { get }
    var isAdult: Bool { get }
    /// The path that names its poster ("/abc.jpg"); nil when it has none.
    var posterPath: String? { get }
}

/// A list that grows a page at a time, as trending and search do: the movies shown and the
/// pages behind them. The paging rules live here once; who owns the list, and when it asks
/// for a page, is each step's decision.
///
/// A value, so that a copy is a snapshot: two lists are equal when they show the same movies
/// with the same pages loaded.
public struct MovieList<Movie: ListedMovie>: Equatable, Sendable {
    /// TMDB serves pages 1…500 whatever its `total_pages` claims; page 501 is an error (T8).
    public static var maximumPage: Int { 500 }

    /// The movies shown, in the order their pages gave them (T7).
    public private(set) var movies = Movies()
    /// The last page appended; 0 before the first.
    public private(set) var loadedPages = 0
    /// The last page worth asking for: the total the last page gave, never beyond 500 (T8).
    public private(set) var availablePages = 1
    /// Counts the changes to `movies`, `removeAll()` included, so that the rows of one list
    /// compare in O(1) however many there are (`rows`).
    public private(set) var version = 0
    /// The IDs of each page's movies, a set per page: appending a page then copies none of
    /// the sets before it, even while an older copy of the list shares them (see `Movies`).
    private var shownIDs: [Set<Int>] = []

    public init() {}

    /// The rows as they are now: a snapshot that equals another only when both are the same
    /// version of this list, so that a screen reloads when the rows change and not otherwise.
    public var rows: MovieRows<Movie> { MovieRows(movies, version: version) }

    /// Empties the list to load it again from page 1 (a reload, another query). Emptied rows
    /// are a change, so they never equal the rows the list had before.
    public mutating func removeAll() {
        let nextVersion = movies.isEmpty ? version : version + 1
        self = MovieList()
        version = nextVersion
    }

    /// The page to ask for next, or nil once every page is loaded (T8).
    public var nextPage: Int? {
        loadedPages < availablePages ? loadedPages + 1 : nil
    }

    /// Whether every page is loaded: the list is complete (T8).
    public var isComplete: Bool { nextPage == nil }

    public var isEmpty: Bool { movies.isEmpty }

    /// The rows below the selection whose posters a preview pane fetches ahead (P7).
    public static var rowsAhead: Int { 2 }

    /// The posters a preview pane shows now and next (P7): that of the movie on `row` and
    /// those of the `rowsAhead` rows below it, in order, rows without a poster left out.
    public func posterPaths(from row: Int) -> [String] {
        guard movies.indices.contains(row) else { return [] }
        return movies[row...].prefix(Self.rowsAhead + 1).compactMap(\.posterPath)
    }

    public var count: Int { movies.count }

    /// Adds `page` of `totalPages` and says whether it added a movie. Adult titles and
    /// movies already shown are left out, so ranks stay continuous (T7, S5).
    @discardableResult
    public mutating func append(_ pageMovies: [Movie], page: Int, totalPages: Int) -> Bool {
        let countBefore = movies.count
        var newMovies: [Movie] = []
        // A page's worth, not the 32 that appending one at a time would grow to.
        newMovies.reserveCapacity(pageMovies.count)
        var newIDs: Set<Int> = []
        for movie in pageMovies
        where !movie.isAdult && !shownIDs.contains(where: { $0.contains(movie.id) })
            && newIDs.insert(movie.id).inserted
        {
            newMovies.append(movie)
        }
        movies.append(newMovies)
        if !newIDs.isEmpty {
            shownIDs.append(newIDs)
        }
        loadedPages = page
        availablePages = min(totalPages, Self.maximumPage)
        guard movies.count > countBefore else { return false }
        version += 1
        return true
    }

    /// Whether the next page is wanted with `lastVisibleRow` on screen: once it is within
    /// 4 rows of the last movie (the last row is `count - 1`, so from row `count - 5` on),
    /// and a page is left to ask for (T6, S5).
    public func wantsNextPage(lastVisibleRow: Int) -> Bool {
        !movies.isEmpty && !isComplete && lastVisibleRow >= movies.count - 5
    }

    /// The movie on `row`, ready to show; ranks count from 1 (T2).
    public func row(at row: Int) -> MovieRow {
        MovieRow(rank: row + 1, movie: movies[row])
    }

    /// The same movies with the same pages loaded, whatever the changes that led there.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.movies == rhs.movies && lhs.loadedPages == rhs.loadedPages
            && lhs.availablePages == rhs.availablePages
    }
}

extension MovieList {
    /// The movies of a list, kept page by page. Appending a page copies no movie, even while
    /// an older copy of the list still shares the pages before it, as the states of a
    /// reactive step do: with 10,000 movies loaded, the next page costs its own 20 movies,
    /// not a copy of the 10,000. A movie is still found by its row, as in an array.
    public struct Movies: RandomAccessCollection, Equatable, Sendable {
        private var pages: [[Movie]] = []
        /// The row of each page's first movie, for finding a row's page.
        private var pageStarts: [Int] = []
        public private(set) var endIndex = 0

        public init() {}

        public var startIndex: Int { 0 }

        public subscript(row: Int) -> Movie {
            precondition(indices.contains(row), "row \(row) is outside 0..<\(endIndex)")
            // The last page that starts at or before `row`.
            var low = 0
            var high = pageStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if pageStarts[middle] <= row {
                    low = middle
                } else {
                    high = middle - 1
                }
            }
            return pages[low][row - pageStarts[low]]
        }

        /// Adds the movies of one page after the others.
        mutating func append(_ pageMovies: [Movie]) {
            guard !pageMovies.isEmpty else { return }
            pageStarts.append(endIndex)
            pages.append(pageMovies)
            endIndex += pageMovies.count
        }

        /// The same movies in the same order, however they were split into pages.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.endIndex == rhs.endIndex && (lhs.pages == rhs.pages || lhs.elementsEqual(rhs))
        }
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

/// A failure a list can show: what went wrong, in one sentence for the user.
public protocol LoadFailure: Error {
    var message: String { get }
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
