"""close.py A B: the outputs of two `ariadne-interp --print` runs agree: the
same lines, numbers within the tolerance ariadne-run uses for f32
(|a - b| <= 1e-5 + 1e-4 |b|). For programs a search may reassociate
(rise-search's vectorizeReduce, tileReduce), which the interpreter then
evaluates in the new order."""
import sys


def tokens(path):
    with open(path) as f:
        return [line.split() for line in f]


a, b = tokens(sys.argv[1]), tokens(sys.argv[2])
if len(a) != len(b):
    sys.exit("%d lines against %d" % (len(a), len(b)))
for n, (la, lb) in enumerate(zip(a, b), 1):
    if len(la) != len(lb):
        sys.exit("line %d: %d values against %d" % (n, len(la), len(lb)))
    for x, y in zip(la, lb):
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            if x != y:
                sys.exit("line %d: '%s' against '%s'" % (n, x, y))
            continue
        if not abs(fx - fy) <= 1e-5 + 1e-4 * abs(fy):
            sys.exit("line %d: %s against %s" % (n, x, y))
