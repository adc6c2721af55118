/*===- features_test.c - features of terms (costmodel/features.h) ---------===*\
 *
 * Usage: features_test [--docs=docs/costmodel.md] [--dump] FILE.mlir...
 *
 *  - every function of every file, imported into terms as the passes do,
 *    has features (data/harris_cbuf.mlir: a cbuf+rrot program), and
 *    its flops and transcendentals equal rise-stats' (where hash-consing
 *    merged duplicate ops the term has fewer ops than the function: there
 *    they are at most rise-stats');
 *  - four small programs -- dot, matvec, a 3-tap stencil with pad_clamp,
 *    a tiled matmul with to_mem and map vec -- whose every program feature
 *    (and some of their level and buffer records) is computed by hand in
 *    features_hand.inc, and one program per rule of the model;
 *  - a work area's history does not change results;
 *  - bad and too-deep terms get an error value, never a crash;
 *  - every rule's random programs, before and after the rewrite;
 *  - every feature name appears in docs/costmodel.md.
 * --dump prints each function's terms and features (for writing tests).
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/features.h"
#include "passes/stats.h"
#include "search/gen/gen.h"
#include "search/mlir/term_mlir.h"
#include "test/check.h"
#include "tools/support/mlirutil.h"
#include "utils/file.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool dump;

/* The whole file, malloc'd and NUL-terminated; NULL on error. */
static char *readText(const char *path) {
  char *data = NULL;
  size_t len = 0;
  if (!ariFileOk(ariFileRead(path, NULL, SIZE_MAX, &data, &len)))
    return NULL;
  return data;
}

static void printFeatures(const AriFeatures *f) {
  for (unsigned i = 0; i < ARI_FEAT_COUNT; ++i)
    if (i < ARI_FEAT_HIST || f->v[i] != 0)
      printf("    %-22s %.17g\n", ariFeatName(i), f->v[i]);
  for (unsigned l = 0; l < f->numLevels; ++l) {
    const AriFeatLevel *L = &f->levels[l];
    printf("    level %u: loop %d pattern %d parent %d depth %u extent %lld vec %lld trips %g "
           "ops %g flops %g ld %g st %g unit %g strided %g inv %g gather %g fp %g fpi %g "
           "allocs %g heap %g tomem %g ring %g temp %g par %g\n",
           l, L->loop, L->pattern, L->parent, L->depth, (long long)L->extent,
           (long long)L->vecWidth, L->trips, L->opsTotal, L->flops, L->bytesLoaded,
           L->bytesStored, L->bytesUnit, L->bytesStrided, L->bytesInvariant, L->bytesGather,
           L->footprint, L->footprintIter, L->allocs, L->heapAllocs, L->toMemBytes, L->ringBytes,
           L->tempBytes, L->parallel);
  }
}

/*=== rise-stats parity on the examples ====================================*/

static int funcsChecked, funcsMerged;

static void checkFunc(MlirOperation func, const char *where, AriFeatWork *w) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry))
    return;
  AriStats st;
  ariStatsCollect(func, &st);
  AriTermStore *s = ariTermStoreCreate(0);
  AriTermFunc f;
  MlirLocation loc;
  if (!ariTermImportFunc(s, func, &f, &loc)) {
    printf("  %s: not imported: %s\n", where, ariTermStoreError(s));
    ariTermStoreDestroy(s);
    return;
  }
  AriFeatures feat;
  AriFeatStatus rc = ariCostFeaturesFunc(s, &f, &feat, w);
  CHECK(rc == ARI_FEAT_OK);
  if (ariTermFuncMergedOps(&f)) {
    /* the term has fewer ops than the function: at most its counts */
    funcsMerged++;
    printf("  %s: %u merged op(s): flops %.17g <= %lld\n", where, ariTermFuncMergedOps(&f),
           feat.v[ARI_FEAT_FLOPS], (long long)st.flops);
    CHECK(feat.v[ARI_FEAT_FLOPS] <= (double)st.flops && feat.v[ARI_FEAT_FLOPS] > 0);
    CHECK(feat.v[ARI_FEAT_TRANSCENDENTALS] <= (double)st.transcendentals);
    ariTermStoreDestroy(s);
    return;
  }
  if (rc != ARI_FEAT_OK)
    fprintf(stderr, "%s: %s: %s\n", where, ariFeatStatusName(rc), ariFeatWorkError(w));
  if (dump) {
    printf("%s\n", where);
    for (unsigned i = 0; i < f.numRoots; ++i)
      printf("  root %u: %s\n", i, ariTermToString(s, f.roots[i].value, 0));
    printFeatures(&feat);
  }
  bool same = feat.v[ARI_FEAT_FLOPS] == (double)st.flops &&
              feat.v[ARI_FEAT_TRANSCENDENTALS] == (double)st.transcendentals;
  CHECK(same);
  if (!same)
    fprintf(stderr, "%s: flops %.17g transcendentals %.17g, rise-stats %lld %lld\n", where,
            feat.v[ARI_FEAT_FLOPS], feat.v[ARI_FEAT_TRANSCENDENTALS], (long long)st.flops,
            (long long)st.transcendentals);
  funcsChecked++;
  ariTermStoreDestroy(s);
}

static void checkFile(MlirContext ctx, const char *path, AriFeatWork *w) {
  char *text = readText(path);
  CHECK(text != NULL);
  if (!text)
    return;
  /* split at "// -----" like mlir-opt -split-input-file */
  int chunk = 0;
  for (char *p = text; p; ++chunk) {
    char *next = strstr(p, "// -----");
    if (next)
      *next = 0;
    AriDiagSink sink;
    ariDiagSinkAttach(&sink, ctx, NULL);
    MlirModule m = ariParseString(ctx, p);
    ariDiagSinkDetach(&sink);
    if (!mlirModuleIsNull(m)) {
      for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
           !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
        MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
        if (n.length != 9 || memcmp(n.data, "func.func", 9))
          continue;
        MlirStringRef fn = mlirStringAttrGetValue(
            mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name")));
        char where[512];
        snprintf(where, sizeof where, "%s#%d @%.*s", path, chunk, (int)fn.length, fn.data);
        checkFunc(op, where, w);
      }
      mlirModuleDestroy(m);
    }
    p = next ? next + 8 : NULL;
  }
  free(text);
}

/*=== Hand-computed programs ===============================================*/

typedef struct {
  const char *name;
  double value;
} Expect;

/* Checks every program feature: those listed take their value, every
 * other one must be 0. */
static void checkVector(const char *prog, const AriFeatures *f, const Expect *e, size_t n) {
  bool seen[ARI_FEAT_COUNT] = {0};
  for (size_t i = 0; i < n; ++i) {
    int k = ariFeatIndex(e[i].name);
    CHECK(k >= 0);
    if (k < 0) {
      fprintf(stderr, "%s: no feature named %s\n", prog, e[i].name);
      continue;
    }
    seen[k] = true;
    double got = f->v[k];
    bool ok = fabs(got - e[i].value) <= 1e-9 * fmax(1, fabs(e[i].value));
    CHECK(ok);
    if (!ok)
      fprintf(stderr, "%s: %s = %.17g, expected %.17g\n", prog, e[i].name, got, e[i].value);
  }
  for (unsigned k = 0; k < ARI_FEAT_COUNT; ++k)
    if (!seen[k]) {
      CHECK(f->v[k] == 0);
      if (f->v[k] != 0)
        fprintf(stderr, "%s: %s = %.17g, expected 0\n", prog, ariFeatName(k), f->v[k]);
    }
}

static AriTerm *parse(AriTermStore *s, const char *text) {
  AriTerm *t = ariTermParse(s, text, strlen(text));
  if (!t)
    fprintf(stderr, "parse: %s\n", ariTermStoreError(s));
  CHECK(t != NULL);
  return t;
}

static bool extract(AriTermStore *s, const char *prog, const char *text, AriFeatWork *w,
                    AriFeatures *f) {
  AriTerm *t = parse(s, text);
  if (!t)
    return false;
  AriFeatStatus rc = ariCostFeatures(s, t, f, w);
  CHECK(rc == ARI_FEAT_OK);
  if (rc != ARI_FEAT_OK) {
    fprintf(stderr, "%s: %s: %s\n", prog, ariFeatStatusName(rc), ariFeatWorkError(w));
    return false;
  }
  if (dump) {
    printf("%s: %s\n", prog, text);
    printFeatures(f);
  }
  return true;
}

#include "features_hand.inc"

/*=== Bad terms, names, docs ===============================================*/

static void testBad(AriFeatWork *w) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriFeatures f;
  CHECK(ariCostFeatures(s, NULL, &f, w) == ARI_FEAT_ERR_BAD_TERM);
  CHECK(f.version == ARI_FEAT_VERSION && f.v[ARI_FEAT_FLOPS] == 0);
  /* open term, function-typed term, a lambda used as data */
  AriTerm *open = ariTermVar(s, 0, ariTypeF32(s));
  CHECK(ariCostFeatures(s, open, &f, w) == ARI_FEAT_ERR_BAD_TERM);
  CHECK(strstr(ariFeatWorkError(w), "closed") != NULL);
  AriTerm *lam = parse(s, "(lam f32 %0)");
  CHECK(ariCostFeatures(s, lam, &f, w) == ARI_FEAT_ERR_BAD_TERM);
  AriTerm *apped = parse(s, "(map (lam f32 (arith.addf %0 %0 : f32)) (in 0 : 4.f32))");
  CHECK(ariCostFeatures(s, apped, &f, w) == ARI_FEAT_OK);
  CHECK(f.v[ARI_FEAT_FLOPS] == 4);
  /* a beta-redex is reduced first: (\x. x + x) applied inside a map */
  AriTerm *redex = parse(s, "(map (lam f32 (app (lam f32 (arith.addf %0 %0 : f32)) %0)) "
                            "(in 0 : 4.f32))");
  CHECK(ariCostFeatures(s, redex, &f, w) == ARI_FEAT_OK);
  CHECK(f.v[ARI_FEAT_FLOPS] == 4);
  CHECK(ariCostFeatures(s, apped, &f, NULL) == ARI_FEAT_ERR_BAD_TERM);
  ariTermStoreDestroy(s);
  CHECK(!strcmp(ariFeatStatusName(ARI_FEAT_ERR_UNSUPPORTED), "unsupported term"));
}

/* A chain of n additions: nested n deep. */
static AriTerm *chain(AriTermStore *s, int n) {
  const AriType *f32 = ariTypeF32(s);
  AriTerm *t = ariTermConstFloat(s, f32, 1);
  for (int i = 0; i < n && t; ++i) {
    AriTerm *k[2] = {t, ariTermConstFloat(s, f32, i)};
    t = ariTermOp(s, "arith.addf", NULL, k, 2, f32);
  }
  return t;
}

static void testDeep(AriFeatWork *w) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriFeatures f;
  CHECK(ariCostFeatures(s, chain(s, 1000), &f, w) == ARI_FEAT_OK);
  CHECK(f.v[ARI_FEAT_FLOPS] == 1000);
  CHECK(ariCostFeatures(s, chain(s, 5000), &f, w) == ARI_FEAT_ERR_TOO_DEEP);
  CHECK(strstr(ariFeatWorkError(w), "nested too deeply") != NULL);
  /* the work area is usable again after an error */
  CHECK(ariCostFeatures(s, chain(s, 10), &f, w) == ARI_FEAT_OK && f.v[ARI_FEAT_FLOPS] == 10);
  ariTermStoreDestroy(s);
}

/* Every rule of the catalogue on random programs made for it: features
 * of the program before and after the rewrite are computed (no error, all
 * finite, none negative). */
static void testRules(AriFeatWork *w) {
  int ok = 0, cases = 0, rewrites = 0, sameFlops = 0;
  for (size_t id = 0; id < ariRuleCount(); ++id) {
    const AriRuleInfo *info = ariRuleInfo(id);
    AriRuleArg args[ARI_RULE_MAX_ARGS];
    size_t n = info->minArgs;
    for (size_t i = 0; i < n; ++i)
      args[i] = info->paramKind == ARI_RULE_PARAM_ADDR ? (AriRuleArg){true, 0, "private"}
                : info->paramKind == ARI_RULE_PARAM_DIM ? (AriRuleArg){false, 0, NULL}
                                                        : (AriRuleArg){false, 2, NULL};
    AriRuleInst inst;
    char err[256];
    if (!ariRuleBind(id, args, n, &inst, err, sizeof err))
      continue;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      AriTermStore *s = ariTermStoreCreate((size_t)64 << 20);
      AriGen g;
      ariGenInit(&g, s, seed * 7919 + id);
      AriTerm *t = ariGenForRule(&g, &inst), *t2 = NULL;
      if (t && ariGenRewriteFirst(s, &inst, t, &t2) == ARI_RULE_APPLIED) {
        AriTerm *both[2] = {t, t2};
        double flops[2] = {0, 0};
        for (int k = 0; k < 2; ++k) {
          AriFeatures f;
          AriFeatStatus st = ariCostFeatures(s, ariGenWritable(s, both[k]), &f, w);
          cases++;
          bool good = st == ARI_FEAT_OK;
          for (unsigned i = 0; good && i < ARI_FEAT_COUNT; ++i)
            good = isfinite(f.v[i]) && f.v[i] >= 0;
          CHECK(good);
          if (!good)
            fprintf(stderr, "rule %s seed %llu (%s): %s: %s\n  %s\n", info->name,
                    (unsigned long long)seed, k ? "after" : "before", ariFeatStatusName(st),
                    ariFeatWorkError(w), ariTermToString(s, both[k], 0));
          ok += good;
          flops[k] = f.v[ARI_FEAT_FLOPS];
        }
        rewrites++;
        sameFlops += flops[0] == flops[1];
      }
      ariTermStoreDestroy(s);
    }
  }
  /* informative: most rules move work around without adding or removing
   * any (those that do duplicate or drop computations, or change what is
   * hoisted) */
  printf("rules: features of %d of %d programs before/after a rewrite; flops unchanged by "
         "%d of %d rewrites\n",
         ok, cases, sameFlops, rewrites);
  CHECK(cases > 200);
}

static void testNames(const char *docs) {
  for (unsigned i = 0; i < ARI_FEAT_COUNT; ++i) {
    CHECK(ariFeatName(i) && ariFeatUnit(i) && ariFeatDoc(i));
    CHECK(ariFeatIndex(ariFeatName(i)) == (int)i);
  }
  CHECK(ariFeatName(ARI_FEAT_COUNT) == NULL);
  CHECK(ariFeatIndex("no such feature") == -1);
  CHECK(!strcmp(ariFeatName(ARI_FEAT_HIST), "ops_add_f16"));
  CHECK(!strcmp(ariFeatName(ARI_FEAT_COUNT - 1), "ops_other_index"));
  if (!docs)
    return;
  char *text = readText(docs);
  CHECK(text != NULL);
  if (!text)
    return;
  char want[96];
  for (unsigned i = 0; i < ARI_FEAT_HIST; ++i) {
    snprintf(want, sizeof want, "`%s`", ariFeatName(i));
    CHECK(strstr(text, want) != NULL);
    if (!strstr(text, want))
      fprintf(stderr, "%s does not document %s\n", docs, want);
  }
  snprintf(want, sizeof want, "ARI_FEAT_VERSION %d", ARI_FEAT_VERSION);
  CHECK(strstr(text, want) != NULL);
  free(text);
}

int main(int argc, char **argv) {
  const char *docs = NULL;
  AriFeatWork *w = ariFeatWorkCreate();
  CHECK(w != NULL);
  if (!w)
    return 1;
  MlirContext ctx = ariContextCreate();
  int files = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--docs=", 7))
      docs = argv[i] + 7;
    else if (!strcmp(argv[i], "--dump"))
      dump = true;
    else {
      checkFile(ctx, argv[i], w);
      files++;
    }
  }
  printf("rise-stats parity: %d functions of %d files (%d more with merged ops: at most)\n",
         funcsChecked, files, funcsMerged);
  testHand(w);
  testBad(w);
  testDeep(w);
  testRules(w);
  testNames(docs);
  mlirContextDestroy(ctx);
  ariFeatWorkDestroy(w);
  printf("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
