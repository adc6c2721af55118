/*===- search/egraph_impl.h - e-graph internals shared by egraph*.c -------===*\
 *
 * Not a public header: the layout of nodes and classes, for the files of
 * the e-graph engine only.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_EGRAPH_IMPL_H
#define ARIADNE_SEARCH_EGRAPH_IMPL_H

#include "search/egraph.h"

typedef struct AriEgVec {
  uint32_t *v;
  uint32_t n, cap;
} AriEgVec;

typedef struct AriEgNodeRec {
  uint8_t kind, nattrs;
  uint16_t nkids;
  bool dead;    /* a duplicate found by rebuild; dropped from its class */
  bool inTable; /* in the hashcons */
  uint32_t cls; /* class at creation (find it) */
  uint32_t hash, next; /* hashcons chain */
  uint32_t kidOff, attrOff;
  const AriSym *sym, *sym2;
  const AriType *mk;   /* what ariTermMake needs: LAM param, else the type */
  const AriType *type; /* the node's type */
} AriEgNodeRec;

typedef struct AriEgClassRec {
  AriEgVec nodes, parents;
  const AriType *type;
  uint64_t freeMask;
  bool hasConst;
  int64_t cval;
  double cost;   /* best term size */
  uint32_t best; /* node achieving it */
} AriEgClassRec;

struct AriEGraph {
  AriTermStore *s;
  AriEgNodeRec *nodes;
  size_t nnodes, capNodes, liveNodes;
  uint32_t *kidPool;
  size_t nkidPool, capKidPool;
  int64_t *attrPool;
  size_t nattrPool, capAttrPool;
  AriEgClassRec *classes;
  uint32_t *uf;
  size_t nclasses, capClasses, liveClasses;
  uint32_t *buckets; /* hashcons heads, ARI_EG_NONE-terminated chains */
  size_t nbuckets;
  AriEgVec pending;  /* classes whose parents need repair */
  uint32_t *termMemo; /* term id -> class + 1 (0: none) */
  size_t nTermMemo;
  AriTerm **bestMemo; /* class -> its extracted best term (ariEgExtractBest) */
  size_t nBestMemo;
  char err[ARI_RULE_ERR_MAX];
  bool hasErr;
};

bool ariEgVecPush(AriEgVec *v, uint32_t x);
void ariEgFail(AriEGraph *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline const uint32_t *ariEgKids(const AriEGraph *g, const AriEgNodeRec *n) {
  return g->kidPool + n->kidOff;
}
static inline const int64_t *ariEgAttrs(const AriEGraph *g, const AriEgNodeRec *n) {
  return g->attrPool + n->attrOff;
}

/* Grows the realloc'd array *p (elements of `size` bytes, capacity *cap)
 * to hold at least `need`, doubling; false when out of memory. */
bool ariEgGrow(void **p, size_t *cap, size_t need, size_t size);

/* Extraction (egraph_extract.c, egraph_sketch.c): ARI_EG_CONTEXT_PENALTY
 * when node `id` uses a De Bruijn index that class c as a whole does not
 * (it is right only in some of the contexts sharing c), else 0. Added to
 * the node's cost, so such a node is extracted only when its class has
 * nothing else. */
#define ARI_EG_CONTEXT_PENALTY 1e9
double ariEgContextPenalty(const AriEGraph *g, AriENode id, AriEClass c);

#endif /* ARIADNE_SEARCH_EGRAPH_IMPL_H */
