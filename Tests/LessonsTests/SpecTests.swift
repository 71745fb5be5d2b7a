import Foundation
import Testing

@testable import Lessons

/// Lessons/SPEC.md and the tests, tied both ways by reading the repository's files (a test
/// cannot list the tests of the run it is part of):
///
/// - every ID cited in Sources/, Tests/, the lessons or the README is a promise of SPEC.md;
/// - every promise that is not planned is named at the start of a test that runs against
///   every step, unless `testedElsewhere` says where it is tested;
/// - no planned promise is named by such a test yet (its mark should go);
/// - every acceptance scenario's name starts with the IDs it checks.
@Suite struct SpecTests {
    /// Promises tested somewhere other than a test that runs against every step, and where.
    /// Keep it short: a promise belongs in the acceptance suite unless it cannot be seen there.
    static let testedElsewhere: [String: String] = [
        // The one MovieFormatter every step calls says "1 movie" and "1 vote"; the acceptance
        // suite sees counts only as parts of other screens.
        "E8": "Tests/MoviePresentationTests/MovieFormatterTests.swift",
        // Which way posters are drawn is decided at launch from the terminal, which the
        // acceptance suite's virtual terminal and pipes never are.
        "P3": "Tests/TerminalUITests/ImageDetectionTests.swift",
        // The shared pipeline and decoder keep these for every step alike.
        "P5": "Tests/ImagePipelineTests/ImagePipelineTests.swift",
        "P8": "Tests/JPEGDecodingTests/HostileInputTests.swift",
        "P9": "Tests/ImagePipelineTests/SamplePosterTests.swift",
    ]

    /// This file's examples below are made-up specs and tests, not citations.
    static let ownPath = "Tests/LessonsTests/SpecTests.swift"

    @Test func theSpecAndTheTestsAgree() async throws {
        let tie = try await offThePool {
            try SpecTie.reading(packageRepository, testedElsewhere: Self.testedElsewhere)
        }
        #expect(!tie.spec.entries.isEmpty, "\(SpecPage.path) lists its promises as `- **ID** …`")
        for problem in tie.problems {
            Issue.record(Comment(rawValue: problem))
        }
    }

    // MARK: - The tie can fail, and says what to do

    static let spec = """
        ## Launch

        - **L1** Opens full-screen.
        - **L9** *(planned)* Plays ctrl-c as a terminal would.

        ## Trending list

        - **T6** One request per page.
          - *Planned:* the first pages fill the screen.
        - **E8** In the wrong section.
        - **T6** Twice.
        """

    static let acceptance = #"""
        @Suite struct Scenarios {
            @Test("L1: full-screen", arguments: Step.all)
            func fullScreen(step: Step) {}

            @Test("T6 L9: one request per page", arguments: Step.all)
            func onePage(step: Step) {}

            @Test("E7: the same screen in every step", arguments: scripts)
            func sameScreen(script: String) {
                for step in Step.all { _ = "\(step) { (" }
            }

            @Test("T6: only mvc")
            func onlyOneStep() {}

            @Test("without an ID", arguments: Step.all)
            func unnamed(step: Step) {}
        }
        """#

    static let tie = SpecTie(
        spec: SpecPage(spec),
        citations: ["T77": [SpecTie.Place(path: "Sources/App.swift", line: 3)]],
        scenarios: Scenario.all(in: SwiftSource(acceptance), path: "Tests/AcceptanceTests/A.swift"),
        testedElsewhere: ["L1": "Tests/Elsewhere.swift", "D3": "Tests/Elsewhere.swift"],
        citationsByPath: ["Tests/Elsewhere.swift": ["L1"]])

    @Test func everyStepTestsAreTheOnesOverStepAll() {
        let scenarios = Self.tie.scenarios
        #expect(
            scenarios.map(\.title) == [
                "L1: full-screen", "T6 L9: one request per page",
                "E7: the same screen in every step",
                "T6: only mvc", "without an ID",
            ])
        #expect(scenarios.map(\.runsInEveryStep) == [true, true, true, false, true])
        #expect(scenarios.map(\.ids) == [["L1"], ["T6", "L9"], ["E7"], ["T6"], []])
        #expect(scenarios.map(\.line) == [2, 5, 8, 13, 16])
    }

    @Test func eachWayOfFailingIsReported() {
        let problems = Self.tie.problems
        #expect(
            problems.contains {
                $0.hasPrefix(
                    "T77 is cited at Sources/App.swift:3 but Lessons/SPEC.md has no promise T77")
            })
        #expect(
            problems.contains {
                $0.hasPrefix(
                    "L9 is marked *(planned)* in Lessons/SPEC.md:4, but Tests/AcceptanceTests/A.swift:5"
                )
            })
        #expect(
            problems.contains {
                $0.hasPrefix(
                    "E8 (Lessons/SPEC.md:10) is a promise that is not planned, but no test that runs against every step"
                )
            })
        #expect(problems.contains { $0.hasPrefix("E8 is listed under ## Trending list") })
        #expect(
            problems.contains {
                $0.hasPrefix("T6 is a promise twice in Lessons/SPEC.md (lines 8 and 11)")
            })
        #expect(
            problems.contains {
                $0.hasPrefix(
                    "Tests/AcceptanceTests/A.swift:16: the scenario “without an ID” does not start with"
                )
            })
        #expect(
            problems.contains {
                $0.hasPrefix(
                    "L1 is in SpecTests.testedElsewhere, but Tests/AcceptanceTests/A.swift:2")
            })
        #expect(
            problems.contains {
                $0.hasPrefix(
                    "D3 is in SpecTests.testedElsewhere, but Lessons/SPEC.md has no promise D3")
            })
        #expect(!problems.contains { $0.hasPrefix("T6 (") }, "T6 is named by an every-step test")
        #expect(problems.count == 8, "\(problems)")
    }

    @Test(arguments: [
        ("T6: the next page", ["T6"]),
        ("see T2–T4, then S1-S3", ["T2", "T3", "T4", "S1", "S2", "S3"]),
        ("(../Sources/01-MVC/App.swift#L12-L30) and #L5", []),
        ("0xBF58_476D_1CE4_E5B9, L10n, 기생충 E5를", ["E5"]),
        ("\"S1, E4: Ctrl-C\"", ["S1", "E4"]),
    ])
    func citationsAreIDsNotLineAnchorsOrHexDigits(text: String, ids: [String]) {
        #expect(SpecTie.citedIDs(in: text).map(\.id) == ids)
    }
}

/// What Lessons/SPEC.md promises: one entry a `- **ID** …` line, planned when `*(planned)*`
/// follows the ID; under it, `*Planned:*` lines mark planned parts of a promise that holds.
struct SpecPage {
    static let path = "Lessons/SPEC.md"

    struct Entry {
        var id: String
        var line: Int
        var isPlanned: Bool
        /// The `## …` heading it is listed under.
        var section: String
    }

    /// Each ID's letter and the heading it belongs under.
    static let sections = [
        "L": "Launch", "T": "Trending list", "D": "Movie detail", "E": "Everywhere", "S": "Search",
    ]

    var entries: [Entry] = []

    init(_ text: String) {
        var section = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
            } else if let match = line.wholeMatch(
                of: #/- \*\*(?<id>[LTDESP][0-9]{1,2})\*\*(?<planned> \*\(planned\)\*)?( .*)?/#)
            {
                entries.append(
                    Entry(
                        id: String(match.output.id), line: index + 1,
                        isPlanned: match.output.planned != nil, section: section))
            }
        }
    }
}

/// A `@Test` of the acceptance suite, as its source reads.
struct Scenario {
    var title: String?
    var path: String
    var line: Int
    /// The IDs its name starts with: `T1 T2: …`, `S1, E4: …`.
    var ids: [String]
    /// Whether it runs against every step: `Step.all` among its arguments or in its body.
    var runsInEveryStep: Bool

    static func all(in source: SwiftSource, path: String) -> [Scenario] {
        let functions = source.occurrences(of: "func")
        return source.occurrences(of: "@Test").compactMap { offset in
            var attributeEnd = offset + "@Test".utf8.count
            var title: String?
            let open = source.skippingWhiteSpace(from: attributeEnd)
            if open < source.code.count, source.code[open] == UInt8(ascii: "("),
                let end = source.end(ofBracketAt: open)
            {
                attributeEnd = end
                title = source.literal(at: source.skippingWhiteSpace(from: open + 1))?.text
            }
            var body = attributeEnd..<attributeEnd
            if let function = functions.first(where: { $0 >= attributeEnd }),
                let brace = source.code[function...].firstIndex(of: UInt8(ascii: "{")),
                let end = source.end(ofBracketAt: brace)
            {
                body = brace..<end
            }
            let usesEveryStep =
                source.code(in: offset..<attributeEnd).contains("Step.all")
                || source.code(in: body).contains("Step.all")
            let ids =
                title?.firstMatch(of: #/^(?<ids>[LTDESP][0-9]{1,2}(?:[ ,]+[LTDESP][0-9]{1,2})*):/#)
                .map { match in
                    match.output.ids.split(whereSeparator: { $0 == " " || $0 == "," }).map(
                        String.init)
                } ?? []
            return Scenario(
                title: title, path: path, line: source.line(at: offset), ids: ids,
                runsInEveryStep: usesEveryStep)
        }
    }
}

/// The spec, what cites it and the scenarios that test it, and what disagrees among them.
struct SpecTie {
    struct Place: Hashable {
        var path: String
        var line: Int
    }

    var spec: SpecPage
    /// ID → where it is cited, outside the spec.
    var citations: [String: [Place]]
    var scenarios: [Scenario]
    /// ID → the file that tests it, for promises no every-step scenario names.
    var testedElsewhere: [String: String]
    /// The IDs each file cites, to check `testedElsewhere`.
    var citationsByPath: [String: Set<String>]

    /// The folders and files whose IDs must be promises of the spec, and the kinds of file read.
    static let citingPlaces = ["Sources", "Tests", "Lessons", "README.md"]
    static let citingExtensions = ["swift", "md", "c", "h", "diff", "patch"]

    /// Reads the repository: the spec, every file that may cite it, the acceptance suite.
    static func reading(
        _ repository: Repository, testedElsewhere: [String: String]
    ) throws -> SpecTie {
        let spec = SpecPage(try #require(repository.text(at: SpecPage.path)))
        var citations: [String: [Place]] = [:]
        var citationsByPath: [String: Set<String>] = [:]
        for path in citingFiles(in: repository) {
            guard let text = repository.text(at: path) else { continue }
            for (id, line) in citedIDs(in: text) {
                citations[id, default: []].append(Place(path: path, line: line))
                citationsByPath[path, default: []].insert(id)
            }
        }
        let acceptance = "Tests/AcceptanceTests"
        let scenarios = repository.files(under: acceptance).filter { $0.hasSuffix(".swift") }
            .flatMap { file -> [Scenario] in
                let path = acceptance + "/" + file
                return Scenario.all(in: SwiftSource(repository.text(at: path) ?? ""), path: path)
            }
        return SpecTie(
            spec: spec, citations: citations, scenarios: scenarios,
            testedElsewhere: testedElsewhere, citationsByPath: citationsByPath)
    }

    static func citingFiles(in repository: Repository) -> [String] {
        citingPlaces.flatMap { place -> [String] in
            repository.fileExists(place)
                ? [place] : repository.files(under: place).map { place + "/" + $0 }
        }
        .filter { path in
            citingExtensions.contains { path.hasSuffix("." + $0) } && path != SpecPage.path
                && path != SpecTests.ownPath
        }
    }

    /// The IDs a text cites, with their lines: `T6`, each ID of a range `T2–T4` or `S1-S3`, but
    /// not a line anchor (`#L12-L30`) or letters inside a word or a number (`0x1CE4_E5B9`).
    ///
    /// Read byte by byte rather than with a regex: it reads every file of the repository.
    static func citedIDs(in text: String) -> [(id: String, line: Int)] {
        let bytes = Array(text.utf8)
        var result: [(id: String, line: Int)] = []
        var line = 1
        var index = 0
        func isWordByte(_ offset: Int) -> Bool {
            guard offset >= 0, offset < bytes.count else { return false }
            let byte = bytes[offset]
            return (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
                || (0x61...0x7A).contains(byte) || byte == 0x5F
        }
        func digits(at offset: Int) -> (value: Int, end: Int)? {
            var end = offset
            var value = 0
            while end < bytes.count, end - offset < 3, (0x30...0x39).contains(bytes[end]) {
                value = value * 10 + Int(bytes[end] - 0x30)
                end += 1
            }
            let count = end - offset
            return count >= 1 && count <= 2 && !isWordByte(end) ? (value, end) : nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                index += 1
                continue
            }
            // A line anchor, `#L12` or `#L12-L30`, names lines, not a promise.
            if byte == UInt8(ascii: "#"), index + 1 < bytes.count, bytes[index + 1] == 0x4C {
                index += 2
                while index < bytes.count,
                    (0x30...0x39).contains(bytes[index])
                        || bytes[index] == UInt8(ascii: "-") || bytes[index] == 0x4C
                {
                    index += 1
                }
                continue
            }
            guard "LTDESP".utf8.contains(byte), !isWordByte(index - 1),
                let first = digits(at: index + 1)
            else {
                index += 1
                continue
            }
            var last = first.value
            var end = first.end
            // A range: `T2–T4` (an en dash) or `S1-S3`, the letter again or not.
            var next = end
            if next + 2 < bytes.count, bytes[next] == 0xE2, bytes[next + 1] == 0x80,
                bytes[next + 2] == 0x93
            {
                next += 3
            } else if next < bytes.count, bytes[next] == UInt8(ascii: "-") {
                next += 1
            }
            if next > end {
                if next < bytes.count, bytes[next] == byte { next += 1 }
                if let rangeEnd = digits(at: next), rangeEnd.value > first.value,
                    rangeEnd.value - first.value < 20
                {
                    last = rangeEnd.value
                    end = rangeEnd.end
                }
            }
            let letter = String(UnicodeScalar(byte))
            for number in first.value...last {
                result.append((letter + String(number), line))
            }
            index = end
        }
        return result
    }

    var problems: [String] {
        var problems: [String] = []
        let entries = Dictionary(grouping: spec.entries, by: \.id)
        let everyStep = scenarios.filter(\.runsInEveryStep)
        let specPath = SpecPage.path

        for (id, places) in citations.sorted(by: { $0.key < $1.key }) where entries[id] == nil {
            let first = places[0]
            let more = places.count > 1 ? " (and in \(places.count - 1) more places)" : ""
            problems.append(
                "\(id) is cited at \(first.path):\(first.line)\(more) but \(specPath) has no promise "
                    + "\(id): add `- **\(id)** …` under its section, marked `*(planned)*` if no "
                    + "step does it yet, or cite the ID the code means")
        }
        for (id, group) in entries.sorted(by: { $0.key < $1.key }) {
            let entry = group[0]
            if group.count > 1 {
                problems.append(
                    "\(id) is a promise twice in \(specPath) (lines "
                        + group.map { "\($0.line)" }.joined(separator: " and ")
                        + "): keep one")
            }
            if let section = id.first.flatMap({ SpecPage.sections[String($0)] }),
                entry.section != section
            {
                problems.append(
                    "\(id) is listed under ## \(entry.section) in \(specPath):\(entry.line): move it "
                        + "under ## \(section)")
            }
            let testing = everyStep.filter { $0.ids.contains(id) }
            if entry.isPlanned, let scenario = testing.first {
                problems.append(
                    "\(id) is marked *(planned)* in \(specPath):\(entry.line), but \(scenario.path):"
                        + "\(scenario.line) tests it in every step (“\(scenario.title ?? "")”): "
                        + "the steps do it now, so take the mark (and its *Today:* note) away")
            }
            if !entry.isPlanned, testing.isEmpty, testedElsewhere[id] == nil {
                problems.append(
                    "\(id) (\(specPath):\(entry.line)) is a promise that is not planned, but no test "
                        + "that runs against every step starts its name with \(id): add one to "
                        + "Tests/AcceptanceTests (`@Test(\"\(id): …\", arguments: Step.all)`), "
                        + "mark the promise `*(planned)*` if no step keeps it yet, or, if it "
                        + "cannot be seen from the acceptance suite, add it to "
                        + "SpecTests.testedElsewhere with the file that tests it")
            }
        }
        for (id, file) in testedElsewhere.sorted(by: { $0.key < $1.key }) {
            guard let entry = entries[id]?.first else {
                problems.append(
                    "\(id) is in SpecTests.testedElsewhere, but \(specPath) has no promise \(id): "
                        + "take it out of the list")
                continue
            }
            if let scenario = everyStep.first(where: { $0.ids.contains(id) }) {
                problems.append(
                    "\(id) is in SpecTests.testedElsewhere, but \(scenario.path):\(scenario.line) "
                        + "tests it in every step: take it out of the list")
            } else if entry.isPlanned {
                problems.append(
                    "\(id) is in SpecTests.testedElsewhere, but \(specPath):\(entry.line) marks it "
                        + "planned: take it out of the list, or the mark off the promise")
            } else if citationsByPath[file]?.contains(id) != true {
                problems.append(
                    "\(id) is in SpecTests.testedElsewhere as tested in \(file), which does not "
                        + "cite \(id): name the file whose tests check it, and cite \(id) there")
            }
        }
        for scenario in scenarios where scenario.ids.isEmpty {
            problems.append(
                "\(scenario.path):\(scenario.line): the scenario “\(scenario.title ?? "")” does "
                    + "not start with the IDs it checks: name it \"ID: …\" (e.g. \"T6: …\") "
                    + "after the promises of \(specPath) it tests")
        }
        return problems
    }
}
