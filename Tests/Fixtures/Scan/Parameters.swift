final class Params: Autowired {
    required init(
        service: Service,
        _ plain: Plain,
        Novel novels: [Book],
        `default` value: Value,
        _/* logger.storage */ logger: Logger,
        _ /**doc*/ /*  first.path  */ /* second */ other: Other,
        _ // line comment
          /* after.line */ lined: Lined,
        _ withDefault: Value = Value(),
        _ counter: inout Int,
        _ many: Value...,
        _ /*   */ empty: Value,
        _ handler: @escaping () -> Void
    ) {}
}
