/*===- search/egraph/egraph_sketch.h - e-classes as a sketch node provider -------===*\
 *
 * Binds search/sketch/sketch.h's matcher to an e-graph: a sketch class handle is
 * an e-class id + 1 (handles are never 0). Satisfaction is then decided per
 * (sketch node, e-class), memoised by the matcher; the graph must not
 * change (no add, merge or rebuild) while a matcher made on it is used.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_EGRAPH_SKETCH_H
#define ARIADNE_SEARCH_EGRAPH_SKETCH_H

#include "search/egraph/egraph.h"
#include "search/sketch/sketch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The provider over g (valid while g lives). */
AriSketchGraph ariEgSketchGraph(AriEGraph *g);

/* The handle of class c for ariSketchMatchClass. */
static inline uintptr_t ariEgSketchClass(AriEGraph *g, AriEClass c) {
  return (uintptr_t)ariEgFind(g, c) + 1;
}

/* 1 if class c satisfies sketch k, 0 if not, -1 on error (a one-shot
 * matcher; reuse ariSketchMatcherCreate(ariEgSketchGraph(g)) for many). */
int ariEgSketchMatches(AriEGraph *g, const AriSketch *k, AriEClass c);

/* The cheapest term of class `root` (under fn; NULL: term size) among
 * those that satisfy k, built in the graph's store; *cost (may be NULL)
 * its cost (INFINITY when none). Costs are memoised per (sketch node,
 * e-class): `?` is the plain cheapest term, F(s..) the cheapest node of
 * that head with kids satisfying s.., s1 | s2 the cheaper of the two,
 * s :: t the class's cost for s when its type fits t, and contains(s) the
 * cheaper of the class itself satisfying s and a node one kid of which
 * satisfies contains(s) while the others are at their best cost. Only
 * finite terms count (a cycle satisfies nothing), so the result is a
 * finite term that ariSketchMatches accepts. Needs a rebuilt graph; fn
 * must grow with the kids' costs (as ariEgExtract's). NULL with no error
 * when no term of root satisfies k; NULL with ariEgError set on out of
 * memory or when the graph needs a rebuild. */
AriTerm *ariEgExtractSketch(AriEGraph *g, AriEClass root, const AriSketch *k, AriEgCostFn fn,
                            void *ctx, double *cost);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_EGRAPH_SKETCH_H */
