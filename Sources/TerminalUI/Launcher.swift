import Foundation

/// How the app runs: on the terminal, or off-screen printing one screen (L1, L6, L7).
public enum LaunchMode: Sendable {
    case interactive
    case printFirstScreen
    case playScript([Key])
}

/// Launch modes shared by every step (L1, L4, L6, L7).
public enum Launcher {
    /// interactive when stdout is a TTY (and stdin is); printFirstScreen otherwise; playScript for --keys.
    public static func mode(for arguments: ParsedArguments) -> LaunchMode {
        if let script = arguments.keyScript {
            return .playScript(script)
        }
        return Platform.isInteractive ? .interactive : .printFirstScreen
    }

    /// Runs the app in `mode` on the real terminal (or an off-screen one for the print modes, size from
    /// COLUMNS/LINES or 80×24), restores the terminal on every exit path, and returns the exit status:
    /// 0 normally; 130 for Ctrl-C; for the print modes 1 when the final screen shows an error
    /// (its message also to stderr on one line).
    @MainActor
    public static func run(
        mode: LaunchMode, help: HelpContent, makeRootViewController: @MainActor () -> ViewController
    ) async -> Int32 {
        switch mode {
        case .interactive:
            guard let terminal = RealTerminal() else {
                return await runOffScreen(
                    keys: [], help: help, makeRootViewController: makeRootViewController)
            }
            defer { terminal.restore() }
            let application = Application(
                rootViewController: makeRootViewController(), terminal: terminal, help: help)
            await application.run()
            return application.wasInterrupted ? 130 : 0
        case .printFirstScreen:
            return await runOffScreen(
                keys: [], help: help, makeRootViewController: makeRootViewController)
        case .playScript(let keys):
            return await runOffScreen(
                keys: keys, help: help, makeRootViewController: makeRootViewController)
        }
    }

    /// Plays `keys` on an off-screen terminal, waiting for each screen to settle, then prints
    /// the final screen as plain text.
    @MainActor
    static func runOffScreen(
        keys: [Key], help: HelpContent, makeRootViewController: @MainActor () -> ViewController
    ) async -> Int32 {
        let lines = await renderOffScreen(
            keys: keys, size: TerminalEnvironment.fallbackSize(ProcessEnvironment.current),
            help: help,
            makeRootViewController: makeRootViewController)
        Platform.writeStandardOutput(lines.screen.joined(separator: "\n") + "\n")
        if let message = lines.errorMessage {
            Platform.writeStandardError(message.replacingOccurrences(of: "\n", with: " ") + "\n")
            return 1
        }
        return 0
    }

    /// The screen after the keys, as plain rows, and the error it shows, if any.
    @MainActor
    static func renderOffScreen(
        keys: [Key], size: Size, help: HelpContent,
        makeRootViewController: @MainActor () -> ViewController
    ) async -> (screen: [String], errorMessage: String?) {
        let terminal = VirtualTerminal(width: size.width, height: size.height)
        let application = Application(
            rootViewController: makeRootViewController(), terminal: terminal, help: help)
        application.start()
        await application.waitUntilSettled()
        for key in keys where application.isRunning {
            application.send(key)
            await application.waitUntilSettled()
        }
        let result = (application.screenLines, application.lastFrameErrorMessage)
        application.quit()
        return result
    }
}
