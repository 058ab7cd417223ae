// From swift-collections 1.6.0, Sources/ContainersPreview/Types/UniqueBox.swift (lines 27-33, 87-116),
// Copyright (c) 2024 - 2026 Apple Inc. and the Swift project authors, Apache License v2.0 with Runtime
// Library Exception. Swift 6.3 compiles it; swift-syntax 603.0.1 does not understand the accessors.
public struct UniqueBox<Value: ~Copyable>: ~Copyable {
  @available(*, deprecated, renamed: "Value")
  public typealias T = Value

  @usableFromInline
  internal let _pointer: UnsafeMutablePointer<T>
}

extension UniqueBox where Value: ~Copyable {
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
#else
  @_alwaysEmitIntoClient
  public var value: Value {
    @_transparent
    unsafeAddress {
      UnsafePointer(_pointer)
    }

    @_transparent
    unsafeMutableAddress {
      _pointer
    }
  }
#endif
}
