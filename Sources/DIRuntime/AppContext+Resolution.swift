// The resolution core. Every function here runs with `lock` held.
extension AppContext {
    /// The registration's instance: the cached one, or a new one, created and stored in its scope cache.
    ///
    /// A lazy instance's injector runs on this thread before the outermost request returns: at once
    /// when no other instance is being created, otherwise as soon as the outermost creation finishes
    /// (see `ResolutionTrace.flushPendingInjections`).
    func instance(of registration: Registration, in factory: ModuleFactory, payload: _Payload?) -> Any {
        if let cached = factory.cachedInstance(of: registration) {
            return cached
        }
        let trace = ResolutionTrace.current
        if registration.isBeingCreated {
            let chain = trace.chain(ending: registration.type, qualifier: registration.qualifier)
            fatalError("DIRuntime: circular dependency: \(chain)")
        }
        trace.push(ResolutionTrace.Frame(context: self, type: registration.type, qualifier: registration.qualifier))
        registration.isBeingCreated = true
        let created = registration.create(payload)
        let isCached = factory.cache(created, in: registration)
        registration.isBeingCreated = false
        trace.pop()

        if registration.inject != nil {
            trace.enqueueInjection(of: created, by: registration, in: self, isCached: isCached)
        }
        trace.flushPendingInjectionsIfOutermost()
        return created
    }

    /// The first registration found for `(type, qualifier)` in the selected factories.
    func resolveSingle<T>(_ type: T.Type, qualifier: String, resolveRole: ResolveRole) -> T? {
        for factory in resolveRole.select(from: factoriesInOrder) {
            if let registration = factory.registration(for: type, qualifier: qualifier, kind: .instance) {
                return instance(of: registration, in: factory, payload: nil) as? T
            }
        }
        return nil
    }

    func resolveArray<T>(_ type: T.Type, qualifier: String, payload: _Payload?, resolveRole: ResolveRole) -> [T] {
        let kind: Registration.Kind = payload == nil ? .instance : .factory
        return resolveRole.select(from: factoriesInOrder).flatMap { factory in
            factory.chainRegistrations(of: type, qualifier: qualifier, kind: kind).compactMap { registration in
                instance(of: registration, in: factory, payload: payload) as? T
            }
        }
    }
}
