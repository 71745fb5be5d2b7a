import Testing

@testable import TerminalUI

/// 24-bit and 256 colours, in front of and behind the text (P3), and `NO_COLOR` (L3, P4).
@MainActor
@Suite struct ColorTests {
    @Test("24-bit and 256 colours are written as SGR 38/48 (P3)")
    func trueColorAndPaletteColorsAreWritten() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        let style = Style(
            foreground: .rgb(red: 255, green: 128, blue: 0), background: .palette(17))
        canvas.draw("▀", x: 1, y: 0, style: style)
        let bytes = String(decoding: Renderer(colorEnabled: true).render(canvas), as: UTF8.self)
        #expect(
            bytes
                == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;2H\u{1B}[0;38;2;255;128;0;48;5;17m▀\u{1B}[0m"
        )
    }

    @Test("a named colour behind the text is SGR 41–46, grey 100")
    func namedBackgroundColors() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.draw("a", x: 0, y: 0, style: Style(foreground: .gray, background: .red))
        canvas.draw("b", x: 1, y: 0, style: Style(background: .gray))
        let bytes = String(decoding: Renderer(colorEnabled: true).render(canvas), as: UTF8.self)
        #expect(bytes.contains("\u{1B}[0;90;41ma\u{1B}[0;100mb"))
    }

    @Test("NO_COLOR drops 24-bit, 256 and background colours too (L3, P4)")
    func noColorDropsEveryColor() {
        let canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.draw(
            "▀", x: 0, y: 0,
            style: Style(
                isBold: true, foreground: .rgb(red: 1, green: 2, blue: 3),
                background: .palette(200)))
        let bytes = String(decoding: Renderer(colorEnabled: false).render(canvas), as: UTF8.self)
        #expect(bytes.contains("\u{1B}[0;1m▀"))
        #expect(!bytes.contains("38;") && !bytes.contains("48;"))
    }

    @Test("a change of background alone rewrites that cell and nothing else")
    func backgroundChangeIsAChange() {
        let terminal = VirtualTerminal(width: 6, height: 2)
        let renderer = Renderer(colorEnabled: true)
        let first = Canvas(size: Size(width: 6, height: 2))
        first.draw("abc", x: 0, y: 0, style: Style(background: .rgb(red: 9, green: 9, blue: 9)))
        terminal.write(renderer.render(first))
        let second = Canvas(size: Size(width: 6, height: 2))
        second.draw("ab", x: 0, y: 0, style: Style(background: .rgb(red: 9, green: 9, blue: 9)))
        second.draw("c", x: 2, y: 0, style: Style(background: .palette(52)))
        let bytes = renderer.render(second)
        terminal.write(bytes)
        // The rest of the row is blank: erased in the plain style, not written as spaces.
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[1;3H\u{1B}[0;48;5;52mc\u{1B}[0m\u{1B}[K")
        #expect(terminal.colors(atX: 2, y: 0).background == .palette(52))
        #expect(terminal.colors(atX: 1, y: 0).background == .rgb(red: 9, green: 9, blue: 9))
        #expect(terminal.colors(atX: 3, y: 0).background == nil)
    }

    @Test(
        "24-bit colour maps to the nearest of the cube and the grey ramp",
        arguments: [
            (UInt8(255), UInt8(0), UInt8(0), UInt8(196)),
            (0, 0, 0, 16),
            (255, 255, 255, 231),
            (128, 128, 128, 244),
            (95, 135, 175, 67),
            (30, 30, 30, 234),
            (250, 200, 100, 221),
        ])
    func nearestPaletteColor(red: UInt8, green: UInt8, blue: UInt8, expected: UInt8) {
        #expect(Color.nearestPaletteColor(red: red, green: green, blue: blue) == .palette(expected))
    }
}
