/*===- runtime/codefeat.h - features of the code a candidate lowers to ----===*\
 *
 * The second feature set of the cost model (docs/costmodel.md, "Code
 * features"). costmodel/features.h reads terms and follows the lowering's
 * rules as a model of them; on the sampled schedules that model misses
 * what decides their speed most often -- a producer recomputed per element
 * read through a view, a private copy rebuilt in the innermost loop, lanes
 * extracted one by one, and what LLVM then hoists out of loops again. This
 * module looks at the code itself instead: it lowers a rise function with
 * convert-rise-to-affine (the start of the real pipeline,
 * ariCompileDefaultLowering), canonicalises it and hoists loop-invariant
 * code as LLVM would, and counts,
 * weighted by the trip counts of the enclosing loops:
 *   - bytes loaded and stored, split by their index in the innermost
 *     enclosing loop: unit stride (only the last index varies), strided,
 *     or invariant (the loop does not move it);
 *   - arithmetic: scalar op executions, vector instructions and their
 *     lanes, transcendental and division lanes;
 *   - lane traffic: vector.extract / insert / broadcast executions;
 *   - allocations inside loops and the bytes they allocate;
 *   - the loop structure: loops, parallel loops, the deepest nesting, the
 *     iterations of the outermost parallel loop, the trips of the loop
 *     that holds the most executed access, loops carrying vector or scalar
 *     values (reductions kept in registers);
 *   - what the hardware and libraries add (version 2): scalar work in
 *     innermost loops LLVM's loop vectoriser takes, launches of parallel
 *     loops (a fork/join each), strided bytes whose step is a cache line
 *     or a page, and heap blocks large enough for glibc to map afresh.
 * This is what TVM's Ansor featurises (the lowered loop program), and why:
 * the code's counts, not the program's. It costs a lowering: 1-4 ms per
 * sampled variant of the full dataset's programs on the workplace machine
 * (docs/costmodel.md, "Code features"), so a search uses it to rank a few
 * candidates (the k best of an additive proxy), not to score every e-node;
 * term features stay the fast path.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_CODEFEAT_H
#define ARIADNE_RUNTIME_CODEFEAT_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The layout of the vector; model files and datasets record it through
 * the measured layout (costmodel/model.h). Bump on any change. */
#define ARI_CODEFEAT_VERSION 2

/* X(ID, name, meaning): every count is per run of the function. */
#define ARI_CODEFEAT_LIST(X)                                                               \
  X(LOAD_UNIT, "code_load_unit", "bytes loaded, only the last index moving in the loop")   \
  X(LOAD_STRIDED, "code_load_strided", "bytes loaded with another index moving")           \
  X(LOAD_INVARIANT, "code_load_invariant", "bytes loaded at an index the loop keeps")      \
  X(STORE_UNIT, "code_store_unit", "bytes stored, unit stride")                            \
  X(STORE_STRIDED, "code_store_strided", "bytes stored, strided")                          \
  X(STORE_INVARIANT, "code_store_invariant", "bytes stored at an invariant index")         \
  X(LINE_STRIDED, "code_line_strided",                                                       \
    "of the strided bytes, those whose index steps 64 B or more (a new cache line each)")  \
  X(PAGE_STRIDED, "code_page_strided",                                                       \
    "of the strided bytes, those whose index steps 4 KiB or more (a new page each)")       \
  X(OPS_SCALAR, "code_ops_scalar", "scalar arith/math op executions")                      \
  X(OPS_VECTOR, "code_ops_vector", "vector arith/math instructions executed")              \
  X(OPS_LANES, "code_ops_lanes", "lanes of all arith/math executions")                     \
  X(TRANSCENDENTAL, "code_transcendental", "lanes of math ops but fma/abs")                \
  X(DIVISIONS, "code_divisions", "lanes of divisions and remainders")                      \
  X(EXTRACTS, "code_extracts", "vector.extract executions")                                \
  X(INSERTS, "code_inserts", "vector.insert executions")                                   \
  X(BROADCASTS, "code_broadcasts", "vector.broadcast executions")                          \
  X(LOOP_ALLOCS, "code_loop_allocs", "memref.alloc/alloca executions inside loops")        \
  X(ALLOC_BYTES, "code_alloc_bytes", "bytes allocated, all executions")                    \
  X(MAPPED_BYTES, "code_mapped_bytes", "of those, heap blocks of 128 KiB or more (fresh pages)") \
  X(LOOPS, "code_loops", "loops in the code")                                              \
  X(PAR_LOOPS, "code_par_loops", "scf.parallel loops")                                     \
  X(MAX_DEPTH, "code_max_depth", "deepest loop nesting")                                   \
  X(PAR_TRIPS, "code_par_trips", "iterations of the outermost parallel loop (1: none)")   \
  X(PAR_LAUNCHES, "code_par_launches", "executions of parallel loops (fork/join of the team)") \
  X(HOT_TRIPS, "code_hot_trips", "trips of the loop around the most executed access")      \
  X(CARRIED_VECTOR, "code_carried_vector", "loops carrying vector values (iter_args)")      \
  X(CARRIED_SCALAR, "code_carried_scalar", "loops carrying scalar values")                 \
  X(UNKNOWN_TRIPS, "code_unknown_trips", "loops whose trip count is not a constant")       \
  X(OPS_PER_BYTE, "code_ops_per_byte", "op lanes / bytes loaded and stored")                 \
  X(AUTOVEC_OPS, "code_autovec_ops",                                                         \
    "scalar op executions in innermost loops LLVM can vectorise (no carried value, no "    \
    "strided access, 4 or more trips)")                                                    \
  X(AUTOVEC_BYTES, "code_autovec_bytes", "bytes loaded and stored in those loops")

enum {
#define ARI_CODEFEAT_X(id, name, doc) ARI_CODEFEAT_##id,
  ARI_CODEFEAT_LIST(ARI_CODEFEAT_X)
#undef ARI_CODEFEAT_X
  ARI_CODEFEAT_COUNT
};

/* The passes run after convert-rise-to-affine and before counting
 * (canonicalisation, CSE, loop-invariant code motion); skipped for code of
 * more than ARI_CODEFEAT_MAX_CLEANUP_OPS operations, whose cleanup would
 * take minutes (fully unrolled nests), which is then counted as lowered. */
const char *ariCodeFeatPipeline(void);
enum { ARI_CODEFEAT_MAX_CLEANUP_OPS = 100000 };

/* Features of `func` (a func.func of rise ops; its context prepared with
 * ariCompileRegister) into out[0..ARI_CODEFEAT_COUNT). The function is
 * cloned into a scratch module: func itself is not changed. False when it
 * does not lower (diagnostics go to the context's handlers), with a reason
 * in err. */
bool ariCodeFeatures(MlirOperation func, double *out, char *err, size_t errCap);

/* Counting alone, on a module already lowered (any affine/scf/vector/
 * memref module): for tests and tools. */
void ariCodeFeatCount(MlirModule lowered, double *out);

/* Operation executions by kind (XLA-RL's observation, docs/rl.md,
 * "Environment 2 with upstream passes"), on a module whose loops are scf
 * (run lower-affine first; affine.for is counted too, but affine index
 * maps are free there and cost arith ops after lowering). Every op but
 * constants and terminators counts once per execution, weighted like the
 * features by the trip counts of the enclosing loops; a loop adds its
 * iterations (the increment, compare and branch each runs). Trip counts
 * that are not constants are bounded where the bounds differ by a
 * constant or a minimum of constants (a tile's `min(iv + 32, n)` above
 * `iv`), so a pass cannot hide work by making a bound symbolic; still
 * unknown: 1. */
#define ARI_CODEOP_LIST(X)                                                               \
  X(LOOP, "loop_iterations", "iterations of scf/affine loops")                           \
  X(LOAD, "load", "scalar loads")                                                        \
  X(VLOAD, "vector_load", "vector loads and transfer reads")                             \
  X(STORE, "store", "scalar stores")                                                     \
  X(VSTORE, "vector_store", "vector stores and transfer writes")                         \
  X(FARITH, "float_arith", "scalar float add/sub/mul/neg/min/max")                       \
  X(IARITH, "int_arith", "scalar integer and index arithmetic")                          \
  X(VARITH, "vector_arith", "arith ops on vectors (but division and fma)")               \
  X(DIV, "div_rem", "divisions and remainders, scalar or vector")                        \
  X(FMA, "fma", "math.fma and vector.fma")                                               \
  X(MATH, "transcendental", "math ops but fma and abs")                                  \
  X(CMP, "cmp_select", "comparisons and selects")                                        \
  X(CAST, "cast", "casts and bitcasts")                                                  \
  X(AFFINE, "affine_index", "affine.apply/min/max and other index ops left")             \
  X(LANES, "vector_lanes", "vector extract/insert/broadcast/shuffle/reduction")          \
  X(MEMREF, "memref", "allocations, deallocations, views and other memref ops")          \
  X(CONTROL, "control", "scf.if, calls and other control")                               \
  X(OTHER, "other", "everything else")

enum {
#define ARI_CODEOP_X(id, name, doc) ARI_CODEOP_##id,
  ARI_CODEOP_LIST(ARI_CODEOP_X)
#undef ARI_CODEOP_X
  ARI_CODEOP_COUNT
};

/* kinds[0..ARI_CODEOP_COUNT) and, when feat is not NULL, the features of
 * ariCodeFeatCount (with the bounded trip counts above) in one walk. The
 * sum of kinds is the op count. */
void ariCodeOpCount(MlirModule lowered, double *kinds, double *feat);
const char *ariCodeOpName(unsigned i);
const char *ariCodeOpDoc(unsigned i);

/* The operations of op (itself included), counted until more than
 * `limit`: a bound on the work a pass or a count will take. */
intptr_t ariCodeCountOps(MlirOperation op, intptr_t limit);

/* The name of feature i ("code_..."), its meaning; NULL when out of range. */
const char *ariCodeFeatName(unsigned i);
const char *ariCodeFeatDoc(unsigned i);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_CODEFEAT_H */
