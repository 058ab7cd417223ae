import DIRuntime

AppContext.shared.load([LibraryFactory.self])
print("always: \(StartupProbe.created)")

func get<T>(_ type: T.Type, qualifier: String = "") -> T {
    guard let value = AppContext.shared.get(type, qualifier: qualifier) else {
        fatalError("\(type) is not registered")
    }
    return value
}

let library = get(LibraryService.self)
print("library: \(library.name)")
print("novels: \(LibraryService.titles(library.novels))")
print("books: \(LibraryService.titles(library.everything))")
print("logger: \(library.logger.name)")

let server = get(ServerConfig.self)
let timeout = server.timeout.map(String.init) ?? "nil"
print(
    "server: \(server.host):\(server.port) secure=\(server.secure) timeout=\(timeout)"
        + " proxy=\(server.proxy ?? "nil") retries=\(server.limits.retries)")

let client = get(HTTPClient.self)
print("client: \(client.baseURL) cache=\(client.cache.capacity)")
print("client singleton: \(client === get(HTTPClient.self))")
let sessions = [get(Session.self, qualifier: "main"), get(Session.self, qualifier: "main")]
print("sessions: \(sessions.map(\.id).joined(separator: " "))")

let messages = get(MessageService.self)
print("cycle: \(messages.users.messages === messages)")
print("nested: \(get(Storage.Reader.self).backend.path)")
print("cache: \(get(Cache.self).capacity)")
let weakProbe = get(WeakProbe.self)
print("weak: \(weakProbe === get(WeakProbe.self))")
print("always after gets: \(StartupProbe.created)")
print("lazy struct: \(get(AuthPlugin.self).box.value === messages.users)")

let dashboard = Dashboard()
print("dashboard: \(dashboard.library === library) books=\(LibraryService.titles(dashboard.allBooks))")
let friend = dashboard.friend("42")
print("friend: \(friend.userID) via \(friend.account.provider)")
let chat = dashboard.chat(room: "lobby")
print("chat: \(chat.roomID) users=\(chat.users === messages.users)")
print("account: \(dashboard.defaultAccount().provider)")
print("ticket: \(dashboard.ticket(7).number)")

let screen = SettingsScreen()
print("screen: \(screen.logger.name) \(LibraryService.titles(screen.novels)) \(screen.reader.backend.path) \(screen.banner)")
