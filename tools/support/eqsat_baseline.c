/*===- eqsat_baseline.c - sketch-free equality saturation as a baseline ----===*/

#include "tools/support/eqsat_baseline.h"

#include <stdio.h>
#include <string.h>

/* The e-graph cost is a proxy (Knossos' reads a kid class's kinds, not the
 * node extraction picks there): the candidates are ranked exactly. */
static bool rankByTermCost(void *ctx, AriTermStore *s, AriTerm *const *programs, size_t n,
                           double *scores, char *err, size_t cap) {
  (void)s, (void)err, (void)cap;
  AriCostTermFn fn = *(AriCostTermFn *)ctx;
  for (size_t i = 0; i < n; ++i)
    scores[i] = fn(programs[i]);
  return true;
}

bool ariEqBaselineInit(AriEqBaseline *b, const AriAStarRule *rules, size_t nrules,
                       const char *cost, AriCostModel *model, uint64_t maxNodes,
                       double maxSeconds, AriArena *arena, char *err, size_t cap) {
  memset(b, 0, sizeof *b);
  if (model) {
    /* as rise-eqsat's cost=analytic/model: the weighted size extracts */
    ariCostByName("weighted", &b->extract);
    b->model.model = model;
  } else if (!ariCostTermByName(cost, &b->term) || !ariCostByName(cost, &b->extract)) {
    snprintf(err, cap, "cost '%s' has no e-graph form (expected %s)", cost, ARI_COST_TERM_NAMES);
    return false;
  }
  b->rules = ariArenaAlloc(arena, sizeof *b->rules * (nrules ? nrules : 1));
  if (!b->rules) {
    snprintf(err, cap, "out of memory");
    return false;
  }
  for (size_t r = 0; r < nrules; ++r) {
    char buf[128];
    ariRuleInstPrint(&rules[r].inst, buf, sizeof buf);
    if (!(b->rules[r] = ariArenaStrndup(arena, buf, strlen(buf)))) {
      snprintf(err, cap, "out of memory");
      return false;
    }
  }
  b->numRules = (unsigned)nrules;
  ariEqsatOptsDefault(&b->opts);
  b->opts.maxNodes = maxNodes;
  b->opts.maxSeconds = maxSeconds;
  /* The runner's byte limit counts the whole term store, which a tool's
   * own searches may have grown to gigabytes before the baseline runs:
   * the e-node and time limits bound it instead. */
  b->opts.maxBytes = 0;
  b->opts.cost = b->extract.fn;
  b->opts.costCtx = b->extract.ctx;
  b->opts.rank = model ? ariCostRankPrograms : rankByTermCost;
  b->opts.rankCtx = model ? (void *)&b->model : (void *)&b->term;
  b->opts.candidates = ARI_EQSAT_DEFAULT_CANDIDATES;
  return true;
}

bool ariEqBaselineRun(AriEqBaseline *b, AriTermStore *s, const AriTermFunc *f, unsigned root,
                      double *cost, AriEqsatGuideReport *rep, char *err, size_t cap) {
  b->model.f = f;
  b->model.root = root;
  if (!ariEqsatRunFree(s, f->roots[root].value, b->rules, b->numRules, &b->opts, rep, err, cap))
    return false;
  if (b->term) {
    *cost = b->term(rep->result);
    return true;
  }
  AriCostRootCost rc = {b->model.model, s, f, root, false, ""};
  *cost = ariCostModelRootCost(&rc, rep->result);
  /* Extraction under the weighted size need not offer the input among the
   * ranked candidates: keep it when the model scores it lower, as a user
   * would. */
  double in = ariCostModelRootCost(&rc, f->roots[root].value);
  if (rc.failed) {
    snprintf(err, cap, "the model cannot score eqsat's program: %s", rc.error);
    return false;
  }
  if (in < *cost) {
    *cost = in;
    rep->result = f->roots[root].value;
  }
  return true;
}
