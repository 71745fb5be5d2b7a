import Foundation

/// One architecture step of the course, as the whole package names it.
///
/// `StepEntry.all` is the only place the steps are written down. The acceptance suite and the
/// bench read it through `Steps`, which pairs each entry with the step's code; the lessons tool
/// reads it here, without linking any step. Package.swift cannot read it (SwiftPM caches the
/// manifest and does not notice a file the manifest reads), so
/// Tests/LessonsTests/StepCatalogTests.swift checks that the manifest declares exactly these
/// steps, each with its module, its command and its product.
public struct StepEntry: Sendable, Hashable, CustomStringConvertible {
    /// 1-based position on the path.
    public let number: Int
    /// The step's name, e.g. `MVVM-C`: its folder is `04-MVVM-C`, its lesson `04-MVVM-C.md`.
    public let title: String
    /// The product, as in `swift run mvvm-c`.
    public let product: String
    /// The module that holds the step's code, e.g. `MVVMC`.
    public let module: String
    /// What the step changes, in one line: the line under its lesson's title says the same.
    public let summary: String
    /// For a step split into layers, each a module in a folder of its own under the step's
    /// folder: the layers' folders, innermost first, the one that holds `App.swift` last
    /// (`module`). Empty for a step that is one module.
    public let layers: [String]

    public init(
        number: Int, title: String, product: String, module: String, summary: String,
        layers: [String] = []
    ) {
        self.number = number
        self.title = title
        self.product = product
        self.module = module
        self.summary = summary
        self.layers = layers
    }

    /// `04`, as in the folder and the lesson's file name.
    public var paddedNumber: String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// `04-MVVM-C`: the step's folder under Sources.
    public var folder: String {
        "\(paddedNumber)-\(title)"
    }

    /// `Sources/04-MVVM-C`, or `Sources/06-Clean/App` for a layered step: the folder of
    /// `module`, which holds `App.swift`.
    public var moduleFolder: String {
        "Sources/" + folder + (layers.last.map { "/" + $0 } ?? "")
    }

    /// Each module of the step with its folder: the step's one module, or one per layer
    /// (`CleanDomain` in `Sources/06-Clean/Domain`), named by the step and the layer.
    public var modules: [(name: String, folder: String)] {
        guard !layers.isEmpty else { return [(module, moduleFolder)] }
        let stem = title.filter { $0 != "-" }
        return layers.map { (stem + $0, "Sources/\(folder)/\($0)") }
    }

    /// `MVVMCCommand`: the executable target of the product, whose `main.swift` is one line.
    public var commandTarget: String {
        module + "Command"
    }

    /// `Sources/Tools/Commands/mvvm-c`: where that `main.swift` is.
    public var commandPath: String {
        "Sources/Tools/Commands/" + product
    }

    public var description: String { product }

    /// Every step, in path order.
    ///
    /// Adding a step is one entry here, then its targets in Package.swift (the module, its
    /// command, its product, and the module among the dependencies of `Steps`) and its app in
    /// `Steps`; the tests say what is still missing.
    public static let all: [StepEntry] = [
        StepEntry(
            number: 1, title: "MVC", product: "mvc", module: "MVC",
            summary:
                "Each view controller fetches, keeps state, formats and renders; search juggles"
                + " its own tasks."),
        StepEntry(
            number: 2, title: "MVVM", product: "mvvm", module: "MVVM",
            summary:
                "State, loading and formatting move into @Observable view models, search's tasks"
                + " too."),
        StepEntry(
            number: 3, title: "MVVM-IO", product: "mvvm-io", module: "MVVMIO",
            summary:
                "View models become transform(input:) -> Output on a synchronous reactive core."),
        StepEntry(
            number: 4, title: "MVVM-C", product: "mvvm-c", module: "MVVMC",
            summary: "Navigation leaves the controllers for an AppCoordinator."),
        StepEntry(
            number: 5, title: "MVVM-C-DI", product: "mvvm-c-di", module: "MVVMCDI",
            summary: "No shared client: a composition root injects a MovieService."),
        StepEntry(
            number: 6, title: "Clean", product: "clean", module: "CleanApp",
            summary:
                "The app splits into Domain, Data, Presentation and App modules, each held to the"
                + " imports its target declares.",
            layers: ["Domain", "Data", "Presentation", "App"]),
    ]
}

extension StepEntry {
    /// `entries`, or the ones whose products `names` lists, comma-separated (`mvvm-io`, or
    /// `mvc,mvvm`), in the catalog's order. A name that is no entry's product stops the run,
    /// since a scenario left with no step would pass without running.
    public static func selected(from entries: [StepEntry], by names: String?) -> [StepEntry] {
        guard let names, !names.isEmpty else { return entries }
        let wanted = names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for name in wanted where !entries.contains(where: { $0.product == name }) {
            let known = entries.map(\.product).joined(separator: ", ")
            preconditionFailure("ACCEPTANCE_STEPS names '\(name)', which is none of \(known)")
        }
        return entries.filter { wanted.contains($0.product) }
    }
}
