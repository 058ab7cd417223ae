#!/usr/bin/env python3
"""One edit of a generated benchmark file (bench/gen_project.py), for hyperfine's --prepare.

Usage: edit.py plain|di FILE

plain: increments the number returned after the `// bench-edit` marker: the file's bytes change, its
       facts do not, so the factory stays the same (a non-DI change).
di:    adds an extra component at the end of the file, or removes it if present: the graph and the
       factory change on every call (a DI change).
"""
import re
import sys

EXTRA = "\nfinal class BenchExtraComponent: Component {\n    init() {}\n}\n"


def main():
    mode, path = sys.argv[1], sys.argv[2]
    with open(path) as source:
        text = source.read()
    if mode == "plain":
        text, count = re.subn(
            r"(// bench-edit\n    return )(\d+)", lambda match: match.group(1) + str(int(match.group(2)) + 1), text)
        if count != 1:
            sys.exit(f"no bench-edit marker in {path}")
    elif mode == "di":
        text = text.replace(EXTRA, "") if EXTRA in text else text + EXTRA
    else:
        sys.exit(f"unknown mode {mode}")
    with open(path, "w") as source:
        source.write(text)


if __name__ == "__main__":
    main()
