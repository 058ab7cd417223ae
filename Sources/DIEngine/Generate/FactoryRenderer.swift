/// Renders the generated factory file: a pure function of the linked graph and the
/// target's naming settings, byte-for-byte deterministic.
enum FactoryRenderer {
    /// The first line of every generated file; the inventory skips files starting with it.
    /// Registrations per `loadChunkN` method; more than this many in `load` itself would be chunked.
    static let chunkSize = 50

    static func render(
        _ graph: LinkedGraph, className: String, runtimeModule: String, accessControl: AccessControlSetting?
    ) -> String {
        String(
            decoding: renderUTF8(
                graph, className: className, runtimeModule: runtimeModule, accessControl: accessControl),
            as: UTF8.self)
    }

    /// `render`'s text as the bytes written to disk.
    static func renderUTF8(
        _ graph: LinkedGraph, className: String, runtimeModule: String, accessControl: AccessControlSetting?
    ) -> [UInt8] {
        // About 380 bytes per registration in practice.
        var writer = CodeWriter(reservingCapacity: 512 * graph.registrations.count)
        writer.line(GeneratedMarker.header)
        writer.line()
        GeneratedImportList.append(graph.imports, runtimeModule: runtimeModule, to: &writer)
        writer.line()

        let access = accessControl.map { "\($0.rawValue) " } ?? ""
        // Indices, not copies: a copy of each registration cost about as much as rendering it.
        let all = graph.registrations
        let order = orderedIndices(all, including: all.indices.filter { all[$0].kind != .imported })
        let chunks =
            order.count > chunkSize
            ? stride(from: 0, to: order.count, by: chunkSize).map { $0..<min($0 + chunkSize, order.count) } : []
        writer.line("\(access)final class \(className): ModuleFactory {")
        // Blocks rendered beside the resolution are copied, and only their closing lines written.
        let blocks = graph.factoryBlocks.blocks.flatMap { $0.matches(graph) ? $0 : nil }
        // Registrations are lent to the renderer by address: read through the array's (or the buffer's)
        // subscript, each was copied (a retain per field) before it was rendered.
        all.withUnsafeBufferPointer { all in
            func appendBlock(_ index: Int, to writer: inout CodeWriter) {
                if let blocks {
                    writer.append(lines: blocks.block(index))
                    RegistrationRenderer.appendClosing(all.baseAddress! + index, to: &writer)
                } else {
                    RegistrationRenderer.append(all.baseAddress! + index, to: &writer)
                }
            }
            writer.indented { writer in
                writer.line("\(access)override func load(context: AppContext) {")
                writer.indented { writer in
                    PropertyLiteralRenderer.appendLoadProperty(graph.properties, to: &writer)
                    if !order.isEmpty { writer.line() }
                    if chunks.isEmpty {
                        for index in order { appendBlock(index, to: &writer) }
                    } else {
                        for index in chunks.indices { writer.line("loadChunk\(index)(context: context)") }
                    }
                }
                writer.line("}")
                for (index, chunk) in chunks.enumerated() {
                    writer.line()
                    writer.line("@inline(never)")
                    writer.line("private func loadChunk\(index)(context: AppContext) {")
                    writer.indented { writer in
                        for position in chunk { appendBlock(order[position], to: &writer) }
                    }
                    writer.line("}")
                }
            }
        }
        writer.line("}")
        return writer.bytes
    }

    /// Type name, qualifier, then source location, in byte order. The linker already delivers this
    /// order; sorting again (stably) keeps the output deterministic for any graph.
    static func ordered(_ registrations: [Registration]) -> [Registration] {
        orderedIndices(registrations, including: Array(registrations.indices)).map { registrations[$0] }
    }

    /// `included` (ascending indices into `registrations`) stably sorted by `ordered`'s order. A list
    /// already in order, as the linker delivers it, is only checked.
    private static func orderedIndices(_ registrations: [Registration], including included: [Int]) -> [Int] {
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            let (left, right) = (registrations[lhs].id, registrations[rhs].id)
            if left != right { return left < right }
            switch (registrations[lhs].location, registrations[rhs].location) {
            case (let a?, let b?) where a != b: return a < b
            case (nil, .some): return true
            case (.some, nil): return false
            default: return lhs < rhs
            }
        }
        let inOrder = zip(included, included.dropFirst()).allSatisfy {
            InPlaceText.precedes(registrations[$0].id, registrations[$1].id) ?? precedes($0, $1)
        }
        if inOrder { return included }
        return included.sorted(by: precedes)
    }
}
