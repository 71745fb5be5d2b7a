extension Observable {
    /// A state machine made of streams: every action the feedback loops send goes through
    /// `reduce`, and every new state goes to the subscriber and back into the loops. One loop
    /// turns the user's inputs into actions; another watches the state for work to do ("the
    /// page it waits for") and answers with actions when the work is done.
    ///
    /// It is nothing but `merge`, `scan` and `share`:
    ///
    /// ```swift
    /// let actions = PublishRelay<Action>()
    /// let state = actions.scan(initialState, accumulator: reduce)
    ///     .startWith(initialState).share(replay: 1)
    /// feedback.forEach { $0(state).bind(to: actions) }  // for as long as it is subscribed
    /// ```
    ///
    /// Each subscription runs its own machine from `initialState`; share it (a `Driver` does).
    /// Actions a loop sends while a state is being delivered wait their turn, so `reduce` sees
    /// them one at a time, in order.
    ///
    /// RxSwift twin: RxFeedback's `Observable.system(initialState:reduce:scheduler:feedback:)`,
    /// which RxSwift's own example app uses for its paged GitHub search.
    /// Combine twin: CombineFeedback's `Publishers.system`, or `scan` over a
    /// `PassthroughSubject` the effects send into.
    public static func system<Action>(
        initialState: Element,
        reduce: @escaping (Element, Action) -> Element,
        feedback: ((Observable<Element>) -> Observable<Action>)...
    ) -> Observable<Element> {
        Observable.create { observer in
            let actions = PublishRelay<Action>()
            let state = actions.asObservable()
                .scan(initialState, accumulator: reduce)
                .startWith(initialState)
                .share(replay: 1)
            let subscription = CompositeDisposable()
            subscription.insert(state.subscribe(observer))
            for loop in feedback {
                subscription.insert(loop(state).bind(to: actions))
            }
            return subscription
        }
    }
}
