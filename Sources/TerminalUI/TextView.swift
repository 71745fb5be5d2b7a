/// Wrapped, scrollable text (D6: ↑/↓/k/j, PgUp/PgDn, Space, Ctrl-F/Ctrl-B, Ctrl-D/Ctrl-U,
/// Home/End and the mouse wheel scroll when taller than bounds).
///
/// Blocks are wrapped when drawn, so the same blocks fit any width after a resize.
@MainActor public final class TextView: View {
    /// A paragraph with one style, wrapped to the width minus its indent.
    public struct Block: Sendable, Hashable {
        public var text: String
        public var style: Style
        public var indent: Int

        public init(_ text: String, style: Style = .plain, indent: Int = 0) {
            self.text = text
            self.style = style
            self.indent = indent
        }

        public static let blankLine = Block("")
    }

    private struct Line {
        var text: String
        var style: Style
        var indent: Int
    }

    /// Setting different blocks scrolls to the top and redraws; the same blocks change nothing.
    public var blocks: [Block] = [] {
        didSet {
            guard blocks != oldValue else { return }
            scrollOffset = 0
            wrappedLines = nil
            setNeedsDisplay()
        }
    }
    public private(set) var scrollOffset = 0
    /// The last row's text while more lines follow below.
    static let moreBelowMarker = "↓ more"
    private var wrappedLines: (width: Int, lines: [Line])?
    private var visibleHeight = 0

    public override init() {
        super.init()
    }

    public init(blocks: [Block]) {
        self.blocks = blocks
        super.init()
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        let lines = lines(forWidth: bounds.width)
        visibleHeight = max(bounds.height, 0)
        scrollOffset = min(scrollOffset, maximumOffset(lineCount: lines.count))
        for row in 0..<visibleHeight {
            let index = scrollOffset + row
            guard index < lines.count else { break }
            let line = lines[index]
            canvas.draw(
                line.text, x: bounds.x + line.indent, y: bounds.y + row,
                maxWidth: bounds.width - line.indent, style: line.style)
        }
    }

    public override func handle(_ key: Key) -> Bool {
        guard let lineCount = wrappedLines?.lines.count, lineCount > visibleHeight else {
            return false
        }
        let page = max(visibleHeight - 1, 1)
        let halfPage = max(visibleHeight / 2, 1)
        let target: Int
        switch key {
        case .up, .character("k"): target = scrollOffset - 1
        case .down, .character("j"): target = scrollOffset + 1
        case .pageUp, .control("b"): target = scrollOffset - page
        case .pageDown, .character(" "), .control("f"): target = scrollOffset + page
        case .control("u"): target = scrollOffset - halfPage
        case .control("d"): target = scrollOffset + halfPage
        case .mouse(let event) where event.kind == .scrollUp:
            target = scrollOffset - ListView.wheelRows
        case .mouse(let event) where event.kind == .scrollDown:
            target = scrollOffset + ListView.wheelRows
        case .home, .character("g"): target = 0
        case .end, .character("G"): target = lineCount
        default: return false
        }
        let clamped = min(max(target, 0), maximumOffset(lineCount: lineCount))
        if clamped != scrollOffset {
            scrollOffset = clamped
            setNeedsDisplay()
        }
        return true
    }

    private func maximumOffset(lineCount: Int) -> Int {
        max(lineCount - visibleHeight, 0)
    }

    private func lines(forWidth width: Int) -> [Line] {
        if let wrappedLines, wrappedLines.width == width {
            return wrappedLines.lines
        }
        var lines: [Line] = []
        for block in blocks {
            let indent = min(max(block.indent, 0), max(width - 1, 0))
            for text in block.text.wrapped(toWidth: width - indent) {
                lines.append(Line(text: text, style: block.style, indent: indent))
            }
            if block.text.isEmpty && width - indent <= 0 {
                lines.append(Line(text: "", style: block.style, indent: 0))
            }
        }
        wrappedLines = (width, lines)
        return lines
    }
}
