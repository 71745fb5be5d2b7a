import Foundation
import JPEGDecoding

/// The JPEG files in Fixtures/ and libjpeg's answers for them (`djpeg -scale 1/8` and `djpeg`,
/// both `-dct int`), made by Fixtures/make-fixtures.py from pictures drawn there.
enum Fixtures {
    static let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil)

    static func data(_ name: String) throws -> Data {
        guard let directory else { throw FixtureError.missing("Fixtures/") }
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw FixtureError.missing(name)
        }
        return data
    }

    static func jpeg(_ name: String) throws -> Data { try data(name + ".jpg") }

    /// libjpeg's pixels for `name` at `scale`, from a binary PPM (or PGM, made RGB).
    static func expected(_ name: String, scale: JPEGScale) throws -> Bitmap {
        try portablePixmap(data(name + (scale == .eighth ? ".s8.ppm" : ".full.ppm")))
    }

    /// Reads a binary `P6` or `P5` file with a maximum of 255.
    static func portablePixmap(_ data: Data) throws -> Bitmap {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || (9...13).contains(bytes[index]) {
                index += 1
            }
            let start = index
            while index < bytes.count, bytes[index] != 0x20, !(9...13).contains(bytes[index]) {
                index += 1
            }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]),
            fields[3] == "255", index <= bytes.count
        else { throw FixtureError.malformed }
        let body = Array(bytes[index...])
        let pixels = fields[0] == "P5" ? body.flatMap { [$0, $0, $0] } : body
        guard fields[0] == "P5" || fields[0] == "P6",
            let bitmap = Bitmap(width: width, height: height, pixels: pixels)
        else { throw FixtureError.malformed }
        return bitmap
    }

    /// Per channel, the mean and the largest absolute difference between two pictures of one
    /// size, the worst channel's of each; nil when the sizes differ.
    static func difference(_ actual: Bitmap, _ expected: Bitmap) -> (mean: Double, max: Int)? {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        var sums = [0, 0, 0]
        var largest = 0
        for index in actual.pixels.indices {
            let difference = abs(Int(actual.pixels[index]) - Int(expected.pixels[index]))
            sums[index % 3] += difference
            largest = max(largest, difference)
        }
        let count = Double(actual.width * actual.height)
        return (sums.map { Double($0) / count }.max() ?? 0, largest)
    }
}

enum FixtureError: Error {
    case missing(String)
    case malformed
}
