// The libFuzzer driver, built only by `make fuzz` (DIBUILD_FUZZ=1 adds this target to the package).
// `DIBUILD_FUZZ_TARGET` picks the entry point: scanner, yaml, property-path or cache-reader.
import DIEngine

#if canImport(Glibc)
    import Glibc
#endif

private let target: @Sendable ([UInt8]) -> Void = {
    let name = getenv("DIBUILD_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let entry = FuzzEntries.targets[name] else {
        fatalError("DIBUILD_FUZZ_TARGET must be one of \(FuzzEntries.targets.keys.sorted())")
    }
    return entry
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
