import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing
import ViewModelKit

@testable import MVVMC

/// Lesson 04, exercise 2: the search has a coordinator of its own, `SearchCoordinator`, which
/// builds the results controller and hands the chosen movie to the `showDetail` closure its
/// parent sets. `swift run lessons check 4.2` runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct SearchCoordinatorExerciseTests {
    let stub = HTTPStub()
    /// One entry each time someone begins to sleep on the clock: the search's pause began.
    let sleeps = WaitableLog<Int>()
    /// The search's pause runs on this clock, which only the test moves.
    let clock: TestClock

    init() {
        stub.installAsSharedClient()
        stub.respond(
            to: "/3/search/movie", query: ["query": "dune"],
            with: Fixtures.page(1, of: 1, [Fixtures.Movie(id: 550, title: "Dune: Part Two")]))
        let sleeps = sleeps
        clock = TestClock(onSleep: { sleeps.append(0) })
    }

    @Test("SearchCoordinator(scheduler:).start() builds the results controller")
    func theSearchCoordinatorBuildsTheResults() throws {
        let coordinator = SearchCoordinator(scheduler: MainScheduler.instance)
        try #require(
            Self.resultsController(coordinator.start()) != nil,
            "start() returns the results controller, typed as it or as a ViewController")
    }

    /// What `start()` returned, declared as the results controller or as any view controller.
    static func resultsController<Started>(_ started: Started) -> SearchResultsViewController? {
        started as? SearchResultsViewController
    }

    @Test("AppCoordinator keeps its searchCoordinator, and a result opens a detail through it")
    func theAppCoordinatorOpensAResultThroughItsChild() async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler(clock: clock))
        let navigationController = coordinator.start()
        let terminal = VirtualTerminal()
        let application = Application(
            rootViewController: navigationController, terminal: terminal,
            help: HelpContent(title: "Keys", entries: [], notes: []))
        application.start()
        let searchCoordinator = try #require(
            coordinator.searchCoordinator,
            "AppCoordinator keeps no searchCoordinator: hold it in a strong property, as it holds its children"
        )
        let parentsShowDetail = try #require(
            searchCoordinator.showDetail, "the parent sets showDetail")
        // Listen on the search coordinator's way out, and pass the movie on as before.
        var forwarded: [Int] = []
        searchCoordinator.showDetail = { movie in
            forwarded.append(movie.id)
            parentsShowDetail(movie)
        }
        // The user searches for "dune" and opens the first result.
        #expect(await application.waitUntilSettled(timeout: .seconds(5)), "the list never settled")
        for key in [Key.character("/")] + "dune".map({ Key.character($0) }) {
            application.send(key)
        }
        #expect(
            await sleeps.wait(timeout: .seconds(5)) { !$0.isEmpty },
            "the search's pause never began")
        clock.advance(by: .milliseconds(300))
        #expect(
            await application.waitUntil(timeout: .seconds(5)) {
                application.isSettled && terminal.rows[0].hasPrefix("Search · “dune”")
            }, "the results for “dune” never showed")
        application.send(.enter)
        application.send(.enter)
        #expect(
            forwarded == [550],
            """
            the results on screen went around the search coordinator: they must be the ones \
            searchCoordinator.start() built, and their actions must call its showDetail when a \
            movie is chosen, reading it then and not once in start()
            """)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController,
            "choosing a result opened no detail")
        #expect(detail.viewModel.movie.id == 550)
        #expect(
            coordinator.childCoordinators.count == 1, "the detail is a child flow of the parent")
        navigationController.popViewController(animated: false)
        #expect(
            coordinator.childCoordinators.isEmpty, "back from the detail lets its flow go (E5)")
        #expect(
            coordinator.searchCoordinator === searchCoordinator,
            "the search coordinator is kept while the list that shows its results is")
    }

    @Test("E5: no closure keeps the search coordinator or the app coordinator alive")
    func nothingLeaks() {
        weak var weakApp: AppCoordinator?
        weak var weakSearch: SearchCoordinator?
        do {
            let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
            let navigationController = coordinator.start()
            weakApp = coordinator
            weakSearch = coordinator.searchCoordinator
            #expect(
                weakSearch != nil,
                "nothing keeps the search coordinator: AppCoordinator must hold it strongly")
            _ = navigationController
        }
        #expect(weakApp == nil)
        #expect(weakSearch == nil)
    }
}
