import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request on its way, in a task of its own that nobody cancels.
///
/// On Linux, cancelling a `URLSession` task while its answer is being delivered can
/// deadlock Foundation: the cancel waits for the session's queue while the queue waits to
/// resume the cancelled task. So a caller that gives up stops waiting at once, and the
/// transfer runs on to its end (or its timeout) unobserved.
struct Transfer: Sendable {
    private let task: Task<(Data, URLResponse), any Error>

    init(_ request: URLRequest, on session: URLSession) {
        task = Task { try await session.data(for: request) }
    }

    /// The answer, or `CancellationError` as soon as the caller is cancelled.
    func response() async throws -> (Data, URLResponse) {
        let waiter = Waiter()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.wait(with: continuation)
                Task { [task] in waiter.finish(with: await task.result) }
            }
        } onCancel: {
            waiter.finish(with: .failure(CancellationError()))
        }
    }

    /// Resumes its continuation exactly once, with whichever result comes first.
    private final class Waiter: Sendable {
        private typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>

        private struct State {
            var continuation: Continuation?
            var result: Result<(Data, URLResponse), any Error>?
            var isFinished = false
        }

        private let state = Locked(State())

        func wait(with continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
            let early = state.withLock { state -> Result<(Data, URLResponse), any Error>? in
                guard let result = state.result, !state.isFinished else {
                    state.continuation = continuation
                    return nil
                }
                state.isFinished = true
                return result
            }
            if let early {
                continuation.resume(with: early)
            }
        }

        func finish(with result: Result<(Data, URLResponse), any Error>) {
            let continuation = state.withLock { state -> Continuation? in
                guard !state.isFinished, state.result == nil else { return nil }
                guard let continuation = state.continuation else {
                    state.result = result
                    return nil
                }
                state.isFinished = true
                return continuation
            }
            continuation?.resume(with: result)
        }
    }
}
