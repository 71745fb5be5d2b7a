import Foundation
import JPEGDecoding
import Testing

/// P8: the pictures TMDB serves decode as libjpeg decodes them, at 1/8 (`djpeg -scale 1/8`)
/// and at full size (`djpeg`).
///
/// Tolerance, per channel: mean ≤ 0.5 and max ≤ 2 at 1/8, mean ≤ 0.5 and max ≤ 4 at full size,
/// the room a rounding difference needs and no more (this decoder is exact on every fixture).
/// At 1/8, 4:2:0 chroma goes through libjpeg's 2×2 reduced IDCT, as `djpeg -scale 1/8` does;
/// a DC-only chroma would be off by up to 30 on photos. The progressive fixtures are coded at
/// quality 30 with the DC in two or three passes, so that a decoder that skips a refinement
/// scan is off by a whole quantizer step (over 2 at 1/8).
@Suite struct DecodingTests {
    static let fixtures = [
        "baseline-444", "baseline-422", "baseline-420", "baseline-440", "baseline-411", "grey",
        "restarts", "odd-size-420", "scan-per-component", "progressive-420", "progressive-444",
        "grey-progressive", "progressive-dc-per-component", "progressive-restarts",
    ]

    /// P8: every chroma subsampling, grey, restart markers, Huffman tables redefined between
    /// scans, libjpeg's progressive script and one DC scan per component, at 1/8.
    @Test(arguments: fixtures + ["poster-154-baseline", "poster-154-progressive"])
    func anEighthIsWhatLibjpegGives(_ name: String) throws {
        let bitmap = try JPEGDecoder.decode(Fixtures.jpeg(name), scale: .eighth)
        let expected = try Fixtures.expected(name, scale: .eighth)
        let difference = try #require(Fixtures.difference(bitmap, expected), "the size differs")
        #expect(difference.mean <= 0.5 && difference.max <= 2, "\(name): \(difference)")
    }

    /// P8: the full decode (accurate IDCT, progressive AC refinement, triangle upsampling).
    @Test(arguments: fixtures)
    func theFullPictureIsWhatLibjpegGives(_ name: String) throws {
        let bitmap = try JPEGDecoder.decode(Fixtures.jpeg(name), scale: .full)
        let expected = try Fixtures.expected(name, scale: .full)
        let difference = try #require(Fixtures.difference(bitmap, expected), "the size differs")
        #expect(difference.mean <= 0.5 && difference.max <= 4, "\(name): \(difference)")
    }

    /// P8: an odd size rounds up at 1/8 (37×23 gives 5×3), as libjpeg does.
    @Test func anOddSizeRoundsUp() throws {
        let data = try Fixtures.jpeg("odd-size-420")
        let eighth = try JPEGDecoder.decode(data, scale: .eighth)
        let full = try JPEGDecoder.decode(data, scale: .full)
        let sizes: [Int] = [eighth.width, eighth.height, full.width, full.height]
        #expect(sizes == [5, 3, 37, 23])
        let size = try JPEGDecoder.size(of: data)
        #expect(size.width == 37 && size.height == 23)
    }

    /// P8: a file cut short is no picture, at either scale.
    @Test(arguments: [JPEGScale.eighth, .full])
    func aTruncatedFileIsRefused(_ scale: JPEGScale) throws {
        let data = try Fixtures.jpeg("truncated")
        #expect(throws: JPEGDecodingError.truncated) {
            try JPEGDecoder.decode(data, scale: scale)
        }
    }

    /// P8: a file cut inside its scan and closed with an end-of-image marker is refused too,
    /// though libjpeg shows it grey below the cut: the scan read bits the file does not have.
    @Test(arguments: [JPEGScale.eighth, .full])
    func aScanCutShortIsRefusedEvenWhenTheFileIsClosed(_ scale: JPEGScale) throws {
        var data = try Fixtures.jpeg("truncated")
        data.append(contentsOf: [0xFF, 0xD9])
        #expect(throws: JPEGDecodingError.self) {
            try JPEGDecoder.decode(data, scale: scale)
        }
    }

    /// P8: a file cut anywhere at all is refused with a typed error, never a trap.
    @Test func aFileCutAnywhereIsRefused() throws {
        let data = try Fixtures.jpeg("progressive-420")
        for length in stride(from: 0, to: data.count - 2, by: 9) {
            #expect(throws: JPEGDecodingError.self) {
                try JPEGDecoder.decode(data.prefix(length), scale: .eighth)
            }
        }
    }
}
