import Testing
import ViewModelKit

@MainActor
@Suite("MainScheduler")
struct MainSchedulerTests {
    @Test func aScheduledActionRunsOnTheMainActorOnceItsTimeHasPassed() async {
        let scheduler = MainScheduler.instance
        let ran = AsyncStream.makeStream(of: Duration.self)
        let scheduledAt = scheduler.now
        let action = scheduler.schedule(after: .milliseconds(5)) {
            ran.continuation.yield(scheduler.now)
        }
        let deadline = Task {
            try await Task.sleep(for: .seconds(120))
            ran.continuation.finish()
        }
        var iterator = ran.stream.makeAsyncIterator()
        let ranAt = await iterator.next(isolation: MainActor.shared)
        deadline.cancel()
        #expect(ranAt.map { $0 - scheduledAt >= .milliseconds(5) } == true)
        action.dispose()
    }
}
