/*===- eqsat_test.c - sketch-satisfying extraction and guide chaining -----===*\
 *
 * - ariEgExtractSketch: the extracted term satisfies the sketch (checked
 *   with the term matcher), is the cheapest that does (never cheaper than
 *   plain extraction, equal to it for `?`), handles contains / or / type
 *   annotations, and is NULL without an error when nothing satisfies;
 * - ariEqsatRunGuides / ariEqsatRunGoal on a 64 x 64 matmul: a goal of two
 *   chained guides is found, each result satisfies its guide's sketch and
 *   the next guide starts from it; a guide that cannot be satisfied stops
 *   at a limit with found = false (not an error); unknown rules, bad rule
 *   arguments and unknown goals are errors naming them;
 * - ariEgExtractK: distinct terms of the class, the first the cheapest,
 *   costs unpenalised, deterministic, all satisfying a sketch when
 *   extracted through ariEgExtractSketch;
 * - AriEqsatOpts.rank: the last guide keeps the candidate the ranking
 *   scores lowest (a fake ranking: no cost model, no clock), earlier
 *   guides are not ranked, a failing ranking is an error.
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph/egraph.h"
#include "search/egraph/egraph_sketch.h"
#include "search/eqsat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test/check.h"

static AriTerm *P(AriTermStore *s, const char *t) { return ariTermParse(s, t, strlen(t)); }

static const AriSketch *K(AriSketchSet *set, const char *text) {
  AriSketchError e;
  const AriSketch *k = ariSketchParse(set, text, strlen(text), &e);
  if (!k)
    printf("sketch '%s': %u:%u: %s\n", text, e.line, e.col, e.msg);
  return k;
}

static size_t makeRules(AriTermStore *s, AriArena *a, const char *const *names, size_t n,
                        AriEgRule *out) {
  for (size_t i = 0; i < n; ++i) {
    char err[200];
    CHECK(ariEgRuleMake(s, a, names[i], &out[i], err, sizeof err));
  }
  return n;
}

/* Prefers terms without arith.mulf (a cost that differs from size). */
static double noMul(void *ctx, const AriEGraph *g, AriENode n, const double *kc) {
  (void)ctx;
  double c = ariEgCostSize(NULL, g, n, kc);
  const AriSym *sym = ariEgNodeSym(g, n);
  if (ariEgNodeKind(g, n) == ARI_TERM_OP && sym && !strcmp(ariSymStr(sym), "arith.mulf"))
    c += 50;
  return c;
}

static AriTerm *sketchEx(void *ctx, AriEGraph *g, AriEClass root, AriEgCostFn fn, void *fnCtx,
                         double *cost) {
  return ariEgExtractSketch(g, root, ctx, fn, fnCtx, cost);
}

static void testExtractSketch(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriArena a;
  ariArenaInit(&a, 0);
  AriSketchSet *set = ariSketchSetCreate(s);
  AriEgRule rules[8];
  static const char *const names[] = {"mapFusion", "beta", "eta", "transposeTranspose",
                                      "kMulComm"};
  size_t nr = makeRules(s, &a, names, 5, rules);
  AriTerm *t = P(s, "(map (lam f32 (arith.mulf %0 (const 2 : f32) : f32)) (map (lam f32 "
                    "(arith.addf %0 %0 : f32)) (join (transpose (transpose (in 0 : 4.4.f32))))))");
  CHECK(t != NULL);
  AriEGraph *g = ariEgCreate(s);
  AriEClass root = ariEgAddTerm(g, t);
  AriEgRunOpts o = {.maxIterations = 20};
  AriEgReport rep;
  CHECK(ariEgRun(g, root, rules, nr, &o, &rep) && rep.stop == ARI_EG_STOP_SATURATED);
  root = ariEgFind(g, root);
  double plain = 0, c = 0;
  AriTerm *best = ariEgExtract(g, root, NULL, NULL, &plain);
  CHECK(best != NULL);
  /* k candidates: distinct members of the class, the cheapest first. */
  {
    AriTerm *ks[8], *ks2[8];
    double kc[8], kc2[8];
    size_t n = ariEgExtractK(g, root, NULL, NULL, NULL, NULL, 8, ks, kc);
    CHECK(n >= 2 && n <= 8 && ks[0] == best && kc[0] == plain);
    for (size_t i = 0; i < n; ++i) {
      CHECK(ariEgLookupTerm(g, ks[i]) == root);
      CHECK(kc[i] == (double)ariTermTreeSize(ks[i]) && kc[i] >= plain);
      for (size_t j = 0; j < i; ++j)
        CHECK(ks[i] != ks[j]);
    }
    CHECK(ariEgExtractK(g, root, NULL, NULL, NULL, NULL, 8, ks2, kc2) == n);
    for (size_t i = 0; i < n; ++i)
      CHECK(ks2[i] == ks[i] && kc2[i] == kc[i]);
    CHECK(ariEgExtractK(g, root, NULL, NULL, NULL, NULL, 1, ks2, NULL) == 1 && ks2[0] == best);
    CHECK(ariEgExtractK(g, root, NULL, NULL, NULL, NULL, 0, ks2, NULL) == 0);
    /* Through the sketch extraction: every candidate satisfies it. */
    const AriSketch *unf = K(set, "map(?, map(?, ?))");
    n = ariEgExtractK(g, root, sketchEx, (void *)unf, NULL, NULL, 8, ks, kc);
    CHECK(n >= 1);
    for (size_t i = 0; i < n; ++i)
      CHECK(ariSketchMatches(unf, ks[i]) == 1);
  }
  /* `?`: the plain cheapest term. */
  AriTerm *x = ariEgExtractSketch(g, root, K(set, "?"), NULL, NULL, &c);
  CHECK(x == best && c == plain);
  /* Only the unfused program has two nested maps; it costs more. */
  const AriSketch *unfused = K(set, "map(?, map(?, ?))");
  x = ariEgExtractSketch(g, root, unfused, NULL, NULL, &c);
  CHECK(x && ariSketchMatches(unfused, x) == 1 && c > plain);
  CHECK(x && ariTermTreeSize(x) == (size_t)c);
  /* ... and with the double transpose gone, the cheapest such program
   * (the input's transposes are still in the graph, but cost more). */
  CHECK(x && ariSketchMatches(K(set, "contains(transpose)"), x) == 0);
  /* The fused one is the cheapest of all, so it is what map(?, join(?))
   * gives. */
  const AriSketch *fused = K(set, "map(?, join(?))");
  x = ariEgExtractSketch(g, root, fused, NULL, NULL, &c);
  CHECK(x == best && c == plain && ariSketchMatches(fused, x) == 1);
  /* contains: a transpose somewhere forces the costlier terms that keep
   * one; the result still satisfies it. */
  const AriSketch *tr = K(set, "contains(transpose(transpose(in)))");
  x = ariEgExtractSketch(g, root, tr, NULL, NULL, &c);
  CHECK(x && ariSketchMatches(tr, x) == 1 && c > plain);
  /* Two alternatives: the cheaper one wins. */
  const AriSketch *alt = K(set, "map(?, map(?, ?)) | map(?, join(?))");
  x = ariEgExtractSketch(g, root, alt, NULL, NULL, &c);
  CHECK(x == best && ariSketchMatches(alt, x) == 1);
  /* Type annotations: the class's type must fit. */
  const AriSketch *typed = K(set, "contains(join(?) :: 16.f32)");
  x = ariEgExtractSketch(g, root, typed, NULL, NULL, &c);
  CHECK(x && ariSketchMatches(typed, x) == 1);
  const AriSketch *badType = K(set, "contains(join(?) :: 8.f32)");
  x = ariEgExtractSketch(g, root, badType, NULL, NULL, &c);
  CHECK(x == NULL && isinf(c) && ariEgError(g)[0] == 0);
  /* Unsatisfiable sketches: NULL, no error. */
  x = ariEgExtractSketch(g, root, K(set, "contains(reduce)"), NULL, NULL, &c);
  CHECK(x == NULL && ariEgError(g)[0] == 0);
  /* A custom cost: the satisfying term minimising it (kMulComm gave
   * 2 * x too; both have a mulf, so the cost still counts one). */
  const AriSketch *mul = K(set, "contains(arith.mulf(const, ?))");
  x = ariEgExtractSketch(g, root, mul, noMul, NULL, &c);
  CHECK(x && ariSketchMatches(mul, x) == 1 && c >= 50);
  const AriSketch *mul2 = K(set, "contains(arith.mulf(?, const))");
  double c2 = 0;
  AriTerm *y = ariEgExtractSketch(g, root, mul2, noMul, NULL, &c2);
  CHECK(y && x != y && ariSketchMatches(mul2, y) == 1 && c2 == c);
  /* Every sketch above agrees with the e-class matcher. */
  const AriSketch *all[] = {unfused, fused, tr, alt, typed, badType, mul, mul2};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) {
    AriTerm *r = ariEgExtractSketch(g, root, all[i], NULL, NULL, NULL);
    CHECK((r != NULL) == (ariEgSketchMatches(g, all[i], root) == 1));
  }
  /* Bad class: an error. */
  CHECK(ariEgExtractSketch(g, 999999, fused, NULL, NULL, NULL) == NULL && ariEgError(g)[0]);
  ariEgDestroy(g);
  ariSketchSetDestroy(set);
  ariArenaDestroy(&a);
  ariTermStoreDestroy(s);
}

/* The baseline matmul (64 x 64 x 64) as the guides start from it. */
static const char kMatmul[] =
    "(map (lam 64.f32 (map (lam 64.f32 (reduce seq (lam f32 (lam (f32 x f32) (arith.addf %1 "
    "(arith.mulf (fst %0) (snd %0) : f32) : f32))) (const 0 : f32) (zip %1 %0))) (transpose (in 1 "
    ": 64.64.f32)))) (in 0 : 64.64.f32))";

static const char kGuides[] =
    "nat m = 64, n = 64, k = 64;\n"
    "guide blocks rules(splitJoin(32), mapFission, mapMapInterchange, beta, eta) =\n"
    "  containsMap(m / 32, containsMap(n / 32, containsMap(32, containsMap(32,\n"
    "    containsReduceSeq(k, containsAddMul)))));\n"
    "guide tiles rules(tileReduce(4), beta, eta) =\n"
    "  containsMap(m / 32, containsMap(n / 32, containsMap(32, containsMap(32,\n"
    "    containsReduceSeq(k / 4, containsReduceSeq(4, containsAddMul))))));\n"
    "guide never rules(mapFusion, beta, eta) = contains(mapPar);\n"
    "guide unknown rules(noSuchRule) = ?;\n"
    "guide badArg rules(useCBuffer(nowhere)) = ?;\n"
    "goal blocking = blocks, tiles;\n"
    "goal stuck = blocks, never, tiles;\n"
    "goal bad = blocks, unknown;\n"
    "goal bad2 = badArg;\n";

static double fakeClock(void *ctx) { return (*(double *)ctx += 1.0); }

static void testChaining(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriSketchSet *set = ariSketchSetCreate(s);
  AriSketchError e;
  const AriGuideFile *f = ariGuideFileParse(set, kGuides, strlen(kGuides), &e);
  CHECK(f != NULL);
  AriTerm *start = P(s, kMatmul);
  CHECK(start != NULL);
  if (!f || !start)
    return;
  AriEqsatOpts o;
  ariEqsatOptsDefault(&o);
  AriEqsatReport rep;
  CHECK(ariEqsatRunGoal(s, start, f, "blocking", &o, &rep));
  CHECK(rep.found && rep.numGuides == 2 && rep.result);
  for (unsigned i = 0; i < rep.numGuides; ++i) {
    const AriEqsatGuideReport *g = &rep.guides[i];
    CHECK(g->found && g->stop == ARI_EG_STOP_GOAL && g->result);
    CHECK(g->nodes > 0 && g->classes > 0 && g->classes <= g->nodes && g->peakBytes > 0);
    CHECK(g->applied > 0 && g->matches >= g->applied && g->iterations > 0);
    CHECK(isfinite(g->cost) && g->cost == (double)ariTermTreeSize(g->result));
    CHECK(g->result && ariSketchMatches(ariGuideFind(f, g->guide)->sketch, g->result) == 1);
    CHECK(g->result && ariTermType(g->result) == ariTermType(start));
  }
  CHECK(!strcmp(rep.guides[0].guide, "blocks") && !strcmp(rep.guides[1].guide, "tiles"));
  CHECK(rep.result == rep.guides[1].result);
  /* The second guide started from the first's program: tiles's rules
   * alone cannot split the maps. */
  CHECK(ariSketchMatches(ariGuideFind(f, "blocks")->sketch, rep.result) == 0);
  CHECK(ariSketchMatches(ariGuideFind(f, "tiles")->sketch, start) == 0);
  /* Deterministic: the same run gives the same program. */
  AriEqsatReport rep2;
  CHECK(ariEqsatRunGoal(s, start, f, "blocking", &o, &rep2) && rep2.result == rep.result);

  /* A guide that cannot be satisfied: not an error; the run stops there. */
  o.maxNodes = 2000;
  CHECK(ariEqsatRunGoal(s, start, f, "stuck", &o, &rep));
  CHECK(!rep.found && rep.numGuides == 2 && rep.result == NULL);
  CHECK(rep.guides[0].found && !rep.guides[1].found && !rep.guides[1].result);
  CHECK(rep.guides[1].stop == ARI_EG_STOP_SATURATED || rep.guides[1].stop == ARI_EG_STOP_NODES);
  /* ... and with a time limit on a fake clock. */
  double now = 0;
  o.clock = fakeClock;
  o.clockCtx = &now;
  o.maxSeconds = 0.5;
  CHECK(ariEqsatRunGoal(s, start, f, "blocking", &o, &rep));
  CHECK(!rep.found && rep.guides[0].stop == ARI_EG_STOP_TIME);
  ariEqsatOptsDefault(&o);

  /* Errors name what is wrong. */
  CHECK(!ariEqsatRunGoal(s, start, f, "bad", &o, &rep) && strstr(rep.error, "noSuchRule"));
  CHECK(!ariEqsatRunGoal(s, start, f, "bad2", &o, &rep) && strstr(rep.error, "useCBuffer"));
  CHECK(!ariEqsatRunGoal(s, start, f, "nope", &o, &rep) && strstr(rep.error, "nope"));
  /* Rules given in the options replace the guides' own. */
  static const char *const only[] = {"beta"};
  o.rules = only;
  o.numRules = 1;
  CHECK(ariEqsatRunGoal(s, start, f, "blocking", &o, &rep) && !rep.found);
  CHECK(rep.guides[0].stop == ARI_EG_STOP_SATURATED);
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(s);
}

/* A fake ranking: records what it is given, scores by `mode`. */
typedef struct {
  int mode; /* 0: prefer the last candidate, 1: fail */
  unsigned calls;
  size_t n;
  AriTerm *cands[ARI_EQSAT_MAX_CANDIDATES];
} FakeRank;

static bool fakeRank(void *ctx, AriTermStore *s, AriTerm *const *programs, size_t n,
                     double *scores, char *err, size_t cap) {
  (void)s;
  FakeRank *r = ctx;
  r->calls++;
  if (r->mode == 1) {
    snprintf(err, cap, "no model today");
    return false;
  }
  r->n = n;
  for (size_t i = 0; i < n; ++i) {
    r->cands[i] = programs[i];
    scores[i] = -(double)i;
  }
  return true;
}

static void testRanked(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriSketchSet *set = ariSketchSetCreate(s);
  AriSketchError e;
  const AriGuideFile *f = ariGuideFileParse(set, kGuides, strlen(kGuides), &e);
  AriTerm *start = P(s, kMatmul);
  CHECK(f && start);
  if (!f || !start)
    return;
  AriEqsatOpts o;
  ariEqsatOptsDefault(&o);
  AriEqsatReport plain, rep;
  CHECK(ariEqsatRunGoal(s, start, f, "blocking", &o, &plain) && plain.found);
  FakeRank fr = {0};
  o.rank = fakeRank;
  o.rankCtx = &fr;
  o.candidates = 4;
  CHECK(ariEqsatRunGoal(s, start, f, "blocking", &o, &rep) && rep.found);
  /* Only the last guide is ranked, once, with at most `candidates`. */
  CHECK(fr.calls == 1 && fr.n >= 1 && fr.n <= 4);
  CHECK(rep.guides[0].candidates == 0 && rep.guides[0].result == plain.guides[0].result);
  const AriEqsatGuideReport *g = &rep.guides[1];
  CHECK(g->candidates == fr.n && g->picked == fr.n - 1 && g->score == -(double)(fr.n - 1));
  CHECK(rep.result == fr.cands[fr.n - 1] && g->result == rep.result);
  /* The cheapest candidate is the unranked run's program. */
  CHECK(fr.cands[0] == plain.result);
  for (size_t i = 0; i < fr.n; ++i)
    CHECK(ariSketchMatches(ariGuideFind(f, "tiles")->sketch, fr.cands[i]) == 1);
  /* A failing ranking fails the run, saying so. */
  fr.mode = 1;
  CHECK(!ariEqsatRunGoal(s, start, f, "blocking", &o, &rep));
  CHECK(strstr(rep.error, "ranking") && strstr(rep.error, "no model today"));
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(s);
}

int main(void) {
  testExtractSketch();
  testChaining();
  testRanked();
  printf("eqsat_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
