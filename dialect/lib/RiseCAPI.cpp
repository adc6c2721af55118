//===- RiseCAPI.cpp - C API glue for the rise dialect ----------------------===//

#include "ariadne-c/Rise.h"
#include "ariadne/Dialect/Rise/RiseDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

using namespace mlir;
using namespace ariadne::rise;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Rise, rise, RiseDialect)

bool mlirTypeIsARiseArray(MlirType t) { return llvm::isa<ArrayType>(unwrap(t)); }

MlirType mlirRiseArrayTypeGet(MlirType element, int64_t size) {
  return wrap(ArrayType::get(size, unwrap(element)));
}

int64_t mlirRiseArrayTypeGetSize(MlirType t) {
  return llvm::cast<ArrayType>(unwrap(t)).getStaticSize();
}

MlirAttribute mlirRiseArrayTypeGetSizeAttr(MlirType t) {
  return wrap(llvm::cast<ArrayType>(unwrap(t)).getSize());
}

MlirType mlirRiseArrayTypeGetElementType(MlirType t) {
  return wrap(llvm::cast<ArrayType>(unwrap(t)).getElementType());
}

bool mlirTypeIsARisePair(MlirType t) { return llvm::isa<PairType>(unwrap(t)); }

MlirType mlirRisePairTypeGet(MlirContext ctx, MlirType first, MlirType second) {
  return wrap(PairType::get(unwrap(ctx), unwrap(first), unwrap(second)));
}

MlirType mlirRisePairTypeGetFirst(MlirType t) {
  return wrap(llvm::cast<PairType>(unwrap(t)).getFirst());
}

MlirType mlirRisePairTypeGetSecond(MlirType t) {
  return wrap(llvm::cast<PairType>(unwrap(t)).getSecond());
}

MlirAttribute mlirRisePatternKindAttrGet(MlirContext ctx, MlirRisePatternKind k) {
  return wrap(PatternKindAttr::get(unwrap(ctx), static_cast<PatternKind>(k)));
}

bool mlirAttributeIsARisePatternKind(MlirAttribute a) {
  return llvm::isa<PatternKindAttr>(unwrap(a));
}

MlirRisePatternKind mlirRisePatternKindAttrGetValue(MlirAttribute a) {
  if (mlirAttributeIsNull(a))
    return MlirRisePatternKindNone;
  return static_cast<MlirRisePatternKind>(
      llvm::cast<PatternKindAttr>(unwrap(a)).getValue());
}

MlirAttribute mlirRiseAddressSpaceAttrGet(MlirContext ctx, MlirRiseAddressSpace a) {
  return wrap(AddressSpaceAttr::get(unwrap(ctx), static_cast<AddressSpace>(a)));
}

bool mlirAttributeIsARiseAddressSpace(MlirAttribute a) {
  return llvm::isa<AddressSpaceAttr>(unwrap(a));
}

MlirRiseAddressSpace mlirRiseAddressSpaceAttrGetValue(MlirAttribute a) {
  return static_cast<MlirRiseAddressSpace>(
      llvm::cast<AddressSpaceAttr>(unwrap(a)).getValue());
}

const char *mlirRisePatternKindGetName(MlirRisePatternKind k) {
  if (k == MlirRisePatternKindNone)
    return "";
  return stringifyPatternKind(static_cast<PatternKind>(k)).data();
}

const char *mlirRiseAddressSpaceGetName(MlirRiseAddressSpace a) {
  return stringifyAddressSpace(static_cast<AddressSpace>(a)).data();
}

intptr_t mlirRiseContextGetNumRegisteredOperations(MlirContext ctx) {
  return static_cast<intptr_t>(
      unwrap(ctx)->getRegisteredOperationsByDialect(RiseDialect::getDialectNamespace()).size());
}

MlirStringRef mlirRiseContextGetRegisteredOperationName(MlirContext ctx, intptr_t i) {
  return wrap(unwrap(ctx)
                  ->getRegisteredOperationsByDialect(RiseDialect::getDialectNamespace())[i]
                  .getStringRef());
}
