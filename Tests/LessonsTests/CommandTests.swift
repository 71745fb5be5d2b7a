import Foundation
import Testing

@testable import Lessons

/// Issue #7: `lessons`, `lessons show N`, `lessons diff A B`, errors — on the real repository
/// (steps 01 and 02 exist) and on small throwaway ones.
@Suite struct CommandTests {
    private let steps = packageRepository.steps()

    @Test func stepsAreTheNumberedFoldersInOrder() {
        #expect(steps.map(\.folder).starts(with: ["01-MVC", "02-MVVM"]))
        #expect(steps.map(\.number) == steps.map(\.number).sorted())
    }

    @Test func thePathListsEveryStepWithItsSizeAndLesson() throws {
        let result = runLessons()
        #expect(result.status == 0)
        #expect(result.errorOutput.isEmpty)
        let lines = result.output.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("| Step") })
        for name in ["Product", "Files", "Lines", "Tests", "Lesson", "What changes"] {
            #expect(header.contains(name))
        }
        for step in steps {
            let row = try #require(
                lines.first { $0.hasPrefix("| \(step.paddedNumber) \(step.title) ") })
            let cells = row.split(separator: "|").map { $0.trimmingWhitespace() }
            let files = packageRepository.files(under: "Sources/" + step.folder)
            #expect(cells[1] == step.product)
            #expect(cells[2] == "\(files.count)")
            let swiftLines = files.filter { $0.hasSuffix(".swift") }.reduce(0) {
                $0
                    + (packageRepository.text(at: "Sources/\(step.folder)/\($1)") ?? "")
                    .split(separator: "\n", omittingEmptySubsequences: false).count - 1
            }
            #expect(cells[3] == "\(swiftLines)")
            // A layered step's tests are one target per layer.
            let modules = step.layerModules.isEmpty ? [step.module] : step.layerModules
            let hasTests = modules.contains {
                FileManager.default.fileExists(
                    atPath: packageRepository.absolute("Tests/\($0)Tests"))
            }
            #expect((cells[4] == "–") == !hasTests)
            let lesson = packageRepository.lessonFile(for: step)
            let minutes = lesson.flatMap { packageRepository.text(at: $0) }.map(
                LessonText.readingMinutes(of:))
            #expect(cells[5] == (minutes.map { "\($0) min" } ?? "missing"))
            #expect(!cells[6].isEmpty)
        }
    }

    @Test func thePathIsAMarkdownTableThatWrapsToTheTerminal() {
        let wide = runLessons()
        let tableLines = wide.output.split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(tableLines.count == steps.count + 2)
        #expect(tableLines[1].contains("------:|"))
        let narrow = LessonsCommand(
            repository: packageRepository, isTerminal: true, terminalWidth: 80
        )
        .run([]).output
        for line in narrow.split(separator: "\n") where line.hasPrefix("|") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    /// At 80 columns the summary column would be a few words wide, each cell five lines
    /// tall: the summaries go under the table instead, a line or two each, whole.
    @Test func atEightyColumnsTheSummariesGoUnderTheTable() {
        let narrow = LessonsCommand(
            repository: packageRepository, isTerminal: true, terminalWidth: 80
        )
        .run([]).output
        let lines = narrow.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(narrow)")
        let tableLines = lines.filter { $0.hasPrefix("|") }
        #expect(tableLines.count == steps.count + 2, "one line a step: \(narrow)")
        #expect(!tableLines[0].contains("What changes"))
        let rows = steps.map { PathRow(step: $0, in: packageRepository) }
        let prose = lines.filter { !$0.hasPrefix("|") }.map { $0.trimmingWhitespace() }
            .joined(separator: " ")
        for row in rows {
            #expect(prose.contains(row.summary), "\(row.step.folder)'s summary is not whole")
            let summaryLines = lines.filter { !$0.hasPrefix("|") }.count
            #expect(summaryLines <= 8 + 2 * rows.count)
        }
        let wide = LessonsCommand(
            repository: packageRepository, isTerminal: true, terminalWidth: 200
        ).run([]).output
        #expect(
            wide.split(separator: "\n").first { $0.hasPrefix("|") }?.contains("What changes")
                == true)
    }

    @Test func testsAreCountedPerAttribute() {
        let source = """
            @Test func a() {}
            @Test("named") func b() {}
            @Test(arguments: [1, 2]) func c(x: Int) {}
            // @Test func commentedOut() {}
            @TestTrait struct NotATest {}
            """
        #expect(PathRow.countTests(in: source) == 3)
    }

    @Test func summariesComeFromTheLessonWhenThereIsOne() throws {
        let lesson = """
            # 01 · MVC

            <!-- a note -->
            The controller does **everything**: it fetches through [the client](../Sources/TMDB/TMDBClient.swift),
            e.g. the trending page. Then more.
            """
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": "import Foundation\n",
            "Sources/02-MVVM/App.swift": "import Foundation\n",
            "Tests/MVVMTests/T.swift": "@Test func a() {}\n@Test func b() {}\n",
            "Lessons/01-MVC.md": lesson,
        ]) { repository in
            let output = runLessons(in: repository).output
            #expect(
                output.contains(
                    "| 01 MVC  | mvc     |     1 |     1 |     – | 1 min   | "
                        + "The controller does everything: it fetches through the client, "
                        + "e.g. the trending page. |"))
            #expect(output.contains("| 02 MVVM | mvvm    |     1 |     1 |     2 | missing | "))
            #expect(output.contains(CourseStep.known[1].summary))
        }
    }

    @Test func readingTimeCountsProseAtItsLanguagesPaceAndLeavesCodeOut() {
        let english = Array(repeating: "word", count: 400).joined(separator: " ")
        #expect(LessonText.readingMinutes(of: english) == 2, "400 words at 200 a minute")
        #expect(LessonText.readingMinutes(of: english + " one") == 3, "rounded up")
        let code = "```swift\n" + english + "\n```\n"
        #expect(LessonText.readingMinutes(of: "Intro.\n" + code) == 1, "code is not read")
        let korean = String(repeating: "가나다라마 ", count: 200)
        #expect(LessonText.readingMinutes(of: korean) == 2, "1,000 syllables at 500 a minute")
        #expect(
            LessonText.readingMinutes(of: "<!-- source: a b c d -->\n[link](../a/b/c.swift#L1)")
                == 1, "comments and link targets are not words")
        #expect(LessonText.readingMinutes(of: "") == 0)
        for heading in ["## Going further", "## 더 나아가기"] {
            #expect(
                LessonText.readingMinutes(of: english + "\n" + heading + "\n" + english) == 2,
                "what follows \(heading) is not the main path")
        }
        #expect(
            LessonText.readingMinutes(of: "```\n## Going further\n```\n" + english) == 2,
            "a heading inside code ends nothing")
    }

    @Test func aHeadingAloneIsTheSummary() {
        #expect(
            LessonText.summary(of: "# MVC: controllers do it all\n") == "MVC: controllers do it all"
        )
        #expect(LessonText.summary(of: "") == nil)
    }

    @Test func showPrintsTheLesson() throws {
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": "", "Lessons/01-MVC.md": "# MVC\n\nText.",
        ]) { repository in
            for name in ["1", "01", "mvc", "MVC", "01-MVC"] {
                #expect(
                    runLessons("show", name, in: repository)
                        == CommandResult(output: "# MVC\n\nText.\n", isPaged: true))
            }
        }
    }

    @Test func showPrintsTheLanguageAskedForOrTheEnvironmentsWhenTranslated() throws {
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": "", "Sources/02-MVVM/App.swift": "",
            "Lessons/01-MVC.md": "# MVC\n", "Lessons/02-MVVM.md": "# MVVM\n",
            "Lessons/ko/01-MVC.md": "<!-- source: 01-MVC.md sha256:00 -->\n# MVC 한국어\n",
        ]) { repository in
            let korean = CommandResult(output: "# MVC 한국어\n", isPaged: true)
            let english = CommandResult(output: "# MVC\n", isPaged: true)
            let koreanLocale = ["LANG": "ko_KR.UTF-8"]
            #expect(runLessons("show", "1", "--language", "ko", in: repository) == korean)
            #expect(runLessons("show", "-l", "KO", "mvc", in: repository) == korean)
            #expect(runLessons("show", "1", in: repository, environment: koreanLocale) == korean)
            #expect(
                runLessons("show", "1", in: repository, environment: ["LC_ALL": "C", "LANG": "ko"])
                    == english, "the first locale variable set wins")
            #expect(
                runLessons(
                    "show", "1", "--language", "en", in: repository, environment: koreanLocale)
                    == english)
            #expect(
                runLessons("show", "1", in: repository, environment: ["LANG": "fr_FR.UTF-8"])
                    == english, "no French lessons: English")
            let missing = runLessons("show", "2", in: repository, environment: koreanLocale)
            #expect(missing.status == 0)
            #expect(missing.output == "# MVVM\n")
            #expect(
                missing.errorOutput
                    == "lessons: Lessons/ko/02-MVVM.md is missing, so here is the English lesson\n")
        }
    }

    @Test func showSaysClearlyWhenTheLessonIsMissing() throws {
        try withTemporaryRepository(["Sources/01-MVC/App.swift": ""]) { repository in
            let result = runLessons("show", "1", in: repository)
            #expect(result.status == 1)
            #expect(result.output.isEmpty)
            #expect(
                result.errorOutput
                    == "lessons: step 01 MVC has no lesson yet (Lessons/01-MVC.md is missing)\n")
        }
    }

    @Test func diffOfMVCAndMVVMShowsTheRealDifferencesPlainInAPipe() throws {
        let result = runLessons("diff", "mvc", "mvvm")
        #expect(result.status == 0)
        let output = result.output
        #expect(!output.contains("\u{1B}["))
        #expect(
            output.contains("--- a/Sources/01-MVC/App.swift\n+++ b/Sources/02-MVVM/App.swift\n"))
        #expect(
            output.contains(
                "--- /dev/null\n+++ b/Sources/02-MVVM/TrendingViewModel.swift\n@@ -0,0 +1,"))
        let lastLine = try #require(output.split(separator: "\n").last)
        #expect(
            lastLine.wholeMatch(
                of: #/mvc → mvvm: \d+ files changed, \d+ lines added, \d+ lines removed/#) != nil)
        // Only real differences: `swift run mvc` / `swift run mvvm` is not one.
        #expect(!output.contains("-/// Where the step starts: `swift run mvc`"))
        #expect(output.split(separator: "\n").allSatisfy { !$0.hasPrefix("-import MVC") })
    }

    @Test(arguments: [
        ["diff", "2"], ["diff", "1", "2"], ["diff", "01", "02"], ["diff", "MVC", "mvvm"],
    ])
    func stepsAreNamedByNumberOrProduct(arguments: [String]) {
        #expect(
            LessonsCommand(repository: packageRepository).run(arguments)
                == runLessons("diff", "mvc", "mvvm"))
    }

    @Test func theDiffRebuildsTheRightHandFolderFromTheLeft() throws {
        let diff = StepDiff(from: steps[0], to: steps[1], in: packageRepository)
        let normalizeOld = NameNormalizer(step: steps[0])
        let normalizeNew = NameNormalizer(step: steps[1])
        for file in diff.files {
            let old = file.oldPath.flatMap { packageRepository.text(at: $0) } ?? ""
            let new = file.newPath.flatMap { packageRepository.text(at: $0) } ?? ""
            let rebuilt = applying(file.hunks, to: TextLines(old).lines) {
                normalizeOld($0) == normalizeNew($1)
            }
            // Lines outside the hunks keep the left's names; compare with both sides' names
            // normalised.
            let normalizeBoth = { (line: String) in normalizeNew(normalizeOld(line)) }
            #expect(
                rebuilt?.map(normalizeBoth) == TextLines(new).lines.map(normalizeBoth),
                "\(file.newPath ?? "")")
        }
        #expect(diff.linesAdded > 0 && diff.linesRemoved > 0)
    }

    @Test func diffIsColouredOnATerminalUnlessNoColorIsSet() {
        let coloured = runLessons("diff", "2", isTerminal: true)
        #expect(coloured.output.contains("\u{1B}[31m-"))
        #expect(coloured.output.contains("\u{1B}[32m+"))
        #expect(coloured.output.contains("\u{1B}[36m@@ "))
        let noColor = runLessons("diff", "2", environment: ["NO_COLOR": "1"], isTerminal: true)
        #expect(!noColor.output.contains("\u{1B}["))
        // The same text as piped, the size line first (PagerTests).
        #expect(
            Set(noColor.output.split(separator: "\n"))
                == Set(runLessons("diff", "2").output.split(separator: "\n")))
        // An empty NO_COLOR does not count, as no-color.org says.
        #expect(
            runLessons("diff", "2", environment: ["NO_COLOR": ""], isTerminal: true) == coloured)
    }

    @Test func addedRemovedAndUnchangedFilesInAThrowawayRepository() throws {
        try withTemporaryRepository([
            "Sources/01-MVC/Same.swift": "// swift run mvc\nlet a = 1\n",
            "Sources/01-MVC/Gone.swift": "x\n",
            "Sources/01-MVC/Changed.swift": "a\nb\n",
            "Sources/02-MVVM/Same.swift": "// swift run mvvm\nlet a = 1\n",
            "Sources/02-MVVM/New.swift": "y\nz\n",
            "Sources/02-MVVM/Changed.swift": "a\nc\n",
            "Sources/02-MVVM/.DS_Store": "ignored",
        ]) { repository in
            #expect(
                runLessons("diff", "2", in: repository).output == """
                    --- a/Sources/01-MVC/Changed.swift
                    +++ b/Sources/02-MVVM/Changed.swift
                    @@ -1,2 +1,2 @@
                     a
                    -b
                    +c
                    --- a/Sources/01-MVC/Gone.swift
                    +++ /dev/null
                    @@ -1 +0,0 @@
                    -x
                    --- /dev/null
                    +++ b/Sources/02-MVVM/New.swift
                    @@ -0,0 +1,2 @@
                    +y
                    +z
                    mvc → mvvm: 3 files changed, 3 lines added, 2 lines removed

                    """)
            #expect(
                runLessons("diff", "2", "2", in: repository).output
                    == "mvvm → mvvm: 0 files changed, 0 lines added, 0 lines removed\n")
        }
    }

    @Test(arguments: [
        (["diff", "9"], "lessons: no step '9'; the steps are 1 mvc, 2 mvvm"),
        (["diff", "mvc", "redux"], "lessons: no step 'redux'; the steps are 1 mvc, 2 mvvm"),
        (["show", "0"], "lessons: no step '0'; the steps are 1 mvc, 2 mvvm"),
        (["show"], "lessons: show takes one step; the steps are 1 mvc, 2 mvvm"),
        (["show", "1", "--language", "fr"], "lessons: no lessons in 'fr'; the languages are en"),
        (["show", "1", "--language"], "lessons: --language takes a code; the languages are en"),
        (["show", "1", "--frob"], "lessons: unknown option '--frob'; show takes --language CODE"),
        (["diff"], "lessons: diff takes one or two steps; the steps are 1 mvc, 2 mvvm"),
        (
            ["diff", "1"],
            "lessons: mvc is the first step, nothing comes before it; the steps are 1 mvc, 2 mvvm"
        ),
        (
            ["frob"],
            "lessons: unknown command 'frob'; the commands are list, show, diff, check, lint, "
                + "hash, write-diffs, write-counts, write-citations"
        ),
        (["--frob"], "lessons: unknown option '--frob'; the options are --help, -h"),
    ])
    func badStepsAndCommandsNameTheValidOnesAndExitTwo(arguments: [String], message: String) throws
    {
        try withTemporaryRepository([
            "Sources/01-MVC/App.swift": "", "Sources/02-MVVM/App.swift": "",
        ]) { repository in
            let result = LessonsCommand(repository: repository).run(arguments)
            #expect(result.status == 2)
            #expect(result.output.isEmpty)
            #expect(result.errorOutput == message + "\n" + LessonsCommand.usage + "\n")
        }
    }

    @Test(arguments: [["--help"], ["-h"], ["diff", "--help"], ["help"]])
    func helpNamesEveryCommand(arguments: [String]) {
        let result = LessonsCommand(repository: packageRepository).run(arguments)
        #expect(result.status == 0)
        for command in [
            "show STEP", "diff STEP", "diff A B", "check 3.2", "check --solution 3.2", "lint",
            "hash LESSON", "write-diffs",
            "write-counts", "write-citations", "NO_COLOR",
        ] {
            #expect(result.output.contains(command))
        }
    }

    @Test func theRootIsFoundFromASubfolderOrFromTheSourceFile() {
        let subfolder = packageRepository.absolute("Sources/01-MVC")
        #expect(Repository.locate(currentDirectory: subfolder)?.root == packageRepository.root)
        #expect(
            Repository.locate(
                currentDirectory: "/",
                sourceFile: packageRepository.absolute("Sources/Tools/Lessons/X.swift")
            )?.root == packageRepository.root)
    }

    @Test func writeDiffsWritesOnePlainDiffPerNeighbourAndRemovesOthers() throws {
        try withTemporaryRepository([
            "Sources/01-MVC/A.swift": "a\n", "Sources/02-MVVM/A.swift": "b\n",
            "Sources/04-MVVM-C/A.swift": "c\n", "Lessons/diffs/02-to-03.diff": "old\n",
        ]) { repository in
            let result = runLessons("write-diffs", in: repository, isTerminal: true)
            #expect(result.status == 0)
            #expect(
                DiffArchive.existingFiles(in: repository) == [
                    "Lessons/diffs/01-to-02.diff", "Lessons/diffs/02-to-04.diff",
                ])
            #expect(
                repository.text(at: "Lessons/diffs/02-to-04.diff")
                    == runLessons("diff", "2", "4", in: repository).output)
            #expect(result.output.contains("Lessons/diffs/02-to-03.diff: removed"))
            let again = runLessons("write-diffs", in: repository)
            #expect(again.output.split(separator: "\n").allSatisfy { $0.contains("up to date") })
        }
    }
}
