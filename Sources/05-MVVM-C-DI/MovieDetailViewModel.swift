import Foundation
import MovieFormatting
import TMDB
import ViewModelKit

/// One movie as a mapping from what the user does (`Input`) to what the screen shows
/// (`Output`). It fetches the detail and the videos through the movie service it is given,
/// keeps them and formats them; it knows nothing of how the screen is drawn.
@MainActor
final class MovieDetailViewModel: ViewModelType {
    struct Input {
        /// Fires once, when the screen is first shown.
        let viewDidLoad: AsyncStream<Void>
        /// Fires on `r` after a failure (D4).
        let retry: AsyncStream<Void>
        /// Fires when the screen is left: its responses must not matter any more (E1).
        let viewDidDisappear: AsyncStream<Void>
    }

    struct Output {
        /// Everything the screen shows, again after every change (RxSwift: a `Driver`).
        /// It never ends with an error: a failure is a state like any other.
        let state: AsyncStream<State>
    }

    /// One screenful of display values.
    struct State: Equatable {
        var title = ""
        var subtitle = ""
        var isLoading = false
        var isShowingDetail = false
        var errorMessage: String?
        var heading = ""
        var tagline = ""
        var facts: [String] = []
        var overview = ""
        var cast: [String] = []
        var trailerLink = ""
    }

    // MARK: State

    let movie: Movie
    private let movieService: any MovieService
    private var detail: MovieDetail?
    private var trailer: Video?
    /// True from the start: the screen shows it is loading until the first answer.
    private var isLoading = true
    private var loadError: TMDBError?
    private var loadTask: Task<Void, Never>?
    private let (state, stateContinuation) = AsyncStream.makeStream(
        of: State.self, bufferingPolicy: .bufferingNewest(1))
    private let bag = TaskBag()

    init(movie: Movie, movieService: any MovieService) {
        self.movie = movie
        self.movieService = movieService
    }

    // MARK: Input

    func transform(input: Input) -> Output {
        Task { [weak self] in
            for await _ in input.viewDidLoad { self?.load() }
        }.store(in: bag)
        Task { [weak self] in
            for await _ in input.retry { self?.retry() }
        }.store(in: bag)
        Task { [weak self] in
            for await _ in input.viewDidDisappear { self?.loadTask?.cancel() }
        }.store(in: bag)
        publish()
        return Output(state: state)
    }

    private func retry() {
        guard loadError != nil else { return }
        load()
    }

    // MARK: Loading

    private func load() {
        isLoading = true
        loadError = nil
        let movieID = movie.id
        loadTask = Task { [weak self, movieService] in
            // D2: the videos request runs alongside the detail request, so the screen
            // waits for the slower of the two, not for their sum.
            async let videos = movieService.movieVideos(id: movieID)
            do throws(TMDBError) {
                let detail = try await movieService.movieDetail(id: movieID)
                // D3: without videos the screen only loses its trailer line.
                let trailer = (try? await videos)?.preferredTrailer()
                guard !Task.isCancelled else { return }
                self?.show(detail, trailer: trailer)
            } catch {
                guard !Task.isCancelled else { return }
                self?.showLoadError(error)
            }
        }
        publish()
    }

    private func show(_ detail: MovieDetail, trailer: Video?) {
        self.detail = detail
        self.trailer = trailer
        isLoading = false
        publish()
    }

    /// The error becomes part of the state, so the output keeps flowing after it.
    private func showLoadError(_ error: TMDBError) {
        isLoading = false
        loadError = error
        publish()
    }

    // MARK: Output

    /// Sends the current state to the screen.
    private func publish() {
        var state = State(
            title: movie.title,
            subtitle: movieService.dataSourceName,
            isLoading: isLoading,
            isShowingDetail: detail != nil,
            errorMessage: loadError?.message)
        if let detail {
            state.heading = MovieFormatter.heading(for: detail)
            state.tagline = detail.tagline
            state.facts = MovieFormatter.facts(for: detail)
            state.overview = MovieFormatter.overview(detail.overview)
            state.cast = MovieFormatter.cast(detail.cast)
            state.trailerLink = trailer?.youTubeURL?.absoluteString ?? ""
        }
        stateContinuation.yield(state)
    }
}
