/*===- costmodel/nn/tape.h - reverse-mode differentiation over dense floats ===*\
 *
 * The learning library's core: a tape that records the operations of one
 * forward pass over small dense float tensors (row-major, 1-D or 2-D: a
 * vector is a 1 x n tensor) and replays them backwards to compute
 * gradients. Halide trains its cost model with hand-written code of this
 * kind; Ariadne needs the same for the Knossos value network
 * (costmodel/nn/valuenet.h) and later graph-attention policies.
 *
 * Memory. Everything a pass creates (values, gradients, index copies)
 * comes from the tape's arena and is given up at once by ariNnTapeReset,
 * which keeps the memory for the next pass (ariArenaRecycle: a network
 * that evaluates batch after batch allocates once) until ariNnTapeDestroy;
 * nothing on the tape is freed piecemeal. Parameters (AriNnParam,
 * costmodel/nn/params.h) live outside the tape and outlive it: an
 * ariNnParamVar node reads a parameter's values, and ariNnBackward adds
 * into the parameter's gradient, so gradients of several passes accumulate
 * until the optimiser consumes them.
 *
 * Errors. Operations never abort: a shape mismatch, a bad index or an
 * exhausted arena records the first error in the tape (ariNnTapeError) and
 * returns NULL; every operation given a NULL operand returns NULL, so a
 * caller builds a whole pass and checks once at the end.
 *
 * Matrix products go through cblas_sgemm (OpenBLAS). Everything else is
 * plain loops in a fixed order, so a pass is deterministic: the same
 * inputs give bit-identical values and gradients.
 *
 * Operations (shapes: a is m x n unless said otherwise):
 *   matmul(a m x k, b k x n)         m x n
 *   matmulT(a m x k, b n x k, s)     s * a b^T, m x n (attention scores q.k^T)
 *   add / sub / mul(a, b)            b is m x n, or 1 x n added to every row
 *   scale(a, c)                      c * a
 *   reshape(a, r, c)                 the same values as r x c (r * c = m * n)
 *   tanh, relu, sigmoid              elementwise
 *   gather(a, idx[r])                r x n, row i = a[idx[i]]
 *   segsum(a, seg[m], k)             k x n, row j = sum of a's rows i with seg[i] = j
 *   softmax(a), maskedSoftmax(a, mask)  per row; masked entries get 0 and a
 *                                    fully masked row is all 0
 *   sum(a)                           1 x 1
 *   huber(pred, target, delta), mse(pred, target)      1 x 1, mean over entries
 *   crossEntropy(logits m x n, labels[m])              1 x 1, mean over rows
 *   gru(x, h, params)                a GRU cell, composed of the above
 *   ppoLoss(logits m x n, value m x 1, ...)            1 x 1, PPO's clipped
 *                                    surrogate + value + entropy terms
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_NN_TAPE_H
#define ARIADNE_COSTMODEL_NN_TAPE_H

#include "costmodel/nn/params.h"
#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One recorded value: its shape, its values, and (after ariNnBackward) its
 * gradient. Read `v` and `g` directly; the other fields are the tape's. */
typedef struct AriNnVar AriNnVar;
struct AriNnVar {
  unsigned rows, cols;
  float *v;         /* rows * cols values */
  float *g;         /* gradient, NULL before ariNnBackward */
  /* private to the tape */
  int op;
  AriNnVar *a, *b;
  AriNnParam *param;
  const unsigned *idx;
  const unsigned char *mask;
  const float *aux;
  unsigned n;
  float c;
  void *scratch;
  AriNnVar *prev;
};

typedef struct AriNnTape {
  AriArena arena;
  AriNnVar *last; /* newest node: the tape runs backwards from it */
  char err[160];  /* the first error, "" when none */
} AriNnTape;

/* An empty tape whose arena holds at most `limit` bytes (0: no limit). */
void ariNnTapeInit(AriNnTape *t, size_t limit);
/* Forgets every node and clears the error; keeps the arena's memory. */
void ariNnTapeReset(AriNnTape *t);
void ariNnTapeDestroy(AriNnTape *t);
/* The first error of the pass, or NULL. */
const char *ariNnTapeError(const AriNnTape *t);

/* Leaves. An input copies `data` (NULL: zeros); its gradient is computed
 * too (the tests check operations through it). A parameter node shares the
 * parameter's values and adds its gradient into p->g. */
AriNnVar *ariNnInput(AriNnTape *t, unsigned rows, unsigned cols, const float *data);
AriNnVar *ariNnParamVar(AriNnTape *t, AriNnParam *p);

AriNnVar *ariNnMatmul(AriNnTape *t, AriNnVar *a, AriNnVar *b);
AriNnVar *ariNnMatmulT(AriNnTape *t, AriNnVar *a, AriNnVar *b, float scale);
AriNnVar *ariNnAdd(AriNnTape *t, AriNnVar *a, AriNnVar *b);
AriNnVar *ariNnSub(AriNnTape *t, AriNnVar *a, AriNnVar *b);
AriNnVar *ariNnMul(AriNnTape *t, AriNnVar *a, AriNnVar *b);
AriNnVar *ariNnScale(AriNnTape *t, AriNnVar *a, float c);
AriNnVar *ariNnReshape(AriNnTape *t, AriNnVar *a, unsigned rows, unsigned cols);
AriNnVar *ariNnTanh(AriNnTape *t, AriNnVar *a);
AriNnVar *ariNnRelu(AriNnTape *t, AriNnVar *a);
AriNnVar *ariNnSigmoid(AriNnTape *t, AriNnVar *a);
/* idx (r entries, each < a->rows) is copied onto the tape. */
AriNnVar *ariNnGather(AriNnTape *t, AriNnVar *a, const unsigned *idx, unsigned r);
/* seg (a->rows entries, each < k) is copied onto the tape. */
AriNnVar *ariNnSegSum(AriNnTape *t, AriNnVar *a, const unsigned *seg, unsigned k);
AriNnVar *ariNnSoftmax(AriNnTape *t, AriNnVar *a);
/* Softmax within segments, per column: row i's share of exp(a) among the
 * rows j with seg[j] == seg[i] (seg: a->rows entries, each < k; copied).
 * Graph attention's normalisation over each node's incoming edges. */
AriNnVar *ariNnSegSoftmax(AriNnTape *t, AriNnVar *a, const unsigned *seg, unsigned k);
/* mask: rows * cols bytes, non-zero = kept; copied onto the tape. */
AriNnVar *ariNnMaskedSoftmax(AriNnTape *t, AriNnVar *a, const unsigned char *mask);
AriNnVar *ariNnSum(AriNnTape *t, AriNnVar *a);
/* Mean Huber loss: 0.5 e^2 for |e| <= delta, delta (|e| - 0.5 delta) beyond;
 * target is rows * cols constants (copied). */
AriNnVar *ariNnHuber(AriNnTape *t, AriNnVar *pred, const float *target, float delta);
AriNnVar *ariNnMse(AriNnTape *t, AriNnVar *pred, const float *target);
/* Mean over rows of -log softmax(logits)[label]; labels < cols (copied). */
AriNnVar *ariNnCrossEntropy(AriNnTape *t, AriNnVar *logits, const unsigned *labels);

/* PPO's loss (Schulman et al. 2017), mean over the m rows of a batch:
 *   -min(r A, clip(r, 1 - clip, 1 + clip) A) + c1 (V - R)^2 - c2 H(pi)
 * with pi = the masked softmax of the row's logits (mask: m * n bytes,
 * non-zero = a legal action; masked logits get no probability and no
 * gradient), r = pi(action) / exp(oldLogp), A = adv, R = ret, V = value's
 * row and H the entropy of pi over the legal actions. Every array has one
 * entry per row (copied onto the tape). An action that is masked or out of
 * range is an error (the tape's), so a sampler's bug cannot train. */
AriNnVar *ariNnPpoLoss(AriNnTape *t, AriNnVar *logits, AriNnVar *value,
                       const unsigned char *mask, const unsigned *actions, const float *oldLogp,
                       const float *adv, const float *ret, float clip, float c1, float c2);

/* A GRU cell's parameters: input size in, state size d.
 * z = sigmoid(x Wz + h Uz + bz), r = sigmoid(x Wr + h Ur + br),
 * n = tanh(x Wn + r * (h Un) + bn), h' = n + z * (h - n). */
typedef struct AriNnGru {
  AriNnParam *wz, *uz, *bz, *wr, *ur, *br, *wn, *un, *bn;
} AriNnGru;

/* Adds a GRU's nine parameters to ps (names PREFIX.wz ...; weights drawn
 * from rng, biases zero) for inputs of `in` features and a state of d. */
bool ariNnGruCreate(AriNnParams *ps, const char *prefix, unsigned in, unsigned d, AriNnRng *rng,
                    AriNnGru *out);
AriNnVar *ariNnGruCell(AriNnTape *t, AriNnVar *x, AriNnVar *h, const AriNnGru *g);

/* Runs the tape backwards from `out`, whose gradient is seeded with
 * `seed` (out->rows * out->cols values; NULL: all ones, the usual case of a
 * 1 x 1 loss). Every node gets a gradient; parameters accumulate theirs.
 * False (with the tape's error) when out of memory or out is NULL. */
bool ariNnBackward(AriNnTape *t, AriNnVar *out, const float *seed);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_NN_TAPE_H */
