#!/usr/bin/env python3
"""Generates a synthetic dibuild project for the incremental-build benchmark (bench/run.sh).

Usage: gen_project.py OUT_DIR [--files N] [--di-fraction F] [--depth D] [--seed S]

Writes OUT_DIR/deli.yml, OUT_DIR/Config/app.yml and N Swift files of about 3 KB under
OUT_DIR/Sources/Feature<k>/ (100 files per directory). A fraction F of the files declares one DI type
(component, autowired, lazy autowired or config property) next to plain code; the others hold plain
code only: structs, enums, extensions, protocols and functions with bodies, closures and `#if` blocks.
DI types are arranged in D layers: a type of layer L > 0 depends on two types of layer L - 1, by class
or by protocol, so the longest dependency chain has D types. The graph always validates.

The output depends only on the arguments (seeded random numbers), so figures are comparable.

Edits for the benchmark: every file has one `// bench-edit` line inside a function body, which
bench/edit.py rewrites (a non-DI change); DI files also accept an extra component (a DI change).
"""
import argparse
import os
import random

TARGET_BYTES = 3000
FILES_PER_DIRECTORY = 100
SWIFT_TYPES = ["Int", "String", "Double", "[String]", "Bool?", "[Int: String]", "Date?"]


def plain_struct(rng, name):
    fields = "\n".join(
        f"    var field{i}: {rng.choice(SWIFT_TYPES)}" for i in range(rng.randint(3, 6)))
    return f"""/// A value type used by the feature code ({name}).
struct {name}: Equatable {{
{fields}

    func describe(prefix: String) -> String {{
        let parts = [prefix, String(describing: field0)].map {{ $0.uppercased() }}
        return parts.joined(separator: ", ") + "{name}"
    }}
}}
"""


def plain_enum(rng, name):
    cases = [f"case{i}" for i in range(rng.randint(3, 6))]
    arms = "\n".join(
        f"        case .{case}: return .{cases[(index + 1) % len(cases)]}" for index, case in enumerate(cases))
    return f"""enum {name}: String, CaseIterable {{
    case {", ".join(cases)}

    var next: {name} {{
        switch self {{
{arms}
        }}
    }}
}}
"""


def plain_extension(rng, name):
    limit = rng.randint(2, 9)
    return f"""extension {name} {{
    static func sample(_ count: Int) -> [Int] {{
        (0..<count).compactMap {{ index in
            #if DEBUG
            guard index % {limit} == 0 else {{ return nil }}
            #endif
            return index * {limit}
        }}
    }}
}}
"""


def plain_function(rng, name):
    threshold = rng.randint(10, 500)
    return f"""func {name}(values: [Int], scale: Double = 1.5) -> Double {{
    var total = 0.0
    for (offset, value) in values.enumerated() where value > {threshold} {{
        total += Double(value) * scale / Double(offset + 1)
    }}
    let sorted = values.sorted {{ lhs, rhs in lhs > rhs }}
    return total + Double(sorted.first ?? 0)
}}
"""


def filler(rng, file_index, size):
    """Plain declarations until the text reaches `size` bytes."""
    parts = []
    length = 0
    count = 0
    while length < size:
        base = f"F{file_index}N{count}"
        kind = count % 4
        if kind == 0:
            text = plain_struct(rng, "Model" + base)
        elif kind == 1:
            text = plain_enum(rng, "Kind" + base)
        elif kind == 2:
            text = plain_extension(rng, "Model" + f"F{file_index}N{count - 2}")
        else:
            text = plain_function(rng, "compute" + base)
        parts.append(text)
        length += len(text) + 1
        count += 1
    return "\n".join(parts)


class DIType:
    def __init__(self, ordinal, file_index, layer, kind):
        self.ordinal = ordinal
        self.file_index = file_index
        self.layer = layer
        self.kind = kind
        self.name = f"Service{ordinal}"
        self.protocol = f"Service{ordinal}Providing"


def di_declaration(rng, di, dependencies):
    if di.kind == "component":
        scope = rng.choice([".singleton", ".prototype", ".weak", ".always"])
        return f"""protocol {di.protocol}: AnyObject {{
    func value() -> Int
}}

final class {di.name}: {di.protocol}, Component {{
    var scope: Scope {{ {scope} }}

    init() {{}}

    func value() -> Int {{ {di.ordinal} }}
}}
"""
    if di.kind == "config":
        return f"""struct {di.name}Settings: ConfigProperty {{
    let target = "services.s{di.ordinal}"
    let host: String
    let port: Int
    let verbose: Bool
}}

final class {di.name}: {di.protocol}, Autowired {{
    let settings: {di.name}Settings

    required init(_ settings: {di.name}Settings) {{
        self.settings = settings
    }}

    func value() -> Int {{ settings.port }}
}}

protocol {di.protocol}: AnyObject {{
    func value() -> Int
}}
"""
    # A dependency is named by its protocol or its class, alternately.
    names = [dep.protocol if index % 2 == 0 else dep.name for index, dep in enumerate(dependencies)]
    if di.kind == "autowired":
        stored = "\n".join(f"    let dependency{i}: {name}" for i, name in enumerate(names))
        parameters = ", ".join(f"_ dependency{i}: {name}" for i, name in enumerate(names))
        assignments = "\n".join(f"        self.dependency{i} = dependency{i}" for i in range(len(names)))
        return f"""protocol {di.protocol}: AnyObject {{
    func value() -> Int
}}

final class {di.name}: {di.protocol}, Autowired {{
{stored}

    required init({parameters}) {{
{assignments}
    }}

    func value() -> Int {{ dependency0.value() + {di.ordinal} }}
}}
"""
    stored = "\n".join(f"    private(set) var dependency{i}: {name}?" for i, name in enumerate(names))
    parameters = ", ".join(f"_ dependency{i}: {name}" for i, name in enumerate(names))
    assignments = "\n".join(f"        self.dependency{i} = dependency{i}" for i in range(len(names)))
    return f"""protocol {di.protocol}: AnyObject {{
    func value() -> Int
}}

final class {di.name}: {di.protocol}, LazyAutowired {{
{stored}

    required init() {{}}

    func inject({parameters}) {{
{assignments}
    }}

    func value() -> Int {{ (dependency0?.value() ?? 0) + {di.ordinal} }}
}}
"""


def edit_marker(file_index):
    return f"""func benchEdit{file_index}() -> Int {{
    // bench-edit
    return {file_index}
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--di-fraction", type=float, default=0.3)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--file-bytes", type=int, default=TARGET_BYTES,
                        help="plain code is added until a file has this many bytes (0: DI code only)")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)

    di_files = set(rng.sample(range(arguments.files), round(arguments.files * arguments.di_fraction)))
    types = []
    for file_index in sorted(di_files):
        ordinal = len(types)
        layer = ordinal % arguments.depth
        if layer == 0:
            kind = "config" if ordinal % (arguments.depth * 5) == 0 else "component"
        else:
            kind = "lazy" if rng.random() < 0.2 else "autowired"
        types.append(DIType(ordinal, file_index, layer, kind))
    by_file = {di.file_index: di for di in types}

    properties = ["services:\n"]
    total_bytes = 0
    for file_index in range(arguments.files):
        directory = os.path.join(arguments.out, "Sources", f"Feature{file_index // FILES_PER_DIRECTORY:03d}")
        os.makedirs(directory, exist_ok=True)
        text = "import Foundation\nimport DIRuntime\n\n"
        di = by_file.get(file_index)
        if di is not None:
            dependencies = []
            if di.layer > 0:
                # The previous type is in the layer below; so is the one `depth` before it.
                dependencies.append(types[di.ordinal - 1])
                if di.ordinal - 1 - arguments.depth >= 0:
                    dependencies.append(types[di.ordinal - 1 - arguments.depth])
            text += di_declaration(rng, di, dependencies) + "\n"
            if di.kind == "config":
                properties.append(
                    f"  s{di.ordinal}:\n    host: host{di.ordinal}.example.org\n    port: {8000 + di.ordinal}\n"
                    f"    verbose: false\n")
        text += edit_marker(file_index) + "\n"
        text += filler(rng, file_index, arguments.file_bytes - len(text))
        with open(os.path.join(directory, f"File{file_index:05d}.swift"), "w") as out:
            out.write(text)
        total_bytes += len(text)

    os.makedirs(os.path.join(arguments.out, "Config"), exist_ok=True)
    with open(os.path.join(arguments.out, "Config", "app.yml"), "w") as out:
        out.write("".join(properties) if len(properties) > 1 else "services: {}\n")
    with open(os.path.join(arguments.out, "deli.yml"), "w") as out:
        out.write(
            "target:\n  - Bench\nconfig:\n  Bench:\n    include:\n      - Sources\n    className: BenchFactory\n"
            "    output: build/BenchFactory.swift\n    properties:\n      - Config/app.yml\n"
            "    depfile: build/BenchFactory.d\n    resolve:\n      output: build/Deli.resolved\n")
    print(f"{arguments.files} files ({total_bytes / 1e6:.1f} MB), {len(types)} DI types in {arguments.depth} layers "
          f"under {arguments.out}")


if __name__ == "__main__":
    main()
