/// The operators a `Driver` or `Signal` needs, each keeping the trait: the result is the
/// same kind of sequence (shared the same way, never failing). They forward to the
/// `Observable` operators of the same name; see those for the behaviour.
extension SharedSequence {
    public func map<Result>(_ transform: @escaping (Element) -> Result)
        -> SharedSequence<SharingStrategy, Result>
    {
        .init(asObservable().map(transform))
    }

    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?)
        -> SharedSequence<SharingStrategy, Result>
    {
        .init(asObservable().compactMap(transform))
    }

    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence {
        .init(asObservable().filter(predicate))
    }

    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool)
        -> SharedSequence
    {
        .init(asObservable().distinctUntilChanged(comparer))
    }

    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key)
        -> SharedSequence
    {
        .init(asObservable().distinctUntilChanged(keySelector))
    }

    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
        -> SharedSequence
    {
        .init(asObservable().distinctUntilChanged(at: keyPath))
    }

    public func startWith(_ elements: Element...) -> SharedSequence {
        let source = asObservable()
        return .init(
            Observable.create { observer in
                for element in elements {
                    observer.onNext(element)
                }
                return source.subscribe(observer)
            })
    }

    public func scan<State>(_ seed: State, accumulator: @escaping (State, Element) -> State)
        -> SharedSequence<SharingStrategy, State>
    {
        .init(asObservable().scan(seed, accumulator: accumulator))
    }

    public func scan<State>(
        into seed: State, accumulator: @escaping (inout State, Element) -> Void
    ) -> SharedSequence<SharingStrategy, State> {
        .init(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// `second` must be the same trait: RxCocoa refuses a `Signal` with a `Driver` ("requires
    /// the types 'SignalSharingStrategy' and 'DriverSharingStrategy' be equivalent"), so this
    /// does too, and a view model written here compiles against RxCocoa. Convert one side
    /// first, as there: `signal.withLatestFrom(driver.asSignal(onErrorSignalWith: .empty()))`.
    public func withLatestFrom<Second, Result>(
        _ second: SharedSequence<SharingStrategy, Second>,
        resultSelector: @escaping (Element, Second) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        .init(asObservable().withLatestFrom(second, resultSelector: resultSelector))
    }

    public func withLatestFrom<Second>(_ second: SharedSequence<SharingStrategy, Second>)
        -> SharedSequence<SharingStrategy, Second>
    {
        .init(asObservable().withLatestFrom(second))
    }

    public func flatMapLatest<Result>(
        _ selector: @escaping (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        .init(asObservable().flatMapLatest(selector))
    }

    public func flatMapFirst<Result>(
        _ selector: @escaping (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        .init(asObservable().flatMapFirst(selector))
    }

    public func debounce(_ dueTime: Duration, scheduler: any SchedulerType) -> SharedSequence {
        .init(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence {
        .init(
            asObservable().do(
                onNext: onNext, onCompleted: onCompleted, onSubscribe: onSubscribe,
                onDispose: onDispose))
    }

    public static func merge(_ sources: [SharedSequence]) -> SharedSequence {
        .init(Observable.merge(sources.map { $0.asObservable() }))
    }

    public static func merge(_ sources: SharedSequence...) -> SharedSequence {
        merge(sources)
    }

    public static func combineLatest<First, Second>(
        _ first: SharedSequence<SharingStrategy, First>,
        _ second: SharedSequence<SharingStrategy, Second>,
        resultSelector: @escaping (First, Second) -> Element
    ) -> SharedSequence {
        .init(Observable.combineLatest(first, second, resultSelector: resultSelector))
    }

    public static func combineLatest<First, Second>(
        _ first: SharedSequence<SharingStrategy, First>,
        _ second: SharedSequence<SharingStrategy, Second>
    ) -> SharedSequence where Element == (First, Second) {
        combineLatest(first, second) { ($0, $1) }
    }
}

extension SharedSequence where Element: Equatable {
    public func distinctUntilChanged() -> SharedSequence {
        .init(asObservable().distinctUntilChanged())
    }
}
