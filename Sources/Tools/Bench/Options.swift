import Steps

/// What the command line asked for.
struct BenchOptions {
    /// Runs of each quick measurement; the slow ones (a process, a 300 ms screen) use fewer.
    var runs = 15
    var isSoak = false
    var soakKeys = 100_000
    var seed: UInt64 = 2_024
    /// The steps to measure, in `Step.all` order.
    var steps = Step.all
    var wantsHelp = false
    /// `--owned-memory NAME`: only load `movies` into that step and report the memory owned.
    var ownedMemoryStep: Step?
    /// `--suite`: time the package's test suite instead of measuring the steps.
    var isSuite = false
    /// `--decode`: time the poster decoder instead of measuring the steps.
    var isDecode = false
    /// Whether `--runs` was given, since `--suite` runs 5 times unless it was.
    var isRunsGiven = false
    var movies = 10_000
    /// `--browsed-posters N`: for `--owned-memory`, the rows then browsed with the pane on.
    var browsedPosters = 0
    /// TMDB serves at most 500 pages of 20 (T8), so the app never loads more.
    static let maximumMovies = 10_000

    static let usage = """
        USAGE: bench [--runs N] [--step NAME]...
               bench --soak [--keys N] [--seed N] [--step NAME]...
               bench --decode [--runs N]
               bench --posters
               bench --suite [--runs N]
               bench --owned-memory NAME [--movies N] [--browsed-posters N]
               bench --poster-owned-memory

        Measures every step of the course against its speed and size budgets and
        prints Markdown tables: one column per step, then the posters' rows. The
        budgets, the figures of a run and how they are measured are in
        Sources/Tools/Bench/README.md. Build everything in release first, so that
        the step commands sit next to the bench:
        swift build -c release && swift run -c release bench

        OPTIONS:
          --runs N       runs of each quick measurement (default 15; process and
                         detail measurements use about a third, at least 3)
          --step NAME    measure only this step (mvc, mvvm, …); repeatable
          --soak         type random keys against each step in-process and check
                         that resident memory stops growing; exit 1 if it does not
          --keys N       keys per step for --soak (default 100000, at least 100)
          --seed N       seed of the soak's key sequence (default 2024)
          --decode       time the poster decoder on w154 and w342 posters, at 1/8
                         and full size, beside djpeg where it is installed; exit 1
                         if a budget is missed (run it in the package root)
          --posters      print only the posters' rows: the memory owned with 200
                         posters through the image pipeline, and the requests when
                         50 rows are scrolled past twice; given alone
          --suite        run `swift test --skip-build` in the package root --runs
                         times in a row (default 5) and print its wall time against
                         the budget; build the tests first (swift build --build-tests)
          --owned-memory NAME
                         load --movies N into one step in-process, print the memory
                         this process owns and exit; the bench runs it in a fresh
                         process for each step
          --movies N     movies for --owned-memory, 1 to 10000 (default 10000),
                         loaded as the app loads them, in pages of 20
          --browsed-posters N
                         for --owned-memory: once the movies are loaded, widen the
                         screen to 120×35, where the list shows its preview pane,
                         and move the selection over the first N rows, each with a
                         poster of its own (default 0: no posters, 80×24)
          --poster-owned-memory
                         send 200 posters through the image pipeline, print the
                         memory this process owns before and after and exit; the
                         posters' rows run it in a fresh process
          -h, --help     show this help
        """

    /// Parses `arguments` (without the command); a bad one throws a one-line message.
    static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchOptions {
        var options = BenchOptions()
        var chosenSteps: [Step] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(BenchUsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw BenchUsageError(message: "\(name) needs a value")
                }
                return next
            }
            func number(atLeast minimum: Int) throws(BenchUsageError) -> Int {
                let text = try value()
                guard let number = Int(text), number >= minimum else {
                    throw BenchUsageError(
                        message:
                            "\(name) expects a whole number of at least \(minimum), not '\(text)'")
                }
                return number
            }
            func step() throws(BenchUsageError) -> Step {
                let command = try value()
                guard let step = Step.all.first(where: { $0.command == command }) else {
                    let known = Step.all.map(\.command).joined(separator: ", ")
                    throw BenchUsageError(message: "unknown step '\(command)' (known: \(known))")
                }
                return step
            }
            switch name {
            case "-h", "--help":
                options.wantsHelp = true
            case "--soak":
                options.isSoak = true
            case "--runs":
                options.runs = try number(atLeast: 1)
                options.isRunsGiven = true
            case "--suite":
                options.isSuite = true
            case "--decode":
                options.isDecode = true
            case "--keys":
                options.soakKeys = try number(atLeast: 100)
            case "--seed":
                options.seed = UInt64(try number(atLeast: 0))
            case "--step":
                chosenSteps.append(try step())
            case "--owned-memory":
                options.ownedMemoryStep = try step()
            case "--browsed-posters":
                options.browsedPosters = try number(atLeast: 0)
            case "--movies":
                options.movies = try number(atLeast: 1)
                guard options.movies <= maximumMovies else {
                    throw BenchUsageError(
                        message: "--movies must be at most \(maximumMovies) "
                            + "(TMDB serves at most 500 pages of 20)")
                }
            default:
                throw BenchUsageError(
                    message: argument.hasPrefix("-")
                        ? "unknown option '\(name)'" : "unexpected argument '\(argument)'")
            }
        }
        guard options.browsedPosters <= options.movies else {
            throw BenchUsageError(message: "--browsed-posters must be at most --movies")
        }
        if !chosenSteps.isEmpty {
            options.steps = Step.all.filter { step in
                chosenSteps.contains { $0.number == step.number }
            }
        }
        return options
    }
}

/// A command-line mistake, said in one line.
struct BenchUsageError: Error {
    var message: String
}
