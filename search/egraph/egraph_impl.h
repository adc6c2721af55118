/*===- search/egraph/egraph_impl.h - e-graph internals shared by egraph*.c -------===*\
 *
 * Not a public header: the layout of nodes and classes, for the files of
 * the e-graph engine only.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_EGRAPH_IMPL_H
#define ARIADNE_SEARCH_EGRAPH_IMPL_H

#include "search/egraph/egraph.h"

typedef struct AriEgVec {
  uint32_t *v;
  uint32_t n, cap;
} AriEgVec;

/* 48 bytes: an e-graph keeps every node ever added (duplicates found by
 * rebuild stay, dead), so this is most of its memory per e-node. */
typedef struct AriEgNodeRec {
  uint8_t kind, nattrs, nkids; /* terms have at most 255 kids */
  bool dead : 1;    /* a duplicate found by rebuild; dropped from its class */
  bool inTable : 1; /* in the hashcons */
  uint32_t cls; /* class at creation (find it) */
  uint32_t hash, next; /* hashcons chain */
  uint32_t kidOff, attrOff;
  const AriSym *sym, *sym2;
  /* What ariTermMake needs: the parameter type for LAM, else the node's
   * type. (A node's type is its class's; only LAM's differs from mk.) */
  const AriType *mk;
} AriEgNodeRec;

/* 80 bytes, one per class ever created (merged-away ones included: class
 * ids index this array); the node and parent lists start small (most
 * classes have one node and a parent or two). */
typedef struct AriEgClassRec {
  AriEgVec nodes, parents;
  const AriType *type;
  /* Typed free indices: bit i set when every member uses VAR i, all at
   * the same type; those types, in bit order, at ftPool[ftOff..]. */
  uint64_t freeMask;
  uint32_t ftOff;
  int64_t cval;
  double cost;   /* best term size */
  uint32_t best; /* node achieving it */
  bool hasConst;
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
  const AriType **ftPool; /* the classes' free-index types (see ftOff) */
  size_t nftPool, capFtPool;
  uint64_t bestUnsafe; /* ariEgExtractBest results holding an unsafe node */
  uint32_t *bestPath;  /* bestBuild's classes on the current path */
  size_t capBestPath;
  uint32_t *buckets; /* hashcons heads, ARI_EG_NONE-terminated chains */
  size_t nbuckets;
  AriEgVec pending;  /* classes whose parents need repair */
  uint32_t *termMemo; /* term id -> class + 1 (0: none) */
  size_t nTermMemo;
  size_t termMemoHigh; /* entries at and above are all 0 */
  AriTerm **bestMemo; /* class -> its extracted best term (ariEgExtractBest) */
  size_t nBestMemo;
  uint32_t bestMemoHigh; /* the largest term id in bestMemo + 1 (0: empty) */
  uint64_t storeReleases; /* ariTermStoreReleases when the memos were synced */
  char err[ARI_RULE_ERR_MAX];
  bool hasErr;
};

bool ariEgVecPush(AriEgVec *v, uint32_t x);
/* Makes termMemo and bestMemo forget the terms that scopes of the store
 * released since the last call (ariTermStoreReleasedFrom): O(1) when there
 * were none. Called by everything that reads those memos. */
void ariEgSyncStore(AriEGraph *g);

/* ariEgAddTerm, then ariEgMerge(g, into, that class) when the types agree:
 * the runner's step. The difference: t's root node, when it is new, goes
 * straight into class `into` (*joined set) instead of into a class of its
 * own that the merge would absorb at once; the graph is the same, minus a
 * class record (most classes a run creates would be such). When the
 * types differ, or the node's constant contradicts the class's, it gets
 * its own class as with ariEgAddTerm and *joined stays false. */
AriEClass ariEgAddTermInto(AriEGraph *g, const AriTerm *t, AriEClass into, bool *joined);
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

/* The e-node of t's root given the classes of its kids (t's kids' classes,
 * in order), found in the hashcons without adding anything; ARI_EG_NONE
 * when the graph has no such node. Meaningful right after a rebuild. */
AriENode ariEgLookupNode(AriEGraph *g, const AriTerm *t, const uint32_t *kids);

/* Extraction (egraph_extract.c, egraph_sketch.c): ARI_EG_CONTEXT_PENALTY
 * when node `id` is not safe in class c (below: it is right only in some
 * of the contexts sharing c), else 0. Added to the node's cost, so such a
 * node is extracted only when its class has nothing else. */
#define ARI_EG_CONTEXT_PENALTY 1e9
double ariEgContextPenalty(const AriEGraph *g, AriENode id, AriEClass c);

/* Typing across contexts (docs/egraph.md, "Contexts and types"). A class
 * is shared by every context its members appear in; its free mask holds
 * the (index, type) pairs every member uses. Node `id` is CONSISTENT when
 * its kids' classes use no index at two types and, for a LAM, its body's
 * index 0 (if the body class uses it) has the parameter's type; it is
 * SAFE in class c when it is consistent and every (index, type) it uses
 * is in c's mask: then the terms built from safe nodes of the classes
 * below are well typed in every context of c (an unsafe node is right in
 * some contexts only, e.g. `x - x` in the class of 0, or a body moved
 * under a binder of another type). Extraction penalises unsafe nodes, the
 * runner matches through safe ones only and instantiates variables with
 * safe terms only. */
bool ariEgNodeConsistent(const AriEGraph *g, AriENode id);
bool ariEgNodeSafe(const AriEGraph *g, AriENode id, AriEClass c);

#endif /* ARIADNE_SEARCH_EGRAPH_IMPL_H */
