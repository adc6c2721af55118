/*===- search/egraph_sketch.c - e-classes as a sketch node provider -------===*\
 *
 * The three callbacks of AriSketchGraph over e-classes (handle = id + 1).
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph_sketch.h"

static unsigned numNodes(void *ctx, uintptr_t cls) {
  return ariEgClassNumNodes(ctx, (AriEClass)(cls - 1));
}

static void node(void *ctx, uintptr_t cls, unsigned i, AriSketchNode *out) {
  AriEGraph *g = ctx;
  AriENode n = ariEgClassNode(g, (AriEClass)(cls - 1), i);
  AriTermKind k = ariEgNodeKind(g, n);
  out->kind = k;
  out->type = ariEgNodeType(g, n);
  out->patKind = (k == ARI_TERM_MAP || k == ARI_TERM_REDUCE || k == ARI_TERM_TO_MEM)
                     ? ariEgNodeAttr(g, n, 0)
                     : -1;
  out->sym = k == ARI_TERM_OP ? ariEgNodeSym(g, n) : NULL;
  out->numKids = ariEgNodeNumKids(g, n);
}

static uintptr_t kid(void *ctx, uintptr_t cls, unsigned i, unsigned k) {
  AriEGraph *g = ctx;
  AriENode n = ariEgClassNode(g, (AriEClass)(cls - 1), i);
  return (uintptr_t)ariEgFind(g, ariEgNodeKid(g, n, k)) + 1;
}

AriSketchGraph ariEgSketchGraph(AriEGraph *g) {
  AriSketchGraph sg = {g, numNodes, node, kid};
  return sg;
}

int ariEgSketchMatches(AriEGraph *g, const AriSketch *k, AriEClass c) {
  AriSketchMatcher *m = ariSketchMatcherCreate(ariEgSketchGraph(g));
  if (!m)
    return -1;
  int r = ariSketchMatchClass(m, k, ariEgSketchClass(g, c));
  ariSketchMatcherDestroy(m);
  return r;
}
