import Synchronization

/// A clock whose time moves only when a test moves it, so that a 300 ms debounce takes no
/// time at all and happens at exactly the same point on every run.
///
/// `sleep(until:)` suspends until `advance` reaches the deadline (or the task is cancelled);
/// `nextDeadline` tells a test what is waiting.
public final class TestClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public let offset: Duration

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state = Mutex(State())
    /// Called whenever a sleep begins, e.g. to wake whoever decides when time moves.
    private let onSleep: @Sendable () -> Void

    public init(onSleep: @escaping @Sendable () -> Void = {}) {
        self.onSleep = onSleep
    }

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// The earliest deadline anyone sleeps until, or nil when nobody sleeps.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.map(\.deadline).min() }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                let isDue = state.withLock { state -> Bool in
                    guard deadline > state.now else { return true }
                    state.sleepers.append(
                        Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if isDue {
                    continuation.resume()
                } else {
                    onSleep()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking everyone whose deadline has come.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time to `instant` (never back), waking everyone whose deadline has come.
    public func advance(to instant: Instant) {
        let due = state.withLock { state in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }
}
