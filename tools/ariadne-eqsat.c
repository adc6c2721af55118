/*===- ariadne-eqsat.c - sketch-guided equality saturation driver ---------===*\
 *
 *   ariadne-eqsat --guides FILE (--goal NAME | --guide A,B | --all) [--nat m=64].. [limits]
 *                 [--cost C [--candidates N] [--machine FILE]]
 *                 [--output OUT.mlir] [--func F] INPUT.mlir
 *
 * Imports one func.func of INPUT (the first, or --func), runs the guides of
 * each goal (search/eqsat.h, the thesis's Listing 5.6) from it and prints
 * one row per guide and a total per goal: found, seconds, peak MB, rules
 * applied, e-nodes, e-classes and why growing stopped — the thesis's
 * Table 5.5. With --output the module is written back with the program of
 * each goal found: for one goal in place of F's body, for --all as new
 * functions F_GOAL after F (F kept), so that each can be compiled and run.
 *
 * --cost analytic:MACHINE_FILE / model:MODEL_FILE ranks the last guide's
 * candidates with a cost model (docs/costmodel.md, "Use in the search");
 * that guide's row then ends with candidates=K picked=I score=S. A model
 * trained on `ariadne-cost measure`'s records (layout ARI_COST_CODE_LAYOUT)
 * also reads the code each candidate lowers to: this tool links the
 * runtime and gives it (tools/code_features.h).
 *
 * Options take their value as --opt=V or --opt V. Errors: FILE:LINE:COL
 * (guide files) or the MLIR location (imports/exports), exit 1 on bad
 * input or when a goal is not found, 2 on a bad command line.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/cost.h"
#include "costmodel/model.h"
#include "search/eqsat.h"
#include "search/mlir/term_mlir.h"
#include "utils/arena.h"
#include "tools/code_features.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"
#include "utils/file.h"
#include "utils/strbuf.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TOOL "ariadne-eqsat"
#define usageError(...) ariToolUsageError(TOOL, __VA_ARGS__)

enum { MAX_NATS = 16, MAX_RULES = 256 };

typedef struct Options {
  const char *guides, *goal, *output, *func, *file;
  const char *guide; /* --guide A,B,..: a chain of guides instead of a goal */
  const char *rules; /* --rules R,..: every guide's rules instead of its own */
  bool allowPartial; /* --allow-partial: a goal not found keeps the last found program */
  const char *cost; /* --cost: size (default), weighted, analytic:F, model:F */
  const char *machine; /* --machine: the model's analytic baseline */
  const char *dot;     /* --dot DIR: Graphviz pictures */
  bool all, quiet, printTerms;
  int progress; /* --progress 1, --no-progress 0, neither: -1 (stderr a TTY) */
  bool json;    /* --report=json */
  const char *natName[MAX_NATS];
  int64_t natValue[MAX_NATS];
  char natBuf[MAX_NATS][64];
  int nnats;
  AriEqsatOpts eq;
} Options;

static void usage(FILE *f) {
  fprintf(f,
          "usage: ariadne-eqsat --guides FILE (--goal NAME | --guide A,B,.. | --all) [options]\n"
          "                     INPUT.mlir\n"
          "Sketch-guided equality saturation (thesis ch. 5, Listing 5.6): runs the guides\n"
          "of each goal from the program of one func.func and prints, per guide and per\n"
          "goal, whether the sketch was found, seconds, peak MB, rules applied, e-nodes,\n"
          "e-classes and why the search stopped (Table 5.5).\n"
          "  --guides FILE        a guide file (docs/sketches.md)\n"
          "  --goal NAME          run this goal of the file\n"
          "  --all                run every goal of the file\n"
          "  --guide A,B,..       instead of a goal: run this chain of guides of the file\n"
          "  --rules R,..         comma-separated rules used by every guide instead of\n"
          "                       the file's (`ariadne-rules --list`)\n"
          "  --allow-partial      a goal whose last guide is not found keeps the program\n"
          "                       of its last guide that was (or the input), exit 0\n"
          "  --nat NAME=VALUE     bind a size name of the guides (wins over 'nat' lines)\n"
          "  --func NAME          the func.func to optimise (default: the first)\n"
          "  --node-limit N       e-nodes per guide (default 1000000; 0: none)\n"
          "  --time-limit S       seconds per guide (default 60; 0: none)\n"
          "  --memory-limit MB    e-graph, terms and match tables per guide\n"
          "                       (default 4096; 0: none)\n"
          "  --iteration-limit N  iterations per guide (default: none)\n"
          "  --cost C             extraction cost: size (default), weighted, knossos,\n"
          "                       analytic:MACHINE_FILE or model:MODEL_FILE (these two rank\n"
          "                       the last guide's candidates, extracted under weighted)\n"
          "  --candidates N       candidates they rank (1 to 256, default 16)\n"
          "  --machine FILE       a machine file for model:'s analytic baseline\n"
          "  --output OUT.mlir    write the module with the programs found ('-': stdout)\n"
          "  --quiet              no table\n"
          "  --report FORMAT      table (default) or json: one JSON object on stdout,\n"
          "                       {\"goals\": [{\"goal\", \"found\", \"seconds\",\n"
          "                       \"peak_bytes\", \"guides\": [{\"guide\", \"found\", \"stop\",\n"
          "                       \"iterations\", \"seconds\", \"peak_bytes\", \"applied\",\n"
          "                       \"e_nodes\", \"e_classes\", \"growth\" (e-nodes per\n"
          "                       iteration), (\"program\")}]}]}\n"
          "  --progress           a line on stderr after every iteration of every guide:\n"
          "                       goal, guide, iteration, e-nodes, e-classes, rules\n"
          "                       applied, seconds, MB (default when stderr is a terminal)\n"
          "  --no-progress        none, even on a terminal\n"
          "  --dot DIR            Graphviz pictures, in DIR (which must exist):\n"
          "                       input.term.dot (the function's program) and per goal\n"
          "                       and guide GOAL.GUIDE.egraph.dot (e-classes as clusters,\n"
          "                       the extracted program's e-nodes in red) and\n"
          "                       GOAL.GUIDE.term.dot (that program); `dot -Tsvg`\n"
          "  --print-terms        print each guide's extracted program\n"
          "  --version            the tool's and LLVM's versions\n"
          "--iter-limit N is --iteration-limit N under rise-eqsat's option name.\n"
          ARI_TOOL_HELP_TAIL
          "(1 also when a goal is not found)\n");
}

/* "--name=V" or "--name V": true and *v set when `a` is that option. */
static bool optValue(int argc, char **argv, int *i, const char *name, const char **v,
                     bool *missing) {
  const char *a = argv[*i];
  if (ariToolOptValue(a, name, v))
    return true;
  if (strcmp(a, name))
    return false;
  if (*i + 1 >= argc) {
    *missing = true;
    return true;
  }
  *v = argv[++*i];
  return true;
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
  ariEqsatOptsDefault(&o->eq);
  o->progress = -1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = NULL;
    bool missing = false;
    uint64_t u;
    double d;
    if (!strcmp(a, "--version")) {
      ariToolPrintVersion("ariadne-eqsat");
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--all")) {
      o->all = true;
    } else if (!strcmp(a, "--allow-partial")) {
      o->allowPartial = true;
    } else if (optValue(argc, argv, &i, "--guide", &v, &missing)) {
      if (missing || !*v)
        return usageError("--guide needs a comma-separated chain of guides");
      o->guide = v;
    } else if (optValue(argc, argv, &i, "--rules", &v, &missing)) {
      if (missing || !*v)
        return usageError("--rules needs a comma-separated list of rules");
      o->rules = v;
    } else if (!strcmp(a, "--quiet")) {
      o->quiet = true;
    } else if (!strcmp(a, "--print-terms")) {
      o->printTerms = true;
    } else if (!strcmp(a, "--progress")) {
      o->progress = 1;
    } else if (!strcmp(a, "--no-progress")) {
      o->progress = 0;
    } else if (optValue(argc, argv, &i, "--report", &v, &missing)) {
      if (missing || (strcmp(v, "json") && strcmp(v, "table")))
        return usageError("--report needs table or json, got '%s'", missing ? "" : v);
      o->json = !strcmp(v, "json");
    } else if (optValue(argc, argv, &i, "--guides", &v, &missing)) {
      if (missing || !*v)
        return usageError("--guides needs a file");
      o->guides = v;
    } else if (optValue(argc, argv, &i, "--goal", &v, &missing)) {
      if (missing || !*v)
        return usageError("--goal needs a name");
      o->goal = v;
    } else if (optValue(argc, argv, &i, "--func", &v, &missing)) {
      if (missing || !*v)
        return usageError("--func needs a name");
      o->func = v;
    } else if (optValue(argc, argv, &i, "--output", &v, &missing)) {
      if (missing || !*v)
        return usageError("--output needs a file");
      o->output = v;
    } else if (optValue(argc, argv, &i, "--nat", &v, &missing)) {
      const char *eq = missing ? NULL : strchr(v, '=');
      size_t nl = eq ? (size_t)(eq - v) : 0;
      if (!eq || !nl || nl >= sizeof o->natBuf[0] || !ariToolParseU64(eq + 1, &u) || u == 0 ||
          u > INT64_MAX)
        return usageError("--nat needs NAME=POSITIVE, got '%s'", missing ? "" : v);
      if (o->nnats == MAX_NATS)
        return usageError("too many --nat options");
      memcpy(o->natBuf[o->nnats], v, nl);
      o->natBuf[o->nnats][nl] = 0;
      o->natName[o->nnats] = o->natBuf[o->nnats];
      o->natValue[o->nnats++] = (int64_t)u;
    } else if (optValue(argc, argv, &i, "--node-limit", &v, &missing)) {
      if (missing || !ariToolParseU64(v, &u))
        return usageError("--node-limit needs a non-negative integer, got '%s'", missing ? "" : v);
      o->eq.maxNodes = (size_t)u;
    } else if (optValue(argc, argv, &i, "--iteration-limit", &v, &missing) ||
               optValue(argc, argv, &i, "--iter-limit", &v, &missing)) {
      if (missing || !ariToolParseU64(v, &u) || u > UINT32_MAX)
        return usageError("%s needs a non-negative integer, got '%s'", a, missing ? "" : v);
      o->eq.maxIterations = (unsigned)u;
    } else if (optValue(argc, argv, &i, "--time-limit", &v, &missing)) {
      if (missing || !parseDouble(v, &d))
        return usageError("--time-limit needs non-negative seconds, got '%s'", missing ? "" : v);
      o->eq.maxSeconds = d;
    } else if (optValue(argc, argv, &i, "--cost", &v, &missing)) {
      if (missing || !*v)
        return usageError("--cost needs size, weighted, knossos, %s", ariCostModelSpecs());
      o->cost = v;
    } else if (optValue(argc, argv, &i, "--dot", &v, &missing)) {
      if (missing || !*v)
        return usageError("--dot needs a directory");
      o->dot = v;
    } else if (optValue(argc, argv, &i, "--machine", &v, &missing)) {
      if (missing || !*v)
        return usageError("--machine needs a file");
      o->machine = v;
    } else if (optValue(argc, argv, &i, "--candidates", &v, &missing)) {
      if (missing || !ariToolParseU64(v, &u) || u < 1 || u > ARI_EQSAT_MAX_CANDIDATES)
        return usageError("--candidates needs an integer from 1 to %d, got '%s'",
                          ARI_EQSAT_MAX_CANDIDATES, missing ? "" : v);
      o->eq.candidates = (unsigned)u;
    } else if (optValue(argc, argv, &i, "--memory-limit", &v, &missing)) {
      if (missing || !ariToolParseU64(v, &u) || u > (SIZE_MAX >> 20))
        return usageError("--memory-limit needs megabytes, got '%s'", missing ? "" : v);
      o->eq.maxBytes = (size_t)u << 20;
    } else if (ariToolPositional(TOOL, a, &o->file)) {
      return 2;
    }
  }
  if (!o->guides)
    return usageError("no --guides file");
  if ((o->goal != NULL) + (o->guide != NULL) + o->all > 1)
    return usageError("--goal, --guide and --all exclude each other");
  if (!o->goal && !o->guide && !o->all)
    return usageError("name a --goal or a --guide chain, or ask for --all");
  if (!o->file)
    return usageError("no input file");
  if (o->json && o->output && !strcmp(o->output, "-"))
    return usageError("--report=json and --output=- both write stdout");
  return 0;
}

/* Splits "a, b,c" into at most `max` non-empty items copied into buf:
 * their count, or -1 when an item is empty, there are too many, or buf is
 * too small. */
static int splitList(const char *list, char *buf, size_t cap, const char **items, int max) {
  size_t len = strlen(list);
  if (len >= cap)
    return -1;
  memcpy(buf, list, len + 1);
  int n = 0;
  for (char *p = buf;;) {
    char *comma = strchr(p, ',');
    if (comma)
      *comma = 0;
    while (*p == ' ')
      ++p;
    for (char *e = p + strlen(p); e > p && e[-1] == ' ';)
      *--e = 0;
    if (!*p || n == max)
      return -1;
    items[n++] = p;
    if (!comma)
      return n;
    p = comma + 1;
  }
}

static const char *funcName(MlirOperation func, char *buf, size_t cap) {
  MlirAttribute sym =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef n = mlirStringAttrGetValue(sym);
  snprintf(buf, cap, "%.*s", (int)n.length, n.data);
  return buf;
}

/* Emits an error at `loc` through the context's diagnostics (printed by
 * the sink as LOC: error: MESSAGE). */
static void emitAt(MlirLocation loc, const char *msg) {
  mlirEmitError(loc, msg);
}

/* --dot: where the pictures go and whether one could not be written. */
typedef struct DotCtx {
  const char *dir, *goal;
  AriTermStore *store;
  bool failed;
} DotCtx;

/* Writes DIR/NAME with `write`; a failure is reported once per file. */
static void writeDot(DotCtx *d, const char *name, AriEGraph *g, AriEClass root,
                     const AriTerm *t) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", d->dir, name);
  FILE *f = fopen(path, "w");
  bool ok = f && (g ? ariEgWriteDot(g, root, t, f) : ariTermWriteDot(d->store, t, f));
  int err = errno;
  if (f && fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    fprintf(stderr, "%s: error: cannot write the picture: %s\n", path,
            err ? strerror(err) : "out of memory");
    d->failed = true;
  }
}

static void dotGraph(void *ctx, const char *guide, AriEGraph *g, AriEClass root,
                     const AriTerm *result) {
  DotCtx *d = ctx;
  char name[512];
  snprintf(name, sizeof name, "%s.%s.egraph.dot", d->goal, guide);
  writeDot(d, name, g, root, result);
  if (result) {
    snprintf(name, sizeof name, "%s.%s.term.dot", d->goal, guide);
    writeDot(d, name, NULL, ARI_EG_NONE, result);
  }
}

/* The per-iteration hook's state: --progress prints, --report=json keeps
 * each guide's e-nodes per iteration (its "growth") for the current goal. */
typedef struct Progress {
  const char *goal;
  bool print, collect;
  AriArena *arena;
  unsigned n, used; /* guides with a growth; those already in the JSON */
  const char *guide[ARI_EQSAT_MAX_GUIDES];
  AriStr growth[ARI_EQSAT_MAX_GUIDES];
} Progress;

/* --progress: one line per iteration, on stderr (flushed: it is for
 * watching a long search). */
static void progressLine(void *ctx, const char *guide, const AriEgProgress *p) {
  Progress *pr = ctx;
  if (pr->collect) {
    if (p->iteration == 1 && pr->n < ARI_EQSAT_MAX_GUIDES) {
      pr->guide[pr->n] = guide;
      ariStrInit(&pr->growth[pr->n++], pr->arena);
    }
    if (pr->n)
      ariStrPrintf(&pr->growth[pr->n - 1], "%s%zu", p->iteration == 1 ? "" : ", ", p->nodes);
  }
  if (!pr->print)
    return;
  fprintf(stderr,
          TOOL ": goal %s guide %s iteration %u: %zu e-nodes, %zu e-classes, %zu applied, "
          "%.3f s, %.1f MB\n",
          pr->goal, guide, p->iteration, p->nodes, p->classes, p->applied, p->seconds,
          (double)p->bytes / (1024.0 * 1024.0));
  fflush(stderr);
}

static void jsonGuide(const AriEqsatGuideReport *g, AriTermStore *store, bool terms, bool first,
                      Progress *pr) {
  printf("%s{\"guide\": ", first ? "" : ", ");
  ariToolJsonString(stdout, g->guide);
  printf(", \"found\": %s, \"stop\": \"%s\", \"iterations\": %u, \"seconds\": %.6f, "
         "\"peak_bytes\": %zu, \"applied\": %zu, \"e_nodes\": %zu, \"e_classes\": %zu",
         g->found ? "true" : "false", ariEgStopName(g->stop), g->iterations, g->seconds,
         g->peakBytes, g->applied, g->nodes, g->classes);
  if (g->candidates)
    printf(", \"candidates\": %u, \"picked\": %u, \"score\": %.9g", g->candidates, g->picked,
           g->score);
  /* e-nodes after each iteration; a guide that ran none has none. */
  printf(", \"growth\": [");
  if (pr->used < pr->n && !strcmp(pr->guide[pr->used], g->guide)) {
    printf("%s", ariStrOk(&pr->growth[pr->used]) ? ariStrText(&pr->growth[pr->used]) : "");
    pr->used++;
  }
  printf("]");
  if (terms && g->result) {
    const char *str = ariTermToString(store, g->result, 0);
    printf(", \"program\": ");
    ariToolJsonString(stdout, str ? str : "(out of memory)");
  }
  printf("}");
}

static void printRow(const char *goal, const AriEqsatGuideReport *g) {
  printf("%-14s %-10s %-5s %8.3f %8.1f %8zu %9zu %9zu  %s", goal, g->guide,
         g->found ? "yes" : "no", g->seconds, (double)g->peakBytes / (1024.0 * 1024.0), g->applied,
         g->nodes, g->classes, ariEgStopName(g->stop));
  if (g->candidates) /* ranked by --cost analytic:/model: */
    printf("  candidates=%u picked=%u score=%g", g->candidates, g->picked, g->score);
  printf("\n");
}

static int toolMain(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, &o);
  if (rc)
    return rc;
  /* The cost first: a bad one is an error before any work. */
  AriCost cost;
  AriCostModel model;
  memset(&model, 0, sizeof model);
  bool ranked = false;
  if (o.cost && ariCostModelIsSpec(o.cost)) {
    char merr[1024];
    if (!ariCostModelOpen(&model, o.cost, o.machine, 0, merr, sizeof merr)) {
      fprintf(stderr, TOOL ": error: --cost '%s': %s\n", o.cost, merr);
      return 1;
    }
    ranked = true;
    ariCostByName("weighted", &cost);
    o.eq.cost = cost.fn;
    o.eq.costCtx = cost.ctx;
  } else if (o.cost) {
    if (!ariCostByName(o.cost, &cost))
      return usageError("unknown --cost '%s' (expected %s|%s)", o.cost, ariCostNames(),
                        ariCostModelSpecs());
    o.eq.cost = cost.fn;
    o.eq.costCtx = cost.ctx;
  }
  AriTermStore *store = ariTermStoreCreate(0);
  AriSketchSet *set = store ? ariSketchSetCreate(store) : NULL;
  if (!set) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    ariTermStoreDestroy(store);
    ariCostModelClose(&model);
    return 1;
  }
  for (int i = 0; i < o.nnats; ++i)
    if (!ariSketchSetNat(set, o.natName[i], o.natValue[i])) {
      ariSketchSetDestroy(set);
      ariTermStoreDestroy(store);
      ariCostModelClose(&model);
      return usageError("bad size name '%s' in --nat", o.natName[i]);
    }
  size_t len = 0;
  char *text = NULL;
  AriFileError fe = ariFileRead(o.guides, NULL, ARI_FILE_TEXT_LIMIT, &text, &len);
  const AriGuideFile *gf = NULL;
  MlirContext ctx = {NULL};
  MlirModule mod = {NULL};
  AriToolCodeCtx codeCtx;
  AriDiagSink sink;
  bool sinkOn = false;
  rc = 1;
  if (!ariFileOk(fe)) {
    if (fe.step == ARI_FILE_TOO_LARGE)
      fprintf(stderr, "%s: error: the guide file is larger than %zu bytes\n", o.guides, fe.limit);
    else
      fprintf(stderr, "%s: error: cannot read the guide file: %s\n", o.guides, strerror(fe.errnum));
    goto done;
  }
  AriSketchError se;
  gf = ariGuideFileParse(set, text, len, &se);
  if (!gf) {
    fprintf(stderr, "%s:%u:%u: error: %s\n", o.guides, se.line, se.col, se.msg);
    goto done;
  }
  const AriGuideGoal *goals[64];
  unsigned ngoals = 0;
  /* --guide A,B: a goal of its own, named by the chain as written. */
  char chainBuf[1024];
  const char *chainItems[ARI_EQSAT_MAX_GUIDES];
  unsigned chainSteps[ARI_EQSAT_MAX_GUIDES];
  AriGuideGoal chain = {o.guide, 0, chainSteps};
  if (o.guide) {
    int n = splitList(o.guide, chainBuf, sizeof chainBuf, chainItems, ARI_EQSAT_MAX_GUIDES);
    if (n <= 0) {
      fprintf(stderr, TOOL ": error: --guide '%s': want a comma-separated chain of at most %d "
                      "guides\n", o.guide, ARI_EQSAT_MAX_GUIDES);
      goto done;
    }
    for (int k = 0; k < n; ++k) {
      const AriGuide *g = ariGuideFind(gf, chainItems[k]);
      if (!g) {
        fprintf(stderr, "%s: error: --guide: the guide file has no guide '%s'\n", o.guides,
                chainItems[k]);
        goto done;
      }
      chainSteps[chain.numSteps++] = (unsigned)(g - gf->guides);
    }
    goals[ngoals++] = &chain;
  }
  for (unsigned i = 0; !o.guide && i < gf->numGoals && ngoals < 64; ++i)
    if (o.all || !strcmp(gf->goals[i].name, o.goal))
      goals[ngoals++] = &gf->goals[i];
  /* --rules: checked once, before any search, in place of the guides' own. */
  char rulesBuf[4096];
  const char *ruleItems[MAX_RULES];
  if (o.rules) {
    int n = splitList(o.rules, rulesBuf, sizeof rulesBuf, ruleItems, MAX_RULES);
    if (n <= 0) {
      fprintf(stderr, TOOL ": error: --rules '%s': want a comma-separated list of at most %d "
                      "rules\n", o.rules, MAX_RULES);
      goto done;
    }
    o.eq.rules = ruleItems;
    o.eq.numRules = (unsigned)n;
  }
  if (!ngoals) {
    if (o.all)
      fprintf(stderr, "%s: error: the guide file has no goals\n", o.guides);
    else
      fprintf(stderr, "%s: error: no goal named '%s'\n", o.guides, o.goal);
    goto done;
  }
  /* Every guide to run must have its sketch (AriGuide.sizeError) and every
   * rule of it an e-graph pattern: checked up front, so that the error
   * points at the guide. */
  {
    AriArena scratch;
    ariArenaInit(&scratch, 0);
    bool bad = false;
    for (unsigned gi = 0; gi < ngoals && !bad; ++gi)
      for (unsigned st = 0; st < goals[gi]->numSteps && !bad; ++st) {
        const AriGuide *g = &gf->guides[goals[gi]->steps[st]];
        if (g->sizeError) { /* the sizes bound make its sketch's sizes fail */
          fprintf(stderr, "%s:%u:%u: error: guide '%s' of goal '%s': %s\n", o.guides,
                  g->sizeError->line, g->sizeError->col, g->name, goals[gi]->name,
                  g->sizeError->msg);
          bad = true;
        }
        for (unsigned r = 0; !o.rules && r < g->numRules && !bad; ++r) {
          AriEgRule rule;
          char err[ARI_RULE_ERR_MAX];
          if (!ariEgRuleMake(store, &scratch, g->rules[r], &rule, err, sizeof err)) {
            fprintf(stderr, "%s:%u: error: guide '%s': rule '%s': %s\n", o.guides, g->line,
                    g->name, g->rules[r], err);
            bad = true;
          }
        }
      }
    for (unsigned r = 0; r < o.eq.numRules && !bad; ++r) {
      AriEgRule rule;
      char err[ARI_RULE_ERR_MAX];
      if (!ariEgRuleMake(store, &scratch, o.eq.rules[r], &rule, err, sizeof err)) {
        fprintf(stderr, TOOL ": error: --rules: rule '%s': %s\n", o.eq.rules[r], err);
        bad = true;
      }
    }
    ariArenaDestroy(&scratch);
    if (bad)
      goto done;
  }
  ctx = ariContextCreate();
  ariDiagSinkAttach(&sink, ctx, stderr);
  sinkOn = true;
  codeCtx.ctx = ctx;
  codeCtx.loc = mlirLocationUnknownGet(ctx);
  ariToolCodeFeaturesAttach(&model, &codeCtx);
  mod = ariParseFile(ctx, o.file);
  if (mlirModuleIsNull(mod)) {
    if (!sink.errors)
      fprintf(stderr, "%s: error: cannot parse the module\n", o.file);
    goto done;
  }
  MlirOperation func = ariFindFunc(mod, o.func);
  if (mlirOperationIsNull(func)) {
    if (o.func)
      fprintf(stderr, "%s: error: no function named '%s'\n", o.file, o.func);
    else
      fprintf(stderr, "%s: error: the file has no func.func\n", o.file);
    goto done;
  }
  char fname[256], msg[512];
  funcName(func, fname, sizeof fname);
  AriTermFunc tf;
  MlirLocation errLoc = mlirOperationGetLocation(func);
  if (!ariTermImportFunc(store, func, &tf, &errLoc)) {
    snprintf(msg, sizeof msg, "cannot import @%s: %s", fname, ariTermStoreError(store));
    emitAt(errLoc, msg);
    goto done;
  }
  int rootIdx = -1;
  for (unsigned r = 0; r < tf.numRoots; ++r) {
    if (tf.roots[r].kind == ARI_ROOT_KEEP)
      continue;
    if (rootIdx >= 0) {
      snprintf(msg, sizeof msg, "@%s has more than one result to optimise", fname);
      emitAt(mlirOperationGetLocation(func), msg);
      goto done;
    }
    rootIdx = (int)r;
  }
  if (rootIdx < 0) {
    snprintf(msg, sizeof msg, "@%s computes nothing to optimise", fname);
    emitAt(mlirOperationGetLocation(func), msg);
    goto done;
  }
  codeCtx.loc = mlirOperationGetLocation(func); /* a candidate that does not lower */
  AriTerm *start = tf.roots[rootIdx].value;
  AriCostRankCtx rankCtx = {&model, &tf, (unsigned)rootIdx};
  if (ranked) {
    o.eq.rank = ariCostRankPrograms;
    o.eq.rankCtx = &rankCtx;
  }
  bool table = !o.quiet && !o.json;
  if (table)
    printf("%-14s %-10s %-5s %8s %8s %8s %9s %9s  %s\n", "goal", "guide", "found", "seconds",
           "peak MB", "applied", "e-nodes", "e-classes", "stop");
  if (o.json)
  {
    printf("{\"func\": ");
    ariToolJsonString(stdout, fname);
    printf(", \"goals\": [");
  }
  AriArena growthArena;
  ariArenaInit(&growthArena, 0);
  Progress progress = {.print = o.progress == 1 || (o.progress < 0 && isatty(2)),
                       .collect = o.json,
                       .arena = &growthArena};
  DotCtx dot = {o.dot, NULL, store, false};
  if (o.dot) {
    writeDot(&dot, "input.term.dot", NULL, ARI_EG_NONE, start);
    o.eq.onGraph = dotGraph;
    o.eq.onGraphCtx = &dot;
  }
  if (progress.print || progress.collect) {
    o.eq.progress = progressLine;
    o.eq.progressCtx = &progress;
  }
  rc = 0;
  MlirOperation last = func;
  bool firstGoal = true;
  for (unsigned gi = 0; gi < ngoals; ++gi) {
    AriEqsatReport rep;
    progress.goal = goals[gi]->name;
    progress.n = progress.used = 0;
    dot.goal = goals[gi]->name;
    if (!ariEqsatRunGuides(store, start, gf, goals[gi]->steps, goals[gi]->numSteps, &o.eq,
                           &rep)) {
      fprintf(stderr, "%s: error: goal %s: %s\n", o.guides, goals[gi]->name, rep.error);
      rc = 1;
      continue;
    }
    size_t applied = 0, nodes = 0, classes = 0;
    if (o.json) {
      printf("%s{\"goal\": ", firstGoal ? "" : ", ");
      ariToolJsonString(stdout, goals[gi]->name);
      printf(", \"found\": %s, \"seconds\": %.6f, \"peak_bytes\": %zu, \"guides\": [",
             rep.found ? "true" : "false", rep.seconds, rep.peakBytes);
      for (unsigned k = 0; k < rep.numGuides; ++k)
        jsonGuide(&rep.guides[k], store, o.printTerms, k == 0, &progress);
      printf("]}");
      firstGoal = false;
    }
    for (unsigned k = 0; k < rep.numGuides; ++k) {
      if (table)
        printRow(goals[gi]->name, &rep.guides[k]);
      if (table && o.printTerms && rep.guides[k].result) {
        const char *str = ariTermToString(store, rep.guides[k].result, 0);
        printf("  %s\n", str ? str : "(out of memory)");
      }
      const AriGuide *gd =
          rep.guides[k].missingSize ? ariGuideFind(gf, rep.guides[k].guide) : NULL;
      if (gd) /* a guide written for other sizes: why it was not found */
        fprintf(stderr,
                "%s:%u: note: guide '%s' names arrays of size %" PRId64
                " and no array of that size was in the e-graph\n",
                o.guides, gd->line, gd->name, rep.guides[k].missingSize);
      applied += rep.guides[k].applied;
      if (rep.guides[k].nodes > nodes)
        nodes = rep.guides[k].nodes;
      if (rep.guides[k].classes > classes)
        classes = rep.guides[k].classes;
    }
    if (table)
      printf("%-14s %-10s %-5s %8.3f %8.1f %8zu %9zu %9zu  %s\n", goals[gi]->name, "(total)",
             rep.found ? "yes" : "no", rep.seconds, (double)rep.peakBytes / (1024.0 * 1024.0),
             applied, nodes, classes,
             rep.found ? "found" : ariEgStopName(rep.guides[rep.numGuides - 1].stop));
    AriTerm *program = rep.result;
    if (!rep.found) {
      if (!o.allowPartial) {
        rc = 1;
        continue;
      }
      /* --allow-partial: the program of the last guide that was found. */
      const AriEqsatGuideReport *kept = NULL;
      for (unsigned k = 0; k < rep.numGuides; ++k)
        if (rep.guides[k].found && rep.guides[k].result)
          kept = &rep.guides[k];
      program = kept ? kept->result : start;
      fprintf(stderr, "%s: note: goal %s not satisfied; kept %s%s%s\n", o.guides,
              goals[gi]->name, kept ? "the program of guide '" : "the input program",
              kept ? kept->guide : "", kept ? "'" : "");
    }
    if (!o.output)
      continue;
    AriTermFunc nf = tf;
    AriTermRoot roots[64];
    if (tf.numRoots > 64) {
      emitAt(mlirOperationGetLocation(func), "too many results to export");
      rc = 1;
      continue;
    }
    memcpy(roots, tf.roots, tf.numRoots * sizeof roots[0]);
    roots[rootIdx].value = program;
    nf.roots = roots;
    MlirOperation target = func;
    if (o.all) {
      target = mlirOperationClone(func);
      char nn[512];
      snprintf(nn, sizeof nn, "%s_%s", fname, goals[gi]->name);
      mlirOperationSetAttributeByName(
          target, mlirStringRefCreateFromCString("sym_name"),
          mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(nn)));
      mlirBlockInsertOwnedOperationAfter(mlirModuleGetBody(mod), last, target);
      last = target;
    }
    errLoc = mlirOperationGetLocation(func);
    ariTermStoreClearError(store);
    if (!ariTermExportFunc(store, &nf, target, &errLoc)) {
      snprintf(msg, sizeof msg, "cannot export the program of goal %s: %s", goals[gi]->name,
               ariTermStoreError(store));
      emitAt(errLoc, msg);
      rc = 1;
    }
  }
  if (o.json)
    printf("]}\n");
  if (dot.failed)
    rc = 1;
  ariArenaDestroy(&growthArena);
  if (o.output) {
    /* Opened as it is (a device or FIFO is written through, a link's
     * target written); stdout's errors are ariToolExit's. */
    FILE *out = strcmp(o.output, "-") ? fopen(o.output, "w") : stdout;
    if (!out) {
      fprintf(stderr, "%s: error: cannot open the output file: %s\n", o.output, strerror(errno));
      rc = 1;
    } else {
      ariPrintOp(mlirModuleGetOperation(mod), out, false);
      bool failed = ferror(out) != 0;
      int err = out == stdout ? 0 : fclose(out) != 0 ? errno : failed ? EIO : 0;
      if (err) {
        fprintf(stderr, "%s: error: cannot write the output file: %s\n", o.output, strerror(err));
        rc = 1;
      }
    }
  }
done:
  if (!mlirModuleIsNull(mod))
    mlirModuleDestroy(mod);
  if (sinkOn)
    ariDiagSinkDetach(&sink);
  if (ctx.ptr)
    mlirContextDestroy(ctx);
  free(text);
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(store);
  ariCostModelClose(&model);
  return rc;
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
