import Foundation
import ImagePipeline
import ImagePipelineUI
import MoviePresentation
import MovieUI
import TMDB
import TerminalUI

/// One movie. In MVC the controller fetches the detail and the videos, keeps them,
/// formats them and renders them.
final class MovieDetailViewController: ViewController {
    // MARK: State

    private let movie: Movie
    private var detail: MovieDetail?
    private var trailer: Video?
    private var isLoading = false
    /// The seconds left while TMDB's rate limit is waited out (E6).
    private var retryCountdown: Int?
    private var loadError: TMDBError?
    private var loadTask: Task<Void, Never>?
    private var poster: LoadedImage?
    private var isLoadingPoster = false
    private var posterTask: Task<Void, Never>?

    // MARK: Views

    private let textView = TextView()
    private let posterView = PosterView()
    private let loadingView = ActivityIndicatorView()
    private let messageView = MessageView(kind: .error)

    init(movie: Movie) {
        self.movie = movie
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(PosterLayoutView(posterView: posterView, contentView: textView))
        view.addSubview(loadingView)
        view.addSubview(messageView)
        load()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // E1: once the screen is left, its responses must not matter.
        loadTask?.cancel()
        posterTask?.cancel()
    }

    override func handle(_ key: Key) -> Bool {
        guard key == .character("r"), loadError != nil else {
            return super.handle(key)
        }
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
        render()
    }

    private func show(_ detail: MovieDetail, trailer: Video?) {
        self.detail = detail
        self.trailer = trailer
        isLoading = false
        retryCountdown = nil
        loadPoster(at: detail.posterPath)
        render()
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

    // MARK: Poster

    /// P1: the poster the detail names, from the one shared loader. The controller keeps the
    /// task, to cancel it by hand when the screen is left (P7).
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
        render()
    }

    // MARK: Rendering

    private func render() {
        navigationItem.title = movie.title
        navigationItem.subtitle = TMDBClient.shared.configuration.dataSourceName
        textView.isHidden = detail == nil
        posterView.isHidden = detail?.posterPath == nil
        posterView.setPoster(poster)
        posterView.isLoading = isLoadingPoster
        loadingView.isHidden = !isLoading
        loadingView.text = retryCountdown.map(MovieFormatter.rateLimitWait) ?? "Loading…"
        messageView.isHidden = loadError == nil
        if let detail {
            textView.blocks = makeContent(for: detail).blocks
        }
        if let loadError {
            messageView.message = loadError.message
            messageView.hint = "r to retry · b back"
        }
        statusLine = .hint(currentHints)
    }

    /// The keys that do something on the screen as it is: no scrolling before the detail.
    private var currentHints: String {
        if loadError != nil {
            return "r retry · b back · ? help · q quit"
        } else if detail == nil {
            return "b back · ? help · q quit"
        } else {
            return "↑↓ scroll · b back · ? help · q quit"
        }
    }

    // MARK: Formatting

    private func makeContent(for detail: MovieDetail) -> MovieDetailContent {
        MovieDetailContent(
            tagline: detail.tagline,
            facts: MovieFormatter.facts(
                genres: detail.genres.map(\.name), runtime: detail.runtime,
                releaseDate: detail.releaseDate, voteAverage: detail.voteAverage,
                voteCount: detail.voteCount),
            overview: MovieFormatter.overview(detail.overview),
            cast: MovieFormatter.cast(detail.cast.map { ($0.name, $0.character) }),
            trailerLink: trailer?.youTubeURL?.absoluteString ?? "")
    }
}
