/*===- order_env_test.c - XLA-RL's op-count environment and the MLP policy ===*\
 *
 * costmodel/rl/order_env.h on states the test makes itself (a state is a
 * vector of two op counts; pass 0 halves the first kind, pass 1 adds 10 to
 * the second, pass 2 always fails), so that every reward, observation and
 * end of episode is known: the rewards of an episode sum to its relative
 * op-count reduction plus the shaping's telescoped potential; a failed
 * pass leaves the state; stop and the horizon end the episode; every
 * action is legal. Then the MLP policy (costmodel/rl/mlp_policy.h): its
 * parameters' gradients under the PPO loss against central differences,
 * and PPO with it learns the environment's best order on a fixed seed.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/rl/mlp_policy.h"
#include "costmodel/rl/order_env.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"
#include "test/costmodel/policy_grad.h"

typedef struct {
  double k[2];
  double flops;
} State;

typedef struct {
  unsigned live; /* states made and not released */
} Ops;

static bool apply(void *self, const void *state, unsigned pass, void **out, char *err,
                  size_t cap) {
  (void)err, (void)cap;
  Ops *o = self;
  const State *s = state;
  *out = NULL;
  if (pass == 2)
    return true; /* fails: no new state */
  State *n = malloc(sizeof *n);
  if (!n)
    return false;
  *n = *s;
  if (pass == 0) {
    n->k[0] /= 2;
    n->flops /= 2;
  } else {
    n->k[1] += 10;
  }
  o->live++;
  *out = n;
  return true;
}

static bool count(void *self, const void *state, double *kinds, double *flops, double *transc,
                  char *err, size_t cap) {
  (void)self, (void)err, (void)cap;
  const State *s = state;
  kinds[0] = s->k[0], kinds[1] = s->k[1];
  *flops = s->flops;
  *transc = 0;
  return true;
}

static void release(void *self, void *state) {
  ((Ops *)self)->live--;
  free(state);
}

static AriOrderOps makeOps(Ops *o) { return (AriOrderOps){o, apply, count, release}; }

static void testEpisode(void) {
  Ops o = {0};
  AriOrderOps ops = makeOps(&o);
  State s0 = {{80, 20}, 40};
  void *progs[] = {&s0};
  char err[256] = "";
  AriOrderEnv *e = ariOrderEnvCreate(&ops, progs, 1, 3, 2, 4, 0, 0.99f, err, sizeof err);
  CHECK(e != NULL);
  if (!e)
    return;
  CHECK(ariOrderEnvObsDim(e) == 2 + 3 + 3);
  AriRlEnv g = ariOrderEnvGym(e);
  AriNnRng rng = {1};
  CHECK(g.reset(g.self, &rng, err, sizeof err));
  CHECK(g.numActions(g.self) == 4);
  unsigned char mask[4] = {0};
  g.legalMask(g.self, mask);
  CHECK(mask[0] && mask[1] && mask[2] && mask[3]);
  const float *obs = g.observe(g.self);
  CHECK(obs && fabsf(obs[0] - 0.8f) < 1e-6f && fabsf(obs[1] - 0.2f) < 1e-6f);
  CHECK(fabsf(obs[2] - 1) < 1e-6f);                 /* T / T0 */
  CHECK(fabsf(obs[3] - (float)(log10(101) / 10)) < 1e-6f);
  CHECK(fabsf(obs[4] - 1) < 1e-6f);                 /* all steps left */
  float r, sum = 0;
  bool done = false;
  /* pass 0: 80 -> 40 of 100 */
  CHECK(g.step(g.self, 1, &r, &done, err, sizeof err) && !done);
  CHECK(fabsf(r - 0.4f) < 1e-6f);
  sum += r;
  /* pass 2 fails: nothing changes, reward 0 */
  CHECK(g.step(g.self, 3, &r, &done, err, sizeof err) && !done && r == 0);
  /* pass 1: +10 of 100 */
  CHECK(g.step(g.self, 2, &r, &done, err, sizeof err) && !done);
  CHECK(fabsf(r + 0.1f) < 1e-6f);
  sum += r;
  obs = g.observe(g.self);
  CHECK(obs && fabsf(obs[5] - 0.25f) < 1e-6f && fabsf(obs[6] - 0.25f) < 1e-6f &&
        fabsf(obs[7] - 0.25f) < 1e-6f); /* each pass once, over the horizon */
  CHECK(fabsf(obs[4] - 0.25f) < 1e-6f);
  /* the fourth step ends the episode at the horizon */
  CHECK(g.step(g.self, 1, &r, &done, err, sizeof err) && done);
  sum += r;
  double total, initial;
  const unsigned *seq;
  unsigned applied;
  ariOrderEnvCurrent(e, &total, &initial, &seq, &applied);
  CHECK(initial == 100 && total == 50);
  /* the failed pass 2 made nothing: not part of the order */
  CHECK(applied == 3 && seq[0] == 0 && seq[1] == 1 && seq[2] == 0);
  CHECK(fabsf(sum - (float)((initial - total) / initial)) < 1e-6f);
  /* stop ends at once, with reward 0 */
  CHECK(g.reset(g.self, &rng, err, sizeof err));
  CHECK(g.step(g.self, 0, &r, &done, err, sizeof err) && done && r == 0);
  g.release(g.self);
  ariOrderEnvDestroy(e);
  CHECK(o.live == 0); /* every state apply made was released */

  /* Shaping with gamma = 1 telescopes: the rewards sum to the count's
   * relative fall plus phi(end) - phi(start). */
  e = ariOrderEnvCreate(&ops, progs, 1, 3, 2, 3, 1, 1, err, sizeof err);
  CHECK(e != NULL);
  if (!e)
    return;
  g = ariOrderEnvGym(e);
  CHECK(g.reset(g.self, &rng, err, sizeof err));
  sum = 0;
  unsigned acts[] = {1, 1, 2};
  for (unsigned i = 0; i < 3; ++i) {
    CHECK(g.step(g.self, acts[i], &r, &done, err, sizeof err));
    sum += r;
  }
  CHECK(done);
  ariOrderEnvCurrent(e, &total, &initial, NULL, NULL);
  /* counts: 80+20 -> 40+20 -> 20+20 -> 20+30; flops 40 -> 10: phi -1 -> -0.25 */
  CHECK(total == 50);
  CHECK(fabsf(sum - (0.5f + 0.75f)) < 1e-5f);
  g.release(g.self);
  ariOrderEnvDestroy(e);
  CHECK(o.live == 0);

  /* bad arguments are messages */
  CHECK(!ariOrderEnvCreate(&ops, progs, 0, 3, 2, 3, 0, 1, err, sizeof err) && err[0]);
  CHECK(!ariOrderEnvCreate(&ops, progs, 1, 3, 2, 0, 0, 1, err, sizeof err) &&
        strstr(err, "horizon"));
}

static void testMlpGradient(void) {
  char err[256] = "";
  AriMlpPolicy *p = ariMlpPolicyCreate(5, 6, 4, 7, err, sizeof err);
  CHECK(p != NULL);
  if (!p)
    return;
  AriRlPolicy pg = ariMlpPolicyGym(p);
  /* larger output weights than the near-uniform start */
  for (unsigned i = 0; i < pg.params->n; ++i)
    if (!strcmp(pg.params->items[i]->name, "pi"))
      for (unsigned j = 0; j < 24; ++j)
        pg.params->items[i]->v[j] = 0.3f * (float)(j % 5) - 0.6f;
  const float obs[5] = {0.5f, -0.2f, 1.0f, 0.1f, 0.7f};
  unsigned tried = 0, bad = testPolicyGradient(&pg, obs, 4, 2, 5, &tried);
  CHECK(tried > 20 && bad == 0);
  /* the wrong number of actions is refused, not read past */
  AriNnTape t;
  ariNnTapeInit(&t, 0);
  AriNnVar *lg, *v;
  CHECK(!pg.forward(pg.self, &t, obs, 3, &lg, &v));
  CHECK(!ariMlpPolicyCreate(0, 6, 4, 7, err, sizeof err) && err[0]);
  ariNnTapeDestroy(&t);
  ariMlpPolicyDestroy(p);
}

/* PPO with the MLP learns the best order of the fake passes: halve the
 * first kind every step (pass 0); pass 1 only adds. Over a horizon of 3 the
 * optimum returns 0.8 * (1 - 1/8) = 0.7. */
static void testLearns(void) {
  Ops o = {0};
  AriOrderOps ops = makeOps(&o);
  State s0 = {{80, 20}, 40};
  void *progs[] = {&s0};
  char err[256] = "";
  AriOrderEnv *e = ariOrderEnvCreate(&ops, progs, 1, 3, 2, 3, 0, 0.99f, err, sizeof err);
  AriMlpPolicy *p = e ? ariMlpPolicyCreate(ariOrderEnvObsDim(e), 16, 4, 3, err, sizeof err)
                      : NULL;
  CHECK(e && p);
  if (!e || !p)
    return;
  AriPpoConfig cfg = ariPpoDefaultsXlaRl();
  cfg.rollout = 64;
  cfg.lr = 3e-3f;
  cfg.seed = 5;
  AriPpo ppo;
  ariPpoInit(&ppo, &cfg);
  AriRlEnv g = ariOrderEnvGym(e);
  AriRlPolicy pg = ariMlpPolicyGym(p);
  bool ok = true;
  for (unsigned it = 0; ok && it < 60; ++it) {
    AriPpoStats st;
    ok = ariPpoIterate(&ppo, &g, &pg, &st, err, sizeof err);
  }
  CHECK(ok);
  double ret = 0;
  CHECK(g.reset(g.self, &ppo.rng, err, sizeof err) &&
        ariPpoEpisode(&ppo, &g, &pg, true, &ret, err, sizeof err));
  CHECK(fabs(ret - 0.7) < 1e-5);
  if (fabs(ret - 0.7) >= 1e-5)
    fprintf(stderr, "  greedy return %g, want 0.7\n", ret);
  g.release(g.self);
  ariPpoDestroy(&ppo);
  ariMlpPolicyDestroy(p);
  ariOrderEnvDestroy(e);
  CHECK(o.live == 0);
}

int main(void) {
  testEpisode();
  testMlpGradient();
  testLearns();
  printf("order_env_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
