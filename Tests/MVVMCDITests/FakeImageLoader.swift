import Foundation
import ImagePipeline
import JPEGDecoding
import StepTestSupport
import Synchronization

/// An `ImageLoading` that answers from a script: no HTTP, no decoder, no cache. Step 05's
/// container hands the detail's view model whatever loader it was given.
///
/// Each poster path gets its scripted answer, optionally held at a `Gate`; an unscripted path
/// fails as a missing poster would. Requests are logged as they come.
final class FakeImageLoader: ImageLoading {
    private struct Answer: Sendable {
        var result: Result<LoadedImage, ImageLoadingError>
        var gate: Gate?
    }

    private let script = Mutex([String: Answer]())
    private let cache = Mutex([String: LoadedImage]())
    /// The poster path of every request received, in order.
    private let requestLog = WaitableLog<String>()
    /// The poster path of every answer handed back, in order.
    private let answerLog = WaitableLog<String>()
    /// "prefetch PATHS" and "cancel PATHS", call by call.
    private let prefetchLog = WaitableLog<String>()

    /// Answers requests for `posterPath` with a small picture, or the failure given.
    func answer(
        _ posterPath: String, with result: Result<LoadedImage, ImageLoadingError>? = nil,
        gate: Gate? = nil
    ) {
        let result = result ?? .success(Self.picture(posterPath))
        script.withLock { $0[posterPath] = Answer(result: result, gate: gate) }
    }

    /// Puts `posterPath`'s picture in memory, as a poster seen before would be.
    func remember(_ posterPath: String) {
        cache.withLock { $0[posterPath] = Self.picture(posterPath) }
    }

    /// The poster paths asked for, in order.
    var requests: [String] { requestLog.entries }

    /// The posters asked for ahead and cancelled, call by call (P7).
    var prefetching: [String] { prefetchLog.entries }

    /// Waits until `count` answers have been handed back.
    func waitForAnswers(_ count: Int) async -> Bool {
        await answerLog.wait { $0.count >= count }
    }

    /// A 2×3 picture that names its poster path, as a loader's answer would.
    static func picture(_ posterPath: String) -> LoadedImage {
        let bitmap = Bitmap(width: 2, height: 3, pixels: [UInt8](repeating: 128, count: 18))!
        return LoadedImage(url: URL(fileURLWithPath: posterPath), bitmap: bitmap, jpegData: Data())
    }

    // MARK: ImageLoading

    func image(for request: ImageRequest) async throws(ImageLoadingError) -> LoadedImage {
        let answer = script.withLock { $0[request.posterPath] }
        requestLog.append(request.posterPath)
        guard let answer else { throw .download(.notFound) }
        if let gate = answer.gate {
            await gate.wait()
        }
        answerLog.append(request.posterPath)
        return try answer.result.get()
    }

    func cachedImage(for request: ImageRequest) -> LoadedImage? {
        cache.withLock { $0[request.posterPath] }
    }

    func prefetch(_ requests: [ImageRequest]) {
        prefetchLog.append("prefetch \(requests.map(\.posterPath))")
    }

    func cancelPrefetching(_ requests: [ImageRequest]) {
        prefetchLog.append("cancel \(requests.map(\.posterPath))")
    }
}
