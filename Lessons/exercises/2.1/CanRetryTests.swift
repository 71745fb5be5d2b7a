import Foundation
import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

@testable import MVVM

/// Lesson 02, exercise 1: the view models say whether there is something to retry
/// (`canRetry`), `retry()` returns nothing, and the controllers decide whether `r` is theirs:
/// in the detail and in the search, an `r` with nothing to retry is passed on and asks for
/// nothing.
/// `swift run lessons check 2.1` runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct CanRetryTests {
    let stub = HTTPStub()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    init() {
        stub.installAsSharedClient()
        stub.respond(
            to: "/3/movie/550",
            withSequence: [
                .failure(.notConnectedToInternet),
                Fixtures.detail(.init(id: 550, title: "Dune: Part Two")),
            ])
        stub.respond(to: "/3/movie/550/videos", with: Fixtures.videos(id: 550, []))
    }

    @Test("MovieDetailViewModel: canRetry only after a failure, and retry() returns nothing")
    func detailCanRetryOnlyAfterAFailure() async {
        let viewModel = MovieDetailViewModel(movie: movie)
        let retry: () -> Void = viewModel.retry
        #expect(!viewModel.canRetry, "nothing has failed before the first load")
        viewModel.viewDidLoad()
        #expect(
            await waitUntil(timeout: .seconds(5)) { !viewModel.isLoading },
            "the first load never ended")
        #expect(viewModel.canRetry, "the detail failed: r loads it again")
        retry()
        #expect(
            await waitUntil(timeout: .seconds(5)) { viewModel.isShowingDetail },
            "retry() after the failure never showed the detail")
        #expect(!viewModel.canRetry, "the detail is shown: nothing to retry")
        retry()
        #expect(
            stub.requests(path: "/3/movie/550").count == 2,
            "the first load and the one retry; retry() with nothing to retry requests nothing")
    }

    @Test("SearchViewModel: canRetry only once a query was sent, and retry() returns nothing")
    func searchCanRetryOnceAQueryWasSent() async {
        let sleeps = WaitableLog<Int>()
        let clock = TestClock(onSleep: { sleeps.append(0) })
        let viewModel = SearchViewModel(clock: clock)
        let retry: () -> Void = viewModel.retry
        #expect(!viewModel.canRetry, "no query has been sent")
        retry()
        #expect(stub.requests(path: "/3/search/movie").isEmpty, "retry() with no query sends none")
        viewModel.textDidChange("dune")
        #expect(
            await sleeps.wait(timeout: .seconds(5)) { $0.count >= 1 }, "the debounce never began")
        clock.advance(by: .milliseconds(300))
        #expect(
            await waitUntil(timeout: .seconds(5)) { viewModel.status != .activity("Searching…") },
            "the search for dune never ended")
        #expect(viewModel.canRetry, "a query was sent: r sends it again")
    }

    @Test("MovieDetailViewController: r is handled only when there is something to retry")
    func theControllerDecidesWhetherRIsItsKey() async {
        let viewModel = MovieDetailViewModel(movie: movie)
        let controller = MovieDetailViewController(viewModel: viewModel)
        #expect(!controller.handle(.character("r")), "before loading, r is not the detail's key")
        #expect(stub.requests(path: "/3/movie/550").isEmpty, "so it requests nothing")
        viewModel.viewDidLoad()
        #expect(
            await waitUntil(timeout: .seconds(5)) { !viewModel.isLoading },
            "the first load never ended")
        #expect(controller.handle(.character("r")), "after a failure, r retries")
        #expect(
            await waitUntil(timeout: .seconds(5)) { viewModel.isShowingDetail },
            "r after the failure never showed the detail")
        #expect(!controller.handle(.character("r")), "once shown, r is passed on")
        #expect(
            stub.requests(path: "/3/movie/550").count == 2,
            "the first load and the one retry: an r with nothing to retry requests nothing")
    }

    @Test("SearchResultsViewController: r is handled only once a query was sent")
    func theSearchControllerDecidesWhetherRIsItsKey() async {
        let sleeps = WaitableLog<Int>()
        let clock = TestClock(onSleep: { sleeps.append(0) })
        let viewModel = SearchViewModel(clock: clock)
        let controller = SearchResultsViewController(viewModel: viewModel)
        #expect(
            !controller.handle(.character("r")),
            "no query has been sent: r is not the search's key, so it is passed on")
        #expect(stub.requests(path: "/3/search/movie").isEmpty, "and it sends no query")
        viewModel.textDidChange("dune")
        #expect(
            await sleeps.wait(timeout: .seconds(5)) { $0.count >= 1 }, "the debounce never began")
        clock.advance(by: .milliseconds(300))
        #expect(
            await waitUntil(timeout: .seconds(5)) { viewModel.status != .activity("Searching…") },
            "the search for dune never ended")
        #expect(controller.handle(.character("r")), "a query was sent: r sends it again")
        #expect(
            await eventually(timeout: .seconds(5)) {
                stub.requests(path: "/3/search/movie").count == 2
            }, "r after the query was sent never sent it again")
    }

    /// In the search, `retry()` leaves `canRetry` as it found it, so a controller that retries
    /// first and asks afterwards behaves the same on screen and the test above cannot tell
    /// them apart; in the detail it breaks `r` (a retry clears the failure). The rule is the
    /// same in both: the controller asks whether `r` is its key, then acts.
    @Test("SearchResultsViewController asks canRetry before it calls retry()")
    func theSearchControllerAsksBeforeItRetries() throws {
        let root = URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = "Sources/02-MVVM/SearchResultsViewController.swift"
        let text = try String(contentsOf: root.appending(path: path), encoding: .utf8)
        let start = try #require(
            text.range(of: "override func handle(_ key: Key) -> Bool {"),
            "\(path) has no handle(_:)")
        let body = text[start.upperBound...]
        let end = body.range(of: "\n    }\n")?.lowerBound ?? body.endIndex
        let handle = body[..<end]
        let asks = handle.range(of: "canRetry")?.lowerBound
        let retries = handle.range(of: "retry()")?.lowerBound
        let asksFirst = asks.map { asks in retries.map { asks < $0 } ?? true } ?? false
        #expect(
            asksFirst,
            """
            SearchResultsViewController.handle(_:) calls retry() before it asks canRetry: ask \
            first, then act, as the detail must (there a retry clears the failure, and an r \
            that retried would be passed on).
            """)
    }
}
