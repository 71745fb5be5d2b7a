import Foundation

/// Where a lesson or a diff goes on a terminal: through the learner's pager, as `git` does, so
/// that a long text can be read from its top.
struct Pager: Sendable, Equatable {
    var executable: String
    var arguments: [String]
    /// The tool's environment, plus `less`'s settings where the learner set none.
    var environment: [String: String]

    /// `$PAGER`, run by the shell as `git` runs it, or else `less` from `PATH`; nil when
    /// standard output is not a terminal, when `PAGER` is empty or `cat`, or when there is no
    /// pager, so that the text is printed as it is. `LESS=FRX` quits at once when the text fits
    /// on one screen, keeps the colours and leaves the text on the screen; `LESSCHARSET=utf-8`
    /// shows Hangul under a POSIX locale, where `less` would print `<EC><84>…` instead.
    static func choose(
        environment: [String: String], isTerminal: Bool,
        isExecutable: (String) -> Bool = FileManager.default.isExecutableFile(atPath:)
    ) -> Pager? {
        guard isTerminal else { return nil }
        var pagerEnvironment = environment
        pagerEnvironment["LESS"] = environment["LESS"] ?? "FRX"
        pagerEnvironment["LESSCHARSET"] = environment["LESSCHARSET"] ?? "utf-8"
        if let command = environment["PAGER"] {
            let trimmed = command.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed != "cat" else { return nil }
            return Pager(
                executable: "/bin/sh", arguments: ["-c", trimmed], environment: pagerEnvironment)
        }
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/less"
            if isExecutable(candidate) {
                return Pager(executable: candidate, arguments: [], environment: pagerEnvironment)
            }
        }
        return nil
    }

    /// Hands `text` to the pager and waits until the learner quits it; false when the pager
    /// could not be started, and the text is still to be printed.
    func page(_ text: String) -> Bool {
        PagerProcess.run(executable, arguments: arguments, environment: environment, text: text)
    }
}
