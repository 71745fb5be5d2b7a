import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMIO

/// Lesson 03, exercise 2: `R` reloads the list once the key has been quiet for 500 ms.
/// `swift run lessons check 3.2` runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct DebouncedReloadTests {
    let stub = HTTPStub()
    let scheduler = TestScheduler()
    /// How many states the view model has sent, to wait on while a page is on its way.
    let stateCount = Tally()
    let disposeBag = DisposeBag()

    init() {
        stub.installAsSharedClient()
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: Fixtures.page(1, of: 3, Fixtures.movies(1...20)))
    }

    /// The view model with its first page loaded at 210 and `R` typed at each of `keyTimes`;
    /// returns the times of the loading states it sent.
    private func loadingTimes(
        keyTimes: [TestTime], runningTo end: TestTime, states: Int
    ) async -> [TestTime] {
        let viewModel = TrendingViewModel(timeWindow: .week, scheduler: scheduler)
        let load = scheduler.createHotObservable([.next(210, ())])
        let keys = scheduler.createHotObservable(keyTimes.map { .next($0, ()) })
        let output = viewModel.transform(
            input: TrendingViewModel.Input(
                viewDidLoad: load.asSignal(onErrorSignalWith: .empty()),
                toggleTimeWindow: .empty(),
                retry: .empty(),
                selection: .empty(),
                selectMovie: .empty(),
                reloadWhenQuiet: keys.asSignal(onErrorSignalWith: .empty())))
        var times: [TestTime] = []
        output.state
            .drive(onNext: { [scheduler, stateCount] state in
                if state.isLoadingFirstPage { times.append(scheduler.clock) }
                stateCount.increment()
            })
            .disposed(by: disposeBag)
        scheduler.advance(to: 210)
        #expect(await stateCount.wait(until: 3), "the first page never arrived")
        scheduler.advance(to: end)
        #expect(await stateCount.wait(until: states), "the reloaded page never arrived")
        return times
    }

    @Test("R twice, 100 ms apart, reloads once, 500 ms after the second R")
    func rTwiceReloadsOnce() async {
        let times = await loadingTimes(keyTimes: [300, 400], runningTo: 1000, states: 5)
        #expect(times == [210, 900], "a loading state at 210 (the first load) and at 900")
        #expect(stub.pageRequests(.week, page: 1).count == 2, "page 1 requested twice in all")
    }

    @Test("R does not reload while the key is still being pressed")
    func rWaitsForQuiet() async {
        let times = await loadingTimes(keyTimes: [300, 700], runningTo: 1199, states: 3)
        #expect(times == [210], "no reload before 1200, 500 ms after the last R")
        #expect(stub.pageRequests(.week, page: 1).count == 1)
    }
}
