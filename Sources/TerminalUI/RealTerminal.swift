import Foundation
import Synchronization

/// The terminal the app runs on: raw mode, the alternate screen, a hidden cursor, keys read on a
/// background thread, SIGWINCH as `.resize`. `restore()` (and exit, and terminating signals)
/// put everything back.
///
/// Ctrl-C quits at once, from the input thread, however many keys wait before it; Ctrl-Z and
/// SIGTSTP suspend the app as vim and less do, and `fg` brings it back redrawn.
@MainActor final class RealTerminal: TerminalDevice, EventQueueReporting, HyperlinkReporting {
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
    nonisolated static let escapeTimeoutMilliseconds: Int32 = 30
    /// Alternate screen, hidden cursor, bracketed paste (a paste arrives as one edit), and the
    /// mouse: clicks and the wheel reported (1000) in SGR's form (1006), T5. Shift-drag still
    /// selects text, as terminals keep it for themselves.
    nonisolated static let enterScreen =
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h"

    let events: AsyncStream<TerminalEvent>
    private let wakePipe: (read: Int32, write: Int32)
    private var isRestored = false
    /// Events read but not yet taken in, so that a backlog of keys costs one frame.
    private let queuedEvents: QueuedEventCount

    /// nil when standard input is not a terminal that can enter raw mode.
    init?() {
        guard let wakePipe = Platform.makeWakePipe(),
            Platform.enterRawMode(wakeDescriptor: wakePipe.write)
        else {
            return nil
        }
        self.wakePipe = wakePipe
        let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        self.events = events
        let queuedEvents = QueuedEventCount()
        self.queuedEvents = queuedEvents
        Platform.writeStandardOutput(Self.enterScreen)
        let wakeDescriptor = wakePipe.read
        Thread.detachNewThread {
            Self.readInput(
                wakeDescriptor: wakeDescriptor,
                send: { event in
                    queuedEvents.increment()
                    continuation.yield(event)
                }, finish: { continuation.finish() })
        }
    }

    var unconsumedEventCount: Int { queuedEvents.value }

    var showsHyperlinks: Bool { TerminalEnvironment.showsHyperlinks(ProcessEnvironment.current) }

    func didConsumeEvent() {
        queuedEvents.decrement()
    }

    func suspend() {
        Platform.requestSuspension()
    }

    /// Sixty frames a second at most, however fast keys and answers come.
    var frameInterval: Duration { .milliseconds(16) }

    var size: Size {
        Platform.windowSize() ?? TerminalEnvironment.fallbackSize(ProcessEnvironment.current)
    }

    func write(_ bytes: [UInt8]) {
        Platform.writeStandardOutput(bytes)
    }

    /// Stops the reader, shows the cursor, leaves the alternate screen, restores the settings.
    func restore() {
        guard !isRestored else { return }
        isRestored = true
        Platform.wake(wakePipe.write, with: Platform.stopWakeByte)
        Platform.restoreTerminal()
    }

    /// The input thread: decode keys as bytes arrive; a pending ESC becomes `.escape` when
    /// nothing follows within the timeout; a wake byte means resize or stop.
    nonisolated private static func readInput(
        wakeDescriptor: Int32, send: (TerminalEvent) -> Void, finish: () -> Void
    ) {
        var decoder = InputDecoder()
        while true {
            // A reply whose end has not come waits for it, not for the Esc timeout.
            let timeout =
                decoder.hasPendingInput && !decoder.isReadingReply ? escapeTimeoutMilliseconds : -1
            switch Platform.waitForInput(wakeDescriptor: wakeDescriptor, timeout: timeout) {
            case .input:
                let bytes = Platform.readStandardInput(maximumCount: 4096)
                if bytes.isEmpty {
                    finish()
                    return
                }
                sendKeys(decoder.feed(bytes), to: send)
                sendReplies(decoder.takeReplies(), to: send)
            case .timeout:
                sendKeys(decoder.flush(), to: send)
                sendReplies(decoder.takeReplies(), to: send)
            case .wake:
                let wakeBytes = Platform.read(from: wakeDescriptor, maximumCount: 64)
                if wakeBytes.contains(Platform.stopWakeByte) {
                    finish()
                    return
                }
                if wakeBytes.contains(Platform.suspendWakeByte) {
                    Platform.suspendProcess(enterScreen: enterScreen)
                }
                // A resize, or back from a suspension: lay the whole screen out again.
                let size =
                    Platform.windowSize()
                    ?? TerminalEnvironment.fallbackSize(ProcessEnvironment.current)
                send(.resize(size))
            case .closed:
                finish()
                return
            }
        }
    }

    nonisolated private static func sendReplies(
        _ replies: [TerminalReply], to send: (TerminalEvent) -> Void
    ) {
        if !replies.isEmpty {
            send(.replies(replies))
        }
    }

    /// Sends the keys of one read; Ctrl-C among them quits at once, however long the backlog.
    nonisolated private static func sendKeys(_ keys: [Key], to send: (TerminalEvent) -> Void) {
        if keys.contains(.control("c")) {
            Platform.exitInterrupted()
        }
        if !keys.isEmpty {
            send(.keys(keys))
        }
    }
}

/// A count the input thread raises and the main actor lowers.
private final class QueuedEventCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    func increment() {
        count.add(1, ordering: .relaxed)
    }

    func decrement() {
        count.subtract(1, ordering: .relaxed)
    }
}
