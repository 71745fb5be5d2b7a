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
    /// compare in O(1) however many there are (MoviePresentation's `rows`).
    public private(set) var version = 0
    /// Whether the list waits for page 1 to replace the movies it shows (T10).
    public private(set) var isStartingOver = false
    /// The IDs of each page's movies, a set per page: appending a page then copies none of
    /// the sets before it, even while an older copy of the list shares them (see `Movies`).
    private var shownIDs: [Set<Int>] = []

    public init() {}

    /// Empties the list to load it again from page 1 (a reload, another query). Emptied rows
    /// are a change, so they never equal the rows the list had before.
    public mutating func removeAll() {
        let nextVersion = movies.isEmpty ? version : version + 1
        self = MovieList()
        version = nextVersion
    }

    /// Loads the list again from page 1 (a reload, another window) while its movies stay in
    /// view: page 1, when it comes, replaces them (T10). An empty list has nothing to keep.
    public mutating func startOver() {
        if movies.isEmpty {
            removeAll()
        } else {
            isStartingOver = true
        }
    }

    /// The page to ask for next, or nil once every page is loaded (T8); page 1 while the list
    /// starts over (T10).
    public var nextPage: Int? {
        if isStartingOver {
            return 1
        }
        return loadedPages < availablePages ? loadedPages + 1 : nil
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
    /// movies already shown are left out, so ranks stay continuous (T7, S5). Page 1 of a list
    /// that starts over takes the place of the movies it showed (T10).
    @discardableResult
    public mutating func append(_ pageMovies: [Movie], page: Int, totalPages: Int) -> Bool {
        if isStartingOver {
            removeAll()
        }
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
    /// and a page is left to ask for (T6, S5). Rows that page 1 is to replace want none (T10).
    public func wantsNextPage(lastVisibleRow: Int) -> Bool {
        !movies.isEmpty && !isStartingOver && !isComplete && lastVisibleRow >= movies.count - 5
    }

    /// The same movies with the same pages loaded, whatever the changes that led there.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.movies == rhs.movies && lhs.loadedPages == rhs.loadedPages
            && lhs.availablePages == rhs.availablePages && lhs.isStartingOver == rhs.isStartingOver
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
