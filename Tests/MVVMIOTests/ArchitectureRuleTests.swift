import Foundation
import StepTestSupport
import Testing

/// Step 03's rule, checked on its sources: a view model never imports the UI kit, the
/// Linux twin of "no `import UIKit` in a view model".
struct ArchitectureRuleTests {
    @Test func viewModelsDoNotImportTheUIModules() throws {
        let rules = try SourceRules(step: "03-MVVM-IO")
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
}
