/// A text cut into lines the way `diff` sees it: every line but the last ends with a newline,
/// and the last one may not.
struct TextLines: Sendable, Equatable {
    var lines: [String]
    /// False only for a non-empty text whose last line has no newline; diff marks that line.
    var endsWithNewline: Bool

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" {
            lines.removeLast()
            endsWithNewline = true
        } else {
            endsWithNewline = false
        }
        self.lines = lines
    }

    init(lines: [String], endsWithNewline: Bool = true) {
        self.lines = lines
        self.endsWithNewline = endsWithNewline || lines.isEmpty
    }

    /// Whether the line at `index` is the last one and lacks its newline.
    func lacksNewline(at index: Int) -> Bool {
        !endsWithNewline && index == lines.count - 1
    }

    /// What is compared: the line as `normalize` sees it, plus a mark for a missing newline, so
    /// that `x` and `x⏎` differ as they do for `diff`.
    fileprivate func keys(_ normalize: (String) -> String) -> [String] {
        lines.indices.map { index in
            normalize(lines[index]) + (lacksNewline(at: index) ? "\u{0}" : "")
        }
    }
}

/// One `@@ -a,b +c,d @@` block of a unified diff.
struct Hunk: Sendable, Equatable {
    enum Line: Sendable, Equatable {
        case context(String)
        case removed(String)
        case added(String)
        /// `\ No newline at end of file`, after the line it is about.
        case noNewlineAtEnd
    }

    /// 1-based first line in the old text; for an empty range, the line before it (0 at the top).
    var oldStart: Int
    var oldCount: Int
    var newStart: Int
    var newCount: Int
    var lines: [Line]

    /// `@@ -3,7 +3,8 @@`; a count of 1 is left out, as `diff -u` and git do.
    var header: String {
        "@@ -\(Self.range(oldStart, oldCount)) +\(Self.range(newStart, newCount)) @@"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }
}

/// Unified diffs from the standard library's `CollectionDifference`, so that the tool needs no
/// `diff` program and prints the same thing on every machine.
enum UnifiedDiff {
    /// Lines of context around each change; hunks closer than twice this merge into one.
    static let defaultContext = 3

    /// The hunks that turn `old` into `new`.
    ///
    /// Lines are compared after `normalizeOld` / `normalizeNew`, so that lines differing only in
    /// names both sides spell their own way count as equal; context lines print `new`'s text.
    static func hunks(
        from old: TextLines, to new: TextLines, context: Int = defaultContext,
        normalizeOld: (String) -> String = { $0 }, normalizeNew: (String) -> String = { $0 }
    ) -> [Hunk] {
        let edits = editScript(
            from: old.keys(normalizeOld), to: new.keys(normalizeNew))
        let changes = edits.indices.filter { edits[$0].kind != .same }
        guard let firstChange = changes.first else { return [] }

        // Group changes whose context would touch or overlap.
        var groups: [ClosedRange<Int>] = []
        var groupStart = firstChange
        var groupEnd = firstChange
        for change in changes.dropFirst() {
            if change - groupEnd - 1 <= 2 * context {
                groupEnd = change
            } else {
                groups.append(groupStart...groupEnd)
                groupStart = change
                groupEnd = change
            }
        }
        groups.append(groupStart...groupEnd)

        return groups.map { group in
            let span =
                max(
                    0, group.lowerBound - context)...min(
                    edits.count - 1, group.upperBound + context)
            return makeHunk(edits[span], old: old, new: new)
        }
    }

    private struct Edit {
        enum Kind { case same, removed, added }
        var kind: Kind
        /// Lines of the old text before this edit; for `.same` and `.removed`, its old line.
        var oldIndex: Int
        /// Lines of the new text before this edit; for `.same` and `.added`, its new line.
        var newIndex: Int
    }

    /// Old and new lines walked in step: removals of a change come before its insertions.
    private static func editScript(from old: [String], to new: [String]) -> [Edit] {
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var edits: [Edit] = []
        edits.reserveCapacity(max(old.count, new.count))
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            let kind: Edit.Kind
            if oldIndex < old.count && (removed.contains(oldIndex) || newIndex == new.count) {
                kind = .removed
            } else if newIndex < new.count && (inserted.contains(newIndex) || oldIndex == old.count)
            {
                kind = .added
            } else {
                kind = .same
            }
            edits.append(Edit(kind: kind, oldIndex: oldIndex, newIndex: newIndex))
            if kind != .added { oldIndex += 1 }
            if kind != .removed { newIndex += 1 }
        }
        return edits
    }

    private static func makeHunk(_ edits: ArraySlice<Edit>, old: TextLines, new: TextLines) -> Hunk
    {
        var lines: [Hunk.Line] = []
        var oldCount = 0
        var newCount = 0
        for edit in edits {
            switch edit.kind {
            case .same:
                lines.append(.context(new.lines[edit.newIndex]))
                if new.lacksNewline(at: edit.newIndex) { lines.append(.noNewlineAtEnd) }
                oldCount += 1
                newCount += 1
            case .removed:
                lines.append(.removed(old.lines[edit.oldIndex]))
                if old.lacksNewline(at: edit.oldIndex) { lines.append(.noNewlineAtEnd) }
                oldCount += 1
            case .added:
                lines.append(.added(new.lines[edit.newIndex]))
                if new.lacksNewline(at: edit.newIndex) { lines.append(.noNewlineAtEnd) }
                newCount += 1
            }
        }
        let first = edits.first
        let oldBefore = first?.oldIndex ?? 0
        let newBefore = first?.newIndex ?? 0
        return Hunk(
            oldStart: oldCount == 0 ? oldBefore : oldBefore + 1, oldCount: oldCount,
            newStart: newCount == 0 ? newBefore : newBefore + 1, newCount: newCount,
            lines: lines)
    }
}
