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

    @Test("a screen that settles is reported as settled (L6)")
    func aSettledScreenIsSettled() async {
        let result = await Launcher.renderOffScreen(
            keys: [.down], size: Size(width: 80, height: 24), help: testHelp
        ) {
            NavigationController(rootViewController: ListViewController(rowCount: 3))
        }
        #expect(result.isSettled)
    }

    @Test("giving up has its own exit status, listed with the others")
    func givingUpHasItsOwnStatus() {
        #expect(ExitStatus.gaveUpWaiting == 5)
        #expect(ExitStatus.meanings.contains { $0.status == ExitStatus.gaveUpWaiting })
    }
}
