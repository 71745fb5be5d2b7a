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
        #expect(
            await application.waitUntilSettled(timeout: .seconds(5)),
            "the list never settled; the screen reads: \(Self.screen(terminal))")
        application.send(.enter)
        #expect(
            await application.waitUntilSettled(timeout: .seconds(5)),
            "the detail never settled; the screen reads: \(Self.screen(terminal))")
        let child = try #require(
            coordinator.childCoordinators.first,
            navigationController.topViewController is MovieDetailViewController
                ? """
                the detail is on screen, but its child coordinator is gone already: a child \
                finishes only once its screen has left the stack, not when it is shown
                """ : "no child was started")
        return (child, terminal, application)
    }

    /// The screen's rows that show something, each with its runs of spaces made one; no more
    /// than a message can show.
    private static func screen(_ terminal: VirtualTerminal) -> String {
        String(
            terminal.rows.map { $0.split(separator: " ").joined(separator: " ") }
                .filter { !$0.isEmpty }.joined(separator: " | ").prefix(300))
    }

    /// The list under the detail opens its next row: a second flow, a second screen on the
    /// stack. The keys go to the list itself, as if it were still on top.
    private func openAnotherMovie(_ coordinator: AppCoordinator) throws {
        let root = try #require(
            coordinator.navigationController?.viewControllers.first as? TrendingViewController)
        _ = root.handle(.down)
        _ = root.handle(.enter)
    }

    /// Types `key` and waits for the screen to settle.
    private func type(
        _ key: Key, on terminal: VirtualTerminal, _ application: Application,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        terminal.type(key)
        #expect(
            await application.waitUntilSettled(timeout: .seconds(5)),
            "the screen never settled after \(key); it reads: \(Self.screen(terminal))",
            sourceLocation: sourceLocation)
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
        await type(.character("b"), on: terminal, application)
        #expect(
            calls.count == 1,
            """
            going back finishes the flow once; when the navigation controller says it showed \
            the list, the popped detail may still be alive: look at the stack, not at the \
            weak reference
            """)
        await type(.character("b"), on: terminal, application)
        #expect(calls.count == 1, "a finished flow never finishes again")
    }

    @Test("the parent lets a child go only when the child says it is done")
    func theParentWaitsForOnFinish() async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (child, terminal, application) = try await openMovie(coordinator)
        child.onFinish = {}
        await type(.character("b"), on: terminal, application)
        #expect(
            coordinator.childCoordinators.count == 1,
            "the parent no longer compares its children with the stack: onFinish decides")
    }

    @Test("a child that finishes is let go alone: the others stay until they finish too")
    func onlyTheFinishedChildIsLetGo() async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (first, terminal, application) = try await openMovie(coordinator)
        try openAnotherMovie(coordinator)
        #expect(
            await application.waitUntilSettled(timeout: .seconds(5)),
            "the second detail never settled; the screen reads: \(Self.screen(terminal))")
        #expect(coordinator.childCoordinators.count == 2, "two details, two children")
        let second = try #require(coordinator.childCoordinators.last)
        #expect(second !== first)

        await type(.character("b"), on: terminal, application)
        let children = coordinator.childCoordinators
        #expect(
            children.count == 1 && children.first === first,
            """
            back from the second detail finishes the second child only; the first one's screen \
            is still on the stack, so it stays. The parent keeps \(children.count) children.
            """)

        await type(.character("b"), on: terminal, application)
        #expect(
            coordinator.childCoordinators.isEmpty,
            "back from the first detail lets the first child go too")
    }

    /// Going back always finishes the newest child, so a parent that drops its last child
    /// instead of the one that finished would pass the test above. Here the older of two
    /// says it is done first, as a flow that ends on its own would.
    @Test("the child that says it is done is let go, even when it is not the newest")
    func theOlderChildFinishingFirstIsTheOneLetGo() async throws {
        let coordinator = AppCoordinator(timeWindow: .week, scheduler: MainScheduler.instance)
        let (first, terminal, application) = try await openMovie(coordinator)
        try openAnotherMovie(coordinator)
        #expect(
            await application.waitUntilSettled(timeout: .seconds(5)),
            "the second detail never settled; the screen reads: \(Self.screen(terminal))")
        let second = try #require(coordinator.childCoordinators.last)
        try #require(second !== first, "two details, two children")

        let onFinish = try #require(
            first.onFinish,
            """
            the first child has no onFinish: the parent sets it on every child, and a child \
            clears it only when it finishes; did it finish while its screen was still on the \
            stack?
            """)
        onFinish()
        let children = coordinator.childCoordinators
        #expect(
            children.count == 1 && children.first === second,
            """
            the first child said it is done, so it alone is let go and the second, still on \
            screen, stays; the parent kept \(children.count) children\
            \(children.first === first ? ", the first among them" : ""): remove the child that \
            finished, not the last one.
            """)
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
        await type(.character("b"), on: terminal, application)
        #expect(coordinator.childCoordinators.isEmpty)
        #expect(weakChild == nil, "no closure keeps the finished child alive")
    }
}
