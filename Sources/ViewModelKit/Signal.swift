/// A view model's one-off output ("open the detail", "show this error once"): main actor,
/// never fails, one shared subscription, and nothing replayed, so a late subscriber does not
/// act on an old event.
///
/// RxSwift twin: `Signal` (RxCocoa), delivered as a `Driver` is: synchronously, with no hop
/// to the main queue (README.md, "Differs from RxSwift").
/// Combine twin: `AnyPublisher<Element, Never>` over a `PassthroughSubject`, on the main queue.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// `Signal`'s sharing: one subscription, nothing replayed.
///
/// RxSwift twin: `SignalSharingStrategy`. Combine twin: none.
public enum SignalSharingStrategy: SharingStrategyProtocol {
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share()
    }
}

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
    /// Subscribes with closures; `onDisposed` runs once when the subscription ends.
    ///
    /// RxSwift twin: `emit(onNext:onCompleted:onDisposed:)`. Combine twin: `sink`.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and does nothing with the values: for a signal whose work happens on the
    /// way, in a `do(onNext:)`, and needs a subscriber to run.
    ///
    /// RxSwift twin: `emit()`, which RxCocoa adds because `emit(onNext: nil)` and the
    /// variadic `emit(to:)` make a bare `emit()` ambiguous. Combine twin: `sink { _ in }`.
    public func emit() -> any Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil)
    }

    /// Sends every value into `relays`.
    ///
    /// RxSwift twin: `emit(to:)`. Combine twin: `subscribe(_ subject:)`.
    public func emit(to relays: PublishRelay<Element>...) -> any Disposable {
        emit(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// Sends every value into `relays`.
    public func emit(to relays: BehaviorRelay<Element>...) -> any Disposable {
        emit(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// Sends every event to `observer`: a `Binder`, or a test's recorder.
    public func emit<Observer: ObserverType>(to observer: Observer) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe(observer)
    }
}

extension ObservableConvertibleType {
    /// This sequence as a `Signal` that, on an error, gives `element` and completes.
    ///
    /// RxSwift twin: `asSignal(onErrorJustReturn:)`. Combine twin: `replaceError(with:)`.
    public func asSignal(onErrorJustReturn element: Element) -> Signal<Element> {
        Signal(asObservable().catchAndReturn(element))
    }

    /// This sequence as a `Signal` that, on an error, continues with `signal`.
    ///
    /// RxSwift twin: `asSignal(onErrorSignalWith:)`. Combine twin: `catch { _ in publisher }`.
    public func asSignal(onErrorSignalWith signal: Signal<Element>) -> Signal<Element> {
        Signal(asObservable().catch { _ in signal.asObservable() })
    }
}

extension PublishRelay {
    /// The relay as a `Signal`: every value accepted from now on.
    ///
    /// RxSwift twin: `PublishRelay.asSignal()`. Combine twin: `eraseToAnyPublisher()`.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable())
    }
}
