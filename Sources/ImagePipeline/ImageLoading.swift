import Foundation
import JPEGDecoding
import TMDB

/// Loads posters: what a screen (or its view model) asks, and what step 05 injects (P5–P7).
///
/// Like `UICollectionViewDataSourcePrefetching`, prefetching is a hint: the rows just below
/// the visible ones are fetched ahead at low priority, and forgotten when they are no longer
/// wanted. A visible request never waits behind a prefetch.
public protocol ImageLoading: Sendable {
    /// The poster for `request`: from memory, the disk cache or the network, decoded off the
    /// main actor. Cancelling the calling task stops waiting at once, and the download too
    /// when nobody else waits for it.
    func image(for request: ImageRequest) async throws(ImageLoadingError) -> LoadedImage

    /// The poster for `request` if it is in memory now: for a cell shown again, without a
    /// frame of placeholder.
    func cachedImage(for request: ImageRequest) -> LoadedImage?

    /// Fetches these posters ahead at low priority, at most two downloads at a time.
    func prefetch(_ requests: [ImageRequest])

    /// Forgets prefetches nobody waits for any more; a download already under way for one of
    /// them is cancelled unless a visible request waits for it too.
    func cancelPrefetching(_ requests: [ImageRequest])
}

/// One poster, in a box of `box` pixels: a `poster_path` as TMDB gives it ("/abc.jpg").
public struct ImageRequest: Sendable, Hashable {
    public var posterPath: String
    public var box: PixelSize

    public init(posterPath: String, box: PixelSize) {
        self.posterPath = posterPath
        self.box = box
    }
}

extension ImageRequest {
    /// The pixels the app's poster boxes ask for (P1, P5): more than the half blocks of a
    /// 20-column box show (20×30), few enough that a decoded poster costs 16 KiB of memory.
    public static let posterBox = PixelSize(width: 60, height: 90)

    /// The poster at `posterPath` ("/abc.jpg"), sized for a poster box.
    public static func poster(at posterPath: String) -> ImageRequest {
        ImageRequest(posterPath: posterPath, box: posterBox)
    }
}

/// A width and a height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

/// A loaded poster: the pixels decoded for the box, and the JPEG as the server sent it (a
/// terminal that takes JPEG itself, such as iTerm2's, gets these bytes unchanged).
public struct LoadedImage: Sendable, Equatable {
    /// Where it came from; two requests for one URL share the download.
    public var url: URL
    public var bitmap: Bitmap
    public var jpegData: Data

    public init(url: URL, bitmap: Bitmap, jpegData: Data) {
        self.url = url
        self.bitmap = bitmap
        self.jpegData = jpegData
    }

    /// What it costs the memory cache: its pixels and its JPEG bytes.
    public var byteCount: Int { bitmap.pixels.count + jpegData.count }
}

/// Why there is no poster. Screens show a quiet placeholder for every case (P1), so these
/// carry what a test or a log needs, never a URL or a credential.
public enum ImageLoadingError: Error, Sendable, Equatable {
    /// The `poster_path` is not one file name ("/abc.jpg"); nothing was requested.
    case invalidPosterPath
    /// The download failed, as the networking module tells it.
    case download(TMDBError)
    /// The bytes are no picture the decoder reads.
    case undecodable(JPEGDecodingError)
    /// The caller stopped waiting.
    case cancelled
}
