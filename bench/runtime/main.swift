// Benchmark driver: compiled together with Sources/DIRuntime by run.sh (one module, `swiftc -O`).
import Dispatch

final class SingletonService: Component {
    init() {}
}

final class PrototypeService: Component {
    init() {}
}

final class Level0: Autowired {
    let next: Level1
    init(_ next: Level1) { self.next = next }
}

final class Level1: Autowired {
    let next: Level2
    init(_ next: Level2) { self.next = next }
}

final class Level2: Autowired {
    let next: Level3
    init(_ next: Level3) { self.next = next }
}

final class Level3: Autowired {
    let next: Level4
    init(_ next: Level4) { self.next = next }
}

final class Level4: Autowired {
    let next: Level5
    init(_ next: Level5) { self.next = next }
}

final class Level5: Autowired {
    let next: Level6
    init(_ next: Level6) { self.next = next }
}

final class Level6: Autowired {
    let next: Level7
    init(_ next: Level7) { self.next = next }
}

final class Level7: Autowired {
    let next: Level8
    init(_ next: Level8) { self.next = next }
}

final class Level8: Autowired {
    let next: Level9
    init(_ next: Level9) { self.next = next }
}

final class Level9: Autowired {
    init() {}
}

final class BenchFactory: ModuleFactory {
    override func load(context: AppContext) {
        register(
            PrototypeService.self,
            resolver: {
                return PrototypeService()
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            SingletonService.self,
            resolver: {
                return SingletonService()
            },
            qualifier: "",
            scope: .singleton
        )
        register(
            Level0.self,
            resolver: {
                let _0 = context.get(Level1.self, qualifier: "")!
                return Level0(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level1.self,
            resolver: {
                let _0 = context.get(Level2.self, qualifier: "")!
                return Level1(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level2.self,
            resolver: {
                let _0 = context.get(Level3.self, qualifier: "")!
                return Level2(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level3.self,
            resolver: {
                let _0 = context.get(Level4.self, qualifier: "")!
                return Level3(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level4.self,
            resolver: {
                let _0 = context.get(Level5.self, qualifier: "")!
                return Level4(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level5.self,
            resolver: {
                let _0 = context.get(Level6.self, qualifier: "")!
                return Level5(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level6.self,
            resolver: {
                let _0 = context.get(Level7.self, qualifier: "")!
                return Level6(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level7.self,
            resolver: {
                let _0 = context.get(Level8.self, qualifier: "")!
                return Level7(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level8.self,
            resolver: {
                let _0 = context.get(Level9.self, qualifier: "")!
                return Level8(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Level9.self,
            resolver: {
                return Level9()
            },
            qualifier: "",
            scope: .prototype
        )
    }
}

/// Resolutions per second of `resolve`, best of three runs of about `seconds` each.
func measure(_ name: String, seconds: Double = 0.5, _ resolve: () -> AnyObject?) {
    var best = 0.0
    for _ in 0..<3 {
        var count = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        var now = start
        while now < deadline {
            for _ in 0..<1_000 where resolve() == nil {
                fatalError("\(name): resolution failed")
            }
            count += 1_000
            now = DispatchTime.now().uptimeNanoseconds
        }
        best = max(best, Double(count) / (Double(now - start) / 1e9))
    }
    let padded = name.padding(toLength: 24, withPad: " ", startingAt: 0)
    print("\(padded) \(Int(best)) resolutions/s")
}

let context = AppContext()
context.load([BenchFactory.self])
measure("singleton") { context.get(SingletonService.self) }
measure("prototype") { context.get(PrototypeService.self) }
measure("10-deep prototype chain") { context.get(Level0.self) }
