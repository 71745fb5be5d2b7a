import Testing

@testable import Lessons

/// E7: nothing in the app or its tests waits by yielding, by sleeping for no time, or by a hop
/// to the main queue. Each of those lets "other work" run and hopes it was enough, which holds
/// on an idle machine and fails on a busy one; every wait here is for a condition instead (a
/// settled screen, an answer, a count of states, virtual time).
@Suite struct SourceRuleTests {
    /// A way to let things settle that the rule refuses, and what to do instead.
    struct Rule {
        var name: String
        var pattern: Regex<Substring>
        var instead: String
    }

    static var rules: [Rule] {
        [
            Rule(
                name: "Task.yield()", pattern: #/Task\s*\.\s*yield\s*\(/#,
                instead: "wait for the condition itself"),
            Rule(
                name: "a sleep of no time",
                pattern:
                    #/sleep\s*\(\s*(?:for:\s*|nanoseconds:\s*)?(?:\.zero|\.(?:seconds|milliseconds|microseconds|nanoseconds)\(\s*0\s*\)|0\s*\))/#,
                instead: "wait for the condition itself, or move virtual time"),
            Rule(
                name: "DispatchQueue.main.async",
                pattern: #/DispatchQueue\s*\.\s*main\s*\.\s*async\b/#,
                instead: "run on the main actor and wait for the condition itself"),
        ]
    }

    /// Every use of a refused wait in `source`, outside comments and strings, as
    /// `path:line: uses …`.
    static func problems(in source: String, path: String) -> [String] {
        let swift = SwiftSource(source)
        let code = String(decoding: swift.code, as: UTF8.self)
        return rules.flatMap { rule in
            code.matches(of: rule.pattern).map { match in
                let offset = code.utf8.distance(
                    from: code.utf8.startIndex,
                    to: match.range.lowerBound.samePosition(in: code.utf8)
                        ?? code.utf8.startIndex)
                return "\(path):\(swift.line(at: offset)): uses \(rule.name); \(rule.instead)"
            }
        }
    }

    @Test("E7: no source or test waits by yielding, by a zero sleep or by a main-queue hop")
    func nothingWaitsByHoping() {
        let files = ["Sources", "Tests"].flatMap { folder in
            packageRepository.files(under: folder).filter { $0.hasSuffix(".swift") }.map {
                folder + "/" + $0
            }
        }
        #expect(files.count > 100, "the sources were found")
        let problems = files.flatMap { path in
            Self.problems(in: packageRepository.text(at: path) ?? "", path: path)
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test(
        "E7: the rule finds each refused wait, and not a mention in a comment or a string",
        arguments: [
            ("await Task.yield()", "Task.yield()"),
            ("try await Task.sleep(for: .zero)", "a sleep of no time"),
            ("try await Task.sleep(nanoseconds: 0)", "a sleep of no time"),
            ("try await clock.sleep(for: .milliseconds(0))", "a sleep of no time"),
            ("DispatchQueue.main.async { done() }", "DispatchQueue.main.async"),
        ])
    func theRuleFindsEachRefusedWait(line: String, name: String) {
        let source = "func f() async throws {\n    \(line)\n}\n"
        #expect(
            Self.problems(in: source, path: "F.swift").map { $0.prefix(while: { $0 != ";" }) }
                == ["F.swift:2: uses \(name)"])
        let mentioned = "// \(line)\nlet text = \"\(line.replacing("\"", with: ""))\"\n"
        #expect(Self.problems(in: mentioned, path: "F.swift").isEmpty)
        #expect(
            Self.problems(in: "try await Task.sleep(for: .milliseconds(10))", path: "F.swift")
                .isEmpty, "a real delay is not the rule's business")
    }
}
