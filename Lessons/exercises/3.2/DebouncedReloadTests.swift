import ImagePipeline
import MovieLauncher
import MovieUI
import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMIO

/// Lesson 03, exercise 2: `R` reloads the list once the key has been quiet for 500 ms.
/// `swift run lessons check 3.2` runs these against your working copy: the view model on a
/// virtual time line, then the whole app on a virtual terminal, where `R` is typed as a user
/// types it.
@MainActor
@Suite(.sharingTMDBClient)
struct DebouncedReloadTests {
    let stub = HTTPStub()
    let scheduler = TestScheduler()
    /// How many values `isLoadingPageOne` has sent, to wait on while a page is on its way.
    let loadingValues = Tally()
    let disposeBag = DisposeBag()

    init() {
        stub.installAsSharedClient()
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: Fixtures.page(1, of: 3, Fixtures.movies(1...20)))
    }

    /// The view model with its first page loaded at 210 and `R` typed at each of `keyTimes`;
    /// returns the times at which page 1 was on its way, once `values` values have come:
    /// the first page, shown as loading, or a reload, whose rows stay while the status line
    /// says "Reloading…" (T10).
    private func loadingTimes(
        keyTimes: [TestTime], runningTo end: TestTime, values: Int
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
                rowWillDisplay: .empty(),
                selectMovie: .empty(),
                reloadWhenQuiet: keys.asSignal(onErrorSignalWith: .empty()),
                hasRoomForPreview: .just(false)))
        var times: [TestTime] = []
        var seen: [String] = []
        let isLoadingPageOne = Driver.combineLatest(output.isLoading, output.status) {
            isLoading, status in isLoading || status == .activity("Reloading…")
        }.distinctUntilChanged()
        isLoadingPageOne
            .drive(onNext: { [scheduler, loadingValues] isLoading in
                if isLoading { times.append(scheduler.clock) }
                seen.append("\(isLoading ? "loading" : "not loading") at \(scheduler.clock)")
                loadingValues.increment()
            })
            .disposed(by: disposeBag)
        var arrived: String { seen.joined(separator: ", ") }
        scheduler.advance(to: 210)
        #expect(
            await loadingValues.wait(until: 3, timeout: .seconds(5)),
            "not loading, loading, not loading by 210 (the first page); 5 s later: \(arrived)")
        scheduler.advance(to: end)
        #expect(
            await loadingValues.wait(until: values, timeout: .seconds(5)),
            "\(values) values of loading and not loading by \(end); 5 s later: \(arrived)")
        return times
    }

    @Test("R twice, 100 ms apart, reloads once, 500 ms after the second R")
    func rTwiceReloadsOnce() async {
        let times = await loadingTimes(keyTimes: [300, 400], runningTo: 1000, values: 5)
        #expect(times == [210, 900], "loading at 210 (the first load) and at 900")
        #expect(stub.pageRequests(.week, page: 1).count == 2, "page 1 requested twice in all")
    }

    @Test("R does not reload while the key is still being pressed")
    func rWaitsForQuiet() async {
        let times = await loadingTimes(keyTimes: [300, 700], runningTo: 1199, values: 3)
        #expect(times == [210], "no reload before 1200, 500 ms after the last R")
        #expect(stub.pageRequests(.week, page: 1).count == 1)
    }

    @Test("R after a failed next page starts over from page 1: a reload, not r's retry")
    func rReloadsEvenAfterAFailedPage() async {
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            with: .failure(.notConnectedToInternet))
        let viewModel = TrendingViewModel(timeWindow: .week, scheduler: scheduler)
        // Page 1 at 210; row 19 at 300 asks for page 2, which fails; R at 400.
        let load = scheduler.createHotObservable([.next(210, ())])
        let selections = scheduler.createHotObservable([.next(300, 19)])
        let keys = scheduler.createHotObservable([.next(400, ())])
        let output = viewModel.transform(
            input: TrendingViewModel.Input(
                viewDidLoad: load.asSignal(onErrorSignalWith: .empty()),
                toggleTimeWindow: .empty(),
                retry: .empty(),
                selection: selections.asSignal(onErrorSignalWith: .empty()),
                rowWillDisplay: .empty(),
                selectMovie: .empty(),
                reloadWhenQuiet: keys.asSignal(onErrorSignalWith: .empty()),
                hasRoomForPreview: .just(false)))
        var status: TrendingViewModel.Status?
        let statusValues = Tally()
        output.status
            .drive(onNext: { [statusValues] value in
                status = value
                statusValues.increment()
            })
            .disposed(by: disposeBag)
        var position = ""
        output.position
            .drive(onNext: { [statusValues] value in
                position = value
                statusValues.increment()
            })
            .disposed(by: disposeBag)
        let requests = { (page: Int) in stub.pageRequests(.week, page: page).count }
        scheduler.advance(to: 210)
        let loaded = await waitUntil(timeout: .seconds(5)) {
            _ = statusValues.count
            return position == "1 / 20"
        }
        #expect(loaded, "page 1 arrives at 210; 5 s later the position is “\(position)”")
        guard loaded else { return }
        scheduler.advance(to: 300)
        let failed = await waitUntil(timeout: .seconds(5)) {
            _ = statusValues.count
            if case .failed = status { return true }
            return false
        }
        #expect(
            failed,
            "page 2 fails by 300; 5 s later the status line says \(String(describing: status))")
        guard failed else { return }
        scheduler.advance(to: 900)
        #expect(
            await eventually(timeout: .seconds(5)) { requests(1) == 2 },
            """
            500 ms after R, the list starts over from page 1; instead the requests were, in all: \
            page 1 ×\(requests(1)), page 2 ×\(requests(2)). After a failed page, r retries \
            that page and keeps the list (T9); R reloads, as t does (T10).
            """)
        #expect(requests(2) == 1, "R asks for page 2 no more: it starts over")
    }

    @Test("in the running app, R reloads the list once the key has been quiet for 500 ms")
    func theAppReloadsOnR() async {
        let clock = TestClock()
        let client = stub.makeClient(retryPolicy: .immediate)
        let app = App(
            client: client, imageLoader: ImagePipeline(client: client), timeWindow: .week,
            clock: clock)
        let terminal = VirtualTerminal()
        let application = Application(
            rootViewController: app.makeRootViewController(), terminal: terminal,
            help: MovieApp.help(for: client.configuration))
        application.start()
        // The rows that show something, each with its runs of spaces made one; no more than
        // a message can show.
        var screen: String {
            String(
                terminal.rows.map { $0.split(separator: " ").joined(separator: " ") }
                    .filter { !$0.isEmpty }.joined(separator: " | ").prefix(300))
        }
        #expect(
            await application.waitUntil(timeout: .seconds(5)) {
                application.isSettled && terminal.rows.contains { $0.contains("Movie 20") }
            }, "the list never showed its first page; the screen reads: \(screen)")
        let requests = { stub.pageRequests(.week, page: 1).count }
        #expect(requests() == 1, "page 1 is requested once at launch")

        application.send(.character("R"))
        application.send(.character("R"))
        // A debounce on the app's clock waits for it to move; one on real time reloads by itself.
        let started = await eventually(timeout: .seconds(5)) {
            clock.nextDeadline != nil || requests() > 1
        }
        #expect(
            started,
            """
            R, typed twice in the app, started nothing in 5 s: no 500 ms wait and no reload. \
            Does TrendingViewController handle .character("R") and send it to reloadWhenQuiet?
            """)
        guard started else { return }
        if let deadline = clock.nextDeadline {
            #expect(requests() == 1, "no reload before the key has been quiet for 500 ms")
            #expect(
                deadline.offset == .milliseconds(500),
                "R waits 500 ms on the app's clock, not \(deadline.offset)")
            clock.advance(to: deadline)
        }
        #expect(
            await eventually(timeout: .seconds(5)) { requests() == 2 },
            "500 ms after the last R, page 1 is requested again; requests: \(requests())")
        #expect(
            await application.waitUntil(timeout: .seconds(5)) {
                application.isSettled && terminal.rows.contains { $0.contains("Movie 20") }
            }, "the reloaded list never showed; the screen reads: \(screen)")
        #expect(requests() == 2, "R twice is one reload: page 1 requested twice in all")
    }
}
