import Testing

/// Steps 01–04 reach TMDB through the one `TMDBClient.shared`, as tutorials do, so tests
/// that replace it must take turns; this trait makes each test case wait for the others.
///
/// Apply it to every suite whose tests set `TMDBClient.shared` (directly or by starting a
/// step): `@Suite(.sharingTMDBClient)`.
public struct SharedClientTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            try await function()
            return
        }
        await SharedClientLock.shared.lock()
        do {
            try await function()
        } catch {
            await SharedClientLock.shared.unlock()
            throw error
        }
        await SharedClientLock.shared.unlock()
    }
}

extension Trait where Self == SharedClientTrait {
    /// The test cases run one at a time with every other test that uses this trait.
    public static var sharingTMDBClient: Self { Self() }
}

/// A lock that suspends instead of blocking, first come first served.
private actor SharedClientLock {
    static let shared = SharedClientLock()

    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func lock() async {
        guard isLocked else {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func unlock() {
        if waiters.isEmpty {
            isLocked = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
