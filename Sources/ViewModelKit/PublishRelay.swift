/// A source you push values into with `accept`; subscribers get the values accepted after
/// they subscribed, and nothing before. It never fails and never completes, so it suits a
/// view model's inputs ("a key was pressed").
///
/// RxSwift twin: `PublishRelay` (RxRelay).
/// Combine twin: `PassthroughSubject<Element, Never>`.
///
/// Re-entrancy: a value accepted by a subscriber while the relay is delivering is queued and
/// delivered after the current value has reached every subscriber (see `SerialDelivery`).
@MainActor
public final class PublishRelay<Element>: ObservableConvertibleType {
    private let observers = ObserverList<Element>()
    private let delivery = SerialDelivery<Element>()

    public init() {}

    /// Sends `element` to every subscriber; returns once it, and anything they sent into this
    /// relay meanwhile, has been delivered.
    public func accept(_ element: Element) {
        delivery.send(element) { observers.deliver(.next($0)) }
    }

    public func asObservable() -> Observable<Element> {
        Observable.create { [self] observer in
            let key = observers.insert(observer)
            return Disposables.create { self.observers.remove(key) }
        }
    }
}
