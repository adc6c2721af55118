/*===- ppo_test.c - PPO (costmodel/rl/ppo.h) on tiny environments ------------===*\
 *
 * The PPO loss's gradient against central finite differences (surrogate in
 * and out of its clipped region, masked entries); GAE against a
 * hand-computed example; the sampler never returning a masked action;
 * PPO solving a chain whose optimum needs three steps of loss before the
 * reward (a myopic agent stops at once) while a masked, tempting action is
 * never taken; determinism (the same seed gives the same checkpoint bytes)
 * and an exact resume from a checkpoint. No wall-clock dependence: every
 * training run is a fixed number of iterations.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/rl/ppo.h"
#include "test/check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- the PPO loss's gradient ------------------------------------------------*/

typedef struct LossCase {
  unsigned m, n;
  unsigned char mask[12];
  unsigned actions[3];
  float oldLogp[3], adv[3], ret[3];
} LossCase;

static double lossValue(const LossCase *c, const float *lg, const float *val, AriNnTape *t) {
  ariNnTapeReset(t);
  AriNnVar *l = ariNnInput(t, c->m, c->n, lg), *v = ariNnInput(t, c->m, 1, val);
  AriNnVar *o = ariNnPpoLoss(t, l, v, c->mask, c->actions, c->oldLogp, c->adv, c->ret, 0.2f,
                             0.5f, 0.01f);
  return o ? o->v[0] : NAN;
}

static void testLossGradient(void) {
  /* Rows: r inside the clip range (A > 0), r above it with A > 0 (no
   * surrogate gradient), r below it with A < 0 (none either); row 2 has
   * masked entries. */
  LossCase c = {.m = 3, .n = 4,
                .mask = {1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0},
                .actions = {1, 2, 2},
                .adv = {0.7f, 1.3f, -0.9f},
                .ret = {0.4f, -0.2f, 1.1f}};
  float lg[12], val[3] = {0.1f, -0.3f, 0.5f};
  AriNnRng rng = {42};
  for (int i = 0; i < 12; ++i)
    lg[i] = ariNnRngUniform(&rng, -1, 1);
  AriNnTape t;
  ariNnTapeInit(&t, 0);
  /* old log-probabilities placing r where each row wants it */
  for (unsigned i = 0; i < 3; ++i) {
    double mx = -1e30, z = 0;
    for (unsigned j = 0; j < 4; ++j)
      if (c.mask[i * 4 + j] && lg[i * 4 + j] > mx)
        mx = lg[i * 4 + j];
    for (unsigned j = 0; j < 4; ++j)
      if (c.mask[i * 4 + j])
        z += exp(lg[i * 4 + j] - mx);
    double lp = lg[i * 4 + c.actions[i]] - mx - log(z);
    double r = i == 0 ? 1.05 : i == 1 ? 1.6 : 0.5;
    c.oldLogp[i] = (float)(lp - log(r));
  }
  ariNnTapeReset(&t);
  AriNnVar *l = ariNnInput(&t, 3, 4, lg), *v = ariNnInput(&t, 3, 1, val);
  AriNnVar *o = ariNnPpoLoss(&t, l, v, c.mask, c.actions, c.oldLogp, c.adv, c.ret, 0.2f, 0.5f,
                             0.01f);
  CHECK(o != NULL);
  if (!o)
    return;
  CHECK(ariNnBackward(&t, o, NULL));
  float gl[12], gv[3];
  memcpy(gl, l->g, sizeof gl);
  memcpy(gv, v->g, sizeof gv);
  const float eps = 1e-3f;
  for (int i = 0; i < 12; ++i) {
    float x = lg[i];
    lg[i] = x + eps;
    double up = lossValue(&c, lg, val, &t);
    lg[i] = x - eps;
    double down = lossValue(&c, lg, val, &t);
    lg[i] = x;
    double num = (up - down) / (2 * eps);
    CHECK(fabs(num - gl[i]) < 2e-3 + 2e-2 * fabs(num));
    if (fabs(num - gl[i]) >= 2e-3 + 2e-2 * fabs(num))
      fprintf(stderr, "  logit %d: analytic %g numeric %g\n", i, gl[i], num);
  }
  CHECK(gl[8] == 0 && gl[11] == 0); /* masked entries get no gradient */
  for (int i = 0; i < 3; ++i) {
    float x = val[i];
    val[i] = x + eps;
    double up = lossValue(&c, lg, val, &t);
    val[i] = x - eps;
    double down = lossValue(&c, lg, val, &t);
    val[i] = x;
    double num = (up - down) / (2 * eps);
    CHECK(fabs(num - gv[i]) < 2e-3 + 2e-2 * fabs(num));
  }
  /* A masked action is refused. */
  ariNnTapeReset(&t);
  unsigned bad[3] = {1, 2, 0};
  l = ariNnInput(&t, 3, 4, lg);
  v = ariNnInput(&t, 3, 1, val);
  CHECK(ariNnPpoLoss(&t, l, v, c.mask, bad, c.oldLogp, c.adv, c.ret, 0.2f, 0.5f, 0.01f) == NULL);
  CHECK(ariNnTapeError(&t) && strstr(ariNnTapeError(&t), "masked"));
  ariNnTapeDestroy(&t);
}

/*--- GAE ----------------------------------------------------------------------*/

static void testGae(void) {
  /* Two episodes: steps 0-2 (ends at 2), then 3-4 cut off (bootstrap 0.5).
   * gamma 0.9, lambda 0.8. By hand:
   *   d2 = 1 - 0.3 = 0.7;                       A2 = 0.7
   *   d1 = 0 + 0.9*0.3 - 0.2 = 0.07;            A1 = 0.07 + 0.72*0.7 = 0.574
   *   d0 = 0.5 + 0.9*0.2 - 0.1 = 0.58;          A0 = 0.58 + 0.72*0.574 = 0.99328
   *   d4 = 2 + 0.9*0.5 - 0.4 = 2.05;            A4 = 2.05
   *   d3 = -1 + 0.9*0.4 - 0 = -0.64;            A3 = -0.64 + 0.72*2.05 = 0.836 */
  float r[5] = {0.5f, 0, 1, -1, 2}, v[5] = {0.1f, 0.2f, 0.3f, 0, 0.4f};
  unsigned char d[5] = {0, 0, 1, 0, 0};
  float adv[5], ret[5];
  ariPpoGae(5, r, v, d, 0.5f, 0.9f, 0.8f, adv, ret);
  const double want[5] = {0.99328, 0.574, 0.7, 0.836, 2.05};
  for (int i = 0; i < 5; ++i) {
    CHECK(fabs(adv[i] - want[i]) < 1e-5);
    CHECK(fabs(ret[i] - (want[i] + v[i])) < 1e-5);
  }
}

/*--- masking --------------------------------------------------------------------*/

static void testSampleMask(void) {
  AriNnRng rng = {7};
  float lg[6] = {5, -1, 9, 0, 2, 30};
  unsigned char mask[6] = {1, 1, 0, 1, 1, 0};
  unsigned count[6] = {0};
  for (int k = 0; k < 20000; ++k) {
    float lp;
    int a = ariPpoSample(lg, mask, 6, &rng, &lp);
    CHECK(a >= 0 && mask[a]);
    if (a >= 0)
      count[a]++;
  }
  CHECK(count[2] == 0 && count[5] == 0 && count[0] > count[4] && count[4] > count[3]);
  CHECK(ariPpoArgmax(lg, mask, 6) == 0);
  unsigned char none[6] = {0};
  CHECK(ariPpoSample(lg, none, 6, &rng, NULL) == -1);
  CHECK(ariPpoArgmax(lg, none, 6) == -1);
}

/*--- the chain -------------------------------------------------------------------*/

/* Positions 0..4, start 0. Actions: 0 stop (reward 0, done), 1 right
 * (-0.1, or +1 and done on reaching 4), 2 jump to 4 (+5: tempting, but
 * always masked). Optimal return 0.7; stopping at once gives 0. */
typedef struct Chain {
  unsigned pos, steps;
  unsigned takenIllegal;
} Chain;

static bool chainReset(void *self, AriNnRng *rng, char *err, size_t cap) {
  (void)rng, (void)err, (void)cap;
  Chain *c = self;
  c->pos = 0;
  c->steps = 0;
  return true;
}
static const void *chainObserve(void *self) {
  /* The observation is the position, boxed as a pointer-sized integer. */
  return (const void *)(uintptr_t)((Chain *)self)->pos;
}
static unsigned chainNumActions(void *self) { (void)self; return 3; }
static void chainMask(void *self, unsigned char *m) {
  (void)self;
  m[0] = m[1] = 1;
  m[2] = 0;
}
static bool chainStep(void *self, unsigned a, float *r, bool *done, char *err, size_t cap) {
  (void)err, (void)cap;
  Chain *c = self;
  c->steps++;
  if (a == 2) {
    c->takenIllegal++;
    *r = 5;
    *done = true;
  } else if (a == 0) {
    *r = 0;
    *done = true;
  } else {
    c->pos++;
    *r = c->pos == 4 ? 1.0f : -0.1f;
    *done = c->pos == 4;
  }
  if (c->steps >= 10)
    *done = true;
  return true;
}

typedef struct Tab {
  AriNnParams ps;
  AriNnParam *logits, *values; /* 5 x 3, 5 x 1 */
} Tab;

static bool tabForward(void *self, AriNnTape *t, const void *obs, unsigned n, AriNnVar **lg,
                       AriNnVar **val) {
  (void)n;
  Tab *tb = self;
  unsigned pos = (unsigned)(uintptr_t)obs;
  *lg = ariNnGather(t, ariNnParamVar(t, tb->logits), &pos, 1);
  *val = ariNnGather(t, ariNnParamVar(t, tb->values), &pos, 1);
  return *lg && *val;
}

static void tabInit(Tab *tb, uint64_t seed) {
  AriNnRng rng = {seed};
  ariNnParamsInit(&tb->ps);
  tb->logits = ariNnParamNew(&tb->ps, "logits", 5, 3, ARI_NN_INIT_ZERO, &rng);
  tb->values = ariNnParamNew(&tb->ps, "values", 5, 1, ARI_NN_INIT_ZERO, &rng);
}

static AriPpoConfig chainConfig(uint64_t seed) {
  AriPpoConfig cfg = ariPpoDefaults();
  cfg.lr = 0.05f; /* a table learns fast; the papers' 5e-4 is for networks */
  cfg.rollout = 64;
  cfg.minibatch = 16;
  cfg.seed = seed;
  return cfg;
}

/* Trains `iters` iterations; the greedy return after. */
static double trainChain(AriPpo *p, Tab *tb, Chain *ch, unsigned iters) {
  AriRlEnv env = {ch, chainReset, chainObserve, chainNumActions, chainMask, chainStep, NULL, NULL};
  AriRlPolicy pol = {tb, &tb->ps, tabForward};
  char err[256] = "";
  for (unsigned i = 0; i < iters; ++i) {
    AriPpoStats st;
    bool ok = ariPpoIterate(p, &env, &pol, &st, err, sizeof err);
    CHECK(ok);
    if (!ok) {
      fprintf(stderr, "  %s\n", err);
      return -1;
    }
  }
  double ret = 0;
  chainReset(ch, NULL, NULL, 0);
  CHECK(ariPpoEpisode(p, &env, &pol, true, &ret, err, sizeof err));
  return ret;
}

static void testChain(void) {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    Tab tb;
    tabInit(&tb, seed);
    Chain ch = {0};
    AriPpoConfig cfg = chainConfig(seed);
    AriPpo p;
    ariPpoInit(&p, &cfg);
    double ret = trainChain(&p, &tb, &ch, 200);
    CHECK(fabs(ret - 0.7) < 1e-5);
    if (fabs(ret - 0.7) >= 1e-5)
      fprintf(stderr, "  chain seed %llu: greedy return %g, want 0.7\n",
              (unsigned long long)seed, ret);
    CHECK(ch.takenIllegal == 0);
    ariPpoDestroy(&p);
    ariNnParamsDestroy(&tb.ps);
  }
}

/*--- determinism and checkpoints ---------------------------------------------------*/

static unsigned char *readAll(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *b = malloc(n > 0 ? (size_t)n : 1);
  *len = fread(b, 1, (size_t)n, f);
  fclose(f);
  return b;
}

static bool sameFiles(const char *a, const char *b) {
  size_t la = 0, lb = 0;
  unsigned char *x = readAll(a, &la), *y = readAll(b, &lb);
  bool same = x && y && la == lb && !memcmp(x, y, la);
  free(x);
  free(y);
  return same;
}

/* Trains `iters` from scratch (or from `from`), saves to `to`. */
static void run(uint64_t seed, unsigned iters, const char *from, const char *to) {
  Tab tb;
  tabInit(&tb, seed);
  Chain ch = {0};
  AriPpoConfig cfg = chainConfig(seed);
  AriPpo p;
  ariPpoInit(&p, &cfg);
  AriRlPolicy pol = {&tb, &tb.ps, tabForward};
  char err[256] = "";
  uint32_t user[2] = {5, 3}, got[2] = {0, 0};
  if (from) {
    bool ok = ariPpoLoad(&p, &pol, got, 2, from, err, sizeof err);
    CHECK(ok && got[0] == 5 && got[1] == 3);
    if (!ok)
      fprintf(stderr, "  %s\n", err);
  }
  trainChain(&p, &tb, &ch, iters);
  CHECK(ariPpoSave(&p, &pol, user, 2, to, err, sizeof err));
  ariPpoDestroy(&p);
  ariNnParamsDestroy(&tb.ps);
}

static void testDeterminism(const char *dir) {
  char a[1024], b[1024], c[1024], d[1024];
  snprintf(a, sizeof a, "%s/ppo_a.arnn", dir);
  snprintf(b, sizeof b, "%s/ppo_b.arnn", dir);
  snprintf(c, sizeof c, "%s/ppo_c.arnn", dir);
  snprintf(d, sizeof d, "%s/ppo_d.arnn", dir);
  run(9, 4, NULL, a);
  run(9, 4, NULL, b);
  CHECK(sameFiles(a, b));
  run(10, 4, NULL, c);
  CHECK(!sameFiles(a, c));
  /* 2 iterations, a checkpoint, 2 more == 4 at once */
  run(9, 2, NULL, c);
  run(9, 2, c, d);
  CHECK(sameFiles(a, d));
  /* a foreign or corrupt file is an error, not a crash */
  FILE *f = fopen(c, "r+b");
  if (f) {
    fseek(f, 40, SEEK_SET);
    fputc(0x5a, f);
    fclose(f);
  }
  Tab tb;
  tabInit(&tb, 1);
  AriRlPolicy pol = {&tb, &tb.ps, tabForward};
  char err[256] = "";
  CHECK(!ariPpoLoad(NULL, &pol, NULL, 0, c, err, sizeof err) && err[0]);
  ariNnParamsDestroy(&tb.ps);
  remove(a), remove(b), remove(c), remove(d);
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  testLossGradient();
  testGae();
  testSampleMask();
  testChain();
  testDeterminism(dir);
  printf("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
