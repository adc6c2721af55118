/*===- costmodel/cost.c - size and weighted extraction costs --------------===*/

#include "costmodel/cost.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

void ariCostWeightsDefault(AriCostWeights *w) {
  for (int k = 0; k < ARI_TERM_NUM_KINDS; ++k)
    w->kind[k] = 1;
  w->kind[ARI_TERM_APP] = 10; /* prefer beta-reduced programs */
  w->kind[ARI_TERM_LAM] = 0.5;
  w->highLevelPenalty = 0;
}

double ariCostWeighted(void *ctx, const AriEGraph *g, AriENode n, const double *kidCosts) {
  const AriCostWeights *w = ctx;
  AriTermKind k = ariEgNodeKind(g, n);
  double c = w->kind[k];
  for (unsigned i = 0; i < ariEgNodeNumKids(g, n); ++i)
    c += kidCosts[i];
  if ((k == ARI_TERM_MAP || k == ARI_TERM_REDUCE) && ariEgNodeAttr(g, n, 0) == ARI_PAT_NONE)
    c += w->highLevelPenalty;
  return c;
}

double ariCostTermSize(const AriTerm *t) { return (double)ariTermTreeSize(t); }

/* Tree sums over a DAG: each distinct subterm's cost once, memoised by id,
 * so shared subterms cost linear time and still count per use. */
static double weightedRec(const AriCostWeights *w, const AriTerm *t, double *memo, uint32_t n,
                          unsigned depth) {
  uint32_t id = ariTermId(t);
  if (id < n && memo[id] >= 0)
    return memo[id];
  AriTermKind k = ariTermKind(t);
  double c = w->kind[k];
  if ((k == ARI_TERM_MAP || k == ARI_TERM_REDUCE) && ariTermPatternKind(t) == ARI_PAT_NONE)
    c += w->highLevelPenalty;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    c += depth > 10000 ? 0 : weightedRec(w, ariTermKid(t, i), memo, n, depth + 1);
  if (id < n)
    memo[id] = c;
  return c;
}

double ariCostTermWeighted(const AriCostWeights *w, const AriTerm *t) {
  uint32_t n = ariTermId(t) + 1; /* kids are older: their ids are smaller */
  double *memo = malloc(n * sizeof *memo);
  if (memo)
    for (uint32_t i = 0; i < n; ++i)
      memo[i] = -1;
  double c = weightedRec(w, t, memo, memo ? n : 0, 0);
  free(memo);
  return c;
}

/* Knossos' cost model (rlo/src/rlo/costs.py and costs_ksc.py in
 * microsoft/knossos-ksc) on the rise forms of its constructs, summed over
 * the term as a tree. Every array is assumed to have 16 elements, as
 * Knossos assumes (its cost does not read sizes either). */
enum { KN_VEC = 16 };
#define KN_MALLOC 2.0
#define KN_LET 0.1
#define KN_IF_EPS 0.0001

static double knOp(const char *name) {
  static const struct {
    const char *name;
    double cost;
  } ops[] = {
      {"arith.addf", 1}, {"arith.addi", 1}, {"arith.subf", 1}, {"arith.subi", 1},
      {"arith.mulf", 2}, {"arith.muli", 2}, {"arith.divf", 2}, {"arith.divsi", 2},
      {"arith.divui", 2}, {"math.exp", 4}, {"math.log", 4}, {"arith.cmpi", 1},
      {"arith.cmpf", 1}, {"arith.sitofp", 1}, {"arith.uitofp", 1}, {"arith.index_cast", 1},
      {"arith.negf", 1},
  };
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (!strcmp(name, ops[i].name))
      return ops[i].cost;
  return 1; /* any other primitive: Knossos' eq/gt/to_float class */
}

static double knossosRec(const AriTerm *t, unsigned depth) {
  if (depth > 10000)
    return INFINITY;
  AriTermKind k = ariTermKind(t);
  unsigned n = ariTermNumKids(t);
  double kids = 0;
  switch (k) {
  case ARI_TERM_VAR:
  case ARI_TERM_ARG:
  case ARI_TERM_IN:
  case ARI_TERM_CONST:
  case ARI_TERM_LITERAL:
    return 0;
  case ARI_TERM_LAM:
    return knossosRec(ariTermKid(t, 0), depth + 1);
  case ARI_TERM_APP: {
    /* let x = e in b is (lam x. b) e: let_cost on top of both. */
    const AriTerm *f = ariTermKid(t, 0);
    double c = knossosRec(f, depth + 1) + knossosRec(ariTermKid(t, 1), depth + 1);
    return c + (ariTermKind(f) == ARI_TERM_LAM ? KN_LET : 2.0 /* apply_cost */);
  }
  case ARI_TERM_OP: {
    const char *name = ariSymStr(ariTermSym(t));
    if (!strcmp(name, "arith.select") && n == 3) {
      /* if: the dearer arm in full, the cheaper one times epsilon. */
      double c = knossosRec(ariTermKid(t, 0), depth + 1);
      double a = knossosRec(ariTermKid(t, 1), depth + 1);
      double b = knossosRec(ariTermKid(t, 2), depth + 1);
      return 1 + c + (a > b ? a + KN_IF_EPS * b : b + KN_IF_EPS * a);
    }
    double op = knOp(name);
    const AriType *ty = ariTermType(t);
    if (ariTypeKind(ty) == ARI_TYPE_VECTOR)
      op = op * (double)ariTypeSize(ty) + KN_MALLOC;
    for (unsigned i = 0; i < n; ++i)
      kids += knossosRec(ariTermKid(t, i), depth + 1);
    return op + kids;
  }
  case ARI_TERM_GENERATE: /* build: a malloc and the body per element */
    return KN_MALLOC + KN_VEC * knossosRec(ariTermKid(t, 0), depth + 1);
  case ARI_TERM_MAP:
    return KN_MALLOC + KN_VEC * knossosRec(ariTermKid(t, 0), depth + 1) +
           knossosRec(ariTermKid(t, 1), depth + 1);
  case ARI_TERM_REDUCE: {
    /* sumbuild: (16 - 1) combinations and the body per element; a reduce
     * of a generate is Knossos' sumbuild (no array is made). */
    const AriTerm *xs = ariTermKid(t, 2);
    double body = ariTermKind(xs) == ARI_TERM_GENERATE
                      ? KN_VEC * knossosRec(ariTermKid(xs, 0), depth + 1)
                      : knossosRec(xs, depth + 1);
    return (KN_VEC - 1) * knossosRec(ariTermKid(t, 0), depth + 1) +
           knossosRec(ariTermKid(t, 1), depth + 1) + body;
  }
  case ARI_TERM_PAIR: /* tuple: let_cost per element */
    return 2 * KN_LET + knossosRec(ariTermKid(t, 0), depth + 1) +
           knossosRec(ariTermKid(t, 1), depth + 1);
  case ARI_TERM_IDX: /* index */
    return 1 + knossosRec(ariTermKid(t, 0), depth + 1) + knossosRec(ariTermKid(t, 1), depth + 1);
  default:
    /* select (fst/snd) and the array views cost nothing themselves. */
    for (unsigned i = 0; i < n; ++i)
      kids += knossosRec(ariTermKid(t, i), depth + 1);
    return kids;
  }
}

double ariCostTermKnossos(const AriTerm *t) { return knossosRec(t, 0); }

/* The e-node form of knossosRec: its own cost on top of the kids' best. */
double ariCostKnossos(void *ctx, const AriEGraph *g, AriENode n, const double *kidCosts) {
  (void)ctx;
  unsigned nk = ariEgNodeNumKids(g, n);
  double kids = 0;
  for (unsigned i = 0; i < nk; ++i)
    kids += kidCosts[i];
  /* Above the kids, so that extraction is well founded, yet far below
   * Knossos' smallest difference (1e-4, an if's cheaper arm) even where a
   * nest of builds multiplies it by 16 per level; relative too, so that it
   * survives rounding at the costs of BLAS programs (1e6). */
  const double eps = 1e-9 + 1e-12 * kids;
  switch (ariEgNodeKind(g, n)) {
  case ARI_TERM_VAR:
  case ARI_TERM_ARG:
  case ARI_TERM_IN:
  case ARI_TERM_CONST:
  case ARI_TERM_LITERAL:
    return eps;
  case ARI_TERM_APP: {
    bool let = ariEgClassHasKind(g, ariEgNodeKid(g, n, 0), ARI_TERM_LAM);
    return eps + kids + (let ? KN_LET : 2.0);
  }
  case ARI_TERM_OP: {
    const char *name = ariSymStr(ariEgNodeSym(g, n));
    if (!strcmp(name, "arith.select") && nk == 3) {
      double a = kidCosts[1], b = kidCosts[2];
      return eps + 1 + kidCosts[0] + (a > b ? a + KN_IF_EPS * b : b + KN_IF_EPS * a);
    }
    double op = knOp(name);
    const AriType *ty = ariEgNodeType(g, n);
    if (ty && ariTypeKind(ty) == ARI_TYPE_VECTOR)
      op = op * (double)ariTypeSize(ty) + KN_MALLOC;
    return eps + op + kids;
  }
  case ARI_TERM_GENERATE:
    return eps + KN_MALLOC + KN_VEC * kids;
  case ARI_TERM_MAP:
    return eps + KN_MALLOC + KN_VEC * kidCosts[0] + kidCosts[1];
  case ARI_TERM_REDUCE: {
    double xs = kidCosts[2];
    if (ariEgClassHasKind(g, ariEgNodeKid(g, n, 2), ARI_TERM_GENERATE) && xs >= KN_MALLOC)
      xs -= KN_MALLOC;
    return eps + (KN_VEC - 1) * kidCosts[0] + kidCosts[1] + xs;
  }
  case ARI_TERM_PAIR:
    return eps + 2 * KN_LET + kids;
  case ARI_TERM_IDX:
    return eps + 1 + kids;
  default:
    return eps + kids;
  }
}

bool ariCostTermByName(const char *name, AriCostTermFn *fn) {
  if (!strcmp(name, "size"))
    *fn = ariCostTermSize;
  else if (!strcmp(name, "knossos"))
    *fn = ariCostTermKnossos;
  else
    return false;
  return true;
}

bool ariCostByName(const char *name, AriCost *c) {
  if (!strcmp(name, "size")) {
    c->fn = ariEgCostSize;
    c->ctx = NULL;
    return true;
  }
  if (!strcmp(name, "weighted")) {
    ariCostWeightsDefault(&c->weights);
    c->fn = ariCostWeighted;
    c->ctx = &c->weights;
    return true;
  }
  if (!strcmp(name, "knossos")) {
    c->fn = ariCostKnossos;
    c->ctx = NULL;
    return true;
  }
  return false;
}

const char *ariCostNames(void) { return "size|weighted|knossos"; }
