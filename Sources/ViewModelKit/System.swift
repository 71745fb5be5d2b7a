extension Observable {
    /// A state machine made of streams: every event the feedback loops send goes through
    /// `reduce`, and every new state goes to the subscriber and back into the loops. One loop
    /// turns the user's inputs into events; another watches the state for work to do ("the
    /// page it waits for") and answers with events when the work is done.
    ///
    /// It is nothing but `merge`, `scan` and `share`:
    ///
    /// ```swift
    /// let events = PublishRelay<Event>()
    /// let state = events.scan(initialState, accumulator: reduce)
    ///     .startWith(initialState).share(replay: 1)
    /// feedback.forEach { $0(state).bind(to: events) }  // for as long as it is subscribed
    /// ```
    ///
    /// Each subscription runs its own machine from `initialState`; share it (a `Driver` does).
    /// Events a loop sends while a state is being delivered wait their turn, so `reduce` sees
    /// them one at a time, in order.
    ///
    /// RxSwift twin: RxFeedback's `Observable.system(initialState:reduce:scheduler:feedback:)`,
    /// which RxSwift's own example app uses for its paged GitHub search.
    /// Combine twin: CombineFeedback's `Publishers.system`, or `scan` over a
    /// `PassthroughSubject` the effects send into.
    public static func system<Event>(
        initialState: Element,
        reduce: @escaping (Element, Event) -> Element,
        feedback: ((Observable<Element>) -> Observable<Event>)...
    ) -> Observable<Element> {
        Observable.create { observer in
            let events = PublishRelay<Event>()
            let state = events.asObservable()
                .scan(initialState, accumulator: reduce)
                .startWith(initialState)
                .share(replay: 1)
            let subscription = CompositeDisposable()
            subscription.insert(state.subscribe(observer))
            for loop in feedback {
                subscription.insert(loop(state).bind(to: events))
            }
            return subscription
        }
    }
}
