/*===- costmodel/cost.h - the costs that extraction and search rank by ----===*\
 *
 * The cost model layer. Engines in search/ never include it: they take a
 * cost as an AriEgCostFn callback and a context pointer, and whoever wires
 * a pass or a tool picks one of the costs below by name.
 *
 * Today there are two, both static and program-size based:
 *   size      term size (search's own default, ariEgCostSize);
 *   weighted  a size with per-kind weights and a penalty for maps and
 *             reductions not yet lowered (AriCostWeights).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_COST_H
#define ARIADNE_COSTMODEL_COST_H

#include "search/egraph/egraph.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Weighted term size: weight[kind] + the kids, plus highLevelPenalty for a
 * map/reduce not yet lowered (pattern kind NONE). */
typedef struct AriCostWeights {
  double kind[ARI_TERM_NUM_KINDS];
  double highLevelPenalty;
} AriCostWeights;

/* Every weight 1 except APP 10 (an unreduced redex) and LAM 0.5;
 * highLevelPenalty 0. */
void ariCostWeightsDefault(AriCostWeights *w);

/* An AriEgCostFn; ctx is an AriCostWeights. */
double ariCostWeighted(void *ctx, const AriEGraph *g, AriENode n, const double *kidCosts);

/* The same costs on a term of the store (as extraction would count the
 * term as a tree): ariCostTermSize is its tree size; ariCostTermWeighted
 * sums w over the tree. For ranking measured variants against these
 * baselines (ariadne-cost measure records both). */
double ariCostTermSize(const AriTerm *t);
double ariCostTermWeighted(const AriCostWeights *w, const AriTerm *t);

/* A cost chosen by name, with the context it needs. */
typedef struct AriCost {
  AriEgCostFn fn;
  void *ctx;
  AriCostWeights weights; /* ctx points here for "weighted" */
} AriCost;

/* Fills *c for `name` ("size" or "weighted"); false for any other name,
 * with *c untouched. *c must not move while its fn is in use. */
bool ariCostByName(const char *name, AriCost *c);

/* The names ariCostByName accepts, '|'-separated, for help texts and
 * diagnostics. */
const char *ariCostNames(void);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_COST_H */
