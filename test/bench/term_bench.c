/*===- term_bench.c - throughput of the term store ------------------------===*\
 *
 * Usage: term_bench [SCALE [FILE.mlir]]   (not part of ctest: it prints timings)
 *
 * Measures, on seeded synthetic terms:
 *   construct  new nodes per second (every node distinct: a table insert);
 *   hashcons   nodes per second when every node already exists (a lookup);
 *   subst      nodes rebuilt per second by beta reduction of a redex whose
 *              parameter occurs throughout a large body;
 *   shift      the same for shifting an open term;
 *   beta-mapfusion  beta-normalisations per second of a mapFusion result,
 *              the operation rules perform most;
 *   import/export  with FILE.mlir: each function imported into a fresh
 *              store and exported back in place, repeatedly.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/bench/bench_util.h"
#include "search/term/term.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>


/* A balanced tree of additions over `leaves` distinct leaves; the leaf at
 * position i is VAR 0 when i % 4 == 0 and a constant i otherwise. */
static AriTerm *tree(AriTermStore *s, unsigned lo, unsigned hi, unsigned salt) {
  const AriType *f32 = ariTypeF32(s);
  if (hi - lo == 1)
    return lo % 4 == 0 ? ariTermVar(s, 0, f32) : ariTermConstFloat(s, f32, lo * 7.0 + salt);
  unsigned mid = (lo + hi) / 2;
  AriTerm *k[2] = {tree(s, lo, mid, salt), tree(s, mid, hi, salt)};
  return ariTermOp(s, "arith.addf", NULL, k, 2, f32);
}

int main(int argc, char **argv) {
  unsigned scale = argc > 1 ? (unsigned)atoi(argv[1]) : 1;
  if (scale == 0)
    scale = 1;
  AriTermStore *s = ariTermStoreCreate(0);
  const AriType *f32 = ariTypeF32(s);
  unsigned leaves = 1u << 20;

  /* construct: ~2M distinct nodes per round */
  double t0 = benchCpuSeconds();
  size_t before = ariTermStoreNumTerms(s);
  AriTerm *big = NULL;
  for (unsigned r = 0; r < scale; ++r)
    big = tree(s, 0, leaves, r);
  double t1 = benchCpuSeconds();
  size_t made = ariTermStoreNumTerms(s) - before;
  printf("construct: %zu new nodes in %.3f s = %.1f M nodes/s (%.1f bytes/node)\n", made,
         t1 - t0, made / (t1 - t0) / 1e6, (double)ariTermStoreBytes(s) / (double)ariTermStoreNumTerms(s));

  /* hashcons hits: rebuild the same trees */
  t0 = benchCpuSeconds();
  for (unsigned r = 0; r < scale; ++r)
    (void)tree(s, 0, leaves, r);
  t1 = benchCpuSeconds();
  size_t visits = (size_t)scale * (2 * leaves - 1);
  printf("hashcons:  %zu existing nodes found in %.3f s = %.1f M nodes/s (store unchanged: %s)\n",
         visits, t1 - t0, visits / (t1 - t0) / 1e6,
         ariTermStoreNumTerms(s) == before + made ? "yes" : "NO");

  /* subst: beta-reduce (lam x. big) c, x occurring at every 4th leaf */
  AriTerm *c = ariTermConstFloat(s, f32, -1.0);
  size_t n0 = ariTermStoreNumTerms(s);
  t0 = benchCpuSeconds();
  AriTerm *red = ariTermBeta(s, big, c);
  t1 = benchCpuSeconds();
  size_t rebuilt = ariTermStoreNumTerms(s) - n0;
  printf("subst:     beta over a %u-node body: %zu nodes rebuilt in %.3f s = %.1f M nodes/s%s\n",
         ariTermTreeSize(big), rebuilt, t1 - t0, (double)ariTermTreeSize(big) / (t1 - t0) / 1e6,
         red ? "" : " (FAILED)");

  /* shift: an open term up by one */
  n0 = ariTermStoreNumTerms(s);
  t0 = benchCpuSeconds();
  AriTerm *sh = ariTermShift(s, big, 1, 0);
  t1 = benchCpuSeconds();
  printf("shift:     %u-node open term: %zu nodes rebuilt in %.3f s = %.1f M nodes/s%s\n",
         ariTermTreeSize(big), ariTermStoreNumTerms(s) - n0, t1 - t0,
         (double)ariTermTreeSize(big) / (t1 - t0) / 1e6, sh ? "" : " (FAILED)");

  /* closed terms: shifting and substituting are O(1) */
  AriTerm *closed = tree(s, 1, 4, 0); /* no VAR 0 leaf */
  t0 = benchCpuSeconds();
  unsigned reps = 10000000;
  AriTerm *acc = closed;
  for (unsigned i = 0; i < reps; ++i)
    acc = ariTermShift(s, acc, 1, 0);
  t1 = benchCpuSeconds();
  printf("shift of a closed term: %.1f M calls/s (identity: %s)\n", reps / (t1 - t0) / 1e6,
         acc == closed ? "yes" : "NO");

  printf("store: %zu terms, %zu types, %.1f MiB\n", ariTermStoreNumTerms(s),
         ariTermStoreNumTypes(s), (double)ariTermStoreBytes(s) / (1 << 20));
  ariTermStoreDestroy(s);

  /* mapFusion-shaped beta in a fresh (cache-sized) store:
   * map (lam x. g (f x)) where f, g are lambdas */
  s = ariTermStoreCreate(0);
  f32 = ariTypeF32(s);
  const AriType *arr = ariTypeArray(s, 1024, f32);
  AriTerm *in = ariTermIn(s, 0, arr);
  unsigned fused = 0;
  t0 = benchCpuSeconds();
  for (unsigned i = 0; i < 200000 * scale; ++i) {
    AriTerm *fk[2] = {ariTermVar(s, 0, f32), ariTermConstFloat(s, f32, (double)(i & 1023))};
    AriTerm *f = ariTermLam(s, f32, ariTermOp(s, "arith.mulf", NULL, fk, 2, f32));
    AriTerm *gk[2] = {ariTermVar(s, 0, f32), ariTermVar(s, 0, f32)};
    AriTerm *g = ariTermLam(s, f32, ariTermOp(s, "arith.addf", NULL, gk, 2, f32));
    /* lam x. g (f x), with f and g shifted under the new binder */
    AriTerm *body = ariTermApp(s, ariTermShift(s, g, 1, 0),
                               ariTermApp(s, ariTermShift(s, f, 1, 0), ariTermVar(s, 0, f32)));
    AriTerm *m = ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, f32, body), in);
    AriTerm *nf = ariTermBetaNormalize(s, m);
    fused += nf != NULL;
  }
  t1 = benchCpuSeconds();
  printf("beta-mapfusion: %u fused-map normalisations in %.3f s = %.2f M/s\n", fused, t1 - t0,
         fused / (t1 - t0) / 1e6);

  /* small stores (the working set fits in cache): new nodes in a fresh
   * store per round, then hits on the same term */
  t0 = benchCpuSeconds();
  size_t m2 = 0;
  for (unsigned r = 0; r < 100 * scale; ++r) {
    AriTermStore *s3 = ariTermStoreCreate(0);
    (void)tree(s3, 0, 1u << 12, r);
    m2 += ariTermStoreNumTerms(s3);
    ariTermStoreDestroy(s3);
  }
  t1 = benchCpuSeconds();
  printf("construct (fresh store, 8k-node terms): %zu new nodes in %.3f s = %.1f M nodes/s\n",
         m2, t1 - t0, m2 / (t1 - t0) / 1e6);
  AriTermStore *s2 = ariTermStoreCreate(0);
  (void)tree(s2, 0, 1u << 12, 0);
  t0 = benchCpuSeconds();
  for (unsigned r = 0; r < 1000 * scale; ++r)
    (void)tree(s2, 0, 1u << 12, 0);
  t1 = benchCpuSeconds();
  printf("hashcons (8k-node term, in cache): %.1f M nodes/s\n",
         1000.0 * scale * ((1u << 13) - 1) / (t1 - t0) / 1e6);
  /* substitution in cache: beta over the 8k-node body with a fresh
   * constant per round (every rebuilt node is new), store renewed often */
  double tsub = 0;
  size_t nsub = 0;
  for (unsigned r = 0; r < 50 * scale; ++r) {
    AriTermStore *s4 = ariTermStoreCreate(0);
    AriTerm *body = tree(s4, 0, 1u << 12, 0);
    const AriType *g32 = ariTypeF32(s4);
    t0 = benchCpuSeconds();
    for (unsigned i = 0; i < 20; ++i) {
      AriTerm *red2 = ariTermBeta(s4, body, ariTermConstFloat(s4, g32, -1.0 - i));
      nsub += red2 ? ariTermTreeSize(body) : 0;
    }
    tsub += benchCpuSeconds() - t0;
    ariTermStoreDestroy(s4);
  }
  printf("subst (8k-node body, in cache): %.1f M body nodes/s, %.0f substitutions/s\n",
         nsub / tsub / 1e6, 1000.0 * scale / tsub);
  ariTermStoreDestroy(s2);
  printf("store: %zu terms, %zu types, %.1f MiB\n", ariTermStoreNumTerms(s),
         ariTermStoreNumTypes(s), (double)ariTermStoreBytes(s) / (1 << 20));
  ariTermStoreDestroy(s);

  if (argc > 2) {
    MlirContext ctx = ariContextCreate();
    MlirModule m = ariParseFile(ctx, argv[2]);
    if (mlirModuleIsNull(m)) {
      fprintf(stderr, "term_bench: cannot parse %s\n", argv[2]);
      return 1;
    }
    unsigned funcs = 0, ops = 0, passes = 20 * scale;
    double ti = 0, te = 0;
    for (unsigned r = 0; r < passes; ++r)
      for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
           !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
        AriTermStore *s5 = ariTermStoreCreate(0);
        AriTermFunc tf;
        MlirLocation loc;
        t0 = benchCpuSeconds();
        bool ok = ariTermImportFunc(s5, f, &tf, &loc);
        t1 = benchCpuSeconds();
        ti += t1 - t0;
        if (ok) {
          t0 = benchCpuSeconds();
          ok = ariTermExportFunc(s5, &tf, f, &loc);
          te += benchCpuSeconds() - t0;
          if (r == 0)
            ops += (unsigned)ariTermStoreNumTerms(s5);
        }
        if (!ok)
          fprintf(stderr, "term_bench: %s\n", ariTermStoreError(s5));
        funcs += r == 0;
        ariTermStoreDestroy(s5);
      }
    printf("import: %u functions (%u terms) x %u: %.2f ms per pass; export: %.2f ms per pass\n",
           funcs, ops, passes, 1e3 * ti / passes, 1e3 * te / passes);
    mlirModuleDestroy(m);
    mlirContextDestroy(ctx);
  }
  return 0;
}
