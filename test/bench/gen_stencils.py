#!/usr/bin/env python3
"""Writes stencils.mlir: the high-level stencils of issue 13 (item 2), each at
the benchmark size and, as NAME_small, at a size the interpreter checks.

  @blur_sobel: a 5x5 blur (binomial weights / 256) of an h x w f32 image with
      clamped borders (pad_clamp 2 2 on rows and columns), then a 3x3 Sobel
      of the blurred image, also clamped: out = gx*gx + gy*gy. Each window is
      flattened (`join` of the 2-D slide) and dotted with the flattened
      weights, as one writes it naively. 1080 x 1920 (small: 13 x 17).
  @conv1d7: a 7-tap 1-D convolution with zero padding (pad_cst 3 3 0),
      n = 2^22 (small: 29).

    python3 gen_stencils.py > stencils.mlir
"""
from riseemit import arr, W

BLUR = [1, 4, 6, 4, 1]
CONV7 = [0.0625, 0.125, 0.1875, 0.25, 0.1875, 0.125, 0.0625]


def f32(x):
    return repr(float(x))


def window_dot(w, ind, img, h, wd, k, wflat, rtype):
    """Emits out = map2 (\\nbh. dot wflat (join nbh)) (slide2d k (pad_clamp
    (k-1)/2 img)); returns its name."""
    p = (k - 1) // 2
    hp, wp = h + 2 * p, wd + 2 * p
    pc = w.fresh("pc")
    w.emit(f"{pc} = rise.map {img} : {arr(h, wd)} -> {arr(h, wp)} {{", ind)
    r = w.fresh("row")
    w.emit(f"^bb0({r}: {arr(wd)}):", ind)
    pr = w.fresh("prow")
    w.emit(f"{pr} = rise.pad_clamp {p}, {p} {r} : {arr(wd)} -> {arr(wp)}", ind + 1)
    w.emit(f"rise.yield {pr} : {arr(wp)}", ind + 1)
    w.emit("}", ind)
    pad = w.fresh("pad")
    w.emit(f"{pad} = rise.pad_clamp {p}, {p} {pc} : {arr(h, wp)} -> {arr(hp, wp)}", ind)
    rows = w.fresh("nrows")
    w.emit(f"{rows} = rise.map {pad} : {arr(hp, wp)} -> {arr(hp, wd, k)} {{", ind)
    r = w.fresh("row")
    w.emit(f"^bb0({r}: {arr(wp)}):", ind)
    s = w.fresh("win")
    w.emit(f"{s} = rise.slide {k}, 1 {r} : {arr(wp)} -> {arr(wd, k)}", ind + 1)
    w.emit(f"rise.yield {s} : {arr(wd, k)}", ind + 1)
    w.emit("}", ind)
    cols = w.fresh("ncols")
    w.emit(f"{cols} = rise.slide {k}, 1 {rows} : {arr(hp, wd, k)} -> {arr(h, k, wd, k)}", ind)
    nbh = w.fresh("nbh")
    w.emit(f"{nbh} = rise.map {cols} : {arr(h, k, wd, k)} -> {arr(h, wd, k, k)} {{", ind)
    b = w.fresh("band")
    w.emit(f"^bb0({b}: {arr(k, wd, k)}):", ind)
    t = w.fresh("t")
    w.emit(f"{t} = rise.transpose {b} : {arr(k, wd, k)} -> {arr(wd, k, k)}", ind + 1)
    w.emit(f"rise.yield {t} : {arr(wd, k, k)}", ind + 1)
    w.emit("}", ind)
    res = w.fresh("res")
    w.emit(f"{res} = rise.map {nbh} : {arr(h, wd, k, k)} -> {arr(h, wd)} {{", ind)
    line = w.fresh("line")
    w.emit(f"^bb0({line}: {arr(wd, k, k)}):", ind)
    inner = w.fresh("inner")
    w.emit(f"{inner} = rise.map {line} : {arr(wd, k, k)} -> {arr(wd)} {{", ind + 1)
    nb = w.fresh("nb")
    w.emit(f"^bb0({nb}: {arr(k, k)}):", ind + 1)
    dots = []
    for wf in wflat:
        dots.append(dot(w, ind + 2, wf, nb, k))
    v = rtype(w, ind + 2, dots)
    w.emit(f"rise.yield {v} : f32", ind + 2)
    w.emit("}", ind + 1)
    w.emit(f"rise.yield {inner} : {arr(wd)}", ind + 1)
    w.emit("}", ind)
    return res


def dot(w, ind, wf, nb, k):
    n = k * k
    fl = w.fresh("flat")
    w.emit(f"{fl} = rise.join {nb} : {arr(k, k)} -> {arr(n)}", ind)
    return dot1(w, ind, wf, fl, n)


def dot1(w, ind, wf, x, n):
    P = "!rise.pair<f32, f32>"
    z = w.fresh("z")
    w.emit(f"{z} = rise.zip {wf}, {x} : {arr(n)}, {arr(n)} -> {arr(n, elem=P)}", ind)
    pr = w.fresh("prod")
    w.emit(f"{pr} = rise.map {z} : {arr(n, elem=P)} -> {arr(n)} {{", ind)
    p = w.fresh("p")
    w.emit(f"^bb0({p}: {P}):", ind)
    l, r, m = w.fresh("l"), w.fresh("r"), w.fresh("m")
    w.emit(f"{l} = rise.fst {p} : {P} -> f32", ind + 1)
    w.emit(f"{r} = rise.snd {p} : {P} -> f32", ind + 1)
    w.emit(f"{m} = arith.mulf {l}, {r} : f32", ind + 1)
    w.emit(f"rise.yield {m} : f32", ind + 1)
    w.emit("}", ind)
    s = w.fresh("sum")
    w.emit(f"{s} = rise.reduce %zero, {pr} : f32, {arr(n)} -> f32 {{", ind)
    a, v, t = w.fresh("acc"), w.fresh("v"), w.fresh("s")
    w.emit(f"^bb0({a}: f32, {v}: f32):", ind)
    w.emit(f"{t} = arith.addf {a}, {v} : f32", ind + 1)
    w.emit(f"rise.yield {t} : f32", ind + 1)
    w.emit("}", ind)
    return s


def literal(w, name, rows):
    k = len(rows)
    text = "[" + ", ".join("[" + ", ".join(f32(x) for x in r) + "]" for r in rows) + "]"
    w.emit(f"%{name} = rise.literal dense<{text}> : tensor<{k}x{k}xf32> -> {arr(k, k)}", 1)
    w.emit(f"%{name}f = rise.join %{name} : {arr(k, k)} -> {arr(k * k)}", 1)
    return f"%{name}f"


def blur_sobel(name, h, wd):
    w = W()
    w.emit(f"func.func @{name}(%in: memref<{h}x{wd}xf32>, %out: memref<{h}x{wd}xf32>) {{", 0)
    w.emit(f"%img = rise.in %in : memref<{h}x{wd}xf32> -> {arr(h, wd)}", 1)
    w.emit("%zero = arith.constant 0.0 : f32", 1)
    bw = literal(w, "bw", [[a * b / 256 for b in BLUR] for a in BLUR])
    sx = literal(w, "sx", [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]])
    sy = literal(w, "sy", [[-1, -2, -1], [0, 0, 0], [1, 2, 1]])
    blur = window_dot(w, 1, "%img", h, wd, 5, [bw], lambda w, i, d: d[0])

    def mag(w, ind, d):
        gx2, gy2, m = w.fresh("gx2"), w.fresh("gy2"), w.fresh("mag")
        w.emit(f"{gx2} = arith.mulf {d[0]}, {d[0]} : f32", ind)
        w.emit(f"{gy2} = arith.mulf {d[1]}, {d[1]} : f32", ind)
        w.emit(f"{m} = arith.addf {gx2}, {gy2} : f32", ind)
        return m
    sob = window_dot(w, 1, blur, h, wd, 3, [sx, sy], mag)
    w.emit(f"rise.out {sob}, %out : {arr(h, wd)}, memref<{h}x{wd}xf32>", 1)
    w.emit("return", 1)
    w.emit("}", 0)
    return "\n".join(w.lines) + "\n"


def conv1d(name, n):
    k = len(CONV7)
    p = k // 2
    w = W()
    w.emit(f"func.func @{name}(%in: memref<{n}xf32>, %out: memref<{n}xf32>) {{", 0)
    w.emit(f"%x = rise.in %in : memref<{n}xf32> -> {arr(n)}", 1)
    w.emit("%zero = arith.constant 0.0 : f32", 1)
    text = "[" + ", ".join(f32(c) for c in CONV7) + "]"
    w.emit(f"%wts = rise.literal dense<{text}> : tensor<{k}xf32> -> {arr(k)}", 1)
    w.emit(f"%pad = rise.pad_cst {p}, {p} %x, %zero : {arr(n)}, f32 -> {arr(n + 2 * p)}", 1)
    w.emit(f"%nbh = rise.slide {k}, 1 %pad : {arr(n + 2 * p)} -> {arr(n, k)}", 1)
    w.emit(f"%res = rise.map %nbh : {arr(n, k)} -> {arr(n)} {{", 1)
    w.emit(f"^bb0(%win: {arr(k)}):", 1)
    s = dot1(w, 2, "%wts", "%win", k)
    w.emit(f"rise.yield {s} : f32", 2)
    w.emit("}", 1)
    w.emit(f"rise.out %res, %out : {arr(n)}, memref<{n}xf32>", 1)
    w.emit("return", 1)
    w.emit("}", 0)
    return "\n".join(w.lines) + "\n"


if __name__ == "__main__":
    print("// Generated by gen_stencils.py: do not edit.")
    print("// Stencils of issue 13 (see gen_stencils.py for what each computes).\n")
    print(blur_sobel("blur_sobel", 1080, 1920))
    print(blur_sobel("blur_sobel_small", 13, 17))
    print(conv1d("conv1d7", 1 << 22))
    print(conv1d("conv1d7_small", 29), end="")
