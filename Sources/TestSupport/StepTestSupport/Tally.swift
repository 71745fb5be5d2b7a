import Observation

/// How many times something happened on the main actor (a view model sent a state), for a
/// test to wait on: `wait(until:)` wakes on each increment, through Observation.
@MainActor
@Observable
public final class Tally {
    public private(set) var count = 0

    public init() {}

    public func increment() {
        count += 1
    }

    /// Waits until the count reaches `target`; the deadline only guards against a hang.
    public func wait(until target: Int, timeout: Duration = .seconds(60)) async -> Bool {
        await waitUntil(timeout: timeout) { self.count >= target }
    }
}
