/*===- features_bench.c - time of feature extraction ----------------------===*\
 *
 * Usage: features_bench [REPS] FILE.mlir...   (not part of ctest: it prints timings)
 *
 * For every function of the files (imported into terms as the passes do)
 * and for up to 100 random programs of search/gen (180 to 230 nodes), extracts the features REPS
 * times (default 2000) with one reused work area and prints microseconds
 * per extraction, with each program's size in distinct term nodes. The
 * target (issue 15) is at most 50 us for a 200-node program.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/bench/bench_util.h"
#include "costmodel/features.h"
#include "search/gen/gen.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* Distinct nodes reachable from t (marks in `seen`, indexed by id). */
static unsigned dagSize(const AriTerm *t, unsigned char *seen) {
  if (seen[ariTermId(t)])
    return 0;
  seen[ariTermId(t)] = 1;
  unsigned n = 1;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    n += dagSize(ariTermKid(t, i), seen);
  return n;
}

static unsigned funcSize(AriTermStore *s, const AriTermFunc *f) {
  unsigned char *seen = calloc(ariTermStoreNumTerms(s), 1);
  unsigned n = 0;
  for (unsigned i = 0; seen && i < f->numRoots; ++i)
    n += dagSize(f->roots[i].value, seen);
  free(seen);
  return n;
}

static double timeFunc(AriTermStore *s, const AriTermFunc *f, AriFeatWork *w, int reps) {
  AriFeatures out;
  if (ariCostFeaturesFunc(s, f, &out, w) != ARI_FEAT_OK)
    return -1;
  double t0 = benchCpuSeconds();
  for (int r = 0; r < reps; ++r)
    ariCostFeaturesFunc(s, f, &out, w);
  return (benchCpuSeconds() - t0) / reps * 1e6;
}

int main(int argc, char **argv) {
  int reps = 2000, first = 1;
  if (argc > 1 && atoi(argv[1]) > 0) {
    reps = atoi(argv[1]);
    first = 2;
  }
  AriFeatWork *w = ariFeatWorkCreate();
  MlirContext ctx = ariContextCreate();
  printf("%-48s %7s %10s\n", "program", "nodes", "us/extract");
  for (int i = first; i < argc; ++i) {
    MlirModule m = ariParseFile(ctx, argv[i]);
    if (mlirModuleIsNull(m))
      return 1;
    for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
      AriTermStore *s = ariTermStoreCreate(0);
      AriTermFunc f;
      MlirLocation loc;
      if (ariTermImportFunc(s, op, &f, &loc)) {
        const char *base = strrchr(argv[i], '/');
        char name[96];
        snprintf(name, sizeof name, "%s @%s", base ? base + 1 : argv[i], f.name);
        printf("%-48s %7u %10.2f\n", name, funcSize(s, &f), timeFunc(s, &f, w, reps));
      }
      ariTermStoreDestroy(s);
    }
    mlirModuleDestroy(m);
  }
  /* random programs of 180 to 230 distinct nodes */
  AriTermStore *s = ariTermStoreCreate(0);
  AriGen g;
  double total = 0, nodes = 0, worst = 0;
  int made = 0;
  for (uint64_t seed = 1; made < 100 && seed < 50000; ++seed) {
    ariGenInit(&g, s, seed);
    AriGenEnv env = {{0}, 0};
    const AriType *t = ariTypeArray(s, 16, ariTypeArray(s, 16, ariTypeF32(s)));
    AriTerm *v = ariGenTerm(&g, &env, t, (int)(40 + seed % 400));
    AriTermFunc f;
    if (!v || !ariGenFunc(&g, v, "g", &f))
      continue;
    unsigned n = funcSize(s, &f);
    if (n < 180 || n > 230)
      continue;
    double us = timeFunc(s, &f, w, reps / 10 ? reps / 10 : 1);
    if (us < 0)
      continue;
    total += us;
    worst = us > worst ? us : worst;
    nodes += n;
    made++;
  }
  if (made)
    printf("%-48s %7.0f %10.2f   (mean of %d; slowest %.2f)\n", "search/gen random programs",
           nodes / made, total / made, made, worst);
  ariTermStoreDestroy(s);
  mlirContextDestroy(ctx);
  ariFeatWorkDestroy(w);
  return 0;
}
