/// The run-time resolution behind `Inject(...)`, `Config(...)` and the property wrappers: from the
/// context that is creating the caller (else `AppContext.shared`), stopping with a message that names
/// the type, qualifier and resolution chain when a required value is missing.
enum Injection {
    static func single<T>(_ type: T.Type, qualifier: String?, resolveRole: ResolveRole) -> T {
        let qualifier = qualifier ?? ""
        guard let instance = ResolutionTrace.context.get(type, qualifier: qualifier, resolveRole: resolveRole) else {
            missingDependency(type, qualifier: qualifier)
        }
        return instance
    }

    static func array<T>(_ type: T.Type, qualifier: String?, resolveRole: ResolveRole) -> [T] {
        ResolutionTrace.context.get([T].self, qualifier: qualifier ?? "", resolveRole: resolveRole)
    }

    static func factory<T: Factory>(
        _ type: T.Type,
        qualifier: String?,
        payload: T.RawPayload.Tuple,
        resolveRole: ResolveRole
    ) -> T {
        let qualifier = qualifier ?? ""
        let payload = T.RawPayload(with: payload)
        guard
            let instance = ResolutionTrace.context.get(
                type,
                qualifier: qualifier,
                payload: payload,
                resolveRole: resolveRole
            )
        else {
            missingDependency(type, qualifier: qualifier)
        }
        return instance
    }

    static func factories<T: Factory>(
        _ type: T.Type,
        qualifier: String?,
        payload: T.RawPayload.Tuple,
        resolveRole: ResolveRole
    ) -> [T] {
        let payload = T.RawPayload(with: payload)
        return ResolutionTrace.context.get(
            [T].self, qualifier: qualifier ?? "", payload: payload, resolveRole: resolveRole)
    }

    /// The qualifier held by the property at `path`; an empty value means unqualified.
    static func qualifier(by path: String, resolveRole: ResolveRole) -> String {
        guard let qualifier = ResolutionTrace.context.getProperty(path, type: String.self, resolveRole: resolveRole)
        else {
            missingProperty(path, for: "qualifierBy")
        }
        return qualifier
    }

    static func property(_ path: String, resolveRole: ResolveRole) -> String {
        guard let value = ResolutionTrace.context.getProperty(path, type: String.self, resolveRole: resolveRole) else {
            missingProperty(path, for: "String value")
        }
        return value
    }
}
