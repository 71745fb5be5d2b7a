import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One pending answer of a `URLProtocol`: delivered once after a delay, or never if
/// `stopLoading` cancels it first (a cancelled request must not be answered late).
///
/// The answer is delivered with the lock held, so a `cancel()` that comes while it is being
/// delivered waits for it to end, and then says it came too late. `Transfer` asks before it
/// cancels a data task (`ProtocolDeliveries`): on Linux, cancelling a task whose protocol has
/// answered from a thread of its own can trap (swift-corelibs-foundation #3296), so a task
/// already answered is not cancelled.
package final class ScheduledDelivery: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var isSettled = false
        var isCancelled = false
    }

    private let state = Locked(State())

    package init() {}

    /// Runs `deliver` after `delay` (at once for zero) and, when given, after `opening`
    /// returns, unless `cancel()` came first, for the protocol serving `task`; a cancel its
    /// `Transfer` asked for already stops it at once.
    package func schedule(
        after delay: Duration, opening: (@Sendable () async -> Void)? = nil,
        serving task: URLSessionTask?, _ deliver: @escaping @Sendable () -> Void
    ) {
        if let task {
            ProtocolDeliveries.register(self, serving: task)
        }
        guard delay > .zero || opening != nil else {
            deliverUnlessCancelled(deliver)
            return
        }
        let task = Task { [self] in
            if delay > .zero {
                try? await Task.sleep(for: delay)
            }
            await opening?()
            guard !Task.isCancelled else { return }
            deliverUnlessCancelled(deliver)
        }
        state.withLock { $0.task = task }
    }

    /// Whether `cancel()` stopped the delivery before it began.
    package var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    /// Stops a pending delivery. Returns whether one was pending (false once delivered).
    @discardableResult
    package func cancel() -> Bool {
        state.withLock { state in
            state.task?.cancel()
            defer { state.isSettled = true }
            if !state.isSettled {
                state.isCancelled = true
            }
            return !state.isSettled
        }
    }

    private func deliverUnlessCancelled(_ deliver: () -> Void) {
        state.withLock { state in
            guard !state.isSettled else { return }
            state.isSettled = true
            deliver()
        }
    }
}

/// Lets a `URLProtocol` (not `Sendable` on Linux) be answered from the delivery task.
///
/// Safe here because the loading system allows its client to be called from any thread,
/// and `ScheduledDelivery` calls it at most once, and not at all once `stopLoading` has
/// cancelled a delivery that had not begun.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}

extension URLProtocol {
    /// Hands a complete HTTP answer to the loading system, as the network would.
    package func deliverResponse(statusCode: Int, headers: [String: String], body: Data) {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if !body.isEmpty {
            client?.urlProtocol(self, didLoad: body)
        }
        client?.urlProtocolDidFinishLoading(self)
    }

    /// Hands a transport failure (offline, timed out…) to the loading system.
    package func deliverFailure(_ code: URLError.Code) {
        client?.urlProtocol(self, didFailWithError: URLError(code))
    }
}

/// Where a `Transfer` and this package's URL protocols meet about one data task, so that a
/// cancel never races an answer on its way: the protocol registers its delivery, and the
/// transfer cancels the data task only if that delivery had not begun (then it never will).
/// A task no protocol of this package serves (the network) is always cancelled. Entries keep
/// their task alive until its completion handler has run, so that no other task can take its
/// identity meanwhile.
package enum ProtocolDeliveries {
    private final class Entry: @unchecked Sendable {
        let task: URLSessionTask
        var delivery: ScheduledDelivery?
        var isCancelRequested = false

        init(task: URLSessionTask) {
            self.task = task
        }
    }

    private static let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// The protocol serving `task` hands in its delivery, before it schedules it.
    static func register(_ delivery: ScheduledDelivery, serving task: URLSessionTask) {
        let isCancelRequested = entries.withLock { entries in
            let entry = entries[ObjectIdentifier(task)] ?? Entry(task: task)
            entry.delivery = delivery
            entries[ObjectIdentifier(task)] = entry
            return entry.isCancelRequested
        }
        if isCancelRequested {
            delivery.cancel()
        }
    }

    /// Stops the answer to `task` unless it has begun; whether the task may be cancelled:
    /// false once this package's protocol has answered it.
    static func stopAnswer(to task: URLSessionTask) -> Bool {
        let delivery = entries.withLock { entries -> ScheduledDelivery? in
            let entry = entries[ObjectIdentifier(task)] ?? Entry(task: task)
            entry.isCancelRequested = true
            entries[ObjectIdentifier(task)] = entry
            return entry.delivery
        }
        return delivery?.cancel() ?? true
    }

    /// After the task's completion handler: nothing will ask about it again.
    static func forget(_ task: URLSessionTask) {
        entries.withLock { entries in entries[ObjectIdentifier(task)] = nil }
    }
}
