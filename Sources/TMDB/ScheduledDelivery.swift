import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One pending answer of a `URLProtocol`: delivered once after a delay, or never if
/// `stopLoading` cancels it first (a cancelled request must not be answered late).
package final class ScheduledDelivery: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var isSettled = false
    }

    private let state = Locked(State())

    package init() {}

    /// Runs `deliver` after `delay` (at once for zero), unless `cancel()` came first.
    package func schedule(after delay: Duration, _ deliver: @escaping @Sendable () -> Void) {
        guard delay > .zero else {
            if claim() { deliver() }
            return
        }
        let task = Task { [self] in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled, claim() else { return }
            deliver()
        }
        state.withLock { $0.task = task }
    }

    /// Stops a pending delivery. Returns whether one was pending (false once delivered).
    @discardableResult
    package func cancel() -> Bool {
        state.withLock { state in
            state.task?.cancel()
            defer { state.isSettled = true }
            return !state.isSettled
        }
    }

    private func claim() -> Bool {
        state.withLock { state in
            defer { state.isSettled = true }
            return !state.isSettled
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
