import Synchronization

/// Runs `body` once fewer than two other children of the test process are running: one a core
/// of the machine the suite is made for. Tests that run real binaries wrap their run in it, so
/// that a suite's parallel cases queue for a slot instead of starting dozens of binaries at
/// once, each too starved to draw its first screen within its deadline.
public func withChildProcessSlot<Result>(_ body: () async throws -> Result) async throws -> Result {
    await ChildProcessSlots.shared.acquire()
    do {
        let result = try await body()
        ChildProcessSlots.shared.release()
        return result
    } catch {
        ChildProcessSlots.shared.release()
        throw error
    }
}

/// A counting semaphore for async code: waiters are resumed in the order they came.
private final class ChildProcessSlots: Sendable {
    static let shared = ChildProcessSlots(count: 2)

    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(free: count))
    }

    func acquire() async {
        await withCheckedContinuation { continuation in
            let mayRun = state.withLock { state in
                guard state.free > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if mayRun {
                continuation.resume()
            }
        }
    }

    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
