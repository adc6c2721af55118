/*===- egraph_diff_test.c - extracted programs against the interpreter ----===*\
 *
 * Equivalence preservation of equality saturation: random programs biased
 * towards each exact rule (search/gen/gen.h; every rule has an e-graph
 * pattern) are added to an e-graph, saturated under ALL those rules (those
 * whose pattern is a bare variable, which match every class -- toMem,
 * startVectorization, introduceKernel, kLetIntro, ... -- only for the
 * programs biased towards them) (within iteration
 * and node limits: 6 and 3000 unless given), and the terms extracted from
 * the root under three cost functions (term size, weighted size, and a seeded random per-node
 * cost through the hook) are exported and run by the reference interpreter
 * against the original on the same random inputs: outputs must be
 * identical (NaN matching NaN).
 *
 * Negative control: a deliberately different program (the original with 1
 * added to every scalar of its result, whatever the result's type) goes
 * through the same comparison and must be caught, so the harness can
 * fail; one is due every 10th program and runs on the first from there
 * that exports and runs, so every seed has about cases/10 of them.
 *
 * --shard=K/N (test/shard.h) runs only the cases whose number is K modulo
 * N: the N shards together run the cases of one run without --shard. The
 * counts checked at the end (and the control's every 10th program) are
 * over this shard's programs.
 *
 * Usage: egraph_diff_test [--cases=N] [--seed=S] [--iterations=N] [--nodes=N]
 *                         [--shard=K/N] [--verbose]
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Interp.h"
#include "costmodel/cost.h"
#include "search/egraph/egraph.h"
#include "search/gen/gen.h"
#include "search/mlir/term_mlir.h"
#include "utils/arena.h"
#include "utils/hash.h"
#include "tools/support/mlirutil.h"

#include "mlir-c/IR.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"
#include "test/shard.h"

typedef struct {
  MlirContext ctx;
  AriDiagSink sink;
  bool verbose;
} Env;

typedef enum { CMP_SAME, CMP_DIFFERENT, CMP_SKIP, CMP_BAD } Cmp;

/* Runs `before` and `after` (both closed data terms) on the same inputs. */
static Cmp compare(Env *e, AriTermStore *s, AriGen *g, AriTerm *before, AriTerm *after,
                   uint64_t seed) {
  Cmp res = CMP_SKIP;
  AriArena arena;
  ariArenaInit(&arena, (size_t)256 << 20);
  MlirModule mod = mlirModuleCreateEmpty(mlirLocationUnknownGet(e->ctx));
  AriTermFunc fb, fa;
  AriTermRoot rootsB[ARI_GEN_MAX_ARGS];
  if (!ariGenFunc(g, before, "before", &fb))
    goto done;
  memcpy(rootsB, fb.roots, fb.numRoots * sizeof rootsB[0]);
  fb.roots = rootsB;
  res = CMP_BAD;
  if (!ariGenFunc(g, after, "after", &fa))
    goto done;
  MlirLocation loc = mlirLocationUnknownGet(e->ctx), errLoc;
  MlirOperation ob = ariTermExportNewFunc(s, &fb, e->ctx, loc, &errLoc);
  if (mlirOperationIsNull(ob)) {
    res = CMP_SKIP;
    goto done;
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), ob);
  if (!mlirOperationVerify(ob)) {
    res = CMP_SKIP; /* a generator defect, not the engine's */
    goto done;
  }
  MlirOperation oa = ariTermExportNewFunc(s, &fa, e->ctx, loc, &errLoc);
  if (mlirOperationIsNull(oa)) {
    if (e->verbose)
      fprintf(stderr, "  extracted program does not export: %s\n", ariTermStoreError(s));
    goto done;
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), oa);
  if (!mlirOperationVerify(oa))
    goto done;
  AriHostArg ab[ARI_GEN_MAX_ARGS], aa[ARI_GEN_MAX_ARGS];
  intptr_t nb = 0, na = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(ob, ab, ARI_GEN_MAX_ARGS, &nb)) ||
      mlirLogicalResultIsFailure(ariInterpDescribeArgs(oa, aa, ARI_GEN_MAX_ARGS, &na)) || nb != na ||
      !ariHostArgsAlloc(ab, nb, &arena) || !ariHostArgsAlloc(aa, na, &arena))
    goto done;
  bool written[ARI_GEN_MAX_ARGS];
  ariInterpOutputArgs(ob, written, nb);
  for (intptr_t i = 0; i < nb; ++i) {
    ariHostArgFillRandom(&ab[i], seed * 31 + (uint64_t)i);
    size_t bytes = (size_t)ariHostArgNumScalars(&ab[i]) * ariScalarSize(ab[i].scalar);
    memcpy(aa[i].data, ab[i].data, bytes);
  }
  AriInterpLimits lim = {.maxOps = 20000000, .maxBytes = (size_t)64 << 20};
  res = CMP_SKIP;
  if (mlirLogicalResultIsFailure(ariInterpRun(ob, ab, nb, &lim, NULL)))
    goto done;
  res = CMP_BAD;
  if (mlirLogicalResultIsFailure(ariInterpRun(oa, aa, na, &lim, NULL)))
    goto done;
  res = CMP_SAME;
  for (intptr_t i = 0; i < nb && res == CMP_SAME; ++i) {
    if (!written[i])
      continue;
    for (int64_t k = 0; k < ariHostArgNumScalars(&ab[i]); ++k) {
      double x = ariHostArgScalar(&ab[i], k), y = ariHostArgScalar(&aa[i], k);
      if (x == y || (isnan(x) && isnan(y)))
        continue;
      res = CMP_DIFFERENT;
      break;
    }
  }
done:
  mlirModuleDestroy(mod);
  ariArenaDestroy(&arena);
  return res;
}

/* The cost hook: a seeded pseudo-random weight in [1, 4) per node. */
static double randomCost(void *ctx, const AriEGraph *g, AriENode n, const double *kc) {
  uint64_t h = (*(const uint64_t *)ctx ^ (uint64_t)n) * ARI_HASH_GOLDEN;
  double c = 1 + (double)((h >> 40) % 3);
  for (unsigned i = 0; i < ariEgNodeNumKids(g, n); ++i)
    c += kc[i];
  return c;
}

/* The original t (of any data type the generator makes) with 1 added to
 * every scalar of its result (of the first component of a pair): maps
 * over arrays, fst/snd over pairs, addf/addi on floats and integers (xori
 * on i1), a broadcast 1 for vectors. NULL for anything else. The control
 * used to exist only for array-of-f32 results, so a seed whose every
 * tenth program had another result type (a scalar, an i32 or nested
 * array, a pair) ran no control at all and failed `controls > 0`. */
static AriTerm *perturb(AriTermStore *s, AriTerm *t, unsigned depth) {
  const AriType *ty = ariTermType(t);
  if (!ty || depth > 8)
    return NULL;
  switch (ariTypeKind(ty)) {
  case ARI_TYPE_ARRAY: {
    const AriType *e = ariTypeElem(ty);
    AriTerm *body = perturb(s, ariTermVar(s, 0, e), depth + 1);
    return body ? ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, e, body), t) : NULL;
  }
  case ARI_TYPE_PAIR: {
    AriTerm *a = perturb(s, ariTermFst(s, t), depth + 1);
    return a ? ariTermPair(s, a, ariTermSnd(s, t)) : NULL;
  }
  case ARI_TYPE_VECTOR: {
    const AriType *e = ariTypeElem(ty);
    if (!ariTypeIsFloat(e))
      return NULL;
    AriTerm *k[2] = {t, ariTermVectorFromScalar(s, ariTypeSize(ty), ariTermConstFloat(s, e, 1.0))};
    return k[1] ? ariTermOp(s, "arith.addf", NULL, k, 2, ty) : NULL;
  }
  case ARI_TYPE_SCALAR: {
    bool fl = ariTypeIsFloat(ty), i1 = ty == ariTypeI1(s);
    AriTerm *one = fl ? ariTermConstFloat(s, ty, 1.0) : ariTermConstInt(s, ty, 1);
    AriTerm *k[2] = {t, one};
    return one ? ariTermOp(s, fl ? "arith.addf" : i1 ? "arith.xori" : "arith.addi", NULL, k, 2, ty)
               : NULL;
  }
  default: return NULL;
  }
}

static AriTerm *wrongVersion(AriTermStore *s, AriTerm *t) {
  AriTerm *w = perturb(s, t, 0);
  ariTermStoreClearError(s); /* a type the control does not handle */
  return w;
}

int main(int argc, char **argv) {
  Env e = {0};
  int cases = 150;
  uint64_t seed0 = 1;
  unsigned iters = 6;
  size_t nodeLimit = 3000;
  AriShard shard = {0, 1};
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--cases=", 8))
      cases = atoi(argv[i] + 8);
    else if (!strncmp(argv[i], "--seed=", 7))
      seed0 = strtoull(argv[i] + 7, NULL, 10);
    else if (!strncmp(argv[i], "--iterations=", 13))
      iters = (unsigned)atoi(argv[i] + 13);
    else if (!strncmp(argv[i], "--nodes=", 8))
      nodeLimit = (size_t)atol(argv[i] + 8);
    else if (!strncmp(argv[i], "--shard=", 8)) {
      if (!ariShardParse(argv[i] + 8, &shard)) {
        fprintf(stderr, "%s: bad --shard '%s': expected K/N with 0 <= K < N <= %d\n", argv[0],
                argv[i] + 8, ARI_SHARD_MAX);
        return 2;
      }
    } else if (!strcmp(argv[i], "--verbose"))
      e.verbose = true;
    else {
      fprintf(stderr,
              "usage: %s [--cases=N] [--seed=S] [--iterations=N] [--nodes=N] [--shard=K/N] "
              "[--verbose]\n",
              argv[0]);
      return 2;
    }
  }
  e.ctx = ariContextCreate();
  ariDiagSinkAttach(&e.sink, e.ctx, NULL);

  AriTermStore *rs = ariTermStoreCreate(0);
  AriArena ra;
  ariArenaInit(&ra, 0);
  enum { MAX_RULES = 256 };
  static AriEgRule rules[MAX_RULES], local[MAX_RULES];
  size_t nr = 0;
  char err[200];
  CHECK(ariEgRulePatternCount() <= MAX_RULES);
  for (size_t i = 0; i < ariEgRulePatternCount() && nr < MAX_RULES; ++i) {
    const char *name = ariEgRulePatternName(i);
    int id = ariRuleFind(name, strlen(name));
    if (id < 0 || !ariRuleInfo((size_t)id)->exact)
      continue;
    /* Parameters small enough for the generator's arrays (lengths 1-8). */
    static const struct {
      const char *name, *args;
    } kArgs[] = {{"splitJoin", "(2)"},          {"tileReduce", "(2)"},
                 {"tileMaps", "(2, 2)"},        {"startVectorization", "(2)"},
                 {"toMem", "(global)"},         {"useMapGlobal", "(0)"},
                 {"useMapWorkgroup", "(0)"},    {"useMapLocal", "(0)"},
                 {"useCBuffer", "(global)"},    {"useRotateValues", "(private)"},
                 {"introduceKernel", "(2, 4)"}, {"padSplitJoin", "(3)"},
                 {"padTileMaps", "(3, 3)"},     {"padReduce", "(3)"},
                 {"peelReduce", "(3)"},         {"peelTail", "(3)"},
                 {"padPipeline", "(3)"}, {"stripColumns", "(2)"}};
    const char *args = "";
    for (size_t k = 0; k < sizeof kArgs / sizeof kArgs[0]; ++k)
      if (!strcmp(name, kArgs[k].name))
        args = kArgs[k].args;
    char text[80];
    snprintf(text, sizeof text, "%s%s", name, args);
    bool ok = ariEgRuleMake(rs, &ra, text, &rules[nr], err, sizeof err);
    CHECK(ok);
    nr += ok;
  }
  printf("%zu exact rules with patterns\n", nr);

  long checked = 0, same = 0, skipped = 0, extractions = 0, applied = 0, grew = 0, caught = 0,
       controls = 0, differs = 0;
  bool controlDue = false;
  size_t maxNodes = 0;
  int mine = 0; /* this shard's programs so far */
  for (int c = 0; c < cases; ++c) {
    if (!ariShardHas(shard, c))
      continue;
    int nth = mine++; /* the program's number within the shard */
    uint64_t seed = seed0 * 1000003 + (uint64_t)c;
    const AriEgRule *bias = &rules[(size_t)c % nr];
    AriTermStore *s = ariTermStoreCreate((size_t)512 << 20);
    AriGen g;
    ariGenInit(&g, s, seed);
    AriTerm *t = ariGenForRule(&g, &bias->inst);
    if (!t) {
      skipped++;
      ariTermStoreDestroy(s);
      continue;
    }
    /* The rules' patterns were parsed in another store: rebuild them here
     * (symbols and types are per store). */
    AriArena a;
    ariArenaInit(&a, 0);
    size_t nl = 0;
    size_t skippedAny = 0;
    for (size_t i = 0; i < nr; ++i) {
      /* Rules that match every class (toMem, startVectorization: pattern
       * `?x`) would add nodes to each class and dominate every run: only
       * the programs biased towards them get them. */
      if (ariEgPatternNumNodes(rules[i].lhs[0]) == 0 && &rules[i] != bias) {
        skippedAny++;
        continue;
      }
      nl += ariEgRuleMake(s, &a, rules[i].name, &local[nl], err, sizeof err);
    }
    CHECK(nl + skippedAny == nr);
    AriEGraph *eg = ariEgCreate(s);
    AriEClass root = ariEgAddTerm(eg, t);
    CHECK(root != ARI_EG_NONE);
    AriEgRunOpts o = {.maxIterations = iters, .maxNodes = nodeLimit};
    AriEgReport rep;
    bool ran = ariEgRun(eg, root, local, nl, &o, &rep);
    CHECK(ran);
    if (!ran)
      fprintf(stderr, "case %d: %s\n", c, rep.error);
    CHECK(ariEgCheck(eg, err, sizeof err));
    applied += (long)rep.applied;
    grew += rep.applied > 0;
    if (rep.nodes > maxNodes)
      maxNodes = rep.nodes;
    AriCostWeights w;
    ariCostWeightsDefault(&w);
    w.highLevelPenalty = 3;
    AriTerm *ex[3] = {rep.best, ariEgExtract(eg, root, ariCostWeighted, &w, NULL),
                      ariEgExtract(eg, root, randomCost, &seed, NULL)};
    for (int k = 0; k < 3; ++k) {
      CHECK(ex[k] != NULL);
      if (!ex[k])
        continue;
      extractions++;
      differs += ex[k] != t;
      CHECK(ariTermType(ex[k]) == ariTermType(t));
      Cmp r = compare(&e, s, &g, t, ex[k], seed);
      if (r == CMP_SKIP) {
        skipped++;
        continue;
      }
      checked++;
      same += r == CMP_SAME;
      CHECK(r == CMP_SAME);
      if (r != CMP_SAME)
        fprintf(stderr, "case %d (%s, cost %d): %s\n  before: %s\n  after:  %s\n", c, bias->name,
                k, r == CMP_BAD ? "bad result" : "mismatch", ariTermToString(s, t, 0),
                ariTermToString(s, ex[k], 0));
    }
    /* The negative control: due every 10th program, run on the first
     * program from there on that admits one and runs. */
    controlDue |= nth % 10 == 0;
    if (controlDue) {
      AriTerm *wrong = wrongVersion(s, t);
      Cmp r = wrong ? compare(&e, s, &g, t, wrong, seed) : CMP_SKIP;
      if (r != CMP_SKIP) {
        controlDue = false;
        controls++;
        caught += r == CMP_DIFFERENT;
        if (r != CMP_DIFFERENT)
          fprintf(stderr, "case %d: negative control not caught (%s)\n  before: %s\n  wrong:  %s\n",
                  c, r == CMP_BAD ? "bad result" : "same outputs", ariTermToString(s, t, 0),
                  ariTermToString(s, wrong, 0));
      }
    }
    ariEgDestroy(eg);
    ariArenaDestroy(&a);
    ariTermStoreDestroy(s);
  }
  printf("extracted terms different from the original: %ld\n", differs);
  CHECK(differs >= mine); /* extraction does pick rewritten programs */
  if (shard.count > 1)
    printf("egraph_diff_test: shard %d of %d\n", shard.index, shard.count);
  printf("egraph_diff_test: %d programs, %ld extractions, %ld compared (%ld identical), %ld "
         "skipped; %ld programs grew (%ld merges), largest e-graph %zu nodes; negative control "
         "caught %ld of %ld\n",
         mine, extractions, checked, same, skipped, grew, applied, maxNodes, caught, controls);
  CHECK(checked >= mine); /* most of the 3 extractions per program get compared */
  CHECK(grew >= mine / 2); /* the rules do apply */
  /* one control per 10 programs (the last may find no program after it) */
  CHECK(controls >= (mine - 1) / 10 && caught == controls);
  ariArenaDestroy(&ra);
  ariTermStoreDestroy(rs);
  ariDiagSinkDetach(&e.sink);
  mlirContextDestroy(e.ctx);
  printf("%d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
