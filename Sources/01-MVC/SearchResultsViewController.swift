import Foundation
import MovieFormatting
import MovieUI
import TMDB
import TerminalUI

/// The search results, shown over the trending list by its search controller. In MVC the
/// controller does everything: it waits for the typing to pause, sends the query through the
/// shared client, keeps the pages, formats every value and renders it.
final class SearchResultsViewController: ViewController, SearchResultsUpdating {
    // MARK: State

    private let clock: any Clock<Duration>
    /// The query last sent; its results are the ones shown (S2, S4).
    private var query = ""
    private var movies: [Movie] = []
    private var lastLoadedPage = 0
    private var lastAvailablePage = 1
    private var isLoading = false
    /// True while the typing has not paused long enough to send what it typed (S2).
    private var isWaitingForTyping = false
    private var loadError: TMDBError?
    private var typingTask: Task<Void, Never>?
    private var loadTask: Task<Void, Never>?

    // MARK: Views

    private let listView = ListView()
    private let loadingView = ActivityIndicatorView(text: "Searching…")
    private let messageView = MessageView()

    init(clock: any Clock<Duration>) {
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
        render()
    }

    override func handle(_ key: Key) -> Bool {
        guard key == .character("r"), !query.isEmpty else {
            return super.handle(key)
        }
        retry()
        return true
    }

    // MARK: Searching

    /// Every edit: wait until the typing pauses for 300 ms, then send the query (S2).
    func updateSearchResults(for searchController: SearchController) {
        typingTask?.cancel()
        let text = SearchQuery.trimmed(searchController.searchBar.text)
        guard !text.isEmpty else {
            // S2: an empty query shows the trending list again and sends nothing.
            isWaitingForTyping = false
            render()
            return
        }
        isWaitingForTyping = true
        typingTask = Task { [weak self, clock] in
            do {
                try await clock.sleep(for: .milliseconds(300))
            } catch {
                return
            }
            // An edit that came after the wait ended, but before this ran, cancelled it too.
            guard !Task.isCancelled else { return }
            self?.search(text)
        }
        render()
    }

    /// Sends `text`, unless the user is still composing a syllable (S3) or it was the query
    /// last sent (S2).
    private func search(_ text: String) {
        isWaitingForTyping = false
        guard !SearchQuery.isComposing(text), text != query else {
            render()
            return
        }
        query = text
        // S4: a newer query stops waiting for the older one, whose answer is ignored.
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

    /// `r` retries a failed next page and keeps the results; otherwise it searches again (S6).
    private func retry() {
        if loadError != nil && !movies.isEmpty {
            loadNextPage()
        } else {
            let text = query
            query = ""
            search(text)
        }
    }

    /// Requests the page after the last one loaded, unless one is loading or none is left (S5).
    private func loadNextPage() {
        guard !isLoading, lastLoadedPage < lastAvailablePage else { return }
        isLoading = true
        loadError = nil
        let query = query
        let page = lastLoadedPage + 1
        loadTask = Task { [weak self] in
            do throws(TMDBError) {
                let moviePage = try await TMDBClient.shared.searchMovies(query: query, page: page)
                guard !Task.isCancelled else { return }
                self?.append(moviePage, page: page)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
        render()
    }

    /// S5: the next page is wanted once the selection is within 4 rows of the last movie.
    private func loadNextPageIfNeeded() {
        guard !movies.isEmpty, listView.selectedRow >= movies.count - 5 else { return }
        loadNextPage()
    }

    /// S5: adult titles and movies already shown are left out, so ranks stay continuous.
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
        navigationItem.title = "Search"
        navigationItem.subtitle = query.isEmpty ? "" : "“\(query)”"
        navigationItem.trailing =
            movies.isEmpty ? "" : "\(listView.selectedRow + 1) / \(movies.count)"
        listView.reloadData()
        listView.isHidden = movies.isEmpty
        let isBusy = isWaitingForTyping || isLoading
        loadingView.isHidden = !(movies.isEmpty && isBusy)
        messageView.isHidden = !(movies.isEmpty && !isBusy && !query.isEmpty)
        if let loadError {
            messageView.kind = .error
            messageView.message = loadError.message
            messageView.hint = "r to retry"
        } else {
            messageView.kind = .information
            messageView.message = "No movies match “\(query)”."
            messageView.hint = "/ edits the search · esc closes it"
        }
        statusLine = currentStatusLine
    }

    private var currentStatusLine: StatusLine {
        if isWaitingForTyping || (isLoading && movies.isEmpty) {
            return .activity("Searching…")
        } else if movies.isEmpty {
            return .hint("/ edit · esc close · ? help · q quit")
        } else if isLoading {
            return .activity("Loading more…")
        } else if let loadError {
            return .error("Couldn't load more: \(loadError.message) r to retry")
        } else if lastLoadedPage >= lastAvailablePage {
            return .note("End of the results · \(MovieFormatter.movieCount(movies.count))")
        } else {
            return .hint("↑↓ move · enter open · / edit · esc close · ? help · q quit")
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

extension SearchResultsViewController: ListViewDataSource, ListViewDelegate {
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
