extension Observable {
    /// Shares one subscription to this sequence among all subscribers and replays the last
    /// `replay` values to each new one. The shared subscription starts with the first
    /// subscriber and ends (forgetting the replayed values) when the last one leaves or the
    /// sequence ends; a later subscriber starts it again.
    ///
    /// A new subscriber is added before `share(replay: 1)` replays to it, so it also gets a
    /// value that its own reaction to the replay sends; with more than one replayed value it
    /// is added after the replay, as in RxSwift.
    ///
    /// RxSwift twin: `share(replay:scope: .whileConnected)`.
    /// Combine twin: `share()` (no replay) or `multicast` with a `CurrentValueSubject`.
    public func share(replay: Int = 0) -> Observable<Element> {
        let shared = SharedConnection(source: self, replay: replay)
        return Observable.create { observer in shared.subscribe(observer) }
    }
}

/// The one subscription behind `share(replay:)`, its subscribers and its replay buffer.
@MainActor
private final class SharedConnection<Element> {
    private let source: Observable<Element>
    private let replay: Int
    private let observers = ObserverList<Element>()
    private var buffer: [Element] = []
    private var connection: SerialDisposable?

    init(source: Observable<Element>, replay: Int) {
        self.source = source
        self.replay = replay
    }

    func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let replayed = buffer
        let key: Int
        if replay == 1 {
            // RxSwift's `ShareReplay1WhileConnected.subscribe` (ShareReplayScope.swift)
            // inserts the observer, then replays: a value its reaction to the replay makes
            // the source send reaches it too.
            key = observers.insert(observer)
            for element in replayed {
                observer.onNext(element)
            }
        } else {
            // Any other count is RxSwift's `multicast` over a `ReplaySubject`, which replays,
            // then inserts the observer (ReplaySubject.swift, RxSwift 6.10).
            for element in replayed {
                observer.onNext(element)
            }
            key = observers.insert(observer)
        }
        if connection == nil {
            let connection = SerialDisposable()
            self.connection = connection
            // The cycle this closes (self → connection → source → closure → self) keeps the
            // shared subscription alive while anyone listens; `disconnect()` breaks it.
            connection.disposable = source.subscribe { [weak connection] event in
                guard let connection, connection === self.connection else { return }
                self.on(event)
            }
        }
        return Disposables.create { self.remove(key) }
    }

    private func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if replay > 0 {
                buffer.append(element)
                if buffer.count > replay {
                    buffer.removeFirst(buffer.count - replay)
                }
            }
            observers.deliver(event)
        case .error, .completed:
            let observers = self.observers.removeAll()
            disconnect()
            for observer in observers {
                observer.on(event)
            }
        }
    }

    private func remove(_ key: Int) {
        observers.remove(key)
        if observers.isEmpty {
            disconnect()
        }
    }

    private func disconnect() {
        connection?.dispose()
        connection = nil
        buffer = []
    }
}
