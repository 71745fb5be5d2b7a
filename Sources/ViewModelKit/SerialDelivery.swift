/// A relay's trampoline: values sent while the relay is delivering wait in a FIFO queue and
/// go out after the current value has reached every subscriber. Order is therefore the order
/// of `accept`, every subscriber sees the same order, and a `scan` never sees one value
/// arrive in the middle of another. The outermost `accept` returns when the queue is empty.
///
/// RxSwift twin: the `CurrentThreadScheduler` trampoline (`MainScheduler` relays deliver
/// nested events at once instead). Combine twin: none (`PassthroughSubject` recurses).
@MainActor
final class SerialDelivery<Element> {
    private var queue: [Element] = []
    private var isDelivering = false

    /// Delivers `element` with `deliver` now, or after the values already queued.
    func send(_ element: Element, deliver: (Element) -> Void) {
        queue.append(element)
        drain(deliver)
    }

    /// Runs `body` as one delivery: values sent meanwhile wait until it is done.
    func perform(_ body: () -> Void, deliver: (Element) -> Void) {
        if isDelivering {
            body()
            return
        }
        isDelivering = true
        body()
        isDelivering = false
        drain(deliver)
    }

    private func drain(_ deliver: (Element) -> Void) {
        guard !isDelivering else { return }
        isDelivering = true
        var index = 0
        while index < queue.count {
            let element = queue[index]
            index += 1
            deliver(element)
        }
        queue.removeAll(keepingCapacity: true)
        isDelivering = false
    }
}
