/// One cell of a frame. A wide character's second column is a continuation cell.
struct Cell: Equatable, Sendable {
    var character: Character
    var style: Style
    var isContinuation: Bool
    /// The image an inline image covers this cell with (iTerm2), 0 for none: a cell that
    /// stops being covered differs, so the renderer writes it and the picture goes.
    var pictureID = 0

    static let blank = Cell(character: " ", style: .plain, isContinuation: false)
}

/// One frame: a grid of cells. Text is sanitized and clipped to the canvas on every draw.
@MainActor public final class Canvas {
    public let size: Size
    private(set) var cells: [Cell]
    /// Set by views that show waiting work (activity indicator, "Loading more…"). "Settled" needs false.
    public var showsActivity = false
    /// Set by a MessageView in error style: the one-line message (used for exit status when piped).
    public var errorMessage: String?
    /// Where the terminal's cursor shows, set by the text field being edited; hidden when nil.
    /// An input method draws the syllable being composed there.
    public var cursor: (x: Int, y: Int)?
    /// Which image fills which cells, in the order drawn.
    public private(set) var pictures: [Picture] = []
    /// How images are drawn in this frame, and the kitty images sent: set by the renderer
    /// that writes the frame (`Renderer.prepare(_:)`); plain until then.
    var imageRendering = ImageRendering.plain
    var kittyImages: KittyImageTable?

    public init(size: Size) {
        self.size = Size(width: max(size.width, 0), height: max(size.height, 0))
        cells = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    /// Draws `text` at (x, y), cut with "…" to `maxWidth` (default: to the canvas edge).
    public func draw(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain) {
        guard y >= 0, y < size.height, x < size.width else { return }
        let start = max(x, 0)
        let limit = min(maxWidth.map { x + $0 } ?? size.width, size.width)
        guard limit > start else { return }
        var column = x
        for character in text.truncated(toWidth: limit - x) {
            let width = character.displayWidth
            guard width > 0 else { continue }
            if column >= start {
                put(character, width: width, x: column, y: y, style: style)
            }
            column += width
        }
    }

    /// Blanks `rect` in `style`, e.g. to reverse a whole selected row before drawing on it.
    public func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(Rect(x: 0, y: 0, width: size.width, height: size.height))
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                put(" ", width: 1, x: x, y: y, style: style)
            }
        }
    }

    /// Fills `rect` with `image` as the back end draws it, or a frame around `label` when it
    /// is plain (P3, P4). The caller keeps the aspect; the image is stretched to `rect`.
    func draw(_ image: Image, in rect: Rect, label: String, halfBlocks: HalfBlockCache) {
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        pictures.append(Picture(image: image, frame: area))
        let fitsPlaceholders =
            rect.width <= KittyPlaceholder.diacritics.count
            && rect.height <= KittyPlaceholder.diacritics.count
        switch imageRendering.backEnd {
        case .kittyPlaceholders where fitsPlaceholders:
            guard
                let id = kittyImages?.id(for: image, columns: rect.width, rows: rect.height)
            else { return drawFrame(label, in: area) }
            let style = Style(foreground: .palette(UInt8(id)))
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    let character = KittyPlaceholder.cell(row: y - rect.y, column: x - rect.x)
                    setCell(
                        Cell(character: character, style: style, isContinuation: false), x: x, y: y)
                }
            }
        case .iTermInline where image.jpegData != nil:
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    setCell(
                        Cell(
                            character: " ", style: .plain, isContinuation: false,
                            pictureID: image.serialNumber), x: x, y: y)
                }
            }
        case .kittyPlaceholders, .iTermInline, .halfBlocks:
            var trueColor = true
            if case .halfBlocks(let isTrueColor) = imageRendering.backEnd {
                trueColor = isTrueColor
            }
            let cells = halfBlocks.cells(
                for: image, size: Size(width: rect.width, height: rect.height),
                trueColor: trueColor)
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    setCell(cells[(y - rect.y) * rect.width + x - rect.x], x: x, y: y)
                }
            }
        case .plain:
            drawFrame(label, in: area)
        }
    }

    /// A neutral frame with `label` in its middle, the plain picture of an image (P4).
    private func drawFrame(_ label: String, in area: Rect) {
        fill(area, style: .plain)
        guard area.width >= 2, area.height >= 2 else {
            draw(label, x: area.x, y: area.y, maxWidth: area.width, style: .dim)
            return
        }
        let inner = area.width - 2
        let line = String(repeating: "─", count: inner)
        draw("┌" + line + "┐", x: area.x, y: area.y, style: .dim)
        for y in (area.y + 1)..<(area.maxY - 1) {
            draw("│", x: area.x, y: y, style: .dim)
            draw("│", x: area.maxX - 1, y: y, style: .dim)
        }
        draw("└" + line + "┘", x: area.x, y: area.maxY - 1, style: .dim)
        guard area.height >= 3, inner > 0 else { return }
        let text = label.truncated(toWidth: inner)
        let x = area.x + 1 + (inner - text.displayWidth) / 2
        draw(text, x: x, y: area.y + (area.height - 1) / 2, maxWidth: inner, style: .dim)
    }

    /// Puts one cell that is no text to measure (a picture's), keeping wide characters whole.
    private func setCell(_ cell: Cell, x: Int, y: Int) {
        let index = y * size.width + x
        clearHalves(at: index, rowStart: y * size.width)
        cells[index] = cell
    }

    /// Copies a row drawn on its own to (x, y), clipped to the canvas.
    func draw(_ row: CanvasRow, x: Int, y: Int) {
        guard y >= 0, y < size.height else { return }
        let rowStart = y * size.width
        let columns = max(x, 0)..<min(x + row.cells.count, size.width)
        guard !columns.isEmpty else { return }
        clearHalves(at: rowStart + columns.lowerBound, rowStart: rowStart)
        clearHalves(at: rowStart + columns.upperBound - 1, rowStart: rowStart)
        for column in columns {
            cells[rowStart + column] = row.cells[column - x]
        }
        // A wide character whose first half was clipped off becomes a space.
        if cells[rowStart + columns.lowerBound].isContinuation {
            cells[rowStart + columns.lowerBound].character = " "
            cells[rowStart + columns.lowerBound].isContinuation = false
        }
    }

    /// Plain text rows, trailing spaces trimmed.
    public var lines: [String] {
        (0..<size.height).map { row in
            var line = ""
            for cell in cells[row * size.width..<(row + 1) * size.width] where !cell.isContinuation
            {
                line.append(cell.character)
            }
            while line.last == " " {
                line.removeLast()
            }
            return line
        }
    }

    func cell(x: Int, y: Int) -> Cell {
        cells[y * size.width + x]
    }

    /// Writes one character; a wide one takes the next cell too, or becomes a space at the edge.
    /// Half-overwritten wide characters are blanked so that no cell refers to a lost half.
    private func put(_ character: Character, width: Int, x: Int, y: Int, style: Style) {
        let index = y * size.width + x
        if width == 2 && x + 1 >= size.width {
            put(" ", width: 1, x: x, y: y, style: style)
            return
        }
        clearHalves(at: index, rowStart: y * size.width)
        cells[index] = Cell(character: character, style: style, isContinuation: false)
        if width == 2 {
            clearHalves(at: index + 1, rowStart: y * size.width)
            cells[index + 1] = Cell(character: " ", style: style, isContinuation: true)
        }
    }

    private func clearHalves(at index: Int, rowStart: Int) {
        if cells[index].isContinuation, index > rowStart {
            cells[index - 1].character = " "
        }
        let next = index + 1
        if next < rowStart + size.width, cells[next].isContinuation {
            cells[next].isContinuation = false
            cells[next].character = " "
        }
    }
}

/// One row of cells drawn on a canvas of its own, to be copied into frames.
struct CanvasRow {
    let cells: [Cell]

    @MainActor init(width: Int, draw: (Canvas, Rect) -> Void) {
        let canvas = Canvas(size: Size(width: width, height: 1))
        draw(canvas, Rect(x: 0, y: 0, width: canvas.size.width, height: 1))
        cells = canvas.cells
    }
}
