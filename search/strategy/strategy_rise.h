/*===- strategy_rise.h - strategies over RISE terms and the rule library --===*\
 *
 * The host (search/strategy/strategy.h) that lets strategies run on the term store
 * (search/term/term.h) with the rule library (search/rules/rules.h):
 *
 *   - rules: every rule of the catalogue by name, with its parameters
 *     (`splitJoin(32)`, `useCBuffer(global)`); bad literal arguments are
 *     reported when the strategy is bound;
 *   - predicates (succeed unchanged or fail):
 *       is<Kind> for every term kind, in camel case: isMap, isReduce, isZip,
 *         isSplit, isJoin, isTranspose, isSlide, isPadCst, isPadClamp,
 *         isGenerate, isIdx, isToMem, isAsVector, isAsScalar,
 *         isVectorFromScalar, isCircularBuffer, isRotateValues, isKernel,
 *         isLam (also isLambda), isApp, isVar, isArg, isIn, isConst, isOp,
 *         isLiteral, isPair, isFst, isSnd, isUnzip;
 *       isMap<Impl> / isReduce<Impl> for an implementation choice: isMapSeq,
 *         isMapPar, isMapVec, isMapGlobal, isMapWorkgroup, isMapLocal,
 *         isMapStream, isMapIterate, isReduceSeq, isReduceUnroll, and
 *         isMapHigh / isReduceHigh for the high-level (unchosen) ones;
 *       appliedMap, appliedReduce: the thesis's names for isMap, isReduce
 *         (patterns are saturated nodes here, so every map is applied);
 *       mapNest(n): a map whose function's body is mapNest(n-1)
 *         (mapNest(1) = isMap), as in `tileMaps(32,32) @ outermost(mapNest(2))`;
 *       tripsAtMost(n): a map or reduce over at most n elements (so that
 *         a search unrolls only short loops: `where(tripsAtMost(16)) ; mapUnroll`);
 *   - the term a function is rewritten as: a node (not a term of the store)
 *     whose children are the function's roots (its rise.out values) in
 *     order, so one strategy sees the whole function and term paths start
 *     with the root's index. No rule or predicate matches that node.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_STRATEGY_RISE_H
#define ARIADNE_SEARCH_STRATEGY_RISE_H

#include "search/strategy/strategy.h"
#include "search/term/term.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriStratRise AriStratRise;

/* Called for every rule that fired (`at` is the term it rewrote, `result`
 * what it became). */
typedef void (*AriStratRiseTraceFn)(void *user, const AriStratRuleEvent *event, const AriTerm *at,
                                    const AriTerm *result);

/* A host over `store`; its function nodes live in `arena`. NULL on OOM. */
AriStratRise *ariStratRiseCreate(AriTermStore *store, AriArena *arena);

/* The host to bind and run strategies with (valid while r lives). */
const AriStratHost *ariStratRiseHost(AriStratRise *r);

/* Traces every rule that fired through fn (NULL: no trace). */
void ariStratRiseSetTrace(AriStratRise *r, AriStratRiseTraceFn fn, void *user);

/* The strategy term of a function: a node whose children are f's root
 * values. 0 when out of memory. */
AriStratTerm ariStratRiseFuncTerm(AriStratRise *r, const AriTermFunc *f);

/* Stores the children of a function node t back into f's root values.
 * False when t is not a function node with f's number of roots. */
bool ariStratRiseSetRoots(AriStratRise *r, AriStratTerm t, AriTermFunc *f);

/* The strategy handle of a store term, and back (NULL for function nodes). */
AriStratTerm ariStratRiseTerm(const AriTerm *t);
AriTerm *ariStratRiseAsTerm(AriStratTerm h);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_STRATEGY_RISE_H */
