/*===- ariadne-proggen.c - ProgGen: random rise programs, measured --------===*\
 *
 * ariadne-proggen --seeds DIR --seed S --count N --out FILE [--schedules M]
 *                 [--shard I/N] [--steps K] [--max-ops N] [--budget-ms MS]
 *                 [--no-native]
 *
 * Generates programs S .. S+N-1 (those of shard I of N: (p - S) mod N == I)
 * by mutating the seed programs of DIR (search/gen/mutate.h) under
 * importance sampling, keeps those that pass the validity filters
 * (search/gen/proggen.h), and measures each with M random schedules
 * (search/sample/sample.h), appending the records to FILE in the cost
 * model's dataset format (costmodel/dataset.h), exactly as `ariadne-cost
 * measure` writes them. Program p is a function of p alone, so shards are
 * independent and `ariadne-cost dataset merge` joins them. An interrupted
 * run continues where it stopped: programs already in FILE are skipped
 * (each program's records are written as one block).
 *
 * Exit status: 0 on success, 1 on an error (seeds that do not parse, an
 * unwritable or damaged dataset), 2 for a bad command line.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/dataset.h"
#include "costmodel/features.h"
#include "costmodel/model.h"
#include "runtime/codefeat.h"
#include "runtime/codegen/compile.h"
#include "runtime/measure.h"
#include "search/gen/mutate.h"
#include "search/gen/proggen.h"
#include "search/mlir/term_mlir.h"
#include "search/sample/sample.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"
#include "utils/arena.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOOL "ariadne-proggen"

enum { MAX_SEEDS = 256, MAX_POOL = 64, MAX_SCHEDULES = 1024 };

typedef struct Options {
  const char *seedsDir, *out;
  uint64_t seed, count, schedules, shardI, shardN, steps, maxOps;
  double budgetMs, targetMs;
  bool native, importance, random;
} Options;

static void usage(FILE *f) {
  fputs("usage: ariadne-proggen (--seeds DIR | --random) --seed S --count N --out FILE [options]\n"
        "\n"
        "Generates random rise programs -- by type-directed mutation of the seed\n"
        "programs in DIR (every *.mlir file; its first func.func), or with --random\n"
        "drawn whole from search/gen's generator (the uniform baseline) -- keeps those\n"
        "that pass the validity filters, measures each with random schedules and\n"
        "appends the records to FILE (the cost model's dataset). Program p\n"
        "(S <= p < S+N) depends on p only: shards are independent, and a run\n"
        "continues an interrupted FILE.\n"
        "\n"
        "options:\n"
        "  --seeds DIR        the seed programs (test/proggen/seeds)\n"
        "  --seed S           the first program index\n"
        "  --count N          programs S .. S+N-1\n"
        "  --out FILE         the dataset (created, or continued when it exists)\n"
        "  --schedules M      random schedules measured per program besides the program\n"
        "                     itself (default 4)\n"
        "  --shard I/N        only the programs p with (p - S) mod N == I (default 0/1)\n"
        "  --steps K          accepted mutations per program (default 4)\n"
        "  --max-ops N        interpreter budget per run (default 5000000)\n"
        "  --budget-ms MS     native time budget per run (default 1000)\n"
        "  --target-ms MS     the median of importance sampling's runtime target\n"
        "                     (default 0.02; for seeds at other sizes)\n"
        "  --no-importance    mutate a uniformly drawn program instead of the one\n"
        "                     nearest to a target draw (for comparisons)\n"
        "  --random           no seeds: draw each program whole from search/gen's random\n"
        "                     generator (no mutation, no importance sampling; the\n"
        "                     uniform baseline of the comparison); records are named\n"
        "                     random/P instead of proggen/P\n"
        "  --no-native        no native compile/run: the filters stop at the interpreter\n"
        "                     and the times recorded are the interpreter estimate\n"
        "                     (ops x 1 ns); for tests and dry runs\n"
        "  --help, --version\n"
        "\n"
        "Progress goes to stderr, one line per program; the filter counts to stdout.\n"
        "Exit status: 0 success, 1 error, 2 bad command line.\n" ARI_TOOL_HELP_TAIL,
        f);
}

static int parse(int argc, char **argv, Options *o) {
  *o = (Options){.schedules = 4, .shardN = 1, .steps = 4, .maxOps = 5000000, .budgetMs = 1000,
                 .native = true, .importance = true};
  bool haveSeed = false, haveCount = false;
  for (int i = 1; i < argc; ++i) {
    const char *v;
    if (!strcmp(argv[i], "--help")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (!strcmp(argv[i], "--version")) {
      ariToolPrintVersion(TOOL);
      exit(ariToolExit(0));
    } else if (!strcmp(argv[i], "--no-importance")) {
      o->importance = false;
    } else if (!strcmp(argv[i], "--random")) {
      o->random = true;
    } else if (!strcmp(argv[i], "--no-native")) {
      o->native = false;
    } else if (ariToolOpt(argc, argv, &i, "--seeds", &v)) {
      o->seedsDir = v;
    } else if (ariToolOpt(argc, argv, &i, "--out", &v)) {
      o->out = v;
    } else if (ariToolOpt(argc, argv, &i, "--seed", &v)) {
      if (!ariToolParseU64(v, &o->seed))
        return ariToolUsageError(TOOL, "--seed needs a non-negative integer, not '%s'", v);
      haveSeed = true;
    } else if (ariToolOpt(argc, argv, &i, "--count", &v)) {
      if (!ariToolParseU64(v, &o->count) || !o->count)
        return ariToolUsageError(TOOL, "--count needs a positive integer, not '%s'", v);
      haveCount = true;
    } else if (ariToolOpt(argc, argv, &i, "--schedules", &v)) {
      if (!ariToolParseU64(v, &o->schedules) || o->schedules > MAX_SCHEDULES)
        return ariToolUsageError(TOOL, "--schedules needs an integer in 0..%d, not '%s'",
                                 MAX_SCHEDULES, v);
    } else if (ariToolOpt(argc, argv, &i, "--steps", &v)) {
      if (!ariToolParseU64(v, &o->steps) || !o->steps || o->steps > 1000)
        return ariToolUsageError(TOOL, "--steps needs an integer in 1..1000, not '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--max-ops", &v)) {
      if (!ariToolParseU64(v, &o->maxOps) || !o->maxOps || o->maxOps > (uint64_t)1 << 40)
        return ariToolUsageError(TOOL, "--max-ops needs a positive integer, not '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--budget-ms", &v)) {
      char *end;
      o->budgetMs = strtod(v, &end);
      if (!*v || *end || !(o->budgetMs > 0) || !isfinite(o->budgetMs))
        return ariToolUsageError(TOOL, "--budget-ms needs a positive number, not '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--target-ms", &v)) {
      char *end;
      o->targetMs = strtod(v, &end);
      if (!*v || *end || !(o->targetMs > 0) || !isfinite(o->targetMs))
        return ariToolUsageError(TOOL, "--target-ms needs a positive number, not '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--shard", &v)) {
      char a[32], b[32];
      const char *slash = strchr(v, '/');
      if (!slash || slash - v >= 31 || strlen(slash + 1) >= 31)
        return ariToolUsageError(TOOL, "--shard needs I/N, not '%s'", v);
      snprintf(a, sizeof a, "%.*s", (int)(slash - v), v);
      snprintf(b, sizeof b, "%s", slash + 1);
      if (!ariToolParseU64(a, &o->shardI) || !ariToolParseU64(b, &o->shardN) || !o->shardN ||
          o->shardI >= o->shardN)
        return ariToolUsageError(TOOL, "--shard needs I/N with 0 <= I < N, not '%s'", v);
    } else {
      return ariToolUsageError(TOOL, "unknown argument '%s'", argv[i]);
    }
  }
  if (!o->seedsDir && !o->random)
    return ariToolUsageError(TOOL, "--seeds DIR is required (or --random)");
  if (o->seedsDir && o->random)
    return ariToolUsageError(TOOL, "--random takes no --seeds: it draws programs whole");
  if (!o->out)
    return ariToolUsageError(TOOL, "--out FILE is required");
  if (!haveSeed || !haveCount)
    return ariToolUsageError(TOOL, "--seed S and --count N are required (every run is seeded)");
  if (o->seed + o->count < o->seed)
    return ariToolUsageError(TOOL, "--seed + --count overflows");
  return 0;
}

/*--- the seeds ------------------------------------------------------------------*/

typedef struct Seed {
  char *path;
  MlirModule mod;
  MlirOperation func;
  double ms;
  unsigned stages;
} Seed;

static int cmpStr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.mlir files of dir, sorted (the order is part of the output). */
static int listSeeds(const char *dir, char **paths, AriArena *a) {
  DIR *d = opendir(dir);
  if (!d)
    return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < MAX_SEEDS) {
    size_t l = strlen(e->d_name);
    if (l > 5 && !strcmp(e->d_name + l - 5, ".mlir")) {
      size_t cap = strlen(dir) + l + 2;
      paths[n] = ariArenaAlloc(a, cap);
      if (!paths[n])
        break;
      snprintf(paths[n++], cap, "%s/%s", dir, e->d_name);
    }
  }
  closedir(d);
  qsort(paths, (size_t)n, sizeof paths[0], cmpStr);
  return n;
}

/*--- the native check -------------------------------------------------------------*/

typedef struct Native {
  double budgetMs;
} Native;

static AriPgReason nativeCheck(void *ctx, MlirOperation func, uint64_t seed, double *ms, char *why,
                               size_t cap) {
  Native *n = ctx;
  AriMeasureOptions mo = {.threads = 1, .warmup = 1, .reps = 3, .seed = seed,
                          .timeoutS = fmax(1.0, 4 * n->budgetMs * 1e-3)};
  AriMeasureResult res;
  AriMeasureStatus st = ariMeasureFunc(func, &mo, &res, NULL, NULL, NULL);
  if (st == ARI_MEASURE_OK) {
    *ms = res.medianMs > 0 ? res.medianMs : 1e-6;
    return ARI_PG_VALID;
  }
  snprintf(why, cap, "%s: %s", ariMeasureStatusName(st), res.message);
  return st == ARI_MEASURE_TIMEOUT ? ARI_PG_BUDGET : ARI_PG_NATIVE;
}

/*--- one program ----------------------------------------------------------------------*/

typedef struct Gen {
  const Options *o;
  MlirContext ctx;
  Seed *seeds;
  int nseeds;
  AriPgTarget target;
  Native native;
  AriCostDsWriter *w;
  AriFeatWork *work;
  char machine[256];
  uint64_t reasons[ARI_PG_NUM_REASONS];
  uint64_t programs, failed, records;
} Gen;

typedef struct Member {
  AriTermFunc f;
  AriTermRoot root;
  double ms;
  unsigned stages;
} Member;

static AriTerm *outValue(const AriTermFunc *f, AriTermRoot *root) {
  for (unsigned r = 0; r < f->numRoots; ++r)
    if (f->roots[r].kind == ARI_ROOT_OUT) {
      *root = f->roots[r];
      return root->value;
    }
  return NULL;
}

static AriPgCheckOptions checkOptions(Gen *G, uint64_t p) {
  return (AriPgCheckOptions){.seed = p, .maxOps = (int64_t)G->o->maxOps,
                             .budgetMs = G->o->native ? G->o->budgetMs : 0,
                             .native = G->o->native ? nativeCheck : NULL,
                             .nativeCtx = &G->native};
}

/* Features of f (layout ARI_COST_CODE_LAYOUT, as ariadne-cost measure). */
static bool featurise(Gen *G, AriTermStore *s, const AriTermFunc *f, MlirOperation fn,
                      double *vec) {
  AriFeatures feat;
  if (ariCostFeaturesFunc(s, f, &feat, G->work) != ARI_FEAT_OK)
    return false;
  double code[ARI_COST_CODE_FEATURES];
  char err[256];
  if (!ariCodeFeatures(fn, code, err, sizeof err))
    return false;
  ariCostMeasureVector(&feat, f, NULL, 1, code, vec);
  return true;
}

/* Measures f (a variant of program `name`) and adds its record. False on a
 * dataset write error only. */
static bool record(Gen *G, AriTermStore *s, const AriTermFunc *f, const char *name,
                   const char *label, AriArena *arena, AriHostArg **ref, intptr_t *nref) {
  MlirLocation loc = mlirLocationUnknownGet(G->ctx), errLoc;
  MlirModule mod = mlirModuleCreateEmpty(loc);
  MlirOperation fn = ariTermExportNewFunc(s, f, G->ctx, loc, &errLoc);
  if (mlirOperationIsNull(fn)) {
    ariTermStoreClearError(s);
    mlirModuleDestroy(mod);
    return true;
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), fn);
  double secs = 0;
  bool ok = false;
  if (G->o->native) {
    AriMeasureOptions mo = {.threads = 1, .reps = 5, .seed = 1, .reference = *ref,
                            .numReference = *nref,
                            .timeoutS = fmax(1.0, 4 * G->o->budgetMs * 1e-3)};
    AriMeasureResult res;
    AriHostArg *outs = NULL;
    intptr_t nouts = 0;
    bool isRef = *ref == NULL;
    if (ariMeasureFunc(fn, &mo, &res, isRef ? arena : NULL, isRef ? &outs : NULL,
                       isRef ? &nouts : NULL) == ARI_MEASURE_OK) {
      secs = res.medianMs > 0 ? res.medianMs * 1e-3 : 1e-9;
      ok = true;
      if (isRef) {
        *ref = outs;
        *nref = nouts;
      }
    } else {
      fprintf(stderr, "%s: note: %s %s not recorded: %s: %s (compile %.1f s)\n", TOOL, name,
              label, ariMeasureStatusName(res.status), res.message, res.compileS);
    }
  } else {
    AriArena scratch;
    ariArenaInit(&scratch, (size_t)256 << 20);
    AriHostArg a[32];
    intptr_t n = 0;
    AriInterpCounters c = {0};
    AriInterpLimits lim = {.maxOps = (int64_t)G->o->maxOps, .maxBytes = (size_t)256 << 20};
    if (mlirLogicalResultIsSuccess(ariInterpDescribeArgs(fn, a, 32, &n)) &&
        ariHostArgsAlloc(a, n, &scratch)) {
      for (intptr_t i = 0; i < n; ++i)
        ariHostArgFillRandom(&a[i], 1 + (uint64_t)i);
      if (mlirLogicalResultIsSuccess(ariInterpRun(fn, a, n, &lim, &c))) {
        secs = (double)c.ops * ARI_PG_NS_PER_OP * 1e-9;
        ok = secs > 0;
      }
    }
    ariArenaDestroy(&scratch);
  }
  double vec[ARI_COST_CODE_MEASURE_FEATURES];
  bool wrote = true;
  if (ok && featurise(G, s, f, fn, vec)) {
    char variant[1200];
    snprintf(variant, sizeof variant, "%016llx %s", (unsigned long long)ariMeasureKey(fn), label);
    AriCostRecord rec = {.program = name, .variant = variant,
                         .machine = G->o->native ? G->machine : "interpreter estimate",
                         .threads = 1, .featureLayout = ARI_COST_CODE_LAYOUT,
                         .numFeatures = ARI_COST_CODE_MEASURE_FEATURES, .features = vec,
                         .numTimes = 1, .times = &secs};
    AriCostDsError e = ariCostDsAdd(G->w, &rec);
    if (!ariCostDsOk(&e)) {
      char msg[256];
      ariCostDsErrorFormat(&e, msg, sizeof msg);
      fprintf(stderr, "%s: %s: error: %s\n", TOOL, G->o->out, msg);
      wrote = false;
    } else {
      G->records++;
    }
  }
  mlirModuleDestroy(mod);
  return wrote;
}

/* Checks candidate m (its function exported, the filters run): the reason
 * counted, and on success m's runtime and stage count set. */
static bool accept(Gen *G, AriTermStore *s, Member *m, const AriPgCheckOptions *co) {
  MlirLocation loc = mlirLocationUnknownGet(G->ctx), errLoc;
  MlirModule mod = mlirModuleCreateEmpty(loc);
  MlirOperation fn = ariTermExportNewFunc(s, &m->f, G->ctx, loc, &errLoc);
  if (mlirOperationIsNull(fn)) {
    ariTermStoreClearError(s);
    G->reasons[ARI_PG_EXPORT]++;
    mlirModuleDestroy(mod);
    return false;
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), fn);
  AriArena scratch;
  ariArenaInit(&scratch, (size_t)512 << 20);
  AriPgCheck res;
  AriPgReason r = ariPgCheck(fn, co, &scratch, &res);
  ariArenaDestroy(&scratch);
  mlirModuleDestroy(mod);
  G->reasons[r]++;
  if (r != ARI_PG_VALID)
    return false;
  m->ms = res.ms;
  m->stages = ariPgStages(m->root.value);
  return true;
}

/* ProgGen proper: a chain of --steps accepted mutations of one seed, each
 * step mutating the pool member nearest to a target draw (or a uniformly
 * drawn one with --no-importance). The last accepted program, or NULL. */
static Member *mutated(Gen *G, AriTermStore *s, AriArena *arena, uint64_t p) {
  Member *pool = ariArenaAlloc(arena, sizeof(Member) * (MAX_SEEDS + MAX_POOL));
  if (!pool) {
    fprintf(stderr, "%s: error: out of memory\n", TOOL);
    return NULL;
  }
  size_t n = 0;
  for (int i = 0; i < G->nseeds; ++i) {
    MlirLocation errLoc;
    Member *m = &pool[n];
    if (!G->seeds[i].path || !ariTermImportFunc(s, G->seeds[i].func, &m->f, &errLoc))
      continue;
    m->f.hints = NULL;
    if (!outValue(&m->f, &m->root))
      continue;
    m->f.numRoots = 1;
    m->f.roots = &m->root;
    m->ms = G->seeds[i].ms;
    m->stages = G->seeds[i].stages;
    n++;
  }
  AriGen g;
  ariGenInit(&g, s, p);
  double poolMs[MAX_SEEDS + MAX_POOL];
  unsigned poolStages[MAX_SEEDS + MAX_POOL];
  size_t nseedPool = n, accepted = 0;
  AriPgCheckOptions co = checkOptions(G, p);
  char name[64];
  snprintf(name, sizeof name, "pg%llu", (unsigned long long)p);
  for (uint64_t tries = 0; accepted < G->o->steps && tries < 8 * G->o->steps; ++tries) {
    for (size_t i = 0; i < n; ++i)
      poolMs[i] = pool[i].ms, poolStages[i] = pool[i].stages;
    double tms, tst;
    ariPgDrawTarget(&g, &G->target, &tms, &tst);
    /* after the first accepted step, the program's own lineage only: a
     * program is a chain of mutations of one seed */
    size_t lo = accepted ? nseedPool : 0;
    size_t pick = G->o->importance
                      ? lo + ariPgNearest(&G->target, poolMs + lo, poolStages + lo, n - lo, tms, tst)
                      : lo + (size_t)ariGenBelow(&g, n - lo);
    Member *from = &pool[pick];
    ariGenAdopt(&g, &from->f);
    AriTerm *t2 = ariGenMutateAny(&g, from->root.value, NULL);
    if (!t2) {
      G->reasons[ARI_PG_NO_MUTATION]++;
      continue;
    }
    Member *m = &pool[n];
    m->f = from->f;
    m->root = from->root;
    m->root.value = t2;
    m->f.roots = &m->root;
    m->f.name = ariArenaStrndup(arena, name, strlen(name));
    if (!ariGenCompact(&g, &m->f)) {
      G->reasons[ARI_PG_EXPORT]++;
      continue;
    }
    if (!accept(G, s, m, &co))
      continue;
    if (n + 1 < MAX_SEEDS + MAX_POOL)
      n++;
    accepted++;
  }
  return accepted ? &pool[n - 1] : NULL;
}

/* --random: a program of search/gen's random generator, drawn whole (no
 * seeds, no mutation, no importance sampling): the uniform baseline of the
 * ProgGen comparison (docs/proggen.md). Its output is an f32 array of
 * 4096..65536 scalars (1-D, or 32..128 rows of 64..256) and no
 * intermediate array exceeds RANDOM_MAX_ELEMS scalars: sized so that the
 * programs' median native time is microseconds, like the seeds' mutants
 * (with search/gen's test sizes, at most 4096 scalars, it was 0.07 us,
 * below what a timer resolves); the generator's fuel is
 * drawn in 8..39. A draw that fails the filters, or has no stage, is
 * redrawn, at most
 * RANDOM_TRIES times. The accepted program, or NULL. */
static Member *drawn(Gen *G, AriTermStore *s, AriArena *arena, uint64_t p) {
  enum { RANDOM_TRIES = 64, RANDOM_MAX_ELEMS = 1 << 18 };
  Member *m = ariArenaAlloc(arena, sizeof *m);
  if (!m) {
    fprintf(stderr, "%s: error: out of memory\n", TOOL);
    return NULL;
  }
  AriPgCheckOptions co = checkOptions(G, p);
  char name[64];
  snprintf(name, sizeof name, "rnd%llu", (unsigned long long)p);
  for (uint64_t t = 0; t < RANDOM_TRIES; ++t) {
    AriGen g;
    ariGenInit(&g, s, p * RANDOM_TRIES + t);
    g.maxElems = RANDOM_MAX_ELEMS;
    const AriType *f32 = ariTypeF32(s), *ty;
    if (ariGenBelow(&g, 2))
      ty = ariTypeArray(s, (int64_t)4096 << ariGenBelow(&g, 5), f32);
    else
      ty = ariTypeArray(s, (int64_t)32 << ariGenBelow(&g, 3),
                        ariTypeArray(s, (int64_t)64 << ariGenBelow(&g, 3), f32));
    AriGenEnv env = {.depth = 0};
    AriTerm *v = ariGenTerm(&g, &env, ty, 8 + (int)ariGenBelow(&g, 32));
    AriTermFunc f;
    if (!v || !ariGenFunc(&g, v, name, &f) || !outValue(&f, &m->root)) {
      ariTermStoreClearError(s);
      G->reasons[ARI_PG_NO_MUTATION]++;
      continue;
    }
    m->f = f;
    m->f.name = ariArenaStrndup(arena, name, strlen(name));
    m->f.numRoots = 1;
    m->f.roots = &m->root;
    if (!ariGenCompact(&g, &m->f)) {
      G->reasons[ARI_PG_EXPORT]++;
      continue;
    }
    /* half the draws are views (a transpose of an input, a join): not a
     * program to learn costs from */
    if (!ariPgStages(m->root.value)) {
      G->reasons[ARI_PG_TRIVIAL]++;
      continue;
    }
    if (accept(G, s, m, &co))
      return m;
  }
  return NULL;
}

/* Generates, checks and measures program p. False on a write error. */
static bool program(Gen *G, uint64_t p) {
  AriTermStore *s = ariTermStoreCreate((size_t)1 << 30);
  AriArena arena;
  ariArenaInit(&arena, 0);
  bool ok = true;
  if (!s) {
    fprintf(stderr, "%s: error: out of memory\n", TOOL);
    ok = false;
    goto done;
  }
  Member *last = G->o->random ? drawn(G, s, &arena, p) : mutated(G, s, &arena, p);
  char name[64];
  snprintf(name, sizeof name, "%s/%09llu", G->o->random ? "random" : "proggen",
           (unsigned long long)p);
  if (!last) {
    G->failed++;
    fprintf(stderr, "%s: program %llu: no valid program\n", TOOL, (unsigned long long)p);
    goto done;
  }
  fprintf(stderr, "%s: program %llu: %u stages, %.4g ms%s\n", TOOL, (unsigned long long)p,
          last->stages, last->ms, G->o->native ? "" : " (interpreter estimate)");
  AriHostArg *ref = NULL;
  intptr_t nref = 0;
  AriArena refArena;
  ariArenaInit(&refArena, 0);
  ok = record(G, s, &last->f, name, "orig", &refArena, &ref, &nref);
  if (ok && G->o->schedules) {
    AriSampleVariant *v = ariArenaAlloc(&arena, sizeof *v * G->o->schedules);
    unsigned nv = 0;
    AriSampleOptions so = {.seed = p};
    if (v && ariSampleVariants(s, &arena, &last->f, &so, v, (unsigned)G->o->schedules, &nv) !=
                 ARI_SAMPLE_ERROR)
      for (unsigned i = 0; ok && i < nv; ++i) {
        char label[1024];
        int len = snprintf(label, sizeof label, "v%u", i);
        for (unsigned k = 0; k < v[i].numSteps && len < (int)sizeof label - 64; ++k) {
          len += snprintf(label + len, sizeof label - (size_t)len, k ? "," : " ");
          len += (int)ariRuleInstPrint(&v[i].steps[k], label + len, sizeof label - (size_t)len);
        }
        ok = record(G, s, &v[i].func, name, label, &refArena, &ref, &nref);
      }
  }
  ariArenaDestroy(&refArena);
  if (ok) {
    /* one block per program: an interrupted run loses whole programs */
    AriCostDsError e = ariCostDsFlush(G->w);
    if (!ariCostDsOk(&e)) {
      char msg[256];
      ariCostDsErrorFormat(&e, msg, sizeof msg);
      fprintf(stderr, "%s: %s: error: %s\n", TOOL, G->o->out, msg);
      ok = false;
    }
  }
  G->programs++;
done:
  ariArenaDestroy(&arena);
  if (s)
    ariTermStoreDestroy(s);
  return ok;
}

/*--- resuming -------------------------------------------------------------------------*/

/* The programs already in `path`: done[p - seed] set. False when the file
 * cannot be read (an absent file is empty). */
static bool loadDone(const char *path, const Options *o, bool *done) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return true;
  fclose(f);
  AriCostDsReader r;
  AriCostDsError e = ariCostDsOpenFile(&r, path);
  if (!ariCostDsOk(&e))
    return false;
  AriCostRecord rec;
  while (ariCostDsNext(&r, &rec)) {
    unsigned long long p;
    if (sscanf(rec.program, o->random ? "random/%llu" : "proggen/%llu", &p) == 1 &&
        p >= o->seed && p - o->seed < o->count)
      done[p - o->seed] = true;
  }
  /* a torn tail is what an interrupted append leaves: appending cuts it */
  bool ok = ariCostDsOk(ariCostDsReaderError(&r)) || r.tornTail;
  ariCostDsClose(&r);
  return ok;
}

int main(int argc, char **argv) {
  Options o;
  int rc = parse(argc, argv, &o);
  if (rc)
    return ariToolExit(rc);
  AriArena arena;
  ariArenaInit(&arena, 0);
  char *paths[MAX_SEEDS];
  int np = o.random ? 0 : listSeeds(o.seedsDir, paths, &arena);
  if (!o.random && np <= 0) {
    fprintf(stderr, "%s: %s: error: %s\n", TOOL, o.seedsDir,
            np < 0 ? "cannot read the directory" : "no *.mlir seed programs in it");
    ariArenaDestroy(&arena);
    return ariToolExit(1);
  }
  bool *done = o.count <= ((uint64_t)1 << 32) ? calloc(o.count, sizeof(bool)) : NULL;
  if (!done) {
    fprintf(stderr, "%s: error: --count %llu: out of memory for the program list\n", TOOL,
            (unsigned long long)o.count);
    ariArenaDestroy(&arena);
    return ariToolExit(1);
  }
  if (!loadDone(o.out, &o, done)) {
    fprintf(stderr, "%s: %s: error: cannot read the dataset to continue it (ariadne-cost "
                    "dataset --info says why)\n",
            TOOL, o.out);
    free(done);
    ariArenaDestroy(&arena);
    return ariToolExit(1);
  }
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, NULL); /* candidates' diagnostics are counted, not shown */
  ariCompileRegister(ctx);
  Seed seeds[MAX_SEEDS];
  Gen G = {.o = &o, .ctx = ctx, .seeds = seeds, .nseeds = np, .target = ariPgDefaultTarget(),
           .native = {o.budgetMs}};
  if (o.targetMs > 0)
    G.target.medianMs = o.targetMs;
  ariMeasureMachine(G.machine, sizeof G.machine);
  bool ok = true;
  int usable = 0;
  /* the seeds' own (runtime, stages): where importance sampling starts */
  for (int i = 0; i < np && ok; ++i) {
    Seed *sd = &seeds[i];
    *sd = (Seed){.path = paths[i]};
    ariDiagSinkDetach(&sink);
    ariDiagSinkAttach(&sink, ctx, stderr);
    sd->mod = ariParseFile(ctx, paths[i]);
    ariDiagSinkDetach(&sink);
    ariDiagSinkAttach(&sink, ctx, NULL);
    if (mlirModuleIsNull(sd->mod)) {
      ok = false;
      break;
    }
    sd->func = ariFindFunc(sd->mod, NULL);
    AriTermStore *s = ariTermStoreCreate((size_t)256 << 20);
    AriTermFunc tf;
    MlirLocation errLoc;
    AriTermRoot root;
    if (!s || mlirOperationIsNull(sd->func) || !ariTermImportFunc(s, sd->func, &tf, &errLoc) ||
        !outValue(&tf, &root)) {
      fprintf(stderr, "%s: %s: error: not a rise function with one output\n", TOOL, paths[i]);
      ok = false;
    } else {
      sd->stages = ariPgStages(root.value);
      AriArena scratch;
      ariArenaInit(&scratch, (size_t)512 << 20);
      AriPgCheckOptions co = checkOptions(&G, 1);
      AriPgCheck res;
      if (ariPgCheck(sd->func, &co, &scratch, &res) == ARI_PG_VALID) {
        sd->ms = res.ms;
        usable++;
        fprintf(stderr, "%s: seed %s: %u stages, %.4g ms%s\n", TOOL, paths[i], sd->stages, sd->ms,
                o.native ? "" : " (interpreter estimate)");
      } else {
        fprintf(stderr, "%s: %s: note: seed left out: %s (%s)\n", TOOL, paths[i],
                ariPgReasonName(res.reason), res.why);
        sd->path = NULL;
      }
      ariArenaDestroy(&scratch);
    }
    if (s)
      ariTermStoreDestroy(s);
  }
  AriCostDsWriter w;
  bool open = false;
  if (ok && !usable && !o.random) {
    fprintf(stderr, "%s: %s: error: no seed passes the validity filters\n", TOOL, o.seedsDir);
    ok = false;
  }
  if (ok) {
    /* a chunk larger than any program's records: blocks end at programs */
    AriCostDsError e = ariCostDsAppendOpen(&w, o.out, (uint32_t)(o.schedules + 2) * 4);
    open = ok = ariCostDsOk(&e);
    if (!ok) {
      char msg[256];
      ariCostDsErrorFormat(&e, msg, sizeof msg);
      fprintf(stderr, "%s: %s: error: %s\n", TOOL, o.out, msg);
    }
  }
  G.w = &w;
  G.work = ok ? ariFeatWorkCreate() : NULL;
  ok = ok && G.work;
  uint64_t skipped = 0;
  for (uint64_t k = o.shardI; ok && k < o.count; k += o.shardN) {
    if (done[k]) {
      skipped++;
      continue;
    }
    ok = program(&G, o.seed + k);
  }
  if (open) {
    AriCostDsError e = ariCostDsCloseWriter(&w);
    if (ok && !ariCostDsOk(&e)) {
      char msg[256];
      ariCostDsErrorFormat(&e, msg, sizeof msg);
      fprintf(stderr, "%s: %s: error: %s\n", TOOL, o.out, msg);
      ok = false;
    }
  }
  if (G.work) {
    printf("programs: %llu generated, %llu without a valid program, %llu already in %s; %llu "
           "records\n",
           (unsigned long long)G.programs, (unsigned long long)G.failed,
           (unsigned long long)skipped, o.out, (unsigned long long)G.records);
    printf("candidates:");
    for (int r = 0; r < ARI_PG_NUM_REASONS; ++r)
      printf(" %s %llu", ariPgReasonName((AriPgReason)r), (unsigned long long)G.reasons[r]);
    printf("\n");
  }
  ariFeatWorkDestroy(G.work);
  for (int i = 0; i < np; ++i)
    if (i < np && seeds[i].mod.ptr)
      mlirModuleDestroy(seeds[i].mod);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  free(done);
  ariArenaDestroy(&arena);
  return ariToolExit(ok ? 0 : 1);
}
