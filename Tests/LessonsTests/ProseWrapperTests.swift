import Testing

@testable import Lessons

/// `lessons show` on a terminal wraps a lesson's prose to the terminal's width, so that an
/// 80-column terminal never breaks a line inside a word; code, tables and headings stay as
/// they are written.
@Suite struct ProseWrapperTests {
    /// The lines of `text` inside and outside code fences.
    static func parts(_ text: String) -> (prose: [Substring], code: [Substring]) {
        var prose: [Substring] = []
        var code: [Substring] = []
        var isInFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == ">" }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                isInFence.toggle()
                code.append(line)
            } else if isInFence {
                code.append(line)
            } else {
                prose.append(line)
            }
        }
        return (prose, code)
    }

    static let lessons = packageRepository.lessonDocuments().filter {
        $0.contains("/0") && $0.hasSuffix(".md")
    }

    @Test(arguments: lessons)
    func atEightyColumnsProseFitsAndNothingIsLostOrMoved(lesson: String) throws {
        let text = try #require(packageRepository.text(at: lesson))
        let wrapped = ProseWrapper.wrap(text, width: 80)
        let (before, beforeCode) = Self.parts(text)
        let (after, afterCode) = Self.parts(wrapped)
        #expect(afterCode == beforeCode, "code blocks are shown as written")
        let words = { (lines: [Substring]) in
            lines.flatMap { $0.split(separator: " ") }.filter { $0 != ">" }
        }
        #expect(words(after) == words(before), "the same words in the same order")
        // A line of one word (a long path, a count marker) cannot be broken; a table, a
        // heading or an HTML line is shown as written.
        let tooWide = after.filter { line in
            let trimmed = line.drop { $0 == " " || $0 == ">" }
            return ProseWrapper.columns(line) > 80 && trimmed.split(separator: " ").count > 1
                && !["|", "#", "<"].contains { trimmed.hasPrefix($0) }
        }
        #expect(tooWide.isEmpty, "\(lesson): \(tooWide.prefix(3).joined(separator: "\n"))")
    }

    @Test func listItemsKeepTheirMarkerAndHangUnderIt() {
        let markdown = """
            1. **Run it.** one two three four five six seven
               eight nine ten.
            > - quoted item with enough words to wrap
            >   onto the next line

            | a table | stays |
            """
        #expect(
            ProseWrapper.wrap(markdown, width: 24) == """
                1. **Run it.** one two
                   three four five six
                   seven eight nine ten.
                > - quoted item with
                >   enough words to wrap
                >   onto the next line

                | a table | stays |
                """)
    }

    @Test func hangulCountsTwoColumnsAndACountMarkerIsNeverSplit() {
        let markdown = "가나다 라마바 사아자 <!-- lines: Sources/A.swift -->12<!-- /lines -->줄"
        let wrapped = ProseWrapper.wrap(markdown, width: 16)
        #expect(wrapped == "가나다 라마바\n사아자\n<!-- lines: Sources/A.swift -->12<!-- /lines -->줄")
    }

    @Test func showWrapsOnATerminalOnlyAndAPipeGetsTheFileAsWritten() throws {
        let piped = runLessons("show", "3").output
        #expect(piped == (packageRepository.text(at: "Lessons/03-MVVM-IO.md") ?? ""))
        let onATerminal = LessonsCommand(
            repository: packageRepository, environment: ["NO_COLOR": "1"], isTerminal: true,
            terminalWidth: 80
        ).run(["show", "3", "--language", "ko"]).output
        let lesson = try #require(packageRepository.text(at: "Lessons/ko/03-MVVM-IO.md"))
        let tooWide = { (text: String) in
            Self.parts(text).prose.filter { ProseWrapper.columns($0) > 80 && !$0.hasPrefix("|") }
                .count
        }
        #expect(tooWide(lesson) > 100, "as written, the Korean lesson overflows 80 columns")
        #expect(tooWide(onATerminal) < 10)
    }
}
