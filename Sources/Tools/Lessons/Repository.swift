import Foundation

/// The package's files as the tool reads them: step folders, lessons, tests.
///
/// Everything is found on disk at run time, so a new step folder or lesson shows up without a
/// change to the tool.
struct Repository: Sendable {
    /// Absolute path of the package root, without a trailing slash.
    var root: String

    /// The root: `currentDirectory` if it holds Package.swift and Sources/, else the nearest such
    /// parent, else the package that `sourceFile` (the caller's file, by default) belongs to.
    static func locate(currentDirectory: String, sourceFile: String = #filePath) -> Repository? {
        let start = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
        if let root = selfAndAncestors(of: start).first(where: isPackageRoot) {
            return Repository(root: root)
        }
        // Sources/Tools/Lessons/File.swift → the package root four levels up.
        let compiledRoot = URL(fileURLWithPath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return isPackageRoot(compiledRoot.path) ? Repository(root: compiledRoot.path) : nil
    }

    /// An absolute path, then each parent up to "/": as many as the path has components.
    ///
    /// Worked out on the string, because URL's `deletingLastPathComponent()` turns "/" into
    /// "/../" on Darwin, so a walk that waits for the path to stop changing need not end.
    static func selfAndAncestors(of path: String) -> [String] {
        let components = path.split(separator: "/")
        return (0...components.count).reversed().map { count in
            "/" + components.prefix(count).joined(separator: "/")
        }
    }

    private static func isPackageRoot(_ path: String) -> Bool {
        let files = FileManager.default
        return files.fileExists(atPath: path + "/Package.swift")
            && isDirectory(path + "/Sources")
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The absolute path of a repository-relative one.
    func absolute(_ relativePath: String) -> String {
        root + "/" + relativePath
    }

    /// Every `Sources/NN-NAME` folder, in path order.
    func steps() -> [CourseStep] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: absolute("Sources"))) ?? []
        return
            names
            .filter { Self.isDirectory(absolute("Sources/" + $0)) }
            .compactMap { CourseStep(folder: $0) }
            .sorted { ($0.number, $0.folder) < ($1.number, $1.folder) }
    }

    /// The step's folder, repository-relative: `Sources/01-MVC`.
    func folder(of step: CourseStep) -> String {
        "Sources/" + step.folder
    }

    /// Every file under `directory` (repository-relative), relative to it, sorted; hidden files
    /// and folders (`.DS_Store`) are left out.
    func files(under directory: String) -> [String] {
        let base = absolute(directory)
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? []
        return
            paths
            .filter { path in
                !path.split(separator: "/").contains { $0.hasPrefix(".") }
                    && !Self.isDirectory(base + "/" + path)
            }
            .sorted()
    }

    /// The text of a repository-relative file, or nil when it is missing or not UTF-8.
    func text(at relativePath: String) -> String? {
        guard let data = FileManager.default.contents(atPath: absolute(relativePath)) else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    /// Whether a repository-relative path names a file.
    func fileExists(_ relativePath: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(
            atPath: absolute(relativePath), isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Replaces a repository-relative file's text.
    func write(_ text: String, at relativePath: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: absolute(relativePath)))
    }

    /// Whether a repository-relative path names a file or a folder.
    func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: absolute(relativePath))
    }

    /// Every Markdown file under Lessons/, in any folder (a translation's too), sorted.
    func lessonDocuments() -> [String] {
        files(under: "Lessons").filter { $0.hasSuffix(".md") }.map { "Lessons/" + $0 }
    }

    /// Every lesson, `Lessons/NN-*.md`, repository-relative and sorted; README.md is not one.
    func lessonFiles() -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: absolute("Lessons"))) ?? []
        return
            names
            .filter { $0.hasSuffix(".md") && CourseStep(folder: String($0.dropLast(3))) != nil }
            .filter { fileExists("Lessons/" + $0) }
            .sorted()
            .map { "Lessons/" + $0 }
    }

    /// The lesson of `step`: `Lessons/01-MVC.md`, or any `Lessons/01-*.md` if named otherwise.
    func lessonFile(for step: CourseStep) -> String? {
        let lessons = lessonFiles()
        let exact = "Lessons/\(step.folder).md"
        if lessons.contains(exact) { return exact }
        return lessons.first { $0.hasPrefix("Lessons/\(step.paddedNumber)-") }
    }

    /// `Tests/<Module>Tests` of each of the step's modules that has one: one folder for a
    /// step that is one module, one per layer that has tests for a layered step.
    func testFolders(for step: CourseStep) -> [String] {
        let modules = step.layerModules.isEmpty ? [step.module] : step.layerModules
        return modules.map { "Tests/\($0)Tests" }.filter { Self.isDirectory(absolute($0)) }
    }
}
