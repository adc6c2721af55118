#!/usr/bin/env python3
"""Writes Knossos' BLAS set as rise programs (generate/idx/reduce on f32).

The facts come from microsoft/knossos-ksc, rlo/src/rlo/ksc/blas/blas_train.kso
and blas_test.kso: the definitions below are those files' programs, written
here in a compact S-expression notation (parameters `name:F` a Float, `:V` a
vector, `:M` a matrix; `(lam i body)` without the Integer type). Knossos'
BEST lines (the expert's sequences) are not replayed: they are inline_call,
inline_let, delete_let, index_of_build, size_of_build and select_of_tuple,
so this script computes their end, the "expert form" (every call and let
inlined, every index of a build resolved), and writes it as `@NAME` in
blas/blas_expert.mlir. A program's oracle is the cheaper of its expert form and
itself under ariCostTermKnossos, as `ariadne-astar --lets` reads them
(`--lets` binds the values a program's body computes for its loops by lets,
as ksc's programs do; inlining such a let into a loop, as the expert does,
can cost more than it saves: apvxvy, amxbmy). `--oracles-from-astar
PATH_TO_ARIADNE_ASTAR` computes them (into DIR/blas_oracles.txt); without it the
checked-in blas/blas_oracles.txt is used. Calls are inlined when the programs
are written (rise has no calls); their arguments are let-bound.

Rise has static sizes, so every dimension is SIZE (default 16, Knossos'
`assumed_vector_size`, which its cost model and ours assume for every
array); `--size N` writes the same programs at N (e.g. to time GEMM at 512).

What does not port: trmv, trmv2 and trmv_simp_syr2 (a sumbuild of a
data-dependent length `n - i`: rise sizes are static) and rot (a tuple of
two vectors as the result).

Sets (Knossos' paper trained on the primitives and evaluated on GEMM),
written to blas/ (apart from the binding sets, so that `ariadne-astar
--eval test/search/knossos` reads those alone):
  blas_train.mlir  blas_train.kso's programs without the GEMM family
                   (gemm*, amxmy*), which are held out;
  blas_test.mlir   gemm, the GEMM family of blas_train.kso and the
                   test-only programs of blas_test.kso.

  python3 test/search/knossos/gen_blas.py [--out DIR] [--size N]
      [--oracles-from-astar TOOL]
"""

import os
import subprocess
import sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "blas")

# name, parameters, body.  blas_train.kso's programs first (in its order),
# then the test-only ones of blas_test.kso.
TRAIN_DEFS = [
    ("float_matrix_multiply", "alpha:F mat_x:M",
     "(build (size mat_x) (lam i (build (size mat_x) (lam j"
     " (mul alpha (index j (index i mat_x)))))))"),
    ("matrix_matrix_multiply", "mat_x:M mat_y:M",
     "(build (size mat_x) (lam i (build (size mat_y) (lam k"
     " (sumbuild (size mat_y) (lam j (mul (index j (index i mat_x))"
     " (index k (index j mat_y)))))))))"),
    ("vector_vector_add", "x:V y:V",
     "(build (size x) (lam i (add (index i x) (index i y))))"),
    ("matrix_matrix_add", "mat_x:M mat_y:M",
     "(build (size mat_x) (lam i (build (size mat_x) (lam j"
     " (add (index j (index i mat_x)) (index j (index i mat_y)))))))"),
    ("outer_product", "x:V y:V",
     "(build (size x) (lam i (build (size y) (lam j (mul (index i x) (index j y))))))"),
    ("scal", "a:F x:V", "(build (size x) (lam i (mul a (index i x))))"),
    ("avxvy", "a:F x:V y:V",
     "(build (size x) (lam i (build (size y) (lam j"
     " (mul (index i (scal a x)) (index j y))))))"),
    ("axpy", "a:F x:V y:V",
     "(let (ax (scal a x)) (build (size x) (lam i (add (index i ax) (index i y)))))"),
    ("dot", "x:V y:V",
     "(sumbuild (size x) (lam i (mul (index i x) (index i y))))"),
    ("rscl", "x:V", "(build (size x) (lam i (div (index i x) (sum x))))"),
    ("nrm2", "x:V", "(pow (dot x x) 0.5)"),
    ("asum", "x:V", "(sumbuild (size x) (lam i (abs (index i x))))"),
    ("rscl_nrm2", "x:M",
     "(nrm2 (rscl (build (size x) (lam i (sum (index i x))))))"),
    ("softmax", "x:V alpha:F",
     "(rscl (build (size x) (lam i (exp (mul (index i x) alpha)))))"),
    ("ger", "alpha:F x:V y:V a:M",
     "(matrix_matrix_add (float_matrix_multiply alpha (outer_product x y)) a)"),
    ("simple_ger", "alpha:F x:V y:V",
     "(float_matrix_multiply alpha (outer_product x y))"),
    ("apmxmy", "a:F x:M my:M",
     "(let (apmx (build (size x) (lam i (build (size x) (lam j"
     " (add a (index j (index i x)))))))) (matrix_matrix_multiply apmx my))"),
    ("syr2", "alpha:F x:V y:V a:M",
     "(matrix_matrix_add (float_matrix_multiply alpha (outer_product x y))"
     " (matrix_matrix_add (float_matrix_multiply alpha (outer_product y x)) a))"),
    ("mxvyrvz", "mx:M vy:V vz:V",
     "(matrix_matrix_multiply mx (outer_product (rscl vz) vz))"),
    ("gemm_all_fns_inlined", "alpha:F a:M b:M beta:F c:M",
     "(let (mat_y (build (size c) (lam i (build (size c) (lam j"
     " (mul beta (index j (index i c))))))))"
     " (let (inner_prod (build (size a) (lam i (build (size b) (lam k"
     " (sumbuild (size b) (lam j (mul (index j (index i a)) (index k (index j b))))))))))"
     " (let (mat_x (build (size a) (lam i (build (size b) (lam k"
     " (mul alpha (index k (index i inner_prod))))))))"
     " (build (size a) (lam i (build (size b) (lam k"
     " (add (index k (index i mat_x)) (index k (index i mat_y))))))))))"),
    ("gemm_climbed_mat_y", "alpha:F a:M b:M beta:F c:M",
     "(let (inner_prod (build (size a) (lam i (build (size b) (lam k"
     " (sumbuild (size b) (lam j (mul (index j (index i a)) (index k (index j b))))))))))"
     " (let (mat_x (build (size a) (lam i (build (size b) (lam k"
     " (mul alpha (index k (index i inner_prod))))))))"
     " (build (size a) (lam i (build (size b) (lam k (add (index k (index i mat_x))"
     " (index k (index i (build (size c) (lam p (build (size c) (lam q"
     " (mul beta (index q (index p c))))))))))))))))"),
    ("gemm_no_inner_prod", "alpha:F a:M b:M beta:F c:M",
     "(let (mat_y (build (size c) (lam i (build (size c) (lam j"
     " (mul beta (index j (index i c))))))))"
     " (let (mat_x (build (size a) (lam i (build (size b) (lam k (mul alpha"
     " (sumbuild (size b) (lam j (mul (index j (index i a)) (index k (index j b)))))))))))"
     " (build (size a) (lam i (build (size b) (lam k"
     " (add (index k (index i mat_x)) (index k (index i mat_y)))))))))"),
    ("amxmy_hillclimbed", "alpha:F mx:M my:M",
     "(build (size mx) (lam i (build (size mx) (lam j"
     " (mul alpha (index j (index i (matrix_matrix_multiply mx my))))))))"),
    ("apbvx", "a:F b:F vx:V",
     "(let (bvx (build (size vx) (lam j (mul b (index j vx)))))"
     " (build (size vx) (lam i (add a (index i bvx)))))"),
    ("avxvxpb", "a:F vx:V b:F",
     "(let (squared_vec (build (size vx) (lam i (mul (index i vx) (index i vx)))))"
     " (let (scaled_sq (build (size vx) (lam i (mul a (index i squared_vec)))))"
     " (build (size vx) (lam i (add (index i scaled_sq) b)))))"),
    ("avxvxpbvy", "a:F vx:V b:F vy:V",
     "(vector_vector_add (avxvxpb a vx 0.0) (scal b vy))"),
    ("amxpmy", "a:F mx:M my:M",
     "(let (temp (build (size mx) (lam i (build (size mx) (lam j"
     " (mul a (index j (index i mx))))))))"
     " (build (size mx) (lam i (build (size mx) (lam j"
     " (add (index j (index i temp)) (index j (index i my))))))))"),
    ("amxpamy", "a:F mx:M my:M",
     "(let (x2 (build (size mx) (lam i (build (size mx) (lam j"
     " (mul a (index j (index i mx))))))))"
     " (let (y2 (build (size mx) (lam i (build (size mx) (lam j"
     " (mul a (index j (index i my))))))))"
     " (build (size mx) (lam i (build (size mx) (lam j"
     " (add (index j (index i x2)) (index j (index i y2)))))))))"),
    ("gemm", "alpha:F a:M b:M beta:F c:M",
     "(matrix_matrix_add (float_matrix_multiply alpha (matrix_matrix_multiply a b))"
     " (float_matrix_multiply beta c))"),
]

TEST_ONLY_DEFS = [
    ("apvxvy", "a:F mx:V my:V",
     "(let (temp (build (size mx) (lam i (add a (index i mx)))))"
     " (outer_product temp my))"),
    ("add_index_scal", "a:F x:V y:V",
     "(build (size x) (lam i (add (index i (scal a x)) (index i y))))"),
    ("axpy_dot", "a:F x:V y:V", "(dot (axpy a x y) (axpy (sub a 1.0) y x))"),
    ("gemv", "alpha:F a:M x:V beta:F y:V",
     "(axpy alpha (build (size a) (lam i (dot (index i a) x))) (scal beta y))"),
    ("simple_syr2", "x:V y:V",
     "(matrix_matrix_add (outer_product x y) (outer_product y x))"),
    ("amxbmy", "mat_x:M mat_y:M alpha:F beta:F",
     "(let (mat_a (build (size mat_x) (lam i (build (size mat_x) (lam j"
     " (mul alpha (index j (index i mat_x))))))))"
     " (let (mat_b (build (size mat_x) (lam i (build (size mat_y) (lam j"
     " (mul beta (index j (index i mat_y))))))))"
     " (build (size mat_x) (lam i (build (size mat_y) (lam k (sumbuild (size mat_x)"
     " (lam j (mul (index j (index i mat_a)) (index k (index j mat_b)))))))))))"),
    ("avxpvy", "alpha:F a:V b:V", "(vector_vector_add (scal alpha a) b)"),
    ("gemm_half_inlined", "alpha:F a:M b:M beta:F c:M",
     "(matrix_matrix_add (build (size a) (lam i (build (size b) (lam k"
     " (sumbuild (size b) (lam j (mul (mul alpha (index j (index i a)))"
     " (index k (index j b)))))))))"
     " (build (size a) (lam i (build (size b) (lam j (mul beta (index j (index i c))))))))"),
    ("mxmypmzt", "mx:M my:M mz:M",
     "(let (mxmy (matrix_matrix_multiply mx my))"
     " (matrix_matrix_add mxmy (build (size mz) (lam i (build (size mz) (lam j"
     " (index i (index j mz))))))))"),
    ("gemm_no_maty", "alpha:F a:M b:M beta:F c:M",
     "(let (inner_prod (build (size a) (lam i (build (size b) (lam k"
     " (sumbuild (size b) (lam j (mul (index j (index i a)) (index k (index j b))))))))))"
     " (let (mat_x (build (size a) (lam i (build (size b) (lam k"
     " (mul alpha (index k (index i inner_prod))))))))"
     " (build (size a) (lam i (build (size b) (lam k"
     " (add (index k (index i mat_x)) (mul beta (index k (index i c))))))))))"),
    ("gemm_climbed_inner_prod", "alpha:F a:M b:M beta:F c:M",
     "(let (mat_y (build (size c) (lam i (build (size c) (lam j"
     " (mul beta (index j (index i c))))))))"
     " (let (mat_x (build (size a) (lam p (build (size b) (lam q (mul alpha"
     " (index q (index p (build (size a) (lam i (build (size b) (lam k"
     " (sumbuild (size b) (lam j (mul (index j (index i a))"
     " (index k (index j b)))))))))))))))))"
     " (build (size a) (lam i (build (size b) (lam k"
     " (add (index k (index i mat_x)) (index k (index i mat_y)))))))))"),
    ("amxmy", "alpha:F mx:M my:M",
     "(float_matrix_multiply alpha (matrix_matrix_multiply mx my))"),
    ("amxmy_half_hillclimbed", "alpha:F mx:M my:M",
     "(build (size mx) (lam i (let (temp (index i (matrix_matrix_multiply mx my)))"
     " (build (size mx) (lam j (mul alpha (index j temp)))))))"),
    ("avxpavy", "a:F vx:V vy:V",
     "(let (x2 (build (size vx) (lam i (mul a (index i vx)))))"
     " (let (y2 (build (size vx) (lam i (mul a (index i vy)))))"
     " (build (size vx) (lam i (add (index i x2) (index i y2))))))"),
    ("amxpbmy", "a:F b:F mx:M my:M",
     "(amxpmy a mx (float_matrix_multiply b my))"),
    ("amxmxpb", "a:F mx:M b:F",
     "(let (squared_mat (build (size mx) (lam i (build (size mx) (lam j"
     " (mul (index j (index i mx)) (index j (index i mx))))))))"
     " (let (scaled_sq (build (size mx) (lam i (build (size mx) (lam j"
     " (mul a (index j (index i squared_mat))))))))"
     " (build (size mx) (lam i (build (size mx) (lam j"
     " (add (index j (index i scaled_sq)) b)))))))"),
]

HELD_OUT = lambda name: name.startswith("gemm") or name.startswith("amxmy")

SCALAR_OPS = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf",
              "div": "arith.divf", "exp": "math.exp", "log": "math.log",
              "abs": "math.absf", "pow": "math.powf"}


def parse(text):
    toks = text.replace("(", " ( ").replace(")", " ) ").split()
    pos = [0]

    def go():
        t = toks[pos[0]]
        pos[0] += 1
        if t != "(":
            return t
        out = []
        while toks[pos[0]] != ")":
            out.append(go())
        pos[0] += 1
        return out

    e = go()
    if pos[0] != len(toks):
        raise SystemExit("gen_blas.py: trailing tokens in %r" % text)
    return e


DEFS = {name: (params.split(), parse(body))
        for name, params, body in TRAIN_DEFS + TEST_ONLY_DEFS}

# ----------------------------------------------------------------------------
# Elaboration: calls inlined as lets, names made unique.  Core forms:
#   ("var", n) ("const", x) ("size",) ("op", name, args..)
#   ("let", n, e, body) ("build", i, body) ("sumbuild", i, body)
#   ("index", i, e) ("sum", e)


def elaborate(e, env, fresh):
    if isinstance(e, str):
        if e in env:
            return ("var", env[e])
        return ("const", float(e))
    head = e[0]
    if head == "let":
        name, bound = e[1]
        b = elaborate(bound, env, fresh)
        u = fresh(name)
        return ("let", u, b, elaborate(e[2], dict(env, **{name: u}), fresh))
    if head == "size":
        return ("size",)
    if head in ("build", "sumbuild"):
        _, var, body = e[2]
        u = fresh(var)
        return (head, u, elaborate(body, dict(env, **{var: u}), fresh))
    if head == "index":
        return ("index", elaborate(e[1], env, fresh), elaborate(e[2], env, fresh))
    if head == "sum":
        return ("sum", elaborate(e[1], env, fresh))
    if head in SCALAR_OPS:
        return ("op", head) + tuple(elaborate(k, env, fresh) for k in e[1:])
    if head in DEFS:  # a call: its arguments let-bound, its body inlined
        params, body = DEFS[head]
        args = [elaborate(k, env, fresh) for k in e[1:]]
        inner = {}
        binds = []
        for p, a in zip(params, args):
            u = fresh(p.split(":")[0])
            inner[p.split(":")[0]] = u
            binds.append((u, a))
        out = elaborate(body, inner, fresh)
        for u, a in reversed(binds):
            out = ("let", u, a, out)
        return out
    raise SystemExit("gen_blas.py: unknown form %r" % head)


def subst(e, name, val):
    k = e[0]
    if k == "var":
        return val if e[1] == name else e
    if k in ("const", "size"):
        return e
    if k == "let":
        return ("let", e[1], subst(e[2], name, val), subst(e[3], name, val))
    if k in ("build", "sumbuild"):
        return (k, e[1], subst(e[2], name, val))
    if k == "op":
        return ("op", e[1]) + tuple(subst(a, name, val) for a in e[2:])
    return (k,) + tuple(subst(a, name, val) for a in e[1:])


def expert(e):
    """The end of Knossos' expert sequences: lets inlined, every index of a
    build resolved (index_of_build then inline_let)."""
    k = e[0]
    if k in ("var", "const", "size"):
        return e
    if k == "let":
        return expert(subst(e[3], e[1], expert(e[2])))
    if k in ("build", "sumbuild"):
        return (k, e[1], expert(e[2]))
    if k == "op":
        return ("op", e[1]) + tuple(expert(a) for a in e[2:])
    if k == "index":
        i, a = expert(e[1]), expert(e[2])
        if a[0] == "build":
            return expert(subst(a[2], a[1], i))
        return ("index", i, a)
    return (k,) + tuple(expert(a) for a in e[1:])


# ----------------------------------------------------------------------------
# MLIR emission.  Types: "f" (f32), "i" (index), ("a", rank) (a rank-1 or
# rank-2 array of SIZE per dimension).


class Emitter:
    def __init__(self, size):
        self.size = size
        self.n = 0

    def ty(self, t):
        if t == "f":
            return "f32"
        if t == "i":
            return "index"
        return "!rise.array<%sf32>" % ("%dx" % self.size * t[1])

    def fresh(self):
        self.n += 1
        return "%%v%d" % self.n

    def go(self, e, env, out, ind):
        """Emits e into the line list out (indented ind); returns (ssa, type)."""
        k = e[0]
        if k == "var":
            return env[e[1]]
        if k == "const":
            r = self.fresh()
            out.append("%s%s = arith.constant %s : f32" % (ind, r, repr(e[1])))
            return r, "f"
        if k == "let":
            v = self.go(e[2], env, out, ind)
            return self.go(e[3], dict(env, **{e[1]: v}), out, ind)
        if k == "op":
            args = [self.go(a, env, out, ind) for a in e[2:]]
            assert all(t == "f" for _, t in args), e
            r = self.fresh()
            out.append("%s%s = %s %s : f32" % (ind, r, SCALAR_OPS[e[1]],
                                              ", ".join(a for a, _ in args)))
            return r, "f"
        if k == "index":
            i, it = self.go(e[1], env, out, ind)
            a, at = self.go(e[2], env, out, ind)
            assert it == "i" and at != "f", e
            et = "f" if at[1] == 1 else ("a", at[1] - 1)
            r = self.fresh()
            out.append("%s%s = rise.idx %s[%s] : %s -> %s" % (ind, r, a, i, self.ty(at), self.ty(et)))
            return r, et
        if k in ("build", "sumbuild"):
            iv = self.fresh()
            body = []
            b, bt = self.go(e[2], dict(env, **{e[1]: (iv, "i")}), body, ind + "  ")
            assert bt != "i", e
            gt = ("a", 1) if bt == "f" else ("a", bt[1] + 1)
            r = self.fresh()
            out.append("%s%s = rise.generate : %s {" % (ind, r, self.ty(gt)))
            out.append("%s^bb0(%s: index):" % (ind, iv))
            out.extend(body)
            out.append("%s  rise.yield %s : %s" % (ind, b, self.ty(bt)))
            out.append("%s}" % ind)
            if k == "build":
                return r, gt
            assert bt == "f", "sumbuild over arrays is not in the set"
            return self.sum(r, out, ind)
        if k == "sum":
            a, at = self.go(e[1], env, out, ind)
            assert at == ("a", 1), e
            return self.sum(a, out, ind)
        raise SystemExit("gen_blas.py: cannot emit %r" % (k,))

    def sum(self, a, out, ind):
        z, r, acc, x, s = (self.fresh() for _ in range(5))
        out.append("%s%s = arith.constant 0.0 : f32" % (ind, z))
        out.append("%s%s = rise.reduce %s, %s : f32, %s -> f32 {" % (ind, r, z, a, self.ty(("a", 1))))
        out.append("%s^bb0(%s: f32, %s: f32):" % (ind, acc, x))
        out.append("%s  %s = arith.addf %s, %s : f32" % (ind, s, acc, x))
        out.append("%s  rise.yield %s : f32" % (ind, s))
        out.append("%s}" % ind)
        return r, "f"

    def func(self, name, params, e):
        self.n = 0
        sig, lines, env = [], [], {}
        used = var_names(e)
        for p in params:
            pn, pt = p.split(":")
            if pt == "F":
                sig.append("%%%s: f32" % pn)
                env[pn] = ("%" + pn, "f")
            else:
                t = ("a", 1 if pt == "V" else 2)
                mem = "memref<%sf32>" % ("%dx" % self.size * t[1])
                sig.append("%%%s_m: %s" % (pn, mem))
                # An unused parameter (mxvyrvz's vy) keeps its memref but
                # reads nothing: a rise.in of its own would be a root.
                if pn in used:
                    lines.append("  %%%s = rise.in %%%s_m : %s -> %s"
                                 % (pn, pn, mem, self.ty(t)))
                env[pn] = ("%" + pn, t)
        r, t = self.go(e, env, lines, "  ")
        mem = "memref<f32>" if t == "f" else "memref<%sf32>" % ("%dx" % self.size * t[1])
        sig.append("%%out: %s" % mem)
        lines.append("  rise.out %s, %%out : %s, %s" % (r, self.ty(t), mem))
        return "func.func @%s(%s) {\n%s\n  return\n}\n" % (name, ", ".join(sig), "\n".join(lines))


def var_names(e):
    """The variable names a core expression reads."""
    if e[0] == "var":
        return {e[1]}
    out = set()
    for k in e[1:]:
        if isinstance(k, tuple):
            out |= var_names(k)
    return out


def core(name):
    params, body = DEFS[name]
    counter = [0]

    def fresh(base):
        counter[0] += 1
        return "%s.%d" % (base, counter[0])

    env = {p.split(":")[0]: p.split(":")[0] for p in params}
    return params, elaborate(body, env, fresh)


HEADER = """// GENERATED by test/search/knossos/gen_blas.py from the facts of
// microsoft/knossos-ksc rlo/src/rlo/ksc/blas/*.kso. Do not edit.
// %s
// Every dimension is %d. Each function: its Knossos name, then
//   // knossos-oracle @NAME COST -
// COST: under Knossos' model (costmodel/cost.h, ariCostTermKnossos) as
// `ariadne-astar --lets` reads it, the cheaper of the program and its
// expert form (blas_expert.mlir: lets inlined, every index of a build
// resolved). Search these with --lets.
"""


def astar_costs(tool, path, names):
    """The input cost of each function of path, as `ariadne-astar --lets`
    reads it."""
    res = subprocess.run([tool, "--lets", "--budget", "1", "--no-progress", path],
                         check=True, capture_output=True, text=True).stdout
    costs = {}
    for line in res.splitlines():
        w = line.split()
        if len(w) > 3 and w[0] in names:
            costs[w[0]] = w[2]
    return costs


def main():
    args = sys.argv[1:]
    out_dir, size, tool = HERE, 16, None
    while args:
        a = args.pop(0)
        if a == "--out":
            out_dir = args.pop(0)
        elif a == "--size":
            size = int(args.pop(0))
        elif a == "--oracles-from-astar":
            tool = args.pop(0)
        else:
            raise SystemExit(__doc__)
    os.makedirs(out_dir, exist_ok=True)
    em = Emitter(size)
    names = [n for n, _, _ in TRAIN_DEFS + TEST_ONLY_DEFS]
    train = [n for n, _, _ in TRAIN_DEFS if not HELD_OUT(n)]
    test = [n for n in names if n not in train]
    with open(os.path.join(out_dir, "blas_expert.mlir"), "w") as f:
        f.write(HEADER % ("The expert forms (the oracles' programs).", size))
        for n in names:
            params, e = core(n)
            f.write("\n" + em.func(n, params, expert(e)))
    oracle_file = os.path.join(HERE, "blas_oracles.txt")
    if tool:
        inputs = os.path.join(out_dir, "blas_inputs.tmp.mlir")
        with open(inputs, "w") as f:
            for n in names:
                params, e = core(n)
                f.write("\n" + em.func(n, params, e))
        costs = [astar_costs(tool, os.path.join(out_dir, "blas_expert.mlir"), names),
                 astar_costs(tool, inputs, names)]
        os.remove(inputs)
        oracle_file = os.path.join(out_dir, "blas_oracles.txt")
        with open(oracle_file, "w") as f:
            for n in names:
                f.write("%s %s\n" % (n, costs[0][n] if float(costs[0][n]) <= float(costs[1][n])
                                     else costs[1][n]))
    oracles = dict(l.split() for l in open(oracle_file))
    for fname, what, members in (
            ("blas_train.mlir", "The BLAS training set: blas_train.kso without the GEMM family.", train),
            ("blas_test.mlir", "The BLAS test set: GEMM, its family and blas_test.kso's own programs.", test)):
        with open(os.path.join(out_dir, fname), "w") as f:
            f.write(HEADER % (what, size))
            for n in members:
                params, e = core(n)
                f.write("\n// %s\n// knossos-oracle @%s %s -\n" % (n, n, oracles[n]))
                f.write(em.func(n, params, e))


if __name__ == "__main__":
    main()
