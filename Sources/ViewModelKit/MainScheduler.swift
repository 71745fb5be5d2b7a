/// Time on the main actor: each scheduled action is a `Task` that sleeps on the scheduler's
/// clock, then runs unless it was disposed meanwhile. `instance` uses real time; a test may
/// give the app one on a virtual clock.
///
/// RxSwift twin: `MainScheduler.instance`.
/// Combine twin: `DispatchQueue.main` / `RunLoop.main`.
@MainActor
public final class MainScheduler: SchedulerType {
    /// The main scheduler on real time.
    public static let instance = MainScheduler(clock: ContinuousClock())

    private let elapsed: @MainActor () -> Duration
    private let sleep: @Sendable (Duration) async throws -> Void

    /// A main scheduler whose time is `clock`'s.
    public init<C: Clock>(clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(for: duration) }
    }

    public var now: Duration {
        elapsed()
    }

    public func schedule(after dueTime: Duration, action: @escaping @MainActor () -> Void)
        -> any Disposable
    {
        let sleep = self.sleep
        let task = Task { @MainActor in
            do {
                try await sleep(dueTime)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            action()
        }
        return Disposables.create { task.cancel() }
    }
}
