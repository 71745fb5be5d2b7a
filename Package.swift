// swift-tools-version: 6.0
import PackageDescription

/// One app, five architectures. Every step is its own executable over the same
/// shared modules, so that the difference between two steps is only the idea they teach.
let package = Package(
    name: "MovieArchitecture",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "mvc", targets: ["MVC"]),
        .executable(name: "terminal-demo", targets: ["TerminalUIDemo"]),
    ],
    targets: [
        // Shared modules.
        .target(name: "TMDB", resources: [.copy("SampleData")]),
        .target(name: "TerminalUI"),
        .target(name: "MovieUI", dependencies: ["TerminalUI", "TMDB"]),

        // One executable per architecture step.
        .executableTarget(
            name: "MVC", dependencies: ["MovieUI", "TerminalUI", "TMDB"], path: "Sources/01-MVC"),

        // Support for tests and demos.
        .target(name: "TMDBTestSupport", dependencies: ["TMDB"]),
        .target(name: "CPseudoTerminal"),
        .executableTarget(name: "TerminalUIDemo", dependencies: ["TerminalUI"]),

        // Tests.
        .testTarget(name: "TMDBTests", dependencies: ["TMDB", "TMDBTestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "CPseudoTerminal"]),
        .testTarget(name: "MovieUITests", dependencies: ["MovieUI"]),
        .testTarget(
            name: "AcceptanceTests",
            dependencies: [
                "MVC", "MovieUI", "TerminalUI", "TMDB", "TMDBTestSupport", "CPseudoTerminal",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
