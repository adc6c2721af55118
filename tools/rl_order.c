/*===- tools/rl_order.c - ariadne-rl --env=upstream ------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "tools/rl_order.h"

#include "costmodel/rl/mlp_policy.h"
#include "costmodel/rl/order_env.h"
#include "passes/lower/rise_to_affine.h"
#include "runtime/codefeat.h"
#include "runtime/codegen/compile.h"
#include "runtime/measure.h"
#include "runtime/passorder.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TOOL "ariadne-rl"

enum { MAX_PROGRAMS = 4096, MAX_SEEDS = 16, RANDOM_ORDERS = 10, LOWERING_CAP = 65536 };

typedef struct Progs {
  MlirModule mod;
  MlirOperation *funcs;
  char **names;
  void **states; /* the lowered loops, owned */
  unsigned n;
} Progs;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void freeProgs(AriPassOrder *po, Progs *p) {
  for (unsigned i = 0; i < p->n; ++i)
    ariPassOrderRelease(po, p->states[i]);
  if (!mlirModuleIsNull(p->mod))
    mlirModuleDestroy(p->mod);
  memset(p, 0, sizeof *p);
}

/* Every func.func of path (at most limit; 0: all), lowered, or as rise
 * (checked to lower) with `rise`. */
static bool loadProgs(MlirContext ctx, const char *path, unsigned limit, AriPassOrder *po,
                      bool rise, AriArena *arena, Progs *out) {
  memset(out, 0, sizeof *out);
  out->funcs = ariArenaAlloc(arena, sizeof *out->funcs * MAX_PROGRAMS);
  out->names = ariArenaAlloc(arena, sizeof *out->names * MAX_PROGRAMS);
  out->states = ariArenaAlloc(arena, sizeof *out->states * MAX_PROGRAMS);
  if (!out->funcs || !out->names || !out->states) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    return false;
  }
  out->mod = ariParseFile(ctx, path);
  if (mlirModuleIsNull(out->mod))
    return false;
  AriFuncIter it = ariFuncIterBegin(out->mod);
  for (MlirOperation op = ariFuncIterNext(&it);
       !mlirOperationIsNull(op) && out->n < MAX_PROGRAMS && (!limit || out->n < limit);
       op = ariFuncIterNext(&it)) {
    MlirStringRef nm = mlirStringAttrGetValue(
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name")));
    char err[512];
    void *st = NULL;
    if (!(rise ? ariPassOrderWrap : ariPassOrderLower)(po, op, &st, err, sizeof err)) {
      fprintf(stderr, "%s: error: function '%.*s' does not lower: %s\n", path, (int)nm.length,
              nm.data, err);
      return false;
    }
    out->funcs[out->n] = op;
    out->states[out->n] = st;
    out->names[out->n] = ariArenaStrndup(arena, nm.data, nm.length);
    if (!out->names[out->n++]) {
      fprintf(stderr, TOOL ": error: out of memory\n");
      return false;
    }
  }
  if (!out->n) {
    fprintf(stderr, "%s: error: no func.func to order passes on\n", path);
    return false;
  }
  return true;
}

/* The total count of `state` with `pipeline` run on it (NULL: as is). */
static bool countAfter(AriPassOrder *po, void *state, const char *pipeline, double *total,
                       char *err, size_t cap) {
  if (!pipeline)
    return ariPassOrderCount(po, state, NULL, total, err, cap);
  void *s = NULL;
  if (!ariPassOrderRun(po, state, pipeline, &s, err, cap))
    return false;
  bool ok = ariPassOrderCount(po, s, NULL, total, err, cap);
  ariPassOrderRelease(po, s);
  return ok;
}

/* Greedy ordering: the pass whose result counts least, while it counts
 * less than the state, at most `horizon` passes. The lowering changes no
 * count (a rise state counts as lowered), so a rise state that no rise
 * pass improves is lowered, and the search goes on. */
static bool greedyOrder(AriPassOrder *po, void *state, unsigned npasses, unsigned horizon,
                        double *total, unsigned *seq, unsigned *len, char *err, size_t cap) {
  AriOrderOps ops = ariPassOrderOps(po);
  void *cur = state;
  double t;
  if (!ariPassOrderCount(po, cur, NULL, &t, err, cap))
    return false;
  *len = 0;
  for (unsigned step = 0; step < horizon; ++step) {
    void *best = NULL;
    double bt = t;
    unsigned bk = 0;
    for (unsigned k = 0; k < npasses; ++k) {
      void *next = NULL;
      if (!ops.apply(ops.self, cur, k, &next, err, cap))
        return false;
      if (!next)
        continue;
      double nt;
      if (!ariPassOrderCount(po, next, NULL, &nt, err, cap)) {
        ariPassOrderRelease(po, next);
        return false;
      }
      if (nt < bt) {
        ariPassOrderRelease(po, best);
        best = next, bt = nt, bk = k;
      } else {
        ariPassOrderRelease(po, next);
      }
    }
    for (unsigned k = 0; !best && k < npasses; ++k) {
      if (ariPassOrderStage(po, k) != ARI_PASS_LOWERING)
        continue;
      if (!ops.apply(ops.self, cur, k, &best, err, cap))
        return false;
      if (best && !ariPassOrderCount(po, best, NULL, &bt, err, cap)) {
        ariPassOrderRelease(po, best);
        return false;
      }
      bk = k;
    }
    if (!best)
      break;
    if (cur != state)
      ariPassOrderRelease(po, cur);
    cur = best, t = bt;
    seq[(*len)++] = bk;
  }
  if (cur != state)
    ariPassOrderRelease(po, cur);
  *total = t;
  return true;
}

/* One episode of env's fixed program with uniformly random passes for the
 * whole horizon. */
static bool randomEpisode(AriOrderEnv *env, AriNnRng *rng, double *total, char *err,
                          size_t cap) {
  AriRlEnv g = ariOrderEnvGym(env);
  if (!g.reset(g.self, rng, err, cap))
    return false;
  unsigned n = g.numActions(g.self);
  for (bool done = false; !done;) {
    float r;
    if (!g.step(g.self, 1 + (unsigned)(ariNnRngNext(rng) % (n - 1)), &r, &done, err, cap))
      return false;
  }
  ariOrderEnvCurrent(env, total, NULL, NULL, NULL);
  g.release(g.self);
  return true;
}

/* The paper's metric: the geometric mean over programs whose default
 * lowers the count (I > D) of (I - R) / (I - D), each ratio floored at
 * 1e-3 (an order that removes nothing, or adds, would make it undefined). */
static double xlaMetric(const double *I, const double *D, const double *R, unsigned n,
                        unsigned *used) {
  double s = 0;
  unsigned k = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (!(I[i] > D[i]))
      continue;
    double r = (I[i] - R[i]) / (I[i] - D[i]);
    s += log(r > 1e-3 ? r : 1e-3);
    k++;
  }
  if (used)
    *used = k;
  return k ? exp(s / k) : 0;
}

/* The geometric mean over all programs of D / R: how many times fewer
 * operations than the default an order leaves (defined where the paper's
 * metric is not: programs the default does not improve). */
static double countRatio(const double *D, const double *R, unsigned n) {
  double s = 0;
  for (unsigned i = 0; i < n; ++i)
    s += log((D[i] > 0 ? D[i] : 1) / (R[i] > 0 ? R[i] : 1));
  return n ? exp(s / n) : 0;
}

static void meanStd(const double *x, unsigned n, double *mean, double *sd) {
  double m = 0, v = 0;
  for (unsigned i = 0; i < n; ++i)
    m += x[i];
  m /= n ? n : 1;
  for (unsigned i = 0; i < n; ++i)
    v += (x[i] - m) * (x[i] - m);
  *mean = m;
  *sd = n ? sqrt(v / n) : 0;
}

static void printOrder(const AriPassOrder *po, const unsigned *seq, unsigned n) {
  if (!n)
    printf("(none)");
  for (unsigned i = 0; i < n; ++i)
    printf("%s%s", i ? "," : "", ariPassOrderPassName(po, seq[i]));
}

/* Compiles, checks and times func under `lowering` (NULL: rise-to-llvm). */
static AriMeasureStatus measure(MlirOperation func, const char *lowering, int reps,
                                AriMeasureResult *res) {
  AriMeasureOptions mo;
  memset(&mo, 0, sizeof mo);
  mo.seed = 1;
  mo.lowering = lowering;
  mo.reps = reps;
  mo.warmup = reps > 1 ? 2 : 0;
  mo.timeoutS = 60;
  return ariMeasureFunc(func, &mo, res, NULL, NULL, NULL);
}

int ariRlOrderRun(const AriRlOrderOptions *o, MlirContext ctx) {
  ariCompileRegister(ctx);
  AriArena arena;
  ariArenaInit(&arena, 0);
  char err[512];
  int rc = 1;
  unsigned np = ARI_PASS_ORDER_NUM_DEFAULT;
  Progs train = {0}, test = {0};
  AriOrderEnv *trainEnv = NULL, *testEnv = NULL;
  /* --env=combined: the rise strategies and the lowering, then the same
   * upstream passes */
  AriPassOrderPass combined[ARI_PASS_ORDER_NUM_RISE + ARI_PASS_ORDER_NUM_DEFAULT +
                            ARI_PASS_ORDER_NUM_SANDBOXED];
  const AriPassOrderPass *passes = ariPassOrderDefaultPasses;
  if (o->combined) { /* the sandboxed passes too: the sandbox is on (ariadne-rl.c) */
    memcpy(combined, ariPassOrderRisePasses, sizeof ariPassOrderRisePasses);
    memcpy(combined + ARI_PASS_ORDER_NUM_RISE, ariPassOrderDefaultPasses,
           sizeof ariPassOrderDefaultPasses);
    memcpy(combined + ARI_PASS_ORDER_NUM_RISE + ARI_PASS_ORDER_NUM_DEFAULT,
           ariPassOrderSandboxedPasses, sizeof ariPassOrderSandboxedPasses);
    passes = combined;
    np += ARI_PASS_ORDER_NUM_RISE + ARI_PASS_ORDER_NUM_SANDBOXED;
  }
  AriPassOrder *po = ariPassOrderCreate(passes, np, 0, err, sizeof err);
  if (!po) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    goto done;
  }
  if (!o->noSandbox) /* before anything parses or runs a pass: one thread from here on */
    ariPassOrderSetSandbox(po, ctx, 60, NULL, NULL);
  /* --load evaluates without training programs */
  if ((o->train && !loadProgs(ctx, o->train, o->trainLimit, po, o->combined, &arena, &train)) ||
      !loadProgs(ctx, o->test, 0, po, o->combined, &arena, &test))
    goto done;
  AriOrderOps ops = ariPassOrderOps(po);
  if (train.n)
    trainEnv = ariOrderEnvCreate(&ops, train.states, train.n, np, ARI_CODEOP_COUNT, o->horizon,
                                 o->shaping, o->ppo.gamma, err, sizeof err);
  testEnv = trainEnv || !train.n
                ? ariOrderEnvCreate(&ops, test.states, test.n, np, ARI_CODEOP_COUNT, o->horizon,
                                    o->shaping, o->ppo.gamma, err, sizeof err)
                : NULL;
  if (!testEnv) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    goto done;
  }
  unsigned n = test.n, S = o->seeds;
  double *I = ariArenaAlloc(&arena, sizeof(double) * n);
  double *D = ariArenaAlloc(&arena, sizeof(double) * n);
  double *rnd = ariArenaAlloc(&arena, sizeof(double) * n);
  double *grd = ariArenaAlloc(&arena, sizeof(double) * n);
  double *agent = ariArenaAlloc(&arena, sizeof(double) * n * S);
  unsigned *gseq = ariArenaAlloc(&arena, sizeof(unsigned) * n * o->horizon);
  unsigned *glen = ariArenaAlloc(&arena, sizeof(unsigned) * n);
  unsigned *aseq = ariArenaAlloc(&arena, sizeof(unsigned) * n * S * o->horizon);
  unsigned *alen = ariArenaAlloc(&arena, sizeof(unsigned) * n * S);
  char *lowering = ariArenaAlloc(&arena, LOWERING_CAP);
  if (!I || !D || !rnd || !grd || !agent || !gseq || !glen || !aseq || !alen || !lowering) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    goto done;
  }
  printf("environment: %s; training programs: %u (%s), held-out programs: %u "
         "(%s), %u passes, horizon %u, shaping %g\n",
         o->combined ? "rise strategies, lowering, upstream passes" : "upstream passes", train.n,
         o->train ? o->train : "-", n, o->test, np, o->horizon, (double)o->shaping);
  printf("passes:");
  for (unsigned k = 0; k < np; ++k)
    printf(" %s%s", ariPassOrderPassName(po, k), k + 1 < np ? "," : "\n");
  printf("default: rise-to-llvm's cleanup (%s)\n",
         o->combined ? "the lowering, canonicalize, cse" : "canonicalize, cse");
  /* the default order's pipeline, on the programs' states */
  char cleanup[4096];
  snprintf(cleanup, sizeof cleanup, "%s%s", o->combined ? "convert-rise-to-affine," : "",
           ariRiseToLLVMCleanup());

  /* an agent file that does not read fails before the baselines' work */
  if (o->load || o->resume) {
    uint32_t fs[3];
    if (!ariPpoLoad(NULL, NULL, fs, 3, o->load ? o->load : o->resume, err, sizeof err))
      goto fail;
  }

  /* baselines */
  double t0 = now();
  AriNnRng brng = {o->seed ^ 0x5eedULL};
  for (unsigned i = 0; i < n; ++i) {
    if (!countAfter(po, test.states[i], NULL, &I[i], err, sizeof err) ||
        !countAfter(po, test.states[i], cleanup, &D[i], err, sizeof err) ||
        !greedyOrder(po, test.states[i], np, o->horizon, &grd[i], gseq + (size_t)i * o->horizon,
                     &glen[i], err, sizeof err))
      goto fail;
    ariOrderEnvSetProgram(testEnv, (int)i);
    rnd[i] = 0;
    for (unsigned r = 0; r < RANDOM_ORDERS; ++r) {
      double t;
      if (!randomEpisode(testEnv, &brng, &t, err, sizeof err))
        goto fail;
      rnd[i] += t / RANDOM_ORDERS;
    }
  }
  printf("baselines: %.1f s\n", now() - t0);

  /* agents */
  printf("%-5s %-5s %9s %6s %10s %10s %10s\n", "seed", "iter", "episodes", "steps", "return",
         "loss", "entropy");
  FILE *curve = NULL;
  char cpath[4096] = "";
  if (o->curve || o->plot) {
    snprintf(cpath, sizeof cpath, o->curve ? "%s" : "%s.tsv", o->curve ? o->curve : o->plot);
    curve = fopen(cpath, "w");
    if (!curve) {
      fprintf(stderr, "%s: error: cannot write the curve\n", cpath);
      goto done;
    }
    fprintf(curve, "seed\titeration\tepisodes\tmean_return\tloss\tentropy\n");
  }
  unsigned checked = 0, mismatched = 0;
  double trainSec = 0;
  for (unsigned k = 0; k < S; ++k) {
    uint64_t seed = o->seed + k;
    uint32_t shape[3] = {ariOrderEnvObsDim(testEnv), o->hidden, np + 1};
    const char *from = o->load ? o->load : o->resume;
    if (from) {
      uint32_t fs[3];
      if (!ariPpoLoad(NULL, NULL, fs, 3, from, err, sizeof err))
        goto fail;
      if (fs[0] != shape[0] || fs[2] != shape[2]) {
        fprintf(stderr, "%s: error: the agent observes %u values and has %u actions; this "
                        "build's environment has %u and %u\n",
                from, fs[0], fs[2], shape[0], shape[2]);
        goto done;
      }
      shape[1] = fs[1];
    }
    AriMlpPolicy *pol = ariMlpPolicyCreate(shape[0], shape[1], shape[2], seed, err, sizeof err);
    if (!pol)
      goto fail;
    AriPpoConfig cfg = o->ppo;
    cfg.seed = seed;
    AriPpo p;
    ariPpoInit(&p, &cfg);
    AriRlPolicy pg = ariMlpPolicyGym(pol);
    AriRlEnv g = trainEnv ? ariOrderEnvGym(trainEnv) : (AriRlEnv){0};
    bool ok = !from || ariPpoLoad(&p, &pg, shape, 3, from, err, sizeof err);
    double ts = now();
    for (unsigned it = 0; ok && it < o->iterations; ++it) {
      AriPpoStats st;
      ok = ariPpoIterate(&p, &g, &pg, &st, err, sizeof err);
      if (!ok)
        break;
      printf("%-5llu %-5u %9u %6u %10.4f %10.4f %10.4f\n", (unsigned long long)seed, it + 1,
             st.episodes, st.steps, st.meanReturn, st.meanLoss, st.meanEntropy);
      if (curve)
        fprintf(curve, "%llu\t%u\t%u\t%.6f\t%.6f\t%.6f\n", (unsigned long long)seed, it + 1,
                st.episodes, st.meanReturn, st.meanLoss, st.meanEntropy);
      /* the rollout's last episode's program, compiled and checked */
      if (o->checkEvery && (it + 1) % o->checkEvery == 0) {
        const unsigned *seq;
        unsigned len;
        ariOrderEnvCurrent(trainEnv, NULL, NULL, &seq, &len);
        unsigned prog = ariOrderEnvProgram(trainEnv);
        AriMeasureResult mr;
        if (!ariPassOrderLowering(po, seq, len, lowering, LOWERING_CAP)) {
          ok = ariFailf(err, sizeof err, "lowering text too long");
          break;
        }
        AriMeasureStatus ms = measure(train.funcs[prog], lowering, 1, &mr);
        checked++;
        if (ms != ARI_MEASURE_OK) {
          mismatched++;
          printf("check: training program %s after ", train.names[prog]);
          printOrder(po, seq, len);
          printf(": %s: %s\n", ariMeasureStatusName(ms), mr.message);
        }
      }
    }
    trainSec += now() - ts;
    AriRlEnv tg = ariOrderEnvGym(testEnv);
    for (unsigned i = 0; ok && i < n; ++i) {
      ariOrderEnvSetProgram(testEnv, (int)i);
      double ret;
      const unsigned *seq;
      unsigned len;
      ok = tg.reset(tg.self, &p.rng, err, sizeof err) &&
           ariPpoEpisode(&p, &tg, &pg, true, &ret, err, sizeof err);
      if (!ok)
        break;
      ariOrderEnvCurrent(testEnv, &agent[(size_t)k * n + i], NULL, &seq, &len);
      alen[(size_t)k * n + i] = len;
      memcpy(aseq + ((size_t)k * n + i) * o->horizon, seq, sizeof(unsigned) * len);
    }
    tg.release(tg.self);
    if (ok && o->checkpoint) {
      char path[4096];
      if (S > 1)
        snprintf(path, sizeof path, "%s.%llu", o->checkpoint, (unsigned long long)seed);
      else
        snprintf(path, sizeof path, "%s", o->checkpoint);
      ariMlpPolicyShape(pol, shape);
      ok = ariPpoSave(&p, &pg, shape, 3, path, err, sizeof err);
    }
    ariPpoDestroy(&p);
    ariMlpPolicyDestroy(pol);
    if (!ok) {
      if (curve)
        fclose(curve);
      goto fail;
    }
  }
  if (curve && fclose(curve) != 0) {
    fprintf(stderr, "%s: error: cannot write the curve\n", cpath);
    goto done;
  }
  if (o->plot && ariRlWritePlot(o->plot, cpath, "training return (relative op-count fall)",
                                "using 2:4 with points pointsize 0.4 title 'each seed, each "
                                "iteration'"))
    goto done;

  /* the table */
  printf("held-out programs: op executions after lower-affine; I as lowered, D the default "
         "order, random the mean of %d random orders of %u passes, greedy, ppo mean +- std over "
         "%u seed(s) (greedy argmax)\n",
         RANDOM_ORDERS, o->horizon, S);
  printf("%-22s %12s %12s %12s %12s %12s %8s  %s\n", "program", "I", "D", "random", "greedy",
         "ppo", "+-", "order (first seed) | greedy's");
  double *x = ariArenaAlloc(&arena, sizeof(double) * (S > n ? S : n));
  double *metric = ariArenaAlloc(&arena, sizeof(double) * S);
  if (!x || !metric)
    goto fail;
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned k = 0; k < S; ++k)
      x[k] = agent[(size_t)k * n + i];
    double m, sd;
    meanStd(x, S, &m, &sd);
    printf("%-22s %12.6g %12.6g %12.6g %12.6g %12.6g %8.3g  ", test.names[i], I[i], D[i], rnd[i],
           grd[i], m, sd);
    printOrder(po, aseq + (size_t)i * o->horizon, alen[i]);
    printf(" | ");
    printOrder(po, gseq + (size_t)i * o->horizon, glen[i]);
    printf("\n");
  }
  unsigned used = 0;
  for (unsigned k = 0; k < S; ++k)
    metric[k] = xlaMetric(I, D, agent + (size_t)k * n, n, &used);
  double mm, ms, rm, rs;
  meanStd(metric, S, &mm, &ms);
  printf("geometric mean of (I - R) / (I - D) over the %u held-out programs the default "
         "improves: ppo %.4f +- %.4f, greedy %.4f, random %.4f (1: as good as the default)\n",
         used, mm, ms, xlaMetric(I, D, grd, n, NULL), xlaMetric(I, D, rnd, n, NULL));
  for (unsigned k = 0; k < S; ++k)
    metric[k] = countRatio(D, agent + (size_t)k * n, n);
  meanStd(metric, S, &rm, &rs);
  printf("geometric mean of D / R over all %u held-out programs: ppo %.4f +- %.4f, greedy %.4f, "
         "random %.4f, as lowered (I) %.4f\n",
         n, rm, rs, countRatio(D, grd, n), countRatio(D, rnd, n), countRatio(D, I, n));
  printf("training: %u iterations x %u seed(s) in %.1f s", o->iterations, S, trainSec);
  if (o->checkEvery)
    printf("; %u training programs compiled and checked against the interpreter, %u failed",
           checked, mismatched);
  printf("\n");

  /* measured: the default's program, each agent's and greedy's of every
   * held-out function, each checked against the interpreter (agents that
   * chose the same order share one measurement) */
  if (o->measure) {
    printf("measured (checked against the interpreter; median of 10 calls after 2, ms; ppo: "
           "mean +- std over %u seed(s)):\n",
           S);
    printf("%-22s %10s %10s %8s %8s %8s %10s %8s\n", "program", "default", "ppo", "+-", "speedup",
           "+-", "greedy", "speedup");
    double greedyLogs = 0;
    double *logs = ariArenaCalloc(&arena, sizeof(double) * S);
    double *agentMs = ariArenaAlloc(&arena, sizeof(double) * S);
    double *sp = ariArenaAlloc(&arena, sizeof(double) * S);
    if (!logs || !agentMs || !sp)
      goto fail;
    unsigned timed = 0;
    bool bad = false;
    for (unsigned i = 0; i < n; ++i) {
      AriMeasureResult rd, ra;
      AriMeasureStatus sd = measure(test.funcs[i], NULL, 10, &rd);
      if (sd != ARI_MEASURE_OK) {
        printf("%-22s default %s: %s\n", test.names[i], ariMeasureStatusName(sd), rd.message);
        continue;
      }
      bool ok = true;
      for (unsigned k = 0; k < S && ok; ++k) {
        const unsigned *seq = aseq + ((size_t)k * n + i) * o->horizon;
        unsigned len = alen[(size_t)k * n + i];
        unsigned same = k;
        for (unsigned j = 0; j < k && same == k; ++j)
          if (alen[(size_t)j * n + i] == len &&
              !memcmp(aseq + ((size_t)j * n + i) * o->horizon, seq, sizeof(unsigned) * len))
            same = j;
        if (same < k) {
          agentMs[k] = agentMs[same];
          continue;
        }
        if (!ariPassOrderLowering(po, seq, len, lowering, LOWERING_CAP)) {
          ariFailf(err, sizeof err, "lowering text too long");
          goto fail;
        }
        AriMeasureStatus sa = measure(test.funcs[i], lowering, 10, &ra);
        if (sa != ARI_MEASURE_OK) {
          printf("%-22s seed %llu's order: %s: %s\n", test.names[i],
                 (unsigned long long)(o->seed + k), ariMeasureStatusName(sa), ra.message);
          bad |= sa == ARI_MEASURE_MISMATCH;
          ok = false;
        }
        agentMs[k] = ra.medianMs;
      }
      AriMeasureResult rg;
      if (ok && !ariPassOrderLowering(po, gseq + (size_t)i * o->horizon, glen[i], lowering,
                                      LOWERING_CAP)) {
        ariFailf(err, sizeof err, "lowering text too long");
        goto fail;
      }
      AriMeasureStatus sg = ok ? measure(test.funcs[i], lowering, 10, &rg) : ARI_MEASURE_OK;
      if (ok && sg != ARI_MEASURE_OK) {
        printf("%-22s greedy's order: %s: %s\n", test.names[i], ariMeasureStatusName(sg),
               rg.message);
        bad |= sg == ARI_MEASURE_MISMATCH;
        ok = false;
      }
      if (!ok)
        continue;
      for (unsigned k = 0; k < S; ++k)
        sp[k] = rd.medianMs / agentMs[k];
      double am, asd, spm, spd;
      meanStd(agentMs, S, &am, &asd);
      meanStd(sp, S, &spm, &spd);
      printf("%-22s %10.4f %10.4f %8.4f %8.3f %8.3f %10.4f %8.3f\n", test.names[i], rd.medianMs,
             am, asd, spm, spd, rg.medianMs, rd.medianMs / rg.medianMs);
      for (unsigned k = 0; k < S; ++k)
        logs[k] += log(sp[k]);
      greedyLogs += log(rd.medianMs / rg.medianMs);
      timed++;
    }
    for (unsigned k = 0; k < S; ++k)
      sp[k] = timed ? exp(logs[k] / timed) : 0;
    double gm, gsd;
    meanStd(sp, S, &gm, &gsd);
    printf("geometric-mean speed-up of ppo's orders over the default: %.3f +- %.3f over %u "
           "seed(s) (%u programs):",
           gm, gsd, S, timed);
    for (unsigned k = 0; k < S; ++k)
      printf(" %.3f", sp[k]);
    printf("\ngeometric-mean speed-up of greedy's orders over the default: %.3f\n",
           timed ? exp(greedyLogs / timed) : 0);
    if (bad) {
      fprintf(stderr, TOOL ": error: a program does not match the interpreter\n");
      goto done;
    }
  }
  rc = mismatched ? 1 : 0;
  if (mismatched)
    fprintf(stderr, TOOL ": error: %u training program(s) failed their check\n", mismatched);
  goto done;
fail:
  fprintf(stderr, TOOL ": error: %s\n", err);
done:
  ariOrderEnvDestroy(trainEnv);
  ariOrderEnvDestroy(testEnv);
  freeProgs(po, &train);
  freeProgs(po, &test);
  ariPassOrderDestroy(po);
  ariArenaDestroy(&arena);
  return rc;
}
