import Testing

@testable import DIEngine

@Suite struct ParallelMapTests {
    /// The default thread count comes from the processors online, asked once; the order of results is the
    /// inputs' whatever the count.
    @Test func theDefaultThreadCountKeepsInputOrder() {
        #expect(ParallelMap.processorCount >= 1)
        let inputs = Array(0..<257)
        #expect(ParallelMap.map(inputs, threads: nil) { $0 * 3 } == inputs.map { $0 * 3 })
    }
}
