import CleanDomain
import Synchronization
import Testing

/// The poster use case over a repository that answers from a dictionary: what it asks for,
/// what it hands back, and that a cancelled caller reaches the repository's download.
struct PosterUseCaseTests {
    /// Posters by path; a path it does not hold is "no poster". Records every path asked for
    /// and whether the asking task was cancelled when the answer came.
    final class Posters: PosterRepository {
        let held: [String: Poster]
        let memory: [String: Poster]
        let asked = Mutex<[String]>([])
        let sawCancellation = Mutex(false)
        /// "prefetch PATHS" and "cancel PATHS", call by call.
        let prefetching = Mutex<[String]>([])

        init(held: [String: Poster] = [:], memory: [String: Poster] = [:]) {
            self.held = held
            self.memory = memory
        }

        func poster(path: String) async -> Poster? {
            asked.withLock { $0.append(path) }
            // The download stops for a caller that stopped waiting (P7).
            try? await Task.sleep(for: .seconds(3600))
            if Task.isCancelled {
                sawCancellation.withLock { $0 = true }
                return nil
            }
            return held[path]
        }

        func cachedPoster(path: String) -> Poster? {
            memory[path]
        }

        func prefetchPosters(paths: [String]) {
            prefetching.withLock { $0.append("prefetch \(paths)") }
        }

        func cancelPrefetchingPosters(paths: [String]) {
            prefetching.withLock { $0.append("cancel \(paths)") }
        }
    }

    static func poster(_ path: String) -> Poster {
        Poster(path: path, width: 1, height: 1, pixels: [1, 2, 3], fileData: [0xFF, 0xD8])
    }

    @Test("P6: a poster in memory is handed back at once, without asking for a download")
    func aRememberedPosterIsTheRepositorysMemory() {
        let posters = Posters(memory: ["/a.jpg": Self.poster("/a.jpg")])
        let useCase = FetchPosterUseCase(repository: posters)

        #expect(useCase.cachedPoster(posterPath: "/a.jpg") == Self.poster("/a.jpg"))
        #expect(useCase.cachedPoster(posterPath: "/b.jpg") == nil)
        #expect(posters.asked.withLock { $0 }.isEmpty)
    }

    @Test("P7: cancelling the caller cancels the poster's download, and no poster comes")
    func cancellingTheCallerReachesTheRepository() async {
        let posters = Posters(held: ["/a.jpg": Self.poster("/a.jpg")])
        let useCase = FetchPosterUseCase(repository: posters)

        let task = Task { await useCase.execute(posterPath: "/a.jpg") }
        task.cancel()
        let poster = await task.value

        #expect(poster == nil)
        #expect(posters.sawCancellation.withLock { $0 })
    }

    @Test("P7: fetching ahead and cancelling it reach the repository, which does the work")
    func prefetchingIsTheRepositorys() {
        let posters = Posters()
        let useCase = FetchPosterUseCase(repository: posters)

        useCase.prefetch(posterPaths: ["/a.jpg", "/b.jpg"])
        useCase.cancelPrefetching(posterPaths: ["/a.jpg"])

        #expect(
            posters.prefetching.withLock { $0 } == [
                #"prefetch ["/a.jpg", "/b.jpg"]"#, #"cancel ["/a.jpg"]"#,
            ])
        #expect(posters.asked.withLock { $0 }.isEmpty, "no poster was waited for")
    }
}
