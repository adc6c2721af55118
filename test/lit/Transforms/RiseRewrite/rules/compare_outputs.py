#!/usr/bin/env python3
"""Compares two `ariadne-interp --print` outputs: the same lines, and the
same numbers compared as numbers (so -0 equals 0, as the rules' exactness
is defined in docs/rules.md). Exit 1 with the first difference otherwise."""
import sys


def main():
    a = open(sys.argv[1]).read().split("\n")
    b = open(sys.argv[2]).read().split("\n")
    if len(a) != len(b):
        sys.exit("line counts differ: %d vs %d" % (len(a), len(b)))
    for i, (x, y) in enumerate(zip(a, b)):
        if x.startswith("arg ") or y.startswith("arg "):
            if x != y:
                sys.exit("line %d: %r vs %r" % (i + 1, x, y))
            continue
        xs, ys = x.split(), y.split()
        if len(xs) != len(ys):
            sys.exit("line %d: %r vs %r" % (i + 1, x, y))
        for u, v in zip(xs, ys):
            fu, fv = float(u), float(v)
            if not (fu == fv or (fu != fu and fv != fv)):
                sys.exit("line %d: %s vs %s" % (i + 1, u, v))


if __name__ == "__main__":
    main()
