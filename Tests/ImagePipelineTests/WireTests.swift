import Foundation
import ImagePipeline
import Synchronization
import TMDB
import TMDBTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// P5–P7 on a real loopback server, through the client's own URLSession and its `Transfer`.
@Suite struct WireTests {
    static let credentials: [Credential] = [.accessToken(sentinelSecret), .apiKey(sentinelSecret)]

    /// A live client (its own session, redirect guard and timeouts) whose API and images are
    /// both on `server`, or whose images are on the same server under another host name.
    static func liveClient(
        _ server: ScriptedHTTPServer, credential: Credential?, imagesByHostName: Bool = false
    ) throws -> TMDBClient {
        let baseURL = try #require(URL(string: server.baseURL))
        let imageBaseURL = try #require(
            URL(
                string: imagesByHostName
                    ? "http://localhost:\(server.port)/t/p/" : server.baseURL + "/t/p/"))
        return TMDBClient(
            configuration: Configuration(
                credential: credential, baseURL: baseURL, imageBaseURL: imageBaseURL),
            retryPolicy: .none)
    }

    static func isImage(_ request: ScriptedHTTPServer.Request) -> Bool {
        request.path.hasPrefix("/t/p/")
    }

    static func jpegResponse() throws -> ScriptedHTTPServer.Answer {
        .response(StubResponse(headers: ["Content-Type": "image/jpeg"], body: try samplePoster(1)))
    }

    @Test(
        "P5: neither the token nor the key reaches the image host, even when it is the API's",
        arguments: credentials, [false, true])
    func credentialStaysHome(credential: Credential, imagesByHostName: Bool) async throws {
        let poster = try Self.jpegResponse()
        let server = try ScriptedHTTPServer { request in
            Self.isImage(request) ? poster : .response(.json(#"{"genres":[]}"#))
        }
        defer { server.stop() }
        let client = try Self.liveClient(
            server, credential: credential, imagesByHostName: imagesByHostName)
        let pipeline = ImagePipeline(client: client, decoder: FakeDecoder())

        // The control: the API request does carry the credential, so its absence means something.
        _ = try await client.movieGenres()
        let image = try await pipeline.image(for: ImagePipelineTests.poster("a"))

        let apiRequests = server.requests.filter { !Self.isImage($0) }
        let imageRequests = server.requests.filter(Self.isImage)
        #expect(apiRequests.count == 1)
        #expect(
            apiRequests.allSatisfy {
                $0.headers["authorization"] == "Bearer \(sentinelSecret)"
                    || $0.queryItems["api_key"] == sentinelSecret
            })
        #expect(imageRequests.map(\.target) == ["/t/p/w154/a.jpg"])
        for request in imageRequests {
            #expect(request.headers["authorization"] == nil)
            #expect(request.queryItems["api_key"] == nil)
            #expect(!request.target.contains(sentinelSecret))
            #expect(!request.headers.values.contains { $0.contains(sentinelSecret) })
        }
        #expect(image.jpegData == (try samplePoster(1)))
    }

    @Test(
        "P5: a redirect on the image host is followed without a credential, another host's refused",
        arguments: credentials, [false, true])
    func redirects(credential: Credential, imagesByHostName: Bool) async throws {
        let poster = try Self.jpegResponse()
        let server = try ScriptedHTTPServer { request in
            if request.path == "/t/p/w154/moved.jpg" {
                return .redirect(status: 307, location: "/t/p/w154/a.jpg")
            }
            if request.path == "/t/p/w154/away.jpg" {
                return .redirect(status: 307, location: "http://127.0.0.2:9/a.jpg")
            }
            return Self.isImage(request) ? poster : .response(.json("{}"))
        }
        defer { server.stop() }
        let client = try Self.liveClient(
            server, credential: credential, imagesByHostName: imagesByHostName)
        let pipeline = ImagePipeline(client: client, decoder: FakeDecoder())

        _ = try await pipeline.image(for: ImagePipelineTests.poster("moved"))
        await #expect(
            throws: ImageLoadingError.download(.redirectRefused(origin: "http://127.0.0.2:9"))
        ) {
            try await pipeline.image(for: ImagePipelineTests.poster("away"))
        }
        #expect(server.requests.map(\.path).contains("/t/p/w154/a.jpg"))
        for request in server.requests {
            #expect(request.headers["authorization"] == nil)
            #expect(request.queryItems["api_key"] == nil)
        }
    }

    @Test("P5: a failed poster says what failed in the client's words, without its URL")
    func sanitisedErrors() async throws {
        let server = try ScriptedHTTPServer { request in
            request.path.contains("gone") ? .response(.json("{}", statusCode: 404)) : .reset
        }
        defer { server.stop() }
        let client = try Self.liveClient(server, credential: .apiKey(sentinelSecret))
        let pipeline = ImagePipeline(client: client, decoder: FakeDecoder())
        await #expect(throws: ImageLoadingError.download(.notFound)) {
            try await pipeline.image(for: ImagePipelineTests.poster("gone"))
        }
        await #expect(throws: ImageLoadingError.download(.connectionLost)) {
            try await pipeline.image(for: ImagePipelineTests.poster("reset"))
        }
    }

    @Test("P6: concurrent askers of one poster make one request on the wire")
    func oneRequestOnTheWire() async throws {
        let poster = try Self.jpegResponse()
        let pipelineBox = PipelineBox()
        // The server answers only once three askers wait: a pipeline that downloads for each
        // would have sent three requests by then.
        let server = try ScriptedHTTPServer { request in
            _ = pipelineBox.waitForWaiters(3)
            return Self.isImage(request) ? poster : .response(.json("{}"))
        }
        defer { server.stop() }
        let pipeline = ImagePipeline(
            client: try Self.liveClient(server, credential: .apiKey(sentinelSecret)),
            decoder: FakeDecoder())
        pipelineBox.pipeline = pipeline
        let askers = (0..<3).map { _ in
            Task { try await pipeline.image(for: ImagePipelineTests.poster("a")) }
        }
        for asker in askers {
            _ = try await asker.value
        }
        #expect(server.requests.count == 1)
    }

    @Test("P7: the last asker cancelling aborts the transfer: the server sees the connection close")
    func cancelAbortsTheTransfer() async throws {
        let server = try ScriptedHTTPServer { _ in .hang }
        defer { server.stop() }
        let pipeline = ImagePipeline(
            client: try Self.liveClient(server, credential: .apiKey(sentinelSecret)),
            decoder: FakeDecoder())
        let first = Task { try await pipeline.image(for: ImagePipelineTests.poster("a")) }
        let second = Task { try await pipeline.image(for: ImagePipelineTests.poster("a")) }
        #expect(
            await server.waitUntil(timeout: .seconds(10)) { _ in pipeline.activity.waiters == 2 })
        #expect(await server.waitUntil(timeout: .seconds(10)) { $0.requests.count == 1 })

        first.cancel()
        await #expect(throws: ImageLoadingError.cancelled) { try await first.value }
        #expect(pipeline.activity.downloading.count == 1, "the other asker still waits")

        second.cancel()
        await #expect(throws: ImageLoadingError.cancelled) { try await second.value }
        // Far below the request's 15 s timeout: the cancel closed it, not the timeout.
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.hangUps.count == 1 })
        #expect(server.requests.count == 1)
    }
}

/// Lets the server's thread see the pipeline the test makes after it.
final class PipelineBox: Sendable {
    private let stored = Mutex<ImagePipeline?>(nil)

    var pipeline: ImagePipeline? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    /// Blocks the server's thread until `count` askers wait, for at most 10 s.
    func waitForWaiters(_ count: Int) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline {
            if let pipeline, pipeline.activity.waiters >= count { return true }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return false
    }
}
