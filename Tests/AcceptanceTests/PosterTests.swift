import Foundation
import ImagePipeline
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    /// The detail's poster (P1, P6, P7), the same in every step wherever its loading lives.
    @Suite("Posters")
    @MainActor
    struct Posters {
        nonisolated static let posterPath = "/dune.jpg"

        /// The path the poster box's request has under `imageBaseURL`.
        nonisolated static func requestPath(imageBaseURL: URL) -> String {
            ImageRequest.poster(at: posterPath).url(imageBaseURL: imageBaseURL)?.path ?? ""
        }

        /// A list of two movies; movie 1 names the poster, which is answered with `poster`.
        func stub(poster: StubResponse = Fixtures.poster(1)) -> HTTPStub {
            let stub = HTTPStub()
            stub.respond(
                to: "/3/trending/movie/week", query: ["page": "1"],
                with: Fixtures.page(
                    1, of: 1,
                    [
                        Fixtures.Movie(id: 1, title: "Dune: Part Two"),
                        Fixtures.Movie(id: 2, title: "Civil War"),
                    ]))
            stub.respond(
                to: "/3/movie/1",
                with: Fixtures.detail(
                    Fixtures.Detail(id: 1, title: "Dune: Part Two", posterPath: Self.posterPath)))
            stub.respond(to: "/3/movie/1/videos", with: Fixtures.videos(id: 1, []))
            stub.respond(
                to: Self.requestPath(imageBaseURL: stub.configuration().imageBaseURL), with: poster)
            return stub
        }

        func posterRequests(_ stub: HTTPStub) -> [RecordedRequest] {
            stub.requests(path: Self.requestPath(imageBaseURL: stub.configuration().imageBaseURL))
        }

        @Test(
            "P1: the detail shows its movie's poster, with the text beside it", arguments: Step.all)
        func theDetailShowsItsPoster(step: Step) async {
            let stub = stub()
            let app = AppDriver(step, stub: stub, height: 30)
            await app.launch()
            await app.press(.enter)

            let pictures = app.terminal.pictures
            #expect(pictures.map(\.source) == [Self.posterPath])
            let frame = pictures.first?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
            #expect(frame.x >= 1 && frame.maxX <= 21, "the poster is in its box at the left")
            #expect(app.terminal.picture(atX: frame.x, y: frame.y)?.source == Self.posterPath)
            let taglineRow = app.rows.first { $0.contains("A line under the title.") } ?? ""
            let taglineColumn = taglineRow.range(of: "A line").map {
                taglineRow.distance(from: taglineRow.startIndex, to: $0.lowerBound)
            }
            #expect(taglineColumn.map { $0 >= frame.maxX } == true, "the text is beside it")
            #expect(posterRequests(stub).count == 1)
        }

        /// What a poster host can answer that is no poster.
        enum BadPoster: String, CaseIterable, CustomTestStringConvertible {
            case missing
            case corrupt
            case serverError

            var response: StubResponse {
                switch self {
                case .missing: .json("{}", statusCode: 404)
                case .corrupt: Fixtures.corruptPoster()
                case .serverError: .json("{}", statusCode: 500)
                }
            }

            var testDescription: String { rawValue }
        }

        @Test(
            "P1: a poster that fails or is corrupt leaves the placeholder, and nothing else changes",
            arguments: Step.all, BadPoster.allCases)
        func aBadPosterLeavesThePlaceholder(step: Step, poster: BadPoster) async {
            let stub = stub(poster: poster.response)
            let app = AppDriver(step, stub: stub, height: 30)
            await app.launch()
            await app.press(.enter)

            #expect(posterRequests(stub).count == 1, "the poster was asked for")
            #expect(app.terminal.pictures.isEmpty)
            #expect(app.rows[1].hasPrefix(" ┌──"), "the empty frame stands where the poster would")
            #expect(app.rows[0].hasPrefix("Dune: Part Two"))
            #expect(app.screen.contains("A short overview written for this test."))
            #expect(!app.screen.contains("r retry"), "no error is reported")
            #expect(app.rows.last?.hasPrefix("↑↓ scroll") == true)
        }

        @Test(
            "P6: opening a movie whose poster was shown makes no second request",
            arguments: Step.all)
        func aPosterShownIsNotAskedForAgain(step: Step) async {
            let stub = stub()
            let app = AppDriver(step, stub: stub, height: 30)
            await app.launch()
            await app.press(.enter)
            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath])
            await app.press(.character("b"))
            await app.press(.enter)

            #expect(app.terminal.pictures.map(\.source) == [Self.posterPath])
            #expect(posterRequests(stub).count == 1)
        }

        @Test("P7: leaving the detail aborts its poster's download", arguments: Step.all)
        func leavingTheDetailClosesThePostersConnection(step: Step) async throws {
            let server = try ScriptedHTTPServer { request in
                switch request.path {
                case "/3/movie/1":
                    .response(
                        Fixtures.detail(
                            Fixtures.Detail(
                                id: 1, title: "Dune: Part Two", posterPath: Self.posterPath)))
                case "/3/movie/1/videos": .response(Fixtures.videos(id: 1, []))
                case let path where path.hasSuffix(Self.posterPath): .hang
                default: .response(Cancellation.list)
                }
            }
            defer { server.stop() }
            let app = AppDriver(step, server: server)
            await app.launch()
            app.pressQuickly([.enter])
            let asked = await server.waitUntil { server in
                server.requests.contains { $0.path.hasSuffix(Self.posterPath) }
            }
            #expect(asked, "the poster was asked for")

            let left = ContinuousClock.now
            app.pressQuickly([.character("b")])

            let isHungUp = await server.waitUntil(timeout: Cancellation.closeBound) { server in
                server.hangUps.contains { $0.request.path.hasSuffix(Self.posterPath) }
            }
            #expect(isHungUp, "the left screen's poster request was closed")
            #expect(ContinuousClock.now - left < Cancellation.closeBound)
            await app.settle()
            #expect(app.screen.contains("Trending movies"))
        }
    }
}
