import Foundation
import ImagePipeline
import JPEGDecoding
import Synchronization
import TMDB
import Testing

/// P6: posters kept across runs in a folder of their own, bounded, written whole or not at all.
@Suite struct DiskCacheTests {
    /// A clock that moves one second each time it is read: every use is newer than the last.
    final class SteppingClock: Sendable {
        private let seconds = Mutex(0.0)

        func now() -> Date {
            seconds.withLock { seconds in
                seconds += 1
                return Date(timeIntervalSince1970: 1_700_000_000 + seconds)
            }
        }
    }

    static func url(_ name: String) throws -> URL {
        try #require(URL(string: "https://image.tmdb.org/t/p/w154/\(name).jpg"))
    }

    @Test("P6: a poster stored in one run is read back in the next, without a request")
    func roundTrip() async throws {
        let folder = TemporaryFolder()
        let downloads = HeldDownloads(answering: try samplePoster(1))
        let firstRun = ImagePipeline.holding(downloads, diskCache: DiskCache(folder: folder.url))
        try await load(poster("a"), with: firstRun, downloads)
        #expect(downloads.started.count == 1)

        let laterDownloads = HeldDownloads(answering: try samplePoster(2))
        let nextRun = ImagePipeline.holding(
            laterDownloads, diskCache: DiskCache(folder: folder.url))
        let image = try await nextRun.image(for: poster("a"))
        #expect(laterDownloads.started.isEmpty)
        #expect(image.jpegData == (try samplePoster(1)))
    }

    @Test("P6: the folder stays within its bytes, the least recently used file removed first")
    func boundedBySize() throws {
        let folder = TemporaryFolder()
        let jpeg = try samplePoster(1)
        let clock = SteppingClock()
        let cache = DiskCache(
            folder: folder.url, capacity: jpeg.count * 3 + jpeg.count / 2, now: clock.now)
        for name in ["a", "b", "c"] {
            cache.store(jpeg, for: try Self.url(name))
        }
        #expect(cache.data(for: try Self.url("a")) == jpeg, "a read makes a the newest")
        cache.store(jpeg, for: try Self.url("d"))

        #expect(cache.data(for: try Self.url("b")) == nil)
        for name in ["a", "c", "d"] {
            #expect(cache.data(for: try Self.url(name)) == jpeg)
        }
        #expect(cache.totalSize == jpeg.count * 3)
    }

    @Test(
        "P6: a corrupt or truncated cache file is discarded and the poster fetched again",
        arguments: ["garbage", "truncated", "empty"])
    func damagedFileIsFetchedAgain(damage: String) async throws {
        let folder = TemporaryFolder()
        let jpeg = try samplePoster(3)
        let downloads = HeldDownloads(answering: jpeg)
        let cache = DiskCache(folder: folder.url)
        // A decoder that makes a picture of anything, as one might of a cut-short file: the
        // cache itself must find the file damaged.
        let pipeline = ImagePipeline(
            imageBaseURL: Configuration.defaultImageBaseURL,
            memoryCapacity: ImagePipeline.defaultMemoryCapacity, diskCache: cache,
            decoder: LenientDecoder()
        ) { url throws(TMDBError) in try await downloads.download(url) }
        let url = try #require(pipeline.url(of: poster("a")))
        let damaged: Data
        switch damage {
        case "garbage": damaged = Data("<html>not a poster</html>".utf8)
        case "truncated": damaged = jpeg.prefix(jpeg.count / 2)
        default: damaged = Data()
        }
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try damaged.write(to: cache.fileURL(for: url))

        let image = try await load(poster("a"), with: pipeline, downloads)
        #expect(image.jpegData == jpeg)
        #expect(downloads.started == [url])
        #expect(try Data(contentsOf: cache.fileURL(for: url)) == jpeg, "replaced by a whole one")
    }

    @Test("P6: a cache file that is whole but does not decode is discarded and fetched again")
    func undecodableFileIsFetchedAgain() async throws {
        let folder = TemporaryFolder()
        let jpeg = try samplePoster(4)
        let downloads = HeldDownloads(answering: jpeg)
        let cache = DiskCache(folder: folder.url)
        let pipeline = ImagePipeline(
            imageBaseURL: Configuration.defaultImageBaseURL,
            memoryCapacity: ImagePipeline.defaultMemoryCapacity, diskCache: cache,
            decoder: StrictDecoder()
        ) { url throws(TMDBError) in try await downloads.download(url) }
        let url = try #require(pipeline.url(of: poster("a")))
        // SOI, then junk, then EOI: it passes the quick check, not the decoder's.
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0x00, 0xFF, 0xD9]).write(to: cache.fileURL(for: url))
        downloads.release(url)
        let image = try await pipeline.image(for: poster("a"))
        #expect(image.jpegData == jpeg)
        #expect(downloads.started == [url])
    }

    @Test("P6: a write replaces the file whole: a reader of the old one never sees it change")
    func atomicWrite() throws {
        let folder = TemporaryFolder()
        let cache = DiskCache(folder: folder.url)
        let url = try Self.url("a")
        let old = try samplePoster(1)
        let new = try samplePoster(2)
        cache.store(old, for: url)
        let reader = try FileHandle(forReadingFrom: cache.fileURL(for: url))
        defer { try? reader.close() }

        cache.store(new, for: url)

        // Written in place, the open file would now hold the new bytes, or half of them.
        #expect(try reader.readToEnd() == old)
        #expect(cache.data(for: url) == new)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names == [cache.fileURL(for: url).lastPathComponent], "no temporary file left")
    }

    @Test("P6: sample data never gets a disk cache; live TMDB gets the user's cache folder")
    func userFolderOnlyForLiveData() throws {
        #expect(ImagePipeline.standardDiskCache(for: Configuration()) == nil)
        let offline = Configuration(credential: .apiKey("k"), forcesSampleData: true)
        #expect(ImagePipeline.standardDiskCache(for: offline) == nil)

        let live = try #require(
            ImagePipeline.standardDiskCache(for: Configuration(credential: .apiKey("k"))))
        let caches = try #require(
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first)
        #expect(live.folder.path == caches.path + "/movie-architecture/posters")
        #expect(live.capacity == DiskCache.defaultCapacity)
    }
}

/// Refuses anything but a sample poster's own bytes, as the real decoder refuses junk.
final class StrictDecoder: PosterDecoding {
    func bitmap(from jpegData: Data, fitting box: PixelSize) throws(JPEGDecodingError) -> Bitmap {
        guard jpegData.count > 100 else { throw .corrupt("too short for a picture") }
        return try FakeDecoder().bitmap(from: jpegData, fitting: box)
    }
}

/// Makes a grey picture of any bytes at all.
final class LenientDecoder: PosterDecoding {
    func bitmap(from jpegData: Data, fitting box: PixelSize) throws(JPEGDecodingError) -> Bitmap {
        guard
            let bitmap = Bitmap(
                width: box.width, height: box.height,
                pixels: [UInt8](repeating: 128, count: box.width * box.height * 3))
        else { throw .tooLarge }
        return bitmap
    }
}
