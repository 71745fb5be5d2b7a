import CleanDomain
import StepTestSupport
import Synchronization

/// A `MovieRepository` that answers from a script: no HTTP, no TMDB, no screen. That a use
/// case can be tested on this alone is what the Domain layer is for.
///
/// Each call is logged when it starts. A call may be held (`hold`) until the other call of
/// the detail has started too, or until its task is cancelled, which is logged as well.
final class FakeMovieRepository: MovieRepository {
    enum Call: Hashable, Sendable {
        case trendingMovies(timeWindow: TimeWindow, page: Int)
        case searchMovies(query: String, page: Int)
        case movieDetail(id: Int)
        case trailer(id: Int)
    }

    /// How a held call ends.
    enum Hold: Sendable {
        /// Answers once `call` has started: a use case that runs both requests at once gets
        /// its answer; one that waits for the first before it starts the second is left
        /// waiting, and the call fails with `.failed("… never started")` after a deadline.
        case untilStarted(Call)
        /// Answers only when the calling task is cancelled, with `.cancelled`.
        case untilCancelled
    }

    private struct Script {
        var pages: [Call: Result<MoviePage, MovieLoadError>] = [:]
        var detail: Result<MovieDetail, MovieLoadError> = .failure(.unscripted)
        var trailer: Result<Trailer?, MovieLoadError> = .success(nil)
        var holds: [Call: Hold] = [:]
        var rateLimitWaits: [Int] = []
    }

    private let script = Mutex(Script())
    /// Every call, as it started.
    let started = WaitableLog<Call>()
    /// Every call that saw its task cancelled.
    let cancelled = WaitableLog<Call>()

    func answer(_ call: Call, with result: Result<MoviePage, MovieLoadError>) {
        script.withLock { $0.pages[call] = result }
    }

    func answerDetail(with result: Result<MovieDetail, MovieLoadError>) {
        script.withLock { $0.detail = result }
    }

    func answerTrailer(with result: Result<Trailer?, MovieLoadError>) {
        script.withLock { $0.trailer = result }
    }

    func hold(_ call: Call, _ hold: Hold) {
        script.withLock { $0.holds[call] = hold }
    }

    /// The countdown each call reports before it answers, as a rate-limited source would (E6).
    func countDown(_ secondsLeft: [Int]) {
        script.withLock { $0.rateLimitWaits = secondsLeft }
    }

    // MARK: MovieRepository

    func trendingMovies(
        timeWindow: TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler
    ) async throws(MovieLoadError) -> MoviePage {
        let call = Call.trendingMovies(timeWindow: timeWindow, page: page)
        try await begin(call, onRateLimitWait: onRateLimitWait)
        return try script.withLock { $0.pages[call] ?? .failure(.unscripted) }
            .get()
    }

    func searchMovies(query: String, page: Int, onRateLimitWait: RateLimitWaitHandler)
        async throws(MovieLoadError) -> MoviePage
    {
        let call = Call.searchMovies(query: query, page: page)
        try await begin(call, onRateLimitWait: onRateLimitWait)
        return try script.withLock { $0.pages[call] ?? .failure(.unscripted) }
            .get()
    }

    func movieDetail(id: Int, onRateLimitWait: RateLimitWaitHandler)
        async throws(MovieLoadError) -> MovieDetail
    {
        try await begin(.movieDetail(id: id), onRateLimitWait: onRateLimitWait)
        return try script.withLock { $0.detail }.get()
    }

    func trailer(forMovieID id: Int) async throws(MovieLoadError) -> Trailer? {
        try await begin(.trailer(id: id), onRateLimitWait: { _ in })
        return try script.withLock { $0.trailer }.get()
    }

    /// Logs `call`, reports the countdown, then waits as its hold says.
    private func begin(_ call: Call, onRateLimitWait: RateLimitWaitHandler)
        async throws(MovieLoadError)
    {
        started.append(call)
        let (hold, waits) = script.withLock { ($0.holds[call], $0.rateLimitWaits) }
        for secondsLeft in waits {
            await onRateLimitWait(secondsLeft)
        }
        switch hold {
        case nil:
            return
        case .untilStarted(let other):
            // A deadline that only ends a wait that would otherwise never end.
            guard await started.wait(timeout: .seconds(5), until: { $0.contains(other) }) else {
                throw .failed(
                    .unreadableResponse(detail: "\(other) never started while \(call) was waiting"))
            }
        case .untilCancelled:
            let never = AsyncStream<Void> { _ in }
            for await _ in never {}
            cancelled.append(call)
            throw .cancelled
        }
    }
}

extension MovieLoadError {
    /// What the fake answers when a test scripted no answer for a call.
    fileprivate static let unscripted = MovieLoadError.failed(
        .unreadableResponse(detail: "no answer was scripted for this call"))
}
