#!/usr/bin/env python3
"""Checks that every #include in Ariadne's sources reaches only downward.

Layers, bottom up (DESIGN.md): utils, dialect, search, costmodel, passes,
runtime, tools. A file may include its own layer and the layers below it.
Public headers under include/ belong to the layer that implements them.

  check_layers.py ROOT              check the tree; exit 1 naming each breach
  check_layers.py ROOT --self-test  also show that an upward include from
                                    every layer into the next is caught
"""
import os
import re
import sys

LAYERS = ["utils", "dialect", "search", "costmodel", "passes", "runtime", "tools"]
RANK = {name: i for i, name in enumerate(LAYERS)}
# include/ariadne-c/<header> -> the layer that implements it; the others are
# the dialect's (its C API, types, work, interpreter).
PUBLIC = {"Pass.h": "passes"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of_include(path):
    """The layer an include path names, or None for other projects' headers."""
    parts = path.split("/")
    if parts[0] in RANK:
        return parts[0]
    if parts[0] == "ariadne-c":
        return PUBLIC.get(parts[-1], "dialect")
    if parts[0] == "ariadne":  # the ODS-generated dialect headers
        return "dialect"
    return None


def layer_of_file(rel):
    parts = rel.split("/")
    if parts[0] == "include":
        return layer_of_include("/".join(parts[1:]))
    if parts[0] == "dialect":
        return "dialect"
    return parts[0] if parts[0] in RANK else None


def sources(root):
    for top in LAYERS + ["include"]:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith((".c", ".h", ".cpp", ".def", ".inc")):
                    yield os.path.relpath(os.path.join(dirpath, f), root)


def breaches(root, extra=None):
    """(file, line, include, from-layer, to-layer) for every upward include.
    extra: {file: [include, ...]} added to a file's text (the self-test)."""
    out = []
    for rel in sorted(sources(root)):
        here = layer_of_file(rel)
        if here is None:
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for inc in (extra or {}).get(rel, []):
            text += '\n#include "%s"\n' % inc
        for m in INCLUDE.finditer(text):
            there = layer_of_include(m.group(1))
            if there is not None and RANK[there] > RANK[here]:
                line = text.count("\n", 0, m.start()) + 1
                out.append((rel, line, m.group(1), here, there))
    return out


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[1]
    found = breaches(root)
    for rel, line, inc, here, there in found:
        print('%s:%d: error: %s (layer %s) includes "%s" (layer %s, above it)'
              % (rel, line, rel, here, inc, there))
    if found:
        return 1
    count = sum(1 for _ in sources(root))
    print("layers: %d files, every include reaches only downward" % count)
    if "--self-test" in argv[2:]:
        # One upward include from each layer into the one above, planted in
        # the first file of that layer: each must be reported.
        for lower, upper in zip(LAYERS, LAYERS[1:]):
            victim = next(r for r in sorted(sources(root)) if layer_of_file(r) == lower)
            target = next(r for r in sorted(sources(root))
                          if layer_of_file(r) == upper and r.endswith(".h")
                          and not r.startswith("include/"))
            got = breaches(root, {victim: [target]})
            if not any(g[0] == victim and g[2] == target for g in got):
                print("self-test: %s including %s was not caught" % (victim, target))
                return 1
            print("self-test: caught %s -> %s" % (victim, target))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
