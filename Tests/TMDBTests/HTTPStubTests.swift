import Foundation
import TMDB
import TMDBTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test HTTP server itself: rules, sequences, delays, records, isolation.
@Suite struct HTTPStubTests {
    @Test func eachStubHasItsOwnHost() {
        let first = HTTPStub()
        let second = HTTPStub()
        #expect(first.baseURL != second.baseURL)
        #expect(first.baseURL.host?.hasSuffix(".invalid") == true)
        let configuration = first.configuration()
        #expect(configuration.baseURL == first.baseURL)
        #expect(configuration.credential == .apiKey("stub-key"))
        #expect(!configuration.usesSampleData)
    }

    @Test func requestsAreRecordedWithQueryAndHeaders() async throws {
        let stub = HTTPStub()
        stub.respond(to: "/3/trending/movie/day", with: .json(Fixture.trendingPage))
        _ = try await stub.makeClient(credential: .accessToken("tok"), language: "ko-KR")
            .trendingMovies(timeWindow: .day, page: 1)
        let request = try #require(stub.requests.first)
        #expect(request.path == "/3/trending/movie/day")
        #expect(request.queryItems == ["page": "1", "language": "ko-KR"])
        #expect(request.header("authorization") == "Bearer tok")
        #expect(request.finishedAt != nil)
        #expect(stub.inFlightCount == 0)
        #expect(stub.requests(path: "/3/trending/movie/day", query: ["page": "1"]).count == 1)
        #expect(stub.requests(path: "/3/trending/movie/day", query: ["page": "2"]).isEmpty)
    }

    @Test func laterRulesWinAndQueryNarrows() async throws {
        let stub = HTTPStub()
        let path = "/3/trending/movie/week"
        stub.respond(to: path, with: .tmdbError(statusCode: 500, code: 11, message: "x"))
        stub.respond(to: path, with: .json(Fixture.trendingPage))
        stub.respond(
            to: path, query: ["page": "2"],
            with: .tmdbError(statusCode: 404, code: 34, message: "x"))
        let client = stub.makeClient()
        let first = try await client.trendingMovies(timeWindow: .week, page: 1)
        #expect(first.results.count == 3)
        let error = await tmdbError { () async throws(TMDBError) in
            try await client.trendingMovies(timeWindow: .week, page: 2)
        }
        #expect(error == .notFound)
    }

    @Test func sequenceRepeatsItsLastResponse() async {
        let stub = HTTPStub()
        stub.respond(
            to: "/3/movie/1",
            withSequence: [
                .failure(.timedOut), .tmdbError(statusCode: 503, code: 9, message: "offline"),
            ])
        let client = stub.makeClient()
        var errors: [TMDBError?] = []
        for _ in 0..<3 {
            errors.append(
                await tmdbError { () async throws(TMDBError) in try await client.movieDetail(id: 1)
                })
        }
        #expect(errors == [.timedOut, .serverError(status: 503), .serverError(status: 503)])
    }

    @Test func unmatchedRequestsGetSampleData() async {
        let stub = HTTPStub()
        let error = await tmdbError { () async throws(TMDBError) in
            try await stub.makeClient().movieDetail(id: 999_999_999)
        }
        #expect(error == .notFound)  // no such sample file: TMDB's 404 code 34
    }

    /// D2: two delayed requests in flight at the same time are recorded as overlapping.
    @Test func concurrentRequestsOverlap() async throws {
        let stub = HTTPStub()
        stub.respond(to: "/3/movie/550", with: .json(Fixture.detail, delay: .milliseconds(200)))
        stub.respond(
            to: "/3/movie/550/videos", with: .json(Fixture.videos, delay: .milliseconds(200)))
        let client = stub.makeClient()
        async let detail = client.movieDetail(id: 550)
        async let videos = client.movieVideos(id: 550)
        let (loadedDetail, loadedVideos) = try await (detail, videos)
        #expect(loadedDetail.id == 550)
        #expect(loadedVideos.preferredTrailer()?.key == "SUXWAEX2jlg")
        let detailRequest = try #require(stub.requests(path: "/3/movie/550").first)
        let videosRequest = try #require(stub.requests(path: "/3/movie/550/videos").first)
        #expect(detailRequest.overlaps(videosRequest))
        #expect(stub.inFlightCount == 0)
    }

    @Test func sequentialRequestsDoNotOverlap() async throws {
        let stub = HTTPStub()
        stub.respond(to: "/3/movie/550", with: .json(Fixture.detail, delay: .milliseconds(5)))
        let client = stub.makeClient()
        _ = try await client.movieDetail(id: 550)
        _ = try await client.movieDetail(id: 550)
        let records = stub.requests
        #expect(records.count == 2)
        #expect(!records[0].overlaps(records[1]))
    }

    @Test func inFlightCountFollowsDelayedRequests() async throws {
        let stub = HTTPStub()
        stub.setDefaultDelay(.milliseconds(300))
        let client = stub.makeClient()
        let tasks = (1...3).map { _ in
            Task { () async throws(TMDBError) -> MoviePage in
                try await client.trendingMovies(timeWindow: .week, page: 1)
            }
        }
        #expect(await stub.waitUntil { $0.inFlightCount == 3 })
        for task in tasks {
            _ = try await task.value
        }
        #expect(await stub.waitUntil { $0.inFlightCount == 0 })
    }

    /// Many stubs in parallel never answer each other's requests.
    @Test func parallelStubsAreIsolated() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let stub = HTTPStub()
                    stub.respond(
                        to: "/3/movie/\(index)",
                        with: .json("{\"id\": \(index), \"title\": \"Movie \(index)\"}"))
                    let detail = try await stub.makeClient().movieDetail(id: index)
                    #expect(detail.title == "Movie \(index)")
                    #expect(stub.requests.count == 1)
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func stubResponseFactories() {
        let json = StubResponse.json("{}", statusCode: 201, delay: .milliseconds(3))
        #expect(json.statusCode == 201)
        #expect(json.delay == .milliseconds(3))
        #expect(json.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let error = StubResponse.tmdbError(
            statusCode: 429, code: 25, message: "slow \"down\"", headers: ["Retry-After": "2"])
        #expect(error.headers["Retry-After"] == "2")
        let body = try? JSONSerialization.jsonObject(with: error.body) as? [String: Any]
        #expect(body?["status_code"] as? Int == 25)
        #expect(body?["status_message"] as? String == "slow \"down\"")
        #expect(body?["success"] as? Bool == false)
        #expect(StubResponse.failure(.timedOut).failure == .timedOut)
    }
}
