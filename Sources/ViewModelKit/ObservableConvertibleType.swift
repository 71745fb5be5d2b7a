/// Anything that can be seen as an `Observable`: observables, relays, drivers and signals.
/// Operators that take a second source accept any of them.
///
/// RxSwift twin: `ObservableConvertibleType`.
/// Combine twin: `Publisher` (via `eraseToAnyPublisher()`).
@MainActor
public protocol ObservableConvertibleType<Element> {
    associatedtype Element

    /// The same sequence as an `Observable`.
    func asObservable() -> Observable<Element>
}
