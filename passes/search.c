/*===- search.c - the rise-search pass ------------------------------------===*\
 *
 * Wires the beam engine (search/beam/beam.h) to a cost (costmodel/) and,
 * when the creator lends one, to the runtime's measurer. As in
 * rise-rewrite, everything that can be checked without a function (the
 * options, the actions file and every action) is checked first: a bad
 * option is one diagnostic, not one per function.
 *
 * The cost ranks; the lowering decides. A candidate the cost likes may
 * still be one that convert-rise-to-affine rejects (the rules keep
 * programs equal, not lowerable), so the best candidates are lowered, in
 * order, on a copy of the function, and the first that lowers wins (with
 * measure=K: the fastest of the first K that lower and run). The input
 * itself is always a candidate, so the pass never makes a function worse
 * under its own cost, nor unlowerable.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "passes/search.h"
#include "passes/lower/rise_to_affine.h"
#include "passes/pass_util.h"
#include "passes/rewrite.h"
#include "costmodel/cost.h"
#include "costmodel/dataset.h"
#include "costmodel/features.h"
#include "costmodel/machine.h"
#include "costmodel/measure_cache.h"
#include "costmodel/model.h"
#include "costmodel/nn/valuenet.h"
#include "search/astar/astar.h"
#include "search/beam/beam.h"
#include "search/egraph/egraph.h"
#include "search/mlir/term_mlir.h"
#include "search/strategy/strategy.h"
#include "search/strategy/strategy_rise.h"
#include "search/term/term.h"
#include "utils/arena.h"
#include "utils/file.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_VALUES = 16 };

typedef struct {
  char engine[32];
  char cost[ARI_OPT_STRING_MAX];
  char machine[ARI_OPT_STRING_MAX];
  int64_t measure;
  int64_t beam;
  int64_t depth;
  int64_t budget;
  char timeLimit[64];
  int64_t memoryLimit;
  int64_t threads;
  char tiles[256];
  char vectors[256];
  char actionsFile[ARI_OPT_STRING_MAX];
  int64_t seed;
  bool fma;
  char target[32];
  char func[ARI_OPT_STRING_MAX];
  char report[ARI_OPT_STRING_MAX];
  char dataset[ARI_OPT_STRING_MAX];
  char value[ARI_OPT_STRING_MAX];
  char cache[ARI_OPT_STRING_MAX];
  char eqsatRules[ARI_OPT_STRING_MAX];
  int64_t eqsatNodes;
  int64_t eqsatIters;
} SearchOptions;

/* engine=eqsat's default rules: the high-level restructurings (fusion,
 * fission, interchange) whose order matters, where a beam has to guess a
 * sequence and an e-graph keeps every order at once. Tiling and the
 * low-level choices stay with the beam that follows (their parameters
 * would multiply the e-graph). */
static const char kEqsatRules[] =
    "beta,eta,mapFusion,mapFission,reduceMapFusion,mapFissionDeep,fissionReduceMap,"
    "mapMapInterchange,mapReduceInterchange,transposeMapMap,mapMapTranspose,transposeTranspose";

static void searchDefaults(void *o) {
  SearchOptions *s = o;
  memset(s, 0, sizeof *s);
  strcpy(s->engine, "auto");
  strcpy(s->cost, "analytic");
  s->beam = 32;
  s->depth = 6;
  /* enough for the beam's 6 rounds on matmul 1024^3 (about 33,000
   * candidates a round): its 2-thread schedule (column panels outside
   * the rows, in parallel) is a sixth step, 13.6 -> 8.6 ms */
  s->budget = 200000;
  strcpy(s->timeLimit, "60");
  s->memoryLimit = 2048;
  s->threads = 1;
  strcpy(s->tiles, "4,8,16,32,64,128");
  strcpy(s->vectors, "auto");
  strcpy(s->target, "host");
  strcpy(s->eqsatRules, kEqsatRules);
  s->eqsatNodes = 20000;
  s->eqsatIters = 6;
  s->fma = true;
}

#define emit(loc, ...) ariPassEmit(loc, "rise-search", __VA_ARGS__)

/* "4,8,16" -> values; false with a message on anything else. */
static bool parseList(const char *name, const char *text, int64_t *vals, unsigned *n, char *err,
                      size_t cap) {
  *n = 0;
  const char *p = text;
  while (*p) {
    char *end;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (end == p || errno || v < 1 || v > 4096) {
      snprintf(err, cap, "%s='%s': expected numbers from 1 to 4096 separated by commas", name,
               text);
      return false;
    }
    if (*n == MAX_VALUES) {
      snprintf(err, cap, "%s='%s': at most %d values", name, text, MAX_VALUES);
      return false;
    }
    vals[(*n)++] = v;
    p = end;
    if (*p == ',')
      p++;
    else if (*p) {
      snprintf(err, cap, "%s='%s': unexpected '%c'", name, text, *p);
      return false;
    }
  }
  if (!*n) {
    snprintf(err, cap, "%s is empty", name);
    return false;
  }
  return true;
}

/* The cost, as the beam engine's callback. */
typedef struct {
  AriCostModel *model; /* analytic or learned */
  AriCost additive;    /* size / weighted otherwise */
  bool weighted;
} Scorer;

static bool scoreFuncs(void *ctx, AriTermStore *s, const AriTermFunc *const *fs, size_t n,
                       double *scores, char *err, size_t cap) {
  Scorer *sc = ctx;
  if (sc->model)
    return ariCostModelScoreFuncs(sc->model, s, fs, n, scores, err, cap);
  for (size_t i = 0; i < n; ++i) {
    double v = 0;
    for (unsigned r = 0; r < fs[i]->numRoots; ++r)
      v += sc->weighted ? ariCostTermWeighted(&sc->additive.weights, fs[i]->roots[r].value)
                        : ariCostTermSize(fs[i]->roots[r].value);
    scores[i] = v;
  }
  return true;
}

/* Swallows the diagnostics of a trial lowering: a candidate the lowering
 * rejects is passed over, not an error of the user's program. */
static MlirLogicalResult quietHandler(MlirDiagnostic d, void *user) {
  (void)d;
  (void)user;
  return mlirLogicalResultSuccess();
}

typedef struct {
  const SearchOptions *o;
  const AriSearchHooks *hooks;
  AriStratProgram *prog;
  AriStratRise *host;
  AriTermStore *store;
  AriBeamAction *actions;
  size_t numActions;
  Scorer *scorer;
  double timeLimit;
  FILE *out;
  const char *actionsName; /* for the replay line */
  bool failed, seen;
  uint64_t *counters;
  /* dataset=: measured candidates are recorded (layout
   * ARI_COST_MEASURE_LAYOUT, the machine's name as ariMachineProbe gives
   * it, like `ariadne-cost measure`'s records without code features). */
  AriCostDsWriter *ds;
  const AriMachine *machine; /* the analytic baseline's, or NULL */
  char machineName[160];
  AriFeatWork *feat;
  uint64_t recorded;
  AriValueNet *net; /* engine=astar's value=FILE, or NULL */
  AriMeasureCache *cache; /* cache=FILE, or NULL */
  bool cacheOom;
  AriEgRule *egRules; /* engine=eqsat's rules */
  size_t numEgRules;
} Run;

enum { SR_FUNCS, SR_CANDIDATES, SR_APPLIED, SR_LOWERED, SR_MEASURED, SR_CHANGED, SR_NUM_STATS };
static const AriStatisticDesc kSearchStats[SR_NUM_STATS] = {
    {"functions", "functions searched"},
    {"candidates", "schedules scored by the cost"},
    {"applications", "actions tried (action x position)"},
    {"lowerings", "candidates lowered to check them"},
    {"measured", "candidates timed (measure=K)"},
    {"changed", "functions rewritten"},
};

/* Appends one measured candidate of function `name` to the dataset. */
static void record(Run *r, MlirLocation loc, const char *name, const AriTermFunc *f,
                   const char *variant, double ms) {
  if (!r->ds || r->failed)
    return;
  AriFeatures feat;
  if (ariCostFeaturesFunc(r->store, f, &feat, r->feat) != ARI_FEAT_OK)
    return; /* no features: nothing a model could learn from */
  double vec[ARI_COST_MEASURE_FEATURES];
  ariCostMeasureVector(&feat, f, r->machine, (int)r->o->threads, NULL, vec);
  double secs = ms * 1e-3 > 0 ? ms * 1e-3 : 1e-9;
  AriCostRecord rec = {.program = name, .variant = variant, .machine = r->machineName,
                       .threads = (uint32_t)r->o->threads,
                       .featureLayout = ARI_COST_MEASURE_LAYOUT,
                       .numFeatures = ARI_COST_MEASURE_FEATURES, .features = vec,
                       .numTimes = 1, .times = &secs};
  AriCostDsError e = ariCostDsAdd(r->ds, &rec);
  if (!ariCostDsOk(&e)) {
    char msg[256];
    ariCostDsErrorFormat(&e, msg, sizeof msg);
    emit(loc, "dataset '%s': %s", r->o->dataset, msg);
    r->failed = true;
    return;
  }
  r->recorded++;
}

/* With fma=true (the default), the scheduled function carries rise.fma:
 * the lowering then fuses a multiply feeding an add into one FMA, as gcc
 * -O3 contracts C by default and OpenBLAS's kernels do (a 16-accumulator
 * register block of matmul runs 1.5x faster with them). Candidates are
 * measured as they will be lowered. */
static void markFma(Run *r, MlirOperation func) {
  if (r->o->fma)
    mlirOperationSetAttributeByName(func, mlirStringRefCreateFromCString(ARI_LOWER_FMA_ATTR),
                                    mlirUnitAttrGet(mlirOperationGetContext(func)));
}

/* f (the candidate's roots) exported into a copy of func, alone in a new
 * module; the module's null op when export fails. */
static MlirModule candidateModule(Run *r, MlirOperation func, const AriTermFunc *f) {
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirModule m = mlirModuleCreateEmpty(loc);
  MlirOperation clone = mlirOperationClone(func);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), clone);
  MlirLocation errLoc = loc;
  ariTermStoreClearError(r->store);
  if (!ariTermExportFunc(r->store, f, clone, &errLoc)) {
    mlirModuleDestroy(m);
    return (MlirModule){NULL};
  }
  markFma(r, clone);
  return m;
}

/* Whether candidate f lowers (convert-rise-to-affine on a copy). */
static bool lowers(Run *r, MlirOperation func, const AriTermFunc *f, char *why, size_t cap) {
  MlirModule m = candidateModule(r, func, f);
  if (mlirModuleIsNull(m)) {
    snprintf(why, cap, "cannot export: %s", ariTermStoreError(r->store));
    return false;
  }
  char opts[4096];
  char err[256];
  bool ok = ariRiseToAffinePass.optionsSize <= sizeof opts &&
            ariOptionsParse(&ariRiseToAffinePass, "", opts, err, sizeof err);
  MlirContext ctx = mlirOperationGetContext(func);
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, quietHandler, NULL, NULL);
  if (ok)
    ok = mlirLogicalResultIsSuccess(
        ariPassRun(&ariRiseToAffinePass, mlirModuleGetOperation(m), opts, NULL));
  mlirContextDetachDiagnosticHandler(ctx, id);
  mlirModuleDestroy(m);
  if (!ok)
    snprintf(why, cap, "convert-rise-to-affine rejects it");
  r->counters[SR_LOWERED]++;
  return ok;
}

/*--- measuring, with cache= ------------------------------------------------*/

/* A function's structural key: its roots' terms (ariTermHash is
 * structural, the same in every run) and where they go. */
static uint64_t funcHash(const AriTermFunc *f) {
  uint64_t h = 0xcbf29ce484222325ULL ^ f->numArgs;
  for (unsigned i = 0; i < f->numRoots; ++i) {
    h = (h ^ ariTermHash(f->roots[i].value)) * 0x100000001b3ULL;
    h = (h ^ ((uint64_t)f->roots[i].kind << 32 | f->roots[i].index)) * 0x100000001b3ULL;
  }
  return h;
}

static bool cacheGet(Run *r, const AriTermFunc *f, double *ms) {
  return r->cache && ariMeasureCacheGet(r->cache, funcHash(f), (uint32_t)r->o->threads,
                                        r->o->target, r->machineName, ms);
}

static void cachePut(Run *r, const AriTermFunc *f, double ms) {
  if (r->cache && !ariMeasureCachePut(r->cache, funcHash(f), (uint32_t)r->o->threads,
                                      r->o->target, r->machineName, ms))
    r->cacheOom = true;
}

/* Starts the measurer on the input (which it times: *inputMs). NULL after
 * a diagnostic. */
static void *beginSession(Run *r, MlirOperation func, const AriTermFunc *f, const char *name,
                          double *inputMs) {
  MlirLocation loc = mlirOperationGetLocation(func);
  char merr[256] = "";
  MlirModule m = candidateModule(r, func, f);
  void *session = mlirModuleIsNull(m)
                      ? NULL
                      : r->hooks->measureBegin(r->hooks->ctx,
                                               mlirBlockGetFirstOperation(mlirModuleGetBody(m)),
                                               (int)r->o->threads, inputMs, merr, sizeof merr);
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  if (!session) {
    emit(loc, "measure=%" PRId64 ": cannot measure @%s as written: %s", r->o->measure, name,
         merr[0] ? merr : ariTermStoreError(r->store));
    r->failed = true;
    return NULL;
  }
  r->counters[SR_MEASURED]++;
  record(r, loc, name, f, "as written", *inputMs);
  cachePut(r, f, *inputMs);
  if (r->out)
    fprintf(r->out, "rise-search @%s: measured the input: %.4f ms\n", name, *inputMs);
  return session;
}

/* Whether sc's steps are the same actions (as a multiset: positions and
 * order aside) as those of a schedule already measured, best[tried[..]].
 * The cost often ties schedules that differ only there; measuring one of
 * each kind spreads the K measurements over different schedules. */
static int cmpUnsigned(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

static bool sameActions(const AriBeamSchedule *sc, const AriBeamSchedule *best,
                        const size_t *tried, size_t numTried) {
  unsigned a[ARI_BEAM_MAX_DEPTH], b[ARI_BEAM_MAX_DEPTH];
  for (unsigned k = 0; k < sc->numSteps; ++k)
    a[k] = sc->steps[k].action;
  qsort(a, sc->numSteps, sizeof a[0], cmpUnsigned);
  for (size_t t = 0; t < numTried; ++t) {
    const AriBeamSchedule *o = &best[tried[t]];
    if (o->numSteps != sc->numSteps)
      continue;
    for (unsigned k = 0; k < o->numSteps; ++k)
      b[k] = o->steps[k].action;
    qsort(b, o->numSteps, sizeof b[0], cmpUnsigned);
    if (!memcmp(a, b, sc->numSteps * sizeof a[0]))
      return true;
  }
  return false;
}

/*--- engine=eqsat: equality saturation, then the beam --------------------*/

/* Grows one e-graph per root of f with the eqsat rules (eqsat-nodes,
 * eqsat-iters, a quarter of the time limit, the memory limit), extracts
 * the k cheapest-by-size terms of each root (ariEgExtractK: the analytic
 * cost is not a sum over e-nodes, so it cannot drive extraction per
 * e-class), and scores whole candidates with the search's cost: candidate
 * j takes each root's j-th term (its last when it has fewer). The input
 * is candidate 0, so the stage never makes the function worse under the
 * cost. *start gets the cheapest; the report line goes to stats. */
enum { EQSAT_K = 8 };

static bool lowers(Run *r, MlirOperation func, const AriTermFunc *f, char *why, size_t cap);

static bool eqsatStage(Run *r, MlirOperation func, const AriTermFunc *f, AriArena *arena, AriTermFunc *start,
                       char *stats, size_t cap, char *err, size_t errCap) {
  *start = *f;
  AriTerm **cands = ariArenaCalloc(arena, (size_t)(EQSAT_K + 1) * (f->numRoots + 1) * sizeof *cands);
  size_t *num = ariArenaCalloc(arena, (f->numRoots + 1) * sizeof *num);
  if (!cands || !num) {
    snprintf(err, errCap, "out of memory");
    return false;
  }
  AriEgStop stop = ARI_EG_STOP_SATURATED;
  size_t nodes = 0, applied = 0;
  unsigned iters = 0;
  double secs = 0;
  for (unsigned i = 0; i < f->numRoots; ++i) {
    AriTerm **row = cands + (size_t)i * (EQSAT_K + 1);
    row[0] = f->roots[i].value;
    num[i] = 1;
    AriEGraph *g = ariEgCreate(r->store);
    AriEClass root = g ? ariEgAddTerm(g, f->roots[i].value) : ARI_EG_NONE;
    if (root == ARI_EG_NONE) {
      snprintf(err, errCap, "e-graph: %s", g ? ariEgError(g) : "out of memory");
      ariEgDestroy(g);
      return false;
    }
    AriEgRunOpts ro = {.maxIterations = (unsigned)r->o->eqsatIters,
                       .maxNodes = (size_t)r->o->eqsatNodes,
                       .maxSeconds = r->timeLimit / 4 / (f->numRoots ? f->numRoots : 1),
                       .maxBytes = (size_t)r->o->memoryLimit << 20};
    AriEgReport er;
    if (!ariEgRun(g, root, r->egRules, r->numEgRules, &ro, &er)) {
      snprintf(err, errCap, "e-graph: %s", er.error);
      ariEgDestroy(g);
      return false;
    }
    if (er.stop != ARI_EG_STOP_SATURATED)
      stop = er.stop;
    nodes += er.nodes;
    applied += er.applied;
    iters = er.iterations > iters ? er.iterations : iters;
    secs += er.seconds;
    ariEgClearError(g);
    AriTerm *got[EQSAT_K];
    size_t n = ariEgExtractK(g, ariEgFind(g, root), NULL, NULL, NULL, NULL, EQSAT_K, got, NULL);
    if (!n && ariEgError(g)[0]) {
      snprintf(err, errCap, "e-graph extraction: %s", ariEgError(g));
      ariEgDestroy(g);
      return false;
    }
    for (size_t k = 0; k < n; ++k)
      row[num[i]++] = got[k];
    ariEgDestroy(g);
  }
  /* Whole candidates, scored in one batch. */
  size_t ncand = 0;
  for (unsigned i = 0; i < f->numRoots; ++i)
    ncand = num[i] > ncand ? num[i] : ncand;
  if (!f->numRoots)
    ncand = 1;
  AriTermFunc *fs = ariArenaAlloc(arena, ncand * sizeof *fs);
  const AriTermFunc **fp = ariArenaAlloc(arena, ncand * sizeof *fp);
  double *sc = ariArenaAlloc(arena, ncand * sizeof *sc);
  if (!fs || !fp || !sc) {
    snprintf(err, errCap, "out of memory");
    return false;
  }
  for (size_t j = 0; j < ncand; ++j) {
    fs[j] = *f;
    fs[j].roots = ariArenaAlloc(arena, (f->numRoots ? f->numRoots : 1) * sizeof *fs[j].roots);
    if (!fs[j].roots) {
      snprintf(err, errCap, "out of memory");
      return false;
    }
    memcpy(fs[j].roots, f->roots, f->numRoots * sizeof *f->roots);
    for (unsigned i = 0; i < f->numRoots; ++i)
      fs[j].roots[i].value = cands[(size_t)i * (EQSAT_K + 1) + (j < num[i] ? j : num[i] - 1)];
    fp[j] = &fs[j];
  }
  if (!scoreFuncs(r->scorer, r->store, fp, ncand, sc, err, errCap)) {
    for (size_t j = 0; j < ncand; ++j) {
      char e1[256];
      if (!scoreFuncs(r->scorer, r->store, &fp[j], 1, &sc[j], e1, sizeof e1))
        sc[j] = INFINITY;
    }
  }
  /* The cheapest that lowers: a start the lowering rejects would leave
   * the beam nothing to find (its steps keep what the lowering rejects). */
  size_t best = 0, notLowered = 0;
  bool *tried = ariArenaCalloc(arena, ncand * sizeof *tried);
  for (size_t round = 0; tried && round < ncand; ++round) {
    size_t j = SIZE_MAX;
    for (size_t k = 1; k < ncand; ++k)
      if (!tried[k] && isfinite(sc[k]) && (j == SIZE_MAX || sc[k] < sc[j]))
        j = k;
    if (j == SIZE_MAX || !(sc[j] < sc[0]) || fs[j].roots[0].value == f->roots[0].value)
      break;
    tried[j] = true;
    char why[256];
    if (lowers(r, func, &fs[j], why, sizeof why)) {
      best = j;
      break;
    }
    notLowered++;
  }
  *start = fs[best];
  snprintf(stats, cap,
           "eqsat stop=%s iterations=%u e-nodes=%zu applied=%zu candidates=%zu not-lowered=%zu "
           "picked=%zu (cost %.6g -> %.6g) seconds=%.3f",
           ariEgStopName(stop), iters, nodes, applied, ncand, notLowered, best, sc[0], sc[best],
           secs);
  return true;
}

/*--- engine=astar: search/astar's engine over the beam's actions ---------*/

/* The A* engine takes a move set (AriAStarMoves): its states are the
 * strategy host's function nodes (hash-consed, so the same roots are the
 * same handle), its moves every action at every position, as the beam's
 * (ariBeamPositions, ariBeamApply). A function node's handle is odd (the
 * host tags them, strategy_rise.c); the engine gets the even pointer under
 * it, which it never reads, and the adapter adds the tag back. */
typedef struct {
  Run *r;
  const AriTermFunc *f; /* the input: name, arguments, hints */
  AriTermFunc scratchFunc; /* f with the roots of the state being costed */
  AriArena scratch;
  AriStratLimits limits;
  uint32_t *paths;
  unsigned *lens;
  unsigned maxPositions;
  struct timespec start;
  uint64_t applications;
  bool costFailed;
  char costError[256];
} AStarRun;

static AriTerm *stateOf(AriStratTerm h) { return (AriTerm *)(uintptr_t)(h & ~(AriStratTerm)1); }
static AriStratTerm handleOf(const AriTerm *t) { return (AriStratTerm)(uintptr_t)t | 1; }

static bool astarSetRoots(AStarRun *a, const AriTerm *state, AriTermFunc *out) {
  return ariStratRiseSetRoots(a->r->host, handleOf(state), out);
}

static uint64_t astarHash(void *ctx, const AriTerm *state) {
  AStarRun *a = ctx;
  if (!astarSetRoots(a, state, &a->scratchFunc))
    return 0;
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (unsigned i = 0; i < a->scratchFunc.numRoots; ++i)
    h = (h ^ ariTermHash(a->scratchFunc.roots[i].value)) * 0x100000001b3ULL;
  return h;
}

static double astarCost(void *ctx, const AriTerm *state) {
  AStarRun *a = ctx;
  if (!astarSetRoots(a, state, &a->scratchFunc))
    return INFINITY;
  const AriTermFunc *fp = &a->scratchFunc;
  double v = INFINITY;
  char err[256] = "";
  if (!scoreFuncs(a->r->scorer, a->r->store, &fp, 1, &v, err, sizeof err)) {
    if (!a->costFailed)
      snprintf(a->costError, sizeof a->costError, "%s", err);
    a->costFailed = true;
    return INFINITY;
  }
  return v;
}

static double secondsSince(const struct timespec *t0) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

static bool astarSuccessors(void *ctx, AriTerm *state, unsigned maxPositions, AriAStarEmitFn onMove,
                            void *emitCtx, char *err, size_t cap) {
  AStarRun *a = ctx;
  Run *r = a->r;
  AriStratTerm t = handleOf(state);
  unsigned max = maxPositions < a->maxPositions ? maxPositions : a->maxPositions;
  unsigned np = ariBeamPositions(r->host, t, max, a->paths, a->lens);
  for (unsigned pi = 0; pi < np; ++pi) {
    const uint32_t *pp = a->paths + (size_t)pi * ARI_BEAM_MAX_PATH;
    for (size_t k = 0; k < r->numActions; ++k) {
      /* An expansion runs thousands of actions: the time limit is checked
       * here too (every 256, as the beam does); stopping the enumeration
       * lets the engine find the limit before its next expansion. */
      if ((++a->applications & 255) == 0 && r->timeLimit > 0 &&
          secondsSince(&a->start) >= r->timeLimit)
        return true;
      AriArenaMark m = ariArenaMark(&a->scratch);
      AriStratTerm out;
      bool hard = false;
      bool ok = ariBeamApply(r->store, r->host, r->prog, &r->actions[k], &a->limits, &a->scratch,
                             t, pp, a->lens[pi], &out, &hard);
      ariArenaRelease(&a->scratch, m);
      if (hard) {
        snprintf(err, cap, "term store: %s", ariTermStoreError(r->store));
        return false;
      }
      if (ok && !onMove(emitCtx, stateOf(out), (unsigned)k, pp, a->lens[pi]))
        return true;
    }
  }
  return true;
}

/* value=FILE: the net's value of a state is the sum over its roots. */
static bool astarValue(void *ctx, AriTermStore *s, AriTerm *const *states, const unsigned *left,
                       unsigned n, float *out, char *err, size_t cap) {
  AStarRun *a = ctx;
  for (unsigned i = 0; i < n; ++i) {
    out[i] = 0;
    if (!astarSetRoots(a, states[i], &a->scratchFunc)) {
      snprintf(err, cap, "not a function node");
      return false;
    }
    for (unsigned k = 0; k < a->scratchFunc.numRoots; ++k) {
      AriTerm *t = a->scratchFunc.roots[k].value;
      float v = 0;
      if (!ariValueNetEval(a->r->net, s, &t, &left[i], 1, &v, err, cap))
        return false;
      out[i] += v;
    }
  }
  return true;
}

/* Runs the A* and gives its best states as the beam's result shape, so
 * that the lowering check and measure=K are the same for both engines. */
static void astarSearch(Run *r, const AriTermFunc *f, AriArena *arena, AriBeamResult *res,
                        char *stats, size_t statsCap) {
  memset(res, 0, sizeof *res);
  AStarRun a;
  memset(&a, 0, sizeof a);
  a.r = r;
  a.f = f;
  a.scratchFunc = *f;
  a.scratchFunc.roots = ariArenaAlloc(arena, (f->numRoots ? f->numRoots : 1) * sizeof(AriTermRoot));
  a.maxPositions = 4096;
  a.paths = ariArenaAlloc(arena, (size_t)a.maxPositions * ARI_BEAM_MAX_PATH * sizeof *a.paths);
  a.lens = ariArenaAlloc(arena, a.maxPositions * sizeof *a.lens);
  a.limits.maxSteps = 10000; /* the beam's defaults */
  a.limits.maxVisits = 1000000;
  ariArenaInit(&a.scratch, 0);
  clock_gettime(CLOCK_MONOTONIC, &a.start);
  AriStratTerm t0 = ariStratRiseFuncTerm(r->host, f);
  if (!a.scratchFunc.roots || !a.paths || !a.lens || !t0) {
    res->stop = ARI_BEAM_ERROR;
    snprintf(res->message, sizeof res->message, "out of memory");
    ariArenaDestroy(&a.scratch);
    return;
  }
  memcpy(a.scratchFunc.roots, f->roots, f->numRoots * sizeof *f->roots);
  AriAStarMoves moves = {astarSuccessors, astarHash, &a};
  AriAStarOptions ao;
  memset(&ao, 0, sizeof ao);
  ao.engine = ARI_ASTAR_ENGINE_ASTAR;
  /* budget=0 means no limit for rise-search; the engine's 0 is 5000. */
  ao.budget = r->o->budget ? (uint64_t)r->o->budget : UINT64_MAX;
  ao.horizon = (unsigned)r->o->depth;
  ao.timeLimitS = r->timeLimit;
  ao.maxStoreBytes = (size_t)r->o->memoryLimit << 20;
  ao.seed = (uint64_t)r->o->seed;
  ao.moves = &moves;
  ao.keep = r->o->measure > 0 ? 8 * (unsigned)r->o->measure + 16 : 16;
  if (r->net) {
    ao.value = astarValue;
    ao.valueCtx = &a;
  }
  AriAStarResult ar;
  ariAStarSearch(r->store, stateOf(t0), NULL, 0, astarCost, &a, &ao, arena, &ar);
  ariArenaDestroy(&a.scratch);
  switch (ar.stop) {
  case ARI_ASTAR_STOP_BUDGET: res->stop = ARI_BEAM_CANDIDATES; break;
  case ARI_ASTAR_STOP_EXHAUSTED: res->stop = ARI_BEAM_EXHAUSTED; break;
  case ARI_ASTAR_STOP_TIME: res->stop = ARI_BEAM_TIME; break;
  case ARI_ASTAR_STOP_MEMORY:
  case ARI_ASTAR_STOP_STATES: res->stop = ARI_BEAM_MEMORY; break;
  case ARI_ASTAR_STOP_ERROR: res->stop = ARI_BEAM_ERROR; break;
  }
  snprintf(res->message, sizeof res->message, "%s", ar.message);
  if (a.costFailed && ar.stop != ARI_ASTAR_STOP_ERROR)
    res->unscored++;
  res->candidates = ar.evaluations;
  res->applications = a.applications;
  res->duplicates = ar.pruned;
  res->inputScore = ar.inputCost;
  res->seconds = ar.seconds;
  res->rounds = (unsigned)ar.expanded;
  snprintf(stats, statsCap,
           "stop=%s (%s) horizon=%" PRId64 " evaluations=%" PRIu64 " expanded=%" PRIu64
           " pruned=%" PRIu64 " states=%" PRIu64 " applications=%" PRIu64 "%s seconds=%.3f",
           ariAStarStopName(ar.stop), ar.message, r->o->depth, ar.evaluations, ar.expanded,
           ar.pruned, ar.states, a.applications, r->net ? " value=learned" : "", ar.seconds);
  res->best = ariArenaAlloc(arena, (ar.numTop ? ar.numTop : 1) * sizeof *res->best);
  if (!res->best || !ar.numTop)
    return; /* numBest 0: reported as a failure */
  for (size_t i = 0; i < ar.numTop; ++i) {
    AriBeamSchedule *sc = &res->best[res->numBest];
    const AriAStarTop *tp = &ar.top[i];
    sc->func = *f;
    sc->func.roots = ariArenaAlloc(arena, (f->numRoots ? f->numRoots : 1) * sizeof(AriTermRoot));
    sc->steps = ariArenaAlloc(arena, (tp->numSteps ? tp->numSteps : 1) * sizeof *sc->steps);
    if (!sc->func.roots || !sc->steps)
      break;
    memcpy(sc->func.roots, f->roots, f->numRoots * sizeof *f->roots);
    if (!astarSetRoots(&a, tp->state, &sc->func) || tp->numSteps > ARI_BEAM_MAX_DEPTH)
      continue;
    sc->score = tp->cost;
    sc->numSteps = tp->numSteps;
    bool fits = true;
    for (unsigned k = 0; k < tp->numSteps; ++k) {
      /* Paths come from ariBeamPositions: at most ARI_BEAM_MAX_PATH. */
      fits &= tp->steps[k].pathLen <= ARI_BEAM_MAX_PATH;
      if (!fits)
        break;
      sc->steps[k].action = tp->steps[k].rule;
      sc->steps[k].pathLen = tp->steps[k].pathLen;
      memcpy(sc->steps[k].path, tp->steps[k].path,
             tp->steps[k].pathLen * sizeof *tp->steps[k].path);
    }
    if (fits)
      res->numBest++;
  }
  res->numKept = res->numBest;
}

/* engine=auto is the beam (docs/search.md, "Engines"). */
static bool useAStar(const SearchOptions *o) { return !strcmp(o->engine, "astar"); }

static void searchFunc(void *ctx, MlirOperation func) {
  Run *r = ctx;
  char name[256];
  ariPassFuncName(func, name, sizeof name);
  if (r->o->func[0] && strcmp(r->o->func, name))
    return;
  r->seen = true;
  MlirLocation loc = mlirOperationGetLocation(func);
  AriTermFunc f;
  MlirLocation errLoc = loc;
  ariTermStoreClearError(r->store);
  if (!ariTermImportFunc(r->store, func, &f, &errLoc)) {
    emit(errLoc, "cannot import @%s: %s", name, ariTermStoreError(r->store));
    r->failed = true;
    return;
  }
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriBeamOptions bo;
  memset(&bo, 0, sizeof bo);
  bo.beamWidth = (unsigned)r->o->beam;
  bo.maxDepth = (unsigned)r->o->depth;
  bo.maxCandidates = (uint64_t)r->o->budget;
  bo.timeLimitS = r->timeLimit;
  bo.maxStoreBytes = (size_t)r->o->memoryLimit << 20;
  bo.seed = (uint64_t)r->o->seed;
  /* Enough to find K of different actions among the ties (see
   * sameActions), and candidates that do not lower. */
  bo.keep = r->o->measure > 0 ? 8 * (unsigned)r->o->measure + 16 : 16;
  AriBeamResult res;
  char stats[512];
  const char *engine = useAStar(r->o) ? "astar" : !strcmp(r->o->engine, "eqsat") ? "eqsat" : "beam";
  /* Where the search starts: the input, or eqsat's program. */
  AriTermFunc start = f;
  if (!strcmp(engine, "eqsat")) {
    char eerr[256] = "";
    if (!eqsatStage(r, func, &f, &arena, &start, stats, sizeof stats, eerr, sizeof eerr)) {
      emit(loc, "engine=eqsat on @%s: %s", name, eerr);
      r->failed = true;
      ariArenaDestroy(&arena);
      return;
    }
    if (r->out)
      fprintf(r->out, "rise-search @%s: engine=eqsat %s\n", name, stats);
  }
  bool startIsInput = start.roots == f.roots;
  if (useAStar(r->o)) {
    astarSearch(r, &f, &arena, &res, stats, sizeof stats);
  } else {
    ariBeamSearch(r->store, r->host, r->prog, r->actions, r->numActions, &start, scoreFuncs,
                  r->scorer, &bo, &arena, &res);
    snprintf(stats, sizeof stats,
             "stop=%s (%s) rounds=%u candidates=%" PRIu64 " applications=%" PRIu64
             " duplicates=%" PRIu64 " seconds=%.3f",
             ariBeamStopName(res.stop), res.message, res.rounds, res.candidates,
             res.applications, res.duplicates, res.seconds);
  }
  r->counters[SR_FUNCS]++;
  r->counters[SR_CANDIDATES] += res.candidates;
  r->counters[SR_APPLIED] += res.applications;
  if (res.stop == ARI_BEAM_ERROR || res.numBest == 0) {
    emit(loc, "search of @%s failed: %s", name, res.message);
    r->failed = true;
    ariArenaDestroy(&arena);
    return;
  }
  double inputScore = res.inputScore;
  if (!startIsInput) {
    /* the input's own score, for the report (eqsat's start differs) */
    const AriTermFunc *fp = &f;
    char e1[256];
    if (!scoreFuncs(r->scorer, r->store, &fp, 1, &inputScore, e1, sizeof e1))
      inputScore = INFINITY;
  }

  if (!startIsInput) {
    /* eqsat's program itself is a candidate (last), even when the beam
     * kept only schedules from it that score better. */
    bool has = false;
    for (size_t i = 0; i < res.numBest; ++i)
      has |= res.best[i].numSteps == 0;
    AriBeamSchedule *all = has ? NULL : ariArenaAlloc(&arena, (res.numBest + 1) * sizeof *all);
    if (all) {
      memcpy(all, res.best, res.numBest * sizeof *all);
      const AriTermFunc *fp = &start;
      char e1[256];
      all[res.numBest] = (AriBeamSchedule){.func = start, .score = INFINITY};
      if (!scoreFuncs(r->scorer, r->store, &fp, 1, &all[res.numBest].score, e1, sizeof e1))
        all[res.numBest].score = INFINITY;
      res.best = all;
      res.numBest++;
    }
  }
  /* Pick: the first that lowers, or the fastest of the input and the
   * first K candidates that lower, measured (or their times from
   * cache=). The measuring session starts only when a time is not
   * cached, so a search whose times are all cached compiles nothing. */
  size_t chosen = SIZE_MAX;
  double chosenMs = INFINITY, inputMs = NAN;
  unsigned measured = 0, rejected = 0, fromCache = 0, timed = 0;
  char why[256] = "";
  void *session = NULL;
  bool measuring = r->o->measure > 0;
  if (measuring) {
    if (cacheGet(r, &f, &inputMs)) {
      if (r->out)
        fprintf(r->out, "rise-search @%s: the input: %.4f ms (from the cache)\n", name, inputMs);
    } else if (!(session = beginSession(r, func, &f, name, &inputMs))) {
      ariArenaDestroy(&arena);
      return;
    }
  }
  size_t *tried = ariArenaAlloc(&arena, (res.numBest + 1) * sizeof *tried), numTried = 0;
  for (size_t i = 0; tried && i < res.numBest; ++i) {
    const AriBeamSchedule *sc = &res.best[i];
    /* A candidate other than the input (eqsat's start is one even
     * with no steps) is lowered and measured. */
    bool isInput = !sc->numSteps && startIsInput;
    if (measuring && !isInput && sameActions(sc, res.best, tried, numTried))
      continue;
    if (!isInput && !lowers(r, func, &sc->func, why, sizeof why)) {
      rejected++;
      continue;
    }
    if (!measuring) {
      chosen = i;
      break;
    }
    if (isInput) { /* measured already */
      if (inputMs < chosenMs) {
        chosenMs = inputMs;
        chosen = i;
      }
      continue;
    }
    tried[numTried++] = i;
    double ms = INFINITY;
    char merr[256] = "";
    double bound = chosenMs < inputMs ? chosenMs : inputMs;
    bool ok, cached = cacheGet(r, &sc->func, &ms);
    /* A cached failure (-L) stands while the best time is at most L: it
     * was stopped, or failed, with that bound. */
    if (cached && ms < 0 && bound > -ms)
      cached = false;
    if (cached) {
      ok = ms >= 0;
      if (!ok)
        snprintf(merr, sizeof merr, "failed or stopped before, with a best time of %.4f ms",
                 -ms);
      fromCache++;
    } else {
      if (!session && !(session = beginSession(r, func, &f, name, &inputMs))) {
        ariArenaDestroy(&arena);
        return;
      }
      MlirModule m = candidateModule(r, func, &sc->func);
      if (mlirModuleIsNull(m))
        continue;
      ok = r->hooks->measure(session, mlirBlockGetFirstOperation(mlirModuleGetBody(m)), bound,
                             &ms, merr, sizeof merr);
      mlirModuleDestroy(m);
      measured++;
      r->counters[SR_MEASURED]++;
      /* A failure is cached as -bound: whether a candidate is stopped
       * depends on the best time so far. */
      cachePut(r, &sc->func, ok ? ms : -(bound > 1e-9 ? bound : 1e-9));
    }
    timed++;
    if (r->out) {
      if (ok)
        fprintf(r->out, "rise-search @%s: measured #%zu (cost %.6g): %.4f ms%s\n", name, i + 1,
                sc->score, ms, cached ? " (from the cache)" : "");
      else
        fprintf(r->out, "rise-search @%s: measured #%zu (cost %.6g): %s\n", name, i + 1,
                sc->score, merr);
    }
    if (ok && !cached && r->ds) {
      size_t need = ariBeamFormatSchedule(sc, r->actions, NULL, 0) + 1;
      char *text = ariArenaAlloc(&arena, need);
      if (text) {
        ariBeamFormatSchedule(sc, r->actions, text, need);
        record(r, loc, name, &sc->func, text, ms);
      }
    }
    if (ok && ms < chosenMs) {
      chosenMs = ms;
      chosen = i;
    }
    if (timed == (unsigned)r->o->measure)
      break;
  }
  if (session)
    r->hooks->measureEnd(session);
  if (measuring && (chosen == SIZE_MAX || inputMs <= chosenMs)) {
    /* The input is as fast as anything measured: keep it. */
    if (r->out)
      fprintf(r->out,
              "rise-search @%s: no candidate beat the input (%.4f ms; %u measured, %u from "
              "cache); left unchanged\n",
              name, inputMs, measured, fromCache);
    ariArenaDestroy(&arena);
    return;
  }
  if (chosen == SIZE_MAX) {
    /* Nothing lowered or measured: the input stays (it is a candidate only
     * when it scored among the best; otherwise keep it as it is). */
    if (r->out)
      fprintf(r->out, "rise-search @%s: no candidate lowered (last: %s); left unchanged\n", name,
              why);
    ariArenaDestroy(&arena);
    return;
  }
  const AriBeamSchedule *best = &res.best[chosen];
  if (r->out) {
    size_t need = ariBeamFormatSchedule(best, r->actions, NULL, 0) + 1;
    char *text = ariArenaAlloc(&arena, need);
    if (text)
      ariBeamFormatSchedule(best, r->actions, text, need);
    fprintf(r->out, "rise-search @%s: engine=%s %s\n", name, engine, stats);
    fprintf(r->out, "rise-search @%s: cost %.6g -> %.6g (%s), %u step%s, %u candidate%s not lowered",
            name, inputScore, best->score, r->o->cost, best->numSteps,
            best->numSteps == 1 ? "" : "s", rejected, rejected == 1 ? "" : "s");
    if (measuring)
      fprintf(r->out, ", %u measured, %u from cache: %.4f ms against %.4f ms as written (%.2fx)",
              measured, fromCache, chosenMs, inputMs, inputMs / chosenMs);
    fprintf(r->out, "\nrise-search @%s: schedule%s (rise-rewrite{strategy-file=%s strategy=\"...\"}): %s\n",
            name, startIsInput ? "" : ", from eqsat's program,", r->actionsName,
            text ? text : "?");
  }
  if (best->numSteps || !startIsInput) {
    errLoc = loc;
    ariTermStoreClearError(r->store);
    if (!ariTermExportFunc(r->store, &best->func, func, &errLoc)) {
      emit(errLoc, "cannot export the scheduled @%s: %s", name, ariTermStoreError(r->store));
      r->failed = true;
    } else {
      r->counters[SR_CHANGED]++;
    }
  }
  markFma(r, func);
  ariArenaDestroy(&arena);
}

static MlirLogicalResult searchRun(MlirOperation op, const void *opts, uint64_t *counters,
                                   const void *hooksPtr) {
  const SearchOptions *o = opts;
  const AriSearchHooks *hooks = hooksPtr;
  MlirLocation loc = mlirOperationGetLocation(op);
  char err[ARI_OPT_STRING_MAX + 256];
  if (strcmp(o->engine, "auto") && strcmp(o->engine, "beam") && strcmp(o->engine, "astar") &&
      strcmp(o->engine, "eqsat"))
    return emit(loc, "engine='%s': expected auto, beam, astar or eqsat", o->engine);
  if (o->value[0] && strcmp(o->engine, "astar"))
    return emit(loc, "value='%s' is the A*'s learned value function: it needs engine=astar",
                o->value);
  if (o->eqsatNodes < 1 || o->eqsatIters < 1 || o->eqsatIters > 1000)
    return emit(loc, "eqsat-nodes and eqsat-iters must be positive (eqsat-iters at most 1000)");
  bool aarch64 = !strcmp(o->target, "aarch64");
  if (strcmp(o->target, "host") && !aarch64)
    return emit(loc, "target='%s': expected host or aarch64", o->target);
  if (aarch64 && o->measure > 0)
    return emit(loc, "target=aarch64 with measure=%" PRId64 ": candidates cannot be timed for "
                     "aarch64 here (under qemu-aarch64 a time measures the emulator on this "
                     "CPU, not an AArch64 core, and would rank candidates by how well they "
                     "emulate); search with the cost alone, or run the search on an AArch64 "
                     "machine with target=host",
                o->measure);
  if (aarch64 && ariCostModelIsSpec(o->cost) && strcmp(o->cost, "analytic") &&
      strncmp(o->cost, "analytic:", 9))
    return emit(loc, "target=aarch64 with cost='%s': a learned model knows the machine it was "
                     "trained on; use cost=analytic (a nominal AArch64 core), "
                     "analytic:MACHINE_FILE (one measured on the target), size or weighted",
                o->cost);
  if (o->beam < 1 || o->beam > 4096)
    return emit(loc, "beam=%" PRId64 ": expected 1 to 4096", o->beam);
  if (o->depth < 1 || o->depth > ARI_BEAM_MAX_DEPTH)
    return emit(loc, "depth=%" PRId64 ": expected 1 to %d", o->depth, ARI_BEAM_MAX_DEPTH);
  if (o->budget < 0 || o->memoryLimit < 0 || o->measure < 0 || o->seed < 0)
    return emit(loc, "budget, memory-limit, measure and seed must not be negative");
  if (o->threads < 1 || o->threads > 1024)
    return emit(loc, "threads=%" PRId64 ": expected 1 to 1024", o->threads);
  char *end;
  errno = 0;
  double timeLimit = strtod(o->timeLimit, &end);
  if (end == o->timeLimit || *end || errno || !(timeLimit >= 0) || timeLimit > 1e6)
    return emit(loc, "time-limit='%s': expected seconds (0 for none)", o->timeLimit);
  if (o->measure > 0 && (!hooks || !hooks->measure))
    return emit(loc, "measure=%" PRId64 " needs the runtime's measurer, which this driver does "
                     "not provide (mlir-opt cannot run code); run the search in a runtime "
                     "pipeline (`ariadne-run --pipeline=rise-search{measure=K}`) or create the "
                     "pass with ariPassCreateHooked",
                o->measure);
  if (o->cache[0] && o->measure <= 0)
    return emit(loc, "cache='%s' keeps measured times: it needs measure=K", o->cache);
  if (o->dataset[0] && o->measure <= 0)
    return emit(loc, "dataset='%s' records measured candidates: it needs measure=K", o->dataset);
  int64_t tiles[MAX_VALUES], vecs[MAX_VALUES];
  unsigned nt, nv;
  char autoVectors[64];
  const char *vectors = o->vectors;
  if (!strcmp(vectors, "auto")) {
    /* Half, one and two registers of f32 lanes: two registers is what a
     * row of register accumulators wants (matmul's best on AVX-512). */
    int w = ariMachineVectorBytes() / 4;
    if (aarch64)
      /* NEON: 4 lanes; half a register is no vector, and AArch64's 32
       * vector registers make rows of 2 and 4 registers worth trying. */
      snprintf(autoVectors, sizeof autoVectors, "4,8,16");
    else
      snprintf(autoVectors, sizeof autoVectors, "%d,%d,%d", w / 2, w, 2 * w);
    vectors = autoVectors;
  }
  if (!parseList("tiles", o->tiles, tiles, &nt, err, sizeof err) ||
      !parseList("vectors", vectors, vecs, &nv, err, sizeof err))
    return emit(loc, "%s", err);

  /* The cost. */
  AriCostModel model;
  memset(&model, 0, sizeof model);
  Scorer scorer;
  memset(&scorer, 0, sizeof scorer);
  if (!strcmp(o->cost, "analytic")) {
    AriMachine mach;
    if (aarch64)
      ariMachineNominalAArch64(&mach);
    else
      ariMachineNominal(&mach);
    if (!ariCostModelOpenAnalytic(&model, &mach, (int)o->threads, err, sizeof err))
      return emit(loc, "cost=analytic: %s", err);
    scorer.model = &model;
  } else if (ariCostModelIsSpec(o->cost)) {
    if (!ariCostModelOpen(&model, o->cost, o->machine[0] ? o->machine : NULL, (int)o->threads,
                          err, sizeof err))
      return emit(loc, "cost='%s': %s", o->cost, err);
    if (model.needsCode) {
      ariCostModelClose(&model);
      return emit(loc, "cost='%s': the model was trained with code features (layout %u), which "
                       "rise-search does not compute yet; train one on the program features "
                       "(layout %u: `ariadne-cost measure` datasets refeaturised without code)",
                  o->cost, ARI_COST_CODE_LAYOUT, ARI_COST_MEASURE_LAYOUT);
    }
    scorer.model = &model;
  } else if (!strcmp(o->cost, "size") || !strcmp(o->cost, "weighted")) {
    ariCostByName(o->cost, &scorer.additive);
    scorer.weighted = !strcmp(o->cost, "weighted");
  } else {
    return emit(loc, "cost='%s': expected analytic, analytic:MACHINE_FILE, model:MODEL_FILE, "
                     "size or weighted",
                o->cost);
  }

  AriArena arena;
  ariArenaInit(&arena, 0);
  AriTermStore *store = NULL;
  MlirLogicalResult result = mlirLogicalResultSuccess();
  FILE *out = NULL;
  AriStratDiag d;
  Run run;
  memset(&run, 0, sizeof run);
  run.o = o;
  run.hooks = hooks;
  run.scorer = &scorer;
  run.timeLimit = timeLimit;
  run.counters = counters;
  run.prog = ariStratProgramNew(&arena);
  if (!run.prog) {
    result = emit(loc, "out of memory");
    goto done;
  }
  const char *prelude = ariRewritePrelude();
  if (!ariStratParseDefinitions(run.prog, ARI_REWRITE_PRELUDE_NAME, prelude, strlen(prelude), &d)) {
    result = emit(loc, "%s:%" PRIu32 ":%" PRIu32 ": %s", d.file, d.line, d.col, d.message);
    goto done;
  }
  const char *text = ariSearchDefaultActions();
  size_t len = strlen(text);
  run.actionsName = "search/strategy/strategies/search.elv";
  if (o->actionsFile[0]) {
    char *t = NULL;
    AriFileError fe = ariFileRead(o->actionsFile, &arena, ARI_FILE_TEXT_LIMIT, &t, &len);
    if (!ariFileOk(fe)) {
      ariFileErrorFormat(fe, "actions file", err, sizeof err);
      result = emit(loc, "%s", err);
      goto done;
    }
    text = t;
    run.actionsName = o->actionsFile;
  }
  if (!ariStratParseDefinitions(run.prog, run.actionsName, text, len, &d)) {
    result = emit(loc, "%s:%" PRIu32 ":%" PRIu32 ": %s", d.file ? d.file : run.actionsName,
                  d.line, d.col, d.message);
    goto done;
  }
  store = ariTermStoreCreate(0);
  run.store = store;
  run.host = store ? ariStratRiseCreate(store, &arena) : NULL;
  if (!run.host) {
    result = emit(loc, "out of memory");
    goto done;
  }
  if (!ariBeamActions(run.prog, run.host, tiles, nt, vecs, nv, &arena, &run.actions,
                      &run.numActions, err, sizeof err)) {
    result = emit(loc, "%s: %s", run.actionsName, err);
    goto done;
  }
  if (!strcmp(o->engine, "eqsat")) {
    /* "a,b(1,2),c": commas inside parentheses belong to the rule */
    size_t cap = 1;
    for (const char *c = o->eqsatRules; *c; ++c)
      cap += *c == ',';
    run.egRules = ariArenaCalloc(&arena, cap * sizeof *run.egRules);
    if (!run.egRules) {
      result = emit(loc, "out of memory");
      goto done;
    }
    const char *p = o->eqsatRules;
    while (*p) {
      size_t n = 0;
      int depth = 0;
      while (p[n] && (p[n] != ',' || depth)) {
        depth += (p[n] == '(') - (p[n] == ')');
        n++;
      }
      char rule[128];
      char rerr[ARI_RULE_ERR_MAX];
      snprintf(rule, sizeof rule, "%.*s", (int)n, p);
      if (!n || n >= sizeof rule ||
          !ariEgRuleMake(store, &arena, rule, &run.egRules[run.numEgRules], rerr, sizeof rerr)) {
        result = emit(loc, "eqsat-rules: rule '%s': %s", rule,
                      !n ? "empty" : n >= sizeof rule ? "too long" : rerr);
        goto done;
      }
      run.numEgRules++;
      p += n;
      if (*p == ',')
        p++;
    }
  }
  if (strcmp(o->report, "none")) {
    out = ariPassOpenOutput(o->report, stderr);
    if (!out) {
      result = emit(loc, "cannot open report file '%s': %s", o->report, strerror(errno));
      goto done;
    }
  }
  run.out = out;
  if (o->value[0]) {
    /* the A*'s V(s, t) (ariadne-astar --train), as in rise-astar */
    run.net = ariValueNetLoad(o->value, err, sizeof err);
    if (!run.net) {
      result = emit(loc, "value='%s': %s", o->value, err);
      goto done;
    }
  }
  AriMeasureCache cache;
  if (o->cache[0]) {
    if (!ariMeasureCacheLoad(&cache, &arena, o->cache, err, sizeof err)) {
      result = emit(loc, "cache='%s': %s", o->cache, err);
      goto done;
    }
    run.cache = &cache;
  }
  if (o->measure > 0) {
    /* The CPU model string: the dataset's machine name, and part of
     * every cached time's key. */
    AriMachine probe;
    ariMachineProbe(&probe);
    snprintf(run.machineName, sizeof run.machineName, "%s", probe.name);
  }
  AriCostDsWriter ds;
  if (o->dataset[0]) {
    AriCostDsError e = ariCostDsAppendOpen(&ds, o->dataset, 0);
    run.machine = scorer.model && scorer.model->hasMachine ? &scorer.model->machine : NULL;
    if (!ariCostDsOk(&e) || !(run.feat = ariFeatWorkCreate())) {
      char msg[256] = "out of memory";
      if (!ariCostDsOk(&e))
        ariCostDsErrorFormat(&e, msg, sizeof msg);
      else
        ariCostDsAbandon(&ds);
      result = emit(loc, "dataset '%s': %s", o->dataset, msg);
      goto done;
    }
    run.ds = &ds;
  }
  ariPassForEachFunc(op, searchFunc, &run);
  if (run.ds) {
    AriCostDsError e = ariCostDsCloseWriter(run.ds);
    if (!ariCostDsOk(&e)) {
      char msg[256];
      ariCostDsErrorFormat(&e, msg, sizeof msg);
      emit(loc, "dataset '%s': %s", o->dataset, msg);
      run.failed = true;
    } else if (out) {
      fprintf(out, "rise-search: %" PRIu64 " measured candidate%s appended to %s\n",
              run.recorded, run.recorded == 1 ? "" : "s", o->dataset);
    }
  }
  ariFeatWorkDestroy(run.feat);
  if (run.cache && run.cacheOom) {
    emit(loc, "cache='%s': out of memory", o->cache);
    run.failed = true;
  } else if (run.cache && run.cache->added) {
    if (!ariMeasureCacheSave(run.cache, o->cache, err, sizeof err)) {
      emit(loc, "cache='%s': %s", o->cache, err);
      run.failed = true;
    }
  }
  if (o->func[0] && !run.seen)
    result = emit(loc, "no function named '%s'", o->func);
  else if (run.failed)
    result = mlirLogicalResultFailure();
done:
  if (out) {
    int werr = ariPassCloseOutput(out);
    if (werr)
      result = emit(loc, "cannot write report file '%s': %s",
                    ariPassOutputName(o->report, stderr), strerror(werr));
  }
  ariValueNetDestroy(run.net);
  ariTermStoreDestroy(store);
  ariArenaDestroy(&arena);
  ariCostModelClose(&model);
  return result;
}

static const AriOptionDesc kSearchOptions[] = {
    {"engine", ARI_OPT_STRING, offsetof(SearchOptions, engine), "auto|beam|astar|eqsat",
     "search engine (auto: beam)"},
    {"eqsat-rules", ARI_OPT_STRING, offsetof(SearchOptions, eqsatRules), NULL,
     "engine=eqsat: the rules that grow the e-graph (default: fusion, fission, interchange)"},
    {"eqsat-nodes", ARI_OPT_INT, offsetof(SearchOptions, eqsatNodes), NULL,
     "engine=eqsat: e-node limit per root (default 20000)"},
    {"eqsat-iters", ARI_OPT_INT, offsetof(SearchOptions, eqsatIters), NULL,
     "engine=eqsat: iteration limit (default 6)"},
    {"cache", ARI_OPT_STRING, offsetof(SearchOptions, cache), NULL,
     "measure=K: reuse and keep measured times in this file (keyed by program, threads, "
     "target and CPU model; default: none)"},
    {"value", ARI_OPT_STRING, offsetof(SearchOptions, value), NULL,
     "engine=astar: a value network file (ariadne-astar --train); none: V = 0"},
    {"cost", ARI_OPT_STRING, offsetof(SearchOptions, cost), NULL,
     "analytic (nominal rates), analytic:MACHINE_FILE, model:MODEL_FILE, size or weighted"},
    {"machine", ARI_OPT_STRING, offsetof(SearchOptions, machine), NULL,
     "machine file for cost=model:'s analytic baseline"},
    {"measure", ARI_OPT_INT, offsetof(SearchOptions, measure), NULL,
     "time the K best candidates and keep the fastest (needs the runtime: `ariadne search`)"},
    {"beam", ARI_OPT_INT, offsetof(SearchOptions, beam), NULL, "beam width (default 32)"},
    {"depth", ARI_OPT_INT, offsetof(SearchOptions, depth), NULL,
     "steps per schedule (default 6)"},
    {"budget", ARI_OPT_INT, offsetof(SearchOptions, budget), NULL,
     "candidates scored per function (0: no limit; default 200000)"},
    {"time-limit", ARI_OPT_STRING, offsetof(SearchOptions, timeLimit), NULL,
     "seconds per function, may be fractional (0: none; default 60)"},
    {"memory-limit", ARI_OPT_INT, offsetof(SearchOptions, memoryLimit), NULL,
     "term store MB per function (0: none; default 2048)"},
    {"threads", ARI_OPT_INT, offsetof(SearchOptions, threads), NULL,
     "thread count the cost estimates for and candidates are timed at (default 1)"},
    {"tiles", ARI_OPT_STRING, offsetof(SearchOptions, tiles), NULL,
     "tile sizes actions take (default 4,8,16,32,64,128)"},
    {"vectors", ARI_OPT_STRING, offsetof(SearchOptions, vectors), NULL,
     "vector widths actions take (default auto: half, one and two of this CPU's vector "
     "registers of f32)"},
    {"actions-file", ARI_OPT_STRING, offsetof(SearchOptions, actionsFile), NULL,
     "strategy file of actions (act<Name> definitions; default: the built-in one)"},
    {"seed", ARI_OPT_INT, offsetof(SearchOptions, seed), NULL, "tie-breaking seed (default 0)"},
    {"target", ARI_OPT_STRING, offsetof(SearchOptions, target), "host|aarch64",
     "what to schedule for: host (default) or aarch64 (a nominal AArch64 core's analytic "
     "cost, NEON vector widths; no measure=)"},
    {"func", ARI_OPT_STRING, offsetof(SearchOptions, func), NULL, "schedule only this function"},
    {"fma", ARI_OPT_BOOL, offsetof(SearchOptions, fma), NULL,
     "mark each searched function rise.fma, so that its lowering fuses a multiply feeding an "
     "add into one FMA (one rounding: results may differ from the interpreter's in the last "
     "bits; default true; false keeps them bit-identical)"},
    {"report", ARI_OPT_STRING, offsetof(SearchOptions, report), NULL,
     "where the report goes: stderr (default), '-' (stdout), none, or a file"},
    {"dataset", ARI_OPT_STRING, offsetof(SearchOptions, dataset), NULL,
     "append every measured candidate to this dataset (needs measure=K; ariadne-cost train "
     "learns from it)"},
};

const AriPassInfo ariSearchPass = {
    .argument = "rise-search",
    .description = "Schedule rise functions by themselves: a beam search over rewrite actions "
                   "ranked by a cost model (no strategy or guide)",
    .options = kSearchOptions,
    .numOptions = sizeof kSearchOptions / sizeof kSearchOptions[0],
    .optionsSize = sizeof(SearchOptions),
    .setDefaults = searchDefaults,
    .statistics = kSearchStats,
    .numStatistics = SR_NUM_STATS,
    .runHooked = searchRun,
};
