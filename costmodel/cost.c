/*===- costmodel/cost.c - size and weighted extraction costs --------------===*/

#include "costmodel/cost.h"

#include <stdlib.h>
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
  return false;
}

const char *ariCostNames(void) { return "size|weighted"; }
