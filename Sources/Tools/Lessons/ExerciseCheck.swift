import Foundation
import TerminalUI

/// Runs a program and returns what it printed, standard output and error together.
protocol ProgramRunner: Sendable {
    func run(
        _ program: String, _ arguments: [String], in directory: String,
        environment: [String: String]
    ) -> ProgramOutput
}

struct ProgramOutput: Sendable, Equatable {
    var status: Int32
    var text: String
}

/// The real thing: `/usr/bin/env PROGRAM …`, found on the PATH as a shell would find it.
struct SystemProgramRunner: ProgramRunner {
    func run(
        _ program: String, _ arguments: [String], in directory: String,
        environment: [String: String]
    ) -> ProgramOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return ProgramOutput(status: 127, text: "cannot run \(program): \(error)")
        }
        // Read before waiting: a child that fills the pipe would otherwise never exit.
        let data = (try? pipe.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        return ProgramOutput(
            status: process.terminationStatus, text: String(decoding: data, as: UTF8.self))
    }
}

/// What `swift test` said about an exercise's tests: whether they built, and each result.
struct ExerciseReport: Equatable, Sendable {
    struct CompilerError: Equatable, Sendable {
        /// Relative to the package when it is inside it.
        var file: String
        var line: Int
        var message: String
    }

    struct TestResult: Equatable, Sendable {
        /// The test's display name: the requirement in words.
        var name: String
        var passed: Bool
        /// Each issue's first line, then its comment lines.
        var issues: [String]
    }

    var compilerErrors: [CompilerError] = []
    var results: [TestResult] = []

    var isSolved: Bool {
        compilerErrors.isEmpty && !results.isEmpty && results.allSatisfy(\.passed)
    }

    /// Reads Swift Testing's and the compiler's lines; `root` is the package's absolute path.
    init(parsing output: String, root: String) {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var order: [String] = []
        var passed: [String: Bool] = [:]
        var issues: [String: [String]] = [:]
        var lastIssueTest: String?
        let errorLine = #/^(?<file>[^:\s][^:]*):(?<line>\d+):(?:\d+:)? error: (?<message>.*)$/#
        let testLine = #/Test (?:"(?<quoted>(?:[^"\\]|\\.)*)"|(?<plain>\S+\(\S*\))) (?<rest>.*)$/#
        // A line that ends the details of the issue above it: another of Swift Testing's
        // events (a symbol and a space: ◇ started, ✔ passed, ✘ failed, ⚠ …), or a line of the
        // build or of XCTest. Any other line goes on with a value printed over several lines.
        let nextEvent =
            #/^\s*(?:[^\x00-\x7F\s] |\[\d+/\d+\] |Test Suite |Build |Compiling |Linking |error: |warning: )/#
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if let match = line.wholeMatch(of: errorLine) {
                var file = String(match.output.file)
                if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
                let error = CompilerError(
                    file: file, line: Int(match.output.line) ?? 0,
                    message: String(match.output.message))
                if !compilerErrors.contains(error) { compilerErrors.append(error) }
                lastIssueTest = nil
                continue
            }
            // An issue's details follow its line, and its value when that takes several: `±`
            // how two collections differ, `↳` each comment. Both are kept.
            if let detail = line.firstMatch(of: #/^\s*(?<symbol>[↳±]) (?<text>.*)$/#) {
                if let test = lastIssueTest {
                    let symbol = detail.symbol == "±" ? "± " : ""
                    issues[test, default: []].append("  " + symbol + detail.text)
                }
                continue
            }
            guard let match = line.firstMatch(of: testLine) else {
                if line.firstMatch(of: nextEvent) != nil { lastIssueTest = nil }
                continue
            }
            lastIssueTest = nil
            let name = String(match.output.quoted ?? match.output.plain ?? "")
            let rest = match.output.rest
            if order.firstIndex(of: name) == nil,
                rest.hasPrefix("started") || rest.hasPrefix("passed") || rest.hasPrefix("with ")
                    || rest.hasPrefix("failed") || rest.hasPrefix("recorded")
            {
                order.append(name)
            }
            // A test with arguments ends "with 5 test cases passed", and its issues name the
            // case: "recorded an issue with 1 argument step → mvvm-io at File.swift:3:1: …".
            let outcome = rest.replacing(#/^with \d+ test cases? /#, with: "")
            if outcome.hasPrefix("passed") {
                passed[name] = passed[name] ?? true
            } else if outcome.hasPrefix("failed") {
                passed[name] = false
            } else if let issue = rest.firstMatch(
                of: #/^recorded an issue (?:with .*? )?at \S+?: (?<what>.*)$/#)
            {
                passed[name] = false
                issues[name, default: []].append(String(issue.what))
                lastIssueTest = name
            }
        }
        results = order.compactMap { name in
            passed[name].map { TestResult(name: name, passed: $0, issues: issues[name] ?? []) }
        }
    }
}

/// `lessons check 3.2`: builds the exercise's tests against a working copy and says, line by
/// line, which of its requirements hold.
struct ExerciseCheck: Sendable {
    var exercise: Exercise
    /// The product of the exercise's step (`mvvm-io`): a solution must also keep that step's
    /// acceptance scenarios passing, so they run once the exercise's own tests pass.
    var stepProduct: String
    var runner: any ProgramRunner
    var environment: [String: String]
    /// The step's test files the exercise asks the learner to update (`Tests/…swift`).
    var testsToUpdate: [String] = []

    /// Where a check of the working copy builds: never `.build/debug`, so that the learner's own
    /// `swift test` never finds an exercise's tests in its build.
    static let workingCopyBuild = ".build/lessons-check/build"

    /// The command a learner could type to do by hand what the check does.
    static func testCommand(for exercise: Exercise) -> String {
        "LESSONS_EXERCISE=\(exercise.id) swift test --scratch-path \(workingCopyBuild) "
            + "--no-parallel --filter ExerciseTests"
    }

    /// The command that runs the step's acceptance scenarios alone, as the check does.
    func acceptanceCommand(scratchPath: String?) -> String {
        "ACCEPTANCE_STEPS=\(stepProduct) swift test"
            + (scratchPath.map { " --scratch-path \($0)" } ?? "") + " --filter AcceptanceTests"
    }

    /// One run of `swift test` and what it said.
    struct Run: Sendable {
        var report: ExerciseReport
        var output: ProgramOutput
    }

    /// The tests' run in the package at `root` (the repository, or a copy of it), built in
    /// `scratchPath` when given; then, if they all pass, the run of the step's acceptance
    /// scenarios, in the same build.
    func report(
        inPackageAt root: String, scratchPath: String? = nil
    ) -> (exercise: Run, acceptance: Run?) {
        var environment = environment
        environment["LESSONS_EXERCISE"] = exercise.id
        let scratch = scratchPath.map { ["--scratch-path", $0] } ?? []
        let output = runner.run(
            "swift", ["test"] + scratch + ["--no-parallel", "--filter", #"^ExerciseTests\."#],
            in: root, environment: environment)
        let exerciseRun = Run(
            report: ExerciseReport(parsing: output.text, root: root), output: output)
        guard exerciseRun.report.isSolved else { return (exerciseRun, nil) }
        environment["ACCEPTANCE_STEPS"] = stepProduct
        let acceptance = runner.run(
            "swift", ["test"] + scratch + ["--filter", #"^AcceptanceTests\."#],
            in: root, environment: environment)
        return (
            exerciseRun,
            Run(report: ExerciseReport(parsing: acceptance.text, root: root), output: acceptance)
        )
    }

    /// The verdict in words, and the exit status: 0 solved, 1 not yet.
    func verdict(_ run: (exercise: Run, acceptance: Run?), scratchPath: String?) -> CommandResult {
        var result = verdict(run.exercise.report, output: run.exercise.output)
        guard result.status == 0, let acceptance = run.acceptance else { return result }
        let scenarios = acceptance.report.results
        let failing = scenarios.filter { !$0.passed }
        var text = result.output
        if acceptance.report.isSolved {
            text = text.replacingOccurrences(
                of: "Solved: all ",
                with:
                    "  ✓ \(stepProduct) still passes all \(scenarios.count) acceptance scenarios\n"
                    + "Solved: all ")
            result.output = text
            return result
        }
        text = text.replacing(#/Solved: .*\n$/#, with: "")
        if scenarios.isEmpty {
            text +=
                "  ✗ the acceptance scenarios of \(stepProduct) did not run. What `swift test` said last:\n"
            text += acceptance.output.text.split(separator: "\n").suffix(8)
                .map { "      \(printable(String($0)))\n" }.joined()
        } else {
            text +=
                "  ✗ \(stepProduct) fails \(failing.count) of its \(scenarios.count) acceptance scenarios:\n"
            for scenario in failing.prefix(10) {
                text += "      \(printable(scenario.name))\n"
                text += scenario.issues.prefix(2).map { "        \(printable($0))\n" }.joined()
            }
        }
        text +=
            "Not solved yet: the exercise's checks pass, but the step no longer does all it "
            + "promised. Run them again with `\(acceptanceCommand(scratchPath: scratchPath))`.\n"
        return CommandResult(output: text, status: 1)
    }

    /// The verdict of the exercise's own tests.
    func verdict(_ report: ExerciseReport, output: ProgramOutput) -> CommandResult {
        var text = ""
        let testsFolder = exercise.testsFolder + "/"
        let errors = report.compilerErrors
        let inTests = errors.filter { $0.file.hasPrefix(testsFolder) }
        let toUpdate = errors.filter { testsToUpdate.contains($0.file) }
        let inStepTests = errors.filter {
            $0.file.hasPrefix("Tests/") && !testsToUpdate.contains($0.file)
        }
        let inCode = errors.filter {
            !$0.file.hasPrefix(testsFolder) && !$0.file.hasPrefix("Tests/")
        }
        if !inCode.isEmpty {
            text += "Your code does not build:\n"
            text += Self.describe(inCode)
        }
        if !toUpdate.isEmpty {
            let files = Set(toUpdate.map(\.file)).sorted().joined(separator: ", ")
            text +=
                "Tests the exercise asks you to update still use the old shape (\(files)):\n"
            text += Self.describe(toUpdate)
            text += "Update those lines to the new shape, as the exercise says.\n"
        }
        if !inStepTests.isEmpty {
            text +=
                "Tests of the step that the exercise does not name no longer build against your "
                + "code, so the change reaches further than the exercise asks:\n"
            text += Self.describe(inStepTests)
        }
        if !inTests.isEmpty {
            text +=
                "The exercise's tests do not build against your code yet, so something they use "
                + "is missing or has another shape:\n"
            text += Self.describe(inTests)
            text += "Read those lines of the tests: they show what the exercise asks for.\n"
        }
        for result in report.results {
            text += "  \(result.passed ? "✓" : "✗") \(printable(result.name))\n"
            text += result.issues.prefix(6).map { "      \(printable($0))\n" }.joined()
        }
        if report.isSolved {
            text += "Solved: all \(report.results.count) checks of exercise \(exercise.id) pass.\n"
            return CommandResult(output: text)
        }
        let failing = report.results.filter { !$0.passed }.count
        if report.compilerErrors.isEmpty && report.results.isEmpty {
            text += "No test of the exercise ran. What `swift test` said last:\n"
            text += output.text.split(separator: "\n").suffix(8)
                .map { "  \(printable(String($0)))\n" }.joined()
        } else if report.compilerErrors.isEmpty {
            text += "Not solved yet: \(failing) of \(report.results.count) checks fail.\n"
        } else {
            text += "Not solved yet: fix the build first.\n"
        }
        return CommandResult(output: text, status: 1)
    }

    /// The first ten errors, each with a hint when it is a common one.
    private static func describe(_ errors: [ExerciseReport.CompilerError]) -> String {
        errors.prefix(10).map { error in
            "  " + printable("\(error.file):\(error.line): \(error.message)") + "\n"
                + (hint(for: error.message).map { "    ↳ \($0)\n" } ?? "")
        }.joined()
    }

    /// What a common compiler error means here, in one line; nil for the others.
    static func hint(for message: String) -> String? {
        if let match = message.firstMatch(of: #/cannot find (?:type )?'(?<name>[^']+)' in scope/#) {
            return "Nothing named \(match.output.name) is declared where this line can see it: "
                + "not written yet, spelt another way, or private to another file."
        }
        if let match = message.firstMatch(
            of: #/value of type '(?<type>[^']+)' has no member '(?<member>[^']+)'/#)
        {
            return "\(match.output.type) has no \(match.output.member) yet, or it is private: "
                + "tests see internal names (through @testable import), not private ones."
        }
        if message.contains("is inaccessible due to 'private' protection level")
            || message.contains("is inaccessible due to 'fileprivate' protection level")
        {
            return "Tests reach your code through @testable import, which sees internal names "
                + "but not private ones: leave out `private` there."
        }
        if let match = message.firstMatch(
            of: #/missing arguments? for parameters? (?<names>.+) in call/#)
        {
            return "The call gives no \(match.output.names): the function takes a parameter "
                + "the call does not pass. Pass it, or give the parameter a default value."
        }
        if let match = message.firstMatch(of: #/extra arguments? (?<names>.+) in call/#) {
            return "The call passes \(match.output.names), which the function does not take "
                + "(yet): compare its parameters with the call."
        }
        if message.contains("incorrect argument label") {
            return "The call names its arguments differently from the function's parameters."
        }
        if message.hasPrefix("cannot convert value of type")
            || message.hasPrefix("cannot convert return expression of type")
        {
            return "A value has another type than this line expects: compare the two types named."
        }
        if message.contains("can throw but is not marked with 'try'") {
            return "The call can throw: write `try` before it, inside a function that throws "
                + "or a do/catch."
        }
        if message.contains("is 'async' but is not marked with 'await'") {
            return "The call is asynchronous: write `await` before it, inside an async function "
                + "or a Task."
        }
        if message.contains("main actor-isolated") {
            return "UI code runs on the main actor: mark the code that calls it @MainActor, as "
                + "the step's own types are."
        }
        if message.firstMatch(of: #/type '[^']+' does not conform to protocol/#) != nil {
            return "A requirement of the protocol is missing or has another signature: the "
                + "compiler's notes after this line name it."
        }
        if message.hasPrefix("missing return in") {
            return "One way through the function ends without returning a value."
        }
        if message.contains("cannot use mutating member on immutable value")
            || message.contains("cannot assign to property: ")
        {
            return "The value is a constant here: a `let`, or a property without a setter."
        }
        return nil
    }
}

/// Text from a build, a test or the command line, safe to print: sanitised as the app
/// sanitises API text (T4), and cut after `limit` characters.
func printable(_ text: String, limit: Int = 300) -> String {
    let sanitized = text.sanitizedForTerminal()
    return sanitized.count > limit ? sanitized.prefix(limit) + "…" : sanitized
}
