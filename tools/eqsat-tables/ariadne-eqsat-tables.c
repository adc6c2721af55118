/*===- ariadne-eqsat-tables.c - the thesis's Tables 5.3 and 5.4 -----------===*\
 *
 *   ariadne-eqsat-tables --table=5.3 [--problem=NAME] [--encoding=SUBST,BIND]
 *                        [limits]
 *       reduction, fission and binomial (thesis Figures 5.12-5.14) under
 *       the four lambda encodings (tools/eqsat-tables/egraph_lambda.h): found, time,
 *       peak memory, rules applied, e-nodes, e-classes, stop reason
 *   ariadne-eqsat-tables --table=5.4 --guides=FILE [--func=F] [--goal=G]
 *                        [--rules=R1,..] [limits] INPUT.mlir
 *       unguided equality saturation (search/egraph/egraph.h's runner, the goal's
 *       last sketch as the goal, every rule of the file's guides that has
 *       a pattern) from function F of INPUT (default: the first): per
 *       goal, found, time, memory, rules applied, e-nodes and e-classes at
 *       the end, e-nodes added per second and rebuild time
 *
 * Limits: --time-limit=S (default 60), --memory-limit=MB (default 2000 for
 * 5.3, 4096 for 5.4), --node-limit=N and --iteration-limit=N (default
 * none). Exit 1 on bad input, 2 on a bad command line.
 *
\*===----------------------------------------------------------------------===*/

#include "tools/eqsat-tables/egraph_lambda.h"
#include "search/egraph/egraph_sketch.h"
#include "search/sketch/sketch.h"
#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"
#include "utils/file.h"

#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOOL "ariadne-eqsat-tables"

static void usage(FILE *f) {
  fprintf(f,
          "usage: ariadne-eqsat-tables --table=5.3 [--problem=NAME] [--encoding=S,B] [limits]\n"
          "       ariadne-eqsat-tables --table=5.4 --guides=FILE [--func=F] [limits] INPUT.mlir\n"
          "  --table=5.3          the lambda encodings on reduction, fission, binomial\n"
          "  --problem=NAME       only this problem (reduction, fission, binomial)\n"
          "  --encoding=S,B       only S in {explicit, extraction}, B in {names, debruijn}\n"
          "  --table=5.4          unguided saturation towards each goal of FILE\n"
          "  --guides=FILE        the guide file (search/sketch/guides/matmul.guides)\n"
          "  --goal=NAME          only this goal (5.4)\n"
          "  --rules=R1,R2,..     (5.4) only these of the file's rules\n"
          "  --func=NAME          (5.4) start from this function (default: the first)\n"
          "  --print-terms        (5.4) print each program found\n"
          "  --incremental        (5.4) incremental matching (AriEgRunOpts.incremental)\n"
          "  --time-limit=S       seconds per run (default 60; 0: none)\n"
          "  --memory-limit=MB    per run (default 2000 for 5.3, 4096 for 5.4; 0: none)\n"
          "  --node-limit=N       live e-nodes per run (default: none)\n"
          "  --iteration-limit=N  iterations per run (default: none)\n"
          "  --version            the tool's and LLVM's versions\n"
          ARI_TOOL_HELP_TAIL);
}

typedef struct Opts {
  const char *table, *problem, *encoding, *guides, *goal, *file, *rules, *func;
  bool printTerms, incremental;
  double seconds;
  size_t megabytes, nodes;
  unsigned iterations;
  bool haveMem;
} Opts;

static int table53(const Opts *o) {
  AriLxProblem only = ARI_LX_NUM_PROBLEMS;
  if (o->problem && !ariLxProblemFromName(o->problem, &only))
    return ariToolUsageError(TOOL, "unknown problem '%s'", o->problem);
  int encS = -1, encB = -1;
  if (o->encoding) {
    char s[32] = "", b[32] = "";
    if (sscanf(o->encoding, "%31[^,],%31s", s, b) != 2)
      return ariToolUsageError(TOOL, "--encoding wants SUBST,BINDING, got '%s'", o->encoding);
    for (int i = 0; i < 2; ++i) {
      if (!strcmp(s, ariLxSubstName((AriLxSubst)i)))
        encS = i;
      if (!strcmp(b, ariLxBindingName((AriLxBinding)i)))
        encB = i;
    }
    if (encS < 0 || encB < 0)
      return ariToolUsageError(TOOL, "unknown encoding '%s'", o->encoding);
  }
  printf("%-10s %-10s %-10s %-5s %9s %9s %9s %9s %9s %9s  %s\n", "subst", "binding", "goal",
         "found", "time[s]", "mem[MB]", "rules", "matches", "e-nodes", "e-classes", "stop");
  int status = 0;
  for (int s = 0; s < 2; ++s)
    for (int b = 0; b < 2; ++b)
      for (int p = 0; p < ARI_LX_NUM_PROBLEMS; ++p) {
        if ((encS >= 0 && s != encS) || (encB >= 0 && b != encB) ||
            (only != ARI_LX_NUM_PROBLEMS && p != (int)only))
          continue;
        AriLxOpts lo;
        memset(&lo, 0, sizeof lo);
        lo.subst = (AriLxSubst)s;
        lo.binding = (AriLxBinding)b;
        lo.maxSeconds = o->seconds;
        lo.maxBytes = o->megabytes << 20;
        lo.maxNodes = o->nodes;
        lo.maxIterations = o->iterations;
        AriLxReport r;
        if (!ariLxRun((AriLxProblem)p, &lo, &r)) {
          fprintf(stderr, TOOL ": %s: %s\n", ariLxProblemName((AriLxProblem)p), r.error);
          status = 1;
          continue;
        }
        printf("%-10s %-10s %-10s %-5s %9.4f %9.1f %9zu %9zu %9zu %9zu  %s (%u iterations)\n",
               ariLxSubstName(lo.subst), ariLxBindingName(lo.binding),
               ariLxProblemName((AriLxProblem)p), r.found ? "yes" : "no", r.seconds,
               (double)r.peakBytes / (1 << 20), r.applied, r.matches, r.nodes, r.classes,
               ariEgStopName(r.stop), r.iterations);
        fflush(stdout);
      }
  return status;
}

enum { MAX_RULES = 128 };

/* Whether `name` is an item of the comma-separated list (commas inside
 * parentheses belong to the rule: "splitJoin(32),tileReduce(4)"); a NULL
 * list lists everything. */
static bool listed(const char *list, const char *name) {
  if (!list)
    return true;
  size_t n = strlen(name);
  const char *p = list;
  while (*p) {
    const char *q = p;
    int depth = 0;
    while (*q && (*q != ',' || depth)) {
      depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
      ++q;
    }
    if ((size_t)(q - p) == n && !memcmp(p, name, n))
      return true;
    p = *q ? q + 1 : q;
  }
  return false;
}

typedef struct GoalCtx {
  const AriSketch *sketch;
  bool failed;
} GoalCtx;

/* The runner's goal: the root class satisfies the sketch. */
static bool sketchReached(void *ctx, AriEGraph *g, AriEClass root) {
  GoalCtx *gc = ctx;
  int r = ariEgSketchMatches(g, gc->sketch, root);
  if (r < 0)
    gc->failed = true;
  return r != 0;
}

/* One unguided search for goal number gi of the guide file: a fresh store,
 * the file parsed again and the function imported again, so that every
 * goal's memory figure is its own. Returns 0, or 1 on an error. */
static int unguidedGoal(const Opts *o, const char *text, size_t len, MlirOperation func,
                        unsigned gi, bool printRules) {
  AriTermStore *store = ariTermStoreCreate(0);
  AriSketchSet *set = store ? ariSketchSetCreate(store) : NULL;
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriEGraph *g = NULL;
  int rc = 1;
  if (!set) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    goto done;
  }
  AriSketchError se;
  const AriGuideFile *gf = ariGuideFileParse(set, text, len, &se);
  if (!gf) {
    fprintf(stderr, "%s:%u:%u: error: %s\n", o->guides, se.line, se.col, se.msg);
    goto done;
  }
  if (gi >= gf->numGoals) {
    rc = 0;
    goto done;
  }
  const AriGuideGoal *goal = &gf->goals[gi];
  /* the union of every guide's rules, in file order; those without an
   * e-graph pattern are listed and left out (the rules live in the arena:
   * MAX_RULES of them are too large for the stack) */
  AriEgRule *rules = ariArenaCalloc(&arena, MAX_RULES * sizeof *rules);
  if (!rules) {
    fprintf(stderr, TOOL ": error: out of memory\n");
    goto done;
  }
  const char *skipped[MAX_RULES];
  unsigned nrules = 0, nskipped = 0;
  for (unsigned k = 0; k < gf->numGuides; ++k)
    for (unsigned r = 0; r < gf->guides[k].numRules; ++r) {
      const char *name = gf->guides[k].rules[r];
      bool seen = false;
      for (unsigned i = 0; i < nrules && !seen; ++i)
        seen = !strcmp(rules[i].name, name);
      for (unsigned i = 0; i < nskipped && !seen; ++i)
        seen = !strcmp(skipped[i], name);
      if (seen || nrules == MAX_RULES || nskipped == MAX_RULES || !listed(o->rules, name))
        continue;
      char err[ARI_RULE_ERR_MAX];
      if (ariEgRuleMake(store, &arena, name, &rules[nrules], err, sizeof err))
        ++nrules;
      else
        skipped[nskipped++] = name;
    }
  if (printRules) {
    printf("rules (%u):", nrules);
    for (unsigned i = 0; i < nrules; ++i)
      printf(" %s", rules[i].name);
    printf("\nwithout a pattern, left out (%u):", nskipped);
    for (unsigned i = 0; i < nskipped; ++i)
      printf(" %s", skipped[i]);
    printf("\n%-14s %-10s %-5s %8s %8s %9s %9s %9s %9s %10s %9s  %s\n", "goal", "sketch",
           "found", "time[s]", "mem[MB]", "rules", "e-nodes", "e-classes", "added",
           "added/s", "rebuild[s]", "stop");
  }
  if ((o->goal && strcmp(o->goal, goal->name)) || !goal->numSteps) {
    rc = 0;
    goto done;
  }
  AriTermFunc tf;
  MlirLocation errLoc = mlirOperationGetLocation(func);
  if (!ariTermImportFunc(store, func, &tf, &errLoc)) {
    mlirEmitError(errLoc, ariTermStoreError(store));
    goto done;
  }
  AriTerm *start = NULL;
  for (unsigned r = 0; r < tf.numRoots; ++r)
    if (tf.roots[r].kind != ARI_ROOT_KEEP)
      start = tf.roots[r].value;
  g = start ? ariEgCreate(store) : NULL;
  AriEClass root = g ? ariEgAddTerm(g, start) : ARI_EG_NONE;
  if (root == ARI_EG_NONE) {
    fprintf(stderr, "%s: error: cannot put the first function into an e-graph\n", o->file);
    goto done;
  }
  const AriGuide *last = &gf->guides[goal->steps[goal->numSteps - 1]];
  if (!last->sketch) { /* its sizes do not work out (AriGuide.sizeError) */
    fprintf(stderr, "%s:%u:%u: error: guide '%s': %s\n", o->guides, last->sizeError->line,
            last->sizeError->col, last->name, last->sizeError->msg);
    goto done;
  }
  GoalCtx gc = {last->sketch, false};
  AriEgRunOpts ro;
  memset(&ro, 0, sizeof ro);
  ro.maxSeconds = o->seconds;
  ro.maxBytes = o->megabytes << 20;
  ro.maxNodes = o->nodes;
  ro.maxIterations = o->iterations;
  ro.incremental = o->incremental;
  ro.goal = sketchReached;
  ro.goalCtx = &gc;
  AriEgReport er;
  if (!ariEgRun(g, root, rules, nrules, &ro, &er) || gc.failed) {
    fprintf(stderr, "%s: error: goal %s: %s\n", o->guides, goal->name,
            gc.failed ? "matching the sketch failed" : er.error);
    goto done;
  }
  size_t added = ariEgTotalNodes(g);
  /* Found = a finite program satisfying the sketch can be extracted (as
   * search/eqsat.c decides), not only the class-level check. */
  AriTerm *prog = NULL;
  if (er.stop == ARI_EG_STOP_GOAL) {
    ariEgClearError(g);
    prog = ariEgExtractSketch(g, ariEgFind(g, root), last->sketch, NULL, NULL, NULL);
  }
  printf("%-14s %-10s %-5s %8.2f %8.1f %9zu %9zu %9zu %9zu %10.0f %9.2f  %s (%u iterations)\n",
         goal->name, last->name, prog ? "yes" : "no", er.seconds,
         (double)er.bytes / (1 << 20), er.applied, er.nodes, er.classes, added,
         er.seconds > 0 ? (double)added / er.seconds : 0.0, er.rebuildSeconds,
         ariEgStopName(er.stop), er.iterations);
  if (prog && o->printTerms) {
    const char *str = ariTermToString(store, prog, 0);
    printf("  %s\n", str ? str : "(out of memory)");
  }
  fflush(stdout);
  rc = 0;
done:
  ariEgDestroy(g);
  ariArenaDestroy(&arena);
  ariSketchSetDestroy(set);
  ariTermStoreDestroy(store);
  return rc;
}

/* Table 5.4: for each goal, one unguided search from the first function
 * of the input towards the goal's LAST sketch with every rule of every
 * guide of the file. */
/* Every name in --rules must be a rule some guide of the file uses:
 * otherwise the run would go on with fewer rules than asked, or none.
 * Reports the first that is not and returns false. */
static bool rulesKnown(const Opts *o, const AriGuideFile *gf) {
  for (const char *p = o->rules; p && *p;) {
    const char *q = p;
    int depth = 0;
    while (*q && (*q != ',' || depth)) {
      depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
      ++q;
    }
    size_t n = (size_t)(q - p);
    bool found = false;
    for (unsigned k = 0; k < gf->numGuides && !found; ++k)
      for (unsigned r = 0; r < gf->guides[k].numRules && !found; ++r)
        found = strlen(gf->guides[k].rules[r]) == n && !memcmp(gf->guides[k].rules[r], p, n);
    if (!found) {
      fprintf(stderr, "%s: error: --rules names '%.*s', which no guide of the file uses\n",
              o->guides, (int)n, p);
      return false;
    }
    p = *q ? q + 1 : q;
  }
  return true;
}

static int table54(const Opts *o) {
  if (!o->guides || !o->file)
    return ariToolUsageError(TOOL, "--table=5.4 needs --guides=FILE and INPUT.mlir");
  int rc = 1;
  size_t len = 0;
  char *text = NULL;
  AriFileError fe = ariFileRead(o->guides, NULL, ARI_FILE_TEXT_LIMIT, &text, &len);
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  MlirModule mod = {NULL};
  if (!ariFileOk(fe)) {
    if (fe.step == ARI_FILE_TOO_LARGE)
      fprintf(stderr, "%s: error: the guide file is larger than %zu bytes\n", o->guides, fe.limit);
    else
      fprintf(stderr, "%s: error: cannot read the guide file: %s\n", o->guides,
              strerror(fe.errnum));
    goto done;
  }
  mod = ariParseFile(ctx, o->file);
  if (mlirModuleIsNull(mod)) {
    if (!sink.errors)
      fprintf(stderr, "%s: error: cannot parse the module\n", o->file);
    goto done;
  }
  MlirOperation func = ariFindFunc(mod, o->func);
  if (mlirOperationIsNull(func)) {
    if (o->func)
      fprintf(stderr, "%s: error: no function named '%s'\n", o->file, o->func);
    else
      fprintf(stderr, "%s: error: the file has no func.func\n", o->file);
    goto done;
  }
  /* the file is parsed once here for its diagnostics and goal count, and
   * again for each goal (in that goal's own store) */
  unsigned ngoals = 0;
  {
    AriTermStore *s = ariTermStoreCreate(0);
    AriSketchSet *set = s ? ariSketchSetCreate(s) : NULL;
    AriSketchError se;
    const AriGuideFile *gf = set ? ariGuideFileParse(set, text, len, &se) : NULL;
    if (!set)
      fprintf(stderr, TOOL ": error: out of memory\n");
    else if (!gf)
      fprintf(stderr, "%s:%u:%u: error: %s\n", o->guides, se.line, se.col, se.msg);
    else
      ngoals = gf->numGoals;
    bool named = false;
    for (unsigned gi = 0; gf && o->goal && gi < ngoals; ++gi)
      named |= !strcmp(gf->goals[gi].name, o->goal);
    if (gf && o->goal && !named) {
      fprintf(stderr, "%s: error: no goal named '%s'\n", o->guides, o->goal);
      gf = NULL;
    }
    if (gf && !rulesKnown(o, gf))
      gf = NULL;
    ariSketchSetDestroy(set);
    ariTermStoreDestroy(s);
    if (!gf)
      goto done;
  }
  rc = 0;
  for (unsigned gi = 0; gi < ngoals; ++gi)
    rc |= unguidedGoal(o, text, len, func, gi, gi == 0);
done:
  if (!mlirModuleIsNull(mod))
    mlirModuleDestroy(mod);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  free(text);
  return rc;
}

static int toolMain(int argc, char **argv) {
  Opts o;
  memset(&o, 0, sizeof o);
  o.seconds = 60;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    uint64_t u;
    if (!strcmp(a, "--version")) {
      ariToolPrintVersion("ariadne-eqsat-tables");
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (ariToolOpt(argc, argv, &i, "--table", &v)) {
      o.table = v;
    } else if (ariToolOpt(argc, argv, &i, "--problem", &v)) {
      o.problem = v;
    } else if (ariToolOpt(argc, argv, &i, "--encoding", &v)) {
      o.encoding = v;
    } else if (ariToolOpt(argc, argv, &i, "--guides", &v)) {
      o.guides = v;
    } else if (!strcmp(a, "--print-terms")) {
      o.printTerms = true;
    } else if (!strcmp(a, "--incremental")) {
      o.incremental = true;
    } else if (ariToolOpt(argc, argv, &i, "--func", &v)) {
      o.func = v;
    } else if (ariToolOpt(argc, argv, &i, "--rules", &v)) {
      o.rules = v;
    } else if (ariToolOpt(argc, argv, &i, "--goal", &v)) {
      o.goal = v;
    } else if (ariToolOpt(argc, argv, &i, "--time-limit", &v)) {
      char *end;
      o.seconds = strtod(v, &end);
      if (!*v || *end || o.seconds < 0)
        return ariToolUsageError(TOOL, "bad --time-limit '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--memory-limit", &v)) {
      if (!ariToolParseU64(v, &u) || u > (1u << 24))
        return ariToolUsageError(TOOL, "bad --memory-limit '%s'", v);
      o.megabytes = (size_t)u;
      o.haveMem = true;
    } else if (ariToolOpt(argc, argv, &i, "--node-limit", &v)) {
      if (!ariToolParseU64(v, &u))
        return ariToolUsageError(TOOL, "bad --node-limit '%s'", v);
      o.nodes = (size_t)u;
    } else if (ariToolOpt(argc, argv, &i, "--iteration-limit", &v)) {
      if (!ariToolParseU64(v, &u) || u > 1000000000u)
        return ariToolUsageError(TOOL, "bad --iteration-limit '%s'", v);
      o.iterations = (unsigned)u;
    } else if (ariToolPositional(TOOL, a, &o.file)) {
      return 2;
    }
  }
  if (!o.table)
    return ariToolUsageError(TOOL, "--table=5.3 or --table=5.4 is required");
  if (!strcmp(o.table, "5.3")) {
    if (!o.haveMem)
      o.megabytes = 2000;
    return table53(&o);
  }
  if (!strcmp(o.table, "5.4")) {
    if (!o.haveMem)
      o.megabytes = 4096;
    return table54(&o);
  }
  return ariToolUsageError(TOOL, "unknown table '%s' (5.3 or 5.4)", o.table);
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
