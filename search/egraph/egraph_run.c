/*===- search/egraph/egraph_run.c - the equality saturation runner ---------------===*\
 *
 * egg's Runner: an iteration first collects the matches of every rule in
 * every class (the graph does not change while matching), then applies
 * them all, then rebuilds once. Application is extraction-based
 * substitution (thesis §5.4.5): the match is instantiated as a term with
 * the best extracted term for each variable, the library rule rewrites it
 * on the term store (shift, substitution and beta happen there), and the
 * result is added back and merged with the matched class.
 *
 * Memory: those terms are temporaries. Each iteration's applications run
 * in a scope of the term store (ariTermStoreMark), released after them;
 * inside it each match gets a scope of its own, released as soon as its
 * result is in the graph (the e-graph copies what it keeps: e-nodes hold
 * kinds, attributes, symbols, types and class ids, never terms). The best
 * terms of the variables' classes are extracted into the iteration's
 * scope before the match's scope opens, so ariEgExtractBest's memo keeps
 * serving the other matches of the iteration. The root's extraction at
 * the end is made outside any scope: it is the caller's.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "search/egraph/egraph_impl.h"
#include "utils/hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *ariEgStopName(AriEgStop s) {
  switch (s) {
  case ARI_EG_STOP_SATURATED:
    return "saturated";
  case ARI_EG_STOP_GOAL:
    return "goal";
  case ARI_EG_STOP_ITERATIONS:
    return "iter-limit";
  case ARI_EG_STOP_NODES:
    return "node-limit";
  case ARI_EG_STOP_TIME:
    return "time-limit";
  case ARI_EG_STOP_MEMORY:
    return "memory-limit";
  case ARI_EG_STOP_ERROR:
    return "error";
  }
  return "?";
}

static double monotonic(void *ctx) {
  (void)ctx;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The matches applied so far in a run, as 64-bit keys (see collect).
 * Open addressing over nonzero keys. */
typedef struct {
  uint64_t *k;
  size_t n, cap;
} Seen;

/* True if key was there; otherwise inserts it (false also when out of
 * memory: the cache is only an optimisation). */
static bool seenTest(Seen *s, uint64_t key) {
  /* Load up to 3/4 (well-mixed keys, linear probing): this set is kept
   * for the whole run and grows with every match applied. */
  if (4 * (s->n + 1) > 3 * s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 4096;
    uint64_t *k = calloc(cap, sizeof(uint64_t));
    if (!k)
      return false;
    for (size_t i = 0; i < s->cap; ++i)
      if (s->k[i])
        for (size_t j = ariHashMix64(s->k[i]) & (cap - 1);; j = (j + 1) & (cap - 1))
          if (!k[j]) {
            k[j] = s->k[i];
            break;
          }
    free(s->k);
    s->k = k;
    s->cap = cap;
  }
  for (size_t j = ariHashMix64(key) & (s->cap - 1);; j = (j + 1) & (s->cap - 1)) {
    if (s->k[j] == key)
      return true;
    if (!s->k[j]) {
      s->k[j] = key;
      s->n++;
      return false;
    }
  }
}

typedef struct {
  uint16_t rule, alt;
  AriEClass root;
  uint32_t off; /* vars then nodes in the pool */
} Match;

/* Incremental matching (AriEgRunOpts.incremental): which classes an
 * iteration must match in. Snapshot before applying: node and class
 * counts and which classes are canonical; after the rebuild, the classes
 * that got a node or absorbed another are dirty, and so are their
 * ancestors up to `depth` levels (a match rooted higher cannot reach a
 * change). */
typedef struct {
  uint8_t *dirty; /* class -> must be matched; len entries */
  size_t len;
  uint8_t *wasCanon;
  size_t cap;
  uint32_t *frontier, *next;
  size_t capF, capN;
  size_t nodes0, classes0;
  bool snapped; /* a snapshot of this iteration exists */
  bool all;     /* first iteration, or out of memory: match everywhere */
} Dirty;

/* The limits, checked while matching too (see limitDuring): one
 * iteration's matching can take seconds and the tables it fills many MB. */
typedef struct {
  const AriEgRunOpts *o;
  AriEgClockFn clk;
  double t0;
  size_t ticks;   /* matches seen and classes visited */
  AriEgStop stop; /* the limit that stopped it; SATURATED: none */
} Limits;

typedef struct {
  AriEGraph *g;
  Match *m;
  size_t n, cap;
  uint32_t *pool;
  size_t npool, capPool;
  unsigned nvars, nnodes;
  uint16_t rule, alt;
  AriEClass root;
  bool oom;
  Seen *seenMatches;
  size_t fresh;
  const Dirty *dirty;
  Limits *lim;
} Collector;

static size_t runBytes(AriEGraph *g, const Collector *col, const Seen *seen, const Dirty *d);

/* The time limit every 1024 ticks (a clock read), the memory limit every
 * 4096 (counting the graph's bytes walks its classes), both from the first
 * tick (a limit already passed stops the first iteration's matching at
 * once, also on a graph too small for 1024 ticks); true when one is
 * reached, with lim->stop set. `extra`: bytes about to be allocated (a
 * table doubling), counted at once, so that the peak stays at the limit
 * rather than overshooting it by a doubling. */
static bool limitDuring(Collector *c, size_t extra) {
  Limits *l = c->lim;
  const AriEgRunOpts *o = l->o;
  size_t t = ++l->ticks;
  if (o->maxSeconds && (t & 1023) == 1 && l->clk(o->clockCtx) - l->t0 > o->maxSeconds) {
    l->stop = ARI_EG_STOP_TIME;
    return true;
  }
  if (o->maxBytes && (extra || (t & 4095) == 1) &&
      runBytes(c->g, c, c->seenMatches, c->dirty) + extra > o->maxBytes) {
    l->stop = ARI_EG_STOP_MEMORY;
    return true;
  }
  return false;
}

/* Bytes the next insertion into the seen set or the match tables would
 * allocate (a doubling: both tables exist while rehashing or moving). */
static size_t growthBytes(const Collector *c, size_t k) {
  const Seen *s = c->seenMatches;
  size_t b = 0;
  if (4 * (s->n + 1) > 3 * s->cap)
    b += (s->cap ? 2 * s->cap : 4096) * sizeof(uint64_t);
  if (c->n + 1 > c->cap)
    b += (c->cap ? 2 * c->cap : 16) * sizeof(Match);
  if (c->npool + k > c->capPool) {
    size_t n = c->capPool ? c->capPool : 16;
    while (n < c->npool + k)
      n *= 2;
    b += n * sizeof(uint32_t);
  }
  return b;
}

static bool collect(void *ctx, const AriEClass *vars, const AriENode *nodes) {
  Collector *c = ctx;
  size_t k = c->nvars + c->nnodes;
  if (limitDuring(c, c->lim->o->maxBytes ? growthBytes(c, k) : 0))
    return false;
  /* Contexts (egraph_impl.h): the matched root node must be consistent
   * (it may belong to another of its class's contexts: the result is
   * right there, and joins the class as such), every other matched node
   * safe in its class: an unsafe one may use an index that is bound
   * otherwise here, or at another type, and under a binder of the
   * pattern the rule would capture it (mapFission, say, re-binds a body
   * that `x - x` or mapConstGenerate brought from another context). Not
   * recorded as seen: it may become safe as masks shrink. */
  if (c->nnodes && !ariEgNodeConsistent(c->g, nodes[0]))
    return true;
  for (unsigned i = 1; i < c->nnodes; ++i)
    if (!ariEgNodeSafe(c->g, nodes[i], ariEgFind(c->g, c->g->nodes[nodes[i]].cls)))
      return true;
  /* A match seen in an earlier iteration (same rule, same e-nodes, same
   * canonical variable classes) was applied then; egg applies it again,
   * but with extraction-based substitution that only repeats the work.
   * Keyed by a 64-bit hash: a collision would skip one rewrite, never
   * make a wrong one. The key holds each variable class's best cost too:
   * the instantiation uses the best terms, and a class's best term only
   * changes when its cost drops (a tile's zeros that become a generate
   * free of the data, say), so such a match is tried again. */
  uint64_t key = 0x84222325cbf29ce4ULL ^ ((uint64_t)c->rule << 16 | c->alt);
  for (unsigned i = 0; i < c->nvars; ++i) {
    AriEClass v = ariEgFind(c->g, vars[i]);
    uint64_t cost;
    memcpy(&cost, &c->g->classes[v].cost, sizeof cost);
    key = ariHashMix64(key ^ v ^ ariHashMix64(cost)) + i;
  }
  for (unsigned i = 0; i < c->nnodes; ++i)
    key = ariHashMix64(key ^ ((uint64_t)nodes[i] << 1 | 1)) + i;
  if (seenTest(c->seenMatches, key ? key : 1))
    return true;
  c->fresh++;
  if (!ariEgGrow((void **)&c->m, &c->cap, c->n + 1, sizeof(Match)) ||
      !ariEgGrow((void **)&c->pool, &c->capPool, c->npool + k, sizeof(uint32_t))) {
    c->oom = true;
    return false;
  }
  c->m[c->n++] = (Match){c->rule, c->alt, c->root, (uint32_t)c->npool};
  memcpy(c->pool + c->npool, vars, c->nvars * sizeof(uint32_t));
  memcpy(c->pool + c->npool + c->nvars, nodes, c->nnodes * sizeof(uint32_t));
  c->npool += k;
  return true;
}

static size_t bytesNow(AriEGraph *g) { return ariEgBytes(g) + ariTermStoreBytes(g->s); }

/* Applies one match (see the file comment); *changed when the merge joined
 * two classes. The match's terms are freed before returning; the store's
 * error survives for the caller. */
static AriRuleStatus applyMatch(AriEGraph *g, const AriEgRule *r, const Match *m,
                                const uint32_t *vars, bool *changed) {
  const AriEgPattern *p = r->lhs[m->alt];
  unsigned nv = ariEgPatternNumVars(p);
  *changed = false;
  /* Into the iteration's scope (see the file comment). A failure is left
   * for the instantiation to meet (or not, if it fails earlier), so that
   * errors are reported exactly as without this step. */
  bool hadErr = g->hasErr, storeHadErr = ariTermStoreError(g->s)[0] != 0;
  uint64_t unsafe0 = g->bestUnsafe;
  for (unsigned k = 0; k < nv; ++k)
    if (!ariEgExtractBest(g, vars[k])) {
      if (!hadErr)
        ariEgClearError(g);
      if (!storeHadErr)
        ariTermStoreClearError(g->s);
      break;
    }
  /* A variable whose class has no term safe in all its contexts
   * (egraph_impl.h): its best term may be wrong here, so no rewrite. */
  if (g->bestUnsafe != unsafe0)
    return ARI_RULE_NO_MATCH;
  AriTermMark mk = ariTermStoreMark(g->s);
  if (!mk.serial)
    return ARI_RULE_ERROR; /* out of memory, in the store's error */
  AriTerm *t = ariEgInstantiate(g, p, vars, vars + nv), *out = NULL;
  AriRuleStatus st = ARI_RULE_NO_MATCH;
  if (t && g->bestUnsafe != unsafe0)
    ; /* as above (a variable whose extraction failed before) */
  else if (t)
    st = ariRuleApply(&r->inst, g->s, t, &out);
  else if (strstr(ariTermStoreError(g->s), "out of memory") || g->hasErr)
    st = ARI_RULE_ERROR;
  else
    ariTermStoreClearError(g->s);
  if (st == ARI_RULE_APPLIED) {
    bool joined = false; /* a new root node went straight into m->root's class */
    AriEClass c = ariEgAddTermInto(g, out, m->root, &joined);
    if (c == ARI_EG_NONE)
      st = ARI_RULE_ERROR;
    else if (joined)
      *changed = true;
    else if (ariEgClassType(g, c) != ariEgClassType(g, m->root))
      ; /* a rule changing the type is not an equation: ignored */
    else if (!ariEgMerge(g, m->root, c, changed))
      st = ARI_RULE_ERROR;
  }
  if (!ariTermStoreRelease(g->s, mk))
    st = ARI_RULE_ERROR; /* out of memory rebuilding the term table */
  return st;
}

static void dirtySnapshot(AriEGraph *g, Dirty *d) {
  d->nodes0 = g->nnodes;
  d->classes0 = g->nclasses;
  d->snapped = ariEgGrow((void **)&d->wasCanon, &d->cap, g->nclasses + 1, 1);
  for (size_t c = 0; d->snapped && c < g->nclasses; ++c)
    d->wasCanon[c] = g->uf[c] == c;
}

static bool dirtyMark(Dirty *d, uint32_t c, uint32_t **list, size_t *n, size_t *cap) {
  if (d->dirty[c])
    return true;
  d->dirty[c] = 1;
  if (!ariEgGrow((void **)list, cap, *n + 1, sizeof(uint32_t)))
    return false;
  (*list)[(*n)++] = c;
  return true;
}

/* After the rebuild: the classes the next iteration matches in. */
static void dirtyCompute(AriEGraph *g, Dirty *d, unsigned depth) {
  free(d->dirty);
  d->len = g->nclasses;
  d->dirty = d->snapped ? calloc(d->len + 1, 1) : NULL;
  d->all = d->dirty == NULL;
  d->snapped = false;
  if (d->all)
    return;
  size_t nf = 0;
  bool ok = true;
  for (size_t n = d->nodes0; ok && n < g->nnodes; ++n)
    ok = dirtyMark(d, ariEgFind(g, g->nodes[n].cls), &d->frontier, &nf, &d->capF);
  for (size_t c = 0; ok && c < d->classes0; ++c)
    if (d->wasCanon[c] && g->uf[c] != c)
      ok = dirtyMark(d, ariEgFind(g, (AriEClass)c), &d->frontier, &nf, &d->capF);
  for (unsigned lvl = 0; ok && lvl < depth && nf; ++lvl) {
    size_t nn = 0;
    for (size_t i = 0; ok && i < nf; ++i) {
      const AriEgVec *ps = &g->classes[ariEgFind(g, d->frontier[i])].parents;
      for (uint32_t j = 0; ok && j < ps->n; ++j)
        ok = dirtyMark(d, ariEgFind(g, g->nodes[ps->v[j]].cls), &d->next, &nn, &d->capN);
    }
    uint32_t *t = d->frontier;
    d->frontier = d->next;
    d->next = t;
    size_t tc = d->capF;
    d->capF = d->capN;
    d->capN = tc;
    nf = nn;
  }
  d->all = !ok;
}

static bool dirtyNeeds(const Dirty *d, size_t c) { return d->all || c >= d->len || d->dirty[c]; }

/* What the memory limit and the report count: the graph, the store, and
 * the runner's own tables (the matches of an iteration and every match
 * key seen, 8 bytes each at load <= 3/4: with the terms freed, the seen
 * set is often the largest of them). */
static size_t runBytes(AriEGraph *g, const Collector *col, const Seen *seen, const Dirty *d) {
  return bytesNow(g) + seen->cap * sizeof(uint64_t) + col->cap * sizeof(Match) +
         col->capPool * sizeof(uint32_t) + d->len + d->cap + (d->capF + d->capN) * sizeof(uint32_t);
}

bool ariEgRun(AriEGraph *g, AriEClass root, const AriEgRule *rules, size_t nrules,
              const AriEgRunOpts *o, AriEgReport *rep) {
  memset(rep, 0, sizeof *rep);
  AriEgClockFn clk = o->clock ? o->clock : monotonic;
  double t0 = clk(o->clockCtx);
  Seen seenMatches = {0};
  Dirty dirty = {.all = true};
  Limits lim = {.o = o, .clk = clk, .t0 = t0, .stop = ARI_EG_STOP_SATURATED};
  Collector col = {.g = g, .seenMatches = &seenMatches, .dirty = &dirty, .lim = &lim};
  unsigned depth = 0; /* the largest pattern's node count: a bound on its depth */
  for (size_t r = 0; r < nrules; ++r)
    for (unsigned a = 0; a < rules[r].nalts; ++a)
      if (ariEgPatternNumNodes(rules[r].lhs[a]) > depth)
        depth = ariEgPatternNumNodes(rules[r].lhs[a]);
  AriEgStop stop = ARI_EG_STOP_SATURATED;
  bool done = false;
  size_t peak = 0; /* graph + store at their largest seen */
  if (ariEgFind(g, root) == ARI_EG_NONE) {
    ariEgFail(g, "egraph: no such root class");
    stop = ARI_EG_STOP_ERROR;
    done = true;
  } else if (!ariEgRebuild(g)) {
    stop = ARI_EG_STOP_ERROR;
    done = true;
  }
  if (!done && o->goal && o->goal(o->goalCtx, g, ariEgFind(g, root))) {
    stop = ARI_EG_STOP_GOAL;
    done = true;
  }
  while (!done) {
    if (o->maxIterations && rep->iterations >= o->maxIterations) {
      stop = ARI_EG_STOP_ITERATIONS;
      break;
    }
    /* 1. collect every match */
    col.n = col.npool = 0;
    bool limited = false; /* a limit reached while matching */
    for (size_t r = 0; r < nrules && !col.oom && !limited; ++r)
      for (unsigned a = 0; a < rules[r].nalts && !col.oom && !limited; ++a) {
        col.rule = (uint16_t)r;
        col.alt = (uint16_t)a;
        col.nvars = ariEgPatternNumVars(rules[r].lhs[a]);
        col.nnodes = ariEgPatternNumNodes(rules[r].lhs[a]);
        for (size_t c = 0; c < g->nclasses && !col.oom && !limited; ++c) {
          if (g->uf[c] != c || !dirtyNeeds(&dirty, c))
            continue;
          col.root = (AriEClass)c;
          ariEgMatch(g, rules[r].lhs[a], (AriEClass)c, collect, &col);
          limited = lim.stop != ARI_EG_STOP_SATURATED || limitDuring(&col, 0);
        }
      }
    if (col.oom) {
      ariEgFail(g, "egraph: out of memory collecting matches");
      stop = ARI_EG_STOP_ERROR;
      break;
    }
    /* Stopped while matching: nothing of this iteration was applied, the
     * graph is as the last rebuild left it, and its best term the result. */
    if (limited) {
      size_t b = runBytes(g, &col, &seenMatches, &dirty);
      if (b > peak)
        peak = b;
      stop = lim.stop;
      break;
    }
    rep->matches += col.n; /* new matches only */
    rep->iterations++;
    /* 2. apply them all, in the iteration's scope */
    bool changedAny = false;
    if (o->incremental)
      dirtySnapshot(g, &dirty);
    AriTermMark iterMark = ariTermStoreMark(g->s);
    if (!iterMark.serial) {
      stop = ARI_EG_STOP_MEMORY;
      break;
    }
    for (size_t i = 0; i < col.n && !done; ++i) {
      const Match *m = &col.m[i];
      const AriEgRule *r = &rules[m->rule];
      bool changed = false;
      AriRuleStatus st = applyMatch(g, r, m, col.pool + m->off, &changed);
      if (changed) {
        rep->applied++;
        changedAny = true;
      }
      if (st == ARI_RULE_ERROR) {
        bool mem = strstr(ariTermStoreError(g->s), "out of memory") != NULL;
        if (!mem && !g->hasErr)
          ariEgFail(g, "%s: %s", r->name, ariTermStoreError(g->s));
        stop = mem ? ARI_EG_STOP_MEMORY : ARI_EG_STOP_ERROR;
        done = true;
        break;
      }
      if (o->maxNodes && g->liveNodes >= o->maxNodes) {
        stop = ARI_EG_STOP_NODES;
        done = true;
      } else if ((i & 255) == 255 && o->maxSeconds && clk(o->clockCtx) - t0 > o->maxSeconds) {
        stop = ARI_EG_STOP_TIME;
        done = true;
      } else if ((i & 255) == 255 && o->maxBytes &&
                 runBytes(g, &col, &seenMatches, &dirty) > o->maxBytes) {
        stop = ARI_EG_STOP_MEMORY;
        done = true;
      }
    }
    /* The iteration's peak: its scope holds the extracted terms now. */
    size_t b = runBytes(g, &col, &seenMatches, &dirty);
    if (b > peak)
      peak = b;
    if (!ariTermStoreRelease(g->s, iterMark) && stop != ARI_EG_STOP_ERROR) {
      stop = ARI_EG_STOP_MEMORY; /* out of memory rebuilding the term table */
      done = true;
    }
    /* 3. rebuild */
    double r0 = clk(o->clockCtx);
    if (stop != ARI_EG_STOP_ERROR && !ariEgRebuild(g)) {
      stop = ARI_EG_STOP_ERROR;
      done = true;
    }
    rep->rebuildSeconds += clk(o->clockCtx) - r0;
    if (o->progress && stop != ARI_EG_STOP_ERROR) {
      AriEgProgress pr = {rep->iterations, g->liveNodes, g->liveClasses, rep->applied,
                          runBytes(g, &col, &seenMatches, &dirty), clk(o->clockCtx) - t0};
      o->progress(o->progressCtx, &pr);
    }
    if (done)
      break;
    if (o->incremental)
      dirtyCompute(g, &dirty, depth);
    if (!changedAny) {
      stop = ARI_EG_STOP_SATURATED;
      break;
    }
    if (o->goal && o->goal(o->goalCtx, g, ariEgFind(g, root))) {
      stop = ARI_EG_STOP_GOAL;
      break;
    }
    if (o->maxNodes && g->liveNodes >= o->maxNodes) {
      stop = ARI_EG_STOP_NODES;
      break;
    }
    if (o->maxSeconds && clk(o->clockCtx) - t0 > o->maxSeconds) {
      stop = ARI_EG_STOP_TIME;
      break;
    }
    if (o->maxBytes && runBytes(g, &col, &seenMatches, &dirty) > o->maxBytes) {
      stop = ARI_EG_STOP_MEMORY;
      break;
    }
  }
  free(col.m);
  free(col.pool);
  free(seenMatches.k);
  free(dirty.dirty);
  free(dirty.wasCanon);
  free(dirty.frontier);
  free(dirty.next);
  rep->stop = stop;
  rep->seconds = clk(o->clockCtx) - t0;
  rep->nodes = g->liveNodes;
  rep->classes = g->liveClasses;
  if (stop != ARI_EG_STOP_ERROR && g->pending.n == 0 && ariEgFind(g, root) != ARI_EG_NONE)
    rep->best = ariEgExtract(g, root, o->cost, o->costCtx, &rep->bestCost);
  rep->bytes = bytesNow(g); /* the runner's tables are freed by now */
  if (peak > rep->bytes)
    rep->bytes = peak;
  if (stop == ARI_EG_STOP_ERROR || !rep->best)
    snprintf(rep->error, sizeof rep->error, "%s", ariEgError(g));
  return stop != ARI_EG_STOP_ERROR;
}
