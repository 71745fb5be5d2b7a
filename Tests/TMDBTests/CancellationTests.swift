import Foundation
import TMDB
import TMDBTestSupport
import Testing

/// E1: a cancelled request ends as `.cancelled`, promptly, and its transfer is stopped.
@Suite struct CancellationTests {
    @Test("E1: cancelling the caller ends its wait at once and stops the transfer")
    func cancellingTheTaskEndsTheWaitAndTheTransfer() async throws {
        let stub = HTTPStub()
        stub.respond(to: "/3/movie/550", with: .json(Fixture.detail, delay: .seconds(600)))
        let client = stub.makeClient()
        let task = Task { () async throws(TMDBError) -> MovieDetail in
            try await client.movieDetail(id: 550)
        }
        #expect(await stub.waitUntil { $0.inFlightCount == 1 })
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(throws: TMDBError.cancelled) { try result.get() }
        // Long before the answer would come: the wait ended with the cancel, not with the
        // answer, however busy the machine is.
        #expect(ContinuousClock.now - started < .seconds(300))
        // The transfer is stopped too: the loading system stops the stub's protocol, which
        // then never answers.
        #expect(await stub.waitUntil { $0.inFlightCount == 0 })
        #expect(stub.requests.first?.finishedAt != nil)
    }

    @Test func alreadyCancelledTaskSendsNothing() async {
        let stub = HTTPStub()
        let client = stub.makeClient()
        let task = Task { () async throws(TMDBError) -> MovieDetail in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.movieDetail(id: 550)
        }
        await #expect(throws: TMDBError.cancelled) { try await task.value }
        #expect(stub.requests.isEmpty)
    }

    /// A cancelled wait on sample data: the sample protocol's latency is cancellable too.
    @Test func sampleLatencyIsCancellable() async {
        let client = TMDBClient(
            configuration: Configuration(sampleLatency: .seconds(600)))
        let task = Task { () async throws(TMDBError) -> MoviePage in
            try await client.trendingMovies(timeWindow: .week, page: 1)
        }
        let started = ContinuousClock.now
        task.cancel()
        await #expect(throws: TMDBError.cancelled) { try await task.value }
        // Long before the answer would come: the wait ended with the cancel, not with the
        // answer, however busy the machine is.
        #expect(ContinuousClock.now - started < .seconds(300))
    }
}
