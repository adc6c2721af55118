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

struct AriArena;

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
 * scalar (or 1-D vector) passed by value (data points at it). */
typedef struct AriHostArg {
  bool isMemRef;
  AriScalarKind scalar;
  int64_t lanes;                 /* 1 unless the element is vector<lanes x scalar> */
  int rank;                      /* 0 for scalars and rank-0 memrefs */
  int64_t shape[ARI_MAX_RANK];
  void *data;
} AriHostArg;

/* Limits; zero means the default (no step limit, 8 GiB of interpreter
 * memory). Exceeding one is an error diagnostic ("interpreter stopped:
 * executed-op limit of N reached", "... memory limit of N bytes reached"),
 * not a crash. Interpreter memory is bounded by the program text, not by
 * trip counts: each op's result buffer is allocated once. */
typedef struct AriInterpLimits {
  int64_t maxOps;       /* executed ops */
  size_t maxBytes;      /* interpreter-owned memory */
} AriInterpLimits;

/* Work done by one run, counted per executed op with the same rules as the
 * rise-stats pass: flops, transcendentals, bytesRead and bytesWritten equal
 * what rise-stats reports for the function. `ops` counts every executed
 * op, terminators (rise.yield, func.return) included; an op in a region
 * counts once per execution of the region. */
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

/* Number of scalars in an argument's buffer (product of shape times lanes),
 * or -1 when that does not fit in int64 (no buffer can hold it). */
int64_t ariHostArgNumScalars(const AriHostArg *arg);

/* Scalar i of an argument's buffer (0 <= i < ariHostArgNumScalars), widened
 * to double: exact for f32, f64, i1, i32 and integers up to 2^53. */
double ariHostArgScalar(const AriHostArg *arg, int64_t i);

/* Allocates zeroed buffers for every argument from `arena`; false when out
 * of memory. */
bool ariHostArgsAlloc(AriHostArg *args, intptr_t nargs, struct AriArena *arena);

/* Deterministic pseudo-random fill from `seed` (same seed, same values on
 * every machine): floats uniform in [-1, 1), i32/i64 in [-8, 8], i1 0/1,
 * index in [0, 8). */
void ariHostArgFillRandom(AriHostArg *arg, uint64_t seed);

/* Sets written[k] for each argument k < nargs of `func` that a rise.out
 * writes (the function's outputs), clears the others. */
void ariInterpOutputArgs(MlirOperation func, bool *written, intptr_t nargs);

/* Evaluates `func` on args (as described by ariInterpDescribeArgs, with
 * data filled in). rise.out writes into the memref buffers. `limits` and
 * `counters` may be NULL; on failure the counters hold the work done up to
 * the error. The function is verified first, and every op or type the
 * interpreter cannot run is diagnosed before anything executes. Besides
 * the rise ops it runs func.return and the arith and math ops on scalars
 * and vectors; integer division by zero, signed division overflow, shifts
 * by the bit width or more, float-to-integer conversions that do not fit
 * and rise.idx out of range are error diagnostics. */
MlirLogicalResult ariInterpRun(MlirOperation func, AriHostArg *args, intptr_t nargs,
                               const AriInterpLimits *limits, AriInterpCounters *counters);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_C_INTERP_H */
