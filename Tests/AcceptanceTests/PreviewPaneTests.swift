import Foundation
import ImagePipeline
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    /// The list's preview pane (P2, P7): the selected movie's poster and no other, whatever
    /// order the posters come back in, the same in every step wherever its loading lives.
    @Suite("Preview pane")
    @MainActor
    struct PreviewPane {
        /// Four movies, movie n with poster "/pn.jpg".
        nonisolated static let movieCount = 4

        nonisolated static func posterPath(_ number: Int) -> String { "/p\(number).jpg" }

        /// The path the pane's request for poster `number` has on the stub.
        nonisolated static func requestPath(_ number: Int, stub: HTTPStub) -> String {
            ImageRequest.poster(at: posterPath(number))
                .url(imageBaseURL: stub.configuration().imageBaseURL)?.path ?? ""
        }

        /// The trending list of four movies with posters; poster n is answered with one of
        /// the sample posters, held by `gates[n]` when there is one.
        func stub(gates: [Int: StubGate] = [:]) -> HTTPStub {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1,
                    (1...Self.movieCount).map {
                        Fixtures.Movie(
                            id: $0, title: "Movie \($0)", posterPath: Self.posterPath($0))
                    }))
            for number in 1...Self.movieCount {
                let poster = Fixtures.poster(number)
                stub.respond(
                    to: Self.requestPath(number, stub: stub),
                    with: gates[number].map { poster.held(by: $0) } ?? poster)
            }
            return stub
        }

        func posterRequests(_ number: Int, _ stub: HTTPStub) -> [RecordedRequest] {
            stub.requests(path: Self.requestPath(number, stub: stub))
        }

        /// The selected row as the header counts it ("2 / 4"), in a frame's rows.
        static func selectedRow(in rows: [String]) -> Int? {
            let words = rows.first?.split(separator: " ") ?? []
            guard words.count >= 3, words[words.count - 2] == "/" else { return nil }
            return Int(words[words.count - 3])
        }

        @Test(
            "P2: from 100 columns the pane shows the selected movie's poster and follows it",
            arguments: Step.all)
        func thePaneShowsTheSelectedPoster(step: Step) async {
            let stub = stub()
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            await app.launch()

            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(1)])
            let frame = app.terminal.pictures.first?.frame
            #expect(frame.map { $0.x >= 100 - 22 } == true, "in the pane on the right")
            #expect(app.rows[1].contains("Movie 1"), "the list keeps its rows on the left")
            await app.press(.down)
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(2)])
            await app.press(.up)
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(1)])
            #expect(posterRequests(1, stub).count == 1, "a poster shown once is not asked again")
        }

        @Test("P2: the search results have the pane too", arguments: Step.all)
        func theSearchResultsHaveThePane(step: Step) async {
            let stub = stub()
            stub.respond(
                to: "/3/search/movie", query: ["query": "dune", "page": "1"],
                with: Fixtures.page(
                    1, of: 1,
                    [3, 4].map {
                        Fixtures.Movie(id: $0, title: "Dune \($0)", posterPath: Self.posterPath($0))
                    }))
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            await app.launch()
            await app.press(.character("/"))
            await app.paste("dune".map { Key.character($0) })

            #expect(app.screen.contains("Dune 3"))
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(3)])
            await app.press(.down, .down)
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(4)])
            await app.press(.escape)
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(1)], "the list's again")
        }

        @Test(
            "P2: widening the terminal past 100 columns shows the pane; narrowing hides it",
            arguments: Step.all)
        func aResizeAcross100ColumnsShowsOrHidesThePane(step: Step) async {
            let stub = stub()
            let app = AppDriver(step, stub: stub, width: 99, height: 30)
            await app.launch()
            await app.press(.down)
            #expect(app.terminal.pictures.isEmpty)

            app.terminal.resize(width: 100, height: 30)
            await app.settle()
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(2)])
            app.terminal.resize(width: 99, height: 30)
            await app.settle()
            #expect(app.terminal.pictures.isEmpty)
            #expect(!app.screen.contains("│"), "no pane's rule")
            #expect(posterRequests(1, stub).isEmpty, "row 1's poster was never wanted")
        }

        @Test("P2: a movie without a poster leaves the pane's empty frame", arguments: Step.all)
        func aMovieWithoutAPosterLeavesTheEmptyFrame(step: Step) async {
            let stub = stub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1,
                    [
                        Fixtures.Movie(id: 1, title: "Movie 1", posterPath: Self.posterPath(1)),
                        Fixtures.Movie(id: 2, title: "Movie 2"),
                    ]))
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            await app.launch()
            await app.press(.down)

            #expect(app.terminal.pictures.isEmpty)
            #expect(app.rows[2].hasSuffix("│ ┌" + String(repeating: "─", count: 18) + "┐"))
            #expect(app.rows[2].contains("Movie 2"), "the list is as it was")
        }

        @Test(
            "P2: below 100 columns there is no pane, and no poster is asked for",
            arguments: Step.all)
        func aNarrowScreenHasNoPane(step: Step) async {
            let stub = stub()
            let app = AppDriver(step, stub: stub, width: 99, height: 30)
            await app.launch()
            await app.press(.down)

            #expect(app.terminal.pictures.isEmpty)
            #expect(!app.screen.contains("│"), "no pane's rule")
            #expect((1...Self.movieCount).allSatisfy { posterRequests($0, stub).isEmpty })
        }

        @Test(
            "P2 P7: posters answered in reverse never show a left row's poster; its request closes",
            arguments: Step.all)
        func postersAnsweredInReverse(step: Step) async {
            let gates = [2: StubGate(), 3: StubGate()]
            let stub = stub(gates: gates)
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            app.terminal.keepsFrames = true
            await app.launch()
            app.pressQuickly([.down])
            let isSecondAsked = await stub.waitUntil { stub in
                !stub.requests(path: Self.requestPath(2, stub: stub)).isEmpty
            }
            #expect(isSecondAsked, "the second row's poster was asked for")
            app.pressQuickly([.down])

            let isThirdAsked = await stub.waitUntil { stub in
                !stub.requests(path: Self.requestPath(3, stub: stub)).isEmpty
            }
            #expect(isThirdAsked, "the third row's poster was asked for")
            let isSecondClosed = await stub.waitUntil(timeout: Cancellation.closeBound) { stub in
                let requests = stub.requests(path: Self.requestPath(2, stub: stub))
                return !requests.isEmpty && requests.allSatisfy { $0.finishedAt != nil }
            }
            #expect(isSecondClosed, "the left row's poster request was cancelled, not answered")
            gates[3]?.open()
            await app.settle()
            gates[2]?.open()
            await app.settle()

            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(3)])
            for (rows, pictures) in app.terminal.frames {
                let selected = Self.selectedRow(in: rows)
                for picture in pictures {
                    #expect(
                        picture.source == selected.map(Self.posterPath),
                        "a frame with row \(selected ?? 0) selected showed \(picture.source)")
                }
            }
        }

        @Test(
            "P2: back on a row whose poster is in memory, a cancelled request leaves it shown",
            arguments: Step.all)
        func aCancelledRequestLeavesTheShownPoster(step: Step) async {
            let gate = StubGate()
            let stub = stub(gates: [4: gate])
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            await app.launch()
            await app.press(.down, .down)
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(3)])
            app.pressQuickly([.down])
            let isFourthAsked = await stub.waitUntil { stub in
                !stub.requests(path: Self.requestPath(4, stub: stub)).isEmpty
            }
            #expect(isFourthAsked, "the fourth row's poster was asked for")

            // Back to row 1: row 4 is neither selected nor among the two rows below it (P7).
            app.pressQuickly([.up, .up, .up])
            let isFourthClosed = await stub.waitUntil(timeout: Cancellation.closeBound) { stub in
                stub.requests(path: Self.requestPath(4, stub: stub)).allSatisfy {
                    $0.finishedAt != nil
                }
            }
            #expect(isFourthClosed, "the left row's poster request was cancelled")
            await app.settle()

            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(1)])
            #expect(posterRequests(1, stub).count == 1)
            gate.open()
        }

        /// Whether the pipeline holds poster `number` in memory, decoded for the pane.
        func isInMemory(_ number: Int, _ app: AppDriver) -> Bool {
            app.imagePipeline.cachedImage(for: .poster(at: Self.posterPath(number))) != nil
        }

        @Test(
            "P7: the two rows below the selection have their posters fetched ahead, and moving there shows the poster at once",
            arguments: Step.all)
        func theRowsBelowTheSelectionAreFetchedAhead(step: Step) async {
            let stub = stub()
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            await app.launch()
            let pipeline = app.imagePipeline
            let areAheadInMemory = await stub.waitUntil { _ in
                [2, 3].allSatisfy {
                    pipeline.cachedImage(for: .poster(at: Self.posterPath($0))) != nil
                }
            }
            #expect(areAheadInMemory, "rows 2 and 3's posters were fetched ahead")
            #expect(posterRequests(4, stub).isEmpty, "row 4 is not among the two below row 1")

            app.terminal.keepsFrames = true
            await app.press(.down)
            for (rows, pictures) in app.terminal.frames where Self.selectedRow(in: rows) == 2 {
                #expect(
                    pictures.map(\.source) == [Self.posterPath(2)],
                    "row 2's poster in every frame with row 2 selected: no placeholder first")
            }
            #expect(posterRequests(2, stub).count == 1, "asked for once, ahead of the move")
            let isFourthAsked = await stub.waitUntil { stub in
                !stub.requests(path: Self.requestPath(4, stub: stub)).isEmpty
            }
            #expect(isFourthAsked, "row 4 is now among the two below the selection")
        }

        @Test(
            "P7: moving onto a row whose poster is still being fetched ahead waits for that download: one request",
            arguments: Step.all)
        func movingOntoARowFetchedAheadJoinsItsDownload(step: Step) async {
            let gate = StubGate()
            let stub = stub(gates: [2: gate])
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            await app.launch()
            let isSecondAsked = await stub.waitUntil { stub in
                !stub.requests(path: Self.requestPath(2, stub: stub)).isEmpty
            }
            #expect(isSecondAsked, "row 2's poster is fetched ahead, held")

            app.pressQuickly([.down])
            let pipeline = app.imagePipeline
            let isPaneWaiting = await stub.waitUntil { _ in pipeline.activity.waiters == 1 }
            #expect(isPaneWaiting, "the pane waits for row 2's poster")
            gate.open()
            await app.settle()
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath(2)])
            #expect(posterRequests(2, stub).count == 1, "the move joined the download ahead")
        }

        @Test(
            "P7: a row that leaves the two below the selection has its poster's request cancelled",
            arguments: Step.all)
        func aRowLeftBehindIsNoLongerFetchedAhead(step: Step) async {
            let gates = [3: StubGate(), 4: StubGate()]
            let stub = stub(gates: gates)
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            await app.launch()
            await app.press(.down)
            let isFourthAsked = await stub.waitUntil { stub in
                !stub.requests(path: Self.requestPath(4, stub: stub)).isEmpty
            }
            #expect(isFourthAsked, "row 4 is below row 2")

            await app.press(.up)
            let isFourthClosed = await stub.waitUntil(timeout: Cancellation.closeBound) { stub in
                stub.requests(path: Self.requestPath(4, stub: stub)).allSatisfy {
                    $0.finishedAt != nil
                }
            }
            #expect(isFourthClosed, "row 4's prefetch was cancelled, not answered")
            gates[3]?.open()
            let pipeline = app.imagePipeline
            let isThirdFetched = await stub.waitUntil { _ in
                pipeline.cachedImage(for: .poster(at: Self.posterPath(3))) != nil
            }
            #expect(isThirdFetched, "row 3 is still below row 1: its download went on")
            #expect(posterRequests(3, stub).count == 1, "row 3's poster was asked for once")
            gates[4]?.open()
        }

        @Test(
            "P7: two posters fetched ahead at once at most, and a poster on screen never waits behind them",
            arguments: Step.all)
        func aShownPosterNeverWaitsBehindPrefetches(step: Step) async {
            let gates = [2: StubGate(), 3: StubGate()]
            let stub = stub(gates: gates)
            // Movie 1's detail names a poster of its own, which nothing has fetched yet.
            stub.respond(
                to: "/3/movie/1",
                with: Fixtures.detail(
                    Fixtures.Detail(id: 1, title: "Movie 1", posterPath: "/p5.jpg")))
            stub.respond(to: "/3/movie/1/videos", with: Fixtures.videos(id: 1, []))
            let posterFive = ImageRequest.poster(at: "/p5.jpg")
            let baseURL = stub.configuration().imageBaseURL
            stub.respond(
                to: posterFive.url(imageBaseURL: baseURL)?.path ?? "", with: Fixtures.poster(5))
            let app = AppDriver(step, stub: stub, width: 100, height: 30)
            await app.launch()
            let pipeline = app.imagePipeline
            let heldAhead = Set(
                [2, 3].compactMap {
                    ImageRequest.poster(at: Self.posterPath($0)).url(imageBaseURL: baseURL)
                })
            let areBothDownloading = await stub.waitUntil { _ in
                pipeline.activity.downloading == heldAhead
            }
            #expect(areBothDownloading, "rows 2 and 3's posters download ahead, held")
            #expect(pipeline.activity.queued.isEmpty)

            // The detail asks for its poster while the list's two prefetches hold both places:
            // it starts at once.
            await app.press(.enter)
            #expect(app.screen.contains("A line under the title."), "the detail shows")
            #expect(app.terminal.pictures.map(\.source) == ["/p5.jpg"])
            #expect(
                pipeline.activity.downloading == heldAhead, "the list's prefetches still wait")
            for gate in gates.values {
                gate.open()
            }
        }
    }
}
