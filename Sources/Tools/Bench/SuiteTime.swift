import Foundation

/// `bench --suite`: the wall time of README's test command on a built package, against its
/// budget. Tests never time themselves, and CI only prints the figure: on shared machines a
/// timing gate would fail for reasons that are not the code's.
@MainActor
enum SuiteTime {
    /// The bench README's budget: `swift test --skip-build` in at most 60 s on two idle cores.
    static let budgetSeconds = 60.0
    static let arguments = ["swift", "test", "--skip-build"]

    /// Runs the suite `runs` times in a row from the current directory, the package root, and
    /// prints a table row and each run's time; false when a run failed or the budget is missed.
    static func run(runs: Int) -> Bool {
        guard FileManager.default.fileExists(atPath: "Package.swift") else {
            BenchCommand.printError(
                "bench: --suite runs `swift test` here, so run it in the package root")
            return false
        }
        var seconds: [Double] = []
        var failures: [String] = []
        for run in 1...runs {
            BenchCommand.printError(
                "bench: \(arguments.joined(separator: " ")), run \(run) of \(runs)")
            guard
                let result = Platform.run(
                    "/usr/bin/env", arguments: arguments,
                    environment: ProcessInfo.processInfo.environment)
            else {
                BenchCommand.printError("bench: could not start `swift test`")
                return false
            }
            if result.status == 0 {
                seconds.append(result.wallTime.seconds)
            } else {
                failures.append("run \(run) exited \(result.status)")
            }
        }
        let summary = Summary(seconds)
        let isMet = summary.map { $0.median <= budgetSeconds } ?? false
        print("| Measure | Budget | Figure |")
        print("|---|---|---|")
        print(
            "| `\(arguments.joined(separator: " "))`, s (\(seconds.count) runs in a row) "
                + "| ≤ \(Report.format(budgetSeconds, 0)) "
                + "| \(Report.cell(summary, digits: 1) { $0.median <= budgetSeconds }) |")
        print()
        print(
            "- Each run, s: "
                + seconds.map { Report.format($0, 1) }.joined(separator: ", ")
                + (failures.isEmpty
                    ? "; every run passed." : "; " + failures.joined(separator: ", ") + "."))
        print(
            "- \(ProcessInfo.processInfo.activeProcessorCount) cores; the test build is not "
                + "counted (`--skip-build`). A fresh clone's whole `swift test`, build included, "
                + "has a budget of 90 s; `.ci/run` prints it.")
        return failures.isEmpty && isMet
    }
}
