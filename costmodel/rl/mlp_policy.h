/*===- costmodel/rl/mlp_policy.h - a multilayer-perceptron policy ----------===*\
 *
 * XLA-RL's agent network (GUIDE.md section 4: an MLP; the paper's has two
 * hidden layers of 2048): for an observation of `in` floats (the
 * environment's own vector, e.g. costmodel/rl/order_env.h's op counts),
 * two tanh layers of h units, then logits over the actions and, from the
 * same hidden layer, a state value. The output layer starts small, so the
 * first policy is close to uniform and early rollouts explore.
 *
 * Parameters: l1 (in x h), b1, l2 (h x h), b2, pi (h x actions), bpi,
 * v (h x 1), bv, in an AriNnParams (checkpoints through ariPpoSave; the
 * shape goes into its meta words, ariMlpPolicyShape).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_RL_MLP_POLICY_H
#define ARIADNE_COSTMODEL_RL_MLP_POLICY_H

#include "costmodel/rl/ppo.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriMlpPolicy AriMlpPolicy;

/* in inputs, h hidden units, `actions` logits; weights drawn from seed.
 * NULL with a message on an empty shape or no memory. */
AriMlpPolicy *ariMlpPolicyCreate(unsigned in, unsigned h, unsigned actions, uint64_t seed,
                                 char *err, size_t errCap);
void ariMlpPolicyDestroy(AriMlpPolicy *p); /* NULL is a no-op */
AriRlPolicy ariMlpPolicyGym(AriMlpPolicy *p);
/* in, h, actions: the meta words a checkpoint keeps. */
void ariMlpPolicyShape(const AriMlpPolicy *p, uint32_t shape[3]);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_RL_MLP_POLICY_H */
