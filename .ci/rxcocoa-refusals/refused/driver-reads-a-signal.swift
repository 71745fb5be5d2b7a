// expect: DriverSharingStrategy
// RxCocoa: `Driver.withLatestFrom(Signal)` is refused the same way.
import ViewModelKit

@MainActor func lastKey(rows: Driver<[String]>, keys: Signal<String>) -> Driver<String> {
    rows.withLatestFrom(keys) { _, key in key }
}
