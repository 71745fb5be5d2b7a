/// One thing a lesson says that is not true of the repository, at the lesson line that says it.
struct LessonProblem: Sendable, Hashable, CustomStringConvertible {
    /// Repository-relative, e.g. `Lessons/01-MVC.md`.
    var document: String
    /// 1-based.
    var line: Int
    var message: String

    var description: String { "\(document):\(line): \(message)" }
}

/// A fenced code block of a lesson.
struct CodeBlock: Sendable, Equatable {
    /// What follows the opening fence: `swift`, `sh`, `mermaid`, or empty.
    var language: String
    /// The lines between the fences, as written.
    var lines: [String]
    /// 1-based lesson line of the opening fence.
    var fenceLine: Int
    /// The lines of code the block says it shows: from a `// Sources/…swift:12-30` comment as its
    /// first line, else from the paragraph right before it when that paragraph ends with a colon.
    var citations: [Citation]
    /// Whether the first line is the citation comment, not code.
    var citesInFirstLine: Bool

    /// Every fenced block (``` or ~~~, indented or not) in `markdown`, in order.
    static func blocks(in markdown: String) -> [CodeBlock] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        var blocks: [CodeBlock] = []
        var index = 0
        while index < lines.count {
            let opening = lines[index].trimmingWhitespace()
            guard let fence = fencePrefix(of: opening) else {
                index += 1
                continue
            }
            let language = String(opening.dropFirst(fence.count)).trimmingWhitespace()
            var end = index + 1
            while end < lines.count {
                let line = lines[end].trimmingWhitespace()
                if line.hasPrefix(fence), line.allSatisfy({ $0 == fence.first }) { break }
                end += 1
            }
            let body = Array(lines[(index + 1)..<min(end, lines.count)])
            let ownCitations = body.first.map { firstLine -> [Citation] in
                guard firstLine.trimmingWhitespace().hasPrefix("//") else { return [] }
                return LessonText.citations(in: firstLine).filter { $0.firstLine != nil }.map {
                    var citation = $0
                    citation.lessonLine = index + 2
                    return citation
                }
            }
            let citesInFirstLine = !(ownCitations ?? []).isEmpty
            blocks.append(
                CodeBlock(
                    language: language.split(separator: " ").first.map(String.init) ?? "",
                    lines: body, fenceLine: index + 1,
                    citations: citesInFirstLine
                        ? ownCitations ?? [] : introducingCitations(lines, before: index),
                    citesInFirstLine: citesInFirstLine))
            index = end + 1
        }
        return blocks
    }

    /// "```" or "~~~~" when `line` opens or closes a fence.
    private static func fencePrefix(of line: String) -> String? {
        guard let mark = line.first, mark == "`" || mark == "~" else { return nil }
        let fence = String(line.prefix { $0 == mark })
        return fence.count >= 3 ? fence : nil
    }

    /// The line citations of the paragraph right before line `index`, if it ends with a colon —
    /// the way a lesson introduces a snippet: "Loading a page (`Sources/…swift:79-97`):".
    private static func introducingCitations(_ lines: [String], before index: Int) -> [Citation] {
        var end = index - 1
        while end >= 0, lines[end].trimmingWhitespace().isEmpty { end -= 1 }
        guard end >= 0, lines[end].trimmingWhitespace().hasSuffix(":") else { return [] }
        var start = end
        while start > 0 {
            let previous = lines[start - 1].trimmingWhitespace()
            if previous.isEmpty || fencePrefix(of: previous) != nil || previous.hasPrefix("#") {
                break
            }
            start -= 1
        }
        return (start...end).flatMap { lineIndex in
            LessonText.citations(in: lines[lineIndex]).filter { $0.firstLine != nil }.map {
                var citation = $0
                citation.lessonLine = lineIndex + 1
                return citation
            }
        }
    }

    /// Whether the block is code that could be the cited Swift: `swift` or no language.
    var isSwift: Bool { language.isEmpty || language.lowercased() == "swift" }

    /// Whether a line of a snippet stands for lines left out: `…` or `// …`.
    static func isElision(_ line: String) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return trimmed == "…" || trimmed == "// …"
    }
}

/// The checks a lesson's text must pass: snippets show what they cite, every document it names
/// can be opened, every count it states is the code's. Each returns one problem per mistake.
enum LessonChecks {
    /// Every Swift block that cites lines shows exactly those lines, ignoring indentation and
    /// trailing spaces; a `…` line stands for any number of lines left out, also at either end.
    /// Several citations are read one after the other. Blocks whose citations are themselves
    /// wrong are left to the citation check.
    static func snippetProblems(
        in markdown: String, document: String, repository: Repository
    ) -> [LessonProblem] {
        CodeBlock.blocks(in: markdown).compactMap { block in
            guard block.isSwift, !block.citations.isEmpty,
                block.citations.allSatisfy({ $0.problem(in: repository) == nil })
            else { return nil }
            return snippetProblem(block, document: document, repository: repository)
        }
    }

    private struct CitedLine {
        var path: String
        var number: Int
        var text: String
    }

    private static func snippetProblem(
        _ block: CodeBlock, document: String, repository: Repository
    ) -> LessonProblem? {
        let cited: [CitedLine] = block.citations.flatMap { citation -> [CitedLine] in
            let lines = TextLines(repository.text(at: citation.path) ?? "").lines
            let first = citation.firstLine ?? 1
            let last = citation.lastLine ?? first
            return (first...last).map {
                CitedLine(path: citation.path, number: $0, text: lines[$0 - 1].trimmingWhitespace())
            }
        }
        let firstCodeLine = block.citesInFirstLine ? 1 : 0
        let pattern = Array(block.lines.dropFirst(firstCodeLine))
        let names = block.citations.map(\.description).joined(separator: ", ")
        // reachable[i]: the counts of cited lines that the first i block lines can stand for.
        var reachable: Set<Int> = [0]
        for (offset, line) in pattern.enumerated() {
            let lessonLine = block.fenceLine + 1 + firstCodeLine + offset
            var next: Set<Int> = []
            if CodeBlock.isElision(line) {
                if let least = reachable.min() { next = Set(least...cited.count) }
            } else {
                let text = line.trimmingWhitespace()
                next = Set(
                    reachable.filter { $0 < cited.count && cited[$0].text == text }.map { $0 + 1 })
            }
            if next.isEmpty {
                let expected = reachable.sorted().first { $0 < cited.count }.map {
                    "\(cited[$0].path):\(cited[$0].number) is "
                        + (cited[$0].text.isEmpty ? "blank" : "`\(shortened(cited[$0].text))`")
                }
                return LessonProblem(
                    document: document, line: lessonLine,
                    message: "the snippet cited as \(names) has "
                        + (line.trimmingWhitespace().isEmpty
                            ? "a blank line" : "`\(shortened(line.trimmingWhitespace()))`")
                        + ", "
                        + "which is not there"
                        + (expected.map { " (\($0))" } ?? " (the cited lines end before it)")
                        + whereElse(line, in: block.citations, repository: repository)
                        + "; fix the citation or the snippet, or mark left-out lines with …")
            }
            reachable = next
        }
        guard !reachable.contains(cited.count) else { return nil }
        let shown = reachable.max() ?? 0
        let lastShown =
            shown > 0 ? "\(cited[shown - 1].path):\(cited[shown - 1].number)" : "nothing"
        return LessonProblem(
            document: document, line: block.fenceLine,
            message: "the snippet cited as \(names) stops at \(lastShown); "
                + "cite only the lines it shows, or end it with a … line")
    }

    /// " — Sources/…swift has it at 147" when the line is elsewhere in a cited file.
    private static func whereElse(
        _ line: String, in citations: [Citation], repository: Repository
    ) -> String {
        let text = line.trimmingWhitespace()
        guard !text.isEmpty else { return "" }
        var places: [String] = []
        for path in Set(citations.map(\.path)).sorted() {
            let lines = TextLines(repository.text(at: path) ?? "").lines
            let numbers = lines.indices.filter { lines[$0].trimmingWhitespace() == text }.map {
                String($0 + 1)
            }
            if !numbers.isEmpty {
                places.append("\(path) has it at \(numbers.prefix(3).joined(separator: ", "))")
            }
        }
        return places.isEmpty ? "" : "; " + places.joined(separator: "; ")
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(59)) + "…"
    }
}

extension LessonChecks {
    /// Every problem of every Markdown file under Lessons/, translations included, in order.
    static func problems(in repository: Repository) -> [LessonProblem] {
        repository.lessonDocuments().flatMap { document -> [LessonProblem] in
            guard let text = repository.text(at: document) else { return [] }
            return problems(in: text, document: document, repository: repository)
        } + Glossary.problems(in: repository) + recordProblems(in: repository)
    }

    /// Every line citation whose code is not what `Lessons/citations.txt` recorded for it.
    static func recordProblems(in repository: Repository) -> [LessonProblem] {
        let record = CitationRecord(in: repository)
        return repository.lessonDocuments().flatMap { document -> [LessonProblem] in
            LessonText.citations(in: repository.text(at: document) ?? "").compactMap { citation in
                record.problem(with: citation, in: repository).map {
                    LessonProblem(document: document, line: citation.lessonLine, message: $0)
                }
            }
        }
    }

    /// Every problem of one document's text, which need not be on disk.
    static func problems(
        in text: String, document: String, repository: Repository
    ) -> [LessonProblem] {
        let citations = LessonText.citations(in: text).compactMap { citation in
            citation.problem(in: repository).map {
                LessonProblem(document: document, line: citation.lessonLine, message: $0)
            }
        }
        let isTranslation = document.split(separator: "/").count == 3
        let translation =
            isTranslation
            ? Translation.problem(translation: text, at: document, repository: repository) : nil
        return
            (citations
            + snippetProblems(in: text, document: document, repository: repository)
            + referenceProblems(in: text, document: document, repository: repository)
            + countProblems(in: text, document: document, repository: repository)
            + uncheckedCountProblems(in: text, document: document)
            + (translation.map { [$0] } ?? []))
            .sorted { ($0.line, $0.message) < ($1.line, $1.message) }
    }
}
