import Testing

@testable import TerminalUI

/// T5, T11: the list moves, scrolls and asks only for what it shows.
@MainActor
@Suite struct ListViewTests {
    @Test("a 10,000-row list asks the data source only for visible rows")
    func asksOnlyForVisibleRows() async {
        let root = ListViewController(rowCount: 10_000)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root))
        #expect(root.listView.visibleRowCount == 22)
        #expect(Set(root.source.requestedRows) == Set(0..<22))
        #expect(root.source.displayedRows == Array(0..<22))
        root.source.resetCounts()
        terminal.type(.end)
        #expect(await application.waitUntilSettled())
        #expect(Set(root.source.requestedRows) == Set(9_978..<10_000))
        #expect(root.source.displayedRows == Array(9_978..<10_000))
        #expect(root.source.selectionMoves == [9_999])
        #expect(terminal.rows[22] == "Row 9999")
    }

    @Test("as in UIKit, a move asks for no cell, and the rows on screen change on a reload only")
    func visibleCellsAreKeptUntilAReload() async {
        let root = ListViewController(rowCount: 100)
        let (application, terminal) = await makeApplication(root: root)
        root.source.resetCounts()
        terminal.type(.down, .down, .up)
        #expect(await application.waitUntilSettled())
        #expect(root.listView.selectedRow == 1)
        #expect(root.source.requestedRows.isEmpty, "a move only redraws the selection")
        #expect(terminal.rows[0] == "Row 0")

        root.source.label = "Item"
        root.listView.setNeedsDisplay()
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Row 0", "a cell on screen is not asked for again")
        root.listView.reloadData()
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Item 0")
        #expect(Set(root.source.requestedRows) == Set(0..<root.listView.visibleRowCount))

        let canvas = Canvas(size: Size(width: 20, height: 3))
        root.listView.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(
            (0..<3).map { canvas.cell(x: 0, y: $0).style.isReversed } == [false, true, false],
            "the selection is drawn where it moved to, and only there")
    }

    @Test(
        "as in UIKit, a reload that changes the rows (their cells or their number) displays the rows on screen anew; one that changes nothing tells nothing"
    )
    func aReloadWithOtherCellsDisplaysTheirRowsAnew() async {
        let root = ListViewController(rowCount: 100)
        let (application, _) = await makeApplication(root: root)
        root.source.resetCounts()
        root.listView.reloadData()
        #expect(await application.waitUntilSettled())
        #expect(root.source.displayedRows.isEmpty, "the same cells: nothing displayed anew")

        root.source.label = "Item"
        root.listView.reloadData()
        #expect(await application.waitUntilSettled())
        #expect(root.source.displayedRows == Array(0..<root.listView.visibleRowCount))

        root.source.resetCounts()
        root.source.rowCount = 10
        root.listView.reloadData()
        #expect(await application.waitUntilSettled())
        #expect(
            root.source.displayedRows == Array(0..<10),
            "the same cells, but fewer rows: the rows on screen are displayed anew")
    }

    @Test(
        "a row drawn once and copied is the row drawn in place, over wide characters too",
        arguments: [-1, 0, 1, 3])
    func aCopiedRowIsTheRowDrawnInPlace(x: Int) {
        let size = Size(width: 12, height: 1)
        let cell = TextListCell("가나 x 다라마바")
        func background() -> Canvas {
            let canvas = Canvas(size: size)
            canvas.draw("사아자차카타", x: 0, y: 0)
            return canvas
        }
        for isSelected in [false, true] {
            let bounds = Rect(x: x, y: 0, width: 8, height: 1)
            let inPlace = background()
            cell.draw(in: inPlace, bounds: bounds, isSelected: isSelected)
            let copied = background()
            let row = CanvasRow(width: bounds.width) { canvas, rowBounds in
                cell.draw(in: canvas, bounds: rowBounds, isSelected: isSelected)
            }
            copied.draw(row, x: x, y: 0)
            #expect(copied.cells == inPlace.cells, "at x \(x), selected \(isSelected)")
        }
    }

    @Test("↑/k ↓/j PgUp/PgDn Home/g End/G move the selection and keep it visible (T5)")
    func keysMoveTheSelection() async {
        let root = ListViewController(rowCount: 100)
        let (application, terminal) = await makeApplication(root: root, width: 40, height: 10)
        let list = root.listView
        #expect(list.visibleRowCount == 10)
        let steps: [(Key, Int)] = [
            (.down, 1), (.character("j"), 2), (.up, 1), (.character("k"), 0), (.up, 0),
            (.pageDown, 9), (.pageDown, 18), (.pageUp, 9), (.character("G"), 99), (.home, 0),
            (.end, 99), (.character("g"), 0),
        ]
        for (key, expected) in steps {
            terminal.type(key)
            #expect(await application.waitUntilSettled())
            #expect(list.selectedRow == expected, "after \(key)")
            #expect(list.firstVisibleRow <= list.selectedRow)
            #expect(list.selectedRow < list.firstVisibleRow + list.visibleRowCount)
        }
        #expect(root.source.selectionMoves == [1, 2, 1, 0, 9, 18, 9, 99, 0, 99, 0])
    }

    @Test(
        "Space, Ctrl-F and Ctrl-B move by a screen, Ctrl-D and Ctrl-U by half, the rows with them (T5)"
    )
    func pagerKeysMoveTheSelectionAndTheRows() async {
        let root = ListViewController(rowCount: 100)
        let (application, terminal) = await makeApplication(root: root, width: 40, height: 10)
        let list = root.listView
        let steps: [(Key, selected: Int, first: Int)] = [
            (.character(" "), 9, 9), (.control("f"), 18, 18), (.control("b"), 9, 9),
            (.control("d"), 14, 14), (.control("u"), 9, 9), (.control("u"), 4, 4),
            (.control("u"), 0, 0), (.control("b"), 0, 0), (.character("G"), 99, 90),
            (.control("d"), 99, 90), (.control("f"), 99, 90), (.control("u"), 94, 85),
        ]
        for (key, selected, first) in steps {
            terminal.type(key)
            #expect(await application.waitUntilSettled())
            #expect(list.selectedRow == selected, "after \(key)")
            #expect(list.firstVisibleRow == first, "after \(key)")
            #expect(terminal.rows[0] == "Row \(first)", "after \(key)")
        }
        #expect(root.source.selectionMoves == [9, 18, 9, 14, 9, 4, 0, 99, 94])
    }

    @Test("Enter, → and l tell the delegate which row was chosen (T5, T11)")
    func enterRightAndLChoose() async {
        let root = ListViewController(rowCount: 5)
        let (application, terminal) = await makeApplication(root: root)
        terminal.type(.down, .right, .down, .character("l"), .left, .character("h"))
        #expect(await application.waitUntilSettled())
        #expect(root.source.selectedRows == [1, 2])
        #expect(root.listView.selectedRow == 2, "← and h are not the list's")
    }

    @Test(
        "the wheel moves the selection three rows a notch; a click selects a row, a click on the selection chooses it (T5)"
    )
    func mouseMovesSelectsAndChooses() async {
        let root = ListViewController(rowCount: 100)
        let (application, terminal) = await makeApplication(
            root: NavigationController(rootViewController: root), width: 40, height: 10)
        let list = root.listView
        // The header is row 0 and the status line row 9: the list's rows are 1 to 8.
        let steps: [(MouseEvent, selected: Int)] = [
            (MouseEvent(.scrollDown, x: 5, y: 5), 3), (MouseEvent(.scrollDown, x: 0, y: 0), 6),
            (MouseEvent(.scrollUp, x: 5, y: 5), 3), (MouseEvent(.scrollUp, x: 5, y: 5), 0),
            (MouseEvent(.scrollUp, x: 5, y: 5), 0), (MouseEvent(.press, x: 10, y: 6), 5),
            (MouseEvent(.press, x: 39, y: 8), 7), (MouseEvent(.press, x: 10, y: 0), 7),
            (MouseEvent(.press, x: 10, y: 9), 7), (MouseEvent(.press, x: 40, y: 3), 7),
        ]
        for (event, selected) in steps {
            terminal.type(.mouse(event))
            #expect(await application.waitUntilSettled())
            #expect(list.selectedRow == selected, "after \(event)")
        }
        #expect(root.source.selectedRows.isEmpty)
        terminal.type(.mouse(MouseEvent(.press, x: 3, y: 8)))
        #expect(await application.waitUntilSettled())
        #expect(root.source.selectedRows == [7], "a click on the selected row chose it")

        terminal.type(.end, .mouse(MouseEvent(.press, x: 3, y: 1)))
        #expect(await application.waitUntilSettled())
        #expect(list.firstVisibleRow == 92)
        #expect(list.selectedRow == 92, "the row under the click, scrolled as the list is")
        #expect(root.source.selectionMoves == [3, 6, 3, 0, 5, 7, 99, 92])
    }

    @Test("a click below the last row is not the list's (T5)")
    func clickBelowTheRowsSelectsNothing() async {
        let root = ListViewController(rowCount: 3)
        let (application, terminal) = await makeApplication(root: root, width: 40, height: 10)
        #expect(!root.listView.handle(.mouse(MouseEvent(.press, x: 1, y: 3))))
        terminal.type(.mouse(MouseEvent(.press, x: 1, y: 2)))
        #expect(await application.waitUntilSettled())
        #expect(root.listView.selectedRow == 2)
        #expect(root.source.selectedRows.isEmpty)
    }

    @Test("Enter tells the delegate which row was chosen (T11)")
    func enterSelects() async {
        let root = ListViewController(rowCount: 5)
        let (application, terminal) = await makeApplication(root: root)
        terminal.type(.down, .down, .enter)
        #expect(await application.waitUntilSettled())
        #expect(root.source.selectedRows == [2])
    }

    @Test(
        "selectRow and reloadData clamp the selection and, as in UIKit, tell the delegate nothing")
    func selectRowClampsAndReloadDataClampsTheSelection() async {
        let root = ListViewController(rowCount: 50)
        let (application, _) = await makeApplication(root: root)
        root.listView.selectRow(500)
        #expect(root.listView.selectedRow == 49)
        root.source.rowCount = 10
        root.listView.reloadData()
        #expect(root.listView.selectedRow == 9)
        root.listView.selectRow(3)
        #expect(root.listView.selectedRow == 3)
        #expect(root.source.selectionMoves.isEmpty)
        root.source.rowCount = 0
        root.listView.reloadData()
        #expect(root.listView.selectedRow == 0)
        #expect(await application.waitUntilSettled())
        #expect(application.screenLines.allSatisfy { $0.isEmpty })
    }

    @Test("only a key that moves the selection tells the delegate")
    func onlyRealMovesAreTold() async {
        let root = ListViewController(rowCount: 3)
        let (application, terminal) = await makeApplication(root: root)
        terminal.type(.up, .home, .down, .end, .end, .down)
        #expect(await application.waitUntilSettled())
        #expect(root.source.selectionMoves == [1, 2])
    }

    @Test func theSelectedRowIsReversed() async {
        let root = ListViewController(rowCount: 3)
        let (application, terminal) = await makeApplication(root: root, width: 40, height: 10)
        terminal.type(.down)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[1] == "Row 1")
        #expect(String(decoding: terminal.lastWrite, as: UTF8.self).contains("\u{1B}[0;7mRow 1"))
    }
}

/// D6: the detail text wraps to the width and scrolls only when it is taller than the screen.
@MainActor
@Suite struct TextViewTests {
    final class TextViewController: ViewController {
        let textView = TextView()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(textView)
        }
    }

    @Test(
        "long text wraps to the width and scrolls with ↑↓ k j PgUp PgDn Space Ctrl-F Ctrl-B Ctrl-D Ctrl-U Home End and the wheel (D6, T5)"
    )
    func scrollsWhenTaller() async {
        let root = TextViewController()
        let (application, terminal) = await makeApplication(root: root, width: 40, height: 10)
        root.textView.blocks = (1...30).map {
            TextView.Block("Line \($0) 가나다라마바사아자차카타파하 가나다라마바사아자차카타파하", indent: 2)
        }
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "  Line 1 가나다라마바사아자차카타파하")
        #expect(terminal.rows.allSatisfy { $0.displayWidth <= 40 })
        let steps: [(Key, Int)] = [
            (.down, 1), (.character("j"), 2), (.up, 1), (.character("k"), 0), (.pageDown, 9),
            (.pageUp, 0), (.end, 50), (.down, 50), (.home, 0), (.character(" "), 9),
            (.control("f"), 18), (.control("b"), 9), (.control("d"), 14), (.control("u"), 9),
            (.home, 0), (.mouse(MouseEvent(.scrollDown, x: 0, y: 0)), 3),
            (.mouse(MouseEvent(.scrollDown, x: 0, y: 0)), 6),
            (.mouse(MouseEvent(.scrollUp, x: 0, y: 0)), 3),
            (.mouse(MouseEvent(.press, x: 0, y: 0)), 3), (.home, 0),
        ]
        for (key, expected) in steps {
            terminal.type(key)
            #expect(await application.waitUntilSettled())
            #expect(root.textView.scrollOffset == expected, "after \(key)")
        }
        terminal.resize(width: 80, height: 10)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "  Line 1 가나다라마바사아자차카타파하 가나다라마바사아자차카타파하")
    }

    @Test("a wrapped block with a hanging indent goes on under its first line (D1)")
    func hangingIndentWrapsUnderTheFirstLine() async {
        let root = TextViewController()
        let (application, terminal) = await makeApplication(root: root, width: 40, height: 10)
        root.textView.blocks = [
            TextView.Block(
                "Timothée Chalamet as Paul Atreides, Duke of Arrakis and Heir to House Atreides",
                indent: 2, hangingIndent: 2),
            TextView.Block("Zendaya as Chani", indent: 2, hangingIndent: 2),
        ]
        #expect(await application.waitUntilSettled())
        #expect(
            Array(terminal.rows.prefix(5)) == [
                "  Timothée Chalamet as Paul Atreides,", "    Duke of Arrakis and Heir to House",
                "    Atreides", "  Zendaya as Chani", "",
            ])
    }

    @Test("a linked block keeps its words whole: one too wide is cut with …, never broken (D1)")
    func linkedBlockKeepsItsWordsWhole() async {
        let address = "https://www.youtube.com/watch?v=Way9Dexny3w"
        let block = TextView.Block("Trailer: \(address)", link: address)
        for (width, rows) in [
            (60, ["Trailer: \(address)"]), (43, ["Trailer:", address]),
            (40, ["Trailer:", address.prefix(39) + "…"]),
        ] {
            let root = TextViewController()
            let (application, terminal) = await makeApplication(root: root, width: width)
            root.textView.blocks = [block]
            #expect(await application.waitUntilSettled())
            #expect(Array(terminal.rows.prefix(rows.count + 1)) == rows + [""], "at \(width)")
            application.quit()
        }
        #expect(
            "Trailer: \(address)".wrapped(toWidth: 30) == [
                "Trailer:", String(address.prefix(30)), String(address.dropFirst(30)),
            ], "an unlinked text still breaks a long word")
    }

    @Test("while lines follow below, the last row says so; at the end it does not (D1)")
    func scrollIndicatorSaysMoreFollows() async {
        let root = TextViewController()
        let (application, terminal) = await makeApplication(root: root, width: 40, height: 10)
        root.textView.blocks = (1...15).map { TextView.Block("Line \($0)") }
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[8] == "Line 9")
        #expect(terminal.rows[9] == "↓ more")
        terminal.type(.down, .down, .down, .down)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Line 5")
        #expect(terminal.rows[9] == "↓ more")
        terminal.type(.down)
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[0] == "Line 6")
        #expect(terminal.rows[9] == "Line 15", "the end: every row is text")
        terminal.type(.home)
        root.textView.showsVerticalScrollIndicator = false
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[9] == "Line 10")
        root.textView.blocks = (1...10).map { TextView.Block("Line \($0)") }
        root.textView.showsVerticalScrollIndicator = true
        #expect(await application.waitUntilSettled())
        #expect(terminal.rows[9] == "Line 10", "ten lines fit ten rows: nothing follows")
    }

    @Test("short text does not take the arrow keys")
    func shortTextIgnoresKeys() async {
        let root = TextViewController()
        let (application, _) = await makeApplication(root: root)
        root.textView.blocks = [
            TextView.Block("Title", style: .bold), .blankLine, TextView.Block("Body"),
        ]
        #expect(await application.waitUntilSettled())
        #expect(!root.textView.handle(.down))
        #expect(application.screenLines.prefix(3) == ["Title", "", "Body"])
    }
}
