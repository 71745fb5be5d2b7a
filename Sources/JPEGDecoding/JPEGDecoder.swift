import Foundation

/// An 8-bit RGB picture: `height` rows of `width` pixels, three bytes a pixel.
public struct Bitmap: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Fails unless `pixels` holds exactly `width × height × 3` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// How much of the picture to decode: every pixel, or one pixel an 8×8 block.
public enum JPEGScale: Int, Sendable, Hashable {
    case full = 1
    case eighth = 8
}

/// JPEG bytes to pixels: baseline and progressive, 8-bit, greyscale or YCbCr with any chroma
/// subsampling whose factors divide the largest (ITU T.81, as libjpeg reads it).
///
/// At `.eighth` the picture is what libjpeg's `djpeg -scale 1/8` gives: one pixel a luma block,
/// from the block's DC coefficient alone, except for chroma halved both ways (4:2:0), which gets
/// libjpeg's 2×2 reduced IDCT and so needs that chroma's AC coefficients too. At `.full`, the
/// accurate integer IDCT and libjpeg's triangle ("fancy") upsampling, as `djpeg` does.
///
/// Hostile input is expected: the decoder sizes nothing before the frame header has been checked,
/// refuses pictures whose block count the file's bytes could not code, and throws instead of
/// trapping. Memory stays below a bound of the file's size and the requested output.
public enum JPEGDecoder {
    /// The largest picture decoded, in pixels: 16 Mpx, far above any poster.
    public static let maximumPixelCount = 1 << 24

    public static func decode(_ data: Data, scale: JPEGScale) throws(JPEGDecodingError) -> Bitmap {
        let bytes = [UInt8](data)
        let result: Result<Bitmap, JPEGDecodingError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JPEGDecodingError) {
                var decoder = try FrameDecoder(bytes: buffer, scale: scale)
                return .success(try decoder.decode())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The picture's size in pixels, read from its frame header without decoding it.
    public static func size(of data: Data) throws(JPEGDecodingError) -> (width: Int, height: Int) {
        let bytes = [UInt8](data)
        let result: Result<(Int, Int), JPEGDecodingError> = bytes.withUnsafeBufferPointer {
            buffer in
            do throws(JPEGDecodingError) {
                let frame = try MarkerParser.frameHeader(in: buffer)
                return .success((frame.width, frame.height))
            } catch {
                return .failure(error)
            }
        }
        let size = try result.get()
        return (size.0, size.1)
    }

    /// The picture scaled to fit a `width × height` box with its aspect ratio kept, decoded at
    /// 1/8 when that is enough for the box (eight times less work) and area-averaged down to it.
    public static func decode(
        _ data: Data, fittingWidth width: Int, height: Int
    ) throws(JPEGDecodingError) -> Bitmap {
        let size = try self.size(of: data)
        let target = Bitmap.fittingSize(
            width: size.width, height: size.height, boxWidth: width, boxHeight: height)
        let eighthWidth = (size.width + 7) / 8
        let eighthHeight = (size.height + 7) / 8
        let scale: JPEGScale =
            eighthWidth >= target.width && eighthHeight >= target.height ? .eighth : .full
        // The target comes from the true size: a 1/8 picture's rounded-up size skews the aspect.
        return try decode(data, scale: scale).resampled(
            toWidth: target.width, height: target.height)
    }
}
