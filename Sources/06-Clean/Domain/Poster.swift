/// A movie's poster as the app shows it: its pixels, and the file they came from.
public struct Poster: Equatable, Sendable {
    /// The path that names it, as `MovieDetail.posterPath` gives it.
    public let path: String
    public let width: Int
    public let height: Int
    /// `width × height × 3` bytes, red, green and blue, in rows from the top left.
    public let pixels: [UInt8]
    /// The file as it was sent, for a screen that shows a file rather than pixels.
    public let fileData: [UInt8]

    public init(path: String, width: Int, height: Int, pixels: [UInt8], fileData: [UInt8]) {
        self.path = path
        self.width = width
        self.height = height
        self.pixels = pixels
        self.fileData = fileData
    }
}
