/*===- valuenet_test.c - the Knossos value network ------------------------===*\
 *
 * costmodel/nn/valuenet.h on random terms of search/gen: the graph of
 * hand-made terms (occurrence tree, is-identical edges), the gradient of
 * the whole network against finite differences (d = 4, T = 2), training
 * lowers the loss on a fixed set of 32 terms with synthetic targets, the
 * same seed gives bit-identical parameters after training, a saved and
 * loaded network gives bit-identical outputs, bad files and bad arguments
 * are refused with a message; ranking pairs (their loss against one
 * computed from the heads, its gradient, bad pairs refused, training on
 * them orders them); the log normalisation (what Eval returns,
 * the loss on transformed targets, kept by save/load; a file of the
 * four-word format loads as none).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/check.h"

#include "costmodel/nn/valuenet.h"
#include "search/gen/gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { NTERMS = 32, H = 4 };

/* NTERMS random terms (arrays of 8 f32) of 5 to 80 tree nodes, and
 * synthetic targets: a smooth function of their size and kind mix, so
 * that a network that sees the term can fit them. */
static unsigned makeTerms(AriTermStore *s, AriTerm **terms, float *targets) {
  unsigned made = 0;
  for (uint64_t seed = 1; made < NTERMS && seed < 10000; ++seed) {
    AriGen g;
    ariGenInit(&g, s, seed);
    AriGenEnv env = {{0}, 0};
    AriTerm *t = ariGenTerm(&g, &env, ariTypeArray(s, 8, ariTypeF32(s)), (int)(5 + seed % 40));
    if (!t || ariTermTreeSize(t) < 5 || ariTermTreeSize(t) > 80)
      continue;
    float size = (float)ariTermTreeSize(t);
    for (unsigned j = 0; j < H; ++j)
      targets[made * H + j] = logf(size) * (float)(j + 1) / H +
                              (ariTermKind(t) == ARI_TERM_MAP ? 0.5f : 0.0f);
    terms[made++] = t;
  }
  return made;
}

static void testGraph(AriTermStore *s) {
  const AriType *arr = ariTypeArray(s, 4, ariTypeF32(s));
  AriTerm *a = ariTermIn(s, 0, arr), *b = ariTermIn(s, 1, arr);
  AriTerm *p = ariTermPair(s, a, a);
  unsigned nodes = 0, edges = 0;
  CHECK(p && ariValueNetGraphSize(s, &p, 1, &nodes, &edges));
  CHECK(nodes == 3 && edges == 4 + 2); /* 2 tree edges each way, IN~IN */
  AriTerm *z = ariTermZip(s, a, b);
  AriTerm *q = ariTermPair(s, z, z);
  CHECK(q && ariValueNetGraphSize(s, &q, 1, &nodes, &edges));
  CHECK(nodes == 7 && edges == 12 + 6); /* ZIP, IN0 and IN1 each seen twice */
  AriTerm *two[2] = {p, q};
  CHECK(ariValueNetGraphSize(s, two, 2, &nodes, &edges));
  CHECK(nodes == 10 && edges == 24); /* batched: no edges between terms */
}

/* The envelope never falls with more steps left, shown where the heads
 * do: a network taught that one step removes 2 and two or three remove
 * nothing (targets that no search gives, but heads fitted one by one can
 * come out so) reads 2 for every t >= 1 with the envelope, and dips to
 * about 0 at t = 2 without it. */
static void testEnvelopeDip(AriTermStore *s, AriTerm *t) {
  char err[256] = "";
  AriValueNet *net = ariValueNetCreate(8, 2, 3, 7, err, sizeof err);
  CHECK(net != NULL);
  if (!net)
    return;
  const float target[3] = {2, 0, 0};
  float loss = 0;
  for (int i = 0; i < 300; ++i)
    CHECK(ariValueNetTrainBatch(net, s, &t, target, 1, NULL, 1e-2f, &loss, err, sizeof err));
  CHECK(loss < 1e-2f);
  AriTerm *three[3] = {t, t, t};
  unsigned st[3] = {1, 2, 3};
  float env[3], alone[3];
  CHECK(ariValueNetEval(net, s, three, st, 3, env, err, sizeof err));
  ariValueNetSetEnvelope(net, false);
  CHECK(ariValueNetEval(net, s, three, st, 3, alone, err, sizeof err));
  CHECK(alone[0] > 1.5f && alone[1] < 0.5f && alone[2] < 0.5f); /* the heads dip */
  CHECK(env[0] == alone[0] && env[1] == env[0] && env[2] == env[0]);
  ariValueNetDestroy(net);
}

static void testArgs(AriTermStore *s, AriTerm **terms, const char *dir) {
  char err[256] = "";
  CHECK(ariValueNetCreate(0, 2, 3, 1, err, sizeof err) == NULL);
  CHECK(strstr(err, "d=0 T=2 H=3 out of range"));
  CHECK(ariValueNetCreate(8, 2, 300, 1, err, sizeof err) == NULL);
  AriValueNet *net = ariValueNetCreate(8, 2, 3, 1, err, sizeof err);
  CHECK(net != NULL);
  if (!net)
    return;
  /* Eval: the largest of heads 0 .. min(t, H) - 1, clamped at 0; 0 steps
   * left: 0. Without the envelope, head min(t, H) - 1 alone. */
  float raw[2 * 3], out[4];
  CHECK(ariValueNetPredict(net, s, terms, 2, raw, err, sizeof err));
  AriTerm *batch[4] = {terms[0], terms[0], terms[1], terms[1]};
  unsigned steps[4] = {0, 2, 3, 99};
  CHECK(ariValueNetEval(net, s, batch, steps, 4, out, err, sizeof err));
  CHECK(out[0] == 0);
  CHECK(out[1] == fmaxf(fmaxf(raw[0], raw[1]), 0));
  CHECK(out[2] == fmaxf(fmaxf(fmaxf(raw[3], raw[4]), raw[3 + 2]), 0));
  CHECK(out[3] == out[2]);
  for (int i = 0; i < 4; ++i)
    CHECK(out[i] >= 0);
  ariValueNetSetEnvelope(net, false);
  CHECK(ariValueNetEval(net, s, batch, steps, 4, out, err, sizeof err));
  CHECK(out[0] == 0);
  CHECK(out[1] == fmaxf(raw[1], 0));
  CHECK(out[2] == fmaxf(raw[3 + 2], 0));
  CHECK(out[3] == fmaxf(raw[3 + 2], 0));
  ariValueNetSetEnvelope(net, true);
  testEnvelopeDip(s, terms[1]);
  /* a term alone gives (nearly) what it gives in a batch */
  float one[3];
  CHECK(ariValueNetPredict(net, s, terms + 1, 1, one, err, sizeof err));
  for (int j = 0; j < 3; ++j)
    CHECK(fabsf(one[j] - raw[3 + j]) <= 1e-5f * (1 + fabsf(one[j])));
  /* bad batches */
  AriTerm *withNull[2] = {terms[0], NULL};
  CHECK(!ariValueNetEval(net, s, withNull, steps, 2, out, err, sizeof err));
  CHECK(strstr(err, "term 1 of the batch is NULL"));
  float tg[3] = {1, NAN, 0}, loss;
  CHECK(!ariValueNetTrainBatch(net, s, terms, tg, 1, NULL, 1e-3f, &loss, err, sizeof err));
  CHECK(strstr(err, "target 2 of term 0 is not finite"));
  tg[1] = 0;
  CHECK(!ariValueNetTrainBatch(net, s, terms, tg, 1, NULL, -1, &loss, err, sizeof err));
  CHECK(strstr(err, "learning rate"));
  CHECK(!ariValueNetTrainBatch(net, s, terms, tg, 0, NULL, 1e-3f, &loss, err, sizeof err));
  /* files: round trip bit for bit; damage refused */
  char path[512], bad[512];
  snprintf(path, sizeof path, "%s/valuenet_test.params", dir);
  snprintf(bad, sizeof bad, "%s/valuenet_test.bad", dir);
  CHECK(ariValueNetSave(net, path, err, sizeof err));
  AriValueNet *back = ariValueNetLoad(path, err, sizeof err);
  CHECK(back != NULL);
  if (back) {
    unsigned d, T, h;
    ariValueNetShape(back, &d, &T, &h);
    CHECK(d == 8 && T == 2 && h == 3);
    float again[2 * 3];
    CHECK(ariValueNetPredict(back, s, terms, 2, again, err, sizeof err));
    CHECK(!memcmp(raw, again, sizeof raw));
    ariValueNetDestroy(back);
  }
  FILE *f = fopen(path, "rb");
  static unsigned char buf[1 << 20];
  size_t len = f ? fread(buf, 1, sizeof buf, f) : 0;
  if (f)
    fclose(f);
  CHECK(len > 100 && len < sizeof buf);
  size_t spots[4] = {0, 20, len / 2, len - 1};
  for (int i = 0; i < 4; ++i) {
    buf[spots[i]] ^= 1;
    f = fopen(bad, "wb");
    fwrite(buf, 1, len, f);
    fclose(f);
    buf[spots[i]] ^= 1;
    err[0] = 0;
    CHECK(ariValueNetLoad(bad, err, sizeof err) == NULL);
    CHECK(strstr(err, bad) != NULL);
  }
  CHECK(strstr(err, "checksum mismatch"));
  f = fopen(bad, "wb");
  fwrite(buf, 1, len - 7, f);
  fclose(f);
  CHECK(ariValueNetLoad(bad, err, sizeof err) == NULL);
  CHECK(strstr(err, "corrupt or truncated"));
  CHECK(ariValueNetLoad("/nonexistent/v.params", err, sizeof err) == NULL);
  CHECK(strstr(err, "cannot open parameter file"));
  unlink(bad);
  unlink(path);
  ariValueNetDestroy(net);
}

/* The whole network's gradient against central differences of its loss,
 * on a few entries of every parameter. */
static void testGradient(AriTermStore *s, AriTerm **terms, const float *targets4,
                         const AriValueRank *rank) {
  char err[256];
  AriValueNet *net = ariValueNetCreate(4, 2, H, 5, err, sizeof err);
  CHECK(net != NULL);
  if (!net)
    return;
  AriNnParams *ps = ariValueNetParams(net);
  /* biases away from zero, and targets far enough that Huber is not flat */
  AriNnRng r = {3};
  for (unsigned i = 0; i < ps->n; ++i)
    if (ps->items[i]->rows == 1)
      for (unsigned j = 0; j < ps->items[i]->cols; ++j)
        ps->items[i]->v[j] = ariNnRngUniform(&r, -0.3f, 0.3f);
  float targets[3 * H];
  for (int i = 0; i < 3 * H; ++i)
    targets[i] = targets4[i] * 0.5f;
  float loss;
  ariNnParamsZeroGrad(ps);
  CHECK(ariValueNetLoss(net, s, terms, targets, 3, rank, true, &loss, err, sizeof err));
  int bad = 0, tried = 0, caught = 0;
  double worst = 0;
  /* small: a readout sums over every node, so a larger step moves the
   * relu and Huber kinks under it */
  const float eps = 1e-3f;
  for (unsigned i = 0; i < ps->n; ++i) {
    AriNnParam *p = ps->items[i];
    size_t n = (size_t)p->rows * p->cols;
    for (size_t k = 0; k < 4; ++k) {
      size_t j = (size_t)(ariNnRngNext(&r) % n);
      /* the embedding: rows that the terms use */
      if (i == 0)
        j = (size_t)(ariNnRngNext(&r) % 4);
      float x = p->v[j], up, down;
      p->v[j] = x + eps;
      CHECK(ariValueNetLoss(net, s, terms, targets, 3, rank, false, &up, err, sizeof err));
      p->v[j] = x - eps;
      CHECK(ariValueNetLoss(net, s, terms, targets, 3, rank, false, &down, err, sizeof err));
      p->v[j] = x;
      double num = ((double)up - down) / (2.0 * eps), an = p->g[j];
      double tol = 1e-3 + 3e-2 * fmax(fabs(num), fabs(an));
      tried++;
      worst = fmax(worst, fabs(num - an) / tol);
      if (fabs(num - an) > tol) {
        bad++;
        fprintf(stderr, "  %s[%zu]: analytic %.6g numeric %.6g\n", p->name, j, an, num);
      }
      /* and the comparison catches a wrong gradient */
      caught += fabs(num - (an + 0.05 + 0.1 * fabs(an))) > tol;
    }
  }
  printf("valuenet gradient%s: %d entries, worst |analytic - numeric| / tolerance %.3f\n",
         rank ? " with ranking pairs" : "", tried, worst);
  CHECK(bad == 0);
  CHECK(caught == tried);
  ariValueNetDestroy(net);
}

/* Ranking pairs: the loss is the Huber loss plus weight * temp * the mean
 * softplus of each pair's violation, computed here from the heads; bad
 * pairs and settings are refused; training on pairs alone orders them. */
static void testRank(AriTermStore *s, AriTerm **terms, const float *targets) {
  char err[256];
  AriValueNet *net = ariValueNetCreate(8, 2, H, 31, err, sizeof err);
  CHECK(net != NULL);
  if (!net)
    return;
  float y[4 * H], plain, ranked;
  CHECK(ariValueNetPredict(net, s, terms, 4, y, err, sizeof err));
  AriValuePair pairs[3] = {{0, 1, 0, 0.1f}, {2, 3, H - 1, -0.2f}, {3, 0, 1, 0.05f}};
  AriValueRank rank = {pairs, 3, 0.7f, 0.25f};
  CHECK(ariValueNetLoss(net, s, terms, targets, 4, NULL, false, &plain, err, sizeof err));
  CHECK(ariValueNetLoss(net, s, terms, targets, 4, &rank, false, &ranked, err, sizeof err));
  double want = 0;
  for (int k = 0; k < 3; ++k) {
    double x = ((double)y[pairs[k].better * H + pairs[k].head] -
                y[pairs[k].worse * H + pairs[k].head] - pairs[k].margin) /
               rank.temp;
    want += log1p(exp(-x));
  }
  want = plain + rank.weight * rank.temp * want / 3;
  CHECK(fabs(ranked - want) <= 1e-5 * (1 + fabs(want)));
  /* no pairs, or weight 0: the Huber loss alone */
  AriValueRank none = {pairs, 0, 1, 1}, zero = {pairs, 3, 0, 1};
  float l0, l1;
  CHECK(ariValueNetLoss(net, s, terms, targets, 4, &none, false, &l0, err, sizeof err));
  CHECK(ariValueNetLoss(net, s, terms, targets, 4, &zero, false, &l1, err, sizeof err));
  CHECK(l0 == plain && l1 == plain);
  /* refused: a term or head out of range, a bad temperature, log heads */
  AriValuePair far = {0, 4, 0, 0};
  AriValueRank bad = {&far, 1, 1, 1};
  CHECK(!ariValueNetLoss(net, s, terms, targets, 4, &bad, false, &l0, err, sizeof err));
  CHECK(strstr(err, "ranking pair 0 (0 over 4, head 0, margin 0) is out of range"));
  far = (AriValuePair){0, 1, H, 0};
  CHECK(!ariValueNetLoss(net, s, terms, targets, 4, &bad, false, &l0, err, sizeof err));
  CHECK(strstr(err, "out of range for 4 terms and 4 heads"));
  far = (AriValuePair){0, 1, 0, 0};
  bad.temp = 0;
  CHECK(!ariValueNetTrainBatch(net, s, terms, targets, 4, &bad, 1e-3f, &l0, err, sizeof err));
  CHECK(strstr(err, "temperature 0"));
  bad.temp = 1;
  ariValueNetSetNorm(net, ARI_VALUENET_NORM_LOG);
  CHECK(!ariValueNetLoss(net, s, terms, targets, 4, &bad, false, &l0, err, sizeof err));
  CHECK(strstr(err, "no log normalisation"));
  ariValueNetSetNorm(net, ARI_VALUENET_NORM_NONE);
  /* equal targets, and pairs asking terms 0..3 to be ordered 0 > 1 > 2 > 3
   * at head 0 by 0.5 each: training on the pairs orders them */
  float same[4 * H];
  for (int i = 0; i < 4 * H; ++i)
    same[i] = 1.0f;
  AriValuePair chain[3] = {{0, 1, 0, 0.5f}, {1, 2, 0, 0.5f}, {2, 3, 0, 0.5f}};
  AriValueRank order = {chain, 3, 1, 0.1f};
  int ordered = 0;
  for (int i = 0; i < 3; ++i)
    ordered += y[chain[i].better * H] - y[chain[i].worse * H] > 0.5f;
  bool ok = true;
  for (int step = 0; step < 300 && ok; ++step)
    ok = ariValueNetTrainBatch(net, s, terms, same, 4, &order, 1e-2f, &l0, err, sizeof err);
  CHECK(ok);
  CHECK(ariValueNetPredict(net, s, terms, 4, y, err, sizeof err));
  int after = 0;
  for (int i = 0; i < 3; ++i)
    after += y[chain[i].better * H] - y[chain[i].worse * H] > 0.5f;
  printf("valuenet ranking: %d of 3 pairs ordered by their margin before training, %d after\n",
         ordered, after);
  CHECK(after == 3);
  ariValueNetDestroy(net);
}

static bool trainRun(AriTermStore *s, AriTerm **terms, const float *targets, uint64_t seed,
                     float *first, float *last, AriValueNet **keep) {
  char err[256];
  AriValueNet *net = ariValueNetCreate(16, 2, H, seed, err, sizeof err);
  if (!net)
    return false;
  float loss = 0;
  bool ok = true;
  for (int epoch = 0; epoch < 30 && ok; ++epoch)
    for (int b = 0; b < NTERMS / 16 && ok; ++b) {
      ok = ariValueNetTrainBatch(net, s, terms + 16 * b, targets + 16 * b * H, 16, NULL, 1e-2f,
                                 &loss, err, sizeof err);
      if (epoch == 0 && b == 0)
        *first = loss;
    }
  if (!ok)
    fprintf(stderr, "  training: %s\n", err);
  /* the loss over the whole set */
  ok = ok && ariValueNetLoss(net, s, terms, targets, NTERMS, NULL, false, last, err, sizeof err);
  *keep = net;
  return ok;
}

static bool sameParams(AriValueNet *a, AriValueNet *b) {
  AriNnParams *x = ariValueNetParams(a), *y = ariValueNetParams(b);
  for (unsigned i = 0; i < x->n; ++i)
    if (memcmp(x->items[i]->v, y->items[i]->v,
               sizeof(float) * x->items[i]->rows * x->items[i]->cols))
      return false;
  return x->n == y->n;
}

static void testTraining(AriTermStore *s, AriTerm **terms, const float *targets) {
  char err[256];
  float first = 0, last = 0, f2, l2, f3, l3;
  AriValueNet *a = NULL, *b = NULL, *c = NULL;
  AriValueNet *fresh = ariValueNetCreate(16, 2, H, 11, err, sizeof err);
  float before = 0;
  CHECK(fresh &&
        ariValueNetLoss(fresh, s, terms, targets, NTERMS, NULL, false, &before, err, sizeof err));
  CHECK(trainRun(s, terms, targets, 11, &first, &last, &a));
  printf("valuenet training: whole-set Huber loss %.4f before, %.4f after 60 steps\n", before,
         last);
  CHECK(last < 0.25f * before);
  /* the same seed: bit-identical parameters; another seed: others */
  CHECK(trainRun(s, terms, targets, 11, &f2, &l2, &b));
  CHECK(a && b && sameParams(a, b));
  CHECK(f2 == first && l2 == last);
  CHECK(trainRun(s, terms, targets, 12, &f3, &l3, &c));
  CHECK(a && c && !sameParams(a, c));
  ariValueNetDestroy(fresh);
  ariValueNetDestroy(a);
  ariValueNetDestroy(b);
  ariValueNetDestroy(c);
}

/* ARI_VALUENET_NORM_LOG: heads are log(reduction + 0.001). */
static void testNorm(AriTermStore *s, AriTerm **terms, const float *targets, const char *dir) {
  char err[256];
  AriValueNet *net = ariValueNetCreate(8, 2, H, 21, err, sizeof err);
  CHECK(net != NULL);
  if (!net)
    return;
  CHECK(ariValueNetNorm(net) == ARI_VALUENET_NORM_NONE);
  float raw[2 * H], out[2], lossLog, lossRaw;
  CHECK(ariValueNetPredict(net, s, terms, 2, raw, err, sizeof err));
  ariValueNetSetNorm(net, ARI_VALUENET_NORM_LOG);
  unsigned steps[2] = {1, 99};
  CHECK(ariValueNetEval(net, s, terms, steps, 2, out, err, sizeof err));
  CHECK(fabsf(out[0] - fmaxf(expf(raw[0]) - 0.001f, 0)) <= 1e-5f * (1 + out[0]));
  float top = raw[H];
  for (unsigned j = 1; j < H; ++j)
    top = fmaxf(top, raw[H + j]);
  CHECK(fabsf(out[1] - fmaxf(expf(top) - 0.001f, 0)) <= 1e-5f * (1 + out[1]));
  /* the loss under LOG is the plain loss on log(target + 0.001) */
  float logT[NTERMS * H];
  for (unsigned i = 0; i < NTERMS * H; ++i)
    logT[i] = logf(fmaxf(targets[i], 0) + 0.001f);
  CHECK(ariValueNetLoss(net, s, terms, targets, NTERMS, NULL, false, &lossLog, err, sizeof err));
  ariValueNetSetNorm(net, ARI_VALUENET_NORM_NONE);
  CHECK(ariValueNetLoss(net, s, terms, logT, NTERMS, NULL, false, &lossRaw, err, sizeof err));
  CHECK(lossLog == lossRaw);
  ariValueNetSetNorm(net, ARI_VALUENET_NORM_LOG);
  /* kept by save and load */
  char path[512];
  snprintf(path, sizeof path, "%s/valuenet_norm_test.params", dir);
  CHECK(ariValueNetSave(net, path, err, sizeof err));
  AriValueNet *back = ariValueNetLoad(path, err, sizeof err);
  CHECK(back && ariValueNetNorm(back) == ARI_VALUENET_NORM_LOG);
  ariValueNetDestroy(back);
  /* the four-word format (before the normalisation existed): none */
  static const char tag[8] = {'v', 'a', 'l', 'u', 'e', 'n', 'e', 't'};
  uint32_t meta4[4] = {8, 2, H, ARI_VALUENET_VOCAB};
  CHECK(ariNnParamsSave(ariValueNetParams(net), path, tag, meta4, 4, err, sizeof err));
  back = ariValueNetLoad(path, err, sizeof err);
  CHECK(back && ariValueNetNorm(back) == ARI_VALUENET_NORM_NONE);
  ariValueNetDestroy(back);
  /* an unknown normalisation is refused */
  uint32_t meta5[5] = {8, 2, H, ARI_VALUENET_VOCAB, 7};
  CHECK(ariNnParamsSave(ariValueNetParams(net), path, tag, meta5, 5, err, sizeof err));
  CHECK(ariValueNetLoad(path, err, sizeof err) == NULL);
  CHECK(strstr(err, "unknown value normalisation 7"));
  unlink(path);
  ariValueNetDestroy(net);
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  AriTermStore *s = ariTermStoreCreate(0);
  AriTerm *terms[NTERMS];
  float targets[NTERMS * H];
  unsigned made = makeTerms(s, terms, targets);
  CHECK(made == NTERMS);
  if (made == NTERMS) {
    testGraph(s);
    testArgs(s, terms, dir);
    testGradient(s, terms, targets, NULL);
    AriValuePair pairs[3] = {{0, 1, 0, 0.1f}, {1, 2, 2, -0.1f}, {2, 0, H - 1, 0}};
    AriValueRank rank = {pairs, 3, 1.5f, 0.5f};
    testGradient(s, terms, targets, &rank);
    testRank(s, terms, targets);
    testTraining(s, terms, targets);
    testNorm(s, terms, targets, dir);
  }
  ariTermStoreDestroy(s);
  printf("valuenet_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
