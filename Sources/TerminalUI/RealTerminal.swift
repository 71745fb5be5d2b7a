import Foundation

/// The terminal the app runs on: raw mode, the alternate screen, a hidden cursor, keys read on a
/// background thread, SIGWINCH as `.resize`. `restore()` (and exit, and terminating signals)
/// put everything back.
@MainActor final class RealTerminal: TerminalDevice {
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
    nonisolated static let escapeTimeoutMilliseconds: Int32 = 30

    let events: AsyncStream<TerminalEvent>
    private let wakePipe: (read: Int32, write: Int32)
    private var isRestored = false

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
        // Alternate screen, hidden cursor, bracketed paste (a paste arrives as one edit).
        Platform.writeStandardOutput("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h")
        let wakeDescriptor = wakePipe.read
        Thread.detachNewThread {
            Self.readInput(wakeDescriptor: wakeDescriptor, continuation: continuation)
        }
    }

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
        wakeDescriptor: Int32, continuation: AsyncStream<TerminalEvent>.Continuation
    ) {
        var decoder = InputDecoder()
        while true {
            let timeout = decoder.hasPendingInput ? escapeTimeoutMilliseconds : -1
            switch Platform.waitForInput(wakeDescriptor: wakeDescriptor, timeout: timeout) {
            case .input:
                let bytes = Platform.readStandardInput(maximumCount: 4096)
                if bytes.isEmpty {
                    continuation.finish()
                    return
                }
                for key in decoder.feed(bytes) {
                    continuation.yield(.key(key))
                }
            case .timeout:
                for key in decoder.flush() {
                    continuation.yield(.key(key))
                }
            case .wake:
                let wakeBytes = Platform.read(from: wakeDescriptor, maximumCount: 64)
                if wakeBytes.contains(Platform.stopWakeByte) {
                    continuation.finish()
                    return
                }
                let size =
                    Platform.windowSize()
                    ?? TerminalEnvironment.fallbackSize(ProcessEnvironment.current)
                continuation.yield(.resize(size))
            case .closed:
                continuation.finish()
                return
            }
        }
    }
}
