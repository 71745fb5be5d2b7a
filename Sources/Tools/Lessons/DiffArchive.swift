import Foundation

/// `Lessons/diffs/NN-to-MM.diff`: each consecutive pair of steps' diff, checked in so that a
/// lesson can link to it and a reviewer sees the lesson change when the code does.
enum DiffArchive {
    static let folder = "Lessons/diffs"

    /// `01-to-02.diff`.
    static func fileName(from: CourseStep, to: CourseStep) -> String {
        "\(from.paddedNumber)-to-\(to.paddedNumber).diff"
    }

    /// Repository-relative path → plain diff, for every pair of neighbours among the existing
    /// steps (with 03 missing, 02 and 04 are neighbours).
    static func expectedFiles(in repository: Repository) -> [(path: String, text: String)] {
        let steps = repository.steps()
        return zip(steps, steps.dropFirst()).map { from, to in
            (
                folder + "/" + fileName(from: from, to: to),
                StepDiff(from: from, to: to, in: repository).rendered(colored: false)
            )
        }
    }

    /// The `NN-to-MM.diff` files now in the folder, repository-relative and sorted.
    static func existingFiles(in repository: Repository) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: repository.absolute(folder)))
            ?? []
        return
            names
            .filter { $0.wholeMatch(of: #/\d\d-to-\d\d\.diff/#) != nil }
            .sorted()
            .map { folder + "/" + $0 }
    }

    /// Writes what is stale or missing, removes diffs of pairs that are no longer neighbours,
    /// and says what it did, one line per file.
    static func write(in repository: Repository) throws -> String {
        try FileManager.default.createDirectory(
            atPath: repository.absolute(folder), withIntermediateDirectories: true)
        let expected = expectedFiles(in: repository)
        var report = ""
        for (path, text) in expected {
            let sizeLine = text.split(separator: "\n").last.map(String.init) ?? ""
            if repository.text(at: path) == text {
                report += "\(path): up to date (\(sizeLine))\n"
            } else {
                try Data(text.utf8).write(to: URL(fileURLWithPath: repository.absolute(path)))
                report += "\(path): written (\(sizeLine))\n"
            }
        }
        let expectedPaths = Set(expected.map(\.path))
        for path in existingFiles(in: repository) where !expectedPaths.contains(path) {
            try FileManager.default.removeItem(atPath: repository.absolute(path))
            report += "\(path): removed (those steps are no longer neighbours)\n"
        }
        if expected.isEmpty { report += "fewer than two steps: no diffs to write\n" }
        return report
    }
}
