import Foundation
import MoviePresentation
import StepTestSupport
import TMDB
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMCDI

/// One movie as Input → Output on virtual time (one tick is one millisecond; in RxTest,
/// `TestScheduler(initialClock: 0, resolution: 0.001)`), against a fake service it is
/// handed. Inputs are hot observables on a `TestScheduler`; answers held at a `Gate` are let
/// through at a virtual time; each output is recorded on its own, with its time, as RxTest
/// records them.
@MainActor
struct MovieDetailViewModelTests {
    typealias Detail = MovieDetailContent

    /// What the user does, on one timeline; each case feeds one of the inputs.
    enum UserInput {
        case viewDidLoad
        case retry
        case viewDidDisappear
    }

    /// A view model whose inputs play `inputs`, with every output recorded from time 200.
    @MainActor
    final class Harness {
        let scheduler = TestScheduler()
        let viewModel: MovieDetailViewModel
        let title: TestableObserver<String>
        let subtitle: TestableObserver<String>
        let isLoading: TestableObserver<Bool>
        let loadingText: TestableObserver<String>
        let detail: TestableObserver<Detail?>
        let errorMessage: TestableObserver<String?>
        let hints: TestableObserver<String>
        /// The path of each poster shown (nil for none), as the poster's answers come.
        let posterSources = WaitableLog<String?>()
        private let isLoadingCount = Tally()
        private let disposeBag = DisposeBag()

        init(
            movie: Movie, service: FakeMovieService,
            imageLoader: FakeImageLoader = FakeImageLoader(),
            dataSourceName: String = "fake data", inputs: [Recorded<Event<UserInput>>]
        ) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal(_ wanted: UserInput) -> Signal<Void> {
                inputs.filter { $0 == wanted }.map { _ in () }.asSignal(onErrorSignalWith: .empty())
            }
            viewModel = MovieDetailViewModel(
                movie: movie, movieService: service, imageLoader: imageLoader,
                dataSourceName: dataSourceName)
            let output = viewModel.transform(
                input: MovieDetailViewModel.Input(
                    viewDidLoad: signal(.viewDidLoad), retry: signal(.retry),
                    viewDidDisappear: signal(.viewDidDisappear)))
            title = scheduler.createObserver(String.self)
            subtitle = scheduler.createObserver(String.self)
            isLoading = scheduler.createObserver(Bool.self)
            loadingText = scheduler.createObserver(String.self)
            detail = scheduler.createObserver(Detail?.self)
            errorMessage = scheduler.createObserver(String?.self)
            hints = scheduler.createObserver(String.self)
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { [self] in
                output.title.drive(title).disposed(by: disposeBag)
                output.subtitle.drive(subtitle).disposed(by: disposeBag)
                output.isLoading.drive(isLoading).disposed(by: disposeBag)
                output.isLoading.drive(onNext: { [isLoadingCount] _ in isLoadingCount.increment() })
                    .disposed(by: disposeBag)
                output.loadingText.drive(loadingText).disposed(by: disposeBag)
                output.detail.drive(detail).disposed(by: disposeBag)
                output.errorMessage.drive(errorMessage).disposed(by: disposeBag)
                output.hints.drive(hints).disposed(by: disposeBag)
                output.poster.drive(onNext: { [posterSources] in
                    posterSources.append($0.map { "/" + $0.url.lastPathComponent })
                })
                .disposed(by: disposeBag)
            }
        }

        /// Runs the inputs up to `time`, then waits, with the clock standing still, until
        /// `isLoading` has sent `count` values in all: each load sends `true`, then `false`.
        func advance(to time: TestTime, untilIsLoadingValues count: Int) async -> Bool {
            scheduler.advance(to: time)
            return await isLoadingCount.wait(until: count)
        }

        /// Opens `gates` at the virtual time `time`.
        func open(_ gates: Gate..., at time: TestTime) {
            scheduler.scheduleAt(time) {
                for gate in gates {
                    gate.open()
                }
            }
        }

        var shownDetail: Detail? { detail.events.last?.value.element ?? nil }
    }

    let service = FakeMovieService()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    @Test func detailAndVideosAreBothAskedForBeforeEitherAnswers() async throws {
        // D2: both calls are made while both answers are held back, so they run together.
        // D1, D7: then the detail shows, formatted, under the injected source name.
        let detailGate = Gate()
        let videosGate = Gate()
        service.answerDetail(id: 550, with: .success(Sample.detail()), gate: detailGate)
        service.answerVideos(id: 550, with: .success([Sample.trailer]), gate: videosGate)
        let harness = Harness(
            movie: movie, service: service, dataSourceName: "a source named by the container",
            inputs: [.next(210, .viewDidLoad)])
        harness.open(detailGate, videosGate, at: 300)

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 2))
        #expect(await detailGate.waitForWaiters(1))
        #expect(await videosGate.waitForWaiters(1))
        #expect(Set(service.calls) == [.movieDetail(id: 550), .movieVideos(id: 550)])
        #expect(service.answered.isEmpty)
        #expect(await harness.advance(to: 300, untilIsLoadingValues: 3))

        #expect(
            harness.subtitle.events == [
                .next(200, "a source named by the container"), .completed(200),
            ])
        #expect(
            harness.isLoading.events == [.next(200, false), .next(210, true), .next(300, false)])
        let shown = try #require(harness.shownDetail)
        #expect(harness.detail.events == [.next(200, nil), .next(300, shown)])
        #expect(shown.tagline == "Long live the fighters.")
        #expect(
            shown.facts == [
                "Science Fiction, Adventure", "2h 46m · Released 2024-02-27",
                "★ 8.2 (6,543 votes)",
            ])
        #expect(shown.overview == "Paul Atreides unites with the Fremen.")
        #expect(shown.cast.count == 5)
        #expect(shown.cast.first == "Timothée Chalamet as Paul Atreides")
        #expect(shown.trailerLink == "https://www.youtube.com/watch?v=Way9Dexny3w")
        #expect(service.calls.count == 2)
    }

    @Test func failingVideosCostOnlyTheTrailer() async {
        // D3
        service.answerDetail(id: 550, with: .success(Sample.detail()))
        service.answerVideos(id: 550, with: .failure(.serverError(status: 502)))
        let harness = Harness(movie: movie, service: service, inputs: [.next(210, .viewDidLoad)])

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 3))

        #expect(harness.shownDetail?.trailerLink == "")
        #expect(harness.shownDetail?.overview == "Paul Atreides unites with the Fremen.")
        #expect(harness.errorMessage.events == [.next(200, nil)])
    }

    @Test func aFailedDetailShowsTheMessageAndRetryLoadsIt() async {
        // D4: the outputs keep flowing after the error, and `retry` loads again.
        service.answerDetail(id: 550, with: .failure(.timedOut))
        service.answerDetail(id: 550, with: .success(Sample.detail()))
        service.answerVideos(id: 550, with: .success([]))
        let harness = Harness(
            movie: movie, service: service,
            inputs: [.next(210, .viewDidLoad), .next(300, .retry)])

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 3))
        #expect(await harness.advance(to: 300, untilIsLoadingValues: 5))

        #expect(
            harness.errorMessage.events == [
                .next(200, nil), .next(210, TMDBError.timedOut.message), .next(300, nil),
            ])
        #expect(
            harness.hints.events == [
                .next(200, "b back · ? help · q quit"),
                .next(210, "r retry · b back · ? help · q quit"),
                .next(300, "b back · ? help · q quit"),
                .next(300, "↑↓ scroll · b back · ? help · q quit"),
            ])
        #expect(harness.shownDetail?.overview == "Paul Atreides unites with the Fremen.")
        #expect(service.count(of: .movieDetail(id: 550)) == 2)
        #expect(service.count(of: .movieVideos(id: 550)) == 2)
    }

    @Test func theAnswerToAScreenLeftWhileLoadingNeverShows() async {
        // E1: the detail is held until 400; leaving at 300 cancels the call, and the late
        // answer, handed back anyway, changes nothing.
        let gate = Gate()
        service.answerDetail(id: 550, with: .success(Sample.detail()), gate: gate)
        service.answerVideos(id: 550, with: .success([]))
        let harness = Harness(
            movie: movie, service: service,
            inputs: [.next(210, .viewDidLoad), .next(300, .viewDidDisappear)])
        harness.open(gate, at: 400)

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 2))
        #expect(await gate.waitForWaiters(1))
        #expect(await harness.advance(to: 300, untilIsLoadingValues: 3))
        #expect(await gate.waitForCancellations(1), "leaving did not cancel the load")
        harness.scheduler.advance(to: 400)
        #expect(await service.waitForAnswer(to: .movieDetail(id: 550)))

        #expect(
            harness.isLoading.events == [.next(200, false), .next(210, true), .next(300, false)])
        #expect(harness.detail.events == [.next(200, nil)])
        #expect(service.count(of: .movieDetail(id: 550)) == 1)
    }

    @Test("P1: the detail's poster comes from the loader the container injected, not from HTTP")
    func thePosterComesFromTheInjectedLoader() async {
        service.answerDetail(id: 550, with: .success(Sample.detail(posterPath: "/dune.jpg")))
        service.answerVideos(id: 550, with: .success([]))
        let imageLoader = FakeImageLoader()
        imageLoader.answer("/dune.jpg")
        let harness = Harness(
            movie: movie, service: service, imageLoader: imageLoader,
            inputs: [.next(210, .viewDidLoad)])

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 3))
        #expect(await harness.posterSources.wait { $0.last == "/dune.jpg" })
        #expect(imageLoader.requests == ["/dune.jpg"])
    }

    @Test("P7: leaving the screen cancels the poster's load, and its late answer never shows")
    func leavingCancelsThePoster() async {
        service.answerDetail(id: 550, with: .success(Sample.detail(posterPath: "/dune.jpg")))
        service.answerVideos(id: 550, with: .success([]))
        let gate = Gate()
        let imageLoader = FakeImageLoader()
        imageLoader.answer("/dune.jpg", gate: gate)
        let harness = Harness(
            movie: movie, service: service, imageLoader: imageLoader,
            inputs: [.next(210, .viewDidLoad), .next(300, .viewDidDisappear)])
        harness.open(gate, at: 400)

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 3))
        #expect(await gate.waitForWaiters(1))
        harness.scheduler.advance(to: 300)
        #expect(await gate.waitForCancellations(1), "leaving did not cancel the poster")
        harness.scheduler.advance(to: 400)
        #expect(await imageLoader.waitForAnswers(1))

        #expect(harness.posterSources.entries.allSatisfy { $0 == nil })
    }
}
