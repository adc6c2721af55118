/*===- types.h - helpers over rise and builtin types (internal) -----------===*\
 *
 * Small queries shared by the verifier, the interpreter and the passes.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_DIALECT_TYPES_H
#define ARIADNE_DIALECT_TYPES_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* f32, f64, i1, i32, i64 or index: the scalars RISE programs compute on. */
bool riseIsScalar(MlirType t);

/* A scalar or a 1-D vector of scalars: what a memref element may be. */
bool riseIsScalarOrVector(MlirType t);

/* Scalars, 1-D vectors, pairs and arrays of data types. */
bool riseIsDataType(MlirType t);

/* The rise value type that views a statically shaped memref or tensor:
 * nested arrays of its shape over its element type, or the element type
 * itself for rank 0. */
MlirType riseArrayForMemRef(MlirType shaped);

/* Prints `t` into buf (always NUL-terminated, truncated with "..."). */
void riseTypeToString(MlirType t, char *buf, size_t cap);

/* True if `op` is named exactly `name`. */
bool riseOpIs(MlirOperation op, const char *name);

/* True if `op` belongs to the rise dialect. */
bool riseOpIsRise(MlirOperation op);

/* Marks in isOut[0..n) the arguments of func.func `func` that a rise.out
 * writes (its outputs). */
void riseFuncOutputArgs(MlirOperation func, bool *isOut, intptr_t n);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_DIALECT_TYPES_H */
