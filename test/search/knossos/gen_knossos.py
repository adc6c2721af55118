#!/usr/bin/env python3
"""Writes the Knossos expression sets as rise programs (func.func on f32).

The facts come from microsoft/knossos-ksc (rlo/src/rlo): the binding set of
binding_examples.py (six subexpressions, 60 groups of 6 sequences; groups 0
and 1 are the test set) and the simplify sequences of best_results.py. This
script rebuilds the start expression of each sequence and its oracle cost
(the cost of the sequence's last expression) from those facts; it does not
run Knossos.

Each file holds one func.func per expression, preceded by
  // knossos-oracle @NAME COST STEPS
(COST: the oracle cost under Knossos' cost model, which
costmodel/cost.h's ariCostTermKnossos reproduces; STEPS: the length of the
oracle sequence). Run from anywhere:
  python3 test/search/knossos/gen_knossos.py [--out DIR]
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Knossos' costs (rlo costs.py / costs_ksc.py): add/sub 1, mul 2, div 2,
# exp/log 4, let 0.1, variables and constants 0.
COST = {"add": 1, "sub": 1, "mul": 2, "div": 2, "exp": 4, "log": 4}
LET = 0.1


def E(op, *kids):
    return (op,) + kids


def V(name):
    return ("var", name)


def C(v):
    return ("const", float(v))


def cost(e):
    op = e[0]
    if op in ("var", "const"):
        return 0.0
    if op == "let":  # ("let", name, bound, body)
        return cost(e[2]) + cost(e[3]) + LET
    return COST[op] + sum(cost(k) for k in e[1:])


def count(e, sub):
    if e == sub:
        return 1
    if e[0] in ("var", "const"):
        return 0
    kids = e[2:] if e[0] == "let" else e[1:]
    return sum(count(k, sub) for k in kids)


# ----------------------------------------------------------------------------
# binding_examples.py's sequences, start expressions only.
x, y = V("x"), V("y")
add = lambda a, b: E("add", a, b)
sub = lambda a, b: E("sub", a, b)
mul = lambda a, b: E("mul", a, b)
div = lambda a, b: E("div", a, b)
SUB_EXPS = [add(x, y), mul(x, C(2.0)), mul(x, y), div(x, sub(y, C(1.0))),
            div(C(1.0), add(x, C(1.0))), E("log", x)]


def arrangements(e, e2):
    """The 12 arrangements of one duplicated subexpression e and one other
    e2, in binding_examples.py's order: (start expression, occurrences of
    e, steps of the sequence)."""
    two_e = mul(C(2.0), e)
    # e / e2 embedded outside: 6 steps each.
    yield div(add(two_e, e), e2), 2, 6
    yield sub(mul(two_e, e), e2), 2, 6
    yield mul(div(two_e, sub(e, C(1.0))), e2), 2, 6
    lams = [lambda p, q: mul(p, q), lambda p, q: add(p, div(q, C(2.0))),
            lambda p, q: div(add(p, C(1.0)), sub(q, C(1.0)))]
    for a0, b0 in [(add(e, e2), mul(e, C(3.0))), (add(e, C(1.0)), add(e2, e))]:
        for k, lam in enumerate(lams):
            yield lam(a0, b0), 2, 7 + k
    # three occurrences
    yield div(mul(e, e), sub(e, e2)), 3, None
    a0 = div(e, add(e2, e))
    yield add(a0, e), 3, None
    yield mul(a0, e), 3, None


def binding_sequences():
    diff_pairs = [[(e1, e2) for e2 in SUB_EXPS if e1 != e2] for e1 in SUB_EXPS]
    table = [[list(arrangements(e1, e2)) for (e1, e2) in row] for row in diff_pairs]
    groups = []
    for s in range(60):
        grp = []
        for i in range(6):
            a, b, c = i, (i + s * 3) % 5, (i * 5 + s) % 12
            e1, _ = diff_pairs[a][b]
            start, occ, steps = table[a][b][c]
            assert count(start, e1) == occ, (start, e1)
            # The oracle: every occurrence of e1 bound once by one let.
            oracle = cost(start) - (occ - 1) * cost(e1) + LET
            grp.append((start, round(oracle, 6), steps))
        groups.append(grp)
    return groups


# ----------------------------------------------------------------------------
# best_results.py's simplify sequences: (first, last, steps).
SIMPLIFY = [
    ("(mul 1.0 x)", "x", 1),
    ("(div x x)", "1.0", 1),
    ("(mul (div x x) x)", "x", 2),
    ("(div (mul x x) x)", "x", 3),
    ("(add (mul x y) (mul x x))", "(mul x (add y x))", 1),
    ("(add (mul (div 1.0 x) x) (mul 1.0 x))", "(add 1.0 x)", 4),
    ("(mul x (add (div 1.0 x) 1.0))", "(add 1.0 x)", 7),
    ("(let (a (div 1.0 x)) (div a (add 1.0 a)))", "(div 1.0 (add x 1.0))", 11),
    ("(div (mul x x) (mul x x))", "1.0", 1),
    ("(div (mul (mul x x) x) x)", "(mul x x)", 4),
    ("(div (div 1.0 x) (add (div 1.0 x) 1.0))", "(div 1.0 (add 1.0 x))", 8),
    ("(div (div 1.0 (mul x x)) (add (div 1.0 (mul x x)) 1.0))",
     "(div 1.0 (add 1.0 (mul x x)))", 8),
    ("(div (div 1.0 x) (add 1.0 (div 1.0 x)))", "(div 1.0 (add x 1.0))", 8),
    ("(add (div (div 1.0 x) (add (div 1.0 x) 1.0)) (div 1.0 x))",
     "(add (div 1.0 (add 1.0 x)) (div 1.0 x))", 8),
    ("(div (div x (add y 1.0)) (add 1.0 (div x (add y 1.0))))",
     "(div x (add (add y 1.0) x))", 10),
    ("(add (div (mul 15.0 a) (mul 2.0 y)) (div (mul (mul 30.0 b) x) (mul (mul 4.0 y) y)))",
     "(mul (div 7.5 y) (add a (mul (div b y) x)))", 13),
    ("(sub (div (mul 15.0 a) (mul 2.0 y)) (mul b (div (mul 15.0 x) (mul (mul 2.0 y) (mul 2.0 y)))))",
     "(mul (div 7.5 y) (sub a (mul (div x (mul 2.0 y)) b)))", 11),
    ("(add (div (mul 15.0 a) z) (mul (mul -1.0 b) (div (mul 15.0 x) (mul y z))))",
     "(div (mul 15.0 (sub a (div (mul x b) y))) z)", 12),
]


def parse(text):
    toks = text.replace("(", " ( ").replace(")", " ) ").split()
    pos = 0

    def go():
        nonlocal pos
        t = toks[pos]
        pos += 1
        if t == "(":
            op = toks[pos]
            pos += 1
            if op == "let":
                assert toks[pos] == "("
                pos += 1
                name = toks[pos]
                pos += 1
                bound = go()
                assert toks[pos] == ")"
                pos += 1
                body = go()
                pos += 1
                return ("let", name, bound, body)
            kids = []
            while toks[pos] != ")":
                kids.append(go())
            pos += 1
            return (op,) + tuple(kids)
        try:
            return C(float(t))
        except ValueError:
            return V(t)

    return go()


# ----------------------------------------------------------------------------
# MLIR emission: one op per node (repeated subexpressions written again;
# the term store shares them), lets as SSA values used several times.
def free_vars(e, bound=()):
    if e[0] == "var":
        return [] if e[1] in bound else [e[1]]
    if e[0] == "const":
        return []
    if e[0] == "let":
        return free_vars(e[2], bound) + free_vars(e[3], bound + (e[1],))
    out = []
    for k in e[1:]:
        out += free_vars(k, bound)
    return out


ORDER = ["x", "y", "z", "a", "b"]
MLIR_OP = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf",
           "div": "arith.divf", "log": "math.log", "exp": "math.exp"}


def fmt_float(v):
    s = repr(float(v))
    return s if ("e" in s or "." in s) else s + ".0"


def emit_func(name, e):
    args = [v for v in ORDER if v in set(free_vars(e))]
    lines = []
    n = [0]

    def fresh():
        n[0] += 1
        return "%%v%d" % n[0]

    def go(e, env):
        op = e[0]
        if op == "var":
            return env[e[1]]
        if op == "const":
            r = fresh()
            lines.append("  %s = arith.constant %s : f32" % (r, fmt_float(e[1])))
            return r
        if op == "let":
            b = go(e[2], env)
            env2 = dict(env)
            env2[e[1]] = b
            return go(e[3], env2)
        ks = [go(k, env) for k in e[1:]]
        r = fresh()
        lines.append("  %s = %s %s : f32" % (r, MLIR_OP[op], ", ".join(ks)))
        return r

    env = {v: "%" + v for v in args}
    res = go(e, env)
    sig = ", ".join("%%%s: f32" % v for v in args)
    return "func.func @%s(%s) -> f32 {\n%s\n  return %s : f32\n}\n" % (
        name, sig, "\n".join(lines), res)


def sexp(e):
    op = e[0]
    if op == "var":
        return e[1]
    if op == "const":
        return fmt_float(e[1])
    if op == "let":
        return "(let (%s %s) %s)" % (e[1], sexp(e[2]), sexp(e[3]))
    return "(%s %s)" % (op, " ".join(sexp(k) for k in e[1:]))


def write(path, header, items):
    with open(path, "w") as f:
        f.write(header)
        for name, e, oracle, steps in items:
            f.write("\n// %s\n" % sexp(e))
            f.write("// knossos-oracle @%s %s %s\n" % (name, repr(oracle), steps if steps else "-"))
            f.write(emit_func(name, e))


HEADER = """// GENERATED by test/search/knossos/gen_knossos.py from the facts of
// microsoft/knossos-ksc rlo/src/rlo/%s. Do not edit.
// %s
// Each function: its Knossos S-expression, then
//   // knossos-oracle @NAME ORACLE_COST ORACLE_STEPS ('-': not given)
// the cost under Knossos' model (costmodel/cost.h, ariCostTermKnossos).
"""


def main():
    global HERE
    # --out DIR: write there instead (the lit test compares with the
    # checked-in files).
    if len(sys.argv) == 3 and sys.argv[1] == "--out":
        HERE = sys.argv[2]
        os.makedirs(HERE, exist_ok=True)
    groups = binding_sequences()
    test = [("bind_t%d_%d" % (g, i), e, o, st) for g in range(2)
            for i, (e, o, st) in enumerate(groups[g])]
    train = [("bind_g%d_%d" % (g, i), e, o, st) for g in range(2, 60)
             for i, (e, o, st) in enumerate(groups[g])]
    write(os.path.join(HERE, "binding_test.mlir"),
          HEADER % ("binding_examples.py", "The binding test set: groups 0 and 1 (12 expressions)."),
          test)
    write(os.path.join(HERE, "binding_train.mlir"),
          HEADER % ("binding_examples.py", "The binding training set: groups 2-59 (348 expressions)."),
          train)
    simp = []
    for k, (first, last, steps) in enumerate(SIMPLIFY):
        e, f = parse(first), parse(last)
        simp.append(("simplify_%d" % k, e, round(cost(f), 6), steps))
    write(os.path.join(HERE, "simplify.mlir"),
          HEADER % ("best_results.py", "The simplify sequences (start expressions; oracle = cost of the last)."),
          simp)


if __name__ == "__main__":
    main()
