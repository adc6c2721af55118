/*===- costmodel/cost.c - size and weighted extraction costs --------------===*/

#include "costmodel/cost.h"

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
