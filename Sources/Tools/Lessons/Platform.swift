// The tool's only C library calls, with their Glibc and Darwin twins: the same names on both,
// except the spawn file-actions type, a struct on Linux and a pointer on macOS.
// DARWIN_SHAPES: set only by .ci/darwin-shapes/check, which type-checks the Darwin branch.
#if canImport(Glibc) && !DARWIN_SHAPES
    import Glibc

    /// Linux: a struct, zeroed here and set up by `posix_spawn_file_actions_init`.
    private typealias FileActions = posix_spawn_file_actions_t

    private func makeFileActions() -> FileActions { posix_spawn_file_actions_t() }
#elseif canImport(Darwin)
    import Darwin

    /// macOS: `void *`, which Swift imports as a non-optional raw pointer; the variable holding
    /// it is optional, nil until `posix_spawn_file_actions_init` allocates the actions.
    private typealias FileActions = posix_spawn_file_actions_t?

    private func makeFileActions() -> FileActions { nil }
#endif

/// The little the tool asks of the terminal: is standard output one, and how wide is it.
enum StandardOutput {
    /// Colour and fitting to the width only make sense on a terminal, never in a pipe or a file.
    static var isTerminal: Bool {
        isatty(STDOUT_FILENO) == 1
    }

    /// Columns of the terminal on standard output, nil when it is not a terminal.
    /// `TIOCGWINSZ` is an Int32 macro on Linux and a UInt from the overlay on macOS; ioctl wants
    /// an unsigned long on both.
    static var width: Int? {
        var size = winsize()
        guard isTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0
        else { return nil }
        return Int(size.ws_col)
    }
}

/// What the tool does about a pager that is quit before it has read everything.
enum BrokenPipe {
    /// A write to a pipe nobody reads fails instead of ending the tool with SIGPIPE.
    static func ignore() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}

/// A pager started as `git` starts one: in the tool's own process group, which a job-control
/// shell made the terminal's foreground group, so that the pager may read keys from the
/// terminal. Foundation's `Process` starts its child in a new group of its own (on Linux), a
/// background job to the terminal, which stops it (SIGTTIN) the moment it reads a key.
enum PagerProcess {
    /// Runs `path` with `text` on its standard input and the tool's terminal for the rest, and
    /// waits for it to end; false when it could not be started.
    static func run(
        _ path: String, arguments: [String], environment: [String: String], text: String
    ) -> Bool {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return false }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        var actions = makeFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        let argumentVector = ([path] + arguments).map { strdup($0) } + [nil]
        let environmentVector =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argumentVector + environmentVector { free(pointer) }
        }
        // No attributes: no POSIX_SPAWN_SETPGROUP, so the pager stays in the tool's group.
        var pid: pid_t = 0
        let spawnError = posix_spawn(
            &pid, path, &actions, nil, argumentVector, environmentVector)
        close(readEnd)
        guard spawnError == 0 else {
            close(writeEnd)
            return false
        }
        // Set only now, so that the pager starts with the default actions. Ctrl-C reaches the
        // whole foreground group: the pager decides what it means, and the tool waits for it,
        // as `system(3)` and `git` do, instead of ending under it and giving the terminal back
        // to the shell while the pager still draws on it. A pager quit before the end closes
        // the pipe: what is left is not needed, and the write fails instead of ending the tool.
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        BrokenPipe.ignore()
        writeAll(Array(text.utf8), to: writeEnd)
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        _ = signal(SIGINT, previousInterrupt)
        _ = signal(SIGQUIT, previousQuit)
        return true
    }

    /// Writes every byte, again after an interrupted or partial write; stops at any other error
    /// (the pager has quit).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset)
            }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
