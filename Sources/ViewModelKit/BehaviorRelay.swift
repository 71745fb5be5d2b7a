/// A source that holds a current value: a new subscriber gets it at once, then every value
/// accepted later. It never fails and never completes, so it suits state ("the query").
///
/// RxSwift twin: `BehaviorRelay` (RxRelay).
/// Combine twin: `CurrentValueSubject<Element, Never>`.
///
/// Re-entrancy: as `PublishRelay`, a value accepted during a delivery is queued; `value`
/// becomes that value when its turn to be delivered comes, so a subscriber that arrives in
/// between sees each value once.
@MainActor
public final class BehaviorRelay<Element>: ObservableConvertibleType {
    private let observers = ObserverList<Element>()
    private let delivery = SerialDelivery<Element>()

    /// The value delivered last (or the initial one).
    public private(set) var value: Element

    public init(value: Element) {
        self.value = value
    }

    /// Makes `element` the value and sends it to every subscriber; returns once it, and
    /// anything they sent into this relay meanwhile, has been delivered.
    public func accept(_ element: Element) {
        delivery.send(element, deliver: deliver)
    }

    public func asObservable() -> Observable<Element> {
        Observable.create { [self] observer in
            let key = observers.insert(observer)
            delivery.perform({ observer.onNext(value) }, deliver: deliver)
            return Disposables.create { self.observers.remove(key) }
        }
    }

    private func deliver(_ element: Element) {
        value = element
        observers.deliver(.next(element))
    }
}
