// The libFuzzer driver, built only by `make fuzz` (DIBUILD_FUZZ=1 adds this target to the package).
// `DIBUILD_FUZZ_TARGET` picks the entry point: scanner, yaml, property-path or cache-reader. SwiftPM
// links executables through their own `main`, so this one hands over to libFuzzer's `LLVMFuzzerRunDriver`.
import DIEngine

#if canImport(Glibc)
    import Glibc
#endif

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

let targetName = getenv("DIBUILD_FUZZ_TARGET").map { String(cString: $0) } ?? ""
guard FuzzEntries.targets[targetName] != nil else {
    print("DIBUILD_FUZZ_TARGET must be one of \(FuzzEntries.targets.keys.sorted())")
    exit(2)
}

/// Called by libFuzzer for each input (whichever `main`, SwiftPM's or libFuzzer's, the link keeps).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let name = String(cString: getenv("DIBUILD_FUZZ_TARGET"))
    FuzzEntries.targets[name]?(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, testOneInput))
