import Foundation
import ImagePipeline
import MovieDomain
import MoviePresentation
import Observation
import TMDB

/// The search's state and logic. It waits for the typing to pause, sends the query through
/// the shared client, keeps the pages and formats every value; it knows nothing of how the
/// screen is drawn.
@MainActor
@Observable
final class SearchViewModel {
    /// What the status line says.
    enum Status: Equatable {
        case hint(String)
        /// Something under way: "Loading more…", "Searching…", or TMDB's rate limit waited
        /// out, counting down (E6).
        case activity(String)
        case failed(String)
        case ended(String)
    }

    // MARK: State

    private let clock: any Clock<Duration>
    /// The query last sent; its results are the ones shown (S2, S4).
    private var query = ""
    /// The movies shown and the pages behind them (S5).
    private var movieList = MovieList<Movie>()
    private var isLoading = false
    /// The seconds left while TMDB's rate limit is waited out (E6).
    private var retryCountdown: Int?
    /// True while the typing has not paused long enough to send what it typed (S2).
    private var isWaitingForTyping = false
    private var loadError: TMDBError?
    @ObservationIgnored private var typingTask: Task<Void, Never>?
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    private(set) var selectedRow = 0
    /// Whether the screen has room for the preview pane: the view's call, by its width (P2).
    private var hasRoomForPreview = false
    /// The poster the preview pane is for, and the poster once it has come (P2).
    @ObservationIgnored private var previewPosterPath: String?
    private(set) var previewPoster: LoadedImage?
    private(set) var isLoadingPreviewPoster = false
    @ObservationIgnored private var previewPosterTask: Task<Void, Never>?
    /// P7: the selected row's poster and the next two rows', fetched ahead while the pane shows.
    private let posterPrefetcher = PosterPrefetcher(imageLoader: ImagePipeline.shared)

    init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    // MARK: Input

    /// Call on every edit: the query is sent once the typing pauses for 300 ms (S2).
    func textDidChange(_ text: String) {
        typingTask?.cancel()
        let text = SearchQuery.trimmed(text)
        guard !text.isEmpty else {
            // S2: an empty query shows the trending list again and sends nothing.
            isWaitingForTyping = false
            forgetResults()
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
    }

    /// `r` retries a failed next page and keeps the results; otherwise it searches again (S6).
    /// Returns false when there is nothing to retry.
    func retry() -> Bool {
        guard !query.isEmpty else { return false }
        if loadError != nil && !movieList.isEmpty {
            loadNextPage()
        } else {
            let text = query
            query = ""
            search(text)
        }
        return true
    }

    /// Call when the screen gains or loses room for the preview pane (P2).
    func previewRoomDidChange(hasRoom: Bool) {
        hasRoomForPreview = hasRoom
        updatePreviewPoster()
    }

    /// Call whenever the selection moves.
    func selectionDidMove(to row: Int) {
        selectedRow = row
        updatePreviewPoster()
        loadNextPageIfNeeded(showing: row)
    }

    /// Call when a row comes on screen.
    func rowWillDisplay(at row: Int) {
        loadNextPageIfNeeded(showing: row)
    }

    /// The movie behind a row, for opening its detail.
    func movie(at row: Int) -> Movie {
        movieList.movies[row]
    }

    // MARK: Searching

    /// Sends `text`, unless the user is still composing a syllable (S3) or it was the query
    /// last sent (S2).
    private func search(_ text: String) {
        isWaitingForTyping = false
        guard !SearchQuery.isComposing(text), text != query else { return }
        query = text
        // S4: a newer query stops waiting for the older one, whose answer is ignored.
        loadTask?.cancel()
        movieList = MovieList()
        isLoading = false
        retryCountdown = nil
        loadError = nil
        selectedRow = 0
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
        selectedRow = 0
        updatePreviewPoster()
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
        if addedMovies {
            loadNextPageIfNeeded(showing: selectedRow)
        }
    }

    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        retryCountdown = nil
        loadError = error
    }

    /// E6: while TMDB's rate limit is waited out, the screen counts down; 0 is the retry.
    private func showRetryCountdown(_ secondsLeft: Int) {
        retryCountdown = secondsLeft > 0 ? secondsLeft : nil
    }

    // MARK: Preview pane

    /// The movie the selection is on, if the list has any.
    private var selectedMovie: Movie? {
        movieList.movies.indices.contains(selectedRow) ? movieList.movies[selectedRow] : nil
    }

    /// P2: the selected movie's poster, from the one shared loader. The view model keeps the
    /// task, to cancel it when the selection moves on (P7); the screen only shows
    /// `previewPoster`.
    private func updatePreviewPoster() {
        posterPrefetcher.update(showsPreview ? movieList.posterPaths(from: selectedRow) : [])
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
    }

    // MARK: Output

    var title: String { "Search" }

    var subtitle: String { query.isEmpty ? "" : "“\(query)”" }

    var position: String {
        movieList.isEmpty ? "" : "\(selectedRow + 1) / \(movieList.count)"
    }

    var rowCount: Int { movieList.count }

    /// Whether the screen shows the preview pane: when it has room and a movie is selected.
    var showsPreview: Bool { hasRoomForPreview && selectedMovie != nil }

    var isSearching: Bool { movieList.isEmpty && (isWaitingForTyping || isLoading) }

    var loadingText: String {
        retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Searching…"
    }

    var message: ListMessage? {
        guard movieList.isEmpty && !isWaitingForTyping && !isLoading && !query.isEmpty else {
            return nil
        }
        if let loadError {
            return .failure(loadError)
        }
        return ListMessage(
            text: "No movies match “\(query)”.", hint: "/ edits the search · esc closes it",
            isError: false)
    }

    /// What the status line says while the search bar has the keys, when not the bar's own
    /// hint: `r` types into the bar, so after a failure it says the way to a retry (S6).
    var searchBarHint: String? {
        loadError == nil ? nil : "type to search · ↓ then r to retry · esc close"
    }

    var status: Status {
        let hints = "↑↓ move · enter open · / edit · esc close · ? help · q quit"
        if let retryCountdown, isLoading {
            return .activity(MovieFormatter.rateLimitWait(secondsLeft: retryCountdown))
        } else if isWaitingForTyping || (isLoading && movieList.isEmpty) {
            return .activity("Searching…")
        } else if movieList.isEmpty {
            return .hint("/ edit · esc close · ? help · q quit")
        } else if isLoading {
            return .activity("Loading more…")
        } else if let loadError {
            return .failed("Couldn't load more: \(loadError.message) r to retry")
        } else if movieList.isComplete {
            return .ended("\(MovieFormatter.allMovies(movieList.count)) · \(hints)")
        } else {
            return .hint(hints)
        }
    }

    func row(at index: Int) -> MovieRow {
        movieList.row(at: index)
    }
}
