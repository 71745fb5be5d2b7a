extension Observable {
    /// The first `count` values, then `completed`.
    ///
    /// RxSwift twin: `take(_:)`. Combine twin: `prefix(_:)`.
    public func take(_ count: Int) -> Observable<Element> {
        guard count > 0 else { return .empty() }
        return Observable.create { observer in
            var remaining = count
            return self.subscribe { event in
                switch event {
                case .next(let element):
                    remaining -= 1
                    observer.onNext(element)
                    if remaining == 0 {
                        observer.onCompleted()
                    }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }

    /// Every value after the first `count`.
    ///
    /// RxSwift twin: `skip(_:)`. Combine twin: `dropFirst(_:)`.
    public func skip(_ count: Int) -> Observable<Element> {
        Observable.create { observer in
            var remaining = count
            return self.subscribe { event in
                if case .next = event, remaining > 0 {
                    remaining -= 1
                    return
                }
                observer.on(event)
            }
        }
    }
}
