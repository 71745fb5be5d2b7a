import Foundation
import StepTestSupport
import Testing

/// Step 06's rules, checked on its sources, layer by layer. The module graph holds the same
/// rules at build time (Tests/LessonsTests/PackageGraphTests.swift); these say which file
/// broke one.
struct ArchitectureRuleTests {
    static func layer(_ name: String) throws -> SourceRules {
        try SourceRules(step: "06-Clean/" + name)
    }

    @Test("Domain imports nothing that knows TMDB, HTTP or a screen: only the shared movie rules")
    func domainImportsOnlyTheSharedMovieRules() throws {
        let domain = try Self.layer("Domain")
        #expect(domain.files.count >= 6)
        for file in domain.files {
            let imports = SourceRules.importedModules(in: file.code).subtracting(["MovieDomain"])
            #expect(imports.isEmpty, "\(file.name) imports \(imports.sorted())")
        }
    }

    @Test("Presentation never imports TMDB or Data: it sees movies only as the domain has them")
    func presentationKnowsNoTMDB() throws {
        let presentation = try Self.layer("Presentation")
        #expect(presentation.files.count >= 8)
        for file in presentation.files {
            let forbidden = SourceRules.importedModules(in: file.code)
                .intersection(["TMDB", "CleanData", "FoundationNetworking"])
            #expect(forbidden.isEmpty, "\(file.name) imports \(forbidden.sorted())")
        }
    }

    @Test("Data knows no screen: it imports the domain and TMDB, no UI module")
    func dataKnowsNoScreen() throws {
        let data = try Self.layer("Data")
        #expect(!data.files.isEmpty)
        for file in data.files {
            let forbidden = SourceRules.importedModules(in: file.code).intersection([
                "TerminalUI", "MovieUI", "RxTerminalUI", "ViewModelKit", "CleanPresentation",
            ])
            #expect(forbidden.isEmpty, "\(file.name) imports \(forbidden.sorted())")
        }
    }

    @Test func viewModelsDoNotImportTheUIModules() throws {
        let viewModels = try Self.layer("Presentation").files(endingWith: "ViewModel.swift")
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

    @Test func controllersNeverNameAnotherController() throws {
        let controllers = try Self.layer("Presentation").files(endingWith: "ViewController.swift")
        #expect(controllers.count == 3)
        for file in controllers {
            let others = SourceRules.otherControllers(in: file)
            #expect(others.isEmpty, "\(file.name) names \(others.sorted())")
            #expect(!file.code.contains("pushViewController"), "\(file.name) pushes")
        }
    }

    @Test("no layer reaches for a shared instance: everything arrives through an initialiser")
    func noLayerReachesForASharedInstance() throws {
        for name in ["Domain", "Data", "Presentation", "App"] {
            for file in try Self.layer(name).files {
                let shared = SourceRules.sharedInstances(in: file.code)
                #expect(shared.isEmpty, "\(name)/\(file.name): \(shared)")
            }
        }
    }
}
