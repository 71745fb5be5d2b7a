import Synchronization

/// The base of every disposable the core makes: a flag that any thread may set, checked
/// before each delivery, and a `release()` that runs once on the main actor.
///
/// Disposing on the main actor releases at once; disposing elsewhere (a `DisposeBag` freed
/// off the main actor) sets the flag at once, so nothing more is delivered, and releases on
/// the main actor's next turn.
@MainActor
class MainActorDisposable: Disposable {
    private nonisolated let disposed = Atomic<Bool>(false)

    init() {
        MainThread.note()
    }

    /// Whether `dispose()` has been called.
    nonisolated final var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    nonisolated final func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if MainThread.isCurrent {
            MainActor.assumeIsolated { release() }
        } else {
            Task { @MainActor in self.release() }
        }
    }

    /// Frees what the subscription holds; called once, on the main actor, after `dispose()`.
    func release() {}
}

/// Runs a closure when disposed (`Disposables.create(with:)`).
final class AnonymousDisposable: MainActorDisposable {
    private var action: (@MainActor () -> Void)?

    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    override func release() {
        let action = self.action
        self.action = nil
        action?()
    }
}
