/*===- costmodel/rl/pass_env.c - XLA-RL's pass-ordering environment -------===*/

#include "costmodel/rl/pass_env.h"

#include "utils/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const ariPassEnvDefaultTexts[ARI_PASS_ENV_NUM_DEFAULT] = {
    "actFusePipeline",  "actSeparate",           "actChunkLines(4)", "actChunkLines(16)",
    "actVectorizeReductions(4)", "actSlidingWindow", "normalize(beta <+ eta)", "fuse",
    "parOuter",         "unrollReductions",
};

bool ariPassEnvActions(AriStratProgram *p, AriStratRise *host, const char *const *texts,
                       unsigned n, AriArena *arena, AriBeamAction **actions, char *err,
                       size_t errCap) {
  AriBeamAction *a = ariArenaCalloc(arena, sizeof *a * (n ? n : 1));
  if (!a)
    return ariFailf(err, errCap, "out of memory");
  for (unsigned i = 0; i < n; ++i) {
    AriStratDiag d;
    AriStratExpr *x = ariStratParseExpr(p, "pass", texts[i], strlen(texts[i]), &d);
    if (!x || !ariStratBind(p, x, ariStratRiseHost(host), &d)) {
      char msg[512];
      ariStratDiagFormat(&d, msg, sizeof msg);
      return ariFailf(err, errCap, "pass '%s': %s", texts[i], msg);
    }
    a[i].text = texts[i];
    a[i].expr = x;
  }
  *actions = a;
  return true;
}

struct AriPassEnv {
  AriTermStore *s;
  AriStratRise *host;
  const AriStratProgram *p;
  const AriBeamAction *actions;
  unsigned na;
  AriBeamScoreFn score;
  void *scoreCtx;
  const AriTermFunc *const *programs;
  unsigned n, horizon;
  int fixed;
  AriTermFunc cur;   /* roots in funcArena */
  double c0, c, scale;
  unsigned steps;
  AriArena funcArena; /* observations and functions, until release */
  AriArena scratch;   /* the strategy engine's */
  AriRwObs *obs;      /* of cur, NULL until observed */
  AriTermFunc *cands; /* na + 1, of obs */
  unsigned char *legal;
  double *costs;
  char info[256];
};

AriPassEnv *ariPassEnvCreate(AriTermStore *s, AriStratRise *host, const AriStratProgram *p,
                             const AriBeamAction *actions, unsigned na, AriBeamScoreFn score,
                             void *scoreCtx, const AriTermFunc *const *programs, unsigned n,
                             unsigned horizon, char *err, size_t errCap) {
  if (!n || !na || na + 1 > ARI_PPO_MAX_ACTIONS) {
    ariFailf(err, errCap, "%u programs, %u passes (need >= 1 of each, passes < %d)", n, na,
             ARI_PPO_MAX_ACTIONS);
    return NULL;
  }
  AriPassEnv *e = calloc(1, sizeof *e);
  if (!e) {
    ariFailf(err, errCap, "out of memory");
    return NULL;
  }
  e->s = s, e->host = host, e->p = p, e->actions = actions, e->na = na;
  e->score = score, e->scoreCtx = scoreCtx, e->programs = programs, e->n = n;
  e->horizon = horizon ? horizon : na;
  e->fixed = -1;
  ariArenaInit(&e->funcArena, 0);
  ariArenaInit(&e->scratch, 0);
  return e;
}

void ariPassEnvDestroy(AriPassEnv *e) {
  if (!e)
    return;
  ariArenaDestroy(&e->funcArena);
  ariArenaDestroy(&e->scratch);
  free(e);
}

void ariPassEnvSetProgram(AriPassEnv *e, int i) {
  e->fixed = i >= 0 && (unsigned)i < e->n ? i : -1;
}

const AriTermFunc *ariPassEnvCurrent(const AriPassEnv *e, double *cost, double *inputCost,
                                     unsigned *steps) {
  if (cost)
    *cost = e->c;
  if (inputCost)
    *inputCost = e->c0;
  if (steps)
    *steps = e->steps;
  return &e->cur;
}

static bool scoreOne(AriPassEnv *e, const AriTermFunc *f, double *c, char *err, size_t cap) {
  return e->score(e->scoreCtx, e->s, &f, 1, c, err, cap);
}

static bool envReset(void *self, AriNnRng *rng, char *err, size_t cap) {
  AriPassEnv *e = self;
  unsigned i = e->fixed >= 0 ? (unsigned)e->fixed : (unsigned)(ariNnRngNext(rng) % e->n);
  e->obs = NULL;
  e->cur = *e->programs[i];
  e->steps = 0;
  if (!scoreOne(e, &e->cur, &e->c0, err, cap))
    return false;
  e->c = e->c0;
  if (!isfinite(e->c0) || e->c0 < 0)
    return ariFailf(err, cap, "program %u has cost %g: rewards need a finite cost >= 0", i, e->c0);
  e->scale = e->c0 > 0 ? e->c0 : 1;
  snprintf(e->info, sizeof e->info, "program %u", i);
  return true;
}

/* Runs every pass on the current function (once per state). */
static AriRwObs *observeNow(AriPassEnv *e) {
  if (e->obs)
    return e->obs;
  unsigned n = e->na + 1;
  AriArena *a = &e->funcArena;
  AriRwObs *o = ariArenaCalloc(a, sizeof *o);
  AriTerm **terms = ariArenaAlloc(a, sizeof *terms * n);
  unsigned *rule = ariArenaAlloc(a, sizeof *rule * n);
  float *delta = ariArenaCalloc(a, sizeof *delta * n);
  AriTermFunc *cands = ariArenaAlloc(a, sizeof *cands * n);
  unsigned char *legal = ariArenaCalloc(a, n);
  double *costs = ariArenaAlloc(a, sizeof *costs * n);
  if (!o || !terms || !rule || !delta || !cands || !legal || !costs)
    return NULL;
  AriTerm *state = e->cur.numRoots ? e->cur.roots[0].value : NULL;
  terms[0] = state, rule[0] = e->na, cands[0] = e->cur, legal[0] = 1, costs[0] = e->c;
  AriStratTerm ft = e->steps < e->horizon ? ariStratRiseFuncTerm(e->host, &e->cur) : 0;
  for (unsigned k = 1; k < n; ++k) {
    terms[k] = state, rule[k] = k - 1, cands[k] = e->cur, costs[k] = e->c;
    if (!ft)
      continue;
    AriStratTerm out = 0;
    bool hard = false;
    AriStratLimits lim = {0};
    ariArenaRecycle(&e->scratch);
    if (!ariBeamApply(e->s, e->host, e->p, &e->actions[k - 1], &lim, &e->scratch, ft, NULL, 0,
                      &out, &hard)) {
      if (hard)
        return NULL;
      continue;
    }
    AriTermFunc f = e->cur;
    f.roots = ariArenaAlloc(a, sizeof *f.roots * (f.numRoots ? f.numRoots : 1));
    if (!f.roots)
      return NULL;
    memcpy(f.roots, e->cur.roots, sizeof *f.roots * f.numRoots);
    if (!ariStratRiseSetRoots(e->host, out, &f))
      continue;
    bool same = true;
    for (unsigned r = 0; r < f.numRoots; ++r)
      same = same && f.roots[r].value == e->cur.roots[r].value;
    double c;
    char err[256];
    if (same || !scoreOne(e, &f, &c, err, sizeof err) || !isfinite(c))
      continue;
    cands[k] = f, costs[k] = c, legal[k] = 1;
    terms[k] = f.numRoots ? f.roots[0].value : NULL;
    delta[k] = (float)((c - e->c) / e->scale);
  }
  o->state = state;
  o->n = n;
  o->cands = terms;
  o->rule = rule;
  o->delta = delta;
  o->stepsLeftFrac = (float)(e->horizon - e->steps) / (float)e->horizon;
  o->progress = (float)((e->c - e->c0) / e->scale);
  e->obs = o, e->cands = cands, e->legal = legal, e->costs = costs;
  return o;
}

static const void *envObserve(void *self) { return observeNow(self); }

static unsigned envNumActions(void *self) {
  AriRwObs *o = observeNow(self);
  return o ? o->n : 0;
}

static void envMask(void *self, unsigned char *mask) {
  AriPassEnv *e = self;
  AriRwObs *o = observeNow(e);
  for (unsigned k = 0; o && k < o->n; ++k)
    mask[k] = e->legal[k];
}

static bool envStep(void *self, unsigned act, float *reward, bool *done, char *err, size_t cap) {
  AriPassEnv *e = self;
  AriRwObs *o = observeNow(e);
  if (!o)
    return ariFailf(err, cap, "out of memory running passes: %s", ariTermStoreError(e->s));
  if (act >= o->n || !e->legal[act])
    return ariFailf(err, cap, "action %u of %u is not legal", act, o->n);
  *reward = 0;
  if (act == 0) {
    *done = true;
    return true;
  }
  *reward = (float)((e->c - e->costs[act]) / e->scale);
  e->cur = e->cands[act];
  e->c = e->costs[act];
  e->steps++;
  e->obs = NULL;
  *done = e->steps >= e->horizon;
  if (!*done) { /* no legal pass left: the episode is over */
    AriRwObs *next = observeNow(e);
    if (!next)
      return ariFailf(err, cap, "out of memory running passes: %s", ariTermStoreError(e->s));
    bool any = false;
    for (unsigned k = 1; k < next->n; ++k)
      any = any || e->legal[k];
    *done = !any;
  }
  return true;
}

static const char *envInfo(void *self) {
  AriPassEnv *e = self;
  char head[128];
  snprintf(head, sizeof head, "%s", e->info);
  snprintf(e->info, sizeof e->info, "%s: cost %g -> %g in %u passes", head, e->c0, e->c,
           e->steps);
  return e->info;
}

/* The trainer keeps observations until its update, which ends with
 * release (and the next rollout starts with reset), so the episodes'
 * functions live until then. */
static void envRelease(void *self) {
  AriPassEnv *e = self;
  ariArenaRecycle(&e->funcArena);
  e->obs = NULL;
}

AriRlEnv ariPassEnvGym(AriPassEnv *e) {
  AriRlEnv g = {e, envReset, envObserve, envNumActions, envMask, envStep, envInfo, envRelease};
  return g;
}
