/*===- costmodel/rl/ppo.c - PPO and a gym-style environment interface --------===*/

#include "costmodel/rl/ppo.h"

#include "utils/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char PPO_TAG[8] = {'p', 'p', 'o', 0, 0, 0, 0, 0};
enum { TRAINER_META = 8, FILE_META = TRAINER_META + ARI_PPO_USER_META };


AriPpoConfig ariPpoDefaults(void) {
  AriPpoConfig c = {.lr = 5e-4f,
                    .clip = 0.2f,
                    .gamma = 0.99f,
                    .lambda = 0.95f,
                    .c1 = 0.5f,
                    .c2 = 0.01f,
                    .maxGradNorm = 0.5f,
                    .epochs = 4,
                    .minibatch = 32,
                    .rollout = 128,
                    .seed = 0};
  return c;
}

AriPpoConfig ariPpoDefaultsXlaRl(void) {
  AriPpoConfig c = ariPpoDefaults();
  c.lr = 3e-4f;
  c.rollout = 256;
  return c;
}

void ariPpoGae(unsigned n, const float *rewards, const float *values,
               const unsigned char *dones, float lastValue, float gamma, float lambda,
               float *adv, float *ret) {
  double next = 0, nextValue = lastValue;
  for (unsigned k = n; k-- > 0;) {
    /* At an episode's end the future is zero: no bootstrap, no carry. */
    double nv = dones[k] ? 0 : nextValue, carry = dones[k] ? 0 : next;
    double delta = rewards[k] + gamma * nv - values[k];
    next = delta + gamma * lambda * carry;
    adv[k] = (float)next;
    ret[k] = (float)(next + values[k]);
    nextValue = values[k];
  }
}

int ariPpoSample(const float *logits, const unsigned char *mask, unsigned n, AriNnRng *rng,
                 float *logp) {
  float mx = -INFINITY;
  for (unsigned j = 0; j < n; ++j)
    if (mask[j] && logits[j] > mx)
      mx = logits[j];
  if (mx == -INFINITY)
    return -1;
  double s = 0;
  for (unsigned j = 0; j < n; ++j)
    if (mask[j])
      s += exp((double)logits[j] - mx);
  /* 53 random bits: a uniform double in [0, s). */
  double u = (double)(ariNnRngNext(rng) >> 11) * (1.0 / 9007199254740992.0) * s;
  int pick = -1;
  double acc = 0;
  for (unsigned j = 0; j < n; ++j) {
    if (!mask[j])
      continue;
    pick = (int)j; /* the last legal action catches rounding at the top */
    acc += exp((double)logits[j] - mx);
    if (u < acc)
      break;
  }
  if (logp)
    *logp = (float)((double)logits[pick] - mx - log(s));
  return pick;
}

int ariPpoArgmax(const float *logits, const unsigned char *mask, unsigned n) {
  int best = -1;
  for (unsigned j = 0; j < n; ++j)
    if (mask[j] && (best < 0 || logits[j] > logits[best]))
      best = (int)j;
  return best;
}

void ariPpoInit(AriPpo *p, const AriPpoConfig *cfg) {
  memset(p, 0, sizeof *p);
  p->cfg = *cfg;
  if (!p->cfg.epochs)
    p->cfg.epochs = 1;
  if (!p->cfg.minibatch)
    p->cfg.minibatch = 1;
  if (!p->cfg.rollout)
    p->cfg.rollout = 1;
  p->adam = ariNnAdamDefault(cfg->maxGradNorm);
  p->rng.state = cfg->seed ^ 0x5050u; /* distinct from a network's init stream */
  ariNnTapeInit(&p->tape, 0);
  ariArenaInit(&p->buf, 0);
}

void ariPpoDestroy(AriPpo *p) {
  ariNnTapeDestroy(&p->tape);
  ariArenaDestroy(&p->buf);
}

/* One transition of a rollout. */
typedef struct Step {
  const void *obs;
  unsigned char *mask;
  unsigned n, action;
  float logp, value, reward;
  unsigned char done;
} Step;

/* The policy's logits and value for obs on a fresh tape. */
static bool forward(AriPpo *p, AriRlPolicy *pol, const void *obs, unsigned n, AriNnVar **lg,
                    AriNnVar **val, char *err, size_t cap) {
  ariNnTapeReset(&p->tape);
  if (!pol->forward(pol->self, &p->tape, obs, n, lg, val) || !*lg || !*val) {
    const char *te = ariNnTapeError(&p->tape);
    return ariFailf(err, cap, "policy: %s", te ? te : "forward pass failed");
  }
  if ((*lg)->rows != 1 || (*lg)->cols != n || (*val)->rows != 1 || (*val)->cols != 1)
    return ariFailf(err, cap, "policy: logits %ux%u and value %ux%u for %u actions", (*lg)->rows,
                 (*lg)->cols, (*val)->rows, (*val)->cols, n);
  return true;
}

/* Observes env, samples (or takes the argmax), steps. */
static bool act(AriPpo *p, AriRlEnv *env, AriRlPolicy *pol, bool greedy, Step *st, bool keep,
                char *err, size_t cap) {
  unsigned n = env->numActions(env->self);
  if (n == 0 || n > ARI_PPO_MAX_ACTIONS)
    return ariFailf(err, cap, "environment: %u actions", n);
  st->obs = env->observe(env->self);
  st->n = n;
  st->mask = keep ? ariArenaAlloc(&p->buf, n) : NULL;
  unsigned char local[ARI_PPO_MAX_ACTIONS];
  unsigned char *mask = st->mask ? st->mask : local;
  if (keep && !st->mask)
    return ariFailf(err, cap, "out of memory for the rollout");
  env->legalMask(env->self, mask);
  AriNnVar *lg, *val;
  if (!forward(p, pol, st->obs, n, &lg, &val, err, cap))
    return false;
  int a = greedy ? ariPpoArgmax(lg->v, mask, n) : ariPpoSample(lg->v, mask, n, &p->rng, &st->logp);
  if (a < 0)
    return ariFailf(err, cap, "environment: no legal action");
  st->action = (unsigned)a;
  st->value = val->v[0];
  bool done = false;
  if (!env->step(env->self, st->action, &st->reward, &done, err, cap))
    return false;
  st->done = done;
  return true;
}

bool ariPpoEpisode(AriPpo *p, AriRlEnv *env, AriRlPolicy *pol, bool greedy, double *ret,
                   char *err, size_t errCap) {
  *ret = 0;
  for (unsigned k = 0; k < 1000000; ++k) {
    Step st;
    if (!act(p, env, pol, greedy, &st, false, err, errCap))
      return false;
    *ret += st.reward;
    if (st.done)
      return true;
  }
  return ariFailf(err, errCap, "environment: an episode of a million steps");
}

bool ariPpoIterate(AriPpo *p, AriRlEnv *env, AriRlPolicy *pol, AriPpoStats *stats, char *err,
                   size_t errCap) {
  AriPpoStats s = {0};
  ariArenaRecycle(&p->buf);
  unsigned cap = p->cfg.rollout + 1024, n = 0;
  Step *steps = ariArenaAlloc(&p->buf, sizeof *steps * cap);
  if (!steps)
    return ariFailf(err, errCap, "out of memory for the rollout");
  double retSum = 0, ret = 0;
  bool ok = true;
  if (!env->reset(env->self, &p->rng, err, errCap))
    return false;
  for (;;) {
    if (n == cap) {
      Step *bigger = ariArenaAlloc(&p->buf, sizeof *steps * cap * 2);
      if (!bigger)
        return ariFailf(err, errCap, "out of memory for the rollout");
      memcpy(bigger, steps, sizeof *steps * n);
      steps = bigger;
      cap *= 2;
    }
    if (!act(p, env, pol, false, &steps[n], true, err, errCap)) {
      ok = false;
      break;
    }
    ret += steps[n].reward;
    p->envSteps++;
    if (steps[n++].done) {
      s.episodes++;
      retSum += ret;
      ret = 0;
      if (n >= p->cfg.rollout)
        break;
      if (!env->reset(env->self, &p->rng, err, errCap)) {
        ok = false;
        break;
      }
    }
  }
  s.steps = n;
  s.meanReturn = s.episodes ? retSum / s.episodes : 0;
  float *rew = ok ? ariArenaAlloc(&p->buf, sizeof(float) * 4 * n) : NULL;
  unsigned char *dones = ok ? ariArenaAlloc(&p->buf, n) : NULL;
  unsigned *order = ok ? ariArenaAlloc(&p->buf, sizeof(unsigned) * n) : NULL;
  if (ok && (!rew || !dones || !order))
    ok = ariFailf(err, errCap, "out of memory for the rollout");
  if (ok) {
    float *vals = rew + n, *adv = rew + 2 * (size_t)n, *rets = rew + 3 * (size_t)n;
    for (unsigned i = 0; i < n; ++i) {
      rew[i] = steps[i].reward;
      vals[i] = steps[i].value;
      dones[i] = steps[i].done;
      order[i] = i;
    }
    ariPpoGae(n, rew, vals, dones, 0, p->cfg.gamma, p->cfg.lambda, adv, rets);
    /* Advantages normalised over the rollout (the usual PPO practice):
     * the step size stops depending on the reward's scale. */
    double mean = 0, var = 0;
    for (unsigned i = 0; i < n; ++i)
      mean += adv[i];
    mean /= n;
    for (unsigned i = 0; i < n; ++i)
      var += (adv[i] - mean) * (adv[i] - mean);
    double sd = sqrt(var / n);
    for (unsigned i = 0; i < n; ++i)
      adv[i] = (float)((adv[i] - mean) / (sd + 1e-8));
    unsigned mb = p->cfg.minibatch, batches = 0;
    double lossSum = 0, entSum = 0, normSum = 0;
    ariNnParamsZeroGrad(pol->params);
    for (unsigned e = 0; e < p->cfg.epochs && ok; ++e) {
      for (unsigned i = n; i > 1; --i) { /* Fisher-Yates */
        unsigned j = (unsigned)(ariNnRngNext(&p->rng) % i), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
      }
      for (unsigned b0 = 0; b0 < n && ok; b0 += mb) {
        unsigned b1 = b0 + mb < n ? b0 + mb : n;
        float seed = 1.0f / (float)(b1 - b0);
        double loss = 0;
        for (unsigned k = b0; k < b1 && ok; ++k) {
          const Step *st = &steps[order[k]];
          unsigned i = order[k];
          AriNnVar *lg, *val;
          if (!forward(p, pol, st->obs, st->n, &lg, &val, err, errCap)) {
            ok = false;
            break;
          }
          AriNnVar *l = ariNnPpoLoss(&p->tape, lg, val, st->mask, &st->action, &st->logp,
                                     &adv[i], &rets[i], p->cfg.clip, p->cfg.c1, p->cfg.c2);
          if (!l || !ariNnBackward(&p->tape, l, &seed)) {
            const char *te = ariNnTapeError(&p->tape);
            ok = ariFailf(err, errCap, "ppo loss: %s", te ? te : "failed");
            break;
          }
          loss += l->v[0];
          double h = 0, mx = -INFINITY, z = 0;
          for (unsigned j = 0; j < st->n; ++j)
            if (st->mask[j] && lg->v[j] > mx)
              mx = lg->v[j];
          for (unsigned j = 0; j < st->n; ++j)
            if (st->mask[j])
              z += exp(lg->v[j] - mx);
          for (unsigned j = 0; j < st->n; ++j)
            if (st->mask[j]) {
              double lp = lg->v[j] - mx - log(z);
              h -= exp(lp) * lp;
            }
          entSum += h;
        }
        if (!ok)
          break;
        normSum += ariNnAdamStep(pol->params, &p->adam, p->cfg.lr);
        lossSum += loss / (b1 - b0);
        batches++;
      }
    }
    s.meanLoss = batches ? lossSum / batches : 0;
    s.gradNorm = batches ? normSum / batches : 0;
    s.meanEntropy = batches ? entSum / ((double)n * p->cfg.epochs) : 0;
    if (ok)
      p->updates++;
  }
  if (env->release)
    env->release(env->self);
  if (stats)
    *stats = s;
  return ok;
}

/*--- checkpoints ------------------------------------------------------------*/

/* A parameter set of 3 x pol's: values, Adam's m and s (names "m:", "s:"). */
static bool checkpointSet(const AriNnParams *src, AriNnParams *ck, char *err, size_t cap) {
  ariNnParamsInit(ck);
  if (src->n * 3 > ARI_NN_MAX_PARAMS)
    return ariFailf(err, cap, "a checkpoint holds at most %d parameters, the policy has %u",
                 ARI_NN_MAX_PARAMS / 3, src->n);
  for (unsigned k = 0; k < 3; ++k)
    for (unsigned i = 0; i < src->n; ++i) {
      const AriNnParam *q = src->items[i];
      char name[256];
      snprintf(name, sizeof name, "%s%s", k == 0 ? "" : k == 1 ? "m:" : "s:", q->name);
      if (!ariNnParamNew(ck, name, q->rows, q->cols, ARI_NN_INIT_ZERO, NULL))
        return ariFailf(err, cap, "out of memory for a checkpoint");
    }
  return true;
}

static float *slot(const AriNnParam *q, unsigned k) { return k == 0 ? q->v : k == 1 ? q->m : q->s; }

bool ariPpoSave(const AriPpo *p, const AriRlPolicy *pol, const uint32_t *user, unsigned nuser,
                const char *path, char *err, size_t errCap) {
  if (nuser > ARI_PPO_USER_META)
    return ariFailf(err, errCap, "at most %d meta words", ARI_PPO_USER_META);
  AriNnParams ck;
  bool ok = checkpointSet(pol->params, &ck, err, errCap);
  const AriNnParams *src = pol->params;
  for (unsigned k = 0; ok && k < 3; ++k)
    for (unsigned i = 0; i < src->n; ++i) {
      const AriNnParam *q = src->items[i];
      memcpy(ck.items[k * src->n + i]->v, slot(q, k), sizeof(float) * q->rows * q->cols);
    }
  uint32_t meta[FILE_META] = {(uint32_t)p->updates, (uint32_t)(p->updates >> 32),
                              (uint32_t)p->envSteps, (uint32_t)(p->envSteps >> 32),
                              (uint32_t)p->rng.state, (uint32_t)(p->rng.state >> 32),
                              (uint32_t)p->adam.steps, (uint32_t)(p->adam.steps >> 32)};
  for (unsigned i = 0; i < nuser; ++i)
    meta[TRAINER_META + i] = user[i];
  if (ok)
    ok = ariNnParamsSave(&ck, path, PPO_TAG, meta, FILE_META, err, errCap);
  ariNnParamsDestroy(&ck);
  return ok;
}

bool ariPpoLoad(AriPpo *p, AriRlPolicy *pol, uint32_t *user, unsigned nuser, const char *path,
                char *err, size_t errCap) {
  if (nuser > ARI_PPO_USER_META)
    return ariFailf(err, errCap, "at most %d meta words", ARI_PPO_USER_META);
  uint32_t meta[FILE_META];
  if (!pol) {
    if (!ariNnParamsLoad(NULL, path, PPO_TAG, meta, FILE_META, err, errCap))
      return false;
    for (unsigned i = 0; i < nuser; ++i)
      user[i] = meta[TRAINER_META + i];
    return true;
  }
  AriNnParams ck;
  bool ok = checkpointSet(pol->params, &ck, err, errCap) &&
            ariNnParamsLoad(&ck, path, PPO_TAG, meta, FILE_META, err, errCap);
  if (ok) {
    const AriNnParams *dst = pol->params;
    for (unsigned k = 0; k < 3; ++k)
      for (unsigned i = 0; i < dst->n; ++i) {
        const AriNnParam *q = dst->items[i];
        memcpy(slot(q, k), ck.items[k * dst->n + i]->v, sizeof(float) * q->rows * q->cols);
      }
    if (p) {
      p->updates = meta[0] | (uint64_t)meta[1] << 32;
      p->envSteps = meta[2] | (uint64_t)meta[3] << 32;
      p->rng.state = meta[4] | (uint64_t)meta[5] << 32;
      p->adam.steps = meta[6] | (uint64_t)meta[7] << 32;
    }
    for (unsigned i = 0; i < nuser; ++i)
      user[i] = meta[TRAINER_META + i];
  }
  ariNnParamsDestroy(&ck);
  return ok;
}
