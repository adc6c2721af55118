/*===- costmodel/nn/valuenet.h - the Knossos value network ---------------===*\
 *
 * A gated graph neural network (Li et al.'s GGNN, as Knossos uses it) that
 * predicts, for a term of the term store (search/term/term.h), how much
 * cost it can still lose in t more rewrites, for t = 1..H: the learned
 * value V(s, t) of A* over rewrites (issue 17; docs/nn.md).
 *
 * The graph of a term. The store hash-conses, so a term is a DAG; the
 * network sees the tree of its occurrences instead (as Knossos does): every
 * occurrence of a subterm is its own node, so that a node's position (its
 * parents, its context) shapes its features, and two occurrences of one
 * shared subterm are linked by an undirected "is-identical" edge (each
 * occurrence to the first one, in pre-order, of the same term: linear in
 * the tree, and it connects all of them). The expansion stops at
 * ARI_VALUENET_MAX_NODES occurrences per term (pre-order: the later
 * subtrees are then left out), which bounds the cost of a term whose DAG
 * is small but whose tree is exponential.
 *
 * Node features: a learned embedding (vocabulary ARI_VALUENET_VOCAB) of a
 * hash of the node's kind name, its symbol (an op's name, a literal's
 * text) and, for variables, the de Bruijn index.
 * Edges, seven types: child 1, 2, 3 (child to parent; later children count
 * as the third), the same three from parent to child, and is-identical.
 * Propagation, T steps: a_v = sum over edges u->v of type k of h_u W_k,
 * plus a bias; h_v = GRU(a_v, h_v).
 * Readout: r = sum over the term's nodes of sigmoid(h Wg + bg) * (h Wf +
 * bf) (a gated sum), then relu(r W1 + b1) W2 + b2: H outputs, head j for
 * j + 1 steps left.
 *
 * Batching: the terms of one call form one graph whose nodes carry their
 * term's index (segment ids for the readout).
 *
 * A network is not safe to use from two threads at once (its tape and
 * optimiser state are inside). Errors are returned as values with a
 * message; nothing aborts.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_NN_VALUENET_H
#define ARIADNE_COSTMODEL_NN_VALUENET_H

#include "costmodel/nn/params.h"
#include "search/term/term.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ARI_VALUENET_VOCAB = 256,      /* embedding rows (hash buckets) */
  ARI_VALUENET_MAX_NODES = 4096, /* occurrences expanded per term */
  ARI_VALUENET_EDGE_TYPES = 7,
  ARI_VALUENET_MAX_D = 1024,
  ARI_VALUENET_MAX_T = 64,
  ARI_VALUENET_MAX_H = 256
};

typedef struct AriValueNet AriValueNet;

/* What the heads predict. NONE: the cost reduction itself. LOG: log(r +
 * 0.001), Knossos' "log" cost normalisation for programs whose reductions
 * span orders of magnitude (its BLAS runs): the targets are transformed
 * before the loss and ariValueNetEval returns exp(head) - 0.001.
 * ariValueNetPredict returns the heads as they are. Saved with the
 * network. */
typedef enum { ARI_VALUENET_NORM_NONE = 0, ARI_VALUENET_NORM_LOG = 1 } AriValueNorm;

/* d features per node, T propagation steps, H outputs (one per steps-left
 * 1..H), parameters drawn from `seed`. NULL with a message on bad sizes
 * (d in 1..1024, T in 1..64, H in 1..256) or when out of memory. */
AriValueNet *ariValueNetCreate(unsigned d, unsigned T, unsigned H, uint64_t seed, char *err,
                               size_t errCap);
void ariValueNetDestroy(AriValueNet *net);
/* The normalisation of a network (NONE when created); set it before
 * training. */
void ariValueNetSetNorm(AriValueNet *net, AriValueNorm norm);
AriValueNorm ariValueNetNorm(const AriValueNet *net);
/* Whether ariValueNetEval takes the envelope of the heads (the default) or
 * head min(stepsLeft, H) - 1 alone (for comparison; not saved). */
void ariValueNetSetEnvelope(AriValueNet *net, bool on);

/* Matches search/astar/astar.h's AriAStarValueFn with ctx = the net: out[i]
 * is the largest of heads 0 .. min(stepsLeft[i], H) - 1 of terms[i] (the
 * envelope: a reduction within fewer steps is one within more), clamped at
 * 0 (a value is a cost reduction), and 0 for stepsLeft[i] == 0. */
bool ariValueNetEval(void *net, AriTermStore *s, AriTerm *const *terms, const unsigned *stepsLeft,
                     unsigned n, float *out, char *err, size_t errCap);

/* A ranking pair: the network should put V(better, head + 1) above
 * V(worse, head + 1) by more than `margin`. A* orders the children of one
 * state by V(child, t) - c(child); for two children b and w whose true
 * values rank b first, margin = c(b) - c(w) asks the heads to keep that
 * order (issue 17: a let's 0.1 decides the path, and the Huber loss,
 * which fits each term alone, may not). */
typedef struct AriValuePair {
  unsigned better, worse; /* indices into the batch's terms */
  unsigned head;          /* 0..H-1 */
  float margin;
} AriValuePair;

/* The pairs of a batch and how they weigh. Each pair adds weight * temp *
 * softplus(-(V(better) - V(worse) - margin) / temp) to the loss (RankNet's
 * logistic loss, its slope bounded by weight), averaged over the pairs.
 * Only for the NONE normalisation (whose heads are the values). */
typedef struct AriValueRank {
  const AriValuePair *pairs;
  unsigned n;
  float weight, temp; /* weight >= 0, temp > 0 */
} AriValueRank;

/* One Adam step (gradient norm clipped at 10) on a batch: Huber loss (delta
 * 1) between the H heads and targets (n x H, row i for terms[i]), plus the
 * ranking pairs' loss when rank is not NULL; the batch's loss before the
 * step in *loss. */
bool ariValueNetTrainBatch(AriValueNet *net, AriTermStore *s, AriTerm *const *terms,
                           const float *targets /* n x H */, unsigned n,
                           const AriValueRank *rank, float lr, float *loss, char *err,
                           size_t errCap);

/* The parameter file (costmodel/nn/params.h, tag "valuenet", meta d, T, H,
 * vocabulary). A loaded network gives bit-identical outputs. */
bool ariValueNetSave(const AriValueNet *net, const char *path, char *err, size_t errCap);
AriValueNet *ariValueNetLoad(const char *path, char *err, size_t errCap);

/*--- For tests and benchmarks ---------------------------------------------*/

/* The raw heads (n x H, unclamped) of every term. */
bool ariValueNetPredict(AriValueNet *net, AriTermStore *s, AriTerm *const *terms, unsigned n,
                        float *out, char *err, size_t errCap);

/* The batch's loss (as ariValueNetTrainBatch's) and (with backward) its
 * gradients added into the parameters' (ariValueNetParams), without an
 * optimiser step. */
bool ariValueNetLoss(AriValueNet *net, AriTermStore *s, AriTerm *const *terms,
                     const float *targets, unsigned n, const AriValueRank *rank, bool backward,
                     float *loss, char *err, size_t errCap);

AriNnParams *ariValueNetParams(AriValueNet *net);
void ariValueNetShape(const AriValueNet *net, unsigned *d, unsigned *T, unsigned *H);

/* Nodes and edges of the graph of terms[0..n) (the occurrence tree above). */
bool ariValueNetGraphSize(AriTermStore *s, AriTerm *const *terms, unsigned n, unsigned *nodes,
                          unsigned *edges);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_NN_VALUENET_H */
