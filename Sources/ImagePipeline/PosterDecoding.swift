import Foundation
import JPEGDecoding

/// JPEG bytes to the pixels of a box. The pipeline calls it off the main actor (P8); tests
/// give the pipeline one of their own.
public protocol PosterDecoding: Sendable {
    /// The picture scaled to fit `box` with its aspect ratio kept, no larger than the box; or a
    /// typed error for bytes that are no picture (a truncated file, an HTML page).
    func bitmap(from jpegData: Data, fitting box: PixelSize) throws(JPEGDecodingError) -> Bitmap
}

/// The package's own decoder: the picture downsampled to fit the box, aspect kept, decoded at
/// one pixel an 8×8 block when that is enough (a half-block poster of a few dozen cells) and
/// area-averaged down, so the memory cache holds the box's pixels, not the file's.
public struct JPEGPosterDecoder: PosterDecoding {
    public init() {}

    public func bitmap(from jpegData: Data, fitting box: PixelSize) throws(JPEGDecodingError)
        -> Bitmap
    {
        try JPEGDecoder.decode(jpegData, fittingWidth: box.width, height: box.height)
    }
}
