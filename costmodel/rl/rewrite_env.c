/*===- costmodel/rl/rewrite_env.c - X-RLflow's rewrite-selection environment -===*/

#include "costmodel/rl/rewrite_env.h"

#include "search/term/term_path.h"

#include "utils/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/*=== The environment ========================================================*/

struct AriRwEnv {
  AriTermStore *s;
  const AriAStarRule *rules;
  size_t nrules;
  AriAStarCostFn cost;
  void *costCtx;
  AriTerm *const *programs;
  unsigned n;
  AriRwEnvOptions o;
  int fixed;
  unsigned program; /* the episode's: an index into programs */
  AriTerm *cur;
  double c0, c;
  double scale; /* c0, or 1 for a program of cost 0 */
  unsigned steps;
  /* measured rewards (rewrite_env.h): the input's runtime, the potential
   * of cur, the last measured state's potential and model cost, and
   * whether cur itself was measured */
  bool measuring;
  double rt0, phi, phiM, cM;
  bool curMeasured;
  uint64_t asked, failed;
  AriArena obsArena; /* observations, until release */
  AriRwObs *obs;     /* of cur, NULL until observed */
  char info[256];
  char err[256];
};

AriRwEnv *ariRwEnvCreate(AriTermStore *s, const AriAStarRule *rules, size_t nrules,
                         AriAStarCostFn cost, void *costCtx, AriTerm *const *programs,
                         unsigned n, const AriRwEnvOptions *opts, char *err, size_t errCap) {
  if (!n) {
    ariFailf(err, errCap, "no programs");
    return NULL;
  }
  if (!nrules) {
    ariFailf(err, errCap, "no rules");
    return NULL;
  }
  AriRwEnv *e = calloc(1, sizeof *e);
  if (!e) {
    ariFailf(err, errCap, "out of memory");
    return NULL;
  }
  e->s = s;
  e->rules = rules;
  e->nrules = nrules;
  e->cost = cost;
  e->costCtx = costCtx;
  e->programs = programs;
  e->n = n;
  if (opts)
    e->o = *opts;
  if (!e->o.horizon)
    e->o.horizon = 10;
  if (!e->o.maxCandidates)
    e->o.maxCandidates = 256;
  if (e->o.maxCandidates >= ARI_PPO_MAX_ACTIONS)
    e->o.maxCandidates = ARI_PPO_MAX_ACTIONS - 1;
  if (!e->o.maxPositions)
    e->o.maxPositions = 4096;
  if (e->o.measureEvery && !e->o.measure) {
    ariFailf(err, errCap, "measured rewards every %u steps need a measuring function",
             e->o.measureEvery);
    free(e);
    return NULL;
  }
  e->fixed = -1;
  ariArenaInit(&e->obsArena, 0);
  return e;
}

void ariRwEnvDestroy(AriRwEnv *e) {
  if (!e)
    return;
  ariArenaDestroy(&e->obsArena);
  free(e);
}

void ariRwEnvSetProgram(AriRwEnv *e, int i) { e->fixed = i >= 0 && (unsigned)i < e->n ? i : -1; }

AriTerm *ariRwEnvCurrent(const AriRwEnv *e, double *cost, double *inputCost, unsigned *steps) {
  if (cost)
    *cost = e->c;
  if (inputCost)
    *inputCost = e->c0;
  if (steps)
    *steps = e->steps;
  return e->cur;
}

unsigned ariRwEnvProgram(const AriRwEnv *e) { return e->program; }

void ariRwEnvMeasureCounts(const AriRwEnv *e, uint64_t *asked, uint64_t *failed) {
  if (asked)
    *asked = e->asked;
  if (failed)
    *failed = e->failed;
}

/* Measures cur (once per state) and sets its potential: 1 measured, 0 not
 * measurable (the estimate stays), -1 error. */
static int measureCur(AriRwEnv *e, char *err, size_t cap) {
  if (!e->measuring || e->curMeasured)
    return 1;
  double rt;
  e->asked++;
  int r = e->o.measure(e->o.measureCtx, e->program, e->cur, &rt, err, cap);
  if (r < 0)
    return -1;
  e->curMeasured = true; /* asked once, whatever it gave */
  if (r == 0 || !isfinite(rt) || rt <= 0) {
    e->failed++;
    return 0;
  }
  e->phi = e->phiM = -log(rt / e->rt0);
  e->cM = e->c;
  return 1;
}

/* The potential of a state of cost c that was not measured (rewrite_env.h):
 * the last measured state's, less the model's log ratio (its relative
 * change where a cost is 0). */
static double estimate(const AriRwEnv *e, double c) {
  if (c > 0 && e->cM > 0)
    return e->phiM - log(c / e->cM);
  return e->phiM - (c - e->cM) / e->scale;
}

static bool envReset(void *self, AriNnRng *rng, char *err, size_t cap) {
  AriRwEnv *e = self;
  unsigned i = e->fixed >= 0 ? (unsigned)e->fixed : (unsigned)(ariNnRngNext(rng) % e->n);
  e->program = i;
  e->cur = e->programs[i];
  e->c0 = e->c = e->cost(e->costCtx, e->cur);
  e->steps = 0;
  e->obs = NULL;
  if (!isfinite(e->c0) || e->c0 < 0)
    return ariFailf(err, cap, "program %u has cost %g: rewards need a finite cost >= 0", i, e->c0);
  e->scale = e->c0 > 0 ? e->c0 : 1;
  e->measuring = false;
  e->curMeasured = false;
  e->phi = e->phiM = 0; /* the potentials of measured rewards */
  e->cM = e->c0;
  if (e->o.measureEvery) {
    double rt;
    e->asked++;
    int r = e->o.measure(e->o.measureCtx, i, e->cur, &rt, err, cap);
    if (r < 0)
      return false;
    if (r == 0 || !isfinite(rt) || rt <= 0) {
      e->failed++; /* this episode runs on the model's estimates alone */
    } else {
      e->measuring = e->curMeasured = true;
      e->rt0 = rt;
    }
  }
  return true;
}

/* Candidate collection during a walk. */
typedef struct Collect {
  AriRwEnv *e;
  AriTerm **terms;
  unsigned *rule;
  unsigned n, cap;
  bool oom;
} Collect;

static bool atLocation(void *ctx, AriTerm *const *chain, const uint32_t *path, unsigned len) {
  Collect *c = ctx;
  AriRwEnv *e = c->e;
  for (size_t i = 0; i < e->nrules && c->n < c->cap; ++i) {
    AriTerm *out = NULL;
    AriRuleStatus st = ariRuleApply(&e->rules[i].inst, e->s, chain[len], &out);
    if (st == ARI_RULE_ERROR) {
      c->oom = true;
      return false;
    }
    if (st != ARI_RULE_APPLIED)
      continue;
    AriTerm *t = ariTermReplaceAt(e->s, chain, path, len, out);
    if (!t) {
      if (strstr(ariTermStoreError(e->s), "out of memory")) {
        c->oom = true;
        return false;
      }
      ariTermStoreClearError(e->s);
      continue;
    }
    if (t == chain[0])
      continue;
    bool seen = false; /* hash-consed: one term, one pointer */
    for (unsigned k = 1; k < c->n && !seen; ++k)
      seen = c->terms[k] == t;
    if (seen || !isfinite(e->cost(e->costCtx, t)))
      continue;
    c->terms[c->n] = t;
    c->rule[c->n++] = (unsigned)i;
  }
  return c->n < c->cap;
}

/* The observation of the current state (built once per state). */
static AriRwObs *observeNow(AriRwEnv *e) {
  if (e->obs)
    return e->obs;
  unsigned cap = e->o.maxCandidates + 1;
  AriRwObs *o = ariArenaCalloc(&e->obsArena, sizeof *o);
  AriTerm **terms = ariArenaAlloc(&e->obsArena, sizeof *terms * cap);
  unsigned *rule = ariArenaAlloc(&e->obsArena, sizeof *rule * cap);
  if (!o || !terms || !rule)
    return NULL;
  Collect c = {e, terms, rule, 1, cap, false};
  terms[0] = e->cur;
  rule[0] = (unsigned)e->nrules;
  if (e->steps < e->o.horizon)
    ariTermWalk(e->cur, e->o.maxPositions, ARI_ASTAR_MAX_PATH, atLocation, &c);
  if (c.oom)
    return NULL;
  float *delta = ariArenaAlloc(&e->obsArena, sizeof *delta * c.n);
  if (!delta)
    return NULL;
  for (unsigned k = 0; k < c.n; ++k)
    delta[k] = (float)((e->cost(e->costCtx, terms[k]) - e->c) / e->scale);
  o->state = e->cur;
  o->n = c.n;
  o->cands = terms;
  o->rule = rule;
  o->delta = delta;
  o->stepsLeftFrac = (float)(e->o.horizon - e->steps) / (float)e->o.horizon;
  o->progress = (float)((e->c - e->c0) / e->scale);
  e->obs = o;
  return o;
}

static const void *envObserve(void *self) { return observeNow(self); }

static unsigned envNumActions(void *self) {
  AriRwObs *o = observeNow(self);
  return o ? o->n : 0; /* 0: the trainer reports the failure */
}

static void envMask(void *self, unsigned char *mask) {
  AriRwObs *o = observeNow(self);
  for (unsigned k = 0; o && k < o->n; ++k)
    mask[k] = 1;
}

static bool envStep(void *self, unsigned a, float *reward, bool *done, char *err, size_t cap) {
  AriRwEnv *e = self;
  AriRwObs *o = observeNow(e);
  if (!o)
    return ariFailf(err, cap, "out of memory enumerating rewrites: %s", ariTermStoreError(e->s));
  if (a >= o->n)
    return ariFailf(err, cap, "action %u of %u", a, o->n);
  *reward = 0;
  if (a == 0) {
    *done = true;
    double before = e->phi; /* the episode ends here: measure its program */
    if (measureCur(e, err, cap) < 0)
      return false;
    *reward = (float)(e->phi - before);
    return true;
  }
  double c = e->cost(e->costCtx, o->cands[a]);
  e->cur = o->cands[a];
  e->steps++;
  e->obs = NULL;
  *done = e->steps >= e->o.horizon;
  if (!e->o.measureEvery) {
    *reward = (float)((e->c - c) / e->scale);
    e->c = c;
    return true;
  }
  double before = e->phi;
  e->c = c;
  e->phi = estimate(e, c);
  e->curMeasured = false;
  if ((e->steps % e->o.measureEvery == 0 || *done) && measureCur(e, err, cap) < 0)
    return false;
  *reward = (float)(e->phi - before);
  return true;
}

static const char *envInfo(void *self) {
  AriRwEnv *e = self;
  if (e->measuring)
    snprintf(e->info, sizeof e->info, "program %u: cost %g -> %g, runtime %g -> %g%s in %u steps",
             e->program, e->c0, e->c, e->rt0, e->rt0 * exp(-e->phi),
             e->curMeasured ? "" : " (estimated)", e->steps);
  else
    snprintf(e->info, sizeof e->info, "program %u: cost %g -> %g in %u steps", e->program, e->c0,
             e->c, e->steps);
  return e->info;
}

static void envRelease(void *self) {
  AriRwEnv *e = self;
  ariArenaRecycle(&e->obsArena);
  e->obs = NULL;
}

AriRlEnv ariRwEnvGym(AriRwEnv *e) {
  AriRlEnv g = {e, envReset, envObserve, envNumActions, envMask, envStep, envInfo, envRelease};
  return g;
}

/*=== The policy ================================================================*/

struct AriRwPolicy {
  AriNnParams ps;
  unsigned d, T, h, nrules;
  AriRwGraph graph;
  AriNnParam *emb, *ws, *wu, *wd, *b;          /* message passing */
  AriNnParam *wa, *asrc, *adst, *ba;           /* graph attention */
  AriNnParam *wc, *wg, *wf, *ruleEmb, *bc, *wo; /* candidate scores */
  AriNnParam *wv, *wvf, *bv, *wv2, *bv2;       /* value */
  AriArena scratch;
};

AriRwPolicy *ariRwPolicyCreate(unsigned d, unsigned T, unsigned h, unsigned nrules,
                               AriRwGraph graph, uint64_t seed, char *err, size_t errCap) {
  if (graph != ARI_RW_GRAPH_MP && graph != ARI_RW_GRAPH_GAT) {
    ariFailf(err, errCap, "unknown graph layers %u (0: message passing, 1: attention)",
             (unsigned)graph);
    return NULL;
  }
  if (d < 1 || d > 1024 || T < 1 || T > 16 || h < 1 || h > 1024 || nrules > 65536) {
    ariFailf(err, errCap, "bad policy shape d %u, T %u, h %u, %u rules (d, h in 1..1024, T in 1..16)",
          d, T, h, nrules);
    return NULL;
  }
  AriRwPolicy *p = calloc(1, sizeof *p);
  if (!p) {
    ariFailf(err, errCap, "out of memory");
    return NULL;
  }
  p->d = d, p->T = T, p->h = h, p->nrules = nrules, p->graph = graph;
  ariNnParamsInit(&p->ps);
  ariArenaInit(&p->scratch, 0);
  AriNnRng rng = {seed};
  AriNnParams *ps = &p->ps;
  p->emb = ariNnParamNew(ps, "emb", ARI_RW_VOCAB, d, ARI_NN_INIT_EMBED, &rng);
  if (graph == ARI_RW_GRAPH_MP) {
    p->ws = ariNnParamNew(ps, "ws", d, d, ARI_NN_INIT_GLOROT, &rng);
    p->wu = ariNnParamNew(ps, "wu", d, d, ARI_NN_INIT_GLOROT, &rng);
    p->wd = ariNnParamNew(ps, "wd", d, d, ARI_NN_INIT_GLOROT, &rng);
    p->b = ariNnParamNew(ps, "b", 1, d, ARI_NN_INIT_ZERO, &rng);
  } else {
    p->wa = ariNnParamNew(ps, "gat.w", d, d, ARI_NN_INIT_GLOROT, &rng);
    p->asrc = ariNnParamNew(ps, "gat.asrc", d, 1, ARI_NN_INIT_GLOROT, &rng);
    p->adst = ariNnParamNew(ps, "gat.adst", d, 1, ARI_NN_INIT_GLOROT, &rng);
    p->ba = ariNnParamNew(ps, "gat.b", 1, d, ARI_NN_INIT_ZERO, &rng);
  }
  p->wc = ariNnParamNew(ps, "wc", d, h, ARI_NN_INIT_GLOROT, &rng);
  p->wg = ariNnParamNew(ps, "wg", d, h, ARI_NN_INIT_GLOROT, &rng);
  p->wf = ariNnParamNew(ps, "wf", 2, h, ARI_NN_INIT_GLOROT, &rng);
  p->ruleEmb = ariNnParamNew(ps, "rule", nrules + 1, h, ARI_NN_INIT_EMBED, &rng);
  p->bc = ariNnParamNew(ps, "bc", 1, h, ARI_NN_INIT_ZERO, &rng);
  p->wo = ariNnParamNew(ps, "wo", h, 1, ARI_NN_INIT_GLOROT, &rng);
  p->wv = ariNnParamNew(ps, "wv", d, h, ARI_NN_INIT_GLOROT, &rng);
  p->wvf = ariNnParamNew(ps, "wvf", 2, h, ARI_NN_INIT_GLOROT, &rng);
  p->bv = ariNnParamNew(ps, "bv", 1, h, ARI_NN_INIT_ZERO, &rng);
  p->wv2 = ariNnParamNew(ps, "wv2", h, 1, ARI_NN_INIT_GLOROT, &rng);
  p->bv2 = ariNnParamNew(ps, "bv2", 1, 1, ARI_NN_INIT_ZERO, &rng);
  if (!p->bv2) {
    ariFailf(err, errCap, "out of memory for the policy's parameters");
    ariRwPolicyDestroy(p);
    return NULL;
  }
  /* A small output layer: the first policy is close to uniform, so early
   * rollouts explore (as the chain of test/costmodel/ppo_test.c needs). */
  for (unsigned i = 0; i < h; ++i)
    p->wo->v[i] *= 0.01f;
  return p;
}

void ariRwPolicyDestroy(AriRwPolicy *p) {
  if (!p)
    return;
  ariNnParamsDestroy(&p->ps);
  ariArenaDestroy(&p->scratch);
  free(p);
}

void ariRwPolicyShape(const AriRwPolicy *p, uint32_t shape[5]) {
  shape[0] = p->d, shape[1] = p->T, shape[2] = p->h, shape[3] = p->nrules;
  shape[4] = (uint32_t)p->graph;
}

static uint32_t fnv(uint32_t h, const void *data, size_t n) {
  const unsigned char *b = data;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ b[i]) * 16777619u;
  return h;
}

/* A node's token: its kind, symbols and attributes hashed by their text
 * (not by store ids, so that a checkpoint reads the same in another run). */
static unsigned token(const AriTerm *t) {
  uint32_t h = 2166136261u;
  const char *k = ariTermKindName(ariTermKind(t));
  h = fnv(h, k, strlen(k));
  const AriSym *y = ariTermSym(t), *y2 = ariTermSym2(t);
  if (y)
    h = fnv(h, ariSymStr(y), ariSymLen(y));
  h = fnv(h, "|", 1);
  if (y2)
    h = fnv(h, ariSymStr(y2), ariSymLen(y2));
  for (unsigned i = 0; i < ariTermNumAttrs(t); ++i) {
    int64_t a = ariTermAttr(t, i);
    h = fnv(h, &a, sizeof a);
  }
  return h % ARI_RW_VOCAB;
}

typedef struct Graph {
  unsigned *tok, *parent, *graph, *kid, *kidParent;
  unsigned n, e, cap;
} Graph;

/* Appends t's occurrence tree (pre-order, at most ARI_RW_MAX_NODES nodes) as
 * graph g. */
static bool addTree(Graph *G, AriArena *a, AriTerm *t, unsigned g) {
  typedef struct Item {
    AriTerm *t;
    unsigned parent;
  } Item;
  Item stack[ARI_RW_MAX_NODES];
  unsigned sp = 0, count = 0;
  stack[sp++] = (Item){t, ~0u};
  while (sp && count < ARI_RW_MAX_NODES) {
    Item it = stack[--sp];
    if (G->n == G->cap) {
      unsigned nc = G->cap ? 2 * G->cap : 1024;
      unsigned **arrs[5] = {&G->tok, &G->parent, &G->graph, &G->kid, &G->kidParent};
      for (int i = 0; i < 5; ++i) {
        unsigned *x = ariArenaAlloc(a, sizeof(unsigned) * nc);
        if (!x)
          return false;
        if (G->n)
          memcpy(x, *arrs[i], sizeof(unsigned) * G->n);
        *arrs[i] = x;
      }
      G->cap = nc;
    }
    unsigned id = G->n++;
    count++;
    G->tok[id] = token(it.t);
    G->graph[id] = g;
    G->parent[id] = it.parent == ~0u ? id : it.parent;
    if (it.parent != ~0u) {
      G->kid[G->e] = id;
      G->kidParent[G->e++] = it.parent;
    }
    unsigned nk = ariTermNumKids(it.t);
    /* children pushed last-first: popped in order (pre-order) */
    for (unsigned k = nk; k-- > 0;)
      if (sp < ARI_RW_MAX_NODES)
        stack[sp++] = (Item){ariTermKid(it.t, k), id};
  }
  return true;
}

/* The GAT rounds (see rewrite_env.h) over G's trees: each node's incoming
 * edges are its self loop, its parent and its kids. */
static AriNnVar *attention(AriRwPolicy *p, AriNnTape *t, const Graph *G, AriNnVar *h) {
  unsigned E = G->n + 2 * G->e, d = p->d;
  unsigned *src = ariArenaAlloc(&p->scratch, sizeof(unsigned) * E);
  unsigned *dst = ariArenaAlloc(&p->scratch, sizeof(unsigned) * E);
  float *ones = ariArenaAlloc(&p->scratch, sizeof(float) * d);
  if (!src || !dst || !ones)
    return NULL;
  unsigned k = 0;
  for (unsigned i = 0; i < G->n; ++i)
    src[k] = i, dst[k++] = i;
  for (unsigned j = 0; j < G->e; ++j) {
    src[k] = G->kid[j], dst[k++] = G->kidParent[j]; /* kid -> parent */
    src[k] = G->kidParent[j], dst[k++] = G->kid[j]; /* parent -> kid */
  }
  for (unsigned j = 0; j < d; ++j)
    ones[j] = 1;
  AriNnVar *spread = ariNnInput(t, 1, d, ones); /* an E x 1 column to E x d */
#define P(x) ariNnParamVar(t, p->x)
  for (unsigned r = 0; r < p->T; ++r) {
    AriNnVar *z = ariNnMatmul(t, h, P(wa));
    AriNnVar *e = ariNnAdd(t, ariNnGather(t, ariNnMatmul(t, z, P(adst)), dst, E),
                           ariNnGather(t, ariNnMatmul(t, z, P(asrc)), src, E));
    /* LeakyReLU(x) = relu(x) - 0.2 relu(-x) */
    e = ariNnSub(t, ariNnRelu(t, e), ariNnScale(t, ariNnRelu(t, ariNnScale(t, e, -1)), 0.2f));
    AriNnVar *alpha = ariNnSegSoftmax(t, e, dst, G->n);
    AriNnVar *m = ariNnMul(t, ariNnGather(t, z, src, E), ariNnMatmul(t, alpha, spread));
    h = ariNnTanh(t, ariNnAdd(t, ariNnSegSum(t, m, dst, G->n), P(ba)));
  }
#undef P
  return h;
}

static bool policyForward(void *self, AriNnTape *t, const void *obsv, unsigned n,
                          AriNnVar **logits, AriNnVar **value) {
  AriRwPolicy *p = self;
  const AriRwObs *o = obsv;
  if (!o || o->n != n)
    return false;
  ariArenaRecycle(&p->scratch);
  Graph G = {0};
  for (unsigned k = 0; k < n; ++k)
    if (!addTree(&G, &p->scratch, o->cands[k], k))
      return false;
#define P(x) ariNnParamVar(t, p->x)
  AriNnVar *h = ariNnGather(t, P(emb), G.tok, G.n);
  if (p->graph == ARI_RW_GRAPH_GAT) {
    h = attention(p, t, &G, h);
    if (!h)
      return false;
  }
  for (unsigned r = 0; p->graph == ARI_RW_GRAPH_MP && r < p->T; ++r) {
    AriNnVar *pre = ariNnAdd(t, ariNnMatmul(t, h, P(ws)),
                             ariNnMatmul(t, ariNnGather(t, h, G.parent, G.n), P(wd)));
    if (G.e) {
      AriNnVar *up = ariNnSegSum(t, ariNnGather(t, h, G.kid, G.e), G.kidParent, G.n);
      pre = ariNnAdd(t, pre, ariNnMatmul(t, up, P(wu)));
    }
    h = ariNnTanh(t, ariNnAdd(t, pre, P(b)));
  }
  AriNnVar *g = ariNnScale(t, ariNnSegSum(t, h, G.graph, n), 1.0f / 16);
  unsigned zero = 0;
  AriNnVar *gs = ariNnGather(t, g, &zero, 1);
  float *f = ariArenaAlloc(&p->scratch, sizeof(float) * 2 * n);
  if (!f)
    return false;
  for (unsigned k = 0; k < n; ++k) {
    f[2 * k] = 10 * o->delta[k];
    f[2 * k + 1] = o->stepsLeftFrac;
  }
  AriNnVar *hc = ariNnMatmul(t, ariNnSub(t, g, gs), P(wc));
  hc = ariNnAdd(t, hc, ariNnMatmul(t, gs, P(wg)));
  hc = ariNnAdd(t, hc, ariNnMatmul(t, ariNnInput(t, n, 2, f), P(wf)));
  hc = ariNnAdd(t, hc, ariNnGather(t, P(ruleEmb), o->rule, n));
  hc = ariNnRelu(t, ariNnAdd(t, hc, P(bc)));
  *logits = ariNnReshape(t, ariNnMatmul(t, hc, P(wo)), 1, n);
  float fs[2] = {10 * o->progress, o->stepsLeftFrac};
  AriNnVar *hv = ariNnAdd(t, ariNnMatmul(t, gs, P(wv)), ariNnMatmul(t, ariNnInput(t, 1, 2, fs), P(wvf)));
  hv = ariNnRelu(t, ariNnAdd(t, hv, P(bv)));
  *value = ariNnAdd(t, ariNnMatmul(t, hv, P(wv2)), P(bv2));
#undef P
  return *logits && *value;
}

AriRlPolicy ariRwPolicyGym(AriRwPolicy *p) {
  AriRlPolicy g = {p, &p->ps, policyForward};
  return g;
}
