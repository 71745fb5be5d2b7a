/// YCbCr to RGB as libjpeg converts (`jdcolor.c`, T.871): 16-bit fixed point through tables,
/// so that the result is exactly `djpeg`'s.
enum Colour {
    private static let scaleBits = 16
    private static let half = 1 << 15

    private static func fixed(_ value: Double) -> Int { Int(value * 65536 + 0.5) }

    /// Cr's share of red, Cb's of blue, and both shares of green (the latter still scaled).
    static let crToRed: [Int32] = (0..<256).map {
        Int32((fixed(1.402) * ($0 - 128) + half) >> scaleBits)
    }
    static let cbToBlue: [Int32] = (0..<256).map {
        Int32((fixed(1.772) * ($0 - 128) + half) >> scaleBits)
    }
    static let crToGreen: [Int32] = (0..<256).map { Int32(-fixed(0.71414) * ($0 - 128)) }
    static let cbToGreen: [Int32] = (0..<256).map { Int32(-fixed(0.34414) * ($0 - 128) + half) }

    /// 0…255 for `value + 384`, for every value the conversion can make (-227…482): a table,
    /// as libjpeg's, because clamping branches mispredict.
    static let clampTable: [UInt8] = (0..<1024).map { UInt8(min(max($0 - 384, 0), 255)) }

    /// Converts one row of `count` pixels to interleaved RGB.
    static func convertRow(
        luma: UnsafePointer<UInt8>, blue: UnsafePointer<UInt8>, red: UnsafePointer<UInt8>,
        count: Int, into output: UnsafeMutablePointer<UInt8>
    ) {
        clampTable.withUnsafeBufferPointer { clamp in
            crToRed.withUnsafeBufferPointer { crRed in
                cbToBlue.withUnsafeBufferPointer { cbBlue in
                    crToGreen.withUnsafeBufferPointer { crGreen in
                        cbToGreen.withUnsafeBufferPointer { cbGreen in
                            for index in 0..<count {
                                let y = Int32(luma[index])
                                let cb = Int(blue[index])
                                let cr = Int(red[index])
                                let pixel = output + 3 &* index
                                pixel[0] = clamp[Int(y &+ crRed[cr]) &+ 384]
                                pixel[1] =
                                    clamp[Int(y &+ ((cbGreen[cb] &+ crGreen[cr]) &>> 16)) &+ 384]
                                pixel[2] = clamp[Int(y &+ cbBlue[cb]) &+ 384]
                            }
                        }
                    }
                }
            }
        }
    }

    /// Copies one row of grey to RGB.
    static func convertRow(
        grey: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>
    ) {
        for index in 0..<count {
            let value = grey[index]
            output[3 * index] = value
            output[3 * index + 1] = value
            output[3 * index + 2] = value
        }
    }
}
