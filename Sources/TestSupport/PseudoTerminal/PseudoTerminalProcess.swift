import CPseudoTerminal

// DARWIN_SHAPES: set only by .ci/darwin-shapes/check, which type-checks the Darwin branch.
#if canImport(Glibc) && !DARWIN_SHAPES
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ways a full-screen program can be ended, each with the exit status it should give.
public enum ProcessEnding: String, CaseIterable, Sendable {
    case quitKey, controlC, terminateSignal, hangupSignal

    public var expectedStatus: Int32 {
        switch self {
        case .quitKey: 0
        case .controlC: 130
        case .terminateSignal: 128 + SIGTERM
        case .hangupSignal: 128 + SIGHUP
        }
    }

    /// Ends `process` this way: `q`, Ctrl-C, or the signal.
    public func end(_ process: PseudoTerminalProcess) {
        switch self {
        case .quitKey: process.send([UInt8(ascii: "q")])
        case .controlC: process.send([0x03])
        case .terminateSignal: process.signal(SIGTERM)
        case .hangupSignal: process.signal(SIGHUP)
        }
    }
}

/// A child process on the slave side of a pseudo-terminal, read and written from the master.
public struct PseudoTerminalProcess {
    public typealias Flags = [UInt]

    let master: Int32
    /// Held open until `close()`, so that the master does not see a hang-up (EIO on Linux) when
    /// the child exits. Not used to read the settings: macOS revokes the slave when the child,
    /// a session leader, exits.
    let slave: Int32
    public let pid: pid_t
    private(set) var output: [UInt8] = []

    /// Starts `executable` with `arguments` on a new pseudo-terminal of `rows` × `columns`
    /// (80×24 unless told), with a small environment plus `environment`.
    public init?(
        executable: String, arguments: [String] = [], environment: [String: String] = [:],
        rows: UInt16 = 24, columns: UInt16 = 80
    ) {
        var name = [CChar](repeating: 0, count: 256)
        let master = cpt_open_master(&name, name.count)
        guard master >= 0 else { return nil }
        let slavePath = String(
            decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            closeDescriptor(master)
            return nil
        }
        // Only once the slave is open: XNU refuses the size before the slave's first open
        // (ENOTTY), and that open would reset it to 0×0.
        guard cpt_set_window_size(master, rows, columns) == 0 else {
            closeDescriptor(slave)
            closeDescriptor(master)
            return nil
        }
        let base = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let variables = base.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }.sorted()
        let argv = Self.makeCStrings([executable] + arguments)
        let envp = Self.makeCStrings(variables)
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        let pid = cpt_spawn(slavePath, executable, argv, envp)
        guard pid > 0 else {
            closeDescriptor(slave)
            closeDescriptor(master)
            return nil
        }
        self.master = master
        self.slave = slave
        self.pid = pid
    }

    public var outputText: String { String(decoding: output, as: UTF8.self) }

    /// A new pseudo-terminal's settings, read from one whose child never changes them: what a
    /// program must leave behind. Its own terminal can only be read once it runs, and by
    /// then it may be in raw mode already. nil when no pseudo-terminal can be had.
    public static func newTerminalFlags() async -> Flags? {
        guard
            var process = PseudoTerminalProcess(executable: "/bin/sh", arguments: ["-c", "exit 0"])
        else { return nil }
        defer { process.close() }
        guard await process.waitForExit(timeout: .seconds(60)) == 0 else { return nil }
        return process.terminalFlags()
    }

    /// The terminal's termios flags, read through the master, which reports the slave's on Linux
    /// and macOS and stays valid after the child exits.
    public func terminalFlags() -> Flags? {
        var input: UInt = 0
        var output: UInt = 0
        var control: UInt = 0
        var local: UInt = 0
        guard cpt_terminal_flags(master, &input, &output, &control, &local) == 0 else {
            return nil
        }
        return [input, output, control, local]
    }

    public func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// SIGTSTP, the stop a shell's Ctrl-Z sends: 18 on Darwin, 20 on Linux.
    public static let stopSignal = SIGTSTP

    public func signal(_ number: Int32) {
        _ = kill(pid, number)
    }

    /// Reads output until `condition` holds or the deadline passes.
    ///
    /// The waits in here suspend rather than block: a test waiting for a child leaves its
    /// thread to the other tests, which on two cores have only two.
    public mutating func read(until condition: (String) -> Bool, timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if condition(outputText) { return true }
            await readOrPause()
        }
        return condition(outputText)
    }

    /// Reads output while waiting for the child to exit; its exit status, or nil at the deadline.
    public mutating func waitForExit(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            var code: Int32 = 0
            var signalNumber: Int32 = 0
            if cpt_try_wait(pid, &code, &signalNumber) == 1 {
                return signalNumber == 0 ? code : -signalNumber
            }
            await readOrPause()
        }
        kill(pid, SIGKILL)
        return nil
    }

    /// Reads whatever is left without waiting.
    public mutating func drain() {
        while readAvailable() {}
    }

    public func close() {
        closeDescriptor(master)
        closeDescriptor(slave)
    }

    /// Reads what the child wrote, or waits a moment for it without holding the thread.
    private mutating func readOrPause() async {
        if !readAvailable() {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Reads what the child has written so far, without waiting; whether there was any.
    @discardableResult
    private mutating func readAvailable() -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes {
            readDescriptor(master, $0.baseAddress, $0.count)
        }
        guard count > 0 else { return false }
        output += buffer.prefix(count)
        return true
    }

    /// NUL-terminated copies plus the closing nil, as execve wants; the caller frees them.
    fileprivate static func makeCStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
{
    read(descriptor, buffer, count)
}

/// A child run to its end with standard input closed and its output and errors piped.
public struct PipedRun: Sendable {
    /// The exit status, or 128 plus the signal that ended it, as a shell reports it.
    public var status: Int32
    public var output: [UInt8]
    public var error: [UInt8]

    /// Runs `executable` with exactly `environment`, its output going to the file at
    /// `outputPath` (e.g. /dev/full) when given; nil when it cannot be started. Not
    /// Foundation's `Process`: on Linux its `run()` can read past a buffer while it closes the
    /// child's descriptors and crash the test process (swift-corelibs-foundation #5472).
    public static func run(
        executable: String, arguments: [String], environment: [String: String],
        outputPath: String? = nil
    ) -> PipedRun? {
        let variables = environment.map { "\($0.key)=\($0.value)" }.sorted()
        let cArguments = PseudoTerminalProcess.makeCStrings([executable] + arguments)
        let cVariables = PseudoTerminalProcess.makeCStrings(variables)
        defer {
            for pointer in cArguments + cVariables { free(pointer) }
        }
        var outputDescriptor: Int32 = -1
        var errorDescriptor: Int32 = -1
        let pid = cpt_spawn_piped(
            executable, cArguments, cVariables, outputPath, &outputDescriptor, &errorDescriptor)
        guard pid > 0 else { return nil }
        defer {
            closeDescriptor(outputDescriptor)
            closeDescriptor(errorDescriptor)
        }
        let (output, error) = readBothToEnd(outputDescriptor, errorDescriptor)
        var exitCode: Int32 = 0
        var signalNumber: Int32 = 0
        guard cpt_wait(pid, &exitCode, &signalNumber) == 0 else { return nil }
        return PipedRun(
            status: signalNumber != 0 ? 128 + signalNumber : exitCode, output: output,
            error: error)
    }
}

/// Everything two pipes give until both end, read as it comes, so that a child that fills one
/// while the other is being read never waits for ever.
private func readBothToEnd(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var data: [[UInt8]] = [[], []]
    var open = [true, true]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while open.contains(true) {
        var descriptors = [first, second].enumerated().map { index, descriptor in
            pollfd(fd: open[index] ? descriptor : -1, events: Int16(POLLIN), revents: 0)
        }
        guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { break }
        for index in 0..<2 where open[index] && descriptors[index].revents != 0 {
            let count = buffer.withUnsafeMutableBytes {
                readDescriptor(descriptors[index].fd, $0.baseAddress, $0.count)
            }
            if count > 0 {
                data[index] += buffer.prefix(count)
            } else if count == 0 || errno != EINTR {
                open[index] = false
            }
        }
    }
    return (data[0], data[1])
}
