/// Holds many disposables and disposes them together; each can also be removed (and
/// disposed) alone when its part of the work ends first, as a merged source that completes.
///
/// RxSwift twin: `CompositeDisposable`. Combine twin: a `Set<AnyCancellable>`.
final class CompositeDisposable: MainActorDisposable {
    /// Names one disposable held by the composite.
    struct Key: Hashable {
        fileprivate let rawValue: Int
    }

    private var disposables: [Key: any Disposable] = [:]
    private var nextKey = 0

    /// Adds `disposable`, or disposes it at once when the composite is already disposed.
    @discardableResult
    func insert(_ disposable: any Disposable) -> Key? {
        if isDisposed {
            disposable.dispose()
            return nil
        }
        let key = Key(rawValue: nextKey)
        nextKey += 1
        disposables[key] = disposable
        return key
    }

    /// Disposes and forgets the disposable named `key`.
    func remove(for key: Key?) {
        guard let key, let disposable = disposables.removeValue(forKey: key) else { return }
        disposable.dispose()
    }

    override func release() {
        let disposables = self.disposables.values
        self.disposables = [:]
        for disposable in disposables {
            disposable.dispose()
        }
    }
}
