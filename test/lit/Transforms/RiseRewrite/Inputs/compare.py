"""Compares two `ariadne-interp --print` outputs: the same lines, numbers
equal within |a-b| <= abs + rel*|a| (default: exactly equal).

    python3 compare.py REF OUT [--rel=R --abs=A]
"""
import sys


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--"))
    rel, ab = float(opts.get("rel", 0)), float(opts.get("abs", 0))
    ref, out = (open(p).read().split() for p in args)
    if len(ref) != len(out):
        print(f"different lengths: {len(ref)} vs {len(out)} words")
        return 1
    bad = 0
    for i, (a, b) in enumerate(zip(ref, out)):
        try:
            fa, fb = float(a), float(b)
        except ValueError:
            if a != b:
                print(f"word {i}: '{a}' vs '{b}'")
                bad += 1
            continue
        if abs(fa - fb) > ab + rel * abs(fa):
            print(f"word {i}: {a} vs {b}")
            bad += 1
    print(f"{len(ref)} words, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
