/*===- egraph_types_test.c - e-classes shared by contexts of other types --===*\
 *
 * E-classes are context-free: one class sits under binders of different
 * parameter types, so a member may use a De Bruijn index that is bound
 * otherwise, or at another type, in another of the class's contexts
 * (docs/egraph.md, "Contexts and types"). Small hand-built graphs for each
 * way such a member used to reach a result (egraph_diff_test --seed=4
 * cases 35 and 123 with the 88-rule table):
 *
 *  - matching through it: mapFission matched `map (\c:2.i32. B) ys`
 *    through B's member `map f (generate 2 (\_. a))`, whose index 0 is an
 *    outer i32 `a` where B came from, and re-bound it to c : 2.i32;
 *  - instantiating a variable with it: the size analysis' best term of a
 *    class may be a member from another context (`%0 : 2.f32`);
 *  - extracting it: the context penalty compared indices only, not their
 *    types, so `addf %0 (fst %0)` (index 0 at f32 and at a pair) or a LAM
 *    whose body uses index 0 at another type than its parameter passed.
 *
 * Each check fails on the engine before the typed analysis.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/cost.h"
#include "search/egraph/egraph.h"
#include "search/egraph/egraph_impl.h" /* ariEgNodeSafe */

#include <stdio.h>
#include <string.h>

#include "test/check.h"

static AriTerm *P(AriTermStore *s, const char *t) {
  AriTerm *r = ariTermParse(s, t, strlen(t));
  if (!r)
    fprintf(stderr, "parse: %s\n", ariTermStoreError(s));
  return r;
}

/* Whether every VAR of t (closed under `depth` binders of types ctx) has
 * its binder's type. */
static bool varsAgree(const AriTerm *t, const AriType **ctx, unsigned depth) {
  switch (ariTermKind(t)) {
  case ARI_TERM_VAR: {
    uint32_t i = ariTermVarIndex(t);
    return i < depth && ctx[depth - 1 - i] == ariTermType(t);
  }
  case ARI_TERM_LAM:
    if (depth >= 64)
      return false;
    ctx[depth] = ariTermLamParam(t);
    return varsAgree(ariTermKid(t, 0), ctx, depth + 1);
  default:
    for (unsigned i = 0; i < ariTermNumKids(t); ++i)
      if (!varsAgree(ariTermKid(t, i), ctx, depth))
        return false;
    return true;
  }
}

static bool wellTyped(const AriTerm *t) {
  const AriType *ctx[64];
  return t && varsAgree(t, ctx, 0);
}

static AriTerm *op2(AriTermStore *s, const char *name, AriTerm *a, AriTerm *b) {
  AriTerm *k[2] = {a, b};
  return ariTermOp(s, name, NULL, k, 2, ariTermType(a));
}

/* Case 123's mechanism. B = {map (\_:i32. in 1) (generate 2 (\_. a)),
 * generate 2 (\_. in 1)} (mapConstGenerate's equation, true where a is
 * bound) is also the body of `map (\c:2.i32. B) (in 0)`. mapFission's
 * pattern (map _ _ (lam (map _ _ ?f ?x)) ?y) used to match there through
 * the first member and give map (\c. map f c) (map (\c:2.i32. generate 2
 * (\_. %1)) (in 0)): `a`, an i32, read as c. */
static void testMatchThroughForeignMember(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriArena a;
  ariArenaInit(&a, 0);
  AriEGraph *g = ariEgCreate(s);
  AriTerm *home = P(s, "(map (lam i32 (map (lam i32 (in 1 : f32)) (generate 2 (lam index %1)))) "
                       "(in 2 : 5.i32))");
  AriTerm *target = P(s, "(map (lam 2.i32 (generate 2 (lam index (in 1 : f32)))) (in 0 : 3.2.i32))");
  CHECK(home && target);
  if (!home || !target)
    return;
  AriTerm *root = ariTermPair(s, home, target);
  AriEClass r = ariEgAddTerm(g, root);
  AriTerm *homeBody = ariTermKid(ariTermKid(home, 0), 0);
  AriTerm *closed = ariTermKid(ariTermKid(target, 0), 0);
  AriEClass hb = ariEgAddTerm(g, homeBody), cb = ariEgAddTerm(g, closed);
  CHECK(ariEgMerge(g, hb, cb, NULL) && ariEgRebuild(g));
  CHECK(ariEgClassFree(g, cb) == 0); /* the closed member */
  /* B's member from the home context is not safe in B: it uses index 0. */
  AriENode foreign = ARI_EG_NONE;
  for (unsigned i = 0; i < ariEgClassNumNodes(g, cb); ++i)
    if (ariEgNodeKind(g, ariEgClassNode(g, cb, i)) == ARI_TERM_MAP)
      foreign = ariEgClassNode(g, cb, i);
  CHECK(foreign != ARI_EG_NONE && !ariEgNodeSafe(g, foreign, cb));

  AriEgRule rule;
  char err[200];
  CHECK(ariEgRuleMake(s, &a, "mapFission", &rule, err, sizeof err));
  AriEgRunOpts o = {.maxIterations = 1};
  AriEgReport rep;
  CHECK(ariEgRun(g, r, &rule, 1, &o, &rep));
  CHECK(ariEgCheck(g, err, sizeof err));
  /* The re-bound term: ill-typed (an i32 VAR under a 2.i32 binder). */
  AriTerm *f = ariTermKid(homeBody, 0), *x = ariTermKid(homeBody, 1);
  const AriType *cT = ariTermLamParam(ariTermKid(target, 0));
  AriTerm *bad = ariTermMap(
      s, ARI_PAT_NONE, -1, ariTermLam(s, cT, ariTermMap(s, ARI_PAT_NONE, -1, f, ariTermVar(s, 0, cT))),
      ariTermMap(s, ARI_PAT_NONE, -1, ariTermLam(s, cT, x), ariTermKid(target, 1)));
  CHECK(bad && !wellTyped(bad));
  AriEClass tc = ariEgLookupTerm(g, target);
  CHECK(tc != ARI_EG_NONE);
  CHECK(ariEgLookupTerm(g, bad) == ARI_EG_NONE || ariEgFind(g, ariEgLookupTerm(g, bad)) != tc);
  CHECK(wellTyped(rep.best));
  ariEgDestroy(g);
  ariArenaDestroy(&a);
  ariTermStoreDestroy(s);
}

/* Case 35's first half: the class of `join (in 3)` also holds `%0 :
 * 2.f32` (as a class shared with a context where index 0 is that array
 * would); it is the smaller, so the size analysis' best term, and
 * instantiating a variable with it read index 0 in the match's context.
 * ariEgExtractBest now gives the closed member. */
static void testBestTermIsSafe(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriEGraph *g = ariEgCreate(s);
  AriTerm *closed = P(s, "(join (in 3 : 1.2.f32))");
  CHECK(closed != NULL);
  if (!closed)
    return;
  AriTerm *v = ariTermVar(s, 0, ariTermType(closed));
  AriEClass c = ariEgAddTerm(g, closed), cv = ariEgAddTerm(g, v);
  CHECK(ariEgMerge(g, c, cv, NULL) && ariEgRebuild(g));
  CHECK(ariEgClassBestCost(g, c) == 1); /* the VAR, by size */
  CHECK(ariEgClassFree(g, c) == 0);
  AriTerm *b = ariEgExtractBest(g, c);
  CHECK(b == closed);
  CHECK(ariEgExtract(g, c, NULL, NULL, NULL) == closed);
  ariEgDestroy(g);
  ariTermStoreDestroy(s);
}

/* Case 35's second half: a member using index 0 at two types, `addf %0
 * (fst %0)` with %0 : f32 and %0 : f32 x f32, joins the body class of
 * `map (\x:f32. x + (in 1 + in 2)) (in 0)` (a rule fed a term from
 * another context made it). Every member uses index 0, so the untyped
 * penalty did not see it, and it is the smaller. */
static void testTypedPenalty(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriEGraph *g = ariEgCreate(s);
  AriTerm *root = P(s, "(map (lam f32 (arith.addf %0 (arith.addf (in 1 : f32) (in 2 : f32) : f32) "
                       ": f32)) (in 0 : 4.f32))");
  CHECK(root != NULL);
  if (!root)
    return;
  const AriType *f32 = ariTypeF32(s), *pr = ariTypePair(s, f32, f32);
  AriTerm *mixed = op2(s, "arith.addf", ariTermVar(s, 0, f32), ariTermFst(s, ariTermVar(s, 0, pr)));
  CHECK(mixed != NULL);
  AriEClass r = ariEgAddTerm(g, root);
  AriEClass body = ariEgAddTerm(g, ariTermKid(ariTermKid(root, 0), 0));
  AriEClass m = ariEgAddTerm(g, mixed);
  CHECK(ariEgMerge(g, body, m, NULL) && ariEgRebuild(g));
  CHECK(ariEgClassFree(g, body) == 1); /* index 0 at f32: every member */
  AriTerm *t = ariEgExtract(g, r, NULL, NULL, NULL);
  CHECK(t == root && wellTyped(t));
  AriCostWeights w;
  ariCostWeightsDefault(&w);
  CHECK(ariEgExtract(g, r, ariCostWeighted, &w, NULL) == root);
  CHECK(ariEgExtractBest(g, r) == root);
  char err[200];
  CHECK(ariEgCheck(g, err, sizeof err));
  ariEgDestroy(g);
  ariTermStoreDestroy(s);
}

/* A LAM whose body uses index 0 at another type than its parameter:
 * `\x:f32. fst %0` with %0 a pair (what case 123's re-binding made),
 * merged with `\x:f32. x + in 1`. Both LAMs are closed, so the untyped
 * penalty let the smaller, ill-typed one through. */
static void testLamParamType(void) {
  AriTermStore *s = ariTermStoreCreate(0);
  AriEGraph *g = ariEgCreate(s);
  AriTerm *root = P(s, "(map (lam f32 (arith.addf %0 (in 1 : f32) : f32)) (in 0 : 4.f32))");
  CHECK(root != NULL);
  if (!root)
    return;
  const AriType *f32 = ariTypeF32(s), *pr = ariTypePair(s, f32, f32);
  AriTerm *lam = ariTermLam(s, f32, ariTermFst(s, ariTermVar(s, 0, pr)));
  CHECK(lam && !wellTyped(lam));
  AriEClass r = ariEgAddTerm(g, root);
  AriEClass good = ariEgAddTerm(g, ariTermKid(root, 0)), l = ariEgAddTerm(g, lam);
  CHECK(ariEgMerge(g, good, l, NULL) && ariEgRebuild(g));
  CHECK(ariEgClassFree(g, good) == 0);
  CHECK(ariEgExtract(g, r, NULL, NULL, NULL) == root);
  CHECK(ariEgExtractBest(g, r) == root);
  ariEgDestroy(g);
  ariTermStoreDestroy(s);
}

int main(void) {
  testMatchThroughForeignMember();
  testBestTermIsSafe();
  testTypedPenalty();
  testLamParamType();
  printf("%d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
