import StepTestSupport
import TMDB
import TMDBTestSupport
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import MVVMIO

/// Lesson 03, exercise 1: the list has one more output, `pageCount`, read from the state as
/// the others are, so it sends a value only when it changes. `swift run lessons check 3.1`
/// runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct PageCountTests {
    let stub = HTTPStub()
    let scheduler = TestScheduler()
    let values = Tally()
    let disposeBag = DisposeBag()

    init() {
        stub.installAsSharedClient()
    }

    @Test(
        "pageCount says which page of how many, once for each change and never again",
        arguments: [3, 7])
    func pageCountSendsOnlyChanges(totalPages: Int) async {
        // "How many" is what TMDB says: the same test with 3 pages and with 7.
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "1"],
            with: Fixtures.page(1, of: totalPages, Fixtures.movies(1...20)))
        stub.respond(
            to: "/3/trending/movie/week", query: ["page": "2"],
            with: Fixtures.page(2, of: totalPages, Fixtures.movies(21...40)))
        // Page 1 at 210; row 19 at 300 asks for page 2; the moves at 310 and 320 change
        // only the selection, and `r` at 400 reloads page 1, the rows of pages 1 and 2
        // staying in view until it comes (T10).
        let load = scheduler.createHotObservable([.next(210, ())])
        let selections = scheduler.createHotObservable([
            .next(300, 19), .next(310, 3), .next(320, 4),
        ])
        let retry = scheduler.createHotObservable([.next(400, ())])
        let output = TrendingViewModel(timeWindow: .week).transform(
            input: TrendingViewModel.Input(
                viewDidLoad: load.asSignal(onErrorSignalWith: .empty()),
                toggleTimeWindow: .empty(),
                retry: retry.asSignal(onErrorSignalWith: .empty()),
                selection: selections.asSignal(onErrorSignalWith: .empty()),
                rowWillDisplay: .empty(),
                selectMovie: .empty(),
                hasRoomForPreview: .just(false)))
        let pageCount = scheduler.createObserver(String.self)
        output.pageCount
            .drive(onNext: { [values] value in
                pageCount.on(.next(value))
                values.increment()
            })
            .disposed(by: disposeBag)
        var sent: String {
            pageCount.events.map { "\($0.value.element.map { "“\($0)”" } ?? "?") at \($0.time)" }
                .joined(separator: ", ")
        }
        /// Whether the last value sent is `value`, waiting up to 5 s for answers on their way.
        func lastValue(is value: String) async -> Bool {
            await waitUntil(timeout: .seconds(5)) {
                _ = values.count
                return pageCount.events.last?.value.element == value
            }
        }
        scheduler.advance(to: 210)
        #expect(
            await lastValue(is: "page 1 of \(totalPages)"),
            "“page 1 of \(totalPages)” once page 1 arrived at 210; 5 s later: \(sent)")
        scheduler.advance(to: 300)
        #expect(
            await lastValue(is: "page 2 of \(totalPages)"),
            "“page 2 of \(totalPages)” once page 2 arrived at 300; 5 s later: \(sent)")
        scheduler.advance(to: 320)
        scheduler.advance(to: 400)
        #expect(
            await lastValue(is: "page 1 of \(totalPages)"),
            "`r` at 400 reloads: page 1 takes the place of pages 1 and 2, “page 1 of \(totalPages)”; 5 s later: \(sent)"
        )
        #expect(
            pageCount.events == [
                .next(0, ""), .next(210, "page 1 of \(totalPages)"),
                .next(300, "page 2 of \(totalPages)"), .next(400, "page 1 of \(totalPages)"),
            ], "sent: \(sent)")
    }
}
