// The libFuzzer entry point: every input is decoded at both scales and through the resampler.
// A crash, a trap, an address-sanitizer report, a timeout or a leak is a finding; a thrown
// JPEGDecodingError is the expected answer to bad bytes.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    for scale in [JPEGScale.eighth, .full] {
        if let bitmap = try? JPEGDecoder.decode(data, scale: scale) {
            precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 3)
        }
    }
    _ = try? JPEGDecoder.decode(data, fittingWidth: 7, height: 11)
    return 0
}
