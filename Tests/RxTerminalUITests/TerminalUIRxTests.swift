import RxTerminalUI
import TerminalUI
import Testing
import ViewModelKit

/// The kit's `rx` binders: a binding line reads as it would with RxCocoa, sets the same
/// property, and never keeps a screen alive.
@MainActor
struct TerminalUIRxTests {
    @Test func outputsDriveTheHeaderTheStatusLineAndAViewsVisibility() {
        let controller = ViewController()
        let messageView = MessageView()
        let title = BehaviorRelay(value: "Dune: Part Two")
        let isHidden = BehaviorRelay(value: true)
        let hints = BehaviorRelay(value: "b back · ? help · q quit")
        let disposeBag = DisposeBag()

        title.asDriver().drive(controller.navigationItem.rx.title).disposed(by: disposeBag)
        isHidden.asDriver().drive(messageView.rx.isHidden).disposed(by: disposeBag)
        hints.asDriver().map(StatusLine.hint).drive(controller.rx.statusLine)
            .disposed(by: disposeBag)

        #expect(controller.navigationItem.title == "Dune: Part Two")
        #expect(messageView.isHidden)
        #expect(controller.statusLine == .hint("b back · ? help · q quit"))
        title.accept("Superman")
        isHidden.accept(false)
        #expect(controller.navigationItem.title == "Superman")
        #expect(!messageView.isHidden)
    }

    @Test func itemsMakeTheRowsTheListsDataSourceAndReloadOnEachValue() {
        // T2: `rx.items` as RxCocoa's `tableView.rx.items`: the list shows the rows last
        // sent, asks the closure for a row's cell, and loses its data source when unbound.
        let listView = ListView()
        let rows = BehaviorRelay(value: ["Dune", "Superman"])
        let binding = rows.asDriver().drive(listView.rx.items) { _, row, title in
            TextListCell("\(row + 1). \(title)")
        }
        #expect(listView.numberOfRows == 2)
        let cell = listView.dataSource?.listView(listView, cellForRowAt: 1) as? TextListCell
        #expect(cell?.text == "2. Superman")
        listView.selectRow(1)
        rows.accept(["Dune", "Superman", "Parasite"])
        #expect(listView.numberOfRows == 3, "each value reloads the list")
        #expect(listView.selectedRow == 1, "a reload keeps the selection it can")
        rows.accept(["Dune"])
        #expect(listView.numberOfRows == 1)
        #expect(listView.selectedRow == 0)
        binding.dispose()
        #expect(listView.dataSource == nil)
        #expect(listView.numberOfRows == 0)
    }

    @Test func aListsEventsComeAsControlEventsOfItsRows() {
        // T5, T6, T11: a move, a row coming on screen and Enter reach a view model as RxCocoa's
        // `tableView.rx.itemSelected` does, through the delegate the events install.
        let listView = ListView()
        let rows = BehaviorRelay(value: (1...30).map { "Movie \($0)" })
        let disposeBag = DisposeBag()
        rows.asDriver().drive(listView.rx.items) { _, _, title in TextListCell(title) }
            .disposed(by: disposeBag)
        var moved: [Int] = []
        var shown: [Int] = []
        var chosen: [Int] = []
        listView.rx.selectionMoved.asSignal().emit(onNext: { moved.append($0) })
            .disposed(by: disposeBag)
        listView.rx.willDisplayRow.asSignal().emit(onNext: { shown.append($0) })
            .disposed(by: disposeBag)
        listView.rx.itemSelected.asSignal().emit(onNext: { chosen.append($0) })
            .disposed(by: disposeBag)

        let canvas = Canvas(size: Size(width: 20, height: 3))
        listView.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(shown == [0, 1, 2], "the three rows that fit came on screen")
        #expect(listView.handle(.down))
        #expect(listView.handle(.down))
        #expect(listView.handle(.enter))
        #expect(moved == [1, 2])
        #expect(chosen == [2])
        listView.selectRow(5)
        #expect(moved == [1, 2], "a selection the code makes is not the user's move")
    }

    @Test func aListsEventsDoNotKeepTheListAlive() {
        // E5: the delegate the events install goes with its list.
        weak var released: ListView?
        do {
            let listView = ListView()
            released = listView
            _ = listView.rx.itemSelected
            #expect(listView.delegate != nil)
        }
        #expect(released == nil)
    }

    @Test func aBindingDoesNotKeepItsScreenAlive() {
        // E5: a screen the user left is freed even while its outputs are still bound.
        let hints = BehaviorRelay(value: "b back · ? help · q quit")
        weak var released: ViewController?
        var binding: (any Disposable)?
        do {
            let controller = ViewController()
            released = controller
            binding = hints.asDriver().map(StatusLine.hint).drive(controller.rx.statusLine)
            #expect(controller.statusLine == .hint("b back · ? help · q quit"))
        }
        #expect(released == nil)
        hints.accept("r retry · b back · ? help · q quit")
        binding?.dispose()
    }
}
