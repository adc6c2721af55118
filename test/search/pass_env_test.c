/*===- pass_env_test.c - the pass-ordering environment (costmodel/rl/pass_env.h) ===*\
 *
 * With the default passes (over prelude.elv and search.elv, the first two
 * arguments) and the analytic model (nominal machine), on the `*_small`
 * functions of the example programs given as further arguments:
 *   - every default pass binds; stop is always legal; some pass is legal
 *     on some program;
 *   - the mask: a legal pass changes the program, an illegal one is
 *     refused by step;
 *   - the reward of a pass is the relative change of the cost,
 *     (c(s) - c(s')) / c(s0), and equals the observation's -delta;
 *   - stop ends the episode with reward 0;
 *   - determinism: the same seed gives the same random episode (same
 *     functions) and two PPO iterations with env 1's policy give the same
 *     return.
 *
 * Usage: pass_env_test PRELUDE.elv ACTIONS.elv EXAMPLE.mlir ...
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/machine.h"
#include "costmodel/model.h"
#include "costmodel/rl/pass_env.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"
#include "utils/file.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"

static bool score(void *ctx, AriTermStore *s, const AriTermFunc *const *fs, size_t n,
                  double *scores, char *err, size_t cap) {
  return ariCostModelScoreFuncs(ctx, s, fs, n, scores, err, cap);
}

/* A random episode (legal actions uniformly, never stop) from program i;
 * returns its final first root and its summed reward. */
static AriTerm *randomEpisode(AriRlEnv *g, AriPassEnv *e, int i, uint64_t seed, double *ret) {
  AriNnRng rng = {seed};
  char err[256];
  ariPassEnvSetProgram(e, i);
  *ret = 0;
  CHECK(g->reset(g->self, &rng, err, sizeof err));
  for (bool done = false; !done;) {
    unsigned n = g->numActions(g->self);
    unsigned char mask[ARI_PPO_MAX_ACTIONS];
    g->legalMask(g->self, mask);
    unsigned legal[ARI_PPO_MAX_ACTIONS], nl = 0;
    for (unsigned k = 1; k < n; ++k)
      if (mask[k])
        legal[nl++] = k;
    unsigned a = nl ? legal[ariNnRngNext(&rng) % nl] : 0;
    float r;
    CHECK(g->step(g->self, a, &r, &done, err, sizeof err));
    *ret += r;
  }
  const AriTermFunc *f = ariPassEnvCurrent(e, NULL, NULL, NULL);
  return f->numRoots ? f->roots[0].value : NULL;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: pass_env_test PRELUDE.elv ACTIONS.elv EXAMPLE.mlir ...\n");
    return 2;
  }
  AriArena arena;
  ariArenaInit(&arena, 0);
  char *pre = NULL, *act = NULL;
  size_t preLen = 0, actLen = 0;
  CHECK(ariFileOk(ariFileRead(argv[1], &arena, 1 << 20, &pre, &preLen)));
  CHECK(ariFileOk(ariFileRead(argv[2], &arena, 1 << 20, &act, &actLen)));
  if (!pre || !act)
    return 1;
  AriMachine m;
  ariMachineNominal(&m);
  char err[256];
  AriCostModel model;
  CHECK(ariCostModelOpenAnalytic(&model, &m, 1, err, sizeof err));
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL);
  AriTermStore *s = ariTermStoreCreate((size_t)256 << 20);
  AriTermFunc funcs[16];
  const AriTermFunc *progs[16];
  unsigned np = 0;
  for (int i = 3; i < argc; ++i) {
    MlirModule mod = ariParseFile(ctx, argv[i]);
    CHECK(!mlirModuleIsNull(mod));
    if (mlirModuleIsNull(mod))
      continue;
    for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(mod));
         !mlirOperationIsNull(f) && np < 16; f = mlirOperationGetNextInBlock(f)) {
      MlirAttribute na =
          mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
      if (mlirAttributeIsNull(na))
        continue;
      MlirStringRef nm = mlirStringAttrGetValue(na);
      if (nm.length < 6 || memcmp(nm.data + nm.length - 6, "_small", 6))
        continue;
      MlirLocation loc;
      CHECK(ariTermImportFunc(s, f, &funcs[np], &loc));
      progs[np] = &funcs[np];
      np++;
    }
    mlirModuleDestroy(mod);
  }
  CHECK(np > 0);
  AriStratProgram *p = ariStratProgramNew(&arena);
  AriStratRise *host = ariStratRiseCreate(s, &arena);
  AriStratDiag d;
  CHECK(p && host && ariStratParseDefinitions(p, "prelude.elv", pre, preLen, &d));
  CHECK(ariStratParseDefinitions(p, "search.elv", act, actLen, &d));
  AriBeamAction *actions = NULL;
  CHECK(ariPassEnvActions(p, host, ariPassEnvDefaultTexts, ARI_PASS_ENV_NUM_DEFAULT, &arena,
                          &actions, err, sizeof err));
  if (!actions) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  AriPassEnv *e = ariPassEnvCreate(s, host, p, actions, ARI_PASS_ENV_NUM_DEFAULT, score, &model,
                                   progs, np, 4, err, sizeof err);
  CHECK(e != NULL);
  AriRlEnv g = ariPassEnvGym(e);
  AriNnRng rng = {1};
  unsigned anyLegal = 0;
  for (unsigned i = 0; e && i < np; ++i) {
    for (unsigned k = 0; k <= ARI_PASS_ENV_NUM_DEFAULT; ++k) {
      ariPassEnvSetProgram(e, (int)i);
      CHECK(g.reset(g.self, &rng, err, sizeof err));
      unsigned n = g.numActions(g.self);
      CHECK(n == ARI_PASS_ENV_NUM_DEFAULT + 1);
      unsigned char mask[ARI_PPO_MAX_ACTIONS];
      g.legalMask(g.self, mask);
      CHECK(mask[0] == 1);
      const AriRwObs *o = g.observe(g.self);
      double c0, c1;
      const AriTermFunc *before = ariPassEnvCurrent(e, &c0, NULL, NULL);
      AriTerm *r0 = before->roots[0].value;
      float delta = o->delta[k];
      float r;
      bool done = false;
      if (!mask[k]) {
        CHECK(!g.step(g.self, k, &r, &done, err, sizeof err)); /* refused */
        continue;
      }
      CHECK(g.step(g.self, k, &r, &done, err, sizeof err));
      const AriTermFunc *after = ariPassEnvCurrent(e, &c1, NULL, NULL);
      if (k == 0) {
        CHECK(done && r == 0.0f); /* stop ends the episode */
        continue;
      }
      anyLegal++;
      bool changed = false;
      for (unsigned q = 0; q < after->numRoots; ++q)
        changed = changed || after->roots[q].value != funcs[i].roots[q].value;
      CHECK(changed);
      (void)r0;
      double want = (c0 - c1) / (c0 > 0 ? c0 : 1);
      CHECK(fabs(r - want) <= 1e-5 * (1 + fabs(want)));
      CHECK(fabsf(r + delta) <= 1e-5f * (1 + fabsf(delta)));
    }
    if (g.release)
      g.release(g.self);
  }
  CHECK(anyLegal > 0);
  /* determinism of random episodes */
  for (unsigned i = 0; e && i < np; ++i) {
    double ra, rb;
    AriTerm *a = randomEpisode(&g, e, (int)i, 7 + i, &ra);
    AriTerm *b = randomEpisode(&g, e, (int)i, 7 + i, &rb);
    CHECK(a == b && ra == rb);
  }
  /* two PPO iterations with env 1's policy, twice: the same return */
  double rets[2];
  for (int t = 0; e && t < 2; ++t) {
    ariPassEnvSetProgram(e, -1);
    AriRwPolicy *pol =
        ariRwPolicyCreate(8, 1, 16, ARI_PASS_ENV_NUM_DEFAULT, ARI_RW_GRAPH_MP, 3, err, sizeof err);
    CHECK(pol != NULL);
    AriRlPolicy gp = ariRwPolicyGym(pol);
    AriPpoConfig cfg = ariPpoDefaults();
    cfg.rollout = 16;
    cfg.seed = 3;
    AriPpo ppo;
    ariPpoInit(&ppo, &cfg);
    AriPpoStats st;
    CHECK(ariPpoIterate(&ppo, &g, &gp, &st, err, sizeof err));
    CHECK(ariPpoIterate(&ppo, &g, &gp, &st, err, sizeof err));
    rets[t] = st.meanReturn;
    ariPpoDestroy(&ppo);
    ariRwPolicyDestroy(pol);
  }
  CHECK(rets[0] == rets[1]);
  printf("pass_env_test: %u programs, %u legal passes stepped\n", np, anyLegal);
  ariPassEnvDestroy(e);
  ariTermStoreDestroy(s);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  ariCostModelClose(&model);
  ariArenaDestroy(&arena);
  printf("pass_env_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
