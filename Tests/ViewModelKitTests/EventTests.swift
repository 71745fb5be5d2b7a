import Testing
import ViewModelKit

@Suite("Event")
struct EventTests {
    @Test func valuesCompareByValue() {
        #expect(Event.next(1) == Event.next(1))
        #expect(Event.next(1) != Event.next(2))
        #expect(Event<Int>.completed == Event<Int>.completed)
    }

    @Test func errorsCompareByTheirDescription() {
        #expect(Event<Int>.error(TestError.boom) == Event<Int>.error(TestError.boom))
        #expect(Event<Int>.error(TestError.boom) != Event<Int>.error(TestError.other))
        #expect(Event<Int>.error(TestError.boom) != Event<Int>.completed)
    }

    @Test func stopEventsAreErrorAndCompleted() {
        #expect(!Event.next(1).isStopEvent)
        #expect(Event<Int>.error(TestError.boom).isStopEvent)
        #expect(Event<Int>.completed.isStopEvent)
        #expect(Event.next(1).element == 1)
        #expect(Event<Int>.completed.element == nil)
    }
}
