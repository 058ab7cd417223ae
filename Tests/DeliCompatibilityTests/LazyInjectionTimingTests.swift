import DIRuntime
import Foundation
import Testing

final class Sender: LazyAutowired {
    var journal: Journal?
    var wasInjectedOnMainQueue = false
    required init() {}
    func inject(_ journal: Journal) {
        self.journal = journal
        wasInjectedOnMainQueue = DispatchQueue.getSpecific(key: mainQueueMarker) != nil
    }
}

/// Set on the main queue only. (After `dispatchMain()`, as in a test runner on Linux, the main queue is
/// drained by a pool thread, so `Thread.isMainThread` cannot tell.)
let mainQueueMarker: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

final class TimingFactory: ModuleFactory {
    override func load(context: AppContext) {
        register(EnglishGreeter.self, resolver: { return EnglishGreeter() }, qualifier: "", scope: .singleton)
            .link(Greeter.self)
        register(
            Journal.self,
            resolver: { return Journal(context.get(Greeter.self, qualifier: "")!) },
            qualifier: "",
            scope: .singleton
        )
        registerLazy(
            Sender.self,
            resolver: { return Sender() },
            injector: { instance in instance.inject(context.get(Journal.self, qualifier: "")!) },
            qualifier: "",
            scope: .singleton
        )
    }
}

/// DIRuntime's default injects before `get` returns; `.mainQueue` restores Deli's timing, which Deli's
/// own suite asserts: nil right after `get`, set after a turn of the main queue.
@Suite struct LazyInjectionTimingTests {
    @Test func synchronousByDefault() {
        let context = AppContext().load([TimingFactory.self])
        #expect(context.lazyInjection == .synchronous)
        #expect(context.get(Sender.self)?.journal != nil)
    }

    // Deli's specs call `RunLoop.current.run(until:)` from XCTest, which runs tests outside the main
    // queue. A main-actor test runs *on* the (serial) main queue, where a nested run loop cannot drain
    // it, so this test awaits the next main-queue turn instead: the queue is FIFO, so the injection
    // dispatched by `get` has run when the await resumes.
    @MainActor @Test func mainQueueModeInjectsOnTheNextMainQueueTurn() async throws {
        let context = AppContext()
        context.lazyInjection = .mainQueue
        context.load([TimingFactory.self])
        let sender = try #require(context.get(Sender.self))
        #expect(sender.journal == nil)
        await nextMainQueueTurn()
        #expect(sender.journal === context.get(Journal.self))
    }

    @Test func mainQueueModeInjectsOnTheMainQueueWhenResolvedElsewhere() async throws {
        let context = AppContext()
        context.lazyInjection = .mainQueue
        _ = mainQueueMarker
        let sender = try #require(context.load([TimingFactory.self]).get(Sender.self))
        await nextMainQueueTurn()
        #expect(sender.journal === context.get(Journal.self))
        #expect(sender.wasInjectedOnMainQueue)
    }
}

private func nextMainQueueTurn() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}
