import Foundation

/// Reads a step's sources to check the architecture's rules as tests: what a reviewer would
/// look for, written down once.
public struct SourceRules {
    /// One source file: its name and its text without comments.
    public struct File {
        public let name: String
        public let code: String

        public init(name: String, code: String) {
            self.name = name
            self.code = code
        }

        /// The name without ".swift", e.g. "TrendingViewController".
        public var typeName: String { String(name.dropLast(".swift".count)) }
    }

    public let files: [File]

    /// Every `.swift` file directly in `folder`.
    public init(folder: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        files = try names.map { name in
            let text = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
            return File(name: name, code: Self.removingComments(text))
        }
    }

    /// Every `.swift` file of one step's module, e.g. `"05-MVVM-C-DI"` for Sources/05-MVVM-C-DI,
    /// found from this file so the tests run from anywhere.
    public init(step: String) throws {
        let packageRoot = URL(filePath: #filePath)
            .deletingLastPathComponent()  // StepTestSupport
            .deletingLastPathComponent()  // TestSupport
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // the package root
        try self.init(folder: packageRoot.appending(path: "Sources").appending(path: step))
    }

    public init(files: [File]) {
        self.files = files
    }

    /// The files whose name ends with `suffix`, e.g. "ViewModel.swift".
    public func files(endingWith suffix: String) -> [File] {
        files.filter { $0.name.hasSuffix(suffix) }
    }

    /// The modules a file imports, whatever the form (`@testable import X`, `import struct X.Y`).
    public static func importedModules(in code: String) -> Set<String> {
        let pattern =
            /^\s*(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)/
            .anchorsMatchLineEndings()
        return Set(code.matches(of: pattern).map { String($0.output.1) })
    }

    /// Type names ending in `ViewController` that a controller file names besides its own type
    /// and the base class: a controller that knows another controller.
    public static func otherControllers(in file: File) -> Set<String> {
        let names = file.code.matches(of: /\b[A-Z]\w*ViewController\b/).map { String($0.output) }
        return Set(names).subtracting([file.typeName, "ViewController"])
    }

    /// Places where a file reaches for a shared instance: `.shared`, or a `static var` /
    /// `static let` that holds a client or service.
    public static func sharedInstances(in code: String) -> [String] {
        let shared = code.matches(of: /\.shared\b/).map { String($0.output) }
        let statics = code.matches(of: /\bstatic\s+(?:var|let)\b[^\n]*/)
            .map { String($0.output) }
            .filter { line in line.contains("Client") || line.contains("Service") }
        return shared + statics
    }

    /// The code without `//` comments, so a doc comment that names a type is no dependency.
    /// String literals are kept: good enough for these sources.
    public static func removingComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                guard let range = line.range(of: "//") else { return String(line) }
                return String(line[..<range.lowerBound])
            }
            .joined(separator: "\n")
    }
}
