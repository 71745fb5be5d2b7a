extension ObservableConvertibleType {
    /// Sends every value into `relays`; the relays' subscribers see them as accepted values.
    /// An error or completion is not forwarded (relays never end).
    ///
    /// RxSwift twin: `bind(to:)` (RxCocoa). Combine twin: `subscribe(_ subject:)`.
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
        asObservable().subscribe(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// Sends every value into `relays` (see `bind(to:)` with publish relays).
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
        asObservable().subscribe(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// Sends every event to `observer`.
    public func bind<Observer: ObserverType>(to observer: Observer) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe(observer)
    }
}
