import DIRuntime

AppContext.shared.load([AppFactory.self])
guard let app = AppContext.shared.get(App.self) else {
    fatalError("App is not registered")
}
print(app.report(), terminator: "")
