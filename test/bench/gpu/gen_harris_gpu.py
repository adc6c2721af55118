#!/usr/bin/env python3
"""Generates test/examples/harris_gpu.mlir: Harris corner detection for the
GPU in low-level rise, the same computation as test/examples/harris.mlir
(same operations in the same order, so the same roundings).

Schedule: work-groups of LX x LY work-items; each group computes a TH x TW
tile of the response (mapWorkGroup(1) over row bands, mapWorkGroup(0) over
column tiles). Per tile the group stages, in workgroup memory:
  - the grayscale of its (TH+4) x (TW+4) input window (to_mem local),
  - Ix and Iy of the (TH+2) x (TW+2) window (to_mem local, two buffers),
each write shared among the group's work-items by the lowering; then every
work-item computes pixels (mapLocal(0) over columns, mapLocal(1) over rows,
by index) from the 3x3 windows of Ix and Iy: Sxx, Sxy, Syy and the response.
Barriers (rise-insert-barriers): after each staged buffer, and at the end of
the tile loop when a group handles more than one tile.

Tiles are produced column-major ([col][row]) and transposed back through
acceptors (join/transpose), so the response is written directly.

Usage: gen_harris_gpu.py > test/examples/harris_gpu.mlir
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from riseemit import W, arr


PF = "!rise.pair<f32, f32>"


def dot_zip(w, ind, name, a, b, n, zero="%zero"):
    """name = left fold from zero of a[i]*b[i] (zip, map mul, reduce add)."""
    w.emit(f"{name}_z = rise.zip {a}, {b} : {arr(n)}, {arr(n)} -> {arr(n, elem=PF)}", ind)
    w.emit(f"{name}_p = rise.map {name}_z : {arr(n, elem=PF)} -> {arr(n)} {{", ind)
    w.emit(f"^bb0({name}_e: {PF}):", ind)
    w.emit(f"{name}_l = rise.fst {name}_e : {PF} -> f32", ind + 1)
    w.emit(f"{name}_r = rise.snd {name}_e : {PF} -> f32", ind + 1)
    w.emit(f"{name}_m = arith.mulf {name}_l, {name}_r : f32", ind + 1)
    w.emit(f"rise.yield {name}_m : f32", ind + 1)
    w.emit("}", ind)
    w.emit(f"{name} = rise.reduce {zero}, {name}_p : f32, {arr(n)} -> f32 {{", ind)
    w.emit(f"^bb0({name}_a: f32, {name}_v: f32):", ind)
    w.emit(f"{name}_s = arith.addf {name}_a, {name}_v : f32", ind + 1)
    w.emit(f"rise.yield {name}_s : f32", ind + 1)
    w.emit("}", ind)


def windows(w, ind, name, src, rows, cols):
    """3x3 windows of a rows x cols array: (rows-2) x (cols-2) x 3 x 3."""
    w.emit(f"{name}_r = rise.map {src} : {arr(rows, cols)} -> {arr(rows, cols - 2, 3)} {{", ind)
    w.emit(f"^bb0({name}_row: {arr(cols)}):", ind)
    w.emit(f"{name}_w = rise.slide 3, 1 {name}_row : {arr(cols)} -> {arr(cols - 2, 3)}", ind + 1)
    w.emit(f"rise.yield {name}_w : {arr(cols - 2, 3)}", ind + 1)
    w.emit("}", ind)
    w.emit(f"{name}_c = rise.slide 3, 1 {name}_r : {arr(rows, cols - 2, 3)} -> {arr(rows - 2, 3, cols - 2, 3)}", ind)
    w.emit(f"{name} = rise.map {name}_c : {arr(rows - 2, 3, cols - 2, 3)} -> {arr(rows - 2, cols - 2, 3, 3)} {{", ind)
    w.emit(f"^bb0({name}_b: {arr(3, cols - 2, 3)}):", ind)
    w.emit(f"{name}_t = rise.transpose {name}_b : {arr(3, cols - 2, 3)} -> {arr(cols - 2, 3, 3)}", ind + 1)
    w.emit(f"rise.yield {name}_t : {arr(cols - 2, 3, 3)}", ind + 1)
    w.emit("}", ind)


def conv(w, ind, name, nbh, rows, cols, wts):
    """rows x cols: sum of the 9 products with wts (row-major), from 0."""
    w.emit(f"{name} = rise.map {nbh} : {arr(rows, cols, 3, 3)} -> {arr(rows, cols)} {{", ind)
    w.emit(f"^bb0({name}_line: {arr(cols, 3, 3)}):", ind)
    w.emit(f"{name}_in = rise.map {name}_line : {arr(cols, 3, 3)} -> {arr(cols)} {{", ind + 1)
    w.emit(f"^bb0({name}_nb: {arr(3, 3)}):", ind + 1)
    w.emit(f"{name}_f = rise.join {name}_nb : {arr(3, 3)} -> {arr(9)}", ind + 2)
    dot_zip(w, ind + 2, f"{name}_d", wts, f"{name}_f", 9)
    w.emit(f"rise.yield {name}_d : f32", ind + 2)
    w.emit("}", ind + 1)
    w.emit(f"rise.yield {name}_in : {arr(cols)}", ind + 1)
    w.emit("}", ind)


def func(w, name, h, wd, th, tw, lx, ly, gx, gy):
    H, Wd = h + 4, wd + 4
    nb, nc = h // th, wd // tw
    h4, w4, h2, w2 = th + 4, tw + 4, th + 2, tw + 2
    w.emit(f"func.func @{name}(%in: memref<3x{H}x{Wd}xf32>, %out: memref<{h}x{wd}xf32>) {{", 0)
    i = 1
    w.emit(f"%rgb = rise.in %in : memref<3x{H}x{Wd}xf32> -> {arr(3, H, Wd)}", i)
    w.emit("%zero = arith.constant 0.0 : f32", i)
    w.emit("%kappa = arith.constant 0.04 : f32", i)
    w.emit(f"%gw = rise.literal dense<[0.299, 0.587, 0.114]> : tensor<3xf32> -> {arr(3)}", i)
    w.emit("%sx = rise.literal dense<[[-0.0833333358, 0.0, 0.0833333358], [-0.166666672, 0.0, 0.166666672], "
           f"[-0.0833333358, 0.0, 0.0833333358]]> : tensor<3x3xf32> -> {arr(3, 3)}", i)
    w.emit("%sy = rise.literal dense<[[-0.0833333358, -0.166666672, -0.0833333358], [0.0, 0.0, 0.0], "
           f"[0.0833333358, 0.166666672, 0.0833333358]]> : tensor<3x3xf32> -> {arr(3, 3)}", i)
    w.emit(f"%sxf = rise.join %sx : {arr(3, 3)} -> {arr(9)}", i)
    w.emit(f"%syf = rise.join %sy : {arr(3, 3)} -> {arr(9)}", i)
    for nm, n in (("%rids", th), ("%cids", tw)):
        w.emit(f"{nm} = rise.generate : {arr(n, elem='index')} {{", i)
        w.emit(f"^bb0({nm}_i: index):", i)
        w.emit(f"rise.yield {nm}_i : index", i + 1)
        w.emit("}", i)
    # row bands: nb x 3 x h4 x Wd
    w.emit(f"%bands = rise.map %rgb : {arr(3, H, Wd)} -> {arr(3, nb, h4, Wd)} {{", i)
    w.emit(f"^bb0(%ch: {arr(H, Wd)}):", i)
    w.emit(f"%chs = rise.slide {h4}, {th} %ch : {arr(H, Wd)} -> {arr(nb, h4, Wd)}", i + 1)
    w.emit(f"rise.yield %chs : {arr(nb, h4, Wd)}", i + 1)
    w.emit("}", i)
    w.emit(f"%bandt = rise.transpose %bands : {arr(3, nb, h4, Wd)} -> {arr(nb, 3, h4, Wd)}", i)
    w.emit(f"%res = rise.kernel local [{lx}, {ly}] global [{gx * lx}, {gy * ly}] : {arr(nb, th, wd)} {{", i)
    i = 2
    w.emit(f"%wg1 = rise.map workgroup(1) %bandt : {arr(nb, 3, h4, Wd)} -> {arr(nb, th, wd)} {{", i)
    w.emit(f"^bb0(%band: {arr(3, h4, Wd)}):", i)
    i = 3
    # column tiles: nc x 3 x h4 x w4
    w.emit(f"%cw = rise.map %band : {arr(3, h4, Wd)} -> {arr(3, nc, h4, w4)} {{", i)
    w.emit(f"^bb0(%cch: {arr(h4, Wd)}):", i)
    w.emit(f"%crow = rise.map %cch : {arr(h4, Wd)} -> {arr(h4, nc, w4)} {{", i + 1)
    w.emit(f"^bb0(%rr: {arr(Wd)}):", i + 1)
    w.emit(f"%rs = rise.slide {w4}, {tw} %rr : {arr(Wd)} -> {arr(nc, w4)}", i + 2)
    w.emit(f"rise.yield %rs : {arr(nc, w4)}", i + 2)
    w.emit("}", i + 1)
    w.emit(f"%crt = rise.transpose %crow : {arr(h4, nc, w4)} -> {arr(nc, h4, w4)}", i + 1)
    w.emit(f"rise.yield %crt : {arr(nc, h4, w4)}", i + 1)
    w.emit("}", i)
    w.emit(f"%tiles = rise.transpose %cw : {arr(3, nc, h4, w4)} -> {arr(nc, 3, h4, w4)}", i)
    w.emit(f"%wg0 = rise.map workgroup(0) %tiles : {arr(nc, 3, h4, w4)} -> {arr(nc, tw, th)} {{", i)
    w.emit(f"^bb0(%tile: {arr(3, h4, w4)}):", i)
    i = 4
    # grayscale of the window
    w.emit(f"%tt = rise.transpose %tile : {arr(3, h4, w4)} -> {arr(h4, 3, w4)}", i)
    w.emit(f"%pix = rise.map %tt : {arr(h4, 3, w4)} -> {arr(h4, w4, 3)} {{", i)
    w.emit(f"^bb0(%cl: {arr(3, w4)}):", i)
    w.emit(f"%clt = rise.transpose %cl : {arr(3, w4)} -> {arr(w4, 3)}", i + 1)
    w.emit(f"rise.yield %clt : {arr(w4, 3)}", i + 1)
    w.emit("}", i)
    w.emit(f"%gray = rise.map %pix : {arr(h4, w4, 3)} -> {arr(h4, w4)} {{", i)
    w.emit(f"^bb0(%gline: {arr(w4, 3)}):", i)
    w.emit(f"%gin = rise.map %gline : {arr(w4, 3)} -> {arr(w4)} {{", i + 1)
    w.emit(f"^bb0(%px: {arr(3)}):", i + 1)
    dot_zip(w, i + 2, "%gd", "%px", "%gw", 3)
    w.emit("rise.yield %gd : f32", i + 2)
    w.emit("}", i + 1)
    w.emit(f"rise.yield %gin : {arr(w4)}", i + 1)
    w.emit("}", i)
    w.emit(f"%g = rise.to_mem local %gray : {arr(h4, w4)}", i)
    # Sobel on the staged gray
    windows(w, i, "%gn", "%g", h4, w4)
    conv(w, i, "%ix", "%gn", h2, w2, "%sxf")
    conv(w, i, "%iy", "%gn", h2, w2, "%syf")
    w.emit(f"%tix = rise.to_mem local %ix : {arr(h2, w2)}", i)
    w.emit(f"%tiy = rise.to_mem local %iy : {arr(h2, w2)}", i)
    windows(w, i, "%xn", "%tix", h2, w2)
    windows(w, i, "%yn", "%tiy", h2, w2)
    # one pixel per (column, row) index
    w.emit(f"%l0 = rise.map local(0) %cids : {arr(tw, elem='index')} -> {arr(tw, th)} {{", i)
    w.emit("^bb0(%c: index):", i)
    w.emit(f"%l1 = rise.map local(1) %rids : {arr(th, elem='index')} -> {arr(th)} {{", i + 1)
    w.emit("^bb0(%r: index):", i + 1)
    j = i + 2
    for nm in ("x", "y"):
        w.emit(f"%{nm}row = rise.idx %{nm}n[%r] : {arr(th, tw, 3, 3)} -> {arr(tw, 3, 3)}", j)
        w.emit(f"%{nm}nb = rise.idx %{nm}row[%c] : {arr(tw, 3, 3)} -> {arr(3, 3)}", j)
        w.emit(f"%{nm}f = rise.join %{nm}nb : {arr(3, 3)} -> {arr(9)}", j)
    dot_zip(w, j, "%sxx", "%xf", "%xf", 9)
    dot_zip(w, j, "%sxy", "%xf", "%yf", 9)
    dot_zip(w, j, "%syy", "%yf", "%yf", 9)
    w.emit("%dp = arith.mulf %sxx, %syy : f32", j)
    w.emit("%dm = arith.mulf %sxy, %sxy : f32", j)
    w.emit("%det = arith.subf %dp, %dm : f32", j)
    w.emit("%trace = arith.addf %sxx, %syy : f32", j)
    w.emit("%kt = arith.mulf %kappa, %trace : f32", j)
    w.emit("%ktt = arith.mulf %kt, %trace : f32", j)
    w.emit("%corner = arith.subf %det, %ktt : f32", j)
    w.emit("rise.yield %corner : f32", j)
    w.emit("}", i + 1)
    w.emit(f"rise.yield %l1 : {arr(th)}", i + 1)
    w.emit("}", i)
    w.emit(f"rise.yield %l0 : {arr(tw, th)}", i)
    i = 3
    w.emit("}", i)
    w.emit(f"%wj = rise.join %wg0 : {arr(nc, tw, th)} -> {arr(wd, th)}", i)
    w.emit(f"%wt = rise.transpose %wj : {arr(wd, th)} -> {arr(th, wd)}", i)
    w.emit(f"rise.yield %wt : {arr(th, wd)}", i)
    i = 2
    w.emit("}", i)
    w.emit(f"rise.yield %wg1 : {arr(nb, th, wd)}", i)
    w.emit("}", 1)
    w.emit(f"%rj = rise.join %res : {arr(nb, th, wd)} -> {arr(h, wd)}", 1)
    w.emit(f"rise.out %rj, %out : {arr(h, wd)}, memref<{h}x{wd}xf32>", 1)
    w.emit("return", 1)
    w.emit("}", 0)
    w.emit("", 0)


def main():
    w = W()
    doc = __doc__.split("Usage")[0].strip().split("\n")
    doc[0] = "// Harris corner detection for the GPU in low-level rise: the computation of"
    doc[1] = "// test/examples/harris.mlir (same operations in the same order, same roundings)."
    print("\n".join(doc[:2] + [("// " + l).rstrip() for l in doc[2:]]))
    print("//")
    print("// Arguments: (%in: 3 x (h+4) x (w+4), channel-major RGB, %out: h x w) -- %out is")
    print("// the output (the response of the thesis' 3.(n+4).(m+4) input).")
    print("// @harris_gpu: 2832 x 4256 response (a 4256x2832 image), 16 x 32 tiles,")
    print("//   work-groups of 32 x 8, one per tile (133 x 177);")
    print("// @harris_gpu_small: 8 x 16, 4 x 8 tiles, 8 x 2 items, 1 x 2 work-groups for 2 x 2")
    print("//   tiles (a work-group loop); @harris_gpu_medium: 12 x 24, 4 x 8 tiles, 4 x 4 items.")
    print("// Generated by test/bench/gpu/gen_harris_gpu.py; do not edit.")
    print()
    func(w, "harris_gpu", 2832, 4256, 16, 32, 32, 8, 133, 177)
    func(w, "harris_gpu_small", 8, 16, 4, 8, 8, 2, 1, 2)
    func(w, "harris_gpu_medium", 12, 24, 4, 8, 4, 4, 3, 3)
    print("\n".join(w.lines))


main()
