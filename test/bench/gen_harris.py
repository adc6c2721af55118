#!/usr/bin/env python3
"""Writes harris.mlir: Harris corner detection in two versions, each at the
benchmark size (input 3 x 1540 x 2564, the thesis' 1536 x 2560 image with
its 2-pixel border, response 1536 x 2560) and at a size the interpreter
checks (3 x 68 x 52 -> 64 x 48):

  @harris_naive[_small]: test/examples/harris.mlir's @harris, unchanged but
      for its sizes (every stage a high-level map, lowered sequentially, each
      intermediate image materialised);
  @harris_sched[_small]: the hand-scheduled version (thesis ch. 4, the
      optimisations Halide's schedule also makes):
        - operator fusion: gray, Sobel, products, 3x3 sums and the coarsity
          are computed line by line inside one loop nest;
        - multi-threading: output lines in chunks of 32 (input lines in
          overlapping windows of 36, `slide 36, 32`), `map par` over chunks;
        - circular buffering: per chunk, the gray lines live in a ring of 4
          line slots (3 needed) and the product lines (Ixx, Ixy, Iyy per
          pixel) in another ring of 4, both `circular_buffer private`;
        - the zero weights of the Sobel kernels are left out (Halide's
          algorithm has 6 terms; x + 0*g == x, so this rounds as the naive);
      vectorisation is left to LLVM's loop vectoriser on the per-line loops
      (see README: the line widths 2562/2564 are not multiples of a vector).

    python3 gen_harris.py ../examples/harris.mlir > harris.mlir
"""
import re
import sys

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


def arr(*dims, elem="f32"):
    return "!rise.array<" + "x".join(str(d) for d in dims) + "x" + elem + ">"


P2 = "!rise.pair<f32, f32>"
P3 = f"!rise.pair<f32, {P2}>"


def sched(name, h, w, ring=True):
    ho, wo, w2 = h - 4, w - 4, w - 2
    assert ho % CHUNK == 0
    nc = ho // CHUNK
    cin = CHUNK + 4
    L = []
    e = L.append
    e(f"func.func @{name}(%in: memref<3x{h}x{w}xf32>, %out: memref<{ho}x{wo}xf32>) {{")
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
    e(f"  %res = rise.map par %chunks : {arr(nc, cin, 3, w)} -> {arr(nc, CHUNK, wo)} {{")
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
    if ring:
        e(f"    %pcb = rise.circular_buffer private 4, 3 %gcb : {arr(cin - 2, 3, w)} -> {arr(CHUNK, 3, w2, 3)} {{")
    else:
        e(f"    %pl = rise.map seq %gcb : {arr(cin - 2, 3, w)} -> {arr(cin - 2, w2, 3)} {{")
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
    e(f"      rise.yield %pr : {arr(w2, 3)}")
    e("    }")
    if not ring:
        e(f"    %plm = rise.to_mem global %pl : {arr(cin - 2, w2, 3)}")
        e(f"    %pcb = rise.slide 3, 1 %plm : {arr(cin - 2, w2, 3)} -> {arr(CHUNK, 3, w2, 3)}")
    # output lines
    e(f"    %orows = rise.map {'stream' if ring else 'seq'} %pcb : {arr(CHUNK, 3, w2, 3)} -> {arr(CHUNK, wo)} {{")
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
    e(f"  %r = rise.join %res : {arr(nc, CHUNK, wo)} -> {arr(ho, wo)}")
    e(f"  rise.out %r, %out : {arr(ho, wo)}, memref<{ho}x{wo}xf32>")
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
        out.append(f"\n// scheduled with per-chunk line buffers (to_mem), input 3 x {h} x {w}\n")
        out.append(sched(f"harris_lines{suffix}", h, w, ring=False))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
