import Foundation
import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

@testable import MVVMC

/// The coordinator performs every push and pop; the controllers only announce. Tested
/// without a terminal: the kit's navigation controller keeps its stack without an
/// `Application`, so no screen lifecycle runs unless a test calls it.
@MainActor
@Suite(.sharingTMDBClient)
struct AppCoordinatorTests {
    let stub = HTTPStub()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    init() {
        stub.installAsSharedClient()
    }

    @Test func startReturnsTheNavigationControllerWithTheTrendingListAtTheRoot() throws {
        let coordinator = AppCoordinator(window: .week)

        let navigationController = coordinator.start()

        #expect(coordinator.navigationController === navigationController)
        #expect(navigationController.viewControllers.count == 1)
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        #expect(root.navigationController === navigationController)
        #expect(root.onMovieSelected != nil, "the coordinator listens to the list")
        #expect(stub.requests.isEmpty, "nothing loads before the screen is shown")
    }

    @Test func aSelectedMovieIsPushedAsItsDetail() throws {
        // T11: the list announces, the coordinator pushes the detail of that movie.
        let coordinator = AppCoordinator(window: .week)
        let navigationController = coordinator.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)

        root.onMovieSelected?(movie)

        #expect(navigationController.viewControllers.count == 2)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        #expect(detail.viewModel.movie.id == 550)
        #expect(detail.navigationController === navigationController)
        #expect(detail.onBack != nil, "the coordinator listens to the detail")
        #expect(navigationController.viewControllers.first === root)
    }

    @Test func anotherSelectionPushesAnotherDetail() throws {
        let coordinator = AppCoordinator(window: .day)
        let navigationController = coordinator.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)

        root.onMovieSelected?(movie)
        let first = try #require(navigationController.topViewController)
        try #require(first as? MovieDetailViewController)?.onBack?()
        root.onMovieSelected?(Movie(id: 42, title: "Another"))

        let second = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        #expect(second !== first)
        #expect(second.viewModel.movie.id == 42)
    }

    @Test func onBackPopsTheDetail() throws {
        // D5
        let coordinator = AppCoordinator(window: .week)
        let navigationController = coordinator.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        root.onMovieSelected?(movie)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)

        detail.onBack?()

        #expect(navigationController.viewControllers.count == 1)
        #expect(navigationController.topViewController === root)
        #expect(detail.navigationController == nil)
    }

    @Test(
        "D5: b, Esc, Backspace and ← on the detail go back through the coordinator",
        arguments: [Key.character("b"), .escape, .backspace, .left])
    func backKeysAreAnnouncedAndTheCoordinatorPops(key: Key) throws {
        let coordinator = AppCoordinator(window: .week)
        let navigationController = coordinator.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        root.onMovieSelected?(movie)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        var announced = 0
        let coordinatorsBack = detail.onBack
        detail.onBack = {
            announced += 1
            coordinatorsBack?()
        }

        #expect(detail.handle(key), "the detail handles the key itself")

        #expect(announced == 1)
        #expect(navigationController.topViewController === root)
    }

    @Test(
        "E5: a popped detail and its view model are freed, loaded or still loading",
        arguments: [false, true])
    func poppedDetailIsFreed(waitsForTheAnswer: Bool) async throws {
        stub.respond(
            to: "/3/movie/550",
            with: Fixtures.detail(.init(id: 550, title: "Dune"), delay: .milliseconds(100)))
        let coordinator = AppCoordinator(window: .week)
        let navigationController = coordinator.start()
        weak var weakDetail: MovieDetailViewController?
        weak var weakViewModel: MovieDetailViewModel?
        do {
            let root = try #require(
                navigationController.topViewController as? TrendingViewController)
            root.onMovieSelected?(movie)
            let detail = try #require(
                navigationController.topViewController as? MovieDetailViewController)
            weakDetail = detail
            weakViewModel = detail.viewModel
            // What showing it would do: bind the view model and start loading.
            detail.viewDidLoad()
            #expect(await stub.waitUntil { $0.requests(path: "/3/movie/550").count == 1 })
            if waitsForTheAnswer {
                #expect(await stub.waitUntil { $0.isIdle })
            }
            detail.viewDidDisappear()
            detail.onBack?()
        }

        #expect(navigationController.viewControllers.count == 1)
        #expect(await eventually { weakDetail == nil }, "the popped controller stayed alive")
        #expect(await eventually { weakViewModel == nil }, "its view model stayed alive")
        #expect(await stub.waitUntil { $0.isIdle })
    }

    @Test func theCoordinatorAndItsScreensHoldNoCycle() throws {
        // E5: once the app lets go of the coordinator and its root, everything goes.
        weak var weakCoordinator: AppCoordinator?
        weak var weakNavigationController: NavigationController?
        weak var weakRoot: TrendingViewController?
        weak var weakDetail: MovieDetailViewController?
        do {
            let coordinator = AppCoordinator(window: .week)
            let navigationController = coordinator.start()
            let root = try #require(
                navigationController.topViewController as? TrendingViewController)
            root.onMovieSelected?(movie)
            weakCoordinator = coordinator
            weakNavigationController = navigationController
            weakRoot = root
            weakDetail = navigationController.topViewController as? MovieDetailViewController
        }

        #expect(weakDetail == nil)
        #expect(weakRoot == nil)
        #expect(weakNavigationController == nil)
        #expect(weakCoordinator == nil)
    }
}
