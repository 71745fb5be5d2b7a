import Foundation

@testable import Lessons

/// The repository these tests were compiled from: its real steps, lessons and diffs.
let packageRepository = Repository(
    root: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path)

/// A throwaway repository on disk with the given repository-relative files, removed afterwards.
func withTemporaryRepository<Result>(
    _ files: [String: String], _ body: (Repository) throws -> Result
) throws -> Result {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("lessons-tests-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let allFiles = files.merging(["Package.swift": "// swift-tools-version: 6.0\n"]) { $1 }
    for (path, text) in allFiles {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return try body(Repository(root: root))
}

/// The unified diff of two texts as the tool prints one file, headers `--- a/old` `+++ b/new`.
func unifiedDiff(_ old: String, _ new: String, context: Int = 3) -> String {
    FileDiff(
        oldPath: "old", newPath: "new",
        hunks: UnifiedDiff.hunks(from: TextLines(old), to: TextLines(new), context: context)
    ).rendered()
}

/// `line 1` … `line n`, each with its newline.
func numberedLines(_ range: ClosedRange<Int>) -> [String] {
    range.map { "line \($0)" }
}

/// Lines joined into a text, with a final newline unless `endsWithNewline` is false.
func text(_ lines: [String], endsWithNewline: Bool = true) -> String {
    lines.joined(separator: "\n") + (endsWithNewline && !lines.isEmpty ? "\n" : "")
}

/// Runs the tool on `repository` as a pipe would see it, unless `isTerminal`.
func runLessons(
    _ arguments: String..., in repository: Repository = packageRepository,
    environment: [String: String] = [:], isTerminal: Bool = false
) -> CommandResult {
    LessonsCommand(repository: repository, environment: environment, isTerminal: isTerminal)
        .run(arguments)
}

/// Rebuilds the new text from the old one and the hunks, as `patch` would; nil when a context
/// or removed line does not match the old text. Context lines print the new text, so
/// `contextMatches(old, printed)` says when they match.
func applying(
    _ hunks: [Hunk], to old: [String],
    contextMatches: (String, String) -> Bool = { $0 == $1 }
) -> [String]? {
    var result: [String] = []
    var next = 0  // index into old
    for hunk in hunks {
        let start = hunk.oldCount == 0 ? hunk.oldStart : hunk.oldStart - 1
        guard start >= next, start <= old.count else { return nil }
        result += old[next..<start]
        next = start
        for line in hunk.lines {
            switch line {
            case .context(let text):
                guard next < old.count, contextMatches(old[next], text) else { return nil }
                result.append(text)
                next += 1
            case .removed(let text):
                guard next < old.count, old[next] == text else { return nil }
                next += 1
            case .added(let text):
                result.append(text)
            case .noNewlineAtEnd:
                break
            }
        }
    }
    return result + old[next...]
}

/// Runs `work` on a thread of its own and waits for it without holding a thread of the
/// cooperative pool. The checks that read the whole repository take seconds each, and on two
/// cores the pool has two threads, which the acceptance suite's waits need meanwhile.
func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws
    -> Result
{
    try await withCheckedThrowingContinuation { continuation in
        let worker = Thread { continuation.resume(with: Swift.Result { try work() }) }
        worker.start()
    }
}
