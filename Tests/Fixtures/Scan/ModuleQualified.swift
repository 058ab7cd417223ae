final class A: DIRuntime.Component {
    var scope: DIRuntime.Scope { DIRuntime.Scope.weak }
}
final class B: Deli.Autowired {
    let scope = Deli.Scope.always
}
final class C: MyRuntime.LazyAutowired, Other.Component {
    var scope: Scope { return Scope.singleton }
}
struct D {
    @DIRuntime.Dependency var a: Service
    @MyRuntime.DependencyArray var b: [Service]
    @Other.Dependency var c: Service
    @Dependencies var d: Service
}
