import Foundation
import StepTestSupport
import Synchronization
import TMDB

@testable import MVVMCDI

/// A `MovieService` that answers from a script: no HTTP, no stub, no shared client. The
/// point of step 05 is that a view model takes whatever service it is handed.
///
/// Each call takes the next scripted answer for its key (the last one repeats); an answer
/// may wait at a `Gate` until the test opens it, so a test can hold a response back. Calls
/// and answers are logged as they happen, and a test can wait for either.
final class FakeMovieService: MovieService {
    enum Call: Hashable, Sendable {
        case trendingMovies(timeWindow: TimeWindow, page: Int)
        case movieDetail(id: Int)
        case movieVideos(id: Int)
        case searchMovies(query: String, page: Int)
    }

    /// One scripted answer, optionally held back until `gate` opens.
    struct Answer<Value: Sendable>: Sendable {
        var result: Result<Value, TMDBError>
        var gate: Gate?
    }

    private struct TrendingKey: Hashable {
        var timeWindow: TimeWindow
        var page: Int
    }

    private struct Script {
        var trending: [TrendingKey: [Answer<MoviePage>]] = [:]
        var details: [Int: [Answer<MovieDetail>]] = [:]
        var videos: [Int: [Answer<[Video]>]] = [:]
        var searches: [SearchKey: [Answer<MoviePage>]] = [:]
    }

    private struct SearchKey: Hashable {
        var query: String
        var page: Int
    }

    private let script = Mutex(Script())
    /// Every call received, in order.
    private let callLog = WaitableLog<Call>()
    /// Every call whose answer has been handed back, in order.
    private let answerLog = WaitableLog<Call>()

    // MARK: Scripting

    func answerTrending(
        timeWindow: TimeWindow = .week, page: Int, with result: Result<MoviePage, TMDBError>,
        gate: Gate? = nil
    ) {
        script.withLock {
            $0.trending[TrendingKey(timeWindow: timeWindow, page: page), default: []].append(
                Answer(result: result, gate: gate))
        }
    }

    func answerDetail(id: Int, with result: Result<MovieDetail, TMDBError>, gate: Gate? = nil) {
        script.withLock {
            $0.details[id, default: []].append(Answer(result: result, gate: gate))
        }
    }

    func answerVideos(id: Int, with result: Result<[Video], TMDBError>, gate: Gate? = nil) {
        script.withLock {
            $0.videos[id, default: []].append(Answer(result: result, gate: gate))
        }
    }

    func answerSearch(
        query: String, page: Int, with result: Result<MoviePage, TMDBError>, gate: Gate? = nil
    ) {
        script.withLock {
            $0.searches[SearchKey(query: query, page: page), default: []].append(
                Answer(result: result, gate: gate))
        }
    }

    // MARK: Record

    /// Every call received, in order.
    var calls: [Call] { callLog.entries }

    /// Every call whose answer has been handed back, in order.
    var answered: [Call] { answerLog.entries }

    /// Waits until `count` calls have been received.
    func waitForCalls(_ count: Int) async -> Bool {
        await callLog.wait { $0.count >= count }
    }

    /// Waits until the answer to `call` has been handed back.
    func waitForAnswer(to call: Call) async -> Bool {
        await answerLog.wait { $0.contains(call) }
    }

    func count(of call: Call) -> Int {
        calls.count { $0 == call }
    }

    // MARK: MovieService

    // A fake never meets TMDB's rate limit, so it never counts down (E6 is the client's, and
    // the acceptance suite's).

    func trendingMovies(
        timeWindow: TimeWindow, page: Int, onRateLimitWait: RateLimitWaitHandler
    ) async throws(TMDBError) -> MoviePage {
        let call = Call.trendingMovies(timeWindow: timeWindow, page: page)
        let answer = script.withLock { script in
            Self.next(in: &script.trending[TrendingKey(timeWindow: timeWindow, page: page)])
        }
        callLog.append(call)
        return try await deliver(answer, for: call)
    }

    func movieDetail(id: Int, onRateLimitWait: RateLimitWaitHandler) async throws(TMDBError)
        -> MovieDetail
    {
        let call = Call.movieDetail(id: id)
        let answer = script.withLock { script in Self.next(in: &script.details[id]) }
        callLog.append(call)
        return try await deliver(answer, for: call)
    }

    func movieVideos(id: Int) async throws(TMDBError) -> [Video] {
        let call = Call.movieVideos(id: id)
        let answer = script.withLock { script in Self.next(in: &script.videos[id]) }
        callLog.append(call)
        return try await deliver(answer, for: call)
    }

    func searchMovies(query: String, page: Int, onRateLimitWait: RateLimitWaitHandler)
        async throws(TMDBError) -> MoviePage
    {
        let call = Call.searchMovies(query: query, page: page)
        let answer = script.withLock { script in
            Self.next(in: &script.searches[SearchKey(query: query, page: page)])
        }
        callLog.append(call)
        return try await deliver(answer, for: call)
    }

    /// Takes the first answer, keeping the last one for every later call; unscripted calls
    /// are answered "not found".
    private static func next<Value>(in answers: inout [Answer<Value>]?) -> Answer<Value> {
        guard var queue = answers, let first = queue.first else {
            return Answer(result: .failure(.notFound), gate: nil)
        }
        if queue.count > 1 {
            queue.removeFirst()
            answers = queue
        }
        return first
    }

    private func deliver<Value>(_ answer: Answer<Value>, for call: Call) async throws(TMDBError)
        -> Value
    {
        if let gate = answer.gate {
            await gate.wait()
        }
        answerLog.append(call)
        return try answer.result.get()
    }
}

/// Holds answers back until the test opens it. Deliberately deaf to cancellation, so a
/// cancelled caller still gets its late answer, as the worst network would give it (E1).
final class Gate: Sendable {
    /// What happened at the gate, for a test to wait on.
    enum Event: Equatable, Sendable {
        case waiting
        case cancelled
    }

    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var cancellations = 0
    }

    private let state = Mutex(State())
    private let events = WaitableLog<Event>()

    /// Waits until the gate opens, noting (but not acting on) a cancelled caller.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isOpen = state.withLock { state in
                    if !state.isOpen {
                        state.waiters.append(continuation)
                    }
                    return state.isOpen
                }
                if isOpen {
                    continuation.resume()
                } else {
                    events.append(.waiting)
                }
            }
        } onCancel: {
            state.withLock { $0.cancellations += 1 }
            events.append(.cancelled)
        }
    }

    /// Waits until `count` callers have come to the gate while it was closed.
    func waitForWaiters(_ count: Int) async -> Bool {
        await events.wait { $0.count { $0 == .waiting } >= count }
    }

    /// Waits until `count` waiting callers have been cancelled.
    func waitForCancellations(_ count: Int) async -> Bool {
        await events.wait { $0.count { $0 == .cancelled } >= count }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            let waiters = state.waiters
            state.waiters = []
            return waiters
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Callers waiting now.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Waiting callers whose task was cancelled: the caller stopped caring.
    var cancellations: Int { state.withLock { $0.cancellations } }
}

/// Movies and pages as the service returns them, decoded already.
enum Sample {
    static func movies(_ ids: ClosedRange<Int>, prefix: String = "Movie") -> [Movie] {
        ids.map { id in
            Movie(
                id: id, title: "\(prefix) \(id)", releaseDate: "2024-03-01", voteAverage: 7.4,
                voteCount: 1_200)
        }
    }

    static func page(_ page: Int, of totalPages: Int, _ movies: [Movie]) -> MoviePage {
        MoviePage(
            page: page, results: movies, totalPages: totalPages, totalResults: totalPages * 20)
    }

    static func detail(
        id: Int = 550, title: String = "Dune: Part Two", posterPath: String? = nil
    ) -> MovieDetail {
        MovieDetail(
            id: id, title: title, tagline: "Long live the fighters.",
            overview: "Paul Atreides unites with the Fremen.",
            genres: [Genre(id: 878, name: "Science Fiction"), Genre(id: 12, name: "Adventure")],
            runtime: 166, releaseDate: "2024-02-27", voteAverage: 8.16, voteCount: 6_543,
            posterPath: posterPath,
            cast: [
                ("Timothée Chalamet", "Paul Atreides"), ("Zendaya", "Chani"),
                ("Rebecca Ferguson", "Jessica"), ("Josh Brolin", "Gurney Halleck"),
                ("Austin Butler", "Feyd-Rautha"), ("Florence Pugh", "Irulan"),
            ].enumerated().map { order, member in
                CastMember(
                    id: order + 1, name: member.0, character: member.1, order: order)
            })
    }

    static let trailer = Video(
        id: "v1", key: "Way9Dexny3w", publishedAt: Date(timeIntervalSince1970: 1_700_000_000))
}
