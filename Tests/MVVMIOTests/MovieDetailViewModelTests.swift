import Foundation
import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMIO

/// The detail's reducer alone: each action on a given state gives exactly one next state.
@MainActor
struct MovieDetailStateTests {
    typealias State = MovieDetailViewModel.State

    /// Every stored property of a state but the movie, comparable.
    struct Snapshot: Equatable {
        var detail: MovieDetail?
        var trailer: Video?
        var isLoading: Bool
        var loadError: TMDBError?

        init(_ state: State) {
            detail = state.detail
            trailer = state.trailer
            isLoading = state.isLoading
            loadError = state.loadError
        }

        init(
            detail: MovieDetail? = nil, trailer: Video? = nil, isLoading: Bool = false,
            loadError: TMDBError? = nil
        ) {
            self.detail = detail
            self.trailer = trailer
            self.isLoading = isLoading
            self.loadError = loadError
        }
    }

    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")
    let detail = MovieDetail(
        id: 550, title: "Dune: Part Two", tagline: "Long live the fighters.",
        overview: "Paul Atreides unites with the Fremen.",
        genres: [Genre(id: 878, name: "Science Fiction")], runtime: 166,
        releaseDate: "2024-02-27", voteAverage: 8.16, voteCount: 6_543, cast: [])
    let trailer = Video(id: "v1", key: "trailer", publishedAt: Date(timeIntervalSince1970: 0))

    var initial: State { State(movie: movie, dataSourceName: "TMDB") }

    @Test func loadStartsLoading() {
        // D1
        #expect(Snapshot(initial.reduced(by: .load)) == Snapshot(isLoading: true))
        #expect(initial.title == "Dune: Part Two")
        #expect(initial.heading == "Dune: Part Two")
        #expect(initial.subtitle == "TMDB")
    }

    @Test func theAnswerWhileLoadingShowsTheDetailAndTrailer() {
        // D1, D7
        let loading = initial.reduced(by: .load)
        let shown = loading.reduced(by: .loaded(detail, trailer: trailer))
        #expect(Snapshot(shown) == Snapshot(detail: detail, trailer: trailer))
        #expect(shown.isShowingDetail)
        #expect(shown.heading == "Dune: Part Two (2024)")
        #expect(shown.trailerLink == "https://www.youtube.com/watch?v=trailer")
    }

    @Test func aFailureWhileLoadingShowsTheMessage() {
        // D4
        let failed = initial.reduced(by: .load).reduced(by: .failed(.notFound))
        #expect(Snapshot(failed) == Snapshot(loadError: .notFound))
        #expect(failed.errorMessage == TMDBError.notFound.message)
        #expect(!failed.isShowingDetail)
    }

    @Test func retryLoadsAgainOnlyAfterAFailure() {
        // D4: `r` means something only on the error screen.
        let failed = initial.reduced(by: .load).reduced(by: .failed(.timedOut))
        #expect(Snapshot(failed.reduced(by: .retry)) == Snapshot(isLoading: true))
        let loading = initial.reduced(by: .load)
        #expect(Snapshot(loading.reduced(by: .retry)) == Snapshot(loading))
        let shown = loading.reduced(by: .loaded(detail, trailer: nil))
        #expect(Snapshot(shown.reduced(by: .retry)) == Snapshot(shown))
    }

    @Test func anAnswerAfterStopChangesNothing() {
        // E1: the screen was left while loading.
        let stopped = initial.reduced(by: .load).reduced(by: .stop)
        #expect(Snapshot(stopped) == Snapshot())
        #expect(Snapshot(stopped.reduced(by: .loaded(detail, trailer: trailer))) == Snapshot())
        #expect(Snapshot(stopped.reduced(by: .failed(.offline))) == Snapshot())
    }
}

/// One movie as Input → Output on virtual time: inputs are hot observables on a
/// `TestScheduler`, every state is recorded with its virtual time and checked, in order.
/// Answers come from an `HTTPStub`; while they are on their way the clock stands still.
@MainActor
@Suite(.sharingTMDBClient)
struct MovieDetailViewModelTests {
    typealias State = MovieDetailViewModel.State

    /// What the user does, on one timeline; each case feeds one of the inputs.
    enum UserInput {
        case viewDidLoad
        case retry
        case viewDidDisappear
    }

    /// A view model whose inputs play `inputs`, with its state recorded from time 200.
    @MainActor
    final class Harness {
        let scheduler = TestScheduler()
        let viewModel: MovieDetailViewModel
        let output: MovieDetailViewModel.Output
        let states: TestableObserver<State>
        private let stateCount = Tally()
        private let disposeBag = DisposeBag()

        init(movie: Movie, inputs: [Recorded<Event<UserInput>>]) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal(_ wanted: UserInput) -> Signal<Void> {
                inputs.filter { $0 == wanted }.map { _ in () }.asSignal(onErrorSignalWith: .empty())
            }
            viewModel = MovieDetailViewModel(movie: movie)
            output = viewModel.transform(
                input: MovieDetailViewModel.Input(
                    viewDidLoad: signal(.viewDidLoad), retry: signal(.retry),
                    viewDidDisappear: signal(.viewDidDisappear)))
            states = scheduler.createObserver(State.self)
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { [self] in
                output.state.asObservable()
                    .subscribe { [states, stateCount] event in
                        states.on(event)
                        stateCount.increment()
                    }
                    .disposed(by: disposeBag)
            }
        }

        /// Runs the inputs up to `time`, then waits, with the clock standing still, until
        /// `count` states have been recorded in all.
        func advance(to time: TestTime, untilStates count: Int) async -> Bool {
            scheduler.advance(to: time)
            return await stateCount.wait(until: count)
        }

        var summaries: [Recorded<Event<String>>] {
            states.events.map { recorded in
                switch recorded.value {
                case .next(let state): .next(recorded.time, Self.summary(of: state))
                case .error(let error): .error(recorded.time, error)
                case .completed: .completed(recorded.time)
                }
            }
        }

        var latest: State? { states.events.last?.value.element }

        /// "subtitle | body": loading, the error, the heading with the trailer, or "—".
        static func summary(of state: State) -> String {
            let body: String
            if state.isLoading {
                body = "loading"
            } else if let errorMessage = state.errorMessage {
                body = "error: \(errorMessage)"
            } else if state.isShowingDetail {
                body =
                    "\(state.heading) · "
                    + (state.trailerLink.isEmpty ? "no trailer" : "trailer \(state.trailerLink)")
            } else {
                body = "—"
            }
            return "\(state.subtitle) | \(body)"
        }
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

        #expect(await harness.advance(to: 210, untilStates: 3))

        #expect(
            harness.summaries == [
                .next(200, "TMDB | —"),
                .next(210, "TMDB | loading"),
                .next(
                    210,
                    "TMDB | Dune: Part Two (2024) · trailer https://www.youtube.com/watch?v=trailer"
                ),
            ])
        let shown = try #require(harness.latest)
        #expect(shown.title == "Dune: Part Two")
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
        let detail = try #require(stub.requests(path: detailPath).first)
        let videos = try #require(stub.requests(path: videosPath).first)
        #expect(detail.overlaps(videos), "D2: detail and videos in flight together")
    }

    @Test func failingVideosCostOnlyTheTrailer() async {
        // D3
        stub.respond(to: detailPath, with: Fixtures.detail(.init(id: 550, title: "Dune")))
        stub.respond(to: videosPath, with: .failure(.timedOut))
        let harness = Harness(movie: movie, inputs: [.next(210, .viewDidLoad)])

        #expect(await harness.advance(to: 210, untilStates: 3))

        #expect(
            harness.summaries == [
                .next(200, "TMDB | —"),
                .next(210, "TMDB | loading"),
                .next(210, "TMDB | Dune (2024) · no trailer"),
            ])
        #expect(harness.latest?.cast.count == 5)
    }

    @Test func aFailedDetailShowsTheMessageAndRetryLoadsIt() async {
        // D4: the output keeps flowing after the error; `r` before the failure is ignored.
        stub.respond(
            to: detailPath,
            withSequence: [
                .tmdbError(statusCode: 404, code: 34, message: "Not found."),
                Fixtures.detail(.init(id: 550, title: "Dune: Part Two")),
            ])
        stub.respond(to: videosPath, with: Fixtures.videos(id: 550, []))
        let harness = Harness(
            movie: movie,
            inputs: [.next(205, .retry), .next(210, .viewDidLoad), .next(300, .retry)])

        #expect(await harness.advance(to: 210, untilStates: 4))
        #expect(await harness.advance(to: 300, untilStates: 6))

        #expect(
            harness.summaries == [
                .next(200, "TMDB | —"),
                .next(205, "TMDB | —"),
                .next(210, "TMDB | loading"),
                .next(210, "TMDB | error: \(TMDBError.notFound.message)"),
                .next(300, "TMDB | loading"),
                .next(300, "TMDB | Dune: Part Two (2024) · no trailer"),
            ])
        #expect(stub.requests(path: detailPath).count == 2)
    }

    @Test func theAnswersToAScreenLeftWhileLoadingNeverShow() async {
        // E1: leaving at 300 stops the wait; both answers still come 300 ms after they were
        // asked for, to nobody.
        stub.respond(
            to: detailPath,
            with: Fixtures.detail(.init(id: 550, title: "Dune"), delay: .milliseconds(300)))
        stub.respond(to: videosPath, with: Fixtures.videos(id: 550, [], delay: .milliseconds(300)))
        let harness = Harness(
            movie: movie, inputs: [.next(210, .viewDidLoad), .next(300, .viewDidDisappear)])
        let detailPath = detailPath
        let videosPath = videosPath

        #expect(await harness.advance(to: 210, untilStates: 2))
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) {
                $0.requests(path: detailPath).count == 1 && $0.requests(path: videosPath).count == 1
            })
        #expect(await harness.advance(to: 300, untilStates: 3))
        #expect(
            await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle },
            "the answers never came")

        #expect(
            harness.summaries == [
                .next(200, "TMDB | —"),
                .next(210, "TMDB | loading"),
                .next(300, "TMDB | —"),
            ])
    }
}
