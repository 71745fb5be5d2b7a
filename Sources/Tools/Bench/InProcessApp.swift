import Foundation
import ImagePipeline
import MovieLauncher
import MovieUI
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI

/// One step running in this process on a virtual terminal, as the acceptance suite runs it:
/// the same scene, the same `Application`, only the terminal and the HTTP are stand-ins.
@MainActor
final class InProcessApp {
    let terminal: VirtualTerminal
    let application: Application
    /// Kept for as long as the app runs, as the launcher keeps it.
    let scene: any AppScene

    /// `stub == nil`: the bundled sample data with zero latency, as `swift run mvc` starts.
    /// `images` picks the pictures' back end as `--images` does; `.none` is the plain frame of
    /// a piped run.
    init(
        _ step: Step, stub: HTTPStub? = nil, width: Int = 80, height: Int = 24,
        images: ImageOption = .none
    ) {
        // The process set up as the app's launcher sets it up, before anything allocates.
        Launcher.prepareProcess()
        let configuration = stub?.configuration() ?? Configuration()
        let client = TMDBClient(
            configuration: configuration, session: stub?.session, retryPolicy: .immediate)
        terminal = VirtualTerminal(width: width, height: height)
        scene = step.makeScene(client, ImagePipeline(client: client), .week, ContinuousClock())
        application = Application(
            rootViewController: scene.makeRootViewController(), terminal: terminal,
            help: MovieApp.help(for: configuration),
            imageDetector: ImageDetector(option: images, environment: ["TERM": "xterm-256color"]))
    }

    /// Starts the app and waits for its first settled screen; false when it never settled.
    func launch() async -> Bool {
        application.start()
        return await settle()
    }

    @discardableResult
    func settle() async -> Bool {
        await application.waitUntilSettled(timeout: .seconds(10))
    }

    /// Loaded rows, from the header's "12 / 60"; nil when the header shows none.
    var loadedRowCount: Int? {
        guard let header = terminal.rows.first,
            let slash = header.range(of: " / ", options: .backwards)
        else { return nil }
        return Int(header[slash.upperBound...].prefix { $0.isNumber })
    }

    func stop() {
        application.quit()
    }
}

extension RetryPolicy {
    /// Retries without waiting; the bench never meets a 429, but must never sleep on one either.
    static let immediate = RetryPolicy(
        maximumRetries: 2, backoff: .zero, maximumRetryAfter: .zero, sleep: { _ in })
}
