import StepCatalog

/// One step of the path as the tool sees it: a folder `Sources/NN-NAME` and the names the
/// package gives it.
///
/// The tool reads folders rather than linking the step modules, so a step that is still being
/// written appears as soon as its folder exists, and the tool never needs to change for it.
/// The names and summaries come from the step catalog, which links no step either.
struct CourseStep: Sendable, Hashable {
    /// 1-based position on the path, from the folder's two digits.
    var number: Int
    /// The folder under Sources, e.g. `02-MVVM`.
    var folder: String
    /// The product, as in `swift run mvvm`.
    var product: String
    /// The module, e.g. `MVVM`.
    var module: String
    /// What the step changes, in one line, when its lesson does not say it yet.
    var summary: String
    /// A layered step's modules, one per layer (`CleanDomain` … `CleanApp`); empty otherwise.
    var layerModules: [String] = []

    /// `01`, `02`, … as in the folder and lesson names.
    var paddedNumber: String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// `MVVM-C` from `04-MVVM-C`: the folder without its number.
    var title: String {
        String(folder.dropFirst(3))
    }

    /// The step for a folder named `NN-NAME`, or nil for any other name.
    ///
    /// Known folders take their names from the catalog (`known`); an unknown one, a step not in
    /// the catalog yet, gets the names the catalog's steps follow (`06-MVVM-X` → product
    /// `mvvm-x`, module `MVVMX`).
    init?(folder: String) {
        let characters = Array(folder)
        guard characters.count > 3, characters[0].isASCIIDigit, characters[1].isASCIIDigit,
            characters[2] == "-", let number = Int(String(characters[0...1]))
        else { return nil }
        if let known = Self.known.first(where: { $0.folder == folder }) {
            self = known
            return
        }
        let name = String(characters[3...])
        self.init(
            number: number, folder: folder, product: name.lowercased(),
            module: name.filter { $0 != "-" },
            summary: "(no summary yet: write its lesson)")
    }

    init(number: Int, folder: String, product: String, module: String, summary: String) {
        self.number = number
        self.folder = folder
        self.product = product
        self.module = module
        self.summary = summary
    }

    /// The step of a catalog entry, with the names the package gives it.
    init(_ entry: StepEntry) {
        self.init(
            number: entry.number, folder: entry.folder, product: entry.product,
            module: entry.module, summary: entry.summary)
        layerModules = entry.layers.isEmpty ? [] : entry.modules.map(\.name)
    }

    /// The steps of the catalog (`StepEntry.all`), the one list of steps in the package.
    static let known: [CourseStep] = StepEntry.all.map(CourseStep.init)
}

extension Character {
    /// 0–9 only; `isNumber` would also accept other scripts' digits.
    fileprivate var isASCIIDigit: Bool {
        ("0"..."9").contains(self)
    }
}
