import Foundation
import Steps

/// The Markdown table: one row per measurement, one column per step, the budget beside it.
enum Report {
    /// The budgets Sources/Tools/Bench/README.md states.
    static let firstFrameBudget = 150.0
    static let moveWorkBudget = 0.25
    static let moveBytesBudget = 400.0
    static let ownedBudget = 8.0
    /// With 10,000 movies and 200 posters browsed in the preview pane.
    static let ownedWithPostersBudget = 12.0
    /// The growth from 20 to 10,000 movies, in bytes a movie: 3 MiB over 9,980 movies.
    static let growthPerMovieBudget = 300.0
    /// L10: waiting for an answer costs at most a tenth of the wall time in processor time.
    static let waitingProcessorBudget = 10.0
    static let detailMaximum = 300.0
    static let posterAfterDetailBudget = 50.0
    static let detailSum = 500.0

    /// What each movie past the first 20 adds to the memory owned, from the two medians.
    static func growthPerMovie(_ result: StepMeasurements) -> Double? {
        guard let small = result.ownedWith20?.total?.median,
            let large = result.ownedWith10000?.total?.median
        else { return nil }
        return (large - small) * 1_048_576 / 9_980
    }

    /// A 10,000-movie move counts as "the same as with 20" within twice the time plus 20 µs
    /// (timer and cache noise at this scale), and with exactly as many bytes.
    static func isSameWork(_ large: Double, as small: Double) -> Bool {
        large <= 2 * small + 0.02
    }

    struct Row {
        var measure: String
        var budget: String
        var cell: (StepMeasurements) -> String
    }

    static func table(steps: [Step], results: [StepMeasurements], runs: Int) -> String {
        let slowRuns = max(3, runs / 3)
        let waitingRuns = max(2, runs / 3)
        let moveSamples = runs * 4
        let paneSamples = runs * 2
        let rows = [
            Row(measure: "First settled frame in-process, ms (\(runs) runs)", budget: "—") {
                cell($0.firstFrameInProcess, digits: 1)
            },
            Row(
                measure: "First settled frame from process start, ms (\(runs) runs)",
                budget: "≤ 150"
            ) {
                cell($0.firstFrameFromProcessStart, digits: 1) { $0.median <= firstFrameBudget }
            },
            Row(measure: "Selection move, 20 movies: work, ms (\(moveSamples))", budget: "≤ 0.25") {
                cell($0.moveWith20?.workMilliseconds, digits: 3) { $0.median <= moveWorkBudget }
            },
            Row(
                measure: "Selection move, 20 movies, pane off (80 columns): bytes written",
                budget: "≤ 400"
            ) {
                cell($0.moveWith20?.bytes, digits: 0) { $0.median <= moveBytesBudget }
            },
            Row(
                measure: "Selection move, 10,000 movies: work, ms (\(moveSamples))",
                budget: "≤ 0.25, same as 20"
            ) { result in
                let small = result.moveWith20?.workMilliseconds?.median
                return cell(result.moveWith10000?.workMilliseconds, digits: 3) { summary in
                    summary.median <= moveWorkBudget
                        && small.map { isSameWork(summary.median, as: $0) } ?? false
                }
            },
            Row(
                measure: "Selection move, 10,000 movies, pane off (80 columns): bytes written",
                budget: "≤ 400, same as 20"
            ) { result in
                let small = result.moveWith20?.bytes?.median
                // "The same" allows a few bytes: the header's "12 / 10000" has more digits.
                return cell(result.moveWith10000?.bytes, digits: 0) { summary in
                    summary.median <= moveBytesBudget
                        && small.map { abs(summary.median - $0) <= 16 } ?? false
                }
            },
            Row(
                measure: "Selection move, pane on (120×35, iTerm2 images), poster unchanged "
                    + "(two rows with one poster path): bytes written, images sent "
                    + "(\(paneSamples))",
                budget: "≤ 400, no image"
            ) {
                paneMoveCell($0.paneMoveKeepingPoster) { move in
                    (move.bytes?.median).map { $0 <= moveBytesBudget } == true
                        && move.images == 0...0
                }
            },
            Row(
                measure: "Selection move, pane on, poster changed (from memory): bytes written, "
                    + "images sent (\(paneSamples))",
                budget: "1 image"
            ) {
                paneMoveCell($0.paneMoveChangingPoster) { $0.images == 1...1 }
            },
            Row(measure: "Memory owned, 20 movies, MiB (\(slowRuns) fresh runs)", budget: "—") {
                cell($0.ownedWith20?.total, digits: 1)
            },
            Row(
                measure: "Memory owned, 10,000 movies, MiB (\(slowRuns) fresh runs)",
                budget: "≤ 8"
            ) {
                cell($0.ownedWith10000?.total, digits: 1) { $0.median <= ownedBudget }
            },
            Row(
                measure: "Memory owned, growth from 20 to 10,000 movies, bytes a movie "
                    + "(of the medians)",
                budget: "≤ 300"
            ) { result in
                guard let growth = growthPerMovie(result) else { return "not measured" }
                let verdict = growth <= growthPerMovieBudget ? "met" : "**missed**"
                return "\(format(growth, 0)) · \(verdict)"
            },
            Row(
                measure: "Memory owned, 10,000 movies and \(Measurements.browsedPosters) posters "
                    + "browsed, pane on (120×35), MiB (\(slowRuns) fresh runs)",
                budget: "≤ 12"
            ) {
                cell($0.ownedWithPosters?.total, digits: 1) { $0.median <= ownedWithPostersBudget }
            },
            Row(
                measure: "Peak RSS of the binary, with ≈ 30 MB of the toolchain's shared "
                    + "libraries, MiB (\(slowRuns) runs)",
                budget: "— (no budget)"
            ) {
                cell($0.peakResidentMebibytes, digits: 1)
            },
            Row(
                measure: "Detail ready, detail 200 ms ∥ videos 300 ms, ms (\(slowRuns) runs)",
                budget: "≈ 300, not 500"
            ) {
                // Nearer the slower request than the sum of both.
                cell($0.detailReady, digits: 0) {
                    $0.median >= detailMaximum && $0.median < (detailMaximum + detailSum) / 2
                }
            },
            Row(
                measure: "Detail's poster drawn after the detail, sample data, first showing, ms "
                    + "(\(slowRuns) runs)",
                budget: "≤ 50"
            ) {
                cell($0.posterAfterDetail, digits: 1) { $0.median <= posterAfterDetailBudget }
            },
            Row(
                measure: "Processor time while a request waits on a silent server, piped, % of "
                    + "wall (\(waitingRuns) runs of \(Measurements.waitingSeconds) s)",
                budget: "≤ 10"
            ) {
                cell($0.waitingProcessor?.piped, digits: 0) { $0.median <= waitingProcessorBudget }
            },
            Row(
                measure: "… with `--keys t` (two requests wait), % of wall (\(waitingRuns) runs)",
                budget: "≤ 10"
            ) {
                cell($0.waitingProcessor?.scripted, digits: 0) {
                    $0.median <= waitingProcessorBudget
                }
            },
            Row(
                measure: "… on sample data held back by `--latency`, piped, % of wall "
                    + "(\(waitingRuns) runs)",
                budget: "≤ 10"
            ) {
                cell($0.waitingProcessor?.sampleLatency, digits: 0) {
                    $0.median <= waitingProcessorBudget
                }
            },
            Row(measure: "Trending requests to load 100 movies", budget: "5 (pages 1–5 once)") {
                guard let session = $0.pagedSession else { return "did not run" }
                let isMet =
                    session.loadedRows >= 100 && session.requestedPages == Array(1...5)
                return "\(session.trendingRequests) · \(isMet ? "met" : "**missed**")"
            },
        ]
        var lines = [
            "| Measure | Budget | " + steps.map { "\($0.command)" }.joined(separator: " | ") + " |",
            "|---|---|" + steps.map { _ in "---|" }.joined(),
        ]
        for row in rows {
            lines.append(
                "| \(row.measure) | \(row.budget) | "
                    + results.map(row.cell).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// "212 (208–216), 0 images · met": the bytes of the pane's moves, the fewest and the most
    /// images one of them sent, and the verdict.
    static func paneMoveCell(_ move: PaneMove?, isMet: (PaneMove) -> Bool) -> String {
        guard let move else { return "did not run" }
        let images =
            move.images.count == 1
            ? "\(move.images.lowerBound)" : "\(move.images.lowerBound)–\(move.images.upperBound)"
        return cell(move.bytes, digits: 0) + ", \(images) image\(images == "1" ? "" : "s") · "
            + (isMet(move) ? "met" : "**missed**")
    }

    /// "12.3 (11.9–13.0) · met": the median, the spread, and the verdict when there is a budget.
    static func cell(_ summary: Summary?, digits: Int, isMet: ((Summary) -> Bool)? = nil)
        -> String
    {
        guard let summary else { return "did not run" }
        var text =
            "\(format(summary.median, digits)) (\(format(summary.low, digits))–"
            + "\(format(summary.high, digits)))"
        if let isMet {
            text += isMet(summary) ? " · met" : " · **missed**"
        }
        return text
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
