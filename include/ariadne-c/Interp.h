/*===- ariadne-c/Interp.h - the rise reference interpreter ----------------===*\
 *
 * The interpreter defines what every rise op means. It evaluates one
 * func.func whose body uses the rise dialect plus the func, arith and math
 * ops, on host buffers owned by the caller. Low-level forms (map par,
 * to_mem, circular_buffer, ...) mean exactly what their high-level forms
 * mean. Floating-point arithmetic is done in the program's own precision
 * (f32 in float), and reduce folds from the left, in order.
 *
 * Errors (an unsupported op, a type the interpreter cannot hold, an index
 * out of range, a resource limit) are reported as MLIR diagnostics at the
 * offending op's location, and the call returns failure; the interpreter
 * never aborts.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_C_INTERP_H
#define ARIADNE_C_INTERP_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Element kinds of host buffers. i1 is stored as one byte (0 or 1), index
 * as int64_t. */
typedef enum AriScalarKind {
  ARI_SCALAR_F32,
  ARI_SCALAR_F64,
  ARI_SCALAR_I1,
  ARI_SCALAR_I32,
  ARI_SCALAR_I64,
  ARI_SCALAR_INDEX
} AriScalarKind;

enum { ARI_MAX_RANK = 8 };

/* One argument of the function: a memref (row-major, contiguous, with
 * `lanes` scalars per element when the element type is a vector) or a
 * scalar passed by value (data points at it). */
typedef struct AriHostArg {
  bool isMemRef;
  AriScalarKind scalar;
  int64_t lanes;                 /* 1 unless the element is vector<lanes x scalar> */
  int rank;                      /* 0 for scalars and rank-0 memrefs */
  int64_t shape[ARI_MAX_RANK];
  void *data;
} AriHostArg;

/* Limits; zero means the default (no step limit, 8 GiB of interpreter
 * memory). Exceeding one is an error diagnostic, not a crash. */
typedef struct AriInterpLimits {
  int64_t maxOps;       /* executed ops */
  size_t maxBytes;      /* interpreter-owned memory */
} AriInterpLimits;

/* Work done by one run, counted per executed op with the same rules as the
 * rise-stats pass. */
typedef struct AriInterpCounters {
  int64_t ops;
  int64_t flops;
  int64_t transcendentals;
  int64_t bytesRead;     /* through rise.in */
  int64_t bytesWritten;  /* through rise.out */
} AriInterpCounters;

/* Size in bytes of one scalar of `k` in host buffers. */
size_t ariScalarSize(AriScalarKind k);

/* Describes the arguments `func` expects: fills args[i] (data = NULL) for
 * i < *nargs. Returns failure with a diagnostic at the function when an
 * argument type is not a statically shaped memref of scalars/vectors or a
 * scalar, or when there are more than `cap` arguments. */
MlirLogicalResult ariInterpDescribeArgs(MlirOperation func, AriHostArg *args, intptr_t cap,
                                        intptr_t *nargs);

/* Number of scalars in an argument's buffer (product of shape times lanes). */
int64_t ariHostArgNumScalars(const AriHostArg *arg);

/* Evaluates `func` on args (as described by ariInterpDescribeArgs, with
 * data filled in). rise.out writes into the memref buffers. `limits` and
 * `counters` may be NULL. */
MlirLogicalResult ariInterpRun(MlirOperation func, AriHostArg *args, intptr_t nargs,
                               const AriInterpLimits *limits, AriInterpCounters *counters);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_C_INTERP_H */
