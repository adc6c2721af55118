/*===- costmodel/rl/order_env.c - XLA-RL's pass ordering over op counts ----===*/

#include "costmodel/rl/order_env.h"

#include "utils/arena.h"
#include "utils/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_KINDS = 64, MAX_HORIZON = 256 };

struct AriOrderEnv {
  AriOrderOps ops;
  void *const *programs;
  unsigned n, npasses, nkinds, horizon;
  float shaping, gamma;
  int fixed;
  void *cur;    /* the state; programs[prog] or one apply made */
  bool owned;   /* cur came from apply */
  unsigned prog;
  double kinds[MAX_KINDS];
  double total, total0, phi; /* T(s), T(s0), phi(s) */
  double pscale;             /* FLOPs(s0) + 2 transc(s0), or 1 */
  unsigned steps;
  unsigned seq[MAX_HORIZON]; /* the passes that gave a new state */
  unsigned applied;
  unsigned *history; /* per pass */
  AriArena obs;      /* observations, until release */
  char info[160];
};

AriOrderEnv *ariOrderEnvCreate(const AriOrderOps *ops, void *const *programs, unsigned n,
                               unsigned npasses, unsigned nkinds, unsigned horizon,
                               float shaping, float gamma, char *err, size_t errCap) {
  if (!ops || !ops->apply || !ops->count || !ops->release || !programs || !n) {
    ariFailf(err, errCap, "no programs or no state operations");
    return NULL;
  }
  if (!npasses || npasses + 1 > ARI_PPO_MAX_ACTIONS || !nkinds || nkinds > MAX_KINDS) {
    ariFailf(err, errCap, "%u passes and %u kinds: expected 1..%d and 1..%d", npasses, nkinds,
             ARI_PPO_MAX_ACTIONS - 1, MAX_KINDS);
    return NULL;
  }
  if (!horizon || horizon > MAX_HORIZON) {
    ariFailf(err, errCap, "horizon %u: expected 1..%d", horizon, MAX_HORIZON);
    return NULL;
  }
  AriOrderEnv *e = calloc(1, sizeof *e);
  unsigned *h = calloc(npasses, sizeof *h);
  if (!e || !h) {
    free(e);
    free(h);
    ariFailf(err, errCap, "out of memory");
    return NULL;
  }
  e->ops = *ops;
  e->programs = programs;
  e->n = n;
  e->npasses = npasses;
  e->nkinds = nkinds;
  e->horizon = horizon;
  e->shaping = shaping;
  e->gamma = gamma;
  e->fixed = -1;
  e->history = h;
  ariArenaInit(&e->obs, 0);
  return e;
}

static void dropState(AriOrderEnv *e) {
  if (e->owned && e->cur)
    e->ops.release(e->ops.self, e->cur);
  e->cur = NULL;
  e->owned = false;
}

void ariOrderEnvDestroy(AriOrderEnv *e) {
  if (!e)
    return;
  dropState(e);
  ariArenaDestroy(&e->obs);
  free(e->history);
  free(e);
}

unsigned ariOrderEnvObsDim(const AriOrderEnv *e) { return e->nkinds + 3 + e->npasses; }

void ariOrderEnvSetProgram(AriOrderEnv *e, int i) {
  e->fixed = i >= 0 && (unsigned)i < e->n ? i : -1;
}

/* Counts state s into e's kinds and total; *phi its potential. */
static bool countState(AriOrderEnv *e, const void *s, double *kinds, double *total, double *flops,
                       double *transc, char *err, size_t cap) {
  if (!e->ops.count(e->ops.self, s, kinds, flops, transc, err, cap))
    return false;
  double t = 0;
  for (unsigned k = 0; k < e->nkinds; ++k)
    t += kinds[k];
  *total = t;
  return true;
}

static bool envReset(void *self, AriNnRng *rng, char *err, size_t cap) {
  AriOrderEnv *e = self;
  dropState(e);
  e->prog = e->fixed >= 0 ? (unsigned)e->fixed : (unsigned)(ariNnRngNext(rng) % e->n);
  e->cur = e->programs[e->prog];
  e->steps = 0;
  e->applied = 0;
  memset(e->history, 0, sizeof(unsigned) * e->npasses);
  double f, x;
  if (!countState(e, e->cur, e->kinds, &e->total, &f, &x, err, cap))
    return false;
  e->total0 = e->total > 0 ? e->total : 1;
  e->pscale = f + 2 * x > 0 ? f + 2 * x : 1;
  e->phi = -(f + 2 * x) / e->pscale;
  return true;
}

static const void *envObserve(void *self) {
  AriOrderEnv *e = self;
  unsigned dim = ariOrderEnvObsDim(e);
  float *o = ariArenaAlloc(&e->obs, sizeof(float) * dim);
  if (!o)
    return NULL;
  for (unsigned k = 0; k < e->nkinds; ++k)
    o[k] = (float)(e->kinds[k] / e->total0);
  o[e->nkinds] = (float)(e->total / e->total0);
  o[e->nkinds + 1] = (float)(log10(1 + e->total0) / 10);
  o[e->nkinds + 2] = (float)(e->horizon - e->steps) / (float)e->horizon;
  for (unsigned k = 0; k < e->npasses; ++k)
    o[e->nkinds + 3 + k] = (float)e->history[k] / (float)e->horizon;
  return o;
}

static unsigned envNumActions(void *self) { return ((AriOrderEnv *)self)->npasses + 1; }

static void envMask(void *self, unsigned char *mask) {
  memset(mask, 1, envNumActions(self));
}

static bool envStep(void *self, unsigned a, float *reward, bool *done, char *err, size_t cap) {
  AriOrderEnv *e = self;
  *reward = 0;
  if (a == 0 || a > e->npasses) {
    *done = true;
    return true;
  }
  unsigned pass = a - 1;
  e->steps++;
  e->history[pass]++;
  void *next = NULL;
  if (!e->ops.apply(e->ops.self, e->cur, pass, &next, err, cap))
    return false;
  double phi = e->phi;
  if (next) {
    double kinds[MAX_KINDS], total, f, x;
    if (!countState(e, next, kinds, &total, &f, &x, err, cap)) {
      e->ops.release(e->ops.self, next);
      return false;
    }
    *reward = (float)((e->total - total) / e->total0);
    dropState(e);
    e->cur = next;
    e->owned = true;
    memcpy(e->kinds, kinds, sizeof(double) * e->nkinds);
    e->total = total;
    phi = -(f + 2 * x) / e->pscale;
    e->seq[e->applied++] = pass;
  }
  *reward += (float)(e->shaping * (e->gamma * phi - e->phi));
  e->phi = phi;
  *done = e->steps >= e->horizon;
  return true;
}

static const char *envInfo(void *self) {
  AriOrderEnv *e = self;
  snprintf(e->info, sizeof e->info, "program %u, %u steps, ops %.6g of %.6g", e->prog, e->steps,
           e->total, e->total0);
  return e->info;
}

static void envRelease(void *self) { ariArenaRecycle(&((AriOrderEnv *)self)->obs); }

AriRlEnv ariOrderEnvGym(AriOrderEnv *e) {
  return (AriRlEnv){e, envReset, envObserve, envNumActions, envMask, envStep, envInfo, envRelease};
}

const void *ariOrderEnvCurrent(const AriOrderEnv *e, double *total, double *initial,
                               const unsigned **passes, unsigned *applied) {
  if (total)
    *total = e->total;
  if (initial)
    *initial = e->total0;
  if (passes)
    *passes = e->seq;
  if (applied)
    *applied = e->applied;
  return e->cur;
}

unsigned ariOrderEnvProgram(const AriOrderEnv *e) { return e->prog; }
