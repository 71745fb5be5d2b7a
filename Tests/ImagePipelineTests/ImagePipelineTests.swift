import Foundation
import ImagePipeline
import JPEGDecoding
import TMDB
import Testing

/// P5: which URL a poster comes from, and the size asked for.
@Suite struct PosterURLTests {
    @Test(
        "P5: the size is the smallest of w154, w185, w342 that fills the box, never original",
        arguments: [
            (PixelSize(width: 20, height: 30), PosterSize.w154),
            (PixelSize(width: 154, height: 231), .w154),
            (PixelSize(width: 155, height: 10), .w185),
            (PixelSize(width: 10, height: 240), .w185),  // 240 tall needs 160 wide
            (PixelSize(width: 185, height: 278), .w185),
            (PixelSize(width: 186, height: 100), .w342),
            (PixelSize(width: 2000, height: 3000), .w342),
        ])
    func sizeFitsTheBox(box: PixelSize, expected: PosterSize) {
        #expect(PosterSize.fitting(box) == expected)
    }

    @Test("P5: TMDB's image base, the size, then the poster_path")
    func defaultURL() {
        let request = ImageRequest(
            posterPath: "/vwxo2EP43nryuu02B5Ue6prvJhI.jpg", box: PixelSize(width: 180, height: 270))
        #expect(
            request.url(imageBaseURL: Configuration.defaultImageBaseURL)?.absoluteString
                == "https://image.tmdb.org/t/p/w185/vwxo2EP43nryuu02B5Ue6prvJhI.jpg")
    }

    @Test(
        "P5: TMDB_IMAGE_BASE_URL replaces the base, a mirror's path kept, with or without a slash",
        arguments: [
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080/w154/a.jpg"),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/w154/a.jpg"),
            ("https://mirror.example/img/t/p", "https://mirror.example/img/t/p/w154/a.jpg"),
            ("https://mirror.example/img/t/p/?x=1", "https://mirror.example/img/t/p/w154/a.jpg"),
        ])
    func imageBaseFromTheEnvironment(value: String, expected: String) throws {
        let configuration = try Configuration.fromEnvironment(["TMDB_IMAGE_BASE_URL": value])
        #expect(configuration.baseURL == Configuration.defaultBaseURL)
        let url = poster("a").url(imageBaseURL: configuration.imageBaseURL)
        #expect(url?.absoluteString == expected)
    }

    @Test(
        "P5: a TMDB_IMAGE_BASE_URL that is no http(s) URL with a host is refused, not echoed",
        arguments: ["ftp://example.com", "not a url?api_key=SECRET-42", "http://", "file:///tmp"])
    func badImageBase(value: String) {
        #expect {
            try Configuration.fromEnvironment(["TMDB_IMAGE_BASE_URL": value])
        } throws: { error in
            let message = (error as? ConfigurationError)?.message ?? ""
            return message.contains("TMDB_IMAGE_BASE_URL") && !message.contains("SECRET-42")
        }
    }

    @Test(
        "P5: a poster_path that is not one file name requests nothing",
        arguments: [
            "", "/", "abc.jpg", "/../x.jpg", "/a/b.jpg", "/a.jpg?api_key=1", "/a b.jpg",
            "//evil.example/a.jpg", "/..", "/a.jpg#x",
        ])
    func hostilePosterPath(path: String) async {
        let downloads = HeldDownloads(answering: Data())
        let pipeline = ImagePipeline.holding(downloads)
        let request = ImageRequest(posterPath: path, box: PixelSize(width: 10, height: 15))
        #expect(request.url(imageBaseURL: Configuration.defaultImageBaseURL) == nil)
        await #expect(throws: ImageLoadingError.invalidPosterPath) {
            try await pipeline.image(for: request)
        }
        #expect(downloads.started.isEmpty)
    }
}

/// P6: the memory cache is bounded by bytes and evicts the least recently used, exactly.
@Suite struct MemoryCacheTests {
    /// A poster whose bitmap and JPEG cost `bytes` together, as the pipeline counts them.
    static func image(costing bytes: Int) throws -> LoadedImage {
        let pixels = bytes / 2 / 3 * 3
        let bitmap = try #require(
            Bitmap(width: pixels / 3, height: 1, pixels: [UInt8](repeating: 0, count: pixels)))
        return LoadedImage(
            url: Configuration.defaultImageBaseURL, bitmap: bitmap,
            jpegData: Data(count: bytes - pixels))
    }

    @Test("P6: a loaded poster costs the bytes of its pixels and its JPEG")
    func cost() throws {
        #expect(try Self.image(costing: 3000).byteCount == 3000)
    }

    @Test("P6: the memory cache holds posters up to its bytes, the least recently used evicted")
    func boundedByBytes() async throws {
        // Three posters of 24×36 pixels and one big one; the cache holds 10 KB.
        let downloads = HeldDownloads(answering: try samplePoster(1))
        let jpegBytes = try samplePoster(1).count
        let small = PixelSize(width: 24, height: 36)
        let smallCost = 24 * 36 * 3 + jpegBytes
        let capacity = smallCost * 2 + smallCost / 2
        let pipeline = ImagePipeline.holding(downloads, memoryCapacity: capacity)
        for name in ["a", "b"] {
            try await load(poster(name, box: small), with: pipeline, downloads)
        }
        // A touch makes "a" the most recent, so "b" is the one to go for "c".
        #expect(pipeline.isCached(poster("a", box: small)))
        try await load(poster("c", box: small), with: pipeline, downloads)

        #expect(!pipeline.isCached(poster("b", box: small)))
        #expect(pipeline.isCached(poster("a", box: small)))
        #expect(pipeline.isCached(poster("c", box: small)))
        #expect(pipeline.memoryCacheCost.total == smallCost * 2)
        #expect(pipeline.memoryCacheCost.total <= capacity)

        // One poster decoded for a box that costs more than all the rest: it evicts both.
        let big = PixelSize(width: 40, height: 60)
        let bigCost = 40 * 60 * 3 + jpegBytes
        #expect(bigCost + smallCost > capacity && bigCost <= capacity)
        try await load(poster("d", box: big), with: pipeline, downloads)
        #expect(pipeline.isCached(poster("d", box: big)))
        #expect(pipeline.memoryCacheCost.total == bigCost)
        #expect(!pipeline.isCached(poster("a", box: small)))
        #expect(!pipeline.isCached(poster("c", box: small)))
    }

    @Test("P6: a poster shown once shows again from memory, without a request")
    func hitMakesNoRequest() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(2))
        let pipeline = ImagePipeline.holding(downloads)
        let first = try await load(poster("a"), with: pipeline, downloads)
        let second = try await pipeline.image(for: poster("a"))
        #expect(second == first)
        #expect(downloads.started.count == 1)
        #expect(first.jpegData == (try samplePoster(2)), "the JPEG as the server sent it")
        #expect(first.bitmap.width == 24 && first.bitmap.height == 36)
    }

    @Test("P8: decoding runs off the main actor, even for a caller on it")
    @MainActor
    func decodesOffTheMainActor() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(3))
        let decoder = FakeDecoder()
        let pipeline = ImagePipeline.holding(downloads, decoder: decoder)
        let url = try #require(pipeline.url(of: poster("a")))
        downloads.release(url)
        _ = try await pipeline.image(for: poster("a"))
        #expect(decoder.calls == 1)
        #expect(!decoder.ranOnMainThread)
    }
}

/// Loads `request` through a pipeline over held downloads, releasing its download.
@discardableResult
func load(_ request: ImageRequest, with pipeline: ImagePipeline, _ downloads: HeldDownloads)
    async throws -> LoadedImage
{
    let url = try #require(pipeline.url(of: request))
    downloads.release(url)
    return try await pipeline.image(for: request)
}
