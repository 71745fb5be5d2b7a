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
