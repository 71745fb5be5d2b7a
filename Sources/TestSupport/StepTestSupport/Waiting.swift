import Observation

/// Waits until `condition` holds, waking only when something it read from an `@Observable`
/// object changes (Observation), or until `timeout` passes; returns whether it held.
@MainActor
public func waitUntil(
    timeout: Duration = .seconds(60), _ condition: @MainActor () -> Bool
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
public func staysTrue(for period: Duration, _ condition: @MainActor () -> Bool) async -> Bool {
    let didBreak = await waitUntil(timeout: period) { !condition() }
    return !didBreak
}

/// Waits until `condition` holds or `timeout` passes; returns whether it held. Polls
/// against a deadline, for what Observation cannot see (a fake's record, a weak reference).
@MainActor
public func eventually(
    timeout: Duration = .seconds(60), _ condition: @MainActor () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
