public final class Open: Component {}
private final class Hidden: Component {}
fileprivate struct FileHidden {
    final class Inner {
        struct Deep: Autowired { init() {} }
    }
}
private extension Open {
    final class FromPrivateExtension: Component {}
}
struct Box<Value> {
    final class Content: Component {}
}
protocol Refined: Component {}
enum Namespace: Component {}
actor Worker: Autowired {}
final class Both: Component, Autowired {}
final class Split: Component {}
extension Split: DIRuntime.LazyAutowired {}
extension Box: Component where Value == Int {}
extension External: Component where T == Int {}
extension Remote: Component, Autowired {}
final class Conditional {}
extension Conditional: Autowired where Self: AnyObject {}
