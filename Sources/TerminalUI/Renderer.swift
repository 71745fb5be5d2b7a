/// Turns frames into terminal output, writing only the cells that changed since the last frame.
///
/// A selection move changes two rows, so it costs two short row spans instead of a screen.
@MainActor final class Renderer {
    private let colorEnabled: Bool
    /// Whether a linked cell is sent as an OSC 8 hyperlink (D1): only to a real terminal.
    private let hyperlinksEnabled: Bool
    private var previous: [Cell]?
    private var previousSize: Size?
    /// Where the cursor was left showing, or nil when hidden.
    private var previousCursor: (x: Int, y: Int)?
    /// True after `invalidate()`: whether the terminal shows its cursor is not known either.
    private var isCursorStateUnknown = false
    /// How pictures are drawn: plain until the launch decides (P3).
    var imageRendering = ImageRendering.plain
    private let kittyImages = KittyImageTable()

    init(colorEnabled: Bool, hyperlinksEnabled: Bool = false) {
        self.colorEnabled = colorEnabled
        self.hyperlinksEnabled = hyperlinksEnabled
    }

    /// Forgets the last frame so that the next one is drawn in full: after a resize, after
    /// `fg` (E10), on Ctrl-L (E9). What the cursor shows is forgotten too, so that the full
    /// frame shows or hides it as well as placing it: the terminal may not be as it was left
    /// (taking the terminal back after `fg` hides the cursor; another program may have shown it).
    func invalidate() {
        previous = nil
        isCursorStateUnknown = true
    }

    /// Gets `canvas` ready to be drawn for this renderer: its pictures drawn by this back end,
    /// with the kitty ids this renderer has sent. Call before drawing the frame.
    func prepare(_ canvas: Canvas) {
        canvas.imageRendering = imageRendering
        canvas.kittyImages = kittyImages
        kittyImages.beginFrame()
    }

    /// The bytes that delete every kitty image sent, for the way out.
    func releaseImages() -> [UInt8] {
        Array(
            kittyImages.removeAll().map {
                ImageEscapes.kittyDelete(id: $0, rendering: imageRendering)
            }.joined().utf8)
    }

    /// The bytes that turn the last frame into `canvas`; empty when nothing changed.
    ///
    /// Pictures: a kitty image new in this frame is sent before the cells that place it, and
    /// one no longer shown is deleted after them; an iTerm2 image is sent after its cells,
    /// whenever any of them was written, as writing a cell erases what an image drew there.
    func render(_ canvas: Canvas) -> [UInt8] {
        var output = TerminalOutput(
            colorEnabled: colorEnabled, hyperlinksEnabled: hyperlinksEnabled)
        let size = canvas.size
        let old = previousSize == size ? previous : nil
        let kitty =
            canvas.kittyImages === kittyImages ? kittyImages.endFrame() : (send: [], delete: [])
        for entry in kitty.send {
            output.append(
                ImageEscapes.kittyTransmission(
                    id: entry.id, image: entry.image, columns: entry.columns, rows: entry.rows,
                    rendering: imageRendering))
        }
        if old == nil {
            output.append("\u{1B}[0m\u{1B}[H\u{1B}[2J")
        }
        var writtenColumns: [Int: ClosedRange<Int>] = [:]
        for y in 0..<size.height {
            let rowStart = y * size.width
            guard var first = firstDifference(canvas, old, rowStart, size.width) else { continue }
            var last = lastDifference(canvas, old, rowStart, size.width)
            if canvas.cells[rowStart + first].isContinuation, first > 0 {
                first -= 1
            }
            if last + 1 < size.width, canvas.cells[rowStart + last + 1].isContinuation {
                last += 1
            }
            // A row that is blank after the change ends with one erase instead of spaces.
            if old != nil,
                canvas.cells[(rowStart + last + 1)..<(rowStart + size.width)].allSatisfy({
                    $0 == .blank
                })
            {
                last = size.width - 1
            }
            output.writeSpan(
                canvas.cells[(rowStart + first)...(rowStart + last)], x: first, y: y,
                reachesEndOfRow: last == size.width - 1, isOnClearedScreen: old == nil)
            writtenColumns[y] = first...last
        }
        for picture in canvas.pictures where imageRendering.backEnd == .iTermInline {
            guard let jpeg = picture.image.jpegData else { continue }
            let frame = picture.frame
            let isWritten = (frame.y..<frame.maxY).contains { y in
                writtenColumns[y]?.overlaps(frame.x...(frame.maxX - 1)) == true
            }
            guard isWritten else { continue }
            output.finish()
            output.append(
                ImageEscapes.iTermInlineImage(
                    jpeg, x: frame.x, y: frame.y, columns: frame.width, rows: frame.height,
                    rendering: imageRendering))
        }
        for id in kitty.delete {
            output.append(ImageEscapes.kittyDelete(id: id, rendering: imageRendering))
        }
        output.finish()
        placeCursor(canvas.cursor, after: &output)
        previous = canvas.cells
        previousSize = size
        return output.bytes
    }

    /// Shows the cursor where the canvas wants it, or hides it; writing cells moves the
    /// terminal's cursor, so it is put back after any write.
    private func placeCursor(_ cursor: (x: Int, y: Int)?, after output: inout TerminalOutput) {
        let hasWritten = !output.bytes.isEmpty
        let isUnknown = isCursorStateUnknown
        isCursorStateUnknown = false
        switch (cursor, previousCursor) {
        case (let cursor?, let previous):
            if !hasWritten, !isUnknown, let previous, previous == cursor { return }
            output.append("\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H")
            if previous == nil || isUnknown { output.append("\u{1B}[?25h") }
        case (nil, _?):
            output.append("\u{1B}[?25l")
        case (nil, nil):
            if isUnknown { output.append("\u{1B}[?25l") }
        }
        previousCursor = cursor
    }

    private func firstDifference(_ canvas: Canvas, _ old: [Cell]?, _ rowStart: Int, _ width: Int)
        -> Int?
    {
        for x in 0..<width {
            let cell = canvas.cells[rowStart + x]
            if let old {
                if old[rowStart + x] != cell { return x }
            } else if cell != .blank {
                return x
            }
        }
        return nil
    }

    private func lastDifference(_ canvas: Canvas, _ old: [Cell]?, _ rowStart: Int, _ width: Int)
        -> Int
    {
        for x in stride(from: width - 1, through: 0, by: -1) {
            let cell = canvas.cells[rowStart + x]
            if let old {
                if old[rowStart + x] != cell { return x }
            } else if cell != .blank {
                return x
            }
        }
        return 0
    }
}

/// Escape sequences for one frame, tracking the current style to skip redundant SGRs, and
/// the hyperlink open, which each span closes before the cursor moves on.
private struct TerminalOutput {
    let colorEnabled: Bool
    let hyperlinksEnabled: Bool
    var bytes: [UInt8] = []
    var currentStyle = Style.plain
    var currentLink: String?

    init(colorEnabled: Bool, hyperlinksEnabled: Bool) {
        self.colorEnabled = colorEnabled
        self.hyperlinksEnabled = hyperlinksEnabled
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Moves the cursor and writes `cells`; a run of plain blanks to the end of the row is
    /// erased with EL instead of spaces (or skipped when the screen was just cleared).
    mutating func writeSpan(
        _ cells: ArraySlice<Cell>, x: Int, y: Int, reachesEndOfRow: Bool, isOnClearedScreen: Bool
    ) {
        var end = cells.endIndex
        if reachesEndOfRow {
            while end > cells.startIndex, cells[end - 1] == .blank {
                end -= 1
            }
        }
        let erasesTail = reachesEndOfRow && end < cells.endIndex && !isOnClearedScreen
        guard end > cells.startIndex || erasesTail else { return }
        append("\u{1B}[\(y + 1);\(x + 1)H")
        for cell in cells[cells.startIndex..<end] where !cell.isContinuation {
            setStyle(cell.style)
            setLink(cell.style.link)
            var character = String(cell.character)
            if character.unicodeScalars.contains(where: {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            }) {
                character = " "
            }
            append(character)
        }
        setLink(nil)
        if erasesTail {
            setStyle(.plain)
            append("\u{1B}[K")
        }
    }

    /// SGR for what a style looks like; its link is `setLink`'s.
    mutating func setStyle(_ style: Style) {
        var style = style
        style.link = nil
        guard style != currentStyle else { return }
        append(style.selectGraphicRendition(colorEnabled: colorEnabled))
        currentStyle = style
    }

    /// Opens the hyperlink the next cells belong to, or closes the one open (OSC 8). An
    /// address that is not printable ASCII is no link: its text shows, unlinked (T4).
    mutating func setLink(_ link: String?) {
        let link = hyperlinksEnabled ? link.flatMap(Self.linkable) : nil
        guard link != currentLink else { return }
        append("\u{1B}]8;;\(link ?? "")\u{1B}\\")
        currentLink = link
    }

    private static func linkable(_ address: String) -> String? {
        let isPrintable = address.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
        return !address.isEmpty && isPrintable ? address : nil
    }

    mutating func finish() {
        setLink(nil)
        setStyle(.plain)
    }
}
