import Testing

@testable import TerminalUI

/// The search over a screen (S1, S7, E7): `/` opens a bar on the first content line, the
/// results replace the screen while there is text, the focus moves between bar and results,
/// and closing shows the screen as it was left.
@MainActor
@Suite struct SearchControllerTests {
    /// Results that log their lifecycle and every update, and list 50 rows for any query.
    final class ResultsController: ViewController, SearchResultsUpdating, ListViewDataSource,
        ListViewDelegate
    {
        let log: EventLog
        let listView = ListView()
        private(set) var query = ""
        /// When set, every edit with text starts a search that runs until `finishSearch()`.
        var searchesOnEdit = false
        private var isSearching = false {
            didSet {
                statusLine = isSearching ? .activity("Searching…") : .hint("↑↓ move · enter open")
            }
        }

        init(log: EventLog) {
            self.log = log
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            log.append("results.viewDidLoad")
            listView.dataSource = self
            listView.delegate = self
            view.addSubview(listView)
            navigationItem.title = "Search"
            statusLine = .hint("↑↓ move · enter open")
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            log.append("results.viewWillAppear")
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            log.append("results.viewDidAppear")
        }

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            log.append("results.viewWillDisappear")
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            log.append("results.viewDidDisappear")
        }

        func updateSearchResults(for searchController: SearchController) {
            let text = searchController.searchBar.text
            log.append("update(\(text), active: \(searchController.isActive))")
            query = text
            navigationItem.subtitle = "“\(text)”"
            listView.reloadData()
            if searchesOnEdit && text.contains(where: { !$0.isWhitespace }) {
                isSearching = true
            }
        }

        func finishSearch() {
            isSearching = false
        }

        func numberOfRows(in listView: ListView) -> Int {
            query.isEmpty ? 0 : 50
        }

        func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
            TextListCell("Result \(row) for \(query)")
        }

        func listView(_ listView: ListView, didSelectRowAt row: Int) {
            navigationController?.pushViewController(
                RecordingViewController("detail \(row)", log: log), animated: true)
        }
    }

    /// A 40×12 app: "home" at the root, and over it a 100-row list that offers the search.
    @MainActor struct Fixture {
        let application: Application
        let terminal: VirtualTerminal
        let navigation: NavigationController
        let list: ListViewController
        let search: SearchController
        let results: ResultsController
        let log: EventLog

        var bar: TextField { search.searchBar }

        /// Types `keys` and waits for the screen to settle.
        func type(_ keys: Key...) async {
            terminal.type(keys)
            #expect(await application.waitUntilSettled())
        }

        func type(script: String) async throws {
            terminal.type(try Key.parseScript(script))
            #expect(await application.waitUntilSettled())
        }

        /// The bytes of the last frame, as text.
        var lastWrite: String { String(decoding: terminal.lastWrite, as: UTF8.self) }
    }

    static let editingHint = "type to search · ↓ results · esc close"

    func makeFixture() async -> Fixture {
        let log = EventLog()
        let navigation = NavigationController(
            rootViewController: RecordingViewController("home", log: log))
        let list = ListViewController(rowCount: 100)
        let results = ResultsController(log: log)
        let search = SearchController(searchResultsController: results)
        search.searchResultsUpdater = results
        list.navigationItem.searchController = search
        let (application, terminal) = await makeApplication(root: navigation, width: 40, height: 12)
        navigation.pushViewController(list, animated: false)
        #expect(await application.waitUntilSettled())
        log.removeAll()
        return Fixture(
            application: application, terminal: terminal, navigation: navigation, list: list,
            search: search, results: results, log: log)
    }

    @Test("/ opens the search bar on the list's first line, with the cursor in it (S1)")
    func slashOpensTheBar() async {
        let app = await makeFixture()
        let listRows = app.terminal.rows
        await app.type(.character("/"))
        #expect(app.search.isActive)
        #expect(app.bar.isFirstResponder)
        #expect(app.terminal.rows[0] == listRows[0], "blank text: the list's header stays")
        #expect(app.terminal.rows[1] == "Search: a title")
        #expect(Array(app.terminal.rows[2...10]) == Array(listRows[1...9]))
        #expect(app.terminal.rows[11] == Self.editingHint)
        #expect(app.lastWrite.hasSuffix("\u{1B}[2;9H\u{1B}[?25h"))
    }

    @Test("the results appear on open and disappear on close; the updater hears every change (S1)")
    func updaterAndResultsLifecycle() async {
        let app = await makeFixture()
        await app.type(.character("/"))
        #expect(
            app.log.entries == [
                "results.viewDidLoad", "results.viewWillAppear", "results.viewDidAppear",
                "update(, active: true)",
            ])
        app.log.removeAll()
        await app.type(.character("a"), .paste("b c"), .backspace)
        #expect(
            app.log.entries == [
                "update(a, active: true)", "update(ab c, active: true)",
                "update(ab , active: true)",
            ])
        app.log.removeAll()
        await app.type(.escape)
        #expect(
            app.log.entries == [
                "results.viewWillDisappear", "results.viewDidDisappear", "update(, active: false)",
            ])
        app.log.removeAll()
        await app.type(.character("/"))
        #expect(
            app.log.entries == [
                "results.viewWillAppear", "results.viewDidAppear", "update(, active: true)",
            ], "the results load once")
    }

    @Test(
        "while the text is not blank, the results' header, rows and status replace the list's (S1)")
    func resultsReplaceTheScreenOnlyWithText() async {
        let app = await makeFixture()
        let listRows = app.terminal.rows
        await app.type(.character("/"), .character("a"))
        #expect(app.terminal.rows[0] == "Search · “a”")
        #expect(app.terminal.rows[1] == "Search: a")
        #expect(app.terminal.rows[2] == "Result 0 for a")
        #expect(app.terminal.rows[11] == Self.editingHint, "the bar's hint while it has the keys")

        await app.type(.backspace)
        #expect(app.terminal.rows[0] == listRows[0])
        #expect(app.terminal.rows[1] == "Search: a title")
        #expect(app.terminal.rows[2] == listRows[1])

        await app.type(.character(" "), .character(" "))
        #expect(app.bar.text == "  ")
        #expect(app.terminal.rows[0] == listRows[0], "spaces alone are no query")
        #expect(app.terminal.rows[2] == listRows[1])
    }

    @Test("while the bar has the keys, q ? j and b type into it, and Ctrl-C still quits (S1, E4)")
    func keysTypeIntoTheBar() async {
        let app = await makeFixture()
        await app.type(.character("/"), .character("q"), .character("?"), .character("j"))
        await app.type(.character("b"), .character("/"))
        #expect(app.bar.text == "q?jb/")
        #expect(app.application.isRunning)
        #expect(!app.application.isShowingHelp)
        #expect(app.list.listView.selectedRow == 0)
        #expect(app.navigation.viewControllers.count == 2)
        #expect(app.terminal.rows[1] == "Search: q?jb/")

        await app.type(.control("c"))
        #expect(!app.application.isRunning)
        #expect(app.application.wasInterrupted)
    }

    @Test(
        "↓ or Enter moves the focus to the results, / moves it back with the text kept (S1)",
        arguments: [Key.down, Key.enter])
    func focusMovesBetweenBarAndResults(_ key: Key) async {
        let app = await makeFixture()
        await app.type(.character("/"), .character("a"))
        await app.type(key)
        #expect(app.search.isActive)
        #expect(!app.bar.isFirstResponder)
        #expect(app.results.listView.selectedRow == 0, "the key only moved the focus")
        #expect(app.lastWrite.hasSuffix("\u{1B}[?25l"), "the cursor hides with the focus")
        #expect(app.terminal.rows[11] == "↑↓ move · enter open")

        await app.type(.down, .character("j"))
        #expect(app.results.listView.selectedRow == 2)
        #expect(app.bar.text == "a")

        await app.type(.character("/"))
        #expect(app.bar.isFirstResponder)
        #expect(app.lastWrite.hasSuffix("\u{1B}[2;10H\u{1B}[?25h"))
        await app.type(.character("b"))
        #expect(app.bar.text == "ab")
        #expect(app.terminal.rows[1] == "Search: ab")
    }

    nonisolated static let closings: [[Key]] = [
        [.escape],
        [.down, .escape],
        [.down, .down, .down, .escape],
        [.enter, .character("b")],
        [.enter, .backspace],
        [.enter, .left],
    ]

    @Test(
        "Esc, or a back key from the results, closes the search; the list shows as it was (S1)",
        arguments: closings)
    func closingShowsTheListAsItWas(_ closing: [Key]) async {
        let app = await makeFixture()
        await app.type(.pageDown, .pageDown, .down)
        let listRows = app.terminal.rows
        let selection = app.list.listView.selectedRow
        #expect(selection > 9, "scrolled, so that a kept scroll shows")

        await app.type(.character("/"), .character("a"), .character("b"))
        app.terminal.type(closing)
        #expect(await app.application.waitUntilSettled())
        #expect(!app.search.isActive)
        #expect(app.bar.text == "")
        #expect(!app.bar.isFirstResponder)
        #expect(app.navigation.viewControllers.count == 2, "closing the search is no pop")
        #expect(app.list.listView.selectedRow == selection)
        #expect(app.terminal.rows == listRows)
        #expect(!app.lastWrite.contains("\u{1B}[?25h"))
    }

    @Test(
        "with the selection on the list's last visible row, the bar's line costs no scroll (S1)",
        arguments: [[Key.escape], [.character("a"), .backspace, .escape]])
    func openingTheBarKeepsTheScroll(_ keys: [Key]) async {
        let app = await makeFixture()
        for _ in 0..<9 {
            await app.type(.down)
        }
        let listRows = app.terminal.rows
        #expect(listRows[10] == "Row 9")
        await app.type(.character("/"))
        #expect(app.terminal.rows[10] == "Row 9", "the selection stays in view")
        for key in keys {
            await app.type(key)
        }
        #expect(!app.search.isActive)
        #expect(app.terminal.rows == listRows)
    }

    @Test("in the bar, back keys edit instead of closing; after closing, they pop (S1, D5)")
    func backKeysInTheBarEdit() async {
        let app = await makeFixture()
        await app.type(.character("/"), .character("b"), .character("c"), .backspace, .left)
        #expect(app.search.isActive)
        #expect(app.bar.text == "b")
        await app.type(.escape, .character("b"))
        #expect(app.navigation.viewControllers.count == 1)
        #expect(app.terminal.rows[0] == "home")
    }

    @Test("/ on a screen that offers no search is not handled (S1)")
    func slashWithoutASearchDoesNothing() async {
        let app = await makeFixture()
        await app.type(.escape)
        let homeRows = app.terminal.rows
        await app.type(.character("/"))
        #expect(!app.search.isActive)
        #expect(app.terminal.rows == homeRows)
        #expect(app.log.entries.allSatisfy { !$0.hasPrefix("update") })
    }

    @Test("from the results, q quits and ? shows help (S1, E2, E4)")
    func quitAndHelpFromTheResults() async {
        let app = await makeFixture()
        await app.type(.character("/"), .character("a"), .enter, .character("?"))
        #expect(app.application.isShowingHelp)
        await app.type(.escape, .character("q"))
        #expect(!app.application.isRunning)
        #expect(!app.application.wasInterrupted)
    }

    @Test("Enter on a result opens it; back returns to the results, query and selection kept (S7)")
    func backFromAResultKeepsTheSearch() async throws {
        let app = await makeFixture()
        try await app.type(script: #"/ "ab" enter down down enter"#)
        #expect(app.navigation.topViewController?.navigationItem.title == "detail 2")
        #expect(app.terminal.rows[0] == "detail 2")
        #expect(!app.terminal.rows.contains { $0.hasPrefix("Search") })

        await app.type(.character("x"))
        #expect(app.bar.text == "ab", "the bar behind the detail takes no keys")

        app.log.removeAll()
        await app.type(.escape)
        #expect(app.navigation.topViewController === app.list)
        #expect(app.search.isActive)
        #expect(!app.bar.isFirstResponder)
        #expect(app.terminal.rows[0] == "Search · “ab”")
        #expect(app.terminal.rows[1] == "Search: ab")
        #expect(app.terminal.rows[4] == "Result 2 for ab")
        #expect(app.results.listView.selectedRow == 2)
        #expect(!app.log.entries.contains { $0.hasPrefix("update") }, "the query was not touched")
    }

    @Test(
        "the results' activity shows while the bar has the keys, and the screen waits for it (S1, L7)"
    )
    func resultsActivityKeepsTheScreenUnsettled() async {
        let app = await makeFixture()
        app.results.searchesOnEdit = true
        app.terminal.type(.character("/"), .character("a"))
        #expect(await app.application.waitUntil { app.terminal.rows[11] == "Searching…" })
        #expect(app.bar.isFirstResponder)
        #expect(!app.application.isSettled)

        app.results.finishSearch()
        #expect(await app.application.waitUntilSettled())
        #expect(app.terminal.rows[11] == Self.editingHint)
    }

    @Test("a burst of keys ends where the same keys typed one at a time end (E7, L7)")
    func aBurstActsInOrder() async throws {
        let script = #"/ "a b" backspace down j esc pgdn / "q?" enter down enter"#
        let keys = try Key.parseScript(script)
        let burst = await makeFixture()
        burst.terminal.type(keys)
        #expect(await burst.application.waitUntilSettled())

        let typed = await makeFixture()
        for key in keys {
            await typed.type(key)
        }
        #expect(burst.terminal.rows == typed.terminal.rows)
        #expect(burst.navigation.topViewController?.navigationItem.title == "detail 1")
        #expect(burst.results.query == "q?")
        #expect(burst.list.listView.selectedRow == typed.list.listView.selectedRow)
    }
}
