import Foundation
import TMDB

/// The JSON files bundled under `SampleData/`, found by walking the folder, so that every file
/// the data helper adds is decoded without naming it here.
struct SampleFile: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case page
        case detail
        case videos
        case genres
    }

    /// E.g. "en-US/3/movie/550.json".
    var relativePath: String
    var url: URL
    var kind: Kind?

    var description: String { relativePath }

    var language: String { String(relativePath.split(separator: "/").first ?? "") }

    /// The request URL that `SampleData.response(for:)` answers with this file.
    var requestURL: URL? {
        var segments = relativePath.dropLast(".json".count).split(separator: "/").map(String.init)
        guard segments.count > 1 else { return nil }
        segments.removeFirst()  // the language
        var query = "language=\(language)"
        if let last = segments.last, last.hasPrefix("page-") {
            query += "&page=\(last.dropFirst("page-".count))"
            segments.removeLast()
        }
        return URL(string: "http://sample.invalid/\(segments.joined(separator: "/"))?\(query)")
    }

    static let all: [SampleFile] = {
        guard let root = SampleData.directoryURL?.standardizedFileURL,
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil)
        else { return [] }
        var files: [SampleFile] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            let path = url.standardizedFileURL.path
            let relative = String(path.dropFirst(root.path.count)).trimmingCharacters(
                in: CharacterSet(charactersIn: "/"))
            files.append(SampleFile(relativePath: relative, url: url, kind: kind(of: relative)))
        }
        return files.sorted { $0.relativePath < $1.relativePath }
    }()

    static func kind(of relativePath: String) -> Kind? {
        let parts = relativePath.split(separator: "/").map(String.init)
        guard parts.count >= 3, parts[1] == "3" else { return nil }
        let apiPath = parts.dropFirst(2).joined(separator: "/")
        if apiPath.hasPrefix("trending/") || apiPath.hasPrefix("search/") { return .page }
        if apiPath == "genre/movie/list.json" { return .genres }
        if parts.count == 5, parts[2] == "movie", parts[4] == "videos.json" { return .videos }
        if parts.count == 4, parts[2] == "movie", Int(parts[3].dropLast(".json".count)) != nil {
            return .detail
        }
        return nil
    }

    static func exists(_ relativePath: String) -> Bool {
        all.contains { $0.relativePath == relativePath }
    }

    static let hasEnglishTrending = exists("en-US/3/trending/movie/week/page-1.json")
    static let hasFightClub = exists("en-US/3/movie/550.json")

    func decode() throws {
        let data = try Data(contentsOf: url)
        let decoder = JSONDecoder()
        switch kind {
        case .page: _ = try decoder.decode(MoviePage.self, from: data)
        case .detail: _ = try decoder.decode(MovieDetail.self, from: data)
        case .videos: _ = try decoder.decode(VideoList.self, from: data)
        case .genres: _ = try decoder.decode(GenreList.self, from: data)
        case nil: throw CocoaError(.fileReadUnknown)
        }
    }
}
