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

    public init(number: Int, title: String, product: String, module: String, summary: String) {
        self.number = number
        self.title = title
        self.product = product
        self.module = module
        self.summary = summary
    }

    /// `04`, as in the folder and the lesson's file name.
    public var paddedNumber: String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// `04-MVVM-C`: the step's folder under Sources.
    public var folder: String {
        "\(paddedNumber)-\(title)"
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
