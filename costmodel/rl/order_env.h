/*===- costmodel/rl/order_env.h - XLA-RL's pass ordering over op counts ----===*\
 *
 * Environment 2 of issue 20 as the XLA-RL paper has it (docs/rl.md,
 * "Environment 2: upstream passes"): an agent picks compiler passes one at
 * a time, observing operation counts by kind, rewarded by the fall of the
 * total count. The programs and passes are opaque here: a state is a
 * `void *` that the caller's AriOrderOps apply passes to, count and free
 * (runtime/passorder.h implements them on MLIR modules: upstream passes on
 * the lowered loops). So this layer includes no compiler, as DESIGN.md asks
 * of engines.
 *
 * Actions: 0 stops (ends the episode); k >= 1 runs pass k-1. Every action
 * is legal, as in the paper: a pass that fails, or changes nothing, leaves
 * the state and earns only the shaping's (gamma - 1) phi(s).
 * Reward for a pass: (T(s) - T(s')) / T(s0), T the total count, plus the
 * paper's potential-based shaping gamma phi(s') - phi(s) with
 * phi(s) = -(FLOPs(s) + 2 transcendentals(s)) / (FLOPs(s0) + 2 transc(s0)),
 * weighted by `shaping` (0: none). Shaping of this form leaves the optimal
 * policy unchanged (Ng et al. 1999); it tells the agent early which passes
 * remove arithmetic. The episode ends at stop or at the horizon.
 * Observation (floats, ariOrderEnvObsDim of them): each kind's count over
 * T(s0); T(s) / T(s0); log10(1 + T(s0)) / 10 (the program's scale); the
 * fraction of steps left; per pass, how often the episode ran it (over the
 * horizon) -- the counts alone do not show that a loop was already
 * unrolled.
 *
 * Nothing aborts: errors are values with messages.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_RL_ORDER_ENV_H
#define ARIADNE_COSTMODEL_RL_ORDER_ENV_H

#include "costmodel/rl/ppo.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a program state can do: the caller's. */
typedef struct AriOrderOps {
  void *self;
  /* Runs pass `pass` (0-based) on a copy of state: *out the new state, or
   * NULL when the pass failed or the copy is not wanted (state unchanged).
   * False only for errors that end the run (out of memory). */
  bool (*apply)(void *self, const void *state, unsigned pass, void **out, char *err,
                size_t errCap);
  /* kinds[0..nkinds), FLOPs and transcendental executions of a state. */
  bool (*count)(void *self, const void *state, double *kinds, double *flops, double *transc,
                char *err, size_t errCap);
  void (*release)(void *self, void *state); /* a state apply made */
} AriOrderOps;

typedef struct AriOrderEnv AriOrderEnv;

/* An environment over the initial states programs[0..n) (borrowed, never
 * released), npasses passes, counts of nkinds kinds; horizon >= 1 steps;
 * shaping's weight and gamma (the trainer's discount). NULL with a message
 * on bad arguments or no memory. */
AriOrderEnv *ariOrderEnvCreate(const AriOrderOps *ops, void *const *programs, unsigned n,
                               unsigned npasses, unsigned nkinds, unsigned horizon,
                               float shaping, float gamma, char *err, size_t errCap);
void ariOrderEnvDestroy(AriOrderEnv *e); /* NULL is a no-op */

unsigned ariOrderEnvObsDim(const AriOrderEnv *e);
/* Program i < n for every reset (evaluation); -1: drawn at random. */
void ariOrderEnvSetProgram(AriOrderEnv *e, int i);
AriRlEnv ariOrderEnvGym(AriOrderEnv *e);

/* The episode so far: the current state and its total count, the
 * initial total, the passes that gave a new state (actions - 1, in order;
 * the failed ones, which changed nothing, left out) and their number: the
 * order that makes the current state from the program. */
const void *ariOrderEnvCurrent(const AriOrderEnv *e, double *total, double *initial,
                               const unsigned **passes, unsigned *applied);

/* The index of the episode's program. */
unsigned ariOrderEnvProgram(const AriOrderEnv *e);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_RL_ORDER_ENV_H */
