/*===- types.c - helpers over rise and builtin types ----------------------===*/

#include "ariadne-c/Types.h"
#include "ariadne-c/Rise.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

bool riseIsScalar(MlirType t) {
  if (mlirTypeIsAF32(t) || mlirTypeIsAF64(t) || mlirTypeIsAIndex(t))
    return true;
  if (!mlirTypeIsAInteger(t) || !mlirIntegerTypeIsSignless(t))
    return false;
  unsigned w = mlirIntegerTypeGetWidth(t);
  return w == 1 || w == 32 || w == 64;
}

bool riseIsScalarOrVector(MlirType t) {
  if (riseIsScalar(t))
    return true;
  return mlirTypeIsAVector(t) && mlirShapedTypeGetRank(t) == 1 &&
         !mlirVectorTypeIsScalable(t) && riseIsScalar(mlirShapedTypeGetElementType(t));
}

bool riseIsDataType(MlirType t) {
  if (riseIsScalarOrVector(t))
    return true;
  if (mlirTypeIsARisePair(t))
    return riseIsDataType(mlirRisePairTypeGetFirst(t)) &&
           riseIsDataType(mlirRisePairTypeGetSecond(t));
  if (mlirTypeIsARiseArray(t))
    return riseIsDataType(mlirRiseArrayTypeGetElementType(t));
  return false;
}

MlirType riseArrayForMemRef(MlirType shaped) {
  MlirType t = mlirShapedTypeGetElementType(shaped);
  for (intptr_t i = mlirShapedTypeGetRank(shaped) - 1; i >= 0; --i) {
    int64_t d = mlirShapedTypeGetDimSize(shaped, i);
    if (d <= 0) /* a zero-sized dimension has no rise array */
      return mlirNoneTypeGet(mlirTypeGetContext(shaped));
    t = mlirRiseArrayTypeGet(t, d);
  }
  return t;
}

static void sinkAppend(MlirStringRef s, void *user) { ariStrAppend(user, s.data, s.length); }

void riseTypeToString(MlirType t, char *buf, size_t cap) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  mlirTypePrint(t, sinkAppend, &o);
  if (!ariStrOk(&o) && cap > 4) /* cut off: say so */
    memcpy(buf + cap - 4, "...", 4);
}

bool riseOpIs(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(name);
  return s.length == n && memcmp(s.data, name, n) == 0;
}

bool riseOpIsRise(MlirOperation op) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length > 5 && memcmp(s.data, "rise.", 5) == 0;
}

static void markOutputs(MlirOperation op, MlirBlock entry, bool *isOut, intptr_t n) {
  if (riseOpKind(op) == RISE_OP_OUT) {
    MlirValue m = mlirOperationGetOperand(op, 1);
    if (mlirValueIsABlockArgument(m) && mlirBlockEqual(mlirBlockArgumentGetOwner(m), entry)) {
      intptr_t k = mlirBlockArgumentGetArgNumber(m);
      if (k >= 0 && k < n)
        isOut[k] = true;
    }
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        markOutputs(o, entry, isOut, n);
}

void riseFuncOutputArgs(MlirOperation func, bool *isOut, intptr_t n) {
  for (intptr_t i = 0; i < n; ++i)
    isOut[i] = false;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry))
    return;
  for (MlirOperation o = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    markOutputs(o, entry, isOut, n);
}
