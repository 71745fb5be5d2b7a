import Testing

@testable import Lessons

/// Issue #7: each side's own module, product and folder names are normalised before comparing,
/// so that `swift run mvc` against `swift run mvvm` is no difference.
@Suite struct NameNormalizerTests {
    private let mvc = NameNormalizer(step: CourseStep.known[0])
    private let mvvm = NameNormalizer(step: CourseStep.known[1])

    @Test(arguments: [
        ("/// `swift run mvc` starts here.", "/// `swift run mvvm` starts here."),
        ("// In MVC the controller", "// In MVVM the controller"),
        ("path: \"Sources/01-MVC\"", "path: \"Sources/02-MVVM\""),
        ("import MVC", "import MVVM"),
        ("MVCCommand", "MVVMCommand"),
    ])
    func linesDifferingOnlyByTheStepsOwnNamesAreEqual(mvcLine: String, mvvmLine: String) {
        #expect(mvc(mvcLine) == mvvm(mvvmLine))
    }

    @Test func realDifferencesStay() {
        #expect(mvc("the controller fetches") != mvvm("the view model fetches"))
        // Each side normalises only its own names: MVVM in step 01 is not step 01's name.
        #expect(mvc("MVVM") != mvvm("MVVM"))
        #expect(mvc("mvc") != mvc("MVC"))
    }

    @Test func theFolderWinsOverTheModuleItContains() {
        #expect(mvc("01-MVC") != mvc("01-") + mvc("MVC"))
        #expect(mvc("01-MVC") == mvvm("02-MVVM"))
    }

    @Test func laterStepsNormaliseTheirLongerNames() throws {
        let steps = CourseStep.known
        let coordinator = NameNormalizer(step: steps[3])
        let injected = NameNormalizer(step: steps[4])
        #expect(coordinator("swift run mvvm-c") == injected("swift run mvvm-c-di"))
        #expect(coordinator("import MVVMC") == injected("import MVVMCDI"))
        #expect(coordinator("Sources/04-MVVM-C/") == injected("Sources/05-MVVM-C-DI/"))
        #expect(coordinator("MVVM view model") == injected("MVVM view model"))
    }

    @Test("a layered step's four modules are each its module, the longest name first")
    func aLayeredStepNormalisesEveryLayersModule() throws {
        let steps = CourseStep.known
        let injected = NameNormalizer(step: steps[4])
        let layered = NameNormalizer(step: try #require(steps.first { $0.folder == "06-Clean" }))
        for module in ["CleanDomain", "CleanData", "CleanPresentation", "CleanApp"] {
            #expect(layered("import \(module)") == injected("import MVVMCDI"), "\(module)")
        }
        #expect(layered("CleanAppCommand") == injected("MVVMCDICommand"))
        #expect(layered("swift run clean") == injected("swift run mvvm-c-di"))
    }

    @Test func textWithoutNamesIsUnchanged() {
        #expect(mvc("let x = 1 // café 영화") == "let x = 1 // café 영화")
        #expect(mvc("") == "")
    }
}

/// Issue #7: steps come from `Sources/NN-NAME`; names from the tool's table, with a fallback.
@Suite struct CourseStepTests {
    @Test(arguments: [
        ("01-MVC", 1, "mvc", "MVC"),
        ("02-MVVM", 2, "mvvm", "MVVM"),
        ("03-MVVM-IO", 3, "mvvm-io", "MVVMIO"),
        ("04-MVVM-C", 4, "mvvm-c", "MVVMC"),
        ("05-MVVM-C-DI", 5, "mvvm-c-di", "MVVMCDI"),
        ("06-Clean", 6, "clean", "CleanApp"),
        ("07-MVVM-Redux", 7, "mvvm-redux", "MVVMRedux"),
    ])
    func knownAndUnknownFoldersGetTheirNames(
        folder: String, number: Int, product: String, module: String
    ) throws {
        let step = try #require(CourseStep(folder: folder))
        #expect(step.number == number)
        #expect(step.product == product)
        #expect(step.module == module)
        #expect(!step.summary.isEmpty)
    }

    @Test(arguments: ["TMDB", "Commands", "1-MVC", "01MVC", "01-", "AB-MVC"])
    func otherFoldersAreNotSteps(folder: String) {
        #expect(CourseStep(folder: folder) == nil)
    }
}
