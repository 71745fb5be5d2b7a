import Foundation
import StepTestSupport
import Testing

/// Step 05's rules, checked on its sources.
struct ArchitectureRuleTests {
    let rules: SourceRules

    init() throws {
        rules = try SourceRules(step: "05-MVVM-C-DI")
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
        let controllers = rules.files(endingWith: "ViewController.swift")
        #expect(
            controllers.map(\.name) == [
                "MovieDetailViewController.swift", "SearchResultsViewController.swift",
                "TrendingViewController.swift",
            ])
        for file in controllers {
            let others = SourceRules.otherControllers(in: file)
            #expect(others.isEmpty, "\(file.name) names \(others.sorted())")
            #expect(!file.code.contains("pushViewController"), "\(file.name) pushes")
            #expect(!file.code.contains("popViewController"), "\(file.name) pops")
        }
    }

    @Test func noSourceReachesForASharedInstance() {
        // Dependency injection: everything arrives through an initialiser.
        #expect(rules.files.count >= 8)
        for file in rules.files {
            let shared = SourceRules.sharedInstances(in: file.code)
            #expect(shared.isEmpty, "\(file.name): \(shared)")
        }
    }

    @Test func theSharedInstanceCheckWouldCatchStepFour() {
        // Step 04 reached for the shared client; the rule must see both forms.
        let code = """
            let client = TMDBClient.shared
            static var shared = TMDBClient(configuration: Configuration())
            static let movieService: any MovieService = TMDBClient.shared
            static func year(of date: String) -> String { "" }
            """
        #expect(SourceRules.sharedInstances(in: code).count == 4)
    }
}
