/*===- costmodel/xgb.c - learned cost models on XGBoost's C API -----------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/xgb.h"
#include "utils/bytes.h"
#include "costmodel/dataset.h"
#include "utils/file.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xgboost/c_api.h>

/* "ARIXGBM" and 0x1A, as the dataset's magic. */
static const unsigned char kModelMagic[8] = {'A', 'R', 'I', 'X', 'G', 'B', 'M', 0x1A};

static bool failf(AriXgbError *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool failf(AriXgbError *err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return false;
}

/* XGBoost's own message for the call that just failed. */
static bool failXgb(AriXgbError *err, const char *what) {
  const char *m = XGBGetLastError();
  /* XGBoost's messages start with a source location and may span lines:
   * keep its last line, which says what was wrong. */
  const char *last = m ? m : "";
  for (const char *p = last; *p; ++p)
    if (*p == '\n' && p[1])
      last = p + 1;
  size_t n = strcspn(last, "\n");
  return failf(err, "%s: XGBoost: %.*s", what, (int)(n > 300 ? 300 : n), last);
}

/* The CRC32 of the datasets (zlib's). */
static uint32_t crc(const void *p, size_t n) { return ariCostDsCrc32(p, n); }

const char *ariXgbObjectiveName(AriXgbObjective o) {
  return o == ARI_XGB_RANK ? "rank" : o == ARI_XGB_REG ? "reg" : NULL;
}

bool ariXgbObjectiveParse(const char *s, AriXgbObjective *o) {
  if (!strcmp(s, "rank"))
    *o = ARI_XGB_RANK;
  else if (!strcmp(s, "reg"))
    *o = ARI_XGB_REG;
  else
    return false;
  return true;
}

static const char *xgbObjective(AriXgbObjective o) {
  return o == ARI_XGB_RANK ? "rank:pairwise" : "reg:squarederror";
}

/* Parameters every booster gets: one thread and no chatter. */
static bool setCommon(BoosterHandle b, AriXgbError *err) {
  if (XGBoosterSetParam(b, "nthread", "1") || XGBoosterSetParam(b, "verbosity", "0"))
    return failXgb(err, "cannot configure the booster");
  return true;
}

bool ariXgbTrain(const AriXgbParams *p, const AriXgbData *d, uint32_t featureLayout,
                 AriXgbProgress progress, void *progressCtx, AriXgbModel *m, AriXgbError *err) {
  if (p->objective != ARI_XGB_RANK && p->objective != ARI_XGB_REG)
    return failf(err, "unknown objective %d", (int)p->objective);
  if (d->rows < 1 || d->cols < 1)
    return failf(err, "no training data (%zu rows, %u features)", d->rows, d->cols);
  if (d->rows > (size_t)UINT32_MAX)
    return failf(err, "too many training rows (%zu)", d->rows);
  for (size_t i = 0; i < d->rows; ++i)
    if (!(d->time[i] > 0) || !isfinite(d->time[i]))
      return failf(err, "row %zu: time %g is not a finite positive number", i, d->time[i]);
  float *label = malloc(sizeof *label * d->rows);
  if (!label)
    return failf(err, "out of memory");
  if (p->objective == ARI_XGB_RANK) {
    size_t sum = 0;
    for (size_t g = 0; g < d->numGroups; ++g) {
      uint32_t n = d->groupSizes[g];
      if (n < 1 || n > d->rows - sum) {
        free(label);
        return failf(err, "group %zu: size %u does not fit the %zu rows", g, n, d->rows);
      }
      double best = d->time[sum];
      for (uint32_t i = 1; i < n; ++i)
        best = fmin(best, d->time[sum + i]);
      /* TenSet's label: the group's normalised throughput, 1 at the best. */
      for (uint32_t i = 0; i < n; ++i)
        label[sum + i] = (float)(best / d->time[sum + i]);
      sum += n;
    }
    if (!d->numGroups || sum != d->rows) {
      free(label);
      return failf(err, "the groups cover %zu of the %zu rows", sum, d->rows);
    }
  } else {
    for (size_t i = 0; i < d->rows; ++i)
      label[i] = (float)log(d->time[i]);
  }

  DMatrixHandle dm = NULL;
  BoosterHandle b = NULL;
  bool ok = false;
  if (XGDMatrixCreateFromMat(d->x, d->rows, d->cols, NAN, &dm)) {
    failXgb(err, "cannot build the training matrix");
    goto done;
  }
  if (XGDMatrixSetFloatInfo(dm, "label", label, d->rows) ||
      (p->objective == ARI_XGB_RANK &&
       XGDMatrixSetUIntInfo(dm, "group", d->groupSizes, d->numGroups))) {
    failXgb(err, "cannot set the training labels");
    goto done;
  }
  if (XGBoosterCreate(&dm, 1, &b)) {
    failXgb(err, "cannot create a booster");
    goto done;
  }
  /* Subsampling makes retrains with different seeds differ, so that the
   * spread over seeds the evaluation reports (mean +- std) means
   * something; one seed still gives one model. */
  char seed[32], depth[16], eta[32], sub[32], col[32];
  uint32_t rounds = p->rounds ? p->rounds : 200;
  /* XGBoost keeps the seed in a signed 64-bit field. */
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)(p->seed & INT64_MAX));
  snprintf(depth, sizeof depth, "%u", p->maxDepth ? p->maxDepth : 6);
  snprintf(eta, sizeof eta, "%.17g", p->eta > 0 ? p->eta : 0.2);
  snprintf(sub, sizeof sub, "%.17g", p->subsample > 0 && p->subsample <= 1 ? p->subsample : 0.8);
  snprintf(col, sizeof col, "%.17g", p->colsample > 0 && p->colsample <= 1 ? p->colsample : 0.8);
  if (!setCommon(b, err))
    goto done;
  if (XGBoosterSetParam(b, "objective", xgbObjective(p->objective)) ||
      XGBoosterSetParam(b, "seed", seed) || XGBoosterSetParam(b, "tree_method", "hist") ||
      XGBoosterSetParam(b, "max_depth", depth) || XGBoosterSetParam(b, "eta", eta) ||
      XGBoosterSetParam(b, "subsample", sub) || XGBoosterSetParam(b, "colsample_bytree", col)) {
    failXgb(err, "cannot configure the booster");
    goto done;
  }
  for (uint32_t i = 0; i < rounds; ++i) {
    if (XGBoosterUpdateOneIter(b, (int)i, dm)) {
      failXgb(err, "training failed");
      goto done;
    }
    if (progress)
      progress(progressCtx, i + 1, rounds);
  }
  m->booster = b;
  m->objective = p->objective;
  m->featureLayout = featureLayout;
  m->numFeatures = d->cols;
  m->seed = p->seed;
  m->rounds = rounds;
  b = NULL;
  ok = true;
done:
  if (b)
    XGBoosterFree(b);
  if (dm)
    XGDMatrixFree(dm);
  free(label);
  return ok;
}

bool ariXgbSaveMem(const AriXgbModel *m, AriStr *out, AriXgbError *err) {
  bst_ulong len = 0;
  const char *payload = NULL;
  if (XGBoosterSaveModelToBuffer(m->booster, "{\"format\": \"json\"}", &len, &payload))
    return failXgb(err, "cannot save the model");
  if (len > ARI_XGB_MAX_PAYLOAD)
    return failf(err, "the model is too large (%llu bytes)", (unsigned long long)len);
  unsigned char h[ARI_XGB_MODEL_HEADER];
  memcpy(h, kModelMagic, 8);
  ariPutLE32(h + 8, ARI_XGB_MODEL_VERSION);
  ariPutLE32(h + 12, (uint32_t)m->objective);
  ariPutLE32(h + 16, m->featureLayout);
  ariPutLE32(h + 20, m->numFeatures);
  ariPutLE64(h + 24, m->seed);
  ariPutLE32(h + 32, m->rounds);
  ariPutLE32(h + 36, (uint32_t)len);
  ariPutLE32(h + 40, crc(payload, (size_t)len));
  ariPutLE32(h + 44, crc(h, 44));
  if (!ariStrAppend(out, (const char *)h, sizeof h) || !ariStrAppend(out, payload, (size_t)len))
    return failf(err, "out of memory saving the model");
  return true;
}

bool ariXgbSave(const AriXgbModel *m, const char *path, AriXgbError *err) {
  AriStr s;
  ariStrInit(&s, NULL);
  bool ok = ariXgbSaveMem(m, &s, err);
  if (ok) {
    AriFileError fe = ariFileWriteAtomic(path, s.buf, s.len);
    if (!ariFileOk(fe)) {
      char msg[400];
      ariFileErrorFormat(fe, "model file", msg, sizeof msg);
      ok = failf(err, "%s", msg);
    }
  }
  ariStrFree(&s);
  return ok;
}

bool ariXgbLoadMem(const void *data, size_t len, AriXgbModel *m, AriXgbError *err) {
  const unsigned char *h = data;
  if (len < 8 || memcmp(h, kModelMagic, 8))
    return failf(err, "not an Ariadne model file (bad magic)");
  if (len < ARI_XGB_MODEL_HEADER)
    return failf(err, "truncated model file: %zu of the header's %d bytes", len,
                 ARI_XGB_MODEL_HEADER);
  if (ariGetLE32(h + 44) != crc(h, 44))
    return failf(err, "model file header CRC mismatch (the file is damaged)");
  uint32_t version = ariGetLE32(h + 8), obj = ariGetLE32(h + 12), plen = ariGetLE32(h + 36);
  if (version != ARI_XGB_MODEL_VERSION)
    return failf(err, "model file version %u, this build reads version %d", version,
                 ARI_XGB_MODEL_VERSION);
  if (obj != ARI_XGB_RANK && obj != ARI_XGB_REG)
    return failf(err, "model file names an unknown objective %u", obj);
  if (plen > ARI_XGB_MAX_PAYLOAD)
    return failf(err, "model file header claims a %u-byte payload", plen);
  if (len - ARI_XGB_MODEL_HEADER < plen)
    return failf(err, "truncated model file: %zu of the payload's %u bytes",
                 len - ARI_XGB_MODEL_HEADER, plen);
  if (len - ARI_XGB_MODEL_HEADER > plen)
    return failf(err, "model file has %zu bytes after its payload",
                 len - ARI_XGB_MODEL_HEADER - plen);
  const unsigned char *payload = h + ARI_XGB_MODEL_HEADER;
  if (crc(payload, plen) != ariGetLE32(h + 40))
    return failf(err, "model payload CRC mismatch (the file is damaged)");
  BoosterHandle b = NULL;
  if (XGBoosterCreate(NULL, 0, &b))
    return failXgb(err, "cannot create a booster");
  if (XGBoosterLoadModelFromBuffer(b, payload, plen)) {
    failXgb(err, "XGBoost rejected the model");
    XGBoosterFree(b);
    return false;
  }
  if (!setCommon(b, err)) {
    XGBoosterFree(b);
    return false;
  }
  m->booster = b;
  m->objective = (AriXgbObjective)obj;
  m->featureLayout = ariGetLE32(h + 16);
  m->numFeatures = ariGetLE32(h + 20);
  m->seed = ariGetLE64(h + 24);
  m->rounds = ariGetLE32(h + 32);
  return true;
}

bool ariXgbLoad(const char *path, AriXgbModel *m, AriXgbError *err) {
  char *data = NULL;
  size_t len = 0;
  AriFileError fe = ariFileRead(path, NULL, (size_t)ARI_XGB_MAX_PAYLOAD + ARI_XGB_MODEL_HEADER,
                                &data, &len);
  if (!ariFileOk(fe)) {
    char msg[400];
    ariFileErrorFormat(fe, "model file", msg, sizeof msg);
    return failf(err, "%s", msg);
  }
  bool ok = ariXgbLoadMem(data, len, m, err);
  free(data);
  return ok;
}

bool ariXgbCheckLayout(const AriXgbModel *m, uint32_t featureLayout, uint32_t numFeatures,
                       AriXgbError *err) {
  if (m->featureLayout == featureLayout && m->numFeatures == numFeatures)
    return true;
  return failf(err,
               "the model was trained on feature layout %u with %u features, the data has "
               "layout %u with %u features",
               m->featureLayout, m->numFeatures, featureLayout, numFeatures);
}

bool ariXgbPredict(const AriXgbModel *m, const float *x, size_t rows, double *out,
                   AriXgbError *err) {
  if (!rows)
    return true;
  DMatrixHandle dm = NULL;
  if (XGDMatrixCreateFromMat(x, rows, m->numFeatures, NAN, &dm))
    return failXgb(err, "cannot build the prediction matrix");
  const char *cfg = "{\"type\": 0, \"training\": false, \"iteration_begin\": 0, "
                    "\"iteration_end\": 0, \"strict_shape\": false}";
  const bst_ulong *shape = NULL;
  bst_ulong dim = 0;
  const float *res = NULL;
  bool ok = true;
  if (XGBoosterPredictFromDMatrix(m->booster, dm, cfg, &shape, &dim, &res))
    ok = failXgb(err, "prediction failed");
  else {
    bst_ulong n = 1;
    for (bst_ulong i = 0; i < dim; ++i)
      n *= shape[i];
    if (n != rows)
      ok = failf(err, "prediction gave %llu values for %zu rows", (unsigned long long)n, rows);
    else
      for (size_t i = 0; i < rows; ++i)
        out[i] = res[i];
  }
  XGDMatrixFree(dm);
  return ok;
}

bool ariXgbPredictOne(const AriXgbModel *m, const double *features, double *out,
                      AriXgbError *err) {
  float *x = malloc(sizeof *x * (m->numFeatures ? m->numFeatures : 1));
  if (!x)
    return failf(err, "out of memory");
  for (uint32_t i = 0; i < m->numFeatures; ++i)
    x[i] = (float)features[i];
  bool ok = ariXgbPredict(m, x, 1, out, err);
  free(x);
  return ok;
}

double ariXgbScore(const AriXgbModel *m, double raw) {
  return m->objective == ARI_XGB_REG ? -raw : raw;
}

double ariXgbSeconds(const AriXgbModel *m, double raw) {
  return m->objective == ARI_XGB_REG ? exp(raw) : NAN;
}

void ariXgbFree(AriXgbModel *m) {
  if (m->booster)
    XGBoosterFree(m->booster);
  m->booster = NULL;
}

void ariXgbLibraryVersion(int *major, int *minor, int *patch) {
  XGBoostVersion(major, minor, patch);
}
