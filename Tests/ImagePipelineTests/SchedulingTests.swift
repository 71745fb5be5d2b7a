import Foundation
import ImagePipeline
import TMDB
import Testing

/// P6, P7: downloads shared by URL, prefetches in line behind what is on screen.
@Suite struct SchedulingTests {
    @Test("P6: two views asking for one poster at once cause one download")
    func oneDownloadForConcurrentAskers() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(1))
        let pipeline = ImagePipeline.holding(downloads)
        let url = try #require(pipeline.url(of: poster("a")))
        // The same poster in two boxes of one size: two decodes, one download.
        let first = Task { try await pipeline.image(for: poster("a")) }
        let second = Task {
            try await pipeline.image(for: poster("a", box: PixelSize(width: 30, height: 45)))
        }
        #expect(await waitUntil { pipeline.activity.waiters == 2 })
        downloads.release(url)
        let images = try await [first.value, second.value]

        #expect(downloads.started == [url])
        #expect(images.map(\.url) == [url, url])
        #expect(images.map(\.bitmap.width) == [24, 30])
    }

    @Test("P7: one asker of two leaving keeps the download; the last one leaving cancels it")
    func lastAskerCancels() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(1))
        let pipeline = ImagePipeline.holding(downloads)
        let url = try #require(pipeline.url(of: poster("a")))
        let first = Task { try await pipeline.image(for: poster("a")) }
        let second = Task { try await pipeline.image(for: poster("a")) }
        #expect(await waitUntil { pipeline.activity.waiters == 2 && downloads.held == [url] })

        first.cancel()
        await #expect(throws: ImageLoadingError.cancelled) { try await first.value }
        #expect(pipeline.activity.downloading == [url])
        #expect(downloads.cancelled.isEmpty)

        second.cancel()
        await #expect(throws: ImageLoadingError.cancelled) { try await second.value }
        #expect(await waitUntil { downloads.cancelled == [url] })
        #expect(pipeline.activity.downloading.isEmpty)

        // Asked again, the poster is downloaded anew, not served from a dead download.
        downloads.release(url)
        _ = try await pipeline.image(for: poster("a"))
        #expect(downloads.started == [url, url])
    }

    @Test("P7: prefetches download at most two at a time, in the order asked")
    func prefetchAtMostTwo() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(2))
        let pipeline = ImagePipeline.holding(downloads)
        let requests = ["a", "b", "c", "d", "e"].map { poster($0) }
        let urls = try requests.map { try #require(pipeline.url(of: $0)) }
        pipeline.prefetch(requests)
        #expect(await waitUntil { downloads.started.count == 2 })
        // The two run at once, so either may reach the server first.
        #expect(Set(downloads.started) == Set(urls[0..<2]))
        #expect(pipeline.activity.queued == Array(urls[2...]))

        for (index, url) in urls.enumerated() {
            downloads.release(url)
            guard index + 2 < urls.count else { continue }
            #expect(await waitUntil { downloads.started.count == index + 3 })
            #expect(downloads.started.last == urls[index + 2], "the next in line, one at a time")
        }
        #expect(await waitUntil { requests.allSatisfy(pipeline.isCached) })
        #expect(downloads.started.count == urls.count)
        #expect(downloads.mostRunning == 2)

        // Prefetched, then shown: no second download.
        _ = try await pipeline.image(for: requests[0])
        #expect(downloads.started.count == urls.count)
    }

    @Test(
        "P7: a visible poster starts at once while two prefetches run; none starts before it ends")
    func visibleNeverWaitsForPrefetch() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(3))
        let pipeline = ImagePipeline.holding(downloads)
        let prefetched = ["a", "b", "c"].map { poster($0) }
        let urls = try prefetched.map { try #require(pipeline.url(of: $0)) }
        pipeline.prefetch(prefetched)
        #expect(await waitUntil { downloads.started.count == 2 })

        let visibleURL = try #require(pipeline.url(of: poster("shown")))
        let shown = Task { try await pipeline.image(for: poster("shown")) }
        #expect(await waitUntil { downloads.started.count == 3 })
        #expect(downloads.started.last == visibleURL)

        // A prefetch place frees up, but the visible download still runs: "c" waits.
        downloads.release(urls[0])
        #expect(await waitUntil { !pipeline.activity.downloading.contains(urls[0]) })
        #expect(pipeline.activity.queued == [urls[2]])
        #expect(!pipeline.activity.downloading.contains(urls[2]))

        downloads.release(visibleURL)
        _ = try await shown.value
        #expect(await waitUntil { downloads.started.count == 4 })
        #expect(downloads.started.last == urls[2])
        #expect(downloads.mostRunning == 3, "two prefetches and the visible one")
        downloads.release(urls[1])
        downloads.release(urls[2])
    }

    @Test("P7: a visible request for a queued prefetch starts it at once, ahead of the line")
    func visibleTakesAQueuedPrefetch() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(4))
        let pipeline = ImagePipeline.holding(downloads)
        let requests = ["a", "b", "c"].map { poster($0) }
        let urls = try requests.map { try #require(pipeline.url(of: $0)) }
        pipeline.prefetch(requests)
        #expect(await waitUntil { downloads.started.count == 2 })

        downloads.release(urls[2])
        _ = try await pipeline.image(for: requests[2])
        #expect(downloads.started.count == 3)
        #expect(downloads.started.last == urls[2])
        #expect(pipeline.activity.queued.isEmpty)
        downloads.release(urls[0])
        downloads.release(urls[1])
    }

    @Test("P7: a prefetch nobody wants any more is taken out of line, or its download cancelled")
    func cancelPrefetching() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(5))
        let pipeline = ImagePipeline.holding(downloads)
        let requests = ["a", "b", "c", "d"].map { poster($0) }
        let urls = try requests.map { try #require(pipeline.url(of: $0)) }
        pipeline.prefetch(requests)
        #expect(await waitUntil { downloads.started.count == 2 })

        pipeline.cancelPrefetching([requests[0], requests[2]])
        #expect(await waitUntil { downloads.cancelled == [urls[0]] })
        // "a"'s place goes to "d": "c" left the line before its turn.
        #expect(await waitUntil { downloads.started.count == 3 })
        #expect(downloads.started.last == urls[3])
        #expect(pipeline.activity.queued.isEmpty)
        downloads.release(urls[1])
        downloads.release(urls[3])
    }

    @Test("P7: a prefetch a visible request joined goes on when the prefetch is cancelled")
    func joinedPrefetchSurvivesItsCancel() async throws {
        let downloads = HeldDownloads(answering: try samplePoster(6))
        let pipeline = ImagePipeline.holding(downloads)
        let url = try #require(pipeline.url(of: poster("a")))
        pipeline.prefetch([poster("a")])
        #expect(await waitUntil { downloads.started.count == 1 })
        let shown = Task { try await pipeline.image(for: poster("a")) }
        #expect(await waitUntil { pipeline.activity.waiters == 1 })

        pipeline.cancelPrefetching([poster("a")])
        #expect(downloads.cancelled.isEmpty)
        downloads.release(url)
        _ = try await shown.value
        #expect(downloads.started == [url])
    }
}
