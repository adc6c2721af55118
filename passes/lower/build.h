/*===- build.h - emitting affine/scf/memref/arith/vector ops from C -------===*\
 *
 * A small IR builder over the MLIR C API for the rise lowering: an
 * insertion point, index arithmetic that stays affine while its operands
 * are affine (so loads and stores can be affine.load/affine.store), and
 * loops of every form the lowering needs (affine.for, scf.parallel, or full
 * unrolling), driven by a body callback so that one emitter serves all
 * forms.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_LOWER_BUILD_H
#define ARIADNE_PASSES_LOWER_BUILD_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

enum { LB_MAX_ITER = 16, LB_MAX_RANK = 8 };

/* Trip counts up to this are unrolled in full; longer "unroll" loops are an
 * affine.for marked with the unit attribute `rise.unroll`, so code size
 * stays bounded (a later pass may unroll them). */
enum { LB_UNROLL_MAX = 64 };

/* Where new ops go: before `before`, or at the end of `block` when
 * `before` is null. */
typedef struct LbPoint {
  MlirBlock block;
  MlirOperation before;
} LbPoint;

typedef struct LbBuilder {
  MlirContext ctx;
  MlirLocation loc; /* location given to new ops */
  LbPoint ip;
} LbBuilder;

/* Inserts `op` (owned by the caller) at the insertion point. */
void lbInsert(LbBuilder *b, MlirOperation op);

/* Creates and inserts an op; `attrs` is "name1", attr1, ... as parallel
 * arrays of nattrs entries. Returns the op. */
MlirOperation lbCreate(LbBuilder *b, const char *name, intptr_t nops, const MlirValue *ops,
                       intptr_t nres, const MlirType *res, intptr_t nattrs,
                       const char *const *attrNames, const MlirAttribute *attrs);

MlirAttribute lbParseAttr(LbBuilder *b, const char *text);

MlirValue lbConstIndex(LbBuilder *b, int64_t v);

/* True with *out set when `v` is an arith.constant of an integer/index. */
bool lbIsConstIndex(MlirValue v, int64_t *out);

/* Index arithmetic: folded when constant, affine.apply when every operand
 * is a valid affine dimension, arith otherwise. */
MlirValue lbAdd(LbBuilder *b, MlirValue x, MlirValue y);
MlirValue lbAddC(LbBuilder *b, MlirValue x, int64_t c);
MlirValue lbMulC(LbBuilder *b, MlirValue x, int64_t c);
MlirValue lbDivC(LbBuilder *b, MlirValue x, int64_t c); /* x >= 0 */
MlirValue lbModC(LbBuilder *b, MlirValue x, int64_t c); /* x >= 0 */
/* max(lo, min(x, hi)) with arith ops (not affine). */
MlirValue lbClamp(LbBuilder *b, MlirValue x, int64_t lo, int64_t hi);
/* The i1 lo <= x < hi. */
MlirValue lbInRange(LbBuilder *b, MlirValue x, int64_t lo, int64_t hi);

/* affine.load/affine.store when every index is affine, memref.load/store
 * otherwise. */
MlirValue lbLoad(LbBuilder *b, MlirValue mem, intptr_t n, const MlirValue *idx);
void lbStore(LbBuilder *b, MlirValue val, MlirValue mem, intptr_t n, const MlirValue *idx);

MlirValue lbVecLoad(LbBuilder *b, MlirType vt, MlirValue mem, intptr_t n, const MlirValue *idx);
void lbVecStore(LbBuilder *b, MlirValue val, MlirValue mem, intptr_t n, const MlirValue *idx);
/* Lane `lane` (any index value) of vector `v`. */
MlirValue lbExtract(LbBuilder *b, MlirValue v, MlirValue lane);
MlirValue lbFromElements(LbBuilder *b, MlirType vt, intptr_t n, const MlirValue *lanes);
MlirValue lbBroadcast(LbBuilder *b, MlirType vt, MlirValue scalar);
MlirValue lbSelect(LbBuilder *b, MlirValue c, MlirValue x, MlirValue y);
/* scf.if c (no else, no results); returns the point before its yield,
 * where the ops it guards go. */
LbPoint lbIfThen(LbBuilder *b, MlirValue c);

/* Loop forms. */
typedef enum LbLoopKind {
  LB_LOOP_AFFINE,   /* affine.for, iter_args allowed */
  LB_LOOP_PARALLEL, /* scf.parallel, no iter_args */
  LB_LOOP_UNROLL,   /* fully unrolled up to LB_UNROLL_MAX trips */
} LbLoopKind;

/* Emits the body of one iteration at b->ip: `iv` is the index, iter[] the
 * carried values; writes the next carried values into next[]. Returns
 * false after emitting a diagnostic. */
typedef bool (*LbBodyFn)(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                         void *user);

/* Loop over 0..n-1 carrying niter values from init[]; the final carried
 * values go to out[] (which may be NULL when niter is 0). While the body is emitted, b->ip.block is the loop's
 * body block. Returns false on failure. */
bool lbLoop(LbBuilder *b, LbLoopKind kind, int64_t n, intptr_t niter, const MlirValue *init,
            MlirValue *out, LbBodyFn body, void *user);

/* The same over lo..hi-1; *loop (when not NULL) receives the loop op
 * (null when unrolled), whose bounds lbSetLoopBounds may change later. */
bool lbLoopRange(LbBuilder *b, LbLoopKind kind, int64_t lo, int64_t hi, intptr_t niter,
                 const MlirValue *init, MlirValue *out, LbBodyFn body, void *user,
                 MlirOperation *loop);

/* Sets the bounds of an affine.for or scf.parallel built by lbLoopRange to
 * lo..hi-1 (for loops whose range is known only once their body is built:
 * the interior of a peeled loop). */
void lbSetLoopBounds(LbBuilder *b, MlirOperation loop, int64_t lo, int64_t hi);

/* The constant bounds lo..hi-1 of an affine.for or scf.parallel; false when
 * they are not constants. */
bool lbLoopBounds(MlirOperation loop, int64_t *lo, int64_t *hi);

#endif /* ARIADNE_PASSES_LOWER_BUILD_H */
