import MovieDomain
import Testing

/// What a list's prefetcher asks for and cancels as its window moves (P7); the acceptance
/// suite checks the requests each step makes through it.
@Suite("PosterPrefetcher")
@MainActor
struct PosterPrefetcherTests {
    /// The prefetcher and what it asked for and cancelled, call by call.
    @MainActor
    final class Recorder {
        var calls: [String] = []
        lazy var prefetcher = PosterPrefetcher(
            prefetch: { [unowned self] in calls.append("prefetch \($0)") },
            cancelPrefetching: { [unowned self] in calls.append("cancel \($0)") })
    }

    @Test("P7: a move asks only for what entered the window and cancels only what left it")
    func aMoveAsksForTheNewAndCancelsTheLeft() {
        let recorder = Recorder()
        recorder.prefetcher.update(["/1", "/2", "/3"])
        recorder.prefetcher.update(["/2", "/3", "/4"])
        recorder.prefetcher.update(["/2", "/3", "/4"])
        #expect(
            recorder.calls == [
                #"prefetch ["/1", "/2", "/3"]"#, #"cancel ["/1"]"#, #"prefetch ["/4"]"#,
            ])
        #expect(recorder.prefetcher.posterPaths == ["/2", "/3", "/4"])
    }

    @Test("P7: stop cancels everything still asked for, and then nothing more")
    func stopCancelsEverything() {
        let recorder = Recorder()
        recorder.prefetcher.update(["/1", "/2"])
        recorder.prefetcher.stop()
        recorder.prefetcher.stop()
        #expect(recorder.calls == [#"prefetch ["/1", "/2"]"#, #"cancel ["/1", "/2"]"#])
        #expect(recorder.prefetcher.posterPaths.isEmpty)
    }
}
