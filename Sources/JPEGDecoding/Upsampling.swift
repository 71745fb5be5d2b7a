/// One component's decoded samples, and how they stretch to the output's pixels.
final class SamplePlane {
    /// Samples a row in memory (whole blocks), and rows.
    let stride: Int
    let rows: Int
    /// The samples that belong to the picture (libjpeg's `downsampled_width` and `_height`);
    /// the rest pad the last blocks.
    let width: Int
    let height: Int
    /// Output pixels per sample, across and down.
    let horizontalFactor: Int
    let verticalFactor: Int
    /// Whether halved chroma is interpolated (libjpeg's "fancy" upsampling, at full size) or
    /// repeated.
    let isSmooth: Bool
    let samples: UnsafeMutablePointer<UInt8>

    init(
        stride: Int, rows: Int, width: Int, height: Int, horizontalFactor: Int,
        verticalFactor: Int, isSmooth: Bool
    ) {
        self.stride = stride
        self.rows = rows
        self.width = width
        self.height = height
        self.horizontalFactor = horizontalFactor
        self.verticalFactor = verticalFactor
        self.isSmooth = isSmooth
        samples = .allocate(capacity: stride * rows)
        samples.initialize(repeating: 0, count: stride * rows)
    }

    deinit { samples.deallocate() }

    /// Room a row buffer needs for `upsampledRow`.
    var upsampledWidth: Int { width * horizontalFactor }

    /// Output row `row` of this component, stretched to the output's width: the plane's own
    /// row when no stretching is needed, else written into `buffer` (`upsampledWidth` long).
    func upsampledRow(_ row: Int, buffer: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
        let source = row / verticalFactor
        let input = samples + source * stride
        switch (horizontalFactor, verticalFactor) {
        case (1, 1):
            return UnsafePointer(input)
        case (2, 1) where isSmooth && width > 2:
            Self.triangle2x1(input, width: width, into: buffer)
        case (2, 2) where isSmooth && width > 2:
            let neighbour = row & 1 == 0 ? max(source - 1, 0) : min(source + 1, height - 1)
            Self.triangle2x2(
                input, neighbour: samples + neighbour * stride, width: width, into: buffer)
        case (1, 2) where isSmooth:
            let isUpper = row & 1 == 0
            let neighbour = isUpper ? max(source - 1, 0) : min(source + 1, height - 1)
            let other = samples + neighbour * stride
            let bias = isUpper ? 1 : 2
            for column in 0..<width {
                buffer[column] = UInt8(
                    truncatingIfNeeded: (Int(input[column]) * 3 + Int(other[column]) + bias) >> 2)
            }
        default:
            var output = 0
            for column in 0..<width {
                let value = input[column]
                for _ in 0..<horizontalFactor {
                    buffer[output] = value
                    output += 1
                }
            }
        }
        return UnsafePointer(buffer)
    }

    /// Doubles a row's width, each new sample ¾ the nearer and ¼ the farther old one.
    private static func triangle2x1(
        _ input: UnsafeMutablePointer<UInt8>, width: Int, into output: UnsafeMutablePointer<UInt8>
    ) {
        var value = Int(input[0])
        output[0] = UInt8(truncatingIfNeeded: value)
        output[1] = UInt8(truncatingIfNeeded: (value * 3 + Int(input[1]) + 2) >> 2)
        for column in 1..<(width - 1) {
            value = Int(input[column]) * 3
            output[2 * column] = UInt8(
                truncatingIfNeeded: (value + Int(input[column - 1]) + 1) >> 2)
            output[2 * column + 1] = UInt8(
                truncatingIfNeeded: (value + Int(input[column + 1]) + 2) >> 2)
        }
        value = Int(input[width - 1])
        output[2 * width - 2] = UInt8(
            truncatingIfNeeded: (value * 3 + Int(input[width - 2]) + 1) >> 2)
        output[2 * width - 1] = UInt8(truncatingIfNeeded: value)
    }

    /// Doubles a row both ways: a vertical ¾ + ¼ mix with the neighbouring row, then the same
    /// horizontally, rounded once at the end.
    private static func triangle2x2(
        _ input: UnsafeMutablePointer<UInt8>, neighbour: UnsafeMutablePointer<UInt8>, width: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        var this = Int(input[0]) * 3 + Int(neighbour[0])
        var next = Int(input[1]) * 3 + Int(neighbour[1])
        output[0] = UInt8(truncatingIfNeeded: (this * 4 + 8) >> 4)
        output[1] = UInt8(truncatingIfNeeded: (this * 3 + next + 7) >> 4)
        var last = this
        this = next
        for column in 2..<width {
            next = Int(input[column]) * 3 + Int(neighbour[column])
            output[2 * column - 2] = UInt8(truncatingIfNeeded: (this * 3 + last + 8) >> 4)
            output[2 * column - 1] = UInt8(truncatingIfNeeded: (this * 3 + next + 7) >> 4)
            last = this
            this = next
        }
        output[2 * width - 2] = UInt8(truncatingIfNeeded: (this * 3 + last + 8) >> 4)
        output[2 * width - 1] = UInt8(truncatingIfNeeded: (this * 4 + 7) >> 4)
    }
}
