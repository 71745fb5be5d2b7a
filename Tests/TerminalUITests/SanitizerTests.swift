import Testing

@testable import TerminalUI

/// T4: control characters from the API never reach the terminal raw.
@Suite struct SanitizerTests {
    @Test(
        "escape sequences are removed (T4)",
        arguments: [
            ("red\u{1B}[31mtext\u{1B}[0m", "redtext"),
            ("\u{1B}]0;title\u{7}name", "name"),
            ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
            ("a\u{1B}(Bb", "ab"),
            ("a\u{9B}2Jb", "ab"),
            ("clear\u{1B}[2J\u{1B}[H", "clear"),
        ])
    func removesEscapeSequences(_ input: String, _ expected: String) {
        #expect(input.sanitizedForTerminal() == expected)
    }

    @Test(
        "other controls become a visible placeholder; whitespace becomes a space (T4)",
        arguments: [
            ("bell\u{7}", "bell\u{FFFD}"), ("a\u{0}b", "a\u{FFFD}b"), ("del\u{7F}", "del\u{FFFD}"),
            ("c1\u{85}", "c1\u{FFFD}"), ("tab\there", "tab here"), ("line\nbreak", "line break"),
            ("cr\rlf", "cr lf"), ("crlf\r\nx", "crlf  x"), ("기생충 🎬", "기생충 🎬"),
        ])
    func replacesControls(_ input: String, _ expected: String) {
        #expect(input.sanitizedForTerminal() == expected)
    }

    @MainActor
    @Test("a canvas never writes a control byte, whatever the text (T4)")
    func canvasOutputHasNoRawControls() {
        let canvas = Canvas(size: Size(width: 40, height: 3))
        canvas.draw("evil\u{1B}[2J\u{7}\u{9B}31m\r\n\u{8}title", x: 0, y: 0)
        canvas.draw("\u{1B}]0;pwned\u{7}ok", x: 0, y: 1)
        let bytes = Renderer(colorEnabled: true).render(canvas)
        let text = String(decoding: bytes, as: UTF8.self)
        // Only the renderer's own CSI sequences may contain ESC.
        let withoutOwnSequences = text.replacing(#/\u{1B}\[[0-9;?]*[A-Za-z]/#, with: "")
        #expect(
            !withoutOwnSequences.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            })
        #expect(canvas.lines[0] == "evil\u{FFFD}  \u{FFFD}title")
        #expect(canvas.lines[1] == "ok")
    }
}
