import CPseudoTerminal
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// L1, E4: the real `terminal-demo` under a pseudo-terminal leaves the terminal as it found it,
/// whether it ends with q, Ctrl-C, SIGTERM or SIGHUP.
@Suite struct PseudoTerminalTests {
    enum Ending: String, CaseIterable, Sendable {
        case quitKey, controlC, terminateSignal, hangupSignal

        var expectedStatus: Int32 {
            switch self {
            case .quitKey: 0
            case .controlC: 130
            case .terminateSignal: 128 + SIGTERM
            case .hangupSignal: 128 + SIGHUP
            }
        }
    }

    @Test("the terminal is restored on every exit path (L1, E4)", arguments: Ending.allCases)
    func restoresTheTerminal(_ ending: Ending) throws {
        let executable = try #require(
            Self.demoExecutable(), "build terminal-demo first (swift build)")
        var process = try #require(DemoProcess(executable: executable))
        defer { process.close() }
        let flagsBefore = try #require(process.terminalFlags())

        let shown = process.read(until: { $0.contains("TerminalUI demo") }, timeout: .seconds(20))
        #expect(shown, "no first frame: \(process.outputText.debugDescription)")
        #expect(process.outputText.contains("\u{1B}[?1049h"))
        #expect(process.outputText.contains("\u{1B}[?25l"))
        #expect(process.terminalFlags() != flagsBefore, "raw mode was not entered")

        switch ending {
        case .quitKey: process.send([UInt8(ascii: "j"), UInt8(ascii: "q")])
        case .controlC: process.send([0x03])
        case .terminateSignal: process.signal(SIGTERM)
        case .hangupSignal: process.signal(SIGHUP)
        }
        let status = process.waitForExit(timeout: .seconds(20))
        process.drain()
        #expect(status == ending.expectedStatus)
        #expect(process.terminalFlags() == flagsBefore)
        let output = process.outputText
        let entered = output.range(of: "\u{1B}[?1049h", options: .backwards)
        let left = output.range(of: "\u{1B}[?1049l", options: .backwards)
        let shownCursor = output.range(of: "\u{1B}[?25h", options: .backwards)
        #expect(entered != nil && left != nil && shownCursor != nil)
        if let entered, let left, let shownCursor {
            #expect(left.lowerBound > entered.lowerBound)
            #expect(shownCursor.lowerBound > entered.lowerBound)
            #expect(
                output[left.upperBound...].isEmpty
                    || !output[left.upperBound...].contains("\u{1B}[?1049h"))
        }
    }

    /// `terminal-demo` beside the test bundle (.build/<config>/), found from the test binary's path.
    static func demoExecutable() -> String? {
        var directories: [URL] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            directories.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories.append(
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appending(
                path: ".build/debug"))
        return directories.map { $0.appending(path: "terminal-demo").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A child process on the slave side of a pseudo-terminal, read and written from the master.
struct DemoProcess {
    typealias Flags = [UInt]

    let master: Int32
    /// Kept open so that the terminal's settings can be read after the child exits.
    let slave: Int32
    let pid: pid_t
    private(set) var output: [UInt8] = []

    init?(executable: String) {
        var name = [CChar](repeating: 0, count: 256)
        let master = cpt_open_master(&name, name.count)
        guard master >= 0 else { return nil }
        _ = cpt_set_window_size(master, 24, 80)
        let slavePath = String(
            decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { return nil }
        let arguments = [executable]
        let environment = ["TERM=xterm-256color", "PATH=/usr/bin:/bin", "LANG=C.UTF-8"]
        let argv = Self.makeCStrings(arguments)
        let envp = Self.makeCStrings(environment)
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        let pid = cpt_spawn(slavePath, executable, argv, envp)
        guard pid > 0 else { return nil }
        self.master = master
        self.slave = slave
        self.pid = pid
    }

    var outputText: String { String(decoding: output, as: UTF8.self) }

    func terminalFlags() -> Flags? {
        var input: UInt = 0
        var output: UInt = 0
        var control: UInt = 0
        var local: UInt = 0
        guard cpt_terminal_flags(slave, &input, &output, &control, &local) == 0 else { return nil }
        return [input, output, control, local]
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    func signal(_ number: Int32) {
        _ = kill(pid, number)
    }

    /// Reads output until `condition` holds or the deadline passes.
    mutating func read(until condition: (String) -> Bool, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if condition(outputText) { return true }
            readAvailable(waitingMilliseconds: 50)
        }
        return condition(outputText)
    }

    /// Reads output while waiting for the child to exit; its exit status, or nil at the deadline.
    mutating func waitForExit(timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            var code: Int32 = 0
            var signalNumber: Int32 = 0
            if cpt_try_wait(pid, &code, &signalNumber) == 1 {
                return signalNumber == 0 ? code : -signalNumber
            }
            readAvailable(waitingMilliseconds: 20)
        }
        kill(pid, SIGKILL)
        return nil
    }

    /// Reads whatever is left without waiting.
    mutating func drain() {
        while readAvailable(waitingMilliseconds: 0) {}
    }

    func close() {
        closeDescriptor(master)
        closeDescriptor(slave)
    }

    @discardableResult
    private mutating func readAvailable(waitingMilliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, waitingMilliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes {
            readDescriptor(master, $0.baseAddress, $0.count)
        }
        guard count > 0 else { return false }
        output += buffer.prefix(count)
        return true
    }

    /// NUL-terminated copies plus the closing nil, as execve wants; the caller frees them.
    private static func makeCStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
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
