/*===- search/eqsat.c - sketch-guided equality saturation (Listing 5.6) ---===*\
 *
 * Guide chaining: each guide gets a fresh e-graph holding only the
 * program the previous guide extracted, so the graph never carries the
 * alternatives of earlier steps (that is what keeps the thesis's guided
 * searches small). The sketch is the runner's goal, checked after every
 * rebuild with a fresh matcher (the memo is only valid for one state of
 * the graph); once it holds, the cheapest satisfying program is extracted
 * with ariEgExtractSketch and the next guide starts from it.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "search/eqsat.h"

#include "search/egraph/egraph_sketch.h"
#include "utils/arena.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

void ariEqsatOptsDefault(AriEqsatOpts *o) {
  memset(o, 0, sizeof *o);
  /* Table 5.4's limits: generous for a guided step (which needs a few
   * thousand e-nodes), and they bound a guide that cannot be satisfied. */
  o->maxNodes = 1000000;
  o->maxSeconds = 60;
  o->maxBytes = (size_t)4 << 30;
}

static double monotonic(void *ctx) {
  (void)ctx;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct GoalCtx {
  const AriSketch *sketch;
  bool failed; /* the matcher ran out of memory */
} GoalCtx;

static bool goalReached(void *ctx, AriEGraph *g, AriEClass root) {
  GoalCtx *gc = ctx;
  AriSketchMatcher *m = ariSketchMatcherCreate(ariEgSketchGraph(g));
  if (!m) {
    gc->failed = true;
    return true; /* stops the run; the caller reports the error */
  }
  int r = ariSketchMatchClass(m, gc->sketch, ariEgSketchClass(g, root));
  ariSketchMatcherDestroy(m);
  if (r < 0) {
    gc->failed = true;
    return true;
  }
  return r == 1;
}

/* Whether t names an array of size v anywhere in it. */
static bool typeHasArray(const AriType *t, int64_t v, unsigned depth) {
  if (!t || depth > 10000)
    return false;
  if (ariTypeKind(t) == ARI_TYPE_ARRAY && ariTypeSize(t) == v)
    return true;
  return typeHasArray(ariTypeElem(t), v, depth + 1) ||
         typeHasArray(ariTypeFirst(t), v, depth + 1) ||
         typeHasArray(ariTypeSecond(t), v, depth + 1);
}

/* The first array size the sketch names that no e-node of g has in its
 * type; 0 if none (AriEqsatGuideReport.missingSize). */
static int64_t missingArraySize(AriEGraph *g, const AriSketch *k) {
  int64_t sizes[16];
  size_t n = ariSketchArraySizes(k, sizes, 16);
  if (n > 16)
    n = 16;
  bool seen[16] = {false};
  size_t left = n;
  const AriType *prev = NULL;
  for (size_t i = 0; left && i < ariEgTotalNodes(g); ++i) {
    const AriType *t = ariEgNodeType(g, (AriENode)i);
    if (t == prev)
      continue;
    prev = t;
    for (size_t j = 0; j < n; ++j)
      if (!seen[j] && typeHasArray(t, sizes[j], 0)) {
        seen[j] = true;
        left--;
      }
  }
  for (size_t j = 0; j < n; ++j)
    if (!seen[j])
      return sizes[j];
  return 0;
}

static AriTerm *sketchExtract(void *ctx, AriEGraph *g, AriEClass root, AriEgCostFn fn,
                              void *fnCtx, double *cost) {
  return ariEgExtractSketch(g, root, ctx, fn, fnCtx, cost);
}

/* The ranked extraction of the last guide (AriEqsatOpts.rank): false on
 * an error (err set); gr->result NULL with no error when nothing
 * satisfies the sketch. */
static bool extractRanked(AriTermStore *s, AriEGraph *g, AriEClass root, const AriGuide *guide,
                          const AriEqsatOpts *o, AriEqsatGuideReport *gr, char *err,
                          size_t cap) {
  unsigned k = o->candidates ? o->candidates : ARI_EQSAT_DEFAULT_CANDIDATES;
  if (k > ARI_EQSAT_MAX_CANDIDATES)
    k = ARI_EQSAT_MAX_CANDIDATES;
  AriTerm *cands[ARI_EQSAT_MAX_CANDIDATES];
  double costs[ARI_EQSAT_MAX_CANDIDATES], scores[ARI_EQSAT_MAX_CANDIDATES];
  /* Sketch-free (ariEqsatRunFree): any program of the class. */
  size_t n = ariEgExtractK(g, root, guide->sketch ? sketchExtract : NULL,
                           (void *)guide->sketch, o->cost, o->costCtx, k, cands, costs);
  if (!n)
    return true;
  char msg[ARI_RULE_ERR_MAX] = "";
  if (!o->rank(o->rankCtx, s, cands, n, scores, msg, sizeof msg)) {
    snprintf(err, cap, "guide %s: ranking the candidates: %s", guide->name,
             msg[0] ? msg : "failed");
    return false;
  }
  size_t best = 0;
  for (size_t i = 1; i < n; ++i)
    if (scores[i] < scores[best] || (isnan(scores[best]) && !isnan(scores[i])))
      best = i;
  gr->result = cands[best];
  gr->cost = costs[best];
  gr->candidates = (unsigned)n;
  gr->picked = (unsigned)best;
  gr->score = scores[best];
  return true;
}

/* Adds the guide's name to the run's progress. */
typedef struct {
  const AriEqsatOpts *o;
  const char *guide;
} ProgressCtx;

static void guideProgress(void *ctx, const AriEgProgress *p) {
  const ProgressCtx *pc = ctx;
  pc->o->progress(pc->o->progressCtx, pc->guide, p);
}

/* One guide from `start`; false on an error (rep->error set). `last`: the
 * last guide of the run (the one AriEqsatOpts.rank ranks). A guide without
 * a sketch (ariEqsatRunFree) has no goal: the graph grows until it
 * saturates or a limit stops it, and any program of the root class is
 * extracted. */
static bool runGuide(AriTermStore *s, AriTerm *start, const AriGuide *guide,
                     const AriEqsatOpts *o, bool last, AriEqsatGuideReport *gr, char *err,
                     size_t cap) {
  AriEgClockFn clk = o->clock ? o->clock : monotonic;
  double t0 = clk(o->clockCtx);
  memset(gr, 0, sizeof *gr);
  snprintf(gr->guide, sizeof gr->guide, "%s", guide->name);
  gr->cost = INFINITY;
  const char *const *texts = o->rules ? o->rules : guide->rules;
  unsigned nrules = o->rules ? o->numRules : guide->numRules;
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriEgRule *rules = nrules ? ariArenaCalloc(&arena, nrules * sizeof(AriEgRule)) : NULL;
  bool ok = true;
  if (nrules && !rules) {
    snprintf(err, cap, "guide %s: out of memory", guide->name);
    ok = false;
  }
  for (unsigned i = 0; ok && i < nrules; ++i) {
    char msg[ARI_RULE_ERR_MAX];
    if (!ariEgRuleMake(s, &arena, texts[i], &rules[i], msg, sizeof msg)) {
      snprintf(err, cap, "guide %s: rule '%s': %s", guide->name, texts[i], msg);
      ok = false;
    }
  }
  AriEGraph *g = ok ? ariEgCreate(s) : NULL;
  if (ok && !g) {
    snprintf(err, cap, "guide %s: out of memory", guide->name);
    ok = false;
  }
  AriEClass root = ok ? ariEgAddTerm(g, start) : ARI_EG_NONE;
  if (ok && root == ARI_EG_NONE) {
    snprintf(err, cap, "guide %s: %s", guide->name, ariEgError(g));
    ok = false;
  }
  if (ok) {
    GoalCtx gc = {.sketch = guide->sketch};
    ProgressCtx pc = {o, guide->name};
    AriEgRunOpts ro = {.maxIterations = o->maxIterations,
                       .maxNodes = o->maxNodes,
                       .maxSeconds = o->maxSeconds,
                       .maxBytes = o->maxBytes,
                       .clock = o->clock,
                       .clockCtx = o->clockCtx,
                       .goal = guide->sketch ? goalReached : NULL,
                       .goalCtx = &gc,
                       .cost = o->cost,
                       .costCtx = o->costCtx,
                       .progress = o->progress ? guideProgress : NULL,
                       .progressCtx = &pc};
    AriEgReport er;
    bool ran = ariEgRun(g, root, rules, nrules, &ro, &er);
    gr->stop = er.stop;
    gr->iterations = er.iterations;
    gr->nodes = er.nodes;
    gr->classes = er.classes;
    gr->matches = er.matches;
    gr->applied = er.applied;
    /* The run reports its peak (graph, store, match tables). */
    gr->peakBytes = er.bytes;
    if (!ran) {
      snprintf(err, cap, "guide %s: %s", guide->name, er.error);
      ok = false;
    } else if (gc.failed) {
      snprintf(err, cap, "guide %s: out of memory matching the sketch", guide->name);
      ok = false;
    } else {
      /* Also after a limit: the last iteration's merges may have made the
       * sketch reachable (the runner checks the goal only between
       * iterations that changed something). */
      ariEgClearError(g);
      /* The class-level check first (the runner's goal, cheap next to
       * extraction over a large graph): extraction only where it holds, so
       * that a limit is not overrun by extracting from a graph that cannot
       * have the program. */
      bool reachable = !guide->sketch || er.stop == ARI_EG_STOP_GOAL ||
                       goalReached(&gc, g, ariEgFind(g, root));
      if (gc.failed) {
        snprintf(err, cap, "guide %s: out of memory matching the sketch", guide->name);
        ok = false;
      } else if (reachable && last && o->rank) {
        if (!extractRanked(s, g, ariEgFind(g, root), guide, o, gr, err, cap))
          ok = false;
      } else if (reachable && guide->sketch)
        gr->result = ariEgExtractSketch(g, ariEgFind(g, root), guide->sketch, o->cost,
                                        o->costCtx, &gr->cost);
      else if (reachable)
        gr->result = ariEgExtract(g, ariEgFind(g, root), o->cost, o->costCtx, &gr->cost);
      if (ok && !gr->result && ariEgError(g)[0]) {
        snprintf(err, cap, "guide %s: %s", guide->name, ariEgError(g));
        ok = false;
      }
      gr->found = gr->result != NULL;
      if (gr->found && guide->sketch)
        gr->stop = ARI_EG_STOP_GOAL;
      else if (!gr->found && guide->sketch)
        gr->missingSize = missingArraySize(g, guide->sketch);
      size_t now = ariEgBytes(g) + ariTermStoreBytes(s);
      if (now > gr->peakBytes)
        gr->peakBytes = now;
      if (ok && o->onGraph)
        o->onGraph(o->onGraphCtx, guide->name, g, ariEgFind(g, root), gr->result);
    }
  }
  ariEgDestroy(g);
  ariArenaDestroy(&arena);
  gr->seconds = clk(o->clockCtx) - t0;
  return ok;
}

bool ariEqsatRunGuides(AriTermStore *s, AriTerm *start, const AriGuideFile *file,
                       const unsigned *steps, unsigned numSteps, const AriEqsatOpts *o,
                       AriEqsatReport *rep) {
  memset(rep, 0, sizeof *rep);
  AriEqsatOpts defaults;
  if (!o) {
    ariEqsatOptsDefault(&defaults);
    o = &defaults;
  }
  if (!s || !start || !file) {
    snprintf(rep->error, sizeof rep->error, "eqsat: no program or guide file");
    return false;
  }
  if (numSteps > ARI_EQSAT_MAX_GUIDES) {
    snprintf(rep->error, sizeof rep->error, "eqsat: %u guides (at most %d)", numSteps,
             ARI_EQSAT_MAX_GUIDES);
    return false;
  }
  AriTerm *cur = start;
  bool ok = true;
  rep->found = numSteps > 0;
  for (unsigned i = 0; i < numSteps; ++i) {
    if (steps[i] >= file->numGuides) {
      snprintf(rep->error, sizeof rep->error, "eqsat: guide index %u out of range", steps[i]);
      ok = false;
      break;
    }
    const AriGuide *gd = &file->guides[steps[i]];
    if (!gd->sketch) { /* its sizes did not work out (AriGuide.sizeError) */
      const AriSketchError *e = gd->sizeError;
      snprintf(rep->error, sizeof rep->error, "guide '%s': %u:%u: %s", gd->name, e ? e->line : 0,
               e ? e->col : 0, e ? e->msg : "no sketch");
      ok = false;
      break;
    }
    AriEqsatGuideReport *gr = &rep->guides[rep->numGuides++];
    ok = runGuide(s, cur, &file->guides[steps[i]], o, i + 1 == numSteps, gr, rep->error,
                  sizeof rep->error);
    rep->seconds += gr->seconds;
    if (gr->peakBytes > rep->peakBytes)
      rep->peakBytes = gr->peakBytes;
    if (!ok || !gr->found) {
      rep->found = false;
      break;
    }
    cur = gr->result;
  }
  if (!ok)
    rep->found = false;
  rep->result = rep->found ? cur : NULL;
  return ok;
}

bool ariEqsatRunGoal(AriTermStore *s, AriTerm *start, const AriGuideFile *file, const char *goal,
                     const AriEqsatOpts *o, AriEqsatReport *rep) {
  memset(rep, 0, sizeof *rep);
  for (unsigned i = 0; file && goal && i < file->numGoals; ++i)
    if (!strcmp(file->goals[i].name, goal))
      return ariEqsatRunGuides(s, start, file, file->goals[i].steps, file->goals[i].numSteps, o,
                               rep);
  snprintf(rep->error, sizeof rep->error, "eqsat: no goal named '%s'", goal ? goal : "");
  return false;
}

bool ariEqsatRunFree(AriTermStore *s, AriTerm *start, const char *const *rules,
                     unsigned numRules, const AriEqsatOpts *o, AriEqsatGuideReport *rep,
                     char *err, size_t cap) {
  AriEqsatOpts defaults;
  if (!o) {
    ariEqsatOptsDefault(&defaults);
    o = &defaults;
  }
  if (!s || !start) {
    memset(rep, 0, sizeof *rep);
    snprintf(err, cap, "eqsat: no program");
    return false;
  }
  AriEqsatOpts own = *o;
  own.rules = NULL; /* the guide below holds them */
  AriGuide g = {.name = "saturate", .sketch = NULL, .numRules = numRules, .rules = rules};
  bool ok = runGuide(s, start, &g, &own, true, rep, err, cap);
  if (ok && !rep->result) { /* extraction always finds the input's class */
    snprintf(err, cap, "eqsat: extraction found no program");
    ok = false;
  }
  return ok;
}
