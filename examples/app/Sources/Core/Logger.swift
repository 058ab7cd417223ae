import DIRuntime

protocol Logger: AnyObject {
    var name: String { get }
    func log(_ message: String)
}
