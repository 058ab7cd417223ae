import DIRuntime
#if DEBUG
final class Service: Autowired {
    let scope: Scope = .singleton
    let qualifier: String? = "main"
    let other = Inject(Other.self, qualifier: "x")
    @PropertyValue("server.port") var port: Int
    required init(_ a: A, _/*server.name*/ b: B) {}
}
#endif
let s = "\(x) \#(y)" + #"raw \#(z)"# + """
    [[(multi
    """
/* /* nested */ */ let deep = [[[[[[[1]]]]]]] ; let g: A<B<C>>
