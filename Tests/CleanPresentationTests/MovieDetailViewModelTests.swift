import CleanDomain
import MoviePresentation
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
            throw .failed(.unreadableResponse(detail: "not asked for"))
        }

        func searchMovies(query: String, page: Int, onRateLimitWait: RateLimitWaitHandler)
            async throws(MovieLoadError) -> MoviePage
        {
            throw .failed(.unreadableResponse(detail: "not asked for"))
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

    /// Answers every poster with a 2×3 picture named by its path, or nothing for the paths in
    /// `missing`; the pictures in `remembered` are in memory already.
    final class Posters: PosterRepository {
        let missing: Set<String>
        let remembered: Set<String>
        let requests = WaitableLog<String>()

        init(missing: Set<String> = [], remembered: Set<String> = []) {
            self.missing = missing
            self.remembered = remembered
        }

        func poster(path: String) async -> Poster? {
            requests.append(path)
            return missing.contains(path) ? nil : Self.picture(path)
        }

        func cachedPoster(path: String) -> Poster? {
            remembered.contains(path) ? Self.picture(path) : nil
        }

        func prefetchPosters(paths: [String]) {}

        func cancelPrefetchingPosters(paths: [String]) {}

        static func picture(_ path: String) -> Poster {
            Poster(
                path: path, width: 2, height: 3, pixels: [UInt8](repeating: 9, count: 18),
                fileData: [])
        }
    }

    /// The view model shown once, with what its outputs said.
    @MainActor
    final class Shown {
        let details = WaitableLog<MovieDetailContent?>()
        let errors = WaitableLog<String?>()
        /// The path of each poster shown, nil for none.
        let posterSources = WaitableLog<String?>()
        let hasPoster = WaitableLog<Bool>()
        let isLoadingPoster = WaitableLog<Bool>()
        private let disposeBag = DisposeBag()

        init(_ repository: Repository, posters: Posters = Posters()) {
            let viewModel = MovieDetailViewModel(
                movie: Movie(id: 7, title: "Seven"),
                fetchMovieDetail: FetchMovieDetailUseCase(repository: repository),
                fetchPoster: FetchPosterUseCase(repository: posters), dataSourceName: "fake data")
            let viewDidLoad = PublishRelay<Void>()
            let output = viewModel.transform(
                input: MovieDetailViewModel.Input(
                    viewDidLoad: viewDidLoad.asSignal(), retry: .empty(),
                    viewDidDisappear: .empty()))
            output.detail.drive(onNext: details.append).disposed(by: disposeBag)
            output.errorMessage.drive(onNext: errors.append).disposed(by: disposeBag)
            output.poster.drive(onNext: { [posterSources] in posterSources.append($0?.path) })
                .disposed(by: disposeBag)
            output.hasPoster.drive(onNext: hasPoster.append).disposed(by: disposeBag)
            output.isLoadingPoster.drive(onNext: isLoadingPoster.append).disposed(by: disposeBag)
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
        #expect(detail?.facts.first == "Crime, Mystery")
        #expect(detail?.cast == ["Ada One as Pilot"])
        #expect(detail?.trailerLink == "https://www.youtube.com/watch?v=seven")
        #expect(Set(repository.calls.entries) == ["detail 7", "trailer 7"])
    }

    @Test("D4, T9: a failed detail shows the sentence for the domain error's reason")
    func aFailureShowsTheDomainErrorsMessage() async {
        let repository = Repository(detail: .failure(.failed(.timedOut)))

        let shown = Shown(repository)

        #expect(await shown.errors.wait { $0.last == "TMDB took too long to answer." })
        #expect(shown.details.entries.allSatisfy { $0 == nil })
    }

    @Test("P1: the poster the domain's detail names is asked of the use case and shown")
    func thePosterIsTheUseCasesAnswer() async {
        let posters = Posters()
        let shown = Shown(
            Repository(detail: .success(MovieDetail(id: 7, title: "Seven", posterPath: "/7.jpg"))),
            posters: posters)

        #expect(await shown.posterSources.wait { $0.last == "/7.jpg" })
        #expect(posters.requests.entries == ["/7.jpg"])
        #expect(shown.hasPoster.entries == [false, true])
        #expect(shown.isLoadingPoster.entries == [false, true, false])
    }

    @Test("P6: a poster in memory shows with the detail, without a request or a loading frame")
    func aRememberedPosterShowsAtOnce() async {
        let posters = Posters(remembered: ["/7.jpg"])
        let shown = Shown(
            Repository(detail: .success(MovieDetail(id: 7, title: "Seven", posterPath: "/7.jpg"))),
            posters: posters)

        #expect(await shown.posterSources.wait { $0.last == "/7.jpg" })
        #expect(posters.requests.entries.isEmpty)
        #expect(shown.isLoadingPoster.entries == [false])
    }

    @Test("P1: a poster that cannot be had leaves the box empty and shows no error")
    func aMissingPosterLeavesThePlaceholder() async {
        let posters = Posters(missing: ["/7.jpg"])
        let shown = Shown(
            Repository(detail: .success(MovieDetail(id: 7, title: "Seven", posterPath: "/7.jpg"))),
            posters: posters)

        #expect(await shown.isLoadingPoster.wait { $0 == [false, true, false] })
        #expect(shown.posterSources.entries.allSatisfy { $0 == nil })
        #expect(shown.hasPoster.entries.last == true)
        #expect(shown.errors.entries.allSatisfy { $0 == nil })
    }

    @Test("P1: a detail without a poster has no poster box and asks for none")
    func noPosterPathNoBox() async {
        let posters = Posters()
        let shown = Shown(
            Repository(detail: .success(MovieDetail(id: 7, title: "Seven"))), posters: posters)

        #expect(await shown.details.wait { ($0.last ?? nil) != nil })
        #expect(shown.hasPoster.entries == [false])
        #expect(posters.requests.entries.isEmpty)
    }
}
