import Foundation
import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing
import ViewModelKit

@testable import MVVMC

/// The coordinator assembles every screen and starts a child coordinator for every movie
/// opened; the navigation controller owns going back and tells the coordinator, which lets
/// the finished flow go. Screens are shown in an `Application` on a virtual terminal, the
/// kit's window, because UIKit's navigation controller tells its delegate only on screen.
@MainActor
@Suite(.sharingTMDBClient)
struct AppCoordinatorTests {
    let stub = HTTPStub()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    init() {
        stub.installAsSharedClient()
        // The list on screen: the movie the tests open on its first row, another on its second.
        for window in ["week", "day"] {
            stub.respond(
                to: "/3/trending/movie/\(window)",
                with: Fixtures.page(
                    1, of: 1,
                    [
                        Fixtures.Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27"),
                        Fixtures.Movie(id: 42, title: "Another"),
                    ]))
        }
    }

    /// T11: opens a movie as the user does, once the list has loaded: the selection moves
    /// `row` rows down from where it is and Enter opens the movie there. Only the view model
    /// calls its actions, so a test goes through the keys.
    private func open(row: Int, on application: Application) async {
        #expect(await application.waitUntilSettled(timeout: .seconds(60)), "the list never loaded")
        for _ in 0..<row {
            application.send(.down)
        }
        application.send(.enter)
    }

    /// Starts the coordinator and puts its navigation controller on a screen.
    private func show(
        _ coordinator: AppCoordinator
    ) throws -> (NavigationController, TrendingViewController, VirtualTerminal, Application) {
        let navigationController = coordinator.start()
        let terminal = VirtualTerminal()
        let application = Application(
            rootViewController: navigationController, terminal: terminal,
            help: HelpContent(title: "Keys", entries: [], notes: []))
        application.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        return (navigationController, root, terminal, application)
    }

    @Test func startReturnsTheNavigationControllerWithTheTrendingListAtTheRoot() throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)

        let navigationController = coordinator.start()

        #expect(coordinator.navigationController === navigationController)
        #expect(navigationController.delegate === coordinator, "the coordinator hears of pops")
        #expect(navigationController.viewControllers.count == 1)
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        #expect(root.navigationController === navigationController)
        #expect(coordinator.childCoordinators.isEmpty)
        #expect(stub.requests.isEmpty, "nothing loads before the screen is shown")
    }

    @Test func aSelectedMovieStartsAChildCoordinatorThatPushesItsDetail() async throws {
        // T11: the list announces, a child coordinator pushes the detail of that movie.
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (navigationController, root, _, application) = try show(coordinator)

        await open(row: 0, on: application)

        #expect(navigationController.viewControllers.count == 2)
        let detail = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        #expect(detail.viewModel.movie.id == 550)
        #expect(detail.navigationController === navigationController)
        #expect(navigationController.viewControllers.first === root)
        #expect(coordinator.childCoordinators.count == 1)
        #expect(coordinator.childCoordinators.first?.viewController === detail)
    }

    @Test(
        "D5: the back keys pop through the navigation controller, and the coordinator lets the flow go",
        arguments: [Key.character("b"), .escape, .backspace, .left])
    func backKeysPopAndTheChildCoordinatorIsReleased(key: Key) async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (navigationController, root, terminal, application) = try show(coordinator)
        await open(row: 0, on: application)
        weak var weakChild: MovieDetailCoordinator?
        weakChild = coordinator.childCoordinators.first
        #expect(weakChild != nil)

        terminal.type(key)
        #expect(await application.waitUntilSettled(timeout: .seconds(60)))

        #expect(navigationController.topViewController === root)
        #expect(coordinator.childCoordinators.isEmpty)
        #expect(weakChild == nil, "the finished flow's coordinator is freed (E5)")
    }

    @Test func anotherSelectionAfterGoingBackStartsAnotherFlow() async throws {
        let coordinator = AppCoordinator(timeWindow: .day, scheduler: MainScheduler.instance)
        let (navigationController, _, terminal, application) = try show(coordinator)

        await open(row: 0, on: application)
        let first = try #require(navigationController.topViewController)
        terminal.type(.escape)
        #expect(await application.waitUntilSettled(timeout: .seconds(60)))
        await open(row: 1, on: application)

        let second = try #require(
            navigationController.topViewController as? MovieDetailViewController)
        #expect(second !== first)
        #expect(second.viewModel.movie.id == 42)
        #expect(coordinator.childCoordinators.count == 1)
        #expect(coordinator.childCoordinators.first?.viewController === second)
    }

    @Test(
        "E5: a popped detail, its view model and its coordinator are freed, loaded or still loading",
        arguments: [false, true])
    func poppedDetailIsFreed(waitsForTheAnswer: Bool) async throws {
        stub.respond(
            to: "/3/movie/550",
            with: Fixtures.detail(.init(id: 550, title: "Dune"), delay: .milliseconds(100)))
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (navigationController, _, terminal, application) = try show(coordinator)
        weak var weakDetail: MovieDetailViewController?
        weak var weakViewModel: MovieDetailViewModel?
        weak var weakChild: MovieDetailCoordinator?
        do {
            await open(row: 0, on: application)
            let detail = try #require(
                navigationController.topViewController as? MovieDetailViewController)
            weakDetail = detail
            weakViewModel = detail.viewModel
            weakChild = coordinator.childCoordinators.first
            #expect(
                await stub.waitUntil(timeout: .seconds(60)) {
                    $0.requests(path: "/3/movie/550").count == 1
                })
            if waitsForTheAnswer {
                #expect(await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle })
            }
        }
        terminal.type(.character("b"))
        #expect(await application.waitUntilSettled(timeout: .seconds(60)))

        #expect(navigationController.viewControllers.count == 1)
        #expect(
            await eventually(timeout: .seconds(60)) { weakDetail == nil },
            "the popped controller stayed alive")
        #expect(
            await eventually(timeout: .seconds(60)) { weakViewModel == nil },
            "its view model stayed alive")
        #expect(weakChild == nil, "its coordinator stayed alive")
        #expect(await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle })
    }

    @Test func theCoordinatorAndItsScreensHoldNoCycle() async throws {
        // E5: once the app lets go of the coordinator and its screen, everything goes.
        weak var weakCoordinator: AppCoordinator?
        weak var weakNavigationController: NavigationController?
        weak var weakRoot: TrendingViewController?
        weak var weakDetail: MovieDetailViewController?
        weak var weakChild: MovieDetailCoordinator?
        do {
            let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
            let (navigationController, root, _, application) = try show(coordinator)
            await open(row: 0, on: application)
            #expect(await application.waitUntilSettled(timeout: .seconds(60)))
            application.quit()
            weakCoordinator = coordinator
            weakNavigationController = navigationController
            weakRoot = root
            weakDetail = navigationController.topViewController as? MovieDetailViewController
            weakChild = coordinator.childCoordinators.first
            #expect(weakDetail != nil && weakChild != nil, "Enter opened no detail")
        }

        #expect(weakDetail == nil)
        #expect(weakChild == nil)
        #expect(weakRoot == nil)
        #expect(weakNavigationController == nil)
        #expect(weakCoordinator == nil)
    }
}
