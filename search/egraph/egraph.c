/*===- search/egraph/egraph.c - union-find, hashcons, add, merge, rebuild --------===*\
 *
 * egg's design: merges only union the classes and queue the merged class;
 * ariEgRebuild then re-canonicalises the parents of queued classes, which
 * finds the congruent pairs (merged in turn) and recomputes the parents'
 * analyses (queueing classes whose analysis changed). Analyses only move
 * one way (free masks shrink, costs fall), so rebuild terminates.
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph/egraph_impl.h"
#include "utils/hash.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 10000 };

void ariEgFail(AriEGraph *g, const char *fmt, ...) {
  if (g->hasErr)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g->err, sizeof g->err, fmt, ap);
  va_end(ap);
  g->hasErr = true;
}

const char *ariEgError(const AriEGraph *g) { return g->hasErr ? g->err : ""; }
void ariEgClearError(AriEGraph *g) {
  g->hasErr = false;
  g->err[0] = 0;
}

bool ariEgGrow(void **p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap)
    return true;
  size_t n = *cap ? *cap : 16;
  while (n < need)
    n *= 2;
  void *q = realloc(*p, n * size);
  if (!q)
    return false;
  *p = q;
  *cap = n;
  return true;
}

bool ariEgVecPush(AriEgVec *v, uint32_t x) {
  if (v->n == v->cap) {
    /* From 2, not ariEgGrow's 16: there is a node and a parent list per
     * class, and most hold one or two entries. */
    size_t cap = v->cap ? (size_t)v->cap * 2 : 2;
    if (cap > UINT32_MAX)
      return false;
    void *p = realloc(v->v, cap * sizeof(uint32_t));
    if (!p)
      return false;
    v->v = p;
    v->cap = (uint32_t)cap;
  }
  v->v[v->n++] = x;
  return true;
}

AriEGraph *ariEgCreate(AriTermStore *s) {
  AriEGraph *g = calloc(1, sizeof *g);
  if (!g)
    return NULL;
  g->s = s;
  g->nbuckets = 1024;
  g->buckets = malloc(g->nbuckets * sizeof(uint32_t));
  if (!g->buckets) {
    free(g);
    return NULL;
  }
  memset(g->buckets, 0xff, g->nbuckets * sizeof(uint32_t));
  g->storeReleases = ariTermStoreReleases(s);
  return g;
}

void ariEgSyncStore(AriEGraph *g) {
  uint64_t r = ariTermStoreReleases(g->s);
  if (r == g->storeReleases)
    return;
  uint32_t low = ariTermStoreReleasedFrom(g->s, g->storeReleases);
  g->storeReleases = r;
  if (g->termMemoHigh > low) {
    memset(g->termMemo + low, 0, (g->termMemoHigh - low) * sizeof(uint32_t));
    g->termMemoHigh = low;
  }
  /* Freed terms cannot be read to find their ids: drop the whole memo (a
   * cache) when it may hold one. */
  if (g->bestMemoHigh > low) {
    memset(g->bestMemo, 0, g->nBestMemo * sizeof(AriTerm *));
    g->bestMemoHigh = 0;
  }
}

void ariEgDestroy(AriEGraph *g) {
  if (!g)
    return;
  for (size_t i = 0; i < g->nclasses; ++i) {
    free(g->classes[i].nodes.v);
    free(g->classes[i].parents.v);
  }
  free(g->classes);
  free(g->uf);
  free(g->nodes);
  free(g->kidPool);
  free(g->attrPool);
  free(g->buckets);
  free(g->pending.v);
  free(g->termMemo);
  free(g->bestMemo);
  free(g->ftPool);
  free(g->bestPath);
  free(g);
}

AriTermStore *ariEgStore(const AriEGraph *g) { return g->s; }
size_t ariEgNumNodes(const AriEGraph *g) { return g->liveNodes; }
size_t ariEgNumClasses(const AriEGraph *g) { return g->liveClasses; }
size_t ariEgTotalNodes(const AriEGraph *g) { return g->nnodes; }

size_t ariEgBytes(const AriEGraph *g) {
  size_t b = sizeof *g + g->capNodes * sizeof(AriEgNodeRec) + g->capKidPool * 4 +
             g->capAttrPool * 8 + g->capClasses * (sizeof(AriEgClassRec) + 4) +
             g->nbuckets * 4 + g->nTermMemo * 4 + g->pending.cap * 4 +
             g->nBestMemo * sizeof(AriTerm *) + g->capFtPool * sizeof(AriType *) +
             g->capBestPath * 4;
  for (size_t i = 0; i < g->nclasses; ++i)
    b += ((size_t)g->classes[i].nodes.cap + g->classes[i].parents.cap) * 4;
  return b;
}

AriEClass ariEgFind(AriEGraph *g, AriEClass c) {
  if (c >= g->nclasses)
    return ARI_EG_NONE;
  AriEClass r = c;
  while (g->uf[r] != r)
    r = g->uf[r];
  while (g->uf[c] != r) { /* path compression */
    AriEClass n = g->uf[c];
    g->uf[c] = r;
    c = n;
  }
  return r;
}

/*--- hashcons -----------------------------------------------------------------*/

/* The hash of a node's key with canonical kids (already canonicalised). */
static uint32_t nodeHash(const AriEGraph *g, const AriEgNodeRec *n) {
  uint64_t h = ARI_HASH_SEED64 ^ n->kind;
  const int64_t *a = ariEgAttrs(g, n);
  const uint32_t *k = ariEgKids(g, n);
  h = ariHashAdd64(h, (uintptr_t)n->sym);
  h = ariHashAdd64(h, (uintptr_t)n->sym2);
  h = ariHashAdd64(h, (uintptr_t)n->mk);
  for (unsigned i = 0; i < n->nattrs; ++i)
    h = ariHashAdd64(h, (uint64_t)a[i]);
  for (unsigned i = 0; i < n->nkids; ++i)
    h = ariHashAdd64(h, k[i]);
  return ariHashFold32(h ^ n->nkids);
}

/* Same key, with both nodes' kids canonical. (The pools are NULL until a
 * node with attributes / kids is added: memcmp must not see them then.) */
static bool nodeEq(const AriEGraph *g, const AriEgNodeRec *a, const AriEgNodeRec *b) {
  return a->kind == b->kind && a->nattrs == b->nattrs && a->nkids == b->nkids && a->sym == b->sym &&
         a->sym2 == b->sym2 && a->mk == b->mk &&
         (!a->nattrs || !memcmp(ariEgAttrs(g, a), ariEgAttrs(g, b), a->nattrs * sizeof(int64_t))) &&
         (!a->nkids || !memcmp(ariEgKids(g, a), ariEgKids(g, b), a->nkids * sizeof(uint32_t)));
}

/* A node in the table equal to `n` (other than `self`), or NONE. */
static uint32_t tableFind(const AriEGraph *g, const AriEgNodeRec *n, uint32_t hash, uint32_t self) {
  for (uint32_t i = g->buckets[hash & (g->nbuckets - 1)]; i != ARI_EG_NONE; i = g->nodes[i].next)
    if (i != self && g->nodes[i].hash == hash && nodeEq(g, &g->nodes[i], n))
      return i;
  return ARI_EG_NONE;
}

static bool tableInsert(AriEGraph *g, uint32_t id) {
  if (g->liveNodes + 1 > g->nbuckets) { /* rehash at load 1 */
    size_t nb = g->nbuckets * 2;
    uint32_t *b = malloc(nb * sizeof(uint32_t));
    if (!b)
      return false;
    memset(b, 0xff, nb * sizeof(uint32_t));
    for (size_t i = 0; i < g->nnodes; ++i) {
      AriEgNodeRec *n = &g->nodes[i];
      if (!n->inTable)
        continue;
      n->next = b[n->hash & (nb - 1)];
      b[n->hash & (nb - 1)] = (uint32_t)i;
    }
    free(g->buckets);
    g->buckets = b;
    g->nbuckets = nb;
  }
  AriEgNodeRec *n = &g->nodes[id];
  uint32_t *head = &g->buckets[n->hash & (g->nbuckets - 1)];
  n->next = *head;
  *head = id;
  n->inTable = true;
  return true;
}

static void tableRemove(AriEGraph *g, uint32_t id) {
  AriEgNodeRec *n = &g->nodes[id];
  if (!n->inTable)
    return;
  uint32_t *p = &g->buckets[n->hash & (g->nbuckets - 1)];
  while (*p != id)
    p = &g->nodes[*p].next;
  *p = n->next;
  n->inTable = false;
}

/*--- analyses -----------------------------------------------------------------*/

static uint64_t lamMask(uint64_t m) {
  uint64_t r = m >> 1;
  if (m >> 63) /* "some index >= 63" stays, and may now be 62 */
    r |= (1ULL << 63) | (1ULL << 62);
  return r;
}

/* Constant folding of arith.addi/subi/muli on integer constants (widths
 * 8..64, index as 64): wrapping, then sign-extended from the width, the
 * canonical form of the store's integer CONSTs. */
static bool foldInt(const AriEgNodeRec *n, int64_t a, int64_t b, int64_t *out) {
  const char *op = ariSymStr(n->sym);
  uint64_t x = (uint64_t)a, y = (uint64_t)b, r;
  if (!strcmp(op, "arith.addi"))
    r = x + y;
  else if (!strcmp(op, "arith.subi"))
    r = x - y;
  else if (!strcmp(op, "arith.muli"))
    r = x * y;
  else
    return false;
  unsigned w = ariTypeBitWidth(n->mk); /* an OP: mk is its type */
  if (w < 8 || w > 64)
    return false;
  if (w < 64) {
    r &= ((uint64_t)1 << w) - 1;
    if (r >> (w - 1))
      r |= ~(((uint64_t)1 << w) - 1);
  }
  *out = (int64_t)r;
  return true;
}

/*--- typed free indices (egraph_impl.h; docs/egraph.md, "Contexts and types") */

/* The type class c's members use index `bit` at (bit set in its mask). */
static const AriType *classFreeType(const AriEGraph *g, const AriEgClassRec *c, unsigned bit) {
  uint64_t below = bit ? c->freeMask & ((1ULL << bit) - 1) : 0;
  return g->ftPool[c->ftOff + (unsigned)__builtin_popcountll(below)];
}

static AriEClass findConst(const AriEGraph *g, AriEClass c) { /* no path compression */
  while (g->uf[c] != c)
    c = g->uf[c];
  return c;
}

/* "More than one type" for an index (a node whose kids disagree, or a
 * class all of whose members do): as a set of types, everything. */
static const char kAnyTypeTag;
#define ANY_TYPE ((const AriType *)(const void *)&kAnyTypeTag)

/* The (index, type) pairs node n uses, from its kids' classes: *mask and
 * ft[bit] for its bits, ANY_TYPE where kids disagree. Index 63 stands for
 * all indices >= 63 (as in the masks); their types are not tracked
 * (NULL). False when n is not consistent: an index at two types, or a
 * LAM whose body uses index 0 at another type than the parameter.
 * Per index the value only moves down (nothing < one type < ANY) as the
 * kids' classes shrink, like the masks: rebuild still terminates. */
static bool nodeSig(const AriEGraph *g, const AriEgNodeRec *n, uint64_t *mask, const AriType **ft) {
  if (n->kind == ARI_TERM_VAR) {
    int64_t i = ariEgAttrs(g, n)[0];
    unsigned b = i < 63 ? (unsigned)i : 63;
    *mask = 1ULL << b;
    ft[b] = i < 63 ? n->mk : NULL;
    return true;
  }
  const uint32_t *k = ariEgKids(g, n);
  uint64_t m = 0;
  for (unsigned i = 0; i < n->nkids; ++i) {
    const AriEgClassRec *c = &g->classes[findConst(g, k[i])];
    unsigned r = 0;
    for (uint64_t cm = c->freeMask; cm; cm &= cm - 1, ++r) {
      unsigned b = (unsigned)__builtin_ctzll(cm);
      const AriType *t = g->ftPool[c->ftOff + r];
      if (!(m >> b & 1)) {
        m |= 1ULL << b;
        ft[b] = t;
      } else if (ft[b] != t) {
        ft[b] = ANY_TYPE;
      }
    }
  }
  bool ok = true;
  if (n->kind == ARI_TERM_LAM) {
    if ((m & 1) && ft[0] != n->mk)
      ok = false;
    for (unsigned b = 1; b < 64; ++b)
      if (m >> b & 1)
        ft[b - 1] = ft[b];
    m = lamMask(m);
    if (m >> 63) /* "some index >= 63": both top bits untyped */
      ft[62] = ft[63] = NULL;
  }
  for (uint64_t x = m; x && ok; x &= x - 1)
    ok = ft[__builtin_ctzll(x)] != ANY_TYPE;
  *mask = m;
  return ok;
}

bool ariEgNodeConsistent(const AriEGraph *g, AriENode id) {
  uint64_t m;
  const AriType *ft[64];
  return nodeSig(g, &g->nodes[id], &m, ft);
}

bool ariEgNodeSafe(const AriEGraph *g, AriENode id, AriEClass c) {
  uint64_t m;
  const AriType *ft[64];
  if (!nodeSig(g, &g->nodes[id], &m, ft))
    return false;
  const AriEgClassRec *cr = &g->classes[findConst(g, c)];
  if (m & ~cr->freeMask)
    return false;
  for (; m; m &= m - 1) {
    unsigned b = (unsigned)__builtin_ctzll(m);
    if (ft[b] != classFreeType(g, cr, b))
      return false;
  }
  return true;
}

/* Intersects class c's typed free indices with (m, ft by bit): a bit
 * stays where both have it at the same type, or one has ANY_TYPE (then
 * the other's type); true when c's data changed. */
static bool intersectFree(AriEGraph *g, AriEgClassRec *c, uint64_t m, const AriType *const *ft) {
  uint64_t keep = 0;
  bool ch = false;
  unsigned r = 0;
  for (uint64_t cm = c->freeMask; cm; cm &= cm - 1, ++r) {
    unsigned b = (unsigned)__builtin_ctzll(cm);
    const AriType **t = &g->ftPool[c->ftOff + r];
    if (!(m >> b & 1))
      continue;
    if (*t == ANY_TYPE && ft[b] != ANY_TYPE) {
      *t = ft[b];
      ch = true;
    } else if (*t != ft[b] && ft[b] != ANY_TYPE) {
      continue;
    }
    keep |= 1ULL << b;
  }
  if (keep == c->freeMask)
    return ch;
  /* Compact in place: the kept entries only move down. */
  unsigned w = 0;
  r = 0;
  for (uint64_t cm = c->freeMask; cm; cm &= cm - 1, ++r)
    if (keep >> __builtin_ctzll(cm) & 1)
      g->ftPool[c->ftOff + w++] = g->ftPool[c->ftOff + r];
  c->freeMask = keep;
  return true;
}

/* Stores ft's types for the bits of m as class c's (a new class). */
static bool setFree(AriEGraph *g, AriEgClassRec *c, uint64_t m, const AriType *const *ft) {
  unsigned n = (unsigned)__builtin_popcountll(m);
  if (!ariEgGrow((void **)&g->ftPool, &g->capFtPool, g->nftPool + n, sizeof(AriType *)))
    return false;
  c->freeMask = m;
  c->ftOff = (uint32_t)g->nftPool;
  for (; m; m &= m - 1)
    g->ftPool[g->nftPool++] = ft[__builtin_ctzll(m)];
  return true;
}

/* Class c's types by bit into ft. */
static void expandFree(const AriEGraph *g, const AriEgClassRec *c, const AriType **ft) {
  unsigned r = 0;
  for (uint64_t cm = c->freeMask; cm; cm &= cm - 1, ++r)
    ft[__builtin_ctzll(cm)] = g->ftPool[c->ftOff + r];
}

/* The analysis data node n gives from its kids' classes; ft (64 entries)
 * gets the types of out->freeMask's bits. */
static void nodeData(AriEGraph *g, const AriEgNodeRec *n, AriEgClassRec *out, const AriType **ft) {
  const uint32_t *k = ariEgKids(g, n);
  out->type = n->kind == ARI_TERM_LAM ? NULL : n->mk; /* LAM's: its class's */
  out->hasConst = false;
  out->cval = 0;
  uint64_t m = 0;
  double cost = 1;
  for (unsigned i = 0; i < n->nkids; ++i) {
    AriEgClassRec *c = &g->classes[ariEgFind(g, k[i])];
    cost += c->cost;
  }
  (void)nodeSig(g, n, &m, ft);
  bool intT = n->kind != ARI_TERM_LAM && (ariTypeIsInt(n->mk) || ariTypeIsIndexT(n->mk));
  if (n->kind == ARI_TERM_CONST && intT) {
    out->hasConst = true;
    out->cval = ariEgAttrs(g, n)[0];
  } else if (n->kind == ARI_TERM_OP && intT && n->nkids == 2 && n->nattrs == 0) {
    const AriEgClassRec *a = &g->classes[ariEgFind(g, k[0])], *b = &g->classes[ariEgFind(g, k[1])];
    if (a->hasConst && b->hasConst)
      out->hasConst = foldInt(n, a->cval, b->cval, &out->cval);
  }
  out->freeMask = m;
  out->cost = cost;
}

/* Merges `d` (of node `id`, types ft) into class c; true when c's data
 * changed. *conflict when both hold different constants (an unsound
 * merge). */
static bool joinData(AriEGraph *g, AriEgClassRec *c, const AriEgClassRec *d,
                     const AriType *const *ft, uint32_t id, bool *conflict) {
  bool ch = false;
  if (d->hasConst && !c->hasConst) {
    c->hasConst = true;
    c->cval = d->cval;
    ch = true;
  } else if (d->hasConst && c->cval != d->cval) {
    *conflict = true;
  }
  if (intersectFree(g, c, d->freeMask, ft))
    ch = true;
  if (d->cost < c->cost) {
    c->cost = d->cost;
    c->best = id;
    ch = true;
  }
  return ch;
}

/*--- adding -------------------------------------------------------------------*/

static uint32_t newClass(AriEGraph *g) {
  size_t cap = g->capClasses;
  if (!ariEgGrow((void **)&g->classes, &g->capClasses, g->nclasses + 1, sizeof(AriEgClassRec)))
    return ARI_EG_NONE;
  if (!ariEgGrow((void **)&g->uf, &cap, g->nclasses + 1, sizeof(uint32_t)))
    return ARI_EG_NONE;
  uint32_t id = (uint32_t)g->nclasses++;
  memset(&g->classes[id], 0, sizeof g->classes[id]);
  g->uf[id] = id;
  g->liveClasses++;
  return id;
}

/* Adds the node (kind, attrs, syms, mk, type, kids) unless an equal one is
 * in the table; a new node goes into class `into` when that is not NONE
 * and it agrees in type and constant (*joined set; see ariEgAddTermInto),
 * else into a class of its own. */
static AriEClass addNode(AriEGraph *g, AriTermKind kind, const int64_t *attrs, unsigned nattrs,
                         const AriSym *sym, const AriSym *sym2, const AriType *mk,
                         const AriType *type, const uint32_t *kids, unsigned nkids,
                         AriEClass into, bool *joined) {
  if (nkids > UINT8_MAX || nattrs > UINT8_MAX) {
    ariEgFail(g, "egraph: node too wide");
    return ARI_EG_NONE;
  }
  if (!ariEgGrow((void **)&g->nodes, &g->capNodes, g->nnodes + 1, sizeof(AriEgNodeRec)) ||
      !ariEgGrow((void **)&g->kidPool, &g->capKidPool, g->nkidPool + nkids, sizeof(uint32_t)) ||
      !ariEgGrow((void **)&g->attrPool, &g->capAttrPool, g->nattrPool + nattrs, sizeof(int64_t))) {
    ariEgFail(g, "egraph: out of memory");
    return ARI_EG_NONE;
  }
  uint32_t id = (uint32_t)g->nnodes;
  AriEgNodeRec *n = &g->nodes[id];
  memset(n, 0, sizeof *n);
  n->kind = (uint8_t)kind;
  n->nattrs = (uint8_t)nattrs;
  n->nkids = (uint8_t)nkids;
  n->kidOff = (uint32_t)g->nkidPool;
  n->attrOff = (uint32_t)g->nattrPool;
  n->sym = sym;
  n->sym2 = sym2;
  n->mk = mk;
  for (unsigned i = 0; i < nkids; ++i)
    g->kidPool[n->kidOff + i] = ariEgFind(g, kids[i]);
  if (nattrs)
    memcpy(g->attrPool + n->attrOff, attrs, nattrs * sizeof(int64_t));
  n->hash = nodeHash(g, n);
  uint32_t old = tableFind(g, n, n->hash, ARI_EG_NONE);
  if (old != ARI_EG_NONE)
    return ariEgFind(g, g->nodes[old].cls); /* nothing committed */
  AriEgClassRec d;
  const AriType *dft[64];
  nodeData(g, n, &d, dft); /* reads only the kids' classes and n's key */
  if (into != ARI_EG_NONE) {
    into = ariEgFind(g, into);
    const AriEgClassRec *ci = &g->classes[into];
    if (ci->type != type || (ci->hasConst && d.hasConst && ci->cval != d.cval))
      into = ARI_EG_NONE; /* ariEgMerge would refuse: keep the node apart */
  }
  uint32_t c = into != ARI_EG_NONE ? into : newClass(g);
  if (c == ARI_EG_NONE || !ariEgVecPush(&g->classes[c].nodes, id)) {
    ariEgFail(g, "egraph: out of memory");
    return ARI_EG_NONE;
  }
  n = &g->nodes[id];
  n->cls = c;
  g->nnodes++;
  g->nkidPool += nkids;
  g->nattrPool += nattrs;
  g->liveNodes++;
  if (!tableInsert(g, id)) {
    ariEgFail(g, "egraph: out of memory");
    return ARI_EG_NONE;
  }
  for (unsigned i = 0; i < nkids; ++i)
    if (!ariEgVecPush(&g->classes[g->kidPool[n->kidOff + i]].parents, id)) {
      ariEgFail(g, "egraph: out of memory");
      return ARI_EG_NONE;
    }
  AriEgClassRec *cr = &g->classes[c];
  if (into != ARI_EG_NONE) { /* what ariEgMerge does with a one-node class */
    intersectFree(g, cr, d.freeMask, dft);
    if (d.hasConst) {
      cr->hasConst = true;
      cr->cval = d.cval;
    }
    if (d.cost < cr->cost) {
      cr->cost = d.cost;
      cr->best = id;
    }
    if (!ariEgVecPush(&g->pending, c)) {
      ariEgFail(g, "egraph: out of memory");
      return ARI_EG_NONE;
    }
    *joined = true;
    return c;
  }
  cr->type = type;
  if (!setFree(g, cr, d.freeMask, dft)) {
    ariEgFail(g, "egraph: out of memory");
    return ARI_EG_NONE;
  }
  cr->hasConst = d.hasConst;
  cr->cval = d.cval;
  cr->cost = d.cost;
  cr->best = id;
  return c;
}

static AriEClass addTerm(AriEGraph *g, const AriTerm *t, unsigned depth, AriEClass into,
                         bool *joined) {
  uint32_t tid = ariTermId(t);
  if (tid < g->nTermMemo && g->termMemo[tid])
    return ariEgFind(g, g->termMemo[tid] - 1);
  if (depth > MAX_DEPTH) {
    ariEgFail(g, "egraph: term nested too deeply");
    return ARI_EG_NONE;
  }
  unsigned nk = ariTermNumKids(t), na = ariTermNumAttrs(t);
  uint32_t kidsBuf[8], *kids = kidsBuf;
  int64_t attrs[8];
  if (na > 8) {
    ariEgFail(g, "egraph: too many attributes");
    return ARI_EG_NONE;
  }
  if (nk > 8 && !(kids = malloc(nk * sizeof(uint32_t)))) {
    ariEgFail(g, "egraph: out of memory");
    return ARI_EG_NONE;
  }
  AriEClass c = ARI_EG_NONE;
  for (unsigned i = 0; i < nk; ++i)
    if ((kids[i] = addTerm(g, ariTermKid(t, i), depth + 1, ARI_EG_NONE, NULL)) == ARI_EG_NONE)
      goto out;
  for (unsigned i = 0; i < na; ++i)
    attrs[i] = ariTermAttr(t, i);
  AriTermKind k = ariTermKind(t);
  c = addNode(g, k, attrs, na, ariTermSym(t), ariTermSym2(t),
              k == ARI_TERM_LAM ? ariTermLamParam(t) : ariTermType(t), ariTermType(t), kids, nk,
              into, joined);
  if (c != ARI_EG_NONE) {
    size_t cap = g->nTermMemo;
    if (tid >= cap) {
      size_t n = cap ? cap : 1024;
      while (n <= tid)
        n *= 2;
      uint32_t *m = realloc(g->termMemo, n * sizeof(uint32_t));
      if (!m) {
        ariEgFail(g, "egraph: out of memory");
        c = ARI_EG_NONE;
        goto out;
      }
      memset(m + cap, 0, (n - cap) * sizeof(uint32_t));
      g->termMemo = m;
      g->nTermMemo = n;
    }
    g->termMemo[tid] = c + 1;
    if (tid >= g->termMemoHigh)
      g->termMemoHigh = (size_t)tid + 1;
  }
out:
  if (kids != kidsBuf)
    free(kids);
  return c;
}

AriEClass ariEgAddTerm(AriEGraph *g, const AriTerm *t) {
  if (!t) {
    ariEgFail(g, "egraph: no term");
    return ARI_EG_NONE;
  }
  ariEgSyncStore(g);
  return addTerm(g, t, 0, ARI_EG_NONE, NULL);
}

AriEClass ariEgAddTermInto(AriEGraph *g, const AriTerm *t, AriEClass into, bool *joined) {
  *joined = false;
  if (!t || ariEgFind(g, into) == ARI_EG_NONE) {
    ariEgFail(g, t ? "egraph: no such class" : "egraph: no term");
    return ARI_EG_NONE;
  }
  ariEgSyncStore(g);
  return addTerm(g, t, 0, into, joined);
}

AriENode ariEgLookupNode(AriEGraph *g, const AriTerm *t, const uint32_t *kids) {
  unsigned nk = ariTermNumKids(t), na = ariTermNumAttrs(t);
  if (nk > 64 || na > 8)
    return ARI_EG_NONE;
  int64_t attrs[8];
  for (unsigned i = 0; i < na; ++i)
    attrs[i] = ariTermAttr(t, i);
  /* A probe node in a scratch slot past the end (not committed). */
  if (!ariEgGrow((void **)&g->nodes, &g->capNodes, g->nnodes + 1, sizeof(AriEgNodeRec)) ||
      !ariEgGrow((void **)&g->kidPool, &g->capKidPool, g->nkidPool + nk, sizeof(uint32_t)) ||
      !ariEgGrow((void **)&g->attrPool, &g->capAttrPool, g->nattrPool + na, sizeof(int64_t)))
    return ARI_EG_NONE;
  AriEgNodeRec *n = &g->nodes[g->nnodes];
  memset(n, 0, sizeof *n);
  AriTermKind k = ariTermKind(t);
  n->kind = (uint8_t)k;
  n->nattrs = (uint8_t)na;
  n->nkids = (uint8_t)nk;
  n->kidOff = (uint32_t)g->nkidPool;
  n->attrOff = (uint32_t)g->nattrPool;
  n->sym = ariTermSym(t);
  n->sym2 = ariTermSym2(t);
  n->mk = k == ARI_TERM_LAM ? ariTermLamParam(t) : ariTermType(t);
  for (unsigned i = 0; i < nk; ++i)
    g->kidPool[n->kidOff + i] = ariEgFind(g, kids[i]);
  if (na)
    memcpy(g->attrPool + n->attrOff, attrs, na * sizeof(int64_t));
  uint32_t h = nodeHash(g, n);
  return tableFind(g, n, h, ARI_EG_NONE);
}

static AriEClass lookupTerm(AriEGraph *g, const AriTerm *t, unsigned depth) {
  unsigned nk = ariTermNumKids(t);
  if (depth > MAX_DEPTH || nk > 64)
    return ARI_EG_NONE;
  uint32_t kids[64];
  for (unsigned i = 0; i < nk; ++i)
    if ((kids[i] = lookupTerm(g, ariTermKid(t, i), depth + 1)) == ARI_EG_NONE)
      return ARI_EG_NONE;
  uint32_t old = ariEgLookupNode(g, t, kids);
  return old == ARI_EG_NONE ? ARI_EG_NONE : ariEgFind(g, g->nodes[old].cls);
}

AriEClass ariEgLookupTerm(AriEGraph *g, const AriTerm *t) {
  return t ? lookupTerm(g, t, 0) : ARI_EG_NONE;
}

/*--- merging and rebuilding ---------------------------------------------------*/

static bool appendVec(AriEgVec *to, const AriEgVec *from) {
  for (uint32_t i = 0; i < from->n; ++i)
    if (!ariEgVecPush(to, from->v[i]))
      return false;
  return true;
}

bool ariEgMerge(AriEGraph *g, AriEClass a, AriEClass b, bool *changed) {
  if (changed)
    *changed = false;
  a = ariEgFind(g, a);
  b = ariEgFind(g, b);
  if (a == ARI_EG_NONE || b == ARI_EG_NONE) {
    ariEgFail(g, "egraph: no such class");
    return false;
  }
  if (a == b)
    return true;
  AriEgClassRec *ca = &g->classes[a], *cb = &g->classes[b];
  if (ca->type != cb->type) {
    char ta[80], tb[80];
    ariTypePrint(ca->type, ta, sizeof ta);
    ariTypePrint(cb->type, tb, sizeof tb);
    ariEgFail(g, "egraph: merging classes of types %s and %s", ta, tb);
    return false;
  }
  if (ca->hasConst && cb->hasConst && ca->cval != cb->cval) {
    ariEgFail(g, "egraph: merging constants %lld and %lld", (long long)ca->cval,
              (long long)cb->cval);
    return false;
  }
  /* The class with more parents stays the root: fewer moves. */
  if (ca->parents.n + ca->nodes.n < cb->parents.n + cb->nodes.n) {
    AriEClass t = a;
    a = b;
    b = t;
    ca = &g->classes[a];
    cb = &g->classes[b];
  }
  if (!appendVec(&ca->nodes, &cb->nodes) || !appendVec(&ca->parents, &cb->parents) ||
      !ariEgVecPush(&g->pending, a)) {
    ariEgFail(g, "egraph: out of memory");
    return false;
  }
  g->uf[b] = a;
  const AriType *bft[64];
  expandFree(g, cb, bft);
  intersectFree(g, ca, cb->freeMask, bft);
  if (cb->hasConst) {
    ca->hasConst = true;
    ca->cval = cb->cval;
  }
  if (cb->cost < ca->cost) {
    ca->cost = cb->cost;
    ca->best = cb->best;
  }
  free(cb->nodes.v);
  free(cb->parents.v);
  memset(&cb->nodes, 0, sizeof cb->nodes);
  memset(&cb->parents, 0, sizeof cb->parents);
  g->liveClasses--;
  if (changed)
    *changed = true;
  return true;
}

static void canonicalize(AriEGraph *g, uint32_t id) {
  AriEgNodeRec *n = &g->nodes[id];
  uint32_t *k = g->kidPool + n->kidOff;
  for (unsigned i = 0; i < n->nkids; ++i)
    k[i] = ariEgFind(g, k[i]);
  n->hash = nodeHash(g, n);
}

static void killNode(AriEGraph *g, uint32_t id) {
  g->nodes[id].dead = true;
  g->liveNodes--;
}

/* Re-keys the parents of class c, merges congruent ones, and recomputes the
 * parents' analyses. */
static bool repair(AriEGraph *g, AriEClass c) {
  /* A snapshot: merges below may move c's parents to another root. */
  uint32_t np = g->classes[c].parents.n;
  uint32_t *ps = malloc((np ? np : 1) * sizeof(uint32_t));
  if (!ps) {
    ariEgFail(g, "egraph: out of memory");
    return false;
  }
  if (np)
    memcpy(ps, g->classes[c].parents.v, np * sizeof(uint32_t));
  for (uint32_t i = 0; i < np; ++i)
    if (!g->nodes[ps[i]].dead)
      tableRemove(g, ps[i]);
  for (uint32_t i = 0; i < np; ++i) {
    uint32_t p = ps[i];
    if (g->nodes[p].dead)
      continue;
    canonicalize(g, p);
    if (g->nodes[p].inTable)
      continue; /* a node listed twice (zip x x) */
    uint32_t q = tableFind(g, &g->nodes[p], g->nodes[p].hash, p);
    if (q != ARI_EG_NONE) { /* congruent: merge, drop the duplicate */
      if (!ariEgMerge(g, g->nodes[p].cls, g->nodes[q].cls, NULL)) {
        free(ps);
        return false;
      }
      killNode(g, p);
      AriEgClassRec *pc = &g->classes[ariEgFind(g, g->nodes[q].cls)];
      if (pc->best == p) /* q has p's key, hence its cost */
        pc->best = q;
      if (!ariEgVecPush(&g->pending, ariEgFind(g, g->nodes[q].cls))) { /* to drop p */
        free(ps);
        ariEgFail(g, "egraph: out of memory");
        return false;
      }
    } else if (!tableInsert(g, p)) {
      free(ps);
      ariEgFail(g, "egraph: out of memory");
      return false;
    }
  }
  free(ps);
  /* Drop dead parents (c may have been merged into another root; use it). */
  AriEClass r = ariEgFind(g, c);
  AriEgVec *pv = &g->classes[r].parents;
  uint32_t w = 0;
  for (uint32_t i = 0; i < pv->n; ++i)
    if (!g->nodes[pv->v[i]].dead)
      pv->v[w++] = pv->v[i];
  pv->n = w;
  AriEgVec *nv = &g->classes[r].nodes;
  w = 0;
  for (uint32_t i = 0; i < nv->n; ++i)
    if (!g->nodes[nv->v[i]].dead)
      nv->v[w++] = nv->v[i];
  nv->n = w;
  if (g->nodes[g->classes[r].best].dead) { /* keep `best` live */
    double bc = 0;
    for (uint32_t i = 0; i < nv->n; ++i) {
      AriEgClassRec d;
      const AriType *ft[64];
      nodeData(g, &g->nodes[nv->v[i]], &d, ft);
      if (i == 0 || d.cost < bc) {
        bc = d.cost;
        g->classes[r].best = nv->v[i];
      }
    }
    g->classes[r].cost = bc;
  }
  for (uint32_t i = 0; i < pv->n; ++i) {
    uint32_t p = pv->v[i];
    AriEgClassRec d;
    const AriType *ft[64];
    nodeData(g, &g->nodes[p], &d, ft);
    AriEClass pc = ariEgFind(g, g->nodes[p].cls);
    bool conflict = false;
    if (joinData(g, &g->classes[pc], &d, ft, p, &conflict) && !ariEgVecPush(&g->pending, pc)) {
      ariEgFail(g, "egraph: out of memory");
      return false;
    }
    if (conflict) {
      ariEgFail(g, "egraph: class %u folds to two constants", pc);
      return false;
    }
    pv = &g->classes[r].parents; /* the push may not move it, but stay safe */
  }
  return true;
}

static int cmpU32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

bool ariEgRebuild(AriEGraph *g) {
  if (g->pending.n && g->bestMemo) { /* best terms may improve */
    memset(g->bestMemo, 0, g->nBestMemo * sizeof(AriTerm *));
    g->bestMemoHigh = 0;
  }
  while (g->pending.n) {
    /* egg: take the whole queue, canonical and deduplicated, so a class
     * merged many times is repaired once per round. */
    AriEgVec todo = g->pending;
    memset(&g->pending, 0, sizeof g->pending);
    for (uint32_t i = 0; i < todo.n; ++i)
      todo.v[i] = ariEgFind(g, todo.v[i]);
    qsort(todo.v, todo.n, sizeof(uint32_t), cmpU32);
    bool ok = true;
    for (uint32_t i = 0; i < todo.n && ok; ++i)
      if (i == 0 || todo.v[i] != todo.v[i - 1])
        ok = repair(g, ariEgFind(g, todo.v[i]));
    free(todo.v);
    if (!ok)
      return false;
  }
  return true;
}

/*--- inspection ---------------------------------------------------------------*/

unsigned ariEgClassNumNodes(AriEGraph *g, AriEClass c) {
  c = ariEgFind(g, c);
  return c == ARI_EG_NONE ? 0 : g->classes[c].nodes.n;
}
AriENode ariEgClassNode(AriEGraph *g, AriEClass c, unsigned i) {
  return g->classes[ariEgFind(g, c)].nodes.v[i];
}
bool ariEgClassHasKind(const AriEGraph *g, AriEClass c, AriTermKind k) {
  if (c >= g->nclasses)
    return false;
  while (g->uf[c] != c)
    c = g->uf[c];
  const AriEgVec *v = &g->classes[c].nodes;
  for (unsigned i = 0; i < v->n; ++i)
    if (g->nodes[v->v[i]].kind == k)
      return true;
  return false;
}
AriTermKind ariEgNodeKind(const AriEGraph *g, AriENode n) { return g->nodes[n].kind; }
unsigned ariEgNodeNumKids(const AriEGraph *g, AriENode n) { return g->nodes[n].nkids; }
AriEClass ariEgNodeKid(const AriEGraph *g, AriENode n, unsigned i) {
  return ariEgKids(g, &g->nodes[n])[i];
}
unsigned ariEgNodeNumAttrs(const AriEGraph *g, AriENode n) { return g->nodes[n].nattrs; }
int64_t ariEgNodeAttr(const AriEGraph *g, AriENode n, unsigned i) {
  return ariEgAttrs(g, &g->nodes[n])[i];
}
const AriSym *ariEgNodeSym(const AriEGraph *g, AriENode n) { return g->nodes[n].sym; }
const AriType *ariEgNodeType(const AriEGraph *g, AriENode n) {
  const AriEgNodeRec *r = &g->nodes[n];
  if (r->kind != ARI_TERM_LAM)
    return r->mk;
  uint32_t c = r->cls; /* find without path compression: g is const */
  while (g->uf[c] != c)
    c = g->uf[c];
  return g->classes[c].type;
}
AriEClass ariEgNodeClass(AriEGraph *g, AriENode n) { return ariEgFind(g, g->nodes[n].cls); }
const AriType *ariEgClassType(AriEGraph *g, AriEClass c) {
  c = ariEgFind(g, c);
  return c == ARI_EG_NONE ? NULL : g->classes[c].type;
}
uint64_t ariEgClassFree(AriEGraph *g, AriEClass c) {
  c = ariEgFind(g, c);
  return c == ARI_EG_NONE ? 0 : g->classes[c].freeMask;
}
bool ariEgClassConst(AriEGraph *g, AriEClass c, int64_t *value) {
  c = ariEgFind(g, c);
  if (c == ARI_EG_NONE)
    return false;
  AriEgClassRec *r = &g->classes[c];
  if (r->hasConst && value)
    *value = r->cval;
  return r->hasConst;
}
double ariEgClassBestCost(AriEGraph *g, AriEClass c) {
  c = ariEgFind(g, c);
  return c == ARI_EG_NONE ? -1 : g->classes[c].cost;
}

/*--- the invariant checker ----------------------------------------------------*/

bool ariEgCheck(AriEGraph *g, char *err, size_t cap) {
#define BAD(...)                                                                                   \
  do {                                                                                             \
    snprintf(err, cap, __VA_ARGS__);                                                               \
    return false;                                                                                  \
  } while (0)
  if (g->pending.n)
    BAD("pending merges: rebuild first");
  size_t live = 0, classes = 0;
  for (size_t c = 0; c < g->nclasses; ++c) {
    if (g->uf[c] != c)
      continue;
    classes++;
    AriEgClassRec *cr = &g->classes[c];
    uint64_t mask = ~0ULL;
    const AriType *mft[64]; /* the types of mask's bits so far */
    double cost = 0;
    bool hasConst = false;
    for (uint32_t i = 0; i < cr->nodes.n; ++i) {
      uint32_t id = cr->nodes.v[i];
      AriEgNodeRec *n = &g->nodes[id];
      if (n->dead)
        BAD("class %zu lists dead node %u", c, id);
      if (ariEgFind(g, n->cls) != c)
        BAD("node %u listed in class %zu but belongs to %u", id, c, ariEgFind(g, n->cls));
      if (n->kind == ARI_TERM_LAM ? ariTypeKind(cr->type) != ARI_TYPE_FUN ||
                                        ariTypeFirst(cr->type) != n->mk
                                  : n->mk != cr->type)
        BAD("node %u's type differs from its class's", id);
      const uint32_t *k = ariEgKids(g, n);
      for (unsigned j = 0; j < n->nkids; ++j)
        if (g->uf[k[j]] != k[j])
          BAD("node %u has a non-canonical kid", id);
      if (!n->inTable || nodeHash(g, n) != n->hash)
        BAD("node %u is not in the hashcons under its key", id);
      uint32_t q = tableFind(g, n, n->hash, id);
      if (q != ARI_EG_NONE)
        BAD("nodes %u and %u are congruent but both live", id, q);
      AriEgClassRec d;
      const AriType *ft[64];
      nodeData(g, n, &d, ft);
      if (i == 0)
        memcpy(mft, ft, sizeof ft);
      for (unsigned b = 0; b < 64; ++b) { /* the typed intersection */
        if (!(mask >> b & 1) || i == 0)
          continue;
        if (!(d.freeMask >> b & 1) || (mft[b] != ft[b] && mft[b] != ANY_TYPE && ft[b] != ANY_TYPE))
          mask &= ~(1ULL << b);
        else if (mft[b] == ANY_TYPE)
          mft[b] = ft[b];
      }
      if (i == 0)
        mask = d.freeMask;
      if (i == 0 || d.cost < cost)
        cost = d.cost;
      if (d.hasConst) {
        if (hasConst && cr->cval != d.cval)
          BAD("class %zu holds two constants", c);
        if (cr->cval != d.cval || !cr->hasConst)
          BAD("class %zu's constant is wrong", c);
        hasConst = true;
      }
      live++;
    }
    if (!cr->nodes.n)
      BAD("class %zu is empty", c);
    if (mask != cr->freeMask)
      BAD("class %zu's free mask %llx, its nodes give %llx", c, (unsigned long long)cr->freeMask,
          (unsigned long long)mask);
    for (uint64_t m = mask; m; m &= m - 1)
      if (classFreeType(g, cr, (unsigned)__builtin_ctzll(m)) != mft[__builtin_ctzll(m)])
        BAD("class %zu's free index %d has the wrong type", c, __builtin_ctzll(m));
    if (cost != cr->cost)
      BAD("class %zu's best cost %g, its nodes give %g", c, cr->cost, cost);
    if (g->nodes[cr->best].dead || ariEgFind(g, g->nodes[cr->best].cls) != c)
      BAD("class %zu's best node is not one of its nodes", c);
  }
  if (live != g->liveNodes)
    BAD("%zu live nodes listed, %zu counted", live, g->liveNodes);
  if (classes != g->liveClasses)
    BAD("%zu classes, %zu counted", classes, g->liveClasses);
  for (size_t i = 0; i < g->nnodes; ++i)
    if (g->nodes[i].inTable && g->nodes[i].dead)
      BAD("dead node %zu in the hashcons", i);
  return true;
#undef BAD
}
