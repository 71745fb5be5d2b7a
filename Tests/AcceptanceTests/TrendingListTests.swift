import Foundation
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Acceptance {
    @Suite("Trending list")
    @MainActor
    struct TrendingList {
        /// A stub whose first page holds the movies given, out of `totalPages`.
        /// A screen that 20 movies fill with none of the last four in view: the header, 15
        /// rows and the status line. A page moves in only when the selection comes near its end.
        static let heightFilledByOnePage = 17

        func stub(page1 movies: [Fixtures.Movie], totalPages: Int = 1) -> HTTPStub {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(1, of: totalPages, movies))
            return stub
        }

        @Test("T1 T2: header and rows", arguments: Step.all)
        func headerAndRowsShowWhatTMDBSent(step: Step) async throws {
            let app = AppDriver(
                step,
                stub: stub(page1: [
                    Fixtures.Movie(
                        id: 1, title: "Dune: Part Two", releaseDate: "2024-02-27", voteAverage: 8.16
                    ),
                    Fixtures.Movie(
                        id: 2, title: "Untitled Sequel", releaseDate: "", voteAverage: 0,
                        voteCount: 0),
                    Fixtures.Movie(
                        id: 3, title: "Civil War", releaseDate: "2024-04-10", voteAverage: 7.0),
                ]))
            await app.launch()

            #expect(app.rows[0].contains("Trending movies"))
            #expect(app.rows[0].contains("this week"))
            #expect(app.rows[0].contains("TMDB"))
            #expect(app.rows[0].hasSuffix("1 / 3"))
            let dune = try #require(app.rows.first { $0.contains("Dune: Part Two") })
            #expect(dune.hasPrefix("    1 "))
            #expect(dune.contains("2024"))
            #expect(dune.hasSuffix("★ 8.2"))
            let sequel = try #require(app.rows.first { $0.contains("Untitled Sequel") })
            #expect(sequel.contains("—"))
            #expect(sequel.hasSuffix("no rating"))
            #expect(app.rows.contains { $0.hasPrefix("    3 Civil War") })
        }

        @Test(
            "T3: titles are cut by display width, no row wider than the terminal",
            arguments: Step.all)
        func longAndWideTitlesFitTheColumn(step: Step) async {
            let long = String(repeating: "Extraordinarily Long Title ", count: 6)
            let korean = String(repeating: "기생충과 괴물의 밤 ", count: 8)
            let app = AppDriver(
                step,
                stub: stub(page1: [
                    Fixtures.Movie(id: 1, title: long), Fixtures.Movie(id: 2, title: korean),
                    Fixtures.Movie(id: 3, title: "Cafe\u{301} Society"),
                ]),
                width: 60)
            await app.launch()

            for row in app.rows {
                #expect(row.displayWidth <= 60, "row too wide: \(row)")
            }
            #expect(
                app.rows.contains { $0.contains("Extraordinarily Long Title") && $0.contains("…") })
            #expect(app.rows.contains { $0.contains("기생충과") && $0.contains("…") })
            #expect(app.rows.contains { $0.contains("Cafe\u{301} Society") })
        }

        @Test(
            "T4: control characters from the API never reach the terminal raw", arguments: Step.all)
        func controlCharactersAreNeutralised(step: Step) async throws {
            let hostile = "Red\u{1B}[2J\u{1B}[31mAlert\u{07}\r\u{9B}Done"
            let app = AppDriver(
                step,
                stub: stub(page1: [
                    Fixtures.Movie(id: 1, title: hostile), Fixtures.Movie(id: 2, title: "Next"),
                ]))
            await app.launch()

            // A raw ESC[2J would have cleared the header; a raw CR would have overwritten the rank.
            #expect(app.rows[0].contains("Trending movies"))
            let row = try #require(app.rows.first { $0.contains("Red") })
            #expect(row.hasPrefix("    1 Red"))
            #expect(row.contains("Alert"))
            #expect(
                !row.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            )
        }

        @Test("T5: keys move the selection and the list keeps it visible", arguments: Step.all)
        func movementKeys(step: Step) async {
            let app = AppDriver(step, stub: stub(page1: Fixtures.movies(1...20)), height: 12)
            await app.launch()
            #expect(app.rows[0].hasSuffix("1 / 20"))

            await app.press(.down, .down, .character("j"))
            #expect(app.rows[0].hasSuffix("4 / 20"))
            await app.press(.up, .character("k"))
            #expect(app.rows[0].hasSuffix("2 / 20"))
            await app.press(.end)
            #expect(app.rows[0].hasSuffix("20 / 20"))
            #expect(app.rows.contains { $0.contains("Movie 20") })
            #expect(!app.rows.contains { $0.contains("Movie 1 ") })
            await app.press(.home)
            #expect(app.rows[0].hasSuffix("1 / 20"))
            #expect(app.rows.contains { $0.contains("Movie 1 ") })
            await app.press(.character("G"))
            #expect(app.rows[0].hasSuffix("20 / 20"))
            await app.press(.character("g"), .pageDown)
            let afterPageDown = app.rows[0]
            #expect(!afterPageDown.hasSuffix("1 / 20"))
            await app.press(.pageUp)
            #expect(app.rows[0].hasSuffix("1 / 20"))
        }

        @Test(
            "T5 T11: Space and Ctrl-F move down a screen, Ctrl-B up, Ctrl-D and Ctrl-U half; → and l open",
            arguments: Step.all)
        func pagingKeysAndOpeningKeys(step: Step) async {
            // Ten rows of list: a screen is 9 rows (one stays in view), half a screen 5.
            let app = AppDriver(step, stub: stub(page1: Fixtures.movies(1...40)), height: 12)
            await app.launch()

            let moves: [(Key, selected: Int, top: Int)] = [
                (.character(" "), 10, 10), (.control("f"), 19, 19), (.control("b"), 10, 10),
                (.control("d"), 15, 15), (.control("u"), 10, 10), (.control("u"), 5, 5),
                (.control("u"), 1, 1), (.control("d"), 6, 6),
            ]
            for (key, selected, top) in moves {
                await app.press(key)
                #expect(app.rows[0].hasSuffix("\(selected) / 40"), "after \(key)")
                #expect(
                    app.rows[1].hasPrefix("   \(top < 10 ? " " : "")\(top) Movie \(top) "),
                    "after \(key): the list scrolls with the selection, as a pager does")
            }

            for key in [Key.right, .character("l")] {
                await app.press(key)
                #expect(app.rows[0].hasPrefix("Movie 6"), "\(key) opened the selected movie")
                await app.press(.character("b"))
                #expect(app.rows[0].hasSuffix("6 / 40"))
            }
        }

        @Test(
            "T5 S1: while the search field has the keys, Space, l and → edit it, Ctrl-U clears it and the list keys do nothing",
            arguments: Step.all)
        func listKeysWaitWhileTheFieldEdits(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...40))
            stub.respond(
                to: "/3/search/movie", with: Fixtures.page(1, of: 1, Fixtures.movies(51...60)))
            let app = AppDriver(step, stub: stub, height: 12)
            await app.launch()
            await app.press(.down, .character("/"))

            await app.press(.character("a"), .character(" "), .character("l"), .left, .right)
            await app.press(.character("x"))
            #expect(app.rows[1] == "Search: a lx")
            await app.press(.control("f"), .control("b"), .control("d"))
            #expect(app.rows[1] == "Search: a lx")
            #expect(app.rows[0].hasSuffix("1 / 10"), "the results did not move")
            await app.press(.control("u"))
            #expect(app.rows[1] == "Search: a title", "Ctrl-U cleared the field")
            #expect(app.rows[0].hasSuffix("2 / 40"), "and moved nothing in the list behind")
            await app.press(.character(" "), .control("d"))
            #expect(app.rows[0].hasSuffix("2 / 40"))
            #expect(app.rows[2].hasPrefix("    1 Movie 1 "), "the list did not scroll")
        }

        @Test(
            "T5: the wheel moves the selection three rows a notch, a click selects a row and a click on it opens it",
            arguments: Step.all)
        func mouseMovesSelectsAndOpens(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...40))
            stub.respond(
                to: "/3/search/movie", with: Fixtures.page(1, of: 1, Fixtures.movies(51...60)))
            let app = AppDriver(step, stub: stub, height: 12)
            await app.launch()
            func mouse(_ kind: MouseEvent.Kind, y: Int) -> Key {
                .mouse(MouseEvent(kind, x: 10, y: y))
            }

            await app.press(mouse(.scrollDown, y: 5), mouse(.scrollDown, y: 5))
            #expect(app.rows[0].hasSuffix("7 / 40"))
            await app.press(mouse(.scrollUp, y: 5))
            #expect(app.rows[0].hasSuffix("4 / 40"))
            // The header is row 0, so the third movie is on row 3.
            await app.press(mouse(.press, y: 3))
            #expect(app.rows[0].hasSuffix("3 / 40"))
            await app.press(mouse(.press, y: 0), mouse(.press, y: 11))
            #expect(app.rows[0].hasSuffix("3 / 40"), "a click on the header or the status line")
            await app.press(mouse(.press, y: 3))
            #expect(app.rows[0].hasPrefix("Movie 3"), "a click on the selected row opened it")
            await app.press(.character("b"))
            #expect(app.rows[0].hasSuffix("3 / 40"))

            // In a search the field has the keys, and the mouse too, until ↓ gives them to
            // the results, which sit under the field.
            await app.press(.character("/"), .character("M"))
            #expect(app.rows[0].hasSuffix("1 / 10"))
            await app.press(mouse(.scrollDown, y: 5), mouse(.press, y: 5))
            #expect(app.rows[0].hasSuffix("1 / 10"))
            #expect(app.rows[1] == "Search: M")
            await app.press(.down, mouse(.scrollDown, y: 5))
            #expect(app.rows[0].hasSuffix("4 / 10"))
            await app.press(mouse(.press, y: 3))
            #expect(app.rows[0].hasSuffix("2 / 10"), "the second result is on row 3")
            await app.press(mouse(.press, y: 3))
            #expect(app.rows[0].hasPrefix("Movie 52"))
        }

        @Test("T6: exactly one request per page, however fast the keys come", arguments: Step.all)
        func nextPageIsRequestedOnceNearTheEnd(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...20), totalPages: 3)
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "2"],
                with: Fixtures.page(2, of: 3, Fixtures.movies(21...40), delay: .milliseconds(300)))
            let app = AppDriver(step, stub: stub, height: Self.heightFilledByOnePage)
            await app.launch()
            #expect(app.pageRequests(page: 2).isEmpty)

            await app.press(.down, .down, .down, .down, .down, .down, .down, .down, .down, .down)
            await app.press(.down, .down, .down, .down)
            #expect(app.pageRequests(page: 2).isEmpty, "15th of 20 is not yet within 4 of the end")
            app.pressQuickly(Array(repeating: .down, count: 30) + [.end, .up, .end])
            await app.settle()

            #expect(app.pageRequests(page: 2).count == 1)
            #expect(app.rows[0].hasSuffix("/ 40"))
            #expect(app.stub.requests.count == 2)
        }

        @Test(
            "T6: a first page too short for the screen is followed by the next ones until the rows fill it",
            arguments: Step.all, [24, 10])
        func theFirstScreenFills(step: Step, height: Int) async {
            // Pages of 5. Each page whose last rows come on screen asks for the next, until
            // the last row on screen is more than 4 rows from the end: on 24 rows (22 of them
            // movies) that is 30 movies, on 10 rows (8 of them) 15.
            let stub = HTTPStub()
            for page in 1...10 {
                stub.respond(
                    to: "/3/trending/movie/week", query: ["page": "\(page)"],
                    with: Fixtures.page(page, of: 10, Fixtures.movies((page * 5 - 4)...(page * 5))))
            }
            let app = AppDriver(step, stub: stub, height: height)
            await app.launch()

            let (pages, lastRow) = height == 24 ? (6, "   22 Movie 22 ") : (3, "    8 Movie 8 ")
            #expect(app.rows[0].hasSuffix("1 / \(pages * 5)"))
            #expect(app.rows[height - 2].hasPrefix(lastRow), "the screen is full")
            #expect(app.pageRequests(page: pages).count == 1)
            #expect(app.pageRequests(page: pages + 1).isEmpty, "a full screen asks for no more")
            #expect(app.stub.requests.count == pages)
        }

        @Test(
            "T6: pages that bring no new movie ask for no more by themselves; moving again does",
            arguments: Step.all)
        func pagesWithNothingNewCauseNoRequestStorm(step: Step) async {
            // Every page repeats page 1, as a misbehaving server might.
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week",
                with: Fixtures.page(1, of: 500, Fixtures.movies(1...20)))
            let app = AppDriver(step, stub: stub, height: Self.heightFilledByOnePage)
            await app.launch()

            await app.press(.end)
            #expect(app.pageRequests(page: 2).count == 1)
            #expect(app.pageRequests(page: 3).isEmpty, "a page that added nothing asked for more")
            #expect(app.rows[0].hasSuffix("20 / 20"))

            await app.press(.up)
            #expect(app.pageRequests(page: 3).count == 1, "a move near the end asks again")
            #expect(app.stub.requests.count == 3)
        }

        @Test(
            "T7: repeated and adult movies are left out; ranks stay continuous", arguments: Step.all
        )
        func duplicatesAndAdultTitlesAreLeftOut(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...20), totalPages: 2)
            var page2 = [Fixtures.Movie(id: 20, title: "Movie 20")] + Fixtures.movies(21...25)
            page2.insert(Fixtures.Movie(id: 99, title: "Adult Title", isAdult: true), at: 2)
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "2"],
                with: Fixtures.page(2, of: 2, page2))
            let app = AppDriver(step, stub: stub, height: 40)
            await app.launch()
            await app.press(.end)

            // Page 2 came by itself: 20 rows leave room on 40 (T6).
            #expect(app.rows[0].hasSuffix("25 / 25"))
            #expect(app.rows.filter { $0.contains("Movie 20 ") }.count == 1)
            #expect(!app.screen.contains("Adult Title"))
            #expect(app.rows.contains { $0.hasPrefix("   21 Movie 21 ") })
            #expect(app.rows.contains { $0.hasPrefix("   25 Movie 25 ") })
        }

        @Test(
            "T8: no page past the last is requested; the ended list says how many it holds beside the keys",
            arguments: Step.all)
        func theListEnds(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...20), totalPages: 2)
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "2"],
                with: Fixtures.page(2, of: 2, Fixtures.movies(21...30)))
            let app = AppDriver(step, stub: stub)
            await app.launch()
            await app.press(.end, .end, .up, .end)

            #expect(app.pageRequests(page: 3).isEmpty)
            #expect(app.rows.last?.hasPrefix("All 30 movies · ") == true)
            #expect(app.rows.last?.hasSuffix("? help · q quit") == true, "the hints beside it")
        }

        @Test("T9: first load shows a loading indicator", arguments: Step.all)
        func firstLoadShowsLoading(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(1, of: 1, Fixtures.movies(1...3), delay: .milliseconds(200)))
            let app = AppDriver(step, stub: stub)
            app.application.start()
            app.application.displayIfNeeded()
            #expect(app.screen.contains("Loading"))
            #expect(!app.application.isSettled)
            await app.settle()
            #expect(app.screen.contains("Movie 1"))
            #expect(!app.screen.contains("Loading"))
        }

        nonisolated static let firstLoadFailures: [(StubResponse, String)] = [
            (.failure(.notConnectedToInternet), "offline"),
            (
                .tmdbError(
                    statusCode: 401, code: 7,
                    message: "Invalid API key: You must be granted a valid key."), "rejected"
            ),
            (
                .tmdbError(
                    statusCode: 404, code: 34,
                    message: "The resource you requested could not be found."),
                "no such movie or page"
            ),
            (
                .tmdbError(
                    statusCode: 429, code: 25,
                    message: "Your request count is over the allowed limit."), "limiting requests"
            ),
            (.tmdbError(statusCode: 500, code: 11, message: "Internal error."), "server"),
            (.json("<html>gateway</html>"), "could not be read"),
        ]

        @Test(
            "T9: a first-load failure says what went wrong and r retries", arguments: Step.all,
            firstLoadFailures.indices)
        func firstLoadFailureCanBeRetried(step: Step, failure: Int) async {
            let (response, words) = Self.firstLoadFailures[failure]
            // E6: a 429 is tried three times before it counts as a failure.
            let attempts = response.statusCode == 429 ? 3 : 1
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                withSequence: Array(repeating: response, count: attempts) + [
                    Fixtures.page(1, of: 1, Fixtures.movies(1...3))
                ])
            let app = AppDriver(step, stub: stub)
            await app.launch()

            #expect(app.screen.lowercased().contains(words), "\(app.screen)")
            #expect(app.screen.contains("r to retry"))
            await app.press(.character("r"))
            #expect(app.screen.contains("Movie 1"))
        }

        @Test(
            "T9: a server that cannot be reached is named with its port, never called offline",
            arguments: Step.all,
            [
                (URLError.Code.cannotConnectToHost, "Couldn't connect to "),
                (.cannotFindHost, "Couldn't look up "),
                (.secureConnectionFailed, "Couldn't make a secure connection to "),
            ])
        func unreachableServerIsNamed(step: Step, failure: (URLError.Code, String)) async throws {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                withSequence: [
                    .failure(failure.0), Fixtures.page(1, of: 1, Fixtures.movies(1...3)),
                ])
            let app = AppDriver(step, stub: stub)
            await app.launch()

            let host = try #require(stub.baseURL.host)
            let message = failure.1 + host + ":80."
            let screen = app.rows.map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: " ")
            #expect(screen.contains(message), "\(app.screen)")
            #expect(!app.screen.lowercased().contains("offline"))
            #expect(app.screen.contains("r to retry"))
            await app.press(.character("r"))
            #expect(app.screen.contains("Movie 1"))
        }

        @Test(
            "T9: a failed next page keeps the list; r or moving near the end retries",
            arguments: Step.all)
        func failedNextPageKeepsTheList(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...20), totalPages: 3)
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "2"],
                withSequence: [
                    .tmdbError(statusCode: 500, code: 11, message: "Internal error."),
                    .tmdbError(statusCode: 500, code: 11, message: "Internal error."),
                    Fixtures.page(2, of: 3, Fixtures.movies(21...40)),
                ])
            let app = AppDriver(step, stub: stub, height: Self.heightFilledByOnePage)
            await app.launch()
            await app.press(.end)

            #expect(app.rows.last?.contains("r to retry") == true)
            #expect(app.rows[0].hasSuffix("20 / 20"))
            await app.press(.up)
            #expect(app.rows[0].hasSuffix("19 / 20"), "the list stays usable")
            #expect(app.pageRequests(page: 2).count == 2, "moving near the end again retried")
            await app.press(.character("r"))
            #expect(app.pageRequests(page: 2).count == 3)
            #expect(app.rows[0].hasSuffix("19 / 40"))
        }

        @Test(
            "T10: t switches the window from page 1 with the selection at the top",
            arguments: Step.all)
        func windowSwitchReloads(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...20))
            stub.respond(
                to: "/3/trending/movie/day", query: ["page": "1"],
                with: Fixtures.page(1, of: 1, Fixtures.movies(101...120)))
            let app = AppDriver(step, stub: stub)
            await app.launch()
            await app.press(.down, .down, .character("t"))

            #expect(app.rows[0].contains("today"))
            #expect(app.rows[0].hasSuffix("1 / 20"))
            #expect(app.screen.contains("Movie 101"))
            #expect(!app.screen.contains("Movie 1 "))
            #expect(app.pageRequests(.day, page: 1).count == 1)

            await app.press(.character("t"))
            #expect(app.rows[0].contains("this week"))
            #expect(app.pageRequests(.week, page: 1).count == 2)
            await app.press(.character("r"))
            #expect(app.pageRequests(.week, page: 1).count == 3)
        }

        @Test(
            "T10: while page 1 of a reload is on its way the rows stay usable, the status line says Reloading…, and r asks for nothing",
            arguments: Step.all)
        func reloadKeepsTheRowsUntilPageOneComes(step: Step) async {
            let gate = StubGate()
            let stub = stub(page1: Fixtures.movies(1...20))
            stub.respond(
                to: "/3/trending/movie/day", query: ["page": "1"],
                with: Fixtures.page(1, of: 1, Fixtures.movies(101...120)).held(by: gate))
            let app = AppDriver(step, stub: stub)
            await app.launch()
            await app.press(.down, .down)

            app.pressQuickly([.character("t")])
            let saysReloading = await app.application.waitUntil(timeout: .seconds(5)) {
                app.rows.last?.hasPrefix("Reloading…") == true
            }
            #expect(saysReloading, "the status line: \(app.rows.last ?? "")")
            #expect(app.rows[0].contains("today"))
            #expect(app.rows[0].hasSuffix("3 / 20"), "the selection stays on its row")
            #expect(app.screen.contains("Movie 1 "), "the week's rows stay in view")
            #expect(!app.screen.contains("Loading…"))
            app.pressQuickly([.character("r"), .down])
            let moved = await app.application.waitUntil(timeout: .seconds(5)) {
                app.rows[0].hasSuffix("4 / 20")
            }
            #expect(moved, "the rows can be moved through")

            gate.open()
            await app.settle()
            #expect(app.rows[0].hasSuffix("1 / 20"))
            #expect(app.screen.contains("Movie 101"))
            #expect(!app.screen.contains("Movie 1 "))
            #expect(app.pageRequests(.day, page: 1).count == 1, "r asked for page 1 again")
            #expect(app.pageRequests(.week, page: 2).isEmpty)
        }

        @Test(
            "T10 T6: after r, page 1 that brings the same movies is followed until the rows fill the screen again",
            arguments: Step.all)
        func reloadedPageOneIsFollowedUntilTheScreenIsFull(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...20), totalPages: 3)
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "2"],
                with: Fixtures.page(2, of: 3, Fixtures.movies(21...40)))
            let app = AppDriver(step, stub: stub)
            await app.launch()
            #expect(app.rows[0].hasSuffix("1 / 40"), "pages 1 and 2 fill the screen (T6)")

            await app.press(.character("r"))

            #expect(app.rows[0].hasSuffix("1 / 40"), "the reloaded list: \(app.rows[0])")
            #expect(app.pageRequests(page: 1).count == 2)
            #expect(app.pageRequests(page: 2).count == 2)
        }

        @Test(
            "T9 T10: a reload whose page 1 fails says why in place of the rows, and r tries again",
            arguments: Step.all)
        func failedReloadSaysWhyInPlaceOfTheRows(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...20))
            stub.respond(
                to: "/3/trending/movie/day", query: ["page": "1"],
                withSequence: [
                    .tmdbError(statusCode: 404, code: 34, message: "Not found."),
                    Fixtures.page(1, of: 1, Fixtures.movies(101...120)),
                ])
            let app = AppDriver(step, stub: stub)
            await app.launch()
            await app.press(.down, .character("t"))

            #expect(app.screen.contains("r to retry"))
            #expect(!app.screen.contains("Movie 1 "), "the failure shows in place of the rows")
            #expect(app.rows[0].contains("today"))
            #expect(!app.rows[0].contains("/ 20"))
            await app.press(.character("r"))
            #expect(app.screen.contains("Movie 101"))
            #expect(app.rows[0].hasSuffix("1 / 20"))
        }

        /// The status line at 40 columns: no wider than the screen, and ending with the hints
        /// that say how to get help and how to leave.
        func expectStatusLineKeepsHelpAndQuit(
            _ app: AppDriver, _ screen: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let statusLine = app.rows.last ?? ""
            #expect(
                statusLine.hasSuffix("? help · q quit"), "\(screen): \(statusLine)",
                sourceLocation: sourceLocation)
            #expect(
                statusLine.displayWidth <= 40, "\(screen): \(statusLine)",
                sourceLocation: sourceLocation)
        }

        @Test(
            "T13: on a narrow screen the status line keeps its first hints and ? help · q quit, not those between",
            arguments: Step.all)
        func narrowStatusLineKeepsHelpAndQuit(step: Step) async {
            let stub = stub(page1: Fixtures.movies(1...20), totalPages: 3)
            stub.respond(
                to: "/3/search/movie", with: Fixtures.page(1, of: 3, Fixtures.movies(51...70)))
            stub.respond(
                to: "/3/movie/1", with: Fixtures.detail(Fixtures.Detail(id: 1, title: "Movie 1")))
            let app = AppDriver(step, stub: stub, width: 40, height: 12)
            await app.launch()
            #expect(
                app.rows.last == "↑↓ move · enter open … ? help · q quit",
                "too wide for 40 columns: the hints nearest ? help go first")
            expectStatusLineKeepsHelpAndQuit(app, "the list")

            await app.press(.character("/"), .character("M"), .down)
            #expect(app.screen.contains("Movie 51"))
            expectStatusLineKeepsHelpAndQuit(app, "the results")
            await app.press(.escape, .enter)
            #expect(app.rows[0].hasPrefix("Movie 1"))
            expectStatusLineKeepsHelpAndQuit(app, "the detail")

            let ended = AppDriver(
                step, stub: self.stub(page1: Fixtures.movies(1...20), totalPages: 1), width: 40,
                height: 12)
            await ended.launch()
            await ended.press(.end)
            #expect(ended.rows.last?.hasPrefix("All 20 movies · …") == true, "T8: the count stays")
            expectStatusLineKeepsHelpAndQuit(ended, "the ended list")

            let empty = AppDriver(step, stub: self.stub(page1: []), width: 40, height: 12)
            await empty.launch()
            #expect(empty.screen.contains("No trending movies right now."))
            expectStatusLineKeepsHelpAndQuit(empty, "the empty list")
        }

        @Test("T12: an empty first page says so", arguments: Step.all)
        func emptyFirstPage(step: Step) async {
            let app = AppDriver(step, stub: stub(page1: []))
            await app.launch()
            #expect(app.screen.contains("No trending movies right now."))
        }
    }
}
