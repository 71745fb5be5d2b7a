import Foundation
import MovieFormatting
import MovieUI
import TMDB
import TerminalUI

/// The trending list. In MVC the controller does everything: it fetches through the shared
/// client, keeps the state, formats every value and renders it.
final class TrendingViewController: ViewController {
    // MARK: State

    private var timeWindow: TimeWindow
    private let clock: any Clock<Duration>
    private var movies: [Movie] = []
    private var lastLoadedPage = 0
    private var lastAvailablePage = 1
    private var isLoading = false
    private var loadError: TMDBError?
    private var loadTask: Task<Void, Never>?

    // MARK: Views

    private let listView = ListView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView()

    init(timeWindow: TimeWindow, clock: any Clock<Duration>) {
        self.timeWindow = timeWindow
        self.clock = clock
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        listView.dataSource = self
        listView.delegate = self
        view.addSubview(listView)
        view.addSubview(loadingView)
        view.addSubview(messageView)
        // S1: `/` opens a search whose results show over this list.
        let resultsViewController = SearchResultsViewController(clock: clock)
        let searchController = SearchController(searchResultsController: resultsViewController)
        searchController.searchResultsUpdater = resultsViewController
        navigationItem.searchController = searchController
        reload()
    }

    override func handle(_ key: Key) -> Bool {
        switch key {
        case .character("t"):
            timeWindow = timeWindow == .week ? .day : .week
            reload()
        case .character("r"):
            retry()
        default:
            return super.handle(key)
        }
        return true
    }

    // MARK: Loading

    /// Starts over from page 1 (T10); a request still in flight is cancelled and ignored (E1).
    private func reload() {
        loadTask?.cancel()
        movies = []
        lastLoadedPage = 0
        lastAvailablePage = 1
        isLoading = false
        loadError = nil
        listView.reloadData()
        listView.selectRow(0)
        loadNextPage()
    }

    /// `r` retries a failed next page and keeps the list (T9); otherwise it reloads (T10).
    private func retry() {
        if loadError != nil && !movies.isEmpty {
            loadNextPage()
        } else {
            reload()
        }
    }

    /// Requests the page after the last one loaded, unless one is loading or none is left (T6, T8).
    private func loadNextPage() {
        guard !isLoading, lastLoadedPage < lastAvailablePage else { return }
        isLoading = true
        loadError = nil
        let timeWindow = timeWindow
        let page = lastLoadedPage + 1
        loadTask = Task { [weak self] in
            do throws(TMDBError) {
                let moviePage = try await TMDBClient.shared.trendingMovies(
                    timeWindow: timeWindow, page: page)
                guard !Task.isCancelled else { return }
                self?.append(moviePage, page: page)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
        render()
    }

    /// T6: the next page is wanted once the selection is within 4 rows of the last movie
    /// (the last row is `count - 1`, so from row `count - 5` on).
    private func loadNextPageIfNeeded() {
        guard !movies.isEmpty, listView.selectedRow >= movies.count - 5 else { return }
        loadNextPage()
    }

    /// T7: adult titles and movies already shown are left out, so ranks stay continuous.
    /// A page that adds nothing new asks for no more by itself: the user's next move does.
    private func append(_ moviePage: MoviePage, page: Int) {
        var shownIDs = Set(movies.map(\.id))
        let countBefore = movies.count
        for movie in moviePage.results.excludingAdult() where shownIDs.insert(movie.id).inserted {
            movies.append(movie)
        }
        lastLoadedPage = page
        lastAvailablePage = moviePage.lastAvailablePage
        isLoading = false
        render()
        if movies.count > countBefore {
            loadNextPageIfNeeded()
        }
    }

    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        loadError = error
        render()
    }

    // MARK: Rendering

    private func render() {
        navigationItem.title = "Trending movies"
        navigationItem.subtitle =
            "\(MovieFormatter.name(of: timeWindow)) · \(TMDBClient.shared.configuration.dataSourceName)"
        navigationItem.trailing =
            movies.isEmpty ? "" : "\(listView.selectedRow + 1) / \(movies.count)"
        listView.reloadData()
        listView.isHidden = movies.isEmpty
        loadingView.isHidden = !(movies.isEmpty && isLoading)
        messageView.isHidden = !(movies.isEmpty && !isLoading)
        if let loadError {
            messageView.kind = .error
            messageView.message = loadError.message
            messageView.hint = "r to retry"
        } else {
            messageView.kind = .information
            messageView.message = "No trending movies right now."
            messageView.hint = "t switches between today and this week"
        }
        statusLine = currentStatusLine
    }

    private var currentStatusLine: StatusLine {
        if movies.isEmpty {
            return .hint("t today/this week · r reload · ? help · q quit")
        } else if isLoading {
            return .activity("Loading more…")
        } else if let loadError {
            return .error("Couldn't load more: \(loadError.message) r to retry")
        } else if lastLoadedPage >= lastAvailablePage {
            return .note("End of the list · \(MovieFormatter.movieCount(movies.count))")
        } else {
            return .hint("↑↓ move · enter open · / search · t today/this week · ? help · q quit")
        }
    }

    // MARK: Formatting

    private func makeCell(for movie: Movie, rank: Int) -> MovieRowCell {
        MovieRowCell(
            rank: "\(rank)",
            title: movie.title,
            year: MovieFormatter.year(of: movie.releaseDate),
            rating: MovieFormatter.rating(average: movie.voteAverage, count: movie.voteCount))
    }
}

// MARK: - ListViewDataSource, ListViewDelegate

extension TrendingViewController: ListViewDataSource, ListViewDelegate {
    func numberOfRows(in listView: ListView) -> Int {
        movies.count
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        makeCell(for: movies[row], rank: row + 1)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        render()
        loadNextPageIfNeeded()
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        let detailViewController = MovieDetailViewController(movie: movies[row])
        navigationController?.pushViewController(detailViewController, animated: true)
    }
}
