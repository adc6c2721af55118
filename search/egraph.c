/*===- search/egraph.c - union-find, hashcons, add, merge, rebuild --------===*\
 *
 * egg's design: merges only union the classes and queue the merged class;
 * ariEgRebuild then re-canonicalises the parents of queued classes, which
 * finds the congruent pairs (merged in turn) and recomputes the parents'
 * analyses (queueing classes whose analysis changed). Analyses only move
 * one way (free masks shrink, costs fall), so rebuild terminates.
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph_impl.h"

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
    size_t cap = v->cap;
    void *p = v->v;
    if (!ariEgGrow(&p, &cap, (size_t)v->n + 1, sizeof(uint32_t)) || cap > UINT32_MAX)
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
  return g;
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
             g->nBestMemo * sizeof(AriTerm *);
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

static uint32_t mix32(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (uint32_t)h;
}

/* The hash of a node's key with canonical kids (already canonicalised). */
static uint32_t nodeHash(const AriEGraph *g, const AriEgNodeRec *n) {
  uint64_t h = 1469598103934665603ULL ^ n->kind;
  const int64_t *a = ariEgAttrs(g, n);
  const uint32_t *k = ariEgKids(g, n);
  h = (h ^ (uintptr_t)n->sym) * 1099511628211ULL;
  h = (h ^ (uintptr_t)n->sym2) * 1099511628211ULL;
  h = (h ^ (uintptr_t)n->mk) * 1099511628211ULL;
  for (unsigned i = 0; i < n->nattrs; ++i)
    h = (h ^ (uint64_t)a[i]) * 1099511628211ULL;
  for (unsigned i = 0; i < n->nkids; ++i)
    h = (h ^ k[i]) * 1099511628211ULL;
  return mix32(h ^ n->nkids);
}

/* Same key, with both nodes' kids canonical. */
static bool nodeEq(const AriEGraph *g, const AriEgNodeRec *a, const AriEgNodeRec *b) {
  return a->kind == b->kind && a->nattrs == b->nattrs && a->nkids == b->nkids && a->sym == b->sym &&
         a->sym2 == b->sym2 && a->mk == b->mk &&
         !memcmp(ariEgAttrs(g, a), ariEgAttrs(g, b), a->nattrs * sizeof(int64_t)) &&
         !memcmp(ariEgKids(g, a), ariEgKids(g, b), a->nkids * sizeof(uint32_t));
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
  unsigned w = ariTypeBitWidth(n->type);
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

/* The analysis data node n gives from its kids' classes. */
static void nodeData(AriEGraph *g, const AriEgNodeRec *n, AriEgClassRec *out) {
  const uint32_t *k = ariEgKids(g, n);
  out->type = n->type;
  out->hasConst = false;
  out->cval = 0;
  uint64_t m = 0;
  double cost = 1;
  for (unsigned i = 0; i < n->nkids; ++i) {
    AriEgClassRec *c = &g->classes[ariEgFind(g, k[i])];
    m |= c->freeMask;
    cost += c->cost;
  }
  if (n->kind == ARI_TERM_LAM)
    m = lamMask(m);
  if (n->kind == ARI_TERM_VAR) {
    int64_t i = ariEgAttrs(g, n)[0];
    m = 1ULL << (i < 63 ? i : 63);
  }
  bool intT = ariTypeIsInt(n->type) || ariTypeIsIndexT(n->type);
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

/* Merges `d` (of node `id`) into class c; true when c's data changed.
 * *conflict when both hold different constants (an unsound merge). */
static bool joinData(AriEgClassRec *c, const AriEgClassRec *d, uint32_t id, bool *conflict) {
  bool ch = false;
  if (d->hasConst && !c->hasConst) {
    c->hasConst = true;
    c->cval = d->cval;
    ch = true;
  } else if (d->hasConst && c->cval != d->cval) {
    *conflict = true;
  }
  if ((c->freeMask & d->freeMask) != c->freeMask) {
    c->freeMask &= d->freeMask;
    ch = true;
  }
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
 * in the table. */
static AriEClass addNode(AriEGraph *g, AriTermKind kind, const int64_t *attrs, unsigned nattrs,
                         const AriSym *sym, const AriSym *sym2, const AriType *mk,
                         const AriType *type, const uint32_t *kids, unsigned nkids) {
  if (nkids > UINT16_MAX || nattrs > UINT8_MAX) {
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
  n->nkids = (uint16_t)nkids;
  n->kidOff = (uint32_t)g->nkidPool;
  n->attrOff = (uint32_t)g->nattrPool;
  n->sym = sym;
  n->sym2 = sym2;
  n->mk = mk;
  n->type = type;
  for (unsigned i = 0; i < nkids; ++i)
    g->kidPool[n->kidOff + i] = ariEgFind(g, kids[i]);
  if (nattrs)
    memcpy(g->attrPool + n->attrOff, attrs, nattrs * sizeof(int64_t));
  n->hash = nodeHash(g, n);
  uint32_t old = tableFind(g, n, n->hash, ARI_EG_NONE);
  if (old != ARI_EG_NONE)
    return ariEgFind(g, g->nodes[old].cls); /* nothing committed */
  uint32_t c = newClass(g);
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
  AriEgClassRec d;
  nodeData(g, n, &d);
  AriEgClassRec *cr = &g->classes[c];
  cr->type = d.type;
  cr->freeMask = d.freeMask;
  cr->hasConst = d.hasConst;
  cr->cval = d.cval;
  cr->cost = d.cost;
  cr->best = id;
  return c;
}

static AriEClass addTerm(AriEGraph *g, const AriTerm *t, unsigned depth) {
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
    if ((kids[i] = addTerm(g, ariTermKid(t, i), depth + 1)) == ARI_EG_NONE)
      goto out;
  for (unsigned i = 0; i < na; ++i)
    attrs[i] = ariTermAttr(t, i);
  AriTermKind k = ariTermKind(t);
  c = addNode(g, k, attrs, na, ariTermSym(t), ariTermSym2(t),
              k == ARI_TERM_LAM ? ariTermLamParam(t) : ariTermType(t), ariTermType(t), kids, nk);
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
  return addTerm(g, t, 0);
}

static AriEClass lookupTerm(AriEGraph *g, const AriTerm *t, unsigned depth) {
  unsigned nk = ariTermNumKids(t), na = ariTermNumAttrs(t);
  if (depth > MAX_DEPTH || nk > 64 || na > 8)
    return ARI_EG_NONE;
  uint32_t kids[64];
  int64_t attrs[8];
  for (unsigned i = 0; i < nk; ++i)
    if ((kids[i] = lookupTerm(g, ariTermKid(t, i), depth + 1)) == ARI_EG_NONE)
      return ARI_EG_NONE;
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
  n->nkids = (uint16_t)nk;
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
  uint32_t old = tableFind(g, n, h, ARI_EG_NONE);
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
  ca->freeMask &= cb->freeMask;
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
      nodeData(g, &g->nodes[nv->v[i]], &d);
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
    nodeData(g, &g->nodes[p], &d);
    AriEClass pc = ariEgFind(g, g->nodes[p].cls);
    bool conflict = false;
    if (joinData(&g->classes[pc], &d, p, &conflict) && !ariEgVecPush(&g->pending, pc)) {
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
  if (g->pending.n && g->bestMemo) /* best terms may improve */
    memset(g->bestMemo, 0, g->nBestMemo * sizeof(AriTerm *));
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
const AriType *ariEgNodeType(const AriEGraph *g, AriENode n) { return g->nodes[n].type; }
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
    double cost = 0;
    bool hasConst = false;
    for (uint32_t i = 0; i < cr->nodes.n; ++i) {
      uint32_t id = cr->nodes.v[i];
      AriEgNodeRec *n = &g->nodes[id];
      if (n->dead)
        BAD("class %zu lists dead node %u", c, id);
      if (ariEgFind(g, n->cls) != c)
        BAD("node %u listed in class %zu but belongs to %u", id, c, ariEgFind(g, n->cls));
      if (n->type != cr->type)
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
      nodeData(g, n, &d);
      mask &= d.freeMask;
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
