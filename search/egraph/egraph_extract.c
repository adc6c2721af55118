/*===- search/egraph/egraph_extract.c - extraction by a pluggable cost function --===*\
 *
 * Bottom-up fixpoint (as egg's Extractor): every class's best cost is the
 * minimum over its nodes of the cost function applied to the kids' best
 * costs, iterated until nothing improves; then the term is built top-down
 * from the chosen nodes with ariTermMake (which type-checks it again).
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph/egraph_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 10000, KID_BUF = 16 };

double ariEgCostSize(void *ctx, const AriEGraph *g, AriENode n, const double *kidCosts) {
  (void)ctx;
  double c = 1;
  for (unsigned i = 0; i < ariEgNodeNumKids(g, n); ++i)
    c += kidCosts[i];
  return c;
}

double ariEgContextPenalty(const AriEGraph *g, AriENode id, AriEClass c) {
  /* A class holds terms of one context's meaning only where they are
   * closed enough: `x - x` merged with `0` (kSubSelf) puts a term using
   * VAR 0 into the class of the constant, which other binders share, and
   * mapConstGenerate moves a body under a binder of another type. A node
   * that is not safe in its class (egraph_impl.h: it uses an index, or an
   * index at a type, that the class as a whole does not, or it is not
   * consistent) is only right in some of the class's contexts: it is
   * taken only when nothing else is finite. */
  return ariEgNodeSafe(g, id, c) ? 0 : ARI_EG_CONTEXT_PENALTY;
}

typedef struct {
  AriEGraph *g;
  uint32_t *choice; /* class -> node */
  AriTerm **memo;   /* class -> term */
  uint8_t *onStack;
} Builder;

static AriTerm *build(Builder *b, AriEClass c, unsigned depth) {
  AriEGraph *g = b->g;
  c = ariEgFind(g, c);
  if (b->memo[c])
    return b->memo[c];
  if (b->onStack[c] || depth > MAX_DEPTH) {
    ariEgFail(g, "extraction: cycle or nesting too deep");
    return NULL;
  }
  if (b->choice[c] == ARI_EG_NONE) {
    ariEgFail(g, "extraction: class %u has no finite cost", c);
    return NULL;
  }
  b->onStack[c] = 1;
  const AriEgNodeRec *n = &g->nodes[b->choice[c]];
  AriTerm *kbuf[KID_BUF], **kids = kbuf, *t = NULL;
  unsigned nk = n->nkids;
  if (nk > KID_BUF && !(kids = malloc(nk * sizeof(AriTerm *)))) {
    ariEgFail(g, "extraction: out of memory");
    goto out;
  }
  for (unsigned i = 0; i < nk; ++i) {
    /* re-read: the node table does not move here, but kids may be stale */
    if (!(kids[i] = build(b, ariEgKids(g, &g->nodes[b->choice[c]])[i], depth + 1)))
      goto out;
  }
  n = &g->nodes[b->choice[c]];
  t = ariTermMake(g->s, (AriTermKind)n->kind, ariEgAttrs(g, n), n->nattrs, n->sym, n->sym2, kids,
                  nk, n->mk);
  if (!t)
    ariEgFail(g, "extraction: %s", ariTermStoreError(g->s));
out:
  if (kids != kbuf)
    free(kids);
  b->onStack[c] = 0;
  b->memo[c] = t;
  return t;
}

static AriTerm *buildFrom(AriEGraph *g, AriEClass root, uint32_t *choice) {
  Builder b = {g, choice, calloc(g->nclasses, sizeof(AriTerm *)), calloc(g->nclasses, 1)};
  AriTerm *t = NULL;
  if (!b.memo || !b.onStack)
    ariEgFail(g, "extraction: out of memory");
  else
    t = build(&b, root, 0);
  free(b.memo);
  free(b.onStack);
  return t;
}

AriTerm *ariEgExtract(AriEGraph *g, AriEClass root, AriEgCostFn fn, void *ctx, double *cost) {
  if (!fn)
    fn = ariEgCostSize;
  size_t nc = g->nclasses;
  double *best = malloc(nc * sizeof(double));
  uint32_t *choice = malloc(nc * sizeof(uint32_t));
  double kbuf[KID_BUF], *kc = kbuf;
  AriTerm *t = NULL;
  if (!best || !choice) {
    ariEgFail(g, "extraction: out of memory");
    goto out;
  }
  for (size_t i = 0; i < nc; ++i) {
    best[i] = INFINITY;
    choice[i] = ARI_EG_NONE;
  }
  /* At most one pass per class plus one: with costs above the kids' a
   * class's final cost is known after as many passes as its depth. */
  bool changed = true;
  for (size_t pass = 0; changed && pass <= nc + 1; ++pass) {
    changed = false;
    for (size_t c = 0; c < nc; ++c) {
      if (g->uf[c] != c)
        continue;
      AriEgVec *nv = &g->classes[c].nodes;
      for (uint32_t i = 0; i < nv->n; ++i) {
        const AriEgNodeRec *n = &g->nodes[nv->v[i]];
        const uint32_t *k = ariEgKids(g, n);
        if (n->nkids > KID_BUF) {
          if (kc != kbuf)
            free(kc);
          if (!(kc = malloc(n->nkids * sizeof(double)))) {
            kc = kbuf;
            ariEgFail(g, "extraction: out of memory");
            goto out;
          }
        }
        bool finite = true;
        for (unsigned j = 0; j < n->nkids && finite; ++j) {
          kc[j] = best[ariEgFind(g, k[j])];
          finite = isfinite(kc[j]);
        }
        if (!finite)
          continue;
        double v = fn(ctx, g, nv->v[i], kc) + ariEgContextPenalty(g, nv->v[i], (AriEClass)c);
        if (v < best[c]) {
          best[c] = v;
          choice[c] = nv->v[i];
          changed = true;
        }
      }
    }
  }
  root = ariEgFind(g, root);
  if (root == ARI_EG_NONE) {
    ariEgFail(g, "extraction: no such class");
    goto out;
  }
  if (cost)
    *cost = best[root];
  t = buildFrom(g, root, choice);
out:
  if (kc != kbuf)
    free(kc);
  free(best);
  free(choice);
  return t;
}

/* Follows the size analysis' best nodes: each has a smaller cost than its
 * class, so this terminates; no tables, so it is cheap enough to run once
 * per rule application. Where a best node is unsafe, a safe one whose
 * kids are not on the path (so a class met again on the path takes
 * another), and only in the first half of the depth bound: below it the
 * best nodes alone, which cannot cycle. */
static AriTerm *bestBuild(AriEGraph *g, AriEClass c, unsigned depth, bool *unsafe) {
  c = ariEgFind(g, c);
  if (depth > MAX_DEPTH) {
    ariEgFail(g, "extraction: nesting too deep");
    return NULL;
  }
  if (!ariEgGrow((void **)&g->bestPath, &g->capBestPath, (size_t)depth + 1, sizeof(uint32_t))) {
    ariEgFail(g, "extraction: out of memory");
    return NULL;
  }
  g->bestPath[depth] = c;
  uint32_t id = g->classes[c].best;
  if (!ariEgNodeSafe(g, id, c)) {
    /* The size analysis knows nothing of contexts: its node may be wrong
     * here (egraph_impl.h). Take the cheapest safe node instead whose kids
     * are not on the path (no cycle); if there is none, the best node,
     * and the caller learns that the term is unsafe. */
    uint32_t alt = ARI_EG_NONE;
    double altCost = INFINITY;
    const AriEgVec *nv = &g->classes[c].nodes;
    for (uint32_t i = 0; i < nv->n && depth < MAX_DEPTH / 2; ++i) {
      const AriEgNodeRec *n = &g->nodes[nv->v[i]];
      if (n->dead || !ariEgNodeSafe(g, nv->v[i], c))
        continue;
      double cost = 1;
      bool onPath = false;
      for (unsigned j = 0; j < n->nkids && !onPath; ++j) {
        AriEClass k = ariEgFind(g, ariEgKids(g, n)[j]);
        for (unsigned d = 0; d <= depth && !onPath; ++d)
          onPath = g->bestPath[d] == k;
        cost += g->classes[k].cost;
      }
      if (!onPath && cost < altCost) {
        altCost = cost;
        alt = nv->v[i];
      }
    }
    if (alt != ARI_EG_NONE)
      id = alt;
    else
      *unsafe = true;
  }
  unsigned nk = g->nodes[id].nkids;
  AriTerm *kbuf[KID_BUF], **kids = kbuf, *t = NULL;
  if (nk > KID_BUF && !(kids = malloc(nk * sizeof(AriTerm *)))) {
    ariEgFail(g, "extraction: out of memory");
    return NULL;
  }
  for (unsigned i = 0; i < nk; ++i) {
    AriEClass k = ariEgFind(g, ariEgKids(g, &g->nodes[id])[i]);
    kids[i] = k < g->nBestMemo && g->bestMemo[k] ? g->bestMemo[k]
                                                   : bestBuild(g, k, depth + 1, unsafe);
    if (!kids[i])
      goto out;
  }
  const AriEgNodeRec *n = &g->nodes[id];
  t = ariTermMake(g->s, (AriTermKind)n->kind, ariEgAttrs(g, n), n->nattrs, n->sym, n->sym2, kids,
                  nk, n->mk);
  if (!t)
    ariEgFail(g, "extraction: %s", ariTermStoreError(g->s));
out:
  if (kids != kbuf)
    free(kids);
  return t;
}

AriTerm *ariEgExtractBest(AriEGraph *g, AriEClass c) {
  c = ariEgFind(g, c);
  if (c == ARI_EG_NONE) {
    ariEgFail(g, "extraction: no such class");
    return NULL;
  }
  ariEgSyncStore(g);
  /* Memoised until the next rebuild (or the release of a scope of the
   * store that made it): a class only gains members, so the
   * term stays one of them. */
  if (c < g->nBestMemo && g->bestMemo[c])
    return g->bestMemo[c];
  bool unsafe = false;
  AriTerm *t = bestBuild(g, c, 0, &unsafe);
  if (t && unsafe) { /* not memoised: every caller must learn it */
    g->bestUnsafe++;
    return t;
  }
  if (t && c >= g->nBestMemo) {
    size_t n = g->nBestMemo ? g->nBestMemo : 1024;
    while (n <= c)
      n *= 2;
    AriTerm **m = realloc(g->bestMemo, n * sizeof(AriTerm *));
    if (!m)
      return t; /* the memo is only a cache */
    memset(m + g->nBestMemo, 0, (n - g->nBestMemo) * sizeof(AriTerm *));
    g->bestMemo = m;
    g->nBestMemo = n;
  }
  if (t) {
    g->bestMemo[c] = t;
    if (ariTermId(t) >= g->bestMemoHigh)
      g->bestMemoHigh = ariTermId(t) + 1;
  }
  return t;
}

/*=== k candidates by penalised re-extraction (ariEgExtractK) ===============*/

typedef struct {
  AriEgCostFn fn;
  void *ctx;
  const double *pen; /* e-node -> extra cost */
  size_t npen;
} Penalised;

static double penalisedCost(void *ctx, const AriEGraph *g, AriENode n, const double *kidCosts) {
  const Penalised *p = ctx;
  return p->fn(p->ctx, g, n, kidCosts) + (n < p->npen ? p->pen[n] : 0);
}

static AriTerm *plainExtract(void *ctx, AriEGraph *g, AriEClass root, AriEgCostFn fn,
                             void *fnCtx, double *cost) {
  (void)ctx;
  return ariEgExtract(g, root, fn, fnCtx, cost);
}

/* Walks an extracted term: finds each subterm's e-node (by its kids'
 * classes), adds `step` to its penalty and computes the term's cost under
 * fn as extraction counts it (a tree sum). memo*: by term id. False when a
 * subterm is not in the graph (it was built from it, so only on a bug). */
typedef struct {
  AriEGraph *g;
  AriEgCostFn fn;
  void *ctx;
  double *pen;
  double *memoCost;
  uint32_t *memoClass;
  uint32_t n;
} Walk;

static bool walkTerm(Walk *w, const AriTerm *t, unsigned depth, uint32_t *cls, double *cost) {
  uint32_t id = ariTermId(t);
  if (id < w->n && w->memoClass[id] != ARI_EG_NONE) {
    *cls = w->memoClass[id];
    *cost = w->memoCost[id];
    return true;
  }
  unsigned nk = ariTermNumKids(t);
  if (depth > MAX_DEPTH || nk > 64)
    return false;
  uint32_t kids[64];
  double kc[64];
  for (unsigned i = 0; i < nk; ++i)
    if (!walkTerm(w, ariTermKid(t, i), depth + 1, &kids[i], &kc[i]))
      return false;
  AriENode node = ariEgLookupNode(w->g, t, kids);
  if (node == ARI_EG_NONE)
    return false;
  AriEClass c = ariEgFind(w->g, w->g->nodes[node].cls);
  double v = w->fn(w->ctx, w->g, node, kc) + ariEgContextPenalty(w->g, node, c);
  /* Once per distinct e-node and candidate: a shared subterm is one choice. */
  if (id < w->n)
    w->pen[node] += 1;
  *cls = c;
  *cost = v;
  if (id < w->n) {
    w->memoClass[id] = c;
    w->memoCost[id] = v;
  }
  return true;
}

size_t ariEgExtractK(AriEGraph *g, AriEClass root, AriEgExtractFn ex, void *exCtx,
                     AriEgCostFn fn, void *ctx, unsigned k, AriTerm **terms, double *costs) {
  if (!fn)
    fn = ariEgCostSize;
  if (!ex)
    ex = plainExtract;
  if (!k)
    return 0;
  size_t npen = ariEgTotalNodes(g);
  double *pen = calloc(npen ? npen : 1, sizeof *pen);
  if (!pen) {
    ariEgFail(g, "extraction: out of memory");
    return 0;
  }
  Penalised p = {fn, ctx, pen, npen};
  size_t found = 0;
  for (unsigned round = 0; found < k && round < 2 * k; ++round) {
    double pc;
    AriTerm *t = ex(exCtx, g, root, penalisedCost, &p, &pc);
    if (!t)
      break;
    bool seen = false;
    for (size_t i = 0; i < found && !seen; ++i)
      seen = terms[i] == t; /* hash-consed: the same term is the same pointer */
    uint32_t n = ariTermId(t) + 1; /* kids are older: smaller ids */
    Walk w = {g, fn, ctx, pen, malloc(n * sizeof(double)), malloc(n * sizeof(uint32_t)), n};
    if (!w.memoCost || !w.memoClass) {
      free(w.memoCost);
      free(w.memoClass);
      ariEgFail(g, "extraction: out of memory");
      found = 0;
      break;
    }
    for (uint32_t i = 0; i < n; ++i)
      w.memoClass[i] = ARI_EG_NONE;
    uint32_t cls;
    double cost;
    bool ok = walkTerm(&w, t, 0, &cls, &cost);
    free(w.memoCost);
    free(w.memoClass);
    if (!ok) {
      ariEgFail(g, "extraction: a candidate's node is not in the e-graph");
      found = 0;
      break;
    }
    if (seen)
      continue;
    terms[found] = t;
    if (costs)
      costs[found] = cost;
    ++found;
  }
  free(pen);
  return found;
}
