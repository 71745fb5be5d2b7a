// swift-tools-version: 6.1
// 6.1 is the minimum: the tests use Swift Testing's TestScoping, new in Swift 6.1 (Xcode 16.3),
// and an older toolchain stops here with a message naming the version it needs.
import PackageDescription

/// One app, five architectures. Every step is its own module over the same shared modules,
/// so that the difference between two steps is only the idea they teach; each step's
/// command is a one-line `main.swift` under Sources/Commands.
let package = Package(
    name: "MovieArchitecture",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mvc", targets: ["MVCCommand"]),
        .executable(name: "mvvm", targets: ["MVVMCommand"]),
        .executable(name: "mvvm-io", targets: ["MVVMIOCommand"]),
        .executable(name: "mvvm-c", targets: ["MVVMCCommand"]),
        .executable(name: "mvvm-c-di", targets: ["MVVMCDICommand"]),
        .executable(name: "terminal-demo", targets: ["TerminalUIDemo"]),
        .executable(name: "lessons", targets: ["Lessons"]),
        .executable(name: "bench", targets: ["Bench"]),
    ],
    targets: [
        // Shared modules.
        .target(name: "TMDB", dependencies: ["MovieDomain"], resources: [.copy("SampleData")]),
        .target(name: "TerminalUI", exclude: ["README.md"]),
        .target(name: "MovieUI", dependencies: ["MovieDomain", "TerminalUI", "TMDB"]),
        .target(name: "MovieDomain"),
        .target(name: "ViewModelKit"),

        // One module per architecture step, and its command.
        .target(
            name: "MVC", dependencies: ["MovieDomain", "MovieUI", "TerminalUI", "TMDB"],
            path: "Sources/01-MVC"),
        .executableTarget(
            name: "MVCCommand", dependencies: ["MVC", "MovieUI"], path: "Sources/Commands/mvc"),
        .target(
            name: "MVVM", dependencies: ["MovieDomain", "MovieUI", "TerminalUI", "TMDB"],
            path: "Sources/02-MVVM"),
        .executableTarget(
            name: "MVVMCommand", dependencies: ["MVVM", "MovieUI"], path: "Sources/Commands/mvvm"),
        .target(
            name: "MVVMIO",
            dependencies: ["MovieDomain", "MovieUI", "TerminalUI", "TMDB", "ViewModelKit"],
            path: "Sources/03-MVVM-IO"),
        .executableTarget(
            name: "MVVMIOCommand", dependencies: ["MVVMIO", "MovieUI"],
            path: "Sources/Commands/mvvm-io"),
        .target(
            name: "MVVMC",
            dependencies: ["MovieDomain", "MovieUI", "TerminalUI", "TMDB", "ViewModelKit"],
            path: "Sources/04-MVVM-C"),
        .executableTarget(
            name: "MVVMCCommand", dependencies: ["MVVMC", "MovieUI"],
            path: "Sources/Commands/mvvm-c"),
        .target(
            name: "MVVMCDI",
            dependencies: ["MovieDomain", "MovieUI", "TerminalUI", "TMDB", "ViewModelKit"],
            path: "Sources/05-MVVM-C-DI"),
        .executableTarget(
            name: "MVVMCDICommand", dependencies: ["MVVMCDI", "MovieUI"],
            path: "Sources/Commands/mvvm-c-di"),

        // The list of steps, written once (Sources/StepCatalog): each step's number, folder,
        // names and summary. This manifest cannot read it, so a test in LessonsTests checks that
        // the steps above are exactly the catalog's, and so are Steps' and the exercises' below.
        .target(name: "StepCatalog"),
        // Each catalog step with its code, for the acceptance suite and the bench.
        .target(
            name: "Steps",
            dependencies: [
                "MVC", "MVVM", "MVVMIO", "MVVMC", "MVVMCDI", "MovieUI", "StepCatalog", "TMDB",
            ]),

        // The lessons tool: reads the repository's files and the catalog, depends on no step;
        // TerminalUI only sanitises what it echoes, as the app does (T4).
        .executableTarget(name: "Lessons", dependencies: ["StepCatalog", "TerminalUI"]),

        // Support for tests and demos.
        .target(name: "TMDBTestSupport", dependencies: ["TMDB"]),
        .target(name: "StepTestSupport", dependencies: ["TMDB", "TMDBTestSupport"]),
        .target(name: "ViewModelKitTesting", dependencies: ["ViewModelKit"]),
        .target(name: "CPseudoTerminal"),
        .target(name: "PseudoTerminal", dependencies: ["CPseudoTerminal"]),
        .executableTarget(name: "TerminalUIDemo", dependencies: ["TerminalUI"]),

        // The speed and size budgets, measured.
        .executableTarget(
            name: "Bench",
            dependencies: ["Steps", "MovieUI", "TerminalUI", "TMDB", "TMDBTestSupport"]),

        // Tests.
        .testTarget(name: "MovieDomainTests", dependencies: ["MovieDomain"]),
        .testTarget(name: "TMDBTests", dependencies: ["MovieDomain", "TMDB", "TMDBTestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "PseudoTerminal"]),
        .testTarget(
            name: "MovieUITests",
            dependencies: ["MovieDomain", "MovieUI", "TMDB", "TerminalUI"]),
        .testTarget(name: "LessonsTests", dependencies: ["Lessons", "StepCatalog"]),
        .testTarget(
            name: "ViewModelKitTests", dependencies: ["ViewModelKit", "ViewModelKitTesting"]),
        .testTarget(
            name: "MVVMTests", dependencies: ["MVVM", "StepTestSupport", "TMDB", "TMDBTestSupport"]
        ),
        .testTarget(
            name: "MVVMIOTests",
            dependencies: [
                "MVVMIO", "StepTestSupport", "TMDB", "TMDBTestSupport", "ViewModelKit",
                "ViewModelKitTesting",
            ]),
        .testTarget(
            name: "MVVMCTests",
            dependencies: [
                "MVVMC", "StepTestSupport", "TMDB", "TMDBTestSupport", "TerminalUI", "ViewModelKit",
            ]),
        .testTarget(
            name: "MVVMCDITests",
            dependencies: [
                "MVVMCDI", "StepTestSupport", "TMDB", "TerminalUI", "ViewModelKit",
                "ViewModelKitTesting",
            ]),
        .testTarget(
            name: "AcceptanceTests",
            dependencies: [
                "Steps", "MovieUI", "PseudoTerminal", "StepCatalog", "StepTestSupport",
                "TerminalUI",
                "TMDB", "TMDBTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `swift run lessons check 3.2` builds exercise 2 of lesson 03's tests, Lessons/exercises/3.2,
// against the working copy: they are a target only while the tool runs them, so that an
// unsolved exercise never turns `swift test` red. Lesson N is step N of the catalog.
let stepModules = ["1": "MVC", "2": "MVVM", "3": "MVVMIO", "4": "MVVMC", "5": "MVVMCDI"]
if let exercise = Context.environment["LESSONS_EXERCISE"],
    exercise.wholeMatch(of: /[1-9]\.[1-9]/) != nil,
    let lesson = exercise.first, let step = stepModules[String(lesson)]
{
    package.targets.append(
        .testTarget(
            name: "ExerciseTests",
            dependencies: [
                .target(name: step), "MovieDomain", "MovieUI", "StepTestSupport", "TMDB",
                "TMDBTestSupport", "TerminalUI", "ViewModelKit", "ViewModelKitTesting",
            ],
            path: "Lessons/exercises/\(exercise)"))
}
