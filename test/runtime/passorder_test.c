/*===- passorder_test.c - upstream pass orders (runtime/passorder.h) ------===*\
 *
 *   passorder_test Inputs/opcount.mlir EXAMPLES_DIR
 *
 * ariCodeOpCount on hand-counted scf loops (a tiled loop whose bound is a
 * minimum above its lower bound, an unknown bound, vector ops); then the
 * pass orders on test/examples/stencil2d.mlir's @stencil2d_small: its
 * lowering, the default cleanup removing operations, every listed pass run
 * without a crash, a bad pipeline reported, the lowering text of an order,
 * and an order's program compiled, checked against the interpreter and
 * run (runtime/measure.h), as ariadne-rl --env=upstream checks them;
 * the sandbox (ariPassOrderSetSandbox): the same counts as in process,
 * and a pass that aborts or hangs gives no state and is named so; the
 * combined list of rise passes, the lowering and upstream passes.
 *
\*===----------------------------------------------------------------------===*/

#include "passes/lower/rise_to_affine.h"
#include "runtime/codefeat.h"
#include "runtime/codegen/compile.h"
#include "runtime/measure.h"
#include "runtime/passorder.h"
#include "tools/support/mlirutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test/check.h"

/* The sandbox's test hook: pass "cse" aborts, "sccp" hangs, a pipeline of
 * the caller's (index ARI_PASS_ORDER_NUM_DEFAULT) aborts. */
static void misbehave(void *ctx, unsigned pass) {
  (void)ctx;
  const char *name = ariPassOrderDefaultPasses[pass % ARI_PASS_ORDER_NUM_DEFAULT].name;
  if (pass == ARI_PASS_ORDER_NUM_DEFAULT || !strcmp(name, "cse"))
    abort(); /* SIGABRT: the sanitizers pass it through, unlike SIGSEGV */
  if (!strcmp(name, "sccp"))
    for (;;)
      sleep(10);
}

/* Every pass in a sandbox gives what it gives in this process (the same
 * counts), and a pass that crashes or hangs gives no state, not the end of
 * the test. */
static void sandboxed(MlirContext ctx, AriPassOrder *plain, void *s0) {
  char err[512] = "";
  AriPassOrder *po =
      ariPassOrderCreate(ariPassOrderDefaultPasses, ARI_PASS_ORDER_NUM_DEFAULT, 0, err, sizeof err);
  CHECK(po != NULL);
  if (!po)
    return;
  ariPassOrderSetSandbox(po, ctx, 1, misbehave, NULL);
  AriOrderOps a = ariPassOrderOps(plain), b = ariPassOrderOps(po);
  for (unsigned k = 0; k < ARI_PASS_ORDER_NUM_DEFAULT; ++k) {
    const char *name = ariPassOrderDefaultPasses[k].name;
    bool broken = !strcmp(name, "cse") || !strcmp(name, "sccp");
    void *x = NULL, *y = NULL;
    CHECK(a.apply(a.self, s0, k, &x, err, sizeof err));
    CHECK(b.apply(b.self, s0, k, &y, err, sizeof err));
    if (broken) {
      CHECK(y == NULL);
    } else {
      CHECK(!x == !y);
      double cx = 0, cy = -1;
      if (x && y) {
        CHECK(ariPassOrderCount(plain, x, NULL, &cx, err, sizeof err));
        CHECK(ariPassOrderCount(po, y, NULL, &cy, err, sizeof err));
        CHECK(cx == cy);
        if (cx != cy)
          fprintf(stderr, "  sandboxed %s: %g ops, in process %g\n", name, cy, cx);
      }
    }
    a.release(a.self, x);
    b.release(b.self, y);
  }
  /* the passes offered only in the sandbox run there (no hook), whatever
   * they do to these loops: a state that counts, or none */
  AriPassOrder *safe = ariPassOrderCreate(ariPassOrderSandboxedPasses,
                                          ARI_PASS_ORDER_NUM_SANDBOXED, 0, err, sizeof err);
  CHECK(safe != NULL);
  if (safe) {
    ariPassOrderSetSandbox(safe, ctx, 30, NULL, NULL);
    AriOrderOps c = ariPassOrderOps(safe);
    unsigned made = 0;
    for (unsigned k = 0; k < ARI_PASS_ORDER_NUM_SANDBOXED; ++k) {
      void *st = NULL;
      double n;
      CHECK(c.apply(c.self, s0, k, &st, err, sizeof err));
      CHECK(!st || ariPassOrderCount(safe, st, NULL, &n, err, sizeof err));
      made += st != NULL;
      c.release(c.self, st);
    }
    CHECK(made >= 1);
    ariPassOrderDestroy(safe);
  }
  void *out = (void *)1;
  CHECK(!ariPassOrderRun(po, s0, "cse", &out, err, sizeof err) && !out);
  CHECK(strstr(err, "crashed in the sandbox") && strstr(err, "Abort"));
  if (!strstr(err, "Abort"))
    fprintf(stderr, "  %s\n", err);
  ariPassOrderDestroy(po);
}

static void expectKinds(const char *what, const double *got, const double *want) {
  for (unsigned i = 0; i < ARI_CODEOP_COUNT; ++i) {
    bool ok = fabs(got[i] - want[i]) < 1e-9;
    CHECK(ok);
    if (!ok)
      fprintf(stderr, "  %s: %s is %g, want %g\n", what, ariCodeOpName(i), got[i], want[i]);
  }
}

static void testCounts(MlirContext ctx, const char *path) {
  MlirModule m = ariParseFile(ctx, path);
  CHECK(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m))
    return;
  /* each function alone */
  const char *names[] = {"tiled", "mixed"};
  double want[2][ARI_CODEOP_COUNT] = {{0}};
  want[0][ARI_CODEOP_LOOP] = 68;
  want[0][ARI_CODEOP_IARITH] = 8;
  want[0][ARI_CODEOP_LOAD] = 64;
  want[0][ARI_CODEOP_FARITH] = 64;
  want[0][ARI_CODEOP_MATH] = 64;
  want[0][ARI_CODEOP_STORE] = 64;
  want[1][ARI_CODEOP_LOOP] = 1 + 8;
  want[1][ARI_CODEOP_VLOAD] = 1 + 8;
  want[1][ARI_CODEOP_VSTORE] = 1;
  want[1][ARI_CODEOP_FMA] = 8;
  want[1][ARI_CODEOP_LANES] = 8;
  want[1][ARI_CODEOP_CMP] = 16;
  want[1][ARI_CODEOP_CAST] = 1;
  want[1][ARI_CODEOP_STORE] = 1;
  for (int f = 0; f < 2; ++f) {
    MlirOperation fn = ariFindFunc(m, names[f]);
    CHECK(!mlirOperationIsNull(fn));
    if (mlirOperationIsNull(fn))
      continue;
    MlirModule one = mlirModuleCreateEmpty(mlirOperationGetLocation(fn));
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(one), mlirOperationClone(fn));
    double kinds[ARI_CODEOP_COUNT], feat[ARI_CODEFEAT_COUNT];
    ariCodeOpCount(one, kinds, feat);
    expectKinds(names[f], kinds, want[f]);
    /* the features' own walk keeps constant bounds only: the tile's inner
     * loop is unknown there */
    if (f == 0) {
      CHECK(feat[ARI_CODEFEAT_UNKNOWN_TRIPS] == 0);
      double plain[ARI_CODEFEAT_COUNT];
      ariCodeFeatCount(one, plain);
      CHECK(plain[ARI_CODEFEAT_UNKNOWN_TRIPS] == 1);
    }
    mlirModuleDestroy(one);
  }
  for (unsigned i = 0; i < ARI_CODEOP_COUNT; ++i)
    CHECK(ariCodeOpName(i) && ariCodeOpDoc(i) && ariCodeOpDoc(i)[0]);
  CHECK(ariCodeOpName(ARI_CODEOP_COUNT) == NULL);
  mlirModuleDestroy(m);
}

static unsigned passIndex(const char *name) {
  for (unsigned k = 0; k < ARI_PASS_ORDER_NUM_DEFAULT; ++k)
    if (!strcmp(ariPassOrderDefaultPasses[k].name, name))
      return k;
  CHECK(!"a pass of the list");
  return 0;
}

/* f compiled under `lowering`: it runs and matches the interpreter. */
static void expectRuns(MlirOperation f, const char *lowering) {
  AriMeasureOptions mo;
  memset(&mo, 0, sizeof mo);
  mo.seed = 3;
  mo.reps = 1;
  mo.lowering = lowering;
  AriMeasureResult r;
  AriMeasureStatus st = ariMeasureFunc(f, &mo, &r, NULL, NULL, NULL);
  CHECK(st == ARI_MEASURE_OK && r.checkedByInterp);
  if (st != ARI_MEASURE_OK)
    fprintf(stderr, "  %s: %s\n", ariMeasureStatusName(st), r.message);
}

/* The combined list (--env=combined): rise passes, the lowering, the
 * upstream passes. A rise state counts as its lowering; a pass of the
 * other stage gives no state; every rise pass runs; the lowering text
 * keeps the states' order and leaves out what changed nothing; it
 * compiles and matches the interpreter. */
static void testCombined(MlirOperation f) {
  enum { NR = ARI_PASS_ORDER_NUM_RISE, N = NR + ARI_PASS_ORDER_NUM_DEFAULT };
  AriPassOrderPass list[N];
  memcpy(list, ariPassOrderRisePasses, sizeof ariPassOrderRisePasses);
  memcpy(list + NR, ariPassOrderDefaultPasses, sizeof ariPassOrderDefaultPasses);
  char err[512] = "";
  AriPassOrder *po = ariPassOrderCreate(list, N, 0, err, sizeof err);
  void *rise = NULL, *lowered = NULL;
  CHECK(po && ariPassOrderWrap(po, f, &rise, err, sizeof err) && rise);
  CHECK(ariPassOrderLower(po, f, &lowered, err, sizeof err) && lowered);
  if (!po || !rise || !lowered)
    return;
  CHECK(!ariPassOrderIsLowered(rise) && ariPassOrderIsLowered(lowered));
  double cr, cl;
  CHECK(ariPassOrderCount(po, rise, NULL, &cr, err, sizeof err));
  CHECK(ariPassOrderCount(po, lowered, NULL, &cl, err, sizeof err) && cr == cl && cr > 0);
  AriOrderOps ops = ariPassOrderOps(po);
  unsigned lower = NR - 1, cse = NR + passIndex("cse"), fuse = 0, made = 0;
  CHECK(ariPassOrderStage(po, lower) == ARI_PASS_LOWERING &&
        ariPassOrderStage(po, cse) == ARI_PASS_ON_LOOPS &&
        ariPassOrderStage(po, fuse) == ARI_PASS_ON_RISE);
  for (unsigned k = 0; k < N; ++k) {
    void *a = (void *)1, *b = (void *)1;
    CHECK(ops.apply(ops.self, rise, k, &a, err, sizeof err));
    CHECK(ops.apply(ops.self, lowered, k, &b, err, sizeof err));
    CHECK(!b || ariPassOrderStage(po, k) == ARI_PASS_ON_LOOPS); /* loops: upstream only */
    CHECK(!a || ariPassOrderStage(po, k) != ARI_PASS_ON_LOOPS); /* rise: no upstream pass */
    if (a) {
      made++;
      CHECK(ariPassOrderIsLowered(a) == (k == lower));
    }
    ops.release(ops.self, a);
    ops.release(ops.self, b);
  }
  CHECK(made >= 3); /* the lowering, normalize, fuse at least */
  /* cse before the lowering changes nothing, the rise pass after it
   * neither: both left out of the text */
  const unsigned seq[] = {cse, fuse, lower, cse, fuse};
  char low[8192];
  CHECK(ariPassOrderLowering(po, seq, 5, low, sizeof low));
  static const char head[] = "builtin.module(rise-rewrite{strategy=\"fuseOperators\" "
                             "report=false},convert-rise-to-affine,cse,";
  CHECK(!strncmp(low, head, sizeof head - 1));
  if (strncmp(low, head, sizeof head - 1))
    fprintf(stderr, "  %s\n", low);
  unsigned fuses = 0, cses = 0;
  for (const char *p = low; (p = strstr(p, "fuseOperators")); ++p)
    fuses++;
  for (const char *p = low; (p = strstr(p, ",cse,")); ++p)
    cses++;
  CHECK(fuses == 1 && cses == 1);
  expectRuns(f, low);
  ariPassOrderRelease(po, rise);
  ariPassOrderRelease(po, lowered);
  ariPassOrderDestroy(po);
}

static void testOrders(MlirContext ctx, const char *examples) {
  char path[4096];
  snprintf(path, sizeof path, "%s/stencil2d.mlir", examples);
  MlirModule m = ariParseFile(ctx, path);
  CHECK(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m))
    return;
  MlirOperation f = ariFindFunc(m, "stencil2d_small");
  char err[512] = "";
  AriPassOrder *po =
      ariPassOrderCreate(ariPassOrderDefaultPasses, ARI_PASS_ORDER_NUM_DEFAULT, 0, err, sizeof err);
  CHECK(po != NULL && !mlirOperationIsNull(f));
  void *s0 = NULL, *d = NULL;
  CHECK(ariPassOrderLower(po, f, &s0, err, sizeof err) && s0);
  double I = 0, D = 0, kinds[ARI_CODEOP_COUNT];
  CHECK(ariPassOrderCount(po, s0, kinds, &I, err, sizeof err) && I > 0);
  /* rise-to-llvm's cleanup removes work from these loops */
  CHECK(ariPassOrderRun(po, s0, ariRiseToLLVMCleanup(), &d, err, sizeof err) && d);
  CHECK(d && ariPassOrderCount(po, d, NULL, &D, err, sizeof err) && D < I);
  ariPassOrderRelease(po, d);
  /* every pass of the list runs (a new state, or none when it fails) */
  AriOrderOps ops = ariPassOrderOps(po);
  unsigned made = 0;
  for (unsigned k = 0; k < ARI_PASS_ORDER_NUM_DEFAULT; ++k) {
    void *out = NULL;
    CHECK(ops.apply(ops.self, s0, k, &out, err, sizeof err));
    if (out) {
      double fl, tr, kk[ARI_CODEOP_COUNT];
      CHECK(ops.count(ops.self, out, kk, &fl, &tr, err, sizeof err));
      made++;
      ops.release(ops.self, out);
    }
  }
  CHECK(made >= ARI_PASS_ORDER_NUM_DEFAULT - 2);
  /* the input is unchanged by all that */
  double again;
  CHECK(ariPassOrderCount(po, s0, NULL, &again, err, sizeof err) && again == I);
  /* a pipeline that does not parse is a message, not a state */
  void *bad = (void *)1;
  CHECK(!ariPassOrderRun(po, s0, "no-such-pass", &bad, err, sizeof err) && !bad &&
        strstr(err, "no-such-pass"));
  /* an order's lowering: convert-rise-to-affine, the passes, the conversion */
  const unsigned seq[] = {passIndex("cse"), passIndex("licm"), passIndex("unroll-full-8"),
                          passIndex("canonicalize")};
  char low[8192];
  CHECK(ariPassOrderLowering(po, seq, 4, low, sizeof low));
  static const char head[] = "builtin.module(convert-rise-to-affine,cse,loop-invariant-code-motion,";
  CHECK(!strncmp(low, head, sizeof head - 1));
  CHECK(strstr(low, "affine-loop-unroll{unroll-full-threshold=8}") &&
        strstr(low, "reconcile-unrealized-casts)"));
  CHECK(!ariPassOrderLowering(po, seq, 4, low, 20));
  CHECK(ariPassOrderDefaultLowering(low, sizeof low) && strstr(low, "cse"));
  /* ...which compiles, runs and matches the interpreter */
  CHECK(ariPassOrderLowering(po, seq, 4, low, sizeof low));
  expectRuns(f, low);
  /* a lowering that does not parse is a compile error, not a crash */
  AriMeasureOptions mo;
  memset(&mo, 0, sizeof mo);
  mo.reps = 1;
  mo.lowering = "builtin.module(convert-rise-to-affine,no-such-pass)";
  AriMeasureResult r;
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL);
  CHECK(ariMeasureFunc(f, &mo, &r, NULL, NULL, NULL) == ARI_MEASURE_COMPILE_ERROR);
  ariDiagSinkDetach(&sink);
  sandboxed(ctx, po, s0);
  ariPassOrderRelease(po, s0);
  ariPassOrderDestroy(po);
  CHECK(!ariPassOrderCreate(ariPassOrderDefaultPasses, 0, 0, err, sizeof err) && err[0]);
  testCombined(f);
  mlirModuleDestroy(m);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: passorder_test Inputs/opcount.mlir EXAMPLES_DIR\n");
    return 2;
  }
  MlirContext ctx = ariContextCreate();
  ariCompileRegister(ctx);
  testCounts(ctx, argv[1]);
  testOrders(ctx, argv[2]);
  mlirContextDestroy(ctx);
  printf("passorder_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
