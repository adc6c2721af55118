/*===- nn_test.c - the learning library: gradients, Adam, parameter files -===*\
 *
 * Every operation of costmodel/nn/tape.h is checked against central finite
 * differences on random shapes (gradients with respect to every input and,
 * for the GRU, every parameter); the checker itself must catch a gradient
 * made wrong on purpose. Adam must converge on a quadratic and clip as
 * documented; parameter files must round-trip bit for bit and refuse every
 * flipped byte and every truncation with a message; in-memory checkpoints
 * and the parameters' running average follow their formulas.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/check.h"

#include "costmodel/nn/adam.h"
#include "costmodel/nn/params.h"
#include "costmodel/nn/tape.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_IN = 3, MAX_ELEMS = 64 };

/* An operation under test: builds its output from the input nodes. */
typedef struct OpCase {
  const char *name;
  unsigned nin;
  unsigned rows[MAX_IN], cols[MAX_IN];
  AriNnVar *(*build)(AriNnTape *t, AriNnVar **in, const struct OpCase *c);
  /* side data some operations take */
  unsigned idx[MAX_ELEMS], nidx, k;
  unsigned char mask[MAX_ELEMS];
  float target[MAX_ELEMS];
  AriNnParams *ps; /* parameters to check too (GRU), or NULL */
  AriNnGru gru;
} OpCase;

static AriNnVar *bMatmul(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnMatmul(t, in[0], in[1]);
}
static AriNnVar *bMatmulT(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnMatmulT(t, in[0], in[1], 0.7f);
}
static AriNnVar *bAdd(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnAdd(t, in[0], in[1]);
}
static AriNnVar *bSub(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnSub(t, in[0], in[1]);
}
static AriNnVar *bMul(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnMul(t, in[0], in[1]);
}
static AriNnVar *bScale(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnScale(t, in[0], -1.5f);
}
static AriNnVar *bReshape(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  /* through a product, so that the new shape matters downstream */
  AriNnVar *r = ariNnReshape(t, in[0], in[0]->cols, in[0]->rows);
  return ariNnMul(t, r, r);
}
static AriNnVar *bTanh(AriNnTape *t, AriNnVar **in, const OpCase *c) { return ariNnTanh(t, in[0]); }
static AriNnVar *bRelu(AriNnTape *t, AriNnVar **in, const OpCase *c) { return ariNnRelu(t, in[0]); }
static AriNnVar *bSigmoid(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnSigmoid(t, in[0]);
}
static AriNnVar *bGather(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnGather(t, in[0], c->idx, c->nidx);
}
static AriNnVar *bSegSum(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnSegSum(t, in[0], c->idx, c->k);
}
static AriNnVar *bSegSoftmax(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnSegSoftmax(t, in[0], c->idx, c->k);
}
static AriNnVar *bSoftmax(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnSoftmax(t, in[0]);
}
static AriNnVar *bMSoftmax(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnMaskedSoftmax(t, in[0], c->mask);
}
static AriNnVar *bSum(AriNnTape *t, AriNnVar **in, const OpCase *c) { return ariNnSum(t, in[0]); }
static AriNnVar *bHuber(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnHuber(t, in[0], c->target, 0.5f);
}
static AriNnVar *bMse(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnMse(t, in[0], c->target);
}
static AriNnVar *bXent(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnCrossEntropy(t, in[0], c->idx);
}
static AriNnVar *bGru(AriNnTape *t, AriNnVar **in, const OpCase *c) {
  return ariNnGruCell(t, in[0], in[1], &c->gru);
}

/* sum(seed * out) in double, after one forward pass over `data`. */
static double objective(const OpCase *c, float **data, const float *seed, AriNnTape *t) {
  ariNnTapeReset(t);
  AriNnVar *in[MAX_IN];
  for (unsigned i = 0; i < c->nin; ++i)
    in[i] = ariNnInput(t, c->rows[i], c->cols[i], data[i]);
  AriNnVar *out = c->build(t, in, c);
  if (!out)
    return NAN;
  double s = 0;
  for (size_t i = 0; i < (size_t)out->rows * out->cols; ++i)
    s += (double)seed[i] * out->v[i];
  return s;
}

/* Checks c's gradients against central differences; with `corrupt`, one
 * analytic entry is made wrong first, and the check must then fail.
 * Returns true when every entry agreed. */
static bool gradCheck(const OpCase *c, AriNnRng *rng, bool corrupt) {
  float *data[MAX_IN];
  AriNnTape t;
  ariNnTapeInit(&t, 0);
  for (unsigned i = 0; i < c->nin; ++i) {
    size_t n = (size_t)c->rows[i] * c->cols[i];
    data[i] = malloc(sizeof(float) * n);
    for (size_t j = 0; j < n; ++j) {
      float x = ariNnRngUniform(rng, -1.0f, 1.0f);
      /* away from kinks (relu at 0): finite differences step over them */
      data[i][j] = fabsf(x) < 0.05f ? (x < 0 ? -0.1f : 0.1f) : x;
    }
  }
  /* analytic */
  AriNnVar *in[MAX_IN];
  for (unsigned i = 0; i < c->nin; ++i)
    in[i] = ariNnInput(&t, c->rows[i], c->cols[i], data[i]);
  if (c->ps)
    ariNnParamsZeroGrad(c->ps);
  AriNnVar *out = c->build(&t, in, c);
  CHECK(out != NULL);
  if (!out) {
    fprintf(stderr, "  %s: %s\n", c->name, ariNnTapeError(&t));
    return false;
  }
  size_t nout = (size_t)out->rows * out->cols;
  float *seed = malloc(sizeof(float) * nout);
  for (size_t j = 0; j < nout; ++j)
    seed[j] = ariNnRngUniform(rng, -1.0f, 1.0f);
  CHECK(ariNnBackward(&t, out, seed));
  float *grads[MAX_IN];
  for (unsigned i = 0; i < c->nin; ++i) {
    size_t n = (size_t)c->rows[i] * c->cols[i];
    grads[i] = malloc(sizeof(float) * n);
    memcpy(grads[i], in[i]->g, sizeof(float) * n);
  }
  if (corrupt)
    grads[0][0] += 0.05f + 0.1f * fabsf(grads[0][0]);
  /* numeric: every input entry, then every parameter entry */
  const float eps = 1e-2f;
  bool ok = true;
  double worst = 0;
  for (unsigned i = 0; i < c->nin; ++i)
    for (size_t j = 0; j < (size_t)c->rows[i] * c->cols[i]; ++j) {
      float x = data[i][j];
      data[i][j] = x + eps;
      double up = objective(c, data, seed, &t);
      data[i][j] = x - eps;
      double down = objective(c, data, seed, &t);
      data[i][j] = x;
      double num = (up - down) / (2.0 * eps), an = grads[i][j];
      double err = fabs(num - an) / (2e-3 + 2e-2 * fmax(fabs(num), fabs(an)));
      worst = fmax(worst, err);
      if (err > 1) {
        ok = false;
        if (!corrupt)
          fprintf(stderr, "  %s: input %u entry %zu: analytic %.6g numeric %.6g\n", c->name, i, j,
                  an, num);
      }
    }
  for (unsigned p = 0; c->ps && p < c->ps->n; ++p) {
    AriNnParam *q = c->ps->items[p];
    for (size_t j = 0; j < (size_t)q->rows * q->cols; ++j) {
      float x = q->v[j];
      q->v[j] = x + eps;
      double up = objective(c, data, seed, &t);
      q->v[j] = x - eps;
      double down = objective(c, data, seed, &t);
      q->v[j] = x;
      double num = (up - down) / (2.0 * eps), an = q->g[j];
      double err = fabs(num - an) / (2e-3 + 2e-2 * fmax(fabs(num), fabs(an)));
      if (err > 1) {
        ok = false;
        fprintf(stderr, "  %s: parameter %s entry %zu: analytic %.6g numeric %.6g\n", c->name,
                q->name, j, an, num);
      }
    }
  }
  if (getenv("NN_TEST_VERBOSE"))
    fprintf(stderr, "  %-16s worst error / tolerance %.3f%s\n", c->name, worst,
            corrupt ? " (corrupted)" : "");
  for (unsigned i = 0; i < c->nin; ++i) {
    free(data[i]);
    free(grads[i]);
  }
  free(seed);
  ariNnTapeDestroy(&t);
  return ok;
}

static unsigned dim(AriNnRng *r) { return 1 + (unsigned)(ariNnRngNext(r) % 5); }

/* A random case of operation `which` (0..NUM_OPS). */
enum { NUM_OPS = 21 };
static void makeCase(OpCase *c, int which, AriNnRng *r) {
  memset(c, 0, sizeof *c);
  unsigned m = dim(r), k = dim(r), n = dim(r);
  c->nin = 1;
  c->rows[0] = m;
  c->cols[0] = n;
  switch (which) {
  case 0:
    *c = (OpCase){.name = "matmul", .nin = 2, .rows = {m, k}, .cols = {k, n}, .build = bMatmul};
    break;
  case 1:
    *c = (OpCase){.name = "matmulT", .nin = 2, .rows = {m, n}, .cols = {k, k}, .build = bMatmulT};
    break;
  case 2:
    *c = (OpCase){.name = "add", .nin = 2, .rows = {m, m}, .cols = {n, n}, .build = bAdd};
    break;
  case 3:
    *c = (OpCase){.name = "add(bcast)", .nin = 2, .rows = {m + 1, 1}, .cols = {n, n}, .build = bAdd};
    break;
  case 4:
    *c = (OpCase){.name = "sub(bcast)", .nin = 2, .rows = {m + 1, 1}, .cols = {n, n}, .build = bSub};
    break;
  case 5:
    *c = (OpCase){.name = "mul", .nin = 2, .rows = {m, m}, .cols = {n, n}, .build = bMul};
    break;
  case 6:
    *c = (OpCase){.name = "mul(bcast)", .nin = 2, .rows = {m + 1, 1}, .cols = {n, n}, .build = bMul};
    break;
  case 7:
    c->name = "scale", c->build = bScale;
    break;
  case 8:
    c->name = "reshape", c->build = bReshape;
    break;
  case 9:
    c->name = "tanh", c->build = bTanh;
    break;
  case 10:
    c->name = "relu", c->build = bRelu;
    break;
  case 11:
    c->name = "sigmoid", c->build = bSigmoid;
    break;
  case 12: /* repeated indices: gradients of one row add up */
    c->name = "gather", c->build = bGather;
    c->nidx = m + 3;
    for (unsigned i = 0; i < c->nidx; ++i)
      c->idx[i] = (unsigned)(ariNnRngNext(r) % m);
    break;
  case 13: /* some segments empty */
    c->name = "segsum", c->build = bSegSum;
    c->k = k + 1;
    for (unsigned i = 0; i < m; ++i)
      c->idx[i] = (unsigned)(ariNnRngNext(r) % c->k);
    break;
  case 14:
    c->name = "softmax", c->build = bSoftmax;
    c->cols[0] = n + 1;
    break;
  case 15: /* the last row fully masked */
    c->name = "maskedSoftmax", c->build = bMSoftmax;
    c->rows[0] = m + 1;
    for (unsigned i = 0; i < c->rows[0] * n; ++i)
      c->mask[i] = i / n == m ? 0 : (ariNnRngNext(r) % 3 != 0 || i % n == 0);
    break;
  case 16:
    c->name = "sum", c->build = bSum;
    break;
  case 17:
    c->name = "huber", c->build = bHuber;
    for (unsigned i = 0; i < m * n; ++i)
      c->target[i] = ariNnRngUniform(r, -1.5f, 1.5f);
    break;
  case 18:
    c->name = "mse", c->build = bMse;
    for (unsigned i = 0; i < m * n; ++i)
      c->target[i] = ariNnRngUniform(r, -1.5f, 1.5f);
    break;
  case 19:
    c->name = "crossEntropy", c->build = bXent;
    c->cols[0] = n + 1;
    for (unsigned i = 0; i < m; ++i)
      c->idx[i] = (unsigned)(ariNnRngNext(r) % c->cols[0]);
    break;
  case 20: /* segments of one row (gradient 0), several, and empty ones */
    c->name = "segSoftmax", c->build = bSegSoftmax;
    c->rows[0] = m + 2;
    c->k = k + 1;
    for (unsigned i = 0; i < c->rows[0]; ++i)
      c->idx[i] = (unsigned)(ariNnRngNext(r) % c->k);
    break;
  }
}

static void testGradients(void) {
  AriNnRng r = {42};
  for (int op = 0; op < NUM_OPS; ++op)
    for (int rep = 0; rep < 3; ++rep) {
      OpCase c;
      makeCase(&c, op, &r);
      bool ok = gradCheck(&c, &r, false);
      CHECK(ok);
      if (!ok)
        fprintf(stderr, "  gradient check failed: %s\n", c.name);
      /* the checker must be able to fail */
      if (rep == 0)
        CHECK(!gradCheck(&c, &r, true));
    }
  /* the GRU cell: inputs and all nine parameters */
  AriNnParams ps;
  ariNnParamsInit(&ps);
  OpCase c = {.name = "gru", .nin = 2, .rows = {3, 3}, .cols = {2, 4}, .build = bGru};
  c.ps = &ps;
  CHECK(ariNnGruCreate(&ps, "g", 2, 4, &r, &c.gru));
  for (unsigned i = 0; i < ps.n; ++i) /* non-zero biases too */
    for (unsigned j = 0; j < ps.items[i]->rows * ps.items[i]->cols; ++j)
      ps.items[i]->v[j] += ariNnRngUniform(&r, -0.3f, 0.3f);
  CHECK(gradCheck(&c, &r, false));
  CHECK(!gradCheck(&c, &r, true));
  ariNnParamsDestroy(&ps);
}

/* Known values: a small product, a masked softmax with a masked row. */
static void testValues(void) {
  AriNnTape t;
  ariNnTapeInit(&t, 0);
  float a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 0, 0, 1, 1, 1};
  AriNnVar *c = ariNnMatmul(&t, ariNnInput(&t, 2, 3, a), ariNnInput(&t, 3, 2, b));
  CHECK(c && c->rows == 2 && c->cols == 2);
  CHECK(c && c->v[0] == 4 && c->v[1] == 5 && c->v[2] == 10 && c->v[3] == 11);
  unsigned char mask[4] = {1, 0, 0, 0};
  AriNnVar *s = ariNnMaskedSoftmax(&t, ariNnInput(&t, 2, 2, a), mask);
  CHECK(s && s->v[0] == 1 && s->v[1] == 0 && s->v[2] == 0 && s->v[3] == 0);
  /* errors: recorded once, NULL propagates */
  CHECK(ariNnTapeError(&t) == NULL);
  AriNnVar *bad = ariNnMatmul(&t, ariNnInput(&t, 2, 3, a), ariNnInput(&t, 2, 3, a));
  CHECK(bad == NULL);
  CHECK(ariNnTapeError(&t) && strstr(ariNnTapeError(&t), "matmul of 2x3 by 2x3"));
  CHECK(ariNnTanh(&t, bad) == NULL);
  unsigned idx[1] = {7};
  ariNnTapeReset(&t);
  CHECK(ariNnTapeError(&t) == NULL);
  CHECK(ariNnGather(&t, ariNnInput(&t, 2, 3, a), idx, 1) == NULL);
  CHECK(ariNnTapeError(&t) && strstr(ariNnTapeError(&t), "gather index 7"));
  ariNnTapeReset(&t);
  CHECK(ariNnSegSum(&t, ariNnInput(&t, 1, 3, a), idx, 2) == NULL);
  CHECK(ariNnCrossEntropy(&t, ariNnInput(&t, 1, 3, a), idx) == NULL);
  CHECK(ariNnReshape(&t, ariNnInput(&t, 2, 3, a), 4, 2) == NULL);
  CHECK(!ariNnBackward(&t, NULL, NULL));
  ariNnTapeDestroy(&t);
}

/* Adam reaches the minimum of a quadratic; clipping scales the gradient. */
static void testAdam(void) {
  AriNnParams ps;
  ariNnParamsInit(&ps);
  AriNnRng r = {7};
  AriNnParam *p = ariNnParamNew(&ps, "p", 1, 5, ARI_NN_INIT_GLOROT, &r);
  float target[5] = {1.5f, -2.0f, 0.25f, 3.0f, -0.5f};
  AriNnAdam o = ariNnAdamDefault(1.0f);
  AriNnTape t;
  ariNnTapeInit(&t, 0);
  float first = 0, last = 0;
  for (int step = 0; step < 1500; ++step) {
    ariNnTapeReset(&t);
    AriNnVar *l = ariNnMse(&t, ariNnParamVar(&t, p), target);
    CHECK(l && ariNnBackward(&t, l, NULL));
    if (!l)
      break;
    if (step == 0)
      first = l->v[0];
    last = l->v[0];
    ariNnAdamStep(&ps, &o, 0.02f);
  }
  CHECK(last < 1e-6f * first + 1e-6f);
  for (int i = 0; i < 5; ++i)
    CHECK(fabsf(p->v[i] - target[i]) < 1e-3f);
  CHECK(o.steps == 1500);
  /* clipping: a gradient of norm 5 clipped at 1 enters m as g / 5 */
  AriNnAdam c = ariNnAdamDefault(1.0f);
  memset(p->m, 0, sizeof(float) * 5);
  memset(p->s, 0, sizeof(float) * 5);
  float g[5] = {3, 4, 0, 0, 0};
  memcpy(p->g, g, sizeof g);
  CHECK(fabsf(ariNnAdamStep(&ps, &c, 0.01f) - 5.0f) < 1e-6f);
  CHECK(fabsf(p->m[0] - 0.1f * 0.6f) < 1e-7f && fabsf(p->m[1] - 0.1f * 0.8f) < 1e-7f);
  CHECK(p->g[0] == 0 && p->g[1] == 0); /* gradients consumed */
  ariNnTapeDestroy(&t);
  ariNnParamsDestroy(&ps);
}

static void makeSet(AriNnParams *ps, uint64_t seed) {
  ariNnParamsInit(ps);
  AriNnRng r = {seed};
  ariNnParamNew(ps, "w", 3, 4, ARI_NN_INIT_GLOROT, &r);
  ariNnParamNew(ps, "b", 1, 4, ARI_NN_INIT_EMBED, &r);
}

static bool sameValues(const AriNnParams *a, const AriNnParams *b) {
  if (a->n != b->n)
    return false;
  for (unsigned i = 0; i < a->n; ++i)
    if (memcmp(a->items[i]->v, b->items[i]->v,
               sizeof(float) * a->items[i]->rows * a->items[i]->cols))
      return false;
  return true;
}

static void testFiles(const char *dir) {
  char path[512], bad[512], err[256];
  snprintf(path, sizeof path, "%s/nn_test.params", dir);
  snprintf(bad, sizeof bad, "%s/nn_test.bad", dir);
  AriNnParams a, b, c;
  makeSet(&a, 1);
  makeSet(&b, 2);
  makeSet(&c, 1);
  CHECK(sameValues(&a, &c)); /* same seed, same values */
  CHECK(!sameValues(&a, &b));
  uint32_t meta[2] = {3, 4}, got[2] = {0, 0};
  CHECK(ariNnParamsSave(&a, path, "testtest", meta, 2, err, sizeof err));
  CHECK(ariNnParamsLoad(NULL, path, "testtest", got, 2, err, sizeof err));
  CHECK(got[0] == 3 && got[1] == 4);
  CHECK(ariNnParamsLoad(&b, path, "testtest", got, 2, err, sizeof err));
  CHECK(sameValues(&a, &b));
  /* wrong tag, wrong meta count, missing file */
  CHECK(!ariNnParamsLoad(&b, path, "valuenet", got, 2, err, sizeof err));
  CHECK(strstr(err, "holds 'testtest' parameters"));
  CHECK(!ariNnParamsLoad(&b, path, "testtest", got, 1, err, sizeof err));
  CHECK(strstr(err, "meta"));
  CHECK(!ariNnParamsLoad(&b, "/nonexistent/x.params", "testtest", got, 2, err, sizeof err));
  CHECK(strstr(err, "cannot open parameter file '/nonexistent/x.params'"));
  /* a set of another shape */
  AriNnParams d;
  ariNnParamsInit(&d);
  AriNnRng r = {1};
  ariNnParamNew(&d, "w", 4, 3, ARI_NN_INIT_GLOROT, &r);
  ariNnParamNew(&d, "b", 1, 4, ARI_NN_INIT_GLOROT, &r);
  CHECK(!ariNnParamsLoad(&d, path, "testtest", got, 2, err, sizeof err));
  CHECK(strstr(err, "parameter 0 is 'w' 3x4, expected 'w' 4x3"));
  /* every flipped byte and every truncation is refused, b unchanged */
  FILE *f = fopen(path, "rb");
  unsigned char buf[4096];
  size_t len = f ? fread(buf, 1, sizeof buf, f) : 0;
  if (f)
    fclose(f);
  CHECK(len > 28 && len < sizeof buf);
  ariNnParamsDestroy(&b);
  makeSet(&b, 2);
  int refused = 0;
  for (size_t i = 0; i < len; ++i) {
    buf[i] ^= 0x20;
    f = fopen(bad, "wb");
    fwrite(buf, 1, len, f);
    fclose(f);
    buf[i] ^= 0x20;
    refused += !ariNnParamsLoad(&b, bad, "testtest", got, 2, err, sizeof err);
  }
  CHECK(refused == (int)len);
  CHECK(strstr(err, "checksum mismatch"));
  refused = 0;
  for (size_t cut = 0; cut < len; ++cut) {
    f = fopen(bad, "wb");
    fwrite(buf, 1, cut, f);
    fclose(f);
    refused += !ariNnParamsLoad(&b, bad, "testtest", got, 2, err, sizeof err);
  }
  CHECK(refused == (int)len);
  CHECK(!sameValues(&a, &b)); /* nothing was copied from a bad file */
  unlink(bad);
  unlink(path);
  ariNnParamsDestroy(&a);
  ariNnParamsDestroy(&b);
  ariNnParamsDestroy(&c);
  ariNnParamsDestroy(&d);
}

/* In-memory checkpoints and Polyak averaging over the flat layout: Get
 * then Set round-trips; the average moves each value by (1 - decay) of its
 * distance to the current parameter, in parameter order. */
static void testCheckpoints(void) {
  AriNnParams a, b;
  makeSet(&a, 1);
  makeSet(&b, 2);
  size_t n = ariNnParamsCount(&a);
  CHECK(n == 16);
  float fa[16], fb[16], avg[16];
  ariNnParamsGet(&a, fa);
  ariNnParamsGet(&b, fb);
  CHECK(fa[0] == a.items[0]->v[0] && fa[12] == a.items[1]->v[0] && fa[15] == a.items[1]->v[3]);
  ariNnParamsSet(&b, fa);
  CHECK(sameValues(&a, &b));
  ariNnParamsSet(&b, fb); /* b as made again */
  memcpy(avg, fa, sizeof avg);
  ariNnParamsAverage(&b, avg, 0.75f);
  bool near = true;
  for (size_t j = 0; j < n; ++j)
    near &= fabsf(avg[j] - (0.75f * fa[j] + 0.25f * fb[j])) < 1e-6f;
  CHECK(near);
  ariNnParamsAverage(&b, avg, 0.0f); /* decay 0: the parameters themselves */
  CHECK(!memcmp(avg, fb, sizeof avg));
  /* Swap: b takes fa's values and the buffer b's, and back again. */
  float buf[16];
  memcpy(buf, fa, sizeof buf);
  ariNnParamsSwap(&b, buf);
  CHECK(sameValues(&a, &b) && !memcmp(buf, fb, sizeof buf));
  ariNnParamsSwap(&b, buf);
  ariNnParamsGet(&b, avg);
  CHECK(!memcmp(avg, fb, sizeof avg) && !memcmp(buf, fa, sizeof buf));
  ariNnParamsDestroy(&a);
  ariNnParamsDestroy(&b);
}

/* The tape's arena keeps its memory across passes (ariArenaRecycle). */
static void testRecycle(void) {
  AriArena a;
  ariArenaInit(&a, 0);
  for (int pass = 0; pass < 3; ++pass) {
    size_t before = a.total;
    for (int i = 0; i < 10; ++i)
      CHECK(ariArenaAlloc(&a, 100000) != NULL);
    if (pass > 0)
      CHECK(a.total == before); /* the same demand fits in what was kept */
    ariArenaRecycle(&a);
    CHECK(a.used == 0 && a.total >= 10 * 100000);
  }
  ariArenaDestroy(&a);
  CHECK(a.total == 0);
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  testGradients();
  testValues();
  testRecycle();
  testAdam();
  testFiles(dir);
  testCheckpoints();
  printf("nn_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
