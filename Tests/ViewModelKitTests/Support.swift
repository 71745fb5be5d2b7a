import ViewModelKit

/// A failure with a readable description, for `error` marbles.
enum TestError: Error, CustomStringConvertible {
    case boom
    case other

    var description: String {
        switch self {
        case .boom: "boom"
        case .other: "other"
        }
    }
}

/// Something whose lifetime a test follows through a weak reference.
final class Tracked {}

/// A stand-in for an async service whose answers the test gives by hand, one request at a
/// time, and whose every step the test can wait for.
@MainActor
final class ControllableService {
    enum Step: Equatable, Sendable {
        case asked(String)
        case cancelled(String)
        case returning(String)
    }

    private var pending: [String: CheckedContinuation<String, any Error>] = [:]
    private let stepsContinuation: AsyncStream<Step>.Continuation
    private var iterator: AsyncStream<Step>.Iterator

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Step.self)
        stepsContinuation = continuation
        iterator = stream.makeAsyncIterator()
    }

    /// The call the code under test makes; it waits until the test answers `query`.
    func search(_ query: String) async throws -> String {
        let steps = stepsContinuation
        let answer = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending[query] = continuation
                steps.yield(.asked(query))
            }
        } onCancel: {
            steps.yield(.cancelled(query))
        }
        // Nothing suspends between here and the bridge's delivery, so once the test has seen
        // this step, the delivery of this answer has been attempted.
        steps.yield(.returning(query))
        return answer
    }

    /// Answers `query` with `answer`, even if its task was cancelled (the worst case: work
    /// that ignores cancellation).
    func answer(_ query: String, with answer: String) {
        pending.removeValue(forKey: query)?.resume(returning: answer)
    }

    /// The next step the service took; fails after a deadline far beyond any honest wait,
    /// which only guards against a hang.
    func nextStep() async -> Step? {
        var iterator = self.iterator
        defer { self.iterator = iterator }
        let deadline = Task {
            try await Task.sleep(for: .seconds(120))
            stepsContinuation.finish()
        }
        defer { deadline.cancel() }
        return await iterator.next(isolation: MainActor.shared)
    }
}
