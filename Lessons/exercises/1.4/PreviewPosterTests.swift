import Foundation
import ImagePipeline
import MovieLauncher
import StepTestSupport
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

@testable import MVC

/// Lesson 01, exercise 4: the preview pane shows the selected movie's poster and no other,
/// however the posters come back, and a row the selection left stops downloading (P2, P7).
/// The app runs on a virtual terminal 100 columns wide, on a stub that holds each poster
/// until the test lets it go, so the order of the answers is the test's.
/// `swift run lessons check 1.4` runs these against your working copy.
@MainActor
@Suite(.sharingTMDBClient)
struct PreviewPosterTests {
    /// Movie n of a list has the poster "/<list>n.jpg".
    nonisolated static func posterPath(_ list: String, _ number: Int) -> String {
        "/\(list)\(number).jpg"
    }

    /// A stub with a week list (posters /w1…/w4) and a day list (/d1…/d4); each poster is
    /// answered with a sample poster, held by its gate when it has one.
    static func stub(gates: [String: StubGate]) -> HTTPStub {
        let stub = HTTPStub()
        for (window, list) in [("week", "w"), ("day", "d")] {
            stub.respond(
                to: "/3/trending/movie/\(window)", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1,
                    (1...4).map {
                        Fixtures.Movie(
                            id: list == "w" ? $0 : 10 + $0, title: "Movie \(list)\($0)",
                            posterPath: posterPath(list, $0))
                    }))
            for number in 1...4 {
                let path = posterPath(list, number)
                let poster = Fixtures.poster(number)
                stub.respond(
                    to: requestPath(path, stub),
                    with: gates[path].map { poster.held(by: $0) } ?? poster)
            }
        }
        return stub
    }

    nonisolated static func requestPath(_ posterPath: String, _ stub: HTTPStub) -> String {
        ImageRequest.poster(at: posterPath).url(imageBaseURL: stub.configuration().imageBaseURL)?
            .path ?? ""
    }

    /// The app on `stub`, started on a virtual terminal wide enough for the pane, and the
    /// image pipeline it loads its posters with.
    static func start(_ stub: HTTPStub, clock: TestClock = TestClock()) -> (
        Application, VirtualTerminal, ImagePipeline
    ) {
        let client = TMDBClient(
            configuration: stub.configuration(), session: stub.session, retryPolicy: .immediate)
        let pipeline = ImagePipeline(client: client)
        let app = App(client: client, imageLoader: pipeline, timeWindow: .week, clock: clock)
        let terminal = VirtualTerminal(width: 100, height: 30)
        terminal.keepsFrames = true
        let application = Application(
            rootViewController: app.makeRootViewController(), terminal: terminal,
            help: MovieApp.help(for: client.configuration))
        application.start()
        return (application, terminal, pipeline)
    }

    /// The poster in the pane now, by its path; nil when the pane shows none.
    static func shownPoster(_ terminal: VirtualTerminal) -> String? {
        terminal.pictures.first?.source
    }

    /// Whether a screen, not only the fetching ahead, waits for a poster now.
    static func paneHasAsked(_ pipeline: ImagePipeline) async -> Bool {
        await eventually(timeout: .seconds(5)) { pipeline.activity.waiters > 0 }
    }

    /// Whether every request for `posterPath` has ended: answered or cancelled.
    static func hasEnded(_ posterPath: String, _ stub: HTTPStub) async -> Bool {
        await stub.waitUntil(timeout: .seconds(2)) { stub in
            let requests = stub.requests(path: requestPath(posterPath, stub))
            return !requests.isEmpty && requests.allSatisfy { $0.finishedAt != nil }
        }
    }

    /// Frames that showed a poster other than their selected row's: "row 3 showed /w2.jpg".
    static func wrongFrames(_ terminal: VirtualTerminal, list: String) -> [String] {
        terminal.frames.compactMap { rows, pictures in
            let words = rows.first?.split(separator: " ") ?? []
            guard words.count >= 3, words[words.count - 2] == "/",
                let row = Int(words[words.count - 3])
            else { return nil }
            let wrong = pictures.compactMap(\.source).filter { $0 != posterPath(list, row) }
            return wrong.first.map { "row \(row) showed \($0)" }
        }
    }

    @Test("posters answered in reverse: the pane never shows the poster of a row you left")
    func postersInReverse() async {
        let gates = [Self.posterPath("w", 2): StubGate(), Self.posterPath("w", 3): StubGate()]
        let stub = Self.stub(gates: gates)
        let (application, terminal, _) = Self.start(stub)
        #expect(await application.waitUntilSettled(timeout: .seconds(5)))
        application.send(.down)
        #expect(
            await stub.waitUntil(timeout: .seconds(5)) { stub in
                !stub.requests(path: Self.requestPath(Self.posterPath("w", 2), stub)).isEmpty
            }, "row 2's poster was never asked for")
        application.send(.down)
        #expect(
            await stub.waitUntil(timeout: .seconds(5)) { stub in
                !stub.requests(path: Self.requestPath(Self.posterPath("w", 3), stub)).isEmpty
            }, "row 3's poster was never asked for")
        gates[Self.posterPath("w", 3)]?.open()
        #expect(
            await application.waitUntil(timeout: .seconds(5)) {
                Self.shownPoster(terminal) == Self.posterPath("w", 3)
            }, "row 3's poster never showed in the pane")
        // Row 2's answer, if it is still wanted, comes after row 3's; give it time to show.
        gates[Self.posterPath("w", 2)]?.open()
        _ = await Self.hasEnded(Self.posterPath("w", 2), stub)
        _ = await application.waitUntil(timeout: .milliseconds(500)) {
            Self.shownPoster(terminal) != Self.posterPath("w", 3)
        }

        let wrong = Self.wrongFrames(terminal, list: "w")
        #expect(
            wrong.isEmpty,
            "the pane showed the poster of a row you had left: \(wrong.prefix(3).joined(separator: ", "))"
        )
        #expect(Self.shownPoster(terminal) == Self.posterPath("w", 3))
    }

    @Test("moving on stops the download of the row you left (P7)")
    func movingOnCancelsTheDownload() async {
        let gate = StubGate()
        let stub = Self.stub(gates: [Self.posterPath("w", 2): gate])
        defer { gate.open() }
        let (application, _, pipeline) = Self.start(stub)
        #expect(await application.waitUntilSettled(timeout: .seconds(5)))
        application.send(.down)
        #expect(
            await stub.waitUntil(timeout: .seconds(5)) { stub in
                !stub.requests(path: Self.requestPath(Self.posterPath("w", 2), stub)).isEmpty
            }, "row 2's poster was never asked for")
        // Row 2's poster was fetched ahead from the start; wait until the pane's own request
        // has joined that download, or moving on would only cancel the fetch ahead.
        #expect(
            await Self.paneHasAsked(pipeline), "the pane never asked for row 2's poster")
        application.send(.down)

        #expect(
            await Self.hasEnded(Self.posterPath("w", 2), stub),
            "the poster of a row you left is still downloading 2 s after you moved on")
    }

    @Test("a cancelled load leaves the poster of the row you came back to")
    func aCancelledLoadLeavesThePane() async {
        let gate = StubGate()
        let stub = Self.stub(gates: [Self.posterPath("w", 3): gate])
        defer { gate.open() }
        let (application, terminal, _) = Self.start(stub)
        #expect(await application.waitUntilSettled(timeout: .seconds(5)))
        application.send(.down)
        #expect(await application.waitUntilSettled(timeout: .seconds(5)))
        #expect(Self.shownPoster(terminal) == Self.posterPath("w", 2))
        application.send(.down)
        #expect(
            await stub.waitUntil(timeout: .seconds(5)) { stub in
                !stub.requests(path: Self.requestPath(Self.posterPath("w", 3), stub)).isEmpty
            }, "row 3's poster was never asked for")
        application.send(.up)
        _ = await Self.hasEnded(Self.posterPath("w", 3), stub)
        _ = await application.waitUntil(timeout: .milliseconds(500)) {
            Self.shownPoster(terminal) != Self.posterPath("w", 2)
        }

        #expect(
            Self.shownPoster(terminal) == Self.posterPath("w", 2),
            "back on row 2, its poster was in memory, but a cancelled poster load blanked the pane")
    }

    @Test("after t, the pane never shows the poster of the old list's row")
    func afterTheSwitchTheOldRowsPosterNeverShows() async {
        let gate = StubGate()
        let stub = Self.stub(gates: [Self.posterPath("w", 1): gate])
        let (application, terminal, _) = Self.start(stub)
        #expect(
            await stub.waitUntil(timeout: .seconds(5)) { stub in
                !stub.requests(path: Self.requestPath(Self.posterPath("w", 1), stub)).isEmpty
            }, "row 1's poster was never asked for")
        application.send(.character("t"))
        #expect(
            await application.waitUntil(timeout: .seconds(5)) {
                Self.shownPoster(terminal) == Self.posterPath("d", 1)
            }, "the day list's row 1 never showed its poster")
        gate.open()
        _ = await Self.hasEnded(Self.posterPath("w", 1), stub)
        _ = await application.waitUntil(timeout: .milliseconds(500)) {
            Self.shownPoster(terminal) != Self.posterPath("d", 1)
        }

        #expect(
            Self.shownPoster(terminal) == Self.posterPath("d", 1),
            "after t the pane showed \(Self.shownPoster(terminal) ?? "nothing"), the poster of the old list's row 1, not the new one's"
        )
    }

    @Test("in the search results too, moving on stops the download of the row you left")
    func theSearchResultsCancelTheirDownloadToo() async {
        let gate = StubGate()
        let stub = Self.stub(gates: [Self.posterPath("s", 2): gate])
        defer { gate.open() }
        stub.respond(
            to: "/3/search/movie", query: ["query": "dune", "page": "1"],
            with: Fixtures.page(
                1, of: 1,
                (1...4).map {
                    Fixtures.Movie(
                        id: 20 + $0, title: "Dune s\($0)", posterPath: Self.posterPath("s", $0))
                }))
        for number in 1...4 {
            let path = Self.posterPath("s", number)
            let poster = Fixtures.poster(number)
            stub.respond(
                to: Self.requestPath(path, stub),
                with: number == 2 ? poster.held(by: gate) : poster)
        }
        let clock = TestClock()
        let (application, terminal, pipeline) = Self.start(stub, clock: clock)
        #expect(await application.waitUntilSettled(timeout: .seconds(5)))
        application.send(.character("/"))
        for character in "dune" {
            application.send(.character(character))
        }
        // The search waits 300 ms on the app's clock before it sends the query.
        #expect(
            await eventually(timeout: .seconds(5)) { clock.nextDeadline != nil },
            "typing “dune” started no 300 ms wait")
        if let deadline = clock.nextDeadline {
            clock.advance(to: deadline)
        }
        #expect(
            await application.waitUntil(timeout: .seconds(5)) {
                Self.shownPoster(terminal) == Self.posterPath("s", 1)
            }, "the first result's poster never showed in the pane")
        // The first ↓ leaves the search bar for the results; the second moves to row 2.
        application.send(.down)
        application.send(.down)
        #expect(
            await stub.waitUntil(timeout: .seconds(5)) { stub in
                !stub.requests(path: Self.requestPath(Self.posterPath("s", 2), stub)).isEmpty
            }, "the second result's poster was never asked for")
        #expect(
            await Self.paneHasAsked(pipeline),
            "the pane never asked for the second result's poster")
        application.send(.down)

        #expect(
            await Self.hasEnded(Self.posterPath("s", 2), stub),
            "in the search results, the poster of a row you left is still downloading 2 s after you moved on"
        )
    }
}
