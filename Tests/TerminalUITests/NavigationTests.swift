import Testing

@testable import TerminalUI

/// Push/pop, lifecycle order, back keys (D5) and freeing what was left (E5).
@MainActor
@Suite struct NavigationTests {
    @Test(
        "lifecycle: viewDidLoad once, viewWillAppear on top, viewDidDisappear when covered or popped"
    )
    func lifecycleOrder() async {
        let log = EventLog()
        let list = RecordingViewController("list", log: log)
        let navigation = NavigationController(rootViewController: list)
        let (application, terminal) = await makeApplication(root: navigation)
        #expect(log.entries == ["list.viewDidLoad", "list.viewWillAppear"])
        log.removeAll()
        navigation.pushViewController(RecordingViewController("detail", log: log))
        #expect(
            log.entries == ["detail.viewDidLoad", "detail.viewWillAppear", "list.viewDidDisappear"])
        log.removeAll()
        terminal.type(.escape)
        #expect(await application.waitUntilSettled())
        #expect(log.entries == ["list.viewWillAppear", "detail.viewDidDisappear"])
        #expect(navigation.viewControllers.count == 1)
        #expect(terminal.rows[0] == "list")
    }

    @Test(
        "b, Esc, Backspace and ← go back (D5)",
        arguments: [Key.character("b"), .escape, .backspace, .left])
    func backKeysPop(_ key: Key) async {
        let log = EventLog()
        let navigation = NavigationController(
            rootViewController: RecordingViewController("list", log: log))
        let (application, terminal) = await makeApplication(root: navigation)
        navigation.pushViewController(RecordingViewController("detail", log: log))
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "detail")
        terminal.type(key)
        #expect(await application.waitUntilSettled())
        #expect(navigation.viewControllers.count == 1)
        #expect(terminal.rows[0] == "list")
        terminal.type(key)
        #expect(await application.waitUntilSettled())
        #expect(navigation.viewControllers.count == 1)
        #expect(application.isRunning)
    }

    @Test func aKeyTheTopControllerHandlesDoesNotPop() async {
        let log = EventLog()
        let navigation = NavigationController(
            rootViewController: RecordingViewController("list", log: log))
        let (application, terminal) = await makeApplication(root: navigation)
        let detail = RecordingViewController("detail", log: log)
        detail.handledKeys = [.character("b")]
        navigation.pushViewController(detail)
        terminal.type(.character("b"))
        #expect(await application.waitUntilSettled())
        #expect(navigation.topViewController === detail)
        #expect(log.entries.last == "detail.handle(b)")
    }

    @Test("a popped controller and its views are freed (E5)")
    func poppedControllerIsFreed() async {
        let navigation = NavigationController(rootViewController: ListViewController(rowCount: 10))
        let (application, terminal) = await makeApplication(root: navigation)
        weak var weakController: ListViewController?
        weak var weakList: ListView?
        weak var weakSource: CountingDataSource?
        do {
            let detail = ListViewController(rowCount: 100)
            weakController = detail
            weakSource = detail.source
            navigation.pushViewController(detail)
            weakList = detail.listView
        }
        #expect(await application.waitUntilSettled())
        #expect(weakController != nil)
        terminal.type(.down, .character("b"))
        #expect(await application.waitUntilSettled())
        #expect(weakController == nil)
        #expect(weakList == nil)
        #expect(weakSource == nil)
    }

    @Test("the header shows title · subtitle and the trailing text right-aligned (T1)")
    func headerAndStatusLine() async {
        let root = ListViewController(rowCount: 3)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root), width: 40, height: 10)
        root.navigationItem = NavigationItem(
            title: "Trending movies", subtitle: "this week · sample data", trailing: "12 / 60")
        root.statusLine = .note("End of the list · 3 movies")
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Trending movies · this week · s… 12 / 60")
        #expect(terminal.rows[0].displayWidth == 40)
        #expect(terminal.rows[9] == "End of the list · 3 movies")
        #expect(terminal.rows[1] == "Row 0")
    }

    @Test("an activity status line keeps the screen unsettled; an error one is reported")
    func statusLineKinds() async {
        let root = ListViewController(rowCount: 3)
        let (application, _) = await makeApplication(
            root: NavigationController(rootViewController: root))
        root.statusLine = .activity("Loading more…")
        #expect(await application.waitUntilSettled(timeout: .milliseconds(50)) == false)
        root.statusLine = .error("Couldn't load more")
        #expect(await application.waitUntilSettled())
        #expect(application.lastFrameErrorMessage == "Couldn't load more")
    }
}
