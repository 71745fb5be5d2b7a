import Foundation
import ImagePipeline
import TMDB
import TMDBTestSupport

/// The image pipeline's rows (P6, P7): the memory it owns once 200 posters went through it,
/// and the requests a scroll past 50 rows makes, twice. Posters come from an HTTP stub that
/// answers every path with one of the six sample posters, through the pipeline's real
/// URLSession path, and are decoded by the package's own decoder for a preview pane's box.
@MainActor
enum PosterPipelineBench {
    /// `bench --poster-owned-memory`: the memory row's fresh process.
    static let ownedMemoryFlag = "--poster-owned-memory"

    /// `bench --posters` measures and prints only these rows; `--poster-owned-memory` is the
    /// memory row's fresh process. Nil for any other command line: the bench goes on.
    static func runIfAsked(_ arguments: ArraySlice<String>) async -> Int32? {
        switch arguments.first {
        case ownedMemoryFlag:
            return await reportOwnedMemory()
        case "--posters":
            print(await table { BenchCommand.printError("bench: \($0)") })
            return 0
        default:
            return nil
        }
    }

    /// A half-block preview pane of 40 columns × 30 rows: 40×60 pixels.
    nonisolated static let box = PixelSize(width: 40, height: 60)
    /// The growth the posters may add: 12 MiB with 10,000 movies and 200 posters, less the
    /// 8 MiB of 10,000 movies alone.
    static let growthBudget = 4.0

    /// The rows of the posters' table, measured now; progress goes to `log`.
    static func table(log: (String) -> Void) async -> String {
        log("posters: memory owned with 200 posters through the pipeline")
        let memory = ownedMemoryRuns(3)
        log("posters: requests when 50 rows are scrolled past twice")
        let scroll = await scrollTwice(rows: 50)
        var lines = [
            "| Posters (image pipeline) | Budget | Measured |", "|---|---|---|",
        ]
        switch memory {
        case .success(let runs):
            let growth = Summary(runs.map(\.growth))
            let cached = runs.map(\.cached).max() ?? 0
            let capacity = runs.first?.capacity ?? 0
            lines.append(
                "| Memory owned with 200 posters through the pipeline, MiB (3 fresh runs) | — | "
                    + Report.cell(Summary(runs.map(\.owned)), digits: 2) + " |")
            lines.append(
                "| … of it added by the 200 posters, MiB, memory cache at its bound ("
                    + "\(Report.format(cached, 2)) of \(Report.format(capacity, 2)) MiB held) | "
                    + "≤ 4 | "
                    + Report.cell(growth, digits: 2) { $0.median <= growthBudget } + " |")
        case .failure(let problem):
            lines.append(
                "| Memory owned with 200 posters through the pipeline | ≤ 4 added | "
                    + "not measured: \(problem.message) |")
        }
        let isMet = scroll.first == 50 && scroll.second == 0
        lines.append(
            "| Requests when 50 rows are scrolled past, first pass · second pass | 50 · 0 | "
                + "\(scroll.first) · \(scroll.second) · \(isMet ? "met" : "**missed**") |")
        lines.append("")
        lines.append(
            "Posters: the six sample posters (185×278 JPEG) served by an HTTP stub on the "
                + "pipeline's URLSession path, decoded for a \(box) box (a 40-column half-block "
                + "pane); the scroll loads each row's poster with the next four prefetched, "
                + "memory and disk cache (a temporary folder) on; \(scroll.decoded) of the "
                + "first pass's 50 posters decoded.")
        return lines.joined(separator: "\n")
    }

    struct MemoryRun {
        var owned: Double
        var growth: Double
        var cached: Double
        var capacity: Double
    }

    /// Runs `bench --poster-owned-memory` `runs` times after one unmeasured run.
    static func ownedMemoryRuns(_ runs: Int) -> Result<[MemoryRun], Measurements.ProcessProblem> {
        let path = Measurements.commandPath("bench")
        var results: [MemoryRun] = []
        for run in 0...runs {
            guard
                let result = Platform.run(
                    path, arguments: [ownedMemoryFlag],
                    environment: ProcessInfo.processInfo.environment)
            else {
                return .failure(Measurements.ProcessProblem(message: "could not spawn \(path)"))
            }
            let text = String(decoding: result.output, as: UTF8.self)
            var figures: [String: Double] = [:]
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.count == 2, let value = Double(fields[1]) {
                    figures[String(fields[0])] = value / 1_048_576
                }
            }
            guard result.status == 0, let owned = figures["owned"], let before = figures["before"],
                let cached = figures["cached"], let capacity = figures["capacity"]
            else {
                let reason = text.split(separator: "\n").first.map(String.init)
                return .failure(
                    Measurements.ProcessProblem(message: reason ?? "exited \(result.status)"))
            }
            if run > 0 {
                results.append(
                    MemoryRun(
                        owned: owned, growth: owned - before, cached: cached, capacity: capacity))
            }
        }
        return .success(results)
    }

    /// The fresh process: one poster through the pipeline (URLSession, the decoder, the stub
    /// warmed up), the memory owned, 199 more, the memory owned again. Prints "before",
    /// "owned", "cached" and "capacity", one "NAME BYTES" a line, or a problem and exit 1.
    static func reportOwnedMemory() async -> Int32 {
        Platform.flushFileWrites()
        guard let posters = samplePosters() else {
            print("the sample posters are missing")
            return 1
        }
        let stub = HTTPStub(keepsRecord: false)
        let pipeline = makePipeline(stub: stub, posters: posters, diskCache: nil)
        var loaded = 0
        func load(_ range: Range<Int>) async {
            for index in range {
                let request = ImageRequest(posterPath: "/bench-\(index).jpg", box: box)
                if (try? await pipeline.image(for: request)) != nil {
                    loaded += 1
                }
            }
        }
        await load(0..<1)
        guard loaded == 1 else {
            print("the decoder could not read a sample poster")
            return 1
        }
        guard case .success(let before) = Platform.ownedMemory() else {
            print("the memory owned could not be read")
            return 1
        }
        await load(1..<200)
        switch Platform.ownedMemory() {
        case .success(let owned):
            let cost = pipeline.memoryCacheCost
            print("before \(before.bytes)")
            print("owned \(owned.bytes)")
            print("cached \(cost.total)")
            print("capacity \(cost.capacity)")
            return loaded == 200 ? 0 : 1
        case .failure(let problem):
            print(problem.message)
            return 1
        }
    }

    /// Scrolls past `rows` rows twice, each row's poster loaded and the next four prefetched,
    /// and counts the requests each pass made.
    static func scrollTwice(rows: Int) async -> (first: Int, second: Int, decoded: Int) {
        guard let posters = samplePosters() else { return (0, 0, 0) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-posters-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = HTTPStub()
        let pipeline = makePipeline(
            stub: stub, posters: posters, diskCache: DiskCache(folder: folder))
        let requests = (0..<rows).map {
            ImageRequest(posterPath: "/bench-\($0).jpg", box: box)
        }
        func pass() async -> Int {
            var decoded = 0
            for row in requests.indices {
                let ahead = Array(requests[(row + 1)..<min(row + 5, requests.count)])
                pipeline.prefetch(ahead)
                if (try? await pipeline.image(for: requests[row])) != nil {
                    decoded += 1
                }
            }
            // The last prefetches land before the pass is counted.
            while !pipeline.activity.downloading.isEmpty {
                try? await Task.sleep(for: .milliseconds(1))
            }
            return decoded
        }
        let decoded = await pass()
        let first = stub.requests.count
        _ = await pass()
        return (first, stub.requests.count - first, decoded)
    }

    /// A pipeline over `stub`'s session whose image host is the stub, each poster path
    /// answered with one of `posters`, made when asked for.
    static func makePipeline(stub: HTTPStub, posters: [Data], diskCache: DiskCache?)
        -> ImagePipeline
    {
        var configuration = stub.configuration()
        configuration.imageBaseURL = stub.baseURL
        let client = TMDBClient(configuration: configuration, session: stub.session)
        for index in 0..<200 {
            let poster = posters[index % posters.count]
            stub.respond(to: "/w154/bench-\(index).jpg") { _ in
                StubResponse(headers: ["Content-Type": "image/jpeg"], body: poster)
            }
        }
        return ImagePipeline(client: client, diskCache: diskCache)
    }

    static func samplePosters() -> [Data]? {
        guard let folder = SampleData.directoryURL else { return nil }
        let posters = (1...6).compactMap { number in
            try? Data(contentsOf: folder.appendingPathComponent("posters/poster-\(number).jpg"))
        }
        return posters.count == 6 ? posters : nil
    }
}
