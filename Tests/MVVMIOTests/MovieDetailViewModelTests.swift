import Foundation
import MoviePresentation
import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMIO

/// One movie as Input → Output on virtual time (one tick is one millisecond; in RxTest,
/// `TestScheduler(initialClock: 0, resolution: 0.001)`): inputs are hot observables on a
/// `TestScheduler`, and each output is recorded on its own, with its virtual time, as RxTest
/// records them. Answers come from an `HTTPStub`; while they are on their way the clock
/// stands still.
@MainActor
@Suite(.sharingTMDBClient)
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
        private let isLoadingCount = Tally()
        private let disposeBag = DisposeBag()

        init(movie: Movie, inputs: [Recorded<Event<UserInput>>]) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal(_ wanted: UserInput) -> Signal<Void> {
                inputs.filter { $0 == wanted }.map { _ in () }.asSignal(onErrorSignalWith: .empty())
            }
            viewModel = MovieDetailViewModel(movie: movie)
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
            }
        }

        /// Runs the inputs up to `time`, then waits, with the clock standing still, until
        /// `isLoading` has sent `count` values in all: each load sends `true`, then `false`.
        func advance(to time: TestTime, untilIsLoadingValues count: Int) async -> Bool {
            scheduler.advance(to: time)
            return await isLoadingCount.wait(until: count)
        }

        var shownDetail: Detail? { detail.events.last?.value.element ?? nil }
    }

    let stub = HTTPStub()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")
    let detailPath = "/3/movie/550"
    let videosPath = "/3/movie/550/videos"

    init() {
        stub.installAsSharedClient()
    }

    @Test func theDetailShowsWithFormattedFactsAfterBothRequestsRanTogether() async throws {
        // D1, D2, D7: each answer takes 250 ms, so the two requests overlap only when they
        // are sent together.
        stub.respond(
            to: detailPath,
            with: Fixtures.detail(
                .init(id: 550, title: "Dune: Part Two"), delay: .milliseconds(250)))
        stub.respond(
            to: videosPath,
            with: Fixtures.videos(
                id: 550, [.init(key: "teaser", type: "Teaser"), .init(key: "trailer")],
                delay: .milliseconds(250)))
        let harness = Harness(movie: movie, inputs: [.next(210, .viewDidLoad)])

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 3))

        #expect(harness.title.events == [.next(200, "Dune: Part Two"), .completed(200)])
        #expect(harness.subtitle.events == [.next(200, "TMDB"), .completed(200)])
        #expect(
            harness.isLoading.events == [.next(200, false), .next(210, true), .next(210, false)])
        let shown = try #require(harness.shownDetail)
        #expect(harness.detail.events == [.next(200, nil), .next(210, shown)])
        #expect(harness.errorMessage.events == [.next(200, nil)])
        #expect(shown.tagline == "A line under the title.")
        #expect(
            shown.facts == [
                "Science Fiction, Adventure", "2h 19m · Released 2024-02-27",
                "★ 8.4 (12,345 votes)",
            ])
        #expect(shown.overview == "A short overview written for this test.")
        #expect(
            shown.cast == [
                "Ada One as Pilot", "Ben Two as Navigator", "Cy Three as Engineer",
                "Di Four as Doctor", "Ed Five as Cook",
            ])
        #expect(shown.trailerLink == "https://www.youtube.com/watch?v=trailer")
        let detail = try #require(stub.requests(path: detailPath).first)
        let videos = try #require(stub.requests(path: videosPath).first)
        #expect(detail.overlaps(videos), "D2: detail and videos in flight together")
    }

    @Test func eachOutputSendsOnlyWhatChanged() async {
        // The outputs are view-ready: the hints name only keys that work (D4), and no output
        // repeats a value, so a view is set again only when what it shows changes.
        stub.respond(to: detailPath, with: Fixtures.detail(.init(id: 550, title: "Dune")))
        stub.respond(to: videosPath, with: Fixtures.videos(id: 550, []))
        let harness = Harness(movie: movie, inputs: [.next(210, .viewDidLoad)])

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 3))

        #expect(
            harness.hints.events == [
                .next(200, "b back · ? help · q quit"),
                .next(210, "↑↓ scroll · b back · ? help · q quit"),
            ])
        #expect(harness.loadingText.events == [.next(200, "Loading…")])
    }

    @Test func failingVideosCostOnlyTheTrailer() async {
        // D3
        stub.respond(to: detailPath, with: Fixtures.detail(.init(id: 550, title: "Dune")))
        stub.respond(to: videosPath, with: .failure(.timedOut))
        let harness = Harness(movie: movie, inputs: [.next(210, .viewDidLoad)])

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 3))

        #expect(harness.shownDetail?.tagline == "A line under the title.")
        #expect(harness.shownDetail?.trailerLink == "")
        #expect(harness.shownDetail?.cast.count == 5)
        #expect(harness.errorMessage.events == [.next(200, nil)])
    }

    @Test func aFailedDetailShowsTheMessageAndRetryLoadsIt() async throws {
        // D4: the outputs keep flowing after the error, and `retry` loads again.
        stub.respond(
            to: detailPath,
            withSequence: [
                .tmdbError(statusCode: 404, code: 34, message: "Not found."),
                Fixtures.detail(.init(id: 550, title: "Dune: Part Two")),
            ])
        stub.respond(to: videosPath, with: Fixtures.videos(id: 550, []))
        let harness = Harness(
            movie: movie, inputs: [.next(210, .viewDidLoad), .next(300, .retry)])

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 3))
        #expect(await harness.advance(to: 300, untilIsLoadingValues: 5))

        #expect(
            harness.errorMessage.events == [
                .next(200, nil), .next(210, TMDBError.notFound.message), .next(300, nil),
            ])
        #expect(
            harness.hints.events == [
                .next(200, "b back · ? help · q quit"),
                .next(210, "r retry · b back · ? help · q quit"),
                .next(300, "b back · ? help · q quit"),
                .next(300, "↑↓ scroll · b back · ? help · q quit"),
            ])
        let shown = try #require(harness.shownDetail)
        #expect(harness.detail.events == [.next(200, nil), .next(300, shown)])
        #expect(shown.tagline == "A line under the title.")
        #expect(stub.requests(path: detailPath).count == 2)
    }

    @Test func theAnswersToAScreenLeftWhileLoadingNeverShow() async {
        // E1: leaving at 300 stops the load; both answers still come 300 ms after they were
        // asked for, to nobody.
        stub.respond(
            to: detailPath,
            with: Fixtures.detail(.init(id: 550, title: "Dune"), delay: .milliseconds(300)))
        stub.respond(to: videosPath, with: Fixtures.videos(id: 550, [], delay: .milliseconds(300)))
        let harness = Harness(
            movie: movie, inputs: [.next(210, .viewDidLoad), .next(300, .viewDidDisappear)])
        let detailPath = detailPath
        let videosPath = videosPath

        #expect(await harness.advance(to: 210, untilIsLoadingValues: 2))
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) {
                $0.requests(path: detailPath).count == 1 && $0.requests(path: videosPath).count == 1
            })
        #expect(await harness.advance(to: 300, untilIsLoadingValues: 3))
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle },
            "the answers never came")

        #expect(
            harness.isLoading.events == [.next(200, false), .next(210, true), .next(300, false)])
        #expect(harness.detail.events == [.next(200, nil)])
        #expect(harness.errorMessage.events == [.next(200, nil)])
    }
}
