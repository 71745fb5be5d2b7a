/// Holds one disposable at a time: replacing it disposes the previous one, and anything set
/// after disposal is disposed at once. `flatMapLatest` keeps its inner subscription here.
///
/// RxSwift twin: `SerialDisposable`. Combine twin: assigning a new `AnyCancellable` to a
/// property that held the previous one.
final class SerialDisposable: MainActorDisposable {
    private var current: (any Disposable)?

    /// The disposable held now.
    var disposable: (any Disposable)? {
        get { current }
        set {
            if isDisposed {
                newValue?.dispose()
                return
            }
            let previous = current
            current = newValue
            previous?.dispose()
        }
    }

    override func release() {
        let current = self.current
        self.current = nil
        current?.dispose()
    }
}
