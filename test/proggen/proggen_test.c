/*===- proggen_test.c - ProgGen's mutations, filters and sampling ----------===*\
 *
 *   proggen_test SEEDS_DIR
 *
 * 1. Mutations keep programs well typed: from every seed, chains of random
 *    mutations (all four kinds), each result exported as a func.func and
 *    checked by the MLIR verifier (thousands in all).
 * 2. Same seed, same mutations: two runs in separate stores print the same
 *    terms.
 * 3. Each validity filter rejects a program made to violate it (and a seed
 *    passes them all).
 * 4. Importance sampling: the nearest pool entry, and draws that follow the
 *    target distribution.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L /* opendir */

#include "search/gen/mutate.h"
#include "search/gen/proggen.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SEEDS = 64, CHAINS = 10, CHAIN_LEN = 10 };

static int failures;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                     \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static int cmpStr(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int listSeeds(const char *dir, char **names) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d)
    return 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < MAX_SEEDS) {
    size_t l = strlen(e->d_name);
    if (l > 5 && !strcmp(e->d_name + l - 5, ".mlir")) {
      names[n] = malloc(strlen(dir) + l + 2);
      sprintf(names[n++], "%s/%s", dir, e->d_name);
    }
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof names[0], cmpStr);
  return n;
}

/* The mutated value as a function: the seed's OUT root with a new value,
 * compacted arguments. */
static bool asFunc(AriGen *g, const AriTermFunc *seed, AriTerm *value, AriTermFunc *f,
                   AriTermRoot *root) {
  *f = *seed;
  f->hints = NULL;
  f->numRoots = 1;
  f->roots = root;
  for (unsigned r = 0; r < seed->numRoots; ++r)
    if (seed->roots[r].kind == ARI_ROOT_OUT)
      *root = seed->roots[r];
  root->value = value;
  return ariGenCompact(g, f);
}

static MlirOperation exportIn(MlirContext ctx, MlirModule mod, AriTermStore *s,
                              const AriTermFunc *f) {
  MlirLocation loc = mlirLocationUnknownGet(ctx), errLoc;
  MlirOperation op = ariTermExportNewFunc(s, f, ctx, loc, &errLoc);
  if (!mlirOperationIsNull(op))
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), op);
  return op;
}

/* The OUT root's value of f. */
static AriTerm *outValue(const AriTermFunc *f) {
  for (unsigned r = 0; r < f->numRoots; ++r)
    if (f->roots[r].kind == ARI_ROOT_OUT)
      return f->roots[r].value;
  return NULL;
}

/* Mutation chains from one seed; returns how many mutants verified, adds
 * the printed terms to `trace` (for the determinism check). */
static int mutateSeed(MlirContext ctx, const char *path, uint64_t seed, int *made, int *madeKind,
                      char *trace, size_t cap) {
  MlirModule m = ariParseFile(ctx, path);
  CHECK(!mlirModuleIsNull(m), "%s does not parse", path);
  if (mlirModuleIsNull(m))
    return 0;
  AriTermStore *s = ariTermStoreCreate((size_t)512 << 20);
  AriTermFunc seedF;
  MlirLocation errLoc;
  int verified = 0;
  bool ok = ariTermImportFunc(s, ariFindFunc(m, NULL), &seedF, &errLoc);
  CHECK(ok, "%s does not import: %s", path, ariTermStoreError(s));
  MlirModule out = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  for (int c = 0; ok && c < CHAINS; ++c) {
    AriGen g;
    ariGenInit(&g, s, seed * 1000 + (uint64_t)c);
    ariGenAdopt(&g, &seedF);
    AriTermFunc cur = seedF;
    AriTermRoot curRoot;
    AriTerm *t = outValue(&seedF);
    for (int i = 0; i < CHAIN_LEN; ++i) {
      AriGenMutation k;
      AriTerm *t2 = ariGenMutateAny(&g, t, &k);
      if (!t2)
        continue;
      AriTermFunc f;
      AriTermRoot root;
      if (!asFunc(&g, &cur, t2, &f, &root)) {
        CHECK(false, "%s: compaction failed", path);
        continue;
      }
      ++*made;
      ++madeKind[k];
      if (getenv("PG_DEBUG"))
        fprintf(stderr, "chain %d step %d %s: g.nargs %u f.numArgs %u out %u: %s\n", c, i,
                ariGenMutationName(k), g.nargs, f.numArgs, root.index,
                ariTermToString(s, root.value, 0));
      MlirOperation op = exportIn(ctx, out, s, &f);
      bool good = !mlirOperationIsNull(op) && mlirOperationVerify(op);
      CHECK(good, "%s chain %d step %d (%s): mutant does not %s: %s\n  %u args, out %u: %s",
            path, c, i, ariGenMutationName(k), mlirOperationIsNull(op) ? "export" : "verify",
            ariTermStoreError(s), f.numArgs, root.index, ariTermToString(s, root.value, 0));
      if (!good)
        break;
      ++verified;
      if (trace) {
        size_t l = strlen(trace);
        snprintf(trace + l, cap - l, "%u:%s\n", (unsigned)ariTermTreeSize(t2),
                 ariGenMutationName(k));
      }
      curRoot = root;
      cur = f;
      cur.roots = &curRoot;
      t = root.value; /* renumbered by the compaction */
      /* the exported functions accumulate: drop them every step */
      mlirOperationDestroy(op);
    }
  }
  mlirModuleDestroy(out);
  ariTermStoreDestroy(s);
  mlirModuleDestroy(m);
  return verified;
}

static void testMutations(MlirContext ctx, char **seeds, int n) {
  int made = 0, verified = 0, kinds[ARI_GEN_MUT_NUM_KINDS] = {0};
  for (int i = 0; i < n; ++i)
    verified += mutateSeed(ctx, seeds[i], (uint64_t)i + 1, &made, kinds, NULL, 0);
  printf("mutations: %d made, %d verified (replace %d, delete %d, insert %d, subtree %d)\n", made,
         verified, kinds[0], kinds[1], kinds[2], kinds[3]);
  CHECK(made >= 2000 && verified == made, "%d of %d mutants verified", verified, made);
  for (int k = 0; k < ARI_GEN_MUT_NUM_KINDS; ++k)
    CHECK(kinds[k] >= 100, "only %d mutations of kind %s", kinds[k],
          ariGenMutationName((AriGenMutation)k));
}

static void testDeterminism(MlirContext ctx, char **seeds, int n) {
  enum { CAP = 1 << 16 };
  static char a[CAP], b[CAP]; /* test-local buffers */
  for (int i = 0; i < n; i += 7) {
    int made = 0, kinds[ARI_GEN_MUT_NUM_KINDS] = {0};
    a[0] = b[0] = 0;
    mutateSeed(ctx, seeds[i], 42, &made, kinds, a, CAP);
    mutateSeed(ctx, seeds[i], 42, &made, kinds, b, CAP);
    CHECK(a[0] && !strcmp(a, b), "%s: two runs with seed 42 differ", seeds[i]);
  }
}

/*--- filters -------------------------------------------------------------------*/

static const char *kIdentityish =
    "func.func @f(%x: memref<64xf32>, %out: memref<64xf32>) {\n"
    "  %a = rise.in %x : memref<64xf32> -> !rise.array<64xf32>\n"
    "  %r = rise.map %a : !rise.array<64xf32> -> !rise.array<64xf32> {\n"
    "  ^bb0(%v: f32):\n"
    "    %c = arith.constant BODY_CST : f32\n"
    "    %y = arith.BODY_OP %v, %c : f32\n"
    "    rise.yield %y : f32\n"
    "  }\n"
    "  rise.out %r, %out : !rise.array<64xf32>, memref<64xf32>\n"
    "  return\n"
    "}\n";

/* kIdentityish with the constant and op filled in. */
static MlirModule program(MlirContext ctx, const char *cst, const char *op) {
  char buf[2048];
  const char *p = kIdentityish;
  size_t o = 0;
  while (*p && o < sizeof buf - 32) {
    if (!strncmp(p, "BODY_CST", 8)) {
      o += (size_t)snprintf(buf + o, sizeof buf - o, "%s", cst);
      p += 8;
    } else if (!strncmp(p, "BODY_OP", 7)) {
      o += (size_t)snprintf(buf + o, sizeof buf - o, "%s", op);
      p += 7;
    } else {
      buf[o++] = *p++;
    }
  }
  buf[o] = 0;
  return ariParseString(ctx, buf);
}

typedef struct Flaky {
  int calls;
} Flaky;

/* The interpreter, except that every second run changes the output. */
static MlirLogicalResult flakyInterp(void *ctx, MlirOperation f, AriHostArg *args, intptr_t n,
                                     const AriInterpLimits *lim, AriInterpCounters *c) {
  Flaky *fl = ctx;
  MlirLogicalResult r = ariInterpRun(f, args, n, lim, c);
  if (mlirLogicalResultIsSuccess(r) && fl->calls++ % 2 == 1)
    ((float *)args[n - 1].data)[0] += 1.0f;
  return r;
}

static AriPgReason failingNative(void *ctx, MlirOperation f, uint64_t seed, double *ms, char *why,
                                 size_t cap) {
  (void)ctx, (void)f, (void)seed, (void)ms;
  snprintf(why, cap, "native output differs from the interpreter");
  return ARI_PG_NATIVE;
}

static AriPgReason slowNative(void *ctx, MlirOperation f, uint64_t seed, double *ms, char *why,
                              size_t cap) {
  (void)ctx, (void)f, (void)seed, (void)why, (void)cap;
  *ms = 5000.0;
  return ARI_PG_VALID;
}

static void expectReason(MlirContext ctx, MlirOperation f, const AriPgCheckOptions *o,
                         AriPgReason want, const char *what) {
  AriArena arena;
  ariArenaInit(&arena, (size_t)64 << 20);
  AriPgCheck res;
  AriPgReason got = ariPgCheck(f, o, &arena, &res);
  CHECK(got == want, "%s: got %s (%s), want %s", what, ariPgReasonName(got), res.why,
        ariPgReasonName(want));
  ariArenaDestroy(&arena);
  (void)ctx;
}

static void testFilters(MlirContext ctx, const char *validSeed) {
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL); /* the interpreter's errors are expected */
  AriPgCheckOptions o = {.seed = 1};

  MlirModule good = program(ctx, "0.5", "mulf");
  MlirOperation f = ariFindFunc(good, NULL);
  expectReason(ctx, f, &o, ARI_PG_VALID, "x * 0.5");

  Flaky fl = {0};
  AriPgCheckOptions flaky = o;
  flaky.interp = flakyInterp;
  flaky.interpCtx = &fl;
  expectReason(ctx, f, &flaky, ARI_PG_NONDET, "a flaky interpreter");

  AriPgCheckOptions tiny = o;
  tiny.maxOps = 10;
  expectReason(ctx, f, &tiny, ARI_PG_BUDGET, "10 interpreter ops");

  AriPgCheckOptions nat = o;
  nat.native = failingNative;
  expectReason(ctx, f, &nat, ARI_PG_NATIVE, "a native mismatch");
  nat.native = slowNative;
  nat.budgetMs = 100.0;
  expectReason(ctx, f, &nat, ARI_PG_BUDGET, "5 s native against a 100 ms budget");

  MlirModule cst = program(ctx, "0.0", "mulf");
  expectReason(ctx, ariFindFunc(cst, NULL), &o, ARI_PG_CONSTANT, "x * 0");
  MlirModule inf = program(ctx, "0.0", "divf");
  expectReason(ctx, ariFindFunc(inf, NULL), &o, ARI_PG_NONFINITE, "x / 0");

  /* A function whose type no longer matches its body's block arguments. */
  MlirModule bad = program(ctx, "0.5", "mulf");
  MlirOperation bf = ariFindFunc(bad, NULL);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirType ft = mlirFunctionTypeGet(ctx, 1, &i32, 0, NULL);
  mlirOperationSetAttributeByName(bf, mlirStringRefCreateFromCString("function_type"),
                                  mlirTypeAttrGet(ft));
  expectReason(ctx, bf, &o, ARI_PG_VERIFY, "a wrong function type");

  MlirModule seed = ariParseFile(ctx, validSeed);
  if (!mlirModuleIsNull(seed)) {
    expectReason(ctx, ariFindFunc(seed, NULL), &o, ARI_PG_VALID, validSeed);
    mlirModuleDestroy(seed);
  }
  mlirModuleDestroy(good);
  mlirModuleDestroy(cst);
  mlirModuleDestroy(inf);
  mlirModuleDestroy(bad);
  ariDiagSinkDetach(&sink);
}

static void testSampling(void) {
  AriPgTarget t = ariPgDefaultTarget();
  double ms[3] = {0.01, 1.0, 100.0};
  unsigned st[3] = {2, 8, 20};
  CHECK(ariPgNearest(&t, ms, st, 3, 0.02, 3) == 0, "nearest to (0.02 ms, 3)");
  CHECK(ariPgNearest(&t, ms, st, 3, 1.5, 9) == 1, "nearest to (1.5 ms, 9)");
  CHECK(ariPgNearest(&t, ms, st, 3, 50, 18) == 2, "nearest to (50 ms, 18)");
  AriTermStore *s = ariTermStoreCreate(1 << 20);
  AriGen g;
  ariGenInit(&g, s, 7);
  double sumL = 0, sumL2 = 0, sumS = 0, sumS2 = 0;
  enum { N = 20000 };
  for (int i = 0; i < N; ++i) {
    double m, k;
    ariPgDrawTarget(&g, &t, &m, &k);
    double l = log10(m / t.medianMs);
    sumL += l, sumL2 += l * l, sumS += k, sumS2 += k * k;
  }
  double mL = sumL / N, sdL = sqrt(sumL2 / N - mL * mL), mS = sumS / N,
         sdS = sqrt(sumS2 / N - mS * mS);
  printf("targets: log10(ms/median) mean %.3f sd %.3f; stages mean %.2f sd %.2f\n", mL, sdL, mS,
         sdS);
  CHECK(fabs(mL) < 0.03 && fabs(sdL - t.log10Sigma) < 0.03, "runtime draws off");
  CHECK(fabs(mS - t.stagesMean) < 0.2 && fabs(sdS - t.stagesSd) < 0.2, "stage draws off");
  ariTermStoreDestroy(s);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: proggen_test SEEDS_DIR\n");
    return 2;
  }
  char *seeds[MAX_SEEDS];
  int n = listSeeds(argv[1], seeds);
  CHECK(n >= 40, "%d seeds in %s", n, argv[1]);
  MlirContext ctx = ariContextCreate();
  if (n) {
    testMutations(ctx, seeds, n);
    testDeterminism(ctx, seeds, n);
    testFilters(ctx, seeds[0]);
  }
  testSampling();
  mlirContextDestroy(ctx);
  for (int i = 0; i < n; ++i)
    free(seeds[i]);
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
