import Synchronization

/// A bitmap to show in an `ImageView`, like `UIImage`: immutable, shared by reference, its
/// pixels in rows from the top left, three bytes a pixel (red, green, blue) or four with alpha.
///
/// `jpegData` keeps the file the pixels came from, so that a terminal that takes a JPEG as
/// it is (iTerm2's inline images) gets it without a decode; `source` says where it came
/// from (a poster's path), so that a test can ask which picture is on screen.
public final class Image: Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 3` bytes (RGB), or `× 4` when `hasAlpha` (RGBA).
    public let pixels: [UInt8]
    public let hasAlpha: Bool
    public let jpegData: [UInt8]?
    public let source: String?
    /// A number no other image of this run has: what the renderer tells images apart by,
    /// as an image's address may be taken by another once it is gone.
    let serialNumber: Int

    /// nil when the pixels are not `width × height` of them, or the size is empty.
    public init?(
        width: Int, height: Int, pixels: [UInt8], hasAlpha: Bool = false,
        jpegData: [UInt8]? = nil, source: String? = nil
    ) {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow,
            pixels.count == count * (hasAlpha ? 4 : 3)
        else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.hasAlpha = hasAlpha
        self.jpegData = jpegData
        self.source = source
        serialNumber = Self.serialNumbers.add(1, ordering: .relaxed).newValue
    }

    private static let serialNumbers = Atomic<Int>(0)

    /// The mean colour of the pixels in columns `x` and rows `y`, over black where there is
    /// alpha.
    func averageColor(x: Range<Int>, y: Range<Int>) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let stride = hasAlpha ? 4 : 3
        var red = 0
        var green = 0
        var blue = 0
        for row in y {
            var index = (row * width + x.lowerBound) * stride
            for _ in x {
                let alpha = hasAlpha ? Int(pixels[index + 3]) : 255
                red += Int(pixels[index]) * alpha
                green += Int(pixels[index + 1]) * alpha
                blue += Int(pixels[index + 2]) * alpha
                index += stride
            }
        }
        let count = max(x.count * y.count * 255, 1)
        return (UInt8(red / count), UInt8(green / count), UInt8(blue / count))
    }
}
