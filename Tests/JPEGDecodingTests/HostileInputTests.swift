import Foundation
import JPEGDecoding
import Testing

/// P8: a corrupt or hostile file, a PNG or an HTML page is "no poster": a typed error, never a
/// trap, a hang or an allocation the file's size does not justify.
@Suite struct HostileInputTests {
    /// A baseline header for a `width × height` grey picture, its tables, and `padding` bytes of
    /// entropy data (no end-of-image marker).
    static func header(width: Int, height: Int, padding: Int) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0, 67, 0] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC4, 0, 20, 0x00] + [1] + [UInt8](repeating: 0, count: 15) + [0]
        bytes += [0xFF, 0xC4, 0, 20, 0x10] + [1] + [UInt8](repeating: 0, count: 15) + [0]
        bytes += [
            0xFF, 0xC0, 0, 11, 8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8),
            UInt8(width & 255), 1, 1, 0x11, 0,
        ]
        bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0x00, 0, 63, 0]
        bytes += [UInt8](repeating: 0, count: padding)
        return Data(bytes)
    }

    @Test func notAJPEGIsRefused() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        let html = Data("<!DOCTYPE html><html><body>Not found</body></html>".utf8)
        for data in [png, html, Data(), Data([0xFF])] {
            #expect(throws: JPEGDecodingError.notJPEG) {
                try JPEGDecoder.decode(data, scale: .eighth)
            }
        }
    }

    /// A 0×0 frame and one of 65535×65535 with 900 bytes of data are refused before anything
    /// is sized from them.
    @Test func anAbsurdFrameIsRefusedBeforeAllocating() {
        #expect(throws: JPEGDecodingError.self) {
            try JPEGDecoder.decode(Self.header(width: 0, height: 0, padding: 900), scale: .full)
        }
        #expect(throws: JPEGDecodingError.tooLarge) {
            try JPEGDecoder.decode(
                Self.header(width: 65535, height: 65535, padding: 900), scale: .full)
        }
        // Within the pixel limit, but more blocks than 900 bytes can code.
        #expect(throws: JPEGDecodingError.truncated) {
            try JPEGDecoder.decode(
                Self.header(width: 4000, height: 4000, padding: 900), scale: .full)
        }
    }

    /// The header builder itself makes a picture, so the refusals above are the sizes' doing.
    @Test func aSaneFrameOfTheSameMakingDecodes() throws {
        var data = Self.header(width: 16, height: 8, padding: 1)
        data.append(contentsOf: [0xFF, 0xD9])
        let bitmap = try JPEGDecoder.decode(data, scale: .full)
        #expect(bitmap.width == 16 && bitmap.height == 8)
        #expect(Set(bitmap.pixels) == [128])
    }

    /// Bytes changed all over a progressive file: each decode ends in a picture or a typed
    /// error, at both scales.
    @Test func changedBytesNeverTrap() throws {
        let original = try Fixtures.jpeg("progressive-dc-per-component")
        for position in stride(from: 2, to: original.count, by: 5) {
            for value: UInt8 in [0x00, 0xFF, original[position] ^ 0x10] {
                var data = original
                data[position] = value
                for scale in [JPEGScale.eighth, .full] {
                    if let bitmap = try? JPEGDecoder.decode(data, scale: scale) {
                        #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 3)
                    }
                }
            }
        }
    }

    /// What libjpeg refuses and a poster never needs: arithmetic coding, 12-bit samples, CMYK.
    @Test func unsupportedProcessesAreSaidSo() throws {
        var arithmetic = [UInt8](try Fixtures.jpeg("grey"))
        var twelveBit = arithmetic
        let frame = try #require(
            arithmetic.indices.first {
                arithmetic[$0] == 0xFF && arithmetic[$0 + 1] == 0xC0
            })
        arithmetic[frame + 1] = 0xC9
        twelveBit[frame + 4] = 12
        for bytes in [arithmetic, twelveBit] {
            #expect {
                try JPEGDecoder.decode(Data(bytes), scale: .eighth)
            } throws: { error in
                if case .unsupported = error as? JPEGDecodingError { return true }
                return false
            }
        }
    }
}
