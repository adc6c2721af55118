/*===- ariadne-astar.c - Knossos-style A* over rewrites, and its evaluation ===*\
 *
 *   ariadne-astar [options] INPUT.mlir
 *   ariadne-astar --eval PATH [options]
 *
 * Search mode: imports each func.func of INPUT (or --func), searches from
 * each root's term with the engine chosen (search/astar/astar.h: A*, greedy
 * best-first or random, over the rules given), and prints per root the
 * input's cost, the best cost found, the oracle cost when the file gives
 * one (a `// knossos-oracle @NAME COST STEPS` line, as the Knossos sets of
 * test/search/knossos/ have), the steps, the counters and the speed; with
 * --output the module is written back with every root replaced by the
 * best term found.
 *
 * Eval mode (--eval PATH, a file or a directory whose *_test.mlir files are
 * read): every function with an oracle, each engine (A* without a value,
 * greedy, random), each budget (5,000 and 2,500 evaluations) and each of
 * --seeds seeds; prints per engine and budget the fraction of functions
 * whose oracle cost was reached, mean ± std over the seeds (population
 * std), and the states expanded and evaluations per second.
 *
 * Errors: MLIR locations for the input, PATH: error: for files, exit 1 on
 * bad input, 2 on a bad command line.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/cost.h"
#include "costmodel/model.h"
#include "costmodel/nn/valuenet.h"
#include "search/astar/astar.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/eqsat_baseline.h"
#include "tools/support/mlirutil.h"
#include "tools/support/term_check.h"
#include "tools/support/toolargs.h"
#include "utils/arena.h"
#include "utils/file.h"
#include "utils/hash.h"

#include "mlir-c/BuiltinAttributes.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TOOL "ariadne-astar"
#define usageError(...) ariToolUsageError(TOOL, __VA_ARGS__)

enum { MAX_NATS = 16, MAX_SEEDS = 64, MAX_FILES = 64 };

typedef struct Options {
  const char *file, *func, *output, *rules, *cost, *value, *eval;
  const char *train; /* --train OUT: the value network trained on --eval's set */
  unsigned epochs, dim, steps;
  uint64_t trainBudget; /* --train-budget: evaluations per training search (0: --budget) */
  uint64_t bootBudget;  /* --bootstrap-budget: a new network's first epoch (0: trainBudget) */
  unsigned samples, passes; /* samples kept per training search; passes per epoch */
  unsigned siblings;        /* --siblings K: expanded kids kept per path state */
  double rank, rankTemp;    /* --rank W, --rank-temp T: the sibling pairs' loss */
  double lr;
  bool cosine; /* --lr-schedule cosine: lr decays to 0 over each epoch's passes */
  unsigned validate; /* --validate N: checks of the held-out functions per pass (0: none) */
  uint64_t validateBudget; /* --validate-budget: evaluations per check (0: --budget) */
  double average;    /* --average D: the parameters' running average's decay (0: none) */
  AriAStarOptions a;
  int64_t nats[MAX_NATS];
  unsigned nn;
  unsigned seeds;
  bool json, printSteps, quiet;
  bool lets; /* --lets: ariTermFuncBindLets after import */
  int valueNorm; /* --value-norm: -1 not given, else an AriValueNorm */
  bool noEnvelope; /* --no-envelope: V(s, t) is head t alone */
  int progress; /* 1 --progress, 0 --no-progress, -1 neither (stderr a TTY) */
  bool check;          /* --eval --check: every best program on the interpreter */
  uint64_t eqsatNodes; /* --eval: the eqsat baseline's e-node limit (0: none) */
  double eqsatSeconds;
} Options;

static void usage(FILE *f) {
  fprintf(f,
          "usage: ariadne-astar [options] INPUT.mlir\n"
          "       ariadne-astar --eval PATH [options]\n"
          "Knossos-style A* over rewrites (docs/astar.md): searches from every root of\n"
          "every func.func for the term of lowest cost within --horizon rewrites, spending\n"
          "at most --budget value evaluations, and prints per root the input's cost, the\n"
          "best found, the oracle (`// knossos-oracle @NAME COST STEPS` lines of the file),\n"
          "the steps, the counters and states/s, evaluations/s.\n"
          "  --rules R,..        the rule set (default knossos,beta): rule instances\n"
          "                      (`kAddComm`, `splitJoin(4)`), families karith, kbind,\n"
          "                      karray, knossos; a bare rule with a parameter is bound to\n"
          "                      each --nats value; '!R' marks a phase-1 rule\n"
          "  --nats N,..         values for bare parameterised rules\n"
          "  --budget N          value evaluations (default 5000)\n"
          "  --horizon N         rewrites from the input (default 10)\n"
          "  --engine E          astar (default), greedy or random\n"
          "  --two-phase         phase-1 rules for half the budget and horizon, then all\n"
          "  --lets              bind each value the function body computes for a region\n"
          "                      by a let (as ksc's programs do), so that Knossos' costs\n"
          "                      count it once, not once per iteration that reads it\n"
          "  --cost C            knossos (default), size, or in search mode a cost model:\n"
          "                      analytic (nominal machine), analytic:MACHINE_FILE or\n"
          "                      model:MODEL_FILE, scoring the function with the root\n"
          "                      replaced\n"
          "  --seed N            tie-breaking and random choices (default 0)\n"
          "  --value FILE        a value network (costmodel/nn/valuenet.h, written by\n"
          "                      --train): A* ranks states by f = V(s, t) + c(s0) - c(s),\n"
          "                      V(s, t) the largest of the heads for 1..t steps left\n"
          "  --no-envelope       V(s, t) the head for t steps left alone (with --value or\n"
          "                      --train; the figures before 2026-11-29)\n"
          "  --train OUT         train a value network on --eval's PATH (every function,\n"
          "                      oracle or not; give the training set, e.g.\n"
          "                      test/search/knossos/binding_train.mlir): --epochs rounds\n"
          "                      of an A* search per function (a new network's first\n"
          "                      without the value, then with the network so far), its\n"
          "                      --samples kept in a replay buffer, then --passes passes\n"
          "                      of Adam (--lr, batches of 16, Huber) over the buffer;\n"
          "                      starts from --value FILE when given; writes OUT\n"
          "  --epochs N          training rounds (default 2)\n"
          "  --train-budget N    evaluations per training search (default --budget)\n"
          "  --bootstrap-budget N  evaluations per search of a new network's first\n"
          "                      epoch, which searches without the value (default\n"
          "                      --train-budget)\n"
          "  --samples K         samples kept per training search (default 256): the\n"
          "                      path to its best state, then improving and\n"
          "                      non-improving states in equal shares\n"
          "  --siblings K        keep, before the shares, up to K of the expanded\n"
          "                      children of each state on the path (the alternatives\n"
          "                      A* had to rank below the path's next state; default 0)\n"
          "  --rank W            add to the Huber loss W times a ranking loss over the\n"
          "                      kept children of each path state: at every head, the\n"
          "                      child A* should prefer (largest target - cost) above\n"
          "                      each other one (needs --siblings; default 0: none)\n"
          "  --rank-temp T       the ranking loss's temperature, in cost units\n"
          "                      (default 0.1: a let's cost)\n"
          "  --passes P          passes over the replay buffer per epoch (default 1)\n"
          "  --lr R              Adam's learning rate (default 1e-3)\n"
          "  --lr-schedule S     constant (default) or cosine: the rate decays from\n"
          "                      --lr to 0 over each epoch's passes (half a cosine)\n"
          "  --average D         keep a running average of the parameters (Polyak\n"
          "                      averaging; after each batch avg = D avg + (1 - D) new)\n"
          "                      and check, or write, it instead of the last values\n"
          "                      (default 0: none; e.g. 0.999)\n"
          "  --validate N        hold out the training functions of one family in 8\n"
          "                      (by the hash of the name without its trailing _N);\n"
          "                      N times per pass A* with the network so far searches\n"
          "                      them (--budget evaluations), and the parameters that\n"
          "                      reached the most of their oracles (ties: the smaller\n"
          "                      sum of the costs above them; the later) are written\n"
          "  --validate-budget N evaluations of each of those searches (default --budget;\n"
          "                      fewer ask more of a checkpoint when most reach every\n"
          "                      held-out oracle)\n"
          "  --value-norm N      what a new network's heads predict: none (the cost\n"
          "                      reduction, default) or log (log(reduction + 0.001),\n"
          "                      Knossos' normalisation for its BLAS runs); saved with it\n"
          "  --dim D --steps T   the network's features per node and propagation steps\n"
          "                      (default 32 and 4; Knossos: 200 and 10)\n"
          "  --time-limit S      seconds per search (default: none)\n"
          "  --memory-limit MB   term store per search (default: none)\n"
          "  --state-limit N     distinct states per search (default: none)\n"
          "  --func NAME         only this func.func\n"
          "  --output OUT.mlir   the module with the best terms ('-': stdout)\n"
          "  --print-steps       each root's rewrite steps (RULE@[path])\n"
          "  --report FORMAT     table (default) or json (one JSON object on stdout)\n"
          "  --progress          a line on stderr per search (default on a terminal)\n"
          "  --no-progress       none\n"
          "  --eval PATH         the evaluation: PATH a .mlir file or a directory (its\n"
          "                      *_test.mlir files); every function with an oracle, the\n"
          "                      engines astar (no value), greedy and random, budgets\n"
          "                      5000 and 2500, --seeds seeds (default 5): the fraction\n"
          "                      at the oracle, mean +- std over seeds\n"
          "  --seeds N           seeds of --eval (1 to %d)\n"
          "  --eqsat-nodes N     --eval also runs equality saturation with the same rules\n"
          "                      and cost, to N e-nodes (default 0: not run)\n"
          "  --eqsat-seconds S   its time limit per function (default 60)\n"
          "  --check             --eval runs every search's best program (and eqsat's)\n"
          "                      on the interpreter against the function, on 3 random\n"
          "                      inputs; a difference is an error (exit 1)\n"
          "  --quiet             no table (with --output)\n"
          "  --version           the tool's and LLVM's versions\n" ARI_TOOL_HELP_TAIL,
          MAX_SEEDS);
}

static bool parseDouble(const char *s, double *out) {
  char *end = NULL;
  double d = strtod(s, &end);
  if (!*s || !end || *end || !(d >= 0) || !isfinite(d))
    return false;
  *out = d;
  return true;
}

static int parseOptions(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->a.budget = 5000;
  o->a.horizon = 10;
  o->seeds = 5;
  o->epochs = 2;
  o->samples = 256;
  o->passes = 1;
  o->lr = 1e-3;
  o->rankTemp = 0.1;
  o->dim = 32;
  o->steps = 4;
  o->progress = -1;
  o->valueNorm = -1;
  o->rules = "knossos,beta";
  o->cost = "knossos";
  o->eqsatSeconds = 60;
  bool evalOnly = false;
  bool trainOnly = false; /* an option that only --train reads was given */
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    uint64_t u;
    double d;
    if (!strcmp(a, "--version")) {
      ariToolPrintVersion(TOOL);
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--two-phase")) {
      o->a.twoPhase = true;
    } else if (!strcmp(a, "--no-envelope")) {
      o->noEnvelope = true;
    } else if (!strcmp(a, "--lets")) {
      o->lets = true;
    } else if (!strcmp(a, "--check")) {
      o->check = true;
      evalOnly = true;
    } else if (!strcmp(a, "--print-steps")) {
      o->printSteps = true;
    } else if (!strcmp(a, "--quiet")) {
      o->quiet = true;
    } else if (!strcmp(a, "--progress")) {
      o->progress = 1;
    } else if (!strcmp(a, "--no-progress")) {
      o->progress = 0;
    } else if (ariToolOpt(argc, argv, &i, "--rules", &v)) {
      if (!*v)
        return usageError("--rules needs a comma-separated list of rules");
      o->rules = v;
    } else if (ariToolOpt(argc, argv, &i, "--nats", &v)) {
      o->nn = 0;
      const char *p = v;
      for (;;) {
        char *end = NULL;
        errno = 0;
        long long n = strtoll(p, &end, 10);
        if (end == p || errno || n <= 0 || o->nn == MAX_NATS || (*end && *end != ','))
          return usageError("--nats needs at most %d positive integers, comma-separated, got "
                            "'%s'", MAX_NATS, v);
        o->nats[o->nn++] = n;
        if (!*end)
          break;
        p = end + 1;
      }
    } else if (ariToolOpt(argc, argv, &i, "--budget", &v)) {
      if (!ariToolParseU64(v, &u) || u == 0)
        return usageError("--budget needs a positive integer, got '%s'", v);
      o->a.budget = u;
    } else if (ariToolOpt(argc, argv, &i, "--horizon", &v)) {
      if (!ariToolParseU64(v, &u) || u == 0 || u > ARI_ASTAR_MAX_HORIZON)
        return usageError("--horizon needs an integer from 1 to %d, got '%s'",
                          ARI_ASTAR_MAX_HORIZON, v);
      o->a.horizon = (unsigned)u;
    } else if (ariToolOpt(argc, argv, &i, "--engine", &v)) {
      if (!ariAStarEngineFromName(v, &o->a.engine))
        return usageError("--engine needs astar, greedy or random, got '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--cost", &v)) {
      AriCostTermFn fn;
      if (!ariCostTermByName(v, &fn) && !ariCostModelIsSpec(v))
        return usageError("--cost needs %s, analytic, analytic:MACHINE_FILE or "
                          "model:MODEL_FILE, got '%s'",
                          ARI_COST_TERM_NAMES, v);
      o->cost = v;
    } else if (ariToolOpt(argc, argv, &i, "--seed", &v)) {
      if (!ariToolParseU64(v, &u))
        return usageError("--seed needs a non-negative integer, got '%s'", v);
      o->a.seed = u;
    } else if (ariToolOpt(argc, argv, &i, "--seeds", &v)) {
      if (!ariToolParseU64(v, &u) || u == 0 || u > MAX_SEEDS)
        return usageError("--seeds needs an integer from 1 to %d, got '%s'", MAX_SEEDS, v);
      o->seeds = (unsigned)u;
    } else if (ariToolOpt(argc, argv, &i, "--eqsat-nodes", &v)) {
      if (!ariToolParseU64(v, &u) || u > 100000000)
        return usageError("--eqsat-nodes needs an integer from 0 to 100000000, got '%s'", v);
      o->eqsatNodes = u;
      evalOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--eqsat-seconds", &v)) {
      if (!parseDouble(v, &d) || d <= 0 || d > 3600)
        return usageError("--eqsat-seconds needs a number of seconds in (0, 3600], got '%s'", v);
      o->eqsatSeconds = d;
      evalOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--value", &v)) {
      if (!*v)
        return usageError("--value needs a file");
      o->value = v;
    } else if (ariToolOpt(argc, argv, &i, "--time-limit", &v)) {
      if (!parseDouble(v, &d))
        return usageError("--time-limit needs non-negative seconds, got '%s'", v);
      o->a.timeLimitS = d;
    } else if (ariToolOpt(argc, argv, &i, "--memory-limit", &v)) {
      if (!ariToolParseU64(v, &u) || u > (SIZE_MAX >> 20))
        return usageError("--memory-limit needs megabytes, got '%s'", v);
      o->a.maxStoreBytes = (size_t)u << 20;
    } else if (ariToolOpt(argc, argv, &i, "--state-limit", &v)) {
      if (!ariToolParseU64(v, &u))
        return usageError("--state-limit needs a non-negative integer, got '%s'", v);
      o->a.maxStates = u;
    } else if (ariToolOpt(argc, argv, &i, "--func", &v)) {
      if (!*v)
        return usageError("--func needs a name");
      o->func = v;
    } else if (ariToolOpt(argc, argv, &i, "--output", &v)) {
      if (!*v)
        return usageError("--output needs a file");
      o->output = v;
    } else if (ariToolOpt(argc, argv, &i, "--report", &v)) {
      if (strcmp(v, "json") && strcmp(v, "table"))
        return usageError("--report needs table or json, got '%s'", v);
      o->json = !strcmp(v, "json");
    } else if (ariToolOpt(argc, argv, &i, "--eval", &v)) {
      if (!*v)
        return usageError("--eval needs a file or a directory");
      o->eval = v;
    } else if (ariToolOpt(argc, argv, &i, "--train", &v)) {
      if (!*v)
        return usageError("--train needs an output file");
      o->train = v;
    } else if (ariToolOpt(argc, argv, &i, "--train-budget", &v)) {
      if (!ariToolParseU64(v, &u) || u == 0)
        return usageError("--train-budget needs a positive integer, got '%s'", v);
      o->trainBudget = u;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--bootstrap-budget", &v)) {
      if (!ariToolParseU64(v, &u) || u == 0)
        return usageError("--bootstrap-budget needs a positive integer, got '%s'", v);
      o->bootBudget = u;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--samples", &v)) {
      if (!ariToolParseU64(v, &u) || u == 0 || u > 1000000)
        return usageError("--samples needs an integer from 1 to 1000000, got '%s'", v);
      o->samples = (unsigned)u;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--siblings", &v)) {
      if (!ariToolParseU64(v, &u) || u > 1000000)
        return usageError("--siblings needs an integer from 0 to 1000000, got '%s'", v);
      o->siblings = (unsigned)u;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--rank", &v)) {
      if (!parseDouble(v, &d) || d < 0 || d > 1000)
        return usageError("--rank needs a weight from 0 to 1000, got '%s'", v);
      o->rank = d;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--rank-temp", &v)) {
      if (!parseDouble(v, &d) || d <= 0 || d > 1000)
        return usageError("--rank-temp needs a temperature in (0, 1000], got '%s'", v);
      o->rankTemp = d;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--value-norm", &v)) {
      if (!strcmp(v, "none"))
        o->valueNorm = ARI_VALUENET_NORM_NONE;
      else if (!strcmp(v, "log"))
        o->valueNorm = ARI_VALUENET_NORM_LOG;
      else
        return usageError("--value-norm needs none or log, got '%s'", v);
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--lr", &v)) {
      if (!parseDouble(v, &d) || d <= 0 || d > 1)
        return usageError("--lr needs a learning rate in (0, 1], got '%s'", v);
      o->lr = d;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--lr-schedule", &v)) {
      if (strcmp(v, "constant") && strcmp(v, "cosine"))
        return usageError("--lr-schedule needs constant or cosine, got '%s'", v);
      o->cosine = !strcmp(v, "cosine");
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--average", &v)) {
      if (!parseDouble(v, &d) || d < 0 || d >= 1)
        return usageError("--average needs a decay in [0, 1), got '%s'", v);
      o->average = d;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--validate", &v)) {
      uint64_t k;
      if (!ariToolParseU64(v, &k) || k > 1024)
        return usageError("--validate needs an integer from 0 to 1024, got '%s'", v);
      o->validate = (unsigned)k;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--validate-budget", &v)) {
      if (!ariToolParseU64(v, &u) || u == 0)
        return usageError("--validate-budget needs a positive integer, got '%s'", v);
      o->validateBudget = u;
      trainOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--epochs", &v) ||
               ariToolOpt(argc, argv, &i, "--passes", &v) ||
               ariToolOpt(argc, argv, &i, "--dim", &v) ||
               ariToolOpt(argc, argv, &i, "--steps", &v)) {
      uint64_t k;
      if (!ariToolParseU64(v, &k) || k < 1 || k > 1024)
        return usageError("%.*s needs an integer from 1 to 1024, got '%s'",
                          (int)strcspn(a, "="), a, v);
      unsigned *dst = strstr(a, "epochs")   ? &o->epochs
                      : strstr(a, "passes") ? &o->passes
                      : strstr(a, "dim")    ? &o->dim
                                            : &o->steps;
      *dst = (unsigned)k;
      trainOnly |= dst == &o->passes;
    } else if (ariToolPositional(TOOL, a, &o->file)) {
      return 2;
    }
  }
  if (!o->train && trainOnly)
    return usageError("--train-budget, --bootstrap-budget, --samples, --siblings, --rank, "
                      "--rank-temp, --passes, --lr, --lr-schedule, --average, --validate, "
                      "--validate-budget and --value-norm need --train");
  if (o->validateBudget && !o->validate)
    return usageError("--validate-budget is the budget of --validate's searches: give "
                      "--validate");
  if (o->rank > 0 && !o->siblings)
    return usageError("--rank ranks the kept children of each path state: give --siblings");
  if (o->noEnvelope && !o->value && !o->train)
    return usageError("--no-envelope changes how a value network is read: give --value or "
                      "--train");
  if (o->valueNorm >= 0 && o->value)
    return usageError("--value-norm shapes a new network; --value's keeps its own");
  if (o->train && !o->eval)
    return usageError("--train needs --eval PATH, the training set");
  if (evalOnly && (!o->eval || o->train))
    return usageError("--eqsat-nodes, --eqsat-seconds and --check belong to --eval (without "
                      "--train)");
  if (o->eval && (o->file || o->output))
    return usageError("--eval takes no input file and no --output");
  if (!o->eval && !o->file)
    return usageError("no input file");
  if (o->eval && ariCostModelIsSpec(o->cost))
    return usageError("--cost %s is for search mode: --eval and --train use %s", o->cost,
                      ARI_COST_TERM_NAMES);
  if (o->json && o->output && !strcmp(o->output, "-"))
    return usageError("--report=json and --output=- both write stdout");
  return 0;
}

/*--- oracles ---------------------------------------------------------------*/

typedef struct Oracle {
  char name[128];
  double cost;
} Oracle;

/* The `// knossos-oracle @NAME COST` lines of text (at most max). */
static unsigned readOracles(const char *text, Oracle *out, unsigned max) {
  unsigned n = 0;
  const char *key = "// knossos-oracle @";
  for (const char *p = strstr(text, key); p && n < max; p = strstr(p + 1, key)) {
    const char *q = p + strlen(key);
    size_t len = strcspn(q, " \t\n");
    if (!len || len >= sizeof out[n].name)
      continue;
    char *end = NULL;
    double c = strtod(q + len, &end);
    if (end == q + len)
      continue;
    memcpy(out[n].name, q, len);
    out[n].name[len] = 0;
    out[n].cost = c;
    n++;
  }
  return n;
}

static const Oracle *findOracle(const Oracle *o, unsigned n, const char *name) {
  for (unsigned i = 0; i < n; ++i)
    if (!strcmp(o[i].name, name))
      return &o[i];
  return NULL;
}

/*--- one module ----------------------------------------------------------*/

static double termCost(void *ctx, const AriTerm *t) {
  AriCostTermFn fn = *(AriCostTermFn *)ctx;
  return fn(t);
}

static const char *funcName(MlirOperation func, char *buf, size_t cap) {
  MlirAttribute sym =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef n = mlirStringAttrGetValue(sym);
  snprintf(buf, cap, "%.*s", (int)n.length, n.data);
  return buf;
}

typedef struct Loaded {
  MlirModule mod;
  char *text;
  Oracle *oracles;
  unsigned numOracles;
} Loaded;

enum { MAX_ORACLES = 4096 };

/* Parses path (located diagnostics through the context) and reads its
 * oracle lines. */
static bool load(MlirContext ctx, const char *path, AriArena *arena, Loaded *l) {
  memset(l, 0, sizeof *l);
  l->mod = ariParseFile(ctx, path);
  if (mlirModuleIsNull(l->mod))
    return false;
  size_t len = 0;
  AriFileError fe = ariFileRead(path, arena, ARI_FILE_TEXT_LIMIT, &l->text, &len);
  l->oracles = ariArenaAlloc(arena, MAX_ORACLES * sizeof *l->oracles);
  if (ariFileOk(fe) && l->oracles)
    l->numOracles = readOracles(l->text, l->oracles, MAX_ORACLES);
  return true;
}

static void printSteps(FILE *f, const AriAStarResult *r, const AriAStarRule *rules) {
  for (unsigned i = 0; i < r->numSteps; ++i) {
    char b[512];
    ariAStarFormatStep(&r->steps[i], rules, b, sizeof b);
    fprintf(f, "%s%s", i ? " " : "", b);
  }
}

/* model: --cost's model, or NULL for costFn. */
static int runSearch(const Options *o, MlirContext ctx, const AriAStarRule *rules, size_t nrules,
                     AriCostTermFn costFn, AriCostModel *model, AriArena *arena) {
  Loaded l;
  if (!load(ctx, o->file, arena, &l))
    return 1;
  int rc = 0;
  bool any = false, firstJson = true;
  bool progress = o->progress == 1 || (o->progress < 0 && isatty(2));
  if (o->json)
    printf("{\"functions\": [");
  else if (!o->quiet)
    printf("%-24s %4s %10s %10s %10s %5s %8s %8s %8s %10s %10s  %s\n", "function", "root",
           "input", "best", "oracle", "steps", "evals", "expanded", "seconds", "states/s",
           "evals/s", "stop");
  MlirBlock body = mlirModuleGetBody(l.mod);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef nm = mlirIdentifierStr(mlirOperationGetName(op));
    if (nm.length != 9 || memcmp(nm.data, "func.func", 9))
      continue;
    char name[256];
    funcName(op, name, sizeof name);
    if (o->func && strcmp(o->func, name))
      continue;
    any = true;
    AriTermStore *s = ariTermStoreCreate(0);
    if (!s) {
      fprintf(stderr, TOOL ": error: out of memory\n");
      return 1;
    }
    AriTermFunc tf;
    MlirLocation errLoc = mlirOperationGetLocation(op);
    if (!ariTermImportFunc(s, op, &tf, &errLoc) || (o->lets && ariTermFuncBindLets(s, &tf) < 0)) {
      char msg[1024];
      snprintf(msg, sizeof msg, "cannot import '%s' into the term store: %s", name,
               ariTermStoreError(s));
      mlirEmitError(errLoc, msg);
      ariTermStoreDestroy(s);
      rc = 1;
      continue;
    }
    const Oracle *orc = findOracle(l.oracles, l.numOracles, name);
    for (unsigned r = 0; r < tf.numRoots; ++r) {
      AriAStarResult res;
      AriTermFunc *tfp = &tf;
      AriCostRootCost rcost = {model, s, tfp, r, false, ""};
      if (model)
        ariAStarSearch(s, tfp->roots[r].value, rules, nrules, ariCostModelRootCost, &rcost,
                       &o->a, arena, &res);
      else
        ariAStarSearch(s, tfp->roots[r].value, rules, nrules, termCost, &costFn, &o->a, arena,
                       &res);
      if (res.stop == ARI_ASTAR_STOP_ERROR) {
        fprintf(stderr, "%s: error: function '%s': %s\n", o->file, name, res.message);
        rc = 1;
      }
      if (rcost.failed && !isfinite(res.inputCost)) {
        fprintf(stderr, "%s: error: function '%s' root %u: --cost %s cannot score it: %s\n",
                o->file, name, r, o->cost, rcost.error);
        rc = 1;
      }
      tfp->roots[r].value = res.best;
      if (progress)
        fprintf(stderr, TOOL ": %s root %u: %g -> %g in %llu evaluations, %.3f s (%s)\n", name,
                r, res.inputCost, res.bestCost, (unsigned long long)res.evaluations,
                res.seconds, ariAStarStopName(res.stop));
      if (o->json) {
        printf("%s{\"function\": ", firstJson ? "" : ", ");
        firstJson = false;
        ariToolJsonString(stdout, name);
        printf(", \"root\": %u, \"input_cost\": %.9g, \"best_cost\": %.9g", r, res.inputCost,
               res.bestCost);
        if (orc)
          printf(", \"oracle_cost\": %.9g, \"at_oracle\": %s", orc->cost,
                 res.bestCost <= orc->cost + 1e-6 ? "true" : "false");
        printf(", \"engine\": \"%s\", \"stop\": \"%s\", \"evaluations\": %llu, "
               "\"best_at\": %llu, \"value_calls\": %llu, \"expanded\": %llu, "
               "\"states\": %llu, \"pruned\": %llu, \"seconds\": %.6f, "
               "\"states_per_s\": %.1f, \"evals_per_s\": %.1f, \"steps\": [",
               ariAStarEngineName(o->a.engine), ariAStarStopName(res.stop),
               (unsigned long long)res.evaluations, (unsigned long long)res.bestAt,
               (unsigned long long)res.valueCalls, (unsigned long long)res.expanded,
               (unsigned long long)res.states, (unsigned long long)res.pruned, res.seconds,
               res.statesPerS, res.evalsPerS);
        for (unsigned i = 0; i < res.numSteps; ++i) {
          char b[512];
          ariAStarFormatStep(&res.steps[i], rules, b, sizeof b);
          printf("%s", i ? ", " : "");
          ariToolJsonString(stdout, b);
        }
        const char *str = ariTermToString(s, res.best, 0);
        printf("], \"program\": ");
        ariToolJsonString(stdout, str ? str : "(out of memory)");
        printf("}");
      } else if (!o->quiet) {
        char oc[32] = "-";
        if (orc)
          snprintf(oc, sizeof oc, "%g", orc->cost);
        printf("%-24s %4u %10g %10g %10s %5u %8llu %8llu %8.3f %10.0f %10.0f  %s\n", name, r,
               res.inputCost, res.bestCost, oc, res.numSteps, (unsigned long long)res.evaluations,
               (unsigned long long)res.expanded, res.seconds, res.statesPerS, res.evalsPerS,
               ariAStarStopName(res.stop));
        if (o->printSteps) {
          printf("  steps: ");
          printSteps(stdout, &res, rules);
          printf("\n");
        }
      }
    }
    if (o->output) {
      errLoc = mlirOperationGetLocation(op);
      if (!ariTermExportFunc(s, &tf, op, &errLoc)) {
        char msg[1024];
        snprintf(msg, sizeof msg, "cannot export the result of '%s': %s", name,
                 ariTermStoreError(s));
        mlirEmitError(errLoc, msg);
        rc = 1;
      }
    }
    ariTermStoreDestroy(s);
  }
  if (o->json)
    printf("]}\n");
  if (!any) {
    if (o->func)
      fprintf(stderr, "%s: error: no func.func named '%s'\n", o->file, o->func);
    else
      fprintf(stderr, "%s: error: the module has no func.func\n", o->file);
    rc = 1;
  }
  if (!rc && o->output) {
    /* Opened as it is (a device or FIFO is written through, a link's
     * target written), as ariadne-eqsat's; stdout's errors are
     * ariToolExit's. */
    FILE *out = strcmp(o->output, "-") ? fopen(o->output, "w") : stdout;
    if (!out) {
      fprintf(stderr, "%s: error: cannot open the output file: %s\n", o->output,
              strerror(errno));
      rc = 1;
    } else {
      ariPrintOp(mlirModuleGetOperation(l.mod), out, false);
      bool failed = ferror(out) != 0;
      int err = out == stdout ? 0 : fclose(out) != 0 ? errno : failed ? EIO : 0;
      if (err) {
        fprintf(stderr, "%s: error: cannot write the output file: %s\n", o->output,
                strerror(err));
        rc = 1;
      }
    }
  }
  mlirModuleDestroy(l.mod);
  return rc;
}

/*--- eval --------------------------------------------------------------------*/

typedef struct EvalFunc {
  char name[128];
  double oracle;
  const char *file;
} EvalFunc;

static int cmpStr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files --eval reads: PATH itself, or the *_test.mlir of a directory
 * (sorted, so that the report's order does not depend on the file system). */
static int evalFiles(const char *path, AriArena *arena, char **files, unsigned *n) {
  struct stat st;
  *n = 0;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "%s: error: cannot read: %s\n", path, strerror(errno));
    return 1;
  }
  if (!S_ISDIR(st.st_mode)) {
    files[(*n)++] = ariArenaStrndup(arena, path, strlen(path));
    return 0;
  }
  DIR *d = opendir(path);
  if (!d) {
    fprintf(stderr, "%s: error: cannot read the directory: %s\n", path, strerror(errno));
    return 1;
  }
  for (struct dirent *e; (e = readdir(d)) && *n < MAX_FILES;) {
    size_t len = strlen(e->d_name);
    const char *suf = "_test.mlir";
    if (len < strlen(suf) || strcmp(e->d_name + len - strlen(suf), suf))
      continue;
    size_t pl = strlen(path) + 1 + len + 1;
    char *p = ariArenaAlloc(arena, pl);
    if (!p)
      break;
    snprintf(p, pl, "%s/%s", path, e->d_name);
    files[(*n)++] = p;
  }
  closedir(d);
  if (!*n) {
    fprintf(stderr, "%s: error: no *_test.mlir file in the directory\n", path);
    return 1;
  }
  qsort(files, *n, sizeof *files, cmpStr);
  return 0;
}

/* A fresh store holding func `op` (named `name`) as one term: the store,
 * or NULL after an error at the op's location. */
static AriTermStore *importOneTerm(MlirOperation op, const char *name, bool lets,
                                   AriTermFunc *tf) {
  AriTermStore *s = ariTermStoreCreate(0);
  MlirLocation errLoc = mlirOperationGetLocation(op);
  if (s && ariTermImportFunc(s, op, tf, &errLoc) && tf->numRoots == 1 &&
      (!lets || ariTermFuncBindLets(s, tf) >= 0))
    return s;
  char msg[1024];
  snprintf(msg, sizeof msg, "cannot import '%s' as one term: %s", name,
           s ? ariTermStoreError(s) : "out of memory");
  mlirEmitError(errLoc, msg);
  ariTermStoreDestroy(s);
  return NULL;
}

/* --eval's engine rows: the three engines, then A* with the value. */
static const char *engineLabel(unsigned e) {
  return e == 3 ? "astar+value" : ariAStarEngineName((AriAStarEngine)e);
}

/*--- --train ---------------------------------------------------------------*/

/* The replay buffer: every sample kept so far, its term printed (each
 * search has a store of its own, and the training batches mix searches),
 * its H targets, its cost, and its group: the samples kept among the
 * expanded children of one path state share one (--rank orders them), the
 * others have none (SIZE_MAX). Strings and arrays live in the buffer's own
 * arena; the index grows by doubling into it. */
typedef struct Replay {
  AriArena arena;
  const char **text;
  size_t *len;
  float *targets; /* n x H */
  float *cost;
  size_t *group;
  size_t n, cap;
  size_t groups; /* group ids handed out so far */
  unsigned H;
} Replay;

static bool replayAdd(Replay *r, AriTerm *t, const float *targets, float cost, size_t group) {
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 4096;
    const char **text = ariArenaAlloc(&r->arena, cap * sizeof *text);
    size_t *len = ariArenaAlloc(&r->arena, cap * sizeof *len);
    float *tg = ariArenaAlloc(&r->arena, cap * r->H * sizeof *tg);
    float *cst = ariArenaAlloc(&r->arena, cap * sizeof *cst);
    size_t *grp = ariArenaAlloc(&r->arena, cap * sizeof *grp);
    if (!text || !len || !tg || !cst || !grp)
      return false;
    if (r->n) {
      memcpy(text, r->text, r->n * sizeof *text);
      memcpy(len, r->len, r->n * sizeof *len);
      memcpy(tg, r->targets, r->n * r->H * sizeof *tg);
      memcpy(cst, r->cost, r->n * sizeof *cst);
      memcpy(grp, r->group, r->n * sizeof *grp);
    }
    r->text = text, r->len = len, r->targets = tg, r->cost = cst, r->group = grp;
    r->cap = cap;
  }
  size_t n = ariTermPrint(t, NULL, 0, ARI_PRINT_TYPES);
  char *buf = ariArenaAlloc(&r->arena, n + 1);
  if (!buf)
    return false;
  ariTermPrint(t, buf, n + 1, ARI_PRINT_TYPES);
  r->text[r->n] = buf;
  r->len[r->n] = n;
  memcpy(r->targets + r->n * r->H, targets, r->H * sizeof *targets);
  r->cost[r->n] = cost;
  r->group[r->n] = group;
  r->n++;
  return true;
}

/* --validate: the held-out training functions (each root term printed,
 * with its oracle cost) and the best checkpoint so far. The parameters of
 * one training run differ in how well they guide A* far more than their
 * loss says (five networks of the same settings reached 72-100 of 108
 * training functions' oracles within 2,500 evaluations), so the run keeps
 * the checkpoint that guides best on functions it does not train on. */
typedef struct Validation {
  const char **text;
  size_t *len;
  double *oracle;
  size_t n, cap;
  float *best; /* the best checkpoint's parameters; NULL until one */
  size_t hits; /* its held-out functions at their oracle */
  double gap;  /* its sum of the best costs above the other oracles */
} Validation;

/* One family in 8, by the hash of the name without a trailing _N: a
 * family's variants (Knossos' binding groups, bind_g7_0..5) are held out
 * together, as the test set's groups are. */
static bool heldOut(const char *name) {
  size_t len = strlen(name), k = len;
  while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9')
    k--;
  if (k > 1 && k < len && name[k - 1] == '_')
    len = k - 1;
  return ariHashMix64(ariHashBytes32(name, len)) % 8 == 0;
}

static bool validationAdd(Validation *v, AriArena *a, AriTerm *t, double oracle) {
  if (v->n == v->cap) {
    size_t cap = v->cap ? 2 * v->cap : 64;
    const char **text = ariArenaAlloc(a, cap * sizeof *text);
    size_t *len = ariArenaAlloc(a, cap * sizeof *len);
    double *orc = ariArenaAlloc(a, cap * sizeof *orc);
    if (!text || !len || !orc)
      return false;
    if (v->n) {
      memcpy(text, v->text, v->n * sizeof *text);
      memcpy(len, v->len, v->n * sizeof *len);
      memcpy(orc, v->oracle, v->n * sizeof *orc);
    }
    v->text = text, v->len = len, v->oracle = orc, v->cap = cap;
  }
  size_t n = ariTermPrint(t, NULL, 0, ARI_PRINT_TYPES);
  char *buf = ariArenaAlloc(a, n + 1);
  if (!buf)
    return false;
  ariTermPrint(t, buf, n + 1, ARI_PRINT_TYPES);
  v->text[v->n] = buf;
  v->len[v->n] = n;
  v->oracle[v->n++] = oracle;
  return true;
}

/* What training needs besides the options: the rules, the cost, the
 * network, with --validate the held-out functions, and with --average the
 * running average of the parameters. */
typedef struct Trainer {
  const Options *o;
  const AriAStarRule *rules;
  size_t nrules;
  AriCostTermFn costFn;
  AriValueNet *net;
  Validation val;
  float *avg;      /* --average: the running average (allocated once) */
  size_t averaged; /* batches in avg this epoch (0: none yet) */
  AriArena arena;  /* val's functions and checkpoint, avg */
} Trainer;

/* A* with the network so far on every held-out function; keeps the
 * parameters when they are the best so far. `at` names the checkpoint. */
static bool validate(Trainer *tr, AriArena *arena, const char *at, char *err, size_t errCap) {
  Validation *v = &tr->val;
  size_t hits = 0;
  double gap = 0;
  for (size_t i = 0; i < v->n; ++i) {
    AriTermStore *s = ariTermStoreCreate(0);
    AriTerm *t = s ? ariTermParse(s, v->text[i], v->len[i]) : NULL;
    if (!t) {
      snprintf(err, errCap, "a held-out function does not parse back: %s",
               s ? ariTermStoreError(s) : "out of memory");
      ariTermStoreDestroy(s);
      return false;
    }
    AriAStarOptions ao = tr->o->a;
    ao.engine = ARI_ASTAR_ENGINE_ASTAR;
    ao.value = ariValueNetEval;
    ao.valueCtx = tr->net;
    if (tr->o->validateBudget)
      ao.budget = tr->o->validateBudget;
    AriArenaMark m = ariArenaMark(arena);
    AriAStarResult res;
    ariAStarSearch(s, t, tr->rules, tr->nrules, termCost, &tr->costFn, &ao, arena, &res);
    bool ok = res.stop != ARI_ASTAR_STOP_ERROR;
    if (!ok)
      snprintf(err, errCap, "searching a held-out function: %s", res.message);
    else if (res.bestCost <= v->oracle[i] + 1e-6)
      hits++;
    else
      gap += res.bestCost - v->oracle[i];
    ariArenaRelease(arena, m);
    ariTermStoreDestroy(s);
    if (!ok)
      return false;
  }
  bool better = !v->best || hits > v->hits || (hits == v->hits && gap <= v->gap + 1e-9);
  printf("%s: %zu of %zu held-out functions at their oracle (%.4g above the rest)%s\n", at,
         hits, v->n, gap, better ? ", the best so far" : "");
  fflush(stdout);
  if (!better)
    return true;
  AriNnParams *ps = ariValueNetParams(tr->net);
  if (!v->best && !(v->best = ariArenaAlloc(&tr->arena, ariNnParamsCount(ps) * sizeof *v->best))) {
    snprintf(err, errCap, "out of memory for a checkpoint");
    return false;
  }
  ariNnParamsGet(ps, v->best);
  v->hits = hits, v->gap = gap;
  return true;
}

/* --average: the epoch's first batch starts the running average at the
 * parameters; after the n-th later batch it takes the new ones with weight
 * 1 - decay, where the decay ramps up as (1 + n) / (10 + n) to --average
 * so that the average does not linger on the first batches' parameters. */
static bool averageStep(Trainer *tr, char *err, size_t errCap) {
  AriNnParams *ps = ariValueNetParams(tr->net);
  if (!tr->avg && !(tr->avg = ariArenaAlloc(&tr->arena, ariNnParamsCount(ps) * sizeof *tr->avg))) {
    snprintf(err, errCap, "out of memory for the parameters' average");
    return false;
  }
  double n = (double)tr->averaged++, d = (1 + n) / (10 + n);
  if (n == 0)
    ariNnParamsGet(ps, tr->avg);
  else
    ariNnParamsAverage(ps, tr->avg, (float)(d < tr->o->average ? d : tr->o->average));
  return true;
}

/* Exchanges the network's parameters with the average (a no-op without
 * one), so that a check, or the file, sees the average. */
static void averageSwap(Trainer *tr) {
  if (tr->averaged)
    ariNnParamsSwap(ariValueNetParams(tr->net), tr->avg);
}

/* The epoch's result: the best checkpoint with --validate, else the
 * average with --average, else the parameters as trained. */
static void restoreBest(Trainer *tr) {
  AriNnParams *ps = ariValueNetParams(tr->net);
  if (tr->val.best)
    ariNnParamsSet(ps, tr->val.best);
  else if (tr->averaged)
    ariNnParamsSet(ps, tr->avg);
  tr->averaged = 0;
}

/* Appends `want` (<= m) of v[0..m) to pick, drawn uniformly without
 * replacement (a partial Fisher-Yates shuffle of v), and marks them taken. */
static void drawUniform(size_t *v, size_t m, size_t want, AriNnRng *rng, unsigned char *taken,
                        size_t *pick, size_t *np) {
  for (size_t j = 0; j < want; ++j) {
    size_t r = j + (size_t)(ariNnRngNext(rng) % (m - j));
    size_t tmp = v[j];
    v[j] = v[r];
    v[r] = tmp;
    taken[v[j]] = 1;
    pick[(*np)++] = v[j];
  }
}

/* Which of a search's samples to keep (at most k): the states on the path
 * from the input to the best state first -- they carry the reductions the
 * search found, the let-introductions that raise the cost first included,
 * which a uniform draw over tens of thousands of expanded states would
 * mostly miss -- then up to `siblings` expanded children of each path
 * state, drawn uniformly: A* follows the path only if the value ranks its
 * next state above these, often by a let's 0.1, and a uniform draw holds
 * few of them -- then equal shares, drawn uniformly, of states that can
 * still lose cost within the horizon and states that cannot, so that the
 * network sees both whatever their ratio in the search. Returns the count
 * (SIZE_MAX when out of memory); pick[] holds sample indices, group[] for
 * each the position in pick[] of the path state it is an expanded child of
 * (SIZE_MAX for the input and the shares). */
static size_t selectSamples(AriTermStore *s, AriTerm *t0, const AriAStarRule *rules,
                            size_t nrules, const AriAStarResult *res, const AriAStarSamples *sm,
                            size_t k, unsigned siblings, AriNnRng *rng, AriArena *arena,
                            size_t *pick, size_t *group) {
  size_t n = sm->numSamples, H = sm->horizon, np = 0;
  unsigned char *taken = ariArenaCalloc(arena, n ? n : 1);
  size_t *pos = ariArenaAlloc(arena, (n ? n : 1) * sizeof *pos);
  size_t *neg = ariArenaAlloc(arena, (n ? n : 1) * sizeof *neg);
  if (!taken || !pos || !neg)
    return SIZE_MAX;
  AriTerm *cur = t0;
  size_t prev = SIZE_MAX; /* the previous step's state's position in pick[] */
  for (unsigned st = 0; st <= res->numSteps && np < k; ++st) {
    if (st > 0) {
      char err[256];
      AriTerm *next;
      if (!ariAStarReplay(s, cur, rules, nrules, &res->steps[st - 1], 1, &next, err, sizeof err))
        break;
      cur = next;
    }
    size_t found = SIZE_MAX;
    for (size_t i = 0; i < n; ++i)
      if (sm->terms[i] == cur && !taken[i]) {
        taken[i] = 1;
        group[np] = SIZE_MAX;
        for (size_t e = prev == SIZE_MAX ? 0 : sm->kidStart[pick[prev]];
             prev != SIZE_MAX && e < sm->kidStart[pick[prev] + 1]; ++e)
          if (sm->kids[e] == i)
            group[np] = prev;
        found = np;
        pick[np++] = i;
        break;
      }
    prev = found;
  }
  for (size_t p = 0, pathN = np; siblings && p < pathN && np < k; ++p) {
    size_t m = 0;
    for (size_t e = sm->kidStart[pick[p]]; e < sm->kidStart[pick[p] + 1]; ++e)
      if (!taken[sm->kids[e]])
        pos[m++] = sm->kids[e];
    size_t want = m < siblings ? m : siblings, from = np;
    if (want > k - np)
      want = k - np;
    drawUniform(pos, m, want, rng, taken, pick, &np);
    for (size_t j = from; j < np; ++j)
      group[j] = p;
  }
  size_t npos = 0, nneg = 0;
  for (size_t i = 0; i < n; ++i)
    if (!taken[i]) {
      if (sm->targets[i * H + H - 1] > 1e-6f)
        pos[npos++] = i;
      else
        neg[nneg++] = i;
    }
  size_t room = k - np, wantPos = room / 2 + room % 2, wantNeg = room / 2;
  if (wantPos > npos)
    wantNeg += wantPos - npos, wantPos = npos;
  if (wantNeg > nneg) {
    wantPos += wantNeg - nneg, wantNeg = nneg;
    if (wantPos > npos)
      wantPos = npos;
  }
  size_t from = np;
  drawUniform(pos, npos, wantPos, rng, taken, pick, &np);
  drawUniform(neg, nneg, wantNeg, rng, taken, pick, &np);
  for (size_t j = from; j < np; ++j)
    group[j] = SIZE_MAX;
  return np;
}

/* Shuffles the replay into order[] with each group's samples together (in
 * a random order among them), so that a batch holds the children of a path
 * state that --rank compares: the units -- groups, and samples without
 * one -- in a seeded random order. Scratch: cnt (r->groups + 1 entries),
 * units and byGroup (r->n each). */
static void groupedOrder(const Replay *r, AriNnRng *rng, size_t *order, size_t *cnt,
                         size_t *units, size_t *byGroup) {
  size_t G = r->groups, nu = 0, o = 0;
  memset(cnt, 0, (G + 1) * sizeof *cnt);
  for (size_t i = 0; i < r->n; ++i)
    if (r->group[i] != SIZE_MAX)
      cnt[r->group[i] + 1]++;
  for (size_t g = 0; g < G; ++g) /* cnt[g]: where group g starts in byGroup */
    cnt[g + 1] += cnt[g];
  for (size_t i = 0; i < r->n; ++i) /* after this, cnt[g] is where group g ends */
    if (r->group[i] != SIZE_MAX)
      byGroup[cnt[r->group[i]]++] = i;
  for (size_t g = G; g > 0; --g) /* and back to the starts */
    cnt[g] = cnt[g - 1];
  cnt[0] = 0;
  for (size_t g = 0; g < G; ++g) /* units[] names group g as g, sample i as G + i */
    if (cnt[g + 1] > cnt[g])
      units[nu++] = g;
  for (size_t i = 0; i < r->n; ++i)
    if (r->group[i] == SIZE_MAX)
      units[nu++] = G + i;
  for (size_t i = nu; i > 1; --i) {
    size_t j = (size_t)(ariNnRngNext(rng) % i), tmp = units[i - 1];
    units[i - 1] = units[j];
    units[j] = tmp;
  }
  for (size_t u = 0; u < nu; ++u) {
    if (units[u] >= G) {
      order[o++] = units[u] - G;
      continue;
    }
    size_t from = o;
    for (size_t e = cnt[units[u]]; e < cnt[units[u] + 1]; ++e)
      order[o++] = byGroup[e];
    for (size_t i = o - from; i > 1; --i) {
      size_t j = (size_t)(ariNnRngNext(rng) % i), tmp = order[from + i - 1];
      order[from + i - 1] = order[from + j];
      order[from + j] = tmp;
    }
  }
}

/* Head h's target of replay sample `item` less its cost: the total
 * reduction it leads to, which --rank compares between siblings. */
static double leadsTo(const Replay *r, size_t item, unsigned h) {
  return (double)r->targets[item * r->H + h] - r->cost[item];
}

/* --rank's pairs in a batch (items[0..n), replay indices, each group's
 * together): within each group, for every head h, the child A* should
 * prefer -- the largest leadsTo -- over every other one that leads to less
 * (by more than 1e-3). Returns the count. */
static unsigned batchPairs(const Replay *r, const size_t *items, unsigned n,
                           AriValuePair *pairs) {
  unsigned np = 0, H = r->H;
  for (unsigned a = 0, b; a < n; a = b) {
    size_t g = r->group[items[a]];
    for (b = a + 1; b < n && g != SIZE_MAX && r->group[items[b]] == g; ++b)
      ;
    if (b - a < 2)
      continue;
    for (unsigned h = 0; h < H; ++h) {
      unsigned best = a;
      double top = -INFINITY;
      for (unsigned j = a; j < b; ++j) {
        double v = leadsTo(r, items[j], h);
        if (v > top)
          top = v, best = j;
      }
      for (unsigned j = a; j < b; ++j)
        if (j != best && top - leadsTo(r, items[j], h) > 1e-3)
          pairs[np++] = (AriValuePair){best, j, h, r->cost[items[best]] - r->cost[items[j]]};
    }
  }
  return np;
}

/* One epoch's training: --passes passes over the whole replay buffer in a
 * seeded random order (with --rank, each group's samples together), Adam
 * in batches of 16. The samples are parsed back into one store for the
 * epoch. */
static bool trainOnReplay(Trainer *tr, const Replay *r, AriNnRng *rng, unsigned ep,
                          AriArena *arena, char *err, size_t errCap) {
  const Options *o = tr->o;
  AriArenaMark m = ariArenaMark(arena);
  AriTermStore *s = ariTermStoreCreate(0);
  AriTerm **terms = ariArenaAlloc(arena, (r->n ? r->n : 1) * sizeof *terms);
  size_t *order = ariArenaAlloc(arena, (r->n ? r->n : 1) * sizeof *order);
  bool rank = o->rank > 0;
  size_t *cnt = rank ? ariArenaAlloc(arena, (r->groups + 1) * sizeof *cnt) : NULL;
  size_t *units = rank ? ariArenaAlloc(arena, (r->n ? r->n : 1) * sizeof *units) : NULL;
  size_t *byGroup = rank ? ariArenaAlloc(arena, (r->n ? r->n : 1) * sizeof *byGroup) : NULL;
  /* a group of m in a batch gives at most m - 1 pairs per head */
  AriValuePair *pairs = rank ? ariArenaAlloc(arena, ARI_ASTAR_BATCH * r->H * sizeof *pairs) : NULL;
  bool ok = s && terms && order && (!rank || (cnt && units && byGroup && pairs));
  if (!ok)
    snprintf(err, errCap, "out of memory for %zu samples", r->n);
  for (size_t i = 0; ok && i < r->n; ++i) {
    terms[i] = ariTermParse(s, r->text[i], r->len[i]);
    order[i] = i;
    if (!terms[i]) {
      snprintf(err, errCap, "a sample does not parse back: %s", ariTermStoreError(s));
      ok = false;
    }
  }
  float tg[ARI_ASTAR_BATCH * ARI_VALUENET_MAX_H];
  AriTerm *batch[ARI_ASTAR_BATCH];
  /* The cosine schedule's position: batches taken over all of them. */
  size_t perPass = (r->n + ARI_ASTAR_BATCH - 1) / ARI_ASTAR_BATCH, step = 0;
  double steps = (double)perPass * o->passes;
  /* --validate's checkpoints: every `every` batches and at each pass's end */
  size_t every = o->validate && tr->val.n ? (perPass + o->validate - 1) / o->validate : 0;
  for (unsigned pass = 1; ok && pass <= o->passes; ++pass) {
    if (rank)
      groupedOrder(r, rng, order, cnt, units, byGroup);
    for (size_t i = r->n; !rank && i > 1; --i) {
      size_t j = (size_t)(ariNnRngNext(rng) % i), tmp = order[i - 1];
      order[i - 1] = order[j];
      order[j] = tmp;
    }
    double lossSum = 0;
    size_t batches = 0, numPairs = 0;
    for (size_t k = 0; ok && k < r->n; k += ARI_ASTAR_BATCH) {
      unsigned n = (unsigned)(r->n - k < ARI_ASTAR_BATCH ? r->n - k : ARI_ASTAR_BATCH);
      for (unsigned b = 0; b < n; ++b) {
        batch[b] = terms[order[k + b]];
        memcpy(tg + b * r->H, r->targets + order[k + b] * r->H, r->H * sizeof *tg);
      }
      float loss = 0;
      double lr = o->cosine ? o->lr * 0.5 * (1 + cos(3.14159265358979323846 * (double)step / steps)) : o->lr;
      step++;
      AriValueRank rk = {pairs, 0, (float)o->rank, (float)o->rankTemp};
      if (rank)
        numPairs += rk.n = batchPairs(r, order + k, n, pairs);
      ok = ariValueNetTrainBatch(tr->net, s, batch, tg, n, rank ? &rk : NULL, (float)lr, &loss,
                                 err, errCap);
      if (ok && o->average > 0)
        ok = averageStep(tr, err, errCap);
      lossSum += loss;
      batches++;
      if (ok && every && (batches % every == 0 || k + ARI_ASTAR_BATCH >= r->n)) {
        char at[96];
        snprintf(at, sizeof at, "epoch %u pass %u batch %zu%s", ep, pass, batches,
                 tr->averaged ? " (average)" : "");
        averageSwap(tr);
        ok = validate(tr, arena, at, err, errCap);
        averageSwap(tr);
      }
    }
    if (ok && rank)
      printf("epoch %u pass %u: %zu samples, %zu ranking pairs, mean batch loss %.6g\n", ep,
             pass, r->n, numPairs, batches ? lossSum / (double)batches : 0.0);
    else if (ok)
      printf("epoch %u pass %u: %zu samples, mean batch loss %.6g\n", ep, pass, r->n,
             batches ? lossSum / (double)batches : 0.0);
    fflush(stdout);
  }
  ariArenaRelease(arena, m);
  ariTermStoreDestroy(s);
  return ok;
}

/* --train: epochs of (an A* search of --train-budget evaluations on every
 * function of the set -- with the network so far, except in a new
 * network's first epoch, whose outputs are noise: that one searches
 * without the value, --bootstrap-budget evaluations, long enough to find
 * the rewrites that first raise the cost -- keeping
 * --samples samples of each in the replay buffer; then --passes passes of
 * Adam over the whole buffer), the network written to OUT after every
 * epoch. */
static int runTrain(const Options *o, MlirContext ctx, const AriAStarRule *rules, size_t nrules,
                    AriCostTermFn costFn, AriArena *arena, AriValueNet *net) {
  char *files[MAX_FILES];
  unsigned nf;
  if (evalFiles(o->eval, arena, files, &nf))
    return 1;
  unsigned d, T, H;
  ariValueNetShape(net, &d, &T, &H);
  if (H != o->a.horizon) {
    fprintf(stderr, TOOL ": error: the network has %u heads and the horizon is %u: train "
                    "with --horizon %u\n", H, o->a.horizon, H);
    return 1;
  }
  if (o->rank > 0 && ariValueNetNorm(net) != ARI_VALUENET_NORM_NONE) {
    fprintf(stderr, TOOL ": error: --rank compares the heads as values; the network's are "
                    "log-normalised (--value-norm log)\n");
    return 1;
  }
  bool progress = o->progress == 1 || (o->progress < 0 && isatty(2));
  Replay rp = {.H = H};
  ariArenaInit(&rp.arena, 0);
  Trainer tr = {.o = o, .rules = rules, .nrules = nrules, .costFn = costFn, .net = net};
  ariArenaInit(&tr.arena, 0);
  AriNnRng rng = {ariHashMix64(o->a.seed ^ 0x7261696e)};
  int rc = 0;
  for (unsigned ep = 1; ep <= o->epochs && !rc; ++ep) {
    size_t kept = 0, reached = 0;
    unsigned funcs = 0, held = 0;
    for (unsigned fi = 0; fi < nf && !rc; ++fi) {
      Loaded l;
      if (!load(ctx, files[fi], arena, &l)) {
        rc = 1;
        break;
      }
      for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(l.mod));
           !mlirOperationIsNull(op) && !rc; op = mlirOperationGetNextInBlock(op)) {
        MlirStringRef nm = mlirIdentifierStr(mlirOperationGetName(op));
        if (nm.length != 9 || memcmp(nm.data, "func.func", 9))
          continue;
        char name[256];
        funcName(op, name, sizeof name);
        if (o->func && strcmp(o->func, name))
          continue;
        const Oracle *orc = findOracle(l.oracles, l.numOracles, name);
        if (o->validate && orc && heldOut(name)) {
          held++;
          if (ep > 1)
            continue;
          AriTermFunc tf;
          AriTermStore *s = importOneTerm(op, name, o->lets, &tf);
          bool ok = s && validationAdd(&tr.val, &tr.arena, tf.roots[0].value, orc->cost);
          if (s && !ok)
            fprintf(stderr, TOOL ": error: out of memory holding out @%s\n", name);
          ariTermStoreDestroy(s);
          if (!ok) {
            rc = 1;
            break;
          }
          continue;
        }
        AriTermFunc tf;
        AriTermStore *s = importOneTerm(op, name, o->lets, &tf);
        if (!s) {
          rc = 1;
          break;
        }
        funcs++;
        AriAStarOptions ao = o->a;
        ao.engine = ARI_ASTAR_ENGINE_ASTAR;
        ao.seed = o->a.seed + ep;
        ao.budget = o->trainBudget ? o->trainBudget : o->a.budget;
        if (ep == 1 && !o->value) {
          ao.value = NULL, ao.valueCtx = NULL;
          ao.budget = o->bootBudget ? o->bootBudget : ao.budget;
        }
        AriArenaMark m = ariArenaMark(arena);
        AriAStarResult res;
        AriAStarSamples sm;
        char err[512];
        AriTerm *t0 = tf.roots[0].value;
        ariAStarSearch(s, t0, rules, nrules, termCost, &costFn, &ao, arena, &res);
        bool ok = res.stop != ARI_ASTAR_STOP_ERROR &&
                  ariAStarSamples(&res, arena, &sm, err, sizeof err);
        if (res.stop == ARI_ASTAR_STOP_ERROR)
          snprintf(err, sizeof err, "%s", res.message);
        reached += orc && res.bestCost <= orc->cost + 1e-6;
        size_t *pick = ok ? ariArenaAlloc(arena, (o->samples + 1) * sizeof *pick) : NULL;
        size_t *group = pick ? ariArenaAlloc(arena, (o->samples + 1) * sizeof *group) : NULL;
        size_t np = group ? selectSamples(s, t0, rules, nrules, &res, &sm, o->samples,
                                          o->siblings, &rng, arena, pick, group)
                          : SIZE_MAX;
        if (ok && np == SIZE_MAX) {
          snprintf(err, sizeof err, "out of memory choosing the samples");
          ok = false;
        }
        for (size_t k = 0; ok && k < np; ++k) {
          AriTerm *t = sm.terms[pick[k]];
          size_t g = group[k] == SIZE_MAX ? SIZE_MAX : rp.groups + group[k];
          if (!replayAdd(&rp, t, sm.targets + pick[k] * H, (float)termCost(&costFn, t), g)) {
            snprintf(err, sizeof err, "out of memory in the replay buffer");
            ok = false;
          }
        }
        rp.groups += ok ? np : 0;
        kept += ok ? np : 0;
        ariArenaRelease(arena, m);
        ariTermStoreDestroy(s);
        if (!ok) {
          fprintf(stderr, TOOL ": error: training on @%s: %s\n", name, err);
          rc = 1;
        }
        if (progress)
          fprintf(stderr, "\repoch %u: %u functions searched", ep, funcs);
      }
      mlirModuleDestroy(l.mod);
    }
    if (rc)
      break;
    if (progress)
      fprintf(stderr, "\n");
    printf("epoch %u: %u functions searched (%zu at their oracle), %zu samples kept", ep,
           funcs, reached, kept);
    if (o->validate)
      printf(", %u held out", held);
    printf("\n");
    char err[512];
    bool ok = trainOnReplay(&tr, &rp, &rng, ep, arena, err, sizeof err);
    /* the next epoch's searches, and the file, take the best checkpoint */
    if (ok)
      restoreBest(&tr);
    if (!ok || !ariValueNetSave(net, o->train, err, sizeof err)) {
      fprintf(stderr, TOOL ": error: %s\n", err);
      rc = 1;
      break;
    }
    printf("epoch %u: wrote %s\n", ep, o->train);
    fflush(stdout);
  }
  ariArenaDestroy(&rp.arena);
  ariArenaDestroy(&tr.arena);
  return rc;
}

/* Runs `best` (root 0 of tf, in s) against the function on the
 * interpreter; false, with an error printed, when it differs. */
static bool checkBest(MlirContext ctx, AriTermStore *s, const AriTermFunc *tf, AriTerm *best,
                      const char *name, const char *engine, AriTermChecks *c) {
  char label[300], err[1024];
  snprintf(label, sizeof label, "@%s", name);
  if (ariTermCheckCount(c, ctx, s, tf, 0, best, label, engine, err, sizeof err))
    return true;
  fprintf(stderr, TOOL ": error: %s\n", err);
  return false;
}

static int runEval(const Options *o, MlirContext ctx, const AriAStarRule *rules, size_t nrules,
                   AriCostTermFn costFn, AriArena *arena) {
  char *files[MAX_FILES];
  unsigned nf;
  if (evalFiles(o->eval, arena, files, &nf))
    return 1;
  static const uint64_t budgets[2] = {5000, 2500};
  /* engines 0-2: astar without a value, greedy, random; 3: astar with
   * --value's network */
  enum { MAX_E = 4, NB = 2 };
  const unsigned NE = o->a.value ? 4 : 3;
  double frac[MAX_E][NB][MAX_SEEDS];
  double expandedSum[MAX_E] = {0}, evalsSum[MAX_E] = {0}, secSum[MAX_E] = {0};
  unsigned total = 0;
  bool progress = o->progress == 1 || (o->progress < 0 && isatty(2));
  memset(frac, 0, sizeof frac);
  /* The eqsat baseline (deterministic: once per function). */
  AriEqBaseline eqb;
  unsigned eqHit = 0, eqBelow = 0, eqStops[ARI_EG_STOP_ERROR + 1] = {0};
  double eqSec = 0;
  char eqErr[512];
  AriTermChecks checks = {0};
  if (o->eqsatNodes && !ariEqBaselineInit(&eqb, rules, nrules, o->cost, NULL, o->eqsatNodes,
                                          o->eqsatSeconds, arena, eqErr, sizeof eqErr)) {
    fprintf(stderr, TOOL ": error: %s\n", eqErr);
    return 1;
  }
  for (unsigned fi = 0; fi < nf; ++fi) {
    Loaded l;
    if (!load(ctx, files[fi], arena, &l))
      return 1;
    MlirBlock body = mlirModuleGetBody(l.mod);
    for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
      MlirStringRef nm = mlirIdentifierStr(mlirOperationGetName(op));
      if (nm.length != 9 || memcmp(nm.data, "func.func", 9))
        continue;
      char name[256];
      funcName(op, name, sizeof name);
      const Oracle *orc = findOracle(l.oracles, l.numOracles, name);
      if (!orc || (o->func && strcmp(o->func, name)))
        continue;
      total++;
      if (o->eqsatNodes) {
        AriTermFunc tf;
        AriTermStore *s = importOneTerm(op, name, o->lets, &tf);
        if (!s) {
          mlirModuleDestroy(l.mod);
          return 1;
        }
        AriEqsatGuideReport rep;
        double c = 0;
        bool ok = ariEqBaselineRun(&eqb, s, &tf, 0, &c, &rep, eqErr, sizeof eqErr);
        if (ok) {
          eqHit += c <= orc->cost + 1e-6;
          eqBelow += c < orc->cost - 1e-6;
          eqStops[rep.stop]++;
          eqSec += rep.seconds;
          if (progress)
            fprintf(stderr, TOOL ": %s eqsat: %g -> %g (oracle %g), %zu e-nodes, %s\n", name,
                    costFn(tf.roots[0].value), c, orc->cost, rep.nodes,
                    ariEgStopName(rep.stop));
        }
        if (!ok)
          fprintf(stderr, TOOL ": error: eqsat on @%s: %s\n", name, eqErr);
        else if (o->check)
          ok = checkBest(ctx, s, &tf, rep.result, name, "eqsat", &checks);
        ariTermStoreDestroy(s);
        if (!ok) {
          mlirModuleDestroy(l.mod);
          return 1;
        }
      }
      for (unsigned e = 0; e < NE; ++e)
        for (unsigned b = 0; b < NB; ++b)
          for (unsigned sd = 0; sd < o->seeds; ++sd) {
            AriTermFunc tf;
            AriTermStore *s = importOneTerm(op, name, o->lets, &tf);
            if (!s) {
              mlirModuleDestroy(l.mod);
              return 1;
            }
            AriAStarOptions ao = o->a;
            ao.engine = e == 3 ? ARI_ASTAR_ENGINE_ASTAR : (AriAStarEngine)e;
            ao.budget = budgets[b];
            ao.seed = o->a.seed + sd;
            if (e != 3)
              ao.value = NULL;
            AriArenaMark m = ariArenaMark(arena);
            AriAStarResult res;
            ariAStarSearch(s, tf.roots[0].value, rules, nrules, termCost, &costFn, &ao, arena,
                           &res);
            if (o->check && res.best &&
                !checkBest(ctx, s, &tf, res.best, name, engineLabel(e), &checks)) {
              ariTermStoreDestroy(s);
              mlirModuleDestroy(l.mod);
              return 1;
            }
            bool hit = res.bestCost <= orc->cost + 1e-6;
            frac[e][b][sd] += hit;
            if (b == 0) {
              expandedSum[e] += (double)res.expanded;
              evalsSum[e] += (double)res.evaluations;
              secSum[e] += res.seconds;
            }
            if (progress)
              fprintf(stderr, TOOL ": %s %s budget %llu seed %llu: %g -> %g (oracle %g)%s\n",
                      name, engineLabel(e), (unsigned long long)ao.budget,
                      (unsigned long long)ao.seed, res.inputCost, res.bestCost, orc->cost,
                      hit ? " at oracle" : "");
            ariArenaRelease(arena, m);
            ariTermStoreDestroy(s);
          }
    }
    mlirModuleDestroy(l.mod);
  }
  if (!total) {
    fprintf(stderr, "%s: error: no function with a `// knossos-oracle @NAME COST` line\n",
            o->eval);
    return 1;
  }
  if (o->json)
    printf("{\"functions\": %u, \"seeds\": %u, \"horizon\": %u, \"engines\": [", total, o->seeds,
           o->a.horizon);
  else
    printf("%u functions, %u seeds, horizon %u; fraction at the oracle cost, mean +- std over "
           "seeds\n%-11s %18s %18s %12s %12s\n",
           total, o->seeds, o->a.horizon, "engine", "budget 5000", "budget 2500", "states/s",
           "evals/s");
  for (unsigned e = 0; e < NE; ++e) {
    double mean[NB], sd[NB];
    for (unsigned b = 0; b < NB; ++b) {
      double sum = 0, sq = 0;
      for (unsigned k = 0; k < o->seeds; ++k) {
        double f = frac[e][b][k] / total;
        sum += f;
        sq += f * f;
      }
      mean[b] = sum / o->seeds;
      double var = sq / o->seeds - mean[b] * mean[b];
      sd[b] = var > 0 ? sqrt(var) : 0;
    }
    double sps = secSum[e] > 0 ? expandedSum[e] / secSum[e] : 0;
    double eps = secSum[e] > 0 ? evalsSum[e] / secSum[e] : 0;
    if (o->json)
      printf("%s{\"engine\": \"%s\", \"at_oracle_5000\": %.6f, \"std_5000\": %.6f, "
             "\"at_oracle_2500\": %.6f, \"std_2500\": %.6f, \"states_per_s\": %.1f, "
             "\"evals_per_s\": %.1f}",
             e ? ", " : "", engineLabel(e), mean[0], sd[0], mean[1], sd[1], sps, eps);
    else
      printf("%-11s %8.3f +- %5.3f %8.3f +- %5.3f %12.0f %12.0f\n", engineLabel(e), mean[0],
             sd[0], mean[1], sd[1], sps, eps);
  }
  if (o->json)
    printf("]");
  if (o->eqsatNodes) {
    char stops[256] = "";
    size_t len = 0;
    for (int k = 0; k <= ARI_EG_STOP_ERROR; ++k)
      if (eqStops[k] && len < sizeof stops)
        len += (size_t)snprintf(stops + len, sizeof stops - len,
                                o->json ? "%s\"%s\": %u" : "%s%s %u", len ? ", " : "",
                                ariEgStopName((AriEgStop)k), eqStops[k]);
    if (o->json)
      printf(", \"eqsat\": {\"nodes\": %llu, \"at_oracle\": %.6f, \"below_oracle\": %u, "
             "\"seconds\": %.3f, \"stops\": {%s}}",
             (unsigned long long)o->eqsatNodes, (double)eqHit / total, eqBelow, eqSec, stops);
    else
      printf("eqsat to %llu e-nodes: %.3f at the oracle (%u of %u, %u below it), %.1f s in all "
             "(stopped: %s)\n",
             (unsigned long long)o->eqsatNodes, (double)eqHit / total, eqHit, total, eqBelow,
             eqSec, stops);
  }
  if (o->check) {
    if (o->json)
      printf(", \"checked_same\": %u, \"not_checkable\": %u", checks.same, checks.skipped);
    else
      ariTermChecksPrint(&checks, stdout);
  }
  if (o->json)
    printf("}\n");
  return 0;
}

static int toolMain(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, &o);
  if (rc)
    return rc;
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriAStarRule *rules;
  size_t nrules, col = 0;
  char err[512];
  if (!ariAStarParseRules(o.rules, o.nats, o.nn, &arena, &rules, &nrules, err, sizeof err,
                          &col)) {
    ariArenaDestroy(&arena);
    return usageError("--rules '%s': column %zu: %s", o.rules, col + 1, err);
  }
  if (o.a.twoPhase) {
    bool any = false;
    for (size_t i = 0; i < nrules; ++i)
      any |= rules[i].phase1;
    if (!any || o.a.horizon < 2) {
      ariArenaDestroy(&arena);
      return usageError("--two-phase needs phase-1 rules (marked '!' in --rules) and a "
                        "--horizon of 2 or more");
    }
  }
  /* The value network: --value's, or a new one for --train. */
  AriValueNet *net = NULL;
  if (o.value)
    net = ariValueNetLoad(o.value, err, sizeof err);
  else if (o.train)
    net = ariValueNetCreate(o.dim, o.steps, o.a.horizon, o.a.seed, err, sizeof err);
  if (net && o.valueNorm >= 0)
    ariValueNetSetNorm(net, (AriValueNorm)o.valueNorm);
  if (net)
    ariValueNetSetEnvelope(net, !o.noEnvelope);
  if ((o.value || o.train) && !net) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    ariArenaDestroy(&arena);
    return 1;
  }
  if (net) {
    o.a.value = ariValueNetEval;
    o.a.valueCtx = net;
  }
  /* --cost: opened last, after the checks that return early */
  AriCostTermFn costFn = NULL;
  AriCostModel model;
  memset(&model, 0, sizeof model);
  bool useModel = ariCostModelIsSpec(o.cost);
  if (useModel) {
    char merr[1024];
    if (!ariCostModelOpenForTerms(&model, o.cost, merr, sizeof merr)) {
      fprintf(stderr, TOOL ": error: --cost %s: %s\n", o.cost, merr);
      ariValueNetDestroy(net);
      ariArenaDestroy(&arena);
      return 1;
    }
  } else {
    ariCostTermByName(o.cost, &costFn);
  }
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  rc = o.train  ? runTrain(&o, ctx, rules, nrules, costFn, &arena, net)
       : o.eval ? runEval(&o, ctx, rules, nrules, costFn, &arena)
                : runSearch(&o, ctx, rules, nrules, costFn, useModel ? &model : NULL, &arena);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  ariValueNetDestroy(net);
  ariCostModelClose(&model);
  ariArenaDestroy(&arena);
  return rc;
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
