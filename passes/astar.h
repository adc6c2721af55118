/*===- astar.h - the rise-astar pass --------------------------------------===*\
 *
 * rise-astar imports every func.func into the term store, searches from
 * each root's term with Knossos-style A* over rewrites (or one of its
 * baselines; search/astar/astar.h, docs/astar.md) and exports the best
 * term found back into the function when it is cheaper than the input
 * (an unchanged function keeps its IR exactly).
 *
 * Options:
 *   rules=R,..    the rule set (default "knossos,beta"; the syntax of
 *                 ariAStarParseRules: instances, families, '!' phase-1)
 *   nats=N,..     values for bare parameterised rules
 *   budget=N      value evaluations per root (default 5000)
 *   horizon=N     rewrites from the input (default 10)
 *   engine=E      astar | greedy | random (default astar)
 *   two-phase     phase-1 rules first (half the budget and horizon)
 *   cost=C        knossos | size (default knossos)
 *   seed=N        tie-breaking and random choices
 *   value=FILE    a value network (ariadne-astar --train); none: V = 0
 *   time-limit=S  seconds per root (0: none)
 *   func=NAME     only this function
 *   report=BOOL   a line per root: costs, steps, counters (default true)
 *   output=PATH   where report lines go ('-' stdout; default stderr)
 *
 * Bad options and rule lists are one diagnostic at the module before any
 * function is touched; a function that does not import, or a result that
 * does not export, is an error at the function.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_ASTAR_H
#define ARIADNE_PASSES_ASTAR_H

#include "ariadne-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const AriPassInfo ariAStarPass;

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_ASTAR_H */
