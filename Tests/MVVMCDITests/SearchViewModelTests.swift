import Foundation
import StepTestSupport
import TMDB
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMCDI

/// The search against the fake service it is handed: the fake records every call, so each
/// test states exactly which queries and pages were asked for, and nothing more. Inputs are
/// hot observables on a `TestScheduler`, which also runs the 300 ms debounce.
@MainActor
struct SearchViewModelTests {
    typealias State = SearchViewModel.State
    typealias Call = FakeMovieService.Call

    /// What the user does, on one timeline, in the order written.
    enum UserInput {
        case text(String)
        case retry
        case select(Int)
        case display(Int)
        case open(Int)
    }

    /// A view model whose inputs play `inputs`, with its states recorded from time 200.
    @MainActor
    final class Harness {
        let scheduler = TestScheduler()
        let viewModel: SearchViewModel
        let output: SearchViewModel.Output
        let states: TestableObserver<State>
        let openedMovies: TestableObserver<Movie>
        private let stateCount = Tally()
        private let disposeBag = DisposeBag()

        init(service: FakeMovieService, inputs: [Recorded<Event<UserInput>>]) {
            let inputs = scheduler.createHotObservable(inputs).asObservable()
            func signal<Value>(_ pick: @escaping (UserInput) -> Value?) -> Signal<Value> {
                inputs.compactMap(pick).asSignal(onErrorSignalWith: .empty())
            }
            let openedMovies = scheduler.createObserver(Movie.self)
            self.openedMovies = openedMovies
            // S7: what Enter opens reaches the coordinator through these actions.
            let actions = SearchViewModelActions(showMovieDetail: { movie in
                openedMovies.on(.next(movie))
            })
            viewModel = SearchViewModel(
                scheduler: scheduler, actions: actions, movieService: service)
            output = viewModel.transform(
                input: SearchViewModel.Input(
                    text: signal { if case .text(let text) = $0 { text } else { nil } },
                    retry: signal { if case .retry = $0 { () } else { nil } },
                    selection: signal { if case .select(let row) = $0 { row } else { nil } },
                    rowWillDisplay: signal { if case .display(let row) = $0 { row } else { nil } },
                    selectMovie: signal { if case .open(let row) = $0 { row } else { nil } }))
            states = scheduler.createObserver(State.self)
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { [self] in
                output.state.asObservable()
                    .subscribe { [states, stateCount] event in
                        states.on(event)
                        stateCount.increment()
                    }
                    .disposed(by: disposeBag)
                output.selectedMovie.emit().disposed(by: disposeBag)
            }
        }

        /// Opens `gate` at the virtual time `time`.
        func open(_ gate: Gate, at time: TestTime) {
            scheduler.scheduleAt(time) { gate.open() }
        }

        /// Runs the inputs up to `time`, then waits, with the clock standing still, until
        /// `count` states have been recorded in all.
        func advance(to time: TestTime, untilStates count: Int) async -> Bool {
            scheduler.advance(to: time)
            return await stateCount.wait(until: count)
        }

        var latest: State? { states.events.last?.value.element }

        /// Waits, with the clock standing still, until the latest state satisfies `condition`.
        func waitForState(_ condition: (State) -> Bool) async -> Bool {
            await waitUntil(timeout: .seconds(60)) {
                _ = stateCount.count
                return latest.map(condition) ?? false
            }
        }

        /// The titles of every state's results, in order, for "never shown" checks.
        var everyTitleShown: Set<String> {
            Set(states.events.flatMap { $0.value.element?.movieList.movies.map(\.title) ?? [] })
        }

        var openedTitles: [Recorded<Event<String>>] {
            openedMovies.events.compactMap { recorded in
                recorded.value.element.map { .next(recorded.time, $0.title) }
            }
        }
    }

    let service = FakeMovieService()

    private func answer(
        _ query: String, page: Int = 1, of totalPages: Int = 1, _ movies: [Movie],
        gate: Gate? = nil
    ) {
        service.answerSearch(
            query: query, page: page, with: .success(Sample.page(page, of: totalPages, movies)),
            gate: gate)
    }

    /// The search calls the service received, in order.
    private var searchCalls: [Call] {
        service.calls.filter { if case .searchMovies = $0 { true } else { false } }
    }

    @Test func onlyTheQueriesWorthSendingReachTheService() async {
        // S2, S3: the typing pauses at 530 ("dune"), 900 (the same "dune " again), 1300
        // ("기생ㅊ", still composing), 1700 ("기생충"), 2100 (empty) and 2300 (" dune", new
        // again after 기생충). Three queries are sent, each once.
        answer("dune", Sample.movies(1...3, prefix: "Dune"))
        answer("기생충", Sample.movies(10...10, prefix: "Parasite"))
        let harness = Harness(
            service: service,
            inputs: [
                .next(210, .text("d")), .next(220, .text("du")), .next(230, .text("dune")),
                .next(600, .text("dune ")), .next(1000, .text("기생ㅊ")),
                .next(1400, .text("기생충")), .next(1800, .text("")), .next(2000, .text(" dune")),
            ])

        harness.scheduler.advance(to: 529)
        #expect(service.calls.isEmpty, "nothing before the pause")
        harness.scheduler.advance(to: 530)
        #expect(await harness.waitForState { $0.query == "dune" && $0.rowCount == 3 })
        harness.scheduler.advance(to: 1700)
        #expect(await harness.waitForState { $0.query == "기생충" && $0.rowCount == 1 })
        harness.scheduler.advance(to: 2300)
        #expect(await harness.waitForState { $0.query == "dune" && $0.rowCount == 3 })

        #expect(
            service.calls == [
                .searchMovies(query: "dune", page: 1), .searchMovies(query: "기생충", page: 1),
                .searchMovies(query: "dune", page: 1),
            ])
        #expect(service.answered == service.calls)
    }

    @Test func theOlderAnswerThatArrivesLateIsDropped() async {
        // S4, E1: "dun" is held at a gate deaf to cancellation; "dune" is sent at 830 and
        // answered; the gate opens at 900 and "dun"'s answer is handed back, to nobody.
        let gate = Gate()
        answer("dun", Sample.movies(1...1, prefix: "Old"), gate: gate)
        answer("dune", Sample.movies(2...2, prefix: "New"))
        let harness = Harness(
            service: service, inputs: [.next(210, .text("dun")), .next(530, .text("dune"))])
        harness.open(gate, at: 900)

        #expect(await harness.advance(to: 510, untilStates: 4))
        #expect(await gate.waitForWaiters(1))
        #expect(await harness.advance(to: 830, untilStates: 8))
        #expect(await gate.waitForCancellations(1), "the newer query stopped the wait")
        #expect(await harness.advance(to: 900, untilStates: 8))
        #expect(await service.waitForAnswer(to: .searchMovies(query: "dun", page: 1)))

        #expect(
            service.calls == [
                .searchMovies(query: "dun", page: 1), .searchMovies(query: "dune", page: 1),
            ])
        #expect(harness.latest?.movieList.movies.map(\.title) == ["New 2"])
        #expect(!harness.everyTitleShown.contains("Old 1"))
    }

    @Test func eachPageIsAskedForOnceAndNoPagePastTheLast() async {
        // S5: a burst of moves near the end asks for page 2 once; page 2 of 2 is the last.
        answer("movie", page: 1, of: 2, Sample.movies(1...20))
        answer("movie", page: 2, of: 2, Sample.movies(21...30))
        let harness = Harness(
            service: service,
            inputs: [
                .next(210, .text("movie")), .next(600, .select(15)), .next(600, .select(18)),
                .next(600, .select(19)), .next(700, .select(29)), .next(800, .open(29)),
            ])

        #expect(await harness.advance(to: 510, untilStates: 5))
        #expect(await harness.advance(to: 600, untilStates: 9))
        #expect(await harness.advance(to: 800, untilStates: 10))

        #expect(
            service.calls == [
                .searchMovies(query: "movie", page: 1), .searchMovies(query: "movie", page: 2),
            ])
        #expect(
            harness.latest?.footer
                == .ended(
                    "All 30 movies · ↑↓ move · enter open · / edit · esc close · ? help · q quit"))
        #expect(harness.openedTitles == [.next(800, "Movie 30")])
    }

    @Test func retryAsksForTheFailedQueryOnceMore() async {
        // S6
        service.answerSearch(query: "dune", page: 1, with: .failure(.offline))
        answer("dune", Sample.movies(1...2, prefix: "Dune"))
        let harness = Harness(
            service: service, inputs: [.next(210, .text("dune")), .next(600, .retry)])

        #expect(await harness.advance(to: 510, untilStates: 5))
        #expect(harness.latest?.message?.text == TMDBError.offline.message)
        #expect(await harness.advance(to: 600, untilStates: 7))

        #expect(
            service.calls == [
                .searchMovies(query: "dune", page: 1), .searchMovies(query: "dune", page: 1),
            ])
        #expect(harness.latest?.rowCount == 2)
        #expect(searchCalls.count == service.calls.count, "the search asked for nothing else")
    }
}
