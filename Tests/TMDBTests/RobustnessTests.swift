import Foundation
import TMDB
import TMDBTestSupport
import Testing

/// Truncated and mutated JSON never crashes the client and always ends as
/// `TMDBError.unreadableResponse` (T9: "unreadable response").
@Suite struct RobustnessTests {
    /// A body and the endpoint whose decoder reads it.
    struct Document: Sendable, CustomTestStringConvertible {
        var name: String
        var body: Data
        var endpoint: Endpoint
        var testDescription: String { name }
    }

    static let documents: [Document] = {
        var documents = [
            Document(
                name: "fixture trending", body: Data(Fixture.trendingPage.utf8),
                endpoint: .trendingMovies(timeWindow: .week, page: 1)),
            Document(
                name: "fixture detail", body: Data(Fixture.detail.utf8),
                endpoint: .movieDetail(id: 550)),
            Document(
                name: "fixture videos", body: Data(Fixture.videos.utf8),
                endpoint: .movieVideos(id: 550)),
        ]
        for file in SampleFile.all {
            guard let body = try? Data(contentsOf: file.url) else { continue }
            let endpoint: Endpoint
            switch file.kind {
            case .page: endpoint = .trendingMovies(timeWindow: .week, page: 1)
            case .detail: endpoint = .movieDetail(id: 550)
            case .videos: endpoint = .movieVideos(id: 550)
            case .genres: endpoint = .movieGenres
            case nil: continue
            }
            documents.append(Document(name: file.relativePath, body: body, endpoint: endpoint))
        }
        return documents
    }()

    /// Sends `body` as the answer to `endpoint` and returns what the client made of it.
    private func send(_ body: Data, for endpoint: Endpoint) async -> TMDBError? {
        let stub = HTTPStub()
        stub.respond(to: endpoint.path, with: StubResponse(body: body))
        let client = stub.makeClient()
        return await tmdbError { () async throws(TMDBError) -> Void in
            switch endpoint {
            case .trendingMovies, .searchMovies:
                _ = try await client.send(endpoint, as: MoviePage.self)
            case .movieDetail:
                _ = try await client.send(endpoint, as: MovieDetail.self)
            case .movieVideos:
                _ = try await client.send(endpoint, as: VideoList.self)
            case .movieGenres:
                _ = try await client.send(endpoint, as: GenreList.self)
            }
        }
    }

    private func isUnreadable(_ error: TMDBError?) -> Bool {
        if case .unreadableResponse = error { return true }
        return false
    }

    @Test(arguments: documents)
    func intactDocumentDecodes(_ document: Document) async {
        #expect(await send(document.body, for: document.endpoint) == nil)
    }

    @Test(arguments: documents)
    func truncatedDocumentIsUnreadable(_ document: Document) async {
        let text = String(decoding: document.body, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let content = Data(text.utf8)
        let cuts = Set([0, 1, 2, content.count / 3, content.count / 2, content.count - 1])
        for cut in cuts.sorted() where cut < content.count {
            let error = await send(content.prefix(cut), for: document.endpoint)
            #expect(isUnreadable(error), "cut at \(cut): \(String(describing: error))")
        }
    }

    /// Structural mutations of the parsed document that each must fail to decode.
    @Test(arguments: documents)
    func mutatedDocumentIsUnreadable(_ document: Document) async throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: document.body) as? [String: Any])
        let requiredKey: String
        switch document.endpoint {
        case .trendingMovies, .searchMovies: requiredKey = "results"
        case .movieDetail: requiredKey = "title"
        case .movieVideos: requiredKey = "results"
        case .movieGenres: requiredKey = "genres"
        }
        var mutations: [Any] = [[object], "not an object", NSNull()]
        var missing = object
        missing[requiredKey] = nil
        mutations.append(missing)
        var wrongType = object
        wrongType[requiredKey] = 42
        mutations.append(wrongType)
        var nullValue = object
        nullValue[requiredKey] = NSNull()
        mutations.append(nullValue)
        if var items = object[requiredKey] as? [[String: Any]], !items.isEmpty {
            var brokenItem = object
            items[0]["id"] = ["nested": true]
            brokenItem[requiredKey] = items
            mutations.append(brokenItem)
        }
        for mutation in mutations {
            let body = try JSONSerialization.data(
                withJSONObject: mutation, options: [.fragmentsAllowed])
            let error = await send(body, for: document.endpoint)
            #expect(isUnreadable(error), "\(String(describing: error))")
        }
    }

    /// Seeded byte flips: whatever they produce, the answer is a value or `unreadableResponse`.
    @Test(arguments: documents)
    func randomByteFlipsNeverCrash(_ document: Document) async {
        var generator = SplitMix64(seed: UInt64(document.body.count))
        for _ in 0..<12 {
            var body = document.body
            for _ in 0..<3 {
                let index = Int(generator.next() % UInt64(body.count))
                body[body.startIndex + index] = UInt8(truncatingIfNeeded: generator.next())
            }
            let error = await send(body, for: document.endpoint)
            #expect(error == nil || isUnreadable(error), "\(String(describing: error))")
        }
    }
}

/// A tiny deterministic generator, so a failing flip can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
