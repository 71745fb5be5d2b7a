import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing
import ViewModelKit

@testable import MVVMC

/// Lesson 04, exercise 1: the child coordinator says it is done (`onFinish`), and the parent
/// lets it go when it does, instead of comparing its children with the stack.
/// `swift run lessons check 4.1` runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct ChildSaysItIsDoneTests {
    let stub = HTTPStub()
    let movie = Movie(id: 550, title: "Dune: Part Two", releaseDate: "2024-02-27")

    init() {
        stub.installAsSharedClient()
    }

    /// The app coordinator on a screen, with one movie opened; the kit's navigation controller
    /// tells its delegate only on screen, as UIKit's does.
    private func openMovie(
        _ coordinator: AppCoordinator
    ) async throws -> (MovieDetailCoordinator, VirtualTerminal, Application) {
        let navigationController = coordinator.start()
        let terminal = VirtualTerminal()
        let application = Application(
            rootViewController: navigationController, terminal: terminal,
            help: HelpContent(title: "Keys", entries: [], notes: []))
        application.start()
        let root = try #require(navigationController.topViewController as? TrendingViewController)
        root.onMovieSelected?(movie)
        #expect(await application.waitUntilSettled())
        let child = try #require(coordinator.childCoordinators.first, "no child was started")
        return (child, terminal, application)
    }

    @Test("AppCoordinator sets onFinish on every child it starts")
    func theParentSetsOnFinish() async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (child, _, _) = try await openMovie(coordinator)
        #expect(child.onFinish != nil)
    }

    @Test("the child calls onFinish once, when its screen has left the stack, not before")
    func theChildFinishesOnceWhenItsScreenHasGone() async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (child, terminal, application) = try await openMovie(coordinator)
        let calls = Tally()
        let parentsOnFinish = child.onFinish
        child.onFinish = {
            calls.increment()
            parentsOnFinish?()
        }
        #expect(calls.count == 0, "its screen is still on the stack")
        terminal.type(.character("b"))
        #expect(await application.waitUntilSettled())
        #expect(calls.count == 1, "going back finishes the flow once")
        terminal.type(.character("b"))
        #expect(await application.waitUntilSettled())
        #expect(calls.count == 1, "a finished flow never finishes again")
    }

    @Test("the parent lets a child go only when the child says it is done")
    func theParentWaitsForOnFinish() async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (child, terminal, application) = try await openMovie(coordinator)
        child.onFinish = {}
        terminal.type(.character("b"))
        #expect(await application.waitUntilSettled())
        #expect(
            coordinator.childCoordinators.count == 1,
            "the parent no longer compares its children with the stack: onFinish decides")
    }

    @Test("E5: after going back the child is freed")
    func theFinishedChildIsFreed() async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        weak var weakChild: MovieDetailCoordinator?
        let terminal: VirtualTerminal
        let application: Application
        do {
            let (child, openedTerminal, openedApplication) = try await openMovie(coordinator)
            weakChild = child
            terminal = openedTerminal
            application = openedApplication
        }
        terminal.type(.character("b"))
        #expect(await application.waitUntilSettled())
        #expect(coordinator.childCoordinators.isEmpty)
        #expect(weakChild == nil, "no closure keeps the finished child alive")
    }
}
