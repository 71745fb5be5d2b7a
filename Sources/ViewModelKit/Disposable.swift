/// A subscription that can be ended. Ending it stops every delivery to its subscriber and
/// frees the subscriber's closures.
///
/// RxSwift twin: `Disposable`.
/// Combine twin: `Cancellable`.
///
/// `dispose()` may be called more than once and from any thread (a `DisposeBag` owned by a
/// main-actor object may be freed elsewhere). Once it returns, nothing more is delivered to
/// the subscriber; the rest of the cleanup runs on the main actor, at once when called there.
public protocol Disposable: Sendable {
    /// Ends the subscription.
    func dispose()
}

extension Disposable {
    /// Keeps the subscription until `bag` is freed or replaced.
    ///
    /// RxSwift twin: `disposed(by:)`. Combine twin: `store(in:)`.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// Makes disposables.
///
/// RxSwift twin: `Disposables`.
/// Combine twin: `AnyCancellable(_:)`.
public enum Disposables {
    /// A disposable that does nothing, for sources with nothing to clean up.
    public static func create() -> any Disposable {
        NopDisposable()
    }

    /// A disposable that runs `dispose` once, on the main actor, the first time it is disposed.
    @MainActor
    public static func create(with dispose: @escaping @MainActor () -> Void) -> any Disposable {
        AnonymousDisposable(dispose)
    }

    /// A disposable that disposes all of `disposables` together.
    public static func create(_ disposables: any Disposable...) -> any Disposable {
        GroupDisposable(disposables)
    }
}

private struct NopDisposable: Disposable {
    func dispose() {}
}

private struct GroupDisposable: Disposable {
    let disposables: [any Disposable]

    init(_ disposables: [any Disposable]) {
        self.disposables = disposables
    }

    func dispose() {
        for disposable in disposables {
            disposable.dispose()
        }
    }
}
