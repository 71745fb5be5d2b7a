/// A number a lesson states about the code, written so the tool can fill it in and the tests
/// can check it: `<!-- lines: Sources/01-MVC/TrendingViewController.swift -->208<!-- /lines -->`.
///
/// The comments do not render, so the reader sees only the number.
struct CountMarker: Sendable, Equatable {
    /// What is counted: one of `kinds`.
    var kind: String
    /// What it is counted in: a path, a step, or a path and a pattern.
    var argument: String
    /// The number as the lesson has it now, digits only; empty before the first `write-counts`.
    /// (So `-->N<!--` in a lesson's prose is an example, not a marker.)
    var value: String
    /// 1-based lesson line.
    var lessonLine: Int
    /// Where the value is in the line, to rewrite it.
    var valueRange: Range<String.Index>

    /// The kinds, and what each one counts.
    static let kinds: [(name: String, meaning: String)] = [
        ("lines", "lines of a file, or of the Swift files under a folder (as `wc -l`)"),
        ("files", "files under a folder"),
        ("tests", "`@Test`s in a file, or in the Swift files under a folder"),
        ("matching", "lines of PATH that match the regular expression after it"),
        ("added", "lines `lessons diff STEP` adds"),
        ("removed", "lines `lessons diff STEP` removes"),
        ("changed", "files `lessons diff STEP` changes"),
    ]

    static let kindList = kinds.map(\.name).joined(separator: ", ")

    /// Every marker in `markdown`, in order.
    static func markers(in markdown: String) -> [CountMarker] {
        var markers: [CountMarker] = []
        // Made once, not once a line: a regex literal is parsed and compiled where it is made.
        let marker =
            #/<!--\s*(?<kind>[a-z]+):\s*(?<argument>.*?)\s*-->(?<value>\d*)<!--\s*/(?<closing>[a-z]+)\s*-->/#
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated() where line.contains("<!--")
        {
            let text = String(line)
            for match in text.matches(of: marker) where match.output.kind == match.output.closing {
                markers.append(
                    CountMarker(
                        kind: String(match.output.kind), argument: String(match.output.argument),
                        value: String(match.output.value), lessonLine: index + 1,
                        valueRange: match.output.value.startIndex..<match.output.value.endIndex))
            }
        }
        return markers
    }

    /// `markdown` with every marker's number replaced by what `value(for:)` gives, or left as
    /// it is where that is nil.
    static func filling(_ markdown: String, with value: (CountMarker) -> String?) -> String {
        markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            index, line in
            var text = String(line)
            guard text.contains("<!--") else { return text }
            // Back to front, so that earlier ranges stay valid.
            for marker in markers(in: text).reversed() {
                var numbered = marker
                numbered.lessonLine = index + 1
                if let number = value(numbered) {
                    text.replaceSubrange(marker.valueRange, with: number)
                }
            }
            return text
        }.joined(separator: "\n")
    }

    /// What the repository has now, or why it cannot be counted.
    func count(in repository: Repository) -> Result<Int, CountError> {
        switch kind {
        case "files":
            return files(at: argument, in: repository, swiftOnly: false).map(\.count)
        case "lines":
            return files(at: argument, in: repository).map { files in
                files.reduce(0) { $0 + TextLines(repository.text(at: $1) ?? "").lines.count }
            }
        case "tests":
            return files(at: argument, in: repository).map { files in
                files.reduce(0) { $0 + PathRow.countTests(in: repository.text(at: $1) ?? "") }
            }
        case "matching":
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                return .failure(CountError("matching needs a path and a pattern: PATH PATTERN"))
            }
            let pattern: Regex<AnyRegexOutput>
            do { pattern = try Regex(parts[1]) } catch {
                return .failure(CountError("`\(parts[1])` is not a regular expression"))
            }
            return files(at: parts[0], in: repository).map { files in
                files.reduce(0) { total, file in
                    let lines = TextLines(repository.text(at: file) ?? "").lines
                    return total + lines.filter { $0.contains(pattern) }.count
                }
            }
        case "added", "removed", "changed":
            return diff(in: repository).map { diff in
                switch kind {
                case "added": diff.linesAdded
                case "removed": diff.linesRemoved
                default: diff.files.count
                }
            }
        default:
            return .failure(
                CountError("there is no count `\(kind)`; the counts are \(Self.kindList)"))
        }
    }

    /// What `lessons diff STEP` shows, STEP being the argument.
    private func diff(in repository: Repository) -> Result<StepDiff, CountError> {
        let steps = repository.steps()
        guard let number = Int(argument),
            let index = steps.firstIndex(where: { $0.number == number })
        else {
            return .failure(CountError("there is no step \(argument)"))
        }
        guard index > steps.startIndex else {
            return .failure(CountError("step \(argument) is the first, it has no diff"))
        }
        return .success(StepDiff(from: steps[index - 1], to: steps[index], in: repository))
    }

    /// The repository-relative files a path stands for: the file itself, or the (Swift) files
    /// under a folder.
    private func files(
        at path: String, in repository: Repository, swiftOnly: Bool = true
    ) -> Result<[String], CountError> {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..")
        else {
            return .failure(CountError("`\(path)` is not a path inside the repository"))
        }
        if repository.fileExists(path) { return .success([path]) }
        guard repository.exists(path) else {
            return .failure(CountError("\(path) does not exist"))
        }
        return .success(
            repository.files(under: path).filter { !swiftOnly || $0.hasSuffix(".swift") }.map {
                path + "/" + $0
            })
    }
}

/// Why a count marker cannot be counted, in a sentence.
struct CountError: Error, Sendable, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension LessonChecks {
    /// One problem per count marker whose number is not the code's, or that cannot be counted.
    static func countProblems(
        in markdown: String, document: String, repository: Repository
    ) -> [LessonProblem] {
        CountMarker.markers(in: markdown).compactMap { marker in
            let message: String
            switch marker.count(in: repository) {
            case .success(let count) where "\(count)" == marker.value: return nil
            case .success(let count):
                let stated = marker.value.isEmpty ? "no number" : marker.value
                message =
                    "says \(stated) for `\(marker.kind): \(marker.argument)`, the code has \(count): "
                    + "run `swift run lessons write-counts`"
            case .failure(let error):
                message = "cannot count `\(marker.kind): \(marker.argument)`: \(error)"
            }
            return LessonProblem(document: document, line: marker.lessonLine, message: message)
        }
    }

    /// A number and a noun for code (`194 lines`, `six loops`) outside any count marker: a count
    /// the tests cannot keep true. Code blocks and diagrams are left alone.
    static func uncheckedCountProblems(in markdown: String, document: String) -> [LessonProblem] {
        // Made once, not once a line: a regex literal is parsed and compiled where it is made.
        let marker = #/<!--.*?-->[^<]*<!--.*?-->/#
        let uncounted =
            #/(?i)\b(?<number>\d[\d,]*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a dozen|dozens of)\s+(?:(?:more|new|swift|computed|stored|other|extra)\s+)*(?<noun>lines?|files?|tests?|loops?|propert(?:y|ies)|methods?|hunks?)\b/#
        var problems: [LessonProblem] = []
        var fence: Character?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let trimmed = line.trimmingWhitespace()
            if let mark = trimmed.first, mark == "`" || mark == "~",
                trimmed.prefix(3).allSatisfy({ $0 == mark })
            {
                fence = fence == nil ? mark : (fence == mark ? nil : fence)
                continue
            }
            guard fence == nil else { continue }
            let unmarked = line.replacing(marker, with: "")
            for match in unmarked.matches(of: uncounted) {
                problems.append(
                    LessonProblem(
                        document: document, line: index + 1,
                        message: "states \"\(match.output.0)\" without a count marker; "
                            + "write it as <!-- KIND: … -->N<!-- /KIND --> (see Lessons/README.md) "
                            + "so the tests keep it true, or leave the number out"))
            }
        }
        return problems
    }
}
