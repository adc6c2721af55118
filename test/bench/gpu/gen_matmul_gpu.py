#!/usr/bin/env python3
"""Generates test/examples/matmul_gpu.mlir: matmul C = A * B (f32) for the
GPU in low-level rise (convert-rise-to-gpu, rise-to-nvvm).

Schedule (the classic shared-memory SGEMM):
  - work-groups of 16x16 work-items, each group computes a 64x64 tile of C
    (mapWorkGroup(1) over 64-row blocks of A, mapWorkGroup(0) over 64-column
    blocks of B);
  - each work-item computes a 4x4 register block (mapLocal(0) over the 16
    column groups, mapLocal(1) over the 16 row groups, by index), held as
    four vector<4xf32> accumulators (a pair of pairs);
  - K is walked in chunks of 16 (reduce seq); per chunk the group stages
    A's 64x16 and B's 16x64 pieces in workgroup memory (to_mem local: the
    lowering shares the copy among the 256 work-items) and every work-item
    accumulates 16 rank-1 updates from them (reduce unroll);
  - barriers come from rise-insert-barriers: one before the compute (the
    tiles are read after being written), one at the end of the chunk loop
    (they are overwritten by the next chunk).
Every C[i][j] is still a left fold over k from 0 (chunks in order, k in
order inside a chunk), so it rounds exactly like the plain-C reference.

The tile written by a work-group is produced column-major and transposed
back through acceptors (join/transpose), so every map writes C directly.

The _rb8 functions use the same schedule with 8x8 register blocks (eight
vector<8xf32> accumulators, a tree of pairs), 128x128 tiles and chunks of
8: half the workgroup-memory reads per multiply-add.

Usage: gen_matmul_gpu.py > test/examples/matmul_gpu.mlir
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from riseemit import W, arr


LOC = 16  # work-items per dimension of a work-group


def ptype(n, vec):
    """The accumulator of n rows: a balanced tree of pairs of vectors."""
    return vec if n == 1 else f"!rise.pair<{ptype(n // 2, vec)}, {ptype(n // 2, vec)}>"


def build(w, ind, vals, vec):
    """rise.pair ops joining vals (a power of two) into one tree value."""
    if len(vals) == 1:
        return vals[0]
    h = len(vals) // 2
    lo, hi = build(w, ind, vals[:h], vec), build(w, ind, vals[h:], vec)
    t = ptype(h, vec)
    v = w.fresh("pr")
    w.emit(f"{v} = rise.pair {lo}, {hi} : {t}, {t} -> {ptype(len(vals), vec)}", ind)
    return v


def leaves(w, ind, v, n, vec):
    """The n vectors of a tree value, in order (rise.fst/rise.snd)."""
    if n == 1:
        return [v]
    out = []
    for f in ("fst", "snd"):
        x = w.fresh("pt")
        w.emit(f"{x} = rise.{f} {v} : {ptype(n, vec)} -> {ptype(n // 2, vec)}", ind)
        out += leaves(w, ind, x, n // 2, vec)
    return out


def func(w, name, m, k, n, gm, gn, RB=4, KC=16):
    """gm x gn work-groups (fewer than tiles: work-group loops); each item
    computes an RB x RB block (RB vectors of RB lanes), K in chunks of KC."""
    TILE = LOC * RB
    VEC = f"vector<{RB}xf32>"
    PV = ptype(RB, VEC)
    mb, nb, kcn = m // TILE, n // TILE, k // KC
    w.emit(f"func.func @{name}(%A: memref<{m}x{k}xf32>, %B: memref<{k}x{n}xf32>, %C: memref<{m}x{n}xf32>) {{", 0)
    i = 1
    w.emit(f"%a = rise.in %A : memref<{m}x{k}xf32> -> {arr(m, k)}", i)
    w.emit(f"%b = rise.in %B : memref<{k}x{n}xf32> -> {arr(k, n)}", i)
    w.emit("%zero = arith.constant 0.0 : f32", i)
    # row blocks of A: mb x 64 x k; column blocks of B: nb x k x 64
    w.emit(f"%arb = rise.split {TILE} %a : {arr(m, k)} -> {arr(mb, TILE, k)}", i)
    w.emit(f"%bsp = rise.map %b : {arr(k, n)} -> {arr(k, nb, TILE)} {{", i)
    w.emit(f"^bb0(%brow: {arr(n)}):", i)
    w.emit(f"%bs = rise.split {TILE} %brow : {arr(n)} -> {arr(nb, TILE)}", i + 1)
    w.emit(f"rise.yield %bs : {arr(nb, TILE)}", i + 1)
    w.emit("}", i)
    w.emit(f"%bcb = rise.transpose %bsp : {arr(k, nb, TILE)} -> {arr(nb, k, TILE)}", i)
    w.emit(f"%ids = rise.generate : {arr(LOC, elem='index')} {{", i)
    w.emit("^bb0(%gi: index):", i)
    w.emit("rise.yield %gi : index", i + 1)
    w.emit("}", i)
    w.emit(f"%res = rise.kernel local [{LOC}, {LOC}] global [{gn * LOC}, {gm * LOC}] : {arr(mb, TILE, n)} {{", i)
    i = 2
    w.emit(f"%wg1 = rise.map workgroup(1) %arb : {arr(mb, TILE, k)} -> {arr(mb, TILE, n)} {{", i)
    w.emit(f"^bb0(%rb: {arr(TILE, k)}):", i)
    i = 3
    # A chunks: kcn x 64 x 16
    w.emit(f"%ras = rise.map %rb : {arr(TILE, k)} -> {arr(TILE, kcn, KC)} {{", i)
    w.emit(f"^bb0(%arow: {arr(k)}):", i)
    w.emit(f"%ac = rise.split {KC} %arow : {arr(k)} -> {arr(kcn, KC)}", i + 1)
    w.emit(f"rise.yield %ac : {arr(kcn, KC)}", i + 1)
    w.emit("}", i)
    w.emit(f"%cha = rise.transpose %ras : {arr(TILE, kcn, KC)} -> {arr(kcn, TILE, KC)}", i)
    w.emit(f"%wg0 = rise.map workgroup(0) %bcb : {arr(nb, k, TILE)} -> {arr(nb, TILE, TILE)} {{", i)
    w.emit(f"^bb0(%cb: {arr(k, TILE)}):", i)
    i = 4
    w.emit(f"%chb = rise.split {KC} %cb : {arr(k, TILE)} -> {arr(kcn, KC, TILE)}", i)
    pch = f"!rise.pair<{arr(TILE, KC)}, {arr(KC, TILE)}>"
    w.emit(f"%chs = rise.zip %cha, %chb : {arr(kcn, TILE, KC)}, {arr(kcn, KC, TILE)} -> {arr(kcn, elem=pch)}", i)
    # local(0) over column groups (outer), local(1) over row groups (inner)
    w.emit(f"%l0 = rise.map local(0) %ids : {arr(LOC, elem='index')} -> {arr(LOC, RB, TILE)} {{", i)
    w.emit("^bb0(%tx: index):", i)
    i = 5
    w.emit(f"%l1 = rise.map local(1) %ids : {arr(LOC, elem='index')} -> {arr(LOC, RB, RB)} {{", i)
    w.emit("^bb0(%ty: index):", i)
    i = 6
    w.emit(f"%vz = rise.vector_from_scalar %zero : f32 -> {VEC}", i)
    init = build(w, i, ["%vz"] * RB, VEC)
    w.emit(f"%s = rise.reduce seq {init}, %chs : {PV}, {arr(kcn, elem=pch)} -> {PV} {{", i)
    w.emit(f"^bb0(%acc: {PV}, %p: {pch}):", i)
    i = 7
    w.emit(f"%pa = rise.fst %p : {pch} -> {arr(TILE, KC)}", i)
    w.emit(f"%pb = rise.snd %p : {pch} -> {arr(KC, TILE)}", i)
    w.emit(f"%ta = rise.to_mem local %pa : {arr(TILE, KC)}", i)
    w.emit(f"%tb = rise.to_mem local %pb : {arr(KC, TILE)}", i)
    # this item's 4 rows of the A tile, k-major: 16 x 4
    w.emit(f"%tas = rise.split {RB} %ta : {arr(TILE, KC)} -> {arr(LOC, RB, KC)}", i)
    w.emit(f"%myA = rise.idx %tas[%ty] : {arr(LOC, RB, KC)} -> {arr(RB, KC)}", i)
    w.emit(f"%myAk = rise.transpose %myA : {arr(RB, KC)} -> {arr(KC, RB)}", i)
    # this item's 4 columns of the B tile, as one vector per k
    w.emit(f"%tbv = rise.map %tb : {arr(KC, TILE)} -> {arr(KC, LOC, elem=VEC)} {{", i)
    w.emit(f"^bb0(%tbrow: {arr(TILE)}):", i)
    w.emit(f"%tv = rise.as_vector {RB} %tbrow : {arr(TILE)} -> {arr(LOC, elem=VEC)}", i + 1)
    w.emit(f"rise.yield %tv : {arr(LOC, elem=VEC)}", i + 1)
    w.emit("}", i)
    w.emit(f"%tbt = rise.transpose %tbv : {arr(KC, LOC, elem=VEC)} -> {arr(LOC, KC, elem=VEC)}", i)
    w.emit(f"%myB = rise.idx %tbt[%tx] : {arr(LOC, KC, elem=VEC)} -> {arr(KC, elem=VEC)}", i)
    arbv = f"!rise.pair<{arr(RB)}, {VEC}>"
    w.emit(f"%kz = rise.zip %myAk, %myB : {arr(KC, RB)}, {arr(KC, elem=VEC)} -> {arr(KC, elem=arbv)}", i)
    w.emit(f"%s2 = rise.reduce unroll %acc, %kz : {PV}, {arr(KC, elem=arbv)} -> {PV} {{", i)
    w.emit(f"^bb0(%acc2: {PV}, %q: {arbv}):", i)
    j = i + 1
    w.emit(f"%a4 = rise.fst %q : {arbv} -> {arr(RB)}", j)
    w.emit(f"%bv = rise.snd %q : {arbv} -> {VEC}", j)
    accs = leaves(w, j, "%acc2", RB, VEC)
    news = []
    for r in range(RB):
        c, ar, br, mm, nv = w.fresh("c"), w.fresh("ar"), w.fresh("br"), w.fresh("m"), w.fresh("nv")
        w.emit(f"{c} = arith.constant {r} : index", j)
        w.emit(f"{ar} = rise.idx %a4[{c}] : {arr(RB)} -> f32", j)
        w.emit(f"{br} = rise.vector_from_scalar {ar} : f32 -> {VEC}", j)
        w.emit(f"{mm} = arith.mulf {br}, %bv : {VEC}", j)
        w.emit(f"{nv} = arith.addf {accs[r]}, {mm} : {VEC}", j)
        news.append(nv)
    r4 = build(w, j, news, VEC)
    w.emit(f"rise.yield {r4} : {PV}", j)
    w.emit("}", i)
    w.emit(f"rise.yield %s2 : {PV}", i)
    i = 6
    w.emit("}", i)
    # the 4 accumulators as a 4x4 block [r][c]
    w.emit(f"%rows = rise.generate : {arr(RB, elem=VEC)} {{", i)
    w.emit("^bb0(%t: index):", i)
    j = i + 1
    vals = leaves(w, j, "%s", RB, VEC)
    sel = vals[RB - 1]
    for r in range(RB - 2, -1, -1):
        c, b, ns = w.fresh("c"), w.fresh("b"), w.fresh("sel")
        w.emit(f"{c} = arith.constant {r} : index", j)
        w.emit(f"{b} = arith.cmpi eq, %t, {c} : index", j)
        w.emit(f"{ns} = arith.select {b}, {vals[r]}, {sel} : {VEC}", j)
        sel = ns
    w.emit(f"rise.yield {sel} : {VEC}", j)
    w.emit("}", i)
    w.emit(f"%flat = rise.as_scalar %rows : {arr(RB, elem=VEC)} -> {arr(RB * RB)}", i)
    w.emit(f"%blk = rise.split {RB} %flat : {arr(RB * RB)} -> {arr(RB, RB)}", i)
    w.emit(f"rise.yield %blk : {arr(RB, RB)}", i)
    i = 5
    w.emit("}", i)
    # [ty][r][c] -> [row][c] -> [c][row]
    w.emit(f"%l1j = rise.join %l1 : {arr(LOC, RB, RB)} -> {arr(TILE, RB)}", i)
    w.emit(f"%l1t = rise.transpose %l1j : {arr(TILE, RB)} -> {arr(RB, TILE)}", i)
    w.emit(f"rise.yield %l1t : {arr(RB, TILE)}", i)
    i = 4
    w.emit("}", i)
    # [tx][c][row] -> [col][row]
    w.emit(f"%l0j = rise.join %l0 : {arr(LOC, RB, TILE)} -> {arr(TILE, TILE)}", i)
    w.emit(f"rise.yield %l0j : {arr(TILE, TILE)}", i)
    i = 3
    w.emit("}", i)
    # [cb][col][row] -> [col][row] -> [row][col]
    w.emit(f"%wj = rise.join %wg0 : {arr(nb, TILE, TILE)} -> {arr(n, TILE)}", i)
    w.emit(f"%wt = rise.transpose %wj : {arr(n, TILE)} -> {arr(TILE, n)}", i)
    w.emit(f"rise.yield %wt : {arr(TILE, n)}", i)
    i = 2
    w.emit("}", i)
    w.emit(f"rise.yield %wg1 : {arr(mb, TILE, n)}", i)
    w.emit("}", 1)
    w.emit(f"%cj = rise.join %res : {arr(mb, TILE, n)} -> {arr(m, n)}", 1)
    w.emit(f"rise.out %cj, %C : {arr(m, n)}, memref<{m}x{n}xf32>", 1)
    w.emit("return", 1)
    w.emit("}", 0)
    w.emit("", 0)


def main():
    w = W()
    doc = __doc__.split("Usage")[0].strip().split("\n")
    doc[0] = "// Matmul C = A * B (f32) for the GPU in low-level rise (convert-rise-to-gpu,"
    doc[1] = "// rise-to-nvvm)."
    print("\n".join(doc[:2] + [("// " + l).rstrip() for l in doc[2:]]))
    print("//")
    print("// Arguments: (%A: m x k, %B: k x n, %C: m x n) -- %C is the output.")
    print("// @matmul_gpu: 4096 x 4096 x 4096, 64 x 64 work-groups (one per tile);")
    print("// @matmul_gpu_small: 128 x 32 x 192 on 2 x 1 work-groups for 3 x 2 tiles")
    print("// (work-group stride loops, one guarded); @matmul_gpu_medium: 64 x 48 x 64;")
    print("// @matmul_gpu_rb8: 4096^3 with 8x8 blocks, 32 x 32 work-groups;")
    print("// @matmul_gpu_rb8_small: 128 x 24 x 256 on 1 x 1 work-group for 1 x 2 tiles.")
    print("// Generated by test/bench/gpu/gen_matmul_gpu.py; do not edit.")
    print()
    func(w, "matmul_gpu", 4096, 4096, 4096, 64, 64)
    func(w, "matmul_gpu_small", 128, 32, 192, 1, 2)
    func(w, "matmul_gpu_medium", 64, 48, 64, 1, 1)
    func(w, "matmul_gpu_rb8", 4096, 4096, 4096, 32, 32, RB=8, KC=8)
    func(w, "matmul_gpu_rb8_small", 128, 24, 256, 1, 1, RB=8, KC=8)
    print("\n".join(w.lines))


main()
