/*===- ariadne-c/Rise.h - C API of the rise dialect -----------------------===*\
 *
 * The rise dialect mirrors the RISE functional array IR. This header gives C
 * programs everything they need to build, inspect and verify rise programs:
 * the dialect handle, the data types and the attributes that ops carry.
 * Operations are created with the generic MLIR C API (mlirOperationCreate)
 * using the op names and attribute names documented in docs/dialect.md.
 *
 * Conventions follow upstream the mlir-c/Dialect headers: `mlirTypeIsA...` tests,
 * `...Get` constructors, `...Get<Field>` accessors.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_C_RISE_H
#define ARIADNE_C_RISE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Gives mlirGetDialectHandle__rise__(). */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Rise, rise);

/*--- Types ---------------------------------------------------------------*/

/* True if `t` is a !rise.array. */
MLIR_CAPI_EXPORTED bool mlirTypeIsARiseArray(MlirType t);

/* The array type `size`.`element`; size must be positive. Nest calls for
 * multi-dimensional arrays: 4.8.f32 is Get(Get(f32, 8), 4). */
MLIR_CAPI_EXPORTED MlirType mlirRiseArrayTypeGet(MlirType element, int64_t size);

/* The static element count of an array type. */
MLIR_CAPI_EXPORTED int64_t mlirRiseArrayTypeGetSize(MlirType t);

/* The size as stored: an `index` IntegerAttr today; reserved for symbolic
 * nat expressions later. */
MLIR_CAPI_EXPORTED MlirAttribute mlirRiseArrayTypeGetSizeAttr(MlirType t);

MLIR_CAPI_EXPORTED MlirType mlirRiseArrayTypeGetElementType(MlirType t);

/* True if `t` is a !rise.pair. */
MLIR_CAPI_EXPORTED bool mlirTypeIsARisePair(MlirType t);

MLIR_CAPI_EXPORTED MlirType mlirRisePairTypeGet(MlirContext ctx, MlirType first,
                                                MlirType second);
MLIR_CAPI_EXPORTED MlirType mlirRisePairTypeGetFirst(MlirType t);
MLIR_CAPI_EXPORTED MlirType mlirRisePairTypeGetSecond(MlirType t);

/*--- Attributes ----------------------------------------------------------*/

/* The `kind` attribute of rise.map / rise.reduce. Its absence is the
 * high-level pattern (MlirRisePatternKindNone). Values match the dialect's
 * enum, so they are stable in IR files. */
typedef enum MlirRisePatternKind {
  MlirRisePatternKindNone = 0,
  MlirRisePatternKindSeq = 1,
  MlirRisePatternKindUnroll = 2,
  MlirRisePatternKindPar = 3,
  MlirRisePatternKindVec = 4,
  MlirRisePatternKindGlobal = 5,
  MlirRisePatternKindWorkgroup = 6,
  MlirRisePatternKindLocal = 7,
  MlirRisePatternKindStream = 8,
  MlirRisePatternKindIterate = 9
} MlirRisePatternKind;

/* The `addr` attribute of rise.to_mem, rise.circular_buffer and
 * rise.rotate_values. */
typedef enum MlirRiseAddressSpace {
  MlirRiseAddressSpaceGlobal = 0,
  MlirRiseAddressSpaceLocal = 1,
  MlirRiseAddressSpacePrivate = 2
} MlirRiseAddressSpace;

/* Builds a `kind` attribute; `kind` must not be None. */
MLIR_CAPI_EXPORTED MlirAttribute
mlirRisePatternKindAttrGet(MlirContext ctx, MlirRisePatternKind kind);

MLIR_CAPI_EXPORTED bool mlirAttributeIsARisePatternKind(MlirAttribute a);

/* The kind held by `a`; None for a null attribute (an absent `kind`). */
MLIR_CAPI_EXPORTED MlirRisePatternKind
mlirRisePatternKindAttrGetValue(MlirAttribute a);

MLIR_CAPI_EXPORTED MlirAttribute
mlirRiseAddressSpaceAttrGet(MlirContext ctx, MlirRiseAddressSpace addr);

MLIR_CAPI_EXPORTED bool mlirAttributeIsARiseAddressSpace(MlirAttribute a);

MLIR_CAPI_EXPORTED MlirRiseAddressSpace
mlirRiseAddressSpaceAttrGetValue(MlirAttribute a);

/* The keyword of a kind as it appears in IR ("seq", "global", ...); "" for
 * None. */
MLIR_CAPI_EXPORTED const char *mlirRisePatternKindGetName(MlirRisePatternKind k);
MLIR_CAPI_EXPORTED const char *mlirRiseAddressSpaceGetName(MlirRiseAddressSpace a);

/*--- Operations ----------------------------------------------------------*/

/* The number of ops the rise dialect has registered in `ctx`: 0 until the
 * dialect is loaded there. With the next function it lets C code check its
 * op list (ariadne-c/RiseOps.def) against the ops that ODS defines. */
MLIR_CAPI_EXPORTED intptr_t mlirRiseContextGetNumRegisteredOperations(MlirContext ctx);

/* The full name ("rise.map") of the i-th of those ops, in no promised
 * order; i must be below mlirRiseContextGetNumRegisteredOperations(ctx). */
MLIR_CAPI_EXPORTED MlirStringRef mlirRiseContextGetRegisteredOperationName(MlirContext ctx,
                                                                           intptr_t i);

/*--- Verification --------------------------------------------------------*/

/* Checks the RISE typing rules of one rise op (not its nested ops) and
 * emits a diagnostic at the op's location naming the violated rule. Every
 * rise op's verifier calls this; it is exported so that tools which build
 * ops can check them one at a time. */
MLIR_CAPI_EXPORTED MlirLogicalResult ariadneRiseVerifyOp(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_C_RISE_H */
