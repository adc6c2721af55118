/*===- import_test.c - imported programs against upstream MLIR -----------===*\
 *
 * Differential test of convert-linalg-to-rise: every function of each
 * linalg file is run twice on the same random inputs --
 *
 * - upstream: the original, lowered with upstream passes only
 *   (one-shot-bufferize with function boundaries, buffer-results-to-out-
 *   params, ownership-based deallocation (so that the temporaries are
 *   freed: the sanitizer build checks for leaks), convert-linalg-to-loops,
 *   then the usual path to LLVM) and run by the ExecutionEngine;
 * - rise: the same function imported by convert-linalg-to-rise and run by
 *   the reference interpreter;
 *
 * and the outputs must agree.
 *
 *   import_test [--runtime=LIB] [--tol=T] [--negative] [--tosa] FILE...
 *
 * --runtime: MLIR's C runner utilities (libmlir_c_runner_utils.so), loaded
 * into the JIT for the memrefCopy that upstream's bufferisation of
 * tensor.pad (a copy into a strided subview) calls.
 *
 * --negative is the control: the upstream side gets inputs from other
 * seeds, so every case must fail.
 * --tosa: the files are tosa; both sides start from upstream's
 * tosa-to-linalg-pipeline of them (the first half of tosa-to-rise).
 *
 * buffer-results-to-out-params appends each tensor result as a memref
 * argument after the arguments, which is exactly the importer's
 * convention, so both sides take the same argument list. Tolerance: the
 * importer keeps linalg's order of operations (reductions fold left from
 * the output's element, as convert-linalg-to-loops does), so arith-only
 * bodies must match to the last bit (the default, T = 0); files whose bodies
 * call libm functions (exp, tanh, erf) pass --tol=1e-6 (|got - want| <=
 * T + T * |want|), because the interpreter and LLVM may reach libm through
 * different entry points. Output buffers start with different contents on
 * the two sides, so an element the import forgets to write is a mismatch.
 * One line per (function, seed) and a final "N passed, M failed".
 *
\*===----------------------------------------------------------------------===*/

#include "ariadne-c/Interp.h"
#include "ariadne-c/Pass.h"
#include "passes/linalg_to_rise.h"
#include "utils/arena.h"
#include "tools/support/mlirutil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 16, NUM_SEEDS = 2, NAME_CAP = 128 };

static const char kUpstream[] =
    "builtin.module(one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-results-to-out-params{modify-public-functions hoist-static-allocs},"
    "ownership-based-buffer-deallocation,canonicalize,buffer-deallocation-simplification,"
    "bufferization-lower-deallocations,"
    "func.func(convert-linalg-to-loops),lower-affine,convert-scf-to-cf,"
    /* math to LLVM first (rsqrt has no libm function), libm for the rest (erf) */
    "convert-math-to-llvm,convert-math-to-libm,expand-strided-metadata,finalize-memref-to-llvm,"
    "convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,convert-index-to-llvm,"
    "reconcile-unrealized-casts)";

typedef struct {
  int passed, failed;
} Counts;

static void funcName(MlirOperation f, char *buf, size_t cap) {
  MlirAttribute a = mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef s = mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a)
                                              : mlirStringRefCreateFromCString("");
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(buf, s.data, n);
  buf[n] = 0;
}

static bool compare(const AriHostArg *want, const AriHostArg *got, double tol, char *why,
                    size_t cap) {
  int64_t n = ariHostArgNumScalars(want);
  for (int64_t i = 0; i < n; ++i) {
    double w = ariHostArgScalar(want, i), g = ariHostArgScalar(got, i);
    bool ok = g == w || (tol > 0 && fabs(g - w) <= tol + tol * fabs(w));
    if (!ok) {
      snprintf(why, cap, "output element %lld of %lld: rise %.9g, upstream %.9g", (long long)i,
               (long long)n, w, g);
      return false;
    }
  }
  return true;
}

typedef struct {
  void *allocated, *aligned;
  int64_t offset;
  int64_t sizesStrides[2 * ARI_MAX_RANK];
} Descriptor;

static void describe(const AriHostArg *a, Descriptor *d) {
  d->allocated = d->aligned = a->data;
  d->offset = 0;
  int64_t stride = 1;
  for (int r = a->rank - 1; r >= 0; --r) {
    d->sizesStrides[r] = a->shape[r];
    d->sizesStrides[a->rank + r] = stride;
    stride *= a->shape[r];
  }
}

static bool runCase(MlirExecutionEngine jit, MlirOperation func, const char *name, uint64_t seed,
                    double tol, bool negative, AriArena *arena, char *why, size_t cap) {
  AriHostArg want[MAX_ARGS], got[MAX_ARGS];
  intptr_t nargs = 0;
  bool isOut[MAX_ARGS];
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, want, MAX_ARGS, &nargs))) {
    snprintf(why, cap, "cannot describe the arguments");
    return false;
  }
  memcpy(got, want, sizeof want);
  if (!ariHostArgsAlloc(want, nargs, arena) || !ariHostArgsAlloc(got, nargs, arena)) {
    snprintf(why, cap, "out of memory");
    return false;
  }
  ariInterpOutputArgs(func, isOut, nargs);
  for (intptr_t k = 0; k < nargs; ++k) {
    ariHostArgFillRandom(&want[k], seed * 101 + (uint64_t)k);
    ariHostArgFillRandom(&got[k], seed * 101 + (uint64_t)k + (isOut[k] || negative ? 7777 : 0));
  }
  if (mlirLogicalResultIsFailure(ariInterpRun(func, want, nargs, NULL, NULL))) {
    snprintf(why, cap, "the interpreter failed");
    return false;
  }
  /* The packed wrapper of the C interface (llvm.emit_c_interface): one
   * pointer per argument, for a memref a pointer to (a pointer to) its
   * descriptor. */
  Descriptor desc[MAX_ARGS];
  void *descPtr[MAX_ARGS], *packed[MAX_ARGS];
  for (intptr_t k = 0; k < nargs; ++k) {
    if (got[k].isMemRef) {
      describe(&got[k], &desc[k]);
      descPtr[k] = &desc[k];
      packed[k] = &descPtr[k];
    } else {
      packed[k] = got[k].data;
    }
  }
  if (mlirLogicalResultIsFailure(
          mlirExecutionEngineInvokePacked(jit, mlirStringRefCreateFromCString(name), packed))) {
    snprintf(why, cap, "cannot invoke @%s", name);
    return false;
  }
  bool anyOut = false;
  for (intptr_t k = 0; k < nargs; ++k) {
    if (!isOut[k])
      continue;
    anyOut = true;
    if (!compare(&want[k], &got[k], tol, why, cap))
      return false;
  }
  if (!anyOut)
    snprintf(why, cap, "the function has no output");
  return anyOut;
}

static bool runPipeline(MlirContext ctx, MlirModule m, const char *text, MlirPass extra) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  bool ok = true;
  if (extra.ptr)
    mlirOpPassManagerAddOwnedPass(opm, extra);
  if (text) {
    MlirStringRef t = mlirStringRefCreateFromCString(text);
    /* strip "builtin.module(" ... ")" */
    t.data += 15;
    t.length -= 16;
    ok = mlirLogicalResultIsSuccess(mlirOpPassManagerAddPipeline(opm, t, NULL, NULL));
  }
  if (ok)
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)));
  mlirPassManagerDestroy(pm);
  return ok;
}

static void report(Counts *c, bool ok, const char *file, const char *fn, int seed,
                   const char *why) {
  printf("%s %s @%s seed=%d%s%s\n", ok ? "ok  " : "FAIL", file, fn, seed, ok ? "" : ": ",
         ok ? "" : why);
  if (ok)
    c->passed++;
  else
    c->failed++;
}

static const char kTosa[] = "builtin.module(tosa-to-linalg-pipeline,func.func(tosa-to-tensor,"
                            "tosa-to-arith),canonicalize)";

static void runFile(MlirContext ctx, const char *path, double tol, bool tosa, bool negative,
                    const char *runtime, Counts *counts) {
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  MlirModule orig = ariParseFile(ctx, path);
  if (mlirModuleIsNull(orig)) {
    report(counts, false, base, "*", 0, "does not parse");
    return;
  }
  if (tosa && !runPipeline(ctx, orig, kTosa, (MlirPass){NULL})) {
    report(counts, false, base, "*", 0, "tosa-to-linalg-pipeline failed");
    mlirModuleDestroy(orig);
    return;
  }
  MlirModule up = mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(orig)));
  MlirBlock ub = mlirModuleGetBody(up);
  for (MlirOperation f = mlirBlockGetFirstOperation(ub); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f))
    mlirOperationSetAttributeByName(f, mlirStringRefCreateFromCString("llvm.emit_c_interface"),
                                    mlirUnitAttrGet(ctx));
  char err[256];
  MlirPass imp = ariPassCreate(&ariLinalgToRisePass, "", err, sizeof err);
  if (!runPipeline(ctx, orig, NULL, imp)) {
    report(counts, false, base, "*", 0, "convert-linalg-to-rise failed");
  } else if (!runPipeline(ctx, up, kUpstream, (MlirPass){NULL})) {
    report(counts, false, base, "*", 0, "the upstream lowering failed");
  } else {
    MlirStringRef libs[1] = {mlirStringRefCreateFromCString(runtime ? runtime : "")};
    MlirExecutionEngine jit = mlirExecutionEngineCreate(up, 2, runtime ? 1 : 0, libs, false, false);
    if (mlirExecutionEngineIsNull(jit)) {
      report(counts, false, base, "*", 0, "JIT compilation failed");
    } else {
      MlirBlock ob = mlirModuleGetBody(orig);
      for (MlirOperation f = mlirBlockGetFirstOperation(ob); !mlirOperationIsNull(f);
           f = mlirOperationGetNextInBlock(f)) {
        char name[NAME_CAP];
        funcName(f, name, sizeof name);
        for (int seed = 1; seed <= NUM_SEEDS; ++seed) {
          AriArena arena;
          ariArenaInit(&arena, 0);
          char why[256] = "";
          bool ok = runCase(jit, f, name, (uint64_t)seed, tol, negative, &arena, why, sizeof why);
          report(counts, ok, base, name, seed, why);
          ariArenaDestroy(&arena);
        }
      }
      mlirExecutionEngineDestroy(jit);
    }
  }
  mlirModuleDestroy(up);
  mlirModuleDestroy(orig);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: import_test [--runtime=LIB] [--tol=T] [--negative] [--tosa] FILE...\n");
    return 2;
  }
  MlirContext ctx = ariContextCreate();
  /* linalg, tensor, bufferization and the upstream lowering's dialects. */
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  mlirContextAppendDialectRegistry(ctx, reg);
  mlirDialectRegistryDestroy(reg);
  mlirRegisterAllPasses();
  mlirRegisterAllLLVMTranslations(ctx);
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  Counts counts = {0, 0};
  double tol = 0;
  bool tosa = false, negative = false;
  const char *runtime = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--tol=", 6))
      tol = atof(argv[i] + 6);
    else if (!strcmp(argv[i], "--tosa"))
      tosa = true;
    else if (!strcmp(argv[i], "--negative"))
      negative = true;
    else if (!strncmp(argv[i], "--runtime=", 10))
      runtime = argv[i] + 10;
    else
      runFile(ctx, argv[i], tol, tosa, negative, runtime, &counts);
  }
  printf("%d passed, %d failed\n", counts.passed, counts.failed);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  return counts.failed || !counts.passed ? 1 : 0;
}
