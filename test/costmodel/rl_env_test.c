/*===- rl_env_test.c - the rewrite-selection environment (costmodel/rl/) -----===*\
 *
 * Environment 1 of issue 20 on Knossos terms: action 0 is No-Op and ends
 * the episode; candidates are distinct rewrites, all legal, capped; each
 * step's reward is the relative cost change, so an episode's return is its
 * final relative improvement; the horizon ends an episode; an action out
 * of range is an error. With measured rewards (a stand-in measurement) the
 * return is the final program's measured log speed-up, the steps between
 * measurements get the model's log change, measurements happen every N
 * steps and at the end, and a state that does not measure keeps its
 * estimate. The policy's whole forward pass (graph layers,
 * message passing or attention, and heads, under the PPO loss) against
 * finite differences of its parameters; a short PPO run on the
 * environment is deterministic with either.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/cost.h"
#include "costmodel/rl/rewrite_env.h"
#include "test/check.h"
#include "test/costmodel/policy_grad.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double cost(void *ctx, const AriTerm *t) {
  (void)ctx;
  return ariCostTermKnossos(t);
}

static const char *PROGRAMS[] = {
    "(arith.addf (arith.mulf (arg 0 : f32) (arg 1 : f32) : f32) "
    "(arith.mulf (arg 0 : f32) (arg 0 : f32) : f32) : f32)",
    "(arith.mulf (const 1.0 : f32) (arith.addf (arg 0 : f32) (arg 0 : f32) : f32) : f32)",
};

typedef struct Fixture {
  AriTermStore *s;
  AriArena arena;
  AriAStarRule *rules;
  size_t nrules;
  AriTerm *prog[2];
} Fixture;

static bool setUp(Fixture *f) {
  memset(f, 0, sizeof *f);
  f->s = ariTermStoreCreate(0);
  ariArenaInit(&f->arena, 0);
  char err[256];
  size_t col;
  bool ok = f->s && ariAStarParseRules("knossos", NULL, 0, &f->arena, &f->rules, &f->nrules, err,
                                       sizeof err, &col);
  for (int i = 0; ok && i < 2; ++i) {
    f->prog[i] = ariTermParse(f->s, PROGRAMS[i], strlen(PROGRAMS[i]));
    if (!f->prog[i]) {
      fprintf(stderr, "  parse: %s\n", ariTermStoreError(f->s));
      ok = false;
    }
  }
  CHECK(ok);
  return ok;
}

static void tearDown(Fixture *f) {
  ariTermStoreDestroy(f->s);
  ariArenaDestroy(&f->arena);
}

static void testEpisode(void) {
  Fixture f;
  if (!setUp(&f))
    return;
  char err[256] = "";
  AriRwEnvOptions o = {.horizon = 3, .maxCandidates = 5};
  AriRwEnv *e = ariRwEnvCreate(f.s, f.rules, f.nrules, cost, NULL, f.prog, 2, &o, err, sizeof err);
  CHECK(e != NULL);
  AriRlEnv g = ariRwEnvGym(e);
  AriNnRng rng = {1};
  for (int prog = 0; prog < 2; ++prog) {
    ariRwEnvSetProgram(e, prog);
    CHECK(g.reset(g.self, &rng, err, sizeof err));
    double c0;
    ariRwEnvCurrent(e, NULL, &c0, NULL);
    CHECK(c0 == ariCostTermKnossos(f.prog[prog]));
    double ret = 0;
    bool done = false;
    unsigned steps = 0;
    while (!done) {
      const AriRwObs *obs = g.observe(g.self);
      unsigned n = g.numActions(g.self);
      CHECK(obs && obs->n == n && n >= 1 && n <= 6);
      CHECK(obs->cands[0] == obs->state && obs->rule[0] == f.nrules);
      unsigned char mask[8];
      g.legalMask(g.self, mask);
      for (unsigned k = 0; k < n; ++k) {
        CHECK(mask[k] == 1);
        for (unsigned j = 0; j < k; ++j)
          CHECK(obs->cands[j] != obs->cands[k]); /* distinct */
        CHECK(fabs(obs->delta[k] - (ariCostTermKnossos(obs->cands[k]) -
                                    ariCostTermKnossos(obs->state)) / c0) < 1e-5);
      }
      float r;
      CHECK(!g.step(g.self, n, &r, &done, err, sizeof err) && strstr(err, "action"));
      /* the last candidate when there is one (it may raise the cost) */
      unsigned a = n > 1 ? n - 1 : 0;
      CHECK(g.step(g.self, a, &r, &done, err, sizeof err));
      ret += r;
      steps += a != 0;
      CHECK(done == (a == 0 || steps == 3));
    }
    double c;
    unsigned st;
    ariRwEnvCurrent(e, &c, NULL, &st);
    CHECK(st == steps && steps <= 3);
    CHECK(fabs(ret - (c0 - c) / c0) < 1e-5);
    g.release(g.self);
  }
  ariRwEnvDestroy(e);
  tearDown(&f);
}

/* A stand-in for measured runtimes that the model does not predict: 3
 * times the term's node count plus 1 (the cost is Knossos'); every call is
 * counted, so the test sees when the environment measures. */
typedef struct FakeRun {
  unsigned calls, wrongProgram;
  unsigned program;    /* the episode's, as the environment must pass it */
  const AriTerm *fail; /* cannot be measured (NULL: none) */
  bool error;          /* every call is an error */
} FakeRun;

static double nodes(const AriTerm *t) { return (double)ariTermTreeSize(t); }

static int fakeMeasure(void *ctx, unsigned program, AriTerm *t, double *rt, char *err,
                       size_t cap) {
  FakeRun *r = ctx;
  r->calls++;
  r->wrongProgram += program != r->program;
  if (r->error) {
    snprintf(err, cap, "it computes something else");
    return -1;
  }
  if (t == r->fail)
    return 0;
  *rt = 3.0 * nodes(t) + 1.0;
  return 1;
}

/* Measured rewards every 2 steps: the return is the measured relative
 * improvement of the final program whatever the model said between;
 * measurements happen at reset, every second step and at the end; an
 * unmeasurable state keeps the model's estimate; an error ends the step. */
static void testMeasuredRewards(void) {
  Fixture f;
  if (!setUp(&f))
    return;
  char err[256] = "";
  FakeRun run = {.fail = NULL};
  AriRwEnvOptions o = {.horizon = 5, .maxCandidates = 5, .measureEvery = 2};
  CHECK(!ariRwEnvCreate(f.s, f.rules, f.nrules, cost, NULL, f.prog, 2, &o, err, sizeof err) &&
        strstr(err, "measuring function"));
  o.measure = fakeMeasure;
  o.measureCtx = &run;
  AriRwEnv *e = ariRwEnvCreate(f.s, f.rules, f.nrules, cost, NULL, f.prog, 2, &o, err, sizeof err);
  CHECK(e != NULL);
  if (!e) {
    tearDown(&f);
    return;
  }
  AriRlEnv g = ariRwEnvGym(e);
  AriNnRng rng = {1};
  for (int pass = 0; pass < 3; ++pass) {
    for (int prog = 0; prog < 2; ++prog) {
      run.program = (unsigned)prog;
      run.calls = 0;
      run.fail = NULL;
      ariRwEnvSetProgram(e, prog);
      CHECK(g.reset(g.self, &rng, err, sizeof err));
      CHECK(run.calls == 1);
      double rt0 = 3.0 * nodes(f.prog[prog]) + 1.0, ret = 0;
      bool done = false;
      unsigned steps = 0, stopAt = pass == 0 ? 5 : 3; /* No-Op after stopAt steps */
      AriTerm *final = f.prog[prog];
      while (!done) {
        unsigned n = g.numActions(g.self);
        unsigned a = steps < stopAt && n > 1 ? 1 + (steps % (n - 1)) : 0;
        float r;
        if (pass == 2 && steps == 1) { /* the next state cannot be measured */
          const AriRwObs *obs = g.observe(g.self);
          run.fail = obs->cands[a];
        }
        unsigned before = run.calls;
        double cBefore, cAfter;
        ariRwEnvCurrent(e, &cBefore, NULL, NULL);
        CHECK(g.step(g.self, a, &r, &done, err, sizeof err));
        ret += r;
        if (a) {
          steps++;
          final = ariRwEnvCurrent(e, &cAfter, NULL, NULL);
          /* measured every second step and at the horizon */
          CHECK(run.calls - before == (steps % 2 == 0 || steps == 5 ? 1u : 0u));
          if (run.calls == before) /* between measurements: the model's log ratio */
            CHECK(fabs(r - log(cBefore / cAfter)) < 1e-5);
        } else {
          /* No-Op measures the final state unless it was just measured */
          CHECK(run.calls - before == (steps % 2 == 0 ? 0u : 1u));
        }
      }
      CHECK(run.wrongProgram == 0);
      double want = log(rt0 / (3.0 * nodes(final) + 1.0));
      CHECK(pass < 2 || steps == 3); /* pass 2's final is measured */
      CHECK(fabs(ret - want) < 1e-5);
      g.release(g.self);
    }
  }
  uint64_t asked, failed;
  ariRwEnvMeasureCounts(e, &asked, &failed);
  CHECK(asked > 0 && failed == 2); /* pass 2's step-2 states */
  /* an input that does not measure: the model's log ratios, no more
   * measurements */
  run.program = 0;
  run.fail = f.prog[0];
  run.calls = 0;
  ariRwEnvSetProgram(e, 0);
  CHECK(g.reset(g.self, &rng, err, sizeof err) && run.calls == 1);
  bool done = false;
  double ret = 0, c0, c;
  ariRwEnvCurrent(e, NULL, &c0, NULL);
  while (!done) {
    unsigned n = g.numActions(g.self);
    float r;
    CHECK(g.step(g.self, n > 1 ? 1 : 0, &r, &done, err, sizeof err));
    ret += r;
  }
  ariRwEnvCurrent(e, &c, NULL, NULL);
  CHECK(run.calls == 1 && fabs(ret - log(c0 / c)) < 1e-5);
  g.release(g.self);
  ariRwEnvMeasureCounts(e, NULL, &failed);
  CHECK(failed == 3);
  /* an error of the measuring function is the step's */
  run.error = true;
  CHECK(!g.reset(g.self, &rng, err, sizeof err) && strstr(err, "something else"));
  ariRwEnvDestroy(e);
  tearDown(&f);
}

/* The policy's parameters' gradients under the PPO loss against central
 * differences (a few entries of each parameter, policy_grad.h), with
 * either graph layers. */
static void testRwPolicyGradient(AriRwGraph graph) {
  Fixture f;
  if (!setUp(&f))
    return;
  char err[256] = "";
  AriRwEnv *e = ariRwEnvCreate(f.s, f.rules, f.nrules, cost, NULL, f.prog, 2, NULL, err,
                               sizeof err);
  AriRwPolicy *p = ariRwPolicyCreate(4, 2, 5, (unsigned)f.nrules, graph, 3, err, sizeof err);
  CHECK(e && p);
  if (!e || !p)
    return;
  AriRlEnv g = ariRwEnvGym(e);
  AriRlPolicy pg = ariRwPolicyGym(p);
  AriNnRng rng = {2};
  ariRwEnvSetProgram(e, 0);
  CHECK(g.reset(g.self, &rng, err, sizeof err));
  const AriRwObs *obs = g.observe(g.self);
  CHECK(obs && obs->n > 2);
  /* Larger output weights than the near-uniform start, so that the
   * surrogate's gradient is not tiny. */
  for (unsigned i = 0; i < pg.params->n; ++i)
    if (!strcmp(pg.params->items[i]->name, "wo"))
      for (unsigned j = 0; j < 5; ++j)
        pg.params->items[i]->v[j] = 0.5f * (float)j - 1.0f;
  unsigned tried = 0, bad = testPolicyGradient(&pg, obs, obs->n, 1, 6, &tried);
  CHECK(tried > 30 && bad == 0);
  if (graph == ARI_RW_GRAPH_GAT) { /* its own parameters, none of message passing's */
    unsigned gat = 0, mp = 0;
    for (unsigned i = 0; i < pg.params->n; ++i) {
      gat += !strncmp(pg.params->items[i]->name, "gat.", 4);
      mp += !strcmp(pg.params->items[i]->name, "ws");
    }
    CHECK(gat == 4 && mp == 0);
  }
  uint32_t shape[5];
  ariRwPolicyShape(p, shape);
  CHECK(shape[0] == 4 && shape[1] == 2 && shape[4] == (uint32_t)graph);
  g.release(g.self);
  ariRwPolicyDestroy(p);
  ariRwEnvDestroy(e);
  tearDown(&f);
}

/* Two short trainings with one seed give the same parameters. */
static void train(uint64_t seed, AriRwGraph graph, float *out, size_t cap, size_t *len) {
  Fixture f;
  if (!setUp(&f))
    return;
  char err[256] = "";
  AriRwEnvOptions o = {.horizon = 4};
  AriRwEnv *e = ariRwEnvCreate(f.s, f.rules, f.nrules, cost, NULL, f.prog, 2, &o, err,
                               sizeof err);
  AriRwPolicy *p = ariRwPolicyCreate(8, 2, 8, (unsigned)f.nrules, graph, seed, err, sizeof err);
  AriPpoConfig cfg = ariPpoDefaults();
  cfg.seed = seed;
  cfg.rollout = 24;
  cfg.minibatch = 8;
  cfg.epochs = 2;
  AriPpo ppo;
  ariPpoInit(&ppo, &cfg);
  AriRlEnv g = ariRwEnvGym(e);
  AriRlPolicy pg = ariRwPolicyGym(p);
  for (int i = 0; i < 3; ++i) {
    AriPpoStats st;
    bool ok = ariPpoIterate(&ppo, &g, &pg, &st, err, sizeof err);
    CHECK(ok && st.steps >= 24);
    if (!ok)
      fprintf(stderr, "  %s\n", err);
  }
  *len = 0;
  for (unsigned i = 0; i < pg.params->n; ++i) {
    const AriNnParam *q = pg.params->items[i];
    for (size_t j = 0; j < (size_t)q->rows * q->cols && *len < cap; ++j)
      out[(*len)++] = q->v[j];
  }
  ariPpoDestroy(&ppo);
  ariRwPolicyDestroy(p);
  ariRwEnvDestroy(e);
  tearDown(&f);
}

static void testDeterminism(void) {
  enum { CAP = 1 << 16 };
  float *a = malloc(sizeof(float) * CAP), *b = malloc(sizeof(float) * CAP);
  size_t la = 0, lb = 0;
  for (int g = ARI_RW_GRAPH_MP; g <= ARI_RW_GRAPH_GAT; ++g) {
    train(5, (AriRwGraph)g, a, CAP, &la);
    train(5, (AriRwGraph)g, b, CAP, &lb);
    CHECK(la == lb && la > 0 && !memcmp(a, b, sizeof(float) * la));
  }
  char err[128];
  CHECK(!ariRwPolicyCreate(8, 2, 8, 3, (AriRwGraph)7, 1, err, sizeof err) &&
        strstr(err, "unknown graph layers 7"));
  free(a);
  free(b);
}

int main(void) {
  testEpisode();
  testMeasuredRewards();
  testRwPolicyGradient(ARI_RW_GRAPH_MP);
  testRwPolicyGradient(ARI_RW_GRAPH_GAT);
  testDeterminism();
  printf("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
