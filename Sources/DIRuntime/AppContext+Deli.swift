// Deli also exposed the shared context's main entry points as static functions
// (`AppContext.load([...])`, `AppContext.getProperty(...)`); they forward to `shared`.
extension AppContext {
    @discardableResult
    public static func load(_ factories: [ModuleFactory.Type], priority: LoadPriority = .normal) -> AppContext {
        shared.load(factories, priority: priority)
    }

    @discardableResult
    public static func load(_ factory: ModuleFactory, priority: LoadPriority = .normal) -> AppContext {
        shared.load(factory, priority: priority)
    }

    public static func get<T>(_ type: T.Type, qualifier: String = "", resolveRole: ResolveRole = .recursive) -> T? {
        shared.get(type, qualifier: qualifier, resolveRole: resolveRole)
    }

    public static func get<T>(_ type: [T].Type, qualifier: String = "", resolveRole: ResolveRole = .default) -> [T] {
        shared.get(type, qualifier: qualifier, resolveRole: resolveRole)
    }

    public static func getProperty(_ path: String, resolveRole: ResolveRole = .recursive) -> Any? {
        shared.getProperty(path, resolveRole: resolveRole)
    }

    public static func getProperty<T: PropertyTextConvertible>(
        _ path: String,
        type: T.Type,
        resolveRole: ResolveRole = .recursive
    ) -> T? {
        shared.getProperty(path, type: type, resolveRole: resolveRole)
    }

    public static func getProperty<T: ConfigProperty>(
        _ path: String,
        type: T.Type,
        resolveRole: ResolveRole = .recursive
    ) -> T? {
        shared.getProperty(path, type: type, resolveRole: resolveRole)
    }
}

/// Deli's generated factories of older versions wrote `load(context: AppContextType)`.
public typealias AppContextType = AppContext
