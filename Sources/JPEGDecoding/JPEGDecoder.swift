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

/// Why a file is no picture.
public enum JPEGDecodingError: Error, Sendable, Hashable {
    case notJPEG
    case truncated
    case corrupt(String)
    case unsupported(String)
    case tooLarge
}

/// How much of the picture to decode: every pixel, or one pixel an 8×8 block.
public enum JPEGScale: Int, Sendable, Hashable {
    case full = 1
    case eighth = 8
}

/// JPEG bytes to pixels.
public enum JPEGDecoder {
    public static func decode(_ data: Data, scale: JPEGScale) throws(JPEGDecodingError) -> Bitmap {
        throw .unsupported("not written yet")
    }
}
