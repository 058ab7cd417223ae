#!/usr/bin/env python3
"""Generates a synthetic Swift corpus for the scanner benchmark.

Usage: gen_corpus.py OUT_DIR [FILE_COUNT]   (default 2000 files of about 3 KB: about 6 MB)

The output depends only on the arguments (fixed seed), so figures are comparable between runs.
Roughly a third of the files declare DI types (Component, Autowired, LazyAutowired, factories,
Configuration, ConfigProperty, Inject, property wrappers); the rest is plain code: structs, enums,
extensions, protocols, functions with bodies, closures and `#if` blocks.
"""
import os
import random
import sys

TARGET_BYTES = 3000


def plain_type(rng, n):
    name = f"Model{n}"
    fields = "\n".join(f"    var field{i}: {rng.choice(['Int', 'String', 'Double', '[String]', 'Bool?'])}"
                       for i in range(rng.randint(3, 7)))
    return f"""/// A plain value type number {n}.
struct {name}: Equatable, Codable {{
{fields}
    func describe(prefix: String) -> String {{
        let parts = [prefix, String(describing: field0)].map {{ $0.uppercased() }}
        return parts.joined(separator: ", ") + "{n}"
    }}
}}

enum Kind{n}: String, CaseIterable {{
    case alpha, beta, gamma
    var next: Kind{n} {{
        switch self {{
        case .alpha: return .beta
        case .beta: return .gamma
        case .gamma: return .alpha
        }}
    }}
}}

extension {name} {{
    static func make(_ count: Int) -> [{name}] {{
        (0..<count).compactMap {{ index in
            #if DEBUG
            guard index % 2 == 0 else {{ return nil }}
            #endif
            return nil
        }}
    }}
}}
"""


def di_type(rng, n):
    kind = rng.choice(["component", "autowired", "lazy", "factory", "configuration", "inject", "wrappers"])
    name = f"Service{n}"
    if kind == "component":
        body = f"""final class {name}: ServiceProtocol{n % 50}, Component {{
    var scope: Scope {{ .prototype }}
    var qualifier: String? {{ "q{n}" }}
    init() {{}}
    func run() -> Int {{ {n} }}
}}"""
    elif kind == "autowired":
        body = f"""final class {name}: Autowired {{
    let a: Service{n - 1}
    let b: [Service{n - 2}]
    required init(_ a: Service{n - 1}, tagged b: [Service{n - 2}], _/* logger.storage */ c: Logger) {{
        self.a = a
        self.b = b
    }}
}}"""
    elif kind == "lazy":
        body = f"""final class {name}: LazyAutowired {{
    private(set) var dependency: Service{n - 1}!
    func inject(_ dependency: Service{n - 1}) {{ self.dependency = dependency }}
    required init() {{}}
}}"""
    elif kind == "factory":
        body = f"""final class {name}: AutowiredFactory {{
    let account: Account{n}
    required init(_ account: Account{n}, payload: Payload{n}) {{ self.account = account }}
}}"""
    elif kind == "configuration":
        body = f"""final class Configuration{n}: Configuration {{
    let session = Config(URLSession.self) {{ URLSession(configuration: .default) }}
    let client = Config(Client{n}.self, URLSession.self, qualifier: "main", scope: .prototype) {{ session in
        Client{n}(session: session, tokens: Inject(TokenStore.self))
    }}
    init() {{}}
}}"""
    elif kind == "inject":
        body = f"""final class View{n}: Inject {{
    let viewModel = Inject(ViewModel{n}.self)
    let serverURL = InjectProperty("server.url")
    func logger() -> Logger {{ Inject(Logger.self, qualifierBy: "logger.storage") }}
    init() {{}}
}}"""
    else:
        body = f"""struct Screen{n} {{
    @Dependency var session: SessionService
    @Dependency(qualifierBy: "logger.storage") var logger: Logger
    @DependencyArray(qualifier: "Novel") var novels: [Book]
    @PropertyValue("server.url") var serverURL: String
}}"""
    return f"// DI declaration {n}\n{body}\n"


def functions(rng, n):
    lines = [f"func helper{n}_{i}(values: [Int]) -> Int {{\n"
             f"    values.filter {{ $0 > {i} }}.map {{ $0 * {rng.randint(2, 9)} }}.reduce(0, +)\n}}\n"
             for i in range(rng.randint(1, 3))]
    return "\n".join(lines)


def make_file(rng, index):
    parts = ["import Foundation\n"]
    counter = index * 10
    while sum(len(p) for p in parts) < TARGET_BYTES:
        counter += 1
        choice = rng.random()
        if index % 3 == 0 and choice < 0.5:
            parts.append(di_type(rng, counter))
        elif choice < 0.8:
            parts.append(plain_type(rng, counter))
        else:
            parts.append(functions(rng, counter))
    return "\n".join(parts)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(20240601)
    os.makedirs(out, exist_ok=True)
    total = 0
    for index in range(count):
        text = make_file(rng, index)
        total += len(text.encode())
        with open(os.path.join(out, f"File{index:05d}.swift"), "w") as handle:
            handle.write(text)
    print(f"{count} files, {total} bytes in {out}")


if __name__ == "__main__":
    main()
