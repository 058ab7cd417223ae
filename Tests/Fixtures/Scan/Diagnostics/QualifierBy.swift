final class Labelled: Autowired {
    required init(logger /* logger.storage */ log: Logger, _ /* bad[path */ other: Other) {}
}
final class Paths: Inject {
    let property = InjectProperty("a['b")
    @PropertyValue("x]") var value: String
    let byPath = Inject(Logger.self, qualifierBy: "a.[b")
    @Dependency(qualifierBy: "a[0].b") var fine: Logger
}
