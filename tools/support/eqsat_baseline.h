/*===- eqsat_baseline.h - sketch-free equality saturation as a baseline ----===*\
 *
 * The rewrite searches' tools (ariadne-rl, ariadne-astar --eval) compare
 * with equality saturation over the same rules and the same cost, as
 * X-RLflow and Knossos compare with their rule-based peers: the rule set of
 * search/astar/astar.h, grown without a sketch (search/eqsat.h,
 * ariEqsatRunFree) until it saturates or a limit stops it; the cheapest
 * programs under the cost's e-graph form (costmodel/cost.h: size or
 * Knossos' proxy) extracted and ranked by the term cost itself.
 * Deterministic: no seed.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TOOLS_EQSAT_BASELINE_H
#define ARIADNE_TOOLS_EQSAT_BASELINE_H

#include "costmodel/cost.h"
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
  AriCost extract;    /* the e-graph form of the cost */
  AriCostTermFn term; /* the cost itself, which ranks */
  AriEqsatOpts opts;  /* points into this struct: do not move it */
} AriEqBaseline;

/* Sets b up for rules[0..nrules), the term cost named `cost`
 * (ARI_COST_TERM_NAMES), at most maxNodes e-nodes and maxSeconds seconds
 * per program. False with a message for an unknown cost or when out of
 * memory. */
bool ariEqBaselineInit(AriEqBaseline *b, const AriAStarRule *rules, size_t nrules,
                       const char *cost, uint64_t maxNodes, double maxSeconds, AriArena *arena,
                       char *err, size_t cap);

/* Runs it from t (a term of s): *cost the term cost of the program kept,
 * rep the run (why it stopped, e-nodes, seconds; rep->result the program).
 * False with a message on an error. */
bool ariEqBaselineRun(AriEqBaseline *b, AriTermStore *s, AriTerm *t, double *cost,
                      AriEqsatGuideReport *rep, char *err, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_TOOLS_EQSAT_BASELINE_H */
