#!/usr/bin/env python3
"""Writes matmul.mlir: the seven versions of TVM's matmul tutorial (as the
RISE thesis takes them, section 5) in low-level rise, each at the benchmark
size (@matmul_vK, 1024) and at a size the interpreter checks (@matmul_vK_small).

    python3 gen_matmul.py > matmul.mlir
    python3 gen_matmul.py --example > ../examples/matmul_fast.mlir

(--example writes v8 alone as @matmul_fast at 1024, 64 and 96: the main
job's embedded matmul.)

Tiles are T x T with T = 32; k is split by 4; vectors are V = 32 lanes
(LLVM legalises vector<32xf32> into AVX-512 or AVX2 registers). v8 goes
beyond TVM's seven: register blocks. Fused multiply-adds are not written
here: run.sh times v7 and v8 a second time lowered with
convert-rise-to-affine{fma=true} (ariadne-run --fma).
Where rise cannot say TVM's loop nest, the nearest rise form is used; see
the comment above each version.
"""
import sys
from riseemit import W, arr

T, V, KS = 32, 32, 4

VEC = f"vector<{V}xf32>"
PS = "!rise.pair<f32, f32>"
PV = f"!rise.pair<f32, {VEC}>"


def header(w, name, n):
    m = f"memref<{n}x{n}xf32>"
    w.emit(f"func.func @{name}(%A: {m}, %B: {m}, %C: {m}) {{", 0)
    w.emit(f"%a = rise.in %A : {m} -> {arr(n, n)}", 1)
    w.emit(f"%b = rise.in %B : {m} -> {arr(n, n)}", 1)
    w.emit("%zero = arith.constant 0.0 : f32", 1)


def footer(w, cval, ctype, n):
    w.emit(f"rise.out {cval}, %C : {ctype}, memref<{n}x{n}xf32>", 1)
    w.emit("return", 1)
    w.emit("}", 0)
    w.emit("", 0)


def scalar_dot(w, ind, arow, bcol, n, split4, unroll):
    """reduce seq over zip(arow, bcol), k optionally split by 4."""
    z = w.fresh("z")
    w.emit(f"{z} = rise.zip {arow}, {bcol} : {arr(n)}, {arr(n)} -> {arr(n, elem=PS)}", ind)
    s = w.fresh("s")
    if not split4:
        w.emit(f"{s} = rise.reduce seq %zero, {z} : f32, {arr(n, elem=PS)} -> f32 {{", ind)
        fma_body(w, ind + 1, "f32", PS)
        w.emit("}", ind)
        return s
    zs = w.fresh("zs")
    w.emit(f"{zs} = rise.split {KS} {z} : {arr(n, elem=PS)} -> {arr(n // KS, KS, elem=PS)}", ind)
    acc, ch = w.fresh("acc"), w.fresh("ch")
    w.emit(f"{s} = rise.reduce seq %zero, {zs} : f32, {arr(n // KS, KS, elem=PS)} -> f32 {{", ind)
    w.emit(f"^bb0({acc}: f32, {ch}: {arr(KS, elem=PS)}):", ind)
    s2 = w.fresh("s")
    kind = "unroll" if unroll else "seq"
    w.emit(f"{s2} = rise.reduce {kind} {acc}, {ch} : f32, {arr(KS, elem=PS)} -> f32 {{", ind + 1)
    fma_body(w, ind + 2, "f32", PS)
    w.emit("}", ind + 1)
    w.emit(f"rise.yield {s2} : f32", ind + 1)
    w.emit("}", ind)
    return s


def fma_body(w, ind, acct, pt, vector=False):
    """(acc, p) -> acc + fst p * snd p (fst broadcast when vector)."""
    acc, p = w.fresh("acc"), w.fresh("p")
    w.emit(f"^bb0({acc}: {acct}, {p}: {pt}):", ind)
    l, r, m, s = w.fresh("l"), w.fresh("r"), w.fresh("m"), w.fresh("s")
    lt, rt = ("f32", VEC) if vector else ("f32", "f32")
    w.emit(f"{l} = rise.fst {p} : {pt} -> {lt}", ind + 1)
    w.emit(f"{r} = rise.snd {p} : {pt} -> {rt}", ind + 1)
    if vector:
        lb = w.fresh("lb")
        w.emit(f"{lb} = rise.vector_from_scalar {l} : f32 -> {VEC}", ind + 1)
        l = lb
    w.emit(f"{m} = arith.mulf {l}, {r} : {acct}", ind + 1)
    w.emit(f"{s} = arith.addf {acc}, {m} : {acct}", ind + 1)
    w.emit(f"rise.yield {s} : {acct}", ind + 1)


def vector_dot(w, ind, arow, bcolv, n, unroll):
    """sum_k broadcast(arow[k]) * bcolv[k] over vectors, k split by 4."""
    z = w.fresh("z")
    w.emit(f"{z} = rise.zip {arow}, {bcolv} : {arr(n)}, {arr(n, elem=VEC)} -> {arr(n, elem=PV)}", ind)
    zs = w.fresh("zs")
    w.emit(f"{zs} = rise.split {KS} {z} : {arr(n, elem=PV)} -> {arr(n // KS, KS, elem=PV)}", ind)
    vz = w.fresh("vz")
    w.emit(f"{vz} = rise.vector_from_scalar %zero : f32 -> {VEC}", ind)
    s, acc, ch = w.fresh("s"), w.fresh("acc"), w.fresh("ch")
    w.emit(f"{s} = rise.reduce seq {vz}, {zs} : {VEC}, {arr(n // KS, KS, elem=PV)} -> {VEC} {{", ind)
    w.emit(f"^bb0({acc}: {VEC}, {ch}: {arr(KS, elem=PV)}):", ind)
    s2 = w.fresh("s")
    kind = "unroll" if unroll else "seq"
    w.emit(f"{s2} = rise.reduce {kind} {acc}, {ch} : {VEC}, {arr(KS, elem=PV)} -> {VEC} {{", ind + 1)
    fma_body(w, ind + 2, VEC, PV, vector=True)
    w.emit("}", ind + 1)
    w.emit(f"rise.yield {s2} : {VEC}", ind + 1)
    w.emit("}", ind)
    return s


def v1(w, name, n):
    """1 baseline: for i, for j, for k (B read through a transpose view)."""
    header(w, name, n)
    w.emit(f"%bt = rise.transpose %b : {arr(n, n)} -> {arr(n, n)}", 1)
    w.emit(f"%c = rise.map seq %a : {arr(n, n)} -> {arr(n, n)} {{", 1)
    w.emit(f"^bb0(%arow: {arr(n)}):", 1)
    w.emit(f"%row = rise.map seq %bt : {arr(n, n)} -> {arr(n)} {{", 2)
    w.emit(f"^bb0(%bcol: {arr(n)}):", 2)
    s = scalar_dot(w, 3, "%arow", "%bcol", n, False, False)
    w.emit(f"rise.yield {s} : f32", 3)
    w.emit("}", 2)
    w.emit(f"rise.yield %row : {arr(n)}", 2)
    w.emit("}", 1)
    footer(w, "%c", arr(n, n), n)


def tiles_out(w, tiles, n, vector, par=False):
    """tiles[it][jt][ii] (a T-row, scalars or one vector) -> C[it*T+ii][jt*T..].
    par: the copy into C is a map par over row bands (written in place
    through the join's acceptor, so it runs on all threads)."""
    nt = n // T
    band_t = arr(nt, T, elem=VEC) if vector else arr(nt, T, T)
    bandT_t = arr(T, nt, elem=VEC) if vector else arr(T, nt, T)
    pieces_t = arr(nt, elem=VEC) if vector else arr(nt, T)
    bk = " par" if par else ""
    w.emit(f"%bands = rise.map{bk} {tiles} : {arr(nt, nt, T, elem=VEC) if vector else arr(nt, nt, T, T)} -> {arr(nt, T, n)} {{", 1)
    w.emit(f"^bb0(%band: {band_t}):", 1)
    w.emit(f"%bandt = rise.transpose %band : {band_t} -> {bandT_t}", 2)
    w.emit(f"%lines = rise.map %bandt : {bandT_t} -> {arr(T, n)} {{", 2)
    w.emit(f"^bb0(%pieces: {pieces_t}):", 2)
    if vector:
        w.emit(f"%line = rise.as_scalar %pieces : {pieces_t} -> {arr(n)}", 3)
    else:
        w.emit(f"%line = rise.join %pieces : {pieces_t} -> {arr(n)}", 3)
    w.emit(f"rise.yield %line : {arr(n)}", 3)
    w.emit("}", 2)
    w.emit(f"rise.yield %lines : {arr(T, n)}", 2)
    w.emit("}", 1)
    w.emit(f"%c = rise.join %bands : {arr(nt, T, n)} -> {arr(n, n)}", 1)


def v2(w, name, n):
    """2 blocking: 32x32 tiles of C, k split by 4 (loops it, jt, ii, jj, ko, ki).
    TVM also hoists ko/ki above ii/jj; a rise reduction cannot carry a whole
    tile as its accumulator here (scalars, vectors or pairs only), so the
    split reduction stays innermost."""
    nt = n // T
    header(w, name, n)
    w.emit(f"%bt = rise.transpose %b : {arr(n, n)} -> {arr(n, n)}", 1)
    w.emit(f"%ablk = rise.split {T} %a : {arr(n, n)} -> {arr(nt, T, n)}", 1)
    w.emit(f"%bblk = rise.split {T} %bt : {arr(n, n)} -> {arr(nt, T, n)}", 1)
    w.emit(f"%tiles = rise.map seq %ablk : {arr(nt, T, n)} -> {arr(nt, nt, T, T)} {{", 1)
    w.emit(f"^bb0(%arows: {arr(T, n)}):", 1)
    w.emit(f"%trow = rise.map seq %bblk : {arr(nt, T, n)} -> {arr(nt, T, T)} {{", 2)
    w.emit(f"^bb0(%bcols: {arr(T, n)}):", 2)
    w.emit(f"%tile = rise.map seq %arows : {arr(T, n)} -> {arr(T, T)} {{", 3)
    w.emit(f"^bb0(%arow: {arr(n)}):", 3)
    w.emit(f"%tline = rise.map seq %bcols : {arr(T, n)} -> {arr(T)} {{", 4)
    w.emit(f"^bb0(%bcol: {arr(n)}):", 4)
    s = scalar_dot(w, 5, "%arow", "%bcol", n, True, False)
    w.emit(f"rise.yield {s} : f32", 5)
    w.emit("}", 4)
    w.emit(f"rise.yield %tline : {arr(T)}", 4)
    w.emit("}", 3)
    w.emit(f"rise.yield %tile : {arr(T, T)}", 3)
    w.emit("}", 2)
    w.emit(f"rise.yield %trow : {arr(nt, T, T)}", 2)
    w.emit("}", 1)
    tiles_out(w, "%tiles", n, False)
    footer(w, "%c", arr(n, n), n)


def b_panels(w, n, pack, par=False):
    """%bp : (n/T) x n x <V>f32, panel jt = B[k][jt*T .. jt*T+T] over k.
    Without packing a view of B (stride n between k); with packing a copy
    made by to_mem global in which each panel is contiguous, stored as
    vectors so that every read of the kernel is one vector load; par: the
    copy is a map par over B's rows (written through the transpose)."""
    nt = n // T
    bk = " par" if par else ""
    w.emit(f"%bkv = rise.map{bk} %b : {arr(n, n)} -> {arr(n, nt, elem=VEC)} {{", 1)
    w.emit(f"^bb0(%brow: {arr(n)}):", 1)
    w.emit(f"%bvr = rise.as_vector {V} %brow : {arr(n)} -> {arr(nt, elem=VEC)}", 2)
    w.emit(f"rise.yield %bvr : {arr(nt, elem=VEC)}", 2)
    w.emit("}", 1)
    if not pack:
        w.emit(f"%bp = rise.transpose %bkv : {arr(n, nt, elem=VEC)} -> {arr(nt, n, elem=VEC)}", 1)
        return
    w.emit(f"%bpan = rise.transpose %bkv : {arr(n, nt, elem=VEC)} -> {arr(nt, n, elem=VEC)}", 1)
    w.emit(f"%bp = rise.to_mem global %bpan : {arr(nt, n, elem=VEC)}", 1)


RB = 4  # rows of a register block (v8)
P2V = f"!rise.pair<{VEC}, {VEC}>"
P4V = f"!rise.pair<{P2V}, {P2V}>"
ARBV = f"!rise.pair<!rise.array<{RB}xf32>, {VEC}>"


def block_dot(w, ind, group, bpanel, n):
    """RB rows at once: RB vector accumulators (a pair of pairs) over k, k
    split by 4 and the inner 4 unrolled; each accumulator still adds
    a[r][k] * b[k] in k order, so it rounds as vector_dot."""
    gt, z, zs = w.fresh("gt"), w.fresh("z"), w.fresh("zs")
    w.emit(f"{gt} = rise.transpose {group} : {arr(RB, n)} -> {arr(n, RB)}", ind)
    w.emit(f"{z} = rise.zip {gt}, {bpanel} : {arr(n, RB)}, {arr(n, elem=VEC)} -> {arr(n, elem=ARBV)}", ind)
    w.emit(f"{zs} = rise.split {KS} {z} : {arr(n, elem=ARBV)} -> {arr(n // KS, KS, elem=ARBV)}", ind)
    vz, h, i4 = w.fresh("vz"), w.fresh("h"), w.fresh("i4")
    w.emit(f"{vz} = rise.vector_from_scalar %zero : f32 -> {VEC}", ind)
    w.emit(f"{h} = rise.pair {vz}, {vz} : {VEC}, {VEC} -> {P2V}", ind)
    w.emit(f"{i4} = rise.pair {h}, {h} : {P2V}, {P2V} -> {P4V}", ind)
    s, acc, ch = w.fresh("s"), w.fresh("acc"), w.fresh("ch")
    w.emit(f"{s} = rise.reduce seq {i4}, {zs} : {P4V}, {arr(n // KS, KS, elem=ARBV)} -> {P4V} {{", ind)
    w.emit(f"^bb0({acc}: {P4V}, {ch}: {arr(KS, elem=ARBV)}):", ind)
    s2, acc2, p = w.fresh("s"), w.fresh("acc"), w.fresh("p")
    w.emit(f"{s2} = rise.reduce unroll {acc}, {ch} : {P4V}, {arr(KS, elem=ARBV)} -> {P4V} {{", ind + 1)
    w.emit(f"^bb0({acc2}: {P4V}, {p}: {ARBV}):", ind + 1)
    j = ind + 2
    a4, bv = w.fresh("a4"), w.fresh("bv")
    w.emit(f"{a4} = rise.fst {p} : {ARBV} -> !rise.array<{RB}xf32>", j)
    w.emit(f"{bv} = rise.snd {p} : {ARBV} -> {VEC}", j)
    lo, hi = w.fresh("lo"), w.fresh("hi")
    w.emit(f"{lo} = rise.fst {acc2} : {P4V} -> {P2V}", j)
    w.emit(f"{hi} = rise.snd {acc2} : {P4V} -> {P2V}", j)
    accs = []
    for half in (lo, hi):
        for f in ("fst", "snd"):
            v = w.fresh("ac")
            w.emit(f"{v} = rise.{f} {half} : {P2V} -> {VEC}", j)
            accs.append(v)
    news = []
    for r in range(RB):
        c, ar, br, m, nv = w.fresh("c"), w.fresh("ar"), w.fresh("br"), w.fresh("m"), w.fresh("nv")
        w.emit(f"{c} = arith.constant {r} : index", j)
        w.emit(f"{ar} = rise.idx {a4}[{c}] : !rise.array<{RB}xf32> -> f32", j)
        w.emit(f"{br} = rise.vector_from_scalar {ar} : f32 -> {VEC}", j)
        w.emit(f"{m} = arith.mulf {br}, {bv} : {VEC}", j)
        w.emit(f"{nv} = arith.addf {accs[r]}, {m} : {VEC}", j)
        news.append(nv)
    l2, h2, r4 = w.fresh("l2"), w.fresh("h2"), w.fresh("r4")
    w.emit(f"{l2} = rise.pair {news[0]}, {news[1]} : {VEC}, {VEC} -> {P2V}", j)
    w.emit(f"{h2} = rise.pair {news[2]}, {news[3]} : {VEC}, {VEC} -> {P2V}", j)
    w.emit(f"{r4} = rise.pair {l2}, {h2} : {P2V}, {P2V} -> {P4V}", j)
    w.emit(f"rise.yield {r4} : {P4V}", j)
    w.emit("}", ind + 1)
    w.emit(f"rise.yield {s2} : {P4V}", ind + 1)
    w.emit("}", ind)
    # the RB accumulators as an array of RB vectors
    rows = w.fresh("rows")
    w.emit(f"{rows} = rise.generate : {arr(RB, elem=VEC)} {{", ind)
    t = w.fresh("t")
    w.emit(f"^bb0({t}: index):", ind)
    j = ind + 1
    lo, hi = w.fresh("lo"), w.fresh("hi")
    w.emit(f"{lo} = rise.fst {s} : {P4V} -> {P2V}", j)
    w.emit(f"{hi} = rise.snd {s} : {P4V} -> {P2V}", j)
    vals = []
    for half in (lo, hi):
        for f in ("fst", "snd"):
            v = w.fresh("q")
            w.emit(f"{v} = rise.{f} {half} : {P2V} -> {VEC}", j)
            vals.append(v)
    sel = vals[RB - 1]
    for r in range(RB - 2, -1, -1):
        c, b, ns = w.fresh("c"), w.fresh("b"), w.fresh("sel")
        w.emit(f"{c} = arith.constant {r} : index", j)
        w.emit(f"{b} = arith.cmpi eq, {t}, {c} : index", j)
        w.emit(f"{ns} = arith.select {b}, {vals[r]}, {sel} : {VEC}", j)
        sel = ns
    w.emit(f"rise.yield {sel} : {VEC}", j)
    w.emit("}", ind)
    return rows


def vector_version(w, name, n, jt_outer=False, pack=False, cache=False, par=False, rb=False):
    """3..8: each output row piece C[i][jt*T .. +T] is one vector accumulator
    over k (split by 4), B read as vectors of 32 lanes; rb: RB rows at once."""
    nt = n // T
    header(w, name, n)
    b_panels(w, n, pack, par)
    w.emit(f"%ablk = rise.split {T} %a : {arr(n, n)} -> {arr(nt, T, n)}", 1)
    outer = "par" if par else "seq"
    tile_t = arr(T, elem=VEC)

    def tile_body(ind, arows, bpanel):
        tv = w.fresh("tile")
        if rb:
            grp, t4 = w.fresh("grp"), w.fresh("t4")
            w.emit(f"{grp} = rise.split {RB} {arows} : {arr(T, n)} -> {arr(T // RB, RB, n)}", ind)
            w.emit(f"{t4} = rise.map seq {grp} : {arr(T // RB, RB, n)} -> {arr(T // RB, RB, elem=VEC)} {{", ind)
            g = w.fresh("g")
            w.emit(f"^bb0({g}: {arr(RB, n)}):", ind)
            rows = block_dot(w, ind + 1, g, bpanel, n)
            w.emit(f"rise.yield {rows} : {arr(RB, elem=VEC)}", ind + 1)
            w.emit("}", ind)
            w.emit(f"{tv} = rise.join {t4} : {arr(T // RB, RB, elem=VEC)} -> {tile_t}", ind)
        else:
            w.emit(f"{tv} = rise.map seq {arows} : {arr(T, n)} -> {tile_t} {{", ind)
            w.emit(f"^bb0(%arow: {arr(n)}):", ind)
            s = vector_dot(w, ind + 1, "%arow", bpanel, n, unroll=cache)
            w.emit(f"rise.yield {s} : {VEC}", ind + 1)
            w.emit("}", ind)
        if cache:
            pt = w.fresh("ptile")
            w.emit(f"{pt} = rise.to_mem private {tv} : {tile_t}", ind)
            tv = pt
        return tv

    if not jt_outer:
        w.emit(f"%tiles = rise.map {outer} %ablk : {arr(nt, T, n)} -> {arr(nt, nt, T, elem=VEC)} {{", 1)
        w.emit(f"^bb0(%arows: {arr(T, n)}):", 1)
        w.emit(f"%trow = rise.map seq %bp : {arr(nt, n, elem=VEC)} -> {arr(nt, T, elem=VEC)} {{", 2)
        w.emit(f"^bb0(%bpanel: {arr(n, elem=VEC)}):", 2)
        tv = tile_body(3, "%arows", "%bpanel")
        w.emit(f"rise.yield {tv} : {tile_t}", 3)
        w.emit("}", 2)
        w.emit(f"rise.yield %trow : {arr(nt, T, elem=VEC)}", 2)
        w.emit("}", 1)
        tiles_out(w, "%tiles", n, True)
    else:
        # column panel outermost: tiles come out as [jt][it][ii]
        w.emit(f"%tilesT = rise.map {outer} %bp : {arr(nt, n, elem=VEC)} -> {arr(nt, nt, T, elem=VEC)} {{", 1)
        w.emit(f"^bb0(%bpanel: {arr(n, elem=VEC)}):", 1)
        w.emit(f"%tcol = rise.map seq %ablk : {arr(nt, T, n)} -> {arr(nt, T, elem=VEC)} {{", 2)
        w.emit(f"^bb0(%arows: {arr(T, n)}):", 2)
        tv = tile_body(3, "%arows", "%bpanel")
        w.emit(f"rise.yield {tv} : {tile_t}", 3)
        w.emit("}", 2)
        w.emit(f"rise.yield %tcol : {arr(nt, T, elem=VEC)}", 2)
        w.emit("}", 1)
        if cache and not par:
            # the tiles are written once into a buffer: read lazily through
            # the output's transposes, a to_mem tile would be recomputed per
            # row (a map par result is materialised like this anyway)
            w.emit(f"%tilesM = rise.to_mem global %tilesT : {arr(nt, nt, T, elem=VEC)}", 1)
            w.emit(f"%tiles = rise.transpose %tilesM : {arr(nt, nt, T, elem=VEC)} -> {arr(nt, nt, T, elem=VEC)}", 1)
            tiles_out(w, "%tiles", n, True)
            footer(w, "%c", arr(n, n), n)
            return
        w.emit(f"%tiles = rise.transpose %tilesT : {arr(nt, nt, T, elem=VEC)} -> {arr(nt, nt, T, elem=VEC)}", 1)
        tiles_out(w, "%tiles", n, True, par)
    footer(w, "%c", arr(n, n), n)


VERSIONS = [
    ("v1", "baseline: three loops i, j, k", v1),
    ("v2", "blocking: 32x32 tiles, k split by 4", v2),
    ("v3", "vectorisation: the 32 j of a tile row are one vector<32xf32>",
     lambda w, nm, n: vector_version(w, nm, n)),
    ("v4", "loop permutation: column panel jt outermost, then it, ii, k",
     lambda w, nm, n: vector_version(w, nm, n, jt_outer=True)),
    ("v5", "array packing: B's 32-column panels copied contiguously (to_mem global)",
     lambda w, nm, n: vector_version(w, nm, n, jt_outer=True, pack=True)),
    ("v6", "cache blocks: tile in private memory, inner reduction over 4 unrolled",
     lambda w, nm, n: vector_version(w, nm, n, jt_outer=True, pack=True, cache=True)),
    ("v7", "parallel: outermost map par",
     lambda w, nm, n: vector_version(w, nm, n, jt_outer=True, pack=True, cache=True, par=True)),
    ("v8", "beyond TVM's seven: v7 with register blocks of 4 rows x 32 columns (8 accumulators)",
     lambda w, nm, n: vector_version(w, nm, n, jt_outer=True, pack=True, cache=True, par=True, rb=True)),
]


def example():
    w = W()
    for line in (
        "// Matrix-matrix product, the fastest hand-written version of",
        "// test/bench/matmul.mlir (v8: TVM's seven steps plus register blocks of",
        "// 4 rows x 32 columns): C[i][j] = sum_k A[i][k] * B[k][j], each k-loop a",
        "// left fold from 0, so the result is exactly @matmul's. The main job",
        "// (build/bin/ariadne) compiles @matmul_fast and times it next to plain C",
        "// and OpenBLAS.",
        "//",
        "// Arguments: (%A: n x n, %B: n x n, %C: n x n) -- %C is the output.",
        "// @matmul_fast: n = 1024; @matmul_fast_small: n = 64; @matmul_fast_medium: n = 96.",
        "// Generated by test/bench/gen_matmul.py --example; do not edit.",
        "",
    ):
        w.emit(line, 0)
    v8 = VERSIONS[-1][2]
    for name, n in (("matmul_fast", 1024), ("matmul_fast_small", 64), ("matmul_fast_medium", 96)):
        v8(w, name, n)
    sys.stdout.write("\n".join(w.lines))


def main():
    if sys.argv[1:] == ["--example"]:
        example()
        return
    big = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    small = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    w = W()
    w.emit("// Generated by test/bench/gen_matmul.py; do not edit.", 0)
    w.emit(f"// matmul C = A B, f32, {big}x{big} (@matmul_vK) and {small}x{small} (@matmul_vK_small).", 0)
    w.emit("", 0)
    for tag, desc, fn in VERSIONS:
        for suffix, n in (("", big), ("_small", small)):
            w.emit(f"// {tag} {desc}", 0)
            fn(w, f"matmul_{tag}{suffix}", n)
    sys.stdout.write("\n".join(w.lines))


if __name__ == "__main__":
    main()
