/*===- test/costmodel/xgb_test.c - learned models on synthetic data -------===*\
 *
 * Programs whose variants' times follow their features: both objectives
 * must rank the variants of programs they never saw; training twice with
 * one seed gives byte-identical model files; damaged, truncated, foreign
 * and mismatched model files are clear errors.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/dataset.h"
#include "costmodel/metrics.h"
#include "costmodel/xgb.h"
#include "test/check.h"
#include "utils/hash.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PROGRAMS = 48, VARIANTS = 16, COLS = 5 };

/* A uniform number in [0, 1) from a counter. */
static double unit(uint64_t k) { return (double)(ariHashMix64(k) >> 11) * 0x1p-53; }

/* Rows of the programs p with (p % 8 == 0) == heldOut, grouped. */
typedef struct Set {
  size_t rows, groups;
  float x[PROGRAMS * VARIANTS * COLS];
  double time[PROGRAMS * VARIANTS];
  uint32_t sizes[PROGRAMS];
} Set;

static void makeSet(Set *s, bool heldOut) {
  s->rows = s->groups = 0;
  for (uint64_t p = 0; p < PROGRAMS; ++p) {
    if ((p % 8 == 0) != heldOut)
      continue;
    double scale = 1e-4 * (1 + 20 * unit(p * 1000));
    for (uint64_t v = 0; v < VARIANTS; ++v) {
      float *x = &s->x[s->rows * COLS];
      for (int c = 0; c < 4; ++c)
        x[c] = (float)unit(p * 1000 + v * 10 + (uint64_t)c + 1);
      x[4] = (float)log(scale); /* what the program is: its size */
      s->time[s->rows] = scale * exp(2 * x[0] - x[1] + 0.5 * x[2] * x[3]);
      s->rows++;
    }
    s->sizes[s->groups++] = VARIANTS;
  }
}

static AriXgbData dataOf(const Set *s) {
  AriXgbData d = {s->rows, COLS, s->x, s->time, s->sizes, s->groups};
  return d;
}

static void evalOn(const AriXgbModel *m, const Set *test, AriCostMetrics *out) {
  double raw[PROGRAMS * VARIANTS], score[PROGRAMS * VARIANTS], secs[PROGRAMS * VARIANTS];
  AriXgbError err;
  CHECK(ariXgbPredict(m, test->x, test->rows, raw, &err));
  for (size_t i = 0; i < test->rows; ++i) {
    score[i] = ariXgbScore(m, raw[i]);
    secs[i] = ariXgbSeconds(m, raw[i]);
  }
  CHECK(ariCostMetricsCompute(test->sizes, test->groups, test->time, score,
                              m->objective == ARI_XGB_REG ? secs : NULL, out));
}

static Set train, test;

static void testLearns(AriXgbObjective obj) {
  AriXgbParams p = {obj, 42, 60, 0, 0, 0, 0};
  AriXgbData d = dataOf(&train);
  AriXgbModel m;
  AriXgbError err;
  CHECK(ariXgbTrain(&p, &d, 3, NULL, NULL, &m, &err));
  AriCostMetrics met;
  evalOn(&m, &test, &met);
  printf("%s: held-out pairwise accuracy %.3f, best-1 error %.3f, top-1 score %.3f, MAPE %.3f\n",
         ariXgbObjectiveName(obj), met.pairAccuracy, met.best1Error, met.top1Score, met.mape);
  CHECK(met.groups == PROGRAMS / 8 && met.pairAccuracy > 0.85 && met.top1Score > 0.8);
  if (obj == ARI_XGB_REG)
    CHECK(met.mape < 0.3);

  /* Same seed, same data: the same file, byte for byte. */
  AriXgbModel m2;
  CHECK(ariXgbTrain(&p, &d, 3, NULL, NULL, &m2, &err));
  AriStr a, b;
  ariStrInit(&a, NULL);
  ariStrInit(&b, NULL);
  CHECK(ariXgbSaveMem(&m, &a, &err) && ariXgbSaveMem(&m2, &b, &err));
  CHECK(a.len == b.len && a.len > ARI_XGB_MODEL_HEADER && !memcmp(a.buf, b.buf, a.len));

  /* Loaded back, it predicts exactly as before. */
  AriXgbModel l;
  CHECK(ariXgbLoadMem(a.buf, a.len, &l, &err));
  CHECK(l.objective == obj && l.featureLayout == 3 && l.numFeatures == COLS && l.seed == 42 &&
        l.rounds == 60);
  double r1[8], r2[8];
  CHECK(ariXgbPredict(&m, test.x, 8, r1, &err) && ariXgbPredict(&l, test.x, 8, r2, &err));
  CHECK(!memcmp(r1, r2, sizeof r1));
  double one, feats[COLS];
  for (int c = 0; c < COLS; ++c)
    feats[c] = test.x[c];
  CHECK(ariXgbPredictOne(&l, feats, &one, &err) && one == r1[0]);
  ariXgbFree(&l);
  ariXgbFree(&m);
  ariXgbFree(&m2);
  ariStrFree(&a);
  ariStrFree(&b);
}

static bool loadFails(const void *data, size_t len, const char *want) {
  AriXgbModel m;
  AriXgbError err;
  if (ariXgbLoadMem(data, len, &m, &err)) {
    ariXgbFree(&m);
    fprintf(stderr, "loaded a bad model (want '%s')\n", want);
    return false;
  }
  if (!strstr(err.msg, want)) {
    fprintf(stderr, "error '%s', want '%s'\n", err.msg, want);
    return false;
  }
  return true;
}

/* The header's CRC recomputed after a deliberate change (zlib's CRC32,
 * as the dataset's). */
static void putCrc(unsigned char *h) {
  uint32_t c = ariCostDsCrc32(h, 44);
  for (int i = 0; i < 4; ++i)
    h[44 + i] = (unsigned char)(c >> (8 * i));
}

static void testBadFiles(void) {
  AriXgbParams p = {ARI_XGB_REG, 1, 5, 0, 0, 0, 0};
  AriXgbData d = dataOf(&train);
  AriXgbModel m;
  AriXgbError err;
  CHECK(ariXgbTrain(&p, &d, 3, NULL, NULL, &m, &err));
  AriStr s;
  ariStrInit(&s, NULL);
  CHECK(ariXgbSaveMem(&m, &s, &err));
  unsigned char *c = malloc(s.len);

  /* Every header byte, and bytes spread over the payload. */
  size_t missed = 0;
  for (size_t pos = 0; pos < s.len; pos += pos < ARI_XGB_MODEL_HEADER ? 1 : 97) {
    memcpy(c, s.buf, s.len);
    c[pos] ^= 0x40;
    missed += !loadFails(c, s.len, pos < 8 ? "not an Ariadne model file" : pos < 48
                                                                           ? "header CRC mismatch"
                                                                           : "payload CRC mismatch");
  }
  CHECK(missed == 0);
  CHECK(loadFails(s.buf, 20, "truncated model file: 20 of the header's 48 bytes"));
  CHECK(loadFails(s.buf, s.len - 1, "truncated model file"));
  CHECK(loadFails("hello", 5, "not an Ariadne model file"));
  memcpy(c, s.buf, s.len);
  /* A sound header on a payload that is not a model: XGBoost's error. */
  const char junk[] = "{\"not\": \"a model\"}";
  memcpy(c + ARI_XGB_MODEL_HEADER, junk, sizeof junk - 1);
  uint32_t jl = sizeof junk - 1, jc = ariCostDsCrc32(junk, jl);
  for (int i = 0; i < 4; ++i) {
    c[36 + i] = (unsigned char)(jl >> (8 * i));
    c[40 + i] = (unsigned char)(jc >> (8 * i));
  }
  putCrc(c);
  CHECK(loadFails(c, ARI_XGB_MODEL_HEADER + jl, "XGBoost rejected the model"));
  /* A later version of the wrapper. */
  memcpy(c, s.buf, s.len);
  c[8] = 9;
  putCrc(c);
  CHECK(loadFails(c, s.len, "model file version 9"));

  /* Mismatched data. */
  CHECK(ariXgbCheckLayout(&m, 3, COLS, &err));
  CHECK(!ariXgbCheckLayout(&m, 4, COLS, &err) &&
        !strcmp(err.msg, "the model was trained on feature layout 3 with 5 features, the data "
                         "has layout 4 with 5 features"));

  /* Files: saved atomically, loaded, errors name the file. */
  char dir[] = "/tmp/ariadne-xgb-test-XXXXXX", path[64];
  CHECK(mkdtemp(dir) != NULL);
  snprintf(path, sizeof path, "%s/m.model", dir);
  CHECK(ariXgbSave(&m, path, &err));
  AriXgbModel l;
  CHECK(ariXgbLoad(path, &l, &err));
  ariXgbFree(&l);
  unlink(path);
  CHECK(!ariXgbLoad(path, &l, &err) && strstr(err.msg, "cannot open model file"));
  rmdir(dir);

  /* Bad training input. */
  AriXgbData bad = d;
  bad.rows = 0;
  CHECK(!ariXgbTrain(&p, &bad, 3, NULL, NULL, &l, &err));
  AriXgbParams rp = {ARI_XGB_RANK, 1, 5, 0, 0, 0, 0};
  bad = d;
  bad.numGroups = 2; /* groups that do not cover the rows */
  CHECK(!ariXgbTrain(&rp, &bad, 3, NULL, NULL, &l, &err) && strstr(err.msg, "groups cover"));

  free(c);
  ariStrFree(&s);
  ariXgbFree(&m);
}

int main(void) {
  makeSet(&train, false);
  makeSet(&test, true);
  testLearns(ARI_XGB_RANK);
  testLearns(ARI_XGB_REG);
  testBadFiles();
  printf("xgb_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
