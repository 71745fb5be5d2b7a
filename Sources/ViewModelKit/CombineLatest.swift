extension Observable {
    /// Once both sources have a value, `resultSelector` of their latest values each time
    /// either changes. Ends when both have completed (or one completes without any value),
    /// or at the first error.
    ///
    /// RxSwift twin: `Observable.combineLatest(_:_:resultSelector:)`.
    /// Combine twin: `combineLatest(_:_:)`.
    public static func combineLatest<
        First: ObservableConvertibleType, Second: ObservableConvertibleType
    >(
        _ first: First, _ second: Second,
        resultSelector: @escaping (First.Element, Second.Element) throws -> Element
    ) -> Observable<Element> {
        Observable.create { observer in
            var latestFirst: First.Element?
            var latestSecond: Second.Element?
            var completedCount = 0
            let emit = {
                guard let latestFirst, let latestSecond else { return }
                do {
                    observer.onNext(try resultSelector(latestFirst, latestSecond))
                } catch {
                    observer.onError(error)
                }
            }
            let complete = { (hasValue: Bool) in
                completedCount += 1
                if completedCount == 2 || !hasValue {
                    observer.onCompleted()
                }
            }
            let firstSubscription = first.asObservable().subscribe { event in
                switch event {
                case .next(let element):
                    latestFirst = element
                    emit()
                case .error(let error): observer.onError(error)
                case .completed: complete(latestFirst != nil)
                }
            }
            let secondSubscription = second.asObservable().subscribe { event in
                switch event {
                case .next(let element):
                    latestSecond = element
                    emit()
                case .error(let error): observer.onError(error)
                case .completed: complete(latestSecond != nil)
                }
            }
            return Disposables.create(firstSubscription, secondSubscription)
        }
    }

    /// Once both sources have a value, the pair of their latest values each time either
    /// changes.
    ///
    /// RxSwift twin: `Observable.combineLatest(_:_:)`.
    public static func combineLatest<
        First: ObservableConvertibleType, Second: ObservableConvertibleType
    >(
        _ first: First, _ second: Second
    ) -> Observable<(First.Element, Second.Element)>
    where Element == (First.Element, Second.Element) {
        combineLatest(first, second) { ($0, $1) }
    }
}
