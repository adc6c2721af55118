/*===- costmodel/rl/mlp_policy.c - a multilayer-perceptron policy ----------===*/

#include "costmodel/rl/mlp_policy.h"

#include "utils/strbuf.h"

#include <stdlib.h>

struct AriMlpPolicy {
  AriNnParams ps;
  AriNnParam *l1, *b1, *l2, *b2, *pi, *bpi, *v, *bv;
  unsigned in, h, actions;
};

AriMlpPolicy *ariMlpPolicyCreate(unsigned in, unsigned h, unsigned actions, uint64_t seed,
                                 char *err, size_t errCap) {
  if (!in || !h || !actions || actions > ARI_PPO_MAX_ACTIONS) {
    ariFailf(err, errCap, "MLP policy of %u inputs, %u hidden units, %u actions: none may be 0 "
                          "(and at most %d actions)",
             in, h, actions, ARI_PPO_MAX_ACTIONS);
    return NULL;
  }
  AriMlpPolicy *p = calloc(1, sizeof *p);
  if (!p) {
    ariFailf(err, errCap, "out of memory");
    return NULL;
  }
  p->in = in, p->h = h, p->actions = actions;
  ariNnParamsInit(&p->ps);
  AriNnRng rng = {seed};
  AriNnParams *ps = &p->ps;
  p->l1 = ariNnParamNew(ps, "l1", in, h, ARI_NN_INIT_GLOROT, &rng);
  p->b1 = ariNnParamNew(ps, "b1", 1, h, ARI_NN_INIT_ZERO, &rng);
  p->l2 = ariNnParamNew(ps, "l2", h, h, ARI_NN_INIT_GLOROT, &rng);
  p->b2 = ariNnParamNew(ps, "b2", 1, h, ARI_NN_INIT_ZERO, &rng);
  p->pi = ariNnParamNew(ps, "pi", h, actions, ARI_NN_INIT_GLOROT, &rng);
  p->bpi = ariNnParamNew(ps, "bpi", 1, actions, ARI_NN_INIT_ZERO, &rng);
  p->v = ariNnParamNew(ps, "v", h, 1, ARI_NN_INIT_GLOROT, &rng);
  p->bv = ariNnParamNew(ps, "bv", 1, 1, ARI_NN_INIT_ZERO, &rng);
  if (!p->bv) {
    ariFailf(err, errCap, "out of memory for the policy's parameters");
    ariMlpPolicyDestroy(p);
    return NULL;
  }
  for (unsigned i = 0; i < h * actions; ++i)
    p->pi->v[i] *= 0.01f;
  return p;
}

void ariMlpPolicyDestroy(AriMlpPolicy *p) {
  if (!p)
    return;
  ariNnParamsDestroy(&p->ps);
  free(p);
}

void ariMlpPolicyShape(const AriMlpPolicy *p, uint32_t shape[3]) {
  shape[0] = p->in, shape[1] = p->h, shape[2] = p->actions;
}

static bool forward(void *self, AriNnTape *t, const void *obs, unsigned n, AriNnVar **logits,
                    AriNnVar **value) {
  AriMlpPolicy *p = self;
  if (!obs || n != p->actions)
    return false;
#define P(x) ariNnParamVar(t, p->x)
  AriNnVar *x = ariNnInput(t, 1, p->in, obs);
  AriNnVar *h1 = ariNnTanh(t, ariNnAdd(t, ariNnMatmul(t, x, P(l1)), P(b1)));
  AriNnVar *h2 = ariNnTanh(t, ariNnAdd(t, ariNnMatmul(t, h1, P(l2)), P(b2)));
  *logits = ariNnAdd(t, ariNnMatmul(t, h2, P(pi)), P(bpi));
  *value = ariNnAdd(t, ariNnMatmul(t, h2, P(v)), P(bv));
#undef P
  return *logits && *value;
}

AriRlPolicy ariMlpPolicyGym(AriMlpPolicy *p) { return (AriRlPolicy){p, &p->ps, forward}; }
