/*===- costmodel/cost.h - the costs that extraction and search rank by ----===*\
 *
 * The cost model layer. Engines in search/ never include it: they take a
 * cost as an AriEgCostFn callback and a context pointer, and whoever wires
 * a pass or a tool picks one of the costs below by name.
 *
 * Three are sums over e-nodes, for extraction:
 *   size      term size (search's own default, ariEgCostSize);
 *   weighted  a size with per-kind weights and a penalty for maps and
 *             reductions not yet lowered (AriCostWeights);
 *   knossos   Knossos' cost (ariCostKnossos, below).
 * The analytic model and the learned ones (analytic.h, model.h) score
 * whole programs.
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

/* Knossos' cost model (rlo/src/rlo/costs.py in microsoft/knossos-ksc) on
 * the rise forms of its constructs, summed over the term as a tree:
 * add/sub 1, mul 2, div 2, exp/log 4, comparisons and conversions 1, any
 * other scalar op 1; let (an APP of a LAM) 0.1 on top of the bound value
 * and the body, any other application 2; if (arith.select) 1 plus the
 * condition, the dearer arm and 0.0001 of the cheaper; tuple (pair) 0.1 per
 * element; index 1; build (generate) 2 plus 16 times its body; map 2 plus
 * 16 times its function; a reduce 15 times its function plus 16 times the
 * body of the generate it sums (Knossos' sumbuild) or plus its input;
 * variables, arguments, constants, fst/snd and array views 0. Every array
 * counts as 16 elements (Knossos' assumed_vector_size): sizes are not
 * read. Op on vectors: the op's cost times the width plus 2. */
double ariCostTermKnossos(const AriTerm *t);

/* Knossos' cost as an AriEgCostFn (ctx unused), for extraction from an
 * e-graph: ariCostTermKnossos's constants per e-node, plus 1e-9 (and
 * 1e-12 of the kids' cost) per node so that a node always costs more than
 * its kids (extraction needs it; Knossos' variables, lambdas and views
 * cost nothing). Two clauses read a kid's class rather than the node the
 * extraction picks there: an APP counts as a let (0.1) when its
 * function's class holds a lambda, and a reduce sums a generate's
 * elements without its 2 (Knossos' sumbuild) when its input's class holds
 * a generate. So the sum is a proxy, exact up to the surcharge where a
 * class holds one kind of node: extract its k cheapest and rank them by
 * ariCostTermKnossos (search/eqsat.h's AriEqsatOpts.rank does). */
double ariCostKnossos(void *ctx, const AriEGraph *g, AriENode n, const double *kidCosts);

/* A cost of terms for search engines that rank whole terms
 * (search/astar/astar.h): "size" (ariCostTermSize) or "knossos". */
typedef double (*AriCostTermFn)(const AriTerm *t);
bool ariCostTermByName(const char *name, AriCostTermFn *fn);
#define ARI_COST_TERM_NAMES "size|knossos"

/* A cost chosen by name, with the context it needs. */
typedef struct AriCost {
  AriEgCostFn fn;
  void *ctx;
  AriCostWeights weights; /* ctx points here for "weighted" */
} AriCost;

/* Fills *c for `name` ("size", "weighted" or "knossos"); false for any
 * other name, with *c untouched. *c must not move while its fn is in use. */
bool ariCostByName(const char *name, AriCost *c);

/* The names ariCostByName accepts, '|'-separated, for help texts and
 * diagnostics. */
const char *ariCostNames(void);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_COST_H */
