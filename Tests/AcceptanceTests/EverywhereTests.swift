import Foundation
import MovieLauncher
import MovieUI
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    @Suite("Everywhere")
    @MainActor
    struct Everywhere {
        @Test("E1: a response for a screen the user has left never shows", arguments: Step.all)
        func lateDetailIsIgnored(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1,
                    [Fixtures.Movie(id: 1, title: "Alpha"), Fixtures.Movie(id: 2, title: "Beta")]))
            var alpha = Fixtures.Detail(id: 1, title: "Alpha")
            alpha.tagline = "Alpha's tagline."
            var beta = Fixtures.Detail(id: 2, title: "Beta")
            beta.tagline = "Beta's tagline."
            stub.respond(
                to: "/3/movie/1", with: Fixtures.detail(alpha, delay: .milliseconds(300)))
            stub.respond(
                to: "/3/movie/1/videos", with: Fixtures.videos(id: 1, [], delay: .milliseconds(300))
            )
            stub.respond(
                to: "/3/movie/2", with: Fixtures.detail(beta))
            let app = AppDriver(step, stub: stub)
            await app.launch()

            await app.paste([.enter, .character("b"), .down, .enter])
            #expect(app.rows[0].hasPrefix("Beta"))
            #expect(app.screen.contains("Beta's tagline."))
            await app.waitForStubbedResponses()
            #expect(app.rows[0].hasPrefix("Beta"))
            #expect(app.screen.contains("Beta's tagline."))
            #expect(!app.screen.contains("Alpha"))
        }

        @Test(
            "E1: a page for a window the user switched away from never shows", arguments: Step.all)
        func supersededPageIsIgnored(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1, [Fixtures.Movie(id: 1, title: "Weekly Pick")],
                    delay: .milliseconds(300)))
            stub.respond(
                to: "/3/trending/movie/day", query: ["page": "1"],
                with: Fixtures.page(1, of: 1, [Fixtures.Movie(id: 2, title: "Daily Pick")]))
            let app = AppDriver(step, stub: stub)
            app.application.start()
            app.pressQuickly([.character("t")])
            await app.settle()
            #expect(app.screen.contains("Daily Pick"))

            await app.waitForStubbedResponses()
            #expect(app.screen.contains("Daily Pick"))
            #expect(!app.screen.contains("Weekly Pick"))
            #expect(app.rows[0].contains("today"))
        }

        @Test(
            "E1 T11 T10: Enter right after a reload opens the row in view, and back shows the new list from the top",
            arguments: Step.all)
        func enterDuringAReloadOpensTheRowInView(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(1, of: 1, [Fixtures.Movie(id: 1, title: "Weekly Pick")]))
            stub.respond(
                to: "/3/trending/movie/day", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1, [Fixtures.Movie(id: 2, title: "Daily Pick")],
                    delay: .milliseconds(200)))
            stub.respond(
                to: "/3/movie/1",
                with: Fixtures.detail(Fixtures.Detail(id: 1, title: "Weekly Pick")))
            let app = AppDriver(step, stub: stub)
            await app.launch()

            app.pressQuickly([.character("t"), .enter])
            await app.settle()
            #expect(app.rows[0].hasPrefix("Weekly Pick"), "the row on screen was opened")
            #expect(stub.requests(path: "/3/movie/2").isEmpty)
            await app.press(.character("b"))
            #expect(app.rows[0].hasPrefix("Trending movies · today"))
            #expect(app.rows[0].hasSuffix("1 / 1"))
            #expect(app.screen.contains("Daily Pick"))
            #expect(!app.screen.contains("Weekly Pick"))
        }

        @Test("E2: ? shows every key, the data source and TMDB's notice", arguments: Step.all)
        func helpScreen(step: Step) async {
            let app = AppDriver(step, height: 30)
            await app.launch()
            await app.press(.character("?"))

            let screen = app.screen
            for key in ["Enter", "PgUp", "Home", "Esc", "t", "r", "q"] {
                #expect(screen.contains(key), "help lists \(key)")
            }
            #expect(screen.contains("TMDB"))
            #expect(
                screen.contains(
                    "This product uses the TMDB API but is not endorsed or certified by TMDB."))
            await app.press(.character("x"), .down, .enter)
            #expect(app.application.isShowingHelp, "only ?, Esc and q close the help")
            await app.press(.escape)
            #expect(app.rows[0].contains("Trending movies"))
            #expect(app.rows[0].hasSuffix("1 / 38"), "the keys on the help moved nothing")
            #expect(!app.screen.contains("not endorsed"))
        }

        @Test(
            "E2: on a 40×10 screen the help scrolls to every key, the data source and TMDB's notice; ?, Esc and q close it",
            arguments: Step.all)
        func helpScrollsOnASmallScreen(step: Step) async throws {
            let app = AppDriver(step, width: 40, height: 10)
            await app.launch()
            await app.press(.character("?"))
            #expect(app.rows[0] == "Keys")
            #expect(app.rows[8] == "↓ more", "the last row says more follows")
            #expect(app.rows[9] == "↑↓ PgUp PgDn scroll · ? Esc q close")

            await app.press(.down)
            #expect(app.rows[0] == "", "↓ scrolled a line")
            await app.press(.up)
            #expect(app.rows[0] == "Keys")

            // Page down to the end, keeping every row that showed.
            var seen = app.rows
            var previous: [String] = []
            while app.rows != previous, seen.count < 200 {
                previous = app.rows
                await app.press(.pageDown)
                seen += app.rows
            }
            #expect(app.rows[8] != "↓ more", "the end: nothing more follows")
            for row in app.rows {
                #expect(row.displayWidth <= 40, "row too wide: \(row)")
            }
            let help = MovieApp.help(for: app.stub.configuration())
            let shown = seen.map { $0.trimmingCharacters(in: .whitespaces) }
            for entry in help.entries {
                #expect(shown.contains(entry.keys), "\(entry.keys) can be reached")
            }
            let end = app.rows.map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: " ")
            #expect(end.contains("Data: TMDB"))
            #expect(end.contains(MovieApp.attribution))

            await app.press(.pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp)
            #expect(app.rows[0] == "Keys", "PgUp went back to the top")
            await app.press(.end, .home)
            #expect(app.rows[0] == "Keys")

            for close in [Key.character("?"), .escape, .character("q")] {
                #expect(app.application.isShowingHelp)
                await app.press(close)
                #expect(!app.application.isShowingHelp, "\(close) closes the help")
                #expect(app.application.isRunning)
                #expect(app.rows[0].hasSuffix("1 / 20"))
                await app.press(.character("?"))
            }
        }

        @Test(
            "E3: a small terminal says so and the app comes back when it grows", arguments: Step.all
        )
        func tooSmallTerminal(step: Step) async {
            let app = AppDriver(step)
            await app.launch()
            let before = app.rows

            app.terminal.resize(width: 39, height: 12)
            await app.settle()
            #expect(app.screen.contains("Terminal too small"))
            await app.press(.down, .enter)
            app.terminal.resize(width: 80, height: 9)
            await app.settle()
            #expect(app.screen.contains("Terminal too small"))

            app.terminal.resize(width: 80, height: 24)
            await app.settle()
            #expect(app.rows == before)
        }

        @Test("E3: resizing lays the screen out again", arguments: Step.all)
        func resizeRelayouts(step: Step) async {
            let app = AppDriver(step, width: 100, height: 30)
            await app.launch()
            app.terminal.resize(width: 50, height: 15)
            await app.settle()
            #expect(app.rows.count <= 15)
            for row in app.rows {
                #expect(row.displayWidth <= 50)
            }
            #expect(app.rows[0].contains("Trending"))
        }

        @Test("E4: q quits from the list", arguments: Step.all)
        func quitFromList(step: Step) async {
            let app = AppDriver(step)
            await app.launch()
            await app.press(.character("q"))
            #expect(!app.application.isRunning)
        }

        @Test(
            "E4: q quits from the detail, Ctrl-C at once", arguments: Step.all,
            [Key.character("q"), .control("c")])
        func quitFromDetail(step: Step, key: Key) async {
            let app = AppDriver(step)
            await app.launch()
            await app.press(.enter)
            app.pressQuickly([key])
            #expect(!app.application.isRunning)
        }

        @Test("E5: a screen left behind is freed", arguments: Step.all)
        func leftScreenIsFreed(step: Step) async throws {
            let app = AppDriver(step)
            await app.launch()
            await app.press(.enter)
            let objects = try ScreenObjects(of: #require(app.topViewController))
            #expect(objects.count >= 1)

            await app.press(.character("b"))
            await app.waitForStubbedResponses()
            #expect(objects.survivors.isEmpty, "still alive: \(objects.survivors)")
        }

        @Test("E6: a 429 is retried, at most twice", arguments: Step.all)
        func rateLimitIsRetried(step: Step) async {
            let stub = HTTPStub()
            let tooMany = StubResponse.tmdbError(
                statusCode: 429, code: 25, message: "Your request count is over the allowed limit.",
                headers: ["Retry-After": "1"])
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                withSequence: [tooMany, tooMany, Fixtures.page(1, of: 1, Fixtures.movies(1...3))])
            let app = AppDriver(step, stub: stub)
            await app.launch()
            #expect(app.screen.contains("Movie 1"))
            #expect(app.pageRequests(page: 1).count == 3)
        }

        /// TMDB's 429, asking for a wait of 2 s.
        static let tooMany = StubResponse.tmdbError(
            statusCode: 429, code: 25, message: "Your request count is over the allowed limit.",
            headers: ["Retry-After": "2"])

        @Test(
            "T10 E6: r while the first page is on its way does nothing: that request is the reload",
            arguments: Step.all)
        func retryWhileTheFirstPageIsOnItsWay(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                withSequence: [Self.tooMany, Fixtures.page(1, of: 1, Fixtures.movies(1...20))])
            let app = AppDriver(step, stub: stub, waitsOutRateLimits: true)
            let countdown = "TMDB is limiting requests; retrying in"
            app.application.start()
            await app.waitForNothingButTime()
            #expect(app.screen.contains("\(countdown) 2 s"))

            app.application.send(.character("r"))
            await app.waitForNothingButTime()

            #expect(app.screen.contains("\(countdown) 2 s"), "the wait goes on, as it was")
            #expect(app.pageRequests(page: 1).count == 1, "no second request")
            app.clock.advance(by: .seconds(1))
            await app.waitForNothingButTime()
            #expect(app.screen.contains("\(countdown) 1 s"))
            await app.settle()
            #expect(app.rows[0].hasSuffix("1 / 20"))
            #expect(app.pageRequests(page: 1).count == 2, "the page, once, after the wait")
        }

        @Test(
            "E6: while a short Retry-After is waited out, each screen counts down, then shows what came",
            arguments: Step.all)
        func rateLimitWaitCountsDown(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                withSequence: [Self.tooMany, Fixtures.page(1, of: 2, Fixtures.movies(1...20))])
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "2"],
                withSequence: [Self.tooMany, Fixtures.page(2, of: 2, Fixtures.movies(21...25))])
            stub.respond(
                to: "/3/movie/1",
                withSequence: [
                    Self.tooMany, Fixtures.detail(Fixtures.Detail(id: 1, title: "Movie 1")),
                ])
            let app = AppDriver(
                step, stub: stub, waitsOutRateLimits: true,
                height: TrendingList.heightFilledByOnePage)
            let countdown = "TMDB is limiting requests; retrying in"

            // The first page: in place of "Loading…".
            app.application.start()
            await app.waitForNothingButTime()
            #expect(app.screen.contains("\(countdown) 2 s"))
            app.clock.advance(by: .seconds(1))
            await app.waitForNothingButTime()
            #expect(app.screen.contains("\(countdown) 1 s"))
            await app.settle()
            #expect(app.rows[0].hasSuffix("1 / 20"))
            #expect(!app.screen.contains(countdown), "the list, and no countdown left")

            // The next page: in place of "Loading more…", the list still usable.
            app.application.send(.end)
            await app.waitForNothingButTime()
            #expect(app.rows.last?.contains("\(countdown) 2 s") == true)
            #expect(app.rows[0].hasSuffix("20 / 20"))
            await app.settle()
            #expect(app.rows[0].hasSuffix("20 / 25"))
            #expect(app.rows.last?.contains(countdown) == false)

            // The detail.
            app.application.send(.home)
            app.application.send(.enter)
            await app.waitForNothingButTime()
            #expect(app.screen.contains("\(countdown) 2 s"))
            await app.settle()
            #expect(app.screen.contains("Cast"))
            #expect(!app.screen.contains(countdown))
            #expect(app.pageRequests(page: 1).count == 2)
            #expect(app.pageRequests(page: 2).count == 2)
        }

        /// Writes over every row of the screen, as a background job or `wall` would.
        private func scribbleOverTheScreen(_ app: AppDriver) {
            for row in 1...app.terminal.size.height {
                app.terminal.write(Array("\u{1B}[\(row);1H\u{1B}[Kscribbled over \(row)".utf8))
            }
        }

        @Test(
            "E9: Ctrl-L draws the whole screen again after another program wrote over it",
            arguments: Step.all)
        func controlLRepaintsTheScreen(step: Step) async {
            let app = AppDriver(step)
            await app.launch()
            await app.press(.down, .down)
            let screen = app.rows
            scribbleOverTheScreen(app)
            #expect(app.rows != screen)

            await app.press(.control("l"))

            #expect(app.rows == screen, "every row written again")
            let frame = String(decoding: app.terminal.lastWrite, as: UTF8.self)
            #expect(frame.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"), "the screen cleared first")
            #expect(app.rows[0].hasSuffix("3 / 38"), "Ctrl-L moved nothing")
        }

        @Test(
            "E9: Ctrl-L repaints from the search field, the detail and the help alike, typing nothing",
            arguments: Step.all)
        func controlLRepaintsEveryScreen(step: Step) async {
            let app = AppDriver(step)
            await app.launch()
            let screens: [[Key]] = [
                [.character("/"), .character("s")], [.escape, .enter], [.character("?")],
            ]
            for keys in screens {
                for key in keys { await app.press(key) }
                let screen = app.rows
                scribbleOverTheScreen(app)
                await app.press(.control("l"))
                #expect(app.rows == screen, "after \(keys)")
            }
            #expect(app.application.isShowingHelp, "Ctrl-L did not close the help")
        }
    }
}

/// Weak references to the view controller, view models and coordinators of one screen,
/// found by reflection so that the same check fits every step (E5).
@MainActor
struct ScreenObjects {
    private final class WeakBox {
        weak var object: AnyObject?
        let name: String
        init(_ object: AnyObject) {
            self.object = object
            self.name = String(describing: type(of: object))
        }
    }

    private let boxes: [WeakBox]

    init(of viewController: ViewController) {
        var boxes = [WeakBox(viewController)]
        for child in Mirror(reflecting: viewController).children {
            let value = child.value as AnyObject
            let name = String(describing: type(of: value))
            if type(of: child.value) is AnyClass,
                ["ViewController", "ViewModel", "Coordinator"].contains(where: name.hasSuffix)
            {
                boxes.append(WeakBox(value))
            }
        }
        self.boxes = boxes
    }

    var count: Int { boxes.count }

    /// The names of the objects that are still alive.
    var survivors: [String] { boxes.filter { $0.object != nil }.map(\.name) }
}
