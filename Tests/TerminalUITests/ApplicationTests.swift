import Observation
import Testing

@testable import TerminalUI

/// The run loop: quit (E4), help (E2), too small and resize (E3), settling.
@MainActor
@Suite struct ApplicationTests {
    final class MessageController: ViewController {
        let messageView = MessageView(
            kind: .error, message: "TMDB rejected the API key.", hint: "r to retry")
        let loadingView = ActivityIndicatorView()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(loadingView)
            view.addSubview(messageView)
            messageView.isHidden = true
            loadingView.isHidden = true
        }

        /// Stands in for a request: the loading view until a task on the main actor finishes.
        func finishLoadingSoon() {
            Task { @MainActor in
                loadingView.isHidden = true
                messageView.isHidden = false
            }
        }
    }

    @Test("q quits from any screen (E4)")
    func qQuits() async {
        let (application, terminal) = await makeApplication(root: ListViewController(rowCount: 3))
        terminal.type(.character("q"))
        #expect(await application.waitUntilSettled())
        #expect(!application.isRunning)
        #expect(!application.wasInterrupted)
    }

    @Test("Ctrl-C quits at once, even over help (E4)")
    func controlCQuits() async {
        let (application, terminal) = await makeApplication(root: ListViewController(rowCount: 3))
        terminal.type(.character("?"), .control("c"))
        #expect(await application.waitUntilSettled())
        #expect(!application.isRunning)
        #expect(application.wasInterrupted)
    }

    @Test("run() returns after quit")
    func runReturnsAfterQuit() async {
        let terminal = VirtualTerminal()
        let application = Application(
            rootViewController: ListViewController(rowCount: 3), terminal: terminal, help: testHelp)
        terminal.type(.down, .character("q"))
        await application.run()
        #expect(!application.isRunning)
    }

    @Test("? shows help with every key and the notes; ?, Esc and q close it, other keys wait (E2)")
    func helpOverlay() async {
        let root = ListViewController(rowCount: 3)
        let (application, terminal) = await makeApplication(root: root)
        terminal.type(.character("?"))
        #expect(await application.waitUntilSettled())
        #expect(application.isShowingHelp)
        #expect(terminal.rows[0] == "Keys")
        #expect(terminal.rows.contains("  ↑ k  move up"))
        #expect(
            terminal.rows.contains(
                "  This product uses the TMDB API but is not endorsed or certified by TMDB."))
        #expect(terminal.rows[23] == "? Esc q close this help", "nothing to scroll")
        terminal.type(.down, .character("x"), .enter, .mouse(MouseEvent(.press, x: 2, y: 2)))
        #expect(await application.waitUntilSettled())
        #expect(application.isShowingHelp)
        #expect(terminal.rows[0] == "Keys")
        for close in [Key.character("?"), .escape, .character("q")] {
            terminal.type(close)
            #expect(await application.waitUntilSettled())
            #expect(!application.isShowingHelp, "\(close) closed the help")
            #expect(application.isRunning)
            #expect(terminal.rows[0] == "Row 0")
            terminal.type(.character("?"))
            #expect(await application.waitUntilSettled())
        }
        #expect(root.listView.selectedRow == 0, "no key on the help reached the list")
        terminal.type(.escape, .character("q"))
        #expect(await application.waitUntilSettled())
        #expect(!application.isRunning)
    }

    /// A help taller than a 40×10 screen, with actions too long for the line.
    static let longHelp = HelpContent(
        title: "Keys",
        entries: (1...12).map {
            HelpContent.Entry(
                keys: "key \($0)  ctrl-\($0)",
                action: "does thing number \($0), which takes more words than a line holds")
        },
        notes: [
            "Data: somewhere",
            "This product uses the TMDB API but is not endorsed or certified by TMDB.",
        ])

    @Test("on a small screen the help wraps and scrolls, and says when more follows (E2)")
    func helpScrollsOnASmallScreen() async {
        let terminal = VirtualTerminal(width: 40, height: 10)
        let application = Application(
            rootViewController: ListViewController(rowCount: 3), terminal: terminal,
            help: Self.longHelp)
        application.start()
        terminal.type(.character("?"))
        #expect(await application.waitUntilSettled())
        let lines = Self.longHelp.lines(forWidth: 40)
        #expect(lines.allSatisfy { $0.x + $0.text.displayWidth <= 40 }, "nothing is cut")
        #expect(lines.contains { $0.text == "key 1  ctrl-1" && $0.x == 2 }, "keys on a line")
        #expect(lines.contains { $0.text.hasPrefix("does thing number 1,") && $0.x == 6 })
        #expect(terminal.rows[8] == "↓ more")
        #expect(terminal.rows[9] == "↑↓ PgUp PgDn scroll · ? Esc q close")

        // Nine rows for lines: eight and "↓ more" until the end, where all nine show.
        let last = lines.count - 9
        let steps: [(Key, Int)] = [
            (.down, 1), (.character("j"), 2), (.up, 1), (.character("k"), 0), (.up, 0),
            (.pageDown, 7), (.character(" "), 14), (.pageUp, 7), (.control("d"), 11),
            (.control("u"), 7), (.control("b"), 0), (.control("f"), 7),
            (.mouse(MouseEvent(.scrollDown, x: 0, y: 0)), 10),
            (.mouse(MouseEvent(.scrollUp, x: 0, y: 0)), 7), (.end, last), (.down, last),
            (.character("g"), 0), (.character("G"), last), (.home, 0),
        ]
        for (key, offset) in steps {
            terminal.type(key)
            #expect(await application.waitUntilSettled())
            let shown = lines[offset..<min(offset + (offset == last ? 9 : 8), lines.count)]
            #expect(
                Array(terminal.rows.prefix(shown.count))
                    == shown.map { String(repeating: " ", count: $0.x) + $0.text },
                "after \(key): from line \(offset)")
            #expect((terminal.rows[8] == "↓ more") == (offset < last), "after \(key)")
        }
        terminal.type(.end)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows.suffix(4).prefix(3).joined().contains("certified by TMDB."))

        // A taller screen shows it all, from the top, and the offset kept is clamped.
        terminal.resize(width: 40, height: 60)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Keys")
        #expect(terminal.rows[59] == "? Esc q close this help")
        terminal.resize(width: 40, height: 10)
        terminal.type(.up)
        #expect(await application.waitUntilSettled())
        #expect(
            terminal.rows[0] == String(repeating: " ", count: lines[last - 1].x)
                + lines[last - 1].text)
        application.quit()
    }

    @Test("below 40×10 the screen says Terminal too small and ignores keys but q (E3)")
    func tooSmall() async {
        let root = ListViewController(rowCount: 30)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root))
        terminal.resize(width: 39, height: 10)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows.contains { $0.contains("Terminal too small") })
        #expect(terminal.rows.contains { $0.contains("39×10") && $0.contains("40×10") })
        #expect(terminal.rows.allSatisfy { $0.displayWidth <= 39 })
        terminal.type(.down, .character("?"))
        #expect(await application.waitUntilSettled())
        #expect(root.listView.selectedRow == 0)
        #expect(!application.isShowingHelp)
        terminal.resize(width: 40, height: 10)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "List · test" + String(repeating: " ", count: 23) + "1 / 30")
        #expect(terminal.rows[1] == "Row 0")
        for size in [(1, 1), (0, 0), (5, 30), (200, 3)] {
            terminal.resize(width: size.0, height: size.1)
            #expect(await application.waitUntilSettled())
        }
        terminal.type(.character("q"))
        #expect(await application.waitUntilSettled())
        #expect(!application.isRunning)
    }

    @Test("a resize redraws the whole screen at the new size (E3)")
    func resizeRelaysOut() async {
        let root = ListViewController(rowCount: 100)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root))
        terminal.resize(width: 60, height: 12)
        #expect(await application.waitUntilSettled())
        #expect(root.listView.visibleRowCount == 10)
        #expect(terminal.rows.count == 12)
        #expect(terminal.rows[0].hasSuffix("1 / 100"))
        #expect(terminal.rows[0].displayWidth == 60)
        #expect(
            String(decoding: terminal.lastWrite, as: UTF8.self).hasPrefix(
                "\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(terminal.rows[11] == "↑↓ move")
    }

    @Test("waitUntilSettled waits for activity to end, without sleeping")
    func waitsForActivity() async {
        let root = MessageController()
        let (application, terminal) = await makeApplication(root: root)
        #expect(application.lastFrameErrorMessage == nil)
        root.loadingView.isHidden = false
        root.messageView.isHidden = true
        #expect(await application.waitUntilSettled(timeout: .milliseconds(20)) == false)
        root.finishLoadingSoon()
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows.contains { $0.contains("TMDB rejected the API key.") })
        #expect(terminal.rows.contains { $0.contains("r to retry") })
        #expect(application.lastFrameErrorMessage == "TMDB rejected the API key.")
    }

    @Test func redrawsAreCoalesced() async {
        let root = ListViewController(rowCount: 100)
        let (application, terminal) = await makeApplication(root: root)
        let writes = terminal.writeCount
        terminal.type(.down, .down, .down, .down)
        #expect(await application.waitUntilSettled())
        #expect(root.listView.selectedRow == 4)
        #expect(terminal.writeCount == writes + 1)
    }

    /// State the controllers below copy into their views.
    @Observable final class Counter {
        var count = 0
        /// Read by no controller: changing it must not cost an update.
        var unread = 0
    }

    /// Copies an observable counter into its title only in `updateProperties()`, as a
    /// view-model-bound controller does, so the screen shows the counter only if the kit
    /// calls the hook when the counter changes.
    final class CounterController: ViewController {
        let counter: Counter
        /// State Observation cannot see; shown only after `setNeedsUpdateProperties()`.
        var suffix = ""
        private(set) var updates = 0

        init(counter: Counter) {
            self.counter = counter
            super.init()
        }

        override func updateProperties() {
            super.updateProperties()
            updates += 1
            navigationItem.title = "Count \(counter.count)\(suffix)"
        }

        override func handle(_ key: Key) -> Bool {
            guard key == .character("+") else { return false }
            #expect(navigationItem.title == "Count \(counter.count)", "a key acts on current state")
            counter.count += 1
            return true
        }
    }

    @Test("a change to an @Observable property updateProperties read redraws, as on iOS 26")
    func observedChangesUpdateProperties() async {
        let counter = Counter()
        let root = CounterController(counter: counter)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root))
        #expect(terminal.rows[0].hasPrefix("Count 0"))
        #expect(root.updates == 1)

        counter.count = 5
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0].hasPrefix("Count 5"))
        #expect(root.updates == 2)

        counter.unread = 1
        #expect(await application.waitUntilSettled())
        #expect(root.updates == 2, "a property it did not read asks for nothing")
    }

    @Test("a key acts on the state updateProperties copied, even before the frame is drawn")
    func keysSeeCurrentProperties() async {
        let counter = Counter()
        let root = CounterController(counter: counter)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root))
        counter.count = 5
        application.send(.character("+"))
        application.send(.character("+"))
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0].hasPrefix("Count 7"))
    }

    @Test("setNeedsUpdateProperties asks for an update Observation cannot see")
    func setNeedsUpdatePropertiesUpdates() async {
        let root = CounterController(counter: Counter())
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root))
        root.suffix = "!"
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Count 0", "no update was asked for")
        root.setNeedsUpdateProperties()
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Count 0!")
    }

    @Test("only the top controller is updated, and it is updated again when it comes back")
    func onlyTheTopControllerIsUpdated() async {
        let counter = Counter()
        let list = CounterController(counter: counter)
        let navigation = NavigationController(rootViewController: list)
        let (application, terminal) = await makeApplication(root: navigation)
        let detail = CounterController(counter: Counter())
        navigation.pushViewController(detail, animated: true)
        #expect(await application.waitUntilSettled())
        let listUpdates = list.updates
        counter.count = 9
        #expect(await application.waitUntilSettled())
        #expect(list.updates == listUpdates, "a covered screen is not updated")
        terminal.type(.escape)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0].hasPrefix("Count 9"))
    }

    /// Handles `+` without changing anything on screen, so that no frame follows it.
    final class SilentKeyController: ViewController {
        private(set) var presses = 0

        override func handle(_ key: Key) -> Bool {
            guard key == .character("+") else { return false }
            presses += 1
            return true
        }
    }

    @Test("waitUntil returns as soon as a key that draws nothing makes the condition true (E7, L7)")
    func waitUntilWakesOnEveryEvent() async {
        let root = SilentKeyController()
        let (application, terminal) = await makeApplication(root: root)
        let writes = terminal.writeCount
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(60))
        terminal.type(.character("+"), .character("+"))
        #expect(await application.waitUntil(timeout: .seconds(60)) { root.presses == 2 })
        #expect(clock.now < deadline, "woken by the keys, not by the deadline")
        #expect(terminal.writeCount == writes, "the keys drew no frame")
    }

    @Test("waitUntil with no time left answers at once (L7)")
    func waitUntilWithoutTimeAnswersAtOnce() async {
        let (application, _) = await makeApplication(root: SilentKeyController())
        #expect(await application.waitUntil(timeout: .zero) { false } == false)
        #expect(await application.waitUntil(timeout: .zero) { true })
    }

    @Test("waitUntil stops waiting when the application quits (E4, L7)")
    func waitUntilEndsWithTheApplication() async {
        let (application, terminal) = await makeApplication(root: SilentKeyController())
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(60))
        terminal.type(.character("q"))
        #expect(await application.waitUntil(timeout: .seconds(60)) { false } == false)
        #expect(clock.now < deadline, "ended by the quit, not by the deadline")
        #expect(!application.isRunning)
    }

    @Test("waitUntilSettled counts a typed key as pending until it is handled (E7, L7)")
    func typedKeysAreNotSettled() async {
        let root = ListViewController(rowCount: 10)
        let (application, terminal) = await makeApplication(root: root)
        terminal.type(.down, .down)
        #expect(!application.isSettled)
        #expect(await application.waitUntilSettled())
        #expect(root.listView.selectedRow == 2)
        #expect(terminal.rows[2] == "Row 2")
    }
}
