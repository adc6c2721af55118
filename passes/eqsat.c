/*===- eqsat.c - the rise-eqsat pass --------------------------------------===*\
 *
 * The pass is a thin layer over search/eqsat.h: it turns options into an
 * AriEqsatOpts and a chain of guides, checks everything that does not need
 * a function first (options, the guide file, the chain, every rule the
 * chain will use) so that a mistake is one diagnostic rather than one per
 * function, then imports each function, runs the chain on its result and
 * exports the last guide's program. passes/eqsat.h lists the options;
 * docs/eqsat.md the report format.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "passes/eqsat.h"
#include "passes/pass_util.h"
#include "ariadne-c/Types.h"
#include "costmodel/cost.h"
#include "costmodel/model.h"
#include "search/egraph/egraph.h"
#include "search/eqsat.h"
#include "search/sketch/sketch.h"
#include "search/term/term.h"
#include "search/mlir/term_mlir.h"
#include "utils/arena.h"
#include "utils/file.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char guides[ARI_OPT_STRING_MAX];
  char goal[ARI_OPT_STRING_MAX];
  char guide[ARI_OPT_STRING_MAX];
  char rules[ARI_OPT_STRING_MAX];
  char nat[ARI_OPT_STRING_MAX];
  char cost[ARI_OPT_STRING_MAX];
  char machine[ARI_OPT_STRING_MAX];
  int64_t candidates;
  int64_t nodeLimit;
  int64_t iterLimit;
  int64_t memoryLimit; /* MB */
  char timeLimit[ARI_OPT_STRING_MAX]; /* seconds, a decimal number */
  char func[ARI_OPT_STRING_MAX];
  char report[ARI_OPT_STRING_MAX];
  char reportFormat[ARI_OPT_STRING_MAX]; /* text | json */
  bool allowPartial;
} EqsatOptions;

/* The engine's defaults are the pass's, so that the pass and ariadne-eqsat
 * search alike unless told otherwise. */
static void eqsatDefaults(void *p) {
  EqsatOptions *o = p;
  memset(o, 0, sizeof *o);
  AriEqsatOpts d;
  ariEqsatOptsDefault(&d);
  o->nodeLimit = (int64_t)d.maxNodes;
  o->iterLimit = (int64_t)d.maxIterations;
  /* Rounded up so that the default never shrinks by going through MB. */
  o->memoryLimit = (int64_t)((d.maxBytes + ((size_t)1 << 20) - 1) >> 20);
  snprintf(o->timeLimit, sizeof o->timeLimit, "%g", d.maxSeconds);
  strcpy(o->cost, "size");
  o->candidates = ARI_EQSAT_DEFAULT_CANDIDATES;
  strcpy(o->report, "stderr");
  strcpy(o->reportFormat, "text");
}

#define emit(loc, ...) ariPassEmit(loc, "rise-eqsat", __VA_ARGS__)

/* Splits a comma-separated list at depth 0 (so that "splitJoin(32)" and a
 * rule with several arguments stay whole) into trimmed arena strings.
 * Returns the number of items, or -1 when out of memory, more than `max`
 * items, or an empty item (*what says which). */
static int splitList(AriArena *a, const char *text, char **items, int max, const char **what) {
  int n = 0, depth = 0;
  const char *start = text;
  for (const char *p = text;; ++p) {
    if (*p == '(')
      ++depth;
    else if (*p == ')' && depth > 0)
      --depth;
    if (*p && (*p != ',' || depth > 0))
      continue;
    const char *b = start, *e = p;
    while (b < e && (*b == ' ' || *b == '\t'))
      ++b;
    while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
      --e;
    if (b == e) {
      *what = "an empty entry";
      return -1;
    }
    if (n == max) {
      *what = "too many entries";
      return -1;
    }
    char *s = ariArenaAlloc(a, (size_t)(e - b) + 1);
    if (!s) {
      *what = "out of memory";
      return -1;
    }
    memcpy(s, b, (size_t)(e - b));
    s[e - b] = 0;
    items[n++] = s;
    if (!*p)
      return n;
    start = p + 1;
  }
}

enum { kMaxRules = 64 };

typedef struct {
  const EqsatOptions *o;
  AriTermStore *store;       /* the function's (the checks' outside one) */
  const AriGuideFile *file;  /* parsed into `store` */
  const char *text;          /* the guide file */
  size_t textLen;
  unsigned steps[ARI_EQSAT_MAX_GUIDES];
  unsigned numSteps;
  char chainName[ARI_OPT_STRING_MAX + 8]; /* "goal blocking" / "guides a,b" */
  AriEqsatOpts eo;
  FILE *report; /* NULL: none */
  AriCostModel *model; /* cost=analytic:F / model:F: ranks the candidates */
  bool failed;
  bool seen; /* a function func= names was found */
  uint64_t *counters; /* kEqsatStats order */
} Run;

/* --mlir-pass-statistics counters, in kEqsatStats order; the stop-* ones
 * count guides by why their e-graph stopped growing, in AriEgStop's order
 * (checked below). */
enum {
  EQ_FUNCS, EQ_GUIDES, EQ_FOUND, EQ_ITERS, EQ_NODES, EQ_CLASSES, EQ_MATCHES, EQ_APPLIED,
  EQ_STOP_SATURATED, EQ_STOP_GOAL, EQ_STOP_ITERATIONS, EQ_STOP_NODES, EQ_STOP_TIME,
  EQ_STOP_MEMORY, EQ_STOP_ERROR, EQ_NUM_STATS
};
static const AriStatisticDesc kEqsatStats[EQ_NUM_STATS] = {
    {"functions", "functions searched"},
    {"guides", "guides run"},
    {"guides-found", "guides whose sketch was satisfied"},
    {"iterations", "e-graph growth iterations"},
    {"e-nodes", "e-nodes at the end of each guide's search, summed"},
    {"e-classes", "e-classes at the end of each guide's search, summed"},
    {"rule-matches", "rule matches found"},
    {"rules-fired", "rule applications that changed the e-graph"},
    {"stop-saturated", "guides stopped: the e-graph saturated"},
    {"stop-goal", "guides stopped: the sketch was satisfied"},
    {"stop-iter-limit", "guides stopped: iteration limit"},
    {"stop-node-limit", "guides stopped: e-node limit"},
    {"stop-time-limit", "guides stopped: time limit"},
    {"stop-memory-limit", "guides stopped: memory limit"},
    {"stop-error", "guides stopped: an error"},
};

_Static_assert(ARI_EG_STOP_SATURATED == 0 && ARI_EG_STOP_GOAL == 1 &&
                   ARI_EG_STOP_ITERATIONS == 2 && ARI_EG_STOP_NODES == 3 &&
                   ARI_EG_STOP_TIME == 4 && ARI_EG_STOP_MEMORY == 5 && ARI_EG_STOP_ERROR == 6 &&
                   EQ_STOP_ERROR - EQ_STOP_SATURATED == 6,
               "the stop-* counters follow AriEgStop");

static void countGuides(uint64_t *c, const AriEqsatReport *rep) {
  c[EQ_FUNCS] += 1;
  for (unsigned i = 0; i < rep->numGuides && i < ARI_EQSAT_MAX_GUIDES; ++i) {
    const AriEqsatGuideReport *g = &rep->guides[i];
    c[EQ_GUIDES] += 1;
    c[EQ_FOUND] += g->found;
    c[EQ_ITERS] += g->iterations;
    c[EQ_NODES] += g->nodes;
    c[EQ_CLASSES] += g->classes;
    c[EQ_MATCHES] += g->matches;
    c[EQ_APPLIED] += g->applied;
    /* The stop-* counters follow AriEgStop's order. */
    unsigned stop = (unsigned)g->stop <= ARI_EG_STOP_ERROR ? (unsigned)g->stop : ARI_EG_STOP_ERROR;
    c[EQ_STOP_SATURATED + stop] += 1;
  }
}

/* Why a guide's search stopped without satisfying its sketch, with the
 * limit that stopped it, named as in the report (ariEgStopName). */
static void stopReason(const Run *r, const AriEqsatGuideReport *g, char *buf, size_t cap) {
  const AriEqsatOpts *eo = &r->eo;
  switch (g->stop) {
  case ARI_EG_STOP_ITERATIONS:
    snprintf(buf, cap, "%s (%u iterations) reached with %zu e-nodes", ariEgStopName(g->stop),
             eo->maxIterations, g->nodes);
    break;
  case ARI_EG_STOP_NODES:
    snprintf(buf, cap, "%s (%zu e-nodes) reached after %u iteration%s", ariEgStopName(g->stop),
             eo->maxNodes, g->iterations, g->iterations == 1 ? "" : "s");
    break;
  case ARI_EG_STOP_TIME:
    snprintf(buf, cap, "%s (%g s) reached after %u iteration%s", ariEgStopName(g->stop),
             eo->maxSeconds, g->iterations, g->iterations == 1 ? "" : "s");
    break;
  case ARI_EG_STOP_MEMORY:
    snprintf(buf, cap, "%s (%" PRId64 " MB) reached after %u iteration%s",
             ariEgStopName(g->stop), r->o->memoryLimit, g->iterations,
             g->iterations == 1 ? "" : "s");
    break;
  case ARI_EG_STOP_SATURATED:
    snprintf(buf, cap,
             "the e-graph %s after %u iteration%s (%zu e-nodes) without a program "
             "satisfying the sketch",
             ariEgStopName(g->stop), g->iterations, g->iterations == 1 ? "" : "s", g->nodes);
    break;
  case ARI_EG_STOP_GOAL:
    snprintf(buf, cap, "the sketch was satisfied but no program could be extracted");
    break;
  case ARI_EG_STOP_ERROR:
  default:
    snprintf(buf, cap, "the search stopped on an error");
    break;
  }
}

/* One line per guide, deterministic fields first (tests match a prefix),
 * then the measured ones. */
static void reportGuide(FILE *out, const char *func, const AriEqsatGuideReport *g) {
  fprintf(out,
          "rise-eqsat @%s %s: %s stop=%s iterations=%u e-nodes=%zu e-classes=%zu applied=%zu "
          "matches=%zu",
          func, g->guide, g->found ? "found" : "not-found", ariEgStopName(g->stop), g->iterations,
          g->nodes, g->classes, g->applied, g->matches);
  if (g->found)
    fprintf(out, " cost=%g", g->cost);
  if (g->found && g->candidates)
    fprintf(out, " candidates=%u picked=%u score=%g", g->candidates, g->picked, g->score);
  fprintf(out, " peak-mb=%.1f seconds=%.3f\n", (double)g->peakBytes / (1 << 20), g->seconds);
}

/* A JSON string (names: function symbols may hold any character). */
static void jsonString(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

/* report-format=json: one line per function, the fields of ariadne-eqsat
 * --report=json's goal objects, plus "pass" and "func". */
static void reportJson(FILE *out, const char *func, const char *chain, const AriEqsatReport *rep) {
  fprintf(out, "{\"pass\": \"rise-eqsat\", \"func\": ");
  jsonString(out, func);
  fprintf(out, ", \"goal\": ");
  jsonString(out, chain);
  fprintf(out, ", \"found\": %s, \"seconds\": %.6f, \"peak_bytes\": %zu, \"guides\": [",
          rep->found ? "true" : "false", rep->seconds, rep->peakBytes);
  for (unsigned i = 0; i < rep->numGuides && i < ARI_EQSAT_MAX_GUIDES; ++i) {
    const AriEqsatGuideReport *g = &rep->guides[i];
    fprintf(out, "%s{\"guide\": ", i ? ", " : "");
    jsonString(out, g->guide);
    fprintf(out,
            ", \"found\": %s, \"stop\": \"%s\", \"iterations\": %u, \"seconds\": %.6f, "
            "\"peak_bytes\": %zu, \"applied\": %zu, \"matches\": %zu, \"e_nodes\": %zu, "
            "\"e_classes\": %zu}",
            g->found ? "true" : "false", ariEgStopName(g->stop), g->iterations, g->seconds,
            g->peakBytes, g->applied, g->matches, g->nodes, g->classes);
  }
  fprintf(out, "]}\n");
}

static void searchFunc(Run *r, MlirOperation func, const char *name) {
  MlirLocation loc = mlirOperationGetLocation(func);
  AriTermFunc f;
  MlirLocation errLoc = loc;
  ariTermStoreClearError(r->store);
  if (!ariTermImportFunc(r->store, func, &f, &errLoc)) {
    emit(errLoc, "cannot import @%s: %s", name, ariTermStoreError(r->store));
    r->failed = true;
    return;
  }
  /* The search is over one program: the function's one result. Roots kept
   * only for exactness (unused values) stay as they are. */
  unsigned root = 0, results = 0;
  for (unsigned i = 0; i < f.numRoots; ++i)
    if (f.roots[i].kind != ARI_ROOT_KEEP) {
      root = i;
      ++results;
    }
  if (results != 1) {
    emit(loc, "@%s has %u results (rise.out writes and returned values); rise-eqsat optimises "
              "functions with exactly one",
         name, results);
    r->failed = true;
    return;
  }
  AriEqsatReport rep;
  memset(&rep, 0, sizeof rep);
  AriCostRankCtx rc = {r->model, &f, root};
  AriEqsatOpts eo = r->eo;
  if (r->model) {
    eo.rank = ariCostRankPrograms;
    eo.rankCtx = &rc;
  }
  if (!ariEqsatRunGuides(r->store, f.roots[root].value, r->file, r->steps, r->numSteps, &eo,
                         &rep)) {
    emit(loc, "search on @%s failed: %s", name, rep.error[0] ? rep.error : "unknown error");
    r->failed = true;
    return;
  }
  countGuides(r->counters, &rep);
  if (r->report && !strcmp(r->o->reportFormat, "json")) {
    reportJson(r->report, name, r->chainName, &rep);
  } else if (r->report) {
    for (unsigned i = 0; i < rep.numGuides && i < ARI_EQSAT_MAX_GUIDES; ++i)
      reportGuide(r->report, name, &rep.guides[i]);
    fprintf(r->report, "rise-eqsat @%s %s: %s %u/%u guides peak-mb=%.1f seconds=%.3f\n", name,
            r->chainName, rep.found ? "found" : "not-found",
            rep.found ? rep.numGuides : (rep.numGuides ? rep.numGuides - 1 : 0), r->numSteps,
            (double)rep.peakBytes / (1 << 20), rep.seconds);
  }
  AriTerm *result = rep.result;
  if (!rep.found) {
    const AriEqsatGuideReport *g = rep.numGuides ? &rep.guides[rep.numGuides - 1] : NULL;
    char why[512];
    if (g)
      stopReason(r, g, why, sizeof why);
    else
      snprintf(why, sizeof why, "no guide was run");
    const AriGuide *gd = g && g->missingSize ? ariGuideFind(r->file, g->guide) : NULL;
    if (gd) { /* a guide written for other sizes: say so */
      size_t used = strlen(why);
      snprintf(why + used, sizeof why - used,
               "; its sketch (%s:%u) names arrays of size %" PRId64
               " and no array of that size was in the e-graph",
               r->o->guides, gd->line, g->missingSize);
    }
    if (!r->o->allowPartial) {
      emit(loc, "guide '%s' not satisfied on @%s: %s", g ? g->guide : "?", name, why);
      r->failed = true;
      return;
    }
    /* allow-partial: the program of the last guide that was satisfied. */
    const AriEqsatGuideReport *kept = NULL;
    for (unsigned i = 0; i < rep.numGuides && i < ARI_EQSAT_MAX_GUIDES; ++i)
      if (rep.guides[i].found && rep.guides[i].result)
        kept = &rep.guides[i];
    if (r->report && strcmp(r->o->reportFormat, "json")) /* json: the object says it */
      fprintf(r->report, "rise-eqsat @%s: guide '%s' not satisfied: %s; %s%s%s\n", name,
              g ? g->guide : "?", why, kept ? "kept the program of guide '" : "kept the original",
              kept ? kept->guide : "", kept ? "'" : "");
    if (!kept)
      return;
    result = kept->result;
  }
  if (!result) {
    emit(loc, "internal error: the search on @%s returned no program", name);
    r->failed = true;
    return;
  }
  f.roots[root].value = result;
  errLoc = loc;
  ariTermStoreClearError(r->store);
  if (!ariTermExportFunc(r->store, &f, func, &errLoc)) {
    emit(errLoc, "cannot export the optimised @%s: %s", name, ariTermStoreError(r->store));
    r->failed = true;
  }
}

static MlirLogicalResult bindNats(MlirLocation loc, AriArena *a, AriSketchSet *set,
                                  const char *text);

/* Each function gets a term store of its own (and the guides parsed again
 * into it, since sketches live in their store), so that the memory limit
 * and the report measure this function's search only, and its memory is
 * given back before the next function. */
static void optimiseFunc(void *ctx, MlirOperation func) {
  Run *r = ctx;
  char name[256];
  ariPassFuncName(func, name, sizeof name);
  if (r->o->func[0] && strcmp(r->o->func, name))
    return;
  r->seen = true;
  MlirLocation loc = mlirOperationGetLocation(func);
  AriArena scratch;
  ariArenaInit(&scratch, 0);
  AriTermStore *store = ariTermStoreCreate(0);
  AriSketchSet *set = store ? ariSketchSetCreate(store) : NULL;
  const AriGuideFile *file = NULL;
  AriSketchError se;
  if (!set) {
    emit(loc, "out of memory");
    r->failed = true;
  } else if (r->o->nat[0] &&
             mlirLogicalResultIsFailure(bindNats(loc, &scratch, set, r->o->nat))) {
    r->failed = true;
  } else if (!(file = ariGuideFileParse(set, r->text, r->textLen, &se))) {
    /* It parsed before any function was touched: only memory can fail. */
    emit(loc, "%s:%u:%u: %s", r->o->guides, se.line, se.col, se.msg);
    r->failed = true;
  } else {
    AriTermStore *checkStore = r->store;
    const AriGuideFile *checkFile = r->file;
    r->store = store;
    r->file = file;
    searchFunc(r, func, name);
    r->store = checkStore;
    r->file = checkFile;
  }
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(store);
  ariArenaDestroy(&scratch);
}

/* "a, b, c" of the goal or guide names of f (for "unknown" diagnostics). */
static void listNames(const AriGuideFile *f, bool goals, char *buf, size_t cap) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  unsigned n = goals ? f->numGoals : f->numGuides;
  for (unsigned i = 0; i < n; ++i)
    ariStrPrintf(&o, "%s%s", i ? ", " : "", goals ? f->goals[i].name : f->guides[i].name);
  if (!n)
    ariStrPuts(&o, "none");
}

/* Binds nat=NAME=V,NAME=V.. in the sketch set. */
static MlirLogicalResult bindNats(MlirLocation loc, AriArena *a, AriSketchSet *set,
                                  const char *text) {
  char *items[32];
  const char *what = "";
  int n = splitList(a, text, items, 32, &what);
  if (n < 0)
    return emit(loc, "nat='%s': %s (want NAME=POSITIVE,.., e.g. nat=m=64,n=64)", text, what);
  for (int i = 0; i < n; ++i) {
    char *eq = strchr(items[i], '=');
    char *end = NULL;
    errno = 0;
    long long v = eq ? strtoll(eq + 1, &end, 10) : 0;
    if (!eq || eq == items[i] || !end || end == eq + 1 || *end || errno || v <= 0)
      return emit(loc, "nat: bad entry '%s' (want NAME=POSITIVE, e.g. nat=m=64,n=64)", items[i]);
    *eq = 0;
    if (!ariSketchSetNat(set, items[i], v))
      return emit(loc, "nat: bad size name '%s'", items[i]);
  }
  return mlirLogicalResultSuccess();
}

/* Resolves goal= / guide= (or else the file's only goal, or its only
 * guide when it has no goals) into r->steps. */
static MlirLogicalResult resolveChain(MlirLocation loc, AriArena *a, Run *r) {
  const EqsatOptions *o = r->o;
  const AriGuideFile *f = r->file;
  char names[1024];
  if (o->guide[0]) {
    char *items[ARI_EQSAT_MAX_GUIDES];
    const char *what = "";
    int n = splitList(a, o->guide, items, ARI_EQSAT_MAX_GUIDES, &what);
    if (n < 0)
      return emit(loc, "guide='%s': %s (want a comma-separated chain of at most %d guides)",
                  o->guide, what, ARI_EQSAT_MAX_GUIDES);
    for (int i = 0; i < n; ++i) {
      const AriGuide *g = ariGuideFind(f, items[i]);
      if (!g) {
        listNames(f, false, names, sizeof names);
        return emit(loc, "guide file '%s' has no guide '%s' (guides: %s)", o->guides, items[i],
                    names);
      }
      r->steps[i] = (unsigned)(g - f->guides);
    }
    r->numSteps = (unsigned)n;
    snprintf(r->chainName, sizeof r->chainName, "guides %s", o->guide);
    return mlirLogicalResultSuccess();
  }
  const AriGuideGoal *goal = NULL;
  if (o->goal[0]) {
    for (unsigned i = 0; i < f->numGoals && !goal; ++i)
      if (!strcmp(f->goals[i].name, o->goal))
        goal = &f->goals[i];
    if (!goal) {
      listNames(f, true, names, sizeof names);
      return emit(loc, "guide file '%s' has no goal '%s' (goals: %s)", o->guides, o->goal, names);
    }
  } else if (f->numGoals == 1) {
    goal = &f->goals[0];
  } else if (f->numGoals == 0 && f->numGuides == 1) {
    r->steps[0] = 0;
    r->numSteps = 1;
    snprintf(r->chainName, sizeof r->chainName, "guides %s", f->guides[0].name);
    return mlirLogicalResultSuccess();
  } else {
    listNames(f, true, names, sizeof names);
    return emit(loc, "needs goal=NAME or guide=A,B,..: guide file '%s' has %u goals (%s)",
                o->guides, f->numGoals, names);
  }
  if (goal->numSteps > ARI_EQSAT_MAX_GUIDES)
    return emit(loc, "goal '%s' has %u guides; at most %d are supported", goal->name,
                goal->numSteps, ARI_EQSAT_MAX_GUIDES);
  if (goal->numSteps == 0)
    return emit(loc, "goal '%s' has no guides", goal->name);
  memcpy(r->steps, goal->steps, goal->numSteps * sizeof *goal->steps);
  r->numSteps = goal->numSteps;
  snprintf(r->chainName, sizeof r->chainName, "goal %s", goal->name);
  return mlirLogicalResultSuccess();
}

/* Every guide of the chain must have its sketch: one whose sizes do not
 * work out with those bound (nat=m=100 and `m / 32`; AriGuide.sizeError)
 * is an error here, at its place in the guide file, and only when a chain
 * needs it. */
static MlirLogicalResult checkSizes(MlirLocation loc, const Run *r) {
  for (unsigned i = 0; i < r->numSteps; ++i) {
    const AriGuide *g = &r->file->guides[r->steps[i]];
    if (!g->sizeError)
      continue;
    MlirLocation at = mlirLocationFileLineColGet(
        mlirLocationGetContext(loc), mlirStringRefCreateFromCString(r->o->guides),
        g->sizeError->line, g->sizeError->col);
    return emit(at, "guide '%s' (of %s): %s", g->name, r->chainName, g->sizeError->msg);
  }
  return mlirLogicalResultSuccess();
}

/* Every rule the chain will use must be known and have an e-graph pattern:
 * checked here once, with the guide's line, instead of once per function. */
static MlirLogicalResult checkRules(MlirLocation loc, AriArena *a, const Run *r) {
  char err[ARI_RULE_ERR_MAX];
  AriEgRule rule;
  if (r->eo.rules) {
    for (unsigned i = 0; i < r->eo.numRules; ++i)
      if (!ariEgRuleMake(r->store, a, r->eo.rules[i], &rule, err, sizeof err))
        return emit(loc, "rules=: rule '%s': %s", r->eo.rules[i], err);
    return mlirLogicalResultSuccess();
  }
  for (unsigned s = 0; s < r->numSteps; ++s) {
    const AriGuide *g = &r->file->guides[r->steps[s]];
    for (unsigned i = 0; i < g->numRules; ++i)
      if (!ariEgRuleMake(r->store, a, g->rules[i], &rule, err, sizeof err))
        return emit(loc, "%s:%u: guide '%s': rule '%s': %s", r->o->guides, g->line, g->name,
                    g->rules[i], err);
  }
  return mlirLogicalResultSuccess();
}

/* Checks the limits and fills r->eo from the options. */
static MlirLogicalResult setLimits(MlirLocation loc, Run *r) {
  const EqsatOptions *o = r->o;
  const struct {
    const char *name;
    int64_t v;
  } ints[] = {{"node-limit", o->nodeLimit}, {"iter-limit", o->iterLimit},
              {"memory-limit", o->memoryLimit}};
  if (o->candidates < 1 || o->candidates > ARI_EQSAT_MAX_CANDIDATES)
    return emit(loc, "candidates must be from 1 to %d, got %" PRId64, ARI_EQSAT_MAX_CANDIDATES,
                o->candidates);
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; ++i)
    if (ints[i].v < 0)
      return emit(loc, "%s must not be negative, got %" PRId64, ints[i].name, ints[i].v);
  if (o->iterLimit > (int64_t)UINT32_MAX)
    return emit(loc, "iter-limit must be at most %" PRIu32 ", got %" PRId64, UINT32_MAX,
                o->iterLimit);
  if ((uint64_t)o->memoryLimit > (uint64_t)(SIZE_MAX >> 21))
    return emit(loc, "memory-limit is too large: %" PRId64 " MB", o->memoryLimit);
  char *end = NULL;
  errno = 0;
  double secs = strtod(o->timeLimit, &end);
  if (!o->timeLimit[0] || !end || *end || errno || !isfinite(secs))
    return emit(loc, "time-limit needs a number of seconds, got '%s'", o->timeLimit);
  if (secs < 0)
    return emit(loc, "time-limit must not be negative, got '%s'", o->timeLimit);
  ariEqsatOptsDefault(&r->eo);
  r->eo.maxNodes = (size_t)o->nodeLimit;
  r->eo.maxIterations = (unsigned)o->iterLimit;
  r->eo.maxBytes = (size_t)o->memoryLimit << 20;
  r->eo.maxSeconds = secs;
  r->eo.candidates = (unsigned)o->candidates;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult eqsatRun(MlirOperation op, const void *opts, uint64_t *counters) {
  const EqsatOptions *o = opts;
  MlirLocation loc = mlirOperationGetLocation(op);
  if (!o->guides[0])
    return emit(loc, "needs guides=PATH, a guide file (docs/sketches.md)");
  if (o->goal[0] && o->guide[0])
    return emit(loc, "goal= and guide= exclude each other");

  Run r;
  memset(&r, 0, sizeof r);
  r.o = o;
  r.counters = counters;
  if (mlirLogicalResultIsFailure(setLimits(loc, &r)))
    return mlirLogicalResultFailure();
  /* cost=analytic:F / model:F rank candidates extracted under the
   * weighted proxy (docs/costmodel.md, "Use in the search"). */
  AriCost cost;
  AriCostModel model;
  memset(&model, 0, sizeof model);
  if (ariCostModelIsSpec(o->cost)) {
    char merr[1024];
    if (!ariCostModelOpen(&model, o->cost, o->machine[0] ? o->machine : NULL, 0, merr,
                          sizeof merr))
      return emit(loc, "cost='%s': %s", o->cost, merr);
    /* The code features of such a model come from lowering each candidate
     * (runtime/codefeat.h), which this plugin does not link (passes/ sits
     * below runtime/): refused here, before any search, rather than at the
     * first ranking. */
    if (model.needsCode) {
      ariCostModelClose(&model);
      return emit(loc,
                  "cost='%s': the model was trained with code features (layout %u, `ariadne-cost "
                  "measure`'s), which the rise-eqsat pass cannot compute (it does not link the "
                  "runtime that lowers candidates); rank with `ariadne-eqsat --cost %s` instead",
                  o->cost, ARI_COST_CODE_LAYOUT, o->cost);
    }
    r.model = &model;
    ariCostByName("weighted", &cost);
  } else if (!ariCostByName(o->cost, &cost)) {
    return emit(loc, "unknown cost '%s' (expected %s|%s)", o->cost, ariCostNames(),
                ariCostModelSpecs());
  }
  r.eo.cost = cost.fn;
  r.eo.costCtx = cost.ctx;

  AriArena arena;
  ariArenaInit(&arena, 0);
  MlirLogicalResult res = mlirLogicalResultSuccess();
  AriSketchSet *set = NULL;
  FILE *report = NULL;
  AriTermStore *store = ariTermStoreCreate(0);
  set = store ? ariSketchSetCreate(store) : NULL;
  if (!set) {
    res = emit(loc, "out of memory");
    goto done;
  }
  r.store = store;
  if (o->nat[0] && mlirLogicalResultIsFailure(res = bindNats(loc, &arena, set, o->nat)))
    goto done;
  char err[ARI_OPT_STRING_MAX + 128];
  size_t len = 0;
  char *text = NULL;
  AriFileError fe = ariFileRead(o->guides, &arena, ARI_FILE_TEXT_LIMIT, &text, &len);
  if (!ariFileOk(fe)) {
    ariFileErrorFormat(fe, "guide file", err, sizeof err);
    res = emit(loc, "%s", err);
    goto done;
  }
  r.text = text;
  r.textLen = len;
  AriSketchError se;
  r.file = ariGuideFileParse(set, text, len, &se);
  if (!r.file) {
    res = emit(loc, "%s:%u:%u: %s", o->guides, se.line, se.col, se.msg);
    goto done;
  }
  if (mlirLogicalResultIsFailure(res = resolveChain(loc, &arena, &r)) ||
      mlirLogicalResultIsFailure(res = checkSizes(loc, &r)))
    goto done;
  if (o->rules[0]) {
    char **items = ariArenaAlloc(&arena, kMaxRules * sizeof *items);
    const char *what = "out of memory";
    int n = items ? splitList(&arena, o->rules, items, kMaxRules, &what) : -1;
    if (n < 0) {
      res = emit(loc, "rules='%s': %s (want a comma-separated list of rules)", o->rules, what);
      goto done;
    }
    r.eo.rules = (const char *const *)items;
    r.eo.numRules = (unsigned)n;
  }
  if (mlirLogicalResultIsFailure(res = checkRules(loc, &arena, &r)))
    goto done;
  if (strcmp(o->report, "none") != 0) {
    report = ariPassOpenOutput(o->report, stderr);
    if (!report) {
      res = emit(loc, "cannot open report file '%s': %s", o->report, strerror(errno));
      goto done;
    }
  }
  r.report = report;
  ariPassForEachFunc(op, optimiseFunc, &r);
  if (o->func[0] && !r.seen)
    res = emit(loc, "no function named '%s'", o->func);
  else if (r.failed)
    res = mlirLogicalResultFailure();
done:
  if (report) {
    int werr = ariPassCloseOutput(report);
    if (werr)
      res = emit(loc, "cannot write report file '%s': %s", ariPassOutputName(o->report, stderr),
                 strerror(werr));
  }
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(store);
  ariArenaDestroy(&arena);
  ariCostModelClose(&model);
  return res;
}

static const AriOptionDesc kEqsatOptions[] = {
    {"guides", ARI_OPT_STRING, offsetof(EqsatOptions, guides), NULL,
     "the guide file (docs/sketches.md); required"},
    {"goal", ARI_OPT_STRING, offsetof(EqsatOptions, goal), NULL,
     "the goal of the guide file to search for (default: its only goal)"},
    {"guide", ARI_OPT_STRING, offsetof(EqsatOptions, guide), NULL,
     "instead of goal=: a comma-separated chain of guides of the file"},
    {"rules", ARI_OPT_STRING, offsetof(EqsatOptions, rules), NULL,
     "comma-separated rules used by every guide instead of the file's"},
    {"nat", ARI_OPT_STRING, offsetof(EqsatOptions, nat), NULL,
     "sizes NAME=VALUE,.. bound before the guide file is parsed"},
    {"cost", ARI_OPT_STRING, offsetof(EqsatOptions, cost), NULL,
     "extraction cost: size, weighted, knossos, analytic:MACHINE_FILE or model:MODEL_FILE (the "
     "last two rank the last guide's candidates extracted under weighted)"},
    {"machine", ARI_OPT_STRING, offsetof(EqsatOptions, machine), NULL,
     "a machine file for cost=model:'s analytic baseline (and thread count)"},
    {"candidates", ARI_OPT_INT, offsetof(EqsatOptions, candidates), NULL,
     "candidates ranked by cost=analytic:/model: (1 to 256, default 16)"},
    {"node-limit", ARI_OPT_INT, offsetof(EqsatOptions, nodeLimit), NULL,
     "live e-nodes per guide (0: no limit)"},
    {"iter-limit", ARI_OPT_INT, offsetof(EqsatOptions, iterLimit), NULL,
     "iterations per guide (0: no limit)"},
    {"time-limit", ARI_OPT_STRING, offsetof(EqsatOptions, timeLimit), NULL,
     "seconds per guide, fractions allowed (0: no limit)"},
    {"memory-limit", ARI_OPT_INT, offsetof(EqsatOptions, memoryLimit), NULL,
     "MB of e-graph, term store and match tables per guide (0: no limit)"},
    {"func", ARI_OPT_STRING, offsetof(EqsatOptions, func), NULL, "optimise only this function"},
    {"report", ARI_OPT_STRING, offsetof(EqsatOptions, report), NULL,
     "per-guide report: stderr (default), '-' for stdout, none, or a file"},
    {"report-format", ARI_OPT_STRING, offsetof(EqsatOptions, reportFormat), "text|json",
     "text (lines per guide) or json (one JSON object per function, as ariadne-eqsat "
     "--report=json's goals)"},
    {"allow-partial", ARI_OPT_BOOL, offsetof(EqsatOptions, allowPartial), NULL,
     "keep the last satisfied guide's program instead of failing"},
};

const AriPassInfo ariEqsatPass = {
    .argument = "rise-eqsat",
    .description = "Optimise rise functions by sketch-guided equality saturation",
    .options = kEqsatOptions,
    .numOptions = sizeof kEqsatOptions / sizeof kEqsatOptions[0],
    .optionsSize = sizeof(EqsatOptions),
    .setDefaults = eqsatDefaults,
    .run = NULL,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .statistics = kEqsatStats,
    .numStatistics = EQ_NUM_STATS,
    .runCounted = eqsatRun,
};
