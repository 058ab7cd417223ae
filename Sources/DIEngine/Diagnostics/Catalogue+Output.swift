/// Messages and entries of writing the factory, the depfile and the cache (`O…`).
extension DiagnosticMessage {
    static let cannotWrite = Self(.o01, "cannot write '{path}': {reason}")
    static let outputIsDirectory = Self(.o02, "output path '{path}' is a directory")
    static let outputNotRegularFile = Self(.o02, "output path '{path}' is not a regular file ({kind})")
    static let cannotWriteCache = Self(.o03, .warning, "cannot write cache '{path}': {reason}")
    static let ignoringCache = Self(.o03, .warning, "ignoring cache '{path}': {reason}")
    static let outputInDependency = Self(
        .o04, .warning,
        "'{file}' is written into '{directory}', which is listed as a dependency; the build would never be up to date")
    static let newlineInDepfilePath = Self(.o05, "path '{path}' contains a newline and cannot be listed in a depfile")
    static let unreadableDepfilePath = Self(
        .o06, .warning,
        "path '{path}' contains characters that Ninja or Make cannot read in a depfile; listing '{directory}' instead")

    static let outputMessages: [Self] = [
        .cannotWrite, .outputIsDirectory, .outputNotRegularFile, .cannotWriteCache, .ignoringCache,
        .outputInDependency, .newlineInDepfilePath, .unreadableDepfilePath,
    ]
}

extension Diagnostics {
    static let outputEntries: [DiagnosticEntry] = [
        DiagnosticEntry(
            code: .o01, stage: .output, title: "an output cannot be written",
            explanation: """
                The factory, depfile or resolved file could not be written (the reason is the operating \
                system's). Outputs are written to a temporary file and renamed, so the previous output stays \
                intact. dibuild exits with 74.
                """,
            wrong: """
                output: /read-only/Factory.swift
                """,
            right: """
                output: Sources/App/Generated/Factory.swift
                """),
        DiagnosticEntry(
            code: .o02, stage: .output, title: "an output path is not a regular file",
            explanation: """
                dibuild replaces only regular files; an output path that is a directory, a device or a socket \
                is left alone.
                """,
            wrong: """
                output: Sources/App
                """,
            right: """
                output: Sources/App/Factory.swift
                """),
        DiagnosticEntry(
            code: .o03, stage: .output, title: "the cache cannot be used",
            explanation: """
                The scan cache could not be written or was ignored (for instance another version's format); \
                the build is correct without it, only slower, so this is a warning.
                """,
            wrong: """
                cacheDir: /read-only/cache
                """,
            right: """
                cacheDir: .build/dibuild
                """),
        DiagnosticEntry(
            code: .o04, stage: .output, title: "an output inside a listed dependency",
            explanation: """
                An output (or the cache) is written into a folder the depfile lists as an input, so every \
                build would make the next one out of date.
                """,
            wrong: """
                include: [Sources/App]
                output: Sources/App/Factory.swift   # with a folder of Sources/App as dependency
                """,
            right: """
                output: Generated/Factory.swift
                """),
        DiagnosticEntry(
            code: .o05, stage: .output, title: "a path with a newline in the depfile",
            explanation: """
                A depfile lists one path after another on a line; a path with a newline cannot be written in \
                it. Rename the file.
                """,
            wrong: """
                touch $'Sources/App/Odd\\nName.swift'
                """,
            right: """
                touch Sources/App/OddName.swift
                """),
        DiagnosticEntry(
            code: .o06, stage: .output, title: "a path Ninja or Make cannot read",
            explanation: """
                Ninja and Make read some characters ('$', '#', ':' after a drive, …) differently; such a path \
                is replaced in the depfile by its folder, which still makes the build rerun when it changes.
                """,
            wrong: """
                Sources/App/Price$.swift
                """,
            right: """
                Sources/App/Price.swift
                """),
    ]
}
