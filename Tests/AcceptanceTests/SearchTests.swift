import Foundation
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    /// S1–S9: `/` searches over the trending list, the same way in every step. Time moves only
    /// when a scenario moves it: `settle()` fires a pending debounce once nothing else is
    /// left to wait for, and the timing scenarios move the driver's clock by hand.
    @Suite("Search")
    @MainActor
    struct Search {
        nonisolated static let searchPath = "/3/search/movie"

        /// A launched app with the trending list showing.
        private func launchedApp(
            _ step: Step, stub: HTTPStub = HTTPStub(), configuration: Configuration? = nil,
            height: Int = 24
        ) async -> AppDriver {
            let app = AppDriver(step, stub: stub, configuration: configuration, height: height)
            await app.launch()
            return app
        }

        /// Opens the search and types `text` in one burst, then waits for its answer.
        private func search(_ app: AppDriver, for text: String) async {
            await app.press(.character("/"))
            await app.paste(text.map { Key.character($0) })
        }

        /// A screen that 19 results fill with none of the last four in view: the header, the
        /// search bar, 14 rows and the status line. A page moves in only when the selection
        /// comes near its end (S5, T6).
        static let heightFilledByOnePage = 17

        /// The queries the app sent, in order: their first pages, since a page of results too
        /// short for the screen is followed by the next (S5, T6).
        private func sentQueries(_ app: AppDriver) -> [String] {
            app.stub.requests(path: Self.searchPath, query: ["page": "1"]).map {
                $0.queryItems["query"] ?? ""
            }
        }

        private func pageRequests(_ app: AppDriver, query: String, page: Int)
            -> [RecordedRequest]
        {
            app.stub.requests(path: Self.searchPath, query: ["query": query, "page": "\(page)"])
        }

        /// A stub that answers the search for `query` with `pages` (page 1 first).
        private func stub(query: String, pages: [StubResponse]) -> HTTPStub {
            let stub = HTTPStub()
            for (index, page) in pages.enumerated() {
                stub.respond(
                    to: Self.searchPath, query: ["query": query, "page": "\(index + 1)"],
                    with: page)
            }
            return stub
        }

        /// Where the terminal shows its cursor (1-based row and column), or nil while it is
        /// hidden: the renderer places the cursor last in every frame that shows it.
        private func cursor(_ app: AppDriver) -> (row: Int, column: Int)? {
            var text = String(decoding: app.terminal.lastWrite, as: UTF8.self)
            let show = "\u{1B}[?25h"
            if text.hasSuffix(show) { text.removeLast(show.count) }
            guard let start = text.range(of: "\u{1B}[", options: .backwards) else { return nil }
            let body = text[start.upperBound...]
            guard body.hasSuffix("H") else { return nil }
            let numbers = body.dropLast().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 2 else { return nil }
            return (numbers[0], numbers[1])
        }

        /// The row the search field is drawn on, under the header.
        private func searchField(_ app: AppDriver) -> String { app.rows[1] }

        // MARK: S1 — the field

        @Test(
            "S1: / focuses the \"Search: \" field on the list's first line, with the cursor in it",
            arguments: Step.all)
        func slashOpensTheFieldWithAVisibleCursor(step: Step) async {
            let app = await launchedApp(step)
            #expect(cursor(app) == nil, "the list shows no cursor")

            await app.press(.character("/"))

            #expect(searchField(app) == "Search: a title")
            #expect(app.rows[0].hasPrefix("Trending movies"), "an empty search shows the list")
            #expect(app.rows[2].hasPrefix("    1 Superman"))
            #expect(cursor(app)?.row == 2)
            #expect(cursor(app)?.column == 9, "right after \"Search: \"")
            #expect(app.rows.last?.contains("esc close") == true)
        }

        @Test(
            "S1: q and ? type into the field; Hangul and emoji are one edit each and the cursor follows",
            arguments: Step.all)
        func qAndQuestionMarkType(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"))

            await app.press(.character("q"), .character("?"))

            #expect(app.application.isRunning, "q did not quit")
            #expect(!app.application.isShowingHelp, "? did not show help")
            #expect(searchField(app) == "Search: q?")
            #expect(cursor(app)?.column == 11)
            #expect(sentQueries(app) == ["q", "q?"], "one edit, one pause, one query each")

            await app.press(.character("슈"), .character("👍🏽"))
            #expect(searchField(app) == "Search: q?슈👍🏽")
            #expect(cursor(app)?.row == 2)
            #expect(cursor(app)?.column == 15, "Hangul and emoji take two columns each")
            #expect(sentQueries(app) == ["q", "q?", "q?슈", "q?슈👍🏽"])
        }

        @Test("S1, E4: Ctrl-C still quits from the field", arguments: Step.all)
        func controlCQuitsFromTheField(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"), .character("q"))
            #expect(app.application.isRunning)

            app.application.send(.control("c"))

            #expect(!app.application.isRunning)
            #expect(app.application.wasInterrupted)
        }

        @Test(
            "S1: Backspace deletes one grapheme: a Hangul syllable, an emoji, a letter with its accent",
            arguments: Step.all)
        func backspaceDeletesOneGrapheme(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"))
            let graphemes: [Character] = ["a", "슈", "👍🏽", "🇰🇷", "e\u{301}"]
            app.pressQuickly(graphemes.map { Key.character($0) })
            await app.settle()
            #expect(searchField(app) == "Search: a슈👍🏽🇰🇷e\u{301}")

            for kept in (0..<graphemes.count).reversed() {
                await app.press(.backspace)
                let text = String(graphemes[..<kept])
                #expect(searchField(app) == "Search: \(text.isEmpty ? "a title" : text)")
            }
            // Each Backspace was one edit, and the typing paused after each.
            #expect(
                sentQueries(app) == ["a슈👍🏽🇰🇷e\u{301}", "a슈👍🏽🇰🇷", "a슈👍🏽", "a슈", "a"])
            #expect(app.rows[0].hasPrefix("Trending movies"), "the empty field shows the list")
        }

        @Test(
            "S1, S2: Ctrl-U clears the query, the list shows as it was, and nothing is sent",
            arguments: Step.all)
        func controlUClears(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.down, .down, .character("/"))
            let listWithEmptyField = app.screen
            await app.paste("dune".map { Key.character($0) })
            #expect(app.rows[0].hasPrefix("Search · “dune”"))

            await app.press(.control("u"))

            #expect(searchField(app) == "Search: a title")
            #expect(app.screen == listWithEmptyField)
            #expect(app.rows[0].hasSuffix("3 / 38"), "the selection is kept")
            #expect(sentQueries(app) == ["dune"])
            #expect(cursor(app)?.column == 9)
        }

        @Test(
            "S1: a paste is one edit: one query, its line breaks and controls made harmless, q and ? typed",
            arguments: Step.all)
        func aPasteIsOneEdit(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"))

            await app.press(.paste("quiet?\nplace\u{1B}[2J"))

            #expect(app.application.isRunning)
            #expect(!app.application.isShowingHelp)
            #expect(searchField(app).hasPrefix("Search: quiet? place"))
            #expect(!searchField(app).unicodeScalars.contains { $0.value < 0x20 })
            #expect(sentQueries(app).count == 1)
            #expect(sentQueries(app).first?.hasPrefix("quiet? place") == true)
            #expect(app.rows[0].hasPrefix("Search · “quiet? place"))

            await app.press(.backspace)
            #expect(sentQueries(app).count == 2, "Backspace after a paste deletes one character")
        }

        @Test(
            "S1: ↓ or Enter moves the focus to the results; / moves it back",
            arguments: Step.all, [Key.down, .enter])
        func downOrEnterFocusesTheResults(step: Step, key: Key) async {
            let app = await launchedApp(step)
            await search(app, for: "e")
            #expect(app.rows[0].hasSuffix("1 / 40"))
            #expect(cursor(app) != nil)

            await app.press(key)
            #expect(cursor(app) == nil, "the field gave up the focus")
            #expect(app.rows[0].hasSuffix("1 / 40"), "the key only moved the focus")
            await app.press(.character("j"), .down)
            #expect(app.rows[0].hasSuffix("3 / 40"))
            #expect(searchField(app) == "Search: e", "j moved the selection, it typed nothing")

            await app.press(.character("/"), .character("x"))
            #expect(searchField(app) == "Search: ex")
            #expect(cursor(app)?.column == 11)
        }

        @Test(
            "S1: Esc closes the search and shows the list as it was, selection and scroll kept",
            arguments: Step.all, [false, true])
        func escapeRestoresTheList(step: Step, fromTheResults: Bool) async {
            let app = await launchedApp(step)
            // Scrolled, with the selection in the middle of the screen.
            await app.press(.pageDown, .pageDown, .down)
            let list = app.screen
            let listHeader = app.rows[0]
            #expect(listHeader.hasSuffix("44 / 58"))
            #expect(app.rows[8].hasPrefix("   44 "), "the selection is on the 8th row of 22")
            #expect(!app.rows.contains { $0.hasPrefix("    1 ") }, "the list has scrolled")

            await search(app, for: "super")
            #expect(app.screen.contains("Superman"))
            if fromTheResults {
                await app.press(.down)
            }
            await app.press(.escape)

            #expect(app.screen == list)
            #expect(cursor(app) == nil)
            await app.press(.down)
            #expect(app.rows[0] != listHeader, "keys move the list's selection again")
            #expect(!app.screen.contains("Search:"))
        }

        @Test(
            "S1: Esc keeps the scroll when the selection was on the list's last visible row",
            arguments: Step.all)
        func escapeKeepsTheScrollAtTheBottomRow(step: Step) async {
            let app = await launchedApp(step)
            // End goes to row 38 of pages 1 and 2, at the bottom; page 3 then comes below it.
            await app.press(.end)
            let list = app.rows
            #expect(list[0].hasSuffix("38 / 58"))
            #expect(list[22].hasPrefix("   38 "), "the selection is on the last visible row")

            await search(app, for: "super")
            await app.press(.down, .escape)

            #expect(app.rows[0] == list[0], "the selection is kept")
            #expect(app.rows.last == list.last)
            #expect(app.rows == list, "the scroll is kept too")
        }

        @Test(
            "S1: ← and → move the text cursor by grapheme, the cursor shows there and typing goes in there",
            arguments: Step.all)
        func arrowsMoveTheTextCursor(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"))
            await app.press(
                .character("a"), .character("슈"), .character("👍🏽"), .character("e\u{301}"))
            #expect(searchField(app) == "Search: a슈👍🏽e\u{301}")
            #expect(cursor(app)?.column == 15)

            await app.press(.left)
            #expect(cursor(app)?.column == 14, "before the accented e, one grapheme")
            await app.press(.left)
            #expect(cursor(app)?.column == 12, "before the emoji, two columns")
            await app.press(.left)
            #expect(cursor(app)?.column == 10, "before the Hangul syllable")
            await app.press(.character("x"))
            #expect(searchField(app) == "Search: ax슈👍🏽e\u{301}")
            #expect(cursor(app)?.row == 2)
            #expect(cursor(app)?.column == 11, "after the x")
            await app.press(.right)
            #expect(cursor(app)?.column == 13)
            await app.press(.backspace)
            #expect(
                searchField(app) == "Search: ax👍🏽e\u{301}", "Backspace deletes before the cursor")
            #expect(cursor(app)?.column == 11)

            #expect(app.application.isRunning)
            #expect(sentQueries(app).last == "ax👍🏽e\u{301}")
            #expect(sentQueries(app).count == 6, "four keys typed, one typed between, one deleted")

            // At the ends ← and → stay in the field: ← does not close the search.
            let screen = app.screen
            await app.press(.home, .left, .end, .right)
            #expect(app.screen == screen)
            #expect(cursor(app)?.column == 14)
        }

        @Test(
            "S1: Home and End, or Ctrl-A and Ctrl-E, take the cursor to either end",
            arguments: Step.all, [[Key.home, .end], [.control("a"), .control("e")]])
        func homeAndEndGoToTheEnds(step: Step, keys: [Key]) async {
            let app = await launchedApp(step)
            await search(app, for: "dune")
            await app.press(keys[0])
            #expect(cursor(app)?.column == 9)
            await app.press(.character("x"))
            #expect(searchField(app) == "Search: xdune")
            await app.press(keys[1], .character("y"))
            #expect(searchField(app) == "Search: xduney")
            #expect(cursor(app)?.column == 15)
            #expect(sentQueries(app) == ["dune", "xdune", "xduney"])
        }

        @Test(
            "S1: Delete deletes the character after the cursor, one grapheme", arguments: Step.all)
        func deleteDeletesForward(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"))
            await app.paste("a👍🏽b".map { Key.character($0) })
            await app.press(.home, .right, .delete)
            #expect(searchField(app) == "Search: ab")
            #expect(cursor(app)?.column == 10)
            await app.press(.delete, .delete)
            #expect(
                searchField(app) == "Search: a", "nothing after the cursor: Delete does nothing")
            #expect(sentQueries(app) == ["a👍🏽b", "ab", "a"])
        }

        @Test("S1: Ctrl-W deletes the word before the cursor", arguments: Step.all)
        func controlWDeletesTheWordBefore(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"))
            await app.paste("the dark knight".map { Key.character($0) })
            await app.press(.control("w"))
            #expect(searchField(app) == "Search: the dark", "and the space before it stays")
            #expect(cursor(app)?.column == 18)
            await app.press(.end, .character("x"))
            await app.press(.left, .control("w"))
            #expect(
                searchField(app) == "Search: the x",
                "the space before the cursor and the word before that")
            #expect(cursor(app)?.column == 13)
            await app.press(.control("w"), .control("w"), .control("w"))
            #expect(searchField(app) == "Search: x")
            #expect(cursor(app)?.column == 9)
        }

        @Test(
            "S1: ↑ on the first result gives the keys back to the field, where typing goes on",
            arguments: Step.all)
        func upFromTheFirstResultFocusesTheField(step: Step) async {
            let app = await launchedApp(step)
            await search(app, for: "e")
            await app.press(.down, .down, .down)
            #expect(app.rows[0].hasSuffix("3 / 40"))
            #expect(cursor(app) == nil)

            await app.press(.up, .up)
            #expect(app.rows[0].hasSuffix("1 / 40"))
            #expect(cursor(app) == nil, "the results still have the keys")
            await app.press(.up)
            #expect(app.rows[0].hasSuffix("1 / 40"))
            #expect(cursor(app)?.row == 2)
            #expect(cursor(app)?.column == 10)
            #expect(app.rows.last?.contains("esc close") == true, "the field's hint")
            await app.press(.character("x"))
            #expect(searchField(app) == "Search: ex")
        }

        @Test(
            "S1: an Alt-key is not a lone Esc: Alt-b and Alt-f move a word, others type nothing, the search stays",
            arguments: Step.all)
        func altKeysAreNotEsc(step: Step) async {
            let app = await launchedApp(step)
            await search(app, for: "super man")
            await app.press(.alt(.character("b")))
            #expect(cursor(app)?.column == 15, "before \"man\"")
            await app.press(.alt(.character("b")), .character("x"))
            #expect(searchField(app) == "Search: xsuper man")
            await app.press(.alt(.character("f")), .character("y"))
            #expect(searchField(app) == "Search: xsupery man")
            await app.press(.alt(.character("q")), .alt(.character("?")), .alt(.backspace))
            #expect(searchField(app) == "Search:  man", "Alt-Backspace deleted the word before")
            await app.press(.delete)
            #expect(searchField(app) == "Search: man")
            #expect(app.application.isRunning)
            #expect(!app.application.isShowingHelp)
            await app.press(.down, .alt(.character("b")))
            #expect(app.rows[0].hasPrefix("Search · “man”"), "from the results too, no Esc")
        }

        // MARK: S2 — when a query is sent

        @Test(
            "S2: the query is sent 300 ms after the last edit, not a millisecond before",
            arguments: Step.all)
        func debounceOfThreeHundredMilliseconds(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"))
            let start = app.clock.now

            await app.typeWithoutPausing("dun")
            app.clock.advance(by: .milliseconds(200))
            await app.typeWithoutPausing("e")
            #expect(app.clock.nextDeadline == start.advanced(by: .milliseconds(500)))
            app.clock.advance(by: .milliseconds(299))
            await app.waitForNothingButTime()
            #expect(sentQueries(app).isEmpty, "299 ms after the last edit nothing is sent")
            #expect(app.rows.last?.contains("Searching") == true)

            app.clock.advance(by: .milliseconds(1))
            await app.settle()

            #expect(sentQueries(app) == ["dune"])
            #expect(app.rows[0].hasPrefix("Search · “dune”"))
            #expect(app.screen.contains("Dune: Part Two"))
        }

        @Test(
            "S2: leading and trailing spaces do not count", arguments: Step.all)
        func surroundingSpacesDoNotCount(step: Step) async {
            let app = await launchedApp(step)
            await search(app, for: "  dune  ")

            #expect(sentQueries(app) == ["dune"])
            #expect(app.rows[0].hasPrefix("Search · “dune”"))
            await app.press(.character(" "), .backspace, .backspace, .backspace)
            #expect(searchField(app) == "Search:   dune")
            #expect(sentQueries(app) == ["dune"], "still the query last sent")
            await app.press(.backspace)
            #expect(sentQueries(app) == ["dune", "dun"])
        }

        @Test(
            "S2, S10: a query equal to the one last sent is not sent again, unless the search was closed",
            arguments: Step.all)
        func aRepeatedQuerySendsOneRequest(step: Step) async {
            let app = await launchedApp(step)
            await search(app, for: "dune")

            // Changed and changed back within the pause: the same query.
            app.pressQuickly([.backspace, .character("e")])
            await app.settle()
            #expect(sentQueries(app) == ["dune"])

            // Another query in between: "dune" counts as new again.
            await app.press(.backspace, .character("e"))
            #expect(sentQueries(app) == ["dune", "dun", "dune"])

            // Closed and opened again: the closed search forgot its results (S10), so the
            // same words are a new search.
            await app.press(.escape, .character("/"))
            await app.paste("dune".map { Key.character($0) })
            #expect(sentQueries(app) == ["dune", "dun", "dune", "dune"])
            #expect(app.screen.contains("Dune: Part Two"))
        }

        @Test(
            "S2: an empty query shows the trending list and sends nothing", arguments: Step.all)
        func anEmptyQuerySendsNothing(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"))
            let list = app.screen

            await app.paste([.character(" "), .character(" ")])
            #expect(searchField(app) == "Search:", "two spaces, trimmed off the row")
            var withSpaces = app.rows
            withSpaces[1] = "Search: a title"
            #expect(withSpaces.joined(separator: "\n") == list, "white space shows the list")
            app.pressQuickly([.character("x"), .backspace, .backspace, .backspace])
            await app.settle()

            #expect(sentQueries(app).isEmpty)
            #expect(app.screen == list)
        }

        // MARK: S3 — a syllable being composed

        @Test(
            "S3: a query that ends in a lone jamo is not sent",
            arguments: Step.all, ["기생ㅊ", "ㄱ", "ㆎ", "lol ㅋ", "슈ㅍ"])
        func aLoneJamoAtTheEndSendsNothing(step: Step, text: String) async {
            let app = await launchedApp(step)
            await search(app, for: text)

            #expect(sentQueries(app).isEmpty)
            #expect(searchField(app) == "Search: \(text)")
        }

        @Test(
            "S3: typing 기, 생, ㅊ, ← and 충 one at a time sends 기, 기생 and 기생충", arguments: Step.all)
        func composingASyllableWaitsForIt(step: Step) async {
            let app = await launchedApp(step)
            await app.press(.character("/"), .character("기"), .character("생"))
            #expect(app.rows[0].hasPrefix("Search · “기생”"))

            await app.press(.character("ㅊ"))
            #expect(app.rows[0].hasPrefix("Search · “기생”"), "the results of 기생 stay")
            await app.press(.backspace, .character("충"))

            #expect(sentQueries(app) == ["기", "기생", "기생충"])
            #expect(app.rows[0].hasPrefix("Search · “기생충”"))
            #expect(app.screen.contains("Parasite"), "기생충 is Parasite's original title (S9)")
        }

        @Test("S3: a query that only contains jamo before its end is sent", arguments: Step.all)
        func jamoBeforeTheEndIsSent(step: Step) async {
            let app = await launchedApp(step)
            await search(app, for: "ㅋㅋ lol")
            #expect(sentQueries(app) == ["ㅋㅋ lol"])
        }

        // MARK: S4 — only the newest answer

        @Test(
            "S4, E1: the answer for an earlier query that comes after the newer one is never shown",
            arguments: Step.all)
        func aLateAnswerIsNeverShown(step: Step) async {
            // The transfer for "dun" is not cancelled (the client stops waiting, the answer still
            // comes): it arrives 2 s later, long after "dune" has been sent and answered.
            let stub = HTTPStub()
            stub.respond(
                to: Self.searchPath, query: ["query": "dun"],
                with: Fixtures.page(
                    1, of: 1, [Fixtures.Movie(id: 1, title: "Old Answer")],
                    delay: .seconds(2)))
            stub.respond(
                to: Self.searchPath, query: ["query": "dune"],
                with: Fixtures.page(1, of: 1, [Fixtures.Movie(id: 2, title: "New Answer")]))
            let app = await launchedApp(step, stub: stub)
            await app.press(.character("/"))

            await app.typeWithoutPausing("dun")
            app.clock.advance(by: .milliseconds(300))
            #expect(
                await stub.waitUntil(timeout: .seconds(60)) {
                    !$0.requests(path: Self.searchPath, query: ["query": "dun"]).isEmpty
                })
            app.application.send(.character("e"))
            #expect(
                await app.application.waitUntil(timeout: .seconds(60)) {
                    app.clock.nextDeadline != nil
                })
            app.clock.advance(by: .milliseconds(300))
            await app.settle()

            #expect(app.rows[0].hasPrefix("Search · “dune”"))
            #expect(app.screen.contains("New Answer"))
            #expect(
                await stub.waitUntil(timeout: .seconds(60)) { $0.isIdle },
                "the earlier request never ended")
            await app.settle()
            #expect(app.screen.contains("New Answer"))
            #expect(!app.screen.contains("Old Answer"))
            #expect(app.rows[0].hasPrefix("Search · “dune”"))
        }

        @Test(
            "E1: Esc while the typing pauses sends nothing and leaves the list as it was",
            arguments: Step.all)
        func escapeDuringTheDebounceSendsNothing(step: Step) async {
            let app = await launchedApp(step)
            let list = app.screen
            await app.press(.character("/"))
            await app.typeWithoutPausing("dune")

            app.application.send(.escape)
            await app.settle()

            #expect(sentQueries(app).isEmpty)
            #expect(app.screen == list)
        }

        // MARK: S5 — the results

        @Test(
            "S5: results are rows as in T2–T4 under \"Search · “query”\" with the position",
            arguments: Step.all)
        func resultsAreRowsUnderTheSearchHeader(step: Step) async throws {
            let hostile = "Red\u{1B}[2J\u{1B}[31mAlert\u{07}\r"
            let app = await launchedApp(
                step,
                stub: stub(
                    query: "red",
                    pages: [
                        Fixtures.page(
                            1, of: 1,
                            [
                                Fixtures.Movie(
                                    id: 1, title: "Red One", releaseDate: "2024-11-06",
                                    voteAverage: 6.96),
                                Fixtures.Movie(
                                    id: 2, title: "Red Undated", releaseDate: "", voteCount: 0),
                                Fixtures.Movie(id: 3, title: hostile),
                                Fixtures.Movie(
                                    id: 4, title: String(repeating: "붉은 노을과 빨간 밤 ", count: 8)),
                            ])
                    ]))
            await search(app, for: "red")

            #expect(app.rows[0].hasPrefix("Search · “red”"))
            #expect(app.rows[0].hasSuffix("1 / 4"))
            let first = try #require(app.rows.first { $0.contains("Red One") })
            #expect(first.hasPrefix("    1 Red One"))
            #expect(first.contains("2024"))
            #expect(first.hasSuffix("★ 7.0"))
            let undated = try #require(app.rows.first { $0.contains("Red Undated") })
            #expect(undated.contains("—"))
            #expect(undated.hasSuffix("no rating"))
            let alert = try #require(app.rows.first { $0.contains("Alert") })
            #expect(alert.hasPrefix("    3 Red"))
            #expect(!app.screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(app.rows.contains { $0.hasPrefix("    4 붉은 노을") && $0.contains("…") })
            #expect(app.rows.allSatisfy { $0.displayWidth <= 80 })

            await app.press(.down, .down, .down)
            #expect(app.rows[0].hasSuffix("3 / 4"))
        }

        @Test(
            "S5: results page once per page, without repeats or adult titles, and end",
            arguments: Step.all)
        func resultsPageLikeTheList(step: Step) async {
            var second = [Fixtures.Movie(id: 20, title: "Movie 20")] + Fixtures.movies(21...25)
            second.insert(Fixtures.Movie(id: 99, title: "Adult Title", isAdult: true), at: 2)
            var first = Fixtures.movies(1...20)
            first[4].isAdult = true
            let app = await launchedApp(
                step,
                stub: stub(
                    query: "movie",
                    pages: [
                        Fixtures.page(1, of: 3, first),
                        Fixtures.page(2, of: 3, second, delay: .milliseconds(100)),
                        Fixtures.page(3, of: 3, Fixtures.movies(26...30)),
                    ]),
                height: Self.heightFilledByOnePage)
            await search(app, for: "movie")
            #expect(app.rows[0].hasSuffix("1 / 19"))
            #expect(pageRequests(app, query: "movie", page: 2).isEmpty)

            // The focus moves to the results, then every move comes while page 2 is on its way.
            app.pressQuickly([.down] + Array(repeating: .down, count: 30) + [.end, .up, .end])
            await app.settle()
            #expect(pageRequests(app, query: "movie", page: 2).count == 1)
            #expect(app.rows[0].hasSuffix("/ 24"))

            await app.press(.end, .end)
            #expect(pageRequests(app, query: "movie", page: 1).count == 1)
            #expect(pageRequests(app, query: "movie", page: 2).count == 1)
            #expect(pageRequests(app, query: "movie", page: 3).count == 1)
            #expect(pageRequests(app, query: "movie", page: 4).isEmpty, "3 was the last page")
            #expect(app.rows[0].hasSuffix("29 / 29"))
            #expect(!app.screen.contains("Adult Title"))
            #expect(!app.screen.contains("Movie 5 "))
            #expect(app.rows.filter { $0.contains("Movie 20 ") }.count == 1)
            #expect(app.rows.contains { $0.hasPrefix("   20 Movie 21 ") }, "ranks stay continuous")
            #expect(app.rows.last?.contains("All 29 movies") == true)
            #expect(app.rows.last?.contains("· ↑↓ move · enter open") == true, "hints beside it")
            #expect(app.stub.requests(path: Self.searchPath).count == 3)
        }

        @Test(
            "S5, T6: results too few for the screen are followed by the next pages until they fill it",
            arguments: Step.all)
        func resultsFillTheScreen(step: Step) async {
            // 21 rows of results under the search bar on 24: pages of 10 come until the last
            // row on screen (row 21) is more than 4 rows from the end, at 30.
            let app = await launchedApp(
                step,
                stub: stub(
                    query: "movie",
                    pages: (1...4).map { page in
                        Fixtures.page(
                            page, of: 4, Fixtures.movies((page * 10 - 9)...(page * 10)))
                    }))
            await search(app, for: "movie")

            #expect(app.rows[0].hasSuffix("1 / 30"))
            #expect(app.rows[22].hasPrefix("   21 Movie 21 "), "the screen is full")
            #expect(pageRequests(app, query: "movie", page: 3).count == 1)
            #expect(
                pageRequests(app, query: "movie", page: 4).isEmpty, "a full screen asks no more")
        }

        @Test(
            "S5: a results page that brings nothing new asks for no more by itself",
            arguments: Step.all)
        func resultsPagesWithNothingNewCauseNoRequestStorm(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: Self.searchPath, query: ["query": "movie"],
                with: Fixtures.page(1, of: 500, Fixtures.movies(1...20)))
            let app = await launchedApp(step, stub: stub, height: Self.heightFilledByOnePage)
            await search(app, for: "movie")

            await app.press(.down, .end)
            #expect(pageRequests(app, query: "movie", page: 2).count == 1)
            #expect(pageRequests(app, query: "movie", page: 3).isEmpty)
            await app.press(.up)
            #expect(pageRequests(app, query: "movie", page: 3).count == 1)
        }

        // MARK: S6 — nothing found, failures

        @Test(
            "S10: a closed search forgets its results: the next search never shows them",
            arguments: Step.all)
        func aClosedSearchForgetsItsResults(step: Step) async {
            let app = await launchedApp(step)
            await search(app, for: "super")
            #expect(app.screen.contains("Superman"))

            await app.press(.escape, .character("/"))
            await app.typeWithoutPausing("t")
            #expect(!app.screen.contains("Superman"), "the closed search's rows never come back")
            #expect(!app.screen.contains("“super”"))
            #expect(searchField(app) == "Search: t")
        }

        @Test(
            "S10: a cleared query forgets its results: new typing never shows them",
            arguments: Step.all)
        func aClearedQueryForgetsItsResults(step: Step) async {
            let app = await launchedApp(step)
            await search(app, for: "super")
            #expect(app.screen.contains("Superman"))

            await app.press(.control("u"))
            await app.typeWithoutPausing("t")
            #expect(!app.screen.contains("Superman"), "the cleared query's rows never come back")
            #expect(!app.screen.contains("“super”"))

            await app.settle()
            #expect(sentQueries(app) == ["super", "t"])
        }

        @Test("S6: no results says so", arguments: Step.all)
        func noResultsSaysSo(step: Step) async {
            let app = await launchedApp(step)
            await search(app, for: "zzz")

            #expect(app.screen.contains("No movies match “zzz”."))
            #expect(app.rows[0].hasPrefix("Search · “zzz”"))
            #expect(sentQueries(app) == ["zzz"])
        }

        @Test(
            "S6: a failed search says what went wrong as T9 does, and r retries the query",
            arguments: Step.all, TrendingList.firstLoadFailures.indices)
        func aFailureCanBeRetried(step: Step, failure: Int) async {
            let (response, words) = TrendingList.firstLoadFailures[failure]
            // E6: a 429 is tried three times before it counts as a failure.
            let attempts = response.statusCode == 429 ? 3 : 1
            let stub = HTTPStub()
            stub.respond(
                to: Self.searchPath, query: ["query": "dune"],
                withSequence: Array(repeating: response, count: attempts) + [
                    Fixtures.page(1, of: 1, Fixtures.movies(1...3))
                ])
            let app = await launchedApp(step, stub: stub)
            await search(app, for: "dune")

            #expect(app.screen.lowercased().contains(words), "\(app.screen)")
            #expect(app.screen.contains("r to retry"))
            await app.press(.down, .character("r"))

            #expect(app.screen.contains("Movie 1"))
            #expect(app.rows[0].hasPrefix("Search · “dune”"))
            #expect(sentQueries(app) == Array(repeating: "dune", count: attempts + 1))
        }

        @Test(
            "S6: a failed next page keeps the results and r fetches it again", arguments: Step.all)
        func aFailedNextPageCanBeRetried(step: Step) async {
            let stub = stub(
                query: "movie", pages: [Fixtures.page(1, of: 2, Fixtures.movies(1...20))])
            stub.respond(
                to: Self.searchPath, query: ["query": "movie", "page": "2"],
                withSequence: [
                    .tmdbError(statusCode: 500, code: 11, message: "Internal error."),
                    Fixtures.page(2, of: 2, Fixtures.movies(21...40)),
                ])
            let app = await launchedApp(step, stub: stub, height: Self.heightFilledByOnePage)
            await search(app, for: "movie")

            await app.press(.down, .end)
            #expect(app.rows.last?.contains("r to retry") == true)
            #expect(app.rows[0].hasSuffix("20 / 20"))
            await app.press(.character("r"))

            #expect(app.rows[0].hasSuffix("20 / 40"))
            #expect(pageRequests(app, query: "movie", page: 1).count == 1)
            #expect(pageRequests(app, query: "movie", page: 2).count == 2)
        }

        @Test(
            "S6: while the field has the keys after a failure, its hint says ↓ then r",
            arguments: Step.all)
        func theFieldHintSaysHowToRetry(step: Step) async {
            let retryHint = "type to search · ↓ then r to retry · esc close"
            let stub = HTTPStub()
            stub.respond(
                to: Self.searchPath, query: ["query": "dune"],
                withSequence: [
                    .tmdbError(statusCode: 500, code: 11, message: "Internal error."),
                    Fixtures.page(1, of: 1, Fixtures.movies(1...3)),
                ])
            let app = await launchedApp(step, stub: stub)
            await search(app, for: "dune")
            #expect(app.screen.contains("r to retry"))
            #expect(app.rows.last == retryHint)

            await app.press(.down)
            #expect(app.rows.last != retryHint, "the keys left the field, so r retries as it says")
            await app.press(.character("/"))
            #expect(app.rows.last == retryHint, "back in the field")
            await app.press(.down, .character("r"))
            #expect(app.screen.contains("Movie 1"))
            await app.press(.character("/"))
            #expect(app.rows.last == "type to search · ↓ results · esc close", "nothing failed now")
        }

        @Test(
            "E6: a search that waits out a short Retry-After counts down, then shows the results",
            arguments: Step.all)
        func searchCountsDownARateLimitWait(step: Step) async {
            let stub = HTTPStub()
            stub.respond(
                to: Self.searchPath, query: ["query": "dune"],
                withSequence: [
                    .tmdbError(
                        statusCode: 429, code: 25, message: "Your request count is over the limit.",
                        headers: ["Retry-After": "2"]),
                    Fixtures.page(1, of: 1, Fixtures.movies(1...3)),
                ])
            let app = AppDriver(step, stub: stub, waitsOutRateLimits: true)
            await app.launch()
            await app.press(.character("/"))
            await app.typeWithoutPausing("dune")
            app.clock.advance(by: .milliseconds(300))
            await app.waitForNothingButTime()

            #expect(app.screen.contains("TMDB is limiting requests; retrying in 2 s"))
            await app.settle()
            #expect(app.screen.contains("Movie 1"))
            #expect(!app.screen.contains("TMDB is limiting requests"))
            #expect(sentQueries(app) == ["dune", "dune"])
        }

        // MARK: S7 — opening a result

        @Test(
            "S7: Enter opens the result's detail; back returns to the results as they were",
            arguments: Step.all, [Key.character("b"), .character("h"), .escape, .backspace, .left])
        func openingAResultAndComingBack(step: Step, back: Key) async throws {
            let app = await launchedApp(step)
            await search(app, for: "e")
            await app.press(.enter)
            for _ in 0..<22 {
                await app.press(.down)
            }
            let results = app.screen
            #expect(app.rows[0].hasPrefix("Search · “e”"))
            #expect(app.rows[0].hasSuffix("23 / 40"))
            #expect(!app.rows.contains { $0.hasPrefix("    1 ") }, "the results have scrolled")
            let selected = try #require(app.rows.first { $0.hasPrefix("   23 ") })
            let title = try #require(
                selected.dropFirst(6).components(separatedBy: "   ").first)
            let requestsBefore = app.stub.requests(path: Self.searchPath).count

            await app.press(.enter)
            #expect(app.rows[0].hasPrefix(title), "\(app.rows[0]) is not \(title)")
            #expect(app.screen.contains("Cast"))
            #expect(!app.screen.contains("Search:"))

            await app.press(back)
            #expect(app.screen == results)
            #expect(app.stub.requests(path: Self.searchPath).count == requestsBefore)
            await app.press(.down)
            #expect(app.rows[0].hasSuffix("24 / 40"), "the results still have the keys")
        }

        // MARK: S8 — the request

        @Test(
            "S8: GET /3/search/movie with the query percent-encoded, page, include_adult and language",
            arguments: Step.all)
        func theRequestHasTheShapeOfS8(step: Step) async throws {
            let stub = HTTPStub()
            let app = await launchedApp(
                step, stub: stub, configuration: stub.configuration(language: "ko-KR"))
            let text = "rock & roll+#1 슈퍼"
            await app.press(.character("/"))
            await app.press(.paste(text))

            let request = try #require(app.stub.requests(path: Self.searchPath).first)
            #expect(app.stub.requests(path: Self.searchPath).count == 1)
            let rawQuery = try #require(
                URLComponents(url: request.url, resolvingAgainstBaseURL: false)?
                    .percentEncodedQuery)
            let items = rawQuery.split(separator: "&").map(String.init)
            #expect(items.contains("query=rock%20%26%20roll%2B%231%20%EC%8A%88%ED%8D%BC"))
            #expect(items.contains("page=1"))
            #expect(items.contains("include_adult=false"))
            #expect(items.contains("language=ko-KR"))
            #expect(request.queryItems["query"] == text)
        }

        // MARK: S9 — offline

        @Test(
            "S9: offline, / \"super\" finds Superman, and with ko-KR / \"슈퍼\" finds 슈퍼맨",
            arguments: Step.all, [("en-US", "super", "Superman"), ("ko-KR", "슈퍼", "슈퍼맨")])
        func sampleDataAnswersSearches(step: Step, example: (String, String, String)) async {
            let (language, query, title) = example
            let app = await launchedApp(
                step, configuration: Configuration(language: language, forcesSampleData: true))
            await search(app, for: query)

            #expect(app.rows[0].hasPrefix("Search · “\(query)”"))
            #expect(app.rows.contains { $0.hasPrefix("    1 \(title) ") })
            #expect(app.stub.requests.isEmpty, "sample data touches no network")
        }

        // MARK: E7 — bursts

        /// Scripts whose keys arrive at once; each step must end on the same screen.
        nonisolated static let bursts = [
            #"/ "abc" enter"#,
            #"/ "super" enter enter"#,
            #"/ "e" down down enter b"#,
            #"down down / "dune" esc"#,
            #"/ "기생ㅊ" backspace"#,
            #"/ "x" backspace "e" enter end"#,
            #"/ "dune" ctrl-u "e""#,
            #"/ "the dark" left left ctrl-w "x" down up delete "y""#,
        ]

        @Test(
            "E7: a search burst ends on the same screen on every run and in every step",
            arguments: bursts)
        func aBurstGivesTheSameScreenEverywhere(script: String) async throws {
            let keys = try Key.parseScript(script)
            var screens: [String: String] = [:]
            var queries: [String: [String]] = [:]
            for step in Step.all {
                let app = await launchedApp(step)
                await app.paste(keys)
                screens[step.command] = app.screen
                queries[step.command] = sentQueries(app)
            }
            // The first step is the reference the others must match.
            let first = Step.all[0]
            let again = await launchedApp(first)
            await again.paste(keys)
            #expect(again.screen == screens[first.command], "\(first) twice after \(script)")

            let reference = screens[first.command]
            for step in Step.all {
                #expect(screens[step.command] == reference, "\(step) after \(script)")
                #expect(
                    queries[step.command] == queries[first.command], "\(step) after \(script)")
            }
        }

        @Test(
            "E7: / \"abc\" Enter at once sends one query and leaves the focus on its results",
            arguments: Step.all)
        func typingAndEnterInOneBurst(step: Step) async throws {
            let app = await launchedApp(step)
            await app.paste(try Key.parseScript(#"/ "abc" enter"#))

            #expect(sentQueries(app) == ["abc"])
            #expect(app.rows[0].hasPrefix("Search · “abc”"))
            #expect(searchField(app) == "Search: abc")
            #expect(cursor(app) == nil, "Enter moved the focus to the results")
        }

        @Test(
            "E7: Enter that arrives before the results opens nothing", arguments: Step.all)
        func enterBeforeTheResultsOpensNothing(step: Step) async throws {
            let app = await launchedApp(step)
            await app.paste(try Key.parseScript(#"/ "super" enter enter"#))

            #expect(app.rows[0].hasPrefix("Search · “super”"))
            #expect(app.stub.requests.allSatisfy { !$0.path.hasPrefix("/3/movie/") })
        }
    }
}
