import Synchronization

/// Cancels its tasks when it goes away, like RxSwift's `DisposeBag`: a subscription lives
/// exactly as long as the object that owns the bag.
public final class TaskBag: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    public init() {}

    public func insert(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
    }

    deinit {
        tasks.withLock { tasks in
            for task in tasks {
                task.cancel()
            }
        }
    }
}

extension Task where Success == Void, Failure == Never {
    /// Keeps the task until `bag` goes away (RxSwift: `disposed(by:)`).
    public func store(in bag: TaskBag) {
        bag.insert(self)
    }
}
