import Foundation
import JPEGDecoding
import Testing

/// P8, P1: a poster is scaled to its box with its aspect ratio kept, each pixel the average of
/// the area it covers, from the 1/8 decode when that is large enough.
@Suite struct ResamplingTests {
    func fit(_ width: Int, _ height: Int, box boxWidth: Int, _ boxHeight: Int) -> [Int] {
        let size = Bitmap.fittingSize(
            width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight)
        return [size.width, size.height]
    }

    @Test func theFittingSizeKeepsTheAspectRatio() {
        #expect(fit(342, 513, box: 20, 40) == [20, 30])
        #expect(fit(342, 513, box: 40, 30) == [20, 30])
        #expect(fit(1000, 1, box: 10, 10) == [10, 1])
        #expect(fit(5, 5, box: 0, -3) == [1, 1])
    }

    /// Four pixels to one is their mean; two to three spreads the middle one over both.
    @Test func eachPixelIsTheMeanOfTheAreaItCovers() throws {
        let square = try #require(
            Bitmap(
                width: 2, height: 2,
                pixels: [0, 0, 0, 255, 255, 255, 100, 100, 100, 45, 45, 45]))
        #expect(square.resampled(toWidth: 1, height: 1).pixels == [100, 100, 100])
        let row = try #require(
            Bitmap(width: 3, height: 1, pixels: [0, 0, 0, 90, 90, 90, 240, 240, 240]))
        // Old pixels are 2/3 of a new one wide: [0, 0.5 × 90] and [0.5 × 90, 240], each / 1.5.
        #expect(row.resampled(toWidth: 2, height: 1).pixels == [30, 30, 30, 190, 190, 190])
    }

    @Test func aPictureThatFitsStaysAsItIs() throws {
        let bitmap = try JPEGDecoder.decode(Fixtures.jpeg("grey"), scale: .eighth)
        #expect(bitmap.resampled(toFitWidth: bitmap.width, height: 100) == bitmap)
    }

    /// A box an eighth fills is served from the 1/8 decode (eight times less work); a larger
    /// box from the full one.
    @Test func theEighthIsUsedWhenItIsLargeEnough() throws {
        let data = try Fixtures.jpeg("poster-154-baseline")
        let eighth = try JPEGDecoder.decode(data, scale: .eighth)
        let small = try JPEGDecoder.decode(data, fittingWidth: 16, height: 100)
        #expect(small == eighth.resampled(toWidth: 16, height: 24))
        #expect(small.width == 16 && small.height == 24)
        let large = try JPEGDecoder.decode(data, fittingWidth: 77, height: 1000)
        let full = try JPEGDecoder.decode(data, scale: .full)
        #expect(large == full.resampled(toWidth: 77, height: 116))
        #expect(large.width == 77 && large.height == 116)
    }
}
