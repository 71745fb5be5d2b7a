/// A sequence of values over time that ends with `completed` or `error`, or never ends.
/// Nothing happens until someone subscribes; each subscription runs the sequence anew
/// (use `share(replay:)` to share one run).
///
/// RxSwift twin: `Observable`.
/// Combine twin: `AnyPublisher`.
///
/// Everything runs on the main actor and delivery is synchronous: an event sent on the
/// main actor has reached every subscriber, through every operator, when the send returns.
@MainActor
public struct Observable<Element>: ObservableConvertibleType {
    private let subscribeHandler: (AnyObserver<Element>) -> any Disposable

    private init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> any Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    /// A sequence whose subscription runs `subscribe`: send events to the observer and
    /// return what stops the work.
    ///
    /// ```swift
    /// Observable<Int>.create { observer in
    ///     observer.onNext(1)
    ///     observer.onCompleted()
    ///     return Disposables.create()
    /// }
    /// ```
    public static func create(
        _ subscribe: @escaping (AnyObserver<Element>) -> any Disposable
    ) -> Observable<Element> {
        Observable(subscribe)
    }

    /// Subscribes with one closure for every event. The subscription ends by itself after
    /// `error` or `completed`.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> any Disposable {
        subscribe(on, onDisposed: nil)
    }

    /// Subscribes `observer`.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subscribe { event in observer.on(event) }
    }

    /// Subscribes with a closure per kind of event; `onDisposed` runs once when the
    /// subscription ends, whether by `dispose()`, `error` or `completed`.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        subscribe(
            { event in
                switch event {
                case .next(let element): onNext?(element)
                case .error(let error): onError?(error)
                case .completed: onCompleted?()
                }
            },
            onDisposed: onDisposed)
    }

    public func asObservable() -> Observable<Element> {
        self
    }

    private func subscribe(
        _ on: @escaping (Event<Element>) -> Void, onDisposed: (() -> Void)?
    ) -> any Disposable {
        let sink = Sink(on, onDisposed: onDisposed)
        sink.upstream.disposable = subscribeHandler(AnyObserver(sink.on))
        return sink
    }
}

/// Stands between a sequence and one subscriber: drops events after the end or after
/// disposal, ends the subscription after `error` or `completed`, and lets go of the
/// subscriber's closures and of the source's subscription when disposed.
private final class Sink<Element>: MainActorDisposable {
    private var observer: ((Event<Element>) -> Void)?
    private var onDisposed: (() -> Void)?
    let upstream = SerialDisposable()

    init(_ observer: @escaping (Event<Element>) -> Void, onDisposed: (() -> Void)?) {
        self.observer = observer
        self.onDisposed = onDisposed
    }

    func on(_ event: Event<Element>) {
        guard !isDisposed, let observer else { return }
        if event.isStopEvent {
            self.observer = nil
        }
        observer(event)
        if event.isStopEvent {
            dispose()
        }
    }

    override func release() {
        observer = nil
        upstream.dispose()
        let onDisposed = self.onDisposed
        self.onDisposed = nil
        onDisposed?()
    }
}
