/// Wrapped, scrollable text (D6: ↑/↓/k/j, PgUp/PgDn, Space, Ctrl-F/Ctrl-B, Ctrl-D/Ctrl-U,
/// Home/End and the mouse wheel scroll when taller than bounds).
///
/// Blocks are wrapped when drawn, so the same blocks fit any width after a resize.
@MainActor public final class TextView: View {
    /// A paragraph with one style, wrapped to the width minus its indent.
    public struct Block: Sendable, Hashable {
        public var text: String
        public var style: Style
        /// Columns before every line (UIKit: `NSParagraphStyle.firstLineHeadIndent` and
        /// `headIndent` alike).
        public var indent: Int
        /// Columns more before each line after the first, so that a wrapped entry hangs
        /// under its first line (UIKit: a `headIndent` beyond `firstLineHeadIndent`).
        public var hangingIndent: Int
        /// The address the block links to (UIKit: the `.link` attribute): on a terminal that
        /// shows links every line of it is an OSC 8 hyperlink to the whole address, and its
        /// words are never broken across lines, so an address too wide for its line is cut
        /// with "…" rather than split (D1).
        public var link: String?

        public init(
            _ text: String, style: Style = .plain, indent: Int = 0, hangingIndent: Int = 0,
            link: String? = nil
        ) {
            self.text = text
            self.style = style
            self.indent = indent
            self.hangingIndent = hangingIndent
            self.link = link
        }

        public static let blankLine = Block("")
    }

    private struct Line {
        var text: String
        var style: Style
        var indent: Int
    }

    /// While more lines follow below the last row, that row says so instead, as UIKit's
    /// scroll indicator shows there is more to scroll to (D1). True by default, as in UIKit.
    public var showsVerticalScrollIndicator = true {
        didSet {
            if showsVerticalScrollIndicator != oldValue { setNeedsDisplay() }
        }
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
        let hasMoreBelow =
            showsVerticalScrollIndicator && visibleHeight > 1
            && scrollOffset + visibleHeight < lines.count
        for row in 0..<(hasMoreBelow ? visibleHeight - 1 : visibleHeight) {
            let index = scrollOffset + row
            guard index < lines.count else { break }
            let line = lines[index]
            canvas.draw(
                line.text, x: bounds.x + line.indent, y: bounds.y + row,
                maxWidth: bounds.width - line.indent, style: line.style)
        }
        if hasMoreBelow {
            canvas.draw(
                Self.moreBelowMarker, x: bounds.x, y: bounds.maxY - 1, maxWidth: bounds.width,
                style: .dim)
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
            let hangingIndent = min(max(block.hangingIndent, 0), max(width - indent - 1, 0))
            var style = block.style
            style.link = block.link ?? style.link
            let texts = block.text.wrapped(
                firstLineWidth: width - indent, otherLinesWidth: width - indent - hangingIndent,
                keepsWordsWhole: block.link != nil)
            for (index, text) in texts.enumerated() {
                let lineIndent = index == 0 ? indent : indent + hangingIndent
                lines.append(Line(text: text, style: style, indent: lineIndent))
            }
            if block.text.isEmpty && width - indent <= 0 {
                lines.append(Line(text: "", style: block.style, indent: 0))
            }
        }
        wrappedLines = (width, lines)
        return lines
    }
}
