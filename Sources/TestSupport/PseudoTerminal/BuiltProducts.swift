import Foundation

/// The executables `swift build` puts beside the test bundle, found from the bundle itself.
///
/// Not from `CommandLine.arguments[0]`: on macOS the tests run inside a helper process
/// (`swiftpm-testing-helper` or `xctest`) that loads the bundle, so argv[0] names the
/// toolchain's helper. The bundle is `<products>/<Package>PackageTests.xctest` on both
/// platforms, a directory on macOS and an executable on Linux, and the products sit beside it.
public enum BuiltProducts {
    /// A product that is not where the build puts it, and where it was looked for.
    public struct NotFound: Error, CustomStringConvertible {
        public let description: String
    }

    /// The built executable `name`, such as `mvc` or `terminal-demo`.
    public static func executable(_ name: String) throws -> URL {
        let candidate = try directory().appending(path: name)
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw NotFound(
                description:
                    "no executable \(name) beside the test bundle in "
                    + "\(candidate.deletingLastPathComponent().path); build it with swift build")
        }
        return candidate
    }

    /// The directory that holds the test bundle, and so every product built with it.
    public static func directory() throws -> URL {
        let bundle = Bundle(for: BundleMarker.self)
        // Linux: the `.xctest` executable itself. macOS: `.xctest/Contents/MacOS/<name>`.
        let location = (bundle.executableURL ?? bundle.bundleURL).standardizedFileURL
        let components = location.pathComponents
        guard let bundleIndex = components.lastIndex(where: { $0.hasSuffix(".xctest") }) else {
            throw NotFound(
                description: "the tests are not running from a .xctest bundle: \(location.path)")
        }
        var directory = location
        for _ in bundleIndex..<components.count {
            directory.deleteLastPathComponent()
        }
        return directory
    }
}

/// A class compiled into the test bundle, so that `Bundle(for:)` finds the bundle.
private final class BundleMarker {}
