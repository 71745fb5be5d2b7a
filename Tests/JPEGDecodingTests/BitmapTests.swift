import JPEGDecoding
import Testing

@Suite struct BitmapTests {
    @Test func aBitmapHoldsThreeBytesAPixel() {
        #expect(Bitmap(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255]) != nil)
        #expect(Bitmap(width: 2, height: 1, pixels: [0, 0, 0]) == nil)
    }
}
