/*===- model_test.c - cost models that rank a search's candidates ---------===*\
 *
 * costmodel/model.h with search/eqsat.h, no clock anywhere:
 * - a rank model trained here on layout ARI_COST_MEASURE_LAYOUT (faster
 *   with more parallel levels, deterministic training) opens; one trained
 *   on another layout is refused with both layouts named;
 * - ariCostModelScoreRoots scores a batch as one by one;
 * - a guide ranked by the model keeps the candidate the model scores
 *   lowest (the scores recomputed independently), one with the most
 *   parallel levels of them all; the proxy's own pick comes first.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/model.h"
#include "costmodel/cost.h"
#include "search/eqsat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test/check.h"

enum { GROUPS = 6, VARIANTS = 8, ROWS = GROUPS * VARIANTS };

/* A model that learned "more parallel levels is faster". */
static bool trainModel(uint32_t layout, uint32_t cols, const char *path) {
  static float x[ROWS * ARI_COST_MEASURE_FEATURES];
  double time[ROWS];
  uint32_t sizes[GROUPS];
  uint64_t r = 12345;
  for (size_t i = 0; i < ROWS; ++i) {
    for (uint32_t j = 0; j < cols; ++j) {
      r = r * 6364136223846793005ull + 1442695040888963407ull;
      x[i * cols + j] = (float)((r >> 33) % 1000) / 1000.0f;
    }
    double par = (double)(i % 4);
    if (cols > ARI_FEAT_LEVELS_PAR)
      x[i * cols + ARI_FEAT_LEVELS_PAR] = (float)par;
    time[i] = 1.0 / (1.0 + par);
  }
  for (size_t g = 0; g < GROUPS; ++g)
    sizes[g] = VARIANTS;
  AriXgbParams p = {.objective = ARI_XGB_RANK, .seed = 1, .rounds = 20};
  AriXgbData d = {ROWS, cols, x, time, sizes, GROUPS};
  AriXgbModel m;
  AriXgbError err;
  bool ok = ariXgbTrain(&p, &d, layout, NULL, NULL, &m, &err) && ariXgbSave(&m, path, &err);
  if (!ok)
    printf("train: %s\n", err.msg);
  else
    ariXgbFree(&m);
  return ok;
}

/* The 64 x 64 x 64 matmul, and a guide whose rules can make maps parallel:
 * its sketch asks for one parallel map anywhere, so the candidates differ
 * in how many of the maps are parallel. */
static const char kMatmul[] =
    "(map (lam 64.f32 (map (lam 64.f32 (reduce seq (lam f32 (lam (f32 x f32) (arith.addf %1 "
    "(arith.mulf (fst %0) (snd %0) : f32) : f32))) (const 0 : f32) (zip %1 %0))) (transpose (in 1 "
    ": 64.64.f32)))) (in 0 : 64.64.f32))";
static const char kGuides[] = "guide par rules(mapPar) = contains(mapPar);\n";

typedef struct {
  AriCostModel *model;
  AriTermFunc *f;
  size_t n;
  AriTerm *cands[ARI_EQSAT_MAX_CANDIDATES];
} Rank;

static bool rank(void *ctx, AriTermStore *s, AriTerm *const *programs, size_t n, double *scores,
                 char *err, size_t cap) {
  Rank *r = ctx;
  r->n = n;
  memcpy(r->cands, programs, n * sizeof *programs);
  return ariCostModelScoreRoots(r->model, s, r->f, 0, programs, n, scores, err, cap);
}

static double parLevels(AriCostModel *m, AriTermStore *s, AriTermFunc *f, AriTerm *t) {
  AriTermRoot root = f->roots[0];
  f->roots[0].value = t;
  AriFeatures feat;
  double v = ariCostFeaturesFunc(s, f, &feat, m->work) == ARI_FEAT_OK ? feat.v[ARI_FEAT_LEVELS_PAR]
                                                                      : -1;
  f->roots[0] = root;
  return v;
}

int main(void) {
  char dir[] = "/tmp/ariadne-model-test-XXXXXX", good[96], bad[96], spec[128], err[1024];
  CHECK(mkdtemp(dir) != NULL);
  snprintf(good, sizeof good, "%s/good.model", dir);
  snprintf(bad, sizeof bad, "%s/bad.model", dir);
  CHECK(trainModel(ARI_COST_MEASURE_LAYOUT, ARI_COST_MEASURE_FEATURES, good));
  CHECK(trainModel(7, 5, bad));

  AriCostModel m;
  snprintf(spec, sizeof spec, "model:%s", bad);
  CHECK(!ariCostModelOpen(&m, spec, NULL, 0, err, sizeof err));
  CHECK(strstr(err, "layout 7 with 5 features") && strstr(err, "1001 (140 features"));
  CHECK(!ariCostModelOpen(&m, "size", NULL, 0, err, sizeof err) && strstr(err, "unknown"));
  snprintf(spec, sizeof spec, "model:%s", good);
  CHECK(ariCostModelOpen(&m, spec, NULL, 0, err, sizeof err));
  CHECK(m.kind == ARI_COST_MODEL_XGB && m.threads == 1 && !m.hasMachine);

  AriTermStore *s = ariTermStoreCreate(0);
  AriSketchSet *set = ariSketchSetCreate(s);
  AriSketchError se;
  const AriGuideFile *gf = ariGuideFileParse(set, kGuides, strlen(kGuides), &se);
  AriTerm *start = ariTermParse(s, kMatmul, strlen(kMatmul));
  CHECK(gf && start);
  AriTermRoot root = {ARI_ROOT_OUT, 2, start};
  AriTermFunc f = {"mm", 3, 1, &root, NULL};

  AriEqsatOpts o;
  ariEqsatOptsDefault(&o);
  AriCost weighted;
  CHECK(ariCostByName("weighted", &weighted));
  o.cost = weighted.fn;
  o.costCtx = weighted.ctx;
  AriEqsatReport plain, rep;
  unsigned step = 0;
  CHECK(ariEqsatRunGuides(s, start, gf, &step, 1, &o, &plain) && plain.found);

  Rank rk = {&m, &f, 0, {0}};
  o.rank = rank;
  o.rankCtx = &rk;
  CHECK(ariEqsatRunGuides(s, start, gf, &step, 1, &o, &rep) && rep.found);
  CHECK(rk.n >= 2 && rep.guides[0].candidates == rk.n);
  CHECK(rk.cands[0] == plain.result); /* the proxy's own pick comes first */
  /* Scored again, one by one: the kept candidate has the lowest score. */
  double scores[ARI_EQSAT_MAX_CANDIDATES], one;
  CHECK(ariCostModelScoreRoots(&m, s, &f, 0, rk.cands, rk.n, scores, err, sizeof err));
  size_t best = 0;
  for (size_t i = 0; i < rk.n; ++i) {
    CHECK(ariCostModelScoreRoots(&m, s, &f, 0, &rk.cands[i], 1, &one, err, sizeof err));
    CHECK(one == scores[i]);
    if (scores[i] < scores[best])
      best = i;
  }
  CHECK(rep.guides[0].picked == best && rep.result == rk.cands[best]);
  CHECK(rep.guides[0].score == scores[best]);
  /* The model prefers parallel levels: its pick has the most of them. */
  double most = 0;
  for (size_t i = 0; i < rk.n; ++i)
    most = fmax(most, parLevels(&m, s, &f, rk.cands[i]));
  CHECK(parLevels(&m, s, &f, rep.result) == most);

  ariSketchSetDestroy(set);
  ariTermStoreDestroy(s);
  ariCostModelClose(&m);
  unlink(good);
  unlink(bad);
  rmdir(dir);
  printf("model_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
