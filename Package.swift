// swift-tools-version: 6.1
// 6.1 is the minimum: the tests use Swift Testing's TestScoping, new in Swift 6.1 (Xcode 16.3),
// and an older toolchain stops here with a message naming the version it needs.
import PackageDescription

/// One app, six architectures. Every step is its own module over the same shared modules,
/// so that the difference between two steps is only the idea they teach. At the top of
/// Sources/ are the steps (`01-MVC` … `06-Clean`, whose layers are modules of their own) and the
/// shared modules; Sources/Tools
/// holds each step's command (a one-line `main.swift` under Sources/Tools/Commands), the step
/// catalog and the `lessons`, `bench` and `terminal-demo` tools; Sources/TestSupport holds the
/// stubs, fixtures and helpers the tests share (the bench borrows the HTTP stub).

/// Optimised in debug builds too: the kit the steps are built on, as UIKit is, the lessons
/// tool and the test support. The kit draws every frame of the acceptance scenarios, the test
/// support serves and reads them, and the tool diffs every step for the lesson checks;
/// optimised, `swift test` takes about half the time. The steps, the networking module and the
/// tests stay unoptimised, so that a debugger shows every variable in them.
let optimisedKit: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "MovieArchitecture",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mvc", targets: ["MVCCommand"]),
        .executable(name: "mvvm", targets: ["MVVMCommand"]),
        .executable(name: "mvvm-io", targets: ["MVVMIOCommand"]),
        .executable(name: "mvvm-c", targets: ["MVVMCCommand"]),
        .executable(name: "mvvm-c-di", targets: ["MVVMCDICommand"]),
        .executable(name: "clean", targets: ["CleanAppCommand"]),
        .executable(name: "terminal-demo", targets: ["TerminalUIDemo"]),
        .executable(name: "lessons", targets: ["Lessons"]),
        .executable(name: "bench", targets: ["Bench"]),
    ],
    targets: [
        // Shared modules.
        .target(name: "TMDB", dependencies: ["MovieDomain"], resources: [.copy("SampleData")]),
        .target(name: "TerminalUI", exclude: ["README.md"], swiftSettings: optimisedKit),
        .target(
            name: "MovieUI", dependencies: ["MoviePresentation", "TerminalUI"],
            swiftSettings: optimisedKit),
        // The launcher every step's command calls: options, environment, the client, the clock.
        .target(
            name: "MovieLauncher", dependencies: ["ImagePipeline", "MovieUI", "TerminalUI", "TMDB"]),
        // The movie rules (paging, dedupe, the near-the-end rule, SearchQuery), with no screen
        // text, and what every step shows of them: rows, messages, formatting.
        .target(name: "MovieDomain"),
        .target(name: "MoviePresentation", dependencies: ["MovieDomain"]),
        // Posters: JPEG bytes to pixels (Foundation only: no TMDB, no kit), and the loading,
        // caching and prefetching of posters over the networking module's URLSession.
        // The decoder is optimised in debug builds too, as the kit is: a poster decodes in
        // about a millisecond instead of tens of them.
        .target(name: "JPEGDecoding", swiftSettings: optimisedKit),
        .target(name: "ImagePipeline", dependencies: ["JPEGDecoding", "MovieDomain", "TMDB"]),
        .target(name: "ImagePipelineUI", dependencies: ["ImagePipeline", "MovieUI", "TerminalUI"]),
        .target(name: "ViewModelKit", exclude: ["README.md"], swiftSettings: optimisedKit),
        // The kit's `rx` binders, next to the kit as RxCocoa is next to UIKit, so that steps
        // 01 and 02 never link the reactive core.
        .target(name: "RxTerminalUI", dependencies: ["TerminalUI", "ViewModelKit"]),

        // Steps: one module per architecture step.
        .target(
            name: "MVC",
            dependencies: [
                "ImagePipeline", "ImagePipelineUI", "MovieDomain", "MoviePresentation", "MovieUI",
                "TerminalUI", "TMDB",
            ],
            path: "Sources/01-MVC"),
        .target(
            name: "MVVM",
            dependencies: [
                "ImagePipeline", "ImagePipelineUI", "MovieDomain", "MoviePresentation", "MovieUI",
                "TerminalUI", "TMDB",
            ],
            path: "Sources/02-MVVM"),
        .target(
            name: "MVVMIO",
            dependencies: [
                "ImagePipeline", "ImagePipelineUI", "MovieDomain", "MoviePresentation", "MovieUI",
                "RxTerminalUI", "TerminalUI", "TMDB", "ViewModelKit",
            ],
            path: "Sources/03-MVVM-IO"),
        .target(
            name: "MVVMC",
            dependencies: [
                "ImagePipeline", "ImagePipelineUI", "MovieDomain", "MoviePresentation", "MovieUI",
                "RxTerminalUI", "TerminalUI", "TMDB", "ViewModelKit",
            ],
            path: "Sources/04-MVVM-C"),
        .target(
            name: "MVVMCDI",
            dependencies: [
                "ImagePipeline", "ImagePipelineUI", "MovieDomain", "MoviePresentation", "MovieUI",
                "RxTerminalUI", "TerminalUI", "TMDB", "ViewModelKit",
            ],
            path: "Sources/05-MVVM-C-DI"),
        // Step 06 is one module per layer, so that the compiler holds each layer to the
        // modules it may import: Domain reaches no TMDB and no screen, Presentation no TMDB,
        // and only App, the composition root, sees them all.
        .target(
            name: "CleanDomain", dependencies: ["MovieDomain"], path: "Sources/06-Clean/Domain"),
        .target(
            name: "CleanData", dependencies: ["CleanDomain", "ImagePipeline", "TMDB"],
            path: "Sources/06-Clean/Data"),
        .target(
            name: "CleanPresentation",
            dependencies: [
                "CleanDomain", "MovieDomain", "MoviePresentation", "MovieUI", "RxTerminalUI",
                "TerminalUI", "ViewModelKit",
            ],
            path: "Sources/06-Clean/Presentation"),
        .target(
            name: "CleanApp",
            dependencies: [
                "CleanData", "CleanDomain", "CleanPresentation", "ImagePipeline", "MovieUI",
                "TerminalUI", "TMDB", "ViewModelKit",
            ],
            path: "Sources/06-Clean/App"),

        // Tools.
        // Each step's command: a one-line main.swift that launches the step's App.
        .executableTarget(
            name: "MVCCommand", dependencies: ["MVC", "MovieLauncher"],
            path: "Sources/Tools/Commands/mvc"),
        .executableTarget(
            name: "MVVMCommand", dependencies: ["MVVM", "MovieLauncher"],
            path: "Sources/Tools/Commands/mvvm"),
        .executableTarget(
            name: "MVVMIOCommand", dependencies: ["MVVMIO", "MovieLauncher"],
            path: "Sources/Tools/Commands/mvvm-io"),
        .executableTarget(
            name: "MVVMCCommand", dependencies: ["MVVMC", "MovieLauncher"],
            path: "Sources/Tools/Commands/mvvm-c"),
        .executableTarget(
            name: "MVVMCDICommand", dependencies: ["MVVMCDI", "MovieLauncher"],
            path: "Sources/Tools/Commands/mvvm-c-di"),
        .executableTarget(
            name: "CleanAppCommand", dependencies: ["CleanApp", "MovieLauncher"],
            path: "Sources/Tools/Commands/clean"),
        // The list of steps, written once (Sources/Tools/StepCatalog): each step's number,
        // folder, names and summary. This manifest cannot read it, so a test in LessonsTests
        // checks that the steps above are exactly the catalog's, and so are Steps' and the
        // exercises' below.
        .target(name: "StepCatalog", path: "Sources/Tools/StepCatalog"),
        // Each catalog step with its code, for the acceptance suite and the bench.
        .target(
            name: "Steps",
            dependencies: [
                "MVC", "MVVM", "MVVMIO", "MVVMC", "MVVMCDI", "CleanApp", "ImagePipeline", "MovieUI",
                "StepCatalog", "TMDB",
            ],
            path: "Sources/Tools/Steps"),
        // The lessons tool: reads the repository's files and the catalog, depends on no step;
        // TerminalUI only sanitises what it echoes, as the app does (T4).
        .executableTarget(
            name: "Lessons", dependencies: ["StepCatalog", "TerminalUI"],
            path: "Sources/Tools/Lessons", swiftSettings: optimisedKit),
        // The speed and size budgets, measured.
        .executableTarget(
            name: "Bench",
            dependencies: [
                "Steps", "ImagePipeline", "JPEGDecoding", "MovieLauncher", "MovieUI", "TerminalUI",
                "TMDB", "TMDBTestSupport",
            ],
            path: "Sources/Tools/Bench", exclude: ["README.md"]),
        // The kit on its own.
        .executableTarget(
            name: "TerminalUIDemo", dependencies: ["TerminalUI"],
            path: "Sources/Tools/TerminalUIDemo"),

        // Test supports.
        .target(
            name: "TMDBTestSupport", dependencies: ["TMDB"],
            path: "Sources/TestSupport/TMDBTestSupport", swiftSettings: optimisedKit),
        .target(
            name: "StepTestSupport", dependencies: ["TMDB", "TMDBTestSupport"],
            path: "Sources/TestSupport/StepTestSupport", swiftSettings: optimisedKit),
        .target(
            name: "ViewModelKitTesting", dependencies: ["ViewModelKit"],
            path: "Sources/TestSupport/ViewModelKitTesting", swiftSettings: optimisedKit),
        .target(name: "CPseudoTerminal", path: "Sources/TestSupport/CPseudoTerminal"),
        .target(
            name: "PseudoTerminal", dependencies: ["CPseudoTerminal"],
            path: "Sources/TestSupport/PseudoTerminal", swiftSettings: optimisedKit),

        // Tests.
        .testTarget(name: "MovieDomainTests", dependencies: ["MovieDomain"]),
        .testTarget(
            name: "MoviePresentationTests", dependencies: ["MovieDomain", "MoviePresentation"]),
        .testTarget(
            name: "JPEGDecodingTests", dependencies: ["JPEGDecoding"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ImagePipelineTests",
            dependencies: ["ImagePipeline", "JPEGDecoding", "TMDB", "TMDBTestSupport"]),
        .testTarget(
            name: "TMDBTests",
            dependencies: ["MovieDomain", "MoviePresentation", "TMDB", "TMDBTestSupport"]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "PseudoTerminal", "StepTestSupport"]),
        .testTarget(
            name: "RxTerminalUITests", dependencies: ["RxTerminalUI", "TerminalUI", "ViewModelKit"]),
        .testTarget(
            name: "MovieUITests",
            dependencies: ["MoviePresentation", "MovieUI", "TerminalUI"]),
        .testTarget(
            name: "MovieLauncherTests", dependencies: ["MovieLauncher", "TMDB", "TerminalUI"]),
        .testTarget(
            name: "LessonsTests", dependencies: ["Lessons", "PseudoTerminal", "StepCatalog"]),
        .testTarget(
            name: "ViewModelKitTests", dependencies: ["ViewModelKit", "ViewModelKitTesting"]),
        .testTarget(
            name: "MVVMTests",
            dependencies: [
                "MVVM", "MoviePresentation", "StepTestSupport", "TMDB", "TMDBTestSupport",
            ]),
        .testTarget(
            name: "MVVMIOTests",
            dependencies: [
                "MVVMIO", "MovieDomain", "MoviePresentation", "StepTestSupport", "TMDB",
                "TMDBTestSupport", "ViewModelKit", "ViewModelKitTesting",
            ]),
        .testTarget(
            name: "MVVMCTests",
            dependencies: [
                "MVVMC", "StepTestSupport", "TMDB", "TMDBTestSupport", "TerminalUI", "ViewModelKit",
            ]),
        .testTarget(
            name: "MVVMCDITests",
            dependencies: [
                "ImagePipeline", "JPEGDecoding", "MVVMCDI", "MovieDomain", "MoviePresentation",
                "StepTestSupport", "TMDB", "TerminalUI", "ViewModelKit", "ViewModelKitTesting",
            ]),
        .testTarget(
            name: "CleanDomainTests",
            dependencies: ["CleanDomain", "MovieDomain", "StepTestSupport"]),
        .testTarget(
            name: "CleanDataTests",
            dependencies: [
                "CleanData", "CleanDomain", "MovieDomain", "TMDB", "TMDBTestSupport",
            ]),
        .testTarget(
            name: "CleanPresentationTests",
            dependencies: [
                "CleanDomain", "CleanPresentation", "MoviePresentation", "StepTestSupport",
                "TerminalUI", "ViewModelKit", "ViewModelKitTesting",
            ]),
        .testTarget(
            name: "AcceptanceTests",
            dependencies: [
                "Steps", "ImagePipeline", "MovieLauncher", "MovieUI", "PseudoTerminal",
                "StepCatalog", "StepTestSupport", "TerminalUI", "TMDB", "TMDBTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `swift run lessons check 3.2` builds exercise 2 of lesson 03's tests, Lessons/exercises/3.2,
// against the working copy: they are a target only while the tool runs them, so that an
// unsolved exercise never turns `swift test` red. Lesson N is step N of the catalog.
let stepModules = [
    "1": "MVC", "2": "MVVM", "3": "MVVMIO", "4": "MVVMC", "5": "MVVMCDI", "6": "CleanApp",
]
/// A layered step's other modules, which its exercises may test too.
let layerModules = ["6": ["CleanDomain", "CleanData", "CleanPresentation"]]
if let exercise = Context.environment["LESSONS_EXERCISE"],
    exercise.wholeMatch(of: /[1-9]\.[1-9]/) != nil,
    let lesson = exercise.first, let step = stepModules[String(lesson)]
{
    package.targets.append(
        .testTarget(
            name: "ExerciseTests",
            dependencies: [
                .target(name: step), "ImagePipeline", "MovieDomain", "MovieLauncher", "MovieUI",
                "StepTestSupport",
                "TMDB", "TMDBTestSupport", "TerminalUI", "ViewModelKit", "ViewModelKitTesting",
            ] + (layerModules[String(lesson)] ?? []).map { .target(name: $0) },
            path: "Lessons/exercises/\(exercise)"))
}
