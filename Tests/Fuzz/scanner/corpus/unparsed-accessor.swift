// The accessors of UniqueBox.swift (swift-collections 1.6.0, Apache License v2.0 with Runtime Library
// Exception) inside a DI component: what swift-syntax skips could hide part of the registration.
import DIRuntime

final class BoxedService: Component {
    let dependency = Inject(Other.self)
#if compiler(>=6.4) && UnstableContainersPreview
    @_alwaysEmitIntoClient
    public var value: Value {
        @_transparent
        @_unsafeSelfDependentResult
        borrow {
            _pointer.pointee
        }

        @_transparent
        @_unsafeSelfDependentResult
        mutate {
            &_pointer.pointee
        }
    }
#endif
}
