/// Waits until `condition` holds or `timeout` passes; returns whether it held. Polls briefly
/// against a deadline: a condition, not a fixed sleep. The waits of `HTTPStub` and
/// `ScriptedHTTPServer`, whose state other threads change.
func poll(timeout: Duration, until condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
