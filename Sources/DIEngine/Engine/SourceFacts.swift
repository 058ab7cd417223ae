/// How a subcommand uses the incremental cache (`docs/cache-format.md`).
enum CacheMode: Sendable, Equatable {
    /// `--no-cache`, and `graph`: every source is read and scanned; no cache file is opened.
    case disabled
    /// `generate`: cached facts are used, nothing is written.
    case readOnly
    /// `build` and `validate`.
    case readWrite
}

/// The scanned sources of one target, ready for the link stage.
struct SourceFacts {
    /// The target with dibuild-generated files left out of its sources (as the depfile lists them).
    var target: InputCollection.Target
    /// Readable UTF-8 sources and their facts, in source order.
    var files: [(path: String, facts: FileFacts)] = []
    /// `I01` (unreadable), `I13` (not UTF-8), and `I12` when only generated files were found.
    var diagnostics: [Diagnostic] = []

    init(target: InputCollection.Target, results: [Result<FileFacts, FileSystemError>]) {
        self.init(target: target, outcomes: results.map(Outcome.init))
        files.reserveCapacity(results.count)
        for (path, result) in zip(target.inventory.sources, results) {
            guard case .success(let facts) = result, !facts.generated, !facts.invalidUTF8 else { continue }
            files.append((path, facts))
        }
    }

    /// What became of one source, without its facts.
    enum Outcome {
        case unreadable(FileSystemError)
        case generated
        case invalidUTF8
        case scanned

        init(_ result: Result<FileFacts, FileSystemError>) {
            switch result {
            case .failure(let error): self = .unreadable(error)
            case .success(let facts): self = Outcome(generated: facts.generated, invalidUTF8: facts.invalidUTF8)
            }
        }

        init(generated: Bool, invalidUTF8: Bool) {
            self = generated ? .generated : invalidUTF8 ? .invalidUTF8 : .scanned
        }
    }

    /// The target and diagnostics only, `files` left empty: for a link that takes its facts elsewhere
    /// (`SourceLookup.resolveInterfaces`), which then copies no file's facts here.
    init(target: InputCollection.Target, outcomes: [Outcome]) {
        self.target = target
        var sources: [String] = []
        sources.reserveCapacity(outcomes.count)
        for (path, outcome) in zip(target.inventory.sources, outcomes) {
            switch outcome {
            case .unreadable(let error): diagnostics.append(Diagnostic(.cannotRead, path, error.reason))
            case .generated: continue
            case .invalidUTF8: diagnostics.append(Diagnostic(.notUTF8, path))
            case .scanned: break
            }
            sources.append(path)
        }
        if sources.isEmpty && !target.inventory.sources.isEmpty {
            diagnostics.append(InventoryBuilder.noSourcesWarning(target: target.settings.name))
        }
        self.target.inventory.sources = sources
    }

    /// The facts of one source's bytes: generated files and invalid UTF-8 are recorded, not scanned. A pure
    /// function of its arguments, as the cache requires.
    static func facts(ofSource bytes: [UInt8], path: String, runtimeModule: String) -> FileFacts {
        var facts = FileFacts()
        if GeneratedMarker.isGenerated(bytes) {
            facts.generated = true
        } else if String(validating: bytes, as: UTF8.self) == nil {
            facts.invalidUTF8 = true
        } else {
            facts = Scanner.scan(bytes: bytes, runtimeModule: runtimeModule)
        }
        return facts
    }
}
