/*===- work.c - per-op work figures ---------------------------------------===*/

#include "ariadne-c/Work.h"
#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static const char *const kFlop1[] = {
    "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf", "arith.negf",
    "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf", "arith.cmpf",
    "math.absf", "math.copysign", "math.floor", "math.ceil", "math.round"};
static const char *const kTranscendental[] = {
    "math.exp", "math.exp2", "math.expm1", "math.log", "math.log2", "math.log10",
    "math.log1p", "math.sqrt", "math.rsqrt", "math.sin", "math.cos", "math.tan",
    "math.tanh", "math.atan", "math.atan2", "math.powf", "math.erf", "math.cbrt"};

static bool inList(MlirOperation op, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (riseOpIs(op, list[i]))
      return true;
  return false;
}

static int64_t lanes(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) == 0)
    return 1;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!mlirTypeIsAVector(t))
    return 1;
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
    n = riseSatMul(n, mlirShapedTypeGetDimSize(t, i));
  return n;
}

RiseOpWork riseOpWork(MlirOperation op) {
  RiseOpWork w = {0, 0};
  if (riseOpIs(op, "math.fma"))
    w.flops = riseSatMul(2, lanes(op));
  else if (inList(op, kFlop1, sizeof kFlop1 / sizeof *kFlop1))
    w.flops = lanes(op);
  else if (inList(op, kTranscendental, sizeof kTranscendental / sizeof *kTranscendental))
    w.transcendentals = lanes(op);
  return w;
}

int64_t riseRegionTrips(MlirOperation op, intptr_t region) {
  (void)region;
  RiseOpKind kind = riseOpKind(op);
  if (kind == RISE_OP_KERNEL)
    return 1;
  if (kind == RISE_OP_GENERATE)
    return mlirRiseArrayTypeGetSize(mlirValueGetType(mlirOperationGetResult(op, 0)));
  MlirValue in = mlirOperationGetOperand(op, kind == RISE_OP_REDUCE ? 1 : 0);
  MlirType t = mlirValueGetType(in);
  if (mlirTypeIsAVector(t))
    return mlirShapedTypeGetDimSize(t, 0);
  if (mlirTypeIsARiseArray(t))
    return mlirRiseArrayTypeGetSize(t);
  return 1;
}

int64_t riseTypeBytes(MlirType t) {
  if (mlirTypeIsAShaped(t)) {
    int64_t n = riseTypeBytes(mlirShapedTypeGetElementType(t));
    for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
      n = riseSatMul(n, mlirShapedTypeGetDimSize(t, i));
    return n;
  }
  if (mlirTypeIsAF32(t))
    return 4;
  if (mlirTypeIsAF64(t) || mlirTypeIsAIndex(t))
    return 8;
  if (mlirTypeIsAInteger(t))
    return (mlirIntegerTypeGetWidth(t) + 7) / 8;
  return 0;
}

int64_t riseValueBytes(MlirType t) {
  if (mlirTypeIsARiseArray(t))
    return riseSatMul(riseValueBytes(mlirRiseArrayTypeGetElementType(t)),
                      mlirRiseArrayTypeGetSize(t));
  if (mlirTypeIsARisePair(t))
    return riseSatAdd(riseValueBytes(mlirRisePairTypeGetFirst(t)),
                      riseValueBytes(mlirRisePairTypeGetSecond(t)));
  return riseTypeBytes(t);
}
