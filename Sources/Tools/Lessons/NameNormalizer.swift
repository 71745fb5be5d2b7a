/// Replaces a step's own names (folder, module, product) with placeholders, so that two steps'
/// lines that differ only in how each spells its own name compare equal.
///
/// `swift run mvc` in step 01 and `swift run mvvm` in step 02 both become
/// `swift run <product>`: not a difference worth a learner's attention.
struct NameNormalizer: Sendable {
    /// Longest first, so that `01-MVC` wins over `MVC` at the same position.
    private let replacements: [(name: String, placeholder: String)]

    init(step: CourseStep) {
        // A layered step's modules (`CleanDomain`, `CleanPresentation`) are each its module.
        let names =
            [
                (step.folder, "\u{1}folder\u{1}"),
                (step.module, "\u{1}module\u{1}"),
                (step.product, "\u{1}product\u{1}"),
            ] + step.layerModules.map { ($0, "\u{1}module\u{1}") }
        replacements = names.filter { !$0.0.isEmpty }.sorted { $0.0.count > $1.0.count }
    }

    /// `line` with each of the step's names replaced, scanning once from the left, so that a
    /// placeholder is never searched again.
    func callAsFunction(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        scanning: while let first = rest.first {
            for (name, placeholder) in replacements where rest.hasPrefix(name) {
                result += placeholder
                rest = rest.dropFirst(name.count)
                continue scanning
            }
            result.append(first)
            rest = rest.dropFirst()
        }
        return result
    }
}
