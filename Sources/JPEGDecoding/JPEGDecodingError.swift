/// Why a file is no picture. Every failure of the decoder is one of these: bad bytes never trap.
public enum JPEGDecodingError: Error, Sendable, Hashable {
    /// The bytes do not start as a JPEG file does (a PNG, an HTML page, nothing).
    case notJPEG
    /// The file ends before its picture does.
    case truncated
    /// The file breaks the JPEG format; the text says where, for a log.
    case corrupt(String)
    /// A valid JPEG this decoder does not read (arithmetic coding, 12-bit, lossless, CMYK…).
    case unsupported(String)
    /// The picture is larger than a poster decoder should hold in memory.
    case tooLarge
}
