#!/usr/bin/env python3
"""Writes ProgGen's seed programs (test/proggen/seeds/*.mlir): ten rise
programs per domain (image, linear algebra, ML, general), small enough to
measure in milliseconds on a loaded 2-core machine.

    python3 test/proggen/make_seeds.py [--scale K] [--plus P] [OUTDIR]

--scale K multiplies every argument's array dimensions of 16 or more by K
(3x3 weights keep their size; the committed seeds have K = 1):
docs/proggen.md's scaled comparison used K = 4. --plus P then adds P to
each of those dimensions (P a multiple of 4 from 0 to 64, so that
maxpool2's 2x2 windows and gather_stride's 4 chunks still divide their
inputs): with P = 4, no size is a multiple of 8, which tries the tail
handling of every tiling and vectorising rewrite.

The files are committed; this script is how they were written and how to
change them consistently (types are tracked here, so every op's signature
is spelled by one function). Each seed is one func.func @NAME whose last
argument is the output; the seeds test verifies and interprets every one.
"""
import os
import sys

F = "f32"


def flt(x):
    """An MLIR float literal (it needs a digit after the point)."""
    return "%.9e" % float(x)


def arr(n, e):
    return ("arr", n, e)


def pair(a, b):
    return ("pair", a, b)


def ty(t):
    if t == F or t == "index":
        return t
    if t[0] == "pair":
        return "!rise.pair<%s, %s>" % (ty(t[1]), ty(t[2]))
    dims = []
    while isinstance(t, tuple) and t[0] == "arr":
        dims.append(str(t[1]))
        t = t[2]
    return "!rise.array<%sx%s>" % ("x".join(dims), ty(t))


def memref(t):
    dims = []
    while isinstance(t, tuple):
        dims.append(str(t[1]))
        t = t[2]
    return "memref<%sxf32>" % "x".join(dims) if dims else "memref<f32>"


class V:
    def __init__(self, name, t):
        self.n, self.t = name, t


class P:
    """A program under construction: fresh SSA names, indented lines."""

    def __init__(self):
        self.lines, self.ind, self.k = [], 1, 0

    def fresh(self):
        self.k += 1
        return "%%v%d" % self.k

    def emit(self, s):
        self.lines.append("  " * self.ind + s)

    def op(self, text, t):
        n = self.fresh()
        self.emit("%s = %s" % (n, text))
        return V(n, t)

    # scalars
    def c(self, x):
        return self.op("arith.constant %s : f32" % flt(x), F)

    def bin(self, name, a, b):
        return self.op("arith.%s %s, %s : f32" % (name, a.n, b.n), F)

    def add(self, a, b): return self.bin("addf", a, b)
    def sub(self, a, b): return self.bin("subf", a, b)
    def mul(self, a, b): return self.bin("mulf", a, b)
    def div(self, a, b): return self.bin("divf", a, b)
    def max(self, a, b): return self.bin("maximumf", a, b)

    def math(self, name, a):
        return self.op("math.%s %s : f32" % (name, a.n), F)

    # patterns
    def region(self, params, body):
        self.emit("^bb0(%s):" % ", ".join("%s: %s" % (p.n, ty(p.t)) for p in params))
        self.ind += 1
        r = body(*params)
        self.emit("rise.yield %s : %s" % (r.n, ty(r.t)))
        self.ind -= 1
        return r.t

    def map(self, x, f):
        n = self.fresh()
        at = len(self.lines)
        self.ind += 1
        p = V(self.fresh(), x.t[2])
        rt = self.region([p], f)
        self.ind -= 1
        t = arr(x.t[1], rt)
        self.lines.insert(at, "  " * self.ind + "%s = rise.map %s : %s -> %s {" % (n, x.n, ty(x.t), ty(t)))
        self.emit("}")
        return V(n, t)

    def reduce(self, init, x, f):
        n = self.fresh()
        self.emit("%s = rise.reduce %s, %s : %s, %s -> %s {" % (n, init.n, x.n, ty(init.t), ty(x.t), ty(init.t)))
        self.ind += 1
        self.region([V(self.fresh(), init.t), V(self.fresh(), x.t[2])], f)
        self.ind -= 1
        self.emit("}")
        return V(n, init.t)

    def generate(self, n_, f):
        n = self.fresh()
        at = len(self.lines)
        self.ind += 1
        rt = self.region([V(self.fresh(), "index")], f)
        self.ind -= 1
        t = arr(n_, rt)
        self.lines.insert(at, "  " * self.ind + "%s = rise.generate : %s {" % (n, ty(t)))
        self.emit("}")
        return V(n, t)

    def sum(self, x):
        return self.reduce(self.c(0), x, lambda a, v: self.add(a, v))

    def maxr(self, x):
        return self.reduce(self.c(-1e30), x, lambda a, v: self.max(a, v))

    def zip(self, a, b):
        return self.op("rise.zip %s, %s : %s, %s -> %s" % (a.n, b.n, ty(a.t), ty(b.t), ty(arr(a.t[1], pair(a.t[2], b.t[2])))),
                       arr(a.t[1], pair(a.t[2], b.t[2])))

    def fst(self, p): return self.op("rise.fst %s : %s -> %s" % (p.n, ty(p.t), ty(p.t[1])), p.t[1])
    def snd(self, p): return self.op("rise.snd %s : %s -> %s" % (p.n, ty(p.t), ty(p.t[2])), p.t[2])

    def zipwith(self, a, b, f):
        return self.map(self.zip(a, b), lambda p: f(self.fst(p), self.snd(p)))

    def dot(self, a, b):
        return self.sum(self.zipwith(a, b, self.mul))

    def transpose(self, x):
        t = arr(x.t[2][1], arr(x.t[1], x.t[2][2]))
        return self.op("rise.transpose %s : %s -> %s" % (x.n, ty(x.t), ty(t)), t)

    def join(self, x):
        t = arr(x.t[1] * x.t[2][1], x.t[2][2])
        return self.op("rise.join %s : %s -> %s" % (x.n, ty(x.t), ty(t)), t)

    def split(self, k, x):
        t = arr(x.t[1] // k, arr(k, x.t[2]))
        return self.op("rise.split %d %s : %s -> %s" % (k, x.n, ty(x.t), ty(t)), t)

    def slide(self, sz, st, x):
        t = arr((x.t[1] - sz) // st + 1, arr(sz, x.t[2]))
        return self.op("rise.slide %d, %d %s : %s -> %s" % (sz, st, x.n, ty(x.t), ty(t)), t)

    def padclamp(self, l, r, x):
        t = arr(x.t[1] + l + r, x.t[2])
        return self.op("rise.pad_clamp %d, %d %s : %s -> %s" % (l, r, x.n, ty(x.t), ty(t)), t)

    def padcst(self, l, r, x, v):
        t = arr(x.t[1] + l + r, x.t[2])
        return self.op("rise.pad_cst %d, %d %s, %s : %s, %s -> %s" % (l, r, x.n, v.n, ty(x.t), ty(v.t), ty(t)), t)

    def idx(self, x, i):
        return self.op("rise.idx %s[%s] : %s -> %s" % (x.n, i.n, ty(x.t), ty(x.t[2])), x.t[2])

    def cidx(self, k):
        return self.op("arith.constant %d : index" % k, "index")

    def lit(self, vals):
        t = arr(len(vals), F)
        return self.op("rise.literal dense<[%s]> : tensor<%dxf32> -> %s" % (", ".join(flt(v) for v in vals), len(vals), ty(t)), t)

    def lit2(self, rows):
        t = arr(len(rows), arr(len(rows[0]), F))
        body = ", ".join("[%s]" % ", ".join(flt(v) for v in r) for r in rows)
        return self.op("rise.literal dense<[%s]> : tensor<%dx%dxf32> -> %s" % (body, len(rows), len(rows[0]), ty(t)), t)

    # 2-D helpers
    def map2(self, x, f):
        return self.map(x, lambda row: self.map(row, f))

    def slide2(self, sz, x):
        # rows of windows: h' x w' x sz x sz
        rows = self.slide(sz, 1, x)                      # h' x sz x w
        return self.map(rows, lambda band: self.transpose(self.map(band, lambda r: self.slide(sz, 1, r))))

    def pad2clamp(self, k, x):
        return self.padclamp(k, k, self.map(x, lambda r: self.padclamp(k, k, r)))

    def stencil2(self, x, wts, k=3):
        """k x k weighted stencil with clamped borders; same size as x."""
        w = self.join(wts)
        win = self.slide2(k, self.pad2clamp(k // 2, x))
        return self.map2(win, lambda nb: self.dot(self.join(nb), w))


def func(name, args, build):
    """args: list of (name, type) inputs; build(p, *inputs) -> value."""
    p = P()
    ins = []
    for a, t in args:
        if t == F:
            ins.append(V("%" + a, F))
        else:
            ins.append(p.op("rise.in %%%s : %s -> %s" % (a, memref(t), ty(t)), t))
    r = build(p, *ins)
    if r.t == F:
        r = p.generate(1, lambda i: r)
    p.emit("rise.out %s, %%out : %s, %s" % (r.n, ty(r.t), memref(r.t)))
    p.emit("return")
    sig = ", ".join("%%%s: %s" % (a, F if t == F else memref(t)) for a, t in args)
    sig += ", %%out: %s" % memref(r.t)
    return "func.func @%s(%s) {\n%s\n}\n" % (name, sig, "\n".join(p.lines))


SCALE = 1  # array dimensions of 16 or more times this (--scale K)
PLUS = 0   # then plus this (--plus P)


def sc(n): return n * SCALE + PLUS if n >= 16 else n  # filter taps and weights keep their size
def M(h, w): return arr(sc(h), arr(sc(w), F))
def Vn(n): return arr(sc(n), F)


H, W = 48, 64          # images
N = 32                 # matrices
L = 4096               # vectors

BOX = [[1 / 9.0] * 3] * 3
GAUSS = [[0.0625, 0.125, 0.0625], [0.125, 0.25, 0.125], [0.0625, 0.125, 0.0625]]
SOBX = [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]
SOBY = [[-1, -2, -1], [0, 0, 0], [1, 2, 1]]
LAP = [[0, 1, 0], [1, -4, 1], [0, 1, 0]]


def img_blur(p, x): return p.stencil2(x, p.lit2(BOX))
def img_gauss2(p, x): return p.stencil2(p.stencil2(x, p.lit2(GAUSS)), p.lit2(GAUSS))
def img_blur_chain3(p, x):
    return p.stencil2(p.stencil2(p.stencil2(x, p.lit2(BOX)), p.lit2(GAUSS)), p.lit2(BOX))
def img_sobel_mag(p, x):
    gx = p.stencil2(x, p.lit2(SOBX)); gy = p.stencil2(x, p.lit2(SOBY))
    return p.map(p.zip(gx, gy), lambda r: p.zipwith(p.fst(r), p.snd(r), lambda a, b: p.math("sqrt", p.add(p.add(p.mul(a, a), p.mul(b, b)), p.c(1e-6)))))
def img_harris(p, x):
    gx = p.stencil2(x, p.lit2(SOBX)); gy = p.stencil2(x, p.lit2(SOBY))
    def prod(a, b, f): return p.map(p.zip(a, b), lambda r: p.zipwith(p.fst(r), p.snd(r), f))
    sxx = p.stencil2(prod(gx, gx, p.mul), p.lit2(BOX))
    syy = p.stencil2(prod(gy, gy, p.mul), p.lit2(BOX))
    sxy = p.stencil2(prod(gx, gy, p.mul), p.lit2(BOX))
    det = prod(prod(sxx, syy, p.mul), prod(sxy, sxy, p.mul), p.sub)
    tr = prod(sxx, syy, p.add)
    return prod(det, prod(tr, tr, p.mul), lambda d, t: p.sub(d, p.mul(p.c(0.04), t)))
def img_conv_input(p, x, w):
    win = p.slide2(3, x)
    return p.map2(win, lambda nb: p.dot(p.join(nb), p.join(w)))
def img_laplace(p, x): return p.stencil2(x, p.lit2(LAP))
def img_unsharp(p, x):
    b = p.stencil2(x, p.lit2(GAUSS))
    return p.map(p.zip(x, b), lambda r: p.zipwith(p.fst(r), p.snd(r), lambda a, c: p.add(a, p.mul(p.c(0.5), p.sub(a, c)))))
def img_brighten_clamp(p, x):
    return p.map2(x, lambda v: p.max(p.c(0.0), p.sub(p.c(1.0), p.max(p.c(0.0), p.sub(p.c(1.0), p.add(p.mul(p.c(1.2), v), p.c(0.1)))))))
def img_box5(p, x):
    w = p.lit([0.2] * 5)
    pad = p.pad2clamp(2, x)
    rows = p.map(pad, lambda r: p.map(p.slide(5, 1, r), lambda nb: p.dot(nb, w)))   # (H+4) x W
    cols = p.transpose(rows)
    out = p.map(cols, lambda c: p.map(p.slide(5, 1, c), lambda nb: p.dot(nb, w)))    # W x H
    return p.transpose(out)


def la_matmul(p, a, b):
    bt = p.transpose(b)
    return p.map(a, lambda r: p.map(bt, lambda c: p.dot(r, c)))
def la_matmul_t(p, a, bt):
    return p.map(a, lambda r: p.map(bt, lambda c: p.dot(r, c)))
def la_matvec(p, a, x): return p.map(a, lambda r: p.dot(r, x))
def la_matvec_t(p, a, x):
    return p.map(p.transpose(a), lambda c: p.dot(c, x))
def la_axpy(p, alpha, x, y): return p.zipwith(x, y, lambda a, b: p.add(p.mul(alpha, a), b))
def la_gemm(p, alpha, beta, a, b, c):
    ab = la_matmul(p, a, b)
    return p.map(p.zip(ab, c), lambda r: p.zipwith(p.fst(r), p.snd(r), lambda u, v: p.add(p.mul(alpha, u), p.mul(beta, v))))
def la_outer(p, x, y): return p.map(x, lambda a: p.map(y, lambda b: p.mul(a, b)))
def la_dot(p, x, y): return p.dot(x, y)
def la_gemv_ab(p, alpha, beta, a, x, y):
    return p.zipwith(la_matvec(p, a, x), y, lambda u, v: p.add(p.mul(alpha, u), p.mul(beta, v)))
def la_matmul_chain(p, a, b, c): return la_matmul(p, la_matmul(p, a, b), c)


def ml_softmax(p, x):
    def row(r):
        m = p.maxr(r)
        e = p.map(r, lambda v: p.math("exp", p.sub(v, m)))
        s = p.sum(e)
        return p.map(e, lambda v: p.div(v, s))
    return p.map(x, row)
def ml_layernorm(p, x):
    n = x.t[2][1]
    def row(r):
        mu = p.div(p.sum(r), p.c(n))
        var = p.div(p.sum(p.map(r, lambda v: p.mul(p.sub(v, mu), p.sub(v, mu)))), p.c(n))
        inv = p.div(p.c(1.0), p.math("sqrt", p.add(var, p.c(1e-5))))
        return p.map(r, lambda v: p.mul(p.sub(v, mu), inv))
    return p.map(x, row)
def ml_mlp_relu(p, x, w, b):
    h = la_matmul_t(p, x, w)
    return p.map(h, lambda r: p.zipwith(r, b, lambda u, v: p.max(p.c(0.0), p.add(u, v))))
def ml_mlp2(p, x, w1, w2):
    h = p.map2(la_matmul_t(p, x, w1), lambda v: p.max(p.c(0.0), v))
    return la_matmul_t(p, h, w2)
def ml_attn_scores(p, q, k):
    s = la_matmul_t(p, q, k)
    return ml_softmax(p, p.map2(s, lambda v: p.mul(p.c(0.125), v)))
def ml_maxpool(p, x):
    rows = p.split(2, x)
    return p.map(rows, lambda band: p.map(p.split(2, p.transpose(band)), lambda blk: p.maxr(p.join(blk))))
def ml_avgpool3(p, x):
    win = p.slide2(3, x)
    return p.map2(win, lambda nb: p.mul(p.c(1 / 9.0), p.sum(p.join(nb))))
def ml_gelu_tanh(p, x):
    return p.map2(x, lambda v: p.mul(p.mul(p.c(0.5), v), p.add(p.c(1.0), p.math("tanh", p.mul(p.c(0.7978845608), p.add(v, p.mul(p.c(0.044715), p.mul(v, p.mul(v, v)))))))))
def ml_rmsnorm(p, x, g):
    n = x.t[2][1]
    def row(r):
        ms = p.div(p.sum(p.map(r, lambda v: p.mul(v, v))), p.c(n))
        inv = p.div(p.c(1.0), p.math("sqrt", p.add(ms, p.c(1e-5))))
        return p.zipwith(r, g, lambda v, gg: p.mul(p.mul(v, inv), gg))
    return p.map(x, row)
def ml_conv_relu(p, x):
    return p.map2(p.stencil2(x, p.lit2(GAUSS)), lambda v: p.max(p.c(0.0), v))


def gen_sum(p, x): return p.sum(x)
def gen_max(p, x): return p.maxr(x)
def gen_rowsum(p, x): return p.map(x, p.sum)
def gen_colsum(p, x): return p.map(p.transpose(x), p.sum)
def gen_prefix(p, x):
    n = x.t[1]
    # inclusive scan by generate: out[i] = sum of x[j] for j <= i, the mask
    # computed from indices (a quadratic scan, the form rise can express).
    def at(i):
        return p.sum(p.generate(n, lambda j: p.mul(p.idx(x, j), p.op("arith.select %s, %s, %s : f32" % (
            p.op("arith.cmpi ule, %s, %s : index" % (j.n, i.n), "i1").n, p.c(1.0).n, p.c(0.0).n), F))))
    return p.generate(n, at)
def gen_gather_rev(p, x):
    n = x.t[1]
    last = p.cidx(n - 1)
    return p.generate(n, lambda i: p.idx(x, p.op("arith.subi %s, %s : index" % (last.n, i.n), "index")))
def gen_gather_stride(p, x):
    return p.map(p.transpose(p.split(4, x)), p.sum)
def gen_norm2(p, x): return p.math("sqrt", p.dot(x, x))
def gen_histclip(p, x):
    return p.sum(p.map(x, lambda v: p.max(p.c(-0.5), p.sub(p.c(0.0), p.max(p.c(-0.5), p.sub(p.c(0.0), v))))))
def gen_diff_pad(p, x):
    pad = p.padcst(1, 0, x, p.c(0.0))
    return p.map(p.slide(2, 1, pad), lambda w: p.sub(p.idx(w, p.cidx(1)), p.idx(w, p.cidx(0))))


def seeds():
    """The seeds: (domain, name, arguments, builder); sizes read SCALE."""
    return [
        ("image", "blur3x3", [("x", M(H, W))], img_blur),
        ("image", "gauss_twice", [("x", M(H, W))], img_gauss2),
        ("image", "blur_chain3", [("x", M(H, W))], img_blur_chain3),
        ("image", "sobel_mag", [("x", M(H, W))], img_sobel_mag),
        ("image", "harris", [("x", M(H, W))], img_harris),
        ("image", "conv3x3_w", [("x", M(H + 2, W + 2)), ("w", M(3, 3))], img_conv_input),
        ("image", "laplace", [("x", M(H, W))], img_laplace),
        ("image", "unsharp", [("x", M(H, W))], img_unsharp),
        ("image", "brighten_clamp", [("x", M(H, W))], img_brighten_clamp),
        ("image", "box5_separable", [("x", M(H, W))], img_box5),
        ("linalg", "matmul", [("a", M(N, N)), ("b", M(N, N))], la_matmul),
        ("linalg", "matmul_bt", [("a", M(N, 48)), ("bt", M(24, 48))], la_matmul_t),
        ("linalg", "matvec", [("a", M(128, 96)), ("x", Vn(96))], la_matvec),
        ("linalg", "matvec_t", [("a", M(96, 128)), ("x", Vn(96))], la_matvec_t),
        ("linalg", "axpy", [("alpha", F), ("x", Vn(L)), ("y", Vn(L))], la_axpy),
        ("linalg", "gemm_ab", [("alpha", F), ("beta", F), ("a", M(N, N)), ("b", M(N, N)), ("c", M(N, N))], la_gemm),
        ("linalg", "outer", [("x", Vn(96)), ("y", Vn(80))], la_outer),
        ("linalg", "dot", [("x", Vn(L)), ("y", Vn(L))], la_dot),
        ("linalg", "gemv_ab", [("alpha", F), ("beta", F), ("a", M(96, 64)), ("x", Vn(64)), ("y", Vn(96))], la_gemv_ab),
        ("linalg", "matmul_chain", [("a", M(24, 24)), ("b", M(24, 24)), ("c", M(24, 24))], la_matmul_chain),
        ("ml", "softmax", [("x", M(32, 128))], ml_softmax),
        ("ml", "layernorm", [("x", M(32, 128))], ml_layernorm),
        ("ml", "mlp_relu", [("x", M(16, 64)), ("w", M(48, 64)), ("b", Vn(48))], ml_mlp_relu),
        ("ml", "mlp2", [("x", M(16, 32)), ("w1", M(64, 32)), ("w2", M(16, 64))], ml_mlp2),
        ("ml", "attn_scores", [("q", M(24, 32)), ("k", M(24, 32))], ml_attn_scores),
        ("ml", "maxpool2", [("x", M(H, W))], ml_maxpool),
        ("ml", "avgpool3", [("x", M(H, W))], ml_avgpool3),
        ("ml", "gelu", [("x", M(64, 64))], ml_gelu_tanh),
        ("ml", "rmsnorm", [("x", M(32, 128)), ("g", Vn(128))], ml_rmsnorm),
        ("ml", "conv_relu", [("x", M(H, W))], ml_conv_relu),
        ("general", "sum", [("x", Vn(L))], gen_sum),
        ("general", "max", [("x", Vn(L))], gen_max),
        ("general", "rowsum", [("x", M(64, 96))], gen_rowsum),
        ("general", "colsum", [("x", M(64, 96))], gen_colsum),
        ("general", "prefix_sum", [("x", Vn(96))], gen_prefix),
        ("general", "gather_reverse", [("x", Vn(L))], gen_gather_rev),
        ("general", "gather_stride", [("x", Vn(L))], gen_gather_stride),
        ("general", "norm2", [("x", Vn(L))], gen_norm2),
        ("general", "clip_sum", [("x", Vn(L))], gen_histclip),
        ("general", "diff_pad", [("x", Vn(L))], gen_diff_pad),
    ]


def main():
    global SCALE, PLUS
    args = sys.argv[1:]
    usage = "usage: make_seeds.py [--scale K] [--plus P] [OUTDIR]"
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if args[:1] == ["--scale"]:
        if len(args) < 2 or not args[1].isdigit() or int(args[1]) < 1:
            sys.exit("make_seeds.py: --scale needs a positive integer\n" + usage)
        SCALE = int(args[1])
        args = args[2:]
    if args[:1] == ["--plus"]:
        if len(args) < 2 or not args[1].isdigit() or int(args[1]) % 4 or int(args[1]) > 64:
            sys.exit("make_seeds.py: --plus needs a multiple of 4 from 0 to 64\n" + usage)
        PLUS = int(args[1])
        args = args[2:]
    # an option here is a mistake, not a folder to write into
    if len(args) > 1 or (args and args[0].startswith("-")):
        sys.exit("make_seeds.py: unexpected argument '%s'\n%s" % (args[-1], usage))
    out = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")
    os.makedirs(out, exist_ok=True)
    for dom, name, args, build in seeds():
        text = "// ProgGen seed (%s): %s. Written by test/proggen/make_seeds.py.\n\n" % (dom, name)
        text += func(name, args, build)
        with open(os.path.join(out, "%s_%s.mlir" % (dom, name)), "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
