/*===- lower_test.c - lowered code against the reference interpreter -----===*\
 *
 * Differential test of convert-rise-to-affine and the rise-to-llvm
 * pipeline: every selected function is lowered to the LLVM dialect, JIT
 * compiled by the MLIR ExecutionEngine, run on random inputs, and its
 * outputs are compared with the reference interpreter's on the same inputs.
 *
 *   lower_test LIBOMP [--negative] [--fma] (--examples FILE... | --all FILE...)...
 *
 * --negative is the control: the JIT side gets inputs from other seeds, so
 * every case must fail.
 * After --examples only the `_small` and `_medium` functions of the
 * following files are run (the full sizes are too big to interpret);
 * after --all, every function. Output buffers start with different random
 * contents in the two runs, so an element the lowered code forgets to
 * write is a mismatch. One line per (function, seed); a final
 * "N passed, M failed"; non-zero exit on any failure. par loops run on two
 * OpenMP threads (OMP_NUM_THREADS=2, set before libomp is loaded).
 *
 * Tolerance: the lowered code does the same IEEE operations in the same
 * order as the interpreter (no fast-math, no contraction: MLIR emits plain
 * fmul/fadd), so results should agree to the last bit; we accept
 * |got - want| <= 1e-5 + 1e-5 * |want| for floats (math functions may come
 * from different libm entry points) and require integers to be equal.
 *
 * --fma lowers with convert-rise-to-affine{fma=true} (rise-to-llvm-fma):
 * each fused mul + add skips the rounding of the product (at most 2^-24
 * of |a*b| in f32), so a sum of n products may move by about n * 2^-24 *
 * max|a*b| from the interpreter's, and more relative to a result that
 * cancels; inputs are in [-1, 1] and sums here have at most a few hundred
 * terms, so the tolerance is |got - want| <= 1e-4 + 1e-4 * |want|.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L /* setenv */

#include "ariadne-c/Interp.h"
#include "passes/lower/rise_to_affine.h"
#include "ariadne-c/Pass.h"
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

enum { MAX_ARGS = 16, NUM_SEEDS = 3, NAME_CAP = 128 };

static const double REL_TOL = 1e-5, ABS_TOL = 1e-5;
static const double FMA_REL_TOL = 1e-4, FMA_ABS_TOL = 1e-4;

typedef struct Counts {
  int passed, failed;
} Counts;

static void report(Counts *c, bool ok, const char *file, const char *fn, int seed,
                   const char *why) {
  if (ok) {
    c->passed++;
    printf("PASS %s @%s seed=%d\n", file, fn, seed);
  } else {
    c->failed++;
    printf("FAIL %s @%s seed=%d: %s\n", file, fn, seed, why);
  }
  fflush(stdout);
}

static void funcName(MlirOperation f, char *buf, size_t cap) {
  MlirAttribute a = mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef s = mlirStringAttrGetValue(a);
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(buf, s.data, n);
  buf[n] = 0;
}

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

static bool selected(const char *name, bool all) {
  return all || endsWith(name, "_small") || endsWith(name, "_medium");
}

/* Compares output argument k; writes why into `why` on mismatch. */
static bool compare(const AriHostArg *want, const AriHostArg *got, bool fma, char *why,
                    size_t cap) {
  double absTol = fma ? FMA_ABS_TOL : ABS_TOL, relTol = fma ? FMA_REL_TOL : REL_TOL;
  int64_t n = ariHostArgNumScalars(want);
  for (int64_t i = 0; i < n; ++i) {
    double w, g;
    switch (want->scalar) {
    case ARI_SCALAR_F32:
      w = ((const float *)want->data)[i];
      g = ((const float *)got->data)[i];
      break;
    case ARI_SCALAR_F64:
      w = ((const double *)want->data)[i];
      g = ((const double *)got->data)[i];
      break;
    case ARI_SCALAR_I1:
      w = ((const uint8_t *)want->data)[i];
      g = ((const uint8_t *)got->data)[i];
      break;
    case ARI_SCALAR_I32:
      w = ((const int32_t *)want->data)[i];
      g = ((const int32_t *)got->data)[i];
      break;
    default:
      w = (double)((const int64_t *)want->data)[i];
      g = (double)((const int64_t *)got->data)[i];
      break;
    }
    bool isFloat = want->scalar == ARI_SCALAR_F32 || want->scalar == ARI_SCALAR_F64;
    bool ok = isFloat ? fabs(g - w) <= absTol + relTol * fabs(w) : g == w;
    if (!ok) {
      snprintf(why, cap, "output element %lld of %lld: got %.9g, want %.9g", (long long)i,
               (long long)n, g, w);
      return false;
    }
  }
  return true;
}

/* A memref descriptor {allocated, aligned, offset, sizes[rank],
 * strides[rank]} as the C interface expects it, for a contiguous
 * row-major buffer. */
typedef struct Descriptor {
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

/* Runs one function on one seed both ways. */
static bool runCase(MlirExecutionEngine jit, MlirOperation func, const char *name, uint64_t seed,
                    bool negative, bool fma, AriArena *arena, char *why, size_t cap) {
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
    /* Outputs start different, so an unwritten element shows. */
    ariHostArgFillRandom(&got[k], seed * 101 + (uint64_t)k + (isOut[k] || negative ? 7777 : 0));
  }
  if (mlirLogicalResultIsFailure(ariInterpRun(func, want, nargs, NULL, NULL))) {
    snprintf(why, cap, "the interpreter failed");
    return false;
  }
  /* The C API invokes the packed wrapper of the C interface
   * (_mlir_ciface_NAME): one pointer per argument, which for a memref is a
   * pointer to (a pointer to) its descriptor. */
  Descriptor desc[MAX_ARGS];
  void *descPtr[MAX_ARGS];
  void *packed[MAX_ARGS];
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
    if (!compare(&want[k], &got[k], fma, why, cap))
      return false;
  }
  if (!anyOut)
    snprintf(why, cap, "the function has no output");
  return anyOut;
}

/* Lowers `module` in place: our pass, then the rest of rise-to-llvm. */
static bool lower(MlirContext ctx, MlirModule module, bool fma) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  char err[256];
  MlirPass pass = ariPassCreate(&ariRiseToAffinePass, fma ? "fma=true" : "", err, sizeof err);
  if (!pass.ptr) {
    mlirPassManagerDestroy(pm);
    return false;
  }
  mlirOpPassManagerAddOwnedPass(opm, pass);
  /* The registered pipeline minus "builtin.module(" and our own pass,
   * which is not in this process's C++ registry. */
  const char *text = fma ? ariRiseToLLVMFmaPipeline() : ariRiseToLLVMPipeline();
  const char *rest = strstr(text, "},");
  rest = rest ? rest + 1 : strchr(text, ',');
  size_t len = rest ? strlen(rest + 1) - 1 : 0;
  bool ok = rest != NULL;
  if (ok) {
    MlirLogicalResult r = mlirOpPassManagerAddPipeline(
        opm, mlirStringRefCreate(rest + 1, len), NULL, NULL);
    ok = mlirLogicalResultIsSuccess(r);
  }
  if (ok)
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  return ok;
}

static void runFile(MlirContext ctx, const char *path, bool all, bool negative, bool fma,
                    const char *libomp, Counts *counts) {
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  MlirModule orig = ariParseFile(ctx, path);
  if (mlirModuleIsNull(orig)) {
    report(counts, false, base, "*", 0, "does not parse");
    return;
  }
  /* Keep only the selected functions in the copy that is compiled. */
  MlirOperation copyOp = mlirOperationClone(mlirModuleGetOperation(orig));
  MlirModule copy = mlirModuleFromOperation(copyOp);
  MlirBlock body = mlirModuleGetBody(copy);
  char name[NAME_CAP];
  for (MlirOperation o = mlirBlockGetFirstOperation(body), next; !mlirOperationIsNull(o); o = next) {
    next = mlirOperationGetNextInBlock(o);
    funcName(o, name, sizeof name);
    if (!selected(name, all)) {
      mlirOperationRemoveFromParent(o);
      mlirOperationDestroy(o);
    }
  }
  if (!lower(ctx, copy, fma)) {
    report(counts, false, base, "*", 0, "lowering failed");
    mlirModuleDestroy(copy);
    mlirModuleDestroy(orig);
    return;
  }
  MlirStringRef libs[] = {mlirStringRefCreateFromCString(libomp)};
  MlirExecutionEngine jit = mlirExecutionEngineCreate(copy, 2, 1, libs, false, false);
  if (mlirExecutionEngineIsNull(jit)) {
    report(counts, false, base, "*", 0, "JIT compilation failed");
    mlirModuleDestroy(copy);
    mlirModuleDestroy(orig);
    return;
  }
  MlirBlock ob = mlirModuleGetBody(orig);
  for (MlirOperation f = mlirBlockGetFirstOperation(ob); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    funcName(f, name, sizeof name);
    if (!selected(name, all))
      continue;
    for (int seed = 1; seed <= NUM_SEEDS; ++seed) {
      AriArena arena;
      ariArenaInit(&arena, 0);
      char why[256] = "";
      bool ok = runCase(jit, f, name, (uint64_t)seed, negative, fma, &arena, why, sizeof why);
      report(counts, ok, base, name, seed, why);
      ariArenaDestroy(&arena);
    }
  }
  mlirExecutionEngineDestroy(jit);
  mlirModuleDestroy(copy);
  mlirModuleDestroy(orig);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr,
            "usage: lower_test LIBOMP [--negative] [--fma] (--examples FILE... | --all FILE...)...\n");
    return 2;
  }
  setenv("OMP_NUM_THREADS", "2", 1);
  MlirContext ctx = ariContextCreate();
  mlirRegisterAllPasses();
  mlirRegisterAllLLVMTranslations(ctx);
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  Counts counts = {0, 0};
  bool all = false, negative = false, fma = false;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--all"))
      all = true;
    else if (!strcmp(argv[i], "--examples"))
      all = false;
    else if (!strcmp(argv[i], "--negative"))
      negative = true;
    else if (!strcmp(argv[i], "--fma"))
      fma = true;
    else
      runFile(ctx, argv[i], all, negative, fma, argv[1], &counts);
  }
  printf("%d passed, %d failed\n", counts.passed, counts.failed);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  return counts.failed || !counts.passed ? 1 : 0;
}
