import TMDB
import TMDBTestSupport

extension RetryPolicy {
    /// E6 without waiting: the retries happen, the sleeps do not.
    public static let immediate = RetryPolicy(
        maximumRetries: 2, backoff: .zero, maximumRetryAfter: .zero, sleep: { _ in })
}

extension HTTPStub {
    /// Points the step's one shared client at this stub. Only in suites marked
    /// `.sharingTMDBClient`, so no other test sees the swap.
    @MainActor
    public func installAsSharedClient() {
        TMDBClient.shared = TMDBClient(
            configuration: configuration(), session: session, retryPolicy: .immediate)
    }
}
