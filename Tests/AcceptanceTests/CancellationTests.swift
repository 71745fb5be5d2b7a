import Foundation
import PseudoTerminal
import Steps
import TMDB
import TMDBTestSupport
import TerminalUI
import Testing

extension Acceptance {
    /// E1 seen from the server: a loopback server holds its answer, and a request that the
    /// user made pointless is aborted, so its connection closes, not left to download.
    ///
    /// Each wait allows 2 s, far below the request's 15 s timeout, the moment the connection
    /// would close without the cancel; the closing itself takes a few milliseconds.
    @Suite("Cancellation")
    @MainActor
    struct Cancellation {
        nonisolated static let closeBound: Duration = .seconds(2)

        nonisolated static let list = Fixtures.page(
            1, of: 1, [Fixtures.Movie(id: 1, title: "Alpha"), Fixtures.Movie(id: 2, title: "Beta")])

        /// How long after `start` the held request for `path` was hung up on; nil if it was not.
        static func hangUpDelay(
            on server: ScriptedHTTPServer, path: String, after start: ContinuousClock.Instant
        ) async -> Duration? {
            let isHungUp = await server.waitUntil(timeout: closeBound) { server in
                server.hangUps.contains { $0.request.path == path }
            }
            guard isHungUp, let hangUp = server.hangUps.first(where: { $0.request.path == path })
            else { return nil }
            return hangUp.time - start
        }

        /// Moves the app's clock to each deadline it sleeps until, as the typing pausing would,
        /// until `condition` holds of the server. The request is sent a moment after the
        /// debounce fires, and the sleep a key starts may begin after the key is taken in, so
        /// time moves again while the condition does not hold.
        static func moveTime(
            of app: AppDriver, until server: ScriptedHTTPServer,
            _ condition: @escaping @Sendable (ScriptedHTTPServer) -> Bool
        ) async -> Bool {
            let deadline = ContinuousClock.now.advanced(by: .seconds(60))
            while ContinuousClock.now < deadline {
                if let wakeUp = app.clock.nextDeadline {
                    app.clock.advance(to: wakeUp)
                }
                if await server.waitUntil(timeout: .milliseconds(50), condition) { return true }
            }
            return false
        }

        @Test(
            "E1: switching the window aborts the page request still on its way", arguments: Step.all
        )
        func windowSwitchClosesTheConnection(step: Step) async throws {
            let server = try ScriptedHTTPServer { request in
                request.path == "/3/trending/movie/week" ? .hang : .response(Self.list)
            }
            defer { server.stop() }
            let app = AppDriver(step, server: server)
            app.application.start()
            #expect(
                await server.waitUntil { !$0.requests.isEmpty }, "the week's page was asked for")

            let switched = ContinuousClock.now
            app.pressQuickly([.character("t")])

            let delay = await Self.hangUpDelay(
                on: server, path: "/3/trending/movie/week", after: switched)
            #expect(delay != nil, "the superseded request's connection was closed")
            await app.settle()
            #expect(app.screen.contains("Alpha"), "the day's list shows")
        }

        @Test("E1: leaving a detail aborts its detail and videos requests", arguments: Step.all)
        func leavingTheDetailClosesItsConnections(step: Step) async throws {
            let server = try ScriptedHTTPServer { request in
                request.path.hasPrefix("/3/movie/") ? .hang : .response(Self.list)
            }
            defer { server.stop() }
            let app = AppDriver(step, server: server)
            await app.launch()
            app.pressQuickly([.enter])
            let asked = await server.waitUntil { server in
                let paths = Set(server.requests.map(\.path))
                return paths.isSuperset(of: ["/3/movie/1", "/3/movie/1/videos"])
            }
            #expect(asked, "the detail and its videos were asked for")

            let left = ContinuousClock.now
            app.pressQuickly([.character("b")])

            for path in ["/3/movie/1", "/3/movie/1/videos"] {
                let delay = await Self.hangUpDelay(on: server, path: path, after: left)
                #expect(delay != nil, "\(path): the left screen's request was closed")
            }
            await app.settle()
            #expect(app.screen.contains("Trending movies"))
        }

        @Test(
            "E1 S4: a newer query aborts the older one when it is sent, not at the keystroke",
            arguments: Step.all)
        func newerQueryClosesTheOlderOnesConnection(step: Step) async throws {
            let server = try ScriptedHTTPServer { request in
                request.path == "/3/search/movie" ? .hang : .response(Self.list)
            }
            defer { server.stop() }
            let app = AppDriver(step, server: server)
            await app.launch()
            app.pressQuickly([.character("/")])
            await app.typeWithoutPausing("dune")
            #expect(
                await Self.moveTime(of: app, until: server) { server in
                    server.requests.contains { $0.queryItems["query"] == "dune" }
                },
                "the first query was sent once the typing paused")

            await app.typeWithoutPausing("s")
            let isHungUpEarly = await server.waitUntil(timeout: .milliseconds(300)) { server in
                !server.hangUps.isEmpty
            }
            #expect(!isHungUpEarly, "a keystroke alone does not abort the query on its way")

            let sent = ContinuousClock.now
            #expect(
                await Self.moveTime(of: app, until: server) { server in
                    server.requests.contains { $0.queryItems["query"] == "dunes" }
                },
                "the newer query was sent once the typing paused")
            let isOlderHungUp = await server.waitUntil(timeout: Self.closeBound) { server in
                server.hangUps.contains { $0.request.queryItems["query"] == "dune" }
            }
            #expect(isOlderHungUp, "the older query's connection was closed")
            let olderHangUp = server.hangUps.first { $0.request.queryItems["query"] == "dune" }
            #expect(
                olderHangUp.map { $0.time >= sent } ?? false, "closed once the newer one was sent")
            #expect(
                !server.hangUps.contains { $0.request.queryItems["query"] == "dunes" },
                "the newer query is still on its way")
        }
    }
}

/// E1 for the real binary: quitting while a request is on its way closes its connection.
@Suite("Cancellation on quit")
struct CancellationOnQuitTests {
    @Test("E1: quitting with a request on its way closes its connection", arguments: Step.all)
    func quittingClosesTheConnection(step: Step) async throws {
        try await withChildProcessSlot {
            let server = try ScriptedHTTPServer { _ in .hang }
            defer { server.stop() }
            var process = try #require(
                PseudoTerminalProcess(
                    executable: RunResult.executable(step.command).path,
                    environment: [
                        "TMDB_API_KEY": TestCredentials.apiKey, "TMDB_BASE_URL": server.baseURL,
                    ]))
            defer { process.close() }
            #expect(await server.waitUntil { !$0.requests.isEmpty }, "the first page was asked for")

            process.send([UInt8(ascii: "q")])

            #expect(await process.waitForExit(timeout: .seconds(60)) == 0)
            let isHungUp = await server.waitUntil(timeout: .seconds(2)) { !$0.hangUps.isEmpty }
            #expect(isHungUp, "the connection was closed")
        }
    }
}
