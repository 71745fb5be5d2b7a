// decode-jpeg IN OUT SCALE: decodes IN at 1/SCALE (8 or 1) and writes a binary PPM to OUT.
// A development aid for comparing the decoder with libjpeg's djpeg; built by .ci/fuzz/build.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let scale = JPEGScale(rawValue: Int(arguments[3]) ?? 0) else {
    FileHandle.standardError.write(Data("usage: decode-jpeg IN OUT 8|1\n".utf8))
    exit(2)
}
guard let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("decode-jpeg: cannot read the input\n".utf8))
    exit(1)
}
do {
    let bitmap = try JPEGDecoder.decode(data, scale: scale)
    var output = Data("P6\n\(bitmap.width) \(bitmap.height)\n255\n".utf8)
    output.append(contentsOf: bitmap.pixels)
    guard FileManager.default.createFile(atPath: arguments[2], contents: output) else {
        FileHandle.standardError.write(Data("decode-jpeg: cannot write the output\n".utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("decode-jpeg: \(error)\n".utf8))
    exit(1)
}
