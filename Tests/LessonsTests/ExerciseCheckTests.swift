import Foundation
import Synchronization
import Testing

@testable import Lessons

/// `lessons check N.M`: which exercises it knows, how it reads `swift test`, what it tells the
/// learner. The real builds — each check fails on today's code and passes with its solution —
/// run in `.ci/exercises`, since a build inside `swift test` would take minutes.
@Suite struct ExerciseCheckTests {
    /// Answers each program from a script and remembers every call.
    final class ScriptedRunner: ProgramRunner {
        struct Call: Equatable {
            var program: String
            var arguments: [String]
            var directory: String
            var environment: [String: String]
        }

        private let answers: [String: ProgramOutput]
        private let log = Mutex<[Call]>([])

        init(_ answers: [String: ProgramOutput]) {
            self.answers = answers
        }

        var calls: [Call] { log.withLock { $0 } }

        func run(
            _ program: String, _ arguments: [String], in directory: String,
            environment: [String: String]
        ) -> ProgramOutput {
            log.withLock {
                $0.append(
                    Call(
                        program: program, arguments: arguments, directory: directory,
                        environment: environment))
            }
            // The run of the acceptance scenarios answers from "swift acceptance" when given.
            let isAcceptance = arguments.contains(#"^AcceptanceTests\."#)
            return (isAcceptance ? answers[program + " acceptance"] : nil) ?? answers[program]
                ?? ProgramOutput(status: 0, text: "")
        }
    }

    static let root = "/home/learner/movies"

    /// What `swift test` prints when two of the exercise's three tests fail.
    static let failingRun = """
        Test Suite 'Selected tests' started at 2026-12-01 14:12:45.807
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1
        ◇ Suite "Some exercise" started.
        ◇ Test "one is one" started.
        ◇ Test "two is three" started.
        ✘ Test "two is three" recorded an issue at T.swift:4:47: Expectation failed: (x → 2) == 3
        ↳ two is not three
        ✘ Test "throws" recorded an issue at T.swift:5:2: Caught error: E()
        ✔ Test "one is one" passed after 0.002 seconds.
        ✘ Test "throws" failed after 0.002 seconds with 1 issue.
        ✘ Test "two is three" failed after 0.002 seconds with 1 issue.
        ✘ Suite "Some exercise" failed after 0.002 seconds with 2 issues.
        ↳ /// A doc comment of the suite.
        ✘ Test run with 3 tests in 1 suite failed after 0.003 seconds with 2 issues.
        """

    /// What `swift test` prints when the exercise's tests cannot build against the code.
    static let unbuiltRun = """
        [5/12] Compiling ExerciseTests DebouncedReloadTests.swift
        \(root)/Lessons/exercises/3.2/DebouncedReloadTests.swift:33:25: error: extra argument 'scheduler' in call
         31 |
         32 |         let viewModel = TrendingViewModel(timeWindow: .week, scheduler: scheduler)
        \(root)/Sources/03-MVVM-IO/App.swift:22:9: error: cannot find 'schedule' in scope
        \(root)/Lessons/exercises/3.2/DebouncedReloadTests.swift:33:25: error: extra argument 'scheduler' in call
        error: fatalError
        """

    @Test(arguments: [("3.2", "3.2"), ("03.2", "3.2"), ("5.1", "5.1")])
    func exercisesAreNamedLessonDotNumber(text: String, id: String) {
        #expect(Exercise(text)?.id == id)
        #expect(Exercise(text)?.testsFolder == "Lessons/exercises/\(id)")
        #expect(Exercise(text)?.solutionPatch == "Lessons/solutions/\(id).patch")
    }

    @Test(arguments: ["3", "3.", ".2", "3.2.1", "x.y", "0.1", "3.0", "", "3.2 "])
    func anythingElseIsNoExercise(text: String) {
        #expect(Exercise(text) == nil)
    }

    @Test func everyCheckedExerciseHasItsTestsItsSolutionAndItsPlaceInTheLesson() throws {
        let exercises = Exercise.all(in: packageRepository)
        #expect(exercises.count >= 3)
        for exercise in exercises {
            let tests = packageRepository.files(under: exercise.testsFolder)
                .compactMap { packageRepository.text(at: exercise.testsFolder + "/" + $0) }
            #expect(
                tests.contains { $0.contains(#/@Test\(\s*"/#) }, "\(exercise.id) has no named test")
            let patch = try #require(
                packageRepository.text(at: exercise.solutionPatch),
                "\(exercise.solutionPatch) is missing")
            #expect(patch.hasPrefix("diff --git a/"), "\(exercise.solutionPatch) is no git patch")
            #expect(
                !patch.contains("a/Lessons/") && !patch.contains(" b/Sources/Tools/Lessons/"),
                "a solution changes the app and its tests, not the lessons or their tool")
            #expect(
                exercise.title(in: packageRepository) != nil,
                "lesson has no exercise \(exercise.id)")
            let lesson = try #require(exercise.lessonFile(in: packageRepository))
            let text = try #require(packageRepository.text(at: lesson))
            #expect(
                text.contains("swift run lessons check \(exercise.id)"),
                "\(lesson) does not tell the learner to run `swift run lessons check \(exercise.id)`"
            )
        }
    }

    @Test func everyCheckTheLessonsNameExists() {
        let known = Set(Exercise.all(in: packageRepository).map(\.id))
        for document in packageRepository.lessonDocuments() {
            let text = packageRepository.text(at: document) ?? ""
            for match in text.matches(of: #/lessons check (?:--solution )?(?<id>\d\.\d)/#) {
                #expect(
                    known.contains(String(match.output.id)), "\(document) names \(match.output.id)")
            }
        }
    }

    /// Exercise 6.1's check refuses an answer that edits Domain or Presentation by comparing
    /// each file with a checksum of the step as it is; a change to the step that leaves the
    /// table behind would make the check refuse its own solution, so it is caught here, in
    /// seconds, rather than in `.ci/exercises`.
    @Test func exercise6Point1KnowsTheStepsDomainAndPresentationAsTheyAre() throws {
        let checkFile = "Lessons/exercises/6.1/CachingMovieRepositoryTests.swift"
        let check = try #require(packageRepository.text(at: checkFile))
        var table: [String: UInt64] = [:]
        for match in check.matches(
            of: #/"(?<path>[A-Za-z]+/[A-Za-z+]+\.swift)": 0x(?<hex>[0-9a-f_]+),/#)
        {
            table[String(match.output.path)] = UInt64(
                match.output.hex.replacing("_", with: ""), radix: 16)
        }
        var files: [String: UInt64] = [:]
        for layer in ["Domain", "Presentation"] {
            let folder = "Sources/06-Clean/\(layer)"
            for name in packageRepository.files(under: folder) where name.hasSuffix(".swift") {
                let data = try Data(
                    contentsOf: URL(
                        fileURLWithPath: packageRepository.absolute("\(folder)/\(name)")))
                files["\(layer)/\(name)"] = data.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in
                    (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                }
            }
        }
        #expect(files.count >= 10, "Domain and Presentation were read")
        let stale = Set(table.keys).union(files.keys).filter { table[$0] != files[$0] }.sorted()
        #expect(
            stale.isEmpty,
            """
            \(checkFile)'s `untouched` table is not the step as it is for \
            \(stale.joined(separator: ", ")): update it when Domain or Presentation changes
            """)
    }

    @Test func theTestRunIsReadAsOneResultPerTestWithItsIssues() {
        let report = ExerciseReport(parsing: Self.failingRun, root: Self.root)
        #expect(report.compilerErrors.isEmpty)
        #expect(
            report.results == [
                .init(name: "one is one", passed: true, issues: []),
                .init(
                    name: "two is three", passed: false,
                    issues: ["Expectation failed: (x → 2) == 3", "  two is not three"]),
                .init(name: "throws", passed: false, issues: ["Caught error: E()"]),
            ], "in the order the tests started")
        #expect(!report.isSolved)
    }

    /// What `swift test` prints for an expectation on two arrays (a `±` line says how they
    /// differ, before the comment) and for one on a string of two lines.
    static let detailedRun = """
        ◇ Test "loading times" started.
        ✘ Test "loading times" recorded an issue at T.swift:9:9: Expectation failed: (times → [210]) == [210, 900]
        ± removed [900]
        ↳ a loading state at 210 and at 900
        ◇ Test "a screen" started.
        ✘ Test "a screen" recorded an issue at T.swift:12:9: Expectation failed: (screen → "one
        two") == "one"
        ↳ the screen shows one row
        ✘ Test "loading times" failed after 0.002 seconds with 1 issue.
        ✘ Test "a screen" failed after 0.002 seconds with 1 issue.
        ✘ Suite "Some exercise" failed after 0.002 seconds with 2 issues.
        ↳ /// A doc comment of the suite.
        """

    @Test func anIssueKeepsHowTheValuesDifferAndItsCommentAfterAValueOfSeveralLines() {
        let report = ExerciseReport(parsing: Self.detailedRun, root: Self.root)
        #expect(
            report.results == [
                .init(
                    name: "loading times", passed: false,
                    issues: [
                        "Expectation failed: (times → [210]) == [210, 900]",
                        "  ± removed [900]", "  a loading state at 210 and at 900",
                    ]),
                .init(
                    name: "a screen", passed: false,
                    issues: [
                        #"Expectation failed: (screen → "one"#, "  the screen shows one row",
                    ]),
            ], "the suite's doc comment belongs to no test")
    }

    @Test func aFailingCheckPrintsTheDifferenceAndTheComment() {
        let (result, _, _) = check("3.2", swiftTest: .init(status: 1, text: Self.detailedRun))
        #expect(result.status == 1)
        #expect(
            result.output == """
                  ✗ loading times
                      Expectation failed: (times → [210]) == [210, 900]
                        ± removed [900]
                        a loading state at 210 and at 900
                  ✗ a screen
                      Expectation failed: (screen → "one
                        the screen shows one row
                Not solved yet: 2 of 2 checks fail.

                """)
    }

    /// Every wait in an exercise's tests: `wait`, `waitUntil`, `waitUntilSettled` and
    /// `eventually`, with where it is and what it is given.
    private static func exerciseWaits() -> [(place: String, arguments: String?)] {
        var waits: [(place: String, arguments: String?)] = []
        for exercise in Exercise.all(in: packageRepository) {
            for file in packageRepository.files(under: exercise.testsFolder)
            where file.hasSuffix(".swift") {
                let path = exercise.testsFolder + "/" + file
                let source = SwiftSource(packageRepository.text(at: path) ?? "")
                for name in ["wait", "waitUntil", "waitUntilSettled", "eventually"] {
                    for start in source.occurrences(of: name)
                    where !source.code(in: max(start - 5, 0)..<start).hasSuffix("func ") {
                        let place = "\(path):\(source.line(at: start)) \(name)"
                        let open = source.skippingWhiteSpace(from: start + name.utf8.count)
                        let arguments =
                            open < source.code.count && source.code[open] == UInt8(ascii: "(")
                            ? source.end(ofBracketAt: open).map { source.code(in: open..<$0) }
                            : nil
                        waits.append((place, arguments))
                    }
                }
            }
        }
        return waits
    }

    @Test func everyWaitOfAnExerciseGivesUpWithinFiveSeconds() {
        // A wait that only guards against a hang gives up after 60 s by default: a learner
        // whose code sent one state less would wait a minute for a message about the wrong
        // thing. Within 5 s, each wait's own words say what arrived instead.
        let waits = Self.exerciseWaits()
        #expect(waits.count >= 10, "the exercises' tests wait for their answers")
        for wait in waits {
            let timeout = wait.arguments?.firstMatch(
                of: #/timeout: \.(?<unit>seconds|milliseconds)\((?<value>\d+)\)/#)
            let milliseconds = timeout.flatMap { match in
                Int(match.output.value).map { match.output.unit == "seconds" ? $0 * 1000 : $0 }
            }
            #expect(
                milliseconds.map { $0 <= 5000 } == true,
                "\(wait.place) waits without a timeout of 5 s at most")
        }
    }

    @Test func compilerErrorsAreReadOncePerPlaceRelativeToThePackage() {
        let report = ExerciseReport(parsing: Self.unbuiltRun, root: Self.root)
        #expect(
            report.compilerErrors == [
                .init(
                    file: "Lessons/exercises/3.2/DebouncedReloadTests.swift", line: 33,
                    message: "extra argument 'scheduler' in call"),
                .init(
                    file: "Sources/03-MVVM-IO/App.swift", line: 22,
                    message: "cannot find 'schedule' in scope"),
            ])
        #expect(report.results.isEmpty)
        #expect(!report.isSolved)
    }

    @Test func aRunWithNoTestIsNotASolution() {
        #expect(!ExerciseReport(parsing: "Build complete!\n", root: Self.root).isSolved)
    }

    private func check(
        _ arguments: String..., swiftTest: ProgramOutput, answers: [String: ProgramOutput] = [:]
    ) -> (CommandResult, ScriptedRunner, String) {
        let runner = ScriptedRunner(answers.merging(["swift": swiftTest]) { $1 })
        let progress = Mutex("")
        var command = LessonsCommand(repository: packageRepository, environment: ["PATH": "/bin"])
        command.runner = runner
        command.progress = { text in progress.withLock { $0 += text } }
        let result = command.run(["check"] + arguments)
        return (result, runner, progress.withLock { $0 })
    }

    @Test func aSolvedExerciseSaysSoAndExitsZero() throws {
        let passing = """
            ✔ Test "R twice, 100 ms apart, reloads once, 500 ms after the second R" passed after 0.015 seconds.
            ✔ Test "R does not reload while the key is still being pressed" passed after 0.020 seconds.
            """
        let (result, runner, progress) = check(
            "3.2", swiftTest: .init(status: 0, text: passing),
            answers: ["swift acceptance": .init(status: 0, text: Self.acceptancePassing)])
        #expect(result.status == 0)
        #expect(progress.hasPrefix("Exercise 3.2 · A debounced reload (Lessons/03-MVVM-IO.md)\n"))
        #expect(
            result.output == """
                  ✓ R twice, 100 ms apart, reloads once, 500 ms after the second R
                  ✓ R does not reload while the key is still being pressed
                  ✓ mvvm-io still passes all 2 acceptance scenarios
                Solved: all 2 checks of exercise 3.2 pass.

                """)
        let calls = runner.calls
        #expect(calls.count == 2)
        let call = try #require(calls.first)
        #expect(call.program == "swift")
        let build = packageRepository.absolute(".build/lessons-check/build")
        #expect(
            call.arguments == [
                "test", "--scratch-path", build, "--no-parallel", "--filter", #"^ExerciseTests\."#,
            ], "the learner's own build never holds an exercise's tests")
        #expect(call.directory == packageRepository.root)
        #expect(call.environment == ["PATH": "/bin", "LESSONS_EXERCISE": "3.2"])
        // Then the step's acceptance scenarios, against that step alone, in the same build.
        let acceptance = try #require(calls.last)
        #expect(
            acceptance.arguments == [
                "test", "--scratch-path", build, "--filter", #"^AcceptanceTests\."#,
            ])
        #expect(
            acceptance.environment == [
                "PATH": "/bin", "LESSONS_EXERCISE": "3.2", "ACCEPTANCE_STEPS": "mvvm-io",
            ])
    }

    /// Two scenarios of one step passing, as `swift test` prints a test with arguments.
    static let acceptancePassing = """
        ◇ Test case passing 1 argument step → mvvm-io to "T9: first load shows a loading indicator" started.
        ✔ Test "T9: first load shows a loading indicator" with 1 test case passed after 0.1 seconds.
        ✔ Test "E1: a page for a window the user switched away from never shows" with 1 test case passed after 0.2 seconds.
        """

    @Test func aSolutionThatBreaksTheStepsAcceptanceScenariosIsNotSolved() {
        // 5.1 caching a failure passes its own checks, but D4 (retry after a failure) fails.
        let passing = #"✔ Test "the second detail of the same movie comes from the cache" passed"#
        let breaking = """
            ✔ Test "T9: first load shows a loading indicator" with 1 test case passed after 0.1 seconds.
            ✘ Test "D4: a failed detail says so, r retries and back still works" recorded an issue with 1 argument step → mvvm-c-di at MovieDetailTests.swift:261:13: Expectation failed: app.screen.contains("Ada One as Pilot")
            ✘ Test "D4: a failed detail says so, r retries and back still works" with 1 test case failed after 0.3 seconds with 1 issue.
            """
        let (result, runner, _) = check(
            "5.1", swiftTest: .init(status: 0, text: passing),
            answers: ["swift acceptance": .init(status: 1, text: breaking)])
        #expect(result.status == 1)
        #expect(
            result.output == """
                  ✓ the second detail of the same movie comes from the cache
                  ✗ mvvm-c-di fails 1 of its 2 acceptance scenarios:
                      D4: a failed detail says so, r retries and back still works
                        Expectation failed: app.screen.contains("Ada One as Pilot")
                Not solved yet: the exercise's checks pass, but the step no longer does all it promised. Run them again with `ACCEPTANCE_STEPS=mvvm-c-di swift test --scratch-path .build/lessons-check/build --filter AcceptanceTests`.

                """)
        #expect(runner.calls.count == 2)
    }

    @Test func theAcceptanceScenariosRunOnlyOnceTheExercisesChecksPass() {
        let (result, runner, _) = check("3.2", swiftTest: .init(status: 1, text: Self.failingRun))
        #expect(result.status == 1)
        #expect(runner.calls.count == 1, "no acceptance run for an exercise not solved yet")
    }

    @Test func aFailingCheckSaysWhichRequirementAndWhyAndExitsOne() {
        let (result, _, _) = check("3.2", swiftTest: .init(status: 1, text: Self.failingRun))
        #expect(result.status == 1)
        #expect(
            result.output == """
                  ✓ one is one
                  ✗ two is three
                      Expectation failed: (x → 2) == 3
                        two is not three
                  ✗ throws
                      Caught error: E()
                Not solved yet: 2 of 3 checks fail.

                """)
    }

    @Test func testsThatDoNotBuildSayWhatIsMissingApartFromTheLearnersOwnErrors() {
        let unbuilt = Self.unbuiltRun.replacingOccurrences(
            of: Self.root, with: packageRepository.root)
        let (result, _, _) = check("3.2", swiftTest: .init(status: 1, text: unbuilt))
        #expect(result.status == 1)
        #expect(
            result.output == """
                Your code does not build:
                  Sources/03-MVVM-IO/App.swift:22: cannot find 'schedule' in scope
                    ↳ Nothing named schedule is declared where this line can see it: not written yet, spelt another way, or private to another file.
                The exercise's tests do not build against your code yet, so something they use is missing or has another shape:
                  Lessons/exercises/3.2/DebouncedReloadTests.swift:33: extra argument 'scheduler' in call
                    ↳ The call passes 'scheduler', which the function does not take (yet): compare its parameters with the call.
                Read those lines of the tests: they show what the exercise asks for.
                Not solved yet: fix the build first.

                """)
    }

    @Test func aTestTheExerciseNamesIsOneToUpdateAndAnotherReachesTooFar() {
        let root = packageRepository.root
        let unbuilt = """
            \(root)/Tests/MVVMTests/MovieDetailViewModelTests.swift:170:9: error: value of type 'MovieDetailViewModel' has no member 'canRetry'
            \(root)/Tests/MVVMTests/TrendingViewModelTests.swift:12:9: error: missing argument for parameter 'service' in call
            """
        let (result, _, _) = check("2.1", swiftTest: .init(status: 1, text: unbuilt))
        #expect(result.status == 1)
        #expect(
            result.output == """
                Tests the exercise asks you to update still use the old shape (Tests/MVVMTests/MovieDetailViewModelTests.swift):
                  Tests/MVVMTests/MovieDetailViewModelTests.swift:170: value of type 'MovieDetailViewModel' has no member 'canRetry'
                    ↳ MovieDetailViewModel has no canRetry yet, or it is private: tests see internal names (through @testable import), not private ones.
                Update those lines to the new shape, as the exercise says.
                Tests of the step that the exercise does not name no longer build against your code, so the change reaches further than the exercise asks:
                  Tests/MVVMTests/TrendingViewModelTests.swift:12: missing argument for parameter 'service' in call
                    ↳ The call gives no 'service': the function takes a parameter the call does not pass. Pass it, or give the parameter a default value.
                Not solved yet: fix the build first.

                """)
    }

    @Test(arguments: [
        ("cannot find 'canRetry' in scope", "Nothing named canRetry"),
        ("cannot find type 'SearchCoordinator' in scope", "Nothing named SearchCoordinator"),
        ("'loadError' is inaccessible due to 'private' protection level", "@testable import"),
        (
            "incorrect argument label in call (have 'wrapping:', expected 'service:')",
            "names its arguments"
        ),
        ("cannot convert value of type 'Int' to expected argument type 'String'", "another type"),
        ("call can throw but is not marked with 'try'", "`try`"),
        ("expression is 'async' but is not marked with 'await'", "`await`"),
        (
            "call to main actor-isolated initializer 'init()' in a synchronous nonisolated context",
            "@MainActor"
        ),
        ("type 'CachingMovieService' does not conform to protocol 'MovieService'", "requirement"),
        ("missing return in instance method expected to return 'Bool'", "returning"),
        ("cannot assign to property: 'movie' is a 'let' constant", "constant"),
    ])
    func commonCompilerErrorsGetAOneLineHint(message: String, says: String) throws {
        let hint = try #require(ExerciseCheck.hint(for: message))
        #expect(hint.contains(says))
        #expect(!hint.contains("\n"))
    }

    @Test func anErrorWithoutAHintIsShownAsItIs() {
        #expect(ExerciseCheck.hint(for: "ambiguous use of 'init'") == nil)
    }

    @Test func aRunThatTestedNothingShowsTheEndOfWhatSwiftTestSaid() {
        let (result, _, _) = check(
            "5.1", swiftTest: .init(status: 1, text: "error: no tests found\n\u{1B}]2;x\u{07}"))
        #expect(result.status == 1)
        #expect(result.output.contains("No test of the exercise ran."))
        #expect(result.output.contains("error: no tests found"))
        #expect(!result.output.contains("\u{1B}"), "control characters are never echoed")
    }

    @Test func theSolutionIsAppliedToACopyAndCheckedThere() throws {
        let passing = #"✔ Test "the second detail of the same movie comes from the cache" passed"#
        let (result, runner, progress) = check(
            "--solution", "5.1", swiftTest: .init(status: 0, text: passing))
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(
            progress.contains(
                "Lessons/solutions/5.1.patch applied, in .build/lessons-check/solution"))
        let copy = packageRepository.absolute(".build/lessons-check/solution")
        let calls = runner.calls
        #expect(
            calls.map(\.program) == ["cp", "cp", "cp", "cp", "git", "swift", "swift"],
            "copy the package, apply the patch, run the tests, then the acceptance scenarios")
        #expect(
            calls.prefix(4).map { $0.arguments.last }
                == [
                    "Package.swift", "Sources", "Tests", "Lessons",
                ].map { copy + "/" + $0 })
        let apply = try #require(calls.first { $0.program == "git" })
        #expect(
            apply.arguments == [
                "apply", "--whitespace=nowarn",
                packageRepository.absolute("Lessons/solutions/5.1.patch"),
            ])
        #expect(apply.directory == copy)
        #expect(
            apply.environment["GIT_CEILING_DIRECTORIES"] == packageRepository.absolute(".build"),
            "git must not take the copy for the repository around it")
        #expect(calls.last?.directory == copy)
        #expect(calls.last?.arguments.contains("--scratch-path") == false, "the copy's own .build")
    }

    @Test func aPatchOfTheLearnersOwnIsAppliedToTheCopyInstead() throws {
        let patch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "answer-\(UUID().uuidString).patch"
        ).path
        try "diff --git a/x b/x\n".write(toFile: patch, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: patch) }
        let passing = #"✔ Test "the second detail of the same movie comes from the cache" passed"#
        let (result, runner, progress) = check(
            "--patch", patch, "5.1", swiftTest: .init(status: 0, text: passing))
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(progress.contains("\(patch) applied, in .build/lessons-check/solution"))
        let apply = try #require(runner.calls.first { $0.program == "git" })
        #expect(apply.arguments == ["apply", "--whitespace=nowarn", patch])
        #expect(apply.directory == packageRepository.absolute(".build/lessons-check/solution"))
    }

    @Test func aPatchThatIsNotThereIsReportedBeforeAnythingRuns() {
        let (result, runner, _) = check(
            "--patch", "no-such-answer.patch", "5.1", swiftTest: .init(status: 0, text: ""))
        #expect(result.status == 1)
        #expect(result.errorOutput == "lessons: no-such-answer.patch is missing\n")
        #expect(runner.calls.isEmpty)
    }

    @Test func aSolutionThatNoLongerAppliesIsReportedAndExitsOne() {
        let (result, runner, _) = check(
            "--solution", "2.1", swiftTest: .init(status: 0, text: ""),
            answers: [
                "git": .init(status: 1, text: "error: patch failed: Sources/02-MVVM/App.swift:20\n")
            ])
        #expect(result.status == 1)
        #expect(
            result.errorOutput
                == "lessons: Lessons/solutions/2.1.patch does not apply to today's code: "
                + "error: patch failed: Sources/02-MVVM/App.swift:20\n")
        #expect(!runner.calls.contains { $0.program == "swift" })
    }

    @Test func withoutAnExerciseItListsTheOnesItChecks() {
        let result = runLessons("check")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Exercises that `swift run lessons check N.M` checks:\n"))
        #expect(result.output.contains("  3.2  A debounced reload "))
    }

    @Test(arguments: [
        (
            ["check", "9.9"],
            "lessons: no exercise '9.9' to check; the exercises are 1.3, 1.4, 2.1, 3.1, 3.2, 4.1, 4.2, 5.1, 6.1"
        ),
        (
            ["check", "3.2", "5.1"],
            "lessons: check takes one exercise; the exercises are 1.3, 1.4, 2.1, 3.1, 3.2, 4.1, 4.2, 5.1, 6.1"
        ),
        (
            ["check", "--solution"],
            "lessons: check --solution takes an exercise; the exercises are 1.3, 1.4, 2.1, 3.1, 3.2, 4.1, 4.2, 5.1, 6.1"
        ),
        (
            ["check", "--patch"],
            "lessons: check --patch takes a patch file and an exercise"
        ),
        (
            ["check", "--patch", "answer.patch"],
            "lessons: check --patch FILE takes an exercise; the exercises are 1.3, 1.4, 2.1, 3.1, 3.2, 4.1, 4.2, 5.1, 6.1"
        ),
        (
            ["check", "--start", "3.2"],
            "lessons: exercise 3.2 starts from today's code: check it without --start"
        ),
        (
            ["check", "--fast", "3.2"],
            "lessons: unknown option '--fast' for check; the options are --solution, --patch FILE and --start"
        ),
        (
            ["check", "\u{1B}]2;PWNED\u{07}"],
            "lessons: no exercise '' to check; the exercises are 1.3, 1.4, 2.1, 3.1, 3.2, 4.1, 4.2, 5.1, 6.1"
        ),
    ])
    func badChecksNameTheValidOnesAndExitTwo(arguments: [String], message: String) {
        let runner = ScriptedRunner([:])
        var command = LessonsCommand(repository: packageRepository)
        command.runner = runner
        let result = command.run(arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput == message + "\n" + LessonsCommand.usage + "\n")
        #expect(runner.calls.isEmpty)
    }
}
