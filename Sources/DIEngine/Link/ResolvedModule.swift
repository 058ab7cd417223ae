/// Another module's `Deli.resolved` file as the link stage uses it.
struct ResolvedModule: Sendable, Equatable {
    /// Display path of the resolved file.
    var path: String
    /// `PROJECT`: the other module's target name.
    var project: String
    /// `REFERENCE`: the other module's factory file.
    var reference: String
    /// One `.imported` registration per `DEPENDENCY` entry: a candidate through its type and `LINK` names,
    /// never emitted as code; its dependencies are only shown by `graph`.
    var registrations: [Registration]
    /// The `dependencies[].import(s)` modules of this entry, added to the generated imports.
    var imports: [String]

    init(path: String, project: String, reference: String, registrations: [Registration], imports: [String] = []) {
        self.path = path
        self.project = project
        self.reference = reference
        self.registrations = registrations
        self.imports = imports
    }
}
