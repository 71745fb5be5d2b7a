extension Observable {
    /// For each value, the values of the sequence `selector` makes for it, but only of the
    /// latest one: a new value disposes the previous inner subscription, so a superseded
    /// answer (a search for an older query) is never delivered. Ends when this sequence and
    /// the current inner one have completed, or at the first error.
    ///
    /// RxSwift twin: `flatMapLatest`. Combine twin: `map(_:)` then `switchToLatest()`.
    public func flatMapLatest<Inner: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        Observable<Inner.Element>.create { observer in
            let innerSubscription = SerialDisposable()
            var latest = 0
            var isOuterDone = false
            var hasInner = false
            let outerSubscription = self.subscribe { event in
                switch event {
                case .next(let element):
                    let inner: Observable<Inner.Element>
                    do {
                        inner = try selector(element).asObservable()
                    } catch {
                        observer.onError(error)
                        return
                    }
                    // Disposing the previous inner subscription first is the whole trick:
                    // whatever it would still have said can no longer reach `observer`.
                    innerSubscription.disposable = nil
                    latest += 1
                    let id = latest
                    hasInner = true
                    let subscription = inner.subscribe { event in
                        guard id == latest else { return }
                        switch event {
                        case .next(let element): observer.onNext(element)
                        case .error(let error): observer.onError(error)
                        case .completed:
                            hasInner = false
                            if isOuterDone {
                                observer.onCompleted()
                            }
                        }
                    }
                    // A newer value may have arrived while subscribing; then this one is
                    // already superseded.
                    if id == latest {
                        innerSubscription.disposable = subscription
                    } else {
                        subscription.dispose()
                    }
                case .error(let error): observer.onError(error)
                case .completed:
                    isOuterDone = true
                    if !hasInner {
                        observer.onCompleted()
                    }
                }
            }
            return Disposables.create(outerSubscription, innerSubscription)
        }
    }

    /// For each value, the values of the sequence `selector` makes for it, but values that
    /// arrive while an inner sequence is still running are ignored: "load the next page" does
    /// nothing while a page is loading.
    ///
    /// RxSwift twin: `flatMapFirst`. Combine twin: `flatMap(maxPublishers: .max(1))`
    /// (which buffers instead of ignoring).
    public func flatMapFirst<Inner: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        Observable<Inner.Element>.create { observer in
            let innerSubscription = SerialDisposable()
            var isOuterDone = false
            var hasInner = false
            let outerSubscription = self.subscribe { event in
                switch event {
                case .next(let element):
                    guard !hasInner else { return }
                    let inner: Observable<Inner.Element>
                    do {
                        inner = try selector(element).asObservable()
                    } catch {
                        observer.onError(error)
                        return
                    }
                    hasInner = true
                    let subscription = inner.subscribe { event in
                        switch event {
                        case .next(let element): observer.onNext(element)
                        case .error(let error): observer.onError(error)
                        case .completed:
                            hasInner = false
                            if isOuterDone {
                                observer.onCompleted()
                            }
                        }
                    }
                    if hasInner {
                        innerSubscription.disposable = subscription
                    }
                case .error(let error): observer.onError(error)
                case .completed:
                    isOuterDone = true
                    if !hasInner {
                        observer.onCompleted()
                    }
                }
            }
            return Disposables.create(outerSubscription, innerSubscription)
        }
    }
}
