// The tool's only C library calls, with their Glibc and Darwin twins: the same names on both.
// DARWIN_SHAPES: set only by .ci/darwin-shapes/check, which type-checks the Darwin branch.
#if canImport(Glibc) && !DARWIN_SHAPES
    import Glibc
#elseif canImport(Darwin)
    import Darwin
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
