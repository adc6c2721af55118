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

/* Every rise op, numbered from the one list in ariadne-c/RiseOps.def, so
 * that C code switches on a kind instead of comparing op names (a switch
 * without `default` then fails to compile, under -Werror, until it handles
 * an op added to the list). RISE_OP_NONE is 0, what zeroed storage holds,
 * and stands for every op that is not a rise op. */
typedef enum RiseOpKind {
  RISE_OP_NONE = 0,
#define RISE_OP(Kind, Name, OdsClass) RISE_OP_##Kind,
#include "ariadne-c/RiseOps.def"
} RiseOpKind;

/* The size of a table indexed by RiseOpKind, RISE_OP_NONE included: one
 * more than the number of rise ops. Kept out of RiseOpKind so that switches
 * over a kind need not name it. */
enum {
  RISE_OP_NUM_KINDS = 1
#define RISE_OP(Kind, Name, OdsClass) +1
#include "ariadne-c/RiseOps.def"
};

/* The kind of `op`: RISE_OP_NONE for ops of other dialects and for
 * unregistered ops that merely start with "rise.". A binary search over
 * the names, so about five short comparisons, not one per op. */
RiseOpKind riseOpKind(MlirOperation op);

/* The kind of the op named `name` ("rise.map"), as riseOpKind. */
RiseOpKind riseOpKindFromName(MlirStringRef name);

/* The full op name of `k` ("rise.map"), a static string; NULL for
 * RISE_OP_NONE and values outside the enum, which name no op. */
const char *riseOpKindName(RiseOpKind k);

/* True if `op` is named exactly `name`. For ops of other dialects
 * ("func.func", "arith.constant"); rise ops are told apart by riseOpKind. */
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
