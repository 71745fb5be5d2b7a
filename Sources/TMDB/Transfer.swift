import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request on its way, stopped for real when its caller is cancelled (E1): the caller
/// stops waiting at once, and the data task is cancelled, which aborts the transfer and, over
/// HTTP/1.1, closes its connection.
///
/// It drives a data task itself instead of awaiting `session.data(for:)`. On Linux that
/// call's cancellation handler runs `URLSessionTask.cancel()` while the Swift task's status
/// lock is held, and the cancel waits for the session's queue, which may be waiting for that
/// lock to deliver the answer: a deadlock (swift-corelibs-foundation #5412, fixed after Swift
/// 6.3). Here the cancellation handler only takes a lock of its own and hands `cancel()` to
/// another thread. And it cancels only a task that this package's own URL protocol (sample data,
/// test stubs) has not answered yet, since cancelling one it has answered can trap on Linux
/// (swift-corelibs-foundation #3296; see `ProtocolDeliveries`).
struct Transfer: Sendable {
    private let request: URLRequest
    private let session: URLSession

    init(_ request: URLRequest, on session: URLSession) {
        self.request = request
        self.session = session
    }

    /// The answer, or `CancellationError` as soon as the caller is cancelled.
    func response() async throws -> (Data, URLResponse) {
        let exchange = Exchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    exchange.finish(with: Self.result(data, response, error))
                }
                exchange.track(task)
                exchange.start(task, answering: continuation)
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    private static func result(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?)
        -> Result<(Data, URLResponse), any Error>
    {
        if let error { return .failure(error) }
        guard let response else { return .failure(URLError(.badServerResponse)) }
        return .success((data ?? Data(), response))
    }

    /// The data task and the caller's continuation, which is resumed exactly once: with the
    /// answer, or with `CancellationError` when the caller gives up first, even before the
    /// task has started.
    private final class Exchange: Sendable {
        typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>

        private struct State {
            var continuation: Continuation?
            var task: URLSessionDataTask?
            /// Kept after a cancel, for `ProtocolDeliveries` to forget once the task has ended.
            var trackedTask: URLSessionDataTask?
            var isCancelled = false
        }

        private let state = Locked(State())

        /// Where `cancel()` of a data task runs: never on a thread that holds a lock the
        /// session's queue may be waiting for.
        private static let cancellingQueue = DispatchQueue(label: "TMDB.Transfer.cancel")

        func track(_ task: URLSessionDataTask) {
            state.withLock { $0.trackedTask = task }
        }

        /// Starts `task`, unless the caller was cancelled before it could start: then the
        /// task is cancelled unstarted, so that the session lets go of it.
        func start(_ task: URLSessionDataTask, answering continuation: Continuation) {
            let isCancelled = state.withLock { state in
                guard !state.isCancelled else { return true }
                state.continuation = continuation
                state.task = task
                return false
            }
            if isCancelled {
                continuation.resume(throwing: CancellationError())
                Self.cancel(task)
            } else {
                task.resume()
            }
        }

        /// The task's completion handler: the answer, or the end of a cancelled task.
        func finish(with result: Result<(Data, URLResponse), any Error>) {
            let (continuation, task) = state.withLock { state in
                defer {
                    state.continuation = nil
                    state.task = nil
                    state.trackedTask = nil
                }
                return (state.continuation, state.trackedTask)
            }
            continuation?.resume(with: result)
            if let task {
                ProtocolDeliveries.forget(task)
            }
        }

        func cancel() {
            let (continuation, task) = state.withLock { state in
                state.isCancelled = true
                defer {
                    state.continuation = nil
                    state.task = nil
                }
                return (state.continuation, state.task)
            }
            continuation?.resume(throwing: CancellationError())
            if let task {
                Self.cancel(task)
            }
        }

        /// On the cancelling queue: stops this package's protocol first, and cancels the task
        /// unless that protocol had already answered it.
        private static func cancel(_ task: URLSessionDataTask) {
            cancellingQueue.async {
                if ProtocolDeliveries.stopAnswer(to: task) {
                    task.cancel()
                }
            }
        }
    }
}
