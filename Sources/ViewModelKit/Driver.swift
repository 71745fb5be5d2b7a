/// A view model's state output: main actor, never fails, and a new subscriber gets the
/// latest value at once (one shared subscription, `share(replay: 1)`), so a screen that
/// binds late still shows the current state.
///
/// RxSwift twin: `Driver` (RxCocoa), but without RxCocoa's `observe(on: MainScheduler)`:
/// delivery is synchronous, and a value sent during a delivery waits its turn and goes out
/// before the send returns, never on a later turn of the main queue (README.md, "Differs
/// from RxSwift").
/// Combine twin: `AnyPublisher<Element, Never>` with `receive(on: DispatchQueue.main)` and
/// `share()` over a `CurrentValueSubject`.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// `Driver`'s sharing: one subscription, the latest value replayed.
///
/// RxSwift twin: `DriverSharingStrategy`. Combine twin: none.
public enum DriverSharingStrategy: SharingStrategyProtocol {
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1)
    }
}

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
    /// Subscribes with closures; `onDisposed` runs once when the subscription ends.
    ///
    /// RxSwift twin: `drive(onNext:onCompleted:onDisposed:)`. Combine twin: `sink`.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and does nothing with the values: for a driver whose work happens on the
    /// way, in a `do(onNext:)`, and needs a subscriber to run.
    ///
    /// RxSwift twin: `drive()`, which RxCocoa adds because `drive(onNext: nil)` and the
    /// variadic `drive(_:)` make a bare `drive()` ambiguous. Combine twin: `sink { _ in }`.
    public func drive() -> any Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil)
    }

    /// Sends every value into `relays`.
    ///
    /// RxSwift twin: `drive(_:)`. Combine twin: `assign(to:)`.
    public func drive(_ relays: BehaviorRelay<Element>...) -> any Disposable {
        drive(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// Sends every value into `relays`.
    public func drive(_ relays: PublishRelay<Element>...) -> any Disposable {
        drive(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// Sends every event to `observer`: a `Binder`, or a test's recorder.
    public func drive<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe(observer)
    }

    /// Hands the values to a binding that takes one more argument, given after it: a list's
    /// rows and the closure that makes each row's cell.
    ///
    /// ```swift
    /// output.rows.drive(listView.rx.items) { listView, row, movieRow in
    ///     MovieRowCell(rank: movieRow.rank, title: movieRow.title, …)
    /// }
    /// ```
    ///
    /// RxSwift twin: `drive(_:curriedArgument:)` (RxCocoa/Traits/Driver/Driver+Subscription.swift).
    /// Combine twin: none.
    public func drive<Argument, Result>(
        _ binding: (Observable<Element>) -> (Argument) -> Result, curriedArgument: Argument
    ) -> Result {
        binding(asObservable())(curriedArgument)
    }
}

extension ObservableConvertibleType {
    /// This sequence as a `Driver` that, on an error, gives `element` and completes.
    ///
    /// RxSwift twin: `asDriver(onErrorJustReturn:)`. Combine twin: `replaceError(with:)`.
    public func asDriver(onErrorJustReturn element: Element) -> Driver<Element> {
        Driver(asObservable().catchAndReturn(element))
    }

    /// This sequence as a `Driver` that, on an error, continues with `driver`.
    ///
    /// RxSwift twin: `asDriver(onErrorDriveWith:)`. Combine twin: `catch { _ in publisher }`.
    public func asDriver(onErrorDriveWith driver: Driver<Element>) -> Driver<Element> {
        Driver(asObservable().catch { _ in driver.asObservable() })
    }

    /// This sequence as a `Driver` that, on an error, continues with what `recover` makes.
    ///
    /// RxSwift twin: `asDriver(onErrorRecover:)`. Combine twin: `catch`.
    public func asDriver(onErrorRecover recover: @escaping (any Error) -> Driver<Element>)
        -> Driver<Element>
    {
        Driver(asObservable().catch { recover($0).asObservable() })
    }
}

extension BehaviorRelay {
    /// The relay as a `Driver`: its current value at once, then every value accepted.
    ///
    /// RxSwift twin: `BehaviorRelay.asDriver()`. Combine twin: `eraseToAnyPublisher()`.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable())
    }
}
