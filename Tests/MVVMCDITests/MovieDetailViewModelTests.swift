import Foundation
import StepTestSupport
import TMDB
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMCDI

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

/// One movie as Input → Output on virtual time, against a fake service it is handed.
/// Inputs are hot observables on a `TestScheduler`; answers held at a `Gate` are let through
/// at a virtual time; every state is recorded with its time and checked, in order.
@MainActor
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

        init(
            movie: Movie, service: FakeMovieService, dataSourceName: String = "fake data",
            inputs: [Recorded<Event<UserInput>>]
        ) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal(_ wanted: UserInput) -> Signal<Void> {
                inputs.filter { $0 == wanted }.map { _ in () }.asSignal(onErrorSignalWith: .empty())
            }
            viewModel = MovieDetailViewModel(
                movie: movie, movieService: service, dataSourceName: dataSourceName)
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

        /// Opens `gates` at the virtual time `time`.
        func open(_ gates: Gate..., at time: TestTime) {
            scheduler.scheduleAt(time) {
                for gate in gates {
                    gate.open()
                }
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

        #expect(await harness.advance(to: 210, untilStates: 2))
        #expect(await detailGate.waitForWaiters(1))
        #expect(await videosGate.waitForWaiters(1))
        #expect(Set(service.calls) == [.movieDetail(id: 550), .movieVideos(id: 550)])
        #expect(service.answered.isEmpty)
        #expect(await harness.advance(to: 300, untilStates: 3))

        let source = "a source named by the container"
        #expect(
            harness.summaries == [
                .next(200, "\(source) | —"),
                .next(210, "\(source) | loading"),
                .next(
                    300,
                    "\(source) | Dune: Part Two (2024) · trailer https://www.youtube.com/watch?v=Way9Dexny3w"
                ),
            ])
        let shown = try #require(harness.latest)
        #expect(shown.tagline == "Long live the fighters.")
        #expect(
            shown.facts == [
                "Science Fiction, Adventure", "2h 46m · Released 2024-02-27",
                "★ 8.2 (6,543 votes)",
            ])
        #expect(shown.overview == "Paul Atreides unites with the Fremen.")
        #expect(shown.cast.count == 5)
        #expect(shown.cast.first == "Timothée Chalamet as Paul Atreides")
        #expect(service.calls.count == 2)
    }

    @Test func failingVideosCostOnlyTheTrailer() async {
        // D3
        service.answerDetail(id: 550, with: .success(Sample.detail()))
        service.answerVideos(id: 550, with: .failure(.serverError(status: 502)))
        let harness = Harness(movie: movie, service: service, inputs: [.next(210, .viewDidLoad)])

        #expect(await harness.advance(to: 210, untilStates: 3))

        #expect(
            harness.summaries == [
                .next(200, "fake data | —"),
                .next(210, "fake data | loading"),
                .next(210, "fake data | Dune: Part Two (2024) · no trailer"),
            ])
        #expect(harness.latest?.overview == "Paul Atreides unites with the Fremen.")
    }

    @Test func aFailedDetailShowsTheMessageAndRetryLoadsIt() async {
        // D4: `r` before the failure is ignored; after it, it loads again.
        service.answerDetail(id: 550, with: .failure(.timedOut))
        service.answerDetail(id: 550, with: .success(Sample.detail()))
        service.answerVideos(id: 550, with: .success([]))
        let harness = Harness(
            movie: movie, service: service,
            inputs: [.next(205, .retry), .next(210, .viewDidLoad), .next(300, .retry)])

        #expect(await harness.advance(to: 210, untilStates: 4))
        #expect(await harness.advance(to: 300, untilStates: 6))

        #expect(
            harness.summaries == [
                .next(200, "fake data | —"),
                .next(205, "fake data | —"),
                .next(210, "fake data | loading"),
                .next(210, "fake data | error: \(TMDBError.timedOut.message)"),
                .next(300, "fake data | loading"),
                .next(300, "fake data | Dune: Part Two (2024) · no trailer"),
            ])
        #expect(service.count(of: .movieDetail(id: 550)) == 2)
        #expect(service.count(of: .movieVideos(id: 550)) == 2)
    }

    @Test func theAnswerToAScreenLeftWhileLoadingNeverShows() async {
        // E1: the detail is held until 400; leaving at 300 cancels the call, and the late
        // answer, handed back anyway, changes nothing; `r` at 500 finds no error to retry.
        let gate = Gate()
        service.answerDetail(id: 550, with: .success(Sample.detail()), gate: gate)
        service.answerVideos(id: 550, with: .success([]))
        let harness = Harness(
            movie: movie, service: service,
            inputs: [.next(210, .viewDidLoad), .next(300, .viewDidDisappear), .next(500, .retry)])
        harness.open(gate, at: 400)

        #expect(await harness.advance(to: 210, untilStates: 2))
        #expect(await gate.waitForWaiters(1))
        #expect(await harness.advance(to: 300, untilStates: 3))
        #expect(await gate.waitForCancellations(1), "leaving did not cancel the load")
        harness.scheduler.advance(to: 400)
        #expect(await service.waitForAnswer(to: .movieDetail(id: 550)))
        #expect(await harness.advance(to: 500, untilStates: 4))

        #expect(
            harness.summaries == [
                .next(200, "fake data | —"),
                .next(210, "fake data | loading"),
                .next(300, "fake data | —"),
                .next(500, "fake data | —"),
            ])
        #expect(service.count(of: .movieDetail(id: 550)) == 1)
    }
}
