import Foundation
import ImagePipeline
import JPEGDecoding
import TMDB
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// P9: the sample data ships posters of its own, served through the same URLSession path.
@Suite struct SamplePosterTests {
    /// Every `poster_path` a sample file names, read with a JSON parser (not the sample
    /// protocol's own scan).
    static func samplePosterPaths() throws -> Set<String> {
        let folder = try #require(SampleData.directoryURL)
        let files = try #require(
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var paths = Set<String>()
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let path = object["poster_path"] as? String { paths.insert(path) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        for case let file as URL in files where file.pathExtension == "json" {
            collect(try JSONSerialization.jsonObject(with: Data(contentsOf: file)))
        }
        return paths
    }

    static let offlineClient = TMDBClient(configuration: Configuration())

    @Test("P9: every sample movie's poster is served offline, one of the six, always the same")
    func everySamplePosterIsServed() async throws {
        let paths = try Self.samplePosterPaths()
        #expect(paths.count > 50)
        let bundled = try Set((1...6).map(samplePoster))
        var served = Set<Data>()
        for path in paths.sorted() {
            let request = ImageRequest(posterPath: path, box: PixelSize(width: 185, height: 278))
            let url = try #require(request.url(imageBaseURL: Configuration.defaultImageBaseURL))
            let data = try await Self.offlineClient.imageData(at: url)
            #expect(bundled.contains(data), "\(path)")
            #expect(try await Self.offlineClient.imageData(at: url) == data)
            served.insert(data)
        }
        #expect(served == bundled, "every drawing is used")
    }

    @Test("P9: a poster path no sample movie has is 404, as TMDB answers")
    func unknownPathIsNotFound() async throws {
        for path in ["/unknown.jpg", "/3.jpg"] {
            let url = try #require(
                ImageRequest(posterPath: path, box: PixelSize(width: 10, height: 15))
                    .url(imageBaseURL: Configuration.defaultImageBaseURL))
            await #expect(throws: TMDBError.notFound) {
                try await Self.offlineClient.imageData(at: url)
            }
        }
    }

    @Test("P9: the sample posters are small 185×278 JPEGs, baseline and progressive")
    func samplePostersAreSmallAndMixed() throws {
        var kinds: [UInt8] = []
        for number in 1...6 {
            let data = try samplePoster(number)
            #expect(data.count < 16_384)
            #expect(data.starts(with: [0xFF, 0xD8]) && data.suffix(2).elementsEqual([0xFF, 0xD9]))
            // The first start-of-frame marker: C0 baseline, C2 progressive; then height, width.
            let bytes = [UInt8](data)
            let frame = try #require(
                bytes.indices.dropLast(8).first {
                    bytes[$0] == 0xFF && [0xC0, 0xC2].contains(bytes[$0 + 1])
                })
            kinds.append(bytes[frame + 1])
            let height = Int(bytes[frame + 5]) << 8 | Int(bytes[frame + 6])
            let width = Int(bytes[frame + 7]) << 8 | Int(bytes[frame + 8])
            #expect(width == 185 && height == 278)
        }
        #expect(Set(kinds) == [0xC0, 0xC2])
    }

    @Test("P9: the offline app's pipeline loads a sample poster through URLSession")
    func offlinePipeline() async throws {
        let path = try #require(try Self.samplePosterPaths().sorted().first)
        let decoder = FakeDecoder()
        let pipeline = ImagePipeline(client: Self.offlineClient, decoder: decoder)
        let image = try await pipeline.image(
            for: ImageRequest(posterPath: path, box: PixelSize(width: 30, height: 45)))
        #expect(try Set((1...6).map(samplePoster)).contains(image.jpegData))
        #expect(image.url.absoluteString == "https://image.tmdb.org/t/p/w154\(path)")
        #expect(decoder.calls == 1)
    }

    /// The real decoder on every sample poster, through the pipeline as the app will: the
    /// bitmap is the box's size with the poster's 2:3 aspect, not the file's size.
    @Test(
        "P8 P9: the package's own decoder reads every sample poster for a half-block box")
    func realDecoder() async throws {
        let paths = try Self.samplePosterPaths().sorted()
        let pipeline = ImagePipeline(client: Self.offlineClient)
        for path in paths.prefix(12) {
            let image = try await pipeline.image(
                for: ImageRequest(posterPath: path, box: PixelSize(width: 20, height: 30)))
            // 185×278 fitted to 20×30 is 20×30.
            #expect(image.bitmap.width == 20 && image.bitmap.height == 30)
            // Not a flat picture: the drawings have bands and shapes.
            #expect(Set(image.bitmap.pixels).count > 8)
        }
    }
}
