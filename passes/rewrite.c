/*===- rewrite.c - the rise-rewrite pass ----------------------------------===*\
 *
 * Everything that can be checked without a function (options, the strategy
 * file, the strategy's syntax and names) is checked first, so that a bad
 * strategy is one diagnostic, not one per function. Each function is then
 * imported, rewritten as a whole (see strategy_rise.h) and exported only
 * when the strategy changed it, so that a no-op leaves the IR untouched.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "passes/rewrite.h"
#include "passes/pass_util.h"
#include "ariadne-c/Types.h"
#include "search/strategy/strategy.h"
#include "search/strategy/strategy_rise.h"
#include "search/term/term.h"
#include "search/mlir/term_mlir.h"
#include "utils/arena.h"
#include "utils/file.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  char strategy[ARI_OPT_STRING_MAX];
  char strategyFile[ARI_OPT_STRING_MAX];
  int64_t maxSteps;
  int64_t maxVisits;
  bool trace;
  char func[ARI_OPT_STRING_MAX];
  bool report;
  char reportFormat[ARI_OPT_STRING_MAX]; /* text | json */
  int64_t progress; /* a line every N rules fired; 0: none */
  char output[ARI_OPT_STRING_MAX];
} RewriteOptions;

static void rewriteDefaults(void *o) {
  RewriteOptions *r = o;
  memset(r, 0, sizeof *r);
  r->maxSteps = 100000;
  r->maxVisits = 100000000;
  r->report = true;
  strcpy(r->reportFormat, "text");
}

#define emit(loc, ...) ariPassEmit(loc, "rise-rewrite", __VA_ARGS__)

static MlirLogicalResult emitDiag(MlirLocation loc, const AriStratDiag *d) {
  return emit(loc, "%s:%" PRIu32 ":%" PRIu32 ": %s", d->file ? d->file : "strategy", d->line,
              d->col, d->message);
}

typedef struct {
  FILE *out;
  const char *func;
  bool trace;        /* trace=true: every rule fired */
  uint64_t progress; /* progress=N */
  double t0;         /* when the function's rewrite began */
} TraceCtx;

static void formatRule(const AriStratRuleEvent *ev, char *buf, size_t cap) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  ariStrPuts(&o, ev->name);
  for (size_t i = 0; i < ev->nargs; ++i) {
    const AriStratValue *v = &ev->args[i];
    if (v->kind == ARI_STRAT_VALUE_NAT)
      ariStrPrintf(&o, "%s%" PRId64, i ? ", " : "(", v->nat);
    else
      ariStrPrintf(&o, "%s%s", i ? ", " : "(", v->symbol);
  }
  if (ev->nargs)
    ariStrPuts(&o, ")");
}

static double nowSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void onTrace(void *user, const AriStratRuleEvent *ev, const AriTerm *at,
                    const AriTerm *result) {
  TraceCtx *tc = user;
  /* progress=N: a line every N rules fired (the time is for watching a
   * long rewrite, not for tests). */
  if (tc->progress && ev->step % tc->progress == 0)
    fprintf(tc->out, "rise-rewrite @%s: progress: %" PRIu64 " rules fired, %.3f s\n", tc->func,
            ev->step, nowSeconds() - tc->t0);
  if (!tc->trace)
    return;
  char rule[160], path[512];
  formatRule(ev, rule, sizeof rule);
  ariStratFormatPath(ev->path, ev->pathLen, path, sizeof path);
  fprintf(tc->out, "rise-rewrite @%s: #%" PRIu64 " %s at %s: %s -> %s\n", tc->func, ev->step, rule,
          path, at ? ariTermKindName(ariTermKind(at)) : "function",
          result ? ariTermKindName(ariTermKind(result)) : "function");
}

typedef struct {
  const RewriteOptions *o;
  AriStratProgram *prog;
  AriStratExpr *expr;
  AriStratRise *host;
  AriTermStore *store;
  AriArena *scratch;
  FILE *out;
  bool failed;
  bool seen; /* a function func= names was found */
  uint64_t *counters; /* kRewriteStats order */
} Run;

/* --mlir-pass-statistics counters, in kRewriteStats order. */
enum { RW_FUNCS, RW_FIRED, RW_TRIED, RW_VISITS, RW_NUM_STATS };
static const AriStatisticDesc kRewriteStats[RW_NUM_STATS] = {
    {"functions", "functions the strategy ran on"},
    {"rules-fired", "rewrite rules that fired"},
    {"rules-tried", "rewrite rules tried"},
    {"strategy-steps", "strategy steps (visits)"},
};

static void rewriteFunc(void *ctx, MlirOperation func) {
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
  AriStratTerm t = ariStratRiseFuncTerm(r->host, &f);
  if (!t) {
    emit(loc, "out of memory");
    r->failed = true;
    return;
  }
  TraceCtx tc = {r->out, name, r->o->trace, (uint64_t)r->o->progress, nowSeconds()};
  ariStratRiseSetTrace(r->host, r->o->trace || r->o->progress > 0 ? onTrace : NULL, &tc);
  AriStratLimits lim = {(uint64_t)r->o->maxSteps, (uint64_t)r->o->maxVisits, 0};
  AriStratOutcome oc;
  ariStratRun(r->prog, r->expr, ariStratRiseHost(r->host), t, &lim, r->scratch, &oc);
  ariStratRiseSetTrace(r->host, NULL, NULL);
  if (oc.status != ARI_STRAT_SUCCESS) {
    char path[512], calls[ARI_STRAT_MSG_MAX + 8] = "";
    ariStratFormatPath(oc.path, oc.pathLen, path, sizeof path);
    if (oc.calls[0])
      snprintf(calls, sizeof calls, "; in %s", oc.calls);
    if (oc.status == ARI_STRAT_FAILURE)
      emit(loc, "strategy failed on @%s: %s:%" PRIu32 ":%" PRIu32 ": %s (at term path %s; %" PRIu64
                " rule%s fired before%s)",
           name, oc.file, oc.line, oc.col, oc.what, path, oc.steps, oc.steps == 1 ? "" : "s",
           calls);
    else
      emit(loc, "strategy stopped on @%s: %s:%" PRIu32 ":%" PRIu32 ": %s (at term path %s%s)", name,
           oc.file, oc.line, oc.col, oc.what, path, calls);
    r->failed = true;
    return;
  }
  r->counters[RW_FUNCS] += 1;
  r->counters[RW_FIRED] += oc.steps;
  r->counters[RW_TRIED] += oc.attempts;
  r->counters[RW_VISITS] += oc.visits;
  if (r->o->report && !strcmp(r->o->reportFormat, "json")) {
    /* One JSON object per function, a line each; names escaped. */
    fputs("{\"pass\": \"rise-rewrite\", \"func\": \"", r->out);
    for (const char *c = name; *c; ++c)
      if ((unsigned char)*c >= 0x20)
        fprintf(r->out, *c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
    fprintf(r->out,
            "\", \"fired\": %" PRIu64 ", \"tried\": %" PRIu64 ", \"strategy_steps\": %" PRIu64
            ", \"changed\": %s}\n",
            oc.steps, oc.attempts, oc.visits, oc.term == t ? "false" : "true");
  } else if (r->o->report) {
    fprintf(r->out, "rise-rewrite @%s: %" PRIu64 " rule%s fired (%" PRIu64 " tried, %" PRIu64
                    " strategy steps)\n",
            name, oc.steps, oc.steps == 1 ? "" : "s", oc.attempts, oc.visits);
  }
  if (oc.term == t)
    return; /* unchanged: keep the IR exactly as it was */
  if (!ariStratRiseSetRoots(r->host, oc.term, &f)) {
    emit(loc, "internal error: the strategy did not return a function");
    r->failed = true;
    return;
  }
  errLoc = loc;
  ariTermStoreClearError(r->store);
  if (!ariTermExportFunc(r->store, &f, func, &errLoc)) {
    emit(errLoc, "cannot export the rewritten @%s: %s", name, ariTermStoreError(r->store));
    r->failed = true;
  }
}

static MlirLogicalResult rewriteRun(MlirOperation op, const void *opts, uint64_t *counters) {
  const RewriteOptions *o = opts;
  MlirLocation loc = mlirOperationGetLocation(op);
  if (!o->strategy[0] && !o->strategyFile[0])
    return emit(loc, "needs strategy=\"...\" or a strategy-file=PATH that defines 'main'");
  if (o->maxSteps < 0 || o->maxVisits < 0 || o->progress < 0)
    return emit(loc, "max-steps, max-visits and progress must not be negative");

  AriArena arena, scratch;
  ariArenaInit(&arena, 0);
  ariArenaInit(&scratch, 0);
  AriTermStore *store = NULL;
  MlirLogicalResult res = mlirLogicalResultSuccess();
  FILE *out = stderr;
  AriStratDiag d;
  AriStratProgram *prog = ariStratProgramNew(&arena);
  if (!prog) {
    res = emit(loc, "out of memory");
    goto done;
  }
  const char *prelude = ariRewritePrelude();
  if (!ariStratParseDefinitions(prog, ARI_REWRITE_PRELUDE_NAME, prelude, strlen(prelude), &d)) {
    res = emitDiag(loc, &d);
    goto done;
  }
  if (o->strategyFile[0]) {
    char err[ARI_OPT_STRING_MAX + 64];
    size_t len = 0;
    char *text = NULL;
    AriFileError fe = ariFileRead(o->strategyFile, &arena, ARI_FILE_TEXT_LIMIT, &text, &len);
    if (!ariFileOk(fe)) {
      ariFileErrorFormat(fe, "strategy file", err, sizeof err);
      res = emit(loc, "%s", err);
      goto done;
    }
    if (!ariStratParseDefinitions(prog, o->strategyFile, text, len, &d)) {
      res = emitDiag(loc, &d);
      goto done;
    }
  }
  const char *text = o->strategy[0] ? o->strategy : "main";
  if (!o->strategy[0]) {
    /* Only the prelude's definitions and the file's: is there a main? */
    bool found = false;
    for (size_t i = 0; i < ariStratNumDefinitions(prog); ++i)
      found |= !strcmp(ariStratDefinitionName(prog, i), "main");
    if (!found) {
      res = emit(loc, "%s defines no 'main' strategy; name one with strategy=\"...\"",
                 o->strategyFile);
      goto done;
    }
  }
  AriStratExpr *expr = ariStratParseExpr(prog, "strategy", text, strlen(text), &d);
  if (!expr) {
    res = emitDiag(loc, &d);
    goto done;
  }
  store = ariTermStoreCreate(0);
  AriStratRise *host = store ? ariStratRiseCreate(store, &arena) : NULL;
  if (!host) {
    res = emit(loc, "out of memory");
    goto done;
  }
  if (!ariStratBind(prog, expr, ariStratRiseHost(host), &d)) {
    res = emitDiag(loc, &d);
    goto done;
  }
  out = ariPassOpenOutput(o->output, stderr);
  if (!out) {
    out = stderr;
    res = emit(loc, "cannot open output file '%s': %s", o->output, strerror(errno));
    goto done;
  }
  Run run = {o, prog, expr, host, store, &scratch, out, false, false, counters};
  ariPassForEachFunc(op, rewriteFunc, &run);
  if (o->func[0] && !run.seen)
    res = emit(loc, "no function named '%s'", o->func);
  else if (run.failed)
    res = mlirLogicalResultFailure();
done:
  if (out) {
    int werr = ariPassCloseOutput(out);
    if (werr)
      res = emit(loc, "cannot write output file '%s': %s", ariPassOutputName(o->output, stderr),
                 strerror(werr));
  }
  ariTermStoreDestroy(store);
  ariArenaDestroy(&scratch);
  ariArenaDestroy(&arena);
  return res;
}

static const AriOptionDesc kRewriteOptions[] = {
    {"strategy", ARI_OPT_STRING, offsetof(RewriteOptions, strategy), NULL,
     "the strategy to apply (default: 'main' of the strategy file)"},
    {"strategy-file", ARI_OPT_STRING, offsetof(RewriteOptions, strategyFile), NULL,
     "a file of definitions 'name = strategy;'"},
    {"max-steps", ARI_OPT_INT, offsetof(RewriteOptions, maxSteps), NULL,
     "rules that may fire per function (0: no limit)"},
    {"max-visits", ARI_OPT_INT, offsetof(RewriteOptions, maxVisits), NULL,
     "strategy evaluations per function (0: no limit)"},
    {"trace", ARI_OPT_BOOL, offsetof(RewriteOptions, trace), NULL,
     "print every rule that fired with its term path"},
    {"func", ARI_OPT_STRING, offsetof(RewriteOptions, func), NULL, "rewrite only this function"},
    {"report", ARI_OPT_BOOL, offsetof(RewriteOptions, report), NULL,
     "print how many rules fired per function"},
    {"report-format", ARI_OPT_STRING, offsetof(RewriteOptions, reportFormat), "text|json",
     "the report as text lines or one JSON object per function: {\"pass\", \"func\", "
     "\"fired\", \"tried\", \"strategy_steps\", \"changed\"}"},
    {"progress", ARI_OPT_INT, offsetof(RewriteOptions, progress), NULL,
     "a line 'rise-rewrite @F: progress: N rules fired, S s' every N rules fired (0: none)"},
    {"output", ARI_OPT_STRING, offsetof(RewriteOptions, output), NULL,
     "where trace and report lines go: a file, '-' for stdout; default stderr"},
};

const AriPassInfo ariRewritePass = {
    .argument = "rise-rewrite",
    .description = "Rewrite rise functions by applying an ELEVATE-style strategy of rewrite rules",
    .options = kRewriteOptions,
    .numOptions = sizeof kRewriteOptions / sizeof kRewriteOptions[0],
    .optionsSize = sizeof(RewriteOptions),
    .setDefaults = rewriteDefaults,
    .run = NULL,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .statistics = kRewriteStats,
    .numStatistics = RW_NUM_STATS,
    .runCounted = rewriteRun,
};
