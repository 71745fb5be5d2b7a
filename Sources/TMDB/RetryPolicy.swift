/// Retries for 429 (E6): honour Retry-After seconds when given, otherwise a short backoff;
/// at most twice, then the 429 is an error like any other. A Retry-After longer than
/// `longestWaitedRetryAfter` is not waited out: the 429 is reported at once ("try again in 1 h").
///
/// The sleep is a closure so that tests record the waits instead of waiting.
public struct RetryPolicy: Sendable {
    /// How many times one request is sent again after a 429.
    public var maximumRetries: Int
    /// The wait before the first retry when TMDB sends no Retry-After; doubled per retry.
    public var backoff: Duration
    /// The longest sleep a Retry-After causes; tests set zero to retry without waiting.
    public var maximumRetryAfter: Duration
    /// A Retry-After longer than this is reported at once instead of waited out, so a screen
    /// never freezes on "Loading…" for minutes.
    public var longestWaitedRetryAfter: Duration
    /// `Task.sleep` in the app; throws when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(
        maximumRetries: Int = 2, backoff: Duration = .milliseconds(500),
        maximumRetryAfter: Duration = .seconds(5),
        longestWaitedRetryAfter: Duration = .seconds(5),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { duration in
            try await Task.sleep(for: duration)
        }
    ) {
        self.maximumRetries = maximumRetries
        self.backoff = backoff
        self.maximumRetryAfter = maximumRetryAfter
        self.longestWaitedRetryAfter = longestWaitedRetryAfter
        self.sleep = sleep
    }

    /// Two retries, 0.5 s then 1 s without Retry-After; a Retry-After up to 5 s is waited out.
    public static let standard = RetryPolicy()

    /// No retries: the first 429 is reported.
    public static let none = RetryPolicy(maximumRetries: 0)

    /// Whether a 429 with this Retry-After (seconds, if any) is retried after a wait, rather
    /// than reported at once.
    public func waitsOut(retryAfter: Int?) -> Bool {
        guard let retryAfter, retryAfter >= 0 else { return true }
        return .seconds(retryAfter) <= longestWaitedRetryAfter
    }

    /// The wait before retry number `retry` (0-based), given the Retry-After seconds if any.
    public func delay(beforeRetry retry: Int, retryAfter: Int?) -> Duration {
        if let retryAfter, retryAfter >= 0 {
            return Swift.min(.seconds(retryAfter), maximumRetryAfter)
        }
        return backoff * (1 << Swift.min(Swift.max(retry, 0), 16))
    }
}
