// Every call into the C library lives here, so that macOS and Linux differ in one short file.
// The names used (cfmakeraw, VMIN, VTIME, TIOCGWINSZ, POLLIN, SIG_DFL, SIGTSTP, nfds_t) exist
// on both platforms with their own values and types; only the module differs.
// DARWIN_SHAPES: set only by .ci/darwin-shapes/check, which type-checks the Darwin branch.
#if canImport(Glibc) && !DARWIN_SHAPES
    import Glibc

    /// Linux: `TIOCGWINSZ` is 0x5413, imported as an Int32 macro; ioctl wants an unsigned long.
    private let windowSizeRequest = UInt(TIOCGWINSZ)
#elseif canImport(Darwin)
    import Darwin

    /// macOS: `TIOCGWINSZ` is _IOR('t', 104, struct winsize), provided by the overlay as a UInt.
    private let windowSizeRequest = UInt(TIOCGWINSZ)
#endif

/// The terminal settings before raw mode, and whether they still need restoring. Plain globals
/// because signal handlers read them; they are written once before the handlers are installed.
nonisolated(unsafe) private var savedAttributes = termios()
nonisolated(unsafe) private var rawAttributes = termios()
nonisolated(unsafe) private var isRawModeActive = false
nonisolated(unsafe) private var wakeWriteDescriptor: Int32 = -1

/// Async-signal-safe: a static string, write(2) and tcsetattr(3) only. The mouse goes back
/// to the terminal first (T5), then colours, bracketed paste, the cursor and the screen.
private func restoreTerminalState() {
    guard isRawModeActive else { return }
    isRawModeActive = false
    let sequence: StaticString =
        "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
    _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedAttributes)
}

/// SIGWINCH: wake the input thread, which reads the new size.
private func handleWindowChange(_ number: Int32) {
    var byte = Platform.resizeWakeByte
    _ = write(wakeWriteDescriptor, &byte, 1)
}

/// SIGTSTP (`kill -TSTP`, or Ctrl-Z's own path): wake the input thread, which suspends the
/// process outside the handler, where stopping and continuing are safe to do.
private func handleSuspend(_ number: Int32) {
    var byte = Platform.suspendWakeByte
    _ = write(wakeWriteDescriptor, &byte, 1)
}

/// SIGTERM, SIGHUP, SIGINT, SIGQUIT: restore, then exit with 128 + the signal's number.
private func handleTermination(_ number: Int32) {
    restoreTerminalState()
    _exit(128 + number)
}

/// A crash (a trap from a thrown error at top level, abort, a bad access): restore, then
/// let the default action run so that the crash is still reported.
private func handleCrash(_ number: Int32) {
    restoreTerminalState()
    _ = signal(number, SIG_DFL)
    _ = raise(number)
}

/// The C library calls the terminal kit needs, in one place (see the file comment).
enum Platform {
    static let resizeWakeByte = UInt8(ascii: "W")
    static let stopWakeByte = UInt8(ascii: "Q")
    static let suspendWakeByte = UInt8(ascii: "Z")

    /// What `poll` found.
    enum Readiness {
        case input, wake, timeout, closed
    }

    static var isInteractive: Bool {
        isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1
    }

    /// Linux: at most two malloc arenas. glibc gives each thread that allocates while
    /// another holds the main arena one of its own (up to eight per core), and keeps what was
    /// freed in each; the poster downloads and decodes run on such threads, and each arena
    /// kept 1–2 MiB that nobody used again. macOS's allocator has no arenas to limit.
    static func limitMemoryArenas() {
        #if canImport(Glibc) && !DARWIN_SHAPES
            // mallopt(3) is declared in <malloc.h>, which the Glibc module leaves out: found
            // by name instead. M_ARENA_MAX is -8 in every glibc that has it.
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else {
                return
            }
            let arenaLimit: Int32 = -8
            _ = unsafeBitCast(symbol, to: MallocOption.self)(arenaLimit, 2)
        #endif
    }

    /// The size of the terminal on standard output, nil when it has none.
    static func windowSize() -> Size? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, windowSizeRequest, &size) == 0, size.ws_col > 0, size.ws_row > 0
        else {
            return nil
        }
        return Size(width: Int(size.ws_col), height: Int(size.ws_row))
    }

    /// Saves the settings, then turns off echo, line buffering and signal keys (so Ctrl-C
    /// arrives as byte 0x03). Restoring is registered for exit and for terminating signals.
    static func enterRawMode(wakeDescriptor: Int32) -> Bool {
        guard tcgetattr(STDIN_FILENO, &savedAttributes) == 0 else { return false }
        var raw = savedAttributes
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        rawAttributes = raw
        wakeWriteDescriptor = wakeDescriptor
        isRawModeActive = true
        _ = atexit { restoreTerminalState() }
        _ = signal(SIGWINCH, handleWindowChange)
        _ = signal(SIGTSTP, handleSuspend)
        for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            _ = signal(number, handleTermination)
        }
        for number in [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE] {
            _ = signal(number, handleCrash)
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            isRawModeActive = false
            return false
        }
        return true
    }

    /// Shows the cursor, leaves the alternate screen and puts the saved settings back; once.
    static func restoreTerminal() {
        restoreTerminalState()
    }

    /// Job control, as full-screen programs do it: put the terminal back as the shell left
    /// it, stop until `fg` (SIGCONT), then take the terminal again. Call off the main thread.
    static func suspendProcess(enterScreen: String) {
        guard isRawModeActive else { return }
        restoreTerminalState()
        _ = signal(SIGTSTP, SIG_DFL)
        // To this thread, so that it stops here, before the handler is back (raise, not kill:
        // a signal to the process could reach another thread after it).
        _ = raise(SIGTSTP)
        // Continued. Keys typed meanwhile are kept (TCSADRAIN, not TCSAFLUSH).
        _ = signal(SIGTSTP, handleSuspend)
        _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &rawAttributes)
        isRawModeActive = true
        writeStandardOutput(enterScreen)
    }

    /// Asks for the suspension from any thread, as SIGTSTP does.
    static func requestSuspension() {
        wake(wakeWriteDescriptor, with: suspendWakeByte)
    }

    /// Exits at once with the status of an interrupt, after putting the terminal back.
    static func exitInterrupted() -> Never {
        restoreTerminalState()
        _exit(130)
    }

    /// A pipe whose write end never blocks, so a signal handler can always write to it.
    static func makeWakePipe() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return nil }
        _ = fcntl(descriptors[1], F_SETFL, O_NONBLOCK)
        return (descriptors[0], descriptors[1])
    }

    static func wake(_ descriptor: Int32, with byte: UInt8) {
        var byte = byte
        _ = write(descriptor, &byte, 1)
    }

    /// Waits for standard input or the wake pipe; `timeout` in milliseconds, -1 for none.
    static func waitForInput(wakeDescriptor: Int32, timeout: Int32) -> Readiness {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if count == 0 { return .timeout }
        if count < 0 { return errno == EINTR ? .wake : .closed }
        if descriptors[1].revents != 0 { return .wake }
        return .input
    }

    /// Reads what is available; an empty result means end of input or an error.
    static func read(from descriptor: Int32, maximumCount: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximumCount)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                unistdRead(descriptor, $0.baseAddress, $0.count)
            }
            if count >= 0 { return Array(buffer.prefix(count)) }
            if errno != EINTR && errno != EAGAIN { return [] }
        }
    }

    static func readStandardInput(maximumCount: Int) -> [UInt8] {
        read(from: STDIN_FILENO, maximumCount: maximumCount)
    }

    static func writeStandardOutput(_ bytes: [UInt8]) {
        writeAll(STDOUT_FILENO, bytes)
    }

    static func writeStandardOutput(_ text: String) {
        writeAll(STDOUT_FILENO, Array(text.utf8))
    }

    static func writeStandardError(_ text: String) {
        writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Writes every byte, across partial writes and interruptions.
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno != EINTR && errno != EAGAIN {
                return
            }
        }
    }
}

/// read(2) under a name that the `Platform.read` method does not shadow.
private func unistdRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
{
    read(descriptor, buffer, count)
}
