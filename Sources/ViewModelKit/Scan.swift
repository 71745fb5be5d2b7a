extension Observable {
    /// Each value folded into an accumulated state, emitting every state. The seed itself is
    /// not emitted (prefix `startWith(seed)` for that).
    ///
    /// RxSwift twin: `scan(_:accumulator:)`. Combine twin: `scan`.
    public func scan<State>(
        _ seed: State, accumulator: @escaping (State, Element) throws -> State
    ) -> Observable<State> {
        scan(into: seed) { state, element in state = try accumulator(state, element) }
    }

    /// Each value folded into an accumulated state changed in place, emitting every state.
    ///
    /// RxSwift twin: `scan(into:accumulator:)`. Combine twin: `scan` with a copy.
    public func scan<State>(
        into seed: State, accumulator: @escaping (inout State, Element) throws -> Void
    ) -> Observable<State> {
        Observable<State>.create { observer in
            var state = seed
            return self.subscribe { event in
                switch event {
                case .next(let element):
                    do {
                        try accumulator(&state, element)
                        observer.onNext(state)
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}
