import Foundation
import StepTestSupport
import Testing

/// Step 04's rules, checked on its sources.
struct ArchitectureRuleTests {
    let rules: SourceRules

    init() throws {
        rules = try SourceRules(step: "04-MVVM-C")
    }

    @Test func viewModelsDoNotImportTheUIModules() {
        // The Linux twin of "no `import UIKit` in a view model".
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

    @Test func controllersNeverNameAnotherController() {
        // With a coordinator the controllers never meet each other.
        let controllers = rules.files(endingWith: "ViewController.swift")
        #expect(
            controllers.map(\.name) == [
                "MovieDetailViewController.swift", "SearchResultsViewController.swift",
                "TrendingViewController.swift",
            ])
        for file in controllers {
            let others = SourceRules.otherControllers(in: file)
            #expect(others.isEmpty, "\(file.name) names \(others.sorted())")
        }
    }

    @Test func controllersNeverPushOrPop() {
        // Every push and pop is the coordinator's.
        for file in rules.files(endingWith: "ViewController.swift") {
            #expect(!file.code.contains("pushViewController"), "\(file.name) pushes")
            #expect(!file.code.contains("popViewController"), "\(file.name) pops")
        }
    }

    @Test func theControllerCheckWouldCatchStepThreesPush() {
        // Step 03's list built the detail itself; the rule must see that.
        let file = SourceRules.File(
            name: "TrendingViewController.swift",
            code: """
                final class TrendingViewController: ViewController {
                    func open() {
                        let detail = MovieDetailViewController(viewModel: viewModel)
                        navigationController?.pushViewController(detail)
                    }
                }
                """)
        #expect(SourceRules.otherControllers(in: file) == ["MovieDetailViewController"])
    }
}
