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
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    init() {
        stub.installAsSharedClient()
    }

    @Test(
        "SearchCoordinator(scheduler:).start() builds the results, whose choice goes to showDetail")
    func theSearchCoordinatorForwardsTheChosenMovie() throws {
        let coordinator = SearchCoordinator(scheduler: MainScheduler.instance)
        var shown: [Int] = []
        coordinator.showDetail = { movie in shown.append(movie.id) }
        let results = try #require(
            Self.resultsController(coordinator.start()),
            "start() returns the results controller, typed as it or as a ViewController")
        results.viewModel.actions.showMovieDetail(movie)
        #expect(shown == [550])
    }

    /// What `start()` returned, declared as the results controller or as any view controller.
    static func resultsController<Started>(_ started: Started) -> SearchResultsViewController? {
        started as? SearchResultsViewController
    }

    @Test("AppCoordinator keeps its searchCoordinator, and a result opens a detail through it")
    func theAppCoordinatorOpensAResultThroughItsChild() throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let navigationController = coordinator.start()
        let application = Application(
            rootViewController: navigationController, terminal: VirtualTerminal(),
            help: HelpContent(title: "Keys", entries: [], notes: []))
        application.start()
        let searchCoordinator = try #require(coordinator.searchCoordinator)
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        let results = try #require(
            root.navigationItem.searchController?.searchResultsController
                as? SearchResultsViewController)
        let parentsShowDetail = try #require(
            searchCoordinator.showDetail, "the parent sets showDetail")
        // Listen on the search coordinator's way out, and pass the movie on as before.
        var forwarded: [Int] = []
        searchCoordinator.showDetail = { movie in
            forwarded.append(movie.id)
            parentsShowDetail(movie)
        }
        results.viewModel.actions.showMovieDetail(movie)
        #expect(
            forwarded == [550],
            """
            the results on screen went around the search coordinator: they must be the ones \
            searchCoordinator.start() built, which hand the chosen movie to its showDetail
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
            #expect(weakSearch != nil)
            _ = navigationController
        }
        #expect(weakApp == nil)
        #expect(weakSearch == nil)
    }
}
