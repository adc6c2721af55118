/*===- ariadne-rl.c - PPO rewrite selection (X-RLflow), trained and evaluated ===*\
 *
 *   ariadne-rl --train TRAIN.mlir --test TEST.mlir [options]
 *
 * Imports every root of every func.func of TRAIN (the training programs;
 * functions of nested modules too, as an imported model's file has them)
 * and of TEST (the held-out programs: the split is by program, the files
 * say which), trains --seeds PPO agents (costmodel/rl/ppo.h) on the rewrite
 * environment (costmodel/rl/rewrite_env.h) for --iterations iterations each,
 * printing the learning curve, then evaluates each agent greedily (argmax)
 * on every held-out program against the baselines in the same code: A*'s
 * greedy best-first search with backtracking (TASO-like) and random
 * rewriting, each with --budget cost evaluations and the same horizon and
 * rules (search/astar/astar.h), and sketch-free equality saturation with
 * the same rules and cost (search/eqsat.h; no horizon: --eqsat-nodes
 * bounds it). Prints per program the final cost of each,
 * mean +- std over the seeds, and a summary; --curve writes the learning
 * curve as a table, --plot draws it with gnuplot (SVG or PNG by the
 * suffix). --checkpoint writes each agent (costmodel/nn/params.h's
 * checksummed format), --resume continues training one from a file,
 * --load evaluates one without training. --measure-every N gives the
 * training episodes measured rewards (compiled and timed every N steps,
 * tools/support/term_measure.h); --measure times the held-out inputs and
 * every engine's final programs.
 *
 * --env=passes trains and evaluates environment 2 instead
 * (costmodel/rl/pass_env.h): ordering whole-program passes, every func.func
 * of TRAIN and TEST a program, the analytic model (nominal machine) the
 * cost, compared with the default order (every legal pass once, in list
 * order, up to the horizon) and random orders.
 *
 * --env=upstream orders upstream MLIR passes on the lowered loops instead,
 * as XLA-RL does (tools/rl_order.h).
 *
 * Errors: PATH: error: for files, MLIR locations for imports, exit 1 on
 * bad input, 2 on a bad command line.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/cost.h"
#include "search/astar/astar.h"
#include "search/mlir/term_mlir.h"
#include "costmodel/rl/ppo.h"
#include "costmodel/machine.h"
#include "costmodel/model.h"
#include "costmodel/rl/pass_env.h"
#include "costmodel/rl/rewrite_env.h"
#include "passes/rewrite.h"
#include "passes/search.h"
#include "runtime/codegen/compile.h"
#include "tools/rl_order.h"
#include "tools/support/eqsat_baseline.h"
#include "tools/support/mlirutil.h"
#include "tools/support/term_check.h"
#include "tools/support/term_measure.h"
#include "tools/support/toolargs.h"
#include "utils/arena.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TOOL "ariadne-rl"
#define usageError(...) ariToolUsageError(TOOL, __VA_ARGS__)

enum { MAX_SEEDS = 16, MAX_PROGRAMS = 4096, MAX_NATS = 16 };

typedef struct Options {
  const char *train, *test, *rules, *cost, *checkpoint, *resume, *load, *curve, *plot;
  unsigned iterations, seeds, horizon, maxCandidates, dim, rounds, hidden, trainLimit;
  unsigned evalEvery;
  uint64_t seed, budget;
  AriPpoConfig ppo;
  int64_t nats[MAX_NATS];
  unsigned nn;
  bool passes;   /* --env=passes */
  bool upstream; /* --env=upstream or combined */
  bool combined; /* --env=combined */
  bool measure;  /* --measure */
  unsigned measureEvery; /* --measure-every (rewrites) */
  unsigned threads;      /* --threads (rewrites' measurements) */
  bool noSandbox; /* --no-sandbox (upstream) */
  unsigned checkEvery;
  float shaping;
  uint64_t eqsatNodes; /* the eqsat baseline's e-node limit; 0: no baseline */
  AriRwGraph graph;    /* --graph */
  double eqsatSeconds;
} Options;

static void usage(FILE *f) {
  fprintf(f,
          "usage: ariadne-rl --train TRAIN.mlir --test TEST.mlir [options]\n"
          "PPO rewrite selection (X-RLflow; docs/rl.md): trains agents that rewrite a\n"
          "program one (rule, location) at a time on TRAIN's programs, then compares them\n"
          "on TEST's (held out) with greedy and random rewriting.\n"
          "  --env E              rewrites (default: environment 1), passes\n"
          "                       (environment 2 over Ariadne's strategies; the cost\n"
          "                       is the analytic model's; no checkpoints or curves) or\n"
          "                       upstream (environment 2 as XLA-RL: upstream MLIR passes\n"
          "                       on the lowered loops, op counts; PPO defaults lr 3e-4,\n"
          "                       rollouts of 256, an MLP of --hidden (default 64) units)\n"
          "                       or combined (upstream's with environment 2's rise\n"
          "                       strategies and the lowering as actions before them)\n"
          "  --shaping W          upstream: weight of the FLOP potential (default 1)\n"
          "  --check-every N      check every Nth iteration's last training program\n"
          "                       against the interpreter (upstream: compiled); the\n"
          "                       rewrite environment always checks the final programs\n"
          "                       of the evaluation\n"
          "  --measure            compile, check and time the held-out programs: the\n"
          "                       final ones of every engine and their inputs (rewrites),\n"
          "                       of the default order and of every agent (upstream)\n"
          "  --measure-every N    rewrites: measured rewards (X-RLflow's; N = 5 there):\n"
          "                       training programs are compiled and timed every N steps\n"
          "                       and at the end of each episode (docs/rl.md)\n"
          "  --threads N          rewrites: threads of the measured programs (default 1)\n"
          "  --no-sandbox         upstream: run the passes in this process, not in a\n"
          "                       forked child each (faster; a pass that crashes ends\n"
          "                       the run)\n"
          "  --rules R,..         the rule set (default knossos,beta; as ariadne-astar's)\n"
          "  --nats N,..          values for bare parameterised rules\n"
          "  --cost C             knossos (default), size, or a cost model: analytic\n"
          "                       (nominal machine), analytic:MACHINE_FILE or\n"
          "                       model:MODEL_FILE, scoring the program's function with\n"
          "                       the root replaced\n"
          "  --horizon N          rewrites per episode (default 10)\n"
          "  --max-candidates N   rewrites offered per state (default 256)\n"
          "  --iterations N       PPO iterations per agent (default 40; 0 with --load)\n"
          "  --rollout N          environment steps per iteration (default 128)\n"
          "  --epochs N           passes over a rollout (default 4)\n"
          "  --minibatch N        transitions per Adam step (default 32)\n"
          "  --lr X               Adam's learning rate (default 5e-4, X-RLflow's)\n"
          "  --seed N             the first agent's seed (default 0)\n"
          "  --seeds K            agents trained, seeds N..N+K-1 (default 1, at most %d)\n"
          "  --dim D --rounds T --hidden H   the network (default 16, 2, 32)\n"
          "  --graph G            its graph layers: mp (message passing, default) or gat\n"
          "                       (graph attention, X-RLflow's)\n"
          "  --train-limit N      only the first N training programs\n"
          "  --budget N           cost evaluations of greedy and random (default 1000)\n"
          "  --eqsat-nodes N      e-node limit of the equality-saturation baseline\n"
          "                       (default 20000; 0: no eqsat baseline)\n"
          "  --eqsat-seconds S    its time limit per program (default 10)\n"
          "  --eval-every N       evaluate on TEST every N iterations (the curve's\n"
          "                       held-out column; default 0: at the end only)\n"
          "  --curve FILE         the learning curve as a tab-separated table\n"
          "  --plot FILE          the curve drawn by gnuplot (.svg or .png)\n"
          "  --checkpoint FILE    write each agent (FILE, or FILE.SEED for several)\n"
          "  --resume FILE        continue training the agent of FILE (one seed)\n"
          "  --load FILE          evaluate FILE's agent (no training)\n"
          "  --version            the tool's and LLVM's versions\n" ARI_TOOL_HELP_TAIL,
          MAX_SEEDS);
}

static bool parseFloat(const char *s, float *out) {
  char *end = NULL;
  double d = strtod(s, &end);
  if (!*s || !end || *end || !(d > 0) || !isfinite(d))
    return false;
  *out = (float)d;
  return true;
}

static int parseOptions(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->ppo = ariPpoDefaults();
  o->iterations = 40;
  o->seeds = 1;
  o->horizon = 10;
  o->maxCandidates = 256;
  o->dim = 16;
  o->rounds = 2;
  o->hidden = 32;
  o->budget = 1000;
  o->rules = "knossos,beta";
  o->cost = "knossos";
  o->shaping = 1;
  o->eqsatNodes = 20000;
  o->eqsatSeconds = 10;
  bool iterSet = false, hiddenSet = false, shapingSet = false, lrSet = false, rolloutSet = false;
  bool rewriteOnly = false; /* an option of the rewrite environments' (rules, costs, graphs) */
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    uint64_t u;
    if (!strcmp(a, "--version")) {
      ariToolPrintVersion(TOOL);
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (ariToolOpt(argc, argv, &i, "--train", &v) ||
               ariToolOpt(argc, argv, &i, "--test", &v) ||
               ariToolOpt(argc, argv, &i, "--checkpoint", &v) ||
               ariToolOpt(argc, argv, &i, "--resume", &v) ||
               ariToolOpt(argc, argv, &i, "--load", &v) ||
               ariToolOpt(argc, argv, &i, "--curve", &v) ||
               ariToolOpt(argc, argv, &i, "--plot", &v)) {
      int n = (int)strcspn(a, "=");
      if (!*v)
        return usageError("%.*s needs a file", n, a);
      const char **dst = !strncmp(a, "--train", 7)        ? &o->train
                         : !strncmp(a, "--test", 6)       ? &o->test
                         : !strncmp(a, "--checkpoint", 12) ? &o->checkpoint
                         : !strncmp(a, "--resume", 8)     ? &o->resume
                         : !strncmp(a, "--load", 6)       ? &o->load
                         : !strncmp(a, "--curve", 7)      ? &o->curve
                                                          : &o->plot;
      *dst = v;
    } else if (ariToolOpt(argc, argv, &i, "--env", &v)) {
      if (strcmp(v, "rewrites") && strcmp(v, "passes") && strcmp(v, "upstream") &&
          strcmp(v, "combined"))
        return usageError("--env needs rewrites, passes, upstream or combined, got '%s'", v);
      o->passes = !strcmp(v, "passes");
      o->combined = !strcmp(v, "combined");
      o->upstream = !strcmp(v, "upstream") || o->combined;
    } else if (!strcmp(a, "--measure")) {
      o->measure = true;
    } else if (!strcmp(a, "--no-sandbox")) {
      o->noSandbox = true;
    } else if (ariToolOpt(argc, argv, &i, "--shaping", &v)) {
      char *end = NULL;
      double d = strtod(v, &end);
      if (!*v || !end || *end || !(d >= 0) || !isfinite(d))
        return usageError("--shaping needs a number >= 0, got '%s'", v);
      o->shaping = (float)d;
      shapingSet = true;
    } else if (ariToolOpt(argc, argv, &i, "--rules", &v)) {
      if (!*v)
        return usageError("--rules needs a comma-separated list of rules");
      rewriteOnly = true;
      o->rules = v;
    } else if (ariToolOpt(argc, argv, &i, "--nats", &v)) {
      rewriteOnly = true;
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
    } else if (ariToolOpt(argc, argv, &i, "--cost", &v)) {
      AriCostTermFn fn;
      if (!ariCostTermByName(v, &fn) && !ariCostModelIsSpec(v))
        return usageError("--cost needs %s, analytic, analytic:MACHINE_FILE or "
                          "model:MODEL_FILE, got '%s'",
                          ARI_COST_TERM_NAMES, v);
      o->cost = v;
      rewriteOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--lr", &v)) {
      if (!parseFloat(v, &o->ppo.lr))
        return usageError("--lr needs a positive number, got '%s'", v);
      lrSet = true;
    } else if (ariToolOpt(argc, argv, &i, "--seed", &v)) {
      if (!ariToolParseU64(v, &u))
        return usageError("--seed needs a non-negative integer, got '%s'", v);
      o->seed = u;
    } else if (ariToolOpt(argc, argv, &i, "--graph", &v)) {
      if (strcmp(v, "mp") && strcmp(v, "gat"))
        return usageError("--graph needs mp or gat, got '%s'", v);
      o->graph = strcmp(v, "gat") ? ARI_RW_GRAPH_MP : ARI_RW_GRAPH_GAT;
      rewriteOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--eqsat-nodes", &v)) {
      if (!ariToolParseU64(v, &u) || u > 100000000)
        return usageError("--eqsat-nodes needs an integer from 0 to 100000000, got '%s'", v);
      o->eqsatNodes = u;
      rewriteOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--eqsat-seconds", &v)) {
      char *end = NULL;
      double d = strtod(v, &end);
      if (!*v || !end || *end || !(d > 0) || !(d <= 3600))
        return usageError("--eqsat-seconds needs a number of seconds in (0, 3600], got '%s'", v);
      o->eqsatSeconds = d;
      rewriteOnly = true;
    } else if (ariToolOpt(argc, argv, &i, "--budget", &v)) {
      if (!ariToolParseU64(v, &u) || u == 0)
        return usageError("--budget needs a positive integer, got '%s'", v);
      o->budget = u;
      rewriteOnly = true;
    } else {
      static const struct {
        const char *name;
        unsigned lo, hi;
      } nums[] = {{"--iterations", 0, 100000}, {"--seeds", 1, MAX_SEEDS},
                  {"--horizon", 1, ARI_ASTAR_MAX_HORIZON}, {"--max-candidates", 1, 4000},
                  {"--dim", 1, 1024}, {"--rounds", 1, 16}, {"--hidden", 1, 1024},
                  {"--train-limit", 1, MAX_PROGRAMS}, {"--eval-every", 0, 100000},
                  {"--rollout", 1, 1000000}, {"--epochs", 1, 1000}, {"--minibatch", 1, 100000},
                  {"--check-every", 1, 100000}, {"--measure-every", 1, 1000},
                  {"--threads", 1, 256}};
      bool matched = false;
      for (size_t k = 0; k < sizeof nums / sizeof *nums && !matched; ++k) {
        if (!ariToolOpt(argc, argv, &i, nums[k].name, &v))
          continue;
        matched = true;
        if (!ariToolParseU64(v, &u) || u < nums[k].lo || u > nums[k].hi)
          return usageError("%s needs an integer from %u to %u, got '%s'", nums[k].name,
                            nums[k].lo, nums[k].hi, v);
        unsigned x = (unsigned)u;
        switch (k) {
        case 0: o->iterations = x, iterSet = true; break;
        case 1: o->seeds = x; break;
        case 2: o->horizon = x; break;
        case 3: o->maxCandidates = x, rewriteOnly = true; break;
        case 4: o->dim = x, rewriteOnly = true; break;
        case 5: o->rounds = x, rewriteOnly = true; break;
        case 6: o->hidden = x, hiddenSet = true; break;
        case 7: o->trainLimit = x; break;
        case 8: o->evalEvery = x; break;
        case 9: o->ppo.rollout = x, rolloutSet = true; break;
        case 10: o->ppo.epochs = x; break;
        case 11: o->ppo.minibatch = x; break;
        case 12: o->checkEvery = x; break;
        case 13: o->measureEvery = x, rewriteOnly = true; break;
        default: o->threads = x, rewriteOnly = true; break;
        }
      }
      if (!matched) {
        const char *dummy = NULL;
        if (ariToolPositional(TOOL, a, &dummy))
          return 2;
        return usageError("unexpected argument '%s' (programs come with --train and --test)", a);
      }
    }
  }
  if (o->load) {
    if (o->resume)
      return usageError("--load and --resume exclude each other");
    if (iterSet && o->iterations)
      return usageError("--load evaluates without training: no --iterations");
    o->iterations = 0;
  }
  if (!o->test)
    return usageError("no held-out programs (--test FILE)");
  if (!o->train && !o->load)
    return usageError("no training programs (--train FILE), and no agent to --load");
  if ((o->resume || o->load) && o->seeds != 1)
    return usageError("--resume and --load take one agent: no --seeds");
  if (o->passes && (o->checkpoint || o->resume || o->load || o->curve || o->plot || o->evalEvery))
    return usageError("--env=passes takes no --checkpoint, --resume, --load, --curve, --plot or "
                      "--eval-every");
  if (o->passes && !o->train)
    return usageError("--env=passes needs training programs (--train FILE)");
  if (o->evalEvery && !o->iterations)
    return usageError("--eval-every needs training iterations");
  if (!o->upstream && (o->noSandbox || shapingSet))
    return usageError("--no-sandbox and --shaping belong to --env=upstream");
  if (o->passes && o->measure)
    return usageError("--measure belongs to the rewrite and upstream environments");
  if (o->measureEvery && !o->iterations)
    return usageError("--measure-every needs training iterations");
  if (o->passes && o->checkEvery)
    return usageError("--check-every belongs to the rewrite and upstream environments");
  if (o->passes && (o->measureEvery || o->threads))
    return usageError("--measure-every and --threads belong to the rewrite environment");
  if (o->combined && o->noSandbox)
    return usageError("--env=combined runs its passes in the sandbox (three of them crash MLIR "
                      "22 on some loops): no --no-sandbox");
  if (o->upstream) {
    if (o->evalEvery)
      return usageError("--env=upstream takes no --eval-every");
    if (rewriteOnly)
      return usageError("--rules, --nats, --cost, --budget, --eqsat-nodes, --eqsat-seconds, "
                        "--max-candidates, --dim, --rounds, --graph, --measure-every and "
                        "--threads do not apply to "
                        "--env=upstream (its passes, op counts and MLP are fixed; --hidden "
                        "sizes the MLP)");
    if (o->horizon > 64)
      return usageError("--env=upstream: --horizon at most 64, got %u", o->horizon);
    /* XLA-RL's settings where the command line gives none */
    AriPpoConfig x = ariPpoDefaultsXlaRl();
    if (!lrSet)
      o->ppo.lr = x.lr;
    if (!rolloutSet)
      o->ppo.rollout = x.rollout;
    if (!hiddenSet)
      o->hidden = 64;
  }
  return 0;
}

/*--- programs ----------------------------------------------------------------*/

typedef struct Programs {
  AriTerm **terms;
  char **names;
  const AriTermFunc **funcs; /* the function each program is a root of */
  MlirOperation *ops;        /* its func.func (measurements) */
  unsigned *roots;           /* which root */
  unsigned n;
  MlirModule mod;            /* holding the ops; null when none */
} Programs;

typedef struct Funcs {
  AriTermFunc *f;
  const AriTermFunc **ptr;
  char **names;
  MlirOperation *ops; /* with `keep` only */
  unsigned n;
} Funcs;

/* Every func.func of path (at most `limit`, 0: MAX_PROGRAMS), imported
 * into s; `purpose` completes the error when there is none. With keep, the
 * module stays (in *keep, for the caller to destroy) and ops[] holds the
 * functions. */
static bool loadFuncs(MlirContext ctx, const char *path, AriTermStore *s, AriArena *arena,
                      unsigned limit, const char *purpose, Funcs *out, MlirModule *keep) {
  out->f = ariArenaAlloc(arena, sizeof *out->f * MAX_PROGRAMS);
  out->ptr = ariArenaAlloc(arena, sizeof *out->ptr * MAX_PROGRAMS);
  out->names = ariArenaAlloc(arena, sizeof *out->names * MAX_PROGRAMS);
  out->ops = keep ? ariArenaAlloc(arena, sizeof *out->ops * MAX_PROGRAMS) : NULL;
  out->n = 0;
  if (!out->f || !out->ptr || !out->names || (keep && !out->ops)) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    return false;
  }
  MlirModule mod = ariParseFile(ctx, path);
  if (mlirModuleIsNull(mod))
    return false;
  bool ok = true;
  /* functions of nested modules too (test/bench/rl/upstream_split.sh) */
  AriFuncIter it = ariFuncIterBegin(mod);
  for (MlirOperation op = ariFuncIterNext(&it);
       ok && !mlirOperationIsNull(op) && out->n < MAX_PROGRAMS && (!limit || out->n < limit);
       op = ariFuncIterNext(&it)) {
    MlirStringRef nm = mlirStringAttrGetValue(
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name")));
    MlirLocation errLoc = mlirOperationGetLocation(op);
    if (!ariTermImportFunc(s, op, &out->f[out->n], &errLoc)) {
      char msg[1024];
      snprintf(msg, sizeof msg, "cannot import '%.*s' into the term store: %s", (int)nm.length,
               nm.data, ariTermStoreError(s));
      mlirEmitError(errLoc, msg);
      ok = false;
      break;
    }
    out->names[out->n] = ariArenaStrndup(arena, nm.data, nm.length);
    if (!out->names[out->n]) {
      fprintf(stderr, TOOL ": error: out of memory\n");
      ok = false;
      break;
    }
    out->ptr[out->n] = &out->f[out->n];
    if (keep)
      out->ops[out->n] = op;
    out->n++;
  }
  if (keep)
    *keep = mod;
  else
    mlirModuleDestroy(mod);
  if (ok && !out->n) {
    fprintf(stderr, "%s: error: no func.func %s\n", path, purpose);
    ok = false;
  }
  return ok;
}

/* Every root of every func.func of path (at most `limit`), into s: a
 * function of several roots is one program per root, NAME#ROOT. */
static bool loadPrograms(MlirContext ctx, const char *path, AriTermStore *s, AriArena *arena,
                         unsigned limit, Programs *out) {
  Funcs fs;
  out->mod = (MlirModule){NULL};
  if (!loadFuncs(ctx, path, s, arena, 0, "to learn from", &fs, &out->mod))
    return false;
  out->terms = ariArenaAlloc(arena, sizeof *out->terms * MAX_PROGRAMS);
  out->names = ariArenaAlloc(arena, sizeof *out->names * MAX_PROGRAMS);
  out->funcs = ariArenaAlloc(arena, sizeof *out->funcs * MAX_PROGRAMS);
  out->ops = ariArenaAlloc(arena, sizeof *out->ops * MAX_PROGRAMS);
  out->roots = ariArenaAlloc(arena, sizeof *out->roots * MAX_PROGRAMS);
  out->n = 0;
  if (!out->terms || !out->names || !out->funcs || !out->ops || !out->roots) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    return false;
  }
  for (unsigned k = 0; k < fs.n; ++k)
    for (unsigned r = 0; r < fs.f[k].numRoots; ++r) {
      if (out->n == MAX_PROGRAMS || (limit && out->n == limit))
        return true;
      char name[300];
      if (fs.f[k].numRoots > 1)
        snprintf(name, sizeof name, "%s#%u", fs.names[k], r);
      else
        snprintf(name, sizeof name, "%s", fs.names[k]);
      out->names[out->n] = ariArenaStrndup(arena, name, strlen(name));
      out->funcs[out->n] = &fs.f[k];
      out->ops[out->n] = fs.ops[k];
      out->roots[out->n] = r;
      out->terms[out->n++] = fs.f[k].roots[r].value;
    }
  return true;
}

/*--- training and evaluation -------------------------------------------------*/

/* The cost of a program of `ps`: Knossos' or the size of the term alone,
 * or a cost model's score of its function with the root replaced (models
 * score whole functions), the program being the environment's current one
 * or, without an environment, `fixed` (the baselines'). */
typedef struct ProgCost {
  AriCostTermFn term; /* NULL with a model */
  AriCostModel *model;
  AriTermStore *s;
  const Programs *ps;
  const AriRwEnv *env;
  unsigned fixed;
  bool failed;
  char error[256]; /* the first term the model could not score */
} ProgCost;

static double progCost(void *ctx, const AriTerm *t) {
  ProgCost *pc = ctx;
  if (pc->term)
    return pc->term(t);
  unsigned i = pc->env ? ariRwEnvProgram(pc->env) : pc->fixed;
  AriCostRootCost rc = {pc->model, pc->s, pc->ps->funcs[i], pc->ps->roots[i], false, ""};
  double c = ariCostModelRootCost(&rc, t);
  if (rc.failed && !pc->failed) {
    pc->failed = true;
    snprintf(pc->error, sizeof pc->error, "%s", rc.error);
  }
  return c;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Every program the rewrite environment's agents and baselines produce is
 * run against its function on the interpreter (tools/support/term_check.h). */
typedef struct Checker {
  MlirContext ctx;
  AriTermStore *s;
  AriTermChecks tally;
} Checker;

/* False, with a message in err, when `t` (program i of ps, rewritten by
 * `who`) computes something else than the program. */
static bool checkProgram(Checker *c, const Programs *ps, unsigned i, AriTerm *t, const char *who,
                         char *err, size_t cap) {
  char label[300];
  snprintf(label, sizeof label, "'%s'", ps->names[i]);
  return ariTermCheckCount(&c->tally, c->ctx, c->s, ps->funcs[i], ps->roots[i], t, label, who,
                           err, cap);
}

/* The greedy (argmax) episode's final cost on every held-out program, and
 * its program (final may be NULL). */
static bool evalAgent(AriPpo *p, AriRwEnv *env, AriRwPolicy *pol, unsigned n, double *cost,
                      AriTerm **final, char *err, size_t cap) {
  AriRlEnv g = ariRwEnvGym(env);
  AriRlPolicy pg = ariRwPolicyGym(pol);
  bool ok = true;
  for (unsigned i = 0; i < n && ok; ++i) {
    ariRwEnvSetProgram(env, (int)i);
    double ret;
    ok = g.reset(g.self, &p->rng, err, cap) && ariPpoEpisode(p, &g, &pg, true, &ret, err, cap);
    AriTerm *t = ariRwEnvCurrent(env, &cost[i], NULL, NULL);
    if (final)
      final[i] = t;
    g.release(g.self);
  }
  return ok;
}

/* The equality-saturation baseline on every held-out program
 * (tools/support/eqsat_baseline.h): cost[i] its final cost; stops[] counts
 * the stop reasons, *seconds the time in all. */
static bool eqsatBaseline(const Options *o, AriTermStore *s, AriCostModel *model,
                          const AriAStarRule *rules, size_t nrules, const Programs *test,
                          AriArena *arena, double *cost, AriTerm **final, unsigned *stops,
                          double *seconds, Checker *check) {
  AriEqBaseline b;
  char err[512];
  if (!ariEqBaselineInit(&b, rules, nrules, o->cost, model, o->eqsatNodes, o->eqsatSeconds,
                         arena, err, sizeof err)) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    return false;
  }
  *seconds = 0;
  for (unsigned i = 0; i < test->n; ++i) {
    AriEqsatGuideReport rep;
    if (!ariEqBaselineRun(&b, s, test->funcs[i], test->roots[i], &cost[i], &rep, err,
                          sizeof err)) {
      fprintf(stderr, TOOL ": error: eqsat on '%s': %s\n", test->names[i], err);
      return false;
    }
    if (!checkProgram(check, test, i, rep.result, "eqsat", err, sizeof err)) {
      fprintf(stderr, TOOL ": error: %s\n", err);
      return false;
    }
    stops[rep.stop]++;
    *seconds += rep.seconds;
    final[i] = rep.result;
  }
  return true;
}

static double meanImprovement(const double *cost, const double *input, unsigned n) {
  double s = 0;
  for (unsigned i = 0; i < n; ++i)
    s += (input[i] - cost[i]) / (input[i] > 0 ? input[i] : 1);
  return s / n;
}

static void meanStd(const double *x, unsigned n, double *mean, double *sd) {
  double s = 0, q = 0;
  for (unsigned i = 0; i < n; ++i)
    s += x[i];
  *mean = s / n;
  for (unsigned i = 0; i < n; ++i)
    q += (x[i] - *mean) * (x[i] - *mean);
  *sd = sqrt(q / n);
}

/* Measured rewards (--measure-every) and final runtimes (--measure): a
 * program of `ps` rewritten to t, compiled, checked against the
 * interpreter and timed (tools/support/term_measure.h). */
typedef struct ProgMeasure {
  AriTermMeasurer *m;
  const Programs *ps;
} ProgMeasure;

/* The measured runtime (ms) of program i of ps rewritten to t: OK, or the
 * status with a message (MISMATCH: the compiled code and the interpreter
 * disagree). */
static AriMeasureStatus measureProgram(AriTermMeasurer *m, const Programs *ps, unsigned i,
                                       AriTerm *t, double *ms, char *msg, size_t cap) {
  return ariTermMeasureRoot(m, ps->funcs[i], ps->ops[i], ps->roots[i], t, ms, msg, cap);
}

/* The rewrite environment's measuring function (AriRwMeasureFn). */
static int progMeasure(void *ctx, unsigned program, AriTerm *t, double *rt, char *err,
                       size_t cap) {
  ProgMeasure *pm = ctx;
  char msg[512];
  AriMeasureStatus st = measureProgram(pm->m, pm->ps, program, t, rt, msg, sizeof msg);
  if (st == ARI_MEASURE_OK)
    return 1;
  if (st == ARI_MEASURE_MISMATCH) {
    ariFailf(err, cap, "'%s': a training program's compiled code differs from the interpreter: %s",
             pm->ps->names[program], msg);
    return -1;
  }
  return 0;
}

/* --measure: the inputs and the final programs of every engine (final:
 * ppo, greedy and random, each seeds x n; eqsat: n, NULL without the
 * baseline), timed; a table and the mean relative runtime improvements.
 * False when a program's compiled code differs from the interpreter. */
static bool measureFinals(const Options *o, AriTermMeasurer *m, const Programs *test,
                          AriTerm **final, AriTerm **eqsatFinal) {
  unsigned n = test->n, S = o->seeds;
  size_t nfin = (size_t)n * S;
  enum { E = 3 };
  static const char *names[E] = {"ppo", "greedy", "random"};
  double imp[E][MAX_SEEDS] = {{0}}, eqImp = 0;
  unsigned timed = 0, notWorse = 0, withinNoise = 0;
  char msg[512];
  bool haveEq = n && eqsatFinal[0];
  printf("\nmeasured on %d thread(s) (compiled, checked against the interpreter; median of 10 "
         "calls after 2, ms; mean +- std over %u seed(s)):\n%-24s %10s %18s %18s %18s",
         m->opts.threads, S, "program", "input", "ppo", "greedy", "random");
  if (haveEq)
    printf(" %10s", "eqsat");
  printf("\n");
  for (unsigned i = 0; i < n; ++i) {
    double in, t[E][MAX_SEEDS], eq = 0;
    AriMeasureStatus st = measureProgram(m, test, i, test->terms[i], &in, msg, sizeof msg);
    bool ok = st == ARI_MEASURE_OK;
    for (int e = 0; e < E && ok; ++e)
      for (unsigned k = 0; k < S && ok; ++k) {
        st = measureProgram(m, test, i, final[nfin * e + (size_t)k * n + i], &t[e][k], msg,
                            sizeof msg);
        ok = st == ARI_MEASURE_OK;
      }
    if (ok && haveEq) {
      st = measureProgram(m, test, i, eqsatFinal[i], &eq, msg, sizeof msg);
      ok = st == ARI_MEASURE_OK;
    }
    if (st == ARI_MEASURE_MISMATCH) {
      fprintf(stderr, TOOL ": error: '%s': a final program's compiled code differs from the "
                      "interpreter: %s\n", test->names[i], msg);
      return false;
    }
    if (!ok) {
      printf("%-24s not measured: %s\n", test->names[i], msg);
      continue;
    }
    printf("%-24s %10.4g", test->names[i], in);
    double mean[E];
    for (int e = 0; e < E; ++e) {
      double sd;
      meanStd(t[e], S, &mean[e], &sd);
      printf(" %10.4g +- %-5.2g", mean[e], sd);
      for (unsigned k = 0; k < S; ++k)
        imp[e][k] += (in - t[e][k]) / in;
    }
    if (haveEq) {
      printf(" %10.4g", eq);
      eqImp += (in - eq) / in;
    }
    printf("\n");
    notWorse += mean[0] <= mean[1];
    withinNoise += mean[0] <= 1.03 * mean[1];
    timed++;
  }
  if (!timed) {
    printf("no held-out program could be measured\n");
    return true;
  }
  printf("mean relative runtime improvement over %u measured held-out programs (mean +- std over "
         "seeds):\n",
         timed);
  for (int e = 0; e < E; ++e) {
    for (unsigned k = 0; k < S; ++k)
      imp[e][k] /= timed;
    double mean, sd;
    meanStd(imp[e], S, &mean, &sd);
    printf("  %-6s %.4f +- %.4f\n", names[e], mean, sd);
  }
  if (haveEq)
    printf("  eqsat  %.4f\n", eqImp / timed);
  printf("ppo at least as fast as greedy (mean over seeds) on %u of %u measured programs, within "
         "3%% on %u\n",
         notWorse, timed, withinNoise);
  return true;
}

int ariRlWritePlot(const char *plot, const char *curve, const char *ylabel,
                   const char *lines) {
  const char *dot = strrchr(plot, '.');
  const char *term = dot && !strcmp(dot, ".png") ? "pngcairo size 800,500" : "svg size 800,500";
  char cmd[8192];
  snprintf(cmd, sizeof cmd,
           "gnuplot -e \"set terminal %s; set output '%s'; set key bottom right; "
           "set xlabel 'PPO iteration'; set ylabel '%s'; plot '%s' %s\" 2>&1",
           term, plot, ylabel, curve, lines);
  FILE *pp = popen(cmd, "r");
  if (!pp) {
    fprintf(stderr, "%s: error: cannot run gnuplot: %s\n", plot, strerror(errno));
    return 1;
  }
  char line[512];
  bool said = false;
  while (fgets(line, sizeof line, pp)) {
    fprintf(stderr, "%s: gnuplot: %s", plot, line);
    said = true;
  }
  int st = pclose(pp);
  if (st != 0) {
    if (!said)
      fprintf(stderr, "%s: error: gnuplot failed (is it installed? utils/setup.sh lists "
                      "gnuplot-nox)\n", plot);
    else
      fprintf(stderr, "%s: error: gnuplot failed\n", plot);
    return 1;
  }
  return 0;
}

static int run(const Options *o, MlirContext ctx) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriTermStore *s = ariTermStoreCreate(0);
  AriCostTermFn costFn = NULL;
  ariCostTermByName(o->cost, &costFn);
  AriCostModel model;
  memset(&model, 0, sizeof model);
  AriCostModel *cm = NULL; /* the cost model, if --cost names one */
  AriAStarRule *rules;
  size_t nrules, col = 0;
  char err[512];
  int rc = 1;
  AriRwEnv *trainEnv = NULL, *testEnv = NULL;
  FILE *curve = NULL;
  Programs train = {0}, test = {0};
  AriTermMeasurer meas;
  AriMeasureOptions mo = {.threads = o->threads ? (int)o->threads : 1, .seed = 1};
  ariTermMeasurerInit(&meas, ctx, s, &mo);
  if (!s) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    goto done;
  }
  Checker check = {.ctx = ctx, .s = s};
  if (!costFn) {
    if (!ariCostModelOpenForTerms(&model, o->cost, err, sizeof err)) {
      fprintf(stderr, TOOL ": error: --cost %s: %s\n", o->cost, err);
      goto done;
    }
    cm = &model;
  }
  if (!ariAStarParseRules(o->rules, o->nats, o->nn, &arena, &rules, &nrules, err, sizeof err,
                          &col)) {
    rc = usageError("--rules '%s': column %zu: %s", o->rules, col + 1, err);
    goto done;
  }
  if (o->train && !loadPrograms(ctx, o->train, s, &arena, o->trainLimit, &train))
    goto done;
  if (!loadPrograms(ctx, o->test, s, &arena, 0, &test))
    goto done;
  if (o->measure || o->measureEvery)
    ariCompileRegister(ctx);
  AriRwEnvOptions eo = {.horizon = o->horizon, .maxCandidates = o->maxCandidates};
  /* measured rewards in training only: the held-out episodes' rewards are
   * not used */
  ProgMeasure trainMeasure = {&meas, &train};
  AriRwEnvOptions trainOpts = eo;
  if (o->measureEvery) {
    trainOpts.measureEvery = o->measureEvery;
    trainOpts.measure = progMeasure;
    trainOpts.measureCtx = &trainMeasure;
  }
  ProgCost trainCost = {costFn, cm, s, &train, NULL, 0, false, ""};
  ProgCost testCost = {costFn, cm, s, &test, NULL, 0, false, ""};
  ProgCost fixedCost = {costFn, cm, s, &test, NULL, 0, false, ""}; /* the baselines' */
  if (train.n)
    trainEnv = ariRwEnvCreate(s, rules, nrules, progCost, &trainCost, train.terms, train.n,
                              &trainOpts, err, sizeof err);
  testEnv = ariRwEnvCreate(s, rules, nrules, progCost, &testCost, test.terms, test.n, &eo, err,
                           sizeof err);
  trainCost.env = trainEnv;
  testCost.env = testEnv;
  if ((train.n && !trainEnv) || !testEnv) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    goto done;
  }
  double *input = ariArenaAlloc(&arena, sizeof(double) * test.n);
  double *ppoCost = ariArenaAlloc(&arena, sizeof(double) * test.n * o->seeds);
  double *greedyCost = ariArenaAlloc(&arena, sizeof(double) * test.n * o->seeds);
  double *randomCost = ariArenaAlloc(&arena, sizeof(double) * test.n * o->seeds);
  /* the final programs of every engine and seed, for --measure */
  size_t nfin = (size_t)test.n * o->seeds;
  AriTerm **final = ariArenaAlloc(&arena, sizeof(AriTerm *) * nfin * 3);
  AriTerm **eqsatFinal = ariArenaCalloc(&arena, sizeof(AriTerm *) * test.n);
  double *trainSec = ariArenaAlloc(&arena, sizeof(double) * o->seeds);
  unsigned nrows = o->iterations ? o->iterations : 1;
  double *curveRet = ariArenaCalloc(&arena, sizeof(double) * nrows * o->seeds);
  double *curveTest = ariArenaCalloc(&arena, sizeof(double) * nrows * o->seeds);
  if (!input || !ppoCost || !greedyCost || !randomCost || !final || !eqsatFinal || !trainSec ||
      !curveRet || !curveTest) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    goto done;
  }
  for (unsigned i = 0; i < test.n; ++i) {
    fixedCost.fixed = i;
    input[i] = progCost(&fixedCost, test.terms[i]);
  }
  printf("training programs: %u (%s), held-out programs: %u (%s), %zu rules, horizon %u\n",
         train.n, o->train ? o->train : "-", test.n, o->test, nrules, o->horizon);
  if (o->iterations)
    printf("%-5s %-5s %9s %6s %10s %10s %10s %10s\n", "seed", "iter", "episodes", "steps",
           "return", "loss", "entropy", "held-out");
  for (unsigned k = 0; k < o->seeds; ++k) {
    uint64_t seed = o->seed + k;
    /* d, T, h, rules, graph layers (0 in checkpoints older than the GAT) */
    uint32_t shape[5] = {o->dim, o->rounds, o->hidden, (uint32_t)nrules, (uint32_t)o->graph};
    const char *from = o->load ? o->load : o->resume;
    if (from && !ariPpoLoad(NULL, NULL, shape, 5, from, err, sizeof err)) {
      fprintf(stderr, TOOL ": error: %s\n", err);
      goto done;
    }
    if (shape[3] != nrules) {
      fprintf(stderr, "%s: error: the agent was trained with %u rules, --rules gives %zu\n", from,
              shape[3], nrules);
      goto done;
    }
    AriRwPolicy *pol = ariRwPolicyCreate(shape[0], shape[1], shape[2], shape[3],
                                         (AriRwGraph)shape[4], seed, err, sizeof err);
    if (!pol) {
      fprintf(stderr, "%s: error: %s\n", from ? from : TOOL, err);
      goto done;
    }
    AriPpoConfig cfg = o->ppo;
    cfg.seed = seed;
    AriPpo p;
    ariPpoInit(&p, &cfg);
    AriRlPolicy pg = ariRwPolicyGym(pol);
    bool ok = !from || ariPpoLoad(&p, &pg, shape, 5, from, err, sizeof err);
    double t0 = now();
    AriRlEnv g = trainEnv ? ariRwEnvGym(trainEnv) : (AriRlEnv){0};
    for (unsigned it = 0; ok && it < o->iterations; ++it) {
      AriPpoStats st;
      ok = ariPpoIterate(&p, &g, &pg, &st, err, sizeof err);
      if (!ok)
        break;
      curveRet[k * nrows + it] = st.meanReturn;
      double held = NAN;
      if (o->evalEvery && ((it + 1) % o->evalEvery == 0 || it + 1 == o->iterations)) {
        ok = evalAgent(&p, testEnv, pol, test.n, ppoCost + (size_t)k * test.n, NULL, err,
                       sizeof err);
        held = meanImprovement(ppoCost + (size_t)k * test.n, input, test.n);
      }
      if (ok && o->checkEvery && (it + 1) % o->checkEvery == 0)
        ok = checkProgram(&check, &train, ariRwEnvProgram(trainEnv),
                          ariRwEnvCurrent(trainEnv, NULL, NULL, NULL), "in training", err,
                          sizeof err);
      curveTest[k * nrows + it] = held;
      printf("%-5llu %-5u %9u %6u %10.4f %10.4f %10.4f %10.4f\n", (unsigned long long)seed, it + 1,
             st.episodes, st.steps, st.meanReturn, st.meanLoss, st.meanEntropy, held);
      fflush(stdout);
    }
    trainSec[k] = now() - t0;
    AriTerm **ppoFinal = final + (size_t)k * test.n;
    if (ok)
      ok = evalAgent(&p, testEnv, pol, test.n, ppoCost + (size_t)k * test.n, ppoFinal, err,
                     sizeof err);
    for (unsigned i = 0; ok && i < test.n; ++i)
      ok = checkProgram(&check, &test, i, ppoFinal[i], "ppo", err, sizeof err);
    if (ok && o->checkpoint) {
      char path[4096];
      if (o->seeds > 1)
        snprintf(path, sizeof path, "%s.%llu", o->checkpoint, (unsigned long long)seed);
      else
        snprintf(path, sizeof path, "%s", o->checkpoint);
      ok = ariPpoSave(&p, &pg, shape, 5, path, err, sizeof err);
    }
    ariPpoDestroy(&p);
    ariRwPolicyDestroy(pol);
    if (!ok) {
      fprintf(stderr, TOOL ": error: %s\n", err);
      goto done;
    }
    /* The baselines with this seed (ties and random choices). */
    for (unsigned i = 0; i < test.n; ++i) {
      for (int e = 0; e < 2; ++e) {
        AriAStarOptions ao = {0};
        ao.engine = e == 0 ? ARI_ASTAR_ENGINE_GREEDY : ARI_ASTAR_ENGINE_RANDOM;
        ao.budget = o->budget;
        ao.horizon = o->horizon;
        ao.seed = seed;
        AriArenaMark m = ariArenaMark(&arena);
        AriAStarResult res;
        fixedCost.fixed = i;
        ariAStarSearch(s, test.terms[i], rules, nrules, progCost, &fixedCost, &ao, &arena, &res);
        if (res.stop == ARI_ASTAR_STOP_ERROR || res.stop == ARI_ASTAR_STOP_MEMORY) {
          fprintf(stderr, TOOL ": error: %s on '%s': %s\n", e ? "random" : "greedy",
                  test.names[i], res.message);
          goto done;
        }
        (e == 0 ? greedyCost : randomCost)[(size_t)k * test.n + i] = res.bestCost;
        final[nfin * (1 + (size_t)e) + (size_t)k * test.n + i] = res.best;
        if (!checkProgram(&check, &test, i, res.best, e ? "random" : "greedy", err,
                          sizeof err)) {
          fprintf(stderr, TOOL ": error: %s\n", err);
          goto done;
        }
        ariArenaRelease(&arena, m);
      }
    }
  }
  /* Equality saturation: deterministic, once (after the searches, so that
   * the terms it makes do not change their ties). */
  double *eqsatCost = NULL, eqsatSec = 0;
  unsigned eqsatStops[ARI_EG_STOP_ERROR + 1] = {0};
  if (o->eqsatNodes) {
    eqsatCost = ariArenaAlloc(&arena, sizeof(double) * test.n);
    if (!eqsatCost) {
      fprintf(stderr, TOOL ": error: out of memory\n");
      goto done;
    }
    if (!eqsatBaseline(o, s, cm, rules, nrules, &test, &arena, eqsatCost, eqsatFinal, eqsatStops,
                       &eqsatSec, &check))
      goto done;
  }
  /* Per program: mean +- std over seeds. */
  printf("\nheld-out programs: final cost, mean +- std over %u seed(s); greedy and random with "
         "%llu evaluations",
         o->seeds, (unsigned long long)o->budget);
  if (eqsatCost)
    printf("; eqsat to %llu e-nodes or %g s", (unsigned long long)o->eqsatNodes, o->eqsatSeconds);
  printf("\n%-24s %10s %18s %18s %18s", "program", "input", "ppo", "greedy", "random");
  if (eqsatCost)
    printf(" %10s", "eqsat");
  printf("\n");
  unsigned notWorse = 0, notWorseEq = 0;
  double x[MAX_SEEDS];
  for (unsigned i = 0; i < test.n; ++i) {
    double mp, sp, mg, sg, mr, sr;
    for (unsigned k = 0; k < o->seeds; ++k)
      x[k] = ppoCost[(size_t)k * test.n + i];
    meanStd(x, o->seeds, &mp, &sp);
    for (unsigned k = 0; k < o->seeds; ++k)
      x[k] = greedyCost[(size_t)k * test.n + i];
    meanStd(x, o->seeds, &mg, &sg);
    for (unsigned k = 0; k < o->seeds; ++k)
      x[k] = randomCost[(size_t)k * test.n + i];
    meanStd(x, o->seeds, &mr, &sr);
    notWorse += mp <= mg + 1e-9;
    printf("%-24s %10.4g %10.4g +- %-5.2g %10.4g +- %-5.2g %10.4g +- %-5.2g", test.names[i],
           input[i], mp, sp, mg, sg, mr, sr);
    if (eqsatCost) {
      notWorseEq += mp <= eqsatCost[i] + 1e-9;
      printf(" %10.4g", eqsatCost[i]);
    }
    printf("\n");
  }
  double imp[3][MAX_SEEDS];
  for (unsigned k = 0; k < o->seeds; ++k) {
    imp[0][k] = meanImprovement(ppoCost + (size_t)k * test.n, input, test.n);
    imp[1][k] = meanImprovement(greedyCost + (size_t)k * test.n, input, test.n);
    imp[2][k] = meanImprovement(randomCost + (size_t)k * test.n, input, test.n);
  }
  double m[3], sd[3], mt, st;
  for (int e = 0; e < 3; ++e)
    meanStd(imp[e], o->seeds, &m[e], &sd[e]);
  meanStd(trainSec, o->seeds, &mt, &st);
  printf("\nmean relative improvement over held-out programs (mean +- std over seeds):\n"
         "  ppo    %.4f +- %.4f\n  greedy %.4f +- %.4f\n  random %.4f +- %.4f\n"
         "ppo at least as good as greedy (mean over seeds) on %u of %u held-out programs\n"
         "training: %u iterations, %.1f +- %.1f s per agent\n",
         m[0], sd[0], m[1], sd[1], m[2], sd[2], notWorse, test.n, o->iterations, mt, st);
  if (eqsatCost) {
    printf("eqsat: mean relative improvement %.4f, %.1f s in all (stopped:",
           meanImprovement(eqsatCost, input, test.n), eqsatSec);
    for (int k = 0; k <= ARI_EG_STOP_ERROR; ++k)
      if (eqsatStops[k])
        printf(" %s %u", ariEgStopName((AriEgStop)k), eqsatStops[k]);
    printf(")\nppo at least as good as eqsat (mean over seeds) on %u of %u held-out programs\n",
           notWorseEq, test.n);
  }
  ariTermChecksPrint(&check.tally, stdout);
  if (trainEnv && o->measureEvery) {
    uint64_t asked, failed;
    ariRwEnvMeasureCounts(trainEnv, &asked, &failed);
    printf("measured rewards: %llu measurements asked in training, %llu not measurable\n",
           (unsigned long long)asked, (unsigned long long)failed);
  }
  if (o->measure && !measureFinals(o, &meas, &test, final, eqsatFinal))
    goto done;
  if (meas.measured)
    printf("measurement: %llu programs compiled, checked and timed (%llu failed) in %.1f s, "
           "%llu answers from the cache\n",
           (unsigned long long)meas.measured, (unsigned long long)meas.failed, meas.seconds,
           (unsigned long long)meas.cached);
  ProgCost *costs[3] = {&trainCost, &testCost, &fixedCost};
  for (int k = 0; k < 3; ++k)
    if (costs[k]->failed) { /* such programs cost infinity: no search took them */
      printf("the cost model could not score some programs (first: %s)\n", costs[k]->error);
      break;
    }
  if (o->curve || o->plot) {
    char tmp[4096];
    const char *cpath = o->curve;
    if (!cpath) {
      snprintf(tmp, sizeof tmp, "%s.tsv", o->plot);
      cpath = tmp;
    }
    curve = fopen(cpath, "w");
    if (!curve) {
      fprintf(stderr, "%s: error: cannot write the curve: %s\n", cpath, strerror(errno));
      goto done;
    }
    fprintf(curve, "# iteration\tseeds\tstd_return\tmean_return\tmean_heldout\n");
    for (unsigned it = 0; it < o->iterations; ++it) {
      for (unsigned k = 0; k < o->seeds; ++k)
        x[k] = curveRet[k * nrows + it];
      double mr, sr;
      meanStd(x, o->seeds, &mr, &sr);
      double h = 0;
      unsigned nh = 0;
      for (unsigned k = 0; k < o->seeds; ++k)
        if (!isnan(curveTest[k * nrows + it]))
          h += curveTest[k * nrows + it], nh++;
      fprintf(curve, "%u\t%u\t%.6f\t%.6f\t", it + 1, o->seeds, sr, mr);
      if (nh)
        fprintf(curve, "%.6f\n", h / nh);
      else
        fprintf(curve, "NaN\n");
    }
    if (fclose(curve) != 0) {
      curve = NULL;
      fprintf(stderr, "%s: error: cannot write the curve\n", cpath);
      goto done;
    }
    curve = NULL;
    if (o->plot && ariRlWritePlot(o->plot, cpath, "relative cost improvement",
                                  "using 1:4 with lines title 'training return (mean over "
                                  "seeds)', '' using 1:5 with linespoints title 'held-out, "
                                  "greedy agent'"))
      goto done;
  }
  rc = 0;
done:
  if (curve)
    fclose(curve);
  ariRwEnvDestroy(trainEnv);
  ariRwEnvDestroy(testEnv);
  ariTermMeasurerDestroy(&meas);
  if (!mlirModuleIsNull(train.mod))
    mlirModuleDestroy(train.mod);
  if (!mlirModuleIsNull(test.mod))
    mlirModuleDestroy(test.mod);
  ariCostModelClose(&model);
  if (s)
    ariTermStoreDestroy(s);
  ariArenaDestroy(&arena);
  return rc;
}

/*--- environment 2: pass ordering ---------------------------------------------*/

static bool scoreFuncs(void *ctx, AriTermStore *s, const AriTermFunc *const *fs, size_t n,
                       double *scores, char *err, size_t cap) {
  return ariCostModelScoreFuncs(ctx, s, fs, n, scores, err, cap);
}

/* One episode of program i by a fixed rule: mode 0 takes the first legal
 * pass in list order not taken yet (the default order: every pass once,
 * in list order), mode 1 a uniformly random legal pass. The final cost. */
static bool baselineEpisode(AriPassEnv *e, int i, int mode, AriNnRng *rng, double *cost,
                            char *err, size_t cap) {
  AriRlEnv g = ariPassEnvGym(e);
  ariPassEnvSetProgram(e, i);
  if (!g.reset(g.self, rng, err, cap))
    return false;
  unsigned next = 1;
  for (bool done = false; !done;) {
    unsigned n = g.numActions(g.self);
    if (!n)
      return ariFailf(err, cap, "out of memory running passes");
    unsigned char mask[ARI_PPO_MAX_ACTIONS];
    g.legalMask(g.self, mask);
    unsigned a = 0;
    if (mode == 0) {
      while (next < n && !mask[next])
        next++;
      a = next < n ? next++ : 0;
    } else {
      unsigned legal[ARI_PPO_MAX_ACTIONS], nl = 0;
      for (unsigned k = 1; k < n; ++k)
        if (mask[k])
          legal[nl++] = k;
      a = nl ? legal[ariNnRngNext(rng) % nl] : 0;
    }
    float r;
    if (!g.step(g.self, a, &r, &done, err, cap))
      return false;
  }
  ariPassEnvCurrent(e, cost, NULL, NULL);
  return true;
}

enum { RANDOM_EPISODES = 10 };

static int runPasses(const Options *o, MlirContext ctx) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriTermStore *s = ariTermStoreCreate(0);
  AriCostModel model;
  memset(&model, 0, sizeof model);
  AriPassEnv *trainEnv = NULL, *testEnv = NULL;
  char err[512];
  int rc = 1;
  AriMachine mach;
  ariMachineNominal(&mach);
  if (!s || !ariCostModelOpenAnalytic(&model, &mach, 1, err, sizeof err)) {
    fprintf(stderr, TOOL ": error: %s\n", s ? err : "out of memory");
    goto done;
  }
  AriStratProgram *prog = ariStratProgramNew(&arena);
  AriStratRise *host = ariStratRiseCreate(s, &arena);
  AriStratDiag d;
  const char *prelude = ariRewritePrelude(), *acts = ariSearchDefaultActions();
  if (!prog || !host ||
      !ariStratParseDefinitions(prog, ARI_REWRITE_PRELUDE_NAME, prelude, strlen(prelude), &d) ||
      !ariStratParseDefinitions(prog, "search/strategy/strategies/search.elv", acts, strlen(acts),
                                &d)) {
    fprintf(stderr, TOOL ": error: the built-in strategies do not parse\n");
    goto done;
  }
  AriBeamAction *actions = NULL;
  unsigned na = ARI_PASS_ENV_NUM_DEFAULT;
  if (!ariPassEnvActions(prog, host, ariPassEnvDefaultTexts, na, &arena, &actions, err,
                         sizeof err)) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    goto done;
  }
  Funcs train, test;
  if (!loadFuncs(ctx, o->train, s, &arena, o->trainLimit, "to order passes on", &train, NULL) ||
      !loadFuncs(ctx, o->test, s, &arena, 0, "to order passes on", &test, NULL))
    goto done;
  trainEnv = ariPassEnvCreate(s, host, prog, actions, na, scoreFuncs, &model, train.ptr, train.n,
                              o->horizon, err, sizeof err);
  testEnv = trainEnv ? ariPassEnvCreate(s, host, prog, actions, na, scoreFuncs, &model, test.ptr,
                                        test.n, o->horizon, err, sizeof err)
                     : NULL;
  if (!testEnv) {
    fprintf(stderr, TOOL ": error: %s\n", err);
    goto done;
  }
  double *input = ariArenaAlloc(&arena, sizeof(double) * test.n);
  double *def = ariArenaAlloc(&arena, sizeof(double) * test.n);
  double *rnd = ariArenaAlloc(&arena, sizeof(double) * test.n);
  double *agent = ariArenaAlloc(&arena, sizeof(double) * test.n * o->seeds);
  if (!input || !def || !rnd || !agent) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    goto done;
  }
  printf("environment: passes; training programs: %u (%s), held-out programs: %u (%s), %u "
         "passes, horizon %u\n",
         train.n, o->train, test.n, o->test, na, o->horizon);
  printf("passes:");
  for (unsigned k = 0; k < na; ++k)
    printf(" %s%s", actions[k].text, k + 1 < na ? "," : "\n");
  AriNnRng brng = {o->seed};
  for (unsigned i = 0; i < test.n; ++i) {
    if (!scoreFuncs(&model, s, &test.ptr[i], 1, &input[i], err, sizeof err) ||
        !baselineEpisode(testEnv, (int)i, 0, &brng, &def[i], err, sizeof err))
      goto fail;
    rnd[i] = 0;
    for (unsigned r = 0; r < RANDOM_EPISODES; ++r) {
      double c;
      if (!baselineEpisode(testEnv, (int)i, 1, &brng, &c, err, sizeof err))
        goto fail;
      rnd[i] += c / RANDOM_EPISODES;
    }
  }
  printf("%-5s %-5s %9s %6s %10s %10s %10s\n", "seed", "iter", "episodes", "steps", "return",
         "loss", "entropy");
  double trainSec = 0;
  for (unsigned k = 0; k < o->seeds; ++k) {
    uint64_t seed = o->seed + k;
    AriRwPolicy *pol =
        ariRwPolicyCreate(o->dim, o->rounds, o->hidden, na, o->graph, seed, err, sizeof err);
    if (!pol) {
      fprintf(stderr, TOOL ": error: %s\n", err);
      goto done;
    }
    AriPpoConfig cfg = o->ppo;
    cfg.seed = seed;
    AriPpo p;
    ariPpoInit(&p, &cfg);
    AriRlPolicy pg = ariRwPolicyGym(pol);
    AriRlEnv g = ariPassEnvGym(trainEnv);
    bool ok = true;
    double t0 = now();
    for (unsigned it = 0; ok && it < o->iterations; ++it) {
      AriPpoStats st;
      ok = ariPpoIterate(&p, &g, &pg, &st, err, sizeof err);
      if (ok)
        printf("%-5llu %-5u %9u %6u %10.4f %10.4f %10.4f\n", (unsigned long long)seed, it + 1,
               st.episodes, st.steps, st.meanReturn, st.meanLoss, st.meanEntropy);
    }
    trainSec += now() - t0;
    AriRlEnv tg = ariPassEnvGym(testEnv);
    for (unsigned i = 0; ok && i < test.n; ++i) {
      ariPassEnvSetProgram(testEnv, (int)i);
      double ret;
      ok = tg.reset(tg.self, &p.rng, err, sizeof err) &&
           ariPpoEpisode(&p, &tg, &pg, true, &ret, err, sizeof err);
      ariPassEnvCurrent(testEnv, &agent[(size_t)k * test.n + i], NULL, NULL);
    }
    tg.release(tg.self);
    ariPpoDestroy(&p);
    ariRwPolicyDestroy(pol);
    if (!ok)
      goto fail;
  }
  printf("held-out programs: analytic cost, ppo mean +- std over %u seed(s); default = every legal "
         "pass once in list order, up to the horizon; random = mean of %d random orders\n",
         o->seeds, RANDOM_EPISODES);
  printf("%-24s %12s %12s %12s %12s %8s\n", "program", "input", "default", "random", "ppo",
         "+-");
  double *x = ariArenaAlloc(&arena, sizeof(double) * o->seeds);
  double *mean = ariArenaAlloc(&arena, sizeof(double) * test.n);
  if (!x || !mean)
    goto fail;
  for (unsigned i = 0; i < test.n; ++i) {
    for (unsigned k = 0; k < o->seeds; ++k)
      x[k] = agent[(size_t)k * test.n + i];
    double sd;
    meanStd(x, o->seeds, &mean[i], &sd);
    printf("%-24s %12.6g %12.6g %12.6g %12.6g %8.3g\n", test.names[i], input[i], def[i], rnd[i],
           mean[i], sd);
  }
  /* per seed: the mean relative improvement over the input, and over the
   * default order ((D - R) / D) */
  double *vsIn = ariArenaAlloc(&arena, sizeof(double) * o->seeds);
  double *vsDef = ariArenaAlloc(&arena, sizeof(double) * o->seeds);
  if (!vsIn || !vsDef)
    goto fail;
  for (unsigned k = 0; k < o->seeds; ++k) {
    vsIn[k] = meanImprovement(agent + (size_t)k * test.n, input, test.n);
    vsDef[k] = meanImprovement(agent + (size_t)k * test.n, def, test.n);
  }
  double m1, s1, m2, s2;
  meanStd(vsIn, o->seeds, &m1, &s1);
  meanStd(vsDef, o->seeds, &m2, &s2);
  printf("mean relative improvement over the input: default %.4f, random %.4f, ppo %.4f +- "
         "%.4f\n",
         meanImprovement(def, input, test.n), meanImprovement(rnd, input, test.n), m1, s1);
  printf("ppo's mean relative improvement over the default order: %.4f +- %.4f\n", m2, s2);
  printf("training: %u iterations x %u seed(s) in %.1f s\n", o->iterations, o->seeds, trainSec);
  rc = 0;
  goto done;
fail:
  fprintf(stderr, TOOL ": error: %s\n", err);
done:
  ariPassEnvDestroy(trainEnv);
  ariPassEnvDestroy(testEnv);
  ariCostModelClose(&model);
  ariTermStoreDestroy(s);
  ariArenaDestroy(&arena);
  return rc;
}

/* OpenBLAS's own: the network's products are small, and one thread makes
 * them bit-reproducible (a threaded sgemm may sum in another order). */
extern void openblas_set_num_threads(int n);

static int toolMain(int argc, char **argv) {
  openblas_set_num_threads(1);
  Options o;
  int rc = parseOptions(argc, argv, &o);
  if (rc)
    return rc;
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  if (o.upstream) {
    AriRlOrderOptions ro = {.train = o.train,           .test = o.test,
                            .checkpoint = o.checkpoint, .curve = o.curve,
                            .plot = o.plot,             .resume = o.resume,
                            .load = o.load,             .iterations = o.iterations,
                            .seeds = o.seeds,           .horizon = o.horizon,
                            .hidden = o.hidden,         .trainLimit = o.trainLimit,
                            .checkEvery = o.checkEvery, .measure = o.measure,
                            .noSandbox = o.noSandbox,   .shaping = o.shaping,
                            .combined = o.combined,
                            .seed = o.seed,             .ppo = o.ppo};
    rc = ariRlOrderRun(&ro, ctx);
  } else {
    rc = o.passes ? runPasses(&o, ctx) : run(&o, ctx);
  }
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  return rc;
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
