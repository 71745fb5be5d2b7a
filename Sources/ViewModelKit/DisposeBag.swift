import Synchronization

/// Keeps subscriptions and disposes them all when it is freed, so a subscription lives
/// exactly as long as the object that owns the bag. To end them early, replace the bag:
/// `disposeBag = DisposeBag()`.
///
/// RxSwift twin: `DisposeBag`.
/// Combine twin: `Set<AnyCancellable>`.
///
/// Safe to free on any thread: `dispose()` stops deliveries at once wherever it is called.
public final class DisposeBag: Sendable {
    private let disposables = Mutex<[any Disposable]>([])

    public init() {}

    /// Keeps `disposable` until the bag is freed.
    public func insert(_ disposable: any Disposable) {
        disposables.withLock { $0.append(disposable) }
    }

    deinit {
        let disposables = self.disposables.withLock { disposables in
            defer { disposables = [] }
            return disposables
        }
        for disposable in disposables {
            disposable.dispose()
        }
    }
}
