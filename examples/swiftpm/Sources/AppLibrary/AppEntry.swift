import DIRuntime

/// What examples/app's main.swift does, for the executable target: the factory and the app's types stay
/// internal to this library.
public enum AppEntry {
    public static func report() -> String {
        AppContext.shared.load([AppFactory.self])
        guard let app = AppContext.shared.get(App.self) else { fatalError("App is not registered") }
        return app.report()
    }
}
