/*===- test/search/astar_test.c - A*, greedy and random over rewrites -----===*\
 *
 * - On small arithmetic terms and a hand-made rule set, the optimum within
 *   the horizon is computed here by exhaustive breadth-first search (the
 *   same successors: every rule at every location); A* with a budget large
 *   enough must reach it, and no engine may return a state dearer than
 *   the input or one its steps do not replay to.
 * - Invariants, every engine and many budgets: never more evaluations than
 *   the budget; no state expanded twice without more steps left than
 *   before; the two-phase search's first phase only uses phase-1 rules.
 * - Determinism: the same seed gives the same search.
 * - bestAt: a search is a prefix of one with a larger budget, so the
 *   budget bestAt reaches the best cost and one evaluation less does not.
 * - The training samples: targets >= 0, non-decreasing in t, and the
 *   input's target at the horizon is what the search removed.
 * - Knossos' cost constants on hand-computed terms.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/cost.h"
#include "search/astar/astar.h"
#include "search/term/term_path.h"
#include "test/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double knossos(void *ctx, const AriTerm *t) {
  (void)ctx;
  return ariCostTermKnossos(t);
}

static AriTerm *P(AriTermStore *s, const char *text) {
  AriTerm *t = ariTermParse(s, text, strlen(text));
  if (!t)
    fprintf(stderr, "parse: %s\n  %s\n", ariTermStoreError(s), text);
  return t;
}

/*--- exhaustive search ---------------------------------------------------*/

typedef struct {
  AriTermStore *s;
  const AriAStarRule *rules;
  size_t n;
  AriTerm **out;
  size_t count, cap;
} Succ;

static bool succAt(void *ctx, AriTerm *const *chain, const uint32_t *path, unsigned len) {
  Succ *sc = ctx;
  for (size_t i = 0; i < sc->n; ++i) {
    AriTerm *r = NULL;
    if (ariRuleApply(&sc->rules[i].inst, sc->s, chain[len], &r) != ARI_RULE_APPLIED)
      continue;
    AriTerm *t = ariTermReplaceAt(sc->s, chain, path, len, r);
    if (!t) {
      ariTermStoreClearError(sc->s);
      continue;
    }
    if (sc->count == sc->cap) {
      sc->cap = sc->cap ? 2 * sc->cap : 256;
      sc->out = realloc(sc->out, sc->cap * sizeof *sc->out);
    }
    sc->out[sc->count++] = t;
  }
  return true;
}

/* The lowest cost within h steps of t0, by breadth-first search. */
static double exhaustive(AriTermStore *s, AriTerm *t0, const AriAStarRule *rules, size_t n,
                         unsigned h, size_t *statesOut) {
  Succ sc = {s, rules, n, NULL, 0, 0};
  AriTerm **frontier = malloc(sizeof *frontier), **seen = NULL;
  size_t nf = 1, ns = 0, capSeen = 0;
  frontier[0] = t0;
  double best = ariCostTermKnossos(t0);
  for (unsigned d = 0; d < h && nf; ++d) {
    sc.count = 0;
    for (size_t i = 0; i < nf; ++i)
      ariTermWalk(frontier[i], 0, ARI_ASTAR_MAX_PATH, succAt, &sc);
    size_t nn = 0;
    AriTerm **next = malloc((sc.count + 1) * sizeof *next);
    for (size_t i = 0; i < sc.count; ++i) {
      AriTerm *t = sc.out[i];
      bool dup = t == t0;
      for (size_t j = 0; j < ns && !dup; ++j)
        dup = seen[j] == t;
      if (dup)
        continue;
      if (ns == capSeen) {
        capSeen = capSeen ? 2 * capSeen : 256;
        seen = realloc(seen, capSeen * sizeof *seen);
      }
      seen[ns++] = t;
      next[nn++] = t;
      double c = ariCostTermKnossos(t);
      if (c < best)
        best = c;
    }
    free(frontier);
    frontier = next;
    nf = nn;
  }
  free(frontier);
  free(seen);
  free(sc.out);
  *statesOut = ns + 1;
  return best;
}

/*--- checks of one search --------------------------------------------------*/

typedef struct {
  const AriTerm *terms[20000];
  unsigned left[20000];
  size_t n;
  bool twiceNoMore; /* expanded again without more steps left */
} Trace;

static void onExpand(void *ctx, const AriTerm *t, unsigned left) {
  Trace *tr = ctx;
  for (size_t i = 0; i < tr->n; ++i)
    if (tr->terms[i] == t && tr->left[i] >= left)
      tr->twiceNoMore = true;
  if (tr->n < 20000) {
    tr->terms[tr->n] = t;
    tr->left[tr->n++] = left;
  }
}

static void checkResult(AriTermStore *s, AriTerm *t0, const AriAStarRule *rules, size_t n,
                        const AriAStarOptions *o, const AriAStarResult *r) {
  CHECK(r->stop != ARI_ASTAR_STOP_ERROR);
  CHECK(r->evaluations <= o->budget);
  CHECK(r->bestCost <= r->inputCost);
  CHECK(r->numSteps <= o->horizon);
  CHECK(fabs(ariCostTermKnossos(r->best) - r->bestCost) < 1e-9);
  CHECK(r->bestAt <= r->evaluations);
  CHECK((r->bestAt == 0) == (r->bestCost == r->inputCost));
  AriTerm *re = NULL;
  char err[256];
  CHECK(ariAStarReplay(s, t0, rules, n, r->steps, r->numSteps, &re, err, sizeof err));
  CHECK(re == r->best);
}

static const char *const exprs[] = {
    /* (x * 1 + 0) * (y + 0) */
    "(arith.mulf (arith.addf (arith.mulf (arg 0 : f32) (const 1.0 : f32) : f32) "
    "(const 0.0 : f32) : f32) (arith.addf (const 0.0 : f32) (arg 1 : f32) : f32) : f32)",
    /* x*y + x*z: factoring saves a multiplication */
    "(arith.addf (arith.mulf (arg 0 : f32) (arg 1 : f32) : f32) "
    "(arith.mulf (arg 0 : f32) (arg 2 : f32) : f32) : f32)",
    /* (x / y) / z + (w - w) */
    "(arith.addf (arith.divf (arith.divf (arg 0 : f32) (arg 1 : f32) : f32) (arg 2 : f32) : f32) "
    "(arith.subf (arg 3 : f32) (arg 3 : f32) : f32) : f32)",
    /* y * x + x * z: needs a commutation before factoring */
    "(arith.addf (arith.mulf (arg 1 : f32) (arg 0 : f32) : f32) "
    "(arith.mulf (arg 0 : f32) (arg 2 : f32) : f32) : f32)",
};

static void testOptimum(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriAStarRule *rules;
  size_t n;
  char err[256];
  size_t col;
  CHECK(ariAStarParseRules("kAdd0,kMul1,kSub0,kSubSelf,kMulComm,kAddComm,kFactor,kDistribute,"
                           "kDivDivMul,kDivMul,kAddMulNeg1",
                           NULL, 0, &arena, &rules, &n, err, sizeof err, &col));
  CHECK(n == 11);
  for (size_t e = 0; e < sizeof exprs / sizeof exprs[0]; ++e) {
    AriTerm *t0 = P(s, exprs[e]);
    CHECK(t0 != NULL);
    if (!t0)
      continue;
    const unsigned H = 4;
    size_t states = 0;
    double opt = exhaustive(s, t0, rules, n, H, &states);
    AriAStarOptions o = {0};
    o.budget = 100000;
    o.horizon = H;
    o.seed = 7;
    AriAStarResult r;
    ariAStarSearch(s, t0, rules, n, knossos, NULL, &o, &arena, &r);
    checkResult(s, t0, rules, n, &o, &r);
    CHECK(r.stop == ARI_ASTAR_STOP_EXHAUSTED);
    CHECK(fabs(r.bestCost - opt) < 1e-9);
    if (fabs(r.bestCost - opt) >= 1e-9)
      fprintf(stderr, "expr %zu: A* %g, exhaustive %g (%zu states)\n", e, r.bestCost, opt,
              states);
    CHECK(opt < r.inputCost); /* each has something to gain */
    /* The baselines: never worse than the input, replayable. */
    for (int eng = ARI_ASTAR_ENGINE_GREEDY; eng <= ARI_ASTAR_ENGINE_RANDOM; ++eng) {
      o.engine = (AriAStarEngine)eng;
      o.budget = 300;
      ariAStarSearch(s, t0, rules, n, knossos, NULL, &o, &arena, &r);
      checkResult(s, t0, rules, n, &o, &r);
      CHECK(r.bestCost >= opt - 1e-9);
    }
  }
  ariArenaDestroy(&arena);
  ariTermStoreDestroy(s);
}

/* A value function that prefers small terms, to exercise batching. */
static bool sizeValue(void *ctx, AriTermStore *s, AriTerm *const *terms, const unsigned *left,
                      unsigned n, float *out, char *err, size_t errCap) {
  (void)s;
  (void)err;
  (void)errCap;
  unsigned *calls = ctx;
  ++*calls;
  if (n > ARI_ASTAR_BATCH)
    return false;
  for (unsigned i = 0; i < n; ++i)
    out[i] = (float)left[i] / (float)ariTermTreeSize(terms[i]);
  return true;
}

static void testInvariants(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriAStarRule *rules;
  size_t n, col;
  char err[256];
  CHECK(ariAStarParseRules("!kFactor,!kDistribute,kAdd0,kMul1,kMulComm,kAddComm,kAddAddSwap,"
                           "kMulMulSwap",
                           NULL, 0, &arena, &rules, &n, err, sizeof err, &col));
  AriTerm *t0 = P(s, exprs[0]);
  AriTerm *t1 = P(s, exprs[3]);
  static Trace tr;
  for (int eng = 0; eng < 3; ++eng)
    for (uint64_t budget = 1; budget <= 200; budget += 13)
      for (int two = 0; two < 2; ++two) {
        AriAStarOptions o = {0};
        o.engine = (AriAStarEngine)eng;
        o.budget = budget;
        o.horizon = 6;
        o.twoPhase = two;
        o.seed = budget;
        unsigned calls = 0;
        if (eng == 0 && budget % 2) {
          o.value = sizeValue;
          o.valueCtx = &calls;
        }
        memset(&tr, 0, sizeof tr);
        o.onExpand = onExpand;
        o.onExpandCtx = &tr;
        AriAStarResult r;
        ariAStarSearch(s, two ? t1 : t0, rules, n, knossos, NULL, &o, &arena, &r);
        checkResult(s, two ? t1 : t0, rules, n, &o, &r);
        if (eng != ARI_ASTAR_ENGINE_RANDOM && !two)
          CHECK(!tr.twiceNoMore);
        CHECK(calls == r.valueCalls);
        CHECK(r.valueCalls * ARI_ASTAR_BATCH >= (o.value ? 1 : 0) * 0);
      }
  /* The first phase uses phase-1 rules only: with a phase-1 set that
   * never applies, and no second phase budget, nothing changes. */
  AriAStarRule *r2;
  size_t n2;
  CHECK(ariAStarParseRules("!kSubSelf,kAdd0,kMul1", NULL, 0, &arena, &r2, &n2, err, sizeof err,
                           &col));
  AriAStarOptions o = {0};
  o.budget = 1000;
  o.horizon = 4;
  o.twoPhase = true;
  AriAStarResult r;
  ariAStarSearch(s, t0, r2, n2, knossos, NULL, &o, &arena, &r);
  checkResult(s, t0, r2, n2, &o, &r);
  for (unsigned i = 0; i < r.numSteps; ++i)
    CHECK(r2[r.steps[i].rule].inst.id != r2[0].inst.id); /* kSubSelf never applies */
  CHECK(r.bestCost < r.inputCost); /* the second phase simplified it */
  ariArenaDestroy(&arena);
  ariTermStoreDestroy(s);
}

/* A store, an arena and the karith rules: where testBestAt and
 * testSamples start. */
typedef struct Fixture {
  AriTermStore *s;
  AriArena arena;
  AriAStarRule *rules;
  size_t n;
} Fixture;

static void fixtureOpen(Fixture *f) {
  char err[256];
  size_t col;
  f->s = ariTermStoreCreate(0);
  ariArenaInit(&f->arena, 0);
  CHECK(ariAStarParseRules("karith", NULL, 0, &f->arena, &f->rules, &f->n, err, sizeof err,
                           &col));
}

static void fixtureClose(Fixture *f) {
  ariArenaDestroy(&f->arena);
  ariTermStoreDestroy(f->s);
}

/* bestAt on every engine, with and without a value: the search with
 * budget bestAt is the same search cut short after its best state. */
static void testBestAt(void) {
  Fixture fx;
  fixtureOpen(&fx);
  unsigned tested = 0;
  for (size_t e = 0; e < sizeof exprs / sizeof exprs[0]; ++e)
    for (int eng = 0; eng < 3; ++eng)
      for (int val = 0; val < (eng == ARI_ASTAR_ENGINE_ASTAR ? 2 : 1); ++val) {
        AriTerm *t0 = P(fx.s, exprs[e]);
        unsigned calls = 0;
        AriAStarOptions o = {0};
        o.engine = (AriAStarEngine)eng;
        o.budget = 400;
        o.horizon = 5;
        o.seed = 3;
        if (val)
          o.value = sizeValue, o.valueCtx = &calls;
        AriAStarResult r, cut;
        ariAStarSearch(fx.s, t0, fx.rules, fx.n, knossos, NULL, &o, &fx.arena, &r);
        checkResult(fx.s, t0, fx.rules, fx.n, &o, &r);
        if (!r.bestAt)
          continue;
        tested++;
        o.budget = r.bestAt;
        ariAStarSearch(fx.s, t0, fx.rules, fx.n, knossos, NULL, &o, &fx.arena, &cut);
        CHECK(cut.bestCost == r.bestCost && cut.bestAt == r.bestAt);
        if (r.bestAt > 1) {
          o.budget = r.bestAt - 1;
          ariAStarSearch(fx.s, t0, fx.rules, fx.n, knossos, NULL, &o, &fx.arena, &cut);
          CHECK(cut.bestCost > r.bestCost);
        }
      }
  CHECK(tested >= 10); /* most of the 16 searches improve on their input */
  fixtureClose(&fx);
}

static void testDeterminism(void) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  for (int eng = 0; eng < 3; ++eng) {
    char first[4096] = "";
    for (int run = 0; run < 2; ++run) {
      AriTermStore *s = ariTermStoreCreate(0);
      AriAStarRule *rules;
      size_t n, col;
      char err[256];
      CHECK(ariAStarParseRules("karith", NULL, 0, &arena, &rules, &n, err, sizeof err, &col));
      AriTerm *t0 = P(s, exprs[2]);
      AriAStarOptions o = {0};
      o.engine = (AriAStarEngine)eng;
      o.budget = 500;
      o.horizon = 5;
      o.seed = 42;
      AriAStarResult r;
      ariAStarSearch(s, t0, rules, n, knossos, NULL, &o, &arena, &r);
      char buf[4096];
      size_t k = (size_t)snprintf(buf, sizeof buf, "%s %g %llu %llu %llu |",
                                  ariTermToString(s, r.best, 0), r.bestCost,
                                  (unsigned long long)r.evaluations,
                                  (unsigned long long)r.expanded, (unsigned long long)r.states);
      for (unsigned i = 0; i < r.numSteps && k < sizeof buf; ++i)
        k += ariAStarFormatStep(&r.steps[i], rules, buf + k, sizeof buf - k);
      if (run == 0)
        memcpy(first, buf, sizeof buf);
      else
        CHECK(!strcmp(first, buf));
      ariTermStoreDestroy(s);
    }
  }
  ariArenaDestroy(&arena);
}

static void testSamples(void) {
  Fixture fx;
  fixtureOpen(&fx);
  AriTermStore *s = fx.s;
  AriAStarRule *rules = fx.rules;
  size_t n = fx.n;
  char err[256];
  AriTerm *t0 = P(s, exprs[0]);
  AriAStarOptions o = {0};
  o.budget = 2000;
  o.horizon = 5;
  AriAStarResult r;
  ariAStarSearch(s, t0, rules, n, knossos, NULL, &o, &fx.arena, &r);
  AriAStarSamples sm;
  CHECK(ariAStarSamples(&r, &fx.arena, &sm, err, sizeof err));
  CHECK(sm.horizon == 5);
  CHECK(sm.numSamples > 0 && sm.numSamples <= r.expanded);
  bool input = false;
  for (size_t i = 0; i < sm.numSamples; ++i) {
    const float *tg = sm.targets + i * sm.horizon;
    for (unsigned t = 0; t < sm.horizon; ++t) {
      CHECK(tg[t] >= 0);
      if (t)
        CHECK(tg[t] >= tg[t - 1]);
    }
    if (sm.terms[i] == t0) {
      input = true;
      CHECK(fabsf(tg[sm.horizon - 1] - (float)(r.inputCost - r.bestCost)) < 1e-4f);
      CHECK(tg[0] <= tg[sm.horizon - 1]);
    }
  }
  CHECK(input);
  /* The edges: indices in range, each kid once per parent, and the
   * targets consistent along them: a kid j of i within t - 1 more steps
   * is within t of i, so target_i[t] >= c_i - c_j + target_j[t-1]. */
  CHECK(sm.kidStart[0] == 0);
  size_t edges = 0, input0 = SIZE_MAX;
  for (size_t i = 0; i < sm.numSamples; ++i) {
    CHECK(sm.kidStart[i] <= sm.kidStart[i + 1]);
    double ci = knossos(NULL, sm.terms[i]);
    if (sm.terms[i] == t0)
      input0 = i;
    for (size_t e = sm.kidStart[i]; e < sm.kidStart[i + 1]; ++e) {
      size_t j = sm.kids[e];
      CHECK(j < sm.numSamples && j != i);
      for (size_t f = sm.kidStart[i]; f < e; ++f)
        CHECK(sm.kids[f] != j);
      double cj = knossos(NULL, sm.terms[j]);
      const float *ti = sm.targets + i * sm.horizon, *tj = sm.targets + j * sm.horizon;
      CHECK(ti[0] >= (float)(ci - cj) - 1e-4f);
      for (unsigned t = 1; t < sm.horizon; ++t)
        CHECK(ti[t] >= (float)(ci - cj) + tj[t - 1] - 1e-4f);
      edges++;
    }
  }
  CHECK(edges > 0 && input0 != SIZE_MAX);
  /* The first step of the best path leads to one of the input's kids. */
  AriTerm *step1;
  CHECK(r.numSteps >= 2 && /* so that the first step was expanded */
        ariAStarReplay(s, t0, rules, n, &r.steps[0], 1, &step1, err, sizeof err));
  bool found = false;
  for (size_t e = sm.kidStart[input0]; e < sm.kidStart[input0 + 1]; ++e)
    found |= sm.terms[sm.kids[e]] == step1;
  CHECK(found);
  /* Random keeps no graph. */
  o.engine = ARI_ASTAR_ENGINE_RANDOM;
  ariAStarSearch(s, t0, rules, n, knossos, NULL, &o, &fx.arena, &r);
  CHECK(ariAStarSamples(&r, &fx.arena, &sm, err, sizeof err) && sm.numSamples == 0);
  fixtureClose(&fx);
}

static void testParseRules(void) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriAStarRule *rules;
  size_t n, col = 99;
  char err[256];
  CHECK(!ariAStarParseRules("kAdd0,nosuch", NULL, 0, &arena, &rules, &n, err, sizeof err, &col));
  CHECK(col == 6);
  CHECK(!ariAStarParseRules("kAdd0,,kMul1", NULL, 0, &arena, &rules, &n, err, sizeof err, &col));
  CHECK(col == 6 && strstr(err, "empty"));
  CHECK(!ariAStarParseRules("splitJoin", NULL, 0, &arena, &rules, &n, err, sizeof err, &col));
  CHECK(strstr(err, "parameter") != NULL);
  int64_t nats[] = {2, 4, 8};
  CHECK(ariAStarParseRules("splitJoin, splitJoin(16), !kbind", nats, 3, &arena, &rules, &n, err,
                           sizeof err, &col));
  CHECK(n >= 4 + 3);
  CHECK(!rules[0].phase1 && rules[4].phase1);
  CHECK(ariAStarParseRules("knossos", NULL, 0, &arena, &rules, &n, err, sizeof err, &col));
  CHECK(n > 40);
  ariArenaDestroy(&arena);
}

static void testCost(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  /* (x + y) * 2 / exp(x): add 1, mul 2, div 2, exp 4 */
  AriTerm *t = P(s, "(arith.divf (arith.mulf (arith.addf (arg 0 : f32) (arg 1 : f32) : f32) "
                    "(const 2.0 : f32) : f32) (math.exp (arg 0 : f32) : f32) : f32)");
  CHECK(t && fabs(ariCostTermKnossos(t) - 9.0) < 1e-9);
  /* let x = a + b in x * x: 0.1 + 1 + 2 */
  AriTerm *l = P(s, "(app (lam f32 (arith.mulf %0 %0 : f32)) "
                    "(arith.addf (arg 0 : f32) (arg 1 : f32) : f32))");
  CHECK(l && fabs(ariCostTermKnossos(l) - 3.1) < 1e-9);
  AriCostTermFn fn;
  CHECK(ariCostTermByName("knossos", &fn) && fn == ariCostTermKnossos);
  CHECK(!ariCostTermByName("nosuch", &fn));
  ariTermStoreDestroy(s);
}

int main(void) {
  testCost();
  testParseRules();
  testOptimum();
  testInvariants();
  testDeterminism();
  testBestAt();
  testSamples();
  printf("astar_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
