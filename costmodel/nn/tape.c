/*===- costmodel/nn/tape.c - reverse-mode differentiation over dense floats ===*/

#include "costmodel/nn/tape.h"

#include <cblas.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum {
  OP_INPUT,
  OP_PARAM,
  OP_MATMUL,
  OP_MATMULT,
  OP_ADD,
  OP_SUB,
  OP_MUL,
  OP_SCALE,
  OP_RESHAPE,
  OP_TANH,
  OP_RELU,
  OP_SIGMOID,
  OP_GATHER,
  OP_SEGSUM,
  OP_SEGSOFTMAX,
  OP_SOFTMAX,
  OP_MSOFTMAX,
  OP_SUM,
  OP_HUBER,
  OP_MSE,
  OP_XENT,
  OP_PPO
};

void ariNnTapeInit(AriNnTape *t, size_t limit) {
  memset(t, 0, sizeof *t);
  ariArenaInit(&t->arena, limit);
}

void ariNnTapeReset(AriNnTape *t) {
  /* The next pass is likely the same size: keep the memory (and its pages). */
  ariArenaRecycle(&t->arena);
  t->last = NULL;
  t->err[0] = 0;
}

void ariNnTapeDestroy(AriNnTape *t) {
  ariArenaDestroy(&t->arena);
  t->last = NULL;
}

const char *ariNnTapeError(const AriNnTape *t) { return t->err[0] ? t->err : NULL; }

static void *fail(AriNnTape *t, const char *fmt, ...) {
  if (!t->err[0]) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->err, sizeof t->err, fmt, ap);
    va_end(ap);
  }
  return NULL;
}

static size_t size(const AriNnVar *a) { return (size_t)a->rows * a->cols; }

/* A new node with room for its values (uninitialised unless zero). */
static AriNnVar *node(AriNnTape *t, int op, unsigned rows, unsigned cols, bool zero) {
  if (!rows || !cols || (size_t)rows * cols > ((size_t)1 << 31))
    return fail(t, "bad tensor shape %ux%u", rows, cols);
  AriNnVar *x = ariArenaCalloc(&t->arena, sizeof *x);
  size_t bytes = sizeof(float) * (size_t)rows * cols;
  float *v = zero ? ariArenaCalloc(&t->arena, bytes) : ariArenaAlloc(&t->arena, bytes);
  if (!x || !v)
    return fail(t, "out of memory for a %ux%u tensor", rows, cols);
  x->rows = rows;
  x->cols = cols;
  x->v = v;
  x->op = op;
  x->prev = t->last;
  t->last = x;
  return x;
}

static void *copyOnTape(AriNnTape *t, const void *p, size_t bytes) {
  void *q = ariArenaAlloc(&t->arena, bytes ? bytes : 1);
  if (!q)
    return fail(t, "out of memory");
  memcpy(q, p, bytes);
  return q;
}

AriNnVar *ariNnInput(AriNnTape *t, unsigned rows, unsigned cols, const float *data) {
  AriNnVar *x = node(t, OP_INPUT, rows, cols, data == NULL);
  if (x && data)
    memcpy(x->v, data, sizeof(float) * size(x));
  return x;
}

AriNnVar *ariNnParamVar(AriNnTape *t, AriNnParam *p) {
  if (!p)
    return fail(t, "no parameter");
  AriNnVar *x = ariArenaCalloc(&t->arena, sizeof *x);
  if (!x)
    return fail(t, "out of memory");
  x->rows = p->rows;
  x->cols = p->cols;
  x->v = p->v; /* shared: the parameter outlives the tape */
  x->op = OP_PARAM;
  x->param = p;
  x->prev = t->last;
  t->last = x;
  return x;
}

AriNnVar *ariNnMatmul(AriNnTape *t, AriNnVar *a, AriNnVar *b) {
  if (!a || !b)
    return NULL;
  if (a->cols != b->rows)
    return fail(t, "matmul of %ux%u by %ux%u", a->rows, a->cols, b->rows, b->cols);
  AriNnVar *c = node(t, OP_MATMUL, a->rows, b->cols, false);
  if (!c)
    return NULL;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)a->rows, (int)b->cols, (int)a->cols,
              1.0f, a->v, (int)a->cols, b->v, (int)b->cols, 0.0f, c->v, (int)c->cols);
  c->a = a;
  c->b = b;
  return c;
}

AriNnVar *ariNnMatmulT(AriNnTape *t, AriNnVar *a, AriNnVar *b, float scale) {
  if (!a || !b)
    return NULL;
  if (a->cols != b->cols)
    return fail(t, "matmulT of %ux%u by (%ux%u)^T", a->rows, a->cols, b->rows, b->cols);
  AriNnVar *c = node(t, OP_MATMULT, a->rows, b->rows, false);
  if (!c)
    return NULL;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)a->rows, (int)b->rows, (int)a->cols,
              scale, a->v, (int)a->cols, b->v, (int)b->cols, 0.0f, c->v, (int)c->cols);
  c->a = a;
  c->b = b;
  c->c = scale;
  return c;
}

/* add/sub/mul: b has a's shape or is one row broadcast over a's rows. */
static AriNnVar *binary(AriNnTape *t, int op, AriNnVar *a, AriNnVar *b) {
  if (!a || !b)
    return NULL;
  if (a->cols != b->cols || (b->rows != a->rows && b->rows != 1))
    return fail(t, "elementwise op on %ux%u and %ux%u", a->rows, a->cols, b->rows, b->cols);
  AriNnVar *c = node(t, op, a->rows, a->cols, false);
  if (!c)
    return NULL;
  unsigned n = a->cols;
  for (unsigned i = 0; i < a->rows; ++i) {
    const float *x = a->v + (size_t)i * n, *y = b->v + (b->rows == 1 ? 0 : (size_t)i * n);
    float *z = c->v + (size_t)i * n;
    for (unsigned j = 0; j < n; ++j)
      z[j] = op == OP_ADD ? x[j] + y[j] : op == OP_SUB ? x[j] - y[j] : x[j] * y[j];
  }
  c->a = a;
  c->b = b;
  return c;
}

AriNnVar *ariNnAdd(AriNnTape *t, AriNnVar *a, AriNnVar *b) { return binary(t, OP_ADD, a, b); }
AriNnVar *ariNnSub(AriNnTape *t, AriNnVar *a, AriNnVar *b) { return binary(t, OP_SUB, a, b); }
AriNnVar *ariNnMul(AriNnTape *t, AriNnVar *a, AriNnVar *b) { return binary(t, OP_MUL, a, b); }

static AriNnVar *unary(AriNnTape *t, int op, AriNnVar *a, float k) {
  if (!a)
    return NULL;
  AriNnVar *c = node(t, op, a->rows, a->cols, false);
  if (!c)
    return NULL;
  size_t n = size(a);
  for (size_t i = 0; i < n; ++i) {
    float x = a->v[i];
    c->v[i] = op == OP_SCALE  ? k * x
              : op == OP_TANH ? tanhf(x)
              : op == OP_RELU ? (x > 0 ? x : 0)
                              : 1.0f / (1.0f + expf(-x));
  }
  c->a = a;
  c->c = k;
  return c;
}

AriNnVar *ariNnScale(AriNnTape *t, AriNnVar *a, float c) { return unary(t, OP_SCALE, a, c); }
AriNnVar *ariNnTanh(AriNnTape *t, AriNnVar *a) { return unary(t, OP_TANH, a, 0); }
AriNnVar *ariNnRelu(AriNnTape *t, AriNnVar *a) { return unary(t, OP_RELU, a, 0); }
AriNnVar *ariNnSigmoid(AriNnTape *t, AriNnVar *a) { return unary(t, OP_SIGMOID, a, 0); }

AriNnVar *ariNnReshape(AriNnTape *t, AriNnVar *a, unsigned rows, unsigned cols) {
  if (!a)
    return NULL;
  if ((size_t)rows * cols != size(a))
    return fail(t, "reshape of %ux%u to %ux%u", a->rows, a->cols, rows, cols);
  AriNnVar *c = ariArenaCalloc(&t->arena, sizeof *c);
  if (!c)
    return fail(t, "out of memory");
  c->rows = rows;
  c->cols = cols;
  c->v = a->v; /* a view: the values are a's */
  c->op = OP_RESHAPE;
  c->a = a;
  c->prev = t->last;
  t->last = c;
  return c;
}

AriNnVar *ariNnGather(AriNnTape *t, AriNnVar *a, const unsigned *idx, unsigned r) {
  if (!a)
    return NULL;
  for (unsigned i = 0; i < r; ++i)
    if (idx[i] >= a->rows)
      return fail(t, "gather index %u out of %u rows", idx[i], a->rows);
  AriNnVar *c = node(t, OP_GATHER, r, a->cols, false);
  const unsigned *ix = c ? copyOnTape(t, idx, sizeof *idx * r) : NULL;
  if (!ix)
    return NULL;
  for (unsigned i = 0; i < r; ++i)
    memcpy(c->v + (size_t)i * a->cols, a->v + (size_t)ix[i] * a->cols, sizeof(float) * a->cols);
  c->a = a;
  c->idx = ix;
  c->n = r;
  return c;
}

/* seg (one id per row of a, each < k) copied onto the tape; NULL with the
 * tape's error for an id out of range or no memory. */
static const unsigned *segments(AriNnTape *t, const AriNnVar *a, const unsigned *seg, unsigned k) {
  for (unsigned i = 0; i < a->rows; ++i)
    if (seg[i] >= k)
      return fail(t, "segment id %u out of %u segments", seg[i], k);
  return copyOnTape(t, seg, sizeof *seg * a->rows);
}

AriNnVar *ariNnSegSum(AriNnTape *t, AriNnVar *a, const unsigned *seg, unsigned k) {
  const unsigned *sg = a ? segments(t, a, seg, k) : NULL;
  AriNnVar *c = sg ? node(t, OP_SEGSUM, k, a->cols, true) : NULL;
  if (!c)
    return NULL;
  unsigned n = a->cols;
  for (unsigned i = 0; i < a->rows; ++i) {
    float *z = c->v + (size_t)sg[i] * n;
    const float *x = a->v + (size_t)i * n;
    for (unsigned j = 0; j < n; ++j)
      z[j] += x[j];
  }
  c->a = a;
  c->idx = sg;
  c->n = k;
  return c;
}

AriNnVar *ariNnSegSoftmax(AriNnTape *t, AriNnVar *a, const unsigned *seg, unsigned k) {
  const unsigned *sg = a ? segments(t, a, seg, k) : NULL;
  AriNnVar *c = sg ? node(t, OP_SEGSOFTMAX, a->rows, a->cols, false) : NULL;
  if (!c)
    return NULL;
  /* per segment and column: the maximum, then the sum of exponentials */
  float *mx = ariArenaAlloc(&t->arena, sizeof(float) * (size_t)k * a->cols);
  double *sum = mx ? ariArenaCalloc(&t->arena, sizeof(double) * (size_t)k * a->cols) : NULL;
  if (!sum)
    return fail(t, "out of memory");
  unsigned n = a->cols;
  for (size_t i = 0; i < (size_t)k * n; ++i)
    mx[i] = -INFINITY;
  for (unsigned i = 0; i < a->rows; ++i)
    for (unsigned j = 0; j < n; ++j)
      mx[(size_t)sg[i] * n + j] = fmaxf(mx[(size_t)sg[i] * n + j], a->v[(size_t)i * n + j]);
  for (unsigned i = 0; i < a->rows; ++i)
    for (unsigned j = 0; j < n; ++j) {
      float e = expf(a->v[(size_t)i * n + j] - mx[(size_t)sg[i] * n + j]);
      c->v[(size_t)i * n + j] = e;
      sum[(size_t)sg[i] * n + j] += e;
    }
  for (unsigned i = 0; i < a->rows; ++i)
    for (unsigned j = 0; j < n; ++j)
      c->v[(size_t)i * n + j] = (float)(c->v[(size_t)i * n + j] / sum[(size_t)sg[i] * n + j]);
  c->a = a;
  c->idx = sg;
  c->n = k;
  c->scratch = sum; /* backward's per-segment sums */
  return c;
}

static AriNnVar *softmax(AriNnTape *t, AriNnVar *a, const unsigned char *mask) {
  if (!a)
    return NULL;
  AriNnVar *c = node(t, mask ? OP_MSOFTMAX : OP_SOFTMAX, a->rows, a->cols, true);
  const unsigned char *mk = c && mask ? copyOnTape(t, mask, size(a)) : NULL;
  if (!c || (mask && !mk))
    return NULL;
  unsigned n = a->cols;
  for (unsigned i = 0; i < a->rows; ++i) {
    const float *x = a->v + (size_t)i * n;
    const unsigned char *m = mk ? mk + (size_t)i * n : NULL;
    float *y = c->v + (size_t)i * n, mx = -INFINITY;
    for (unsigned j = 0; j < n; ++j)
      if ((!m || m[j]) && x[j] > mx)
        mx = x[j];
    if (mx == -INFINITY)
      continue; /* fully masked: all zero */
    double sum = 0;
    for (unsigned j = 0; j < n; ++j)
      if (!m || m[j]) {
        y[j] = expf(x[j] - mx);
        sum += y[j];
      }
    for (unsigned j = 0; j < n; ++j)
      y[j] = (float)(y[j] / sum);
  }
  c->a = a;
  c->mask = mk;
  return c;
}

AriNnVar *ariNnSoftmax(AriNnTape *t, AriNnVar *a) { return softmax(t, a, NULL); }
AriNnVar *ariNnMaskedSoftmax(AriNnTape *t, AriNnVar *a, const unsigned char *mask) {
  return mask ? softmax(t, a, mask) : fail(t, "masked softmax without a mask");
}

AriNnVar *ariNnSum(AriNnTape *t, AriNnVar *a) {
  if (!a)
    return NULL;
  AriNnVar *c = node(t, OP_SUM, 1, 1, false);
  if (!c)
    return NULL;
  double s = 0;
  for (size_t i = 0; i < size(a); ++i)
    s += a->v[i];
  c->v[0] = (float)s;
  c->a = a;
  return c;
}

/* Huber (delta > 0) or MSE (delta == 0): the mean over all entries. */
static AriNnVar *regression(AriNnTape *t, int op, AriNnVar *p, const float *target, float delta) {
  if (!p)
    return NULL;
  AriNnVar *c = node(t, op, 1, 1, false);
  const float *tg = c ? copyOnTape(t, target, sizeof(float) * size(p)) : NULL;
  if (!tg)
    return NULL;
  double s = 0;
  for (size_t i = 0; i < size(p); ++i) {
    double e = (double)p->v[i] - tg[i], ae = fabs(e);
    s += op == OP_MSE ? e * e : ae <= delta ? 0.5 * e * e : delta * (ae - 0.5 * delta);
  }
  c->v[0] = (float)(s / (double)size(p));
  c->a = p;
  c->aux = tg;
  c->c = delta;
  return c;
}

AriNnVar *ariNnHuber(AriNnTape *t, AriNnVar *pred, const float *target, float delta) {
  if (!(delta > 0))
    return fail(t, "Huber loss needs delta > 0");
  return regression(t, OP_HUBER, pred, target, delta);
}

AriNnVar *ariNnMse(AriNnTape *t, AriNnVar *pred, const float *target) {
  return regression(t, OP_MSE, pred, target, 0);
}

/* log sum exp of a row, stably. */
static double logSumExp(const float *x, unsigned n) {
  float mx = x[0];
  for (unsigned j = 1; j < n; ++j)
    mx = x[j] > mx ? x[j] : mx;
  double s = 0;
  for (unsigned j = 0; j < n; ++j)
    s += exp((double)x[j] - mx);
  return mx + log(s);
}

AriNnVar *ariNnCrossEntropy(AriNnTape *t, AriNnVar *logits, const unsigned *labels) {
  if (!logits)
    return NULL;
  for (unsigned i = 0; i < logits->rows; ++i)
    if (labels[i] >= logits->cols)
      return fail(t, "label %u out of %u classes", labels[i], logits->cols);
  AriNnVar *c = node(t, OP_XENT, 1, 1, false);
  const unsigned *lb = c ? copyOnTape(t, labels, sizeof *labels * logits->rows) : NULL;
  if (!lb)
    return NULL;
  double s = 0;
  unsigned n = logits->cols;
  for (unsigned i = 0; i < logits->rows; ++i) {
    const float *x = logits->v + (size_t)i * n;
    s += logSumExp(x, n) - x[lb[i]];
  }
  c->v[0] = (float)(s / logits->rows);
  c->a = logits;
  c->idx = lb;
  return c;
}

/*=== PPO loss ==============================================================*/

/* Masked log-softmax of row x (n entries): logp[j] for kept j, -inf for
 * masked ones; false when every entry is masked. */
static bool maskedLogSoftmax(const float *x, const unsigned char *mask, unsigned n,
                             double *logp) {
  float mx = -INFINITY;
  for (unsigned j = 0; j < n; ++j)
    if (mask[j] && x[j] > mx)
      mx = x[j];
  if (mx == -INFINITY)
    return false;
  double s = 0;
  for (unsigned j = 0; j < n; ++j)
    if (mask[j])
      s += exp((double)x[j] - mx);
  double lse = mx + log(s);
  for (unsigned j = 0; j < n; ++j)
    logp[j] = mask[j] ? (double)x[j] - lse : -INFINITY;
  return true;
}

AriNnVar *ariNnPpoLoss(AriNnTape *t, AriNnVar *logits, AriNnVar *value,
                       const unsigned char *mask, const unsigned *actions, const float *oldLogp,
                       const float *adv, const float *ret, float clip, float c1, float c2) {
  if (!logits || !value)
    return NULL;
  unsigned m = logits->rows, n = logits->cols;
  if (value->rows != m || value->cols != 1)
    return fail(t, "ppo loss: value %ux%u for %u rows", value->rows, value->cols, m);
  for (unsigned i = 0; i < m; ++i) {
    if (actions[i] >= n || !mask[(size_t)i * n + actions[i]])
      return fail(t, "ppo loss: action %u of row %u is masked or out of %u", actions[i], i, n);
  }
  AriNnVar *c = node(t, OP_PPO, 1, 1, false);
  if (!c)
    return NULL;
  const unsigned char *mk = copyOnTape(t, mask, (size_t)m * n);
  const unsigned *ac = copyOnTape(t, actions, sizeof *actions * m);
  float *aux = ariArenaAlloc(&t->arena, sizeof(float) * (3 * (size_t)m + 2));
  double *logp = ariArenaAlloc(&t->arena, sizeof(double) * n);
  if (!mk || !ac || !aux || !logp)
    return fail(t, "out of memory");
  memcpy(aux, oldLogp, sizeof(float) * m);
  memcpy(aux + m, adv, sizeof(float) * m);
  memcpy(aux + 2 * (size_t)m, ret, sizeof(float) * m);
  aux[3 * (size_t)m] = c1;
  aux[3 * (size_t)m + 1] = c2;
  double total = 0;
  for (unsigned i = 0; i < m; ++i) {
    const float *x = logits->v + (size_t)i * n;
    maskedLogSoftmax(x, mk + (size_t)i * n, n, logp); /* a kept action exists */
    double r = exp(logp[ac[i]] - oldLogp[i]), a = adv[i];
    double rc = r < 1 - clip ? 1 - clip : r > 1 + clip ? 1 + clip : r;
    double surr = r * a < rc * a ? r * a : rc * a;
    double h = 0;
    for (unsigned j = 0; j < n; ++j)
      if (mk[(size_t)i * n + j])
        h -= exp(logp[j]) * logp[j];
    double e = (double)value->v[i] - ret[i];
    total += -surr + c1 * e * e - c2 * h;
  }
  c->v[0] = (float)(total / m);
  c->a = logits;
  c->b = value;
  c->mask = mk;
  c->idx = ac;
  c->aux = aux;
  c->n = m;
  c->c = clip;
  c->scratch = logp;
  return c;
}

/*=== GRU ==================================================================*/

bool ariNnGruCreate(AriNnParams *ps, const char *prefix, unsigned in, unsigned d, AriNnRng *rng,
                    AriNnGru *out) {
  AriNnParam **slots[9] = {&out->wz, &out->uz, &out->bz, &out->wr, &out->ur,
                           &out->br, &out->wn, &out->un, &out->bn};
  static const char *const names[9] = {"wz", "uz", "bz", "wr", "ur", "br", "wn", "un", "bn"};
  for (int i = 0; i < 9; ++i) {
    char name[96];
    snprintf(name, sizeof name, "%s.%s", prefix, names[i]);
    int kind = i % 3; /* 0: input weights, 1: state weights, 2: bias */
    *slots[i] = ariNnParamNew(ps, name, kind == 0 ? in : kind == 1 ? d : 1, d,
                              kind == 2 ? ARI_NN_INIT_ZERO : ARI_NN_INIT_GLOROT, rng);
    if (!*slots[i])
      return false;
  }
  return true;
}

AriNnVar *ariNnGruCell(AriNnTape *t, AriNnVar *x, AriNnVar *h, const AriNnGru *g) {
#define P(p) ariNnParamVar(t, g->p)
  AriNnVar *z = ariNnSigmoid(
      t, ariNnAdd(t, ariNnAdd(t, ariNnMatmul(t, x, P(wz)), ariNnMatmul(t, h, P(uz))), P(bz)));
  AriNnVar *r = ariNnSigmoid(
      t, ariNnAdd(t, ariNnAdd(t, ariNnMatmul(t, x, P(wr)), ariNnMatmul(t, h, P(ur))), P(br)));
  AriNnVar *n = ariNnTanh(
      t, ariNnAdd(t, ariNnAdd(t, ariNnMatmul(t, x, P(wn)), ariNnMul(t, r, ariNnMatmul(t, h, P(un)))),
                  P(bn)));
#undef P
  return ariNnAdd(t, n, ariNnMul(t, z, ariNnSub(t, h, n)));
}

/*=== Backward ============================================================*/

/* The gradient contribution of node c to its operands (c->g is final). */
static void backOne(AriNnVar *c) {
  AriNnVar *a = c->a, *b = c->b;
  const float *g = c->g;
  size_t n = size(c);
  switch (c->op) {
  case OP_INPUT:
    break;
  case OP_PARAM: {
    float *pg = c->param->g;
    for (size_t i = 0; i < n; ++i)
      pg[i] += g[i];
    break;
  }
  case OP_MATMUL: /* dA += dC B^T, dB += A^T dC */
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)a->rows, (int)a->cols, (int)c->cols,
                1.0f, g, (int)c->cols, b->v, (int)b->cols, 1.0f, a->g, (int)a->cols);
    cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, (int)b->rows, (int)b->cols, (int)a->rows,
                1.0f, a->v, (int)a->cols, g, (int)c->cols, 1.0f, b->g, (int)b->cols);
    break;
  case OP_MATMULT: /* C = s A B^T: dA += s dC B, dB += s dC^T A */
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)a->rows, (int)a->cols,
                (int)c->cols, c->c, g, (int)c->cols, b->v, (int)b->cols, 1.0f, a->g, (int)a->cols);
    cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, (int)b->rows, (int)b->cols, (int)a->rows,
                c->c, g, (int)c->cols, a->v, (int)a->cols, 1.0f, b->g, (int)b->cols);
    break;
  case OP_ADD:
  case OP_SUB:
  case OP_MUL: {
    unsigned w = c->cols;
    bool bc = b->rows == 1 && a->rows != 1;
    for (unsigned i = 0; i < c->rows; ++i) {
      const float *gi = g + (size_t)i * w, *av = a->v + (size_t)i * w;
      const float *bv = b->v + (bc ? 0 : (size_t)i * w);
      float *ag = a->g + (size_t)i * w, *bg = b->g + (bc ? 0 : (size_t)i * w);
      for (unsigned j = 0; j < w; ++j) {
        if (c->op == OP_MUL) {
          ag[j] += gi[j] * bv[j];
          bg[j] += gi[j] * av[j];
        } else {
          ag[j] += gi[j];
          bg[j] += c->op == OP_ADD ? gi[j] : -gi[j];
        }
      }
    }
    break;
  }
  case OP_SCALE:
    for (size_t i = 0; i < n; ++i)
      a->g[i] += c->c * g[i];
    break;
  case OP_RESHAPE:
    for (size_t i = 0; i < n; ++i)
      a->g[i] += g[i];
    break;
  case OP_TANH:
    for (size_t i = 0; i < n; ++i)
      a->g[i] += g[i] * (1 - c->v[i] * c->v[i]);
    break;
  case OP_RELU:
    for (size_t i = 0; i < n; ++i)
      a->g[i] += a->v[i] > 0 ? g[i] : 0;
    break;
  case OP_SIGMOID:
    for (size_t i = 0; i < n; ++i)
      a->g[i] += g[i] * c->v[i] * (1 - c->v[i]);
    break;
  case OP_GATHER:
    for (unsigned i = 0; i < c->n; ++i) {
      float *ag = a->g + (size_t)c->idx[i] * a->cols;
      const float *gi = g + (size_t)i * a->cols;
      for (unsigned j = 0; j < a->cols; ++j)
        ag[j] += gi[j];
    }
    break;
  case OP_SEGSUM:
    for (unsigned i = 0; i < a->rows; ++i) {
      float *ag = a->g + (size_t)i * a->cols;
      const float *gi = g + (size_t)c->idx[i] * a->cols;
      for (unsigned j = 0; j < a->cols; ++j)
        ag[j] += gi[j];
    }
    break;
  case OP_SEGSOFTMAX: { /* dx_i = y_i (dy_i - sum over i's segment of y dy) */
    unsigned w = a->cols;
    double *dot = c->scratch;
    memset(dot, 0, sizeof(double) * (size_t)c->n * w);
    for (unsigned i = 0; i < a->rows; ++i)
      for (unsigned j = 0; j < w; ++j)
        dot[(size_t)c->idx[i] * w + j] += (double)c->v[(size_t)i * w + j] * g[(size_t)i * w + j];
    for (unsigned i = 0; i < a->rows; ++i)
      for (unsigned j = 0; j < w; ++j) {
        size_t q = (size_t)i * w + j;
        a->g[q] += (float)(c->v[q] * (g[q] - dot[(size_t)c->idx[i] * w + j]));
      }
    break;
  }
  case OP_SOFTMAX:
  case OP_MSOFTMAX: /* dx_j = y_j (dy_j - sum_k y_k dy_k); masked y_j are 0 */
    for (unsigned i = 0; i < c->rows; ++i) {
      const float *y = c->v + (size_t)i * c->cols, *gi = g + (size_t)i * c->cols;
      float *ag = a->g + (size_t)i * c->cols;
      double dot = 0;
      for (unsigned j = 0; j < c->cols; ++j)
        dot += (double)y[j] * gi[j];
      for (unsigned j = 0; j < c->cols; ++j)
        ag[j] += (float)(y[j] * (gi[j] - dot));
    }
    break;
  case OP_SUM:
    for (size_t i = 0; i < size(a); ++i)
      a->g[i] += g[0];
    break;
  case OP_HUBER:
  case OP_MSE: {
    size_t m = size(a);
    float k = g[0] / (float)m;
    for (size_t i = 0; i < m; ++i) {
      float e = a->v[i] - c->aux[i];
      float d = c->op == OP_MSE ? 2 * e
                : fabsf(e) <= c->c ? e
                                   : (e > 0 ? c->c : -c->c);
      a->g[i] += k * d;
    }
    break;
  }
  case OP_XENT: {
    unsigned w = a->cols;
    float k = g[0] / (float)a->rows;
    for (unsigned i = 0; i < a->rows; ++i) {
      const float *x = a->v + (size_t)i * w;
      float *ag = a->g + (size_t)i * w;
      double lse = logSumExp(x, w);
      for (unsigned j = 0; j < w; ++j)
        ag[j] += k * (float)(exp((double)x[j] - lse) - (j == c->idx[i] ? 1.0 : 0.0));
    }
    break;
  }
  case OP_PPO: {
    unsigned m = c->n, w = a->cols;
    float k = g[0] / (float)m, clip = c->c;
    const float *oldLogp = c->aux, *adv = c->aux + m, *ret = c->aux + 2 * (size_t)m;
    float c1 = c->aux[3 * (size_t)m], c2 = c->aux[3 * (size_t)m + 1];
    double *logp = c->scratch;
    for (unsigned i = 0; i < m; ++i) {
      const unsigned char *mk = c->mask + (size_t)i * w;
      maskedLogSoftmax(a->v + (size_t)i * w, mk, w, logp);
      unsigned act = c->idx[i];
      double r = exp(logp[act] - oldLogp[i]), av = adv[i];
      /* The clipped branch is constant in the logits: no gradient there. */
      bool active = av >= 0 ? r <= 1 + clip : r >= 1 - clip;
      double dlogpa = active ? -r * av : 0;
      double h = 0;
      for (unsigned j = 0; j < w; ++j)
        if (mk[j])
          h -= exp(logp[j]) * logp[j];
      float *ag = a->g + (size_t)i * w;
      for (unsigned j = 0; j < w; ++j) {
        if (!mk[j])
          continue;
        double p = exp(logp[j]);
        double d = dlogpa * ((j == act ? 1.0 : 0.0) - p) + c2 * p * (logp[j] + h);
        ag[j] += k * (float)d;
      }
      b->g[i] += k * (float)(2.0 * c1 * ((double)b->v[i] - ret[i]));
    }
    break;
  }
  }
}

bool ariNnBackward(AriNnTape *t, AriNnVar *out, const float *seed) {
  if (!out) {
    fail(t, "backward from no value");
    return false;
  }
  for (AriNnVar *x = out; x; x = x->prev) {
    x->g = ariArenaCalloc(&t->arena, sizeof(float) * size(x));
    if (!x->g) {
      fail(t, "out of memory for gradients");
      return false;
    }
  }
  for (size_t i = 0; i < size(out); ++i)
    out->g[i] = seed ? seed[i] : 1.0f;
  /* Nodes were recorded in creation order, so walking back from `out`
   * visits every node after all the nodes that consume it. */
  for (AriNnVar *x = out; x; x = x->prev)
    backOne(x);
  return true;
}
