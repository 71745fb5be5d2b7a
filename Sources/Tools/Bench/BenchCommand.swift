import Foundation
import Steps

/// `bench`: the speed and size budgets of Sources/Tools/Bench/README.md, measured for every step.
@main
@MainActor
enum BenchCommand {
    static func main() async {
        if let code = await PosterPipelineBench.runIfAsked(CommandLine.arguments.dropFirst()) {
            exit(code)
        }
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            printError("bench: \(error.message)\nTry 'bench --help' for usage.")
            exit(2)
        }
        if options.wantsHelp {
            print(BenchOptions.usage)
            exit(0)
        }
        if let step = options.ownedMemoryStep {
            exit(
                await Measurements.reportOwnedMemory(
                    step, movies: options.movies, browsedPosters: options.browsedPosters) ? 0 : 1)
        }
        if options.isSoak {
            exit(await soak(options) ? 0 : 1)
        }
        if options.isDecode {
            exit(DecodeBench.run(runs: options.runs) ? 0 : 1)
        }
        if options.isSuite {
            exit(SuiteTime.run(runs: options.isRunsGiven ? options.runs : 5) ? 0 : 1)
        }
        await bench(options)
        exit(0)
    }

    /// Measures each step in turn (never two at once: they would share the two cores) and
    /// prints the table on standard output; progress goes to standard error.
    static func bench(_ options: BenchOptions) async {
        let log = { (text: String) in printError("bench: \(text)") }
        var results = options.steps.map { _ in StepMeasurements() }
        for (index, step) in options.steps.enumerated() {
            Measurements.measureProcesses(step, runs: options.runs, into: &results[index], log: log)
        }
        for (index, step) in options.steps.enumerated() {
            await Measurements.measureInProcess(
                step, runs: options.runs, into: &results[index], log: log)
        }
        log("URLSession alone while a request waits")
        let urlSessionAlone = await Measurements.urlSessionAloneWaiting()
        print(Report.table(steps: options.steps, results: results, runs: options.runs))
        print()
        print(legend(options))
        print(
            "- URLSession alone, one data task of the bench to the same silent server for "
                + "\(Measurements.waitingSeconds) s: processor time "
                + (urlSessionAlone.map { Report.format($0, 0) + " %" } ?? "not measured")
                + " of wall. " + Measurements.urlSessionWaitingNote)
        for (step, result) in zip(options.steps, results) {
            if let session = result.pagedSession {
                let pages = session.requestedPages.map(String.init).joined(separator: ", ")
                print(
                    "- \(step.command): \(session.presses) × ↓ loaded \(session.loadedRows) movies "
                        + "with trending requests for pages \(pages).")
            }
            for (movies, owned) in [
                ("20 movies", result.ownedWith20), ("10,000 movies", result.ownedWith10000),
                (
                    "10,000 movies and \(Measurements.browsedPosters) posters browsed",
                    result.ownedWithPosters
                ),
            ] {
                guard let owned, owned.parts.count > 1 else { continue }
                func figures(_ parts: [(name: String, mebibytes: Summary?)]) -> String {
                    parts.map { part in
                        "\(part.name) \(part.mebibytes.map { Report.format($0.median, 2) } ?? "—")"
                    }.joined(separator: " + ")
                }
                let uncounted =
                    owned.uncounted.isEmpty ? "" : "; not counted: \(figures(owned.uncounted))"
                print(
                    "- \(step.command): memory owned with \(movies), MiB: "
                        + figures(owned.parts) + uncounted + ".")
            }
            for note in result.notes {
                print("- \(note)")
            }
        }
        print()
        print(await PosterPipelineBench.table(log: log))
    }

    static func soak(_ options: BenchOptions) async -> Bool {
        var results: [Soak.Result] = []
        for step in options.steps {
            printError("bench: \(step.command): \(options.soakKeys.formatted()) random keys")
            results.append(await Soak.run(step, keyCount: options.soakKeys, seed: options.seed))
        }
        print(Soak.table(results))
        print()
        print(
            "Keys from SplitMix64 seed \(options.seed), each followed by waiting for the screen "
                + "to settle; sample data, zero latency, 80×24, all steps in one process. "
                + "Growth is from the checkpoint to the end.")
        return results.allSatisfy(\.isMet)
    }

    static func legend(_ options: BenchOptions) -> String {
        let color = (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty ? "on" : "off"
        return """
            Median (spread) of the runs after one unmeasured warm-up run; the spread is p10–p90 \
            (nearest rank), which for fewer than 10 runs is min–max. 80×24, or 120×35 where a \
            row says so (the preview pane's rows, posters as iTerm2's inline images), colour \
            \(color), \(ProcessInfo.processInfo.activeProcessorCount) cores. In-process \
            figures use sample data (zero latency) or an HTTP stub; process figures spawn the \
            release binary beside the bench with stdout piped (`--offline`; memory with \
            `--keys "down down enter b end"`), wall time to exit and the child's own max RSS \
            from wait4. Memory owned is read by a fresh bench process (`--owned-memory`) \
            once the step it runs in-process has loaded the movies as the app does, pages of 20 \
            from an HTTP stub, each asked for by the app as End reaches the last loaded row; \
            the stub makes each page on request and keeps no record of the requests: \
            \(Platform.ownedMemoryName), the pages the process wrote. Clean file pages (code, \
            read-only data) are shared through the page cache and left out, as macOS's \
            phys_footprint leaves them out. A move is `send(.down)` + `displayIfNeeded()`; its \
            bytes are counted until the screen settles again.
            """
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
