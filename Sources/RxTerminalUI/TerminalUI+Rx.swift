import TerminalUI
import ViewModelKit

// The kit's views, screens and header take part in the `rx` namespace, as RxCocoa makes
// UIKit's `NSObject`s take part: `messageView.rx.isHidden`, `navigationItem.rx.title` and
// `rx.statusLine` are binders for those properties.

extension View: ReactiveCompatible {}

extension ViewController: ReactiveCompatible {}

extension NavigationItem: ReactiveCompatible {}

extension Reactive where Base: ListView {
    /// Binds a sequence of row collections to the list: each collection the source sends
    /// becomes the rows, the list reloads, and `cellFactory` makes the cell of each visible
    /// row. The list keeps the collection as it is, without copying it into an array, so that
    /// 10,000 rows cost nothing more than 20 to bind. Disposing the binding leaves the list
    /// without a data source.
    ///
    /// ```swift
    /// output.rows.drive(listView.rx.items) { listView, row, movieRow in
    ///     MovieRowCell(…)
    /// }
    /// .disposed(by: disposeBag)
    /// ```
    ///
    /// RxCocoa twin: `tableView.rx.items(_:)` (RxCocoa/iOS/UITableView+Rx.swift), which takes
    /// any `Sequence` and copies it into an array.
    public func items<Rows: RandomAccessCollection, Source: ObservableConvertibleType>(
        _ source: Source
    ) -> (_ cellFactory: @escaping (ListView, Int, Rows.Element) -> any ListCell) ->
        any Disposable
    where Source.Element == Rows, Rows.Index == Int {
        { [base] cellFactory in
            let dataSource = ListViewItemsDataSource<Rows>(cellFactory: cellFactory)
            base.dataSource = dataSource
            let subscription = source.asObservable().subscribe(
                Binder(base) { listView, rows in
                    dataSource.rows = rows
                    listView.reloadData()
                })
            return Disposables.create { [weak base] in
                subscription.dispose()
                // The binding keeps the data source, which the list holds weakly, as
                // RxCocoa's binding keeps its proxy.
                if base?.dataSource === dataSource {
                    base?.dataSource = nil
                }
            }
        }
    }
}

/// The data source `rx.items` gives a list: the rows last bound, and how to draw one.
@MainActor
private final class ListViewItemsDataSource<Rows: RandomAccessCollection>: ListViewDataSource
where Rows.Index == Int {
    var rows: Rows?
    let cellFactory: (ListView, Int, Rows.Element) -> any ListCell

    init(cellFactory: @escaping (ListView, Int, Rows.Element) -> any ListCell) {
        self.cellFactory = cellFactory
    }

    func numberOfRows(in listView: ListView) -> Int {
        rows?.count ?? 0
    }

    func listView(_ listView: ListView, cellForRowAt row: Int) -> any ListCell {
        guard let rows else { return TextListCell("") }
        return cellFactory(listView, row, rows[rows.startIndex + row])
    }
}

/// What a view tells about the user's actions, as a sequence: it never fails, replays
/// nothing, and sends on the main actor.
///
/// RxCocoa twin: `ControlEvent` (RxCocoa/Traits/ControlEvent.swift).
public struct ControlEvent<Element>: ObservableConvertibleType {
    private let events: Observable<Element>

    init(events: Observable<Element>) {
        self.events = events
    }

    public func asObservable() -> Observable<Element> {
        events
    }

    /// The events as a `Signal`, as an input of a view model takes them.
    public func asSignal() -> Signal<Element> {
        events.asSignal(onErrorSignalWith: .empty())
    }
}

extension Reactive where Base: ListView {
    /// The row the user chose: Enter, or a click on the selected row.
    ///
    /// RxCocoa twin: `tableView.rx.itemSelected`, which sends an `IndexPath`.
    public var itemSelected: ControlEvent<Int> {
        ControlEvent(events: ListViewDelegateProxy.proxy(for: base).itemSelected.asObservable())
    }

    /// The row the user moved the selection to, with the arrows, the wheel or a click.
    ///
    /// RxCocoa twin: none; a list without a keyboard has no selection that moves.
    public var selectionMoved: ControlEvent<Int> {
        ControlEvent(events: ListViewDelegateProxy.proxy(for: base).selectionMoved.asObservable())
    }

    /// A row coming on screen.
    ///
    /// RxCocoa twin: `tableView.rx.willDisplayCell`, which sends the cell and its `IndexPath`.
    public var willDisplayRow: ControlEvent<Int> {
        ControlEvent(events: ListViewDelegateProxy.proxy(for: base).willDisplayRow.asObservable())
    }
}

/// The delegate the `rx` events of a list install, as RxCocoa's delegate proxy: one per list,
/// which becomes the list's delegate and turns each call into an event. The list holds its
/// delegate weakly, so the proxies are kept here, each until its list is gone (RxCocoa keeps
/// its proxy on the view with an Objective-C associated object, which Linux does not have).
@MainActor
private final class ListViewDelegateProxy: ListViewDelegate {
    private static var proxies: [ObjectIdentifier: ListViewDelegateProxy] = [:]

    private weak var listView: ListView?
    let itemSelected = PublishRelay<Int>()
    let selectionMoved = PublishRelay<Int>()
    let willDisplayRow = PublishRelay<Int>()

    private init(listView: ListView) {
        self.listView = listView
    }

    /// The proxy of `listView`, made and installed as its delegate the first time.
    static func proxy(for listView: ListView) -> ListViewDelegateProxy {
        proxies = proxies.filter { $0.value.listView != nil }
        if let proxy = proxies[ObjectIdentifier(listView)], proxy.listView === listView {
            return proxy
        }
        let proxy = ListViewDelegateProxy(listView: listView)
        proxies[ObjectIdentifier(listView)] = proxy
        listView.delegate = proxy
        return proxy
    }

    func listView(_ listView: ListView, willDisplayRowAt row: Int) {
        willDisplayRow.accept(row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        selectionMoved.accept(row)
    }

    func listView(_ listView: ListView, didSelectRowAt row: Int) {
        itemSelected.accept(row)
    }
}
