/*===- search/gen/proggen.c - ProgGen: validity filters, importance sampling ===*\
 *
 * See proggen.h.
 *
\*===----------------------------------------------------------------------===*/

#include "search/gen/proggen.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { MAX_ARGS = 32, VISITED_CAP = 1 << 14 };

static const char *const kReasons[ARI_PG_NUM_REASONS] = {
    "valid", "no-mutation", "export", "verify", "interp",
    "nondeterministic", "constant", "nonfinite", "native", "budget", "trivial"};

const char *ariPgReasonName(AriPgReason r) {
  return (unsigned)r < ARI_PG_NUM_REASONS ? kReasons[r] : "?";
}

static AriPgReason reject(AriPgCheck *out, AriPgReason r, const char *why) {
  out->reason = r;
  snprintf(out->why, sizeof out->why, "%s", why);
  return r;
}

static MlirLogicalResult run(const AriPgCheckOptions *o, MlirOperation f, AriHostArg *a,
                             intptr_t n, const AriInterpLimits *lim, AriInterpCounters *c) {
  return o->interp ? o->interp(o->interpCtx, f, a, n, lim, c) : ariInterpRun(f, a, n, lim, c);
}

static size_t argBytes(const AriHostArg *a) {
  return (size_t)ariHostArgNumScalars(a) * ariScalarSize(a->scalar);
}

AriPgReason ariPgCheck(MlirOperation func, const AriPgCheckOptions *o, AriArena *arena,
                       AriPgCheck *out) {
  memset(out, 0, sizeof *out);
  if (!mlirOperationVerify(func))
    return reject(out, ARI_PG_VERIFY, "the verifier refused the function");
  AriHostArg a[MAX_ARGS], b[MAX_ARGS], c[MAX_ARGS];
  intptr_t n = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, a, MAX_ARGS, &n)))
    return reject(out, ARI_PG_INTERP, "arguments the interpreter cannot describe");
  memcpy(b, a, sizeof a);
  memcpy(c, a, sizeof a);
  if (!ariHostArgsAlloc(a, n, arena) || !ariHostArgsAlloc(b, n, arena) ||
      !ariHostArgsAlloc(c, n, arena))
    return reject(out, ARI_PG_BUDGET, "out of memory for the arguments");
  bool written[MAX_ARGS];
  ariInterpOutputArgs(func, written, n);
  for (intptr_t i = 0; i < n; ++i) {
    ariHostArgFillRandom(&a[i], o->seed + (uint64_t)i);
    memcpy(b[i].data, a[i].data, argBytes(&a[i]));
    ariHostArgFillRandom(&c[i], o->seed + 0x9E3779B9u + (uint64_t)i);
  }
  AriInterpLimits lim = {.maxOps = o->maxOps > 0 ? o->maxOps : 20000000,
                         .maxBytes = (size_t)256 << 20};
  AriInterpCounters cnt = {0};
  if (mlirLogicalResultIsFailure(run(o, func, a, n, &lim, &cnt))) {
    out->ops = cnt.ops;
    return cnt.ops >= lim.maxOps ? reject(out, ARI_PG_BUDGET, "over the interpreter's op budget")
                                 : reject(out, ARI_PG_INTERP, "the interpreter stopped");
  }
  out->ops = cnt.ops;
  if (mlirLogicalResultIsFailure(run(o, func, b, n, &lim, NULL)))
    return reject(out, ARI_PG_NONDET, "the second run failed where the first did not");
  for (intptr_t i = 0; i < n; ++i)
    if (written[i] && memcmp(a[i].data, b[i].data, argBytes(&a[i])))
      return reject(out, ARI_PG_NONDET, "two runs on the same input differ");
  for (intptr_t i = 0; i < n; ++i) {
    if (!written[i])
      continue;
    int64_t m = ariHostArgNumScalars(&a[i]);
    for (int64_t k = 0; k < m; ++k)
      if (!isfinite(ariHostArgScalar(&a[i], k)))
        return reject(out, ARI_PG_NONFINITE, "NaN or infinity in the output");
  }
  if (mlirLogicalResultIsFailure(run(o, func, c, n, &lim, NULL)))
    return reject(out, ARI_PG_INTERP, "the interpreter stopped on the second input");
  /* compared as values: -0 and +0 are the same output */
  bool changed = false;
  for (intptr_t i = 0; i < n && !changed; ++i) {
    if (!written[i])
      continue;
    int64_t m = ariHostArgNumScalars(&a[i]);
    for (int64_t k = 0; k < m && !changed; ++k)
      changed = ariHostArgScalar(&a[i], k) != ariHostArgScalar(&c[i], k);
  }
  if (!changed)
    return reject(out, ARI_PG_CONSTANT, "the output does not depend on the input");
  out->ms = (double)out->ops * ARI_PG_NS_PER_OP * 1e-6;
  if (o->native) {
    char why[256] = "";
    double ms = 0;
    AriPgReason r = o->native(o->nativeCtx, func, o->seed, &ms, why, sizeof why);
    if (r != ARI_PG_VALID)
      return reject(out, r, why[0] ? why : ariPgReasonName(r));
    out->ms = ms;
    out->measured = true;
  }
  if (o->budgetMs > 0 && out->ms > o->budgetMs)
    return reject(out, ARI_PG_BUDGET, "over the native time budget");
  out->reason = ARI_PG_VALID;
  return ARI_PG_VALID;
}

/*--- stages ---------------------------------------------------------------------*/

typedef struct Visited {
  uint32_t slot[VISITED_CAP]; /* term id + 1; 0 empty */
  unsigned used;
} Visited;

/* True the first time t is seen (or when the table is full: then shared
 * subterms may count twice, on programs far beyond ProgGen's sizes). */
static bool firstVisit(Visited *v, const AriTerm *t) {
  uint32_t id = ariTermId(t) + 1, h = (id * 2654435761u) & (VISITED_CAP - 1);
  if (v->used >= VISITED_CAP / 2)
    return true;
  while (v->slot[h]) {
    if (v->slot[h] == id)
      return false;
    h = (h + 1) & (VISITED_CAP - 1);
  }
  v->slot[h] = id;
  v->used++;
  return true;
}

static unsigned stages(const AriTerm *t, Visited *v) {
  AriTermKind k = ariTermKind(t);
  if (k == ARI_TERM_LAM || !firstVisit(v, t))
    return 0;
  unsigned n = k == ARI_TERM_MAP || k == ARI_TERM_REDUCE || k == ARI_TERM_GENERATE;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    n += stages(ariTermKid(t, i), v);
  return n;
}

unsigned ariPgStages(const AriTerm *root) {
  static const Visited zero; /* const: not mutable global state */
  Visited v = zero;
  return root ? stages(root, &v) : 0;
}

/*--- importance sampling ----------------------------------------------------------*/

AriPgTarget ariPgDefaultTarget(void) {
  return (AriPgTarget){.medianMs = 0.02, .log10Sigma = 0.7, .stagesMean = 8.0, .stagesSd = 4.0};
}

/* Uniform in (0, 1). */
static double unit(AriGen *g) {
  return ((double)ariGenBelow(g, (uint64_t)1 << 53) + 0.5) / 9007199254740992.0;
}

/* Standard normal (Box-Muller; one of the pair). */
static double normal(AriGen *g) {
  double u1 = unit(g), u2 = unit(g);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

void ariPgDrawTarget(AriGen *g, const AriPgTarget *t, double *ms, double *stages) {
  *ms = t->medianMs * pow(10.0, t->log10Sigma * normal(g));
  *stages = t->stagesMean + t->stagesSd * normal(g);
}

size_t ariPgNearest(const AriPgTarget *t, const double *poolMs, const unsigned *poolStages,
                    size_t n, double ms, double stages) {
  size_t best = 0;
  double bestD = INFINITY, lt = log10(ms > 1e-9 ? ms : 1e-9);
  for (size_t i = 0; i < n; ++i) {
    double dr = (log10(poolMs[i] > 1e-9 ? poolMs[i] : 1e-9) - lt) / t->log10Sigma;
    double ds = ((double)poolStages[i] - stages) / t->stagesSd;
    double d = dr * dr + ds * ds;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}
