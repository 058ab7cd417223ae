// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "dibuild",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dibuild", targets: ["dibuild"]),
        .library(name: "DIEngine", targets: ["DIEngine"]),
        .library(name: "DIRuntime", targets: ["DIRuntime"]),
        .plugin(name: "DIBuildPlugin", targets: ["DIBuildPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        .target(
            name: "DIEngine",
            dependencies: [
                "CYaml",
                "CXXHash",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(name: "DIRuntime"),
        .executableTarget(
            name: "dibuild",
            dependencies: [
                "DIEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Generates a target's factory with dibuild as a build command (Plugins/DIBuildPlugin).
        .plugin(name: "DIBuildPlugin", capability: .buildTool(), dependencies: ["dibuild"]),
        // Scratch directories and the process runner, shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DIEngineTests", dependencies: ["DIEngine", "TestSupport"]),
        .testTarget(name: "DIRuntimeTests", dependencies: ["DIRuntime", "TestSupport"]),
        .testTarget(name: "DeliCompatibilityTests", dependencies: ["DIRuntime"]),
        .testTarget(name: "DIBuildCLITests", dependencies: ["dibuild", "DIEngine", "TestSupport"]),
    ]
)

// `make fuzz` only: the libFuzzer driver, never part of `swift build`.
if ProcessInfo.processInfo.environment["DIBUILD_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "DIFuzz", dependencies: ["DIEngine"], path: "Tests/Fuzz/Driver",
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]))
    package.products.append(.executable(name: "dibuild-fuzz", targets: ["DIFuzz"]))
}
