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
    func theSearchCoordinatorForwardsTheChosenMovie() {
        let coordinator = SearchCoordinator(scheduler: MainScheduler.instance)
        var shown: [Int] = []
        coordinator.showDetail = { movie in shown.append(movie.id) }
        let results: SearchResultsViewController = coordinator.start()
        results.onMovieSelected?(movie)
        #expect(shown == [550])
    }

    @Test("AppCoordinator keeps its searchCoordinator, and a result still opens a detail flow")
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
        #expect(searchCoordinator.showDetail != nil, "the parent sets showDetail")
        results.onMovieSelected?(movie)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        #expect(detail.viewModel.movie.id == 550)
        #expect(coordinator.childCoordinators.count == 1)
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
