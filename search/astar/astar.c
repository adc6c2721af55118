/*===- search/astar/astar.c - Knossos-style A* over rewrites ---------------===*\
 *
 * One search graph per phase: nodes (one per distinct term) in an
 * open-addressing table keyed by the term pointer, a binary heap of open
 * entries (lazy: an entry whose node has since been reached with more
 * steps left, or already expanded with as many, is skipped when popped),
 * and for every expansion the list of its children (the edges the
 * training targets follow).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "search/astar/astar.h"
#include "search/term/term_path.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Node Node;

typedef struct Edges {
  Node **kids;
  unsigned n;
  struct Edges *next; /* earlier expansions of the same node */
} Edges;

struct Node {
  AriTerm *term;
  double cost;
  int left;         /* most steps left it was reached with */
  int expandedLeft; /* steps left at its last expansion; -1: never */
  Node *parent;     /* on a shortest path from the phase's start */
  unsigned rule, pathLen;
  uint32_t *path;   /* the step from parent (arena) */
  unsigned depth;   /* steps from the phase's start */
  uint64_t tie;
  Edges *edges;
};

typedef struct Entry {
  double k1, k2; /* larger first */
  uint64_t tie;
  Node *node;
  int left;
} Entry;

typedef struct Graph {
  Node **table; /* open addressing, capacity cap (a power of two) */
  size_t cap, count;
  Node **all;   /* nodes in creation order */
  size_t allCap;
  unsigned horizon;
  struct Graph *prev; /* the first phase's graph */
  Node *start;
} Graph;

typedef struct Search {
  AriTermStore *s;
  const AriAStarRule *rules;
  size_t nrules;
  bool phase1Only;
  AriAStarCostFn cost;
  void *costCtx;
  AriAStarOptions o;
  AriArena *arena;
  AriAStarResult *r;
  Graph *g;
  double c0;
  uint64_t budget; /* evaluations this phase may reach (cumulative) */
  struct timespec t0;
  /* heap */
  Entry *heap;
  size_t heapN, heapCap;
  /* the batch waiting for the value function */
  Node *batch[ARI_ASTAR_BATCH];
  unsigned batchN;
  /* expansion scratch */
  Node *cur;
  Node **kids;
  size_t kidsN, kidsCap;
  bool stop;
  Node *best;
  uint64_t rng;
  /* random engine: the current walk's children */
  AriTerm **succ;
  unsigned *succRule, *succLen;
  uint32_t *succPath;
  size_t succN, succCap;
} Search;

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

static double elapsed(const Search *se) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - se->t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - se->t0.tv_nsec);
}

static void setStop(Search *se, AriAStarStop stop, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void setStop(Search *se, AriAStarStop stop, const char *fmt, ...) {
  if (se->stop)
    return;
  se->stop = true;
  se->r->stop = stop;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(se->r->message, sizeof se->r->message, fmt, ap);
  va_end(ap);
}

static void oom(Search *se) { setStop(se, ARI_ASTAR_STOP_MEMORY, "out of memory (search arena)"); }

/* Grows *arr (elements of size sz, capacity *cap) to hold need elements;
 * the old block stays in the arena (doubling keeps the waste below the
 * final size). */
static bool grow(Search *se, void **arr, size_t *cap, size_t need, size_t sz) {
  if (need <= *cap)
    return true;
  size_t nc = *cap ? *cap : 64;
  while (nc < need)
    nc *= 2;
  void *n = ariArenaAlloc(se->arena, nc * sz);
  if (!n) {
    oom(se);
    return false;
  }
  if (*cap)
    memcpy(n, *arr, *cap * sz);
  *arr = n;
  *cap = nc;
  return true;
}

/*--- the node table ------------------------------------------------------*/

static size_t slotOf(const Graph *g, const AriTerm *t) {
  return (size_t)mix((uint64_t)(uintptr_t)t) & (g->cap - 1);
}

static Node *lookup(const Graph *g, const AriTerm *t) {
  for (size_t i = slotOf(g, t);; i = (i + 1) & (g->cap - 1)) {
    if (!g->table[i])
      return NULL;
    if (g->table[i]->term == t)
      return g->table[i];
  }
}

static bool insert(Search *se, Node *n) {
  Graph *g = se->g;
  if ((g->count + 1) * 2 > g->cap) {
    size_t nc = g->cap ? g->cap * 2 : 1024;
    Node **nt = ariArenaCalloc(se->arena, nc * sizeof *nt);
    if (!nt) {
      oom(se);
      return false;
    }
    Node **old = g->table;
    size_t oc = g->cap;
    g->table = nt;
    g->cap = nc;
    for (size_t i = 0; i < oc; ++i)
      if (old[i]) {
        size_t j = slotOf(g, old[i]->term);
        while (g->table[j])
          j = (j + 1) & (nc - 1);
        g->table[j] = old[i];
      }
  }
  size_t j = slotOf(g, n->term);
  while (g->table[j])
    j = (j + 1) & (g->cap - 1);
  g->table[j] = n;
  g->count++;
  if (!grow(se, (void **)&g->all, &g->allCap, g->count, sizeof *g->all))
    return false;
  g->all[g->count - 1] = n;
  se->r->states++;
  return true;
}

/*--- the heap ------------------------------------------------------------*/

static bool before(const Entry *a, const Entry *b) {
  if (a->k1 != b->k1)
    return a->k1 > b->k1;
  if (a->k2 != b->k2)
    return a->k2 > b->k2;
  return a->tie < b->tie;
}

static bool push(Search *se, Entry e) {
  if (!grow(se, (void **)&se->heap, &se->heapCap, se->heapN + 1, sizeof *se->heap))
    return false;
  size_t i = se->heapN++;
  while (i > 0) {
    size_t p = (i - 1) / 2;
    if (!before(&e, &se->heap[p]))
      break;
    se->heap[i] = se->heap[p];
    i = p;
  }
  se->heap[i] = e;
  return true;
}

static Entry pop(Search *se) {
  Entry top = se->heap[0];
  Entry last = se->heap[--se->heapN];
  size_t i = 0, n = se->heapN;
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    const Entry *mv = &last;
    if (l < n && before(&se->heap[l], mv)) {
      m = l;
      mv = &se->heap[l];
    }
    if (r < n && before(&se->heap[r], mv))
      m = r;
    if (m == i)
      break;
    se->heap[i] = se->heap[m];
    i = m;
  }
  if (n)
    se->heap[i] = last;
  return top;
}

/*--- states --------------------------------------------------------------*/

static bool better(const Node *a, const Node *b) {
  if (!isfinite(a->cost))
    return false;
  if (!b || a->cost < b->cost)
    return true;
  if (a->cost > b->cost)
    return false;
  if (a->depth != b->depth)
    return a->depth < b->depth;
  return a->tie < b->tie;
}

static bool overLimits(Search *se) {
  if (se->stop)
    return true;
  if (se->o.timeLimitS > 0 && elapsed(se) > se->o.timeLimitS)
    setStop(se, ARI_ASTAR_STOP_TIME, "time limit of %g s reached", se->o.timeLimitS);
  else if (se->o.maxStoreBytes && ariTermStoreBytes(se->s) > se->o.maxStoreBytes)
    setStop(se, ARI_ASTAR_STOP_MEMORY, "term store over %zu bytes", se->o.maxStoreBytes);
  else if (se->o.maxStates && se->r->states >= se->o.maxStates)
    setStop(se, ARI_ASTAR_STOP_STATES, "state limit of %llu reached",
            (unsigned long long)se->o.maxStates);
  return se->stop;
}

/* Evaluates the batch and opens its states with steps left. */
static bool flush(Search *se) {
  unsigned n = se->batchN;
  se->batchN = 0;
  if (!n)
    return true;
  float v[ARI_ASTAR_BATCH] = {0};
  AriTerm *terms[ARI_ASTAR_BATCH];
  unsigned left[ARI_ASTAR_BATCH], idx[ARI_ASTAR_BATCH], m = 0;
  for (unsigned i = 0; i < n; ++i)
    if (se->batch[i]->left > 0 && isfinite(se->batch[i]->cost)) {
      terms[m] = se->batch[i]->term;
      left[m] = (unsigned)se->batch[i]->left;
      idx[m++] = i;
    }
  if (m && se->o.value && se->o.engine == ARI_ASTAR_ENGINE_ASTAR) {
    float out[ARI_ASTAR_BATCH];
    char err[200] = "";
    se->r->valueCalls++;
    if (!se->o.value(se->o.valueCtx, se->s, terms, left, m, out, err, sizeof err)) {
      setStop(se, ARI_ASTAR_STOP_ERROR, "value function: %s", err[0] ? err : "failed");
      return false;
    }
    for (unsigned i = 0; i < m; ++i)
      v[idx[i]] = isfinite(out[i]) ? out[i] : 0.0f;
  }
  for (unsigned i = 0; i < n; ++i) {
    Node *x = se->batch[i];
    if (x->left <= 0 || !isfinite(x->cost))
      continue;
    Entry e = {0, 0, x->tie, x, x->left};
    if (se->o.engine == ARI_ASTAR_ENGINE_GREEDY) {
      e.k1 = -(double)x->left; /* deepest first */
      e.k2 = -x->cost;         /* then the cheapest */
    } else {
      e.k1 = (double)v[i] + se->c0 - x->cost;
    }
    if (!push(se, e))
      return false;
  }
  return true;
}

/* Records a step on n: from parent by rules[rule] at path[0..len). */
static bool setStep(Search *se, Node *n, Node *parent, unsigned rule, const uint32_t *path,
                    unsigned len) {
  n->parent = parent;
  n->rule = rule;
  n->pathLen = len;
  n->depth = parent ? parent->depth + 1 : 0;
  n->path = NULL;
  if (len) {
    n->path = ariArenaAlloc(se->arena, len * sizeof *path);
    if (!n->path) {
      oom(se);
      return false;
    }
    memcpy(n->path, path, len * sizeof *path);
  }
  return true;
}

static Node *newNode(Search *se, AriTerm *t) {
  Node *n = ariArenaCalloc(se->arena, sizeof *n);
  if (!n) {
    oom(se);
    return NULL;
  }
  n->term = t;
  n->cost = se->cost(se->costCtx, t);
  if (isnan(n->cost))
    n->cost = INFINITY;
  n->expandedLeft = -1;
  uint64_t h = se->o.moves ? se->o.moves->hash(se->o.moves->ctx, t) : ariTermHash(t);
  n->tie = mix(h ^ mix(se->o.seed));
  return insert(se, n) ? n : NULL;
}

/* A successor t of se->cur by rule at path: pruned, or generated (one
 * evaluation). */
static void generate(Search *se, AriTerm *t, unsigned rule, const uint32_t *path, unsigned len) {
  Node *p = se->cur;
  int left = p->left - 1;
  Node *n = lookup(se->g, t);
  if (n && n->left >= left) {
    se->r->pruned++;
  } else {
    if (se->r->evaluations >= se->budget) {
      setStop(se, ARI_ASTAR_STOP_BUDGET, "budget of %llu evaluations spent",
              (unsigned long long)se->o.budget);
      return;
    }
    if (!n && !(n = newNode(se, t)))
      return;
    n->left = left;
    if (!setStep(se, n, p, rule, path, len))
      return;
    se->r->evaluations++;
    if (n->cost < se->best->cost)
      se->r->bestAt = se->r->evaluations;
    if (better(n, se->best))
      se->best = n;
    se->batch[se->batchN++] = n;
    if (se->batchN == ARI_ASTAR_BATCH && !flush(se))
      return;
  }
  if (!grow(se, (void **)&se->kids, &se->kidsCap, se->kidsN + 1, sizeof *se->kids))
    return;
  se->kids[se->kidsN++] = n;
}

typedef struct {
  Search *se;
  void (*onChild)(Search *se, AriTerm *t, unsigned rule, const uint32_t *path, unsigned len);
} WalkCtx;

static bool atLocation(void *ctx, AriTerm *const *chain, const uint32_t *path, unsigned len) {
  WalkCtx *w = ctx;
  Search *se = w->se;
  AriTerm *sub = chain[len];
  for (size_t i = 0; i < se->nrules && !se->stop; ++i) {
    if (se->phase1Only && !se->rules[i].phase1)
      continue;
    AriTerm *out = NULL;
    AriRuleStatus st = ariRuleApply(&se->rules[i].inst, se->s, sub, &out);
    if (st == ARI_RULE_ERROR) {
      setStop(se, ARI_ASTAR_STOP_MEMORY, "term store: %s", ariTermStoreError(se->s));
      return false;
    }
    if (st != ARI_RULE_APPLIED)
      continue;
    AriTerm *t = ariTermReplaceAt(se->s, chain, path, len, out);
    if (!t) {
      /* An ancestor that no longer type-checks: the rewrite does not apply
       * here (only an exhausted store is an error). */
      if (strstr(ariTermStoreError(se->s), "out of memory")) {
        setStop(se, ARI_ASTAR_STOP_MEMORY, "term store: %s", ariTermStoreError(se->s));
        return false;
      }
      ariTermStoreClearError(se->s);
      continue;
    }
    if (t == chain[0])
      continue;
    se->r->rewrites++;
    w->onChild(se, t, (unsigned)i, path, len);
  }
  return !se->stop;
}

static bool onMove(void *ctx, AriTerm *t, unsigned move, const uint32_t *path, unsigned len) {
  WalkCtx *w = ctx;
  if (w->se->stop)
    return false;
  if (len > ARI_ASTAR_MAX_PATH) {
    setStop(w->se, ARI_ASTAR_STOP_ERROR, "a move's path is longer than %d", ARI_ASTAR_MAX_PATH);
    return false;
  }
  w->se->r->rewrites++;
  w->onChild(w->se, t, move, path, len);
  return !w->se->stop;
}

/* Every successor of t, by the rules or by the caller's moves. */
static void successors(Search *se, AriTerm *t, WalkCtx *w) {
  if (!se->o.moves) {
    ariTermWalk(t, se->o.maxPositions, ARI_ASTAR_MAX_PATH, atLocation, w);
    return;
  }
  char err[200] = "";
  if (!se->o.moves->successors(se->o.moves->ctx, t, se->o.maxPositions, onMove, w, err,
                               sizeof err))
    setStop(se, ARI_ASTAR_STOP_MEMORY, "moves: %s", err[0] ? err : "failed");
}

static void expand(Search *se, Node *n) {
  if (n->expandedLeft >= 0)
    se->r->reexpanded++;
  n->expandedLeft = n->left;
  se->r->expanded++;
  if (se->o.onExpand)
    se->o.onExpand(se->o.onExpandCtx, n->term, (unsigned)n->left);
  se->cur = n;
  se->kidsN = 0;
  WalkCtx w = {se, generate};
  successors(se, n->term, &w);
  if (se->kidsN) {
    Edges *e = ariArenaAlloc(se->arena, sizeof *e);
    Node **kids = ariArenaAlloc(se->arena, se->kidsN * sizeof *kids);
    if (!e || !kids) {
      oom(se);
      return;
    }
    memcpy(kids, se->kids, se->kidsN * sizeof *kids);
    e->kids = kids;
    e->n = (unsigned)se->kidsN;
    e->next = n->edges;
    n->edges = e;
  }
}

/* One phase of A* or greedy from start, with horizon h. */
static void runGraph(Search *se, Node *start) {
  se->heapN = 0;
  se->batchN = 0;
  Entry e = {INFINITY, INFINITY, 0, start, start->left};
  if (start->left > 0 && isfinite(start->cost) && !push(se, e))
    return;
  while (!se->stop) {
    if (!se->heapN) {
      if (!flush(se))
        return;
      if (!se->heapN) {
        setStop(se, ARI_ASTAR_STOP_EXHAUSTED, "no open state left");
        return;
      }
    }
    Entry top = pop(se);
    Node *n = top.node;
    if (top.left != n->left || n->expandedLeft >= n->left)
      continue; /* superseded, or expanded already with as many steps */
    if (overLimits(se))
      return;
    expand(se, n);
    if (!se->stop)
      flush(se);
  }
  flush(se); /* what the budget allowed is still evaluated and may be best */
}

/*--- random search -------------------------------------------------------*/

static void collectSucc(Search *se, AriTerm *t, unsigned rule, const uint32_t *path,
                        unsigned len) {
  size_t k = se->succN;
  if (k == se->succCap) {
    size_t nc = k ? 2 * k : 64;
    AriTerm **a = ariArenaAlloc(se->arena, nc * sizeof *a);
    unsigned *b = ariArenaAlloc(se->arena, nc * sizeof *b);
    unsigned *c = ariArenaAlloc(se->arena, nc * sizeof *c);
    uint32_t *d = ariArenaAlloc(se->arena, nc * ARI_ASTAR_MAX_PATH * sizeof *d);
    if (!a || !b || !c || !d) {
      oom(se);
      return;
    }
    if (k) {
      memcpy(a, se->succ, k * sizeof *a);
      memcpy(b, se->succRule, k * sizeof *b);
      memcpy(c, se->succLen, k * sizeof *c);
      memcpy(d, se->succPath, k * ARI_ASTAR_MAX_PATH * sizeof *d);
    }
    se->succ = a;
    se->succRule = b;
    se->succLen = c;
    se->succPath = d;
    se->succCap = nc;
  }
  se->succ[k] = t;
  se->succRule[k] = rule;
  se->succLen[k] = len;
  memcpy(se->succPath + k * ARI_ASTAR_MAX_PATH, path, len * sizeof *path);
  se->succN = k + 1;
}

static uint64_t nextRand(Search *se) {
  se->rng += 0x9e3779b97f4a7c15ULL;
  return mix(se->rng);
}

/* Random walks from start; the best state's steps are copied into *bestSteps. */
static void runRandom(Search *se, Node *start, unsigned h, AriAStarStep **bestSteps,
                      unsigned *bestN) {
  AriAStarStep *walkSteps = ariArenaAlloc(se->arena, (h + 1) * sizeof *walkSteps);
  AriAStarStep *keep = ariArenaAlloc(se->arena, (h + 1) * sizeof *keep);
  if (!walkSteps || !keep) {
    oom(se);
    return;
  }
  *bestSteps = keep;
  *bestN = 0;
  double bestCost = start->cost;
  WalkCtx w = {se, collectSucc};
  while (!se->stop) {
    AriTerm *cur = start->term;
    unsigned depth = 0;
    while (depth < h && !se->stop) {
      if (overLimits(se))
        return;
      se->succN = 0;
      se->r->expanded++;
      if (se->o.onExpand)
        se->o.onExpand(se->o.onExpandCtx, cur, h - depth);
      successors(se, cur, &w);
      if (se->stop)
        return;
      if (!se->succN) {
        if (depth == 0) {
          setStop(se, ARI_ASTAR_STOP_EXHAUSTED, "no rewrite applies to the input");
          return;
        }
        break;
      }
      if (se->r->evaluations >= se->budget) {
        setStop(se, ARI_ASTAR_STOP_BUDGET, "budget of %llu evaluations spent",
                (unsigned long long)se->o.budget);
        return;
      }
      size_t k = (size_t)(nextRand(se) % se->succN);
      cur = se->succ[k];
      AriAStarStep *st = &walkSteps[depth++];
      st->rule = se->succRule[k];
      st->pathLen = se->succLen[k];
      memcpy(st->path, se->succPath + k * ARI_ASTAR_MAX_PATH, st->pathLen * sizeof *st->path);
      se->r->evaluations++;
      /* Distinct states are counted (and costed once) without keeping
       * the graph's edges. */
      Node *n = lookup(se->g, cur);
      if (!n && !(n = newNode(se, cur)))
        return;
      if (isfinite(n->cost) &&
          (n->cost < bestCost ||
           (n->cost == bestCost && se->best != start && depth < *bestN))) {
        if (n->cost < bestCost)
          se->r->bestAt = se->r->evaluations;
        bestCost = n->cost;
        memcpy(keep, walkSteps, depth * sizeof *keep);
        *bestN = depth;
        n->depth = depth;
        se->best = n;
      }
    }
  }
}

/*--- the driver ----------------------------------------------------------*/

/* Steps from the phase's start to n, appended to out. */
static unsigned pathSteps(const Node *n, AriAStarStep *out) {
  unsigned d = 0;
  for (const Node *x = n; x->parent; x = x->parent)
    d++;
  unsigned i = d;
  for (const Node *x = n; x->parent; x = x->parent) {
    AriAStarStep *st = &out[--i];
    st->rule = x->rule;
    st->pathLen = x->pathLen;
    if (x->pathLen) /* the root has no path array */
      memcpy(st->path, x->path, x->pathLen * sizeof *x->path);
  }
  return d;
}

static int cmpBetter(const void *a, const void *b) {
  const Node *x = *(Node *const *)a, *y = *(Node *const *)b;
  return better(x, y) ? -1 : better(y, x) ? 1 : 0;
}

/* out->top: the keep best states of graph g (its nodes' steps after the
 * first `base` of steps, the earlier phase's), or the best alone for the
 * random engine, which keeps no parents. */
static void keepTop(Search *se, const Graph *g, const AriAStarStep *steps, unsigned base,
                    unsigned nsteps) {
  AriAStarResult *out = se->r;
  bool random = se->o.engine == ARI_ASTAR_ENGINE_RANDOM;
  size_t n = 0;
  Node **v = ariArenaAlloc(se->arena, (g->count ? g->count : 1) * sizeof *v);
  if (!v)
    return;
  if (random) {
    v[n++] = se->best;
  } else {
    for (size_t i = 0; i < g->count; ++i)
      if (isfinite(g->all[i]->cost))
        v[n++] = g->all[i];
    qsort(v, n, sizeof *v, cmpBetter);
  }
  if (n > se->o.keep)
    n = se->o.keep;
  AriAStarTop *top = ariArenaAlloc(se->arena, (n ? n : 1) * sizeof *top);
  if (!top)
    return;
  for (size_t i = 0; i < n; ++i) {
    unsigned d = random ? nsteps - base : v[i]->depth;
    AriAStarStep *st = ariArenaAlloc(se->arena, (base + d + 1) * sizeof *st);
    if (!st)
      return;
    memcpy(st, steps, (random ? nsteps : base) * sizeof *st);
    top[i].numSteps = random ? nsteps : base + pathSteps(v[i], st + base);
    top[i].steps = st;
    top[i].state = v[i]->term;
    top[i].cost = v[i]->cost;
  }
  out->top = top;
  out->numTop = n;
}

static Graph *newGraph(Search *se, unsigned h, Graph *prev) {
  Graph *g = ariArenaCalloc(se->arena, sizeof *g);
  if (!g) {
    oom(se);
    return NULL;
  }
  g->horizon = h;
  g->prev = prev;
  return g;
}

AriAStarStop ariAStarSearch(AriTermStore *s, AriTerm *t0, const AriAStarRule *rules,
                            size_t nrules, AriAStarCostFn cost, void *costCtx,
                            const AriAStarOptions *opts, AriArena *arena, AriAStarResult *out) {
  memset(out, 0, sizeof *out);
  Search se = {0};
  se.s = s;
  se.rules = rules;
  se.nrules = nrules;
  se.cost = cost;
  se.costCtx = costCtx;
  se.o = *opts;
  se.arena = arena;
  se.r = out;
  clock_gettime(CLOCK_MONOTONIC, &se.t0);
  if (!se.o.budget)
    se.o.budget = 5000;
  if (!se.o.horizon)
    se.o.horizon = 10;
  if (!se.o.maxPositions)
    se.o.maxPositions = 4096;
  se.rng = mix(se.o.seed ^ 0x5851f42d4c957f2dULL);
  out->best = t0;
  if (!t0 || !cost || (nrules && !rules) || (se.o.moves && !(se.o.moves->successors && se.o.moves->hash)) || se.o.horizon > ARI_ASTAR_MAX_HORIZON ||
      se.o.engine > ARI_ASTAR_ENGINE_RANDOM) {
    setStop(&se, ARI_ASTAR_STOP_ERROR, "bad arguments (no input, no cost, or a horizon over %d)",
            ARI_ASTAR_MAX_HORIZON);
    return out->stop;
  }
  bool two = se.o.twoPhase;
  if (two) {
    bool any = false;
    for (size_t i = 0; i < nrules; ++i)
      any |= rules[i].phase1;
    if (!any || se.o.horizon < 2) {
      setStop(&se, ARI_ASTAR_STOP_ERROR,
              "two-phase search needs phase-1 rules (marked '!') and a horizon of 2 or more");
      return out->stop;
    }
  }
  unsigned h1 = two ? se.o.horizon / 2 : se.o.horizon;
  uint64_t b1 = two ? se.o.budget / 2 : se.o.budget;
  AriAStarStep *steps = ariArenaAlloc(arena, (se.o.horizon + 1) * sizeof *steps);
  if (!steps) {
    oom(&se);
    return out->stop;
  }
  unsigned nsteps = 0, base = 0, lastBase = 0;
  Graph *prev = NULL;
  AriTerm *from = t0;
  for (int phase = 0; phase < (two ? 2 : 1); ++phase) {
    unsigned h = phase == 0 ? h1 : se.o.horizon - h1;
    se.phase1Only = two && phase == 0;
    se.budget = phase == 0 ? b1 : se.o.budget;
    se.stop = false;
    base = nsteps;
    if (!(se.g = newGraph(&se, h, prev)))
      break;
    Node *start = newNode(&se, from);
    if (!start)
      break;
    start->left = (int)h;
    se.g->start = start;
    if (phase == 0) {
      out->inputCost = start->cost;
      se.c0 = start->cost;
    } else {
      se.c0 = start->cost; /* f measures the reduction from this phase's start */
    }
    se.best = start;
    if (se.o.engine == ARI_ASTAR_ENGINE_RANDOM) {
      AriAStarStep *rs = NULL;
      unsigned rn = 0;
      runRandom(&se, start, h, &rs, &rn);
      if (rs && rn) {
        memcpy(steps + nsteps, rs, rn * sizeof *rs);
        nsteps += rn;
      }
    } else {
      runGraph(&se, start);
      nsteps += pathSteps(se.best, steps + nsteps);
    }
    from = se.best->term;
    out->best = from;
    out->bestCost = se.best->cost;
    prev = se.g;
    lastBase = base;
    /* The first phase ends at its share of the budget or when it runs out
     * of states; any other stop ends the search. */
    if (phase == 0 && two &&
        !(out->stop == ARI_ASTAR_STOP_BUDGET || out->stop == ARI_ASTAR_STOP_EXHAUSTED))
      break;
  }
  out->steps = steps;
  out->numSteps = nsteps;
  out->priv = prev;
  if (se.o.keep && prev)
    keepTop(&se, prev, steps, lastBase, nsteps);
  out->seconds = elapsed(&se);
  if (out->seconds > 0) {
    out->statesPerS = (double)out->expanded / out->seconds;
    out->evalsPerS = (double)out->evaluations / out->seconds;
  }
  if (se.o.engine == ARI_ASTAR_ENGINE_RANDOM)
    out->priv = NULL;
  return out->stop;
}

bool ariAStarReplay(AriTermStore *s, AriTerm *t0, const AriAStarRule *rules, size_t nrules,
                    const AriAStarStep *steps, unsigned n, AriTerm **out, char *err,
                    size_t errCap) {
  AriTerm *t = t0;
  for (unsigned k = 0; k < n; ++k) {
    const AriAStarStep *st = &steps[k];
    AriTerm *chain[ARI_ASTAR_MAX_PATH + 1];
    chain[0] = t;
    for (unsigned i = 0; i < st->pathLen && chain[i]; ++i)
      chain[i + 1] = st->path[i] < ariTermNumKids(chain[i]) ? ariTermKid(chain[i], st->path[i])
                                                            : NULL;
    AriTerm *r = NULL;
    if (st->rule >= nrules || st->pathLen > ARI_ASTAR_MAX_PATH || !chain[st->pathLen] ||
        ariRuleApply(&rules[st->rule].inst, s, chain[st->pathLen], &r) != ARI_RULE_APPLIED ||
        !(t = ariTermReplaceAt(s, chain, st->path, st->pathLen, r))) {
      char b[256];
      ariAStarFormatStep(st, rules, b, sizeof b);
      snprintf(err, errCap, "step %u (%s) does not apply", k + 1, b);
      return false;
    }
  }
  *out = t;
  return true;
}

size_t ariAStarFormatStep(const AriAStarStep *st, const AriAStarRule *rules, char *buf,
                          size_t cap) {
  char name[128];
  ariRuleInstPrint(&rules[st->rule].inst, name, sizeof name);
  size_t n = (size_t)snprintf(buf, cap, "%s@[", name);
  for (unsigned i = 0; i < st->pathLen; ++i)
    n += (size_t)snprintf(n < cap ? buf + n : NULL, n < cap ? cap - n : 0, "%s%u", i ? "," : "",
                          (unsigned)st->path[i]);
  n += (size_t)snprintf(n < cap ? buf + n : NULL, n < cap ? cap - n : 0, "]");
  return n;
}

/*--- training samples ----------------------------------------------------*/

static bool graphSamples(const Graph *g, unsigned H, AriArena *arena, AriAStarSamples *out,
                         size_t *k, size_t *nk) {
  /* best[t][i]: the lowest cost within t steps of node i (t = 0..H),
   * following the recorded expansions. Nodes are indexed by their
   * positions in creation order (g->all). */
  size_t n = g->count, m = 0;
  for (size_t i = 0; i < n; ++i)
    for (const Edges *e = g->all[i]->edges; e; e = e->next)
      m += e->n;
  double *best = ariArenaAlloc(arena, 2 * n * sizeof *best);
  double *cur = best, *nxt = best + n;
  /* The node -> index map (a small open table: the nodes keep no index),
   * used once to turn every edge into an index: node i's children are
   * to[from[i] .. from[i+1]), over all its expansions. */
  size_t cap = 1;
  while (cap < 2 * n)
    cap *= 2;
  const Node **keys = ariArenaCalloc(arena, cap * sizeof *keys);
  size_t *vals = ariArenaAlloc(arena, cap * sizeof *vals);
  size_t *from = ariArenaAlloc(arena, (n + 1) * sizeof *from);
  size_t *to = ariArenaAlloc(arena, (m ? m : 1) * sizeof *to);
  /* sample index of node i (SIZE_MAX: never expanded), and a stamp per
   * node so that a child met again by a re-expansion is listed once */
  size_t *sampleOf = ariArenaAlloc(arena, (n ? n : 1) * sizeof *sampleOf);
  size_t *stamp = ariArenaCalloc(arena, (n ? n : 1) * sizeof *stamp);
  if (!best || !keys || !vals || !from || !to || !sampleOf || !stamp)
    return false;
  for (size_t i = 0; i < n; ++i) {
    size_t j = (size_t)mix((uint64_t)(uintptr_t)g->all[i]) & (cap - 1);
    while (keys[j])
      j = (j + 1) & (cap - 1);
    keys[j] = g->all[i];
    vals[j] = i;
    cur[i] = g->all[i]->cost;
  }
  m = 0;
  for (size_t i = 0; i < n; ++i) {
    from[i] = m;
    for (const Edges *e = g->all[i]->edges; e; e = e->next)
      for (unsigned c = 0; c < e->n; ++c) {
        size_t j = (size_t)mix((uint64_t)(uintptr_t)e->kids[c]) & (cap - 1);
        while (keys[j] != e->kids[c])
          j = (j + 1) & (cap - 1);
        to[m++] = vals[j];
      }
  }
  from[n] = m;
  size_t first = *k;
  for (size_t i = 0; i < n; ++i) {
    sampleOf[i] = SIZE_MAX;
    if (g->all[i]->expandedLeft >= 0) {
      sampleOf[i] = *k;
      out->terms[(*k)++] = g->all[i]->term;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    if (sampleOf[i] == SIZE_MAX)
      continue;
    out->kidStart[sampleOf[i]] = *nk;
    for (size_t e = from[i]; e < from[i + 1]; ++e)
      if (sampleOf[to[e]] != SIZE_MAX && stamp[to[e]] != i + 1) {
        stamp[to[e]] = i + 1;
        out->kids[(*nk)++] = sampleOf[to[e]];
      }
  }
  for (unsigned t = 1; t <= H; ++t) {
    for (size_t i = 0; i < n; ++i) {
      double b = cur[i];
      for (size_t e = from[i]; e < from[i + 1]; ++e)
        if (cur[to[e]] < b)
          b = cur[to[e]];
      nxt[i] = b;
    }
    double *sw = cur;
    cur = nxt;
    nxt = sw;
    size_t row = first;
    for (size_t i = 0; i < n; ++i)
      if (g->all[i]->expandedLeft >= 0) {
        double red = g->all[i]->cost - cur[i];
        out->targets[row++ * H + (t - 1)] = isfinite(red) && red > 0 ? (float)red : 0.0f;
      }
  }
  return true;
}

bool ariAStarSamples(const AriAStarResult *r, AriArena *arena, AriAStarSamples *out, char *err,
                     size_t errCap) {
  memset(out, 0, sizeof *out);
  const Graph *last = r->priv;
  if (!last)
    return true;
  unsigned H = 0;
  size_t total = 0, edges = 0;
  for (const Graph *g = last; g; g = g->prev) {
    H += g->horizon;
    for (size_t i = 0; i < g->count; ++i)
      if (g->all[i]->expandedLeft >= 0) {
        total++;
        for (const Edges *e = g->all[i]->edges; e; e = e->next)
          edges += e->n;
      }
  }
  out->horizon = H;
  if (!total)
    return true;
  out->terms = ariArenaAlloc(arena, total * sizeof *out->terms);
  out->targets = ariArenaCalloc(arena, total * H * sizeof *out->targets);
  out->kidStart = ariArenaAlloc(arena, (total + 1) * sizeof *out->kidStart);
  out->kids = ariArenaAlloc(arena, (edges ? edges : 1) * sizeof *out->kids);
  if (!out->terms || !out->targets || !out->kidStart || !out->kids) {
    snprintf(err, errCap, "out of memory for %zu samples", total);
    return false;
  }
  size_t k = 0, nk = 0;
  for (const Graph *g = last; g; g = g->prev)
    if (!graphSamples(g, H, arena, out, &k, &nk)) {
      snprintf(err, errCap, "out of memory for the sample targets");
      return false;
    }
  out->kidStart[k] = nk;
  out->numSamples = k;
  return true;
}

/*--- names and rule sets ---------------------------------------------------*/

const char *ariAStarStopName(AriAStarStop s) {
  switch (s) {
  case ARI_ASTAR_STOP_BUDGET: return "budget";
  case ARI_ASTAR_STOP_EXHAUSTED: return "exhausted";
  case ARI_ASTAR_STOP_TIME: return "time-limit";
  case ARI_ASTAR_STOP_MEMORY: return "memory-limit";
  case ARI_ASTAR_STOP_STATES: return "state-limit";
  case ARI_ASTAR_STOP_ERROR: return "error";
  }
  return "?";
}

static const char *const engineNames[] = {"astar", "greedy", "random"};

const char *ariAStarEngineName(AriAStarEngine e) {
  return (unsigned)e < 3 ? engineNames[e] : "?";
}

bool ariAStarEngineFromName(const char *name, AriAStarEngine *out) {
  for (unsigned i = 0; i < 3; ++i)
    if (!strcmp(name, engineNames[i])) {
      *out = (AriAStarEngine)i;
      return true;
    }
  return false;
}

typedef struct {
  AriArena *arena;
  AriAStarRule *v;
  size_t n, cap;
} RuleVec;

static bool addRule(RuleVec *rv, const AriRuleInst *in, bool phase1) {
  for (size_t i = 0; i < rv->n; ++i)
    if (!memcmp(&rv->v[i].inst, in, sizeof *in)) {
      rv->v[i].phase1 |= phase1;
      return true;
    }
  if (rv->n == rv->cap) {
    size_t nc = rv->cap ? rv->cap * 2 : 32;
    AriAStarRule *nv = ariArenaAlloc(rv->arena, nc * sizeof *nv);
    if (!nv)
      return false;
    if (rv->n)
      memcpy(nv, rv->v, rv->n * sizeof *nv);
    rv->v = nv;
    rv->cap = nc;
  }
  AriAStarRule *r = &rv->v[rv->n++];
  memset(r, 0, sizeof *r);
  r->inst = *in;
  r->phase1 = phase1;
  return true;
}

static bool familyOf(const char *name, size_t len, int *fam) {
  static const struct {
    const char *name;
    int fam;
  } f[] = {{"karith", ARI_RULE_FAM_KARITH},
           {"kbind", ARI_RULE_FAM_KBIND},
           {"karray", ARI_RULE_FAM_KARRAY},
           {"knossos", -1}};
  for (unsigned i = 0; i < sizeof f / sizeof f[0]; ++i)
    if (strlen(f[i].name) == len && !memcmp(f[i].name, name, len)) {
      *fam = f[i].fam;
      return true;
    }
  return false;
}

bool ariAStarParseRules(const char *text, const int64_t *nats, unsigned nn, AriArena *arena,
                        AriAStarRule **rules, size_t *nrules, char *err, size_t errCap,
                        size_t *errCol) {
  RuleVec rv = {arena, NULL, 0, 0};
  if (errCap)
    err[0] = '\0';
  size_t i = 0, len = strlen(text);
  while (i <= len) {
    size_t start = i;
    int depth = 0;
    while (i < len && (text[i] != ',' || depth > 0)) {
      depth += text[i] == '(';
      depth -= text[i] == ')';
      i++;
    }
    size_t a = start, b = i;
    while (a < b && (text[a] == ' ' || text[a] == '\t'))
      a++;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t'))
      b--;
    bool phase1 = a < b && text[a] == '!';
    if (phase1)
      a++;
    if (errCol)
      *errCol = a;
    if (a == b) {
      snprintf(err, errCap, "empty rule name in the rule list");
      return false;
    }
    int fam;
    bool bare = memchr(text + a, '(', b - a) == NULL;
    int id = bare ? ariRuleFind(text + a, b - a) : -1;
    if (bare && familyOf(text + a, b - a, &fam)) {
      for (size_t r = 0; r < ariRuleCount(); ++r) {
        const AriRuleInfo *ri = ariRuleInfo(r);
        bool in = fam < 0 ? (ri->family == ARI_RULE_FAM_KARITH ||
                             ri->family == ARI_RULE_FAM_KBIND || ri->family == ARI_RULE_FAM_KARRAY)
                          : (int)ri->family == fam;
        if (!in || ri->minArgs > 0)
          continue;
        AriRuleInst inst;
        if (!ariRuleBind(r, NULL, 0, &inst, err, errCap) || !addRule(&rv, &inst, phase1))
          goto oomOrBind;
      }
    } else if (id >= 0 && ariRuleInfo((size_t)id)->minArgs > 0) {
      const AriRuleInfo *ri = ariRuleInfo((size_t)id);
      if (!nn || ri->minArgs > 1) {
        snprintf(err, errCap,
                 "rule '%s' takes %u parameter(s): write them (%s(4)) or give values to bind "
                 "one parameter from",
                 ri->name, ri->minArgs, ri->name);
        return false;
      }
      for (unsigned k = 0; k < nn; ++k) {
        AriRuleArg arg = {false, nats[k], NULL};
        AriRuleInst inst;
        if (!ariRuleBind((size_t)id, &arg, 1, &inst, err, errCap))
          return false;
        if (!addRule(&rv, &inst, phase1))
          goto oomOrBind;
      }
    } else {
      AriRuleInst inst;
      size_t col = 0;
      if (!ariRuleParse(text + a, b - a, &inst, err, errCap, &col)) {
        if (errCol)
          *errCol = a + col;
        return false;
      }
      if (!addRule(&rv, &inst, phase1))
        goto oomOrBind;
    }
    i++;
  }
  if (!rv.n) {
    snprintf(err, errCap, "the rule list is empty");
    return false;
  }
  *rules = rv.v;
  *nrules = rv.n;
  return true;
oomOrBind:
  if (!err[0])
    snprintf(err, errCap, "out of memory");
  return false;
}
