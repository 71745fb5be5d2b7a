/// The run loop: keys to the top controller, coalesced redraws, help (`?`), quit (`q`, Ctrl-C),
/// "Terminal too small" below 40×10 (E3).
@MainActor public final class Application {
    /// Below this the layout has no room, so the app says so instead (E3).
    public static let minimumSize = Size(width: 40, height: 10)

    public let rootViewController: ViewController
    public private(set) var isRunning = false
    /// True when the app quit because of Ctrl-C (the launcher exits with 130).
    public private(set) var wasInterrupted = false
    /// True while the `?` screen covers the app.
    public private(set) var isShowingHelp = false
    /// The help's first line on screen, while it is taller than the screen (E2).
    private var helpScrollOffset = 0

    private let terminal: any TerminalDevice
    private let help: HelpContent
    private let renderer: Renderer
    private var needsDisplay = false
    private var isDisplayScheduled = false
    private var lastFrame: Canvas?
    private var frameCount = 0
    private var lastFrameTime: ContinuousClock.Instant?
    private var eventTask: Task<Void, Never>?
    private var quitContinuation: CheckedContinuation<Void, Never>?
    private var frameWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiterID = 0
    /// The deadline of each `waitUntil` in progress, and the one timer for the earliest.
    private var waitDeadlines: [Int: ContinuousClock.Instant] = [:]
    private var nextWaitID = 0
    private var deadlineTimer: (deadline: ContinuousClock.Instant, task: Task<Void, Never>)?
    /// The screen's traits as the controllers were last told them.
    private(set) var traitCollection: TraitCollection

    public init(rootViewController: ViewController, terminal: any TerminalDevice, help: HelpContent)
    {
        self.rootViewController = rootViewController
        self.terminal = terminal
        self.help = help
        traitCollection = TraitCollection(screenSize: terminal.size)
        renderer = Renderer(
            colorEnabled: TerminalEnvironment.isColorEnabled(ProcessEnvironment.current),
            hyperlinksEnabled: (terminal as? any HyperlinkReporting)?.showsHyperlinks ?? false)
        rootViewController.application = self
    }

    /// Begin consuming terminal events; draws the first frame.
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        let events = terminal.events
        eventTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.handle(event)
            }
        }
        rootViewController.beginAppearance()
        display()
        rootViewController.endAppearance()
    }

    /// start() and return after quit.
    public func run() async {
        start()
        guard isRunning else { return }
        await withCheckedContinuation { continuation in
            quitContinuation = continuation
        }
    }

    public func quit() {
        guard isRunning else { return }
        isRunning = false
        eventTask?.cancel()
        eventTask = nil
        quitContinuation?.resume()
        quitContinuation = nil
        resumeFrameWaiters()
    }

    /// Asks for one redraw soon; many requests before it runs cost one frame.
    public func setNeedsDisplay() {
        needsDisplay = true
        guard !isDisplayScheduled, isRunning else { return }
        isDisplayScheduled = true
        // At most one frame per frame interval: a redraw asked for sooner waits its turn.
        let wait = lastFrameTime.map { $0 + terminal.frameInterval - .now } ?? .zero
        Task { [weak self] in
            if wait > .zero {
                try? await Task.sleep(for: wait)
            }
            self?.displayIfNeeded()
        }
    }

    /// Handles a key exactly as if typed: Ctrl-C quits at once; otherwise the first responder
    /// (a text field being edited) has the first pick, so `q` and `?` type into it; then `q`
    /// quits, `?` shows help, and the screens get the key.
    public func send(_ key: Key) {
        guard isRunning else { return }
        if key == .control("c") {
            wasInterrupted = true
            quit()
            return
        }
        if key == .control("z") || key == .control("l") {
            handleTerminalKey(key)
            return
        }
        if isTooSmall(terminal.size) {
            if key == .character("q") { quit() }
            return
        }
        if isShowingHelp {
            handleHelpKey(key)
            return
        }
        // A key acts on what is current, even when the frame showing it is not drawn yet.
        rootViewController.updatePropertiesIfNeeded()
        if let responder = firstResponder, responder.viewController.map(isOnScreen) == true {
            if responder.handle(key) { return }
            // Declined: the key goes on to the screens, which must not offer it again.
            declinedResponder = responder
        }
        defer { declinedResponder = nil }
        if key == .character("q") {
            quit()
            return
        }
        if key == .character("?") {
            isShowingHelp = true
            helpScrollOffset = 0
            setNeedsDisplay()
            return
        }
        _ = rootViewController.handle(key)
    }

    /// The view keys reach first, like a window's first responder; weak, a screen owns it.
    private(set) weak var firstResponder: View?
    /// The first responder while a key it declined goes on to the screens, so that the
    /// views it sits among skip it, as a key in UIKit never returns down the responder chain.
    private(set) weak var declinedResponder: View?

    func setFirstResponder(_ view: View?) {
        guard view !== firstResponder else { return }
        let previous = firstResponder
        firstResponder = view
        previous?.didResignFirstResponder()
        view?.didBecomeFirstResponder()
        setNeedsDisplay()
    }

    /// True when `viewController` is the root or shown by a controller on screen.
    private func isOnScreen(_ viewController: ViewController) -> Bool {
        var shown = [rootViewController]
        while let next = shown.popLast() {
            if next === viewController { return true }
            shown += next.childrenOnScreen
        }
        return false
    }

    /// True when no key is queued, no redraw or property update is pending, and the last
    /// frame shows no activity.
    public var isSettled: Bool {
        guard isRunning else { return lastFrame != nil }
        let queued = (terminal as? any EventQueueReporting)?.unconsumedEventCount ?? 0
        return !hasPendingDisplay && queued == 0 && lastFrame.map { !$0.showsActivity } ?? false
    }

    /// True while a redraw or a property update is still to come, so that the last frame is
    /// not yet what the screen will show.
    public var hasPendingDisplay: Bool {
        let isShowingScreen = !isTooSmall(terminal.size) && !isShowingHelp
        return needsDisplay || (isShowingScreen && rootViewController.needsUpdateProperties)
    }

    /// Waits until settled, or until the deadline; returns `isSettled`.
    ///
    /// Exact, not guessed: whatever a key or an answer changes marks a redraw or a property
    /// update as pending at once, and a screen waiting for an answer shows activity, so the
    /// screen is settled exactly when `isSettled` says so. Until then each frame is a new
    /// chance; the deadline only guards against a hang.
    @discardableResult public func waitUntilSettled(timeout: Duration = .seconds(60)) async -> Bool
    {
        await waitUntil(timeout: timeout) { isSettled }
    }

    /// Waits until `condition` holds, checking it again after every frame and every event
    /// taken in, or until the deadline; returns whether it held.
    @discardableResult public func waitUntil(
        timeout: Duration = .seconds(60), _ condition: () -> Bool
    ) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        guard !condition() else { return true }
        let id = nextWaitID
        nextWaitID += 1
        waitDeadlines[id] = deadline
        armDeadlineTimer()
        defer { waitDeadlines[id] = nil }
        while !condition() {
            guard isRunning, clock.now < deadline else { return condition() }
            await nextChange()
        }
        return true
    }

    /// Keeps one timer armed for the earliest deadline of the waits in progress; when it
    /// fires, every wait checks its own deadline and the timer is armed for the next one. A
    /// cancelled sleep is released only at its deadline, so a timer per wait, cancelled when
    /// the wait ends, would pile up over thousands of short waits; this cancels one only when
    /// a wait with an earlier deadline begins.
    private func armDeadlineTimer() {
        guard let earliest = waitDeadlines.values.min() else { return }
        if let armed = deadlineTimer, armed.deadline <= earliest { return }
        deadlineTimer?.task.cancel()
        let task = Task { [weak self] in
            try? await ContinuousClock().sleep(until: earliest)
            guard !Task.isCancelled, let self else { return }
            self.deadlineTimer = nil
            self.resumeFrameWaiters()
            self.armDeadlineTimer()
        }
        deadlineTimer = (earliest, task)
    }

    /// The last frame as plain text rows.
    public var screenLines: [String] { lastFrame?.lines ?? [] }

    public var lastFrameErrorMessage: String? { lastFrame?.errorMessage }

    // MARK: Internals

    private func handle(_ event: TerminalEvent) {
        (terminal as? any EventQueueReporting)?.didConsumeEvent()
        switch event {
        case .keys(let keys):
            for key in keys {
                send(key)
            }
        case .resize:
            renderer.invalidate()
            updateTraitCollection()
            setNeedsDisplay()
        case .replies(let replies):
            receive(replies)
        }
        if needsDisplay && !isDisplayScheduled {
            setNeedsDisplay()
        }
        // A key that changes nothing draws no frame, yet may be what a waiter waits for.
        resumeFrameWaiters()
    }

    /// Tells every controller held when the resize changed the screen's traits.
    private func updateTraitCollection() {
        let previous = traitCollection
        traitCollection = TraitCollection(screenSize: terminal.size)
        guard traitCollection != previous else { return }
        var controllers = [rootViewController]
        while let controller = controllers.popLast() {
            controller.traitCollectionDidChange(previous)
            controllers += controller.traitEnvironmentChildren
        }
    }

    private func isTooSmall(_ size: Size) -> Bool {
        size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    /// Draws now if a redraw is pending, like `UIView.layoutIfNeeded()`. Keys already typed
    /// are handled first, so that a burst of keys costs one frame.
    public func displayIfNeeded() {
        isDisplayScheduled = false
        guard needsDisplay, isRunning else { return }
        if let queue = terminal as? any EventQueueReporting, queue.unconsumedEventCount > 0 {
            return
        }
        display()
    }

    /// Draws the whole screen into a fresh canvas and writes what changed, in one write.
    private func display() {
        // The first frame waits for the back end (at most the detection's time limit).
        guard isImageRenderingDecided() else {
            needsDisplay = true
            return
        }
        let size = terminal.size
        // The frame's size and the controllers' traits agree, even when the resize event
        // that says so is still on its way.
        updateTraitCollection()
        if !isTooSmall(size) && !isShowingHelp {
            rootViewController.updatePropertiesIfNeeded()
        }
        needsDisplay = false
        let canvas = Canvas(size: size)
        renderer.prepare(canvas)
        let bounds = Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height)
        if isTooSmall(size) {
            canvas.drawCentered(
                [
                    ("Terminal too small", Style.bold),
                    ("\(size) — needs at least \(Self.minimumSize)", Style.plain),
                ], in: bounds)
        } else if isShowingHelp {
            help.draw(in: canvas, bounds: bounds, scrollOffset: helpScrollOffset)
        } else {
            rootViewController.render(in: canvas, bounds: bounds)
        }
        lastFrame = canvas
        let bytes = renderer.render(canvas)
        if !bytes.isEmpty {
            terminal.write(bytes)
        }
        (terminal as? any PictureRecording)?.record(canvas.pictures)
        frameCount += 1
        lastFrameTime = .now
        resumeFrameWaiters()
    }

    /// Returns after the next frame or the next event taken in, or when a wait's timer fires.
    private func nextChange() async {
        await withCheckedContinuation { continuation in
            frameWaiters[nextWaiterID] = continuation
            nextWaiterID += 1
        }
    }

    private func resumeFrameWaiters() {
        let waiters = frameWaiters
        frameWaiters = [:]
        for waiter in waiters.values {
            waiter.resume()
        }
    }

    /// The help's keys (E2): `?`, Esc and `q` close it; while it is taller than the screen,
    /// the keys that scroll a text view scroll it. Every other key waits for it to close.
    private func handleHelpKey(_ key: Key) {
        if key == .character("?") || key == .escape || key == .character("q") {
            isShowingHelp = false
            setNeedsDisplay()
            return
        }
        let size = terminal.size
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let rows = HelpContent.textRows(in: bounds)
        // A line stays in view across a page, above the row that says more follows.
        let page = max(rows - 2, 1)
        let halfPage = max(rows / 2, 1)
        let maximum = help.maximumScrollOffset(in: bounds)
        let offset = min(helpScrollOffset, maximum)
        let target: Int
        switch key {
        case .up, .character("k"): target = offset - 1
        case .down, .character("j"): target = offset + 1
        case .pageUp, .control("b"): target = offset - page
        case .pageDown, .character(" "), .control("f"): target = offset + page
        case .control("u"): target = offset - halfPage
        case .control("d"): target = offset + halfPage
        case .home, .character("g"): target = 0
        case .end, .character("G"): target = maximum
        case .mouse(let event) where event.kind == .scrollUp:
            target = offset - ListView.wheelRows
        case .mouse(let event) where event.kind == .scrollDown:
            target = offset + ListView.wheelRows
        default: return
        }
        let clamped = min(max(target, 0), maximum)
        if clamped != helpScrollOffset {
            helpScrollOffset = clamped
            setNeedsDisplay()
        }
    }

    /// The keys that act on the terminal itself, on every screen and before the first
    /// responder, as in vim and less: Ctrl-Z suspends; Ctrl-L (E9) forgets what the renderer
    /// believes is on screen, so that the next frame clears it and draws every row again,
    /// over whatever another program wrote there.
    private func handleTerminalKey(_ key: Key) {
        if key == .control("z") {
            terminal.suspend()
        } else {
            renderer.invalidate()
            setNeedsDisplay()
        }
    }

    // MARK: Pictures

    /// How pictures are drawn: plain, unless an image detector decided otherwise; nil while
    /// its queries await their replies (P3).
    public private(set) var imageRendering: ImageRendering? = .plain
    private var imageDetector: ImageDetector?
    private var isDetecting = false
    private var detectionTimeout: Task<Void, Never>?
    private var clock: any Clock<Duration> = ContinuousClock()

    /// `imageDetector` decides how pictures are drawn, once, when the app starts; where it
    /// must ask the terminal, its queries wait for their replies at most
    /// `ImageDetector.timeLimit` on `clock`, and the first frame waits for the decision.
    public convenience init(
        rootViewController: ViewController, terminal: any TerminalDevice, help: HelpContent,
        imageDetector: ImageDetector, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(rootViewController: rootViewController, terminal: terminal, help: help)
        self.clock = clock
        if let decision = imageDetector.decision {
            imageRendering = decision
            renderer.imageRendering = decision
        } else {
            imageRendering = nil
            self.imageDetector = imageDetector
        }
    }

    /// Whether the back end is known; the first time it is not, sends the detector's queries
    /// and starts the time limit.
    private func isImageRenderingDecided() -> Bool {
        guard imageRendering == nil else { return true }
        guard !isDetecting, let imageDetector else { return false }
        isDetecting = true
        terminal.write(Array(imageDetector.queries.utf8))
        let clock = clock
        detectionTimeout = Task { [weak self] in
            try? await clock.sleep(for: ImageDetector.timeLimit)
            guard !Task.isCancelled, let self, let detector = self.imageDetector else { return }
            self.decideImageRendering(detector.decisionAfterTimeLimit)
        }
        return false
    }

    /// Replies to the detector's queries; once decided, the ones that come late are dropped.
    private func receive(_ replies: [TerminalReply]) {
        for reply in replies {
            guard var detector = imageDetector else { return }
            let decision = detector.receive(reply)
            imageDetector = detector
            if let decision { decideImageRendering(decision) }
        }
    }

    /// The back end is known: the first frame, which waited for it, is drawn.
    private func decideImageRendering(_ rendering: ImageRendering) {
        guard imageRendering == nil else { return }
        imageRendering = rendering
        renderer.imageRendering = rendering
        imageDetector = nil
        detectionTimeout?.cancel()
        detectionTimeout = nil
        if isRunning {
            display()
        }
    }

    /// Deletes the images the terminal holds for the app, so that its memory does not grow
    /// after the app ends; the launcher calls it on the way out.
    func releaseImages() {
        detectionTimeout?.cancel()
        let bytes = renderer.releaseImages()
        if !bytes.isEmpty {
            terminal.write(bytes)
        }
    }
}
