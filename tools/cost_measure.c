/*===- tools/cost_measure.c - ariadne-cost measure and machine -------------===*\
 *
 * The commands of ariadne-cost that run code (the rest of the tool only
 * reads and writes files):
 *
 *   measure: for every function of the programs given, the unscheduled
 *   program and N variants from the schedule sampler (search/sample/
 *   sample.h) are exported, featurised (costmodel/features.h), measured
 *   (runtime/measure.h) at each thread count and appended to a dataset
 *   (costmodel/dataset.h). A record's features (layout
 *   ARI_COST_CODE_LAYOUT) are the program vector, the code features
 *   (runtime/codefeat.h) and three baselines: term size, weighted size and
 *   the analytic model's seconds (NaN without --machine). Its variant string starts
 *   with the code's key (ariMeasureKey, 16 hex digits), so a resumed run
 *   (--append) skips what the file already holds for this machine and
 *   thread count. The unscheduled program is checked by the interpreter
 *   and then serves as every variant's reference; one too large for the
 *   interpreter is trusted as lowered by the default pipeline (which the
 *   differential tests check at small sizes), and says so in its variant.
 *   Invalid samples (mismatch, crash, time-out, compile error) are logged
 *   on stderr and never recorded. --times-from measures nothing: it
 *   records the same variants with fresh features and an earlier
 *   dataset's times; --emit writes the variants as MLIR instead.
 *
 *   machine: runs the micro-benchmark (runtime/machine_bench.h) and
 *   writes the machine file of the analytic model (costmodel/machine.h).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "tools/cost_measure.h"

#include "costmodel/analytic.h"
#include "costmodel/cost.h"
#include "costmodel/dataset.h"
#include "costmodel/features.h"
#include "costmodel/machine.h"
#include "runtime/codefeat.h"
#include "runtime/codegen/compile.h"
#include "runtime/machine_bench.h"
#include "runtime/measure.h"
#include "search/mlir/term_mlir.h"
#include "search/sample/sample.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"
#include "utils/arena.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TOOL "ariadne-cost"

enum { MAX_THREADS = 8, MAX_FUNCS = 64, MAX_FILES = 64 };

typedef struct {
  const char *files[MAX_FILES];
  int nfiles;
  const char *funcs[MAX_FUNCS];
  int nfuncs;
  const char *output, *machineFile;
  const char *emitDir;   /* --emit: write the variants here, measure nothing */
  const char *timesFrom; /* --times-from: take the times from this dataset */
  bool append;
  uint64_t variants, seed, reps, maxSteps;
  double timeoutS;
  int threads[MAX_THREADS], nthreads;
} MeasureOptions;

/* "--name=V" or "--name V". */
static bool opt(int argc, char **argv, int *i, const char *name, const char **v) {
  if (ariToolOptValue(argv[*i], name, v))
    return true;
  if (strcmp(argv[*i], name))
    return false;
  *v = *i + 1 < argc ? argv[++*i] : NULL;
  return true;
}

static int parseMeasure(int argc, char **argv, MeasureOptions *o) {
  memset(o, 0, sizeof *o);
  o->variants = 50;
  o->seed = 1;
  o->reps = 10;
  o->timeoutS = 60;
  o->threads[0] = 1;
  o->nthreads = 1;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    uint64_t u;
    if (opt(argc, argv, &i, "--output", &v) || opt(argc, argv, &i, "-o", &v)) {
      if (!v)
        return ariToolUsageError(TOOL, "%s needs a value", a);
      o->output = v;
    } else if (opt(argc, argv, &i, "--func", &v)) {
      if (!v || o->nfuncs == MAX_FUNCS)
        return ariToolUsageError(TOOL, "--func needs a name (at most %d)", MAX_FUNCS);
      o->funcs[o->nfuncs++] = v;
    } else if (opt(argc, argv, &i, "--machine", &v)) {
      if (!v)
        return ariToolUsageError(TOOL, "--machine needs a file");
      o->machineFile = v;
    } else if (opt(argc, argv, &i, "--variants", &v)) {
      if (!v || !ariToolParseU64(v, &o->variants) || o->variants > 100000)
        return ariToolUsageError(TOOL, "--variants needs an integer from 0 to 100000, got '%s'",
                                 v ? v : "");
    } else if (opt(argc, argv, &i, "--seed", &v)) {
      if (!v || !ariToolParseU64(v, &o->seed))
        return ariToolUsageError(TOOL, "--seed needs an integer, got '%s'", v ? v : "");
    } else if (opt(argc, argv, &i, "--reps", &v)) {
      if (!v || !ariToolParseU64(v, &o->reps) || o->reps < 1 || o->reps > 10000)
        return ariToolUsageError(TOOL, "--reps needs an integer from 1 to 10000, got '%s'",
                                 v ? v : "");
    } else if (opt(argc, argv, &i, "--max-steps", &v)) {
      if (!v || !ariToolParseU64(v, &o->maxSteps) || o->maxSteps < 1 ||
          o->maxSteps > ARI_SAMPLE_MAX_STEPS / 2)
        return ariToolUsageError(TOOL, "--max-steps needs an integer from 1 to %d, got '%s'",
                                 ARI_SAMPLE_MAX_STEPS / 2, v ? v : "");
    } else if (opt(argc, argv, &i, "--timeout", &v)) {
      char *end;
      o->timeoutS = v ? strtod(v, &end) : 0;
      if (!v || *end || !(o->timeoutS > 0 && o->timeoutS <= 86400))
        return ariToolUsageError(TOOL, "--timeout needs seconds from 0 to 86400, got '%s'",
                                 v ? v : "");
    } else if (opt(argc, argv, &i, "--threads", &v)) {
      o->nthreads = 0;
      for (const char *p = v; p && *p;) {
        char num[16];
        size_t n = strcspn(p, ",");
        snprintf(num, sizeof num, "%.*s", (int)(n < 15 ? n : 15), p);
        if (o->nthreads == MAX_THREADS || !ariToolParseU64(num, &u) || u < 1 || u > 4096)
          return ariToolUsageError(TOOL,
                                   "--threads needs a list of up to %d counts from 1 to 4096, "
                                   "got '%s'",
                                   MAX_THREADS, v);
        o->threads[o->nthreads++] = (int)u;
        p += n + (p[n] == ',');
      }
      if (!o->nthreads)
        return ariToolUsageError(TOOL, "--threads needs a list of thread counts");
    } else if (opt(argc, argv, &i, "--emit", &v)) {
      if (!v || !*v)
        return ariToolUsageError(TOOL, "--emit needs a directory");
      o->emitDir = v;
    } else if (opt(argc, argv, &i, "--times-from", &v)) {
      if (!v || !*v)
        return ariToolUsageError(TOOL, "--times-from needs a dataset");
      o->timesFrom = v;
    } else if (!strcmp(a, "--append")) {
      o->append = true;
    } else if (a[0] == '-' && a[1]) {
      return ariToolUsageError(TOOL, "'measure' does not take %s", a);
    } else if (o->nfiles == MAX_FILES) {
      return ariToolUsageError(TOOL, "at most %d programs", MAX_FILES);
    } else {
      o->files[o->nfiles++] = a;
    }
  }
  if (!o->nfiles)
    return ariToolUsageError(TOOL, "'measure' needs at least one program (.mlir)");
  if (o->emitDir && (o->output || o->timesFrom || o->append))
    return ariToolUsageError(TOOL, "--emit writes programs, not a dataset: it takes no -o, "
                                   "--times-from or --append");
  if (o->timesFrom && o->append)
    return ariToolUsageError(TOOL, "--times-from writes a new dataset: it takes no --append");
  if (!o->output && !o->emitDir)
    return ariToolUsageError(TOOL, "'measure' needs -o DATASET (or --emit DIR)");
  return 0;
}

/* What is in the dataset already: "program|key|machine|threads" strings. */
typedef struct {
  char **keys;
  size_t n, cap;
} Seen;

static bool seenAdd(Seen *s, const char *k) {
  if (s->n == s->cap) {
    size_t nc = s->cap ? 2 * s->cap : 256;
    char **nk = realloc(s->keys, nc * sizeof *nk);
    if (!nk)
      return false;
    s->keys = nk;
    s->cap = nc;
  }
  return (s->keys[s->n++] = strdup(k)) != NULL;
}

static bool seenHas(const Seen *s, const char *k) {
  for (size_t i = 0; i < s->n; ++i)
    if (!strcmp(s->keys[i], k))
      return true;
  return false;
}

static void seenFree(Seen *s) {
  for (size_t i = 0; i < s->n; ++i)
    free(s->keys[i]);
  free(s->keys);
}

static void seenKey(char *buf, size_t cap, const char *program, const char *variant,
                    const char *machine, unsigned threads) {
  snprintf(buf, cap, "%s|%.16s|%s|%u", program, variant, machine, threads);
}

/* Calls visit on every record of the dataset at `path`; false when it
 * cannot be read (whole) or visit fails. */
static bool eachRecord(const char *path, bool (*visit)(void *ctx, const AriCostRecord *rec),
                       void *ctx) {
  AriCostDsReader r;
  AriCostDsError e = ariCostDsOpenFile(&r, path);
  if (!ariCostDsOk(&e))
    return false;
  AriCostRecord rec;
  bool ok = true;
  while (ok && ariCostDsNext(&r, &rec))
    ok = visit(ctx, &rec);
  ok = ok && ariCostDsOk(ariCostDsReaderError(&r));
  ariCostDsClose(&r);
  return ok;
}

static bool seenVisit(void *ctx, const AriCostRecord *rec) {
  char key[2048];
  seenKey(key, sizeof key, rec->program, rec->variant, rec->machine, rec->threads);
  return seenAdd(ctx, key);
}

static bool loadSeen(const char *path, Seen *s) { return eachRecord(path, seenVisit, s); }

/* --times-from: the measured records of an earlier dataset, looked up by
 * (program, code key, threads) -- the machine is the record's own -- so
 * that new features can be computed for measurements already made. */
typedef struct {
  char *key, *machine;
  uint32_t numTimes;
  double *times;
} Timed;
typedef struct {
  Timed *recs;
  size_t n, cap;
} TimedSet;

static void timedKey(char *buf, size_t cap, const char *program, const char *variant,
                     unsigned threads) {
  snprintf(buf, cap, "%s|%.16s|%u", program, variant, threads);
}

static void timedFree(TimedSet *t) {
  for (size_t i = 0; i < t->n; ++i) {
    free(t->recs[i].key);
    free(t->recs[i].machine);
    free(t->recs[i].times);
  }
  free(t->recs);
}

static bool timedVisit(void *ctx, const AriCostRecord *rec) {
  TimedSet *t = ctx;
  if (t->n == t->cap) {
    size_t nc = t->cap ? 2 * t->cap : 256;
    Timed *nr = realloc(t->recs, nc * sizeof *nr);
    if (!nr)
      return false;
    t->recs = nr;
    t->cap = nc;
  }
  char key[2048];
  timedKey(key, sizeof key, rec->program, rec->variant, rec->threads);
  Timed *d = &t->recs[t->n++];
  d->key = strdup(key);
  d->machine = strdup(rec->machine);
  d->numTimes = rec->numTimes;
  d->times = malloc(rec->numTimes * sizeof *d->times);
  if (d->times)
    memcpy(d->times, rec->times, rec->numTimes * sizeof *d->times);
  return d->key && d->machine && d->times;
}

static bool loadTimed(const char *path, TimedSet *t) { return eachRecord(path, timedVisit, t); }

static const Timed *timedFind(const TimedSet *t, const char *key) {
  for (size_t i = 0; i < t->n; ++i)
    if (!strcmp(t->recs[i].key, key))
      return &t->recs[i];
  return NULL;
}

typedef struct {
  const MeasureOptions *o;
  AriCostDsWriter *w;
  Seen *seen;
  TimedSet *timed; /* --times-from */
  const AriMachine *machine; /* NULL: no analytic baseline */
  char machineName[256];
  AriFeatWork *work;
  long measured, cached, invalid, failedPrograms, emitted, untimed;
} Run;

/* Features + code features + baselines of one variant (layout
 * ARI_COST_CODE_LAYOUT); false (with a note) when the extractor refuses it
 * or it does not lower. `code` is computed once per variant (code[0] < 0:
 * not yet) and shared by its thread counts. */
static bool featurise(Run *r, AriTermStore *s, const AriTermFunc *f, MlirOperation fn,
                      double *code, double *vec, int threads) {
  AriFeatures feat;
  if (ariCostFeaturesFunc(s, f, &feat, r->work) != ARI_FEAT_OK) {
    fprintf(stderr, "%s: note: no features: %s\n", TOOL, ariFeatWorkError(r->work));
    return false;
  }
  char err[256];
  if (code[0] < 0 && !ariCodeFeatures(fn, code, err, sizeof err)) {
    fprintf(stderr, "%s: note: no code features: %s\n", TOOL, err);
    return false;
  }
  ariCostMeasureVector(&feat, f, r->machine, threads, code, vec);
  return true;
}

/* --emit: the variant's module into DIR/<program>.<label's name>.mlir,
 * '/' in the program's name made '_', its steps in a comment line. */
static bool emitVariant(Run *r, MlirModule mod, const char *program, const char *label) {
  char path[4096];
  int n = snprintf(path, sizeof path, "%s/", r->o->emitDir);
  for (const char *p = program; *p && n < (int)sizeof path - 64; ++p)
    path[n++] = *p == '/' ? '_' : *p;
  snprintf(path + n, sizeof path - (size_t)n, ".%.*s.mlir", (int)strcspn(label, " "), label);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "%s: %s: error: cannot write: %s\n", TOOL, path, strerror(errno));
    return false;
  }
  fprintf(f, "// %s %s (ariadne-cost measure --seed %llu)\n", program, label,
          (unsigned long long)r->o->seed);
  ariPrintOp(mlirModuleGetOperation(mod), f, false);
  bool ok = !ferror(f);
  if (fclose(f) || !ok) {
    fprintf(stderr, "%s: %s: error: cannot write: %s\n", TOOL, path, strerror(errno));
    return false;
  }
  r->emitted++;
  return true;
}

/* --times-from: one record per thread count that the earlier dataset
 * measured this variant at, with fresh features and its times. */
static bool retimeVariant(Run *r, AriTermStore *s, const AriTermFunc *f, MlirOperation fn,
                          const char *program, const char *variant) {
  double code[ARI_COST_CODE_FEATURES] = {-1};
  for (int ti = 0; ti < r->o->nthreads; ++ti) {
    int threads = r->o->threads[ti];
    char key[2048];
    timedKey(key, sizeof key, program, variant, (unsigned)threads);
    const Timed *t = timedFind(r->timed, key);
    if (!t) {
      r->untimed++;
      continue;
    }
    double vec[ARI_COST_CODE_MEASURE_FEATURES];
    if (!featurise(r, s, f, fn, code, vec, threads)) {
      r->invalid++;
      break;
    }
    AriCostRecord rec = {.program = program, .variant = variant, .machine = t->machine,
                         .threads = (uint32_t)threads, .featureLayout = ARI_COST_CODE_LAYOUT,
                         .numFeatures = ARI_COST_CODE_MEASURE_FEATURES,
                         .features = vec, .numTimes = t->numTimes, .times = t->times};
    AriCostDsError e = ariCostDsAdd(r->w, &rec);
    if (!ariCostDsOk(&e)) {
      char msg[256];
      ariCostDsErrorFormat(&e, msg, sizeof msg);
      fprintf(stderr, "%s: %s: error: %s\n", TOOL, r->o->output, msg);
      return false;
    }
    r->measured++;
  }
  return true;
}

/* Measures one variant at every thread count and records it. */
/* False only when the dataset cannot be written; *skip when the program's
 * other variants cannot be measured (its unscheduled form failed). */
static bool measureVariant(Run *r, MlirContext ctx, AriTermStore *s, const AriTermFunc *f,
                           const char *program, const char *label, bool *isRef,
                           AriArena *refArena, AriHostArg **ref, intptr_t *nref, bool *skip) {
  MlirLocation loc = mlirLocationUnknownGet(ctx), errLoc;
  MlirModule mod = mlirModuleCreateEmpty(loc);
  MlirOperation fn = ariTermExportNewFunc(s, f, ctx, loc, &errLoc);
  if (mlirOperationIsNull(fn)) {
    fprintf(stderr, "%s: note: %s %s does not export: %s\n", TOOL, program, label,
            ariTermStoreError(s));
    ariTermStoreClearError(s);
    mlirModuleDestroy(mod);
    r->invalid++;
    return true;
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), fn);
  char variant[1200];
  snprintf(variant, sizeof variant, "%016llx %s", (unsigned long long)ariMeasureKey(fn), label);
  bool ok = true;
  if (r->o->emitDir) {
    ok = emitVariant(r, mod, program, label);
    *isRef = false;
    mlirModuleDestroy(mod);
    return ok;
  }
  if (r->timed) {
    ok = retimeVariant(r, s, f, fn, program, variant);
    *isRef = false;
    mlirModuleDestroy(mod);
    return ok;
  }
  /* the thread counts still to measure; the unscheduled program runs at
   * all of them (it is the variants' reference) */
  int todo[MAX_THREADS], ntodo = 0;
  bool cachedAt[MAX_THREADS];
  for (int ti = 0; ti < r->o->nthreads; ++ti) {
    char key[2048];
    seenKey(key, sizeof key, program, variant, r->machineName, (unsigned)r->o->threads[ti]);
    cachedAt[ti] = seenHas(r->seen, key);
    if (cachedAt[ti])
      r->cached++;
    if (!cachedAt[ti] || *isRef)
      todo[ntodo++] = r->o->threads[ti];
  }
  if (!ntodo) {
    *isRef = false;
    mlirModuleDestroy(mod);
    return true;
  }
  AriMeasureOptions mo = {.reps = (int)r->o->reps, .timeoutS = r->o->timeoutS,
                          .seed = r->o->seed, .reference = *ref, .numReference = *nref};
  AriMeasureResult res[MAX_THREADS];
  AriHostArg *outs = NULL;
  intptr_t nouts = 0;
  AriMeasureStatus st = ariMeasureFuncAt(fn, &mo, todo, ntodo, res, *isRef ? refArena : NULL,
                                         *isRef ? &outs : NULL, *isRef ? &nouts : NULL);
  if (st == ARI_MEASURE_UNCHECKED && *isRef) {
    /* too large for the interpreter: the default lowering's output is the
     * reference (see the file comment) */
    mo.unchecked = true;
    st = ariMeasureFuncAt(fn, &mo, todo, ntodo, res, refArena, &outs, &nouts);
    if (st == ARI_MEASURE_OK)
      snprintf(variant + strlen(variant), sizeof variant - strlen(variant),
               " (reference: the default lowering, too large for the interpreter)");
  }
  if (*isRef && st != ARI_MEASURE_OK) {
    fprintf(stderr, "%s: note: %s %s: %s: %s\n", TOOL, program, label, ariMeasureStatusName(st),
            res[0].status != ARI_MEASURE_OK ? res[0].message : res[ntodo - 1].message);
    fprintf(stderr, "%s: error: the unscheduled %s cannot be measured, so its variants cannot "
                    "be checked: skipping it\n",
            TOOL, program);
    r->invalid++;
    r->failedPrograms++;
    *skip = true;
  } else {
    if (*isRef && outs) {
      *ref = outs;
      *nref = nouts;
    }
    double vec[ARI_COST_CODE_MEASURE_FEATURES], code[ARI_COST_CODE_FEATURES] = {-1};
    for (int i = 0, ti = 0; i < ntodo && ok; ++i) {
      while (r->o->threads[ti] != todo[i])
        ++ti;
      if (res[i].status != ARI_MEASURE_OK) {
        fprintf(stderr, "%s: note: %s %s at %d thread(s): %s: %s\n", TOOL, program, label,
                todo[i], ariMeasureStatusName(res[i].status), res[i].message);
        r->invalid++;
        continue;
      }
      if (cachedAt[ti])
        continue; /* measured again only to be the variants' reference */
      if (!featurise(r, s, f, fn, code, vec, todo[i])) {
        r->invalid++;
        break;
      }
      double secs = res[i].medianMs * 1e-3;
      if (!(secs > 0))
        secs = 1e-9; /* below the clock's resolution */
      AriCostRecord rec = {.program = program, .variant = variant, .machine = r->machineName,
                           .threads = (uint32_t)todo[i], .featureLayout = ARI_COST_CODE_LAYOUT,
                           .numFeatures = ARI_COST_CODE_MEASURE_FEATURES,
                           .features = vec, .numTimes = 1, .times = &secs};
      AriCostDsError e = ariCostDsAdd(r->w, &rec);
      if (!ariCostDsOk(&e)) {
        char msg[256];
        ariCostDsErrorFormat(&e, msg, sizeof msg);
        fprintf(stderr, "%s: %s: error: %s\n", TOOL, r->o->output, msg);
        ok = false;
        break;
      }
      r->measured++;
    }
  }
  *isRef = false;
  mlirModuleDestroy(mod);
  return ok;
}

static bool measureFunc(Run *r, MlirContext ctx, MlirOperation func, const char *file,
                        const char *name, long *done, long total) {
  char program[512];
  const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
  snprintf(program, sizeof program, "%.*s/%s", (int)strcspn(base, "."), base, name);
  AriTermStore *s = ariTermStoreCreate((size_t)1 << 30);
  AriArena arena, refArena;
  ariArenaInit(&arena, 0);
  ariArenaInit(&refArena, 0);
  AriTermFunc tf;
  MlirLocation loc;
  bool ok = true;
  if (!s || !ariTermImportFunc(s, func, &tf, &loc)) {
    fprintf(stderr, "%s: note: %s: @%s is not in the term language: %s\n", TOOL, file, name,
            s ? ariTermStoreError(s) : "out of memory");
    goto done;
  }
  AriSampleVariant *v = calloc(r->o->variants + 1, sizeof *v);
  unsigned n = 0;
  AriSampleOptions so = {.seed = r->o->seed, .maxSteps = (unsigned)r->o->maxSteps};
  if (!v || ariSampleVariants(s, &arena, &tf, &so, v, (unsigned)r->o->variants, &n) ==
                ARI_SAMPLE_ERROR) {
    fprintf(stderr, "%s: error: sampling %s: out of memory\n", TOOL, program);
    free(v);
    ok = false;
    goto done;
  }
  if (n < r->o->variants)
    fprintf(stderr, "%s: note: %s has only %u distinct variants within the sampler's draws\n",
            TOOL, program, n);
  AriHostArg *ref = NULL;
  intptr_t nref = 0;
  bool isRef = true, skip = false;
  ok = measureVariant(r, ctx, s, &tf, program, "orig", &isRef, &refArena, &ref, &nref, &skip);
  for (unsigned i = 0; ok && !skip && i < n; ++i) {
    char label[1024];
    int len = snprintf(label, sizeof label, "v%u", i);
    for (unsigned k = 0; k < v[i].numSteps && len < (int)sizeof label - 64; ++k) {
      len += snprintf(label + len, sizeof label - (size_t)len, k ? "," : " ");
      len += (int)ariRuleInstPrint(&v[i].steps[k], label + len, sizeof label - (size_t)len);
    }
    ok = measureVariant(r, ctx, s, &v[i].func, program, label, &isRef, &refArena, &ref, &nref,
                        &skip);
    ++*done;
    if (isatty(STDERR_FILENO))
      fprintf(stderr, "\rmeasuring %s: %ld of %ld variants\033[K", program, *done, total);
  }
  if (isatty(STDERR_FILENO))
    fprintf(stderr, "\r\033[K");
  free(v);
done:
  ariArenaDestroy(&arena);
  ariArenaDestroy(&refArena);
  ariTermStoreDestroy(s);
  return ok;
}

static bool wanted(const MeasureOptions *o, const char *name) {
  if (!o->nfuncs)
    return true;
  for (int i = 0; i < o->nfuncs; ++i)
    if (!strcmp(o->funcs[i], name))
      return true;
  return false;
}

/* The symbol name of a func.func into buf; false for other ops. */
static bool funcName(MlirOperation f, char *buf, size_t cap) {
  MlirAttribute na = mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(na))
    return false;
  MlirStringRef nm = mlirStringAttrGetValue(na);
  snprintf(buf, cap, "%.*s", (int)nm.length, nm.data);
  return true;
}

/* Parses every program, counts the variants to measure and checks that
 * each --func names a function of them. */
static bool loadPrograms(const MeasureOptions *o, MlirContext ctx, MlirModule *mods,
                         long *total) {
  bool found[MAX_FUNCS] = {false};
  *total = 0;
  for (int fi = 0; fi < o->nfiles; ++fi) {
    mods[fi] = ariParseFile(ctx, o->files[fi]);
    if (mlirModuleIsNull(mods[fi]))
      return false;
    char name[256];
    for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(mods[fi]));
         !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f))
      if (funcName(f, name, sizeof name) && wanted(o, name)) {
        *total += (long)o->variants;
        for (int k = 0; k < o->nfuncs; ++k)
          found[k] |= !strcmp(o->funcs[k], name);
      }
  }
  for (int k = 0; k < o->nfuncs; ++k)
    if (!found[k]) {
      fprintf(stderr, "%s: error: --func %s names no function of the programs given\n", TOOL,
              o->funcs[k]);
      return false;
    }
  return true;
}

int ariCostCmdMeasure(int argc, char **argv) {
  MeasureOptions o;
  int rc = parseMeasure(argc, argv, &o);
  if (rc)
    return rc;
  AriMachine machine;
  char err[512];
  if (o.machineFile && !ariMachineRead(o.machineFile, &machine, err, sizeof err)) {
    fprintf(stderr, "%s: error: %s\n", TOOL, err);
    return 1;
  }
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  ariCompileRegister(ctx);
  MlirModule mods[MAX_FILES] = {{NULL}};
  long done = 0, total = 0;
  Seen seen = {0};
  AriCostDsWriter w;
  bool open = false, ok = loadPrograms(&o, ctx, mods, &total);
  if (ok && o.append && access(o.output, F_OK) == 0 && !loadSeen(o.output, &seen)) {
    fprintf(stderr, "%s: %s: error: cannot read the dataset to resume it (ariadne-cost dataset "
                    "--info says why)\n",
            TOOL, o.output);
    ok = false;
  }
  TimedSet timed = {0};
  if (ok && o.timesFrom && !loadTimed(o.timesFrom, &timed)) {
    fprintf(stderr, "%s: %s: error: cannot read the dataset (ariadne-cost dataset --info says "
                    "why)\n",
            TOOL, o.timesFrom);
    ok = false;
  }
  if (ok && o.emitDir && mkdir(o.emitDir, 0777) && errno != EEXIST) {
    fprintf(stderr, "%s: %s: error: cannot make the directory: %s\n", TOOL, o.emitDir,
            strerror(errno));
    ok = false;
  }
  if (ok && o.output) {
    AriCostDsError e = o.append && access(o.output, F_OK) == 0
                           ? ariCostDsAppendOpen(&w, o.output, 16)
                           : ariCostDsCreate(&w, o.output, 16);
    open = ok = ariCostDsOk(&e);
    if (!ok) {
      ariCostDsErrorFormat(&e, err, sizeof err);
      fprintf(stderr, "%s: %s: error: %s\n", TOOL, o.output, err);
    }
  }
  Run r = {.o = &o, .w = &w, .seen = &seen, .timed = o.timesFrom ? &timed : NULL, .machine = o.machineFile ? &machine : NULL,
           .work = ok ? ariFeatWorkCreate() : NULL};
  ariMeasureMachine(r.machineName, sizeof r.machineName);
  ok = ok && r.work != NULL;
  for (int fi = 0; ok && fi < o.nfiles; ++fi) {
    char name[256];
    for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(mods[fi]));
         ok && !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f))
      if (funcName(f, name, sizeof name) && wanted(&o, name))
        ok = measureFunc(&r, ctx, f, o.files[fi], name, &done, total);
  }
  if (open) {
    AriCostDsError e = ariCostDsCloseWriter(&w);
    if (ok && !ariCostDsOk(&e)) {
      ariCostDsErrorFormat(&e, err, sizeof err);
      fprintf(stderr, "%s: %s: error: %s\n", TOOL, o.output, err);
      ok = false;
    }
    if (o.timesFrom)
      printf("wrote %ld records with the times of %s (%ld variants at a thread count it did "
             "not measure, %ld without features)\n",
             r.measured, o.timesFrom, r.untimed, r.invalid);
    else
      printf("measured %ld records (%ld already in the dataset, %ld invalid samples not "
             "recorded) on %s\n",
             r.measured, r.cached, r.invalid, r.machineName);
  }
  if (o.emitDir)
    printf("wrote %ld programs into %s\n", r.emitted, o.emitDir);
  if (r.failedPrograms) {
    fprintf(stderr, "%s: error: %ld program(s) could not be measured\n", TOOL, r.failedPrograms);
    ok = false;
  }
  for (int fi = 0; fi < o.nfiles; ++fi)
    if (!mlirModuleIsNull(mods[fi]))
      mlirModuleDestroy(mods[fi]);
  ariFeatWorkDestroy(r.work);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  seenFree(&seen);
  timedFree(&timed);
  return ok ? 0 : 1;
}

int ariCostCmdMachine(int argc, char **argv) {
  const char *out = NULL;
  double scale = 1;
  for (int i = 2; i < argc; ++i) {
    const char *v = NULL;
    if (opt(argc, argv, &i, "--output", &v) || opt(argc, argv, &i, "-o", &v)) {
      if (!v)
        return ariToolUsageError(TOOL, "-o needs a file");
      out = v;
    } else if (opt(argc, argv, &i, "--scale", &v)) {
      char *end;
      scale = v ? strtod(v, &end) : 0;
      if (!v || *end || !(scale > 0 && scale <= 1))
        return ariToolUsageError(TOOL, "--scale needs a number in (0, 1], got '%s'", v ? v : "");
    } else {
      return ariToolUsageError(TOOL, "'machine' does not take '%s'", argv[i]);
    }
  }
  if (!out)
    return ariToolUsageError(TOOL, "'machine' needs -o FILE");
  AriMachine m;
  ariMachineProbe(&m);
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  ariCompileRegister(ctx);
  char err[512];
  bool ok = ariMachineBench(ctx, &m, scale, err, sizeof err) &&
            ariMachineWrite(out, &m, err, sizeof err);
  if (!ok)
    fprintf(stderr, "%s: error: %s\n", TOOL, err);
  else
    printf("%s: bandwidth %.1f / %.1f / %.1f / %.1f GB/s (L1 / L2 / L3 / memory), %.1f GFLOP/s "
           "vector, %.2f GFLOP/s scalar chain\n",
           m.name, m.bandwidthGBs[0], m.bandwidthGBs[1], m.bandwidthGBs[2], m.bandwidthGBs[3],
           m.gflopsVector, m.gflopsScalar);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  return ok ? 0 : 1;
}
