/*===- astar.c - the rise-astar pass --------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "passes/astar.h"
#include "passes/pass_util.h"
#include "costmodel/cost.h"
#include "costmodel/model.h"
#include "costmodel/nn/valuenet.h"
#include "search/astar/astar.h"
#include "search/mlir/term_mlir.h"
#include "search/term/term.h"
#include "utils/arena.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char rules[ARI_OPT_STRING_MAX];
  char nats[ARI_OPT_STRING_MAX];
  int64_t budget;
  int64_t horizon;
  char engine[ARI_OPT_STRING_MAX];
  bool twoPhase;
  bool lets;
  char cost[ARI_OPT_STRING_MAX];
  int64_t seed;
  char value[ARI_OPT_STRING_MAX];
  char timeLimit[ARI_OPT_STRING_MAX];
  char func[ARI_OPT_STRING_MAX];
  bool report;
  char output[ARI_OPT_STRING_MAX];
} AStarOptions;

static void astarDefaults(void *p) {
  AStarOptions *o = p;
  memset(o, 0, sizeof *o);
  strcpy(o->rules, "knossos,beta");
  o->budget = 5000;
  o->horizon = 10;
  strcpy(o->engine, "astar");
  strcpy(o->cost, "knossos");
  o->report = true;
}

#define emit(loc, ...) ariPassEmit(loc, "rise-astar", __VA_ARGS__)

enum { AS_FUNCS, AS_ROOTS, AS_IMPROVED, AS_EVALS, AS_EXPANDED, AS_NUM_STATS };

static const AriStatisticDesc kAStarStats[] = {
    {"functions", "functions searched"},
    {"roots", "roots searched"},
    {"improved", "roots whose cost the search lowered"},
    {"evaluations", "value evaluations (states generated)"},
    {"expanded", "states expanded"},
};

typedef struct {
  const AStarOptions *o;
  const AriAStarRule *rules;
  size_t nrules;
  AriAStarOptions a;
  AriCostTermFn cost;
  /* cost=analytic|analytic:FILE|model:FILE (model set): the model's score
   * of the function with the searched root replaced by a state */
  AriCostRootCost rootCost;
  AriArena *arena;
  FILE *out;
  bool seen, failed;
  uint64_t *counters;
} Run;

static double termCost(void *ctx, const AriTerm *t) {
  Run *r = ctx;
  return r->rootCost.model ? ariCostModelRootCost(&r->rootCost, t) : r->cost(t);
}

static void astarFunc(void *ctx, MlirOperation func) {
  Run *r = ctx;
  char name[256];
  ariPassFuncName(func, name, sizeof name);
  if (r->o->func[0] && strcmp(r->o->func, name))
    return;
  r->seen = true;
  r->counters[AS_FUNCS]++;
  MlirLocation loc = mlirOperationGetLocation(func), errLoc = loc;
  AriTermStore *s = ariTermStoreCreate(0);
  if (!s) {
    emit(loc, "out of memory");
    r->failed = true;
    return;
  }
  AriTermFunc f;
  if (!ariTermImportFunc(s, func, &f, &errLoc) ||
      (r->o->lets && ariTermFuncBindLets(s, &f) < 0)) {
    emit(errLoc, "cannot import @%s: %s", name, ariTermStoreError(s));
    r->failed = true;
    ariTermStoreDestroy(s);
    return;
  }
  bool changed = false;
  r->rootCost.store = s;
  r->rootCost.func = &f;
  for (unsigned i = 0; i < f.numRoots; ++i) {
    AriArenaMark m = ariArenaMark(r->arena);
    AriAStarResult res;
    r->rootCost.root = i;
    r->rootCost.failed = false;
    ariAStarSearch(s, f.roots[i].value, r->rules, r->nrules, termCost, r, &r->a, r->arena, &res);
    /* a state the model cannot score is never taken (cost infinity); the
     * input itself unscorable is an error */
    if (r->rootCost.failed && !isfinite(res.inputCost)) {
      emit(loc, "@%s root %u: cost='%s' cannot score the input: %s", name, i, r->o->cost,
           r->rootCost.error);
      r->failed = true;
    }
    r->counters[AS_ROOTS]++;
    r->counters[AS_EVALS] += res.evaluations;
    r->counters[AS_EXPANDED] += res.expanded;
    if (res.stop == ARI_ASTAR_STOP_ERROR) {
      emit(loc, "@%s root %u: %s", name, i, res.message);
      r->failed = true;
    }
    if (res.bestCost < res.inputCost) {
      f.roots[i].value = res.best;
      changed = true;
      r->counters[AS_IMPROVED]++;
    }
    if (r->o->report) {
      fprintf(r->out,
              "rise-astar @%s root %u: cost %g -> %g, %u steps, %" PRIu64 " evaluations, %" PRIu64
              " expanded, %s (%s)",
              name, i, res.inputCost, res.bestCost, res.numSteps, res.evaluations, res.expanded,
              ariAStarStopName(res.stop), ariAStarEngineName(r->a.engine));
      for (unsigned k = 0; k < res.numSteps; ++k) {
        char b[512];
        ariAStarFormatStep(&res.steps[k], r->rules, b, sizeof b);
        fprintf(r->out, "%s%s", k ? " " : ": ", b);
      }
      fprintf(r->out, "\n");
    }
    ariArenaRelease(r->arena, m);
  }
  if (changed) {
    errLoc = loc;
    ariTermStoreClearError(s);
    if (!ariTermExportFunc(s, &f, func, &errLoc)) {
      emit(errLoc, "cannot export the result for @%s: %s", name, ariTermStoreError(s));
      r->failed = true;
    }
  }
  ariTermStoreDestroy(s);
}

static MlirLogicalResult astarRun(MlirOperation op, const void *opts, uint64_t *counters) {
  const AStarOptions *o = opts;
  MlirLocation loc = mlirOperationGetLocation(op);
  Run run = {0};
  run.o = o;
  run.counters = counters;
  if (o->budget <= 0)
    return emit(loc, "budget must be positive, got %" PRId64, o->budget);
  if (o->horizon <= 0 || o->horizon > ARI_ASTAR_MAX_HORIZON)
    return emit(loc, "horizon must be 1 to %d, got %" PRId64, ARI_ASTAR_MAX_HORIZON, o->horizon);
  if (o->seed < 0)
    return emit(loc, "seed must not be negative");
  if (!ariAStarEngineFromName(o->engine, &run.a.engine))
    return emit(loc, "unknown engine '%s' (astar|greedy|random)", o->engine);
  if (o->timeLimit[0]) {
    char *end = NULL;
    double d = strtod(o->timeLimit, &end);
    if (!end || *end || !(d >= 0))
      return emit(loc, "time-limit needs non-negative seconds, got '%s'", o->timeLimit);
    run.a.timeLimitS = d;
  }
  int64_t nats[16];
  unsigned nn = 0;
  for (const char *p = o->nats; *p;) {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (end == p || errno || v <= 0 || nn == 16 || (*end && *end != ','))
      return emit(loc, "nats needs at most 16 positive integers, comma-separated, got '%s'",
                  o->nats);
    nats[nn++] = v;
    p = *end ? end + 1 : end;
  }
  run.a.budget = (uint64_t)o->budget;
  run.a.horizon = (unsigned)o->horizon;
  run.a.twoPhase = o->twoPhase;
  run.a.seed = (uint64_t)o->seed;
  /* opened last, after the checks that return early: closed at done */
  AriCostModel model;
  memset(&model, 0, sizeof model);
  char merr[1024];
  if (ariCostModelIsSpec(o->cost)) {
    if (!ariCostModelOpenForTerms(&model, o->cost, merr, sizeof merr))
      return emit(loc, "cost='%s': %s", o->cost, merr);
    run.rootCost.model = &model;
  } else if (!ariCostTermByName(o->cost, &run.cost)) {
    return emit(loc, "unknown cost '%s' (%s, analytic, analytic:MACHINE_FILE or model:FILE)",
                o->cost, ARI_COST_TERM_NAMES);
  }
  AriArena arena;
  ariArenaInit(&arena, 0);
  run.arena = &arena;
  AriValueNet *net = NULL;
  MlirLogicalResult res = mlirLogicalResultSuccess();
  AriAStarRule *rules;
  size_t nrules, col = 0;
  char err[512];
  if (!ariAStarParseRules(o->rules, nats, nn, &arena, &rules, &nrules, err, sizeof err, &col)) {
    res = emit(loc, "rules='%s': column %zu: %s", o->rules, col + 1, err);
    goto done;
  }
  if (o->twoPhase) {
    bool any = false;
    for (size_t i = 0; i < nrules; ++i)
      any |= rules[i].phase1;
    if (!any || o->horizon < 2) {
      res = emit(loc, "two-phase needs phase-1 rules (marked '!' in rules=) and a horizon of 2 "
                      "or more");
      goto done;
    }
  }
  run.rules = rules;
  run.nrules = nrules;
  /* value=FILE: the learned V of f(s) = V(s, t) + c(s0) - c(s) (ariadne-astar --train
   * writes one); without it V = 0, Knossos' NoGNN A*. */
  if (o->value[0]) {
    net = ariValueNetLoad(o->value, err, sizeof err);
    if (!net) {
      res = emit(loc, "value='%s': %s", o->value, err);
      goto done;
    }
    run.a.value = ariValueNetEval;
    run.a.valueCtx = net;
  }
  run.out = ariPassOpenOutput(o->output, stderr);
  if (!run.out) {
    res = emit(loc, "cannot open output file '%s': %s", o->output, strerror(errno));
    goto done;
  }
  ariPassForEachFunc(op, astarFunc, &run);
  if (o->func[0] && !run.seen)
    res = emit(loc, "no function named '%s'", o->func);
  else if (run.failed)
    res = mlirLogicalResultFailure();
  int werr = ariPassCloseOutput(run.out);
  if (werr)
    res = emit(loc, "cannot write output file '%s': %s", ariPassOutputName(o->output, stderr),
               strerror(werr));
done:
  ariValueNetDestroy(net);
  ariCostModelClose(&model);
  ariArenaDestroy(&arena);
  return res;
}

static const AriOptionDesc kAStarOptions[] = {
    {"rules", ARI_OPT_STRING, offsetof(AStarOptions, rules), NULL,
     "comma-separated rules and families (karith, kbind, karray, knossos); '!' marks a "
     "phase-1 rule"},
    {"nats", ARI_OPT_STRING, offsetof(AStarOptions, nats), NULL,
     "values bound to bare parameterised rules, comma-separated"},
    {"budget", ARI_OPT_INT, offsetof(AStarOptions, budget), NULL,
     "value evaluations per root"},
    {"horizon", ARI_OPT_INT, offsetof(AStarOptions, horizon), NULL,
     "rewrites from the input"},
    {"engine", ARI_OPT_STRING, offsetof(AStarOptions, engine), "astar|greedy|random",
     "A* (no value: Knossos' NoGNN), greedy best-first or random rewrites"},
    {"two-phase", ARI_OPT_BOOL, offsetof(AStarOptions, twoPhase), NULL,
     "phase-1 rules for half the budget and horizon, then all rules"},
    {"lets", ARI_OPT_BOOL, offsetof(AStarOptions, lets), NULL,
     "bind each value the function body computes for a region by a let (as ksc writes its "
     "programs), so that Knossos' costs count it once, not once per iteration that reads it"},
    {"cost", ARI_OPT_STRING, offsetof(AStarOptions, cost), NULL,
     "the cost the search lowers: knossos (Knossos' constants), size, analytic (the analytic "
     "model's seconds for the whole function, nominal machine), analytic:MACHINE_FILE or "
     "model:MODEL_FILE"},
    {"seed", ARI_OPT_INT, offsetof(AStarOptions, seed), NULL,
     "tie-breaking and random choices"},
    {"value", ARI_OPT_STRING, offsetof(AStarOptions, value), NULL,
     "a value network file (ariadne-astar --train); none: V = 0 (Knossos' NoGNN A*)"},
    {"time-limit", ARI_OPT_STRING, offsetof(AStarOptions, timeLimit), NULL,
     "seconds per root (default: none)"},
    {"func", ARI_OPT_STRING, offsetof(AStarOptions, func), NULL, "search only this function"},
    {"report", ARI_OPT_BOOL, offsetof(AStarOptions, report), NULL,
     "print a line per root: costs, steps, counters"},
    {"output", ARI_OPT_STRING, offsetof(AStarOptions, output), NULL,
     "where report lines go: a file, '-' for stdout; default stderr"},
};

const AriPassInfo ariAStarPass = {
    .argument = "rise-astar",
    .description = "Lower the cost of rise functions by Knossos-style A* search over rewrites",
    .options = kAStarOptions,
    .numOptions = sizeof kAStarOptions / sizeof kAStarOptions[0],
    .optionsSize = sizeof(AStarOptions),
    .setDefaults = astarDefaults,
    .statistics = kAStarStats,
    .numStatistics = AS_NUM_STATS,
    .runCounted = astarRun,
};
