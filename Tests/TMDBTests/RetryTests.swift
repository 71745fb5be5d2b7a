import Foundation
import MoviePresentation
import TMDB
import TMDBTestSupport
import Testing

/// E6: a 429 is retried after Retry-After seconds when given, otherwise with a short backoff,
/// at most twice; then it is an error like any other. Sleeps are recorded, never waited.
@Suite struct RetryTests {
    static let path = "/3/trending/movie/week"

    static func tooMany(retryAfter: String? = nil) -> StubResponse {
        .tmdbError(
            statusCode: 429, code: 25,
            message: "Your request count (41) is over the allowed limit of 40.",
            headers: retryAfter.map { ["Retry-After": $0] } ?? [:])
    }

    @Test func retryAfterSecondsAreHonoured() async throws {
        let stub = HTTPStub()
        stub.respond(
            to: Self.path,
            withSequence: [
                Self.tooMany(retryAfter: "3"), Self.tooMany(retryAfter: "1"),
                .json(Fixture.trendingPage),
            ])
        let recorder = SleepRecorder()
        let page = try await stub.makeClient(retryPolicy: recorder.policy())
            .trendingMovies(timeWindow: .week, page: 1)
        #expect(page.results.count == 3)
        // A second at a time, so that the screen can count down (E6).
        #expect(recorder.durations == Array(repeating: .seconds(1), count: 4))
        #expect(stub.requests(path: Self.path).count == 3)
    }

    @Test("E6: a wait is told as whole seconds counting down, then 0 as the request goes again")
    func theWaitIsToldAsACountdown() async throws {
        let stub = HTTPStub()
        stub.respond(
            to: Self.path,
            withSequence: [
                Self.tooMany(retryAfter: "3"), Self.tooMany(), .json(Fixture.trendingPage),
            ])
        let recorder = SleepRecorder()
        let told = Locked<[Int]>([])
        _ = try await stub.makeClient(retryPolicy: recorder.policy())
            .trendingMovies(timeWindow: .week, page: 1) { secondsLeft in
                told.withLock { $0.append(secondsLeft) }
            }
        // 3 s of Retry-After, then the second retry's backoff of 1 s.
        #expect(told.withLock { $0 } == [3, 2, 1, 0, 1, 0])
        #expect(recorder.durations == Array(repeating: .seconds(1), count: 4))
    }

    @Test("E6: half a second of backoff is told as 1 s, rounded up")
    func aPartSecondIsRoundedUp() async throws {
        let stub = HTTPStub()
        stub.respond(to: Self.path, withSequence: [Self.tooMany(), .json(Fixture.trendingPage)])
        let recorder = SleepRecorder()
        let told = Locked<[Int]>([])
        _ = try await stub.makeClient(retryPolicy: recorder.policy())
            .trendingMovies(timeWindow: .week, page: 1) { secondsLeft in
                told.withLock { $0.append(secondsLeft) }
            }
        #expect(told.withLock { $0 } == [1, 0])
        #expect(recorder.durations == [.milliseconds(500)])
    }

    @Test func withoutRetryAfterTheBackoffDoubles() async throws {
        let stub = HTTPStub()
        stub.respond(
            to: Self.path,
            withSequence: [Self.tooMany(), Self.tooMany(), .json(Fixture.trendingPage)])
        let recorder = SleepRecorder()
        _ = try await stub.makeClient(retryPolicy: recorder.policy())
            .trendingMovies(timeWindow: .week, page: 1)
        #expect(recorder.durations == [.milliseconds(500), .seconds(1)])
        #expect(recorder.durations.reduce(.zero, +) == .milliseconds(1500))
        #expect(stub.requests.count == 3)
    }

    @Test func afterTwoRetriesItIsAnError() async {
        let stub = HTTPStub()
        stub.respond(to: Self.path, with: Self.tooMany(retryAfter: "4"))
        let recorder = SleepRecorder()
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(retryPolicy: recorder.policy())
                .trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(error == .rateLimited(retryAfter: 4))
        #expect(
            error?.message == "TMDB is limiting requests (it asked for 4 s); try again shortly.")
        #expect(recorder.durations == Array(repeating: .seconds(1), count: 8), "4 s, twice")
        #expect(stub.requests.count == 3)  // the first try and two retries
    }

    @Test func afterTwoRetriesWithoutRetryAfter() async {
        let stub = HTTPStub()
        stub.respond(to: Self.path, with: Self.tooMany())
        let recorder = SleepRecorder()
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(retryPolicy: recorder.policy())
                .trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(error == .rateLimited(retryAfter: nil))
        #expect(error?.message == "TMDB is limiting requests; try again shortly.")
        #expect(stub.requests.count == 3)
    }

    /// E6: a wait of more than a few seconds is not waited out: it is reported at once, and
    /// the message says when to come back: in seconds, as what TMDB asked for, since the
    /// message stays on screen without counting down, and in minutes or hours as a time.
    @Test(arguments: [
        (6, "TMDB is limiting requests (it asked for 6 s); try again shortly."),
        (59, "TMDB is limiting requests (it asked for 59 s); try again shortly."),
        (60, "TMDB is limiting requests; try again in 1 min."),
        (90, "TMDB is limiting requests; try again in 2 min."),
        (3600, "TMDB is limiting requests; try again in 1 h."),
        (5400, "TMDB is limiting requests; try again in 2 h."),
    ])
    func longRetryAfterIsReportedAtOnce(seconds: Int, says message: String) async {
        let stub = HTTPStub()
        stub.respond(
            to: Self.path,
            withSequence: [Self.tooMany(retryAfter: String(seconds)), .json(Fixture.trendingPage)])
        let recorder = SleepRecorder()
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(retryPolicy: recorder.policy())
                .trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(error == .rateLimited(retryAfter: seconds))
        #expect(error?.message == message)
        #expect(recorder.durations.isEmpty, "nothing was waited")
        #expect(stub.requests.count == 1, "no retry")
    }

    /// E6: the message left on screen once the retries are used up does not count down, so it
    /// names no number of seconds from now that a second later is wrong: not "try again in
    /// 3 s." after Retry-After: 3 and two retries, and never "try again in 0 s.".
    @Test(arguments: [0, 1, 3, 5])
    func theMessageAfterTheRetriesNamesNoSecondsFromNow(retryAfter: Int) async {
        let stub = HTTPStub()
        stub.respond(to: Self.path, with: Self.tooMany(retryAfter: String(retryAfter)))
        let recorder = SleepRecorder()
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(retryPolicy: recorder.policy())
                .trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(stub.requests.count == 3, "the first try and two retries")
        #expect(error == .rateLimited(retryAfter: retryAfter))
        let message = error?.message ?? ""
        #expect(message.hasPrefix("TMDB is limiting requests"))
        #expect(message.hasSuffix("try again shortly."))
        #expect(!message.contains("try again in"))
        #expect(!message.contains("0 s"))
    }

    /// The longest wait still waited out: five seconds.
    @Test func fiveSecondsAreWaitedOut() async throws {
        let stub = HTTPStub()
        stub.respond(
            to: Self.path,
            withSequence: [Self.tooMany(retryAfter: "5"), .json(Fixture.trendingPage)])
        let recorder = SleepRecorder()
        let page = try await stub.makeClient(retryPolicy: recorder.policy())
            .trendingMovies(timeWindow: .week, page: 1)
        #expect(page.results.count == 3)
        #expect(recorder.durations == Array(repeating: .seconds(1), count: 5))
    }

    @Test func anAbsurdRetryAfterIsStillOneLine() {
        let message = TMDBError.rateLimited(retryAfter: Int.max).message
        #expect(message.hasPrefix("TMDB is limiting requests; try again in "))
        #expect(message.hasSuffix(" h."))
    }

    @Test(arguments: ["soon", "-4", "Wed, 21 Oct 2015 07:28:00 GMT"])
    func unreadableRetryAfterFallsBackToBackoff(_ value: String) async {
        let stub = HTTPStub()
        stub.respond(
            to: Self.path,
            withSequence: [Self.tooMany(retryAfter: value), .json(Fixture.trendingPage)])
        let recorder = SleepRecorder()
        _ = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(retryPolicy: recorder.policy())
                .trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(recorder.durations == [.milliseconds(500)])
    }

    @Test func noRetriesPolicyReportsTheFirst429() async {
        let stub = HTTPStub()
        stub.respond(to: Self.path, with: Self.tooMany(retryAfter: "2"))
        let recorder = SleepRecorder()
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(retryPolicy: recorder.policy(maximumRetries: 0))
                .trendingMovies(timeWindow: .week, page: 1)
        }
        #expect(error == .rateLimited(retryAfter: 2))
        #expect(recorder.durations.isEmpty)
        #expect(stub.requests.count == 1)
    }

    /// A cancelled wait between retries ends the request as cancelled, with no further try.
    @Test func cancelledSleepEndsAsCancelled() async {
        let stub = HTTPStub()
        stub.respond(to: Self.path, with: Self.tooMany())
        let policy = RetryPolicy { _ in throw CancellationError() }
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient(retryPolicy: policy).trendingMovies(
                timeWindow: .week, page: 1)
        }
        #expect(error == .cancelled)
        #expect(stub.requests.count == 1)
    }

    @Test func standardPolicy() {
        let policy = RetryPolicy.standard
        #expect(policy.maximumRetries == 2)
        #expect(policy.delay(beforeRetry: 0, retryAfter: nil) == .milliseconds(500))
        #expect(policy.delay(beforeRetry: 1, retryAfter: nil) == .seconds(1))
        #expect(policy.delay(beforeRetry: 0, retryAfter: 4) == .seconds(4))
        #expect(policy.waitsOut(retryAfter: nil))
        #expect(policy.waitsOut(retryAfter: 5))
        #expect(!policy.waitsOut(retryAfter: 6))
    }
}
