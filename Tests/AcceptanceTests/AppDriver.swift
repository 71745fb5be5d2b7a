import Foundation
import ImagePipeline
import MovieLauncher
import MovieUI
import StepTestSupport
import Steps
import TMDB
import TMDBTestSupport
/// For the terminal's count of keys typed and not yet taken in: time must not move past them.
import TerminalUI
import Testing

/// Runs one step in-process on a virtual terminal with HTTP stubbed, the way a user would
/// drive it: type keys, wait for the screen to settle, read it.
@MainActor
final class AppDriver {
    let step: Step
    let stub: HTTPStub
    let terminal: VirtualTerminal
    let application: Application
    /// Kept for as long as the app runs, as the launcher keeps it.
    let scene: any AppScene
    /// The posters' pipeline the step was given: what a test asks is in memory, or downloading.
    let imagePipeline: ImagePipeline
    /// The time the search waits on; it moves only when the screen waits for nothing else.
    let clock: TestClock

    /// Unless told otherwise the app talks to the stub as live TMDB would be talked to, and
    /// every path the scenario did not script answers with the bundled sample data. With
    /// `server`, it talks to that loopback server over its own URLSession, as the app does.
    /// A 429 is retried at once, unless `waitsOutRateLimits`: then the app's own waits run
    /// on `clock`, a second at a time, as they would on TMDB (E6).
    init(
        _ step: Step, stub: HTTPStub = HTTPStub(), configuration: Configuration? = nil,
        server: ScriptedHTTPServer? = nil, waitsOutRateLimits: Bool = false,
        timeWindow: TimeWindow = .week, width: Int = 80, height: Int = 24
    ) {
        // A sleep that begins wakes the settle loop, which then decides whether time moves.
        let woken = WeakApplication()
        let clock = TestClock(onSleep: { Task { @MainActor in woken.value?.setNeedsDisplay() } })
        let serverURL = server.flatMap { URL(string: $0.baseURL) }
        let configuration =
            serverURL.map {
                Configuration(
                    credential: .apiKey("k"), baseURL: $0, imageBaseURL: $0.appending(path: "t/p/"))
            }
            ?? configuration ?? stub.configuration()
        let session = configuration.usesSampleData || serverURL != nil ? nil : stub.session
        let retryPolicy =
            waitsOutRateLimits
            ? RetryPolicy(sleep: { duration in try await clock.sleep(for: duration) })
            : .immediate
        let client = TMDBClient(
            configuration: configuration, session: session, retryPolicy: retryPolicy)
        self.step = step
        self.stub = stub
        self.terminal = VirtualTerminal(width: width, height: height)
        self.clock = clock
        // Posters in memory only, as a first launch has them: no disk cache between tests.
        self.imagePipeline = ImagePipeline(client: client)
        self.scene = step.makeScene(client, imagePipeline, timeWindow, clock)
        self.application = Application(
            rootViewController: scene.makeRootViewController(),
            terminal: terminal,
            help: MovieApp.help(for: configuration))
        woken.value = application
    }

    /// Starts the app and waits for its first settled screen.
    func launch() async {
        application.start()
        await settle()
    }

    /// Types each key as a user would, waiting for the screen to settle after each one.
    func press(_ keys: Key...) async {
        for key in keys {
            application.send(key)
            await settle()
        }
    }

    /// Types the keys faster than any response can arrive, without waiting in between.
    func pressQuickly(_ keys: [Key]) {
        for key in keys {
            application.send(key)
        }
    }

    /// Types the keys as one burst, the way a paste or a fast typist sends them: all of them
    /// reach the terminal at once, and the app takes them in one after another (E7).
    func paste(_ keys: [Key]) async {
        terminal.type(keys)
        await settle()
    }

    /// Waits until the screen settles. When it waits for nothing but time (a debounce), time
    /// moves to the next deadline, so a settled screen includes the debounce having fired
    /// and its answer having arrived (L7). Keys typed and not yet taken in are something
    /// else to wait for: a burst is taken in whole before time moves (E7).
    func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        while true {
            let isSettledOrWaitingForTime = await application.waitUntil(timeout: .seconds(120)) {
                application.isSettled || isWaitingForNothingButTime
            }
            guard isSettledOrWaitingForTime else {
                Issue.record("the screen did not settle", sourceLocation: sourceLocation)
                return
            }
            guard !application.isSettled, let deadline = clock.nextDeadline else { return }
            clock.advance(to: deadline)
        }
    }

    /// Types `text` one character a key, faster than the debounce: the keys are taken in and
    /// the screen waits for nothing but time, which does not move. A test moves `clock` itself.
    func typeWithoutPausing(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        for character in text {
            application.send(.character(character))
        }
        await waitForNothingButTime(sourceLocation: sourceLocation)
    }

    /// Waits until the screen has settled or waits for nothing but time, without moving time.
    func waitForNothingButTime(sourceLocation: SourceLocation = #_sourceLocation) async {
        let isWaitingForTimeAtMost = await application.waitUntil(timeout: .seconds(120)) {
            application.isSettled || isWaitingForNothingButTime
        }
        if !isWaitingForTimeAtMost {
            Issue.record("the screen did not settle", sourceLocation: sourceLocation)
        }
    }

    /// True when someone sleeps on the clock, no key waits to be taken in, no answer is on
    /// its way and the last frame shows the latest state: only moving time can change the
    /// screen.
    private var isWaitingForNothingButTime: Bool {
        clock.nextDeadline != nil && terminal.unconsumedEventCount == 0
            && stub.inFlightCount == 0 && !application.hasPendingDisplay
    }

    /// Waits until every stubbed request has been answered (or cancelled), then lets the
    /// app take in whatever arrived.
    func waitForStubbedResponses() async {
        let deadline = ContinuousClock.now + .seconds(120)
        while stub.inFlightCount > 0 && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        #expect(stub.inFlightCount == 0, "stubbed responses still in flight")
        await settle()
    }

    /// The screen as the user sees it, one string a row.
    var rows: [String] { terminal.rows }

    var screen: String { rows.joined(separator: "\n") }

    /// The top view controller, for the leak checks (E5).
    var topViewController: ViewController? {
        (application.rootViewController as? NavigationController)?.topViewController
    }

    /// Requests for one page of the trending list.
    func pageRequests(_ timeWindow: TimeWindow = .week, page: Int) -> [RecordedRequest] {
        stub.pageRequests(timeWindow, page: page)
    }
}

/// The application a clock's wake-up call reaches, once it exists.
@MainActor
final class WeakApplication {
    weak var value: Application?
}
