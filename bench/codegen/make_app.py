#!/usr/bin/env python3
"""Writes a synthetic Deli-style app with N registrations for the code generation benchmark.

Usage: make_app.py DIR [N]

The mix follows a typical app: mostly components and autowired services (some behind protocols, some
qualified, some taking arrays), a share of lazy types, factories, Config registrations and
ConfigProperty types. Everything is deterministic, so repeated runs produce the same sources.
"""
import os
import sys

TYPES_PER_FILE = 100


def main():
    root = sys.argv[1]
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    os.makedirs(os.path.join(root, "Sources"), exist_ok=True)
    os.makedirs(os.path.join(root, "Configurations"), exist_ok=True)
    declarations = []  # (file index, text)
    properties = []
    count = 0
    index = 0
    while count < total:
        kind = index % 20
        name = f"T{index:05d}"
        if kind in (0, 1, 2, 3, 4, 5, 6):
            declarations.append(component(name, index))
            count += 1
        elif kind in (7, 8, 9, 10, 11, 12):
            declarations.append(autowired(name, index))
            count += 1
        elif kind in (13, 14):
            declarations.append(lazy(name, index))
            count += 1
        elif kind == 15:
            declarations.append(factory(name, index))
            count += 1
        elif kind == 16:
            declarations.append(lazy_factory(name, index))
            count += 1
        elif kind == 17:
            # A Configuration class (1 registration) with two Config properties (2 registrations).
            declarations.append(configuration(name, index))
            count += 3
        else:
            declarations.append(config_property(name, index))
            properties.append(f"p{index:05d}:\n  host: host{index}.example.org\n  port: {1000 + index}\n  debug: false\n")
            count += 1
        index += 1
    files = {}
    for position, text in enumerate(declarations):
        files.setdefault(position // TYPES_PER_FILE, []).append(text)
    for number, texts in files.items():
        with open(os.path.join(root, "Sources", f"Module{number:03d}.swift"), "w") as out:
            out.write("import DIRuntime\n\n" + "\n".join(texts))
    with open(os.path.join(root, "Sources", "Shared.swift"), "w") as out:
        out.write(
            "import DIRuntime\n\nprotocol Service: AnyObject {}\nprotocol Plugin {}\n\n"
            "final class Payload0: Payload {\n    let id: Int\n\n"
            "    required init(with argument: (id: Int, name: String)) { id = argument.id }\n}\n")
    with open(os.path.join(root, "Configurations", "app.yml"), "w") as out:
        out.write("".join(properties))
    with open(os.path.join(root, "deli.yml"), "w") as out:
        out.write(
            "target:\n  - Bench\nconfig:\n  Bench:\n    include:\n      - Sources\n    className: BenchFactory\n"
            "    output: Generated/\n    properties:\n      - Configurations/app.yml\n    resolve:\n"
            "      generate: true\n")
    print(f"{count} registrations in {len(files)} files under {root}")


def earlier_component(index, back):
    """An unqualified plain component declared before `index` (kinds 2…6 of every 20)."""
    base = max(0, (index // 20 - back) * 20)
    return f"T{base + 2 + back % 5:05d}"


def earlier_plugin(index):
    """The qualifier of a plugin struct declared before `index` (kind 1 of every 20)."""
    return f"q{max(0, index // 20 - 1) * 20 + 1}"


def component(name, index):
    kind = index % 20
    if kind == 0:
        return f"final class {name}: Service, Component {{\n    init() {{}}\n}}\n"
    if kind == 1:
        return f"struct {name}: Plugin, Component {{\n    var qualifier: String? {{ \"q{index}\" }}\n    init() {{}}\n}}\n"
    scope = [".singleton", ".prototype", ".always", ".weak", ".singleton"][kind % 5]
    return f"final class {name}: Component {{\n    var scope: Scope {{ {scope} }}\n    init() {{}}\n}}\n"


def autowired(name, index):
    first = earlier_component(index, 1)
    second = earlier_component(index, 2)
    params = [f"_ a: {first}", f"_ b: {second}"]
    if index % 3 == 0:
        params.append("_ plugins: [Plugin]")
    if index % 4 == 0:
        params.append(f"{earlier_plugin(index)} plugin: Plugin")
    body = "\n".join(f"        _ = {p.split()[1].rstrip(':')}" for p in params)
    return f"final class {name}: Autowired {{\n    required init({', '.join(params)}) {{\n{body}\n    }}\n}}\n"


def lazy(name, index):
    dependency = earlier_component(index, 1)
    return (
        f"final class {name}: LazyAutowired {{\n    var dependency: {dependency}?\n    required init() {{}}\n"
        f"    func inject(_ dependency: {dependency}) {{ self.dependency = dependency }}\n}}\n")


def factory(name, index):
    dependency = earlier_component(index, 1)
    return (
        f"final class {name}: AutowiredFactory {{\n    let id: Int\n"
        f"    required init(_ dependency: {dependency}, payload: Payload0) {{ id = payload.id }}\n}}\n")


def lazy_factory(name, index):
    dependency = earlier_component(index, 1)
    return (
        f"final class {name}: LazyAutowiredFactory {{\n    let id: Int\n    var dependency: {dependency}?\n"
        f"    required init(payload: Payload0) {{ id = payload.id }}\n"
        f"    func inject(_ dependency: {dependency}) {{ self.dependency = dependency }}\n}}\n")


def configuration(name, index):
    dependency = earlier_component(index, 1)
    return (
        f"final class {name}Value {{\n    let label: String\n    init(label: String) {{ self.label = label }}\n}}\n"
        f"final class {name}: Configuration {{\n"
        f"    let main = Config({name}Value.self, {dependency}.self, qualifier: \"main\") {{ _ in {name}Value(label: \"m\") }}\n"
        f"    let other = Config({name}Value.self, qualifier: \"other\", scope: .prototype) {{ {name}Value(label: \"o\") }}\n"
        f"    init() {{}}\n}}\n")


def config_property(name, index):
    return (
        f"struct {name}: ConfigProperty {{\n    let target = \"p{index:05d}\"\n    let host: String\n"
        f"    let port: Int\n    let debug: Bool\n    let proxy: String?\n}}\n")


if __name__ == "__main__":
    main()
