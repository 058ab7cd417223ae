struct Wrapped {
    @Dependency var untyped = Service()
    @Dependency var list: [Book]
    @DependencyArray var single: Book
    @PropertyValue var noPath: String
    @PropertyValue(path) var variablePath: String
    @Dependency(qualifier: name) var badQualifier: Logger
    @Dependency(qualifierBy: 3) var badPath: Logger
    @Dependency(qualifier: "a", qualifierBy: "b") var both: Logger
    @Dependency var map: [String: Int]
    @DependencyArray var maybe: [Book]?
}
