/// A clock that can run work later, so that time-based operators (`debounce`) take real
/// time in the app and virtual time in tests (`TestScheduler`).
///
/// RxSwift twin: `SchedulerType`.
/// Combine twin: `Scheduler`.
@MainActor
public protocol SchedulerType: AnyObject {
    /// The time elapsed since this scheduler's origin (its creation, or virtual time zero).
    var now: Duration { get }

    /// Runs `action` on the main actor once `dueTime` has passed; disposing the result
    /// before then means it never runs.
    func schedule(after dueTime: Duration, action: @escaping @MainActor () -> Void)
        -> any Disposable
}
