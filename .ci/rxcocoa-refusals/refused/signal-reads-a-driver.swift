// expect: SignalSharingStrategy
// RxCocoa: `Signal.withLatestFrom(Driver)` requires the types 'SignalSharingStrategy' and
// 'DriverSharingStrategy' be equivalent.
import ViewModelKit

@MainActor func selectedRow(enter: Signal<Void>, selection: Driver<Int>) -> Signal<Int> {
    enter.withLatestFrom(selection)
}
