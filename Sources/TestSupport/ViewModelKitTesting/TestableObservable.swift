import ViewModelKit

/// An observable that plays recorded events on a `TestScheduler` and records its
/// subscriptions. Made by `createHotObservable` (events at absolute times, whoever listens)
/// or `createColdObservable` (events relative to each subscription).
///
/// RxSwift twin: `TestableObservable` (RxTest).
/// Combine twin: none.
@MainActor
public final class TestableObservable<Element>: ObservableConvertibleType {
    private enum Temperature {
        case hot
        case cold
    }

    private let scheduler: TestScheduler
    private let temperature: Temperature
    private var observers: [Int: AnyObserver<Element>] = [:]
    private var nextKey = 0

    /// The events it plays.
    public let recordedEvents: [Recorded<Event<Element>>]
    /// Every subscription so far, with when it started and ended.
    public private(set) var subscriptions: [Subscription] = []

    init(hot events: [Recorded<Event<Element>>], scheduler: TestScheduler) {
        self.scheduler = scheduler
        self.temperature = .hot
        self.recordedEvents = events
        for recorded in events {
            scheduler.scheduleAt(recorded.time) { [self] in
                for key in observers.keys.sorted() {
                    observers[key]?.on(recorded.value)
                }
            }
        }
    }

    init(cold events: [Recorded<Event<Element>>], scheduler: TestScheduler) {
        self.scheduler = scheduler
        self.temperature = .cold
        self.recordedEvents = events
    }

    public func asObservable() -> Observable<Element> {
        Observable.create { [self] observer in
            let index = subscriptions.count
            subscriptions.append(Subscription(scheduler.clock))
            let key = nextKey
            nextKey += 1
            observers[key] = observer
            var timers: [any Disposable] = []
            if temperature == .cold {
                for recorded in recordedEvents {
                    timers.append(
                        scheduler.schedule(after: .milliseconds(recorded.time)) {
                            observer.on(recorded.value)
                        })
                }
            }
            return Disposables.create { [timers] in
                for timer in timers {
                    timer.dispose()
                }
                self.observers[key] = nil
                self.subscriptions[index] = Subscription(
                    self.subscriptions[index].subscribe, self.scheduler.clock)
            }
        }
    }
}
