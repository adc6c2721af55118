#!/usr/bin/env python3
"""libAriadne.so exports exactly its public C API: the MLIR C API (mlir*)
and the functions declared in include/ariadne-c/*.h, nothing internal.

The declarations are read from clang's AST of each header, independently of
the version script that passes/cmake/exports.cmake writes from them.

  exports.py LIB SRC_ROOT CLANG [INCLUDE_DIR...]
"""
import glob
import os
import re
import subprocess
import sys

# A location in an AST dump line: clang prints the file only when it
# changes, so the current file is the last one printed.
PATH = re.compile(r"([^\s<>,:]+\.(?:h|c|inc|def)):\d+:\d+")
TOP_FN = re.compile(r"^[|`]-FunctionDecl 0x[0-9a-f]+ <([^>]*)>.*? (?:col|line):[\d:]+(?: [a-z]+)* "
                    r"([A-Za-z_]\w*) '")


def declared(header, clang, incs):
    dump = subprocess.run([clang, "-x", "c", "-std=c11", "-fsyntax-only", "-Xclang", "-ast-dump",
                           "-fno-color-diagnostics"] + ["-I" + d for d in incs] + [header],
                          capture_output=True, text=True)
    if dump.returncode != 0:
        sys.exit("error: %s does not compile on its own:\n%s" % (header, dump.stderr))
    names, cur = set(), None
    for line in dump.stdout.splitlines():
        m = TOP_FN.match(line)
        paths = PATH.findall(line)
        if m:
            # The name's location is relative to the last file the range
            # printed (a macro such as bool can start it in another header).
            inrange = PATH.findall(m.group(1))
            where = inrange[-1] if inrange else cur
            if where and os.path.exists(where) and os.path.samefile(where, header) \
                    and " static" not in line and " inline" not in line \
                    and " implicit" not in line:
                names.add(m.group(2))
        if paths:
            cur = paths[-1]
    return names


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    lib, src, clang = argv[1:4]
    incs = [os.path.join(src, "include"), os.path.join(src, "dialect", "include")] + argv[4:]
    headers = sorted(glob.glob(os.path.join(src, "include", "ariadne-c", "*.h")))
    want = set()
    for h in headers:
        want |= declared(h, clang, incs)
    if not want:
        print("error: no public declarations found", file=sys.stderr)
        return 1
    nm = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True,
                        check=True).stdout
    have = {f[2] for f in (l.split() for l in nm.splitlines()) if len(f) == 3}
    bad = 0
    # The MLIR C API is exported whole (mlir*); Ariadne's own mlir*
    # functions (the dialect's C API) must be among them.
    for s in sorted(have - want):
        if s.startswith("mlir"):
            continue
        print("error: %s exports '%s', which no public header declares" % (lib, s))
        bad = 1
    for s in sorted(want - have):
        print("error: '%s' is declared in include/ariadne-c but %s does not export it" % (s, lib))
        bad = 1
    if not bad:
        print("exports: %d public functions from %d headers, the MLIR C API, nothing else"
              % (len(want), len(headers)))
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
