#!/usr/bin/env python3
"""Writes harris.mlir: Harris corner detection at the benchmark size (input
3 x 1540 x 2564, the thesis' 1536 x 2560 image with its 2-pixel border,
response 1536 x 2560) and, as NAME_small, at a size the interpreter checks
(3 x 68 x 52 -> 64 x 48):

  @harris_naive: test/examples/harris.mlir's @harris, unchanged but for its
      sizes (every stage a high-level map, each intermediate image
      materialised);
  @harris_sched: the hand schedule as the thesis writes it (ch. 4; what
      Halide's schedule also does):
        - operator fusion: gray, Sobel, products, 3x3 sums and coarsity in
          one loop nest, line by line;
        - multi-threading: output lines in chunks of 32 (input lines in
          overlapping windows of 36, `slide 36, 32`) under `map par`;
        - circular buffering: per chunk the gray lines and the product lines
          (Ixx, Ixy, Iyy per pixel) in `circular_buffer private 4, 3`;
        - the zero weights of the Sobel kernels are left out (Halide's
          algorithm has 6 terms; x + 0*g == x, so this rounds as the naive);
      convert-rise-to-affine makes each line buffer a ring of 4 lines and
      streams the chain (each gray line, then each product line, computed
      once per chunk); product lines are pixel-major (x, then Ixx/Ixy/Iyy);
  @harris_rings: harris_sched with plane-major product lines (3 x (w-2)),
      so that the 3x3 sums read unit-stride rows;
  @harris_lines: the same schedule with the line buffers made explicit: per
      chunk, gray lines and plane-major product lines are `to_mem global`
      and read through `slide 3, 1` (what the rings would hold, for the
      whole chunk at once);
  @harris_strips: harris_lines on strips of 640 output columns (16 for the
      small size), so that a chunk's buffers fit in L2.
(The version rise-rewrite derives from harris_naive with
search/strategy/strategies/harris.elv, `derived`, is not written here: run.sh
derives it, so that it is always the strategy's current result.)
Vectorisation is left to LLVM's loop vectoriser on the per-line loops: the
line widths (2564, 2562) are not multiples of a vector width, so as_vector
cannot cut them. The scheduled versions declare the response as
chunks x 32 x 2560 (or chunks x 32 x strips x 640): the same bytes as
1536 x 2560, which lets the map par write it in place.

    python3 gen_harris.py ../examples/harris.mlir > harris.mlir
"""
import re
import sys
from riseemit import arr

CHUNK = 32
GW = (0.299, 0.587, 0.114)
SX = "0.0833333358"   # 1/12 rounded to f32, as harris.mlir
SX2 = "0.166666672"   # 2/12


def naive(src, name, h, w):
    m = re.search(r"^func\.func @harris\(.*?^}\n", src, re.S | re.M)
    text = m.group(0)
    subs = [(1536, h), (1534, h - 2), (1532, h - 4), (2560, w), (2558, w - 2), (2556, w - 4)]
    # placeholders first so that new sizes are not substituted again
    for i, (old, _) in enumerate(subs):
        text = re.sub(rf"(?<!\d){old}(?!\d)", f"@@{i}@@", text)
    for i, (_, new) in enumerate(subs):
        text = text.replace(f"@@{i}@@", str(new))
    return text.replace("@harris(", f"@{name}(", 1)


P2 = "!rise.pair<f32, f32>"
P3 = f"!rise.pair<f32, {P2}>"


def sched(name, h, w, ring=True, sw=None, planar=False):
    """sw: also split the width into strips of sw output columns (each with
    its 4 columns of halo), so that a chunk's line buffers stay in L2.
    planar: plane-major product lines in the rings (always so without)."""
    planar = planar or not ring
    ho, wo, w2 = h - 4, w - 4, w - 2
    assert ho % CHUNK == 0
    nc = ho // CHUNK
    cin = CHUNK + 4
    L = []
    e = L.append
    # The response is declared as nc x CHUNK x wo (or nc x CHUNK x ns x sw),
    # the same bytes as ho x wo: the map par then writes it directly (a map
    # par read by a join would be materialised first and copied, see
    # rise_to_affine.h), and strips are written through a transpose.
    ns = wo // sw if sw else 1
    if sw:
        assert wo % sw == 0
        res_t, mem = arr(nc, CHUNK, ns, sw), f"memref<{nc}x{CHUNK}x{ns}x{sw}xf32>"
        el_t = arr(CHUNK, ns, sw)
    else:
        res_t, mem, el_t = arr(nc, CHUNK, wo), f"memref<{nc}x{CHUNK}x{wo}xf32>", arr(CHUNK, wo)
    e(f"func.func @{name}(%in: memref<3x{h}x{w}xf32>, %out: {mem}) {{")
    e(f"  %rgb = rise.in %in : memref<3x{h}x{w}xf32> -> {arr(3, h, w)}")
    e("  %zero = arith.constant 0.0 : f32")
    e("  %kappa = arith.constant 0.04 : f32")
    e(f"  %w1 = arith.constant {SX} : f32")
    e(f"  %w2 = arith.constant {SX2} : f32")
    e(f"  %n1 = arith.constant -{SX} : f32")
    e(f"  %n2 = arith.constant -{SX2} : f32")
    e(f"  %gw = rise.literal dense<[{GW[0]}, {GW[1]}, {GW[2]}]> : tensor<3xf32> -> {arr(3)}")
    e("  %c0 = arith.constant 0 : index")
    e("  %c1 = arith.constant 1 : index")
    e("  %c2 = arith.constant 2 : index")
    e(f"  %rows = rise.transpose %rgb : {arr(3, h, w)} -> {arr(h, 3, w)}")
    e(f"  %chunks = rise.slide {cin}, {CHUNK} %rows : {arr(h, 3, w)} -> {arr(nc, cin, 3, w)}")
    e(f"  %res = rise.map par %chunks : {arr(nc, cin, 3, w)} -> {res_t} {{")
    if sw:
        swi = sw + 4
        e(f"  ^bb0(%chunk: {arr(cin, 3, w)}):")
        e(f"    %cs1 = rise.map %chunk : {arr(cin, 3, w)} -> {arr(cin, ns, 3, swi)} {{")
        e(f"    ^bb0(%crow: {arr(3, w)}):")
        e(f"      %cs2 = rise.map %crow : {arr(3, w)} -> {arr(3, ns, swi)} {{")
        e(f"      ^bb0(%cpl: {arr(w)}):")
        e(f"        %csl = rise.slide {swi}, {sw} %cpl : {arr(w)} -> {arr(ns, swi)}")
        e(f"        rise.yield %csl : {arr(ns, swi)}")
        e("      }")
        e(f"      %cs3 = rise.transpose %cs2 : {arr(3, ns, swi)} -> {arr(ns, 3, swi)}")
        e(f"      rise.yield %cs3 : {arr(ns, 3, swi)}")
        e("    }")
        e(f"    %cs = rise.transpose %cs1 : {arr(cin, ns, 3, swi)} -> {arr(ns, cin, 3, swi)}")
        e(f"    %strips = rise.map seq %cs : {arr(ns, cin, 3, swi)} -> {arr(ns, CHUNK, sw)} {{")
        w, w2, wo = swi, swi - 2, sw
    e(f"  ^bb0(%ch: {arr(cin, 3, w)}):")
    # ring 1: gray lines
    if ring:
        e(f"    %gcb = rise.circular_buffer private 4, 3 %ch : {arr(cin, 3, w)} -> {arr(cin - 2, 3, w)} {{")
        e(f"    ^bb0(%rgbrow: {arr(3, w)}):")
    else:
        e(f"    %gl = rise.map seq %ch : {arr(cin, 3, w)} -> {arr(cin, w)} {{")
        e(f"    ^bb0(%rgbrow: {arr(3, w)}):")
    e(f"      %px = rise.transpose %rgbrow : {arr(3, w)} -> {arr(w, 3)}")
    e(f"      %g = rise.map seq %px : {arr(w, 3)} -> {arr(w)} {{")
    e(f"      ^bb0(%p: {arr(3)}):")
    e(f"        %gz = rise.zip %p, %gw : {arr(3)}, {arr(3)} -> {arr(3, elem=P2)}")
    e(f"        %gs = rise.reduce unroll %zero, %gz : f32, {arr(3, elem=P2)} -> f32 {{")
    e(f"        ^bb0(%ga: f32, %gp: {P2}):")
    e(f"          %gl = rise.fst %gp : {P2} -> f32")
    e(f"          %gr = rise.snd %gp : {P2} -> f32")
    e("          %gm = arith.mulf %gl, %gr : f32")
    e("          %gsum = arith.addf %ga, %gm : f32")
    e("          rise.yield %gsum : f32")
    e("        }")
    e("        rise.yield %gs : f32")
    e("      }")
    e(f"      rise.yield %g : {arr(w)}")
    e("    }")
    if not ring:
        e(f"    %glm = rise.to_mem global %gl : {arr(cin, w)}")
        e(f"    %gcb = rise.slide 3, 1 %glm : {arr(cin, w)} -> {arr(cin - 2, 3, w)}")
    # ring 2: product lines, (w-2) x 3 (Ixx, Ixy, Iyy)
    if ring and planar:
        e(f"    %pcb = rise.circular_buffer private 4, 3 %gcb : {arr(cin - 2, 3, w)} -> {arr(CHUNK, 3, 3, w2)} {{")
    elif ring:
        e(f"    %pcb = rise.circular_buffer private 4, 3 %gcb : {arr(cin - 2, 3, w)} -> {arr(CHUNK, 3, w2, 3)} {{")
    else:
        e(f"    %pl = rise.map seq %gcb : {arr(cin - 2, 3, w)} -> {arr(cin - 2, 3, w2)} {{")
    e(f"    ^bb0(%gl3: {arr(3, w)}):")
    e(f"      %gwin = rise.map %gl3 : {arr(3, w)} -> {arr(3, w2, 3)} {{")
    e(f"      ^bb0(%grow: {arr(w)}):")
    e(f"        %gsl = rise.slide 3, 1 %grow : {arr(w)} -> {arr(w2, 3)}")
    e(f"        rise.yield %gsl : {arr(w2, 3)}")
    e("      }")
    e(f"      %nb = rise.transpose %gwin : {arr(3, w2, 3)} -> {arr(w2, 3, 3)}")
    e(f"      %pr = rise.map seq %nb : {arr(w2, 3, 3)} -> {arr(w2, 3)} {{")
    e(f"      ^bb0(%n: {arr(3, 3)}):")
    e(f"        %nf = rise.join %n : {arr(3, 3)} -> {arr(9)}")
    for k in range(9):
        e(f"        %k{k} = arith.constant {k} : index")
        e(f"        %g{k} = rise.idx %nf[%k{k}] : {arr(9)} -> f32")
    # Ix: weights row-major [-1,0,1; -2,0,2; -1,0,1]/12 (zeros left out)
    def chain(prefix, terms):
        acc = "%zero"
        for i, (wt, g) in enumerate(terms):
            e(f"        %{prefix}m{i} = arith.mulf {wt}, %g{g} : f32")
            e(f"        %{prefix}a{i} = arith.addf {acc}, %{prefix}m{i} : f32")
            acc = f"%{prefix}a{i}"
        return acc
    ix = chain("x", [("%n1", 0), ("%w1", 2), ("%n2", 3), ("%w2", 5), ("%n1", 6), ("%w1", 8)])
    iy = chain("y", [("%n1", 0), ("%n2", 1), ("%n1", 2), ("%w1", 6), ("%w2", 7), ("%w1", 8)])
    e(f"        %ixx = arith.mulf {ix}, {ix} : f32")
    e(f"        %ixy = arith.mulf {ix}, {iy} : f32")
    e(f"        %iyy = arith.mulf {iy}, {iy} : f32")
    e(f"        %trip = rise.generate : {arr(3)} {{")
    e("        ^bb0(%t: index):")
    e("          %is0 = arith.cmpi eq, %t, %c0 : index")
    e("          %is1 = arith.cmpi eq, %t, %c1 : index")
    e("          %s12 = arith.select %is1, %ixy, %iyy : f32")
    e("          %s012 = arith.select %is0, %ixx, %s12 : f32")
    e("          rise.yield %s012 : f32")
    e("        }")
    e(f"        rise.yield %trip : {arr(3)}")
    e("      }")
    if not planar:
        e(f"      rise.yield %pr : {arr(w2, 3)}")
    else:
        # plane-major lines (3 x (w-2)): the sums then read unit-stride
        e(f"      %prt = rise.transpose %pr : {arr(w2, 3)} -> {arr(3, w2)}")
        e(f"      rise.yield %prt : {arr(3, w2)}")
    e("    }")
    if not ring:
        e(f"    %plm = rise.to_mem global %pl : {arr(cin - 2, 3, w2)}")
        e(f"    %pcb = rise.slide 3, 1 %plm : {arr(cin - 2, 3, w2)} -> {arr(CHUNK, 3, 3, w2)}")
    # output lines
    if not planar:
        e(f"    %orows = rise.map stream %pcb : {arr(CHUNK, 3, w2, 3)} -> {arr(CHUNK, wo)} {{")
        e(f"    ^bb0(%p3: {arr(3, w2, 3)}):")
        e(f"      %pw = rise.map %p3 : {arr(3, w2, 3)} -> {arr(3, wo, 3, 3)} {{")
        e(f"      ^bb0(%prow: {arr(w2, 3)}):")
        e(f"        %psl = rise.slide 3, 1 %prow : {arr(w2, 3)} -> {arr(wo, 3, 3)}")
        e(f"        rise.yield %psl : {arr(wo, 3, 3)}")
        e("      }")
        e(f"      %pn = rise.transpose %pw : {arr(3, wo, 3, 3)} -> {arr(wo, 3, 3, 3)}")
        e(f"      %o = rise.map seq %pn : {arr(wo, 3, 3, 3)} -> {arr(wo)} {{")
        e(f"      ^bb0(%win: {arr(3, 3, 3)}):")
        e(f"        %wf = rise.join %win : {arr(3, 3, 3)} -> {arr(9, 3)}")
    else:
        # p3: (dy, plane, x) -> windows (x, dy, plane, dx)
        kind = "stream" if ring else "seq"
        e(f"    %orows = rise.map {kind} %pcb : {arr(CHUNK, 3, 3, w2)} -> {arr(CHUNK, wo)} {{")
        e(f"    ^bb0(%p3: {arr(3, 3, w2)}):")
        e(f"      %pw = rise.map %p3 : {arr(3, 3, w2)} -> {arr(3, wo, 3, 3)} {{")
        e(f"      ^bb0(%pp: {arr(3, w2)}):")
        e(f"        %ps = rise.map %pp : {arr(3, w2)} -> {arr(3, wo, 3)} {{")
        e(f"        ^bb0(%prow: {arr(w2)}):")
        e(f"          %psl = rise.slide 3, 1 %prow : {arr(w2)} -> {arr(wo, 3)}")
        e(f"          rise.yield %psl : {arr(wo, 3)}")
        e("        }")
        e(f"        %pst = rise.transpose %ps : {arr(3, wo, 3)} -> {arr(wo, 3, 3)}")
        e(f"        rise.yield %pst : {arr(wo, 3, 3)}")
        e("      }")
        e(f"      %pn = rise.transpose %pw : {arr(3, wo, 3, 3)} -> {arr(wo, 3, 3, 3)}")
        e(f"      %o = rise.map seq %pn : {arr(wo, 3, 3, 3)} -> {arr(wo)} {{")
        e(f"      ^bb0(%wcd: {arr(3, 3, 3)}):")
        e(f"        %win = rise.map %wcd : {arr(3, 3, 3)} -> {arr(3, 3, 3)} {{")
        e(f"        ^bb0(%cd: {arr(3, 3)}):")
        e(f"          %dc = rise.transpose %cd : {arr(3, 3)} -> {arr(3, 3)}")
        e(f"          rise.yield %dc : {arr(3, 3)}")
        e("        }")
        e(f"        %wf = rise.join %win : {arr(3, 3, 3)} -> {arr(9, 3)}")
    e(f"        %i3 = rise.pair %zero, %zero : f32, f32 -> {P2}")
    e(f"        %init = rise.pair %zero, %i3 : f32, {P2} -> {P3}")
    e(f"        %s = rise.reduce unroll %init, %wf : {P3}, {arr(9, 3)} -> {P3} {{")
    e(f"        ^bb0(%acc: {P3}, %v: {arr(3)}):")
    e(f"          %axx = rise.fst %acc : {P3} -> f32")
    e(f"          %ar = rise.snd %acc : {P3} -> {P2}")
    e(f"          %axy = rise.fst %ar : {P2} -> f32")
    e(f"          %ayy = rise.snd %ar : {P2} -> f32")
    e(f"          %vxx = rise.idx %v[%c0] : {arr(3)} -> f32")
    e(f"          %vxy = rise.idx %v[%c1] : {arr(3)} -> f32")
    e(f"          %vyy = rise.idx %v[%c2] : {arr(3)} -> f32")
    e("          %bxx = arith.addf %axx, %vxx : f32")
    e("          %bxy = arith.addf %axy, %vxy : f32")
    e("          %byy = arith.addf %ayy, %vyy : f32")
    e(f"          %br = rise.pair %bxy, %byy : f32, f32 -> {P2}")
    e(f"          %b = rise.pair %bxx, %br : f32, {P2} -> {P3}")
    e(f"          rise.yield %b : {P3}")
    e("        }")
    e(f"        %qxx = rise.fst %s : {P3} -> f32")
    e(f"        %qr = rise.snd %s : {P3} -> {P2}")
    e(f"        %qxy = rise.fst %qr : {P2} -> f32")
    e(f"        %qyy = rise.snd %qr : {P2} -> f32")
    e("        %dp = arith.mulf %qxx, %qyy : f32")
    e("        %dm = arith.mulf %qxy, %qxy : f32")
    e("        %det = arith.subf %dp, %dm : f32")
    e("        %trace = arith.addf %qxx, %qyy : f32")
    e("        %kt = arith.mulf %kappa, %trace : f32")
    e("        %ktt = arith.mulf %kt, %trace : f32")
    e("        %corner = arith.subf %det, %ktt : f32")
    e("        rise.yield %corner : f32")
    e("      }")
    e(f"      rise.yield %o : {arr(wo)}")
    e("    }")
    e(f"    rise.yield %orows : {arr(CHUNK, wo)}")
    e("  }")
    if sw:
        e(f"    %st = rise.transpose %strips : {arr(ns, CHUNK, sw)} -> {el_t}")
        e(f"    rise.yield %st : {el_t}")
        e("  }")
    e(f"  rise.out %res, %out : {res_t}, {mem}")
    e("  return")
    e("}")
    return "\n".join(L) + "\n"


def main():
    src = open(sys.argv[1]).read()
    out = ["// Generated by test/bench/gen_harris.py; do not edit.\n"]
    for suffix, (h, w) in (("", (1540, 2564)), ("_small", (68, 52))):
        out.append(f"\n// naive, input 3 x {h} x {w}\n")
        out.append(naive(src, f"harris_naive{suffix}", h, w))
    for suffix, (h, w) in (("", (1540, 2564)), ("_small", (68, 52))):
        out.append(f"\n// scheduled, input 3 x {h} x {w}\n")
        out.append(sched(f"harris_sched{suffix}", h, w))
        out.append(f"\n// scheduled, rings of plane-major product lines, input 3 x {h} x {w}\n")
        out.append(sched(f"harris_rings{suffix}", h, w, planar=True))
        out.append(f"\n// scheduled with per-chunk line buffers (to_mem), input 3 x {h} x {w}\n")
        out.append(sched(f"harris_lines{suffix}", h, w, ring=False))
        out.append(f"\n// as harris_lines, in strips of {{640 if not suffix else 16}} columns, input 3 x {h} x {w}\n")
        out.append(sched(f"harris_strips{suffix}", h, w, ring=False, sw=640 if not suffix else 16))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
