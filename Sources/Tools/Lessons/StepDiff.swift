/// What one file became between two steps.
struct FileDiff: Sendable, Equatable {
    /// Repository-relative path on the left, nil when the file is new.
    var oldPath: String?
    /// Repository-relative path on the right, nil when the file is gone.
    var newPath: String?
    var hunks: [Hunk]
    /// Set when either side is not UTF-8 text; such files are named, not shown.
    var isBinary = false

    var linesAdded: Int {
        hunks.reduce(0) { total, hunk in
            total + hunk.lines.count(where: { if case .added = $0 { true } else { false } })
        }
    }

    var linesRemoved: Int {
        hunks.reduce(0) { total, hunk in
            total + hunk.lines.count(where: { if case .removed = $0 { true } else { false } })
        }
    }

    /// `--- a/…`, `+++ b/…` (`/dev/null` for a missing side), then the hunks.
    func rendered(paint: Painter = Painter(isEnabled: false)) -> String {
        let oldName = oldPath.map { "a/" + $0 } ?? "/dev/null"
        let newName = newPath.map { "b/" + $0 } ?? "/dev/null"
        if isBinary {
            return paint("Binary files \(oldName) and \(newName) differ", .header) + "\n"
        }
        var output = paint("--- " + oldName, .header) + "\n"
        output += paint("+++ " + newName, .header) + "\n"
        for hunk in hunks {
            output += paint(hunk.header, .hunk) + "\n"
            for line in hunk.lines {
                switch line {
                case .context(let text): output += " " + text + "\n"
                case .removed(let text): output += paint("-" + text, .removed) + "\n"
                case .added(let text): output += paint("+" + text, .added) + "\n"
                case .noNewlineAtEnd:
                    output += paint("\\ No newline at end of file", .note) + "\n"
                }
            }
        }
        return output
    }
}

/// Everything that changed between two steps' folders, each side's own names normalised away.
/// Files are matched by their path inside the folder; a file that moved to another subfolder
/// is matched by its name, when no other file on either side has that name, so that a step
/// that sorts its files into folders shows them changing, not deleted and added again.
struct StepDiff: Sendable {
    var from: CourseStep
    var to: CourseStep
    /// Changed, moved, added and removed files, in the order of their new paths (old ones for
    /// removed files); unchanged ones are left out.
    var files: [FileDiff]

    var linesAdded: Int { files.reduce(0) { $0 + $1.linesAdded } }
    var linesRemoved: Int { files.reduce(0) { $0 + $1.linesRemoved } }

    init(from: CourseStep, to: CourseStep, in repository: Repository) {
        self.from = from
        self.to = to
        let oldFolder = repository.folder(of: from)
        let newFolder = repository.folder(of: to)
        let oldFiles = Set(repository.files(under: oldFolder))
        let newFiles = Set(repository.files(under: newFolder))
        let normalizeOld = NameNormalizer(step: from)
        let normalizeNew = NameNormalizer(step: to)

        let pairs = Self.pairs(old: oldFiles, new: newFiles)
        files = pairs.compactMap { oldName, newName in
            let oldPath = oldName.map { oldFolder + "/" + $0 }
            let newPath = newName.map { newFolder + "/" + $0 }
            // A missing side reads as empty; an unreadable one as nil.
            let oldText = oldPath.flatMap { repository.text(at: $0) } ?? (oldPath == nil ? "" : nil)
            let newText = newPath.flatMap { repository.text(at: $0) } ?? (newPath == nil ? "" : nil)
            guard let oldText, let newText else {
                return FileDiff(oldPath: oldPath, newPath: newPath, hunks: [], isBinary: true)
            }
            let hunks = UnifiedDiff.hunks(
                from: TextLines(oldText), to: TextLines(newText),
                normalizeOld: { normalizeOld($0) }, normalizeNew: { normalizeNew($0) })
            // A file that appears, disappears or moves is a change even when its text is not.
            guard !hunks.isEmpty || oldName != newName else { return nil }
            return FileDiff(oldPath: oldPath, newPath: newPath, hunks: hunks)
        }
    }

    /// The files of two folders, each old one with what it became: the same path, else the
    /// one new file of the same name when both sides have only one file of that name, else
    /// nothing (removed); new files left over are added. Sorted by the new path.
    static func pairs(old: Set<String>, new: Set<String>) -> [(old: String?, new: String?)] {
        func fileName(_ path: String) -> Substring {
            path.split(separator: "/").last ?? Substring(path)
        }
        let onlyOld = old.subtracting(new)
        let onlyNew = new.subtracting(old)
        let oldByName = Dictionary(grouping: onlyOld, by: fileName)
        let newByName = Dictionary(grouping: onlyNew, by: fileName)
        var pairs: [(old: String?, new: String?)] = old.intersection(new).map { ($0, $0) }
        var moved: Set<String> = []
        for (name, olds) in oldByName {
            if olds.count == 1, let news = newByName[name], news.count == 1 {
                pairs.append((olds[0], news[0]))
                moved.insert(news[0])
            } else {
                pairs += olds.map { ($0, nil) }
            }
        }
        pairs += onlyNew.subtracting(moved).map { (nil, $0) }
        return pairs.sorted { ($0.new ?? $0.old ?? "") < ($1.new ?? $1.old ?? "") }
    }

    /// The last line: `mvc → mvvm: 5 files changed, 120 lines added, 80 lines removed`.
    var sizeLine: String {
        "\(from.product) → \(to.product): "
            + counted(files.count, "file") + " changed, "
            + counted(linesAdded, "line") + " added, "
            + counted(linesRemoved, "line") + " removed"
    }

    /// The diff as `diff -ru` would print it (`--- a/…` / `+++ b/…`, `/dev/null` for a file
    /// that appears or disappears), then the size line. Every line ends with a newline.
    /// Every file's diff, then the size line; with `summaryFirst`, the size line first.
    func rendered(colored: Bool, summaryFirst: Bool = false) -> String {
        let paint = Painter(isEnabled: colored)
        let summary = paint(sizeLine, .summary) + "\n"
        var output = summaryFirst ? summary + "\n" : ""
        for file in files { output += file.rendered(paint: paint) }
        if !summaryFirst { output += summary }
        return output
    }
}

private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// ANSI colour for a diff on a terminal, nothing at all otherwise. Each coloured line resets
/// before its newline, so a pager or a cut-off never leaves the terminal coloured.
struct Painter: Sendable {
    enum Role { case header, hunk, removed, added, note, summary }

    var isEnabled: Bool

    func callAsFunction(_ text: String, _ role: Role) -> String {
        guard isEnabled else { return text }
        let code =
            switch role {
            case .header: "1"
            case .hunk: "36"
            case .removed: "31"
            case .added: "32"
            case .note: "2"
            case .summary: "1"
            }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
}
