import Foundation
import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing
import ViewModelKit

@testable import MVVMC

/// S7 with a coordinator: the search results announce the movie chosen, and the coordinator
/// opens it exactly as it opens a trending row, through a child coordinator that it lets go
/// when the user goes back. The debounce runs on a `TestClock` that only the test moves.
@MainActor
@Suite(.sharingTMDBClient)
struct AppCoordinatorSearchTests {
    let stub = HTTPStub()
    /// One entry each time someone begins to sleep on the clock, for a test to wait on.
    let sleeps = WaitableLog<Int>()
    let clock: TestClock

    init() {
        stub.installAsSharedClient()
        let sleeps = sleeps
        clock = TestClock(onSleep: { sleeps.append(0) })
    }

    private struct Shown {
        let coordinator: AppCoordinator
        let navigationController: NavigationController
        let root: TrendingViewController
        let results: SearchResultsViewController
        let terminal: VirtualTerminal
        let application: Application
    }

    /// Starts the coordinator and puts its navigation controller on a screen.
    private func show() throws -> Shown {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler(clock: clock))
        let navigationController = coordinator.start()
        let terminal = VirtualTerminal()
        let application = Application(
            rootViewController: navigationController, terminal: terminal,
            help: HelpContent(title: "Keys", entries: [], notes: []))
        application.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        let results = try #require(
            root.navigationItem.searchController?.searchResultsController
                as? SearchResultsViewController)
        return Shown(
            coordinator: coordinator, navigationController: navigationController, root: root,
            results: results, terminal: terminal, application: application)
    }

    @Test func aChosenResultIsPushedByAChildCoordinatorLikeATrendingRow() async throws {
        // S7, T11: the same flow as the list's, whichever screen announced the movie.
        let dune = Fixtures.Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")
        stub.respond(to: "/3/trending/movie/week", with: Fixtures.page(1, of: 1, [dune]))
        stub.respond(
            to: "/3/search/movie", query: ["query": "dune"], with: Fixtures.page(1, of: 1, [dune]))
        let shown = try show()
        #expect(await shown.application.waitUntilSettled(timeout: .seconds(60)))

        // The trending row's way first, for comparison.
        shown.application.send(.enter)
        let fromTheList = try #require(
            shown.navigationController.topViewController as? MovieDetailViewController)
        shown.navigationController.popViewController(animated: false)
        #expect(shown.coordinator.childCoordinators.isEmpty)

        for key in [Key.character("/")] + "dune".map({ Key.character($0) }) {
            shown.application.send(key)
        }
        #expect(await sleeps.wait { !$0.isEmpty }, "the pause never began")
        clock.advance(by: .milliseconds(300))
        #expect(
            await shown.application.waitUntil(timeout: .seconds(60)) {
                shown.application.isSettled && shown.terminal.rows[0].hasPrefix("Search · “dune”")
            })
        shown.application.send(.enter)
        shown.application.send(.enter)

        #expect(shown.navigationController.viewControllers.count == 2)
        let detail = try #require(
            shown.navigationController.topViewController as? MovieDetailViewController)
        #expect(detail.viewModel.movie.id == 550)
        #expect(detail !== fromTheList)
        #expect(detail.viewModel.movie.id == fromTheList.viewModel.movie.id)
        #expect(detail.navigationController === shown.navigationController)
        #expect(shown.coordinator.childCoordinators.count == 1)
        #expect(shown.coordinator.childCoordinators.first?.viewController === detail)
    }

    @Test func typingAQueryAndOpeningAResultGoesThroughTheCoordinatorAndBackReleasesIt()
        async throws
    {
        // S2, S7, E5: the whole way on screen: type, wait out the pause, open, go back.
        stub.respond(
            to: "/3/search/movie", query: ["query": "dune"],
            with: Fixtures.page(1, of: 1, [Fixtures.Movie(id: 550, title: "Dune: Part Two")]))
        let shown = try show()
        #expect(await shown.application.waitUntilSettled(timeout: .seconds(60)))

        // Typed faster than the pause: only the last edit's wait begins.
        for key in [Key.character("/")] + "dune".map({ Key.character($0) }) {
            shown.application.send(key)
        }
        #expect(await sleeps.wait { !$0.isEmpty }, "the pause never began")
        #expect(clock.nextDeadline != nil)
        clock.advance(by: .milliseconds(300))
        #expect(
            await shown.application.waitUntil(timeout: .seconds(60)) {
                shown.application.isSettled && shown.terminal.rows[0].hasPrefix("Search · “dune”")
            })
        shown.terminal.type(.enter, .enter)
        #expect(await shown.application.waitUntilSettled(timeout: .seconds(60)))

        let detail = try #require(
            shown.navigationController.topViewController as? MovieDetailViewController)
        #expect(detail.viewModel.movie.id == 550)
        weak var weakChild: MovieDetailCoordinator?
        weakChild = shown.coordinator.childCoordinators.first
        #expect(weakChild?.viewController === detail)

        shown.terminal.type(.escape)
        #expect(await shown.application.waitUntilSettled(timeout: .seconds(60)))

        #expect(shown.navigationController.topViewController === shown.root)
        #expect(shown.coordinator.childCoordinators.isEmpty)
        #expect(weakChild == nil, "the finished flow's coordinator is freed (E5)")
        #expect(shown.terminal.rows[0].hasPrefix("Search · “dune”"), "back to the results")
        #expect(stub.requests(path: "/3/search/movie").count == 1)
    }
}
