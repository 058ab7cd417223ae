@testable import DIEngine

/// A graph with every registration kind, every dependency line form, conditional imports and a property
/// tree that needs escaping: the input of the `KitchenSink*` goldens.
extension SampleGraphs {
    static func kitchenSink() -> LinkedGraph {
        LinkedGraph(
            registrations: kitchenSinkRegistrations(),
            importedRegistrations: [
                Registration(
                    id: RegistrationID(typeName: "RemoteBook", qualifier: ""), kind: .imported, scope: .singleton,
                    location: nil, links: ["Book"])
            ],
            imports: [
                GeneratedImport(module: "Core", testable: true),
                GeneratedImport(module: "Foundation"),
                GeneratedImport(module: "DIRuntime", condition: "DEBUG"),
                GeneratedImport(module: "UIKit", condition: "canImport(UIKit)"),
                GeneratedImport(module: "Combine", condition: "canImport(UIKit)"),
                GeneratedImport(module: "AppKit", condition: "!(canImport(UIKit)) && (canImport(AppKit))"),
            ],
            properties: kitchenSinkProperties())
    }

    static func kitchenSinkProperties() -> PropertyNode {
        mapping([
            "server": mapping([
                "url": scalar("https://example.com/api"),
                "port": scalar("8080", .int),
                "ratio": scalar("1.50", .float),
                "secure": scalar("True", .bool),
                "method": scalar("~", .null),
                "limits": mapping([:]),
            ]),
            "logger": mapping(["storage": scalar("file")]),
            "plugins": mapping(["kind": scalar("audio")]),
            "hosts": list([
                scalar("a.example.com"),
                mapping(["name": scalar("b"), "weight": scalar("2", .int)]),
                list([scalar("nested")]),
                list([]),
            ]),
            "tricky": mapping([
                "we\"ird\\key": scalar("line1\nline2\ttab \\(notInterpolated) \u{1}"),
                "Fábrica": scalar("naïve – ok"),
                "8080": scalar("numeric key"),
                "empty": scalar(""),
            ]),
        ])
    }

    static func kitchenSinkRegistrations() -> [Registration] {
        var result: [Registration] = []
        func id(_ type: String, _ qualifier: String = "") -> RegistrationID {
            RegistrationID(typeName: type, qualifier: qualifier)
        }
        func at(_ file: String, _ line: Int) -> SourceLocation { location("Sources/\(file).swift", line) }

        result.append(
            Registration(
                id: id("AppConfiguration"), kind: .configuration, scope: .singleton, location: at("AppConfiguration", 3)
            ))
        let apiClient = id("APIClient", "main")
        let session = dependency("URLSession", owner: apiClient, at: at("AppConfiguration", 5))
        result.append(
            Registration(
                id: apiClient, kind: .config, scope: .prototype, location: at("AppConfiguration", 5),
                configurationType: "AppConfiguration", configPropertyName: "client", links: ["APIClient"],
                dependencies: [session]))
        result.append(
            Registration(
                id: id("AuthPlugin"), kind: .lazyAutowired, scope: .prototype, location: at("AuthPlugin", 1),
                isValueType: true, links: ["Plugin"]))
        let chat = id("ChatViewModel")
        let chatService = dependency("ChatService", owner: chat, eager: false, at: at("ChatViewModel", 4))
        result.append(
            Registration(
                id: chat, kind: .lazyFactory, scope: .prototype, location: at("ChatViewModel", 1),
                injectorArguments: [DependencyArgument(label: nil, dependency: chatService)],
                payloadType: "RoomPayload",
                dependencies: [chatService]))
        result.append(
            Registration(
                id: id("FacebookAccountService", "facebook"), kind: .component, scope: .weak,
                location: at("Accounts", 2), links: ["AccountService", "AccountService"]))
        let friendInfo = id("FriendInfoViewModel")
        let account = dependency("AccountService", owner: friendInfo, qualifier: "facebook", at: at("FriendInfo", 7))
        result.append(
            Registration(
                id: friendInfo, kind: .factory, scope: .prototype, location: at("FriendInfo", 5),
                constructorArguments: [DependencyArgument(label: "facebook", dependency: account)],
                payloadType: "FriendPayload", dependencies: [account]))
        result.append(
            Registration(
                id: id("Outer.PlainFactory"), kind: .factory, scope: .prototype, location: at("Outer", 3),
                payloadType: "Outer.PlainPayload"))
        result.append(contentsOf: kitchenSinkTail(id: id, at: at))
        return result
    }

    private static func kitchenSinkTail(
        id: (String, String) -> RegistrationID, at: (String, Int) -> SourceLocation
    ) -> [Registration] {
        let quirky = id("Quirky", "say \"hi\"\\n")
        let reporter = id("Reporter", "")
        let logger = dependency("Logger", owner: reporter, qualifierBy: "logger.storage", at: at("Reporter", 2))
        let plugins = dependency(
            "Plugin", owner: reporter, array: true, qualifierBy: "plugins.kind", imported: true, at: at("Reporter", 3))
        let remote = dependency("Book", owner: reporter, array: true, imported: true, at: at("Reporter", 4))
        let single = dependency("Clock", owner: reporter, at: at("Reporter", 5))
        let info = dependency(
            "FriendInfoViewModel", owner: reporter, payload: true, eager: false, at: at("Reporter", 9))
        let server = id("ServerConfig", "")
        let limits = id("ServerConfig.Limits", "")
        let user = id("UserService", "")
        let messages = dependency("MessageService", owner: user, qualifier: "facebook", eager: false, at: at("User", 3))
        return [
            Registration(id: quirky, kind: .component, scope: .always, location: at("Quirky", 1)),
            Registration(
                id: reporter, kind: .autowired, scope: .singleton, location: at("Reporter", 1),
                constructorArguments: [
                    DependencyArgument(label: nil, dependency: logger),
                    DependencyArgument(label: nil, dependency: plugins),
                    DependencyArgument(label: nil, dependency: remote),
                    DependencyArgument(label: "clock", dependency: single),
                ],
                dependencies: [single, logger, plugins, remote, info, info]),
            Registration(
                id: server, kind: .configProperty, scope: .prototype, location: at("ServerConfig", 1),
                isValueType: true,
                configPropertyTarget: "server",
                configPropertyFields: [
                    ConfigPropertyField(name: "url", typeName: "String", isOptional: false),
                    ConfigPropertyField(name: "port", typeName: "Int", isOptional: false),
                    ConfigPropertyField(name: "method", typeName: "String", isOptional: true),
                    ConfigPropertyField(name: "limits", typeName: "ServerConfig.Limits", isOptional: false),
                ],
                dependencies: [dependency("ServerConfig.Limits", owner: server, at: at("ServerConfig", 6))]),
            Registration(
                id: limits, kind: .configProperty, scope: .prototype, location: at("ServerConfig", 8),
                isValueType: true,
                configPropertyTarget: "server.limits", links: ["ServerConfig.Limits"]),
            Registration(
                id: user, kind: .lazyAutowired, scope: .singleton, location: at("User", 1),
                injectorArguments: [DependencyArgument(label: "facebook", dependency: messages)],
                dependencies: [messages]),
        ]
    }
}
