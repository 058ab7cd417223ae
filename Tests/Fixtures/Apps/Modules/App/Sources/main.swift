import Core
import DIRuntime

AppContext.shared.load([CoreFactory.self, AppFactory.self])
guard let welcome = AppContext.shared.get(Welcome.self) else {
    fatalError("Welcome is not registered")
}
for line in welcome.lines() {
    print(line)
}
