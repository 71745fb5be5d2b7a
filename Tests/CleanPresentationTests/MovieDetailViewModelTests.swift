import CleanDomain
import MovieDomain
import StepTestSupport
import Testing
import ViewModelKit

@testable import CleanPresentation

/// The detail's view model on its use case, over a repository that answers at once: the view
/// model makes one call and shows what the domain returns, the trailer included.
@MainActor
struct MovieDetailViewModelTests {
    /// Answers every detail and trailer call with one result each.
    final class Repository: MovieRepository {
        let detail: Result<MovieDetail, MovieLoadError>
        let trailer: Trailer?
        let calls = WaitableLog<String>()

        init(detail: Result<MovieDetail, MovieLoadError>, trailer: Trailer? = nil) {
            self.detail = detail
            self.trailer = trailer
        }

        func trendingMovies(
            timeWindow: TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler
        ) async throws(MovieLoadError) -> MoviePage {
            throw .failed(message: "not asked for")
        }

        func searchMovies(query: String, page: Int, onRateLimitWait: RateLimitWaitHandler)
            async throws(MovieLoadError) -> MoviePage
        {
            throw .failed(message: "not asked for")
        }

        func movieDetail(id: Int, onRateLimitWait: RateLimitWaitHandler)
            async throws(MovieLoadError) -> MovieDetail
        {
            calls.append("detail \(id)")
            return try detail.get()
        }

        func trailer(forMovieID id: Int) async throws(MovieLoadError) -> Trailer? {
            calls.append("trailer \(id)")
            return trailer
        }
    }

    /// The view model shown once, with what its outputs said.
    @MainActor
    final class Shown {
        let details = WaitableLog<MovieDetailContent?>()
        let errors = WaitableLog<String?>()
        private let disposeBag = DisposeBag()

        init(_ repository: Repository) {
            let viewModel = MovieDetailViewModel(
                movie: Movie(id: 7, title: "Seven"),
                fetchMovieDetail: FetchMovieDetailUseCase(repository: repository),
                dataSourceName: "fake data")
            let viewDidLoad = PublishRelay<Void>()
            let output = viewModel.transform(
                input: MovieDetailViewModel.Input(
                    viewDidLoad: viewDidLoad.asSignal(), retry: .empty(),
                    viewDidDisappear: .empty()))
            output.detail.drive(onNext: details.append).disposed(by: disposeBag)
            output.errorMessage.drive(onNext: errors.append).disposed(by: disposeBag)
            viewDidLoad.accept(())
        }
    }

    @Test("D1, D7: the screen shows the domain's detail, formatted, with the trailer's link")
    func theDetailIsTheUseCasesAnswer() async {
        let repository = Repository(
            detail: .success(
                MovieDetail(
                    id: 7, title: "Seven", tagline: "Long is the way.", overview: "Rain.",
                    genres: ["Crime", "Mystery"], runtime: 127, releaseDate: "1995-09-22",
                    voteAverage: 8.4, voteCount: 21_000,
                    cast: [.init(name: "Ada One", character: "Pilot")])),
            trailer: Trailer(name: "Trailer", link: "https://www.youtube.com/watch?v=seven"))

        let shown = Shown(repository)

        #expect(await shown.details.wait { ($0.last ?? nil) != nil })
        let detail = shown.details.entries.last ?? nil
        #expect(detail?.heading == "Seven (1995)")
        #expect(detail?.facts.first == "Crime, Mystery")
        #expect(detail?.cast == ["Ada One as Pilot"])
        #expect(detail?.trailerLink == "https://www.youtube.com/watch?v=seven")
        #expect(Set(repository.calls.entries) == ["detail 7", "trailer 7"])
    }

    @Test("D4: a failed detail shows the domain error's sentence")
    func aFailureShowsTheDomainErrorsMessage() async {
        let repository = Repository(detail: .failure(.failed(message: "TMDB took too long.")))

        let shown = Shown(repository)

        #expect(await shown.errors.wait { $0.last == "TMDB took too long." })
        #expect(shown.details.entries.allSatisfy { $0 == nil })
    }
}
