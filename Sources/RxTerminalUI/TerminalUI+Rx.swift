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
