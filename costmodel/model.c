/*===- costmodel/model.c - cost models that score whole programs ----------===*/

#include "costmodel/model.h"

#include "costmodel/analytic.h"
#include "costmodel/cost.h"
#include "utils/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ariCostMeasureVector(const AriFeatures *feat, const AriTermFunc *f, const AriMachine *m,
                          int threads, const double *code, double *vec) {
  memcpy(vec, feat->v, sizeof feat->v);
  unsigned base = ARI_FEAT_COUNT;
  if (code) {
    memcpy(vec + ARI_FEAT_COUNT, code, sizeof(double) * ARI_COST_CODE_FEATURES);
    base += ARI_COST_CODE_FEATURES;
  }
  AriCostWeights w;
  ariCostWeightsDefault(&w);
  double size = 0, weighted = 0;
  for (unsigned i = 0; i < f->numRoots; ++i) {
    size += ariCostTermSize(f->roots[i].value);
    weighted += ariCostTermWeighted(&w, f->roots[i].value);
  }
  vec[base + ARI_COST_BASE_SIZE] = size;
  vec[base + ARI_COST_BASE_WEIGHTED] = weighted;
  vec[base + ARI_COST_BASE_ANALYTIC] = m ? ariAnalyticSeconds(m, feat, threads) : NAN;
}

const char *ariCostModelSpecs(void) { return "analytic:MACHINE_FILE|model:MODEL_FILE"; }

static bool hasPrefix(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

bool ariCostModelIsSpec(const char *spec) {
  return !strcmp(spec, "analytic") || !strcmp(spec, "model") || hasPrefix(spec, "analytic:") ||
         hasPrefix(spec, "model:");
}

bool ariCostModelOpen(AriCostModel *m, const char *spec, const char *machinePath, int threads,
                      char *err, size_t cap) {
  memset(m, 0, sizeof *m);
  const char *path;
  bool analytic = hasPrefix(spec, "analytic:");
  if (analytic)
    path = spec + strlen("analytic:");
  else if (hasPrefix(spec, "model:"))
    path = spec + strlen("model:");
  else {
    if (!strcmp(spec, "analytic"))
      snprintf(err, cap, "cost 'analytic' needs a machine file: analytic:FILE (made by "
                         "`ariadne-cost machine -o FILE`)");
    else if (!strcmp(spec, "model"))
      snprintf(err, cap, "cost 'model' needs a model file: model:FILE (made by "
                         "`ariadne-cost train`)");
    else
      snprintf(err, cap, "unknown cost model '%s' (expected %s)", spec, ariCostModelSpecs());
    return false;
  }
  if (!*path) {
    snprintf(err, cap, "cost '%s' names no file", spec);
    return false;
  }
  if (analytic)
    machinePath = path;
  if (machinePath) {
    if (!ariMachineRead(machinePath, &m->machine, err, cap))
      return false;
    m->hasMachine = true;
  }
  if (!analytic) {
    AriXgbError xe;
    if (!ariXgbLoad(path, &m->xgb, &xe)) {
      if (strstr(xe.msg, path)) /* the message names the file already */
        snprintf(err, cap, "%s", xe.msg);
      else
        snprintf(err, cap, "model file '%s': %s", path, xe.msg);
      return false;
    }
    bool program = m->xgb.featureLayout == ARI_FEAT_VERSION && m->xgb.numFeatures == ARI_FEAT_COUNT;
    bool measured = m->xgb.featureLayout == ARI_COST_MEASURE_LAYOUT &&
                    m->xgb.numFeatures == ARI_COST_MEASURE_FEATURES;
    m->needsCode = m->xgb.featureLayout == ARI_COST_CODE_LAYOUT &&
                   m->xgb.numFeatures == ARI_COST_CODE_MEASURE_FEATURES;
    if (!program && !measured && !m->needsCode) {
      snprintf(err, cap,
               "model '%s' was trained on feature layout %u with %u features; the search "
               "gives layout %u (%u features), %u (%u features) or %u (%u features, "
               "`ariadne-cost measure`'s)",
               path, m->xgb.featureLayout, m->xgb.numFeatures, (unsigned)ARI_FEAT_VERSION,
               (unsigned)ARI_FEAT_COUNT, ARI_COST_MEASURE_LAYOUT,
               (unsigned)ARI_COST_MEASURE_FEATURES, ARI_COST_CODE_LAYOUT,
               (unsigned)ARI_COST_CODE_MEASURE_FEATURES);
      ariXgbFree(&m->xgb);
      return false;
    }
    m->kind = ARI_COST_MODEL_XGB;
  } else {
    m->kind = ARI_COST_MODEL_ANALYTIC;
  }
  m->threads = threads > 0 ? threads : m->hasMachine && m->machine.cores > 0 ? m->machine.cores : 1;
  if (!(m->work = ariFeatWorkCreate())) {
    snprintf(err, cap, "out of memory");
    ariCostModelClose(m);
    return false;
  }
  return true;
}

bool ariCostModelOpenAnalytic(AriCostModel *m, const AriMachine *mach, int threads, char *err,
                              size_t cap) {
  memset(m, 0, sizeof *m);
  if (!ariMachineValid(mach, err, cap))
    return false;
  m->kind = ARI_COST_MODEL_ANALYTIC;
  m->machine = *mach;
  m->hasMachine = true;
  m->threads = threads > 0 ? threads : mach->cores > 0 ? mach->cores : 1;
  if (!(m->work = ariFeatWorkCreate())) {
    snprintf(err, cap, "out of memory");
    memset(m, 0, sizeof *m);
    return false;
  }
  return true;
}

void ariCostModelClose(AriCostModel *m) {
  if (m->kind == ARI_COST_MODEL_XGB)
    ariXgbFree(&m->xgb);
  ariFeatWorkDestroy(m->work);
  memset(m, 0, sizeof *m);
}

bool ariCostModelScoreFuncs(AriCostModel *m, AriTermStore *s, const AriTermFunc *const *fs,
                            size_t n, double *scores, char *err, size_t cap) {
  if (!m->work) {
    snprintf(err, cap, "cost model not open");
    return false;
  }
  uint32_t cols = m->kind == ARI_COST_MODEL_XGB ? m->xgb.numFeatures : 0;
  float *x = cols && n ? malloc(n * cols * sizeof *x) : NULL;
  if (cols && n && !x) {
    snprintf(err, cap, "out of memory");
    return false;
  }
  if (m->needsCode && !m->codeFeatures && n) {
    free(x);
    snprintf(err, cap, "the model was trained with code features (layout %u), which this caller "
                       "cannot compute (it does not lower code): use ariadne-eqsat or "
                       "ariadne-cost",
             ARI_COST_CODE_LAYOUT);
    return false;
  }
  bool ok = true;
  double vec[ARI_COST_CODE_MEASURE_FEATURES], code[ARI_COST_CODE_FEATURES];
  for (size_t i = 0; ok && i < n; ++i) {
    AriFeatures feat;
    AriFeatStatus st = ariCostFeaturesFunc(s, fs[i], &feat, m->work);
    if (st != ARI_FEAT_OK) {
      snprintf(err, cap, "program %zu has no features: %s: %s", i, ariFeatStatusName(st),
               ariFeatWorkError(m->work));
      ok = false;
      break;
    }
    if (m->kind == ARI_COST_MODEL_ANALYTIC) {
      scores[i] = ariAnalyticSeconds(&m->machine, &feat, m->threads);
      continue;
    }
    if (m->needsCode && !m->codeFeatures(m->codeCtx, s, fs[i], code, err, cap)) {
      ok = false;
      break;
    }
    ariCostMeasureVector(&feat, fs[i], m->hasMachine ? &m->machine : NULL, m->threads,
                         m->needsCode ? code : NULL, vec);
    for (uint32_t j = 0; j < cols; ++j)
      x[i * cols + j] = (float)vec[j];
  }
  if (ok && cols && n) {
    AriXgbError xe;
    if (!ariXgbPredict(&m->xgb, x, n, scores, &xe)) {
      snprintf(err, cap, "%s", xe.msg);
      ok = false;
    }
    for (size_t i = 0; ok && i < n; ++i)
      scores[i] = -ariXgbScore(&m->xgb, scores[i]);
  }
  free(x);
  return ok;
}

bool ariCostModelScoreRoots(AriCostModel *m, AriTermStore *s, const AriTermFunc *f,
                            unsigned root, AriTerm *const *programs, size_t n, double *scores,
                            char *err, size_t cap) {
  if (root >= f->numRoots) {
    snprintf(err, cap, "no root %u", root);
    return false;
  }
  AriTermFunc *fs = malloc((n ? n : 1) * sizeof *fs);
  const AriTermFunc **ptrs = malloc((n ? n : 1) * sizeof *ptrs);
  AriTermRoot *roots = malloc((n ? n : 1) * (f->numRoots ? f->numRoots : 1) * sizeof *roots);
  bool ok = fs && ptrs && roots;
  if (!ok)
    snprintf(err, cap, "out of memory");
  for (size_t i = 0; ok && i < n; ++i) {
    fs[i] = *f;
    fs[i].roots = roots + i * f->numRoots;
    memcpy(fs[i].roots, f->roots, f->numRoots * sizeof *roots);
    fs[i].roots[root].value = programs[i];
    ptrs[i] = &fs[i];
  }
  ok = ok && ariCostModelScoreFuncs(m, s, ptrs, n, scores, err, cap);
  free(fs);
  free(ptrs);
  free(roots);
  return ok;
}

bool ariCostRankPrograms(void *ctx, AriTermStore *s, AriTerm *const *programs, size_t n,
                         double *scores, char *err, size_t cap) {
  AriCostRankCtx *rc = ctx;
  return ariCostModelScoreRoots(rc->model, s, rc->f, rc->root, programs, n, scores, err, cap);
}

double ariCostModelRootCost(void *ctx, const AriTerm *t) {
  AriCostRootCost *rc = ctx;
  AriTerm *state = (AriTerm *)t; /* scored, never changed */
  double v;
  char err[256];
  if (!ariCostModelScoreRoots(rc->model, rc->store, rc->func, rc->root, &state, 1, &v, err,
                              sizeof err)) {
    if (!rc->failed)
      snprintf(rc->error, sizeof rc->error, "%s", err);
    rc->failed = true;
    return INFINITY;
  }
  return v;
}

bool ariCostModelOpenForTerms(AriCostModel *m, const char *spec, char *err, size_t cap) {
  if (!strcmp(spec, "analytic")) {
    AriMachine mach;
    ariMachineNominal(&mach);
    return ariCostModelOpenAnalytic(m, &mach, 1, err, cap);
  }
  if (!ariCostModelOpen(m, spec, NULL, 1, err, cap))
    return false;
  if (m->needsCode) {
    ariCostModelClose(m);
    return ariFailf(err, cap,
                    "the model was trained with code features (layout %u), which a search "
                    "over terms cannot compute (it lowers no candidate)",
                    ARI_COST_CODE_LAYOUT);
  }
  return true;
}

bool ariCostMeasuredLayout(uint32_t layout, uint32_t cols, uint32_t *codeFeatures) {
  /* (code features version, their count); version 0: none */
  static const uint32_t kVersions[][2] = {
      {0, 0}, {1, 25}, {ARI_COST_CODE_VERSION, ARI_COST_CODE_FEATURES}};
  for (size_t i = 0; i < sizeof kVersions / sizeof kVersions[0]; ++i) {
    uint32_t v = kVersions[i][0], n = kVersions[i][1];
    if (layout == 1000u + 100u * v + ARI_FEAT_VERSION &&
        cols == ARI_FEAT_COUNT + n + ARI_COST_NUM_BASELINES) {
      if (codeFeatures)
        *codeFeatures = n;
      return true;
    }
  }
  return false;
}
