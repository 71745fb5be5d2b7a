/// One row of a list; draws itself into the row's bounds.
@MainActor public protocol ListCell {
    func draw(in canvas: Canvas, bounds: Rect, isSelected: Bool)
}

/// Where a list gets its rows, like UICollectionViewDataSource.
@MainActor public protocol ListViewDataSource: AnyObject {
    func numberOfRows(in listView: ListView) -> Int
    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell
}

/// What a list tells its owner, like UICollectionViewDelegate. As in UIKit, only what the
/// user does is told: `selectRow(_:)` and `reloadData()` never call the delegate.
@MainActor public protocol ListViewDelegate: AnyObject {
    /// A row becomes visible, e.g. to start loading its image.
    func listView(_ listView: ListView, willDisplayRowAt row: Int)
    /// The user moved the selection with a key or the mouse (UIKit's nearest: a focus update,
    /// `collectionView(_:didUpdateFocusIn:with:)`).
    func listView(_ listView: ListView, didMoveSelectionTo row: Int)
    /// Enter on a row, like a tap: `collectionView(_:didSelectItemAt:)`.
    func listView(_ listView: ListView, didSelectRowAt row: Int)
}

extension ListViewDelegate {
    public func listView(_ listView: ListView, willDisplayRowAt row: Int) {}
    public func listView(_ listView: ListView, didMoveSelectionTo row: Int) {}
    public func listView(_ listView: ListView, didSelectRowAt row: Int) {}
}

/// A plain one-line cell: the text, reversed when selected.
public struct TextListCell: ListCell, Sendable, Hashable {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    public func draw(in canvas: Canvas, bounds: Rect, isSelected: Bool) {
        var style = style
        style.isReversed = isSelected
        canvas.fill(bounds, style: style)
        canvas.draw(text, x: bounds.x, y: bounds.y, maxWidth: bounds.width, style: style)
    }
}

/// A vertical list like a one-column collection view; only visible rows are asked for.
@MainActor public final class ListView: View {
    public weak var dataSource: (any ListViewDataSource)? {
        didSet {
            rowCount = nil
            visibleCells = [:]
        }
    }
    public weak var delegate: (any ListViewDelegate)?
    /// 0 when empty.
    public private(set) var selectedRow = 0
    public private(set) var firstVisibleRow = 0
    /// Rows that fit at the last draw.
    public private(set) var visibleRowCount = 0
    /// The count read at the last `reloadData()`; read on demand before the first.
    private var rowCount: Int?
    /// Rows shown by the last draw, so that `willDisplay` is told only about new ones (or
    /// ones a reload changed).
    private var displayedRows = 0..<0
    /// The number of rows at the last draw: a reload that changes it displays anew every row
    /// on screen.
    private var displayedRowCount = 0
    /// The cells of the rows on screen. As in UIKit, a row's cell is asked for when the row
    /// comes into view and again after `reloadData()`, not on every frame. Each cell's drawing
    /// is kept until its row is selected or deselected or a reload brings a different cell,
    /// so that a selection move draws two rows.
    private var visibleCells: [Int: VisibleCell] = [:]
    /// Set by `reloadData()`: the next draw asks the data source for every row it shows.
    private var needsCells = false
    /// The scroll as the user left it, and the rows there were then. A draw in less room
    /// (a search bar over the list, a smaller terminal) scrolls only that frame, so the list
    /// shows as it was once the room comes back, as a UIKit list keeps its content offset.
    private var anchoredFirstRow = 0
    private var anchoredRowCount = 0
    /// Where the last draw put the rows, to find the row a click lands on.
    private var drawnBounds: Rect?
    /// Rows one notch of the mouse wheel moves the selection (T5).
    static let wheelRows = 3

    public override init() {
        super.init()
    }

    public var numberOfRows: Int {
        if let rowCount { return rowCount }
        let count = max(dataSource?.numberOfRows(in: self) ?? 0, 0)
        rowCount = count
        return count
    }

    /// Re-reads the count, clamps the selection, redraws; tells the delegate nothing.
    public func reloadData() {
        rowCount = nil
        needsCells = true
        let count = numberOfRows
        displayedRows = displayedRows.clamped(to: 0..<count)
        selectedRow = min(selectedRow, max(count - 1, 0))
        scrollToSelection()
        setNeedsDisplay()
    }

    /// Selects a row and scrolls to keep it visible, clamped to the rows there are. Like
    /// UIKit's `selectRow(at:animated:scrollPosition:)`, it does not call the delegate.
    public func selectRow(_ row: Int) {
        let clamped = min(max(row, 0), max(numberOfRows - 1, 0))
        guard clamped != selectedRow else { return }
        selectedRow = clamped
        scrollToSelection()
        setNeedsDisplay()
    }

    /// A move the user made: select, then tell the delegate when the selection changed.
    private func moveSelection(to row: Int) {
        let previous = selectedRow
        selectRow(row)
        anchoredFirstRow = firstVisibleRow
        anchoredRowCount = visibleRowCount
        if selectedRow != previous {
            delegate?.listView(self, didMoveSelectionTo: selectedRow)
        }
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        drawnBounds = bounds
        visibleRowCount = max(bounds.height, 0)
        firstVisibleRow = Self.firstRow(
            from: anchoredFirstRow, showing: selectedRow, rows: visibleRowCount, of: numberOfRows)
        if visibleRowCount >= anchoredRowCount {
            anchoredFirstRow = firstVisibleRow
            anchoredRowCount = visibleRowCount
        }
        let count = numberOfRows
        let visible = firstVisibleRow..<min(firstVisibleRow + visibleRowCount, count)
        // As in UIKit, a reload displays the rows on screen anew when it changed the rows: their
        // number here, or a row's cell below. A reload that changed nothing tells nothing.
        let rowCountChanged = needsCells && count != displayedRowCount
        var newlyVisible =
            rowCountChanged ? Array(visible) : visible.filter { !displayedRows.contains($0) }
        displayedRows = visible
        displayedRowCount = count
        visibleCells = visibleCells.filter { visible.contains($0.key) }
        if let dataSource {
            for row in visible {
                var visibleCell: VisibleCell
                if let kept = visibleCells[row], !needsCells {
                    visibleCell = kept
                } else {
                    let cell = dataSource.listView(self, cellForRowAt: row)
                    if let kept = visibleCells[row], kept.shows(cell) {
                        visibleCell = kept.replacingCell(with: cell)
                    } else {
                        visibleCell = VisibleCell(cell: cell)
                        if visibleCells[row] != nil && !newlyVisible.contains(row) {
                            newlyVisible.append(row)
                        }
                    }
                }
                let drawing = visibleCell.drawing(
                    width: bounds.width, isSelected: row == selectedRow)
                canvas.draw(drawing, x: bounds.x, y: bounds.y + row - firstVisibleRow)
                visibleCells[row] = visibleCell
            }
            needsCells = false
        }
        for row in newlyVisible.sorted() {
            delegate?.listView(self, willDisplayRowAt: row)
        }
    }

    /// ↑/k ↓/j; a screen: PgUp/Ctrl-B, PgDn/Space/Ctrl-F; half a screen: Ctrl-U, Ctrl-D;
    /// Home/g End/G; Enter, → or l (T5, T11); the mouse. ↑ on the first row is left (S1).
    public override func handle(_ key: Key) -> Bool {
        let count = numberOfRows
        guard count > 0 else { return false }
        let page = max(visibleRowCount - 1, 1)
        let halfPage = max(visibleRowCount / 2, 1)
        switch key {
        case .up where selectedRow > 0, .character("k"):
            moveSelection(to: selectedRow - 1)
        case .down, .character("j"):
            moveSelection(to: selectedRow + 1)
        case .pageUp, .control("b"):
            scroll(by: -page)
        case .pageDown, .character(" "), .control("f"):
            scroll(by: page)
        case .control("u"):
            scroll(by: -halfPage)
        case .control("d"):
            scroll(by: halfPage)
        case .home, .character("g"):
            moveSelection(to: 0)
        case .end, .character("G"):
            moveSelection(to: count - 1)
        case .enter, .right, .character("l"):
            delegate?.listView(self, didSelectRowAt: selectedRow)
        case .mouse(let event):
            return handle(event)
        default:
            return false
        }
        setNeedsDisplay()
        return true
    }

    /// The wheel moves the selection three rows a notch; a click selects the row it lands
    /// on, and a click on the selected row chooses it, as Enter does (T5). A click beside the
    /// rows is not the list's.
    private func handle(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .scrollUp:
            moveSelection(to: selectedRow - Self.wheelRows)
        case .scrollDown:
            moveSelection(to: selectedRow + Self.wheelRows)
        case .press:
            guard let bounds = drawnBounds, event.x >= bounds.x, event.x < bounds.maxX,
                event.y >= bounds.y, event.y < bounds.maxY
            else { return false }
            let row = firstVisibleRow + event.y - bounds.y
            guard row < numberOfRows else { return false }
            if row == selectedRow {
                delegate?.listView(self, didSelectRowAt: row)
            } else {
                moveSelection(to: row)
            }
        }
        setNeedsDisplay()
        return true
    }

    /// Moves the rows in view and the selection by the same number of rows, as a pager does.
    private func scroll(by rows: Int) {
        firstVisibleRow = max(min(firstVisibleRow + rows, numberOfRows - visibleRowCount), 0)
        moveSelection(to: selectedRow + rows)
    }

    /// Keeps the selection inside the visible rows and the visible rows inside the list, in
    /// this frame's room and in the room the scroll was left with.
    private func scrollToSelection() {
        let count = numberOfRows
        firstVisibleRow = Self.firstRow(
            from: firstVisibleRow, showing: selectedRow, rows: visibleRowCount, of: count)
        anchoredFirstRow = Self.firstRow(
            from: anchoredFirstRow, showing: selectedRow, rows: anchoredRowCount, of: count)
    }

    /// The first row closest to `first` that shows `selected` in `rows` rows of `count`.
    private static func firstRow(from first: Int, showing selected: Int, rows: Int, of count: Int)
        -> Int
    {
        guard rows > 0 else { return first }
        var first = first
        if selected < first {
            first = selected
        } else if selected >= first + rows {
            first = selected - rows + 1
        }
        return max(min(first, count - rows), 0)
    }
}

/// A row's cell and its last drawing, which a frame copies while the row's width and
/// selection stay as they were: the way a UIKit cell's layer keeps what it drew.
@MainActor private struct VisibleCell {
    private(set) var cell: any ListCell
    private var drawn: (width: Int, isSelected: Bool, row: CanvasRow)?

    init(cell: any ListCell) {
        self.cell = cell
    }

    /// Whether `newCell` is equal to the cell shown: a reload that changed nothing in a row
    /// draws nothing again.
    func shows(_ newCell: any ListCell) -> Bool {
        guard let cell = cell as? any Equatable else { return false }
        return cell.isEqual(to: newCell)
    }

    /// The new cell, equal to the old one, keeping the drawing.
    func replacingCell(with newCell: any ListCell) -> VisibleCell {
        var kept = self
        kept.cell = newCell
        return kept
    }

    mutating func drawing(width: Int, isSelected: Bool) -> CanvasRow {
        if let drawn, drawn.width == width, drawn.isSelected == isSelected {
            return drawn.row
        }
        let row = CanvasRow(width: width) { canvas, bounds in
            cell.draw(in: canvas, bounds: bounds, isSelected: isSelected)
        }
        drawn = (width, isSelected, row)
        return row
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
