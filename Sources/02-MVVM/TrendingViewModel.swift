import Foundation
import ImagePipeline
import MovieDomain
import MoviePresentation
import Observation
import TMDB

/// The trending list's state and logic. It fetches through the shared client, keeps the
/// state and formats every value; it knows nothing of how the screen is drawn.
@MainActor
@Observable
final class TrendingViewModel {
    /// What the status line says.
    enum Status: Equatable {
        case hint(String)
        /// Something under way: "Loading more…", or TMDB's rate limit waited out, counting
        /// down (E6).
        case activity(String)
        case failed(String)
        case ended(String)
    }

    // MARK: State

    private var timeWindow: TimeWindow
    /// The movies shown and the pages behind them (T6–T8).
    private var movieList = MovieList<Movie>()
    private var isLoading = false
    /// The seconds left while TMDB's rate limit is waited out (E6).
    private var retryCountdown: Int?
    private var loadError: TMDBError?
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

    init(timeWindow: TimeWindow) {
        self.timeWindow = timeWindow
    }

    // MARK: Input

    /// Call once, when the screen is first shown.
    func viewDidLoad() {
        reload()
    }

    /// Call when the user switches between today and this week (T10).
    func toggleTimeWindow() {
        timeWindow = timeWindow == .week ? .day : .week
        reload()
    }

    /// `r` retries a failed next page and keeps the list (T9); while the first page is on its
    /// way it does nothing, as that request is the reload; otherwise it reloads (T10).
    func retry() {
        if loadError != nil && !movieList.isEmpty {
            loadNextPage()
        } else if !(isLoading && movieList.nextPage == 1) {
            reload()
        }
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

    // MARK: Loading

    /// Starts over from page 1, with the rows in view until it comes (T10); a request still in
    /// flight is cancelled and ignored (E1).
    private func reload() {
        loadTask?.cancel()
        movieList.startOver()
        isLoading = false
        retryCountdown = nil
        loadError = nil
        loadNextPage()
    }

    /// Requests the page after the last one loaded, unless one is loading or none is left (T6, T8).
    private func loadNextPage() {
        guard !isLoading, let page = movieList.nextPage else { return }
        isLoading = true
        loadError = nil
        let timeWindow = timeWindow
        loadTask = Task { [weak self] in
            do throws(TMDBError) {
                let moviePage = try await TMDBClient.shared.trendingMovies(
                    timeWindow: timeWindow, page: page
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

    /// T6: the next page is wanted once `row`, the selection or a row coming on screen,
    /// nears the end of the list; so a first page too short for the screen is followed.
    private func loadNextPageIfNeeded(showing row: Int) {
        guard movieList.wantsNextPage(lastVisibleRow: row) else { return }
        loadNextPage()
    }

    /// T7: the list leaves out adult titles and movies already shown. A page that adds
    /// nothing new asks for no more by itself: the user's next move does.
    private func append(_ moviePage: MoviePage, page: Int) {
        let addedMovies = movieList.append(
            moviePage.results, page: page, totalPages: moviePage.totalPages)
        isLoading = false
        retryCountdown = nil
        // T10: page 1 replaces the rows, with the selection at the top.
        if page == 1 {
            selectedRow = 0
        }
        updatePreviewPoster()
        if addedMovies {
            loadNextPageIfNeeded(showing: selectedRow)
        }
    }

    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        retryCountdown = nil
        loadError = error
        // T9, T10: a page 1 that fails says why in place of the rows it was to replace.
        if movieList.isStartingOver {
            movieList.removeAll()
            updatePreviewPoster()
        }
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

    var title: String { "Trending movies" }

    var subtitle: String {
        "\(MovieFormatter.timeWindowName(isWeek: timeWindow == .week)) · \(TMDBClient.shared.configuration.dataSourceName)"
    }

    var position: String {
        movieList.isEmpty ? "" : "\(selectedRow + 1) / \(movieList.count)"
    }

    var rowCount: Int { movieList.count }

    /// Whether the screen shows the preview pane: when it has room and a movie is selected.
    var showsPreview: Bool { hasRoomForPreview && selectedMovie != nil }

    var isLoadingFirstPage: Bool { movieList.isEmpty && isLoading }

    var loadingText: String { retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Loading…" }

    var message: ListMessage? {
        guard movieList.isEmpty && !isLoading else { return nil }
        if let loadError {
            return .failure(loadError)
        }
        return ListMessage(
            text: "No trending movies right now.", hint: "t switches between today and this week",
            isError: false)
    }

    var status: Status {
        let hints = "↑↓ move · enter open · / search · t today/this week · ? help · q quit"
        if movieList.isEmpty {
            return .hint("t today/this week · r reload · ? help · q quit")
        } else if isLoading {
            // T10: the rows of a list that starts over stay usable until page 1 replaces them.
            let activity = movieList.isStartingOver ? "Reloading…" : "Loading more…"
            return .activity(retryCountdown.map(MovieFormatter.rateLimitWait) ?? activity)
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
