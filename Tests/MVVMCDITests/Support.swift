import Foundation
import Observation

/// Cancels a task when it goes away: the tests' own small `DisposeBag`.
final class TaskCanceller: Sendable {
    private let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    deinit {
        task.cancel()
    }
}

/// Every state a view model's output sends, in order, for a test to wait on and read back.
@MainActor
@Observable
final class StateRecorder<State: Sendable> {
    private(set) var states: [State] = []
    @ObservationIgnored private var canceller: TaskCanceller?

    init(_ output: AsyncStream<State>) {
        canceller = TaskCanceller(
            Task { [weak self] in
                for await state in output {
                    self?.states.append(state)
                }
            })
    }

    /// The first state from `index` on that satisfies `condition`, waiting for it until
    /// `timeout`; `nil` when none came.
    func first(
        from index: Int = 0, timeout: Duration = .seconds(5),
        where condition: @escaping (State) -> Bool
    ) async -> (index: Int, state: State)? {
        _ = await waitUntil(timeout: timeout) {
            self.states.dropFirst(index).contains(where: condition)
        }
        guard let found = states.indices.dropFirst(index).first(where: { condition(states[$0]) })
        else { return nil }
        return (found, states[found])
    }
}

/// Waits until `condition` holds, waking only when something it read from an `@Observable`
/// object changes (Observation), or until `timeout` passes; returns whether it held.
@MainActor
func waitUntil(
    timeout: Duration = .seconds(5), _ condition: @MainActor () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        let holds = withObservationTracking {
            condition()
        } onChange: {
            continuation.yield()
        }
        if holds { return true }
        guard ContinuousClock.now < deadline else { return false }
        let timer = Task {
            try? await Task.sleep(until: deadline)
            continuation.yield()
        }
        var iterator = changes.makeAsyncIterator()
        _ = await iterator.next()
        timer.cancel()
        continuation.finish()
    }
}

/// Whether `condition` stays true while nothing it reads changes for `period`: the check that
/// a late answer never shows (E1).
@MainActor
func staysTrue(for period: Duration, _ condition: @MainActor () -> Bool) async -> Bool {
    let didBreak = await waitUntil(timeout: period) { !condition() }
    return !didBreak
}

/// Waits until `condition` holds or `timeout` passes; returns whether it held. Polls
/// against a deadline, for what Observation cannot see (a fake's record, a weak reference).
@MainActor
func eventually(timeout: Duration = .seconds(5), _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// The folder of one step's sources, found from this file so the test runs from anywhere.
func sourceFolder(_ name: String, from filePath: String = #filePath) -> URL {
    URL(filePath: filePath)
        .deletingLastPathComponent()  // MVVMCDITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appending(path: "Sources").appending(path: name)
}
