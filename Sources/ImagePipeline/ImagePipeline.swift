import Foundation
import JPEGDecoding
import Synchronization
import TMDB

/// Posters from memory, then the disk cache, then the network, through the networking
/// module's `URLSession` (P5–P7), in the manner of Kingfisher and Nuke, small enough to read.
///
/// - One download per URL however many ask; it is cancelled for real (the transfer aborted,
///   as in E1) when the last one who waits for it stops waiting.
/// - A visible request starts at once. Prefetches wait in line, at most two downloading at a
///   time, and none starts while a visible request downloads.
/// - The download's own task decodes the poster for every box asked of it, off the main
///   actor (P8), and puts it in the memory cache before anyone hears, so that a later ask
///   finds it there; the cache is bounded in bytes, the least recently used evicted first.
///
/// Its state is behind one lock and changed only in short, synchronous steps, so that two
/// askers can never both decide to start the same download.
public final class ImagePipeline: ImageLoading {
    /// Fetches the bytes at a URL; the real one is `TMDBClient.imageData(at:)`.
    package typealias Download = @Sendable (URL) async throws(TMDBError) -> Data

    /// 2 MiB: about 120 posters of a half-block box, or a dozen decoded at w185.
    public static let defaultMemoryCapacity = 2 * 1_048_576

    /// The name of the app's folder in the user's cache folder.
    public static let cacheFolderName = "movie-architecture"

    public let imageBaseURL: URL
    public let diskCache: DiskCache?
    private let decoder: any PosterDecoding
    private let download: Download
    private let maximumPrefetches: Int
    private let state: Mutex<State>

    /// Loads posters with `client`'s session and its configuration's image base URL. Without
    /// `diskCache` posters are kept in memory only; see `standardDiskCache(for:)`.
    public convenience init(
        client: TMDBClient, memoryCapacity: Int = ImagePipeline.defaultMemoryCapacity,
        diskCache: DiskCache? = nil, decoder: any PosterDecoding = JPEGPosterDecoder()
    ) {
        self.init(
            imageBaseURL: client.configuration.imageBaseURL, memoryCapacity: memoryCapacity,
            diskCache: diskCache, decoder: decoder
        ) { url throws(TMDBError) in
            try await client.imageData(at: url)
        }
    }

    /// A pipeline over any download function: the tests' way to hold and release downloads.
    package init(
        imageBaseURL: URL, memoryCapacity: Int, diskCache: DiskCache?,
        decoder: any PosterDecoding, maximumPrefetches: Int = 2, download: @escaping Download
    ) {
        self.imageBaseURL = imageBaseURL
        self.diskCache = diskCache
        self.decoder = decoder
        self.download = download
        self.maximumPrefetches = maximumPrefetches
        state = Mutex(State(memory: MemoryCache(capacity: memoryCapacity)))
    }

    /// The user's cache folder for live TMDB; none on sample data, which must never touch
    /// the user's folders (P6).
    public static func standardDiskCache(for configuration: Configuration) -> DiskCache? {
        guard !configuration.usesSampleData,
            let folder = DiskCache.userCacheFolder(named: cacheFolderName)
        else { return nil }
        return DiskCache(folder: folder.appendingPathComponent("posters", isDirectory: true))
    }

    // MARK: - ImageLoading

    public func image(for request: ImageRequest) async throws(ImageLoadingError) -> LoadedImage {
        guard let url = request.url(imageBaseURL: imageBaseURL) else {
            throw .invalidPosterPath
        }
        let waiter = Waiter(id: state.withLock { $0.makeID() })
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    guard waiter.install(continuation) else { return }
                    state.withLock { state in
                        // Cancelled between `install` and here: `leave` found nothing to do.
                        guard !waiter.isCancelled else { return }
                        join(url, box: request.box, waiter, &state)
                    }
                }
            } onCancel: {
                waiter.cancel()
                self.state.withLock { state in leave(url, waiter, &state) }
            }
        } catch let error as ImageLoadingError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    public func cachedImage(for request: ImageRequest) -> LoadedImage? {
        guard let url = request.url(imageBaseURL: imageBaseURL) else { return nil }
        return state.withLock { $0.memory.value(forKey: MemoryKey(url: url, box: request.box)) }
    }

    public func prefetch(_ requests: [ImageRequest]) {
        state.withLock { state in
            for request in requests {
                guard let url = request.url(imageBaseURL: imageBaseURL),
                    state.memory.peek(MemoryKey(url: url, box: request.box)) == nil
                else { continue }
                let isNew = state.prefetchBoxes[url] == nil
                state.prefetchBoxes[url, default: []].insert(request.box)
                if isNew, state.downloads[url] == nil {
                    state.queuedPrefetches.append(url)
                }
            }
            startQueuedPrefetches(&state)
        }
    }

    public func cancelPrefetching(_ requests: [ImageRequest]) {
        state.withLock { state in
            for request in requests {
                guard let url = request.url(imageBaseURL: imageBaseURL),
                    var boxes = state.prefetchBoxes[url]
                else { continue }
                boxes.remove(request.box)
                guard boxes.isEmpty else {
                    state.prefetchBoxes[url] = boxes
                    continue
                }
                state.prefetchBoxes[url] = nil
                state.queuedPrefetches.removeAll { $0 == url }
                if let pending = state.downloads[url], pending.waiters.isEmpty {
                    cancelDownload(for: url, &state)
                }
            }
            startQueuedPrefetches(&state)
        }
    }

    // MARK: - What tests and the bench read

    /// The bytes the memory cache holds now, and its bound.
    public var memoryCacheCost: (total: Int, capacity: Int) {
        state.withLock { ($0.memory.totalCost, $0.memory.capacity) }
    }

    /// The URLs downloading now, and the prefetches waiting for their turn.
    package var activity: (downloading: Set<URL>, queued: [URL], waiters: Int) {
        state.withLock { state in
            (
                Set(state.downloads.keys), state.queuedPrefetches,
                state.downloads.values.reduce(0) { $0 + $1.waiters.count }
            )
        }
    }

    // MARK: - Downloads shared by URL

    private struct MemoryKey: Hashable {
        var url: URL
        var box: PixelSize
    }

    /// A poster's bytes and whether they came from the disk cache (which may be damaged).
    private struct Fetched: Sendable {
        var data: Data
        var isFromDisk: Bool
    }

    private struct PendingDownload {
        var id: Int
        var task: Task<Void, Never>
        /// Who waits, and for which box.
        var waiters: [Int: (waiter: Waiter, box: PixelSize)] = [:]
        /// Started as a prefetch and not yet waited for by a visible request: it takes one
        /// of the prefetch places.
        var isPrefetch: Bool
    }

    private struct State {
        var memory: MemoryCache<MemoryKey, LoadedImage>
        var downloads: [URL: PendingDownload] = [:]
        /// Prefetches not started yet, first come first served.
        var queuedPrefetches: [URL] = []
        /// The boxes each prefetched URL is wanted in, decoded into memory when it lands.
        var prefetchBoxes: [URL: Set<PixelSize>] = [:]
        var runningPrefetches = 0
        var runningVisible = 0
        var nextID = 0

        mutating func makeID() -> Int {
            nextID += 1
            return nextID
        }
    }

    /// The memory cache's poster, or the download under way (joined), or a new one (started
    /// at once: a visible request never waits in line). One step under the lock, so that a
    /// download that just ended has either put the poster in memory or not ended yet.
    private func join(_ url: URL, box: PixelSize, _ waiter: Waiter, _ state: inout State) {
        if let cached = state.memory.value(forKey: MemoryKey(url: url, box: box)) {
            waiter.resume(with: .success(cached))
            return
        }
        if state.downloads[url] == nil {
            state.queuedPrefetches.removeAll { $0 == url }
            startDownload(for: url, isPrefetch: false, &state)
        } else if state.downloads[url]?.isPrefetch == true {
            // A visible request now waits for it: it no longer takes a prefetch place.
            state.downloads[url]?.isPrefetch = false
            state.runningPrefetches -= 1
            state.runningVisible += 1
        }
        state.downloads[url]?.waiters[waiter.id] = (waiter, box)
    }

    private func leave(_ url: URL, _ waiter: Waiter, _ state: inout State) {
        guard state.downloads[url]?.waiters.removeValue(forKey: waiter.id) != nil else {
            return
        }
        // A prefetch still wants it: the download goes on for that.
        if state.downloads[url]?.waiters.isEmpty == true && state.prefetchBoxes[url] == nil {
            cancelDownload(for: url, &state)
            startQueuedPrefetches(&state)
        }
    }

    private func startDownload(for url: URL, isPrefetch: Bool, _ state: inout State) {
        let id = state.makeID()
        // Created under the lock: its first look at the state waits for the lock, so the
        // task is always stored before it can end.
        let task = Task(priority: isPrefetch ? .low : nil) {
            await run(url, id: id)
        }
        state.downloads[url] = PendingDownload(id: id, task: task, isPrefetch: isPrefetch)
        if isPrefetch {
            state.runningPrefetches += 1
        } else {
            state.runningVisible += 1
        }
    }

    /// The download's task: the bytes, then a decode for each box its waiters and prefetches
    /// want (boxes asked for while it decodes included), into the memory cache, then the
    /// answers. A disk cache file that does not decode is removed and downloaded once anew.
    private func run(_ url: URL, id: Int) async {
        var fetched = await fetch(url)
        var images: [PixelSize: Result<LoadedImage, ImageLoadingError>] = [:]
        var hasRetried = false
        while true {
            let wanted = state.withLock { state -> Set<PixelSize>? in
                guard let pending = state.downloads[url], pending.id == id else { return nil }
                var wanted = Set(pending.waiters.values.map(\.box))
                wanted.formUnion(state.prefetchBoxes[url] ?? [])
                let missing = wanted.subtracting(images.keys)
                if missing.isEmpty {
                    finish(url, pending, images, &state)
                }
                return missing
            }
            guard let wanted, !wanted.isEmpty else { return }
            switch fetched {
            case .failure(let error):
                for box in wanted {
                    images[box] = .failure(error)
                }
            case .success(let bytes):
                var decoded: [(PixelSize, LoadedImage)] = []
                for box in wanted {
                    do {
                        let bitmap = try decoder.bitmap(from: bytes.data, fitting: box)
                        let image = LoadedImage(url: url, bitmap: bitmap, jpegData: bytes.data)
                        images[box] = .success(image)
                        decoded.append((box, image))
                    } catch {
                        images[box] = .failure(.undecodable(error))
                        if bytes.isFromDisk && error.meansDamagedFile {
                            break
                        }
                    }
                }
                if bytes.isFromDisk, !hasRetried,
                    images.values.contains(where: Self.meansDamagedFile)
                {
                    // A cache file that was whole yet does not decode: forget it, download anew.
                    hasRetried = true
                    diskCache?.removeData(for: url)
                    fetched = await fetch(url)
                    images = [:]
                    continue
                }
                state.withLock { state in
                    for (box, image) in decoded {
                        state.memory.insert(
                            image, forKey: MemoryKey(url: url, box: box), cost: image.byteCount)
                    }
                }
            }
        }
    }

    private static func meansDamagedFile(_ result: Result<LoadedImage, ImageLoadingError>) -> Bool {
        if case .failure(.undecodable(let error)) = result { return error.meansDamagedFile }
        return false
    }

    /// Ends the download of `url`: its waiters hear their box's answer, its prefetch place
    /// goes to the next in line.
    private func finish(
        _ url: URL, _ pending: PendingDownload,
        _ images: [PixelSize: Result<LoadedImage, ImageLoadingError>], _ state: inout State
    ) {
        state.downloads[url] = nil
        state.prefetchBoxes[url] = nil
        if pending.isPrefetch {
            state.runningPrefetches -= 1
        } else {
            state.runningVisible -= 1
        }
        startQueuedPrefetches(&state)
        for (waiter, box) in pending.waiters.values {
            waiter.resume(with: images[box] ?? .failure(.cancelled))
        }
    }

    private func cancelDownload(for url: URL, _ state: inout State) {
        guard let pending = state.downloads.removeValue(forKey: url) else { return }
        if pending.isPrefetch {
            state.runningPrefetches -= 1
        } else {
            state.runningVisible -= 1
        }
        pending.task.cancel()
    }

    /// Starts waiting prefetches while fewer than `maximumPrefetches` run and no visible
    /// request downloads.
    private func startQueuedPrefetches(_ state: inout State) {
        while state.runningVisible == 0, state.runningPrefetches < maximumPrefetches,
            !state.queuedPrefetches.isEmpty
        {
            let url = state.queuedPrefetches.removeFirst()
            guard state.downloads[url] == nil else { continue }
            startDownload(for: url, isPrefetch: true, &state)
        }
    }

    /// The disk cache's copy, or the network's (then kept on disk when it is a whole JPEG).
    private func fetch(_ url: URL) async -> Result<Fetched, ImageLoadingError> {
        if let data = diskCache?.data(for: url) {
            return .success(Fetched(data: data, isFromDisk: true))
        }
        do {
            let data = try await download(url)
            if DiskCache.isWholeJPEG(data) {
                diskCache?.store(data, for: url)
            }
            return .success(Fetched(data: data, isFromDisk: false))
        } catch .cancelled {
            return .failure(.cancelled)
        } catch {
            return .failure(.download(error))
        }
    }
}

/// One caller waiting for a download: resumed exactly once, with the result or, as soon as
/// its task is cancelled, with `CancellationError`.
private final class Waiter: Sendable {
    typealias Continuation = CheckedContinuation<LoadedImage, any Error>

    let id: Int
    private let state = Mutex<(continuation: Continuation?, isCancelled: Bool)>((nil, false))

    init(id: Int) {
        self.id = id
    }

    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Keeps `continuation` to resume later; false (and resumed now) if already cancelled.
    func install(_ continuation: Continuation) -> Bool {
        let isCancelled = state.withLock { state in
            if !state.isCancelled {
                state.continuation = continuation
            }
            return state.isCancelled
        }
        if isCancelled {
            continuation.resume(throwing: CancellationError())
        }
        return !isCancelled
    }

    func resume(with result: Result<LoadedImage, ImageLoadingError>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    func cancel() {
        let continuation = state.withLock { state in
            state.isCancelled = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: CancellationError())
    }
}

extension JPEGDecodingError {
    /// A file that was cut short or damaged, which a new download may mend; an unsupported
    /// or oversized picture would come back the same.
    var meansDamagedFile: Bool {
        switch self {
        case .notJPEG, .truncated, .corrupt: true
        case .unsupported, .tooLarge: false
        }
    }
}

extension ImagePipeline {
    /// The one loader every screen reaches for in steps 01–04, as `TMDBClient.shared` is the
    /// one client (Nuke names its own the same way): each step's `App` sets it at launch.
    /// Step 05 injects an `ImageLoading` instead.
    @MainActor public static var shared: any ImageLoading = ImagePipeline(client: .shared)
}
