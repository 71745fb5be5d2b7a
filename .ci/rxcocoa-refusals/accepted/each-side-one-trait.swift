// What the view models write instead, and RxCocoa accepts: one trait on each side.
import ViewModelKit

@MainActor func selectedRow(enter: Signal<Void>, selection: Driver<Int>) -> Signal<Int> {
    enter.withLatestFrom(selection.asSignal(onErrorSignalWith: .empty()))
}

@MainActor func lastKey(rows: Driver<[String]>, keys: Signal<String>) -> Driver<String> {
    rows.withLatestFrom(keys.asDriver(onErrorDriveWith: .empty())) { _, key in key }
}

@MainActor func pairs(rows: Driver<Int>, keys: Signal<Int>) -> Driver<(Int, Int)> {
    Driver.combineLatest(rows, keys.asDriver(onErrorDriveWith: .empty()))
}
