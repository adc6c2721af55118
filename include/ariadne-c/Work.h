/*===- work.h - how much work one op execution is (internal) --------------===*\
 *
 * The interpreter counts these per executed op and rise-stats multiplies
 * them by static trip counts, so both report the same figures.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_DIALECT_WORK_H
#define ARIADNE_DIALECT_WORK_H

#include "mlir-c/IR.h"

#include <stdint.h>

typedef struct RiseOpWork {
  int64_t flops;           /* floating-point arithmetic, fma = 2 */
  int64_t transcendentals; /* exp, log, sqrt, trigonometry, pow, ... */
} RiseOpWork;

/* Saturating arithmetic for figures that multiply sizes by trip counts:
 * a program may describe more work than int64 holds, and the figure then
 * stays at INT64_MAX instead of overflowing. Operands are non-negative. */
static inline int64_t riseSatMul(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

static inline int64_t riseSatAdd(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_add_overflow(a, b, &r) ? INT64_MAX : r;
}

/* Work of one execution of a scalar arith/math op, counting every vector
 * lane. Ops that are not floating-point arithmetic have none. */
RiseOpWork riseOpWork(MlirOperation op);

/* How many times the body of region `region` of rise op `op` runs per
 * execution of `op` (n for map/reduce/generate over n elements, the input
 * length for circular_buffer and rotate_values, 1 for kernel). */
int64_t riseRegionTrips(MlirOperation op, intptr_t region);

/* Bytes of one element of a statically shaped memref or of a scalar type. */
int64_t riseTypeBytes(MlirType t);

/* The largest constant (rise.literal) or circular_buffer ring, in bytes,
 * that the verifier accepts: 1 GiB. Both become memory whose size the
 * compiler fixes -- an LLVM global that MLIR's translation copies whole,
 * or a ring allocated at once -- and neither is meant to be large: a
 * bigger constant belongs in an input memref, a ring needs only `alloc`
 * >= its window. Larger sizes (or byte counts that overflow int64) are
 * diagnosed at the op instead of failing later in LLVM or at run time. */
#define RISE_MAX_STATIC_BYTES (INT64_C(1) << 30)

/* Bytes of a value of rise data type t (scalar, vector, array, pair;
 * arrays of pairs counted as their components), saturating at INT64_MAX;
 * 0 for other types. */
int64_t riseValueBytes(MlirType t);

#endif /* ARIADNE_DIALECT_WORK_H */
