import Foundation
import ImagePipeline
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything measured for one step; nil where the measurement could not run (`notes` says why).
struct StepMeasurements {
    var firstFrameInProcess: Summary?
    var firstFrameFromProcessStart: Summary?
    var moveWith20: SelectionMove?
    var moveWith10000: SelectionMove?
    var paneMoveKeepingPoster: PaneMove?
    var paneMoveChangingPoster: PaneMove?
    var peakResidentMebibytes: Summary?
    var ownedWith20: OwnedMemorySummary?
    var ownedWith10000: OwnedMemorySummary?
    var ownedWithPosters: OwnedMemorySummary?
    var detailReady: Summary?
    var posterAfterDetail: Summary?
    var pagedSession: PagedSession?
    var waitingProcessor: WaitingProcessor?
    var notes: [String] = []
}

/// The processor time a run uses while a request waits, as a percentage of its wall time
/// (L10): against a server that never answers, piped and scripted, and on sample data held
/// back by `--latency`.
struct WaitingProcessor {
    var piped: Summary?
    var scripted: Summary?
    var sampleLatency: Summary?
}

/// One selection move: the work of handling the key and drawing, and the bytes that reached
/// the terminal (every frame until the screen settled again).
struct SelectionMove {
    var workMilliseconds: Summary?
    var bytes: Summary?
}

/// Selection moves with the list's preview pane on (P2), of one kind: the bytes that reached
/// the terminal (every frame until the screen settled again) and the fewest and the most
/// images any of them sent.
struct PaneMove {
    var bytes: Summary?
    var images: ClosedRange<Int>
}

/// The memory owned by fresh processes with one step and its movies loaded, in MiB: the total,
/// each figure it is the sum of, and what it leaves out, by the system's name.
struct OwnedMemorySummary {
    var total: Summary?
    var parts: [(name: String, mebibytes: Summary?)]
    var uncounted: [(name: String, mebibytes: Summary?)]
}

/// A session that scrolls until 100 movies are loaded.
struct PagedSession {
    var trendingRequests: Int
    var requestedPages: [Int]
    var loadedRows: Int
    var presses: Int
}

/// The measurements, each a small scenario run against one step.
@MainActor
enum Measurements {
    static let clock = ContinuousClock()
    static let trendingPath = "/3/trending/movie/week"
    /// Movies in one trending page, as TMDB serves them.
    nonisolated static let pageSize = 20

    /// The real binary: first frame and peak memory. Run these before anything in-process,
    /// while the bench is small: on Linux a spawned child's max RSS starts from the bench's
    /// own high-water mark (see `Platform`), so a figure at or below it is an upper bound.
    static func measureProcesses(
        _ step: Step, runs: Int, into result: inout StepMeasurements, log: (String) -> Void
    ) {
        log("\(step.command): first settled frame of the real binary")
        switch processRuns(step, arguments: ["--offline"], runs: runs) {
        case .success(let runs):
            result.firstFrameFromProcessStart = Summary(runs.map(\.wallTime.milliseconds))
        case .failure(let problem):
            result.notes.append(problem.message)
            return
        }
        log("\(step.command): peak resident memory")
        switch processRuns(
            step, arguments: ["--offline", "--keys", "down down enter b end"],
            runs: max(3, runs / 3))
        {
        case .success(let runs):
            let ownPeak = Platform.peakResidentBytesInheritedBySpawn()
            if runs.contains(where: { $0.maximumResidentBytes <= ownPeak }) {
                result.notes.append(
                    "\(step.command): peak memory is an upper bound: it did not exceed the "
                        + "bench's own peak (\(ownPeak / 1_048_576) MiB)")
            }
            result.peakResidentMebibytes = Summary(
                runs.map { Double($0.maximumResidentBytes) / 1_048_576 })
        case .failure(let problem):
            result.notes.append(problem.message)
        }
        log("\(step.command): processor time while a request waits")
        result.waitingProcessor = waitingProcessor(step, runs: max(2, runs / 3))
        log("\(step.command): memory owned with 20 and 10,000 movies, and 200 posters browsed")
        let ownedRuns = max(3, runs / 3)
        for (movies, posters, keyPath) in [
            (20, 0, \StepMeasurements.ownedWith20), (10_000, 0, \.ownedWith10000),
            (10_000, browsedPosters, \.ownedWithPosters),
        ] {
            switch ownedMemoryRuns(step, movies: movies, browsedPosters: posters, runs: ownedRuns) {
            case .success(let owned):
                result[keyPath: keyPath] = owned
            case .failure(let problem):
                result.notes.append(problem.message)
            }
        }
    }

    /// Everything measured in this process, against the virtual terminal.
    static func measureInProcess(
        _ step: Step, runs: Int, into result: inout StepMeasurements, log: (String) -> Void
    ) async {
        log("\(step.command): first settled frame in-process")
        result.firstFrameInProcess = await firstFrameInProcess(step, runs: runs)
        log("\(step.command): selection moves")
        result.moveWith20 = await selectionMove(step, movies: 20, samples: runs * 4)
        result.moveWith10000 = await selectionMove(step, movies: 10_000, samples: runs * 4)
        log("\(step.command): selection moves with the preview pane")
        (result.paneMoveKeepingPoster, result.paneMoveChangingPoster) = await paneMoves(
            step, samples: runs * 2)
        log("\(step.command): detail readiness")
        result.detailReady = await detailReady(step, runs: max(3, runs / 3))
        log("\(step.command): the detail's poster")
        result.posterAfterDetail = await posterAfterDetail(step, runs: max(3, runs / 3))
        log("\(step.command): paged session")
        result.pagedSession = await pagedSession(step)
    }

    // MARK: First frame

    /// Client, scene, application, start, settled: what `swift run` does after the process is up.
    /// One unmeasured run first, so that one-time loading (the sample bundle) is not counted.
    static func firstFrameInProcess(_ step: Step, runs: Int) async -> Summary? {
        var samples: [Double] = []
        for run in 0...runs {
            let start = clock.now
            let app = InProcessApp(step)
            let isSettled = await app.launch()
            let elapsed = start.duration(to: clock.now)
            app.stop()
            if run > 0 && isSettled {
                samples.append(elapsed.milliseconds)
            }
        }
        return Summary(samples)
    }

    // MARK: The real binary

    struct ProcessProblem: Error {
        var message: String
    }

    /// Runs the step's command (built next to the bench) `runs` times after one unmeasured run,
    /// with standard output piped so that it prints one screen and exits.
    static func processRuns(_ step: Step, arguments: [String], runs: Int)
        -> Result<[ChildProcessResult], ProcessProblem>
    {
        let path = commandPath(step.command)
        guard FileManager.default.isExecutableFile(atPath: path) else {
            return .failure(
                ProcessProblem(
                    message: "\(step.command): \(path) is not built; run swift build -c release"))
        }
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMDB_ACCESS_TOKEN", "TMDB_API_KEY", "TMDB_BASE_URL", "TMDB_LANGUAGE"] {
            environment[name] = nil
        }
        environment["COLUMNS"] = "80"
        environment["LINES"] = "24"
        var results: [ChildProcessResult] = []
        for run in 0...runs {
            guard let result = Platform.run(path, arguments: arguments, environment: environment)
            else {
                return .failure(ProcessProblem(message: "\(step.command): could not spawn \(path)"))
            }
            let screen = String(decoding: result.output, as: UTF8.self)
            guard result.status == 0, screen.contains("Trending movies") else {
                return .failure(
                    ProcessProblem(
                        message: "\(step.command) \(arguments.joined(separator: " ")) exited "
                            + "\(result.status) without the list"))
            }
            if run > 0 {
                results.append(result)
            }
        }
        return .success(results)
    }

    /// The step's command beside this one: `swift build` puts every product in one directory.
    static func commandPath(_ command: String) -> String {
        let me = URL(fileURLWithPath: CommandLine.arguments.first ?? "bench")
        return me.deletingLastPathComponent().appendingPathComponent(command).path
    }

    // MARK: Waiting

    /// How long a request waits in the waiting runs: the server never answers, so each run
    /// waits this long for every request it makes.
    nonisolated static let waitingSeconds = 2

    /// Piped (the first page times out, exit 1), scripted (`--keys t`: two pages time out) and
    /// sample data with `--latency`, each `runs` times.
    static func waitingProcessor(_ step: Step, runs: Int) -> WaitingProcessor? {
        guard let server = try? ScriptedHTTPServer(answer: { _ in .hang }) else { return nil }
        defer { server.stop() }
        let path = commandPath(step.command)
        var environment = ProcessInfo.processInfo.environment
        environment["TMDB_ACCESS_TOKEN"] = nil
        environment["TMDB_API_KEY"] = TestCredentials.apiKey
        environment["TMDB_BASE_URL"] = server.baseURL
        environment["TMDB_TIMEOUT"] = String(waitingSeconds)
        var offline = environment
        offline["TMDB_API_KEY"] = nil
        func percentages(_ arguments: [String], _ environment: [String: String]) -> Summary? {
            let runs = (0..<runs).compactMap { _ in
                Platform.run(path, arguments: arguments, environment: environment)
            }
            return Summary(runs.map { 100 * $0.processorTime.seconds / $0.wallTime.seconds })
        }
        return WaitingProcessor(
            piped: percentages([], environment),
            scripted: percentages(["--keys", "t"], environment),
            sampleLatency: percentages(
                ["--offline", "--latency", String(waitingSeconds * 1000)], offline))
    }

    /// Why the waits on a silent server cost what URLSession alone costs, on Linux.
    nonisolated static let urlSessionWaitingNote =
        "On Linux that is Foundation's own busy wait: once libcurl has sent a request it wants "
        + "only to read, but URLSession keeps the socket's write source, which fires as long as "
        + "the socket is writable (swift-corelibs-foundation, MultiHandle.swift, "
        + "_SocketSources.createSources). The app's own share is the sample-data row."

    /// The same wait without the app: one data task of this process to a server that never
    /// answers, for `waitingSeconds`. What URLSession costs by itself while it waits.
    nonisolated static func urlSessionAloneWaiting() async -> Double? {
        guard let server = try? ScriptedHTTPServer(answer: { _ in .hang }),
            let url = URL(string: server.baseURL + "/wait")
        else { return nil }
        defer { server.stop() }
        var request = URLRequest(url: url)
        request.timeoutInterval = TimeInterval(waitingSeconds)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let clock = ContinuousClock()
        guard let before = Platform.ownProcessorTime() else { return nil }
        let start = clock.now
        _ = try? await session.data(for: request)
        let wall = start.duration(to: clock.now)
        guard let after = Platform.ownProcessorTime() else { return nil }
        return 100 * (after - before).seconds / wall.seconds
    }

    // MARK: Owned memory

    /// Posters the memory row with the preview pane on browses.
    nonisolated static let browsedPosters = 200

    /// Runs `bench --owned-memory` (this binary) `runs` times after one unmeasured run.
    ///
    /// A fresh process for each figure, because this one is not the app: it has run other
    /// measurements and keeps what they allocated. The step commands cannot be used either:
    /// they load only the bundled sample data and exit after printing.
    static func ownedMemoryRuns(_ step: Step, movies: Int, browsedPosters: Int, runs: Int)
        -> Result<OwnedMemorySummary, ProcessProblem>
    {
        let path = commandPath("bench")
        let arguments = [
            "--owned-memory", step.command, "--movies", "\(movies)",
            "--browsed-posters", "\(browsedPosters)",
        ]
        var samples: [[(name: String, bytes: Int)]] = []
        for run in 0...runs {
            guard
                let result = Platform.run(
                    path, arguments: arguments, environment: ProcessInfo.processInfo.environment)
            else {
                return .failure(ProcessProblem(message: "\(step.command): could not spawn \(path)"))
            }
            let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
            // "NAME BYTES", or "uncounted NAME BYTES", named "uncounted NAME" here.
            let figures = lines.compactMap { line -> (name: String, bytes: Int)? in
                let fields = line.split(separator: " ")
                guard (2...3).contains(fields.count), let bytes = fields.last.flatMap({ Int($0) })
                else { return nil }
                return (fields.dropLast().joined(separator: " "), bytes)
            }
            guard result.status == 0, figures.first?.name == "owned" else {
                let reason = lines.first.map(String.init) ?? "exited \(result.status)"
                return .failure(
                    ProcessProblem(
                        message: "\(step.command): memory owned with \(movies) movies and "
                            + "\(browsedPosters) posters browsed: \(reason)"))
            }
            if run > 0 {
                samples.append(figures)
            }
        }
        func mebibytes(_ name: String) -> Summary? {
            Summary(
                samples.compactMap { figures in
                    figures.first { $0.name == name }.map { Double($0.bytes) / 1_048_576 }
                })
        }
        let names = samples.first?.dropFirst().map(\.name) ?? []
        let uncountedPrefix = "uncounted "
        return .success(
            OwnedMemorySummary(
                total: mebibytes("owned"),
                parts: names.filter { !$0.hasPrefix(uncountedPrefix) }.map { ($0, mebibytes($0)) },
                uncounted: names.filter { $0.hasPrefix(uncountedPrefix) }.map {
                    (String($0.dropFirst(uncountedPrefix.count)), mebibytes($0))
                }))
    }

    /// `bench --owned-memory`: loads `movies` into `step` the way the app loads them, TMDB's
    /// pages of 20, each requested by the app as End takes the selection to the last loaded
    /// row (T6), and prints "owned BYTES", then each figure it is the sum of, one "NAME BYTES" a
    /// line, then "uncounted NAME BYTES" for what the figure leaves out, while they are loaded.
    /// A problem is printed as the first line, with exit status 1.
    ///
    /// The stub makes each page when it is asked for and keeps neither the pages nor a record
    /// of the requests, so that what is measured is the app, not the bench's copy of them.
    ///
    /// With `browsedPosters`, every movie has a poster path as long as TMDB's, and once the
    /// movies are loaded the window widens to the preview pane's size (P2), as a user widens
    /// it: the selection goes to the first row, then down, each row's poster loaded before
    /// the next key, until `browsedPosters` rows, each with its own poster path, have shown
    /// theirs. Each path is its own entry in the pipeline's memory cache, though the stub
    /// answers them with the six sample posters in turn.
    static func reportOwnedMemory(_ step: Step, movies: Int, browsedPosters: Int) async -> Bool {
        Platform.flushFileWrites()
        let pageCount = (movies + pageSize - 1) / pageSize
        // No record of the 500 requests (half a mebibyte of URLs and headers): the figure is
        // the app's. The bench counts the pages it serves instead.
        let stub = HTTPStub(keepsRecord: false)
        let servedPages = Locked([Int]())
        stub.respond(to: trendingPath) { request in
            let page = request.queryItems["page"].flatMap { Int($0) } ?? 0
            servedPages.withLock { $0.append(page) }
            guard (1...pageCount).contains(page) else {
                return .tmdbError(
                    statusCode: 422, code: 22, message: "Invalid page: beyond the bench's pages.")
            }
            let first = (page - 1) * pageSize + 1
            var pageMovies = Fixtures.movies(first...min(page * pageSize, movies))
            if browsedPosters > 0 {
                for index in pageMovies.indices {
                    pageMovies[index].posterPath = benchPosterPath(pageMovies[index].id)
                }
            }
            return Fixtures.page(page, of: pageCount, pageMovies)
        }
        let servedPosters = Locked(Set<Int>())
        let imageBaseURL = stub.configuration().imageBaseURL
        for id in stride(from: 1, through: browsedPosters, by: 1) {
            guard
                let url = ImageRequest.poster(at: benchPosterPath(id)).url(
                    imageBaseURL: imageBaseURL)
            else { continue }
            // Read from the bundle for each request, and kept by nobody but the app.
            stub.respond(to: url.path) { _ in
                servedPosters.withLock { _ = $0.insert(id) }
                return Fixtures.poster((id - 1) % 6 + 1)
            }
        }
        let app = InProcessApp(step, stub: stub, images: browsedPosters > 0 ? paneImages : .none)
        defer { app.stop() }
        guard await app.launch() else {
            print("\(step.command) did not settle with its first page")
            return false
        }
        var loaded = app.loadedRowCount ?? 0
        while loaded < movies {
            app.application.send(.end)
            let isSettled = await app.settle()
            let nowLoaded = app.loadedRowCount ?? 0
            guard isSettled, nowLoaded > loaded else {
                print("\(step.command) stopped loading at \(loaded) of \(movies) movies")
                return false
            }
            loaded = nowLoaded
        }
        let requests = servedPages.withLock { $0 }
        guard loaded == movies, requests == Array(1...pageCount) else {
            print(
                "\(step.command) loaded \(loaded) of \(movies) movies with \(requests.count) "
                    + "requests for \(pageCount) pages")
            return false
        }
        if browsedPosters > 0 {
            app.application.send(.home)
            await app.settle()
            app.terminal.resize(width: paneSize.width, height: paneSize.height)
            await app.settle()
            for _ in 1..<browsedPosters {
                app.application.send(.down)
                await app.settle()
            }
            let served = servedPosters.withLock { $0.count }
            guard served == browsedPosters,
                app.terminal.pictures.map(\.source) == [benchPosterPath(browsedPosters)]
            else {
                print(
                    "\(step.command) loaded \(served) of \(browsedPosters) posters, showing "
                        + "\(app.terminal.pictures.compactMap(\.source))")
                return false
            }
        }
        switch Platform.ownedMemory() {
        case .success(let owned):
            print("owned \(owned.bytes)")
            for part in owned.parts {
                print("\(part.name) \(part.bytes)")
            }
            for part in owned.uncounted {
                print("uncounted \(part.name) \(part.bytes)")
            }
            return true
        case .failure(let problem):
            print(problem.message)
            return false
        }
    }

    // MARK: Selection move

    /// Moves the selection down one row at a time near the top (no scrolling, as with 20
    /// movies), timing `send` + `displayIfNeeded` and counting the bytes until settled.
    static func selectionMove(_ step: Step, movies: Int, samples: Int) async -> SelectionMove? {
        let stub = HTTPStub()
        stub.respond(
            to: trendingPath, query: ["page": "1"],
            with: Fixtures.page(1, of: 1, Fixtures.movies(1...movies)))
        let app = InProcessApp(step, stub: stub)
        defer { app.stop() }
        guard await app.launch(), app.loadedRowCount == movies else { return nil }
        var work: [Double] = []
        var bytes: [Double] = []
        var row = 0
        for _ in 0..<samples {
            if row == 10 {
                app.application.send(.home)
                await app.settle()
                row = 0
            }
            let bytesBefore = app.terminal.bytesWritten
            let start = clock.now
            app.application.send(.down)
            app.application.displayIfNeeded()
            let elapsed = start.duration(to: clock.now)
            await app.settle()
            row += 1
            work.append(elapsed.milliseconds)
            bytes.append(Double(app.terminal.bytesWritten - bytesBefore))
        }
        return SelectionMove(workMilliseconds: Summary(work), bytes: Summary(bytes))
    }

    // MARK: Preview pane

    /// A screen wide enough for the preview pane (from `TraitCollection.minimumRegularWidth`
    /// columns), drawing posters as iTerm2's inline images: each time a poster is sent, its
    /// JPEG goes to the terminal whole, and the terminal counts it (`inlineImages`).
    nonisolated static let paneSize = Size(width: 120, height: 35)
    nonisolated static let paneImages = ImageOption.iterm

    /// "/bench0000000000000000000042.jpg": a poster path as long as TMDB's.
    nonisolated static func benchPosterPath(_ id: Int) -> String {
        let digits = String(id)
        return "/bench" + String(repeating: "0", count: max(22 - digits.count, 0)) + digits
            + ".jpg"
    }

    /// Moves the selection down one row at a time near the top, the pane on, over 20 movies
    /// whose rows share a poster path two by two (rows 1 and 2 the first, 3 and 4 the
    /// second, …), so that every other move keeps the poster and the others change it;
    /// counts the bytes and the images until settled, `samples` moves of each kind. The
    /// first pass down, which loads the posters, is not counted: a changed poster comes
    /// from memory, drawn in the move's own frame.
    static func paneMoves(_ step: Step, samples: Int) async -> (
        keepingPoster: PaneMove?, changingPoster: PaneMove?
    ) {
        let stub = HTTPStub()
        let imageBaseURL = stub.configuration().imageBaseURL
        let posterPaths = (1...10).map(benchPosterPath)
        stub.respond(
            to: trendingPath, query: ["page": "1"],
            with: Fixtures.page(
                1, of: 1,
                Fixtures.movies(1...20).map { movie in
                    var movie = movie
                    movie.posterPath = posterPaths[(movie.id - 1) / 2]
                    return movie
                }))
        for (index, path) in posterPaths.enumerated() {
            guard let url = ImageRequest.poster(at: path).url(imageBaseURL: imageBaseURL) else {
                return (nil, nil)
            }
            stub.respond(to: url.path, with: Fixtures.poster(index % 6 + 1))
        }
        let app = InProcessApp(
            step, stub: stub, width: paneSize.width, height: paneSize.height, images: paneImages)
        defer { app.stop() }
        guard await app.launch(), app.loadedRowCount == 20 else { return (nil, nil) }
        var keeping: [(bytes: Double, images: Int)] = []
        var changing: [(bytes: Double, images: Int)] = []
        var row = 0
        var isFirstPass = true
        while keeping.count < samples || changing.count < samples {
            if row == 10 {
                app.application.send(.home)
                await app.settle()
                row = 0
                isFirstPass = false
            }
            let bytesBefore = app.terminal.bytesWritten
            let imagesBefore = app.terminal.inlineImages.count
            app.application.send(.down)
            await app.settle()
            row += 1
            // The pane must show the new row's poster, or there is nothing to measure.
            guard app.terminal.pictures.map(\.source) == [posterPaths[row / 2]] else {
                return (nil, nil)
            }
            guard !isFirstPass else { continue }
            let sample = (
                Double(app.terminal.bytesWritten - bytesBefore),
                app.terminal.inlineImages.count - imagesBefore
            )
            if row.isMultiple(of: 2) {
                changing.append(sample)
            } else {
                keeping.append(sample)
            }
        }
        func move(_ samples: [(bytes: Double, images: Int)]) -> PaneMove? {
            guard let fewest = samples.map(\.images).min(), let most = samples.map(\.images).max()
            else { return nil }
            return PaneMove(bytes: Summary(samples.map(\.bytes)), images: fewest...most)
        }
        return (move(keeping), move(changing))
    }

    // MARK: Detail

    static let detailDelay = Duration.milliseconds(200)
    static let videosDelay = Duration.milliseconds(300)

    /// From Enter to the settled detail screen while detail takes 200 ms and videos 300 ms.
    static func detailReady(_ step: Step, runs: Int) async -> Summary? {
        let stub = HTTPStub()
        stub.respond(
            to: trendingPath, query: ["page": "1"],
            with: Fixtures.page(1, of: 1, Fixtures.movies(1...20)))
        stub.respond(
            to: "/3/movie/1",
            with: Fixtures.detail(Fixtures.Detail(id: 1, title: "Bench Detail"), delay: detailDelay)
        )
        stub.respond(
            to: "/3/movie/1/videos",
            with: Fixtures.videos(id: 1, [Fixtures.Video(key: "bench-key")], delay: videosDelay))
        let app = InProcessApp(step, stub: stub)
        defer { app.stop() }
        guard await app.launch() else { return nil }
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            app.application.send(.enter)
            let isSettled = await app.settle()
            let elapsed = start.duration(to: clock.now)
            guard isSettled, app.terminal.rows.contains(where: { $0.contains("Bench Detail") })
            else { return nil }
            samples.append(elapsed.milliseconds)
            app.application.send(.character("b"))
            await app.settle()
        }
        return Summary(samples)
    }

    /// From the frame that first shows the detail to the frame that first shows its poster,
    /// on sample data (zero latency), the poster not in memory yet: each run a fresh app, as
    /// a first launch is (P1). One unmeasured run first.
    static func posterAfterDetail(_ step: Step, runs: Int) async -> Summary? {
        var samples: [Double] = []
        for run in 0...runs {
            let app = InProcessApp(step)
            defer { app.stop() }
            guard await app.launch() else { return nil }
            app.application.send(.enter)
            let detailShows = await app.application.waitUntil(timeout: .seconds(10)) {
                app.terminal.rows.contains { $0.contains("Cast") }
            }
            let shownAt = clock.now
            let posterShows = await app.application.waitUntil(timeout: .seconds(10)) {
                !app.terminal.pictures.isEmpty
            }
            let elapsed = shownAt.duration(to: clock.now)
            guard detailShows, posterShows else { return nil }
            if run > 0 {
                samples.append(elapsed.milliseconds)
            }
        }
        return Summary(samples)
    }

    // MARK: Paging

    /// Presses ↓ (waiting for each screen) until 100 movies are loaded, from a stub serving
    /// ten pages of 20, and counts the trending requests.
    static func pagedSession(_ step: Step) async -> PagedSession? {
        let stub = HTTPStub()
        for page in 1...10 {
            stub.respond(
                to: trendingPath, query: ["page": "\(page)"],
                with: Fixtures.page(page, of: 10, Fixtures.movies((page - 1) * 20 + 1...page * 20)))
        }
        let app = InProcessApp(step, stub: stub)
        defer { app.stop() }
        guard await app.launch() else { return nil }
        var presses = 0
        while (app.loadedRowCount ?? 0) < 100 && presses < 500 {
            app.application.send(.down)
            await app.settle()
            presses += 1
        }
        let requests = stub.requests(path: trendingPath)
        return PagedSession(
            trendingRequests: requests.count,
            requestedPages: requests.compactMap { $0.queryItems["page"].flatMap { Int($0) } },
            loadedRows: app.loadedRowCount ?? 0, presses: presses)
    }
}
