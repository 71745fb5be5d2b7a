extension Observable {
    /// On each value of this sequence, `resultSelector` of it and the latest value of
    /// `second`; nothing until `second` has a value. Ends when this sequence ends or `second`
    /// fails; `second` completing changes nothing.
    ///
    /// RxSwift twin: `withLatestFrom(_:resultSelector:)`. Combine twin: none built in
    /// (`combineLatest` then `removeDuplicates` on the trigger).
    public func withLatestFrom<Second: ObservableConvertibleType, Result>(
        _ second: Second,
        resultSelector: @escaping (Element, Second.Element) throws -> Result
    ) -> Observable<Result> {
        Observable<Result>.create { observer in
            var latest: Second.Element?
            // `second` first, so that a value it replays on subscription (a BehaviorRelay,
            // a Driver) is already there for this sequence's first value.
            let secondSubscription = second.asObservable().subscribe { event in
                switch event {
                case .next(let element): latest = element
                case .error(let error): observer.onError(error)
                case .completed: break
                }
            }
            let firstSubscription = self.subscribe { event in
                switch event {
                case .next(let element):
                    guard let latest else { return }
                    do {
                        observer.onNext(try resultSelector(element, latest))
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
            return Disposables.create(secondSubscription, firstSubscription)
        }
    }

    /// On each value of this sequence, the latest value of `second`.
    ///
    /// RxSwift twin: `withLatestFrom(_:)`.
    public func withLatestFrom<Second: ObservableConvertibleType>(_ second: Second)
        -> Observable<Second.Element>
    {
        withLatestFrom(second) { _, latest in latest }
    }
}
