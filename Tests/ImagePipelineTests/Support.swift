import Foundation
import ImagePipeline
import JPEGDecoding
import Synchronization
import TMDB

/// A secret no response, URL or header may carry where it does not belong.
let sentinelSecret = "SENTINEL-SECRET-123"

/// The bundled sample poster `number` (1…6): a real JPEG of 185×278.
func samplePoster(_ number: Int) throws -> Data {
    guard let folder = SampleData.directoryURL else { throw CocoaError(.fileNoSuchFile) }
    return try Data(
        contentsOf: folder.appendingPathComponent("posters/poster-\(number).jpg"))
}

/// A request for `name` in a half-block box (w154).
func poster(_ name: String, box: PixelSize = PixelSize(width: 24, height: 36)) -> ImageRequest {
    ImageRequest(posterPath: "/\(name).jpg", box: box)
}

/// Waits until `condition` holds or `timeout` passes; returns whether it held. A condition
/// other threads make true, polled against a deadline, never a fixed sleep.
///
/// Only the time this task was given counts: a poll that comes back late (a machine so busy
/// that no task of the process ran for a while) counts as 10 ms, so that the tasks the
/// condition waits for, starved alike, get their turn before the timeout is used up.
func waitUntil(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
    var waited = Duration.zero
    while !condition() {
        guard waited < timeout else { return false }
        let start = ContinuousClock.now
        try? await Task.sleep(for: .milliseconds(1))
        waited += min(ContinuousClock.now - start, .milliseconds(10))
    }
    return true
}

/// A temporary folder, removed when the test ends; never the user's cache folder.
struct TemporaryFolder: ~Copyable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ImagePipelineTests-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A decoder for tests: checks the JPEG markers as the real one would find them (a file that
/// does not start with SOI is not JPEG, one that does not end with EOI is cut short) and
/// answers a grey bitmap of exactly the box, noting on which thread it ran.
final class FakeDecoder: PosterDecoding {
    private let record = Mutex((calls: 0, ranOnMainThread: false))

    var calls: Int { record.withLock { $0.calls } }
    var ranOnMainThread: Bool { record.withLock { $0.ranOnMainThread } }

    func bitmap(from jpegData: Data, fitting box: PixelSize) throws(JPEGDecodingError) -> Bitmap {
        let isMainThread = Thread.isMainThread
        record.withLock { record in
            record.calls += 1
            record.ranOnMainThread = record.ranOnMainThread || isMainThread
        }
        guard jpegData.starts(with: [0xFF, 0xD8]) else { throw .notJPEG }
        guard jpegData.suffix(2).elementsEqual([0xFF, 0xD9]) else { throw .truncated }
        let count = box.width * box.height * 3
        guard
            let bitmap = Bitmap(
                width: box.width, height: box.height,
                pixels: [UInt8](repeating: UInt8(jpegData.count % 251), count: count))
        else { throw .tooLarge }
        return bitmap
    }
}

/// Downloads a test holds until it releases them, one by one: which started, in what order,
/// how many ran at once, and which were cancelled (P7).
final class HeldDownloads: Sendable {
    private struct Call {
        var url: URL
        var continuation: CheckedContinuation<Data?, Never>?
        var isCancelled = false
    }

    private struct State {
        var calls: [Int: Call] = [:]
        var started: [URL] = []
        var cancelled: [URL] = []
        var running = 0
        var mostRunning = 0
        var nextID = 0
        var released: Set<URL> = []
    }

    private let state = Mutex(State())
    private let body: Data

    init(answering body: Data) {
        self.body = body
    }

    /// Every download started, in order.
    var started: [URL] { state.withLock { $0.started } }
    /// Every download cancelled while held, in order.
    var cancelled: [URL] { state.withLock { $0.cancelled } }
    /// The most downloads that were held at the same time.
    var mostRunning: Int { state.withLock { $0.mostRunning } }
    /// The URLs held now.
    var held: [URL] {
        state.withLock { state in state.calls.values.map(\.url) }
    }

    /// The download function a pipeline is given.
    func download(_ url: URL) async throws(TMDBError) -> Data {
        let id = state.withLock { state in
            state.nextID += 1
            state.calls[state.nextID] = Call(url: url)
            state.started.append(url)
            state.running += 1
            state.mostRunning = max(state.mostRunning, state.running)
            return state.nextID
        }
        let data = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Data?? = state.withLock { state in
                    guard let call = state.calls[id] else { return .some(nil) }
                    if call.isCancelled { return .some(nil) }
                    if state.released.contains(url) { return .some(body) }
                    state.calls[id]?.continuation = continuation
                    return .none
                }
                if case .some(let data) = ready {
                    continuation.resume(returning: data)
                }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.calls[id]?.isCancelled = true
                state.cancelled.append(url)
                defer { state.calls[id]?.continuation = nil }
                return state.calls[id]?.continuation
            }
            continuation?.resume(returning: nil)
        }
        state.withLock { state in
            state.calls[id] = nil
            state.running -= 1
        }
        guard let data else { throw .cancelled }
        return data
    }

    /// Lets every download of `url` answer, those held now and any later.
    func release(_ url: URL) {
        let continuations = state.withLock { state in
            state.released.insert(url)
            var continuations: [CheckedContinuation<Data?, Never>] = []
            for (id, call) in state.calls where call.url == url {
                if let continuation = call.continuation {
                    continuations.append(continuation)
                    state.calls[id]?.continuation = nil
                }
            }
            return continuations
        }
        for continuation in continuations {
            continuation.resume(returning: body)
        }
    }
}

extension ImagePipeline {
    /// A pipeline over held downloads, with a fake decoder, no disk cache unless given.
    static func holding(
        _ downloads: HeldDownloads, decoder: FakeDecoder = FakeDecoder(),
        memoryCapacity: Int = ImagePipeline.defaultMemoryCapacity, diskCache: DiskCache? = nil
    ) -> ImagePipeline {
        ImagePipeline(
            imageBaseURL: Configuration.defaultImageBaseURL, memoryCapacity: memoryCapacity,
            diskCache: diskCache, decoder: decoder
        ) { url throws(TMDBError) in
            try await downloads.download(url)
        }
    }

    /// Whether `request`'s poster is in the memory cache (a Bool, so a failure prints no pixels).
    func isCached(_ request: ImageRequest) -> Bool {
        cachedImage(for: request) != nil
    }

    /// The URL this pipeline loads `request` from.
    func url(of request: ImageRequest) -> URL? {
        request.url(imageBaseURL: imageBaseURL)
    }
}
