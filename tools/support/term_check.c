/*===- term_check.c - a rewritten root against the original, on the interpreter ===*/

#include "tools/support/term_check.h"

#include "ariadne-c/Interp.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { MAX_ARGS = 64 };

/* f with root `root` alone, its value `value`: a returned root becomes a
 * write to the extra argument f->numArgs. */
static AriTermFunc oneRoot(const AriTermFunc *f, unsigned root, AriTerm *value,
                           AriTermRoot *storage) {
  AriTermFunc g = *f;
  storage->kind = ARI_ROOT_OUT;
  storage->index = f->roots[root].kind == ARI_ROOT_OUT ? f->roots[root].index : f->numArgs;
  storage->value = value;
  g.roots = storage;
  g.numRoots = 1;
  g.numArgs = f->numArgs + (f->roots[root].kind == ARI_ROOT_OUT ? 0 : 1);
  g.hints = NULL; /* placed afresh: the two functions are built alike */
  return g;
}

static bool near(double a, double b, AriScalarKind k) {
  if (a == b || (isnan(a) && isnan(b)))
    return true;
  if (isnan(a) || isnan(b) || isinf(a) || isinf(b))
    return false;
  bool f64 = k == ARI_SCALAR_F64;
  double rtol = f64 ? 1e-9 : 1e-3, atol = f64 ? 1e-12 : 1e-4;
  bool fp = k == ARI_SCALAR_F32 || f64;
  return fp && fabs(a - b) <= atol + rtol * fmax(fabs(a), fabs(b));
}

AriTermCheck ariTermCheckRoot(MlirContext ctx, AriTermStore *s, const AriTermFunc *f,
                              unsigned root, AriTerm *after, uint64_t seed, unsigned inputs,
                              char *msg, size_t cap) {
  if (root >= f->numRoots || f->roots[root].kind == ARI_ROOT_KEEP) {
    ariFailf(msg, cap, "no such root");
    return ARI_TERM_CHECK_SKIPPED;
  }
  AriDiagSink sink; /* export and interpreter errors are this check's */
  ariDiagSinkAttach(&sink, ctx, NULL);
  AriArena arena;
  ariArenaInit(&arena, (size_t)256 << 20);
  MlirLocation loc = mlirLocationUnknownGet(ctx), errLoc;
  MlirModule mod = mlirModuleCreateEmpty(loc);
  AriTermRoot rb, ra;
  AriTermFunc fb = oneRoot(f, root, f->roots[root].value, &rb);
  AriTermFunc fa = oneRoot(f, root, after, &ra);
  AriTermCheck res = ARI_TERM_CHECK_SKIPPED;
  MlirOperation ob = ariTermExportNewFunc(s, &fb, ctx, loc, &errLoc);
  if (mlirOperationIsNull(ob)) {
    ariFailf(msg, cap, "the original does not export: %s", ariTermStoreError(s));
    goto done;
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), ob);
  MlirOperation oa = ariTermExportNewFunc(s, &fa, ctx, loc, &errLoc);
  if (mlirOperationIsNull(oa)) {
    /* An argument the rewrite no longer reads makes the signatures differ;
     * anything else is the rewrite's fault. */
    const char *e = ariTermStoreError(s);
    bool unused = strstr(e, "is not used") != NULL;
    ariFailf(msg, cap, "the rewritten root does not export: %s", e);
    res = unused ? ARI_TERM_CHECK_SKIPPED : ARI_TERM_CHECK_DIFFERENT;
    goto done;
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), oa);
  AriHostArg ab[MAX_ARGS], aa[MAX_ARGS];
  intptr_t nb = 0, na = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(ob, ab, MAX_ARGS, &nb))) {
    ariFailf(msg, cap, "the original's arguments: %s", sink.last);
    goto done;
  }
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(oa, aa, MAX_ARGS, &na)) || na != nb) {
    ariFailf(msg, cap, "the rewritten function's arguments differ (%ld, was %ld)", (long)na,
             (long)nb);
    goto done;
  }
  if (!ariHostArgsAlloc(ab, nb, &arena) || !ariHostArgsAlloc(aa, na, &arena)) {
    ariFailf(msg, cap, "out of memory");
    goto done;
  }
  bool written[MAX_ARGS];
  ariInterpOutputArgs(ob, written, nb);
  AriInterpLimits lim = {.maxOps = 50000000, .maxBytes = (size_t)128 << 20};
  res = ARI_TERM_CHECK_SAME;
  for (unsigned in = 0; in < inputs && res == ARI_TERM_CHECK_SAME; ++in) {
    for (intptr_t i = 0; i < nb; ++i) {
      ariHostArgFillRandom(&ab[i], (seed + in) * 31 + (uint64_t)i);
      size_t bytes = (size_t)ariHostArgNumScalars(&ab[i]) * ariScalarSize(ab[i].scalar);
      memcpy(aa[i].data, ab[i].data, bytes);
    }
    if (mlirLogicalResultIsFailure(ariInterpRun(ob, ab, nb, &lim, NULL))) {
      ariFailf(msg, cap, "the original does not run: %s", sink.last);
      res = ARI_TERM_CHECK_SKIPPED;
      break;
    }
    if (mlirLogicalResultIsFailure(ariInterpRun(oa, aa, na, &lim, NULL))) {
      ariFailf(msg, cap, "the rewritten function does not run: %s", sink.last);
      res = ARI_TERM_CHECK_DIFFERENT;
      break;
    }
    for (intptr_t i = 0; i < nb && res == ARI_TERM_CHECK_SAME; ++i) {
      if (!written[i])
        continue;
      for (int64_t k = 0; k < ariHostArgNumScalars(&ab[i]); ++k) {
        double x = ariHostArgScalar(&ab[i], k), y = ariHostArgScalar(&aa[i], k);
        if (!near(x, y, ab[i].scalar)) {
          ariFailf(msg, cap, "input %u: output %ld, scalar %lld: %.9g, was %.9g", in, (long)i,
                   (long long)k, y, x);
          res = ARI_TERM_CHECK_DIFFERENT;
          break;
        }
      }
    }
  }
done:
  mlirModuleDestroy(mod);
  ariArenaDestroy(&arena);
  ariDiagSinkDetach(&sink);
  return res;
}

bool ariTermCheckCount(AriTermChecks *c, MlirContext ctx, AriTermStore *s, const AriTermFunc *f,
                       unsigned root, AriTerm *after, const char *label, const char *who,
                       char *err, size_t cap) {
  char msg[512];
  switch (ariTermCheckRoot(ctx, s, f, root, after, 1, 3, msg, sizeof msg)) {
  case ARI_TERM_CHECK_SAME:
    c->same++;
    return true;
  case ARI_TERM_CHECK_SKIPPED:
    if (!c->skipped++)
      snprintf(c->firstSkip, sizeof c->firstSkip, "%s: %s", label, msg);
    return true;
  case ARI_TERM_CHECK_DIFFERENT:
    break;
  }
  ariFailf(err, cap, "%s: the program %s produced differs from it on the interpreter: %s", label,
           who, msg);
  return false;
}

void ariTermChecksPrint(const AriTermChecks *c, FILE *out) {
  fprintf(out, "checked on the interpreter: %u programs the same, %u not checkable", c->same,
          c->skipped);
  if (c->skipped)
    fprintf(out, " (first: %s)", c->firstSkip);
  fprintf(out, "\n");
}
