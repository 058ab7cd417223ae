import Testing

@testable import DIEngine

@Suite struct ProcessCPUTimeTests {
    @Test func coresAreCPUTimeOverWallTimeWithTwoDecimals() {
        #expect(ProcessCPUTime.cores(cpu: .milliseconds(1930), wall: .seconds(1)) == "1.93")
        #expect(ProcessCPUTime.cores(cpu: .milliseconds(1005), wall: .seconds(1)) == "1.01")
        #expect(ProcessCPUTime.cores(cpu: .milliseconds(50), wall: .milliseconds(100)) == "0.50")
        #expect(ProcessCPUTime.cores(cpu: .milliseconds(999), wall: .seconds(1)) == "1.00")
        #expect(ProcessCPUTime.cores(cpu: .seconds(1), wall: .zero) == "0.00")
    }

    @Test func busyWorkOnTwoThreadsCountsTheCPUTimeOfBoth() {
        let start = ProcessCPUTime.now()
        let spin: @Sendable (Int) -> Int = { seed in
            var value = seed
            for step in 0..<3_000_000 { value = value &* 31 &+ step }
            return value
        }
        let results = ParallelMap.map([1, 2], threads: 2, spin)
        let used = ProcessCPUTime.now() - start
        #expect(results.count == 2)
        #expect(used >= .milliseconds(1))
    }
}
