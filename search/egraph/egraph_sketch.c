/*===- search/egraph/egraph_sketch.c - e-classes as a sketch node provider -------===*\
 *
 * The three callbacks of AriSketchGraph over e-classes (handle = id + 1).
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph/egraph_sketch.h"

static unsigned numNodes(void *ctx, uintptr_t cls) {
  return ariEgClassNumNodes(ctx, (AriEClass)(cls - 1));
}

static void node(void *ctx, uintptr_t cls, unsigned i, AriSketchNode *out) {
  AriEGraph *g = ctx;
  AriENode n = ariEgClassNode(g, (AriEClass)(cls - 1), i);
  AriTermKind k = ariEgNodeKind(g, n);
  out->kind = k;
  out->type = ariEgNodeType(g, n);
  out->patKind = (k == ARI_TERM_MAP || k == ARI_TERM_REDUCE || k == ARI_TERM_TO_MEM ||
                  k == ARI_TERM_IN)
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

/*=== Sketch-satisfying extraction ==========================================*/

/* Costs are computed per (sketch node, class) over dense arrays, one per
 * node of the sketch (a DAG after the built-ins' expansion), bottom-up
 * over the sketch: a node's kids are decided before it. `?` (the plain
 * cheapest term) and contains(s) refer to themselves through the graph's
 * cycles, so they are fixpoints as in ariEgExtract (a pass over all
 * classes until nothing improves; with costs above the kids' costs a
 * class's cost is final after as many passes as its depth). The others
 * take one pass. Every cost is the least cost of a FINITE term, so a
 * class that only satisfies the sketch through a cycle gets none.
 *
 * The internal headers of both sides are used on purpose: this file is
 * the binding of the two modules. */

#include "search/egraph/egraph_impl.h"
#include "search/sketch/sketch_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { XS_SELF = 0xFFFF, XS_MAX_DEPTH = 10000, XS_KID_BUF = 16 };

typedef struct XsNode {
  const AriSketch *k;
  int a, b;   /* indices of CONTAINS/TYPED's a, OR's a and b */
  int *kids;  /* NODE's kid indices (numKids of them) */
  double *cost;    /* class -> least cost; INFINITY: unsatisfiable */
  uint32_t *node;  /* class -> chosen e-node (NODE, CONTAINS via a kid, ANY) */
  uint16_t *aux;   /* CONTAINS: kid index or XS_SELF; OR: 0 (a) or 1 (b) */
  AriTerm **memo;  /* class -> built term (allocated when building) */
  uint8_t *busy;
} XsNode;

typedef struct Xs {
  AriEGraph *g;
  AriEgCostFn fn;
  void *ctx;
  XsNode *n;
  unsigned nn, cap;
  int any; /* the index of the plain `?` entry */
  double *kc;
  unsigned kcCap;
  bool oom;
} Xs;

static int xsIndex(Xs *x, const AriSketch *k, unsigned depth);

static int xsAdd(Xs *x, const AriSketch *k) {
  if (x->nn == x->cap) {
    unsigned cap = x->cap ? 2 * x->cap : 16;
    XsNode *n = realloc(x->n, cap * sizeof *n);
    if (!n) {
      x->oom = true;
      return -1;
    }
    x->n = n;
    x->cap = cap;
  }
  XsNode *e = &x->n[x->nn];
  memset(e, 0, sizeof *e);
  e->k = k;
  e->a = e->b = -1;
  return (int)x->nn++;
}

/* The entry of sketch node k, its kids' entries made first (post-order). */
static int xsIndex(Xs *x, const AriSketch *k, unsigned depth) {
  if (k->kind == ARI_SKETCH_ANY)
    return x->any;
  for (unsigned i = 0; i < x->nn; ++i)
    if (x->n[i].k == k)
      return (int)i;
  if (depth > XS_MAX_DEPTH) {
    x->oom = true;
    return -1;
  }
  int a = -1, b = -1, *kids = NULL;
  switch (k->kind) {
  case ARI_SKETCH_CONTAINS:
  case ARI_SKETCH_TYPED:
    if ((a = xsIndex(x, k->a, depth + 1)) < 0)
      return -1;
    break;
  case ARI_SKETCH_OR:
    if ((a = xsIndex(x, k->a, depth + 1)) < 0 || (b = xsIndex(x, k->b, depth + 1)) < 0)
      return -1;
    break;
  case ARI_SKETCH_NODE:
    if (k->numKids > 0) {
      if (!(kids = malloc((size_t)k->numKids * sizeof(int)))) {
        x->oom = true;
        return -1;
      }
      for (int i = 0; i < k->numKids; ++i)
        if ((kids[i] = xsIndex(x, k->kids[i], depth + 1)) < 0) {
          free(kids);
          return -1;
        }
    }
    break;
  case ARI_SKETCH_ANY:
    break;
  }
  int i = xsAdd(x, k);
  if (i < 0) {
    free(kids);
    return -1;
  }
  x->n[i].a = a;
  x->n[i].b = b;
  x->n[i].kids = kids;
  return i;
}

static bool xsAlloc(Xs *x, XsNode *e) {
  size_t nc = x->g->nclasses;
  e->cost = malloc(nc * sizeof(double));
  e->node = malloc(nc * sizeof(uint32_t));
  e->aux = calloc(nc, sizeof(uint16_t));
  if (!e->cost || !e->node || !e->aux)
    return false;
  for (size_t c = 0; c < nc; ++c) {
    e->cost[c] = INFINITY;
    e->node[c] = ARI_EG_NONE;
  }
  return true;
}

static double *xsKidBuf(Xs *x, unsigned n) {
  if (n > x->kcCap) {
    double *k = realloc(x->kc, n * sizeof(double));
    if (!k)
      return NULL;
    x->kc = k;
    x->kcCap = n;
  }
  return x->kc;
}

/* Whether node n has the head of sketch node k (as search/sketch/sketch.c's
 * matcher decides it). */
static bool xsHead(const AriEGraph *g, const AriSketch *k, AriENode n) {
  AriTermKind kind = ariEgNodeKind(g, n);
  if (kind != k->termKind)
    return false;
  if (k->patKind >= 0) {
    bool hasPat = kind == ARI_TERM_MAP || kind == ARI_TERM_REDUCE || kind == ARI_TERM_TO_MEM ||
                  kind == ARI_TERM_IN;
    if (!hasPat || ariEgNodeAttr(g, n, 0) != k->patKind)
      return false;
  }
  if (k->sym && (kind != ARI_TERM_OP || ariEgNodeSym(g, n) != k->sym))
    return false;
  if (k->numKids >= 0 && ariEgNodeNumKids(g, n) != (unsigned)k->numKids)
    return false;
  return true;
}

/* One pass of entry e over every class; true when a cost improved. */
static bool xsPass(Xs *x, int ei) {
  AriEGraph *g = x->g;
  XsNode *e = &x->n[ei];
  const AriSketch *k = e->k;
  bool changed = false;
  for (size_t c = 0; c < g->nclasses && !x->oom; ++c) {
    if (g->uf[c] != c)
      continue;
    double best = e->cost[c];
    uint32_t bn = e->node[c];
    uint16_t ba = e->aux[c];
    if (k->kind == ARI_SKETCH_TYPED) {
      if (ariTypeSketchMatches(k->type, g->classes[c].type))
        best = x->n[e->a].cost[c], bn = ARI_EG_NONE, ba = 0;
    } else if (k->kind == ARI_SKETCH_OR) {
      double ca = x->n[e->a].cost[c], cb = x->n[e->b].cost[c];
      best = cb < ca ? cb : ca;
      ba = cb < ca ? 1 : 0;
    } else {
      if (k->kind == ARI_SKETCH_CONTAINS && x->n[e->a].cost[c] < best)
        best = x->n[e->a].cost[c], bn = ARI_EG_NONE, ba = XS_SELF;
      const AriEgVec *nv = &g->classes[c].nodes;
      for (uint32_t i = 0; i < nv->n; ++i) {
        AriENode n = nv->v[i];
        const AriEgNodeRec *r = &g->nodes[n];
        if (r->dead)
          continue;
        if (k->kind == ARI_SKETCH_NODE && !xsHead(g, k, n))
          continue;
        unsigned nk = r->nkids;
        double *kc = xsKidBuf(x, nk ? nk : 1);
        if (!kc) {
          x->oom = true;
          break;
        }
        const uint32_t *kids = ariEgKids(g, r);
        bool finite = true;
        for (unsigned j = 0; j < nk && finite; ++j) {
          int ki = k->kind == ARI_SKETCH_NODE && k->numKids >= 0 ? e->kids[j] : x->any;
          kc[j] = x->n[ki].cost[ariEgFind(g, kids[j])];
          finite = isfinite(kc[j]);
        }
        if (!finite)
          continue;
        double pen = ariEgContextPenalty(g, n, (AriEClass)c);
        if (k->kind != ARI_SKETCH_CONTAINS) {
          double v = x->fn(x->ctx, g, n, kc) + pen;
          if (v < best)
            best = v, bn = n, ba = 0;
          continue;
        }
        /* contains: one kid satisfies contains(s), the others at best */
        for (unsigned j = 0; j < nk; ++j) {
          double keep = kc[j];
          kc[j] = e->cost[ariEgFind(g, kids[j])];
          if (isfinite(kc[j])) {
            double v = x->fn(x->ctx, g, n, kc) + pen;
            if (v < best)
              best = v, bn = n, ba = (uint16_t)j;
          }
          kc[j] = keep;
        }
      }
    }
    if (best < e->cost[c]) {
      e->cost[c] = best;
      e->node[c] = bn;
      e->aux[c] = ba;
      changed = true;
    }
  }
  return changed;
}

static void xsSolve(Xs *x, int ei) {
  const AriSketch *k = x->n[ei].k;
  bool fix = k->kind == ARI_SKETCH_ANY || k->kind == ARI_SKETCH_CONTAINS;
  size_t passes = fix ? x->g->nclasses + 2 : 1;
  for (size_t p = 0; p < passes && !x->oom; ++p)
    if (!xsPass(x, ei))
      break;
}

static AriTerm *xsBuild(Xs *x, int ei, AriEClass c, unsigned depth) {
  AriEGraph *g = x->g;
  XsNode *e = &x->n[ei];
  c = ariEgFind(g, c);
  if (!isfinite(e->cost[c])) {
    ariEgFail(g, "sketch extraction: class %u has no satisfying term", c);
    return NULL;
  }
  if (!e->memo) {
    e->memo = calloc(g->nclasses, sizeof(AriTerm *));
    e->busy = calloc(g->nclasses, 1);
    if (!e->memo || !e->busy) {
      ariEgFail(g, "sketch extraction: out of memory");
      return NULL;
    }
  }
  if (e->memo[c])
    return e->memo[c];
  if (e->busy[c] || depth > XS_MAX_DEPTH) {
    ariEgFail(g, "sketch extraction: cycle or nesting too deep");
    return NULL;
  }
  e->busy[c] = 1;
  AriTerm *t = NULL;
  const AriSketch *k = e->k;
  if (k->kind == ARI_SKETCH_TYPED || (k->kind == ARI_SKETCH_CONTAINS && e->aux[c] == XS_SELF)) {
    t = xsBuild(x, e->a, c, depth + 1);
  } else if (k->kind == ARI_SKETCH_OR) {
    t = xsBuild(x, e->aux[c] ? e->b : e->a, c, depth + 1);
  } else {
    AriENode n = e->node[c];
    unsigned nk = g->nodes[n].nkids;
    AriTerm *kbuf[XS_KID_BUF], **kids = kbuf;
    if (nk > XS_KID_BUF && !(kids = malloc(nk * sizeof(AriTerm *)))) {
      ariEgFail(g, "sketch extraction: out of memory");
      e->busy[c] = 0;
      return NULL;
    }
    bool ok = true;
    for (unsigned j = 0; j < nk && ok; ++j) {
      int ki = x->any;
      if (k->kind == ARI_SKETCH_NODE && k->numKids >= 0)
        ki = e->kids[j];
      else if (k->kind == ARI_SKETCH_CONTAINS && e->aux[c] == j)
        ki = ei;
      ok = (kids[j] = xsBuild(x, ki, ariEgKids(g, &g->nodes[n])[j], depth + 1)) != NULL;
    }
    if (ok) {
      const AriEgNodeRec *r = &g->nodes[n];
      t = ariTermMake(g->s, (AriTermKind)r->kind, ariEgAttrs(g, r), r->nattrs, r->sym, r->sym2,
                      kids, nk, r->mk);
      if (!t)
        ariEgFail(g, "sketch extraction: %s", ariTermStoreError(g->s));
    }
    if (kids != kbuf)
      free(kids);
  }
  e = &x->n[ei];
  e->busy[c] = 0;
  e->memo[c] = t;
  return t;
}

AriTerm *ariEgExtractSketch(AriEGraph *g, AriEClass root, const AriSketch *k, AriEgCostFn fn,
                            void *ctx, double *cost) {
  if (cost)
    *cost = INFINITY;
  root = ariEgFind(g, root);
  if (root == ARI_EG_NONE || !k) {
    ariEgFail(g, "sketch extraction: no such class");
    return NULL;
  }
  if (g->pending.n) {
    ariEgFail(g, "sketch extraction: the graph needs a rebuild");
    return NULL;
  }
  Xs x = {.g = g, .fn = fn ? fn : ariEgCostSize, .ctx = ctx};
  AriTerm *t = NULL;
  /* Entry 0 is the plain `?`; it is solved first. */
  static const AriSketch anyNode = {.kind = ARI_SKETCH_ANY};
  x.any = xsAdd(&x, &anyNode);
  int top = x.any >= 0 ? xsIndex(&x, k, 0) : -1;
  for (unsigned i = 0; top >= 0 && i < x.nn && !x.oom; ++i)
    if (!xsAlloc(&x, &x.n[i]))
      x.oom = true;
  for (unsigned i = 0; top >= 0 && i < x.nn && !x.oom; ++i)
    xsSolve(&x, (int)i);
  if (x.oom || top < 0) {
    ariEgFail(g, "sketch extraction: out of memory");
  } else if (isfinite(x.n[top].cost[root])) {
    if (cost)
      *cost = x.n[top].cost[root];
    t = xsBuild(&x, top, root, 0);
  }
  for (unsigned i = 0; i < x.nn; ++i) {
    free(x.n[i].kids);
    free(x.n[i].cost);
    free(x.n[i].node);
    free(x.n[i].aux);
    free(x.n[i].memo);
    free(x.n[i].busy);
  }
  free(x.n);
  free(x.kc);
  return t;
}
