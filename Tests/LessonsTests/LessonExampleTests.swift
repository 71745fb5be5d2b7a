import Foundation
import PseudoTerminal
import Testing

@testable import Lessons

/// A shell example a lesson shows with its output: a ```text block whose first line is
/// `$ swift run <product> <arguments>` and whose other lines are what it prints.
struct LessonExample: CustomTestStringConvertible, Sendable {
    /// `Lessons/01-MVC.md:31`, where the block starts.
    let location: String
    let product: String
    let arguments: [String]
    let shownLines: [String]

    var testDescription: String { "\(location): swift run \(product) …" }

    /// Every such block of every lesson, both editions.
    static let all: [LessonExample] = {
        var examples: [LessonExample] = []
        for path in lessonPaths {
            let text =
                (try? String(contentsOfFile: packageRepository.root + "/" + path, encoding: .utf8))
                ?? ""
            let lines = text.components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                guard lines[index] == "```text", index + 1 < lines.count,
                    lines[index + 1].hasPrefix("$ swift run ")
                else { continue }
                let words = shellWords(String(lines[index + 1].dropFirst("$ swift run ".count)))
                var shown: [String] = []
                var end = index + 2
                while end < lines.count, lines[end] != "```" {
                    shown.append(lines[end])
                    end += 1
                }
                examples.append(
                    LessonExample(
                        location: "\(path):\(index + 1)", product: words.first ?? "",
                        arguments: Array(words.dropFirst()), shownLines: shown))
                index = end
            }
        }
        return examples
    }()

    /// The lessons of every step, English first.
    static let lessonPaths: [String] = {
        let folder = packageRepository.root + "/Lessons"
        let english = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let korean = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/ko")) ?? []
        return english.filter { $0.first?.isNumber == true && $0.hasSuffix(".md") }.sorted()
            .map { "Lessons/\($0)" }
            + korean.filter { $0.first?.isNumber == true && $0.hasSuffix(".md") }.sorted()
            .map { "Lessons/ko/\($0)" }
    }()

    /// The words of a command line as a POSIX shell splits them: quotes group and are removed.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var isInWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                isInWord = true
            } else if character == " " {
                if isInWord { words.append(word) }
                word = ""
                isInWord = false
            } else {
                word.append(character)
                isInWord = true
            }
        }
        if isInWord { words.append(word) }
        return words
    }

    /// What a lesson shows of `output`: each line without its trailing spaces, and each run of
    /// blank lines as one `…`, so that a 24-row screen reads in its few rows that say something.
    static func shown(_ output: String) -> [String] {
        var lines: [String] = []
        for line in output.components(separatedBy: "\n") {
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            if trimmed.isEmpty {
                if lines.last != "…" { lines.append("…") }
            } else {
                lines.append(trimmed)
            }
        }
        while lines.last == "…" { lines.removeLast() }
        return lines
    }
}

/// The lessons' examples are true: each shell example whose output a lesson shows runs, as the
/// built product, with the lesson's arguments at 80×24, and prints what the lesson shows.
@Suite struct LessonExampleTests {
    @Test("every --keys example of a lesson's \"Run it\" shows its output, and each lesson has one")
    func everyKeysExampleShowsItsOutput() throws {
        for path in LessonExample.lessonPaths {
            let text = try String(
                contentsOfFile: packageRepository.root + "/" + path, encoding: .utf8)
            let shownCommands = Set(
                LessonExample.all.filter { $0.location.hasPrefix(path + ":") }
                    .map { ([$0.product] + $0.arguments).joined(separator: "\u{0}") })
            var keysExamples = 0
            for line in text.components(separatedBy: "\n") where line.hasPrefix("swift run ") {
                let command = line.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
                let words = LessonExample.shellWords(String(command.dropFirst("swift run ".count)))
                guard words.contains("--keys") else { continue }
                keysExamples += 1
                #expect(
                    shownCommands.contains(words.joined(separator: "\u{0}")),
                    "\(path): `\(command)` prints a screen, and no ```text block shows it")
            }
            #expect(keysExamples > 0, "\(path) runs no --keys example")
        }
    }

    @Test(arguments: LessonExample.all)
    func theExamplePrintsWhatTheLessonShows(_ example: LessonExample) async throws {
        let executable = try BuiltProducts.executable(example.product).path
        var variables = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("TMDB_") && $0.key != "LANG" && !$0.key.hasPrefix("LC_")
        }
        variables["COLUMNS"] = "80"
        variables["LINES"] = "24"
        let environment = variables
        let arguments = example.arguments
        let finished = try await withChildProcessSlot {
            await withCheckedContinuation { continuation in
                let waiter = Thread {
                    continuation.resume(
                        returning: PipedRun.run(
                            executable: executable, arguments: arguments,
                            environment: environment, outputPath: nil))
                }
                waiter.start()
            }
        }
        let run = try #require(finished, "\(example.product) could not be started")
        #expect(run.status == 0, "\(example.location): exit status \(run.status)")
        let output = String(decoding: run.output, as: UTF8.self)
        #expect(
            LessonExample.shown(output) == example.shownLines,
            "\(example.location): the lesson shows what the command does not print")
    }
}
