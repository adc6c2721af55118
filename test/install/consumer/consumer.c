/*===- consumer.c - a C program built against an installed Ariadne --------===*\
 *
 * What a downstream user writes: it includes only the installed headers and
 * links only libAriadne.so (test/install/run.sh builds it once with CMake's
 * find_package(Ariadne) and once with pkg-config). It builds
 *
 *   func @square_plus_one(%in: memref<6xf32>, %out: memref<6xf32>)
 *     out = map (+1) (map (x*x) in)
 *
 * through the C API, runs Ariadne's passes by name in a textual pipeline
 * (rise-rewrite fuses the two maps, rise-stats reports the work), and
 * interprets the result. Exit 0 when every step did what it should.
 *
\*===----------------------------------------------------------------------===*/

#include "ariadne-c/Interp.h"
#include "ariadne-c/Pass.h"
#include "ariadne-c/Rise.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* rise.map over `x` whose one-argument lambda applies `op` to (v, v)
 * or, when `constant` is set, to (v, constant). */
static MlirValue mapOf(MlirContext ctx, MlirBlock entry, MlirValue x, const char *op,
                       bool constant) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirRegion lambda = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(1, &f32, &loc);
  mlirRegionAppendOwnedBlock(lambda, body);
  MlirValue v = mlirBlockGetArgument(body, 0);
  MlirValue operands[2] = {v, v};
  if (constant) {
    MlirNamedAttribute value = named(ctx, "value", mlirFloatAttrDoubleGet(ctx, f32, 1.0));
    operands[1] = mlirOperationGetResult(
        create(body, "arith.constant", loc, 0, NULL, 1, &f32, 1, &value, NULL), 0);
  }
  MlirValue r = mlirOperationGetResult(create(body, op, loc, 2, operands, 1, &f32, 0, NULL, NULL), 0);
  create(body, "rise.yield", loc, 1, &r, 0, NULL, 0, NULL, NULL);
  MlirType arr = mlirValueGetType(x);
  /* High-level (no pattern kind): what mapFusion rewrites. */
  return mlirOperationGetResult(create(entry, "rise.map", loc, 1, &x, 1, &arr, 0, NULL, &lambda),
                                0);
}

static MlirModule build(MlirContext ctx) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType f32 = mlirF32TypeGet(ctx);
  int64_t shape[1] = {6};
  MlirType mem = mlirMemRefTypeGet(f32, 1, shape, mlirAttributeGetNull(), mlirAttributeGetNull());
  MlirType arr = mlirRiseArrayTypeGet(f32, 6);
  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirType argTypes[2] = {mem, mem};
  MlirLocation argLocs[2] = {loc, loc};
  MlirRegion funcBody = mlirRegionCreate();
  MlirBlock entry = mlirBlockCreate(2, argTypes, argLocs);
  mlirRegionAppendOwnedBlock(funcBody, entry);
  MlirNamedAttribute funcAttrs[2] = {
      named(ctx, "sym_name", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("square_plus_one"))),
      named(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 2, argTypes, 0, NULL)))};
  create(mlirModuleGetBody(module), "func.func", loc, 0, NULL, 0, NULL, 2, funcAttrs, &funcBody);
  MlirValue in = mlirBlockGetArgument(entry, 0);
  MlirValue x = mlirOperationGetResult(create(entry, "rise.in", loc, 1, &in, 1, &arr, 0, NULL, NULL), 0);
  MlirValue sq = mapOf(ctx, entry, x, "arith.mulf", false);
  MlirValue plus = mapOf(ctx, entry, sq, "arith.addf", true);
  MlirValue outVals[2] = {plus, mlirBlockGetArgument(entry, 1)};
  create(entry, "rise.out", loc, 2, outVals, 0, NULL, 0, NULL, NULL);
  create(entry, "func.return", loc, 0, NULL, 0, NULL, 0, NULL, NULL);
  return module;
}

static MlirWalkResult countMaps(MlirOperation op, void *user) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length == 8 && !memcmp(n.data, "rise.map", 8))
    ++*(int *)user;
  return MlirWalkResultAdvance;
}

static void printText(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, (FILE *)user);
}

int main(void) {
  int failed = 0;
  MlirContext ctx = mlirContextCreate();
  MlirDialectHandle dialects[] = {mlirGetDialectHandle__rise__(), mlirGetDialectHandle__func__(),
                                  mlirGetDialectHandle__arith__(),
                                  mlirGetDialectHandle__memref__()};
  for (size_t i = 0; i < sizeof dialects / sizeof dialects[0]; ++i)
    mlirDialectHandleLoadDialect(dialects[i], ctx);

  MlirModule module = build(ctx);
  MlirOperation mop = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(mop)) {
    fprintf(stderr, "consumer: the built module does not verify\n");
    return 1;
  }
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  int maps = 0;
  mlirOperationWalk(func, countMaps, &maps, MlirWalkPreOrder);

  /* Ariadne's passes by name, as mlirRegisterAllPasses makes MLIR's. */
  ariRegisterAllPasses();
  const char *pipeline = "builtin.module(rise-rewrite{strategy=\"normalize(mapFusion)\" output=-},"
                         "func.func(rise-stats{format=json output=-}))";
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                                       mlirStringRefCreateFromCString(pipeline),
                                                       printText, stderr))) {
    fprintf(stderr, "\nconsumer: the pipeline does not parse\n");
    return 1;
  }
  printf("pipeline: ");
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), printText, stdout);
  printf("\n");
  fflush(stdout);
  if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, mop))) {
    fprintf(stderr, "consumer: the pipeline failed\n");
    failed = 1;
  }
  fflush(stdout);
  mlirPassManagerDestroy(pm);
  int fused = 0;
  mlirOperationWalk(func, countMaps, &fused, MlirWalkPreOrder);
  printf("rise.map ops: %d before, %d after the rewrite\n", maps, fused);
  if (maps != 2 || fused != 1)
    failed = 1;

  /* Interpret the rewritten function. */
  AriHostArg args[2];
  intptr_t nargs = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, args, 2, &nargs)) || nargs != 2) {
    fprintf(stderr, "consumer: cannot describe the arguments\n");
    return 1;
  }
  float in[6], out[6] = {0};
  for (int i = 0; i < 6; ++i)
    in[i] = (float)i - 2.0f;
  args[0].data = in;
  args[1].data = out;
  AriInterpCounters counters;
  if (mlirLogicalResultIsFailure(ariInterpRun(func, args, nargs, NULL, &counters))) {
    fprintf(stderr, "consumer: the interpreter failed\n");
    return 1;
  }
  printf("interpreted:");
  for (int i = 0; i < 6; ++i) {
    printf(" %g", out[i]);
    if (out[i] != in[i] * in[i] + 1.0f)
      failed = 1;
  }
  printf("\nflops: %lld\n", (long long)counters.flops);
  if (counters.flops != 12)
    failed = 1;

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  printf("%s\n", failed ? "FAILED" : "OK");
  return failed;
}
