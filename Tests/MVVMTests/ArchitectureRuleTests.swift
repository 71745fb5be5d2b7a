import Foundation
import StepTestSupport
import Testing

/// Step 02's rule, checked on its sources: a view model never imports the UI kit, the
/// Linux twin of "no `import UIKit` in a view model".
struct ArchitectureRuleTests {
    let rules: SourceRules

    init() throws {
        rules = try SourceRules(step: "02-MVVM")
    }

    @Test func viewModelsDoNotImportTheUIModules() {
        let viewModels = rules.files(endingWith: "ViewModel.swift")
        #expect(
            viewModels.map(\.name) == [
                "MovieDetailViewModel.swift", "SearchViewModel.swift", "TrendingViewModel.swift",
            ])
        for file in viewModels {
            let forbidden = SourceRules.importedModules(in: file.code)
                .intersection(["TerminalUI", "MovieUI"])
            #expect(forbidden.isEmpty, "\(file.name) imports \(forbidden.sorted())")
        }
    }

    @Test func theImportCheckSeesEveryFormOfImport() {
        // The rule is only worth something if it would catch a violation.
        let code = """
            import Foundation
            @testable import TerminalUI
            import struct MovieUI.MovieRowCell
            """
        #expect(
            SourceRules.importedModules(in: code) == ["Foundation", "TerminalUI", "MovieUI"])
    }
}
