extension Observable {
    /// The values of all `sources` as they come. Ends when every source has completed, or at
    /// the first error.
    ///
    /// RxSwift twin: `Observable.merge`. Combine twin: `Publishers.MergeMany`.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable<Observable<Element>>.from(sources).merge()
    }

    /// The values of all `sources` as they come (see `merge(_:)` with an array).
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }
}

extension Observable where Element: ObservableConvertibleType {
    /// The values of every inner sequence as they come. Ends when this sequence and every
    /// inner one have completed, or at the first error.
    ///
    /// RxSwift twin: `merge()`. Combine twin: `flatMap { $0 }`.
    public func merge() -> Observable<Element.Element> {
        Observable<Element.Element>.create { observer in
            let subscriptions = CompositeDisposable()
            var running = 1
            let completeOne = {
                running -= 1
                if running == 0 {
                    observer.onCompleted()
                }
            }
            let outer = self.subscribe { event in
                switch event {
                case .next(let inner):
                    running += 1
                    var key: CompositeDisposable.Key?
                    var isDone = false
                    let subscription = inner.asObservable().subscribe { event in
                        switch event {
                        case .next(let element): observer.onNext(element)
                        case .error(let error): observer.onError(error)
                        case .completed:
                            isDone = true
                            subscriptions.remove(for: key)
                            completeOne()
                        }
                    }
                    if !isDone {
                        key = subscriptions.insert(subscription)
                    }
                case .error(let error): observer.onError(error)
                case .completed: completeOne()
                }
            }
            subscriptions.insert(outer)
            return subscriptions
        }
    }
}
