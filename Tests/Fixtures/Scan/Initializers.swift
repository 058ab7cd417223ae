class Many: Autowired {
    init(a: A) {}
    required init(_ b: B) {}
    convenience init(c: C) { self.init(a: A()) }
    init?(d: D) { return nil }
    init!(e: E) { return nil }
    init<T>(f: T) {}
    init(g: G) throws {}
    init(h: H) async {}
    private init(i: I) {}
    fileprivate init(j: J) {}
    public init(k: K) {}
}
