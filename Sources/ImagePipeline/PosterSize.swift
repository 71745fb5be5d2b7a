import Foundation

/// The poster widths TMDB serves that this app asks for. `original` (often 2000 pixels wide
/// and half a megabyte) is never asked for: no terminal box needs it (P5).
public enum PosterSize: String, Sendable, CaseIterable, Comparable {
    case w154
    case w185
    case w342

    /// The width in pixels; the height is half as much again (2:3).
    public var width: Int {
        switch self {
        case .w154: 154
        case .w185: 185
        case .w342: 342
        }
    }

    /// The smallest size that fills `box` (a poster is 2:3: a tall box needs the width of
    /// two thirds of its height), or the largest when none does.
    public static func fitting(_ box: PixelSize) -> PosterSize {
        let neededWidth = max(box.width, box.height * 2 / 3)
        return allCases.first { $0.width >= neededWidth } ?? .w342
    }

    public static func < (lhs: PosterSize, rhs: PosterSize) -> Bool { lhs.width < rhs.width }
}

extension ImageRequest {
    /// `<imageBaseURL><size><posterPath>`, e.g. https://image.tmdb.org/t/p/w185/abc.jpg; nil
    /// when `posterPath` is not a single file name, so that no text from the API can point a
    /// request at another path, a query or another host.
    public func url(imageBaseURL: URL) -> URL? {
        guard posterPath.hasPrefix("/") else { return nil }
        let name = posterPath.dropFirst()
        guard !name.isEmpty, name != ".", name != "..",
            name.unicodeScalars.allSatisfy({ Self.fileNameCharacters.contains($0) }),
            var components = URLComponents(url: imageBaseURL, resolvingAgainstBaseURL: false)
        else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") {
            basePath.removeLast()
        }
        components.percentEncodedPath =
            basePath + "/" + PosterSize.fitting(box).rawValue + "/" + name
        components.query = nil
        components.fragment = nil
        return components.url
    }

    private static let fileNameCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._")
}
