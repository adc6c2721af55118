/*===- costmodel/nn/valuenet.c - the Knossos value network ---------------===*/

#include "costmodel/nn/valuenet.h"

#include "costmodel/nn/adam.h"
#include "costmodel/nn/tape.h"
#include "utils/hash.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EDGE_CHILD = 0, EDGE_PARENT = 3, EDGE_SAME = 6 };

struct AriValueNet {
  unsigned d, T, H;
  AriValueNorm norm;
  bool headAlone; /* ariValueNetSetEnvelope(net, false): head t alone, no envelope */
  AriNnParams ps;
  AriNnAdam adam;
  AriNnTape tape;
  AriNnParam *embed, *wmsg, *bmsg, *wg, *bg, *wf, *bf, *w1, *b1, *w2, *b2;
  AriNnGru gru;
};

/* Knossos' "log" cost normalisation: the heads predict log(reduction +
 * kLogEps) (rlo's cost_normalizers.py, eps 0.001). */
static const float kLogEps = 0.001f;

static const char kTag[8] = {'v', 'a', 'l', 'u', 'e', 'n', 'e', 't'};

/*=== The graph of a batch ================================================*/

typedef struct Graph {
  unsigned nodes, edges, cap; /* cap: room for nodes */
  unsigned *token, *graphOf;  /* per node */
  unsigned *src, *dst;        /* per edge: src = node * 7 + type (a row of the messages) */
} Graph;

/* The vocabulary bucket of a node: kind, symbol, variable index. */
static unsigned tokenOf(const AriTerm *t) {
  const char *kind = ariTermKindName(ariTermKind(t));
  uint32_t h = ariHashBytes32(kind, strlen(kind));
  const AriSym *y = ariTermSym(t);
  if (y && ariTermKind(t) != ARI_TERM_LITERAL) /* a literal's text is its data: leave it out */
    h = ariHashStep32(h, ariHashBytes32(ariSymStr(y), ariSymLen(y)));
  if (ariTermKind(t) == ARI_TERM_VAR)
    h = ariHashStep32(h, (uint64_t)ariTermAttr(t, 0) + 1);
  return h % ARI_VALUENET_VOCAB;
}

typedef struct Pending {
  AriTerm *t;
  unsigned parent; /* UINT32_MAX for the root */
  unsigned kid;
} Pending;

/* Expands one term's occurrence tree into g (when g->token is set) or only
 * counts it; returns the number of nodes. The stack grows on the arena. */
static unsigned expand(AriArena *ar, AriTerm *root, unsigned graphId, Graph *g, bool *oom) {
  unsigned cap = 64, sp = 0, count = 0;
  Pending *st = ariArenaAlloc(ar, sizeof *st * cap);
  /* first occurrence of each term (open addressing on the address) */
  unsigned tcap = 2 * ARI_VALUENET_MAX_NODES;
  AriTerm **keys = g->token ? ariArenaCalloc(ar, sizeof *keys * tcap) : NULL;
  unsigned *first = g->token ? ariArenaAlloc(ar, sizeof *first * tcap) : NULL;
  if (!st || (g->token && (!keys || !first))) {
    *oom = true;
    return 0;
  }
  st[sp++] = (Pending){root, UINT32_MAX, 0};
  while (sp && count < ARI_VALUENET_MAX_NODES) {
    Pending p = st[--sp];
    unsigned nk = ariTermNumKids(p.t);
    if (g->token) {
      unsigned v = g->nodes++;
      g->token[v] = tokenOf(p.t);
      g->graphOf[v] = graphId;
      if (p.parent != UINT32_MAX) {
        unsigned k = p.kid < 2 ? p.kid : 2;
        g->src[g->edges] = v * ARI_VALUENET_EDGE_TYPES + EDGE_CHILD + k;
        g->dst[g->edges++] = p.parent;
        g->src[g->edges] = p.parent * ARI_VALUENET_EDGE_TYPES + EDGE_PARENT + k;
        g->dst[g->edges++] = v;
      }
      size_t h = (size_t)ariHashPtr(p.t) & (tcap - 1);
      while (keys[h] && keys[h] != p.t)
        h = (h + 1) & (tcap - 1);
      if (!keys[h]) {
        keys[h] = p.t;
        first[h] = v;
      } else {
        g->src[g->edges] = first[h] * ARI_VALUENET_EDGE_TYPES + EDGE_SAME;
        g->dst[g->edges++] = v;
        g->src[g->edges] = v * ARI_VALUENET_EDGE_TYPES + EDGE_SAME;
        g->dst[g->edges++] = first[h];
      }
    }
    count++;
    if (sp + nk > cap) {
      unsigned ncap = 2 * (sp + nk);
      Pending *ns = ariArenaAlloc(ar, sizeof *ns * ncap);
      if (!ns) {
        *oom = true;
        return 0;
      }
      memcpy(ns, st, sizeof *st * sp);
      st = ns;
      cap = ncap;
    }
    /* pushed in reverse: children are visited in order (pre-order) */
    unsigned self = g->token ? g->nodes - 1 : count - 1;
    for (unsigned i = nk; i-- > 0;)
      st[sp++] = (Pending){ariTermKid(p.t, i), self, i};
  }
  return count;
}

static bool buildGraph(AriArena *ar, AriTerm *const *terms, unsigned n, Graph *g, char *err,
                       size_t errCap) {
  memset(g, 0, sizeof *g);
  bool oom = false;
  size_t total = 0;
  if (n > 4096) { /* keeps node * 7 + type within 32 bits */
    snprintf(err, errCap, "value network: %u terms in one batch (at most 4096)", n);
    return false;
  }
  for (unsigned i = 0; i < n; ++i) {
    if (!terms[i]) {
      snprintf(err, errCap, "value network: term %u of the batch is NULL", i);
      return false;
    }
    total += expand(ar, terms[i], i, g, &oom);
  }
  /* Each non-root node has two tree edges and at most two is-identical ones. */
  g->cap = (unsigned)total;
  g->token = ariArenaAlloc(ar, sizeof(unsigned) * (total + 1));
  g->graphOf = ariArenaAlloc(ar, sizeof(unsigned) * (total + 1));
  g->src = ariArenaAlloc(ar, sizeof(unsigned) * (4 * total + 1));
  g->dst = ariArenaAlloc(ar, sizeof(unsigned) * (4 * total + 1));
  for (unsigned i = 0; !oom && i < n && g->token && g->graphOf && g->src && g->dst; ++i)
    expand(ar, terms[i], i, g, &oom);
  if (oom || !g->token || !g->graphOf || !g->src || !g->dst) {
    snprintf(err, errCap, "value network: out of memory building the graph of %u terms", n);
    return false;
  }
  return true;
}

bool ariValueNetGraphSize(AriTermStore *s, AriTerm *const *terms, unsigned n, unsigned *nodes,
                          unsigned *edges) {
  (void)s;
  AriArena ar;
  ariArenaInit(&ar, 0);
  Graph g;
  char err[128];
  bool ok = buildGraph(&ar, terms, n, &g, err, sizeof err);
  *nodes = ok ? g.nodes : 0;
  *edges = ok ? g.edges : 0;
  ariArenaDestroy(&ar);
  return ok;
}

/*=== The network ==========================================================*/

AriValueNet *ariValueNetCreate(unsigned d, unsigned T, unsigned H, uint64_t seed, char *err,
                               size_t errCap) {
  if (d < 1 || d > ARI_VALUENET_MAX_D || T < 1 || T > ARI_VALUENET_MAX_T || H < 1 ||
      H > ARI_VALUENET_MAX_H) {
    snprintf(err, errCap,
             "value network: d=%u T=%u H=%u out of range (d 1..%d, T 1..%d, H 1..%d)", d, T, H,
             ARI_VALUENET_MAX_D, ARI_VALUENET_MAX_T, ARI_VALUENET_MAX_H);
    return NULL;
  }
  AriValueNet *net = calloc(1, sizeof *net);
  if (!net) {
    snprintf(err, errCap, "value network: out of memory");
    return NULL;
  }
  net->d = d;
  net->T = T;
  net->H = H;
  ariNnParamsInit(&net->ps);
  ariNnTapeInit(&net->tape, 0);
  net->adam = ariNnAdamDefault(10.0f);
  AriNnRng rng = {seed};
  AriNnParams *ps = &net->ps;
  net->embed = ariNnParamNew(ps, "embed", ARI_VALUENET_VOCAB, d, ARI_NN_INIT_EMBED, &rng);
  net->wmsg = ariNnParamNew(ps, "msg.w", d, ARI_VALUENET_EDGE_TYPES * d, ARI_NN_INIT_GLOROT, &rng);
  net->bmsg = ariNnParamNew(ps, "msg.b", 1, d, ARI_NN_INIT_ZERO, &rng);
  bool ok = ariNnGruCreate(ps, "gru", d, d, &rng, &net->gru);
  net->wg = ariNnParamNew(ps, "gate.w", d, d, ARI_NN_INIT_GLOROT, &rng);
  net->bg = ariNnParamNew(ps, "gate.b", 1, d, ARI_NN_INIT_ZERO, &rng);
  net->wf = ariNnParamNew(ps, "feat.w", d, d, ARI_NN_INIT_GLOROT, &rng);
  net->bf = ariNnParamNew(ps, "feat.b", 1, d, ARI_NN_INIT_ZERO, &rng);
  net->w1 = ariNnParamNew(ps, "mlp.w1", d, d, ARI_NN_INIT_GLOROT, &rng);
  net->b1 = ariNnParamNew(ps, "mlp.b1", 1, d, ARI_NN_INIT_ZERO, &rng);
  net->w2 = ariNnParamNew(ps, "mlp.w2", d, H, ARI_NN_INIT_GLOROT, &rng);
  net->b2 = ariNnParamNew(ps, "mlp.b2", 1, H, ARI_NN_INIT_ZERO, &rng);
  if (!ok || !net->embed || !net->wmsg || !net->bmsg || !net->wg || !net->bg || !net->wf ||
      !net->bf || !net->w1 || !net->b1 || !net->w2 || !net->b2) {
    snprintf(err, errCap, "value network: out of memory for the parameters");
    ariValueNetDestroy(net);
    return NULL;
  }
  return net;
}

void ariValueNetDestroy(AriValueNet *net) {
  if (!net)
    return;
  ariNnTapeDestroy(&net->tape);
  ariNnParamsDestroy(&net->ps);
  free(net);
}

AriNnParams *ariValueNetParams(AriValueNet *net) { return &net->ps; }

void ariValueNetShape(const AriValueNet *net, unsigned *d, unsigned *T, unsigned *H) {
  *d = net->d;
  *T = net->T;
  *H = net->H;
}

/* Records the forward pass of terms[0..n) on the (reset) tape: n x H. */
static AriNnVar *forward(AriValueNet *net, AriTerm *const *terms, unsigned n, char *err,
                         size_t errCap) {
  AriNnTape *t = &net->tape;
  ariNnTapeReset(t);
  Graph g;
  if (!buildGraph(&t->arena, terms, n, &g, err, errCap))
    return NULL;
  unsigned N = g.nodes, d = net->d;
#define P(p) ariNnParamVar(t, net->p)
  AriNnVar *h = ariNnGather(t, P(embed), g.token, N);
  for (unsigned step = 0; step < net->T; ++step) {
    AriNnVar *a;
    if (g.edges) {
      /* h Wmsg is N x 7d; viewed as 7N x d, row u*7+k is h_u W_k, the
       * message u sends along an edge of type k. */
      AriNnVar *m = ariNnReshape(t, ariNnMatmul(t, h, P(wmsg)), N * ARI_VALUENET_EDGE_TYPES, d);
      a = ariNnAdd(t, ariNnSegSum(t, ariNnGather(t, m, g.src, g.edges), g.dst, N), P(bmsg));
    } else {
      a = ariNnAdd(t, ariNnInput(t, N, d, NULL), P(bmsg));
    }
    h = ariNnGruCell(t, a, h, &net->gru);
  }
  AriNnVar *gate = ariNnSigmoid(t, ariNnAdd(t, ariNnMatmul(t, h, P(wg)), P(bg)));
  AriNnVar *feat = ariNnAdd(t, ariNnMatmul(t, h, P(wf)), P(bf));
  AriNnVar *r = ariNnSegSum(t, ariNnMul(t, gate, feat), g.graphOf, n);
  AriNnVar *hid = ariNnRelu(t, ariNnAdd(t, ariNnMatmul(t, r, P(w1)), P(b1)));
  AriNnVar *out = ariNnAdd(t, ariNnMatmul(t, hid, P(w2)), P(b2));
#undef P
  if (!out)
    snprintf(err, errCap, "value network: %s",
             ariNnTapeError(t) ? ariNnTapeError(t) : "forward pass failed");
  return out;
}

bool ariValueNetPredict(AriValueNet *net, AriTermStore *s, AriTerm *const *terms, unsigned n,
                        float *out, char *err, size_t errCap) {
  (void)s;
  if (!n)
    return true;
  AriNnVar *y = forward(net, terms, n, err, errCap);
  if (y)
    memcpy(out, y->v, sizeof(float) * n * net->H);
  ariNnTapeReset(&net->tape);
  return y != NULL;
}

bool ariValueNetEval(void *ctx, AriTermStore *s, AriTerm *const *terms, const unsigned *stepsLeft,
                     unsigned n, float *out, char *err, size_t errCap) {
  AriValueNet *net = ctx;
  if (!n)
    return true;
  AriNnVar *y = forward(net, terms, n, err, errCap);
  if (!y)
    return false;
  for (unsigned i = 0; i < n; ++i) {
    unsigned k = stepsLeft[i] < net->H ? stepsLeft[i] : net->H;
    const float *h = y->v + (size_t)i * net->H;
    float v = k ? h[k - 1] : 0.0f;
    /* What t steps can remove, t' < t steps can remove too, so the value
     * never falls with more steps left: the largest head up to k, not the
     * k-th alone. The heads are fitted independently and need not obey
     * this, and a head that dips below a shorter one's value misleads
     * A* exactly where a long plateau precedes the reduction. Exp is
     * increasing, so under LOG the largest log is the largest value. */
    for (unsigned j = 0; !net->headAlone && j + 1 < k; ++j)
      v = h[j] > v ? h[j] : v;
    if (k && net->norm == ARI_VALUENET_NORM_LOG)
      v = expf(v) - kLogEps;
    out[i] = v > 0 ? v : 0.0f;
  }
  ariNnTapeReset(&net->tape);
  return true;
}

/* The ranking pairs' loss on the heads y (n x H): weight * temp * the mean
 * over pairs of softplus(-(y[better] - y[worse] - margin) / temp), built as
 * a cross-entropy over the logits (y[better] - margin, y[worse]) / temp
 * with the first one the label. NULL, with a message, on a bad pair. */
static AriNnVar *rankLoss(AriValueNet *net, AriNnVar *y, unsigned n, const AriValueRank *rank,
                          char *err, size_t errCap) {
  AriNnTape *t = &net->tape;
  unsigned P = rank->n, H = net->H;
  unsigned *idx = ariArenaAlloc(&t->arena, sizeof *idx * 2 * P);
  unsigned *label = ariArenaCalloc(&t->arena, sizeof *label * P);
  float *shift = ariArenaAlloc(&t->arena, sizeof *shift * 2 * P);
  if (!idx || !label || !shift) {
    snprintf(err, errCap, "value network: out of memory for %u ranking pairs", P);
    return NULL;
  }
  for (unsigned k = 0; k < P; ++k) {
    const AriValuePair *p = &rank->pairs[k];
    if (p->better >= n || p->worse >= n || p->head >= H || !isfinite(p->margin)) {
      snprintf(err, errCap,
               "value network: ranking pair %u (%u over %u, head %u, margin %g) is out of "
               "range for %u terms and %u heads",
               k, p->better, p->worse, p->head, (double)p->margin, n, H);
      return NULL;
    }
    idx[2 * k] = p->better * H + p->head;
    idx[2 * k + 1] = p->worse * H + p->head;
    shift[2 * k] = -p->margin;
    shift[2 * k + 1] = 0;
  }
  AriNnVar *v = ariNnGather(t, ariNnReshape(t, y, n * H, 1), idx, 2 * P);
  AriNnVar *logits = ariNnScale(
      t, ariNnAdd(t, ariNnReshape(t, v, P, 2), ariNnInput(t, P, 2, shift)), 1.0f / rank->temp);
  AriNnVar *l = ariNnScale(t, ariNnCrossEntropy(t, logits, label), rank->weight * rank->temp);
  if (!l)
    snprintf(err, errCap, "value network: %s",
             ariNnTapeError(t) ? ariNnTapeError(t) : "the ranking loss failed");
  return l;
}

bool ariValueNetLoss(AriValueNet *net, AriTermStore *s, AriTerm *const *terms,
                     const float *targets, unsigned n, const AriValueRank *rank, bool backward,
                     float *loss, char *err, size_t errCap) {
  (void)s;
  if (!n) {
    snprintf(err, errCap, "value network: empty training batch");
    return false;
  }
  for (size_t i = 0; i < (size_t)n * net->H; ++i)
    if (!isfinite(targets[i])) {
      snprintf(err, errCap, "value network: target %zu of term %zu is not finite",
               i % net->H + 1, i / net->H);
      return false;
    }
  if (rank && rank->n) {
    if (!(rank->weight >= 0) || !isfinite(rank->weight) || !(rank->temp > 0) ||
        !isfinite(rank->temp)) {
      snprintf(err, errCap,
               "value network: ranking weight %g and temperature %g (need weight >= 0, "
               "temperature > 0)",
               (double)rank->weight, (double)rank->temp);
      return false;
    }
    if (net->norm != ARI_VALUENET_NORM_NONE) {
      snprintf(err, errCap, "value network: ranking pairs need heads that are the values "
                            "(no log normalisation)");
      return false;
    }
  }
  float *logT = NULL;
  if (net->norm == ARI_VALUENET_NORM_LOG) {
    logT = malloc(sizeof *logT * n * net->H);
    if (!logT) {
      snprintf(err, errCap, "value network: out of memory");
      return false;
    }
    for (size_t i = 0; i < (size_t)n * net->H; ++i)
      logT[i] = logf((targets[i] > 0 ? targets[i] : 0.0f) + kLogEps);
    targets = logT;
  }
  AriNnVar *y = forward(net, terms, n, err, errCap);
  AriNnVar *l = y ? ariNnHuber(&net->tape, y, targets, 1.0f) : NULL;
  free(logT);
  bool said = false; /* rankLoss wrote the error */
  if (l && rank && rank->n) {
    AriNnVar *r = rankLoss(net, y, n, rank, err, errCap);
    said = !r;
    l = r ? ariNnAdd(&net->tape, l, r) : NULL;
  }
  bool ok = l && (!backward || ariNnBackward(&net->tape, l, NULL));
  if (y && !ok && !said)
    snprintf(err, errCap, "value network: %s", ariNnTapeError(&net->tape));
  if (ok)
    *loss = l->v[0];
  ariNnTapeReset(&net->tape);
  return ok;
}

bool ariValueNetTrainBatch(AriValueNet *net, AriTermStore *s, AriTerm *const *terms,
                           const float *targets, unsigned n, const AriValueRank *rank, float lr,
                           float *loss, char *err, size_t errCap) {
  if (!(lr > 0) || !isfinite(lr)) {
    snprintf(err, errCap, "value network: learning rate %g is not positive", (double)lr);
    return false;
  }
  ariNnParamsZeroGrad(&net->ps);
  if (!ariValueNetLoss(net, s, terms, targets, n, rank, true, loss, err, errCap))
    return false;
  ariNnAdamStep(&net->ps, &net->adam, lr);
  return true;
}

void ariValueNetSetNorm(AriValueNet *net, AriValueNorm norm) { net->norm = norm; }
void ariValueNetSetEnvelope(AriValueNet *net, bool on) { net->headAlone = !on; }
AriValueNorm ariValueNetNorm(const AriValueNet *net) { return net->norm; }

/* Files carry five meta words (d, T, H, vocabulary, normalisation); files
 * written before the normalisation existed carry four and mean none. */
bool ariValueNetSave(const AriValueNet *net, const char *path, char *err, size_t errCap) {
  uint32_t meta[5] = {net->d, net->T, net->H, ARI_VALUENET_VOCAB, (uint32_t)net->norm};
  return ariNnParamsSave(&net->ps, path, kTag, meta, 5, err, errCap);
}

AriValueNet *ariValueNetLoad(const char *path, char *err, size_t errCap) {
  uint32_t meta[5] = {0};
  unsigned nmeta = 5;
  if (!ariNnParamsLoad(NULL, path, kTag, meta, 5, err, errCap)) {
    char old[256];
    nmeta = 4;
    meta[4] = ARI_VALUENET_NORM_NONE;
    if (!ariNnParamsLoad(NULL, path, kTag, meta, 4, old, sizeof old))
      return NULL; /* err: the five-word reader's message */
  }
  if (meta[4] > ARI_VALUENET_NORM_LOG) {
    snprintf(err, errCap, "parameter file '%s': unknown value normalisation %u", path, meta[4]);
    return NULL;
  }
  if (meta[3] != ARI_VALUENET_VOCAB) {
    snprintf(err, errCap, "parameter file '%s': vocabulary %u, this build has %d", path, meta[3],
             ARI_VALUENET_VOCAB);
    return NULL;
  }
  char why[256];
  AriValueNet *net = ariValueNetCreate(meta[0], meta[1], meta[2], 0, why, sizeof why);
  if (!net) {
    snprintf(err, errCap, "parameter file '%s': %s", path, why);
    return NULL;
  }
  if (!ariNnParamsLoad(&net->ps, path, kTag, meta, nmeta, err, errCap)) {
    ariValueNetDestroy(net);
    return NULL;
  }
  net->norm = (AriValueNorm)meta[4];
  return net;
}
