extension Bitmap {
    /// The largest size with this picture's aspect ratio that fits a `boxWidth × boxHeight`
    /// box, at least 1×1; a box side below 1 counts as 1.
    public static func fittingSize(
        width: Int, height: Int, boxWidth: Int, boxHeight: Int
    ) -> (width: Int, height: Int) {
        let boxWidth = max(boxWidth, 1)
        let boxHeight = max(boxHeight, 1)
        guard width > 0, height > 0 else { return (boxWidth, boxHeight) }
        if width * boxHeight <= height * boxWidth {
            let fitted = (width * boxHeight + height / 2) / height
            return (min(max(fitted, 1), boxWidth), boxHeight)
        }
        let fitted = (height * boxWidth + width / 2) / width
        return (boxWidth, min(max(fitted, 1), boxHeight))
    }

    /// This picture scaled to fit a `width × height` box with its aspect ratio kept. Each new
    /// pixel is the average of the old pixels' areas it covers (a box filter), so that detail
    /// averages out instead of flickering as nearest-pixel sampling would; enlarging repeats
    /// pixels.
    public func resampled(toFitWidth width: Int, height: Int) -> Bitmap {
        let target = Self.fittingSize(
            width: self.width, height: self.height, boxWidth: width, boxHeight: height)
        return resampled(toWidth: target.width, height: target.height)
    }

    /// This picture area-averaged to exactly `width × height` (each at least 1).
    public func resampled(toWidth width: Int, height: Int) -> Bitmap {
        let width = max(width, 1)
        let height = max(height, 1)
        if width == self.width, height == self.height { return self }
        let columns = Self.spans(from: self.width, to: width)
        let rows = Self.spans(from: self.height, to: height)
        // Across first, into weighted sums (each row's weights add up to the source width).
        var across = [Int](repeating: 0, count: self.height * width * 3)
        pixels.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { sums in
                for row in 0..<self.height {
                    let input = row * self.width * 3
                    let output = row * width * 3
                    for (column, span) in columns.enumerated() {
                        var red = 0
                        var green = 0
                        var blue = 0
                        for (offset, weight) in span.weights.enumerated() {
                            let pixel = input + (span.start + offset) * 3
                            red += weight * Int(source[pixel])
                            green += weight * Int(source[pixel + 1])
                            blue += weight * Int(source[pixel + 2])
                        }
                        sums[output + column * 3] = red
                        sums[output + column * 3 + 1] = green
                        sums[output + column * 3 + 2] = blue
                    }
                }
            }
        }
        let total = self.width * self.height
        var result = [UInt8](repeating: 0, count: width * height * 3)
        across.withUnsafeBufferPointer { sums in
            result.withUnsafeMutableBufferPointer { output in
                for (row, span) in rows.enumerated() {
                    for index in 0..<(width * 3) {
                        var sum = 0
                        for (offset, weight) in span.weights.enumerated() {
                            sum += weight * sums[(span.start + offset) * width * 3 + index]
                        }
                        output[row * width * 3 + index] = UInt8(
                            truncatingIfNeeded: (sum + total / 2) / total)
                    }
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: result) ?? self
    }

    /// For each of `target` new pixels along a side of `source` old ones, the first old pixel
    /// it covers and the overlap with each, in units of 1/`target` of an old pixel (so that
    /// the weights of a new pixel add up to `source`).
    private static func spans(from source: Int, to target: Int) -> [(start: Int, weights: [Int])] {
        (0..<target).map { index in
            let low = index * source
            let high = (index + 1) * source
            let first = low / target
            let last = (high - 1) / target
            let weights = (first...last).map { old in
                min((old + 1) * target, high) - max(old * target, low)
            }
            return (first, weights)
        }
    }
}
