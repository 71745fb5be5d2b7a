import StepCatalog
import Testing

@testable import Lessons

/// The steps are written once, in `StepEntry.all` (Sources/Tools/StepCatalog). Package.swift
/// cannot read that list (SwiftPM caches the manifest and does not notice a file the manifest
/// reads), and `Steps` must name each step's code, so these tests read both as text and tie
/// them to the catalog both ways; the lessons, too, say what the catalog says.
@Suite struct StepCatalogTests {
    static let manifest = Manifest(packageRepository.text(at: "Package.swift") ?? "")

    /// `ACCEPTANCE_STEPS` narrows the steps every acceptance scenario runs against, so that
    /// `lessons check` runs them against the step of its exercise alone.
    @Test func withoutANameEveryStepIsSelected() {
        #expect(StepEntry.selected(from: StepEntry.all, by: nil) == StepEntry.all)
        #expect(StepEntry.selected(from: StepEntry.all, by: "") == StepEntry.all)
    }

    @Test func namedStepsAreSelectedAloneInTheCatalogsOrder() throws {
        let entries = StepEntry.all
        try #require(entries.count >= 3)
        let names = "\(entries[2].product), \(entries[0].product)"
        #expect(StepEntry.selected(from: entries, by: names) == [entries[0], entries[2]])
    }

    @Test(arguments: StepEntry.all)
    func theManifestDeclaresTheStep(step: StepEntry) {
        let manifest = Self.manifest
        let fix = "add it to Package.swift, or take the step out of Sources/Tools/StepCatalog"
        #expect(
            manifest.products.contains {
                $0.name == step.product && $0.targets == [step.commandTarget]
            },
            "Package.swift has no .executable(name: \"\(step.product)\", targets: [\"\(step.commandTarget)\"]): \(fix)"
        )

        // A layered step is one module per layer, each in its folder under the step's.
        for (name, folder) in step.modules {
            let module = manifest.targets.first { $0.name == name }
            #expect(
                module?.kind == "target" && module?.path == folder,
                "Package.swift has no .target(name: \"\(name)\", …, path: \"\(folder)\"): \(fix)"
            )
        }

        let command = manifest.targets.first { $0.name == step.commandTarget }
        #expect(
            command?.kind == "executableTarget" && command?.path == step.commandPath
                && command?.dependencies.contains(step.module) == true,
            "Package.swift has no .executableTarget(name: \"\(step.commandTarget)\", dependencies: [\"\(step.module)\", …], path: \"\(step.commandPath)\"): \(fix)"
        )

        let steps = manifest.targets.first { $0.name == "Steps" }
        #expect(
            steps?.dependencies.contains(step.module) == true,
            "the Steps target in Package.swift does not depend on \(step.module): add it, so that the acceptance suite runs \(step)"
        )

        #expect(
            manifest.exerciseModules["\(step.number)"] == step.module,
            "Package.swift's stepModules does not map \"\(step.number)\" to \"\(step.module)\": add it, so that `lessons check \(step.number).1` builds against \(step.module)"
        )
    }

    @Test func theManifestDeclaresNoStepTheCatalogLacks() {
        let manifest = Self.manifest
        let fix = "add the step to StepEntry.all in Sources/Tools/StepCatalog/StepEntry.swift"
        for target in manifest.targets {
            guard let path = target.path else { continue }
            if path.wholeMatch(of: #/Sources/[0-9][0-9]-.+/#) != nil {
                #expect(
                    StepEntry.all.contains { step in
                        step.modules.contains { $0.name == target.name && $0.folder == path }
                    },
                    "Package.swift declares the step module \(target.name) at \(path), but the catalog has no such step: \(fix)"
                )
            }
            if path.hasPrefix("Sources/Tools/Commands/") {
                #expect(
                    StepEntry.all.contains {
                        $0.commandTarget == target.name && $0.commandPath == path
                    },
                    "Package.swift declares the command \(target.name) at \(path), but the catalog has no such step: \(fix)"
                )
            }
        }
        let commands = Set(StepEntry.all.map(\.commandTarget))
        for product in manifest.products
        where product.targets.contains(where: { $0.hasSuffix("Command") }) {
            #expect(
                StepEntry.all.contains { $0.product == product.name }
                    && product.targets.allSatisfy(commands.contains),
                "Package.swift has the product \(product.name) for \(product.targets), but the catalog has no such step: \(fix)"
            )
        }
        for (lesson, module) in manifest.exerciseModules {
            #expect(
                StepEntry.all.contains { "\($0.number)" == lesson && $0.module == module },
                "Package.swift's stepModules maps \"\(lesson)\" to \"\(module)\", but the catalog's step \(lesson) is not \(module): \(fix), or fix stepModules"
            )
        }
        #expect(
            !manifest.targets.isEmpty && !manifest.products.isEmpty, "Package.swift read as text")
    }

    /// `Step.all` takes the catalog's steps that have an app in `Step.apps`, so a step missing
    /// there would silently drop out of the acceptance suite.
    @Test func stepsGivesEveryCatalogStepItsApp() throws {
        let path = "Sources/Tools/Steps/Step.swift"
        let text = try #require(packageRepository.text(at: path))
        let entries = text.matches(of: #/"(?<key>\w+)":\s*\{\s*(?<module>\w+)\.App\(/#).map {
            (key: String($0.output.key), module: String($0.output.module))
        }
        for step in StepEntry.all {
            #expect(
                entries.contains { $0.key == step.module && $0.module == step.module },
                "\(path) gives \(step.folder) no app: add \"\(step.module)\": { \(step.module).App(client: $0, imageLoader: $1, timeWindow: $2, clock: $3) } to Step.apps, and import \(step.module)"
            )
        }
        for entry in entries {
            #expect(
                entry.key == entry.module && StepEntry.all.contains { $0.module == entry.key },
                "\(path) has an app for \(entry.key) (\(entry.module).App), which is not a catalog step: add the step to Sources/Tools/StepCatalog or drop the app"
            )
        }
    }

    @Test func theCatalogNumbersItsStepsFromOneAndNamesThemByOneRule() {
        #expect(
            StepEntry.all.map(\.number) == Array(1...StepEntry.all.count),
            "numbers 1, 2, 3, … in order")
        for step in StepEntry.all {
            // The rule the lessons tool gives a step folder that is not in the catalog yet, so
            // a step keeps its names when it joins the catalog.
            // A layered step's module is the one of its last layer, `CleanApp`.
            let unlisted = CourseStep(folder: step.folder)
            #expect(
                step.product == step.title.lowercased()
                    && step.module == step.title.filter { $0 != "-" } + (step.layers.last ?? ""),
                "\(step.folder) should be product \(unlisted?.product ?? "?"), module \(unlisted?.module ?? "?")"
            )
            #expect(
                packageRepository.fileExists("\(step.moduleFolder)/App.swift"),
                "\(step.moduleFolder)/App.swift")
            #expect(
                packageRepository.fileExists("\(step.commandPath)/main.swift"),
                "\(step.commandPath)/main.swift")
        }
    }

    /// One summary a step: the line under its lesson's title, which `swift run lessons` prints,
    /// is the catalog's.
    @Test(arguments: StepEntry.all)
    func theLessonSaysWhatTheCatalogSays(step: StepEntry) throws {
        let lesson = try #require(packageRepository.lessonFile(for: CourseStep(step)))
        let text = try #require(packageRepository.text(at: lesson))
        #expect(
            LessonText.summary(of: text) == step.summary,
            "\(lesson) sums the step up as “\(LessonText.summary(of: text) ?? "")”, the catalog (Sources/Tools/StepCatalog/StepEntry.swift) as “\(step.summary)”: make them say the same"
        )
    }
}

/// What the tests need of Package.swift, read as text: its products, its targets, and the
/// step modules the exercises build against.
struct Manifest {
    struct Product {
        var name: String
        var targets: [String]
    }

    struct Target {
        /// `target`, `executableTarget` or `testTarget`.
        var kind: String
        var name: String
        var path: String?
        var dependencies: [String]
    }

    var products: [Product] = []
    var targets: [Target] = []
    /// `stepModules`: lesson number → module.
    var exerciseModules: [String: String] = [:]

    init(_ text: String) {
        let source = SwiftSource(text)
        for offset in source.occurrences(of: ".executable") {
            guard let open = Self.parenthesis(after: offset + ".executable".utf8.count, in: source),
                let end = source.end(ofBracketAt: open)
            else { continue }
            let call = source.text(in: open..<end)
            guard let name = call.firstMatch(of: #/name:\s*"(?<name>[^"]+)"/#) else { continue }
            products.append(
                Product(
                    name: String(name.output.name), targets: Self.names(after: "targets", in: call))
            )
        }
        for kind in ["target", "executableTarget", "testTarget"] {
            for offset in source.occurrences(of: "." + kind) {
                guard let open = Self.parenthesis(after: offset + kind.utf8.count + 1, in: source),
                    let end = source.end(ofBracketAt: open)
                else { continue }
                let call = source.text(in: open..<end)
                guard let name = call.firstMatch(of: #/^\(\s*name:\s*"(?<name>[^"]+)"/#) else {
                    continue
                }
                targets.append(
                    Target(
                        kind: kind, name: String(name.output.name),
                        path: call.firstMatch(of: #/path:\s*"(?<path>[^"]+)"/#).map {
                            String($0.output.path)
                        },
                        dependencies: Self.names(after: "dependencies", in: call)))
            }
        }
        if let map = text.firstMatch(of: #/let stepModules = \[(?<pairs>[^\]]*)\]/#) {
            for pair in map.output.pairs.matches(of: #/"(?<lesson>[0-9]+)":\s*"(?<module>\w+)"/#) {
                exerciseModules[String(pair.output.lesson)] = String(pair.output.module)
            }
        }
    }

    /// The offset of the `(` right after a name, or nil when none follows.
    private static func parenthesis(after offset: Int, in source: SwiftSource) -> Int? {
        offset < source.code.count && source.code[offset] == UInt8(ascii: "(") ? offset : nil
    }

    /// The string literals of the array after `label:` in a call: the quoted names, not
    /// `.target(name: step)` and the like.
    private static func names(after label: String, in call: String) -> [String] {
        guard let labelRange = call.range(of: label + ":"),
            let open = call[labelRange.upperBound...].firstIndex(of: "[")
        else { return [] }
        var depth = 0
        var end = call.endIndex
        for index in call[open...].indices {
            if call[index] == "[" { depth += 1 }
            if call[index] == "]" {
                depth -= 1
                if depth == 0 {
                    end = index
                    break
                }
            }
        }
        return call[open..<end].matches(of: #/"(?<name>[^"]+)"/#).map { String($0.output.name) }
    }
}
