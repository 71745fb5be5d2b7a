import Foundation
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    @Suite("Monkey")
    @MainActor
    struct Monkey {
        nonisolated static let seeds: [UInt64] = [0x5EED_0001, 0x5EED_0002]

        /// Random keys, failures and delays; after every key the screen must still be sound.
        @Test(
            "T3 T6 T7 E1 E3: 1,000 random keys per seed, checked after every key",
            arguments: Step.all, seeds)
        func randomKeysNeverBreakTheScreen(step: Step, seed: UInt64) async {
            var random = SeededGenerator(seed: seed)
            let stub = HTTPStub()
            scriptRandomAnswers(on: stub, using: &random)
            let app = AppDriver(step, stub: stub)
            await app.launch()

            // A reload (t, r) may legitimately ask for page 1 again while the old page 1 is
            // still on its way, so requests are compared only within one reload: from the
            // first settled screen after the key until the next reload.
            var epochStart: Int? = 0
            for index in 0..<1_000 {
                let key = Self.keys.randomElement(using: &random) ?? .down
                if key == .character("t") || key == .character("r") {
                    epochStart = nil
                }
                if index % 97 == 0 {
                    app.terminal.resize(
                        width: Int.random(in: 30...120, using: &random),
                        height: Int.random(in: 8...40, using: &random))
                    await app.settle()
                }
                app.application.send(key)
                if !app.application.isRunning {
                    break
                }
                let settles = Int.random(in: 0..<8, using: &random) == 0
                if settles {
                    await app.settle()
                } else {
                    app.application.displayIfNeeded()
                }
                if settles && epochStart == nil {
                    epochStart = stub.requests.count
                }
                checkScreen(app, after: index, isSettled: settles)
                if let epochStart {
                    checkRequests(stub, since: epochStart, after: index)
                }
            }
        }

        nonisolated static let keys: [Key] =
            Array(repeating: .down, count: 12) + Array(repeating: .character("j"), count: 4) + [
                .up, .up, .character("k"), .pageDown, .pageDown, .pageUp, .home, .end, .end,
                .character("g"),
                .character("G"), .enter, .enter, .character("b"), .escape, .backspace, .left,
                .character("t"),
                .character("r"), .character("?"), .right, .tab, .character("x"),
            ]

        /// Every trending page and every sample movie answer with sample data after a short
        /// random delay, or fail now and then.
        func scriptRandomAnswers(on stub: HTTPStub, using random: inout SeededGenerator) {
            func answers() -> [StubResponse] {
                (0..<40).map { _ in
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0: .tmdbError(statusCode: 500, code: 11, message: "Internal error.")
                    case 1: .failure(.notConnectedToInternet)
                    default:
                        .sampleData(delay: .milliseconds(Int.random(in: 0...15, using: &random)))
                    }
                }
            }
            for timeWindow in TimeWindow.allCases {
                for page in 1...3 {
                    stub.respond(
                        to: "/3/trending/movie/\(timeWindow.rawValue)", query: ["page": "\(page)"],
                        withSequence: answers())
                }
            }
            stub.setDefaultDelay(.milliseconds(2))
        }

        /// Between settles a step may still be passing the last keys to its view model, so
        /// the header's position is compared with the rows only on a settled screen.
        func checkScreen(_ app: AppDriver, after index: Int, isSettled: Bool) {
            let rows = app.rows
            let size = (width: app.terminal.size.width, height: app.terminal.size.height)
            #expect(rows.count <= size.height, "key \(index): too many rows")
            for row in rows where row.displayWidth > size.width {
                Issue.record("key \(index): row wider than \(size.width): \(row)")
            }
            guard let header = rows.first, header.contains("Trending movies"), size.width >= 40,
                size.height >= 10
            else { return }
            // List rows start with a right-aligned rank; ranks are continuous and titles unique.
            let listRows = rows.dropFirst().dropLast().filter {
                $0.prefix(5).trimmingCharacters(in: .whitespaces).allSatisfy(\.isNumber)
                    && !$0.prefix(5).trimmingCharacters(in: .whitespaces).isEmpty
            }
            let ranks = listRows.compactMap {
                Int($0.prefix(5).trimmingCharacters(in: .whitespaces))
            }
            for (previous, next) in zip(ranks, ranks.dropFirst()) where next != previous + 1 {
                Issue.record("key \(index): ranks jump from \(previous) to \(next)")
            }
            let titles = listRows.map { String($0.dropFirst(6).prefix(20)) }
            if Set(titles).count != titles.count {
                Issue.record("key \(index): a movie is shown twice: \(titles)")
            }
            // The selected rank (header "12 / 60") is on screen.
            if isSettled, let position = header.split(separator: " ").suffix(3).first,
                let selected = Int(position),
                let first = ranks.first, let last = ranks.last, !(first...last).contains(selected)
            {
                Issue.record(
                    "key \(index): selection \(selected) not visible in \(first)...\(last)")
            }
        }

        /// T6: within one reload, a page is never requested while it is in flight or after it arrived.
        func checkRequests(_ stub: HTTPStub, since epochStart: Int, after index: Int) {
            let requests = stub.requests.dropFirst(epochStart).filter {
                $0.path.hasPrefix("/3/trending")
            }
            var seen: [String: RecordedRequest] = [:]
            for request in requests {
                let page = request.path + "?" + (request.queryItems["page"] ?? "")
                if let earlier = seen[page],
                    earlier.finishedAt.map({ request.startedAt < $0 }) ?? true
                {
                    Issue.record("key \(index): \(page) requested again while in flight")
                }
                seen[page] = request
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing seed fails the same way again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE5_E4B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
