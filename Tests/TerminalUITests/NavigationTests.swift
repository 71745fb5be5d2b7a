import Testing

@testable import TerminalUI

/// Push/pop, lifecycle order, back keys (D5) and freeing what was left (E5).
@MainActor
@Suite struct NavigationTests {
    @Test("lifecycle in UIKit's order on start, push and pop, with the delegate told after each")
    func lifecycleOrder() async {
        let log = EventLog()
        let list = RecordingViewController("list", log: log)
        let navigation = NavigationController(rootViewController: list)
        let delegate = RecordingNavigationDelegate(log: log)
        navigation.delegate = delegate
        let (application, terminal) = await makeApplication(root: navigation)
        #expect(
            log.entries == [
                "list.viewDidLoad", "list.viewWillAppear", "willShow(list)", "list.viewDidAppear",
                "didShow(list) stack=[\"list\"]",
            ])
        log.removeAll()
        navigation.pushViewController(RecordingViewController("detail", log: log), animated: true)
        #expect(
            log.entries == [
                "detail.viewDidLoad", "list.viewWillDisappear", "detail.viewWillAppear",
                "willShow(detail)", "list.viewDidDisappear", "detail.viewDidAppear",
                "didShow(detail) stack=[\"list\", \"detail\"]",
            ])
        log.removeAll()
        terminal.type(.escape)
        #expect(await application.waitUntilSettled())
        #expect(
            log.entries == [
                "detail.viewWillDisappear", "list.viewWillAppear", "willShow(list)",
                "detail.viewDidDisappear", "list.viewDidAppear", "didShow(list) stack=[\"list\"]",
            ])
        #expect(navigation.viewControllers.count == 1)
        #expect(terminal.rows[0] == "list")
    }

    @Test(
        "a hint too wide for the status line keeps its first hints and its last two (T13)",
        arguments: [
            (80, "↑↓ move · enter open · / search · ? help · q quit"),
            (40, "↑↓ move · enter open … ? help · q quit"),
            (38, "↑↓ move · enter open … ? help · q quit"),
            (37, "↑↓ move … ? help · q quit"),
            (25, "↑↓ move … ? help · q quit"),
            (24, "… ? help · q quit"),
            (17, "… ? help · q quit"),
            (16, "… q quit"),
            (10, "… q quit"),
            (7, "…q quit"),
            (1, "…"),
        ])
    func narrowHintKeepsItsEnd(width: Int, expected: String) {
        let hint = "↑↓ move · enter open · / search · ? help · q quit"
        #expect(NavigationController.hint(hint, fittingWidth: width) == expected)
    }

    @Test(
        "a note keeps its place and the hints after it are cut as a hint is (T8, T13)",
        arguments: [
            (100, "All 58 movies · ↑↓ move · enter open · / search · ? help · q quit"),
            (60, "All 58 movies · ↑↓ move · enter open … ? help · q quit"),
            (41, "All 58 movies · ↑↓ move … ? help · q quit"),
            (40, "All 58 movies · … ? help · q quit"),
            (33, "All 58 movies · … ? help · q quit"),
            (32, "All 58 movies … ? help · q quit"),
            (30, "… ? help · q quit"),
        ])
    func narrowNoteKeepsItsNoteAndItsEnd(width: Int, expected: String) {
        let note = "All 58 movies · ↑↓ move · enter open · / search · ? help · q quit"
        #expect(NavigationController.note(note, fittingWidth: width) == expected)
    }

    @Test("a status line's hint keeps its first hints and its last two on the screen too (T13)")
    func narrowScreenShowsTheLastHints() async {
        let root = ListViewController(rowCount: 3)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root), width: 40, height: 10)
        root.statusLine = .hint("t today/this week · r reload · / search · ? help · q quit")
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[9] == "t today/this week … ? help · q quit")
        root.statusLine = .hint(String(repeating: "x", count: 50) + "yz")
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[9] == "…" + String(repeating: "x", count: 37) + "yz")
    }

    @Test("viewDidLoad runs once, however often a controller appears")
    func viewDidLoadRunsOnce() async {
        let log = EventLog()
        let list = RecordingViewController("list", log: log)
        let navigation = NavigationController(rootViewController: list)
        let (application, terminal) = await makeApplication(root: navigation)
        for _ in 0..<3 {
            navigation.pushViewController(
                RecordingViewController("detail", log: log), animated: true)
            terminal.type(.character("b"))
            #expect(await application.waitUntilSettled())
        }
        #expect(log.entries.filter { $0 == "list.viewDidLoad" }.count == 1)
        #expect(log.entries.filter { $0 == "list.viewDidAppear" }.count == 4)
    }

    @Test("without an application on screen, push and pop keep the stack and call nothing")
    func offScreenStackCallsNoLifecycle() {
        let log = EventLog()
        let navigation = NavigationController(
            rootViewController: RecordingViewController("list", log: log))
        let delegate = RecordingNavigationDelegate(log: log)
        navigation.delegate = delegate
        let detail = RecordingViewController("detail", log: log)
        navigation.pushViewController(detail, animated: true)
        #expect(navigation.topViewController === detail)
        #expect(detail.navigationController === navigation)
        #expect(navigation.popViewController(animated: true) === detail)
        #expect(detail.navigationController == nil)
        #expect(navigation.popViewController(animated: true) == nil, "the root stays")
        #expect(log.entries.isEmpty)
    }

    @Test(
        "b, h, Esc, Backspace and ← go back, and the delegate hears of it (D5)",
        arguments: [Key.character("b"), .character("h"), .escape, .backspace, .left])
    func backKeysPop(_ key: Key) async {
        let log = EventLog()
        let navigation = NavigationController(
            rootViewController: RecordingViewController("list", log: log))
        let delegate = RecordingNavigationDelegate(log: log)
        navigation.delegate = delegate
        let (application, terminal) = await makeApplication(root: navigation)
        navigation.pushViewController(RecordingViewController("detail", log: log), animated: true)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "detail")
        log.removeAll()
        terminal.type(key)
        #expect(await application.waitUntilSettled())
        #expect(navigation.viewControllers.count == 1)
        #expect(terminal.rows[0] == "list")
        #expect(log.entries.last == "didShow(list) stack=[\"list\"]")
        log.removeAll()
        terminal.type(key)
        #expect(await application.waitUntilSettled())
        #expect(navigation.viewControllers.count == 1)
        #expect(application.isRunning)
        #expect(log.entries.isEmpty, "nothing to pop, nothing shown")
    }

    @Test func aKeyTheTopControllerHandlesDoesNotPop() async {
        let log = EventLog()
        let navigation = NavigationController(
            rootViewController: RecordingViewController("list", log: log))
        let (application, terminal) = await makeApplication(root: navigation)
        let detail = RecordingViewController("detail", log: log)
        detail.handledKeys = [.character("b")]
        navigation.pushViewController(detail, animated: true)
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
            navigation.pushViewController(detail, animated: true)
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
        root.navigationItem.title = "Trending movies"
        root.navigationItem.subtitle = "this week · sample data"
        root.navigationItem.trailing = "12 / 60"
        root.statusLine = .note("End of the list · 3 movies")
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Trending movies · this week · s… 12 / 60")
        #expect(terminal.rows[0].displayWidth == 40)
        #expect(terminal.rows[9] == "End of the list · 3 movies")
        #expect(terminal.rows[1] == "Row 0")
    }

    @Test("navigationItem is a reference: mutating it in place redraws the header")
    func navigationItemIsMutatedInPlace() async {
        let root = ListViewController(rowCount: 3)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root), width: 40, height: 10)
        let item = root.navigationItem
        let writes = terminal.writeCount
        item.title = "Renamed"
        #expect(root.navigationItem === item)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0].hasPrefix("Renamed · test"))
        #expect(terminal.writeCount == writes + 1)
        item.title = "Renamed"
        #expect(await application.waitUntilSettled())
        #expect(terminal.writeCount == writes + 1, "the same title draws nothing")
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
