/*===- sample_test.c - the schedule sampler (search/sample/sample.h) -------===*\
 *
 * For the `*_small` functions of the example programs given as arguments:
 *   - the sampler makes the variants asked for (or says it ran out), all
 *     distinct and none equal to the input;
 *   - the same seed gives the same variants (printed terms), another seed
 *     others;
 *   - every variant exports to a func.func that verifies and computes, on
 *     the reference interpreter, exactly what the input computes (every
 *     rule the sampler uses is exact);
 *   - over all programs, every rule family fired at least once, and the
 *     tail rules (tiles that do not divide a size) did.
 *
 * Usage: sample_test [--variants=N] EXAMPLE.mlir ...
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Interp.h"
#include "search/mlir/term_mlir.h"
#include "search/sample/sample.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"
#include "test/search/interp_compare.h"


/* The variants' printed roots, one string (for comparing two runs). */
static char *describe(AriTermStore *s, const AriSampleVariant *v, unsigned n) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  for (unsigned i = 0; buf && i < n; ++i)
    for (unsigned r = 0; r < v[i].func.numRoots; ++r) {
      const char *t = ariTermToString(s, v[i].func.roots[r].value, 0);
      size_t tl = strlen(t);
      if (len + tl + 2 > cap) {
        char *nb = realloc(buf, (cap = 2 * (len + tl + 2)));
        if (!nb) {
          free(buf);
          return NULL;
        }
        buf = nb;
      }
      memcpy(buf + len, t, tl);
      len += tl;
      buf[len++] = '\n';
      buf[len] = 0;
    }
  return buf;
}

static unsigned familiesSeen;
static unsigned tailsSeen; /* steps by a tail rule (padSplitJoin, ...) */

static void sampleFunc(MlirContext ctx, MlirOperation f, const char *name, unsigned want) {
  AriTermStore *s = ariTermStoreCreate((size_t)512 << 20), *s2 = ariTermStoreCreate((size_t)512 << 20);
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriSampleVariant *v = calloc(want, sizeof *v), *v2 = calloc(want, sizeof *v2),
                   *v3 = calloc(want, sizeof *v3);
  AriTermFunc tf, tf2;
  MlirLocation loc;
  CHECK(s && s2 && v && v2 && v3 && ariTermImportFunc(s, f, &tf, &loc) &&
        ariTermImportFunc(s2, f, &tf2, &loc));
  if (!s || !s2 || !v || !v2 || !v3 || ariTermStoreError(s)[0])
    goto done;
  unsigned n = 0, n2 = 0, n3 = 0;
  AriSampleOptions o = {.seed = 1};
  AriSampleStop st = ariSampleVariants(s, &arena, &tf, &o, v, want, &n);
  CHECK(st != ARI_SAMPLE_ERROR);
  /* every example has many schedules: the sampler must find them */
  CHECK(st == ARI_SAMPLE_DONE && n == want);
  /* determinism: another store, the same seed */
  CHECK(ariSampleVariants(s2, &arena, &tf2, &o, v2, want, &n2) == st && n2 == n);
  char *d1 = describe(s, v, n), *d2 = describe(s2, v2, n2);
  CHECK(d1 && d2 && !strcmp(d1, d2));
  /* another seed, other variants */
  AriSampleOptions o3 = {.seed = 2};
  ariSampleVariants(s, &arena, &tf, &o3, v3, want, &n3);
  char *d3 = describe(s, v3, n3);
  CHECK(d3 && strcmp(d1, d3));
  free(d1);
  free(d2);
  free(d3);
  unsigned ok = 0, steps = 0;
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned j = 0; j < i; ++j)
      CHECK(memcmp(v[i].func.roots, v[j].func.roots,
                   tf.numRoots * sizeof *tf.roots)); /* distinct */
    for (unsigned k = 0; k < v[i].numSteps; ++k) {
      familiesSeen |= ariSampleRuleFamily(&v[i].steps[k]);
      const char *rn = ariRuleInfo(v[i].steps[k].id)->name;
      tailsSeen += !strncmp(rn, "pad", 3) || !strcmp(rn, "peelReduce");
    }
    steps += v[i].numSteps;
    MlirModule mod = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
    MlirOperation g = ariTermExportNewFunc(s, &v[i].func, ctx, mlirLocationUnknownGet(ctx), &loc);
    bool good = !mlirOperationIsNull(g);
    if (good) {
      mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), g);
      good = mlirOperationVerify(g) && ariCmpSameResults(f, g, 7 + i);
    }
    if (!good) {
      fprintf(stderr, "%s: variant %u is wrong (%s); rules:", name, i, ariTermStoreError(s));
      for (unsigned k = 0; k < v[i].numSteps; ++k) {
        char rb[64];
        ariRuleInstPrint(&v[i].steps[k], rb, sizeof rb);
        fprintf(stderr, " %s", rb);
      }
      fprintf(stderr, "\n");
    }
    CHECK(good);
    ok += good;
    mlirModuleDestroy(mod);
  }
  printf("%-24s %3u variants (%u asked), %u exact on the interpreter, %.1f rules each\n", name, n,
         want, ok, n ? (double)steps / n : 0.0);
done:
  free(v);
  free(v2);
  free(v3);
  ariArenaDestroy(&arena);
  ariTermStoreDestroy(s);
  ariTermStoreDestroy(s2);
}

int main(int argc, char **argv) {
  unsigned want = 24;
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL);
  int files = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--variants=", 11)) {
      want = (unsigned)atoi(argv[i] + 11);
      continue;
    }
    MlirModule mod = ariParseFile(ctx, argv[i]);
    CHECK(!mlirModuleIsNull(mod));
    if (mlirModuleIsNull(mod))
      continue;
    files++;
    for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(mod));
         !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
      MlirAttribute na = mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
      if (mlirAttributeIsNull(na))
        continue;
      MlirStringRef nm = mlirStringAttrGetValue(na);
      char name[128];
      snprintf(name, sizeof name, "%.*s", (int)nm.length, nm.data);
      size_t l = strlen(name);
      if (l >= 6 && !strcmp(name + l - 6, "_small"))
        sampleFunc(ctx, f, name, want);
    }
    mlirModuleDestroy(mod);
  }
  CHECK(files > 0);
  for (unsigned b = 0; b < 6; ++b) {
    bool seen = familiesSeen & (1u << b);
    if (!seen)
      fprintf(stderr, "family %s never fired\n", ariSampleFamilyName(1u << b));
    CHECK(seen);
  }
  /* tiles the sizes do not divide (3, 5, ...) take the tail rules */
  printf("tail rules in %u sampled steps\n", tailsSeen);
  CHECK(tailsSeen > 0);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  printf("sample_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
