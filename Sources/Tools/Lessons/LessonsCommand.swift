import StepCatalog

/// What a run of the tool printed and how it ended.
struct CommandResult: Sendable, Equatable {
    var output = ""
    var errorOutput = ""
    /// 0 done; 1 something the repository lacks (a lesson, a writable folder); 2 a bad command line.
    var status: Int32 = 0
    /// A text to read from its top (a lesson, a diff): on a terminal it goes through the pager.
    var isPaged = false
}

/// The `lessons` command line: the path, a lesson, the diff between two steps.
///
/// Runs against a repository and an environment given to it, never the process's own, so the
/// tests run exactly what a learner runs.
struct LessonsCommand: Sendable {
    var repository: Repository
    var environment: [String: String] = [:]
    /// Whether standard output is a terminal: colour and width fitting only there.
    var isTerminal = false
    /// The terminal's columns, when known.
    var terminalWidth: Int?
    /// Runs `swift test`, `cp` and `git` for `check`; tests hand it a fake.
    var runner: any ProgramRunner = SystemProgramRunner()
    /// Where `check` says what it is doing before a long build; the tool prints it at once.
    var progress: @Sendable (String) -> Void = { _ in }

    static let usage =
        "usage: lessons [list | show STEP [--language CODE] | diff [A] B"
        + " | check [--solution | --patch FILE | --start] [EXERCISE] | lint | hash LESSON"
        + " | write-diffs"
        + " | write-counts | write-citations | --help]"

    /// The catalog's products, as `--help` names them: `mvc, mvvm, …`.
    private static let productNames = StepEntry.all.map(\.product).joined(separator: ", ")

    static let help = """
        lessons — walk the architecture path one step at a time

        usage:
          lessons                 the path: every step, its size and its lesson (also: list)
          lessons show STEP       print the lesson of STEP (Lessons/NN-NAME.md); in the language
                                  of LC_ALL, LC_MESSAGES or LANG when it has a translation
                                  (ko_KR.UTF-8: Lessons/ko/NN-NAME.md), else in English
          lessons show STEP --language ko
                                  the lesson in that language (en, or a folder under Lessons/)
          lessons diff STEP       what STEP changed since the step before it
          lessons diff A B        what changed from step A to step B
          lessons check           the exercises the tool can check
          lessons check 3.2       runs exercise 2 of lesson 03's tests against your working copy
                                  and says what is still missing; exit 0 only when it is solved
          lessons check --solution 3.2
                                  the same against a copy with the reference solution applied
                                  (Lessons/solutions/3.2.patch), in .build/lessons-check/solution
          lessons check --patch answer.patch 3.2
                                  the same with your own answer, saved by `git diff > answer.patch`,
                                  so that your working copy can stay as it is
          lessons check --start 1.4
                                  an exercise that starts by showing a bug (Lessons/starts/1.4.patch
                                  takes its fix out: apply it with `git apply` first): the check
                                  against a copy at that starting point; --solution and --patch
                                  apply their patch after it
          lessons lint            every lesson problem the tests find: snippets that are not at
                                  their citation, citations whose code changed, documents a
                                  learner cannot open, stale counts, stale translations
          lessons hash LESSON     the header a translation of LESSON (a STEP, or README) records
          lessons write-diffs     rewrite Lessons/diffs/NN-to-MM.diff for every pair of neighbours
          lessons write-counts    fill in every <!-- KIND: … -->N<!-- /KIND --> count in Lessons/
          lessons write-citations record what each new line citation shows (Lessons/citations.txt),
                                  so that lint fails when the code there changes
          lessons --help, -h      this help

        STEP is a number (1, 02) or a product name (\(productNames)).
        A diff compares every file of the two step folders, matched by name, and treats each
        step's own names (01-MVC, MVC, mvc) as equal, so only what the step changed shows.
        It is coloured on a terminal unless NO_COLOR is set, and plain in a pipe.
        On a terminal, show and diff page through $PAGER, or less (with LESS=FRX and
        LESSCHARSET=utf-8 unless set), and a diff says its size first.

        """

    private var usesColor: Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    func run(_ arguments: [String]) -> CommandResult {
        if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
            return CommandResult(output: Self.help)
        }
        if arguments.first == "check" {
            return check(Array(arguments.dropFirst()))
        }
        if arguments.first == "show" {
            return fittedToTheTerminal(show(Array(arguments.dropFirst())))
        }
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            return usageError(
                "unknown option '\(printable(option, limit: 40))'; the options are --help, -h")
        }
        let steps = repository.steps()
        switch arguments.first {
        case nil, "list":
            guard arguments.count <= 1 else { return usageError("list takes no arguments") }
            let rows = steps.map { PathRow(step: $0, in: repository) }
            return CommandResult(
                output: PathTable.render(rows, width: isTerminal ? terminalWidth : nil))
        case "diff":
            return diff(Array(arguments.dropFirst()), steps: steps)
        case "write-diffs":
            guard arguments.count == 1 else { return usageError("write-diffs takes no arguments") }
            do {
                return CommandResult(output: try DiffArchive.write(in: repository))
            } catch {
                return CommandResult(
                    errorOutput: "lessons: cannot write \(DiffArchive.folder): \(error)\n",
                    status: 1)
            }
        case "lint":
            guard arguments.count == 1 else { return usageError("lint takes no arguments") }
            return lint()
        case "hash":
            guard arguments.count == 2 else {
                return usageError(
                    "hash takes one lesson: a step (\(Self.names(of: steps))) or README")
            }
            return hash(arguments[1], steps: steps)
        case "write-counts":
            guard arguments.count == 1 else { return usageError("write-counts takes no arguments") }
            return writeCounts()
        case "write-citations":
            guard arguments.count == 1 else {
                return usageError("write-citations takes no arguments")
            }
            return writeCitations()
        case let command?:
            return usageError(
                "unknown command '\(printable(command, limit: 40))'; the commands are list, show, "
                    + "diff, check, lint, hash, write-diffs, write-counts, write-citations")
        }
    }

    /// Status 1 when anything is wrong, so a script can stop on it.
    private func lint() -> CommandResult {
        let problems = LessonChecks.problems(in: repository)
        guard !problems.isEmpty else { return CommandResult(output: "Lessons/: no problems\n") }
        return CommandResult(
            output: problems.map { "\($0)\n" }.joined(),
            errorOutput: "lessons: \(problems.count) problem\(problems.count == 1 ? "" : "s")\n",
            status: 1)
    }

    private func hash(_ name: String, steps: [CourseStep]) -> CommandResult {
        let path: String?
        if let step = resolve(name, in: steps) {
            path = repository.lessonFile(for: step)
        } else if ["readme", "readme.md"].contains(name.lowercased()) {
            path = "Lessons/README.md"
        } else {
            path = repository.lessonFiles().first { $0 == "Lessons/" + name }
        }
        guard let path, let english = repository.text(at: path) else {
            return usageError(
                "no lesson '\(printable(name, limit: 40))'; name a step (\(Self.names(of: steps))) or README"
            )
        }
        let fileName = String(path.dropFirst("Lessons/".count))
        return CommandResult(output: Translation.header(for: fileName, english: english) + "\n")
    }

    /// Fills in every count of every document; a count that cannot be made is reported and kept.
    private func writeCounts() -> CommandResult {
        var output = ""
        var errors = ""
        for document in repository.lessonDocuments() {
            guard let text = repository.text(at: document) else { continue }
            let filled = CountMarker.filling(text) { marker in
                switch marker.count(in: repository) {
                case .success(let count): return "\(count)"
                case .failure(let error):
                    errors += "lessons: \(document):\(marker.lessonLine): \(error)\n"
                    return nil
                }
            }
            let markers = CountMarker.markers(in: text).count
            guard markers > 0 else { continue }
            guard filled != text else {
                output += "\(document): \(markers) counts, up to date\n"
                continue
            }
            do {
                try repository.write(filled, at: document)
                output += "\(document): \(markers) counts, written\n"
            } catch {
                errors += "lessons: cannot write \(document): \(error)\n"
            }
        }
        if output.isEmpty && errors.isEmpty { output = "Lessons/: no counts to fill in\n" }
        return CommandResult(output: output, errorOutput: errors, status: errors.isEmpty ? 0 : 1)
    }

    /// Records the code at every new citation and drops the unused; a citation whose code
    /// changed keeps its old record, is reported, and makes the status 1.
    private func writeCitations() -> CommandResult {
        let citations = repository.lessonDocuments().flatMap {
            LessonText.citations(in: repository.text(at: $0) ?? "")
        }
        let old = CitationRecord(in: repository)
        let (record, changed) = CitationRecord.updated(
            old, citations: citations, in: repository)
        var output = ""
        if record != old {
            do {
                try repository.write(record.text, at: CitationRecord.path)
            } catch {
                return CommandResult(
                    errorOutput: "lessons: cannot write \(CitationRecord.path): \(error)\n",
                    status: 1)
            }
            output = "\(CitationRecord.path): \(record.fingerprints.count) citations, written\n"
        } else {
            output = "\(CitationRecord.path): \(record.fingerprints.count) citations, up to date\n"
        }
        let errors = changed.map {
            "lessons: \($0): the code there changed since it was recorded; fix the citation, or "
                + "delete its line in \(CitationRecord.path) once the lessons citing it are true\n"
        }.joined()
        return CommandResult(output: output, errorOutput: errors, status: changed.isEmpty ? 0 : 1)
    }

    /// `show STEP [--language CODE]`: the lesson, in the language asked for, else in the one
    /// the environment names when the lessons have it, else in English.
    private func show(_ arguments: [String]) -> CommandResult {
        var arguments = arguments
        var language: String?
        if let index = arguments.firstIndex(where: { $0 == "--language" || $0 == "-l" }) {
            guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else {
                return usageError("--language takes a code; the languages are \(languageNames)")
            }
            language = arguments[index + 1].lowercased()
            arguments.removeSubrange(index...(index + 1))
        }
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            return usageError(
                "unknown option '\(printable(option, limit: 40))'; show takes --language CODE")
        }
        let steps = repository.steps()
        guard arguments.count == 1 else {
            return usageError("show takes one step; the steps are \(Self.names(of: steps))")
        }
        guard let step = resolve(arguments[0], in: steps) else {
            return badStep(arguments[0], steps)
        }
        if let language, language != "en", !translationLanguages.contains(language) {
            return usageError(
                "no lessons in '\(printable(language, limit: 20))'; the languages are "
                    + languageNames)
        }
        let english = show(step)
        guard english.status == 0, let chosen = language ?? environmentLanguage, chosen != "en",
            let lesson = repository.lessonFile(for: step)
        else { return english }
        let translation = "Lessons/\(chosen)/" + lesson.dropFirst("Lessons/".count)
        guard var text = repository.text(at: translation) else {
            var result = english
            result.errorOutput =
                "lessons: \(translation) is missing, so here is the English lesson\n"
            return result
        }
        // The header that records which English text was translated is for `lint`, not for
        // the reader.
        if text.hasPrefix("<!-- source:"), let end = text.firstIndex(of: "\n") {
            text = String(text[text.index(after: end)...])
        }
        return CommandResult(
            output: text.hasSuffix("\n") || text.isEmpty ? text : text + "\n", isPaged: true)
    }

    /// A lesson with its prose wrapped again to the terminal's width; as written in a pipe.
    private func fittedToTheTerminal(_ result: CommandResult) -> CommandResult {
        guard isTerminal, let terminalWidth, result.isPaged else { return result }
        var fitted = result
        fitted.output = ProseWrapper.wrap(result.output, width: terminalWidth)
        return fitted
    }

    /// The codes of the translation folders: `ko` for `Lessons/ko`.
    private var translationLanguages: [String] {
        Translation.folders(in: repository).map { String($0.dropFirst("Lessons/".count)) }
    }

    private var languageNames: String {
        (["en"] + translationLanguages).joined(separator: ", ")
    }

    /// The language of the first of LC_ALL, LC_MESSAGES and LANG that is set, when the
    /// lessons have a translation into it: `ko` for `ko_KR.UTF-8`.
    private var environmentLanguage: String? {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
            .first { !$0.isEmpty }
        guard let locale else { return nil }
        let code = String(locale.prefix { $0.isLetter }).lowercased()
        return translationLanguages.contains(code) ? code : nil
    }

    private func show(_ step: CourseStep) -> CommandResult {
        guard let lesson = repository.lessonFile(for: step), let text = repository.text(at: lesson)
        else {
            return CommandResult(
                errorOutput: "lessons: step \(step.paddedNumber) \(step.title) has no lesson yet "
                    + "(Lessons/\(step.folder).md is missing)\n",
                status: 1)
        }
        return CommandResult(
            output: text.hasSuffix("\n") || text.isEmpty ? text : text + "\n", isPaged: true)
    }

    private func diff(_ names: [String], steps: [CourseStep]) -> CommandResult {
        let pair: (CourseStep, CourseStep)
        switch names.count {
        case 1:
            guard let step = resolve(names[0], in: steps) else { return badStep(names[0], steps) }
            guard let index = steps.firstIndex(of: step), index > steps.startIndex else {
                return usageError(
                    "\(step.product) is the first step, nothing comes before it; "
                        + "the steps are \(Self.names(of: steps))")
            }
            pair = (steps[index - 1], step)
        case 2:
            guard let from = resolve(names[0], in: steps) else { return badStep(names[0], steps) }
            guard let to = resolve(names[1], in: steps) else { return badStep(names[1], steps) }
            pair = (from, to)
        default:
            return usageError("diff takes one or two steps; the steps are \(Self.names(of: steps))")
        }
        let diff = StepDiff(from: pair.0, to: pair.1, in: repository)
        // In a pager the size comes first, where the reader starts; a pipe gets the file's order.
        return CommandResult(
            output: diff.rendered(colored: usesColor, summaryFirst: isTerminal), isPaged: true)
    }

    /// A step by number (`2`, `02`), product (`mvvm`), module (`MVVM`) or folder (`02-MVVM`).
    private func resolve(_ name: String, in steps: [CourseStep]) -> CourseStep? {
        if let number = Int(name) { return steps.first { $0.number == number } }
        let lowercased = name.lowercased()
        return steps.first { step in
            [step.product, step.module, step.folder, step.title].contains {
                $0.lowercased() == lowercased
            }
        }
    }

    private func badStep(_ name: String, _ steps: [CourseStep]) -> CommandResult {
        usageError(
            "no step '\(printable(name, limit: 40))'; the steps are \(Self.names(of: steps))")
    }

    /// `1 mvc, 2 mvvm`: what a learner may type.
    private static func names(of steps: [CourseStep]) -> String {
        steps.isEmpty
            ? "(none yet)" : steps.map { "\($0.number) \($0.product)" }.joined(separator: ", ")
    }

    /// One line saying what is wrong and what is valid, then the usage; exit status 2.
    func usageError(_ message: String) -> CommandResult {
        CommandResult(errorOutput: "lessons: \(message)\n\(Self.usage)\n", status: 2)
    }
}
