/*===- ariadne-cost.c - datasets and learned cost models ------------------===*\
 *
 *   ariadne-cost dataset --info FILE
 *   ariadne-cost dataset --dump FILE
 *   ariadne-cost dataset merge -o FILE IN... [--no-code] [--exclude P,...] [--programs N --seed S]
 *   ariadne-cost dataset --synthetic -o FILE [--programs N] [--variants N] [--seed N]
 *                        [--layout N] [--append]
 *   ariadne-cost train --data FILE --objective rank|reg --seed N -o MODEL [--rounds N]
 *                      [--all | --hold P,...]
 *   ariadne-cost eval --data FILE [--model MODEL] [--all | --hold P,...]
 *   ariadne-cost predict --model MODEL --data FILE
 *   ariadne-cost measure PROGRAM.mlir... -o FILE [...]   (tools/cost_measure.c)
 *   ariadne-cost machine -o FILE [--scale X]             (tools/cost_measure.c)
 *
 * Datasets are costmodel/dataset.h's files, models costmodel/xgb.h's. The
 * rows of one program measured on one machine with one thread count form a
 * group: ranking is learned and judged within groups. One eighth of the
 * programs, chosen by a hash of the program's name, is held out: `train`
 * never sees them, and `eval` reports on them alone (--all: everything).
 *
 * A row's time is the median of its record's measured times.
 *
 * Options take their value as --opt=V or --opt V. Errors are located:
 * "FILE: error: record R (block B at byte offset X): ...". Exit status 0 on
 * success, 1 on bad input (a damaged file, a model that does not fit the
 * data, no rows to work on, a program that cannot be measured), 2 on a bad
 * command line.
 * Long loops draw a progress bar on stderr when it is a terminal.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/dataset.h"
#include "costmodel/metrics.h"
#include "costmodel/xgb.h"
#include "tools/cost_measure.h"
#include "tools/support/toolargs.h"
#include "utils/arena.h"
#include "utils/hash.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TOOL "ariadne-cost"
#define usageError(...) ariToolUsageError(TOOL, __VA_ARGS__)

/* --synthetic datasets have this many features, stamped with feature
 * layout --layout (0 unless given: real layouts come from costmodel's
 * feature extractor; tests use another to provoke mismatches). */
enum { SYNTHETIC_FEATURES = 6 };

static void usage(FILE *f) {
  fprintf(f,
          "usage: ariadne-cost COMMAND [options]\n"
          "\n"
          "Datasets of measured run times and the cost models learned from them.\n"
          "\n"
          "commands:\n"
          "  dataset --info FILE        counts: records, programs, variants, machines,\n"
          "                             thread counts, feature layouts, blocks, bytes\n"
          "  dataset --dump FILE        every record, one line each\n"
          "  dataset merge -o FILE IN... [--no-code] [--exclude P,...] [--programs N --seed S]\n"
          "                             joins datasets (ariadne-proggen's shards): the\n"
          "                             records of all INs, ordered by program name\n"
          "                             (stable: each program's records keep their order);\n"
          "                             --no-code drops the code features of `measure`'s\n"
          "                             records (layout 1201 -> 1001, which rise-search's\n"
          "                             model: takes); --exclude drops the named programs;\n"
          "                             --programs keeps N programs drawn by seed S, all\n"
          "                             their records (equal-size training sets)\n"
          "  dataset --synthetic -o FILE [--programs N] [--variants N] [--seed N]\n"
          "          [--layout N] [--append]\n"
          "                             a learnable synthetic dataset (for tests, demos),\n"
          "                             its features stamped with layout version N (0);\n"
          "                             --append adds to FILE, resuming after a torn end\n"
          "  train --data FILE --objective rank|reg --seed N -o MODEL [--rounds N] [--all | --hold P,...]\n"
          "                             XGBoost, rank:pairwise by program group or\n"
          "                             regression on log time; trains on the programs\n"
          "                             not held out (--all: on every program; --hold P:\n"
          "                             on all but program P, for leave-one-out runs;\n"
          "                             a comma-separated list holds out several)\n"
          "  eval --data FILE [--model MODEL] [--all | --hold P,...]\n"
          "                             pairwise accuracy, best-1/best-2 error, TenSet's\n"
          "                             top-1/top-5 score, MAPE on the held-out programs\n"
          "                             (--all: every program; --hold P,...: those); with\n"
          "                             the baselines a measured dataset records (term\n"
          "                             size, weighted size, analytic) beside the model's\n"
          "                             figures\n"
          "  predict --model MODEL --data FILE\n"
          "                             the model's output for every record\n"
          "  measure PROGRAM.mlir... -o FILE [--func NAME]... [--variants N] [--threads 1,2]\n"
          "          [--seed N] [--reps N] [--timeout SEC] [--max-steps N] [--machine FILE]\n"
          "          [--append]\n"
          "                             the unscheduled program and N sampled schedules of\n"
          "                             every function (50), featurised, checked, timed at\n"
          "                             each thread count and recorded; --append skips what\n"
          "                             FILE holds; --machine adds the analytic baseline\n"
          "          --times-from OLD    measure nothing: the same variants with fresh\n"
          "                             features and OLD's times (after a feature change)\n"
          "          --emit DIR          measure nothing: write the variants to DIR as\n"
          "                             PROGRAM.LABEL.mlir (no -o)\n"
          "  machine -o FILE [--scale X]\n"
          "                             micro-benchmark this machine for the analytic model\n"
          "\n"
          "One program in eight, by a hash of its name, is held out of training.\n"
          "Options with a value take it as --opt=VALUE or --opt VALUE; -o is --output.\n"
          "  -h, --help     this text      --version     versions of the tool and formats\n"
          "\n"
          "Exit status: 0 success; 1 bad input (damaged or mismatched file, no data);\n"
          "2 bad command line.\n");
}

/* ===--------------------------- options --------------------------------=== */

typedef struct Options {
  const char *info, *dump, *data, *model, *output, *objective;
  const char *hold; /* --hold: these programs (comma-separated) are the held-out set */
  bool synthetic, append, all, seedGiven;
  uint64_t seed, programs, variants, rounds, layout;
} Options;

/* "--name=V" or "--name V" (or the short alias): true when `a` is that
 * option; *missing when its value is not there. */
static bool optValue(int argc, char **argv, int *i, const char *name, const char *alias,
                     const char **v, bool *missing) {
  const char *a = argv[*i];
  if (ariToolOptValue(a, name, v))
    return true;
  if (strcmp(a, name) && (!alias || strcmp(a, alias)))
    return false;
  if (*i + 1 >= argc) {
    *missing = true;
    return true;
  }
  *v = argv[++*i];
  return true;
}

static int parseU64(const char *opt, const char *v, bool missing, uint64_t max, uint64_t *out) {
  if (missing || !ariToolParseU64(v, out) || *out > max)
    return usageError("%s needs an integer from 0 to %llu, got '%s'", opt,
                      (unsigned long long)max, missing ? "" : v);
  return 0;
}

/* Parses argv[2..] for `cmd`; `allowed` lists the options it takes. */
static int parseOptions(int argc, char **argv, const char *cmd, const char *allowed, Options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    bool missing = false;
    int rc = 0;
    const char *name = NULL;
#define OPT(N, ALIAS) (optValue(argc, argv, &i, N, ALIAS, &v, &missing) && (name = N))
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (OPT("--info", NULL)) {
      o->info = v;
    } else if (OPT("--dump", NULL)) {
      o->dump = v;
    } else if (OPT("--data", NULL)) {
      o->data = v;
    } else if (OPT("--model", NULL)) {
      o->model = v;
    } else if (OPT("--hold", NULL)) {
      o->hold = v;
    } else if (OPT("--output", "-o")) {
      o->output = v;
    } else if (OPT("--objective", NULL)) {
      o->objective = v;
      if (!missing && strcmp(v, "rank") && strcmp(v, "reg"))
        return usageError("--objective is rank or reg, got '%s'", v);
    } else if (OPT("--seed", NULL)) {
      rc = parseU64("--seed", v, missing, UINT64_MAX, &o->seed);
      o->seedGiven = true;
    } else if (OPT("--programs", NULL)) {
      rc = parseU64("--programs", v, missing, 100000, &o->programs);
    } else if (OPT("--variants", NULL)) {
      rc = parseU64("--variants", v, missing, 100000, &o->variants);
    } else if (OPT("--layout", NULL)) {
      rc = parseU64("--layout", v, missing, UINT32_MAX, &o->layout);
    } else if (OPT("--rounds", NULL)) {
      rc = parseU64("--rounds", v, missing, 100000, &o->rounds);
    } else if (!strcmp(a, "--synthetic")) {
      o->synthetic = true;
      name = "--synthetic";
    } else if (!strcmp(a, "--append")) {
      o->append = true;
      name = "--append";
    } else if (!strcmp(a, "--all")) {
      o->all = true;
      name = "--all";
    } else if (a[0] == '-' && a[1]) {
      return usageError("unknown option '%s'", a);
    } else {
      return usageError("unexpected argument '%s' ('%s' takes no positional arguments)", a, cmd);
    }
#undef OPT
    if (rc)
      return rc;
    if (missing)
      return usageError("%s needs a value", name);
    /* `allowed` is a space-separated list with a space at each end. */
    char key[32];
    snprintf(key, sizeof key, " %s ", name);
    if (!strstr(allowed, key))
      return usageError("'%s' does not take %s", cmd, name);
  }
  return 0;
}

/* ===------------------------- progress bar -----------------------------=== */

/* A bar on stderr, redrawn when the percentage changes; silent unless
 * stderr is a terminal, so logs and tests never see it. */
typedef struct Progress {
  const char *label;
  bool on;
  int shown;
} Progress;

static void progressStart(Progress *p, const char *label) {
  p->label = label;
  p->on = isatty(STDERR_FILENO);
  p->shown = -1;
}

static void progressSet(Progress *p, uint64_t done, uint64_t total) {
  if (!p->on || !total)
    return;
  int pct = (int)(done * 100 / total);
  if (pct == p->shown)
    return;
  p->shown = pct;
  char bar[31];
  int fill = pct * 30 / 100;
  for (int i = 0; i < 30; ++i)
    bar[i] = i < fill ? '#' : ' ';
  bar[30] = 0;
  fprintf(stderr, "\r%s [%s] %3d%%", p->label, bar, pct);
  fflush(stderr);
}

static void progressEnd(Progress *p) {
  if (p->on && p->shown >= 0)
    fprintf(stderr, "\r\033[K");
  p->shown = -1;
}

static void xgbProgress(void *ctx, uint32_t done, uint32_t total) {
  progressSet(ctx, done, total);
}

/* ===-------------------------- string sets ------------------------------=== */

/* Distinct byte strings, counted: open addressing in the arena. */
typedef struct StrSet {
  AriArena *arena;
  const char **keys;
  size_t *lens;
  uint64_t *counts;
  size_t cap, n;
} StrSet;

static bool setInit(StrSet *s, AriArena *a) {
  memset(s, 0, sizeof *s);
  s->arena = a;
  s->cap = 64;
  s->keys = ariArenaCalloc(a, sizeof *s->keys * s->cap);
  s->lens = ariArenaCalloc(a, sizeof *s->lens * s->cap);
  s->counts = ariArenaCalloc(a, sizeof *s->counts * s->cap);
  return s->keys && s->lens && s->counts;
}

/* The slot of key (found or empty). */
static size_t setSlot(const StrSet *s, const char *k, size_t len) {
  size_t i = ariHashMix64(ariHashBytes32(k, len)) & (s->cap - 1);
  while (s->keys[i] && (s->lens[i] != len || memcmp(s->keys[i], k, len)))
    i = (i + 1) & (s->cap - 1);
  return i;
}

static bool setGrow(StrSet *s, size_t **ids) {
  StrSet g = *s;
  g.cap = s->cap * 2;
  g.keys = ariArenaCalloc(s->arena, sizeof *g.keys * g.cap);
  g.lens = ariArenaCalloc(s->arena, sizeof *g.lens * g.cap);
  g.counts = ariArenaCalloc(s->arena, sizeof *g.counts * g.cap);
  size_t *gids = ids ? ariArenaCalloc(s->arena, sizeof *gids * g.cap) : NULL;
  if (!g.keys || !g.lens || !g.counts || (ids && !gids))
    return false;
  for (size_t i = 0; i < s->cap; ++i)
    if (s->keys[i]) {
      size_t j = setSlot(&g, s->keys[i], s->lens[i]);
      g.keys[j] = s->keys[i];
      g.lens[j] = s->lens[i];
      g.counts[j] = s->counts[i];
      if (ids)
        gids[j] = (*ids)[i];
    }
  *s = g;
  if (ids)
    *ids = gids;
  return true;
}

/* Adds k; returns its slot, or SIZE_MAX when out of memory. *isNew says
 * whether it was not there before. ids (optional) follows the slots. */
static size_t setAdd(StrSet *s, const char *k, size_t len, size_t **ids, bool *isNew) {
  if (2 * (s->n + 1) > s->cap && !setGrow(s, ids))
    return SIZE_MAX;
  size_t i = setSlot(s, k, len);
  *isNew = !s->keys[i];
  if (*isNew) {
    char *copy = ariArenaAlloc(s->arena, len ? len : 1);
    if (!copy)
      return SIZE_MAX;
    memcpy(copy, k, len);
    s->keys[i] = copy;
    s->lens[i] = len;
    s->n++;
  }
  s->counts[i]++;
  return i;
}

/* "A\0B\0C" as one key. */
static size_t joinKey(char *buf, size_t cap, const char *a, const char *b, const char *c) {
  size_t la = strlen(a), lb = strlen(b), lc = c ? strlen(c) : 0, n = la + 1 + lb;
  if (c)
    n += 1 + lc;
  if (n > cap)
    return SIZE_MAX;
  memcpy(buf, a, la);
  buf[la] = 0;
  memcpy(buf + la + 1, b, lb);
  if (c) {
    buf[la + 1 + lb] = 0;
    memcpy(buf + la + 2 + lb, c, lc);
  }
  return n;
}

/* ===------------------------- reading datasets --------------------------=== */

static void dsError(const char *path, const AriCostDsError *e) {
  char msg[512];
  ariCostDsErrorFormat(e, msg, sizeof msg);
  fprintf(stderr, "%s: error: %s\n", path, msg);
}

static bool openDataset(const char *path, AriCostDsReader *r) {
  AriCostDsError e = ariCostDsOpenFile(r, path);
  if (!ariCostDsOk(&e)) {
    dsError(path, &e);
    return false;
  }
  return true;
}

/* The reader's final state: false (with the error printed) unless it
 * ended cleanly. */
static bool finishDataset(const char *path, AriCostDsReader *r) {
  const AriCostDsError *e = ariCostDsReaderError(r);
  bool ok = ariCostDsOk(e);
  if (!ok) {
    dsError(path, e);
    if (r->tornTail)
      fprintf(stderr,
              "%s: note: the damage is in the last block, as an interrupted append leaves "
              "it; %llu intact records end at byte %llu\n",
              path, (unsigned long long)r->records, (unsigned long long)r->goodEnd);
  }
  ariCostDsClose(r);
  return ok;
}

static double median(const double *t, uint32_t n, double *scratch) {
  memcpy(scratch, t, sizeof *t * n);
  /* Insertion sort: n is at most ARI_COST_DS_MAX_TIMES, usually a handful. */
  for (uint32_t i = 1; i < n; ++i) {
    double v = scratch[i];
    uint32_t j = i;
    for (; j > 0 && scratch[j - 1] > v; --j)
      scratch[j] = scratch[j - 1];
    scratch[j] = v;
  }
  return n % 2 ? scratch[n / 2] : 0.5 * (scratch[n / 2 - 1] + scratch[n / 2]);
}

/* The rows of a dataset that a command works on, grouped. */
typedef struct Table {
  size_t rows, cap;
  uint32_t cols, layout;
  float *x;
  double *time;
  uint32_t *group;    /* per row, before grouping */
  uint64_t *index;    /* per row: its record index */
  const char **program, **variant;
  size_t numGroups;   /* groups seen */
  uint64_t records, skipped; /* records read; not in the selected split */
  bool holdSeen;             /* a record of the held-out set was read */
  uint32_t *sizes;    /* after grouping: the group sizes, in order */
  size_t numSizes;
} Table;

typedef enum Split { SPLIT_TRAIN, SPLIT_HELD_OUT, SPLIT_ALL } Split;

/* Room for `cap` rows (the rows held are kept). */
static bool tableReserve(Table *t, AriArena *a, size_t cap) {
  float *x = ariArenaAlloc(a, sizeof *x * cap * (t->cols ? t->cols : 1));
  double *time = ariArenaAlloc(a, sizeof *time * cap);
  uint32_t *group = ariArenaAlloc(a, sizeof *group * cap);
  uint64_t *index = ariArenaAlloc(a, sizeof *index * cap);
  const char **program = ariArenaAlloc(a, sizeof *program * cap);
  const char **variant = ariArenaAlloc(a, sizeof *variant * cap);
  if (!x || !time || !group || !index || !program || !variant)
    return false;
  if (t->rows) {
    memcpy(x, t->x, sizeof *x * t->rows * t->cols);
    memcpy(time, t->time, sizeof *time * t->rows);
    memcpy(group, t->group, sizeof *group * t->rows);
    memcpy(index, t->index, sizeof *index * t->rows);
    memcpy(program, t->program, sizeof *program * t->rows);
    memcpy(variant, t->variant, sizeof *variant * t->rows);
  }
  t->x = x;
  t->time = time;
  t->group = group;
  t->index = index;
  t->program = program;
  t->variant = variant;
  t->cap = cap;
  return true;
}

/* Whether `name` is one of the comma-separated names of `list`. */
static bool inList(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list;;) {
    const char *c = strchr(p, ',');
    size_t l = c ? (size_t)(c - p) : strlen(p);
    if (l == n && !strncmp(p, name, n))
      return true;
    if (!c)
      return false;
    p = c + 1;
  }
}

/* Reads the rows of `split` from `path` into t, grouped by (program,
 * machine, threads), groups in order of first appearance and rows in file
 * order within them. Every record (selected or not) must have the first
 * record's feature layout and count. */
static bool loadTable(const char *path, Split split, const char *hold, AriArena *a, Table *t) {
  memset(t, 0, sizeof *t);
  AriCostDsReader r;
  if (!openDataset(path, &r))
    return false;
  StrSet groups;
  size_t *ids = NULL;
  bool ok = setInit(&groups, a) && (ids = ariArenaCalloc(a, sizeof *ids * groups.cap));
  AriCostRecord rec;
  double *scratch = ariArenaAlloc(a, sizeof *scratch * ARI_COST_DS_MAX_TIMES);
  bool first = true;
  uint64_t firstIndex = 0;
  Progress bar;
  progressStart(&bar, "reading ");
  while (ok && scratch && ariCostDsNext(&r, &rec)) {
    progressSet(&bar, r.pos, r.size);
    t->records++;
    if (first) {
      t->layout = rec.featureLayout;
      t->cols = rec.numFeatures;
      firstIndex = rec.index;
      first = false;
    } else if (rec.featureLayout != t->layout || rec.numFeatures != t->cols) {
      progressEnd(&bar);
      fprintf(stderr,
              "%s: error: record %llu: feature layout %u with %u features, but record %llu has "
              "layout %u with %u; a dataset used for learning has one layout\n",
              path, (unsigned long long)rec.index, rec.featureLayout, rec.numFeatures,
              (unsigned long long)firstIndex, t->layout, t->cols);
      ariCostDsClose(&r);
      return false;
    }
    bool out = hold ? inList(hold, rec.program) : ariCostDsHeldOut(rec.program);
    t->holdSeen |= out;
    if ((split == SPLIT_TRAIN && out) || (split == SPLIT_HELD_OUT && !out)) {
      t->skipped++;
      continue;
    }
    char key[3 * ARI_COST_DS_MAX_NAME + 16], threads[16];
    snprintf(threads, sizeof threads, "%u", rec.threads);
    size_t klen = joinKey(key, sizeof key, rec.program, rec.machine, threads);
    bool isNew;
    size_t slot = setAdd(&groups, key, klen, &ids, &isNew);
    if (slot == SIZE_MAX || (t->rows == t->cap && !tableReserve(t, a, t->cap ? 2 * t->cap : 256))) {
      ok = false;
      break;
    }
    if (isNew)
      ids[slot] = t->numGroups++;
    size_t i = t->rows++;
    t->group[i] = (uint32_t)ids[slot];
    t->index[i] = rec.index;
    t->time[i] = median(rec.times, rec.numTimes, scratch);
    t->program[i] = ariArenaStrndup(a, rec.program, strlen(rec.program));
    t->variant[i] = ariArenaStrndup(a, rec.variant, strlen(rec.variant));
    ok = t->program[i] && t->variant[i];
    for (uint32_t c = 0; c < t->cols; ++c)
      t->x[i * t->cols + c] = (float)rec.features[c];
  }
  progressEnd(&bar);
  if (!ok || !scratch) {
    fprintf(stderr, "%s: error: out of memory reading the dataset\n", path);
    ariCostDsClose(&r);
    return false;
  }
  if (!finishDataset(path, &r))
    return false;

  /* Group the rows: a stable counting sort by group. */
  size_t n = t->rows, g = t->numGroups;
  uint32_t *sizes = ariArenaCalloc(a, sizeof *sizes * (g ? g : 1));
  size_t *start = ariArenaCalloc(a, sizeof *start * (g + 1));
  Table s = *t;
  s.cap = 0;
  s.rows = 0;
  if (!sizes || !start || (n && !tableReserve(&s, a, n))) {
    fprintf(stderr, "%s: error: out of memory reading the dataset\n", path);
    return false;
  }
  for (size_t i = 0; i < n; ++i)
    sizes[t->group[i]]++;
  for (size_t k = 0; k < g; ++k)
    start[k + 1] = start[k] + sizes[k];
  for (size_t i = 0; i < n; ++i) {
    size_t j = start[t->group[i]]++;
    memcpy(&s.x[j * t->cols], &t->x[i * t->cols], sizeof *s.x * t->cols);
    s.time[j] = t->time[i];
    s.group[j] = t->group[i];
    s.index[j] = t->index[i];
    s.program[j] = t->program[i];
    s.variant[j] = t->variant[i];
  }
  s.rows = n;
  s.sizes = sizes;
  s.numSizes = g;
  *t = s;
  return true;
}

/* ===----------------------------- dataset -------------------------------=== */

static int datasetInfo(const char *path) {
  AriCostDsReader r;
  if (!openDataset(path, &r))
    return 1;
  AriArena a;
  ariArenaInit(&a, 0);
  StrSet programs, variants, machines, threads, layouts;
  bool ok = setInit(&programs, &a) && setInit(&variants, &a) && setInit(&machines, &a) &&
            setInit(&threads, &a) && setInit(&layouts, &a);
  AriCostRecord rec;
  uint64_t times = 0;
  Progress bar;
  progressStart(&bar, "reading ");
  while (ok && ariCostDsNext(&r, &rec)) {
    progressSet(&bar, r.pos, r.size);
    char key[2 * ARI_COST_DS_MAX_NAME + 8];
    bool isNew;
    size_t klen = joinKey(key, sizeof key, rec.program, rec.variant, NULL);
    char num[32];
    ok = setAdd(&programs, rec.program, strlen(rec.program), NULL, &isNew) != SIZE_MAX &&
         setAdd(&variants, key, klen, NULL, &isNew) != SIZE_MAX &&
         setAdd(&machines, rec.machine, strlen(rec.machine), NULL, &isNew) != SIZE_MAX;
    snprintf(num, sizeof num, "%u", rec.threads);
    ok = ok && setAdd(&threads, num, strlen(num), NULL, &isNew) != SIZE_MAX;
    snprintf(num, sizeof num, "%u:%u", rec.featureLayout, rec.numFeatures);
    ok = ok && setAdd(&layouts, num, strlen(num), NULL, &isNew) != SIZE_MAX;
    times += rec.numTimes;
  }
  progressEnd(&bar);
  if (!ok) {
    fprintf(stderr, "%s: error: out of memory reading the dataset\n", path);
    ariCostDsClose(&r);
    ariArenaDestroy(&a);
    return 1;
  }
  uint64_t records = r.records, blocks = r.blocks, bytes = r.size;
  if (!finishDataset(path, &r)) {
    ariArenaDestroy(&a);
    return 1;
  }
  printf("%s: Ariadne dataset, format version %d\n", path, ARI_COST_DS_VERSION);
  printf("records: %llu\n", (unsigned long long)records);
  printf("programs: %zu\n", programs.n);
  printf("variants: %zu\n", variants.n);
  printf("machines: %zu\n", machines.n);
  printf("measured times: %llu\n", (unsigned long long)times);
  /* The small sets are listed, sorted, so that the output is stable. */
  uint64_t list[64];
  size_t nl = 0;
  for (size_t i = 0; i < threads.cap && nl < 64; ++i)
    if (threads.keys[i])
      list[nl++] = strtoull(threads.keys[i], NULL, 10);
  for (size_t i = 1; i < nl; ++i)
    for (size_t j = i; j > 0 && list[j - 1] > list[j]; --j) {
      uint64_t x = list[j];
      list[j] = list[j - 1];
      list[j - 1] = x;
    }
  printf("thread counts: %zu (", threads.n);
  for (size_t i = 0; i < nl; ++i)
    printf("%s%llu", i ? " " : "", (unsigned long long)list[i]);
  printf("%s)\n", threads.n > nl ? " ..." : "");
  /* Layouts sorted by (version, features). */
  typedef struct Layout {
    unsigned version, features;
    uint64_t records;
  } Layout;
  Layout ls[64];
  size_t nls = 0;
  for (size_t i = 0; i < layouts.cap && nls < 64; ++i)
    if (layouts.keys[i]) {
      Layout l = {0, 0, layouts.counts[i]};
      sscanf(layouts.keys[i], "%u:%u", &l.version, &l.features);
      size_t j = nls++;
      for (; j > 0 && (ls[j - 1].version > l.version ||
                       (ls[j - 1].version == l.version && ls[j - 1].features > l.features));
           --j)
        ls[j] = ls[j - 1];
      ls[j] = l;
    }
  printf("feature layouts: %zu (", layouts.n);
  for (size_t i = 0; i < nls; ++i)
    printf("%sversion %u with %u features: %llu records", i ? "; " : "", ls[i].version,
           ls[i].features, (unsigned long long)ls[i].records);
  if (layouts.n > nls)
    printf("; ...");
  printf(")\n");
  printf("blocks: %llu\n", (unsigned long long)blocks);
  printf("bytes: %llu\n", (unsigned long long)bytes);
  ariArenaDestroy(&a);
  return 0;
}

static int datasetDump(const char *path) {
  AriCostDsReader r;
  if (!openDataset(path, &r))
    return 1;
  AriCostRecord rec;
  printf("# record program variant machine threads layout features times\n");
  while (ariCostDsNext(&r, &rec)) {
    printf("%llu %s %s %s %u %u [", (unsigned long long)rec.index, rec.program,
           rec.variant[0] ? rec.variant : "-", rec.machine[0] ? rec.machine : "-", rec.threads,
           rec.featureLayout);
    for (uint32_t i = 0; i < rec.numFeatures; ++i)
      printf("%s%.17g", i ? " " : "", rec.features[i]);
    printf("] [");
    for (uint32_t i = 0; i < rec.numTimes; ++i)
      printf("%s%.17g", i ? " " : "", rec.times[i]);
    printf("]\n");
  }
  return finishDataset(path, &r) ? 0 : 1;
}

/* A uniform number in [0, 1) from (seed, counter). */
static double unitRand(uint64_t seed, uint64_t k) {
  return (double)(ariHashMix64(ariHashMix64(seed) ^ (k * ARI_HASH_GOLDEN)) >> 11) * 0x1p-53;
}

/* Programs whose variants' times follow their features (plus 2% noise),
 * so that a model can learn them: for tests and demonstrations. */
static int datasetSynthetic(const Options *o) {
  uint64_t programs = o->programs ? o->programs : 16, variants = o->variants ? o->variants : 12;
  AriCostDsWriter w;
  AriCostDsError e =
      o->append ? ariCostDsAppendOpen(&w, o->output, 0) : ariCostDsCreate(&w, o->output, 0);
  if (!ariCostDsOk(&e)) {
    dsError(o->output, &e);
    return 1;
  }
  if (w.cutBytes)
    fprintf(stderr,
            "%s: note: cut %llu bytes of a torn last block (an interrupted append); resuming "
            "at record %llu\n",
            o->output, (unsigned long long)w.cutBytes, (unsigned long long)w.nextIndex);
  uint64_t before = w.nextIndex;
  Progress bar;
  progressStart(&bar, "writing ");
  for (uint64_t p = 0; p < programs && ariCostDsOk(&e); ++p) {
    char program[32], variant[32];
    snprintf(program, sizeof program, "synth%03llu", (unsigned long long)p);
    double scale = 1e-4 * (1 + 20 * unitRand(o->seed, p * 1000003));
    for (uint64_t v = 0; v < variants && ariCostDsOk(&e); ++v) {
      uint64_t k = p * 1000003 + (v + 1) * 101;
      double f[SYNTHETIC_FEATURES], t[3];
      for (int c = 0; c < 4; ++c)
        f[c] = unitRand(o->seed, k + (uint64_t)c);
      f[4] = log(scale);
      f[5] = (double)(v % 3);
      double base = scale * exp(2 * f[0] - f[1] + 0.5 * f[2] * f[3] + 0.1 * f[5]);
      for (int r = 0; r < 3; ++r)
        t[r] = base * (1 + 0.02 * (unitRand(o->seed, k + 50 + (uint64_t)r) - 0.5));
      snprintf(variant, sizeof variant, "v%llu", (unsigned long long)v);
      AriCostRecord rec = {0, program, variant, "synthetic", 1, (uint32_t)o->layout,
                           SYNTHETIC_FEATURES, f, 3, t};
      e = ariCostDsAdd(&w, &rec);
      progressSet(&bar, p * variants + v + 1, programs * variants);
    }
  }
  progressEnd(&bar);
  AriCostDsError ce = ariCostDsCloseWriter(&w);
  if (ariCostDsOk(&e))
    e = ce;
  if (!ariCostDsOk(&e)) {
    dsError(o->output, &e);
    return 1;
  }
  printf("wrote %llu records (%llu programs x %llu variants, seed %llu) to %s",
         (unsigned long long)(programs * variants), (unsigned long long)programs,
         (unsigned long long)variants, (unsigned long long)o->seed, o->output);
  if (o->append)
    printf(" after its %llu records", (unsigned long long)before);
  printf("\n");
  return 0;
}

/* One record of `dataset merge`, copied out of its reader. */
typedef struct MergeRec {
  AriCostRecord rec;
  uint64_t order; /* position over all inputs: the sort is stable */
} MergeRec;

static int cmpMerge(const void *a, const void *b) {
  const MergeRec *x = a, *y = b;
  int c = strcmp(x->rec.program, y->rec.program);
  if (c)
    return c;
  return x->order < y->order ? -1 : x->order > y->order;
}

static char *arenaStr(AriArena *a, const char *s) { return ariArenaStrndup(a, s, strlen(s)); }

/* Record r (of a measured layout with code features, this version's or
 * an earlier one's; its features copied to f) without its code features:
 * layout ARI_COST_MEASURE_LAYOUT, the program vector and the baselines.
 * False if r is no such record. */
static bool dropCodeFeatures(AriCostRecord *r, double *f) {
  uint32_t code;
  if (!ariCostMeasuredLayout(r->featureLayout, r->numFeatures, &code) || !code)
    return false;
  memmove(f + ARI_FEAT_COUNT, f + ARI_FEAT_COUNT + code, ARI_COST_NUM_BASELINES * sizeof *f);
  r->numFeatures = ARI_COST_MEASURE_FEATURES;
  r->featureLayout = ARI_COST_MEASURE_LAYOUT;
  return true;
}

/* Keeps `keep` of the sorted records' distinct programs, drawn by a
 * seeded shuffle (all of them when keep >= their count): recs[] compacted
 * in place, its order kept; the new count. */
static size_t keepPrograms(MergeRec *recs, size_t n, uint64_t keep, uint64_t seed, AriArena *a,
                           bool *oom) {
  size_t np = 0;
  for (size_t i = 0; i < n; ++i)
    np += !i || strcmp(recs[i].rec.program, recs[i - 1].rec.program);
  if (keep >= np)
    return n;
  uint32_t *order = ariArenaAlloc(a, (np + 1) * sizeof *order);
  bool *kept = ariArenaCalloc(a, (np + 1) * sizeof *kept);
  if (!order || !kept) {
    *oom = true;
    return n;
  }
  for (size_t i = 0; i < np; ++i)
    order[i] = (uint32_t)i;
  uint64_t state = seed;
  for (size_t i = np - 1; i > 0; --i) { /* Fisher-Yates on splitmix64's stream */
    state += 0x9E3779B97F4A7C15ull;
    size_t j = (size_t)(ariHashMix64(state) % (i + 1));
    uint32_t t = order[i];
    order[i] = order[j], order[j] = t;
  }
  for (size_t i = 0; i < keep; ++i)
    kept[order[i]] = true;
  size_t m = 0, prog = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i && strcmp(recs[i].rec.program, recs[i - 1].rec.program))
      prog++;
    if (kept[prog])
      recs[m++] = recs[i];
  }
  return m;
}

/* ariadne-cost dataset merge -o OUT IN... [--no-code] [--exclude P,...]
 * [--programs N --seed S]: shards generated independently (programs named
 * by their index) join into what one run over all the programs writes,
 * since that run writes programs in name order. --no-code turns
 * `measure`'s records into the layout without code features, for a model
 * that rise-search can use. --exclude and --programs select programs
 * (whole, every record of each), for training sets of equal size drawn
 * from different sources (docs/proggen.md, "The comparison"). */
static int datasetMerge(int argc, char **argv) {
  const char *out = NULL;
  const char *ins[256];
  int nin = 0;
  const char *exclude = NULL;
  uint64_t keep = 0, seed = 0;
  bool noCode = false, oom = false, haveKeep = false, haveSeed = false;
  for (int i = 3; i < argc; ++i) {
    const char *v;
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (ariToolOpt(argc, argv, &i, "--output", &v) || ariToolOpt(argc, argv, &i, "-o", &v)) {
      if (!*v)
        return usageError("--output needs a value");
      out = v;
    } else if (!strcmp(argv[i], "--no-code")) {
      noCode = true;
    } else if (ariToolOpt(argc, argv, &i, "--exclude", &v)) {
      if (!*v)
        return usageError("--exclude needs program names");
      exclude = v;
    } else if (ariToolOpt(argc, argv, &i, "--programs", &v)) {
      if (!ariToolParseU64(v, &keep) || !keep)
        return usageError("--programs needs a positive integer, not '%s'", v);
      haveKeep = true;
    } else if (ariToolOpt(argc, argv, &i, "--seed", &v)) {
      if (!ariToolParseU64(v, &seed))
        return usageError("--seed needs a non-negative integer, not '%s'", v);
      haveSeed = true;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      return usageError("unknown option '%s' ('dataset merge' takes -o FILE, --no-code, --exclude, "
                        "--programs, --seed and inputs)",
                        argv[i]);
    } else if (nin < 256) {
      ins[nin++] = argv[i];
    } else {
      return usageError("'dataset merge' takes at most 256 inputs");
    }
  }
  if (!out || !nin)
    return usageError("'dataset merge' needs -o FILE and at least one input");
  if (haveKeep != haveSeed)
    return usageError("'dataset merge' takes --programs N and --seed S together");
  for (int i = 0; i < nin; ++i)
    if (!strcmp(ins[i], out))
      return usageError("'dataset merge' would overwrite its input %s", out);
  AriArena a;
  ariArenaInit(&a, 0);
  size_t n = 0, cap = 0;
  MergeRec *recs = NULL;
  bool ok = true;
  for (int i = 0; ok && i < nin; ++i) {
    AriCostDsReader r;
    if (!openDataset(ins[i], &r)) {
      ok = false;
      break;
    }
    AriCostRecord rec;
    while (ok && ariCostDsNext(&r, &rec)) {
      if (exclude && inList(exclude, rec.program))
        continue;
      if (n == cap) {
        size_t ncap = cap ? 2 * cap : 1024;
        MergeRec *grown = ariArenaAlloc(&a, ncap * sizeof *grown);
        if (!grown) {
          ok = false, oom = true;
          break;
        }
        if (n)
          memcpy(grown, recs, n * sizeof *recs);
        recs = grown, cap = ncap;
      }
      MergeRec *m = &recs[n];
      m->rec = rec;
      m->order = n;
      m->rec.program = arenaStr(&a, rec.program);
      m->rec.variant = arenaStr(&a, rec.variant);
      m->rec.machine = arenaStr(&a, rec.machine);
      double *f = ariArenaAlloc(&a, (rec.numFeatures + 1) * sizeof(double));
      double *t = ariArenaAlloc(&a, (rec.numTimes + 1) * sizeof(double));
      if (!m->rec.program || !m->rec.variant || !m->rec.machine || !f || !t) {
        ok = false, oom = true;
        break;
      }
      memcpy(f, rec.features, rec.numFeatures * sizeof(double));
      memcpy(t, rec.times, rec.numTimes * sizeof(double));
      m->rec.features = f;
      m->rec.times = t;
      bool code = rec.featureLayout == ARI_COST_CODE_LAYOUT ||
                  rec.featureLayout == ARI_COST_CODE_LAYOUT_V1;
      if (noCode && code && !dropCodeFeatures(&m->rec, f)) {
        fprintf(stderr, "%s: error: record %zu (%s) has layout %u with %u features, not one "
                        "that `measure` writes\n",
                ins[i], n, rec.program, rec.featureLayout, rec.numFeatures);
        ok = false;
        break;
      }
      n++;
    }
    if (oom)
      fprintf(stderr, "%s: error: out of memory\n", ins[i]);
    if (!finishDataset(ins[i], &r))
      ok = false;
  }
  if (ok) {
    qsort(recs, n, sizeof *recs, cmpMerge);
    if (haveKeep)
      n = keepPrograms(recs, n, keep, seed, &a, &oom);
    if (oom) {
      fprintf(stderr, "%s: error: out of memory\n", out);
      ok = false;
    }
  }
  if (ok) {
    AriCostDsWriter w;
    AriCostDsError e = ariCostDsCreate(&w, out, 0);
    if (!ariCostDsOk(&e)) {
      dsError(out, &e);
      ok = false;
    }
    for (size_t i = 0; ok && i < n; ++i) {
      e = ariCostDsAdd(&w, &recs[i].rec);
      if (!ariCostDsOk(&e)) {
        dsError(out, &e);
        ok = false;
        ariCostDsAbandon(&w);
      }
    }
    if (ok) {
      e = ariCostDsCloseWriter(&w);
      if (!ariCostDsOk(&e)) {
        dsError(out, &e);
        ok = false;
      }
    }
    if (ok)
      printf("merged %zu records of %d dataset(s) into %s\n", n, nin, out);
  }
  ariArenaDestroy(&a);
  return ok ? 0 : 1;
}

static int cmdDataset(int argc, char **argv) {
  if (argc > 2 && !strcmp(argv[2], "merge"))
    return datasetMerge(argc, argv);
  Options o;
  int rc = parseOptions(argc, argv, "dataset",
                        " --info --dump --synthetic --append --output --programs --variants --seed --layout ", &o);
  if (rc)
    return rc;
  int modes = !!o.info + !!o.dump + o.synthetic;
  if (modes != 1)
    return usageError("'dataset' needs exactly one of --info FILE, --dump FILE, --synthetic");
  if (!o.synthetic && (o.output || o.programs || o.variants || o.seedGiven || o.layout || o.append))
    return usageError(
        "--output, --append, --programs, --variants, --seed and --layout go with --synthetic");
  if (o.info)
    return datasetInfo(o.info);
  if (o.dump)
    return datasetDump(o.dump);
  if (!o.output)
    return usageError("--synthetic needs --output FILE");
  return datasetSynthetic(&o);
}

/* ===------------------------ train / eval / predict -----------------------=== */

static int cmdTrain(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, "train", " --data --objective --seed --output --rounds --all --hold ",
                        &o);
  if (rc)
    return rc;
  if (!o.data)
    return usageError("'train' needs --data FILE");
  if (o.all && o.hold)
    return usageError("'train' takes --all or --hold, not both");
  if (!o.objective)
    return usageError("'train' needs --objective rank|reg");
  if (!o.seedGiven)
    return usageError("'train' needs --seed N (every run is seeded, for determinism)");
  if (!o.output)
    return usageError("'train' needs --output MODEL");
  AriXgbParams p = {ARI_XGB_RANK, o.seed, (uint32_t)o.rounds, 0, 0, 0, 0};
  ariXgbObjectiveParse(o.objective, &p.objective);
  AriArena a;
  ariArenaInit(&a, 0);
  Table t;
  if (!loadTable(o.data, o.all ? SPLIT_ALL : SPLIT_TRAIN, o.hold, &a, &t)) {
    ariArenaDestroy(&a);
    return 1;
  }
  if (o.hold && !t.holdSeen) {
    fprintf(stderr, "%s: error: --hold %s names no program of the dataset\n", o.data, o.hold);
    ariArenaDestroy(&a);
    return 1;
  }
  if (!t.rows || !t.cols) {
    fprintf(stderr, "%s: error: no rows to train on (%llu records, %llu held out, %u features)\n",
            o.data, (unsigned long long)t.records, (unsigned long long)t.skipped, t.cols);
    ariArenaDestroy(&a);
    return 1;
  }
  AriXgbData d = {t.rows, t.cols, t.x, t.time, t.sizes, t.numSizes};
  AriXgbModel m;
  AriXgbError err;
  Progress bar;
  progressStart(&bar, "training");
  bool ok = ariXgbTrain(&p, &d, t.layout, xgbProgress, &bar, &m, &err);
  progressEnd(&bar);
  if (!ok) {
    fprintf(stderr, "%s: error: %s\n", o.data, err.msg);
    ariArenaDestroy(&a);
    return 1;
  }
  ok = ariXgbSave(&m, o.output, &err);
  if (!ok)
    fprintf(stderr, "%s: error: %s\n", o.output, err.msg);
  else
    printf("trained a %s model on %zu rows in %zu groups (%llu records held out), feature layout "
           "%u with %u features, %u rounds, seed %llu: %s\n",
           o.objective, t.rows, t.numSizes, (unsigned long long)t.skipped, t.layout, t.cols,
           m.rounds, (unsigned long long)o.seed, o.output);
  ariXgbFree(&m);
  ariArenaDestroy(&a);
  return ok ? 0 : 1;
}

/* Loads the model and the rows of `split`, checks they fit, predicts:
 * raw[0..t->rows). */
static bool modelAndRows(const Options *o, Split split, AriArena *a, AriXgbModel *m, Table *t,
                         double **raw) {
  AriXgbError err;
  if (!ariXgbLoad(o->model, m, &err)) {
    fprintf(stderr, "%s: error: %s\n", o->model, err.msg);
    return false;
  }
  if (!loadTable(o->data, split, o->hold, a, t)) {
    ariXgbFree(m);
    return false;
  }
  if (t->records && !ariXgbCheckLayout(m, t->layout, t->cols, &err)) {
    fprintf(stderr, "%s: error: %s (model %s)\n", o->data, err.msg, o->model);
    ariXgbFree(m);
    return false;
  }
  *raw = ariArenaAlloc(a, sizeof **raw * (t->rows ? t->rows : 1));
  if (!*raw) {
    fprintf(stderr, "%s: error: out of memory\n", o->data);
    ariXgbFree(m);
    return false;
  }
  if (!ariXgbPredict(m, t->x, t->rows, *raw, &err)) {
    fprintf(stderr, "%s: error: %s\n", o->model, err.msg);
    ariXgbFree(m);
    return false;
  }
  return true;
}

/* Prints one line of metrics. */
static void printMetrics(const char *who, const AriCostMetrics *met, bool mape) {
  printf("%-16s", who);
  if (met->pairs)
    printf(" pairwise accuracy %.4f,", met->pairAccuracy);
  else
    printf(" pairwise accuracy n/a,");
  printf(" best-1 error %.4f, best-2 error %.4f, top-1 score %.4f, top-5 score %.4f", met->best1Error,
         met->best2Error, met->top1Score, met->top5Score);
  if (mape)
    printf(", MAPE %.4f", met->mape);
  printf("\n");
}

/* The baselines `measure` records after the features (tools/cost_measure.h),
 * ranked on the same rows: lower size / fewer seconds is faster. */
static bool evalBaselines(const Table *t, AriArena *a) {
  static const char *const names[ARI_COST_NUM_BASELINES] = {"term size", "weighted size",
                                                            "analytic"};
  double *score = ariArenaAlloc(a, sizeof *score * t->rows);
  double *secs = ariArenaAlloc(a, sizeof *secs * t->rows);
  if (!score || !secs)
    return false;
  for (unsigned b = 0; b < ARI_COST_NUM_BASELINES; ++b) {
    bool any = true;
    for (size_t i = 0; i < t->rows; ++i) {
      double v = t->x[i * t->cols + t->cols - ARI_COST_NUM_BASELINES + b];
      any = any && !isnan(v);
      score[i] = -v;
      secs[i] = v;
    }
    if (!any) {
      printf("%-16s n/a (measured without --machine)\n", names[b]);
      continue;
    }
    AriCostMetrics met;
    ariCostMetricsCompute(t->sizes, t->numSizes, t->time, score,
                          b == ARI_COST_BASE_ANALYTIC ? secs : NULL, &met);
    printMetrics(names[b], &met, b == ARI_COST_BASE_ANALYTIC);
  }
  return true;
}

static int cmdEval(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, "eval", " --data --model --all --hold ", &o);
  if (rc)
    return rc;
  if (!o.data)
    return usageError("'eval' needs --data FILE");
  if (o.all && o.hold)
    return usageError("'eval' takes --all or --hold, not both");
  AriArena a;
  ariArenaInit(&a, 0);
  AriXgbModel m;
  Table t;
  double *raw = NULL;
  Split split = o.all ? SPLIT_ALL : SPLIT_HELD_OUT;
  if (o.model ? !modelAndRows(&o, split, &a, &m, &t, &raw) : !loadTable(o.data, split, o.hold, &a, &t)) {
    ariArenaDestroy(&a);
    return 1;
  }
  if (o.hold && !t.holdSeen) {
    fprintf(stderr, "%s: error: --hold %s names no program of the dataset\n", o.data, o.hold);
    ariArenaDestroy(&a);
    return 1;
  }
  bool baselines = ariCostMeasuredLayout(t.layout, t.cols, NULL);
  rc = 0;
  if (!t.rows) {
    fprintf(stderr, "%s: error: no %s rows to evaluate on (%llu records)\n", o.data,
            o.all ? "" : "held-out", (unsigned long long)t.records);
    rc = 1;
  } else if (!o.model && !baselines) {
    fprintf(stderr, "%s: error: without --model, 'eval' ranks by the baselines that 'measure' "
                    "records, and this dataset has none (feature layout %u)\n",
            o.data, t.layout);
    rc = 1;
  } else {
    if (o.model)
      printf("model: %s (%s, feature layout %u with %u features)\n", o.model,
             ariXgbObjectiveName(m.objective), m.featureLayout, m.numFeatures);
    printf("rows: %zu in %zu groups (%s; %llu records left out)\n", t.rows, t.numSizes,
           o.all ? "every program" : o.hold ? "the --hold programs" : "held-out programs",
           (unsigned long long)t.skipped);
    double *score = ariArenaAlloc(&a, sizeof *score * t.rows);
    double *secs = ariArenaAlloc(&a, sizeof *secs * t.rows);
    AriCostMetrics met;
    if (!score || !secs) {
      fprintf(stderr, "%s: error: out of memory\n", o.data);
      rc = 1;
    } else if (o.model) {
      for (size_t i = 0; i < t.rows; ++i) {
        score[i] = ariXgbScore(&m, raw[i]);
        secs[i] = ariXgbSeconds(&m, raw[i]);
      }
      ariCostMetricsCompute(t.sizes, t.numSizes, t.time, score,
                            m.objective == ARI_XGB_REG ? secs : NULL, &met);
      if (met.pairs)
        printf("pairwise accuracy: %.4f (%zu pairs)\n", met.pairAccuracy, met.pairs);
      else
        printf("pairwise accuracy: n/a (no pairs)\n");
      printf("best-1 error: %.4f\n", met.best1Error);
      printf("best-2 error: %.4f\n", met.best2Error);
      printf("top-1 score: %.4f\n", met.top1Score);
      printf("top-5 score: %.4f\n", met.top5Score);
      if (m.objective == ARI_XGB_REG)
        printf("MAPE: %.4f\n", met.mape);
      else
        printf("MAPE: n/a (a ranking model predicts no times)\n");
    }
    if (rc == 0 && baselines && !evalBaselines(&t, &a)) {
      fprintf(stderr, "%s: error: out of memory\n", o.data);
      rc = 1;
    }
  }
  if (o.model)
    ariXgbFree(&m);
  ariArenaDestroy(&a);
  return rc;
}

static int cmdPredict(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, "predict", " --data --model ", &o);
  if (rc)
    return rc;
  if (!o.model)
    return usageError("'predict' needs --model MODEL");
  if (!o.data)
    return usageError("'predict' needs --data FILE");
  AriArena a;
  ariArenaInit(&a, 0);
  AriXgbModel m;
  Table t;
  double *raw;
  if (!modelAndRows(&o, SPLIT_ALL, &a, &m, &t, &raw)) {
    ariArenaDestroy(&a);
    return 1;
  }
  bool reg = m.objective == ARI_XGB_REG;
  printf("# record program variant %s measured_seconds\n",
         reg ? "predicted_seconds" : "score(higher=faster)");
  for (size_t i = 0; i < t.rows; ++i)
    printf("%llu %s %s %.6g %.6g\n", (unsigned long long)t.index[i], t.program[i],
           t.variant[i][0] ? t.variant[i] : "-", reg ? ariXgbSeconds(&m, raw[i]) : raw[i],
           t.time[i]);
  ariXgbFree(&m);
  ariArenaDestroy(&a);
  return 0;
}

static int toolMain(int argc, char **argv) {
  if (argc < 2)
    return usageError("no command (dataset, train, eval, predict, measure, machine)");
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(cmd, "--version")) {
    int ma, mi, pa;
    ariXgbLibraryVersion(&ma, &mi, &pa);
    ariToolPrintVersion("ariadne-cost");
    printf("dataset format %d, model file format %d, XGBoost %d.%d.%d\n", ARI_COST_DS_VERSION,
           ARI_XGB_MODEL_VERSION, ma, mi, pa);
    return 0;
  }
  if (!strcmp(cmd, "dataset"))
    return cmdDataset(argc, argv);
  if (!strcmp(cmd, "train"))
    return cmdTrain(argc, argv);
  if (!strcmp(cmd, "eval"))
    return cmdEval(argc, argv);
  if (!strcmp(cmd, "predict"))
    return cmdPredict(argc, argv);
  if (!strcmp(cmd, "measure"))
    return ariCostCmdMeasure(argc, argv);
  if (!strcmp(cmd, "machine"))
    return ariCostCmdMachine(argc, argv);
  return usageError("unknown command '%s' (dataset, train, eval, predict, measure, machine)",
                    cmd);
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
