import Testing

@testable import DIEngine

/// A value handed from one thread to another (`Handoff`): `take` waits for `put`, and the thread that put
/// it goes on while the value is taken.
@Suite struct HandoffTests {
    @Test func aValuePutOnAnotherThreadIsTakenWhileThatThreadGoesOn() {
        let handoff = Handoff<[Int]>()
        let finish = Handoff<Bool>()
        let work = BackgroundWork { () -> Int in
            handoff.put([1, 2, 3])
            // Still running after the put: it finishes only once the taker says so.
            return finish.take() ? 4 : 0
        }
        #expect(handoff.take() == [1, 2, 3])
        finish.put(true)
        #expect(work.wait() == 4)
    }

    @Test func aValuePutBeforeTheTakeIsThere() {
        let handoff = Handoff<String>()
        handoff.put("ready")
        #expect(handoff.take() == "ready")
    }
}
