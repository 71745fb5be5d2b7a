import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMIO

/// Lesson 03, exercise 1: the list's state is `Equatable`, and its output sends a state only
/// when it changed. `swift run lessons check 3.1` runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct DistinctStatesTests {
    typealias State = TrendingViewModel.State

    let stub = HTTPStub()
    let scheduler = TestScheduler()
    let stateCount = Tally()
    let disposeBag = DisposeBag()

    init() {
        stub.installAsSharedClient()
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: Fixtures.page(1, of: 3, Fixtures.movies(1...20)))
    }

    /// A state in a few words, to say what arrived when something did not.
    private static func describe(_ state: State) -> String {
        if state.isLoadingFirstPage { return "loading" }
        if let error = state.loadError { return "failed: \(error.message)" }
        let movies = state.rowCount == 0 ? "the empty list" : "\(state.rowCount) movies"
        return state.selectedRow == 0 ? movies : "\(movies), row \(state.selectedRow)"
    }

    @Test("TrendingViewModel.State is Equatable")
    func stateIsEquatable() {
        #expect(State() == State())
        #expect(State(timeWindow: .day) != State(timeWindow: .week))
        #expect(State(selectedRow: 3) != State(selectedRow: 4))
    }

    @Test("the state output never sends a state equal to the one before it")
    func noStateRepeatsTheOneBefore() async {
        // Row 3 is chosen twice, then `r` while the first page is shown reloads it.
        let selections = scheduler.createHotObservable([.next(300, 3), .next(310, 3)])
        let load = scheduler.createHotObservable([.next(210, ())])
        let output = TrendingViewModel(timeWindow: .week).transform(
            input: TrendingViewModel.Input(
                viewDidLoad: load.asSignal(onErrorSignalWith: .empty()),
                toggleTimeWindow: .empty(),
                retry: .empty(),
                selection: selections.asSignal(onErrorSignalWith: .empty()),
                rowWillDisplay: .empty(),
                selectMovie: .empty()))
        var states: [State] = []
        output.state
            .drive(onNext: { [stateCount] state in
                states.append(state)
                stateCount.increment()
            })
            .disposed(by: disposeBag)
        scheduler.advance(to: 210)
        var arrived: String { states.map(Self.describe).joined(separator: ", ") }
        #expect(
            await stateCount.wait(until: 3, timeout: .seconds(5)),
            "3 states by 210 (the empty list, loading, 20 movies); 5 s later: \(arrived)")
        scheduler.advance(to: 400)
        let repeats = zip(states, states.dropFirst()).filter { $0 == $1 }.count
        #expect(repeats == 0, "\(repeats) states equal to the state before them")
        #expect(
            states.map(\.selectedRow) == [0, 0, 0, 3],
            "the empty list, loading, page 1, then row 3 once")
    }
}
