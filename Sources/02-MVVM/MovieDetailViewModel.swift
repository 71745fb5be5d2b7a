import Foundation
import ImagePipeline
import MoviePresentation
import Observation
import TMDB

/// One movie's state and logic. It fetches the detail and the videos, keeps them and
/// formats them; it knows nothing of how the screen is drawn.
@MainActor
@Observable
final class MovieDetailViewModel {
    // MARK: State

    let movie: Movie
    private var detail: MovieDetail?
    private var trailer: Video?
    private(set) var isLoading = false
    /// The seconds left while TMDB's rate limit is waited out (E6).
    private var retryCountdown: Int?
    private var loadError: TMDBError?
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    private(set) var poster: LoadedImage?
    private(set) var isLoadingPoster = false
    @ObservationIgnored private var posterTask: Task<Void, Never>?

    init(movie: Movie) {
        self.movie = movie
    }

    // MARK: Input

    /// Call once, when the screen is first shown.
    func viewDidLoad() {
        load()
    }

    /// Call when the screen is left: its responses must not matter any more (E1).
    func viewDidDisappear() {
        loadTask?.cancel()
        posterTask?.cancel()
    }

    /// `r` after a failure loads again (D4). Returns false when there is nothing to retry.
    func retry() -> Bool {
        guard loadError != nil else { return false }
        load()
        return true
    }

    // MARK: Loading

    private func load() {
        isLoading = true
        loadError = nil
        let movieID = movie.id
        let client = TMDBClient.shared
        loadTask = Task { [weak self] in
            // D2: the videos request runs alongside the detail request, so the screen
            // waits for the slower of the two, not for their sum.
            async let videos = client.movieVideos(id: movieID)
            do throws(TMDBError) {
                let detail = try await client.movieDetail(id: movieID) {
                    @MainActor [weak self] secondsLeft in
                    guard !Task.isCancelled else { return }
                    self?.showRetryCountdown(secondsLeft)
                }
                // D3: without videos the screen only loses its trailer line.
                let trailer = (try? await videos)?.preferredTrailer()
                guard !Task.isCancelled else { return }
                self?.show(detail, trailer: trailer)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
    }

    private func show(_ detail: MovieDetail, trailer: Video?) {
        self.detail = detail
        self.trailer = trailer
        isLoading = false
        retryCountdown = nil
        loadPoster(at: detail.posterPath)
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

    // MARK: Poster

    /// P1: the poster the detail names, from the one shared loader. The view model keeps the
    /// task, to cancel it when the screen is left (P7); the screen only shows `poster`.
    private func loadPoster(at posterPath: String?) {
        posterTask?.cancel()
        poster = nil
        isLoadingPoster = false
        guard let posterPath else { return }
        let request = ImageRequest.poster(at: posterPath)
        // P6: a poster already in memory shows at once, without a frame of placeholder.
        if let cached = ImagePipeline.shared.cachedImage(for: request) {
            poster = cached
            return
        }
        isLoadingPoster = true
        let loader = ImagePipeline.shared
        posterTask = Task { [weak self] in
            // Whatever goes wrong, the placeholder stays: nil is "no poster".
            let loaded = try? await loader.image(for: request)
            guard !Task.isCancelled else { return }
            self?.showPoster(loaded)
        }
    }

    private func showPoster(_ loaded: LoadedImage?) {
        poster = loaded
        isLoadingPoster = false
    }

    // MARK: Output

    var title: String { movie.title }

    var subtitle: String { TMDBClient.shared.configuration.dataSourceName }

    var isShowingDetail: Bool { detail != nil }

    /// Whether the screen has a poster box: only when the detail names a poster.
    var hasPoster: Bool { detail?.posterPath != nil }

    var loadingText: String { retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Loading…" }

    var errorMessage: String? { loadError?.message }

    /// The keys that do something on the screen as it is: no scrolling before the detail.
    var hints: String {
        if loadError != nil {
            return "r retry · b back · ? help · q quit"
        } else if detail == nil {
            return "b back · ? help · q quit"
        } else {
            return "↑↓ scroll · b back · ? help · q quit"
        }
    }

    var tagline: String { detail?.tagline ?? "" }

    var facts: [String] {
        guard let detail else { return [] }
        return MovieFormatter.facts(
            genres: detail.genres.map(\.name), runtime: detail.runtime,
            releaseDate: detail.releaseDate, voteAverage: detail.voteAverage,
            voteCount: detail.voteCount)
    }

    var overview: String {
        guard let detail else { return "" }
        return MovieFormatter.overview(detail.overview)
    }

    var cast: [String] { MovieFormatter.cast(detail?.cast.map { ($0.name, $0.character) } ?? []) }

    var trailerLink: String { trailer?.youTubeURL?.absoluteString ?? "" }
}
