extension Observable {
    /// Once both sources have a value, `resultSelector` of their latest values each time
    /// either changes. Fails at the first error. Completes when both sources have completed,
    /// or at a value of one source while the other has completed without ever giving one:
    /// no result can come any more. A source that completes without a value does not end it
    /// by itself; it ends at the other source's next value or completion.
    ///
    /// RxSwift twin: `Observable.combineLatest(_:_:resultSelector:)`, whose `CombineLatestSink`
    /// (RxSwift/Observables/CombineLatest.swift) decides the end the same way.
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
            var isFirstDone = false
            var isSecondDone = false
            // `CombineLatestSink.next`: a result once both have a value; until then, the end
            // if the other source is done, as it can never give its first value.
            let next = { (isOtherDone: Bool) in
                if let latestFirst, let latestSecond {
                    do {
                        observer.onNext(try resultSelector(latestFirst, latestSecond))
                    } catch {
                        observer.onError(error)
                    }
                } else if isOtherDone {
                    observer.onCompleted()
                }
            }
            // `CombineLatestSink.done`: the end once both are done, and only then.
            let done = {
                if isFirstDone && isSecondDone {
                    observer.onCompleted()
                }
            }
            let firstSubscription = first.asObservable().subscribe { event in
                switch event {
                case .next(let element):
                    latestFirst = element
                    next(isSecondDone)
                case .error(let error): observer.onError(error)
                case .completed:
                    isFirstDone = true
                    done()
                }
            }
            let secondSubscription = second.asObservable().subscribe { event in
                switch event {
                case .next(let element):
                    latestSecond = element
                    next(isFirstDone)
                case .error(let error): observer.onError(error)
                case .completed:
                    isSecondDone = true
                    done()
                }
            }
            return Disposables.create(firstSubscription, secondSubscription)
        }
    }

    /// Once both sources have a value, the pair of their latest values each time either
    /// changes. Ends as `combineLatest(_:_:resultSelector:)` does.
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
