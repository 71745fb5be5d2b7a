/// One row of the path: a step, how big it is, and whether its lesson is written.
struct PathRow: Sendable, Equatable {
    var step: CourseStep
    /// Files in the step's folder.
    var fileCount: Int
    /// Lines of Swift in the step's folder.
    var swiftLineCount: Int
    /// `@Test`s in `Tests/<Module>Tests` (each layer's, for a layered step), nil when the step
    /// has no test target.
    var testCount: Int?
    /// `Lessons/01-MVC.md`, nil while the lesson is not written.
    var lessonFile: String?
    /// Minutes to read the lesson's prose, code left out; nil without a lesson.
    var readingMinutes: Int?
    /// The lesson's first sentence, or the tool's own line for the step.
    var summary: String

    init(step: CourseStep, in repository: Repository) {
        self.step = step
        let folder = repository.folder(of: step)
        let files = repository.files(under: folder)
        fileCount = files.count
        swiftLineCount = files.filter { $0.hasSuffix(".swift") }.reduce(0) { total, file in
            total
                + (repository.text(at: folder + "/" + file).map { TextLines($0).lines.count } ?? 0)
        }
        let testFolders = repository.testFolders(for: step)
        let testFiles = testFolders.flatMap { testFolder in
            repository.files(under: testFolder).filter { $0.hasSuffix(".swift") }.map {
                testFolder + "/" + $0
            }
        }
        testCount =
            testFolders.isEmpty
            ? nil
            : testFiles.reduce(0) { $0 + (repository.text(at: $1).map(Self.countTests) ?? 0) }
        lessonFile = repository.lessonFile(for: step)
        readingMinutes = lessonFile.flatMap { repository.text(at: $0) }.map(
            LessonText.readingMinutes(of:))
        summary =
            lessonFile.flatMap { repository.text(at: $0) }.flatMap(LessonText.summary(of:))
            ?? step.summary
    }

    /// `@Test` attributes outside line comments; `@Test(arguments:)` counts once.
    static func countTests(in source: String) -> Int {
        source.split(separator: "\n").reduce(0) { total, line in
            let code =
                line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)
                .first ?? ""
            return total + code.matches(of: #/@Test(?![A-Za-z0-9_])/#).count
        }
    }
}

/// The path as a Markdown table that also reads well in a terminal.
enum PathTable {
    /// The table, then how to go on. With `width`, the summary column wraps to fit it.
    static func render(_ rows: [PathRow], width: Int? = nil) -> String {
        let header = ["Step", "Product", "Files", "Lines", "Tests", "Lesson", "What changes"]
        let isNumeric = [false, false, true, true, true, false, false]
        let cells = rows.map { row in
            [
                "\(row.step.paddedNumber) \(row.step.title)", row.step.product,
                "\(row.fileCount)", "\(row.swiftLineCount)", row.testCount.map(String.init) ?? "–",
                row.readingMinutes.map { "\($0) min" } ?? "missing",
                row.summary,
            ]
        }
        var widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max() ?? 0
        }
        // "| " + cells joined by " | " + " |": 4 + 3 per column boundary.
        let fixed = widths.dropLast().reduce(0, +) + 3 * (widths.count - 1) + 4
        if let width, width - fixed < narrowestSummary {
            return renderSummariesBelow(rows, header: header, cells: cells, width: width)
        }
        if let width, let last = widths.indices.last {
            widths[last] = max(12, min(widths[last], width - fixed))
        }

        // A summary too long for its column goes on under the row, the other cells left blank.
        func line(_ values: [String]) -> String {
            let summaryLines = wrapped(values[values.count - 1], to: widths[widths.count - 1])
            return summaryLines.enumerated().map { index, summary in
                let cells =
                    index == 0
                    ? values.dropLast() + [summary] : values.map { _ in "" }.dropLast() + [summary]
                let padded = cells.indices.map { column in
                    let padding = String(
                        repeating: " ", count: max(0, widths[column] - cells[column].count))
                    return isNumeric[column] ? padding + cells[column] : cells[column] + padding
                }
                return "| " + padded.joined(separator: " | ") + " |"
            }.joined(separator: "\n")
        }
        // `|------:|` right-aligns a numeric column in Markdown.
        let rule = widths.indices.map { column in
            String(repeating: "-", count: widths[column] + 1) + (isNumeric[column] ? ":" : "-")
        }

        var output = "The path: one idea per step; run a step with `swift run <product>`.\n\n"
        output += line(header) + "\n"
        output += "|" + rule.joined(separator: "|") + "|\n"
        for row in cells { output += line(row) + "\n" }
        if rows.isEmpty { output += "\n(no step folders Sources/NN-NAME yet)\n" }
        output += """

            Lesson: minutes to read up to "Going further", \(LessonText.wordsPerMinute) words a minute, no code.
            Read a lesson:            swift run lessons show 1
            See what a step changed:  swift run lessons diff 2   (or diff mvc mvvm)
            More:                     swift run lessons --help

            """
        return output
    }

    /// Below this many columns a summary would wrap into a tall cell of a few words a line,
    /// so on such a terminal the summaries go under the table instead.
    static let narrowestSummary = 40

    /// The table without its last column, then each step's summary as a paragraph of its own,
    /// wrapped to `width`: what an 80-column terminal shows.
    private static func renderSummariesBelow(
        _ rows: [PathRow], header: [String], cells: [[String]], width: Int
    ) -> String {
        let narrowRows = rows.map { row in
            var narrow = row
            narrow.summary = ""
            return narrow
        }
        let table = render(narrowRows, width: nil)
        var lines = table.split(separator: "\n", omittingEmptySubsequences: false).map {
            line -> String in
            guard line.hasPrefix("|") else { return String(line) }
            // Drops the empty "What changes" column: its header, rule and blank cells.
            let columns = line.split(separator: "|", omittingEmptySubsequences: false)
            return columns.dropLast(2).joined(separator: "|") + "|"
        }
        guard let end = lines.lastIndex(where: { $0.hasPrefix("|") }) else { return table }
        var summaries = ["", "What changes:"]
        for (row, values) in zip(rows, cells) {
            let words = "\(values[0]): \(row.summary)"
            summaries += wrapped(words, to: width - 4).enumerated().map { index, line in
                (index == 0 ? "  " : "    ") + line
            }
        }
        lines.insert(contentsOf: summaries, at: end + 1)
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken between words (a longer word is cut).
    static func wrapped(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            var word = String(word)
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            current += current.isEmpty ? word : " " + word
        }
        return lines + [current]
    }
}
