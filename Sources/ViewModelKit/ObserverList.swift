/// The subscribers of one source, in the order they subscribed. Delivery walks a snapshot:
/// someone who subscribes during a delivery gets the next event, and someone disposed during
/// it gets nothing more (their subscription drops it).
@MainActor
final class ObserverList<Element> {
    private var entries: [(key: Int, observer: AnyObserver<Element>)] = []
    private var nextKey = 0

    var isEmpty: Bool { entries.isEmpty }

    func insert(_ observer: AnyObserver<Element>) -> Int {
        let key = nextKey
        nextKey += 1
        entries.append((key, observer))
        return key
    }

    func remove(_ key: Int) {
        entries.removeAll { $0.key == key }
    }

    /// Forgets every subscriber and returns them, to send them a last event.
    func removeAll() -> [AnyObserver<Element>] {
        defer { entries = [] }
        return entries.map(\.observer)
    }

    func deliver(_ event: Event<Element>) {
        for entry in entries {
            entry.observer.on(event)
        }
    }
}
