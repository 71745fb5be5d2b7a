import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    @Suite("Movie detail")
    @MainActor
    struct MovieDetail {
        /// A list of three movies; movie 1 has the detail and videos given.
        func stub(
            detail: Fixtures.Detail = Fixtures.Detail(id: 1, title: "Dune: Part Two"),
            detailDelay: Duration = .zero,
            videos: StubResponse = Fixtures.videos(id: 1, [Fixtures.Video(key: "Way9Dexny3w")])
        ) -> HTTPStub {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1,
                    [
                        Fixtures.Movie(id: 1, title: "Dune: Part Two"),
                        Fixtures.Movie(id: 2, title: "Civil War"),
                        Fixtures.Movie(id: 3, title: "Challengers"),
                    ]))
            stub.respond(to: "/3/movie/1", with: Fixtures.detail(detail, delay: detailDelay))
            stub.respond(to: "/3/movie/1/videos", with: videos)
            return stub
        }

        @Test("T11 D1: Enter opens the detail with everything TMDB knows", arguments: Step.all)
        func detailShowsEveryField(step: Step) async {
            let app = AppDriver(step, stub: stub(), height: 30)
            await app.launch()
            await app.press(.enter)

            let screen = app.screen
            #expect(app.rows[0].hasPrefix("Dune: Part Two"))
            #expect(screen.contains("A line under the title."))
            #expect(screen.contains("Science Fiction, Adventure"))
            #expect(screen.contains("2h 19m"))
            #expect(screen.contains("2024-02-27"))
            #expect(screen.contains("★ 8.4 (12,345 votes)"))
            #expect(screen.contains("A short overview written for this test."))
            #expect(screen.contains("Ada One as Pilot"))
            #expect(screen.contains("Ed Five as Cook"))
            #expect(!screen.contains("Flo Six"), "only five top-billed cast")
            #expect(screen.contains("https://www.youtube.com/watch?v=Way9Dexny3w"))
        }

        @Test(
            "D1: the header names the movie, and the text below does not name it again",
            arguments: Step.all)
        func titleIsShownOnce(step: Step) async {
            let app = AppDriver(step, stub: stub(), height: 30)
            await app.launch()
            await app.press(.enter)

            #expect(app.screen.contains("A line under the title."), "the detail is shown")
            #expect(app.rows[0].hasPrefix("Dune: Part Two"))
            #expect(app.rows.filter { $0.contains("Dune: Part Two") }.count == 1)
        }

        @Test("D1: what TMDB does not know is left out or said plainly", arguments: Step.all)
        func missingValuesAreHandled(step: Step) async {
            var detail = Fixtures.Detail(id: 1, title: "Dune: Part Two")
            detail.tagline = ""
            detail.runtime = nil
            detail.voteCount = 0
            detail.voteAverage = 0
            detail.overview = ""
            detail.cast = []
            let app = AppDriver(
                step, stub: stub(detail: detail, videos: Fixtures.videos(id: 1, [])))
            await app.launch()
            await app.press(.enter)

            #expect(app.rows[0].hasPrefix("Dune: Part Two"))
            #expect(app.rows[1].contains("Science Fiction"), "no tagline, no blank line for it")
            #expect(app.screen.contains("no rating"))
            #expect(app.screen.contains("No overview."))
            #expect(!app.screen.contains("0m"))
            #expect(!app.screen.contains("youtube.com"))
        }

        @Test("D1: a runtime of 0 is unknown, not 0m", arguments: Step.all)
        func zeroRuntimeIsOmitted(step: Step) async {
            var detail = Fixtures.Detail(id: 1, title: "Dune: Part Two")
            detail.runtime = 0
            let app = AppDriver(step, stub: stub(detail: detail))
            await app.launch()
            await app.press(.enter)
            #expect(app.screen.contains("Released 2024-02-27"))
            #expect(!app.screen.contains("0m"))
        }

        @Test("D1: the overview wraps to the width by display width", arguments: Step.all)
        func overviewWraps(step: Step) async {
            var detail = Fixtures.Detail(id: 1, title: "기생충")
            detail.overview = String(repeating: "가난한 가족이 부잣집에 스며든다. ", count: 6)
            let app = AppDriver(step, stub: stub(detail: detail), width: 40, height: 30)
            await app.launch()
            await app.press(.enter)

            #expect(app.rows.filter { $0.contains("가난한") }.count >= 3)
            for row in app.rows {
                #expect(row.displayWidth <= 40, "row too wide: \(row)")
            }
        }

        @Test(
            "D1: a cast entry too long for its line wraps with its later lines hanging under its first",
            arguments: Step.all)
        func longCastEntryHangs(step: Step) async throws {
            var detail = Fixtures.Detail(id: 1, title: "Dune: Part Two")
            detail.cast = [
                ("Ada One", "Pilot"),
                ("Bartholomew Longname-Smythe", "The Navigator Who Charts Every Star of the Deep"),
                ("Cy Three", "Engineer"),
            ]
            let app = AppDriver(step, stub: stub(detail: detail), width: 40, height: 30)
            await app.launch()
            await app.press(.enter)

            let first = try #require(app.rows.firstIndex { $0.hasPrefix("  Bartholomew") })
            let later = app.rows[(first + 1)...].prefix { $0.hasPrefix("    ") }
            #expect(later.count >= 1, "\(app.screen)")
            for row in later {
                #expect(row.dropFirst(4).first?.isWhitespace == false, "hangs by 2: \(row)")
            }
            let entry = ([app.rows[first]] + later).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.joined(separator: " ")
            #expect(
                entry
                    == "Bartholomew Longname-Smythe as The Navigator Who Charts Every Star of the Deep"
            )
            #expect(app.rows[first + later.count + 1] == "  Cy Three as Engineer")
            #expect(app.rows.contains("  Ada One as Pilot"))
        }

        @Test(
            "D1: the trailer's address is never broken across lines; where it does not fit it is cut with …",
            arguments: Step.all, [80, 48, 40])
        func trailerAddressStaysWhole(step: Step, width: Int) async {
            let app = AppDriver(step, stub: stub(), width: width, height: 30)
            await app.launch()
            await app.press(.enter)

            let address = "https://www.youtube.com/watch?v=Way9Dexny3w"
            let rows = app.rows.filter { $0.contains("https://") }
            #expect(rows.count == 1, "\(app.screen)")
            let row = rows.first ?? ""
            #expect(row.displayWidth <= width)
            if width >= address.count + "Trailer: ".count {
                #expect(row == "Trailer: " + address)
            } else if width >= address.count {
                #expect(row == address, "the address on a line of its own, whole")
                #expect(app.rows.contains("Trailer:"))
            } else {
                #expect(row == address.prefix(width - 1) + "…")
                #expect(!app.rows.contains { $0.hasPrefix("3w") || $0.hasPrefix("ny3w") })
            }
        }

        @Test(
            "D1 D6: a detail taller than the screen shows that more follows, until its end",
            arguments: Step.all)
        func tallDetailSaysMoreFollows(step: Step) async {
            var detail = Fixtures.Detail(id: 1, title: "Dune: Part Two")
            detail.overview = (1...30).map { "Sentence number \($0) of a long overview." }.joined(
                separator: " ")
            let app = AppDriver(step, stub: stub(detail: detail), width: 40, height: 12)
            await app.launch()
            await app.press(.enter)

            // Rows 1 to 10 are the detail's; 11 is the status line.
            #expect(app.rows[10] == "↓ more")
            #expect(app.rows[11].hasSuffix("q quit"))
            await app.press(.down)
            #expect(app.rows[10] == "↓ more")
            await app.press(.end)
            #expect(app.rows[10] != "↓ more", "at the end nothing more follows")
            #expect(
                app.rows[10].hasPrefix("https://www.youtube.com/watch?v="), "the last line shows")
            await app.press(.home)
            #expect(app.rows[1] == "A line under the title.")
            #expect(app.rows[10] == "↓ more")

            let short = AppDriver(step, stub: stub(), width: 80, height: 30)
            await short.launch()
            await short.press(.enter)
            #expect(!short.screen.contains("↓ more"), "a detail that fits says nothing more")
        }

        @Test("D2: detail and videos are requested at the same time", arguments: Step.all)
        func detailAndVideosRunTogether(step: Step) async throws {
            let app = AppDriver(
                step,
                stub: stub(
                    detailDelay: .milliseconds(200),
                    videos: Fixtures.videos(
                        id: 1, [Fixtures.Video(key: "Way9Dexny3w")], delay: .milliseconds(300))))
            await app.launch()
            await app.press(.enter)

            let detail = try #require(app.stub.requests(path: "/3/movie/1").first)
            let videos = try #require(app.stub.requests(path: "/3/movie/1/videos").first)
            let detailDone = try #require(detail.finishedAt)
            let videosDone = try #require(videos.finishedAt)
            #expect(videos.startedAt < detailDone, "videos started before the detail had answered")
            #expect(
                detail.startedAt < videosDone, "the detail started before the videos had answered")
            #expect(app.screen.contains("watch?v=Way9Dexny3w"))
        }

        @Test("D3: failed videos only remove the trailer line", arguments: Step.all)
        func failedVideosCostOnlyTheTrailer(step: Step) async {
            let app = AppDriver(
                step,
                stub: stub(
                    videos: .tmdbError(statusCode: 500, code: 11, message: "Internal error.")))
            await app.launch()
            await app.press(.enter)
            #expect(app.rows[0].hasPrefix("Dune: Part Two"))
            #expect(app.screen.contains("Ada One as Pilot"))
            #expect(!app.screen.contains("Trailer"))
            #expect(!app.screen.contains("r to retry"))
        }

        @Test(
            "D4: while the detail loads, the bottom line offers no scrolling", arguments: Step.all)
        func loadingDetailOffersNoScrolling(step: Step) async {
            // A 429 first holds the detail back on virtual time, for as long as the test likes.
            let stub = stub()
            stub.respond(
                to: "/3/movie/1",
                withSequence: [
                    .tmdbError(
                        statusCode: 429, code: 25, message: "Your request count is over the limit.",
                        headers: ["Retry-After": "1"]),
                    Fixtures.detail(Fixtures.Detail(id: 1, title: "Dune: Part Two")),
                ])
            let app = AppDriver(step, stub: stub, waitsOutRateLimits: true)
            await app.launch()
            app.application.send(.enter)
            await app.waitForNothingButTime()
            #expect(app.screen.contains("retrying in 1 s"), "the detail is not there yet")
            #expect(app.rows.last == "b back · ? help · q quit")
            await app.settle()
            #expect(app.rows.last == "↑↓ scroll · b back · ? help · q quit")
        }

        @Test("D4: a failed detail says so, r retries and back still works", arguments: Step.all)
        func failedDetailCanBeRetried(step: Step) async {
            let stub = stub()
            stub.respond(
                to: "/3/movie/1",
                withSequence: [
                    .tmdbError(
                        statusCode: 404, code: 34,
                        message: "The resource you requested could not be found."),
                    Fixtures.detail(Fixtures.Detail(id: 1, title: "Dune: Part Two")),
                ])
            let app = AppDriver(step, stub: stub)
            await app.launch()
            await app.press(.enter)
            #expect(app.screen.contains("no such movie"))
            #expect(app.screen.contains("r to retry"))
            // The bottom line names the keys that work here: nothing to scroll yet.
            #expect(app.rows.last == "r retry · b back · ? help · q quit")

            await app.press(.character("r"))
            #expect(app.screen.contains("Ada One as Pilot"))
            #expect(app.rows.last == "↑↓ scroll · b back · ? help · q quit")
            // Once the detail shows, `r` means nothing: it sends no request.
            await app.press(.character("r"))
            #expect(app.screen.contains("Ada One as Pilot"))
            #expect(stub.requests(path: "/3/movie/1").count == 2)
            await app.press(.character("b"))
            #expect(app.rows[0].contains("Trending movies"))

            stub.respond(to: "/3/movie/1", with: .failure(.timedOut))
            await app.press(.enter, .escape)
            #expect(app.rows[0].contains("Trending movies"), "back works from the error too")
        }

        @Test(
            "D5: every back key returns to the same selection and scroll",
            arguments: Step.all, [Key.character("b"), .character("h"), .escape, .backspace, .left])
        func backKeepsSelectionAndScroll(step: Step, back: Key) async {
            let app = AppDriver(step, height: 12)
            await app.launch()
            await app.press(.pageDown, .down, .down)
            let listBefore = app.rows

            await app.press(.enter)
            #expect(app.rows != listBefore)
            await app.press(back)
            #expect(app.rows == listBefore)
        }

        @Test("D6: ↑/↓ scroll a detail taller than the screen", arguments: Step.all)
        func longDetailScrolls(step: Step) async {
            var detail = Fixtures.Detail(id: 1, title: "Dune: Part Two")
            detail.overview = (1...30).map { "Sentence number \($0) of a long overview." }.joined(
                separator: " ")
            let app = AppDriver(step, stub: stub(detail: detail), width: 40, height: 12)
            await app.launch()
            await app.press(.enter)
            let top = app.rows

            await app.press(.down, .down)
            #expect(app.rows != top)
            #expect(!app.screen.contains("A line under the title."), "the first line scrolled away")
            await app.press(.up, .up)
            #expect(app.rows == top)
        }

        nonisolated static let trailerChoices: [([Fixtures.Video], String)] = [
            (
                [
                    Fixtures.Video(key: "teaserOffic", type: "Teaser"),
                    Fixtures.Video(
                        key: "trailerFan1", isOfficial: false,
                        publishedAt: "2024-05-01T00:00:00.000Z"),
                    Fixtures.Video(key: "trailerOld1", publishedAt: "2023-01-01T00:00:00.000Z"),
                    Fixtures.Video(key: "trailerNew1", publishedAt: "2024-02-01T00:00:00.000Z"),
                    Fixtures.Video(
                        key: "vimeoTrail", site: "Vimeo", publishedAt: "2024-06-01T00:00:00.000Z"),
                ], "trailerNew1"
            ),
            (
                [
                    Fixtures.Video(key: "clipOnly111", type: "Clip"),
                    Fixtures.Video(key: "teaserFan11", type: "Teaser", isOfficial: false),
                ], "teaserFan11"
            ),
        ]

        @Test(
            "D7: the official, newest YouTube trailer is chosen", arguments: Step.all,
            trailerChoices.indices)
        func trailerChoice(step: Step, choice: Int) async {
            let (videos, key) = Self.trailerChoices[choice]
            let app = AppDriver(
                step, stub: stub(videos: Fixtures.videos(id: 1, videos)), height: 40)
            await app.launch()
            await app.press(.enter)
            #expect(app.screen.contains("watch?v=\(key)"))
        }
    }
}
