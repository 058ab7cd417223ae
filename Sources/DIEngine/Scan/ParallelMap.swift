import Foundation

/// Maps a function over an array on several threads, keeping input order. Uses its own threads with a
/// generous stack because swift-syntax recurses deeply on nested code (dispatch workers have 512 KiB).
enum ParallelMap {
    private static let stackSize = 16 << 20

    static func map<Input, Output>(
        _ inputs: [Input], threads requested: Int?, _ transform: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        let threadCount = max(1, min(requested ?? ProcessInfo.processInfo.activeProcessorCount, inputs.count))
        let work = Work(inputs: inputs, transform: transform)
        let done = DispatchGroup()
        for _ in 0..<threadCount {
            done.enter()
            let thread = Thread {
                work.run()
                done.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        done.wait()
        return work.outputs()
    }

    /// Shared between the worker threads; every access to the mutable state holds `lock`.
    private final class Work<Input, Output>: @unchecked Sendable {
        private let inputs: [Input]
        private let transform: (Input) -> Output
        private let lock = NSLock()
        private var next = 0
        private var results: [Output?]

        init(inputs: [Input], transform: @escaping (Input) -> Output) {
            self.inputs = inputs
            self.transform = transform
            self.results = Array(repeating: nil, count: inputs.count)
        }

        func run() {
            while let index = claim() {
                let output = transform(inputs[index])
                lock.withLock { results[index] = output }
            }
        }

        private func claim() -> Int? {
            lock.withLock {
                guard next < inputs.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func outputs() -> [Output] { lock.withLock { results.compactMap { $0 } } }
    }
}
