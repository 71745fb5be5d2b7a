import CleanDomain
import Foundation
import ImagePipeline

/// The posters of the domain, from the image pipeline: memory, then the disk cache, then
/// the network, decoded off the main actor. Downloading, decoding and caching stop here.
public struct PosterImageRepository: PosterRepository {
    private let imageLoader: any ImageLoading

    public init(imageLoader: any ImageLoading) {
        self.imageLoader = imageLoader
    }

    public func poster(path: String) async -> Poster? {
        // Whatever goes wrong, there is no poster: the screen keeps its placeholder.
        guard let loaded = try? await imageLoader.image(for: .poster(at: path)) else {
            return nil
        }
        return Poster(loaded, path: path)
    }

    public func cachedPoster(path: String) -> Poster? {
        imageLoader.cachedImage(for: .poster(at: path)).map { Poster($0, path: path) }
    }

    public func prefetchPosters(paths: [String]) {
        imageLoader.prefetch(paths.map(ImageRequest.poster(at:)))
    }

    public func cancelPrefetchingPosters(paths: [String]) {
        imageLoader.cancelPrefetching(paths.map(ImageRequest.poster(at:)))
    }
}

extension Poster {
    init(_ image: LoadedImage, path: String) {
        self.init(
            path: path, width: image.bitmap.width, height: image.bitmap.height,
            pixels: image.bitmap.pixels, fileData: [UInt8](image.jpegData))
    }
}
