/*===- gpu_lower_test.c - the GPU lowering driven from C -------------------===*\
 *
 * A C client runs convert-rise-to-gpu and rise-insert-barriers through its
 * own pass manager and finds the launch, the workgroup buffer and the
 * barriers it expects; a misplaced GPU map fails with its diagnostic; the
 * rise-to-nvvm pipeline text follows its options and rejects bad ones.
 *
\*===----------------------------------------------------------------------===*/

#include "passes/gpu/rise_to_gpu.h"
#include "ariadne-c/Pass.h"
#include "tools/support/mlirutil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

#include "test/check.h"

/* matvec: each work-group stages x in workgroup memory (a barrier before
 * the rows are read), items compute rows; 2 groups loop over 4 blocks, so
 * the buffer is reused (a barrier at the end of the loop body). */
static const char kMatvec[] =
    "func.func @mv(%A: memref<16x8xf32>, %x: memref<8xf32>, %y: memref<16xf32>) {\n"
    "  %m = rise.in %A : memref<16x8xf32> -> !rise.array<16x8xf32>\n"
    "  %v = rise.in %x : memref<8xf32> -> !rise.array<8xf32>\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %b = rise.split 4 %m : !rise.array<16x8xf32> -> !rise.array<4x4x8xf32>\n"
    "  %r = rise.kernel local [4] global [8] : !rise.array<4x4xf32> {\n"
    "    %wg = rise.map workgroup(0) %b : !rise.array<4x4x8xf32> -> !rise.array<4x4xf32> {\n"
    "    ^bb0(%rows: !rise.array<4x8xf32>):\n"
    "      %xl = rise.to_mem local %v : !rise.array<8xf32>\n"
    "      %lo = rise.map local(0) %rows : !rise.array<4x8xf32> -> !rise.array<4xf32> {\n"
    "      ^bb0(%row: !rise.array<8xf32>):\n"
    "        %p = rise.zip %row, %xl : !rise.array<8xf32>, !rise.array<8xf32> -> "
    "!rise.array<8x!rise.pair<f32, f32>>\n"
    "        %s = rise.reduce seq %z, %p : f32, !rise.array<8x!rise.pair<f32, f32>> -> f32 {\n"
    "        ^bb0(%acc: f32, %e: !rise.pair<f32, f32>):\n"
    "          %l = rise.fst %e : !rise.pair<f32, f32> -> f32\n"
    "          %q = rise.snd %e : !rise.pair<f32, f32> -> f32\n"
    "          %t = arith.mulf %l, %q : f32\n"
    "          %n = arith.addf %acc, %t : f32\n"
    "          rise.yield %n : f32\n"
    "        }\n"
    "        rise.yield %s : f32\n"
    "      }\n"
    "      rise.yield %lo : !rise.array<4xf32>\n"
    "    }\n"
    "    rise.yield %wg : !rise.array<4x4xf32>\n"
    "  }\n"
    "  %j = rise.join %r : !rise.array<4x4xf32> -> !rise.array<16xf32>\n"
    "  rise.out %j, %y : !rise.array<16xf32>, memref<16xf32>\n"
    "  return\n"
    "}\n";

static const char kOutside[] =
    "func.func @f(%x: memref<8xf32>, %y: memref<8xf32>) {\n"
    "  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>\n"
    "  %g = rise.map local(0) %a : !rise.array<8xf32> -> !rise.array<8xf32> {\n"
    "  ^bb0(%e: f32):\n"
    "    rise.yield %e : f32\n"
    "  }\n"
    "  rise.out %g, %y : !rise.array<8xf32>, memref<8xf32>\n"
    "  return\n"
    "}\n";

typedef struct Count {
  int launches, barriers, fenced, attributions, riseOps;
} Count;

static MlirWalkResult count(MlirOperation op, void *user) {
  Count *c = user;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length == 10 && !memcmp(n.data, "gpu.launch", 10)) {
    c->launches++;
    MlirAttribute a = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("workgroup_attributions"));
    if (!mlirAttributeIsNull(a))
      c->attributions += (int)mlirIntegerAttrGetValueInt(a);
  }
  if (n.length == 11 && !memcmp(n.data, "gpu.barrier", 11)) {
    c->barriers++;
    if (!mlirAttributeIsNull(
            mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("rise.fences"))))
      c->fenced++;
  }
  if (n.length > 5 && !memcmp(n.data, "rise.", 5))
    c->riseOps++;
  return MlirWalkResultAdvance;
}

static MlirLogicalResult lower(MlirContext ctx, MlirModule m) {
  char err[256];
  MlirPass toGpu = ariPassCreate(ariPassLookup("convert-rise-to-gpu"), "", err, sizeof err);
  MlirPass barriers = ariPassCreate(ariPassLookup("rise-insert-barriers"), "", err, sizeof err);
  CHECK(toGpu.ptr != NULL && barriers.ptr != NULL);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm, toGpu);
  mlirPassManagerAddOwnedPass(pm, barriers);
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
  mlirPassManagerDestroy(pm);
  return r;
}

static void testLowering(MlirContext ctx) {
  MlirModule m = ariParseString(ctx, kMatvec);
  CHECK(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m))
    return;
  CHECK(mlirLogicalResultIsSuccess(lower(ctx, m)));
  Count c = {0};
  mlirOperationWalk(mlirModuleGetOperation(m), count, &c, MlirWalkPreOrder);
  CHECK(c.launches == 1);
  CHECK(c.attributions == 1);
  CHECK(c.barriers == 2); /* after staging, and at the end of the group loop */
  CHECK(c.fenced == 2);
  CHECK(c.riseOps == 0);
  mlirModuleDestroy(m);
}

static void testDiagnostic(MlirContext ctx) {
  MlirModule m = ariParseString(ctx, kOutside);
  CHECK(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m))
    return;
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL);
  CHECK(mlirLogicalResultIsFailure(lower(ctx, m)));
  ariDiagSinkDetach(&sink);
  CHECK(sink.errors >= 1);
  CHECK(strstr(sink.last, "'rise.map local(0)' outside a 'rise.kernel'") != NULL);
  mlirModuleDestroy(m);
}

static void testPipelineText(void) {
  char err[256] = "";
  const char *d = ariRiseToNVVMPipeline("", err, sizeof err);
  CHECK(d != NULL);
  if (d) {
    CHECK(!strncmp(d, "builtin.module(convert-rise-to-gpu", 34));
    CHECK(strstr(d, "rise-insert-barriers") != NULL);
    CHECK(strstr(d, "gpu-kernel-outlining") != NULL);
    CHECK(strstr(d, "chip=sm_90 features=+ptx80") != NULL);
    CHECK(strstr(d, "gpu-to-llvm") != NULL);
    CHECK(strstr(d, "device-buffers=gpu") != NULL);
  }
  const char *g = ariRiseToNVVMPipeline("chip=sm_80  host=gpu fma=true", err, sizeof err);
  CHECK(g != NULL);
  if (g) {
    CHECK(strstr(g, "chip=sm_80 features=+ptx80") != NULL);
    CHECK(strstr(g, "gpu-to-llvm") == NULL);
    CHECK(strstr(g, "convert-rise-to-gpu{fma=true}") != NULL);
  }
  CHECK(ariRiseToNVVMPipeline("chip=sm_70", err, sizeof err) == NULL);
  CHECK(strstr(err, "unknown option 'chip=sm_70'") != NULL);
  CHECK(ariRiseToNVVMPipeline("host=gpux", err, sizeof err) == NULL);
  CHECK(strstr(err, "unknown option 'host=gpux'") != NULL);
}

int main(void) {
  MlirContext ctx = ariContextCreate();
  testPipelineText();
  testLowering(ctx);
  testDiagnostic(ctx);
  mlirContextDestroy(ctx);
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
