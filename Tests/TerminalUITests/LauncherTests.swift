import Testing

@testable import TerminalUI

/// A scripted or piped run never reports success on a screen that still shows work.
@MainActor
@Suite struct LauncherTests {
    @Test("a screen that never settles is given up on, and says so (L6, L7)")
    func aScreenThatNeverSettlesIsGivenUpOn() async {
        let result = await Launcher.renderOffScreen(
            keys: [.down], size: Size(width: 80, height: 24), help: testHelp,
            settleTimeout: .milliseconds(100)
        ) {
            // A request that never answers: the loading view stays.
            let controller = ViewController()
            controller.view.addSubview(ActivityIndicatorView())
            return controller
        }
        #expect(!result.isSettled)
        #expect(result.screen.contains { $0.contains("Loading…") })
    }

    @Test(
        "TERM=dumb on a terminal prints the screen as a pipe does; other terminals are full-screen (P4, L6)"
    )
    func dumbTerminalPrints() {
        let arguments = ParsedArguments()
        func mode(_ environment: [String: String], isInteractive: Bool = true) -> String {
            "\(Launcher.mode(for: arguments, environment: environment, isInteractive: isInteractive))"
        }
        #expect(mode(["TERM": "dumb"]) == "printFirstScreen")
        #expect(mode(["TERM": "xterm-256color"]) == "interactive")
        #expect(mode(["TERM": "xterm-256color"], isInteractive: false) == "printFirstScreen")
        let script = ParsedArguments(keyScript: [.down])
        guard
            case .playScript = Launcher.mode(
                for: script, environment: ["TERM": "dumb"], isInteractive: true)
        else {
            Issue.record("a key script plays on a dumb terminal too")
            return
        }
    }

    @Test("a screen that settles is reported as settled (L6)")
    func aSettledScreenIsSettled() async {
        let result = await Launcher.renderOffScreen(
            keys: [.down], size: Size(width: 80, height: 24), help: testHelp
        ) {
            NavigationController(rootViewController: ListViewController(rowCount: 3))
        }
        #expect(result.isSettled)
    }

    @Test("ctrl-c in a script ends the run there, as on a terminal (L9)")
    func controlCEndsAScript() async {
        var list: ListViewController?
        let result = await Launcher.renderOffScreen(
            keys: [.down, .control("c"), .down], size: Size(width: 80, height: 24), help: testHelp
        ) {
            let root = ListViewController(rowCount: 3)
            list = root
            return NavigationController(rootViewController: root)
        }
        #expect(result.wasInterrupted)
        #expect(list?.listView.selectedRow == 1, "the key after ctrl-c was not played")
    }

    @Test("a script without ctrl-c is not interrupted (L7, L9)")
    func aScriptRunsToItsEnd() async {
        var list: ListViewController?
        let result = await Launcher.renderOffScreen(
            keys: [.down, .control("z"), .down], size: Size(width: 80, height: 24),
            help: testHelp
        ) {
            let root = ListViewController(rowCount: 3)
            list = root
            return NavigationController(rootViewController: root)
        }
        #expect(!result.wasInterrupted)
        #expect(list?.listView.selectedRow == 2)
    }

    @Test("giving up has its own exit status, listed with the others")
    func givingUpHasItsOwnStatus() {
        #expect(ExitStatus.gaveUpWaiting == 5)
        #expect(ExitStatus.meanings.contains { $0.status == ExitStatus.gaveUpWaiting })
    }
}
