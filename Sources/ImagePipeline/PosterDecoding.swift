import Foundation
import JPEGDecoding

/// JPEG bytes to the pixels of a box. The pipeline calls it off the main actor (P8); tests
/// give the pipeline one of their own.
public protocol PosterDecoding: Sendable {
    /// The picture with at least a pixel for each of `box`'s in one direction (enough to fit
    /// it in the box), and no more than that needs; or a typed error for bytes that are no
    /// picture (a truncated file, an HTML page).
    func bitmap(from jpegData: Data, fitting box: PixelSize) throws(JPEGDecodingError) -> Bitmap
}

/// The package's own decoder: one pixel an 8×8 block when that is enough for the box (a
/// half-block poster of a few dozen cells), every pixel otherwise. The bitmap is the scale's
/// own size; whoever draws it fits it to the box.
public struct JPEGPosterDecoder: PosterDecoding {
    public init() {}

    public func bitmap(from jpegData: Data, fitting box: PixelSize) throws(JPEGDecodingError)
        -> Bitmap
    {
        let eighth = try JPEGDecoder.decode(jpegData, scale: .eighth)
        if eighth.width >= box.width || eighth.height >= box.height {
            return eighth
        }
        return try JPEGDecoder.decode(jpegData, scale: .full)
    }
}
