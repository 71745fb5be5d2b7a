/// What the `?` screen shows (E2): key sections plus closing lines (data source, TMDB notice).
public struct HelpContent: Sendable {
    /// One key line: "↑ k  ↓ j" → "move the selection".
    public struct Entry: Sendable {
        public var keys: String
        public var action: String

        public init(keys: String, action: String) {
            self.keys = keys
            self.action = action
        }
    }

    public var title: String
    public var entries: [Entry]
    public var notes: [String]

    public init(title: String, entries: [Entry], notes: [String]) {
        self.title = title
        self.entries = entries
        self.notes = notes
    }

    /// One line of the help as laid out for a width.
    struct Line: Equatable {
        var text: String
        var x: Int
        var style: Style
    }

    /// Where the entries start, and the room an action needs beside its keys before the
    /// keys go on a line of their own, the action under them.
    static let indent = 2
    static let minimumActionWidth = 30

    /// The title, the entries, the notes, wrapped to `width` so that nothing is cut: an
    /// action too long for its line goes on under itself; on a narrow screen each entry's
    /// keys take a line and its action the lines below.
    func lines(forWidth width: Int) -> [Line] {
        let indent = Self.indent
        var lines = [Line(text: title, x: 0, style: .bold), Line(text: "", x: 0, style: .plain)]
        let keysWidth = entries.map(\.keys.displayWidth).max() ?? 0
        let actionX = indent + keysWidth + 2
        let isSideBySide = width - actionX >= Self.minimumActionWidth
        for entry in entries {
            if isSideBySide {
                for (index, action) in entry.action.wrapped(toWidth: width - actionX).enumerated() {
                    let keys = index == 0 ? entry.keys.padded(toWidth: keysWidth) + "  " : ""
                    let x = index == 0 ? indent : actionX
                    lines.append(Line(text: keys + action, x: x, style: .plain))
                }
            } else {
                // Wrapping closes up the double spaces between keys; a line that fits keeps them.
                let fits = entry.keys.displayWidth <= width - indent
                for keys in fits ? [entry.keys] : entry.keys.wrapped(toWidth: width - indent) {
                    lines.append(Line(text: keys, x: indent, style: .plain))
                }
                for action in entry.action.wrapped(toWidth: width - 2 * indent - 2) {
                    lines.append(Line(text: action, x: 2 * indent + 2, style: .plain))
                }
            }
        }
        lines.append(Line(text: "", x: 0, style: .plain))
        for note in notes {
            for line in note.wrapped(toWidth: width - indent) {
                lines.append(Line(text: line, x: indent, style: .dim))
            }
        }
        return lines
    }

    /// The rows the help's lines have in `bounds`: all but the bottom one, which says how to
    /// scroll and leave the help.
    static func textRows(in bounds: Rect) -> Int {
        max(bounds.height - 1, 1)
    }

    /// The largest scroll offset: the last line on the last row above the bottom line.
    func maximumScrollOffset(in bounds: Rect) -> Int {
        max(lines(forWidth: bounds.width).count - Self.textRows(in: bounds), 0)
    }

    /// Draws the help from line `scrollOffset` on (E2). While lines follow below, the last
    /// row says so ("↓ more"), as a detail does; the bottom line says how to scroll and how
    /// to leave.
    @MainActor func draw(in canvas: Canvas, bounds: Rect, scrollOffset: Int) {
        let lines = lines(forWidth: bounds.width)
        let rows = Self.textRows(in: bounds)
        let offset = min(max(scrollOffset, 0), max(lines.count - rows, 0))
        let hasMore = offset + rows < lines.count
        for row in 0..<(hasMore ? rows - 1 : rows) where offset + row < lines.count {
            let line = lines[offset + row]
            canvas.draw(
                line.text, x: bounds.x + line.x, y: bounds.y + row, maxWidth: bounds.width - line.x,
                style: line.style)
        }
        if hasMore {
            canvas.draw(
                TextView.moreBelowMarker, x: bounds.x, y: bounds.y + rows - 1,
                maxWidth: bounds.width, style: .dim)
        }
        let isScrollable = lines.count > rows
        let hint = isScrollable ? Self.scrollingHint : Self.closingHint
        canvas.draw(
            NavigationController.hint(hint, fittingWidth: bounds.width), x: bounds.x,
            y: bounds.maxY - 1, maxWidth: bounds.width, style: .dim)
    }

    static let closingHint = "? Esc q close this help"
    static let scrollingHint = "↑↓ PgUp PgDn scroll · ? Esc q close"
}
