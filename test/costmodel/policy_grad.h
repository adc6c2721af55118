/*===- policy_grad.h - a policy's gradients against finite differences ----===*\
 *
 * For the RL tests (rl_env_test.c, order_env_test.c): every policy's
 * parameters are checked the same way, under the PPO loss of one
 * transition, so the check is written once. Header-only (static
 * functions), included by one translation unit per test.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TEST_COSTMODEL_POLICY_GRAD_H
#define ARIADNE_TEST_COSTMODEL_POLICY_GRAD_H

#include "costmodel/nn/tape.h"
#include "costmodel/rl/ppo.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The PPO loss of one transition (old log-probability -1, advantage 0.8,
 * return 0.3, X-RLflow's coefficients) taking `action` of n on obs;
 * backward accumulates the parameters' gradients. NAN when the policy's
 * forward pass or the loss fails. */
static double testPolicyLoss(AriRlPolicy *pg, AriNnTape *t, const void *obs, unsigned n,
                             unsigned action, bool backward) {
  ariNnTapeReset(t);
  AriNnVar *lg, *v;
  if (n > 512 || !pg->forward(pg->self, t, obs, n, &lg, &v))
    return NAN;
  unsigned char mask[512];
  memset(mask, 1, n);
  float old = -1.0f, adv = 0.8f, ret = 0.3f;
  AriNnVar *l = ariNnPpoLoss(t, lg, v, mask, &action, &old, &adv, &ret, 0.2f, 0.5f, 0.01f);
  if (!l)
    return NAN;
  if (backward)
    ariNnBackward(t, l, NULL);
  return l->v[0];
}

/* Central differences (step 1e-2) at `perParam` or so entries of every
 * parameter against the analytic gradient: the number of entries that
 * disagree beyond 2e-3 + 5% (each printed), *tried those compared; ~0u
 * when the loss itself fails. */
static unsigned testPolicyGradient(AriRlPolicy *pg, const void *obs, unsigned n,
                                   unsigned action, unsigned perParam, unsigned *tried) {
  AriNnTape t;
  ariNnTapeInit(&t, 0);
  ariNnParamsZeroGrad(pg->params);
  *tried = 0;
  if (isnan(testPolicyLoss(pg, &t, obs, n, action, true))) {
    ariNnTapeDestroy(&t);
    return ~0u;
  }
  const float eps = 1e-2f;
  unsigned bad = 0;
  for (unsigned i = 0; i < pg->params->n; ++i) {
    AriNnParam *q = pg->params->items[i];
    size_t size = (size_t)q->rows * q->cols;
    for (size_t j = 0; j < size; j += 1 + size / perParam) {
      float x = q->v[j];
      q->v[j] = x + eps;
      double up = testPolicyLoss(pg, &t, obs, n, action, false);
      q->v[j] = x - eps;
      double down = testPolicyLoss(pg, &t, obs, n, action, false);
      q->v[j] = x;
      double num = (up - down) / (2 * eps);
      (*tried)++;
      if (!(fabs(num - q->g[j]) <= 2e-3 + 5e-2 * fabs(num))) {
        bad++;
        fprintf(stderr, "  %s[%zu]: analytic %g numeric %g\n", q->name, j, q->g[j], num);
      }
    }
  }
  ariNnTapeDestroy(&t);
  return bad;
}

#endif /* ARIADNE_TEST_COSTMODEL_POLICY_GRAD_H */
