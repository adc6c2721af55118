/*===- costmodel/rl/ppo.h - PPO and a gym-style environment interface --------===*\
 *
 * Proximal Policy Optimisation (Schulman et al. 2017) on the learning
 * library (costmodel/nn): the agent of X-RLflow (rewrite selection,
 * costmodel/rl/rewrite_env.h) and of XLA-RL (pass ordering). docs/rl.md has
 * the design and the defaults' sources.
 *
 * The environment (AriRlEnv) is gym-style: reset, the observation, the
 * number of actions and their legal-action mask, step (reward, done) and a
 * line of info. The policy (AriRlPolicy) maps an observation to one row of
 * logits (one per action) and a state value, on a tape, from its
 * parameters. PPO itself knows neither: a rollout is a list of
 * (observation, mask, action, log-probability, value, reward, done), its
 * advantages come from GAE, and an update runs the clipped surrogate loss
 * (ariNnPpoLoss, costmodel/nn/tape.h) over shuffled minibatches with Adam
 * and global gradient-norm clipping.
 *
 * Masking: actions are sampled only among legal ones (ariPpoSample), and
 * the loss refuses a masked action, so an illegal action can be neither
 * taken nor trained on.
 *
 * Determinism: every random choice (sampling, program choice of an
 * environment's reset, minibatch shuffles) comes from the trainer's seeded
 * AriNnRng, and the tape and Adam are deterministic: the same seed, the
 * same environment and the same policy give bit-identical parameters.
 *
 * Checkpoints (ariPpoSave/ariPpoLoad): the checksummed parameter file of
 * costmodel/nn/params.h, tag "ppo", holding the policy's parameters and
 * Adam's moments ("m:NAME", "s:NAME"), and in its meta words the update
 * and step counters, the generator's state, Adam's step count and up to
 * ARI_PPO_USER_META words of the caller's (its network's shape). A
 * resumed trainer continues bit-identically to one never stopped.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_RL_PPO_H
#define ARIADNE_COSTMODEL_RL_PPO_H

#include "costmodel/nn/adam.h"
#include "costmodel/nn/params.h"
#include "costmodel/nn/tape.h"
#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ARI_PPO_USER_META = 8, /* caller's meta words in a checkpoint */
  ARI_PPO_MAX_ACTIONS = 4096
};

typedef struct AriPpoConfig {
  float lr;          /* Adam's learning rate */
  float clip;        /* surrogate clipping epsilon */
  float gamma;       /* discount */
  float lambda;      /* GAE's lambda */
  float c1, c2;      /* value and entropy coefficients */
  float maxGradNorm; /* global gradient-norm clipping; 0: none */
  unsigned epochs;   /* passes over a rollout per update */
  unsigned minibatch; /* transitions per Adam step */
  unsigned rollout;  /* environment steps collected per update (whole episodes) */
  uint64_t seed;
} AriPpoConfig;

/* X-RLflow's: lr 5e-4, clip 0.2, gamma 0.99, lambda 0.95, c1 0.5,
 * c2 0.01; gradient norm 0.5, 4 epochs, minibatches of 32, rollouts of
 * 128 steps, seed 0. */
AriPpoConfig ariPpoDefaults(void);
/* XLA-RL's: the same with lr 3e-4 and rollouts (batches) of 256 steps. */
AriPpoConfig ariPpoDefaultsXlaRl(void);

/* Generalised advantage estimation over n steps of one or more episodes:
 * values[i] = V(s_i), dones[i] non-zero when the episode ended at step i
 * (nothing is bootstrapped across it), lastValue = V(s_n) for a rollout cut
 * in the middle of an episode. adv[i] and ret[i] = adv[i] + values[i]. */
void ariPpoGae(unsigned n, const float *rewards, const float *values,
               const unsigned char *dones, float lastValue, float gamma, float lambda,
               float *adv, float *ret);

/* Samples an action from the masked softmax of logits[0..n); *logp its
 * log-probability. -1 when no action is legal. Never returns a masked one. */
int ariPpoSample(const float *logits, const unsigned char *mask, unsigned n, AriNnRng *rng,
                 float *logp);
/* The legal action of largest logit (lowest index on ties); -1 when none. */
int ariPpoArgmax(const float *logits, const unsigned char *mask, unsigned n);

/* A gym-style environment. Observations are opaque to PPO: the policy of
 * the same environment reads them. An observation stays valid until
 * `release` (called after every update and at ariPpoDestroy). */
typedef struct AriRlEnv {
  void *self;
  /* Starts an episode (random choices from rng, e.g. which program). */
  bool (*reset)(void *self, AriNnRng *rng, char *err, size_t errCap);
  const void *(*observe)(void *self);
  unsigned (*numActions)(void *self);        /* at most ARI_PPO_MAX_ACTIONS */
  void (*legalMask)(void *self, unsigned char *mask); /* numActions bytes */
  bool (*step)(void *self, unsigned action, float *reward, bool *done, char *err,
               size_t errCap);
  /* One line about the episode so far (program, cost): NULL allowed. */
  const char *(*info)(void *self);
  void (*release)(void *self); /* NULL allowed */
} AriRlEnv;

/* A policy: one row of logits (1 x numActions) and a value (1 x 1) for an
 * observation, built on the tape from `params`. */
typedef struct AriRlPolicy {
  void *self;
  AriNnParams *params;
  bool (*forward)(void *self, AriNnTape *t, const void *obs, unsigned numActions,
                  AriNnVar **logits, AriNnVar **value);
} AriRlPolicy;

typedef struct AriPpoStats {
  unsigned episodes, steps;
  double meanReturn;   /* undiscounted, over the rollout's episodes */
  double meanLoss, meanEntropy, gradNorm; /* over the update's minibatches */
} AriPpoStats;

typedef struct AriPpo {
  AriPpoConfig cfg;
  AriNnAdam adam;
  AriNnRng rng;
  AriNnTape tape;
  AriArena buf; /* the rollout */
  uint64_t updates, envSteps;
} AriPpo;

void ariPpoInit(AriPpo *p, const AriPpoConfig *cfg);
void ariPpoDestroy(AriPpo *p);

/* One PPO iteration: whole episodes until at least cfg.rollout steps (each
 * action sampled from the policy), GAE, then cfg.epochs passes of Adam
 * steps over shuffled minibatches; env->release at the end. */
bool ariPpoIterate(AriPpo *p, AriRlEnv *env, AriRlPolicy *pol, AriPpoStats *st, char *err,
                   size_t errCap);

/* Runs one episode from env's current reset state: greedy (argmax) or
 * sampled from p's generator. The undiscounted return in *ret. */
bool ariPpoEpisode(AriPpo *p, AriRlEnv *env, AriRlPolicy *pol, bool greedy, double *ret,
                   char *err, size_t errCap);

/* Checkpoints (format above). user[0..nuser) with nuser <= ARI_PPO_USER_META;
 * ariPpoLoad reads them back (NULL pol: the meta words only, so that a
 * caller can build the network they describe, then load again). */
bool ariPpoSave(const AriPpo *p, const AriRlPolicy *pol, const uint32_t *user, unsigned nuser,
                const char *path, char *err, size_t errCap);
bool ariPpoLoad(AriPpo *p, AriRlPolicy *pol, uint32_t *user, unsigned nuser, const char *path,
                char *err, size_t errCap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_RL_PPO_H */
