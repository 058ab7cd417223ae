/// SplitMix64: a small seeded generator, so that a failing sequence can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// What happens to the files besides the model's new contents.
enum FileAction: Equatable {
    /// Write the model's rendering (only files whose bytes change are written).
    case rewrite
    /// Rename `from` to `to` (same inode), then write the rendering.
    case rename(from: String, to: String)
    /// Set the mtime of `path` to now without changing its bytes.
    case touch(String)
    /// Same-size rewrite of `path` that keeps its size, inode and mtime: only the racy-timestamp rule can
    /// notice it, so it is only applied to files the previous edit wrote with a current mtime.
    case sneakyRewrite(String)
    /// Delete the build outputs.
    case deleteOutputs
    /// Overwrite the factory with other bytes (a user edit of a generated file).
    case scribbleOnFactory
    /// Damage the cache file (the cached copy only; a damaged cache is ignored, which must not show).
    case damageCache
    /// Cut this many bytes off the end of the cache file, as an interrupted append would (a torn journal
    /// record is ignored; a cut into the facts section makes the whole cache be ignored).
    case tearCacheTail(Int)
    /// Flip one byte this far from the end of the cache file (a corrupt journal record or facts blob).
    case flipCacheByte(fromEnd: Int)
    /// Put back the link state (`App.dilink`) of an earlier step, or cut the current one in half: a stale
    /// or damaged link state is checked or ignored, never trusted.
    case swapLinkState
    /// Put back the table image (`App.ditable`) of an earlier step, or cut the current one in half: parts
    /// are taken only for files whose path and interface digest match, and a damaged image is ignored.
    case swapTableImage
}

/// One step of the sequence: a description for failure messages, and the model afterwards.
struct DifferentialEdit {
    var description: String
    var model: DifferentialModel
    var action: FileAction = .rewrite
}

extension DifferentialModel {
    /// A small valid project: six protocols each implemented once, autowired and lazy clients, two settings
    /// structs read from the property file, two typealiases and plain code in every file.
    static func initial() -> DifferentialModel {
        var model = DifferentialModel()
        let protocols = (0..<6).map { "Port\($0)" }
        model.files["Sources/Core/Ports.swift"] = protocols.map { .protocol(name: $0, refines: nil) }
        for (index, port) in protocols.enumerated() {
            let directory = directories[index % 3]
            let service = Service(
                name: "Adapter\(index)", role: .component, supertypes: [port],
                scope: index % 2 == 0 ? nil : ".prototype", qualifier: index == 4 ? "main" : nil)
            model.files["\(directory)/Adapter\(index).swift"] = [
                .service(service), .plain(name: "helper\(index)", value: 100 + index),
            ]
        }
        model.files["Sources/Core/Aliases.swift"] = [
            .typeAlias(name: "Storage", target: "Port1"), .typeAlias(name: "Clock", target: "Adapter2"),
        ]
        model.files["Sources/Core/Settings.swift"] = [
            .settings(name: "DatabaseSettings", key: "services.database"),
            .settings(name: "CacheSettings", key: "services.cache"),
        ]
        model.properties = [
            "services.database": Property(host: "db.local", port: "5432"),
            "services.cache": Property(host: "cache.local", port: "6379"),
        ]
        model.files["Sources/Feature/Clients.swift"] = [
            .service(
                Service(
                    name: "OrderService", role: .autowired, supertypes: [], scope: nil, qualifier: nil,
                    dependencies: [
                        Dependency(type: "Port0", label: "_", array: false),
                        Dependency(type: "Storage", label: "_", array: false),
                        Dependency(type: "DatabaseSettings", label: "_", array: false),
                    ], property: "services.database.host")),
            .plain(name: "orders", value: 300),
        ]
        model.files["Sources/Feature/Detail/Lazy.swift"] = [
            .service(
                Service(
                    name: "AuditTrail", role: .lazy, supertypes: [], scope: nil, qualifier: nil,
                    dependencies: [
                        Dependency(type: "OrderService", label: "_", array: false),
                        Dependency(type: "Port4", label: "main", array: false),
                        Dependency(type: "Clock", label: "_", array: false),
                    ])),
            .service(
                Service(
                    name: "Reporter", role: .autowired, supertypes: ["Port5"], scope: ".weak", qualifier: "report",
                    dependencies: [
                        Dependency(type: "Port3", label: "_", array: true),
                        Dependency(type: "CacheSettings", label: "_", array: false),
                    ])),
        ]
        model.files["Sources/Extra/Tools.swift"] = [.plain(name: "tool", value: 700)]
        model.counter = 10
        return model
    }
}

/// Draws random edits of a `DifferentialModel`.
struct DifferentialEditor {
    var random: SeededGenerator
    /// The model of the last step whose build succeeded, for `revert`.
    var lastGood: DifferentialModel

    /// The next edit of `model`. `lastFailed`: the last build failed (a fix is then likely);
    /// `recentlyModified`: files the last edit wrote with a current mtime (candidates for a sneaky rewrite).
    mutating func next(_ model: DifferentialModel, lastFailed: Bool, recentlyModified: [String]) -> DifferentialEdit {
        if lastFailed && Int.random(in: 0..<10, using: &random) < 4 {
            return DifferentialEdit(description: "revert to the last good state", model: lastGood)
        }
        // The racy-timestamp case is the easiest to get wrong: try it often whenever it applies.
        if !recentlyModified.isEmpty && chance(30), let edit = sneakyRewrite(model, recentlyModified: recentlyModified)
        {
            return edit
        }
        while true {
            if let edit = attempt(model, recentlyModified: recentlyModified) { return edit }
        }
    }

    private mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[Int.random(in: 0..<items.count, using: &random)]
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    private mutating func attempt(_ model: DifferentialModel, recentlyModified: [String]) -> DifferentialEdit? {
        var model = model
        let paths = model.files.keys.sorted()
        switch Int.random(in: 0..<23, using: &random) {
        case 0, 21:
            let path = "\(pick(DifferentialModel.directories)!)/\(model.freshName("New")).swift"
            let declaration = randomDeclaration(&model)
            model.files[path] = [declaration, .plain(name: model.freshName("plain"), value: 500)]
            return DifferentialEdit(description: "add file \(path) with \(declaration.name)", model: model)
        case 1:
            // Removing is rarer than adding (twice as likely) so that the project does not wither away.
            guard paths.count > 8, let path = pick(paths) else { return nil }
            model.files[path] = nil
            model.brokenFiles.remove(path)
            return DifferentialEdit(description: "remove file \(path)", model: model)
        case 2, 3:
            guard let path = pick(paths) else { return nil }
            let declaration = randomDeclaration(&model)
            model.files[path]!.append(declaration)
            return DifferentialEdit(description: "add \(declaration.name) to \(path)", model: model)
        case 4:
            return changeSupertype(model)
        case 5:
            return editService(model, "change the qualifier of") { editor, service in
                service.qualifier = editor.pick([nil, "main", "back", "report"])!
            }
        case 6:
            return editService(model, "change the scope of") { editor, service in
                service.scope = editor.pick([nil, ".singleton", ".prototype", ".weak", ".always"])!
            }
        case 7:
            return changeTypealias(model)
        case 8:
            return editService(model, "change an initialiser label of") { editor, service in
                guard !service.dependencies.isEmpty else { return }
                let index = Int.random(in: 0..<service.dependencies.count, using: &editor.random)
                service.dependencies[index].label = editor.pick(["_", "_", "main", "back", "report"])!
            }
        case 9:
            return changeProperty(model)
        case 10:
            return editService(model, "toggle #if around") { _, service in service.conditional.toggle() }
        case 11:
            return moveDeclaration(model)
        case 12:
            guard let from = pick(paths) else { return nil }
            let to = "\(pick(DifferentialModel.directories)!)/\(model.freshName("Renamed")).swift"
            model.files[to] = model.files.removeValue(forKey: from)
            if model.brokenFiles.remove(from) != nil { model.brokenFiles.insert(to) }
            return DifferentialEdit(
                description: "rename \(from) to \(to)", model: model, action: .rename(from: from, to: to))
        case 13:
            guard let path = pick(paths + [DifferentialModel.configPath, DifferentialModel.propertyPath]) else {
                return nil
            }
            return DifferentialEdit(description: "touch \(path)", model: model, action: .touch(path))
        case 14:
            return editPlain(model, paths: paths)
        case 15:
            return sneakyRewrite(model, recentlyModified: recentlyModified)
        case 16:
            return editService(model, "add a dependency to") { editor, service in
                guard service.role != .component, let type = editor.pick(model.dependableNames) else { return }
                service.dependencies.append(
                    DifferentialModel.Dependency(
                        type: type, label: editor.chance(80) ? "_" : "main", array: editor.chance(25)))
            }
        case 17:
            return editService(model, "remove a dependency of") { editor, service in
                guard !service.dependencies.isEmpty else { return }
                service.dependencies.remove(at: Int.random(in: 0..<service.dependencies.count, using: &editor.random))
            }
        case 18:
            guard let path = pick(paths) else { return nil }
            if model.brokenFiles.remove(path) == nil { model.brokenFiles.insert(path) }
            return DifferentialEdit(description: "toggle a syntax error in \(path)", model: model)
        case 19:
            if model.excluded.isEmpty { model.excluded = ["Sources/Extra"] } else { model.excluded = [] }
            return DifferentialEdit(description: "toggle the exclusion of Sources/Extra in deli.yml", model: model)
        case 20:
            return editService(model, "toggle the InjectProperty of") { editor, service in
                guard service.role == .autowired else { return }
                service.property =
                    service.property == nil ? editor.pick(["services.database.host", "services.missing.host"]) : nil
            }
        default:
            let tear = Int.random(in: 1...64, using: &random)
            let flip = Int.random(in: 1...200, using: &random)
            let action = pick([
                FileAction.deleteOutputs, .scribbleOnFactory, .damageCache, .tearCacheTail(tear),
                .flipCacheByte(fromEnd: flip), .swapLinkState, .swapTableImage,
            ])!
            return DifferentialEdit(description: "outputs or cache: \(action)", model: model, action: action)
        }
    }

    private mutating func randomDeclaration(_ model: inout DifferentialModel) -> DifferentialModel.Declaration {
        let ports = model.protocolNames
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            return .protocol(name: model.freshName("Port"), refines: chance(40) ? pick(ports) : nil)
        case 1 where !model.dependableNames.isEmpty:
            return .typeAlias(name: model.freshName("Alias"), target: pick(model.dependableNames)!)
        default:
            let role = pick(DifferentialModel.Role.allCases)!
            var service = DifferentialModel.Service(
                name: model.freshName("Service"), role: role, supertypes: pick(ports).map { [$0] } ?? [],
                scope: chance(30) ? ".prototype" : nil, qualifier: chance(30) ? pick(["main", "back"]) : nil)
            if role != .component {
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    guard let type = pick(model.dependableNames) else { break }
                    service.dependencies.append(.init(type: type, label: "_", array: chance(20)))
                }
            }
            return .service(service)
        }
    }

    /// Applies `change` to a random service; nil when it changed nothing.
    private mutating func editService(
        _ model: DifferentialModel, _ verb: String, _ change: (inout Self, inout DifferentialModel.Service) -> Void
    ) -> DifferentialEdit? {
        guard let (path, index, service) = pick(model.services) else { return nil }
        var changed = service
        change(&self, &changed)
        guard changed != service else { return nil }
        var model = model
        model.files[path]![index] = .service(changed)
        return DifferentialEdit(description: "\(verb) \(service.name) in \(path)", model: model)
    }

    private mutating func changeSupertype(_ model: DifferentialModel) -> DifferentialEdit? {
        let ports = model.protocolNames
        if chance(30) {
            // A protocol's refinement changes every conformer's supertype closure.
            let protocols = model.files.keys.sorted().flatMap { path in
                model.files[path]!.indices.compactMap { index -> (String, Int, String)? in
                    guard case .protocol(let name, _) = model.files[path]![index] else { return nil }
                    return (path, index, name)
                }
            }
            guard let (path, index, name) = pick(protocols) else { return nil }
            let refines = pick(ports.filter { $0 != name } + [nil, nil])!
            var model = model
            model.files[path]![index] = .protocol(name: name, refines: refines)
            return DifferentialEdit(description: "protocol \(name) now refines \(refines ?? "nothing")", model: model)
        }
        return editService(model, "change the supertypes of") { editor, service in
            service.supertypes = editor.chance(20) ? [] : [editor.pick(ports)].compactMap { $0 }
            if editor.chance(20), let second = editor.pick(ports), !service.supertypes.contains(second) {
                service.supertypes.append(second)
            }
        }
    }

    private mutating func changeTypealias(_ model: DifferentialModel) -> DifferentialEdit? {
        let aliases = model.files.keys.sorted().flatMap { path in
            model.files[path]!.indices.compactMap { index -> (String, Int, String)? in
                guard case .typeAlias(let name, _) = model.files[path]![index] else { return nil }
                return (path, index, name)
            }
        }
        guard let (path, index, name) = pick(aliases), let target = pick(model.dependableNames) else { return nil }
        var model = model
        model.files[path]![index] = .typeAlias(name: name, target: target)
        return DifferentialEdit(description: "typealias \(name) = \(target) in \(path)", model: model)
    }

    private mutating func changeProperty(_ model: DifferentialModel) -> DifferentialEdit? {
        guard let key = pick(model.properties.keys.sorted()) else { return nil }
        var model = model
        // Same-size values on purpose (5432 → 5433), plus absent and non-integer ones.
        let port = pick(["5432", "5433", "6379", "80", "eighty", nil])!
        model.properties[key]!.port = port
        if chance(30) { model.properties[key]!.host = pick(["db.local", "db.other", "cache.local"])! }
        return DifferentialEdit(description: "property \(key).port = \(port ?? "absent")", model: model)
    }

    private mutating func moveDeclaration(_ model: DifferentialModel) -> DifferentialEdit? {
        let paths = model.files.keys.sorted()
        guard let from = pick(paths), let to = pick(paths), from != to, !model.files[from]!.isEmpty else { return nil }
        var model = model
        let index = Int.random(in: 0..<model.files[from]!.count, using: &random)
        let declaration = model.files[from]!.remove(at: index)
        model.files[to]!.insert(declaration, at: Int.random(in: 0...model.files[to]!.count, using: &random))
        return DifferentialEdit(description: "move \(declaration.name) from \(from) to \(to)", model: model)
    }

    /// A same-size DI change where possible (a supertype `PortN` → `PortM`, a qualifier `main` ↔ `back`),
    /// else a same-size plain change, of a file the previous edit wrote with a current mtime.
    private mutating func sneakyRewrite(_ model: DifferentialModel, recentlyModified: [String]) -> DifferentialEdit? {
        guard let path = pick(recentlyModified.filter { model.files[$0] != nil }) else { return nil }
        var changed = model
        let ports = model.protocolNames.filter { $0.count == 5 }
        for (index, declaration) in model.files[path]!.enumerated() {
            switch declaration {
            case .service(var service):
                if let first = service.supertypes.first, first.count == 5, let other = pick(ports) {
                    service.supertypes[0] = other
                } else if service.qualifier == "main" || service.qualifier == "back" {
                    service.qualifier = service.qualifier == "main" ? "back" : "main"
                }
                changed.files[path]![index] = .service(service)
            case .plain(let name, let value) where value >= 100 && value < 900:
                changed.files[path]![index] = .plain(name: name, value: value + 1)
            default:
                continue
            }
        }
        let before = model.rendered()[path]!
        let after = changed.rendered()[path]!
        guard before != after, before.utf8.count == after.utf8.count else { return nil }
        return DifferentialEdit(
            description: "same-size rewrite of \(path) keeping its size, inode and mtime", model: changed,
            action: .sneakyRewrite(path))
    }

    private mutating func editPlain(_ model: DifferentialModel, paths: [String]) -> DifferentialEdit? {
        guard let path = pick(paths),
            let index = model.files[path]!.firstIndex(where: { if case .plain = $0 { true } else { false } }),
            case .plain(let name, let value) = model.files[path]![index]
        else { return nil }
        var model = model
        model.files[path]![index] = .plain(name: name, value: value + Int.random(in: 1...1000, using: &random))
        return DifferentialEdit(description: "non-DI edit of \(name) in \(path)", model: model)
    }
}
