/*===- knossos_egraph_test.c - Knossos' cost in the e-graph, sketch-free eqsat ===*\
 *
 * - ariCostKnossos (costmodel/cost.h), the e-node form of Knossos' cost:
 *   extracting a term from an e-graph that holds only that term costs what
 *   ariCostTermKnossos says of the term (lets, if, sumbuild, build, map,
 *   tuples, index), up to its tiny surcharge per node;
 * - ariEqsatRunFree (search/eqsat.h), the baseline of ariadne-rl: on
 *   Knossos' bind_t1_3 with Knossos' rules it saturates and factors the
 *   expression to cost 9 (Knossos' own oracle, a let, is 11.1); ranked by
 *   the exact cost it keeps the same program; an e-node limit stops it
 *   with a program no dearer than the input; an unknown rule is an error
 *   that names it.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/cost.h"
#include "search/astar/astar.h"
#include "search/eqsat.h"
#include "utils/arena.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test/check.h"

static AriTerm *P(AriTermStore *s, const char *t) {
  AriTerm *r = ariTermParse(s, t, strlen(t));
  if (!r)
    printf("parse '%s': %s\n", t, ariTermStoreError(s));
  return r;
}

static void testProxyExact(void) {
  static const char *const terms[] = {
      /* let y = x + 1 in y * y (0.1 + 1 + 2) */
      "(app (lam f32 (arith.mulf %0 %0 : f32)) (arith.addf (arg 0 : f32) (const 1 : f32) : f32))",
      /* an application that is not a let (2) */
      "(app (app (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (arg 0 : f32)) (arg 1 : f32))",
      /* if: the dearer arm in full, the cheaper times 1e-4 */
      "(arith.select (arith.cmpf {predicate = 2 : i64} (arg 0 : f32) (arg 1 : f32) : i1) "
      "(arith.mulf (arg 0 : f32) (arg 1 : f32) : f32) (arg 1 : f32) : f32)",
      /* sumbuild: a reduce of a generate */
      "(reduce seq (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (const 0 : f32) (generate 8 (lam "
      "index (arith.mulf (idx (in 0 : 8.f32) %0) (idx (in 1 : 8.f32) %0) : f32))))",
      /* a reduce of an array, a map, a build */
      "(reduce seq (lam f32 (lam f32 (arith.addf %1 %0 : f32))) (const 0 : f32) (map (lam f32 "
      "(arith.mulf %0 %0 : f32)) (in 0 : 8.f32)))",
      "(generate 4 (lam index (idx (in 0 : 4.f32) %0)))",
      /* a tuple */
      "(pair (arith.addf (arg 0 : f32) (arg 1 : f32) : f32) (arg 0 : f32))",
  };
  for (size_t i = 0; i < sizeof terms / sizeof *terms; ++i) {
    AriTermStore *s = ariTermStoreCreate(0);
    AriTerm *t = P(s, terms[i]);
    CHECK(t != NULL);
    if (!t) {
      ariTermStoreDestroy(s);
      continue;
    }
    AriEGraph *g = ariEgCreate(s);
    AriEClass c = ariEgAddTerm(g, t);
    CHECK(c != ARI_EG_NONE && ariEgRebuild(g));
    double proxy = -1;
    AriTerm *x = ariEgExtract(g, c, ariCostKnossos, NULL, &proxy);
    double exact = ariCostTermKnossos(t);
    double slack = 1e-6 * exact + 1e-6;
    CHECK(x == t);
    CHECK(proxy >= exact && proxy - exact <= slack);
    if (!(proxy >= exact && proxy - exact <= slack))
      printf("term %zu: proxy %.9g, exact %.9g\n", i, proxy, exact);
    ariEgDestroy(g);
    ariTermStoreDestroy(s);
  }
  AriCost k;
  CHECK(ariCostByName("knossos", &k) && k.fn == ariCostKnossos);
  CHECK(strstr(ariCostNames(), "knossos") != NULL);
}

/* Knossos' bind_t1_3: x/(y-1) + x*2 + (x/(y-1))*3/2, cost 14. */
static const char kBindT13[] =
    "(arith.addf (arith.addf (arith.divf (arg 0 : f32) (arith.subf (arg 1 : f32) (const 1 : f32) "
    ": f32) : f32) (arith.mulf (arg 0 : f32) (const 2 : f32) : f32) : f32) (arith.divf (arith.mulf "
    "(arith.divf (arg 0 : f32) (arith.subf (arg 1 : f32) (const 1 : f32) : f32) : f32) (const 3 : "
    "f32) : f32) (const 2 : f32) : f32) : f32)";

static bool rankExact(void *ctx, AriTermStore *s, AriTerm *const *programs, size_t n,
                      double *scores, char *err, size_t cap) {
  (void)s, (void)err, (void)cap;
  ++*(unsigned *)ctx;
  for (size_t i = 0; i < n; ++i)
    scores[i] = ariCostTermKnossos(programs[i]);
  return true;
}

static void testFree(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriArena a;
  ariArenaInit(&a, 0);
  AriAStarRule *rules = NULL;
  size_t nrules = 0, col = 0;
  char err[512];
  CHECK(ariAStarParseRules("knossos,beta", NULL, 0, &a, &rules, &nrules, err, sizeof err, &col));
  const char *texts[128];
  char names[128][64];
  CHECK(nrules > 10 && nrules <= 128);
  for (size_t i = 0; i < nrules && i < 128; ++i) {
    ariRuleInstPrint(&rules[i].inst, names[i], sizeof names[i]);
    texts[i] = names[i];
  }
  AriTerm *t = P(s, kBindT13);
  CHECK(t && ariCostTermKnossos(t) == 14);

  AriEqsatOpts o;
  ariEqsatOptsDefault(&o);
  o.maxNodes = 20000;
  o.cost = ariCostKnossos;
  AriEqsatGuideReport rep;
  CHECK(ariEqsatRunFree(s, t, texts, (unsigned)nrules, &o, &rep, err, sizeof err));
  CHECK(rep.stop == ARI_EG_STOP_SATURATED && rep.found && rep.iterations > 1);
  CHECK(rep.result && fabs(ariCostTermKnossos(rep.result) - 9) < 1e-9);
  CHECK(!strcmp(rep.guide, "saturate"));
  AriTerm *plain = rep.result;

  /* Ranked by the exact cost: one ranking, the same program. */
  unsigned calls = 0;
  o.rank = rankExact;
  o.rankCtx = &calls;
  o.candidates = 8;
  CHECK(ariEqsatRunFree(s, t, texts, (unsigned)nrules, &o, &rep, err, sizeof err));
  CHECK(calls == 1 && rep.candidates >= 1 && rep.result == plain);

  /* A limit: stopped by it, with a program no dearer than the input. */
  o.rank = NULL;
  o.maxNodes = 40;
  CHECK(ariEqsatRunFree(s, t, texts, (unsigned)nrules, &o, &rep, err, sizeof err));
  CHECK(rep.stop == ARI_EG_STOP_NODES && rep.result &&
        ariCostTermKnossos(rep.result) <= ariCostTermKnossos(t));

  /* An unknown rule is an error naming it. */
  const char *bad[] = {"kAddComm", "noSuchRule"};
  CHECK(!ariEqsatRunFree(s, t, bad, 2, &o, &rep, err, sizeof err) && strstr(err, "noSuchRule"));
  ariArenaDestroy(&a);
  ariTermStoreDestroy(s);
}

int main(void) {
  testProxyExact();
  testFree();
  printf("knossos_egraph_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
