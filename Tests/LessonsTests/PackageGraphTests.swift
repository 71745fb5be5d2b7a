import Foundation
import Testing

@testable import Lessons

/// The module graph Package.swift declares, read from its text: each target's name and the
/// targets it depends on by name.
struct PackageGraph {
    let dependencies: [String: [String]]
    /// Each target's folder, repository-relative: its `path:`, else `Sources/NAME` (or
    /// `Tests/NAME` for a test target).
    let folders: [String: String]

    init(manifest: String) {
        var dependencies: [String: [String]] = [:]
        var folders: [String: String] = [:]
        let targets = manifest.matches(
            of:
                #/\.(?<kind>target|executableTarget|testTarget)\(\s*name:\s*"(?<name>[^"]+)"(?<rest>[^)]*)/#
        )
        for target in targets {
            var names: [String] = []
            if let list = target.output.rest.firstMatch(of: #/dependencies:\s*\[(?<list>[^\]]*)\]/#)
            {
                names = list.output.list.matches(of: #/"(?<name>[^"]+)"/#).map {
                    String($0.output.name)
                }
            }
            let name = String(target.output.name)
            dependencies[name] = names
            if let path = target.output.rest.firstMatch(of: #/path:\s*"(?<path>[^"]+)"/#) {
                folders[name] = String(path.output.path)
            } else {
                folders[name] = (target.output.kind == "testTarget" ? "Tests/" : "Sources/") + name
            }
        }
        self.dependencies = dependencies
        self.folders = folders
    }

    /// Every module `target` can import: its dependencies, theirs, and so on.
    func closure(of target: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = dependencies[target] ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return seen
    }
}

/// Rules of the module graph: SwiftPM lets a target import whatever its dependencies depend
/// on, so a rule about what a module may reach is a rule about its dependency closure.
@Suite struct PackageGraphTests {
    let graph = PackageGraph(
        manifest: (try? String(
            contentsOfFile: packageRepository.root + "/Package.swift", encoding: .utf8)) ?? "")

    @Test("the graph is read: every step and shared module is there")
    func theGraphIsRead() {
        for module in ["TMDB", "TerminalUI", "MovieDomain", "MovieUI", "MovieLauncher", "MVC"] {
            #expect(graph.dependencies[module] != nil, "no target \(module) in Package.swift")
        }
        #expect(graph.closure(of: "MVCCommand").contains("TMDB"), "a command reaches the client")
    }

    @Test(
        "MovieUI, the screens' shared parts, reaches no TMDB: the launcher that needs it is apart")
    func movieUIKnowsNoTMDB() {
        #expect(!graph.closure(of: "MovieUI").contains("TMDB"))
        #expect(graph.closure(of: "MovieLauncher").isSuperset(of: ["MovieUI", "TMDB"]))
    }

    @Test("steps 01 and 02 never link the reactive core")
    func theFirstStepsLinkNoReactiveCore() {
        for step in ["MVC", "MVVM"] {
            #expect(graph.closure(of: step).isDisjoint(with: ["ViewModelKit", "RxTerminalUI"]))
        }
        #expect(graph.closure(of: "MVVMIO").contains("RxTerminalUI"))
    }

    /// Step 06's dependency rule, which the compiler enforces only because each layer is a
    /// target whose closure holds what the layer may import.
    @Test("step 06: Domain reaches only the shared movie rules")
    func cleanDomainReachesOnlyTheSharedMovieRules() {
        #expect(graph.closure(of: "CleanDomain") == ["MovieDomain"])
    }

    /// The screen's words ("r to retry", "No overview.", "★ 8.4") are presentation: they live
    /// in MoviePresentation, MovieUI and step 06's Presentation, and Domain reaches none of
    /// them. A string literal with a letter in it is such a word, unless a precondition says it
    /// to the developer.
    @Test("step 06: Domain, and every module it reaches, holds no text for the screen")
    func cleanDomainHoldsNoScreenText() throws {
        let modules = graph.closure(of: "CleanDomain").union(["CleanDomain"])
        #expect(
            modules.isDisjoint(with: ["MoviePresentation", "MovieUI", "TerminalUI", "TMDB"]))
        var filesRead = 0
        for module in modules.sorted() {
            let folder = try #require(graph.folders[module])
            for name in packageRepository.files(under: folder) where name.hasSuffix(".swift") {
                try expectNoScreenText(in: folder + "/" + name)
                filesRead += 1
            }
        }
        #expect(filesRead >= 10, "Domain's and MovieDomain's sources were read")
    }

    /// A failure's sentence is the screen's too: the networking module says why a call failed
    /// (`TMDBError.reason`) and MoviePresentation words the reason, once for every step
    /// (MoviePresentationTests checks the words).
    @Test("T9: TMDB's error holds no sentence for the screen, and TMDB reaches no screen module")
    func failuresAreWordedByPresentation() throws {
        try expectNoScreenText(in: "Sources/TMDB/TMDBError.swift")
        #expect(graph.closure(of: "TMDB").isDisjoint(with: ["MoviePresentation", "MovieUI"]))
        #expect(!graph.closure(of: "MoviePresentation").contains("TMDB"))
    }

    /// Records every string literal with a letter in it in the file at `path`, unless a
    /// precondition says it to the developer.
    private func expectNoScreenText(in path: String) throws {
        let source = SwiftSource(try #require(packageRepository.text(at: path)))
        for literal in source.literals where literal.text.contains(where: \.isLetter) {
            let line = source.line(at: literal.start)
            let lineStart = source.code[..<literal.start].lastIndex(of: UInt8(ascii: "\n"))
            let before = source.code(in: (lineStart.map { $0 + 1 } ?? 0)..<literal.start)
            let toTheDeveloper = ["precondition(", "assert(", "fatalError("].contains {
                before.contains($0)
            }
            #expect(
                toTheDeveloper,
                """
                \(path):\(line) says "\(literal.text)": the screen's words belong \
                in MoviePresentation or step 06's Presentation
                """)
        }
    }

    @Test("step 06: Presentation reaches no TMDB and no Data, Data no screen")
    func cleanPresentationAndDataStayApart() {
        let presentation = graph.closure(of: "CleanPresentation")
        #expect(presentation.contains("CleanDomain"))
        #expect(presentation.isDisjoint(with: ["TMDB", "CleanData", "MovieLauncher"]))
        // P6: posters come through Domain's repository; downloading, decoding and caching
        // are Data's, and Presentation reaches none of them.
        #expect(
            presentation.isDisjoint(with: ["ImagePipeline", "ImagePipelineUI", "JPEGDecoding"]))
        let data = graph.closure(of: "CleanData")
        #expect(data.isSuperset(of: ["CleanDomain", "TMDB", "ImagePipeline"]))
        #expect(
            data.isDisjoint(with: [
                "TerminalUI", "MovieUI", "RxTerminalUI", "ViewModelKit", "CleanPresentation",
            ]))
        #expect(
            graph.closure(of: "CleanApp").isSuperset(of: [
                "CleanDomain", "CleanData", "CleanPresentation", "TMDB",
            ]), "App, the composition root, sees every layer")
    }

    /// What the toolchain provides: a target may import these without declaring them.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Observation",
        "Synchronization", "Testing", "XCTest",
    ]

    @Test("every module a target imports is one it declares: SwiftPM on Linux does not check it")
    func everyImportIsADeclaredDependency() throws {
        // `--explicit-target-dependency-import-check error` misses these on Linux
        // (swiftlang/swift#70560), so the rule is checked here, from the sources.
        var checkedTargets = 0
        for (target, folder) in graph.folders.sorted(by: { $0.key < $1.key }) {
            let root = packageRepository.root + "/" + folder
            guard let files = FileManager.default.subpaths(atPath: root) else { continue }
            let allowed = Set(graph.dependencies[target] ?? []).union(Self.toolchainModules)
                .union([target])
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                for module in Self.importedModules(in: text) {
                    #expect(
                        allowed.contains(module),
                        "\(folder)/\(file) imports \(module), which \(target) does not declare")
                }
            }
            checkedTargets += 1
        }
        #expect(checkedTargets > 20, "only \(checkedTargets) targets' folders were read")
    }

    /// The modules a file's leading imports name (`import X`, `@testable import X`,
    /// `import struct X.Y`), read until its first line of code, so that an `import` inside
    /// a string further down is not taken for one.
    static func importedModules(in text: String) -> [String] {
        var modules: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("#") { continue }
            guard
                let match = trimmed.wholeMatch(
                    of:
                        #/(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(?<module>\w+)(?:\.\w+)*/#
                )
            else { break }
            modules.append(String(match.output.module))
        }
        return modules
    }
}
