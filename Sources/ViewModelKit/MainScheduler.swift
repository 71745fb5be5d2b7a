/// Real time on the main actor: each scheduled action is a `Task` that sleeps, then runs
/// unless it was disposed meanwhile.
///
/// RxSwift twin: `MainScheduler.instance`.
/// Combine twin: `DispatchQueue.main` / `RunLoop.main`.
@MainActor
public final class MainScheduler: SchedulerType {
    /// The one main scheduler.
    public static let instance = MainScheduler()

    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    private init() {
        origin = clock.now
    }

    public var now: Duration {
        clock.now - origin
    }

    public func schedule(after dueTime: Duration, action: @escaping @MainActor () -> Void)
        -> any Disposable
    {
        let clock = self.clock
        let task = Task { @MainActor in
            try? await clock.sleep(for: dueTime)
            guard !Task.isCancelled else { return }
            action()
        }
        return Disposables.create { task.cancel() }
    }
}
