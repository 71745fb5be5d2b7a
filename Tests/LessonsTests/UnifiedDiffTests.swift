import Testing

@testable import Lessons

/// Issue #7: the diff engine — unified diffs from `CollectionDifference`, 3 lines of context,
/// correct `@@ -a,b +c,d @@` headers. Expected texts are what GNU `diff -u` prints.
@Suite struct UnifiedDiffTests {
    private let twelve = numberedLines(1...12)

    @Test func identicalTextsHaveNoHunks() {
        #expect(
            UnifiedDiff.hunks(from: TextLines(text(twelve)), to: TextLines(text(twelve))).isEmpty)
        #expect(UnifiedDiff.hunks(from: TextLines(""), to: TextLines("")).isEmpty)
    }

    @Test func insertionShowsThreeLinesOfContextEachSide() {
        let new = Array(twelve[..<5]) + ["new a", "new b"] + twelve[5...]
        #expect(
            unifiedDiff(text(twelve), text(new)) == """
                --- a/old
                +++ b/new
                @@ -3,6 +3,8 @@
                 line 3
                 line 4
                 line 5
                +new a
                +new b
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func deletionCountsOnlyTheOldSide() {
        let new = Array(twelve[..<4]) + twelve[6...]
        #expect(
            unifiedDiff(text(twelve), text(new)) == """
                --- a/old
                +++ b/new
                @@ -2,8 +2,6 @@
                 line 2
                 line 3
                 line 4
                -line 5
                -line 6
                 line 7
                 line 8
                 line 9

                """)
    }

    @Test func replacementRemovesThenAdds() {
        var new = twelve
        new[6] = "changed 7"
        #expect(
            unifiedDiff(text(twelve), text(new)) == """
                --- a/old
                +++ b/new
                @@ -4,7 +4,7 @@
                 line 4
                 line 5
                 line 6
                -line 7
                +changed 7
                 line 8
                 line 9
                 line 10

                """)
    }

    @Test func changesSixLinesApartShareOneHunk() {
        let old = twelve + ["x"]
        var new = old
        new[0] = "changed 1"
        new[7] = "changed 8"
        #expect(
            unifiedDiff(text(old), text(new)) == """
                --- a/old
                +++ b/new
                @@ -1,11 +1,11 @@
                -line 1
                +changed 1
                 line 2
                 line 3
                 line 4
                 line 5
                 line 6
                 line 7
                -line 8
                +changed 8
                 line 9
                 line 10
                 line 11

                """)
    }

    @Test func changesSevenLinesApartGetTwoHunks() {
        let old = twelve + ["x"]
        var new = old
        new[0] = "changed 1"
        new[8] = "changed 9"
        #expect(
            unifiedDiff(text(old), text(new)) == """
                --- a/old
                +++ b/new
                @@ -1,4 +1,4 @@
                -line 1
                +changed 1
                 line 2
                 line 3
                 line 4
                @@ -6,7 +6,7 @@
                 line 6
                 line 7
                 line 8
                -line 9
                +changed 9
                 line 10
                 line 11
                 line 12

                """)
    }

    @Test func anEmptyOldFileIsAllAdded() {
        #expect(
            unifiedDiff("", "a\nb\nc\n") == """
                --- a/old
                +++ b/new
                @@ -0,0 +1,3 @@
                +a
                +b
                +c

                """)
    }

    @Test func anEmptyNewFileIsAllRemoved() {
        #expect(
            unifiedDiff("a\nb\nc\n", "") == """
                --- a/old
                +++ b/new
                @@ -1,3 +0,0 @@
                -a
                -b
                -c

                """)
    }

    @Test func aCountOfOneIsLeftOutOfTheHeader() {
        #expect(
            unifiedDiff("a\n", "b\n") == """
                --- a/old
                +++ b/new
                @@ -1 +1 @@
                -a
                +b

                """)
    }

    @Test func aMissingFinalNewlineIsADifferenceAndIsMarked() {
        #expect(
            unifiedDiff("a\nb", "a\nb\n") == """
                --- a/old
                +++ b/new
                @@ -1,2 +1,2 @@
                 a
                -b
                \\ No newline at end of file
                +b

                """)
    }

    @Test func aContextLineWithoutNewlineIsMarkedOnce() {
        var new = twelve
        new[10] = "changed 11"
        #expect(
            unifiedDiff(text(twelve, endsWithNewline: false), text(new, endsWithNewline: false))
                == """
                --- a/old
                +++ b/new
                @@ -8,5 +8,5 @@
                 line 8
                 line 9
                 line 10
                -line 11
                +changed 11
                 line 12
                \\ No newline at end of file

                """)
    }

    @Test func contextIsAParameter() {
        var new = twelve
        new[5] = "changed 6"
        #expect(
            unifiedDiff(text(twelve), text(new), context: 0) == """
                --- a/old
                +++ b/new
                @@ -6 +6 @@
                -line 6
                +changed 6

                """)
        #expect(
            unifiedDiff(text(twelve), text(["line 0"] + twelve), context: 0) == """
                --- a/old
                +++ b/new
                @@ -0,0 +1 @@
                +line 0

                """)
    }

    @Test func normalisedLinesCompareEqualButPrintTheNewText() {
        let hunks = UnifiedDiff.hunks(
            from: TextLines("swift run mvc\nsame\nold\n"),
            to: TextLines("swift run mvvm\nsame\nnew\n"),
            normalizeOld: { $0.replacing("mvc", with: "X") },
            normalizeNew: { $0.replacing("mvvm", with: "X") })
        #expect(
            hunks == [
                Hunk(
                    oldStart: 1, oldCount: 3, newStart: 1, newCount: 3,
                    lines: [
                        .context("swift run mvvm"), .context("same"), .removed("old"),
                        .added("new"),
                    ])
            ])
    }

    /// Whatever the edits, the hunks rebuild the new text from the old one and their headers
    /// count their own lines.
    @Test(arguments: 0..<40) func hunksRebuildTheNewText(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let old = (0..<Int(random.next() % 40)).map { _ in "l\(random.next() % 6)" }
        var new = old
        for _ in 0..<Int(random.next() % 6) {
            let position = Int(random.next() % UInt64(new.count + 1))
            switch random.next() % 3 {
            case 0: new.insert("n\(random.next() % 6)", at: position)
            case 1 where position < new.count: new.remove(at: position)
            default: if position < new.count { new[position] = "r\(random.next() % 6)" }
            }
        }
        let hunks = UnifiedDiff.hunks(from: TextLines(lines: old), to: TextLines(lines: new))
        #expect(applying(hunks, to: old) == new)
        #expect(hunks.isEmpty == (old == new))
        for hunk in hunks {
            let oldSide = hunk.lines.count { if case .added = $0 { false } else { true } }
            let newSide = hunk.lines.count { if case .removed = $0 { false } else { true } }
            #expect(hunk.oldCount == oldSide)
            #expect(hunk.newCount == newSide)
        }
    }

    @Test func textLinesKeepTrackOfTheFinalNewline() {
        #expect(TextLines("") == TextLines(lines: []))
        #expect(TextLines("a\n") == TextLines(lines: ["a"]))
        #expect(TextLines("a") == TextLines(lines: ["a"], endsWithNewline: false))
        #expect(TextLines("a\n\n") == TextLines(lines: ["a", ""]))
    }
}

/// A small deterministic generator, so the edit cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// How a step's files are matched with the step before's.
struct StepDiffPairingTests {
    @Test func aFileThatMovedToASubfolderIsMatchedByItsName() {
        let pairs = StepDiff.pairs(
            old: ["App.swift", "TrendingViewModel.swift", "MovieService.swift"],
            new: ["App/App.swift", "Presentation/TrendingViewModel.swift", "Domain/Movie.swift"])
        #expect(
            pairs.map { [$0.old ?? "-", $0.new ?? "-"] } == [
                ["App.swift", "App/App.swift"],
                ["-", "Domain/Movie.swift"],
                // A removed file sorts by its old path.
                ["MovieService.swift", "-"],
                ["TrendingViewModel.swift", "Presentation/TrendingViewModel.swift"],
            ])
    }

    @Test func aMovedFileShowsAsAChangeFromItsOldPathToItsNewOne() throws {
        try withTemporaryRepository([
            "Sources/01-One/Model.swift": "let answer = 1\n",
            "Sources/02-Two/Layer/Model.swift": "let answer = 2\n",
        ]) { repository in
            let steps = repository.steps()
            try #require(steps.count == 2)
            let diff = StepDiff(from: steps[0], to: steps[1], in: repository)
            #expect(
                diff.rendered(colored: false).hasPrefix(
                    "--- a/Sources/01-One/Model.swift\n+++ b/Sources/02-Two/Layer/Model.swift\n"))
            #expect(diff.files.count == 1)
            #expect(diff.linesAdded == 1)
            #expect(diff.linesRemoved == 1)
        }
    }

    @Test func aNameFoundTwiceOnOneSideIsNotGuessed() {
        let pairs = StepDiff.pairs(
            old: ["Models.swift", "Screens/Models.swift"], new: ["Data/Models.swift"])
        #expect(
            pairs.map { [$0.old ?? "-", $0.new ?? "-"] } == [
                ["-", "Data/Models.swift"], ["Models.swift", "-"], ["Screens/Models.swift", "-"],
            ])
    }

    @Test func aFileAtTheSamePathIsMatchedThere() {
        let pairs = StepDiff.pairs(old: ["A.swift", "B.swift"], new: ["A.swift", "Sub/B.swift"])
        #expect(
            pairs.map { [$0.old ?? "-", $0.new ?? "-"] } == [
                ["A.swift", "A.swift"], ["B.swift", "Sub/B.swift"],
            ])
    }
}
