// swift-tools-version:6.0
// examples/app as a SwiftPM package: the library AppLibrary (the app's sources, through the link
// Sources/AppLibrary/App, and the factory the DIBuildPlugin generates) and the executable App.
// `make -C examples/swiftpm run` builds and runs it.
import Foundation
import PackageDescription

// DIRuntime and the plugin come from the dibuild package at DIBUILD_PACKAGE, by default this repository
// (`../..`), for which SwiftPM builds dibuild, swift-syntax included, as the plugin's tool. The package
// that `make artifactbundle` writes has the same products with dibuild as a prebuilt binary target.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    .standardizedFileURL
let dibuildPath = ProcessInfo.processInfo.environment["DIBUILD_PACKAGE"] ?? repository.path
let dibuildIdentity = URL(fileURLWithPath: dibuildPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "SwiftPMExample",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: dibuildPath)],
    targets: [
        .target(
            name: "AppLibrary",
            dependencies: [.product(name: "DIRuntime", package: dibuildIdentity)],
            exclude: ["App/main.swift"],
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "DIBuildPlugin", package: dibuildIdentity)]
        ),
        .executableTarget(name: "App", dependencies: ["AppLibrary"]),
    ]
)
