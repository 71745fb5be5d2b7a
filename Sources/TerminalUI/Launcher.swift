import Foundation

/// How the app runs: on the terminal, or off-screen printing one screen (L1, L6, L7).
public enum LaunchMode: Sendable {
    case interactive
    case printFirstScreen
    case playScript([Key])
}

/// The exit statuses every step shares (L4, L6, L7); `--help` lists them.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// A print mode's final screen shows an error; its message also went to stderr.
    public static let screenShowsError: Int32 = 1
    /// An unknown option, a bad key name, a bad value.
    public static let usageError: Int32 = 2
    /// A print mode's screen (COLUMNS×LINES) is below 40×10, so the app's screen was not
    /// shown, only "Terminal too small".
    public static let screenNotShown: Int32 = 3
    /// Standard output could not be written: a full disk, a closed descriptor.
    public static let outputFailed: Int32 = 4
    /// A print mode gave up waiting for the screen to settle (a server that never answers).
    public static let gaveUpWaiting: Int32 = 5
    /// Ctrl-C, typed or in a key script (L9).
    public static let interrupted: Int32 = 130

    /// Every status and what it means, for `--help`.
    public static let meanings: [(status: Int32, meaning: String)] = [
        (success, "done"),
        (screenShowsError, "the printed screen shows an error (also on standard error)"),
        (usageError, "usage error"),
        (screenNotShown, "the screen is below 40×10, so only \"Terminal too small\" was printed"),
        (outputFailed, "standard output could not be written"),
        (gaveUpWaiting, "gave up waiting for the screen to settle (it still showed work)"),
        (interrupted, "Ctrl-C, typed or in a --keys script (which then prints nothing)"),
    ]
}

/// Launch modes shared by every step (L1, L4, L6, L7).
public enum Launcher {
    /// interactive when stdout is a TTY (and stdin is) outside Xcode's console, unless
    /// `TERM` is `dumb`; printFirstScreen otherwise; playScript for --keys.
    public static func mode(for arguments: ParsedArguments, environment: [String: String])
        -> LaunchMode
    {
        mode(for: arguments, environment: environment, isInteractive: Platform.isInteractive)
    }

    /// What the process sets before its first screen, in every mode: the memory allocator's
    /// limits (see `Platform.limitMemoryArenas`). The bench calls it as `run` does.
    public static func prepareProcess() {
        Platform.limitMemoryArenas()
    }

    /// The same, for a terminal that is or is not one. A dumb terminal has no alternate
    /// screen, no cursor moves and no mouse, so it gets the printed screen as a pipe does (P4).
    static func mode(
        for arguments: ParsedArguments, environment: [String: String], isInteractive: Bool
    ) -> LaunchMode {
        if let script = arguments.keyScript {
            return .playScript(script)
        }
        let isFullScreen =
            isInteractive && !runsInXcodeConsole(environment) && environment["TERM"] != "dumb"
        return isFullScreen ? .interactive : .printFirstScreen
    }

    /// Whether the process runs in Xcode's console, which shows text but cannot be a
    /// full-screen terminal: there the app prints its first screen and says how to run it.
    public static func runsInXcodeConsole(_ environment: [String: String]) -> Bool {
        TerminalEnvironment.isXcodeConsole(environment)
    }

    /// What a print mode in Xcode's console adds on standard error: how to run `command` for
    /// real, and how to debug it or play keys from Xcode (README, "In Xcode").
    public static func xcodeConsoleHint(command: String) -> String {
        "Xcode's console is not a terminal, so \(command) printed its first screen and stopped."
            + " Run `swift run \(command)` in Terminal for the app (to debug it, Debug ›"
            + " Attach to Process by PID or Name… \(command)), or give the scheme's Run arguments"
            + " --keys \"down enter\" to play keys here."
    }

    /// Runs the app in `mode` on the real terminal (or an off-screen one for the print modes, size from
    /// COLUMNS/LINES or 80×24), restores the terminal on every exit path, and returns the exit status
    /// (`ExitStatus`): 0 normally; 130 for Ctrl-C, typed or in a script (which then prints
    /// nothing); for the print modes 1 when the final screen shows an error (its message also
    /// to stderr on one line), 3 when the screen is too small to show the app, 4 when standard
    /// output could not be written. `images` says how pictures are drawn on the terminal
    /// (P3); off screen they are always plain frames (P4).
    @MainActor
    public static func run(
        mode: LaunchMode, help: HelpContent, images: ImageOption = .auto,
        makeRootViewController: @MainActor () -> ViewController
    ) async -> Int32 {
        prepareProcess()
        switch mode {
        case .interactive:
            guard let terminal = RealTerminal() else {
                return await runOffScreen(
                    keys: [], help: help, makeRootViewController: makeRootViewController)
            }
            defer { terminal.restore() }
            let application = Application(
                rootViewController: makeRootViewController(), terminal: terminal, help: help,
                imageDetector: ImageDetector(
                    option: images, environment: ProcessEnvironment.current))
            await application.run()
            application.releaseImages()
            return application.wasInterrupted ? ExitStatus.interrupted : ExitStatus.success
        case .printFirstScreen:
            // A dumb terminal is printed on at its own size; a pipe has none.
            let isDumbTerminal = ProcessEnvironment.current["TERM"] == "dumb"
            return await runOffScreen(
                keys: [], help: help, size: isDumbTerminal ? Platform.windowSize() : nil,
                makeRootViewController: makeRootViewController)
        case .playScript(let keys):
            return await runOffScreen(
                keys: keys, help: help, makeRootViewController: makeRootViewController)
        }
    }

    /// Plays `keys` on an off-screen terminal, waiting for each screen to settle, then prints
    /// the final screen as plain text.
    @MainActor
    static func runOffScreen(
        keys: [Key], help: HelpContent, size: Size? = nil, settleTimeout: Duration = settleTimeout,
        makeRootViewController: @MainActor () -> ViewController
    ) async -> Int32 {
        let size = size ?? TerminalEnvironment.fallbackSize(ProcessEnvironment.current)
        let lines = await renderOffScreen(
            keys: keys, size: size, help: help, settleTimeout: settleTimeout,
            makeRootViewController: makeRootViewController)
        // L9: ctrl-c in a script is ctrl-c on a terminal: the run ends there, with nothing more.
        if lines.wasInterrupted {
            return ExitStatus.interrupted
        }
        guard writeStandardOutput(lines.screen.joined(separator: "\n") + "\n") else {
            return ExitStatus.outputFailed
        }
        guard lines.isSettled else {
            // Never a success on a screen that still shows work in progress.
            Platform.writeStandardError(
                "Gave up waiting after \(settleTimeout.components.seconds) s: the screen still"
                    + " shows work in progress.\n")
            return ExitStatus.gaveUpWaiting
        }
        let minimum = Application.minimumSize
        if size.width < minimum.width || size.height < minimum.height {
            // A script must not mistake "Terminal too small" for the screen it asked for.
            Platform.writeStandardError(
                "Terminal too small: \(size), needs at least \(minimum); the screen was not shown.\n"
            )
            return ExitStatus.screenNotShown
        }
        if let message = lines.errorMessage {
            Platform.writeStandardError(message.replacingOccurrences(of: "\n", with: " ") + "\n")
            return ExitStatus.screenShowsError
        }
        return ExitStatus.success
    }

    /// Writes all of `text` to standard output, or says in one line on standard error why it
    /// could not and returns false: a full disk is not a success (exit `outputFailed`).
    public static func writeStandardOutput(_ text: String) -> Bool {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
            return true
        } catch {
            Platform.writeStandardError(
                "Could not write to standard output: \(describe(writeError: error)).\n")
            return false
        }
    }

    /// "No space left on device": the system's words for the errno under Foundation's error.
    private static func describe(writeError error: any Error) -> String {
        let nsError = error as NSError
        let posixError =
            nsError.domain == NSPOSIXErrorDomain
            ? nsError : nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        guard let posixError, posixError.domain == NSPOSIXErrorDomain, posixError.code > 0,
            let text = strerror(Int32(posixError.code))
        else { return "the write failed" }
        return String(cString: text)
    }

    /// How long a print mode waits for each screen to settle: far longer than a request may
    /// take (15 s), so that a slow answer still arrives and only a hang is given up on.
    static let settleTimeout: Duration = .seconds(60)

    /// The screen after the keys, as plain rows, the error it shows, if any, whether it
    /// settled (false when a wait gave up), and whether a ctrl-c ended the keys (L9): the keys
    /// after it are not played.
    @MainActor
    static func renderOffScreen(
        keys: [Key], size: Size, help: HelpContent, settleTimeout: Duration = settleTimeout,
        makeRootViewController: @MainActor () -> ViewController
    ) async -> (screen: [String], errorMessage: String?, isSettled: Bool, wasInterrupted: Bool) {
        let terminal = VirtualTerminal(width: size.width, height: size.height)
        let application = Application(
            rootViewController: makeRootViewController(), terminal: terminal, help: help)
        application.start()
        var isSettled = await application.waitUntilSettled(timeout: settleTimeout)
        for key in keys where application.isRunning && isSettled {
            application.send(key)
            isSettled = await application.waitUntilSettled(timeout: settleTimeout)
        }
        let result = (
            application.screenLines, application.lastFrameErrorMessage, isSettled,
            application.wasInterrupted
        )
        application.quit()
        return result
    }
}
