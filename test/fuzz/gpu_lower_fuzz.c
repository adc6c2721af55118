/*===- gpu_lower_fuzz.c - mutants through the GPU lowering -----------------===*\
 *
 * Deterministic mutants (mutate.h) of the GPU example programs run through
 * convert-rise-to-gpu and rise-insert-barriers in process. A mutant that
 * parses and verifies must either lower to IR that verifies, or fail with
 * at least one error diagnostic: never crash, never fail silently, never
 * leave invalid IR behind.
 *
 *   gpu_lower_fuzz [--count=N] [--seed=S] FILE.mlir...
 *
 * One line per failure, a final "N passed, M failed" line; exit status 1 on
 * any failure.
 *
\*===----------------------------------------------------------------------===*/

#include "ariadne-c/Pass.h"
#include "test/fuzz/mutate.h"
#include "utils/arena.h"
#include "tools/support/mlirutil.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxSeeds = 16 };

typedef struct Tally {
  int passed, failed, unparsed, lowered, diagnosed;
} Tally;

/* Lowers one program; returns NULL when all is well, else the reason. */
static const char *lowerOne(MlirContext ctx, AriDiagSink *sink, const char *text, Tally *t) {
  int before = sink->errors;
  MlirModule m = ariParseString(ctx, text);
  if (mlirModuleIsNull(m)) {
    t->unparsed++;
    return sink->errors > before ? NULL : "parse failed without a diagnostic";
  }
  char err[256];
  MlirPass a = ariPassCreate(ariPassLookup("convert-rise-to-gpu"), "", err, sizeof err);
  MlirPass b = ariPassCreate(ariPassLookup("rise-insert-barriers"), "", err, sizeof err);
  const char *why = NULL;
  if (!a.ptr || !b.ptr) {
    why = "pass creation failed";
  } else {
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    mlirPassManagerAddOwnedPass(pm, a);
    mlirPassManagerAddOwnedPass(pm, b);
    int mid = sink->errors;
    MlirLogicalResult r = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
    mlirPassManagerDestroy(pm);
    if (mlirLogicalResultIsFailure(r)) {
      t->diagnosed++;
      if (sink->errors == mid)
        why = "lowering failed without an error diagnostic";
    } else {
      t->lowered++;
      if (!mlirOperationVerify(mlirModuleGetOperation(m)))
        why = "lowered IR does not verify";
    }
  }
  mlirModuleDestroy(m);
  return why;
}

int main(int argc, char **argv) {
  long count = 60, runSeed = 1;
  AriArena arena;
  ariArenaInit(&arena, 0);
  FzSeed seeds[kMaxSeeds];
  int nseeds = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--count=", 8))
      count = strtol(argv[i] + 8, NULL, 10);
    else if (!strncmp(argv[i], "--seed=", 7))
      runSeed = strtol(argv[i] + 7, NULL, 10);
    else
      ok = fzSeedsLoad(argv[i], &arena, seeds, kMaxSeeds, &nseeds) && ok;
  }
  if (!ok || !nseeds || count < 0) {
    fprintf(stderr, "usage: gpu_lower_fuzz [--count=N] [--seed=S] FILE.mlir...\n");
    ariArenaDestroy(&arena);
    return 2;
  }
  Tally t = {0};
  for (int s = 0; s < nseeds; ++s) {
    MlirContext ctx = ariContextCreate();
    AriDiagSink sink;
    ariDiagSinkAttach(&sink, ctx, NULL);
    /* The unmutated program must lower. */
    int diagnosed = t.diagnosed;
    const char *why = lowerOne(ctx, &sink, seeds[s].text, &t);
    if (why || t.diagnosed != diagnosed) {
      printf("FAIL %s (unmutated): %s\n", seeds[s].name, why ? why : sink.last);
      t.failed++;
    } else {
      t.passed++;
    }
    for (long k = 0; k < count; ++k) {
      AriArenaMark mark = ariArenaMark(&arena);
      FzMutant m;
      if (!fzMutate(&seeds[s], fzMutantKey(&seeds[s], (uint64_t)runSeed, (int)k), &arena, &m)) {
        printf("FAIL %s: out of memory\n", seeds[s].name);
        t.failed++;
        break;
      }
      if (fzHasForwardRef(m.text, &arena)) { /* MLIR parser bug, not ours */
        ariArenaRelease(&arena, mark);
        continue;
      }
      why = lowerOne(ctx, &sink, m.text, &t);
      if (why) {
        printf("FAIL %s mutant %ld: %s (replay: --seed=%ld --count=%ld)\n", seeds[s].name, k, why,
               runSeed, k + 1);
        t.failed++;
      } else {
        t.passed++;
      }
      ariArenaRelease(&arena, mark);
    }
    ariDiagSinkDetach(&sink);
    mlirContextDestroy(ctx);
  }
  printf("%d lowered, %d diagnosed, %d did not parse\n", t.lowered, t.diagnosed, t.unparsed);
  printf("%d passed, %d failed\n", t.passed, t.failed);
  ariArenaDestroy(&arena);
  return t.failed ? 1 : 0;
}
