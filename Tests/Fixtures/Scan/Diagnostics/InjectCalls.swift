final class Calls: Inject {
    let noType = Inject(qualifier: "x")
    let notMeta = Inject(Logger())
    let badQualifier = Inject(Logger.self, qualifier: name)
    let interpolated = Inject(Logger.self, qualifier: "\(name)")
    let badPath = Inject(Logger.self, qualifierBy: path)
    let both = Inject(Logger.self, qualifier: "a", qualifierBy: "b")
    let property = InjectProperty(path)
    let interpolatedProperty = InjectProperty("a.\(b)")
    let dictionary = Inject([String: Int].self)
    let optional = Inject(Logger?.self)
    let closure = Inject((() -> Void).self)
    let nested = Inject([[Book]].self)
}
