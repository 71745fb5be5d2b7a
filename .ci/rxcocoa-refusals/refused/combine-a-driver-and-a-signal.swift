// expect: SignalSharingStrategy
// RxCocoa: `Driver.combineLatest` takes Drivers only.
import ViewModelKit

@MainActor func pairs(rows: Driver<Int>, keys: Signal<Int>) -> Driver<(Int, Int)> {
    Driver.combineLatest(rows, keys)
}
