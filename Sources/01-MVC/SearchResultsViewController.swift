import Foundation
import ImagePipeline
import ImagePipelineUI
import MovieDomain
import MoviePresentation
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
    /// The model: the movies shown and the pages behind them (S5).
    private var movieList = MovieList<Movie>()
    private var isLoading = false
    /// The seconds left while TMDB's rate limit is waited out (E6).
    private var retryCountdown: Int?
    /// True while the typing has not paused long enough to send what it typed (S2).
    private var isWaitingForTyping = false
    private var loadError: TMDBError?
    private var typingTask: Task<Void, Never>?
    private var loadTask: Task<Void, Never>?
    /// The poster the preview pane is for, and the poster once it has come (P2).
    private var previewPosterPath: String?
    private var previewPoster: LoadedImage?
    private var isLoadingPreviewPoster = false
    private var previewPosterTask: Task<Void, Never>?
    /// P7: the selected row's poster and the next two rows', fetched ahead while the pane shows.
    private let posterPrefetcher = PosterPrefetcher(imageLoader: ImagePipeline.shared)

    // MARK: Views

    private let listView = ListView()
    private let posterView = PosterView()
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
        view.addSubview(PreviewPaneLayoutView(listView: listView, posterView: posterView))
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
            forgetResults()
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
        movieList = MovieList()
        isLoading = false
        retryCountdown = nil
        loadError = nil
        listView.reloadData()
        listView.selectRow(0)
        updatePreviewPoster()
        loadNextPage()
    }

    /// S10: a closed or cleared search forgets its results, so the next one never shows them.
    private func forgetResults() {
        query = ""
        loadTask?.cancel()
        movieList = MovieList()
        isLoading = false
        retryCountdown = nil
        loadError = nil
        updatePreviewPoster()
    }

    /// `r` retries a failed next page and keeps the results; otherwise it searches again (S6).
    private func retry() {
        if loadError != nil && !movieList.isEmpty {
            loadNextPage()
        } else {
            let text = query
            query = ""
            search(text)
        }
    }

    /// Requests the page after the last one loaded, unless one is loading or none is left (S5).
    private func loadNextPage() {
        guard !isLoading, let page = movieList.nextPage else { return }
        isLoading = true
        loadError = nil
        let query = query
        loadTask = Task { [weak self] in
            do throws(TMDBError) {
                let moviePage = try await TMDBClient.shared.searchMovies(
                    query: query, page: page
                ) { @MainActor [weak self] secondsLeft in
                    guard !Task.isCancelled else { return }
                    self?.showRetryCountdown(secondsLeft)
                }
                guard !Task.isCancelled else { return }
                self?.append(moviePage, page: page)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
        render()
    }

    /// S5: the next page is wanted once `row`, the selection or a row coming on screen,
    /// nears the end of the results; so a first page too short for the screen is followed.
    private func loadNextPageIfNeeded(showing row: Int) {
        guard movieList.wantsNextPage(lastVisibleRow: row) else { return }
        loadNextPage()
    }

    /// S5: the list leaves out adult titles and movies already shown. A page that adds
    /// nothing new asks for no more by itself: the user's next move does.
    private func append(_ moviePage: MoviePage, page: Int) {
        let addedMovies = movieList.append(
            moviePage.results, page: page, totalPages: moviePage.totalPages)
        isLoading = false
        retryCountdown = nil
        updatePreviewPoster()
        render()
        if addedMovies {
            loadNextPageIfNeeded(showing: listView.selectedRow)
        }
    }

    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        retryCountdown = nil
        loadError = error
        render()
    }

    /// E6: while TMDB's rate limit is waited out, the screen counts down; 0 is the retry.
    private func showRetryCountdown(_ secondsLeft: Int) {
        retryCountdown = secondsLeft > 0 ? secondsLeft : nil
        render()
    }

    // MARK: Preview pane

    /// The movie the selection is on, if the list has any.
    private var selectedMovie: Movie? {
        let row = listView.selectedRow
        return movieList.movies.indices.contains(row) ? movieList.movies[row] : nil
    }

    /// P2: the pane shows beside a list with movies in it, on a screen regular across.
    private var showsPreview: Bool {
        traitCollection.horizontalSizeClass == .regular && selectedMovie != nil
    }

    /// P2: the pane shows on a screen regular across.
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updatePreviewPoster()
        render()
    }

    /// P2: the selected movie's poster, from the one shared loader. The controller keeps the
    /// task, to cancel it by hand when the selection moves on (P7).
    private func updatePreviewPoster() {
        posterPrefetcher.update(
            showsPreview ? movieList.posterPaths(from: listView.selectedRow) : [])
        let posterPath = showsPreview ? selectedMovie?.posterPath : nil
        guard posterPath != previewPosterPath else { return }
        previewPosterTask?.cancel()
        previewPosterPath = posterPath
        previewPoster = nil
        isLoadingPreviewPoster = false
        guard let posterPath else { return }
        let request = ImageRequest.poster(at: posterPath)
        // P6: a poster already in memory shows at once, without a frame of placeholder.
        if let cached = ImagePipeline.shared.cachedImage(for: request) {
            previewPoster = cached
            return
        }
        isLoadingPreviewPoster = true
        let loader = ImagePipeline.shared
        previewPosterTask = Task { [weak self] in
            let loaded = try? await loader.image(for: request)
            // Two checks on arrival, as a reused cell needs: a cancelled task's answer is
            // dropped, and so is an answer for a movie that is no longer the selected one,
            // however the selection left it, cancelled or not.
            guard !Task.isCancelled, let self, self.selectedMovie?.posterPath == posterPath
            else { return }
            self.showPreviewPoster(loaded)
        }
    }

    private func showPreviewPoster(_ loaded: LoadedImage?) {
        previewPoster = loaded
        isLoadingPreviewPoster = false
        render()
    }

    // MARK: Rendering

    private func render() {
        navigationItem.title = "Search"
        navigationItem.subtitle = query.isEmpty ? "" : "“\(query)”"
        navigationItem.trailing =
            movieList.isEmpty ? "" : "\(listView.selectedRow + 1) / \(movieList.count)"
        listView.reloadData()
        listView.isHidden = movieList.isEmpty
        posterView.isHidden = !showsPreview
        posterView.setPoster(previewPoster)
        posterView.isLoading = isLoadingPreviewPoster
        let isBusy = isWaitingForTyping || isLoading
        loadingView.isHidden = !(movieList.isEmpty && isBusy)
        loadingView.text = retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Searching…"
        messageView.isHidden = !(movieList.isEmpty && !isBusy && !query.isEmpty)
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
        // S6: `r` types into the search bar, so while it has the keys the hint says the way.
        searchBarHint =
            loadError == nil ? nil : .hint("type to search · ↓ then r to retry · esc close")
    }

    private var currentStatusLine: StatusLine {
        let hints = "↑↓ move · enter open · / edit · esc close · ? help · q quit"
        if isWaitingForTyping || (isLoading && movieList.isEmpty) {
            return .activity(retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Searching…")
        } else if movieList.isEmpty {
            return .hint("/ edit · esc close · ? help · q quit")
        } else if isLoading {
            return .activity(retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Loading more…")
        } else if let loadError {
            return .error("Couldn't load more: \(loadError.message) r to retry")
        } else if movieList.isComplete {
            return .note("\(MovieFormatter.allMovies(movieList.count)) · \(hints)")
        } else {
            return .hint(hints)
        }
    }
}

// MARK: - ListViewDataSource, ListViewDelegate

extension SearchResultsViewController: ListViewDataSource, ListViewDelegate {
    func numberOfRows(in listView: ListView) -> Int {
        movieList.count
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        MovieRowCell(movieList.row(at: row))
    }

    func listView(_ listView: ListView, willDisplayRowAt row: Int) {
        loadNextPageIfNeeded(showing: row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        updatePreviewPoster()
        render()
        loadNextPageIfNeeded(showing: row)
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        let detailViewController = MovieDetailViewController(movie: movieList.movies[row])
        navigationController?.pushViewController(detailViewController, animated: true)
    }
}
