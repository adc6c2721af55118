/*===- rise_to_affine.h - the convert-rise-to-affine pass -----------------===*\
 *
 * Lowers every func.func that uses rise ops into affine/scf/memref/arith/
 * math/vector code over the same memrefs, following the acceptor and
 * continuation translations of the RISE thesis (chapter 3.3):
 *
 *  - `rise.out v, m` is compiled as A(v, m): the value is written through an
 *    acceptor, which join/split/transpose/as_scalar rewrite instead of
 *    copying;
 *  - element reads of views (in, split, join, transpose, slide, zip, unzip,
 *    fst, snd, pair, pad_cst, pad_clamp, idx, as_vector, as_scalar,
 *    generate, literal) are index arithmetic on the underlying memref;
 *    a pad read is a clamp (pad_clamp) or a clamped read and a select
 *    (pad_cst), unless the index's range, read back from the IR built
 *    (constants, loop bounds, affine.apply, arith), lies on one side;
 *  - border peeling: a map loop (seq or par; not under GPU hooks, at most
 *    4 peeled loops deep; a map iterate over rotate_values on the element
 *    each step loads, the window's values passed from loop to loop), or
 *    the loop writing a view element by element
 *    (a pad written whole), is built interior first: there, a pad read at
 *    m * i + c, i the loop index and c in a known range, is a plain load
 *    and narrows the interior to the iterations where it is in range. The
 *    iterations before and after the interior are loops of their own, with
 *    the clamps and selects (so the body is built up to three times, and
 *    buffers its lambdas allocate, hoisted, once per copy); a loop without
 *    pad reads is one loop as before, one without an interior (a window
 *    wider than the array) only the border loops;
 *    a tile's index o * p + i over two peeled loops counts as linear in
 *    the outer one (i over its whole range), so the tile loop's interior
 *    is its whole tiles;
 *  - a crop, `idx c (slide n s y)` with c constant (what the tail rules
 *    padSplitJoin and padTileMaps leave), of a computed y (a map, or a
 *    join/transpose/split/as_scalar of one) written by rise.out or to_mem
 *    is not materialised: y is written through an acceptor keeping the
 *    window [c, c + n); border peeling narrows the loops to where an index
 *    is kept, the cut-off iterations store nothing, and an index whose
 *    side is not known statically gets an scf.if around its store;
 *  - strength reduction: a reduce (scalar accumulator, not unroll) over a
 *    join of inner size p -- reached through maps, zips and unzips, as a
 *    flattened window `join (slide2d ...)` zipped with flattened weights
 *    is -- is two loops, len/p outer and p inner, in the same order; a join
 *    indexed by o * p + c with c in [0, p) reads row o, element c, so no
 *    floordiv/mod is left (other joins divide as before);
 *  - map is a loop writing its acceptor (seq and the GPU/stream forms:
 *    affine.for; par: scf.parallel; unroll: fully unrolled; vec: vector
 *    arith on the vector); reduce is a loop carrying the accumulator in
 *    iter_args (unroll: fully unrolled);
 *  - a reduce whose accumulator holds arrays (of scalars or vectors, any
 *    rank, or pairs of those and scalars) keeps it in buffers, one per
 *    leaf (rank 0 for a scalar), placed as a materialised map's: init is
 *    written into them, each step's value written through their
 *    acceptors, and the reduce's value is a view of them. A step writes in
 *    place when its body reads the accumulator only element-wise at the
 *    index it writes -- `map f (zip acc ys)` (also through as_vector ..
 *    as_scalar, recursively for array elements), other uses of acc only
 *    shaping a zip whose map never takes fst, or a nested fold starting
 *    from acc (or from a row of it, `fst` of a zipped element) that is
 *    itself in place: that fold then runs on acc's buffer, and writing its
 *    value back where it already is emits nothing;
 *    otherwise the step writes a second set of buffers, the two swapped
 *    through iter_args. A map whose lambda runs such a fold computes each
 *    element whole, so it is materialised when read other than written
 *    through acceptors; arrays of pairs as accumulators are rejected;
 *  - a map read by another pattern is fused (recomputed per element) when it
 *    is consumed element-wise, or when its lambda only rearranges its input
 *    (views, pad_cst and pad_clamp included: a row padded in a map is read
 *    through, so its pads can be peeled), and otherwise materialised into a
 *    temporary buffer; `map par` read by another pattern is always materialised, so
 *    its parallel loop survives (one written by rise.out or to_mem, directly
 *    or through join/split/transpose/as_scalar, writes in place through
 *    their acceptors);
 *  - to_mem allocates (global: memref.alloc + dealloc; private/local:
 *    memref.alloca, or memref.alloc + dealloc when larger than
 *    ARI_LOWER_MAX_STACK_BYTES, 256 KiB, so that a big private buffer
 *    cannot overflow a thread's stack) at the start of the function, or
 *    of the innermost scf.parallel body (buffers must stay per-thread
 *    there); the same holds for every buffer the lowering allocates
 *    (materialised maps, accumulators, rings);
 *  - circular_buffer and rotate_values, when consumed by a sequential map,
 *    become a ring of `alloc` slots indexed modulo alloc, and values carried
 *    through the loop's iter_args (affine.for iter_args, which lower-affine
 *    turns into scf.for iter_args); consumed any other way they mean
 *    `slide size 1` and are read through it. A ring's slots may be arrays
 *    (line buffers: memref<alloc x line>, a line written once per step), and
 *    a circular_buffer over a circular_buffer streams both (each step loads
 *    the inner ring's next slot, then the outer's); slots holding pairs
 *    (of pairs ...) of those are a ring per component, and a window's
 *    elements the zip of the components' windows;
 *  - as_vector reads one vector.load when the lanes are adjacent in a
 *    memref row: directly, or through slide/split offsets and joins whose
 *    inner size is a multiple of the width; otherwise the lanes are loaded
 *    one by one into vector.from_elements;
 *  - kernel and GPU maps are lowered like seq here; convert-rise-to-gpu
 *    (passes/gpu/rise_to_gpu.h) runs this engine with GPU hooks
 *    (lower_hooks.h: gpu.launch, stride loops, workgroup memory);
 *  - `map vec` recreates its body's arith/math ops on vectors (captured
 *    scalars broadcast);
 *  - option `fma` (default false): an arith.mulf whose only use is an
 *    arith.addf in the same lambda becomes, with it, one vector.fma (vector
 *    operands, in `map vec` bodies or on vector values) or math.fma
 *    (scalars). Off, a mul feeding an add stays mulf + addf: results then
 *    round exactly as the interpreter's, and LLVM only contracts them under
 *    fast-math flags that we do not set. On, each fused pair rounds once,
 *    so results differ from the interpreter's in the last bits (compare
 *    with a tolerance). The pair may also straddle a fused map: when a
 *    map's lambda yields an arith.mulf used for nothing else and the map
 *    is read fused (element by element, not materialised), an arith.addf
 *    reading that element -- a lambda argument used by the addf alone, as
 *    the element of `reduce (+) (map (*) (zip xs ys))` -- absorbs the
 *    mulf: a dot product written with map and reduce becomes fmas; vector.fma reaches LLVM as llvm.fmuladd (fused
 *    where the target has FMA instructions), math.fma as llvm.fma (a libm
 *    call where it has not). A function with the unit attribute `rise.fma`
 *    (ARI_LOWER_FMA_ATTR; rise-search sets it, option fma) is lowered so
 *    even with the option off;
 *  - map/reduce `unroll` are unrolled in full up to 64 trips, beyond that
 *    they are an affine.for marked `rise.unroll`;
 *  - option `unroll-array-reduce` (default 4, 0..64): a reduction over an
 *    array accumulator of at most that many steps is unrolled even when it
 *    is `seq` (the steps stay in order). A tile row's 4-step update then
 *    loads its other operand at constant offsets, which LLVM keeps across
 *    the row loop; as a loop it re-gathers them for every row (Appendix C's
 *    array-packing matmul: 978 ms against 33 ms at 960x992x1024).
 *
 * Known limitation: buffers are hoisted, so a lambda that allocates (to_mem
 * or a materialised map) and is read lazily must not have two of its
 * results alive at once; the materialisation rules make this hold unless an
 * array of arrays of pairs (which cannot be buffered: an array of pairs is
 * a pair of buffers, one per component) is read with reuse.
 *
 * Each rewritten function gets `llvm.emit_c_interface`. Anything not
 * supported is an error diagnostic at the op naming it.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_LOWER_RISE_TO_AFFINE_H
#define ARIADNE_PASSES_LOWER_RISE_TO_AFFINE_H

#include "ariadne-c/Pass.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest buffer convert-rise-to-affine places on the stack
 * (memref.alloca); larger ones are heap-allocated (memref.alloc + dealloc).
 * 256 KiB: libomp's worker threads have 4 MiB stacks and several buffers
 * may be live at once, while per-chunk line buffers of hand schedules
 * (Harris' 120 KB) stay on the stack, where allocating them per chunk is
 * free; a heap block there is malloc'd and freed once per chunk. */
#define ARI_LOWER_MAX_STACK_BYTES (INT64_C(256) << 10)

/* The func.func unit attribute that asks for option fma's fusion in that
 * function alone. */
#define ARI_LOWER_FMA_ATTR "rise.fma"

/* MLIR 22's canonicalization of affine ops (SimplifyAffineOp, which
 * simplifies an op's map with the bounds of the loops around it) bounds
 * `x mod c` wrongly when x's range spans several periods: it folded
 * ((64 a + 8 b) mod 5) floordiv 2 over a in [1, 7), b in [0, 8) to the
 * constant 2, a miscompile ProgGen found
 * (test/lit/Conversion/RiseToAffine/affine-mod-bounds.mlir). Those
 * patterns are disabled by name (MLIR 22's names; an unknown name would
 * be ignored, which that test would catch); canonicalize keeps the rest.
 * Running canonicalize only after lower-affine instead made the
 * hand-scheduled matmul_fast about 40 % slower (measured under load);
 * disabling these patterns costs it about 3 %. The rise-to-llvm and rise-to-nvvm
 * pipelines both use this. */
#define ARI_LOWER_CANONICALIZE                                                           \
  "canonicalize{disable-patterns=\""                                                      \
  "(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffineApplyOp>,"                 \
  "(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffineLoadOp>,"                  \
  "(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffineStoreOp>,"                 \
  "(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffineVectorLoadOp>,"            \
  "(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffineVectorStoreOp>,"           \
  "(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffineMinOp>,"                   \
  "(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffineMaxOp>,"                   \
  "(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffinePrefetchOp>"               \
  "\"}"

extern const AriPassInfo ariRiseToAffinePass;

/* The textual pipeline registered as `rise-to-llvm`: convert-rise-to-affine
 * followed by the upstream passes down to the LLVM dialect (OpenMP for
 * scf.parallel). */
const char *ariRiseToLLVMPipeline(void);

/* The same with convert-rise-to-affine{fma=true}, registered as
 * `rise-to-llvm-fma`. */
const char *ariRiseToLLVMFmaPipeline(void);

/* rise-to-llvm's two parts after convert-rise-to-affine, for pass-order
 * search (docs/rl.md, "Environment 2 with upstream passes"), which puts
 * its own order of upstream passes in place of the first: the cleanup
 * (canonicalize as ARI_LOWER_CANONICALIZE, cse) and the conversion to the
 * LLVM dialect (lower-affine ... reconcile-unrealized-casts), both
 * comma-separated lists of builtin.module's passes. */
const char *ariRiseToLLVMCleanup(void);
const char *ariRiseToLLVMConversion(void);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_LOWER_RISE_TO_AFFINE_H */
