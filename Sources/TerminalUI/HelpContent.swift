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

    /// The entries as aligned "keys  action" lines.
    func entryLines(indent: Int) -> [String] {
        let keysWidth = entries.map(\.keys.displayWidth).max() ?? 0
        return entries.map { entry in
            String(repeating: " ", count: indent) + entry.keys.padded(toWidth: keysWidth) + "  "
                + entry.action
        }
    }

    /// Draws the whole help screen; the bottom line says how to leave it.
    @MainActor func draw(in canvas: Canvas, bounds: Rect) {
        var y = bounds.y
        canvas.draw(title, x: bounds.x, y: y, maxWidth: bounds.width, style: .bold)
        y += 2
        let lastRow = bounds.maxY - 1
        for line in entryLines(indent: 2) where y < lastRow {
            canvas.draw(line, x: bounds.x, y: y, maxWidth: bounds.width)
            y += 1
        }
        y += 1
        for note in notes {
            for line in note.wrapped(toWidth: bounds.width - 2) where y < lastRow {
                canvas.draw(line, x: bounds.x + 2, y: y, maxWidth: bounds.width - 2, style: .dim)
                y += 1
            }
        }
        canvas.draw(
            "any key closes this help · q quits", x: bounds.x, y: lastRow, maxWidth: bounds.width,
            style: .dim)
    }
}
