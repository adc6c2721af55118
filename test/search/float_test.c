/*===- float_test.c - rewrites that fuse never multiply work ---------------===*\
 *
 * Export places every term a rewrite made at the outermost block that binds
 * its free variables (let-floating, search/mlir/term_export.c). Without it,
 * a fusion inside a row loop exports the row's statistic (a softmax's sum,
 * a layer norm's variance) inside the per-element map that uses it, and the
 * program does per element what it did per row.
 *
 * Random programs of that family: per row of an R x N input, one to three
 * statistics, each a reduction (add or max) over a chain of zero to two
 * element-wise maps of the row whose bodies use the statistics before it,
 * then rescaled (divided by N, or multiplied by an earlier statistic); the
 * output is a chain of one or two element-wise maps using them all. Every
 * map has one consumer, so fusing it duplicates nothing. Each program is
 * parsed, imported into terms (with the placement hints the passes use),
 * rewritten with mapFusion / reduceMapFusion / reduceSeqMapFusion until
 * none applies, and exported back. Then:
 *   - rise-stats' FLOPs and transcendentals (ariStatsCollect) after the
 *     rewrite are at most those before;
 *   - at least one rule fired, and the reference interpreter computes the
 *     same output before and after (the rules are exact) on random inputs.
 * Before let-floating this failed on most programs (a statistic exported
 * into the output map costs N times its work per row).
 *
 * Usage: float_test [--cases=N] [--seed=S] [--verbose]
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Interp.h"
#include "passes/stats.h"
#include "search/gen/gen.h"
#include "search/mlir/term_mlir.h"
#include "search/rules/rules.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"

typedef struct {
  uint64_t state;
  AriStr *b;
  unsigned next; /* SSA counter */
  int nstats;
  unsigned stats[3]; /* SSA numbers of the statistics so far */
  int n;             /* row length */
} Gen;

static uint64_t rnd(Gen *g, uint64_t n) {
  g->state = g->state * 6364136223846793005ull + 1442695040888963407ull;
  return (g->state >> 33) % n;
}

/* Emits a scalar expression of %v (an f32 block argument) and the
 * statistics, returning its SSA number. */
static unsigned expr(Gen *g, const char *v, int depth) {
  unsigned id = g->next++;
  uint64_t k = rnd(g, depth > 0 ? 6 : 3);
  if (k == 0 && g->nstats) {
    /* v - s: with exp, the softmax numerator */
    unsigned s = g->stats[rnd(g, (uint64_t)g->nstats)];
    ariStrPrintf(g->b, "      %%t%u = arith.subf %s, %%t%u : f32\n", id, v, s);
    if (rnd(g, 2)) {
      unsigned e = g->next++;
      ariStrPrintf(g->b, "      %%t%u = math.exp %%t%u : f32\n", e, id);
      return e;
    }
    return id;
  }
  if (k <= 2) {
    static const char *const ops[] = {"arith.addf", "arith.mulf", "arith.subf"};
    const char *op = ops[rnd(g, 3)];
    char rhs[32];
    if (g->nstats && rnd(g, 2))
      snprintf(rhs, sizeof rhs, "%%t%u", g->stats[rnd(g, (uint64_t)g->nstats)]);
    else {
      unsigned c = g->next++;
      ariStrPrintf(g->b, "      %%t%u = arith.constant %d.5 : f32\n", c, (int)rnd(g, 4));
      snprintf(rhs, sizeof rhs, "%%t%u", c);
    }
    ariStrPrintf(g->b, "      %%t%u = %s %s, %s : f32\n", id, op, v, rhs);
    return id;
  }
  unsigned a = expr(g, v, depth - 1), b = expr(g, v, depth - 1);
  ariStrPrintf(g->b, "      %%t%u = arith.%s %%t%u, %%t%u : f32\n", id,
                  rnd(g, 2) ? "addf" : "mulf", a, b);
  return id;
}

/* A chain of `len` element-wise maps over array value `src` (an SSA name);
 * returns the name of the last one in `out`. */
static void mapChain(Gen *g, const char *src, int len, char *out, size_t cap) {
  snprintf(out, cap, "%s", src);
  for (int i = 0; i < len; ++i) {
    unsigned m = g->next++, p = g->next++;
    char pv[16];
    snprintf(pv, sizeof pv, "%%t%u", p);
    ariStrPrintf(g->b,
                    "    %%t%u = rise.map %s : !rise.array<%dxf32> -> !rise.array<%dxf32> {\n"
                    "    ^bb0(%s: f32):\n",
                    m, out, g->n, g->n, pv);
    unsigned r = expr(g, pv, 2);
    ariStrPrintf(g->b, "      rise.yield %%t%u : f32\n    }\n", r);
    snprintf(out, cap, "%%t%u", m);
  }
}

/* A random program named @f over an R x N input. */
static void program(Gen *g, int rows) {
  int n = g->n;
  ariStrPrintf(g->b,
                  "func.func @f(%%X: memref<%dx%dxf32>, %%Y: memref<%dx%dxf32>) {\n"
                  "  %%x = rise.in %%X : memref<%dx%dxf32> -> !rise.array<%dx%dxf32>\n"
                  "  %%n = arith.constant %d.0 : f32\n"
                  "  %%zero = arith.constant 0.0 : f32\n"
                  "  %%low = arith.constant -1.0e30 : f32\n"
                  "  %%res = rise.map %%x : !rise.array<%dx%dxf32> -> !rise.array<%dx%dxf32> {\n"
                  "  ^bb0(%%row: !rise.array<%dxf32>):\n",
                  rows, n, rows, n, rows, n, rows, n, n, rows, n, rows, n, n);
  int k = 1 + (int)rnd(g, 3);
  char src[32];
  for (int i = 0; i < k; ++i) {
    mapChain(g, "%row", (int)rnd(g, 3), src, sizeof src);
    bool add = rnd(g, 3) != 0;
    unsigned r = g->next++, a = g->next++, x = g->next++, s = g->next++;
    ariStrPrintf(g->b,
                    "    %%t%u = rise.reduce %s, %s : f32, !rise.array<%dxf32> -> f32 {\n"
                    "    ^bb0(%%t%u: f32, %%t%u: f32):\n"
                    "      %%t%u = %s %%t%u, %%t%u : f32\n"
                    "      rise.yield %%t%u : f32\n    }\n",
                    r, add ? "%zero" : "%low", src, n, a, x, s,
                    add ? "arith.addf" : "arith.maximumf", a, x, s);
    unsigned st = g->next++;
    if (g->nstats && rnd(g, 3) == 0)
      ariStrPrintf(g->b, "    %%t%u = arith.mulf %%t%u, %%t%u : f32\n", st, r,
                      g->stats[rnd(g, (uint64_t)g->nstats)]);
    else
      ariStrPrintf(g->b, "    %%t%u = arith.divf %%t%u, %%n : f32\n", st, r);
    g->stats[g->nstats++] = st;
  }
  mapChain(g, "%row", 1 + (int)rnd(g, 2), src, sizeof src);
  ariStrPrintf(g->b,
                  "    rise.yield %s : !rise.array<%dxf32>\n  }\n"
                  "  rise.out %%res, %%Y : !rise.array<%dx%dxf32>, memref<%dx%dxf32>\n"
                  "  return\n}\n",
                  src, n, rows, n, rows, n);
}

/* Applies the fusion rules at their first positions until none applies;
 * returns how many fired, -1 on a rule error. */
static int fuseAll(AriTermStore *s, AriTermFunc *tf) {
  static const char *const names[] = {"mapFusion", "reduceMapFusion", "reduceSeqMapFusion"};
  AriRuleInst rules[3];
  for (int i = 0; i < 3; ++i) {
    char err[128];
    if (!ariRuleParse(names[i], strlen(names[i]), &rules[i], err, sizeof err, NULL))
      return -1;
  }
  /* Rewriting at a position changes one occurrence of a shared term; the
   * others change in later rounds, and only the fixpoint has every use of
   * a statistic on one term again (a cut-off run would compute both). */
  int fired = 0;
  bool again = true;
  while (again && fired < 5000) {
    again = false;
    for (unsigned r = 0; r < tf->numRoots; ++r)
      for (int i = 0; i < 3; ++i) {
        AriTerm *nv;
        AriRuleStatus st = ariGenRewriteFirst(s, &rules[i], tf->roots[r].value, &nv);
        if (st == ARI_RULE_ERROR)
          return -1;
        if (st == ARI_RULE_APPLIED) {
          tf->roots[r].value = nv;
          fired++;
          again = true;
        }
      }
  }
  return again ? -1 : fired; /* not converged: report it as a failure */
}

/* Runs f on inputs from `seed`; returns the output buffer's scalars in
 * `out` (n of them), false when the interpreter fails. */
static bool run(MlirOperation f, uint64_t seed, AriArena *arena, double **out, int64_t *n) {
  AriHostArg args[2];
  intptr_t na = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(f, args, 2, &na)) || na != 2 ||
      !ariHostArgsAlloc(args, na, arena))
    return false;
  ariHostArgFillRandom(&args[0], seed);
  ariHostArgFillRandom(&args[1], seed + 1);
  AriInterpLimits lim = {.maxOps = 50000000, .maxBytes = (size_t)64 << 20};
  if (mlirLogicalResultIsFailure(ariInterpRun(f, args, na, &lim, NULL)))
    return false;
  *n = ariHostArgNumScalars(&args[1]);
  *out = ariArenaAlloc(arena, (size_t)*n * sizeof **out);
  for (int64_t i = 0; *out && i < *n; ++i)
    (*out)[i] = ariHostArgScalar(&args[1], i);
  return *out != NULL;
}

static bool sameOutputs(const double *a, const double *b, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (a[i] != b[i] && !(isnan(a[i]) && isnan(b[i])))
      return false;
  return true;
}

int main(int argc, char **argv) {
  int cases = 300;
  uint64_t seed = 1;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--cases=", 8))
      cases = atoi(argv[i] + 8);
    else if (!strncmp(argv[i], "--seed=", 7))
      seed = strtoull(argv[i] + 7, NULL, 10);
    else if (!strcmp(argv[i], "--verbose"))
      verbose = true;
    else {
      fprintf(stderr, "usage: float_test [--cases=N] [--seed=S] [--verbose]\n");
      return 2;
    }
  }
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL);
  int checked = 0, grew = 0, failed = 0, unchanged = 0;
  double maxFlopRatio = 0;
  for (int c = 0; c < cases; ++c) {
    AriStr b;
    ariStrInit(&b, NULL);
    Gen g = {.state = seed * 1000003u + (uint64_t)c, .b = &b};
    rnd(&g, 1);
    g.n = 3 + (int)rnd(&g, 30);
    program(&g, 2 + (int)rnd(&g, 5));
    const char *text = ariStrText(&b);
    MlirModule before = ariParseString(ctx, text), after = ariParseString(ctx, text);
    CHECK(!mlirModuleIsNull(before) && !mlirModuleIsNull(after));
    if (mlirModuleIsNull(before) || mlirModuleIsNull(after)) {
      fprintf(stderr, "case %d does not parse:\n%s", c, text);
      ariStrFree(&b);
      failed++;
      continue;
    }
    MlirOperation fb = ariFindFunc(before, "f"), fa = ariFindFunc(after, "f");
    AriTermStore *s = ariTermStoreCreate((size_t)64 << 20);
    AriTermFunc tf;
    MlirLocation loc;
    bool ok = ariTermImportFunc(s, fa, &tf, &loc);
    int fired = ok ? fuseAll(s, &tf) : -1;
    ok = fired >= 0 && ariTermExportFunc(s, &tf, fa, &loc) && mlirOperationVerify(fa);
    CHECK(ok);
    if (!ok) {
      fprintf(stderr, "case %d: import/rewrite/export failed: %s\n%s", c, ariTermStoreError(s),
              text);
      failed++;
    } else if (fired == 0) {
      unchanged++;
    } else {
      AriStats s0, s1;
      ariStatsCollect(fb, &s0);
      ariStatsCollect(fa, &s1);
      bool bad = s1.flops > s0.flops || s1.transcendentals > s0.transcendentals;
      if (s0.flops)
        maxFlopRatio = fmax(maxFlopRatio, (double)s1.flops / (double)s0.flops);
      AriArena arena;
      ariArenaInit(&arena, 0);
      double *ob = NULL, *oa = NULL;
      int64_t nb = 0, na = 0;
      bool ran = run(fb, seed + (uint64_t)c, &arena, &ob, &nb) &&
                 run(fa, seed + (uint64_t)c, &arena, &oa, &na) && nb == na;
      bool same = ran && sameOutputs(ob, oa, nb);
      CHECK(!bad);
      CHECK(same);
      grew += bad;
      failed += !same;
      checked++;
      if (bad || !same || verbose) {
        fprintf(stderr,
                "case %d: %d rules fired; flops %lld -> %lld, transcendentals %lld -> %lld%s\n",
                c, fired, (long long)s0.flops, (long long)s1.flops, (long long)s0.transcendentals,
                (long long)s1.transcendentals, same ? "" : "; OUTPUTS DIFFER");
        if (bad || !same) {
          fprintf(stderr, "before:\n%s\nafter:\n", text);
          ariPrintOp(fa, stderr, false);
        }
      }
      ariArenaDestroy(&arena);
    }
    ariTermStoreDestroy(s);
    mlirModuleDestroy(before);
    mlirModuleDestroy(after);
    ariStrFree(&b);
  }
  printf("float_test: %d programs rewritten and checked (%d with no rule applicable), %d grew, "
         "%d failed; largest FLOP ratio after/before %.3f\n",
         checked, unchanged, grew, failed, maxFlopRatio);
  /* the generator must exercise the fusions: most programs have one */
  CHECK(checked >= cases / 2);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  printf("float_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
