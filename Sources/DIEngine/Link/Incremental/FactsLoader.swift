/// Decodes one file's facts when a link step needs them (`LinkInput.detail`, `LinkInput.interface`,
/// `LinkSources`). A run gives each file its blob, held as a value: a closure capturing it cost an allocation
/// per file for each of the two, ~20,000 on every DI edit of the generated 10,000-file project.
struct FactsLoader: Sendable {
    private enum Source: Sendable {
        case blob(FactsOnDemand.Blob, whole: Bool)
        case function(@Sendable () -> FileFacts?)
    }

    private let source: Source

    /// Facts given by a function (tests).
    init(_ load: @escaping @Sendable () -> FileFacts?) { source = .function(load) }

    /// The whole facts encoded in `blob`, or its interface only.
    init(blob: FactsOnDemand.Blob, whole: Bool) { source = .blob(blob, whole: whole) }

    /// The facts; nil when they cannot be read or do not decode.
    func load() -> FileFacts? {
        switch source {
        case .function(let load): return load()
        case .blob(let source, let whole):
            guard let blob = source.bytes() else { return nil }
            do throws(BinaryCodingError) {
                return whole ? try FactsReader.read(blob) : try FactsReader.readInterface(blob)
            } catch {
                return nil
            }
        }
    }
}
