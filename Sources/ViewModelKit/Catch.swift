extension Observable {
    /// On `error`, continues with the sequence `handler` makes from the error.
    ///
    /// RxSwift twin: `catch(_:)`. Combine twin: `catch`.
    public func `catch`(_ handler: @escaping (any Error) throws -> Observable<Element>)
        -> Observable<Element>
    {
        Observable.create { observer in
            let fallback = SerialDisposable()
            let subscription = self.subscribe { event in
                guard case .error(let error) = event else {
                    observer.on(event)
                    return
                }
                do {
                    fallback.disposable = try handler(error).subscribe(observer)
                } catch {
                    observer.onError(error)
                }
            }
            return Disposables.create(subscription, fallback)
        }
    }

    /// On `error`, `element` then `completed`.
    ///
    /// RxSwift twin: `catchAndReturn(_:)`. Combine twin: `replaceError(with:)`.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        `catch` { _ in .just(element) }
    }
}
