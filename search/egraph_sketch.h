/*===- search/egraph_sketch.h - e-classes as a sketch node provider -------===*\
 *
 * Binds search/sketch.h's matcher to an e-graph: a sketch class handle is
 * an e-class id + 1 (handles are never 0). Satisfaction is then decided per
 * (sketch node, e-class), memoised by the matcher; the graph must not
 * change (no add, merge or rebuild) while a matcher made on it is used.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_EGRAPH_SKETCH_H
#define ARIADNE_SEARCH_EGRAPH_SKETCH_H

#include "search/egraph.h"
#include "search/sketch.h"

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

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_EGRAPH_SKETCH_H */
