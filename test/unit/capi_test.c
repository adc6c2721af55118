/*===- capi_test.c - building rise programs from C ------------------------===*\
 *
 * Exercises include/ariadne-c/Rise.h the way a C client would: types and
 * attributes through their constructors and accessors, ops through the
 * generic MLIR C API, then verification and printing, and a round trip of
 * the printed text through the parser.
 *
\*===----------------------------------------------------------------------===*/

#include "ariadne-c/Rise.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/MemRef.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"
#include "utils/strbuf.h"

static void toText(MlirStringRef s, void *user) { ariStrAppend(user, s.data, s.length); }

static MlirLogicalResult captureDiag(MlirDiagnostic d, void *user) {
  AriStr *t = user;
  mlirDiagnosticPrint(d, toText, t);
  toText(mlirStringRefCreateFromCString("\n"), t);
  return mlirLogicalResultSuccess();
}

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), a);
}

static MlirOperation create(MlirBlock block, const char *name, MlirLocation loc, intptr_t nops,
                            MlirValue *ops, intptr_t nres, MlirType *res, intptr_t nattrs,
                            MlirNamedAttribute *attrs, MlirRegion *region) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, nres, res);
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  if (region)
    mlirOperationStateAddOwnedRegions(&st, 1, region);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockAppendOwnedOperation(block, op);
  return op;
}

static void testTypesAndAttributes(MlirContext ctx) {
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType inner = mlirRiseArrayTypeGet(f32, 8);
  MlirType outer = mlirRiseArrayTypeGet(inner, 4);
  CHECK(mlirTypeIsARiseArray(outer));
  CHECK(!mlirTypeIsARiseArray(f32));
  CHECK(mlirRiseArrayTypeGetSize(outer) == 4);
  CHECK(mlirTypeEqual(mlirRiseArrayTypeGetElementType(outer), inner));
  MlirAttribute size = mlirRiseArrayTypeGetSizeAttr(inner);
  CHECK(mlirAttributeIsAInteger(size) && mlirIntegerAttrGetValueInt(size) == 8);
  /* Structurally equal types are uniqued: the parsed shorthand is the same type. */
  MlirType parsed = mlirTypeParseGet(ctx, mlirStringRefCreateFromCString("!rise.array<4x8xf32>"));
  CHECK(mlirTypeEqual(parsed, outer));
  AriStr t;
  ariStrInit(&t, NULL);
  mlirTypePrint(outer, toText, &t);
  CHECK(!strcmp(ariStrText(&t), "!rise.array<4x8xf32>"));
  ariStrFree(&t);

  MlirType pair = mlirRisePairTypeGet(ctx, f32, inner);
  CHECK(mlirTypeIsARisePair(pair) && !mlirTypeIsARisePair(inner));
  CHECK(mlirTypeEqual(mlirRisePairTypeGetFirst(pair), f32));
  CHECK(mlirTypeEqual(mlirRisePairTypeGetSecond(pair), inner));

  for (int k = MlirRisePatternKindSeq; k <= MlirRisePatternKindIterate; ++k) {
    MlirAttribute a = mlirRisePatternKindAttrGet(ctx, (MlirRisePatternKind)k);
    CHECK(mlirAttributeIsARisePatternKind(a));
    CHECK(mlirRisePatternKindAttrGetValue(a) == (MlirRisePatternKind)k);
  }
  MlirAttribute none = {NULL};
  CHECK(mlirRisePatternKindAttrGetValue(none) == MlirRisePatternKindNone);
  CHECK(!strcmp(mlirRisePatternKindGetName(MlirRisePatternKindGlobal), "global"));
  CHECK(!strcmp(mlirRisePatternKindGetName(MlirRisePatternKindNone), ""));
  MlirAttribute priv = mlirRiseAddressSpaceAttrGet(ctx, MlirRiseAddressSpacePrivate);
  CHECK(mlirAttributeIsARiseAddressSpace(priv));
  CHECK(mlirRiseAddressSpaceAttrGetValue(priv) == MlirRiseAddressSpacePrivate);
  CHECK(!strcmp(mlirRiseAddressSpaceGetName(MlirRiseAddressSpaceLocal), "local"));
}

/* Builds  func @square(%in: memref<6xf32>, %out: memref<2x3xf32>) that
 * squares every element with a parallel map and splits the result. */
static MlirModule buildSquare(MlirContext ctx, int64_t splitBy) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType f32 = mlirF32TypeGet(ctx);
  int64_t shapeIn[1] = {6}, shapeOut[2] = {6 / splitBy, splitBy};
  MlirAttribute noLayout = mlirAttributeGetNull();
  MlirType memIn = mlirMemRefTypeGet(f32, 1, shapeIn, noLayout, noLayout);
  MlirType memOut = mlirMemRefTypeGet(f32, 2, shapeOut, noLayout, noLayout);
  MlirType arr6 = mlirRiseArrayTypeGet(f32, 6);
  MlirType arrOut = mlirRiseArrayTypeGet(mlirRiseArrayTypeGet(f32, splitBy), 6 / splitBy);

  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirType argTypes[2] = {memIn, memOut};
  MlirLocation argLocs[2] = {loc, loc};
  MlirRegion funcBody = mlirRegionCreate();
  MlirBlock entry = mlirBlockCreate(2, argTypes, argLocs);
  mlirRegionAppendOwnedBlock(funcBody, entry);
  MlirNamedAttribute funcAttrs[2] = {
      named(ctx, "sym_name", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("square"))),
      named(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 2, argTypes, 0, NULL)))};
  create(mlirModuleGetBody(module), "func.func", loc, 0, NULL, 0, NULL, 2, funcAttrs, &funcBody);

  MlirValue in = mlirBlockGetArgument(entry, 0);
  MlirOperation view = create(entry, "rise.in", loc, 1, &in, 1, &arr6, 0, NULL, NULL);
  MlirValue x = mlirOperationGetResult(view, 0);

  /* The lambda  \v. v * v  as a region with one block argument. */
  MlirRegion lambda = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(1, &f32, &loc);
  mlirRegionAppendOwnedBlock(lambda, body);
  MlirValue v = mlirBlockGetArgument(body, 0);
  MlirValue vv[2] = {v, v};
  MlirOperation mul = create(body, "arith.mulf", loc, 2, vv, 1, &f32, 0, NULL, NULL);
  MlirValue sq = mlirOperationGetResult(mul, 0);
  create(body, "rise.yield", loc, 1, &sq, 0, NULL, 0, NULL, NULL);
  MlirNamedAttribute kind = named(ctx, "kind", mlirRisePatternKindAttrGet(ctx, MlirRisePatternKindPar));
  MlirOperation map = create(entry, "rise.map", loc, 1, &x, 1, &arr6, 1, &kind, &lambda);
  MlirValue mapped = mlirOperationGetResult(map, 0);

  MlirNamedAttribute n = named(ctx, "n", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), splitBy));
  MlirOperation split = create(entry, "rise.split", loc, 1, &mapped, 1, &arrOut, 1, &n, NULL);
  MlirValue outVals[2] = {mlirOperationGetResult(split, 0), mlirBlockGetArgument(entry, 1)};
  create(entry, "rise.out", loc, 2, outVals, 0, NULL, 0, NULL, NULL);
  create(entry, "func.return", loc, 0, NULL, 0, NULL, 0, NULL, NULL);
  return module;
}

static void testBuildVerifyPrint(MlirContext ctx) {
  MlirModule m = buildSquare(ctx, 3);
  MlirOperation op = mlirModuleGetOperation(m);
  CHECK(mlirOperationVerify(op));
  AriStr t;
  ariStrInit(&t, NULL);
  mlirOperationPrint(op, toText, &t);
  const char *text = ariStrText(&t);
  CHECK(strstr(text, "rise.map par %") != NULL);
  CHECK(strstr(text, "rise.split 3 %") != NULL);
  CHECK(strstr(text, "!rise.array<2x3xf32>") != NULL);
  CHECK(strstr(text, "rise.yield") != NULL);

  /* The printed form parses back to an identical module. */
  MlirModule again = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  CHECK(!mlirModuleIsNull(again));
  if (!mlirModuleIsNull(again)) {
    AriStr t2;
    ariStrInit(&t2, NULL);
    mlirOperationPrint(mlirModuleGetOperation(again), toText, &t2);
    CHECK(!strcmp(text, ariStrText(&t2)));
    ariStrFree(&t2);
    mlirModuleDestroy(again);
  }
  ariStrFree(&t);
  mlirModuleDestroy(m);
}

static void testVerifierRejects(MlirContext ctx) {
  /* split 4 of a 6-element array breaks split's divisibility rule; build it
   * by hand since buildSquare keeps types consistent. */
  MlirLocation loc = mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString("built.c"), 7, 3);
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType arr6 = mlirRiseArrayTypeGet(f32, 6);
  MlirType bad = mlirRiseArrayTypeGet(mlirRiseArrayTypeGet(f32, 4), 1);
  MlirRegion r = mlirRegionCreate();
  MlirBlock b = mlirBlockCreate(1, &arr6, &loc);
  mlirRegionAppendOwnedBlock(r, b);
  MlirValue a = mlirBlockGetArgument(b, 0);
  MlirNamedAttribute n = named(ctx, "n", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 4));
  MlirOperation split = create(b, "rise.split", loc, 1, &a, 1, &bad, 1, &n, NULL);

  AriStr diags;
  ariStrInit(&diags, NULL);
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, captureDiag, &diags, NULL);
  CHECK(mlirLogicalResultIsFailure(ariadneRiseVerifyOp(split)));
  mlirContextDetachDiagnosticHandler(ctx, id);
  CHECK(strstr(ariStrText(&diags), "input size 6 is not divisible by n = 4") != NULL);
  ariStrFree(&diags);
  mlirRegionDestroy(r);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  const MlirDialectHandle handles[] = {mlirGetDialectHandle__rise__(), mlirGetDialectHandle__func__(),
                                       mlirGetDialectHandle__arith__(),
                                       mlirGetDialectHandle__memref__()};
  for (size_t i = 0; i < sizeof handles / sizeof handles[0]; ++i) {
    mlirDialectHandleRegisterDialect(handles[i], ctx);
    mlirDialectHandleLoadDialect(handles[i], ctx);
  }
  testTypesAndAttributes(ctx);
  testBuildVerifyPrint(ctx);
  testVerifierRejects(ctx);
  mlirContextDestroy(ctx);
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
