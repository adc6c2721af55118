/*===- eqsat_baseline.h - sketch-free equality saturation as a baseline ----===*\
 *
 * The rewrite searches' tools (ariadne-rl, ariadne-astar --eval) compare
 * with equality saturation over the same rules and the same cost, as
 * X-RLflow and Knossos compare with their rule-based peers: the rule set of
 * search/astar/astar.h, grown without a sketch (search/eqsat.h,
 * ariEqsatRunFree) until it saturates or a limit stops it; the cheapest
 * programs under the cost's e-graph form (costmodel/cost.h: size or
 * Knossos' proxy) extracted and ranked by the term cost itself; with a
 * cost model (costmodel/model.h: the analytic one or a learned one, which
 * score whole functions) extracted under the weighted size and ranked by
 * the model's score of the function with the root replaced (the input
 * kept when the model scores it lower than every candidate).
 * Deterministic: no seed.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TOOLS_EQSAT_BASELINE_H
#define ARIADNE_TOOLS_EQSAT_BASELINE_H

#include "costmodel/cost.h"
#include "costmodel/model.h"
#include "search/astar/astar.h"
#include "search/eqsat.h"
#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriEqBaseline {
  const char **rules; /* the rule set as rule text, in the arena */
  unsigned numRules;
  AriCost extract;      /* the e-graph form of the cost */
  AriCostTermFn term;   /* the cost itself, which ranks; NULL with a model */
  AriCostRankCtx model; /* the model's ranking (model.model NULL: none) */
  AriEqsatOpts opts;    /* points into this struct: do not move it */
} AriEqBaseline;

/* Sets b up for rules[0..nrules), at most maxNodes e-nodes and maxSeconds
 * seconds per program (no byte limit: the store is the caller's), and a
 * cost: `model` when not NULL (borrowed), else
 * the term cost named `cost` (ARI_COST_TERM_NAMES). False with a message
 * for an unknown cost or when out of memory. */
bool ariEqBaselineInit(AriEqBaseline *b, const AriAStarRule *rules, size_t nrules,
                       const char *cost, AriCostModel *model, uint64_t maxNodes,
                       double maxSeconds, AriArena *arena, char *err, size_t cap);

/* Runs it from root `root` of f (imported into s): *cost the cost of the
 * program kept (the model's score of f with that root replaced, with a
 * model), rep the run (why it stopped, e-nodes, seconds; rep->result the
 * program). False with a message on an error. */
bool ariEqBaselineRun(AriEqBaseline *b, AriTermStore *s, const AriTermFunc *f, unsigned root,
                      double *cost, AriEqsatGuideReport *rep, char *err, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_TOOLS_EQSAT_BASELINE_H */
