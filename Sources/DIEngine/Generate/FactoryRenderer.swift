/// Renders the generated factory file: a pure function of the linked graph and the
/// target's naming settings, byte-for-byte deterministic.
enum FactoryRenderer {
    /// The first line of every generated file; the inventory skips files starting with it.
    /// Registrations per `loadChunkN` method; more than this many in `load` itself would be chunked.
    static let chunkSize = 50

    static func render(
        _ graph: LinkedGraph, className: String, runtimeModule: String, accessControl: AccessControlSetting?
    ) -> String {
        var writer = CodeWriter()
        writer.line(GeneratedMarker.header)
        writer.line()
        GeneratedImportList.append(graph.imports, runtimeModule: runtimeModule, to: &writer)
        writer.line()

        let access = accessControl.map { "\($0.rawValue) " } ?? ""
        let registrations = ordered(graph.registrations.filter { $0.kind != .imported })
        let chunks = registrations.count > chunkSize ? chunked(registrations) : []
        writer.line("\(access)final class \(className): ModuleFactory {")
        writer.indented { writer in
            writer.line("\(access)override func load(context: AppContext) {")
            writer.indented { writer in
                PropertyLiteralRenderer.appendLoadProperty(graph.properties, to: &writer)
                if !registrations.isEmpty { writer.line() }
                if chunks.isEmpty {
                    for registration in registrations { RegistrationRenderer.append(registration, to: &writer) }
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
                    for registration in chunk { RegistrationRenderer.append(registration, to: &writer) }
                }
                writer.line("}")
            }
        }
        writer.line("}")
        return writer.text
    }

    /// Type name, qualifier, then source location, in byte order. The linker already delivers this
    /// order; sorting again (stably) keeps the output deterministic for any graph.
    static func ordered(_ registrations: [Registration]) -> [Registration] {
        registrations.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element, rhs.element)
            if l.id != r.id { return l.id < r.id }
            switch (l.location, r.location) {
            case (let a?, let b?) where a != b: return a < b
            case (nil, .some): return true
            case (.some, nil): return false
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }

    private static func chunked(_ registrations: [Registration]) -> [[Registration]] {
        stride(from: 0, to: registrations.count, by: chunkSize).map {
            Array(registrations[$0..<min($0 + chunkSize, registrations.count)])
        }
    }
}
