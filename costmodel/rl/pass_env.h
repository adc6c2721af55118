/*===- costmodel/rl/pass_env.h - XLA-RL's pass-ordering environment -------===*\
 *
 * Environment 2 of issue 20 (docs/rl.md): an agent orders whole-program
 * passes. A pass is a named strategy (search/strategy/strategies:
 * fuseOperators, separateConvolutions, splitPipeline(p) ; parOuter, ...)
 * run once at the function node of a function's term (as
 * search/beam/beam.h's ariBeamApply runs an action at path []).
 *
 * State: a function (its roots, terms of the store) and the steps left.
 * Actions: action 0 stops (ends the episode); action k >= 1 runs pass k-1.
 * Mask: a pass is legal when it succeeds and changes the program and the
 * score of the result is finite; stop is always legal.
 * Reward: (c(s) - c(s')) / c(s0) for a pass (0 for stop), c the score
 * callback (the analytic model in ariadne-rl), so an episode's return is
 * its final relative cost reduction. The episode ends at stop, at the
 * horizon or when no pass is legal.
 * Observation: an AriRwObs (costmodel/rl/rewrite_env.h), so that env 1's
 * policy (AriRwPolicy, with nrules = the number of passes) reads it
 * unchanged: cands[k] is the first root of the program pass k-1 gives
 * (the state's for stop and for an illegal pass), rule[k] = k-1 (stop:
 * the number of passes), delta[k] its relative cost change (0 when
 * illegal). Multi-root functions are embedded by their first root only.
 *
 * Nothing aborts: errors are values with messages.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_RL_PASS_ENV_H
#define ARIADNE_COSTMODEL_RL_PASS_ENV_H

#include "costmodel/rl/ppo.h"
#include "costmodel/rl/rewrite_env.h"
#include "search/beam/beam.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriPassEnv AriPassEnv;

/* The default passes: strategy expressions over the prelude
 * (prelude.elv) and the search actions (search.elv), in the order
 * "all passes once" applies them. */
extern const char *const ariPassEnvDefaultTexts[];
enum { ARI_PASS_ENV_NUM_DEFAULT = 10 };

/* Parses and binds texts[0..n) in p for host; *actions from arena. False
 * with a message naming the text that fails. */
bool ariPassEnvActions(AriStratProgram *p, AriStratRise *host, const char *const *texts,
                       unsigned n, AriArena *arena, AriBeamAction **actions, char *err,
                       size_t errCap);

/* An environment over programs[0..n) (functions of s), passes
 * actions[0..na) bound to host in p, and score (as the beam's). horizon 0:
 * na. Everything is borrowed. NULL with a message on bad arguments or no
 * memory. */
AriPassEnv *ariPassEnvCreate(AriTermStore *s, AriStratRise *host, const AriStratProgram *p,
                             const AriBeamAction *actions, unsigned na, AriBeamScoreFn score,
                             void *scoreCtx, const AriTermFunc *const *programs, unsigned n,
                             unsigned horizon, char *err, size_t errCap);
void ariPassEnvDestroy(AriPassEnv *e);

/* Program i < n fixed for reset (evaluation); -1: drawn (training). */
void ariPassEnvSetProgram(AriPassEnv *e, int i);
AriRlEnv ariPassEnvGym(AriPassEnv *e);

/* The episode so far: the current function, its cost, the input's cost,
 * the steps taken. */
const AriTermFunc *ariPassEnvCurrent(const AriPassEnv *e, double *cost, double *inputCost,
                                     unsigned *steps);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_RL_PASS_ENV_H */
