import Foundation
import Testing

@testable import Lessons

/// The module graph Package.swift declares, read from its text: each target's name and the
/// targets it depends on by name.
struct PackageGraph {
    let dependencies: [String: [String]]

    init(manifest: String) {
        var dependencies: [String: [String]] = [:]
        let targets = manifest.matches(
            of:
                #/\.(?:target|executableTarget|testTarget)\(\s*name:\s*"(?<name>[^"]+)"(?<rest>[^)]*)/#
        )
        for target in targets {
            var names: [String] = []
            if let list = target.output.rest.firstMatch(of: #/dependencies:\s*\[(?<list>[^\]]*)\]/#)
            {
                names = list.output.list.matches(of: #/"(?<name>[^"]+)"/#).map {
                    String($0.output.name)
                }
            }
            dependencies[String(target.output.name)] = names
        }
        self.dependencies = dependencies
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
}
