extension Observable {
    /// The first `count` values, then `completed`. A value the source sends while the last
    /// one is being delivered (its subscriber made the source send again) is past the count
    /// and left out. `count` must not be negative.
    ///
    /// RxSwift twin: `take(_:)` (`TakeCountSink`, RxSwift/Observables/Take.swift, which also
    /// counts down before forwarding). Combine twin: `prefix(_:)`.
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "count can't be negative")
        guard count > 0 else { return .empty() }
        return Observable.create { observer in
            var remaining = count
            return self.subscribe { event in
                switch event {
                case .next(let element):
                    guard remaining > 0 else { return }
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
