/*===- strategy_rise_test.c - strategies on RISE terms --------------------===*\
 *
 * The host of search/strategy/strategy_rise.h: its predicates (every is<Kind>, the
 * implementation variants, mapNest), rule lookup and argument checks, the
 * function node (hash-consed, rebuilt, written back into the roots), and
 * whole strategies over real terms with real rules.
 *
\*===----------------------------------------------------------------------===*/

#include "search/rules/rules.h"
#include "search/strategy/strategy.h"
#include "search/strategy/strategy_rise.h"
#include "search/term/term.h"

#include <stdio.h>
#include <string.h>

#include "test/check.h"

typedef struct {
  AriTermStore *s;
  AriArena arena, scratch;
  AriStratRise *r;
} Env;

/* map (λx. op x x) xs */
static AriTerm *mapOf(Env *e, const char *op, AriTerm *xs) {
  const AriType *f32 = ariTypeF32(e->s);
  AriTerm *v = ariTermVar(e->s, 0, f32);
  AriTerm *ops[2] = {v, v};
  AriTerm *body = ariTermOp(e->s, op, NULL, ops, 2, f32);
  return ariTermMap(e->s, ARI_PAT_NONE, -1, ariTermLam(e->s, f32, body), xs);
}

/* Parses, binds and runs `text` on t; the outcome's status. */
static AriStratStatus runOn(Env *e, const char *text, AriStratTerm t, AriStratOutcome *o,
                            char *diag, size_t cap) {
  AriArena a;
  ariArenaInit(&a, 0);
  AriStratProgram *p = ariStratProgramNew(&a);
  AriStratDiag d;
  AriStratExpr *x = ariStratParseExpr(p, "s", text, strlen(text), &d);
  diag[0] = 0;
  AriStratStatus st = ARI_STRAT_ERROR;
  if (!x || !ariStratBind(p, x, ariStratRiseHost(e->r), &d)) {
    ariStratDiagFormat(&d, diag, cap);
  } else {
    AriStratLimits lim = {10000, 1000000, 0};
    ariStratRun(p, x, ariStratRiseHost(e->r), t, &lim, &e->scratch, o);
    st = o->status;
  }
  ariArenaDestroy(&a);
  return st;
}

static bool holds(Env *e, const char *pred, AriTerm *t) {
  AriStratOutcome o;
  char diag[256];
  AriStratStatus st = runOn(e, pred, ariStratRiseTerm(t), &o, diag, sizeof diag);
  if (diag[0])
    fprintf(stderr, "  %s: %s\n", pred, diag);
  return st == ARI_STRAT_SUCCESS && o.term == ariStratRiseTerm(t);
}

static const char *bindError(Env *e, const char *text) {
  static char diag[256];
  AriStratOutcome o;
  runOn(e, text, ariStratRiseTerm(ariTermIn(e->s, 0, ariTypeF32(e->s))), &o, diag, sizeof diag);
  return diag;
}

static void testPredicates(Env *e) {
  const AriType *arr = ariTypeArray(e->s, 8, ariTypeF32(e->s));
  AriTerm *in = ariTermIn(e->s, 0, arr);
  AriTerm *m1 = mapOf(e, "arith.mulf", in);
  CHECK(m1 != NULL);
  CHECK(holds(e, "isMap", m1) && holds(e, "appliedMap", m1) && holds(e, "isMapHigh", m1));
  CHECK(!holds(e, "isMapSeq", m1) && !holds(e, "isReduce", m1) && !holds(e, "isIn", m1));
  CHECK(holds(e, "isIn", in) && !holds(e, "isMap", in));
  CHECK(holds(e, "mapNest(1)", m1) && !holds(e, "mapNest(2)", m1));
  CHECK(holds(e, "one(isLambda)", m1) && holds(e, "one(isLam ; one(isOp))", m1));
  AriTerm *seq = ariTermMap(e->s, ARI_PAT_SEQ, -1, ariTermKid(m1, 0), in);
  CHECK(holds(e, "isMapSeq", seq) && holds(e, "isMap", seq) && !holds(e, "isMapHigh", seq));
  CHECK(!holds(e, "isMapPar", seq));
  /* map (λrow. map (λx. x*x) row) over 4 rows of 8 */
  const AriType *arr2 = ariTypeArray(e->s, 4, arr);
  AriTerm *in2 = ariTermIn(e->s, 1, arr2);
  AriTerm *inner = mapOf(e, "arith.mulf", ariTermVar(e->s, 0, arr));
  AriTerm *nest = ariTermMap(e->s, ARI_PAT_NONE, -1, ariTermLam(e->s, arr, inner), in2);
  CHECK(nest != NULL);
  CHECK(holds(e, "mapNest(2)", nest) && holds(e, "mapNest(1)", nest) && !holds(e, "mapNest(3)", nest));
  AriTerm *sp = ariTermSplit(e->s, 2, in);
  CHECK(holds(e, "isSplit", sp) && holds(e, "one(isIn)", sp));
  AriTerm *pc = ariTermPadClamp(e->s, 1, 1, in);
  CHECK(holds(e, "isPadClamp", pc) && !holds(e, "isPadCst", pc));
  /* every kind has its predicate */
  for (unsigned k = 0; k < ARI_TERM_NUM_KINDS; ++k) {
    char name[64] = "is";
    size_t n = 2;
    bool up = true;
    for (const char *c = ariTermKindName((AriTermKind)k); *c && n < sizeof name - 1; ++c) {
      if (*c == '_') {
        up = true;
        continue;
      }
      name[n++] = up ? (char)(*c - 'a' + 'A') : *c;
      up = false;
    }
    name[n] = 0;
    CHECK(bindError(e, name)[0] == 0);
  }
}

static void testLookupErrors(Env *e) {
  CHECK(strstr(bindError(e, "isMapp"), "s:1:1: error: unknown strategy, rule or predicate 'isMapp'"));
  CHECK(strstr(bindError(e, "isMap(2)"), "predicate 'isMap' takes no arguments"));
  CHECK(strstr(bindError(e, "mapNest"), "predicate 'mapNest' takes 1 argument"));
  CHECK(strstr(bindError(e, "mapNest(0)"), "s:1:1: error: mapNest needs a depth of at least 1"));
  CHECK(strstr(bindError(e, "splitJoin"), "rule 'splitJoin' takes 1 argument (p), got 0"));
  CHECK(strstr(bindError(e, "mapFusion(3)"), "rule 'mapFusion' takes 0 arguments"));
  CHECK(strstr(bindError(e, "id ; splitJoin(0)"), "s:1:6: error:"));
  CHECK(strstr(bindError(e, "useCBuffer(3)"), "s:1:1: error:"));
  CHECK(bindError(e, "useCBuffer(global)")[0] == 0);
  CHECK(bindError(e, "tileMaps(32, 32) @ outermost(mapNest(2))")[0] == 0);
}

static void testFunctionNode(Env *e) {
  const AriType *arr = ariTypeArray(e->s, 8, ariTypeF32(e->s));
  AriTerm *in = ariTermIn(e->s, 0, arr);
  AriTerm *twice = mapOf(e, "math.exp", mapOf(e, "arith.mulf", in));
  AriTerm *other = mapOf(e, "arith.addf", in);
  AriTermRoot roots[2] = {{ARI_ROOT_OUT, 1, twice}, {ARI_ROOT_OUT, 2, other}};
  AriTermFunc f = {"f", 3, 2, roots, NULL};
  AriStratTerm ft = ariStratRiseFuncTerm(e->r, &f);
  CHECK(ft != 0 && ariStratRiseAsTerm(ft) == NULL);
  CHECK(ariStratRiseFuncTerm(e->r, &f) == ft); /* hash-consed */
  const AriStratHost *h = ariStratRiseHost(e->r);
  CHECK(h->numChildren(h->ctx, ft) == 2);
  CHECK(h->child(h->ctx, ft, 1) == ariStratRiseTerm(other));
  /* no rule or predicate holds at the function node */
  AriStratOutcome o;
  char diag[256];
  CHECK(runOn(e, "isMap", ft, &o, diag, sizeof diag) == ARI_STRAT_FAILURE);
  CHECK(runOn(e, "mapFusion", ft, &o, diag, sizeof diag) == ARI_STRAT_FAILURE);
  CHECK(o.pathLen == 0 && strstr(o.what, "rule 'mapFusion' does not apply"));
  /* fusion in root 0 only; root 1 keeps its term */
  CHECK(runOn(e, "topDown(mapFusion)", ft, &o, diag, sizeof diag) == ARI_STRAT_SUCCESS);
  CHECK(o.steps == 1 && o.term != ft);
  AriTermFunc g = f;
  AriTermRoot groots[2] = {roots[0], roots[1]};
  g.roots = groots;
  CHECK(ariStratRiseSetRoots(e->r, o.term, &g));
  CHECK(ariTermKind(groots[0].value) == ARI_TERM_MAP && groots[1].value == other);
  AriTerm *fusedIn = ariTermKid(groots[0].value, 1);
  CHECK(fusedIn == in); /* one map over the input */
  /* a fixpoint at the function level: fuse then fission back is a change,
   * repeat stops when nothing changes */
  CHECK(runOn(e, "repeat(topDown(mapFusion))", ft, &o, diag, sizeof diag) == ARI_STRAT_SUCCESS);
  CHECK(o.steps == 1);
  CHECK(runOn(e, "all(try(splitJoin(4)))", ft, &o, diag, sizeof diag) == ARI_STRAT_SUCCESS);
  CHECK(o.steps == 2);
  CHECK(ariStratRiseSetRoots(e->r, o.term, &g));
  CHECK(ariTermKind(groots[0].value) == ARI_TERM_JOIN && ariTermKind(groots[1].value) == ARI_TERM_JOIN);
  /* a term that is not a function node cannot set roots */
  CHECK(!ariStratRiseSetRoots(e->r, ariStratRiseTerm(in), &g));
  /* the term path of a failure inside root 0: its lambda's body is no var */
  CHECK(runOn(e, "all(isMap ; one(isLam ; one(isVar)))", ft, &o, diag, sizeof diag) ==
        ARI_STRAT_FAILURE);
  CHECK(o.pathLen == 1 && o.path[0] == 0 && strstr(o.what, "applies to no child"));
}

int main(void) {
  Env e;
  e.s = ariTermStoreCreate(0);
  ariArenaInit(&e.arena, 0);
  ariArenaInit(&e.scratch, 0);
  e.r = e.s ? ariStratRiseCreate(e.s, &e.arena) : NULL;
  CHECK(e.r != NULL);
  if (e.r) {
    testPredicates(&e);
    testLookupErrors(&e);
    testFunctionNode(&e);
  }
  ariArenaDestroy(&e.scratch);
  ariArenaDestroy(&e.arena);
  ariTermStoreDestroy(e.s);
  printf("strategy_rise_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
