import Foundation
import Steps
import TerminalUI

/// Random keys against each step in-process, to show that memory stops growing: whatever a
/// session leaks per key would show as growth between the first tenth of the keys and the end.
@MainActor
enum Soak {
    /// Every key a user might press except quitting: moves, Enter, the back keys, t, r and ?.
    /// ↓ appears twice so that sessions reach the later pages, not only the first screen.
    static let keys: [Key] = [
        .up, .down, .down, .pageUp, .pageDown, .home, .end, .character("j"), .character("k"),
        .enter, .character("b"), .escape, .backspace, .left,
        .character("t"), .character("r"), .character("?"),
    ]

    /// Growth allowed between the checkpoint (a tenth of the keys) and the end.
    nonisolated static let allowedGrowth = 0.10

    struct Result {
        var step: Step
        var keys: Int
        var seconds: Double
        var launchedBytes: Int
        var checkpointBytes: Int
        var finalBytes: Int
        var unsettled: Int
        var isRunning: Bool

        var growth: Double {
            Double(finalBytes - checkpointBytes) / Double(max(checkpointBytes, 1))
        }

        var isMet: Bool { growth <= allowedGrowth && unsettled == 0 && isRunning }
    }

    static func run(_ step: Step, keyCount: Int, seed: UInt64) async -> Result {
        var generator = SplitMix64(seed: seed)
        let checkpoint = keyCount / 10
        let app = InProcessApp(step)
        var unsettled = await app.launch() ? 0 : 1
        let launchedBytes = Platform.residentBytes() ?? 0
        var checkpointBytes = 0
        let clock = ContinuousClock()
        let start = clock.now
        for index in 1...keyCount {
            let key = keys[Int(generator.next() % UInt64(keys.count))]
            app.application.send(key)
            if !(await app.settle()) {
                unsettled += 1
            }
            if index == checkpoint {
                checkpointBytes = Platform.residentBytes() ?? 0
            }
        }
        let finalBytes = Platform.residentBytes() ?? 0
        let seconds = start.duration(to: clock.now).milliseconds / 1_000
        let isRunning = app.application.isRunning
        app.stop()
        return Result(
            step: step, keys: keyCount, seconds: seconds, launchedBytes: launchedBytes,
            checkpointBytes: checkpointBytes, finalBytes: finalBytes, unsettled: unsettled,
            isRunning: isRunning)
    }

    static func table(_ results: [Result]) -> String {
        func mebibytes(_ bytes: Int) -> String {
            String(format: "%.1f", Double(bytes) / 1_048_576)
        }
        let checkpoint = results.first.map { ($0.keys / 10).formatted() } ?? "—"
        let total = results.first.map { $0.keys.formatted() } ?? "—"
        var lines = [
            "| Step | Keys | Time, s | RSS after launch, MiB | after \(checkpoint) keys | "
                + "after \(total) keys | Growth | Budget | Unsettled | Verdict |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        for result in results {
            let verdict =
                result.isMet ? "met" : result.isRunning ? "**missed**" : "**missed** (quit)"
            lines.append(
                "| \(result.step.command) | \(result.keys.formatted()) | "
                    + "\(String(format: "%.1f", result.seconds)) | "
                    + "\(mebibytes(result.launchedBytes)) | \(mebibytes(result.checkpointBytes)) | "
                    + "\(mebibytes(result.finalBytes)) | "
                    + "\(String(format: "%+.1f%%", result.growth * 100)) | ≤ +10% | "
                    + "\(result.unsettled) | \(verdict) |")
        }
        return lines.joined(separator: "\n")
    }
}
