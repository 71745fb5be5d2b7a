import Foundation
import JPEGDecoding

/// `bench --decode`: the poster decoder's time on poster-sized files (TMDB's w154 and w342),
/// at 1/8 (DC-only, for half blocks) and at full size, beside libjpeg's `djpeg` on the same files
/// in the same run where it is installed. Budgets (Sources/Tools/Bench/README.md): 1/8 of a w342 poster
/// in at most 3 ms and at most 2× `djpeg -scale 1/8`; a full decode at most 3× `djpeg`.
@MainActor
enum DecodeBench {
    /// The files, in the package: drawn for the project by make-fixtures.py.
    static let directory = "Tests/JPEGDecodingTests/Fixtures"
    static let posters = [
        "poster-154-baseline", "poster-154-progressive", "poster-342-baseline",
        "poster-342-progressive",
    ]
    /// A 1×1 file: `djpeg` on it is the process's own cost, taken off its other times.
    static let onePixel = "one-pixel"
    /// Each in-process round decodes for at least this long, so that the clock's grain is noise.
    static let roundMilliseconds = 40.0

    struct Row {
        var name: String
        var bytes: Int
        var eighth: Summary?
        var full: Summary?
        var djpegEighth: Double?
        var djpegFull: Double?
    }

    /// Measures and prints the table; false when a file is missing or a budget is missed.
    static func run(runs: Int) -> Bool {
        guard FileManager.default.fileExists(atPath: directory) else {
            BenchCommand.printError(
                "bench: --decode reads \(directory), so run it in the package root")
            return false
        }
        let djpeg = djpegPath()
        var rows: [Row] = []
        for name in posters {
            let path = "\(directory)/\(name).jpg"
            guard let data = FileManager.default.contents(atPath: path) else {
                BenchCommand.printError("bench: cannot read \(path)")
                return false
            }
            BenchCommand.printError("bench: decoding \(name)")
            var row = Row(name: name, bytes: data.count)
            row.eighth = time(data, scale: .eighth, runs: runs)
            row.full = time(data, scale: .full, runs: runs)
            rows.append(row)
        }
        if let djpeg {
            BenchCommand.printError("bench: djpeg on the same files")
            let spawns = max(3 * runs, 15)
            let baseline = [["-scale", "1/8"], []].map {
                djpegTime(djpeg, $0, "\(directory)/\(onePixel).jpg", spawns: spawns)
            }
            for index in rows.indices {
                let path = "\(directory)/\(rows[index].name).jpg"
                if let spawn = djpegTime(djpeg, ["-scale", "1/8"], path, spawns: spawns),
                    let start = baseline[0]
                {
                    rows[index].djpegEighth = max(spawn - start, 0.001)
                }
                if let spawn = djpegTime(djpeg, [], path, spawns: spawns), let start = baseline[1] {
                    rows[index].djpegFull = max(spawn - start, 0.001)
                }
            }
        }
        return report(rows, djpeg: djpeg, runs: runs)
    }

    /// Processor milliseconds a decode: the median (spread) of `runs` rounds after a warm-up.
    /// Processor time, not wall time, on both sides: on a shared machine other processes'
    /// turns on the cores would count otherwise, and differently for each side.
    static func time(_ data: Data, scale: JPEGScale, runs: Int) -> Summary? {
        guard (try? JPEGDecoder.decode(data, scale: scale)) != nil else { return nil }
        var samples: [Double] = []
        for _ in 0..<runs {
            guard let start = Platform.ownProcessorTime() else { return nil }
            var count = 0
            var elapsed = 0.0
            repeat {
                _ = try? JPEGDecoder.decode(data, scale: scale)
                count += 1
                guard let now = Platform.ownProcessorTime() else { return nil }
                elapsed = (now - start).milliseconds
            } while elapsed < roundMilliseconds
            samples.append(elapsed / Double(count))
        }
        return Summary(samples)
    }

    /// The median processor time of a `djpeg` process on `path`, in milliseconds, its output
    /// to /dev/null.
    static func djpegTime(_ djpeg: String, _ options: [String], _ path: String, spawns: Int)
        -> Double?
    {
        let arguments = options + ["-ppm", "-outfile", "/dev/null", path]
        var samples: [Double] = []
        for _ in 0...spawns {
            guard let result = Platform.run(djpeg, arguments: arguments, environment: [:]),
                result.status == 0
            else { return nil }
            samples.append(result.processorTime.milliseconds)
        }
        return Summary(Array(samples.dropFirst()))?.median
    }

    static func djpegPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/djpeg" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func report(_ rows: [Row], djpeg: String?, runs: Int) -> Bool {
        func ratio(_ ours: Summary?, _ theirs: Double?) -> String {
            guard let ours, let theirs else { return djpeg == nil ? "not installed" : "—" }
            return Report.format(ours.median / theirs, 1) + "×"
        }
        func milliseconds(_ value: Double?) -> String {
            guard let value else { return djpeg == nil ? "not installed" : "—" }
            return Report.format(value, 2)
        }
        func summary(_ value: Summary?) -> String {
            guard let value else { return "failed" }
            return "\(Report.format(value.median, 2)) (\(Report.format(value.low, 2))–"
                + "\(Report.format(value.high, 2)))"
        }
        print(
            "| Poster decode, ms | bytes | 1/8 | djpeg -scale 1/8 | ratio | full | djpeg | ratio |")
        print("|---|---|---|---|---|---|---|---|")
        var isMet = true
        for row in rows {
            print(
                "| \(row.name) | \(row.bytes) | \(summary(row.eighth)) | "
                    + "\(milliseconds(row.djpegEighth)) | \(ratio(row.eighth, row.djpegEighth)) | "
                    + "\(summary(row.full)) | \(milliseconds(row.djpegFull)) | "
                    + "\(ratio(row.full, row.djpegFull)) |")
            guard let eighth = row.eighth, let full = row.full else {
                isMet = false
                continue
            }
            if row.name.hasPrefix("poster-342"), eighth.median > 3 { isMet = false }
            if let theirs = row.djpegEighth, eighth.median > 2 * theirs { isMet = false }
            if let theirs = row.djpegFull, full.median > 3 * theirs { isMet = false }
        }
        print()
        print(
            "Budgets: 1/8 of a w342 poster ≤ 3 ms and ≤ 2× djpeg -scale 1/8; full ≤ 3× djpeg: "
                + (isMet ? "met" : "**missed**") + ". Processor time (user + system), not wall "
                + "time. In-process decodes from memory: median (p10–p90) of \(runs) rounds of "
                + "≥ \(Int(roundMilliseconds)) ms each. djpeg "
                + (djpeg.map {
                    "(\($0), -dct int, output to /dev/null): the median of a process, "
                        + "minus the same for a 1×1 file."
                } ?? "is not installed."))
        return isMet
    }
}
