import Testing
import ViewModelKit
import ViewModelKitTesting

// Marble times are TestScheduler ticks of one virtual millisecond (`TestScheduler.resolution`).
// Under RxTest, make each scheduler `TestScheduler(initialClock: 0, resolution: 0.001)`.

@MainActor
@Suite("debounce")
struct DebounceTests {
    @Test func aBurstGivesItsLastValue300msAfterTheLastKey() {
        let scheduler = TestScheduler()
        let typed = scheduler.createHotObservable([
            .next(210, "m"), .next(300, "ma"), .next(450, "mat"),
            .next(900, "matr"),
        ])
        let result = scheduler.start(disposed: 2000) {
            typed.asObservable().debounce(.milliseconds(300), scheduler: scheduler)
        }
        #expect(result.events == [.next(750, "mat"), .next(1200, "matr")])
    }

    @Test func valuesFurtherApartThanTheDueTimeAllGoOut() {
        let scheduler = TestScheduler()
        let typed = scheduler.createHotObservable([.next(210, 1), .next(520, 2)])
        let result = scheduler.start {
            typed.asObservable().debounce(.milliseconds(300), scheduler: scheduler)
        }
        #expect(result.events == [.next(510, 1), .next(820, 2)])
    }

    @Test func completionSendsTheWaitingValueFirst() {
        let scheduler = TestScheduler()
        let typed = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let result = scheduler.start {
            typed.asObservable().debounce(.milliseconds(300), scheduler: scheduler)
        }
        #expect(result.events == [.next(250, 1), .completed(250)])
    }

    @Test func anErrorDropsTheWaitingValue() {
        let scheduler = TestScheduler()
        let typed = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
        let result = scheduler.start {
            typed.asObservable().debounce(.milliseconds(300), scheduler: scheduler)
        }
        #expect(result.events == [.error(250, TestError.boom)])
    }

    @Test func disposingCancelsTheWaitingValue() {
        let scheduler = TestScheduler()
        let typed = scheduler.createHotObservable([.next(210, 1)])
        let result = scheduler.start(disposed: 400) {
            typed.asObservable().debounce(.milliseconds(300), scheduler: scheduler)
        }
        #expect(result.events == [])
    }
}
