extension Observable {
    /// Every event as a value, then `completed`: a failure becomes data, so a request's error
    /// can turn into a screen state without ending the screen's sequence.
    ///
    /// RxSwift twin: `materialize()`. Combine twin: `map(Result.success)` with
    /// `catch { Just(.failure($0)) }`.
    public func materialize() -> Observable<Event<Element>> {
        Observable<Event<Element>>.create { observer in
            self.subscribe { event in
                observer.onNext(event)
                if event.isStopEvent {
                    observer.onCompleted()
                }
            }
        }
    }
}
