/// The files `build` writes for one target, rendered in memory first so that nothing is written when
/// rendering reports an error.
struct TargetOutputs {
    struct File {
        var path: String
        /// The file's UTF-8 as rendered: hashed for the run record and written without another copy.
        var bytes: [UInt8]

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    var factory: File
    var resolved: File?
    var depfile: File?
    /// `O05`/`O06` from the depfile's paths, `O04` for a depfile written into a listed directory.
    var diagnostics: [Diagnostic] = []
    /// `DepfileInputs.key` of the depfile, kept in the run record with it.
    var depfileKey: UInt64?
    /// Whether the depfile was taken from the previous run's record.
    var reusedDepfile = false

    /// How the depfile is spelled: `--depfile-target` and `--depfile-phony`.
    struct DepfileOptions {
        var target: String?
        var phony: Bool

        /// What the inputs digest takes of them, spelled out: `String(reflecting:)` would look up the
        /// type's metadata by reflection, a millisecond of a no-op build. The target's length keeps any
        /// text it may hold from reading as the flag.
        var digestText: String {
            "depfile target=\(target.map { "\($0.utf8.count):\($0)" } ?? "none") phony=\(phony)"
        }
    }

    /// `cacheFile`: the cache file the run writes, if any; like the depfile it must not be written into a
    /// directory that the depfile lists (`O04`). `previousDepfile`: the depfile of the previous run's
    /// record, taken when it was made from the same inputs.
    static func render(
        _ graph: LinkedGraph, for target: InputCollection.Target, depfile: DepfileOptions, cacheFile: String? = nil,
        previousDepfile: BuildRecord.RecordedFile? = nil
    ) -> Self {
        let settings = target.settings
        let (project, reference) = (settings.name, settings.outputReference)
        // Rendered beside the factory, on the other core.
        let resolvedText =
            settings.generateResolved && settings.configPath != nil
            ? BackgroundWork { ResolvedFileRenderer.renderUTF8(graph, project: project, reference: reference) } : nil
        var outputs = TargetOutputs(factory: factory(graph, settings: settings))
        // The depfile before the wait for the resolved file, which is most often the last to finish: its key
        // hashes every path (~0.7 ms for ten thousand sources) while this thread would otherwise wait.
        if let path = settings.depfilePath {
            let inventory = target.inventory
            let inputs = DepfileInputs(
                target: depfile.target ?? settings.outputArgument ?? settings.outputPath, phony: depfile.phony,
                groups: [
                    settings.configPath.map { [$0] } ?? [], inventory.propertyFiles, inventory.resolvedFiles,
                    inventory.sources, inventory.directories,
                ],
                writtenFiles: [path] + (cacheFile.map { [$0] } ?? []), workingDirectory: LocalDisk.currentDirectory())
            let output = inputs.output(reusing: previousDepfile)
            outputs.depfile = File(path: path, bytes: output.bytes)
            outputs.diagnostics += output.diagnostics
            outputs.depfileKey = output.key
            outputs.reusedDepfile = output.reused
        }
        if let resolvedText { outputs.resolved = File(path: settings.resolvedOutputPath, bytes: resolvedText.wait()) }
        return outputs
    }

    static func factory(_ graph: LinkedGraph, settings: TargetSettings) -> File {
        File(
            path: settings.outputPath,
            bytes: FactoryRenderer.renderUTF8(
                graph, className: settings.className, runtimeModule: settings.runtimeModule,
                accessControl: settings.accessControl))
    }

    /// Resolved file (if enabled and changed), depfile (always), factory (if changed), renamed into place in
    /// this order after all of them were written beside their destinations:
    /// a failure before the renames leaves every destination as it was. A new factory gets the current
    /// time as its mtime.
    func write(progress: inout ProgressLog) throws(FileSystemError) {
        var files: [OutputFile] = []
        if let resolved { files.append(OutputFile(path: resolved.path, bytes: resolved.bytes)) }
        if let depfile { files.append(OutputFile(path: depfile.path, bytes: depfile.bytes, onlyIfChanged: false)) }
        files.append(OutputFile(path: factory.path, bytes: factory.bytes, touchAfterReplace: true))
        let outcomes = try AtomicFileWriter.write(files)
        for (file, outcome) in zip(files, outcomes) where file.path != depfile?.path {
            Self.log(outcome, of: file.path, progress: &progress)
        }
    }

    static func write(_ file: File, touchingReplacement: Bool = false, progress: inout ProgressLog)
        throws(FileSystemError)
    {
        let outcome = try AtomicFileWriter.write(
            file.bytes, to: file.path, onlyIfChanged: true, touchAfterReplace: touchingReplacement)
        log(outcome, of: file.path, progress: &progress)
    }

    private static func log(_ outcome: WriteOutcome, of path: String, progress: inout ProgressLog) {
        progress.log(outcome == .unchanged ? "'\(path)' unchanged" : "wrote '\(path)'")
    }
}
