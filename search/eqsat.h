/*===- search/eqsat.h - sketch-guided equality saturation -----------------===*\
 *
 * The thesis's Listing 5.6 over search/egraph/egraph.h and search/sketch/sketch.h: for
 * each guide of a goal, put the current program in a fresh e-graph, grow it
 * with the guide's rules until some program in it satisfies the guide's
 * sketch (or a limit is hit), extract the cheapest program that satisfies
 * the sketch, and go on from that program with the next guide.
 *
 * Used by the rise-eqsat pass (passes/eqsat.c) and ariadne-eqsat
 * (tools/ariadne-eqsat.c). Nothing global; errors are values.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_EQSAT_H
#define ARIADNE_SEARCH_EQSAT_H

#include "search/egraph/egraph.h"
#include "search/sketch/sketch.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ARI_EQSAT_MAX_GUIDES = 16, /* guides per goal */
  ARI_EQSAT_NAME_MAX = 64
};

/* Scores programs for the ranking of AriEqsatOpts.rank: scores[i] for
 * programs[i] (terms of s), lower meaning faster. False with a message in
 * err when a program cannot be scored (the run fails with it). */
typedef bool (*AriEqsatRankFn)(void *ctx, AriTermStore *s, AriTerm *const *programs, size_t n,
                               double *scores, char *err, size_t cap);

enum { ARI_EQSAT_DEFAULT_CANDIDATES = 16, ARI_EQSAT_MAX_CANDIDATES = 256 };

/* Limits and choices for every guide of a run. Zero limits mean none;
 * ariEqsatOptsDefault gives the pass's defaults. */
typedef struct AriEqsatOpts {
  unsigned maxIterations;
  size_t maxNodes;   /* live e-nodes per guide */
  double maxSeconds; /* per guide */
  size_t maxBytes;   /* e-graph tables + term store, per guide */
  AriEgCostFn cost;  /* extraction among satisfying programs; NULL: size */
  void *costCtx;
  /* A cost that is not a sum over e-nodes (a cost model's estimate of the
   * run time): when rank is set, the LAST guide of a run extracts up to
   * `candidates` programs that satisfy its sketch, the cheapest under
   * `cost` and near-cheapest alternatives (ariEgExtractK), and keeps the
   * one rank scores lowest (on a tie the earlier, cheaper under cost).
   * Earlier guides extract under `cost` alone: they shape the program,
   * the last one's is what runs. */
  AriEqsatRankFn rank;
  void *rankCtx;
  unsigned candidates; /* 0: ARI_EQSAT_DEFAULT_CANDIDATES */
  /* When non-NULL, these rules (search/rules/rules.h text, e.g. "splitJoin(32)")
   * replace every guide's own rule list. */
  const char *const *rules;
  unsigned numRules;
  AriEgClockFn clock; /* NULL: CLOCK_MONOTONIC (tests inject a fake) */
  void *clockCtx;
  /* Called after every iteration of every guide (NULL: none), with the
   * guide's name: for progress output (ariadne-eqsat --progress). */
  void (*progress)(void *ctx, const char *guide, const AriEgProgress *p);
  void *progressCtx;
  /* Called after each guide's search and extraction, before its e-graph
   * is freed (NULL: none): `result` is the program extracted (NULL when
   * not found), e.g. for ariEgWriteDot (ariadne-eqsat --dot). */
  void (*onGraph)(void *ctx, const char *guide, AriEGraph *g, AriEClass root,
                  const AriTerm *result);
  void *onGraphCtx;
} AriEqsatOpts;

void ariEqsatOptsDefault(AriEqsatOpts *o);

/* What one guide's search did. */
typedef struct AriEqsatGuideReport {
  char guide[ARI_EQSAT_NAME_MAX];
  bool found;     /* a program satisfying the sketch was extracted */
  AriEgStop stop; /* why growing stopped: ARI_EG_STOP_GOAL when found */
  unsigned iterations;
  size_t nodes, classes;   /* e-graph at the end */
  size_t matches, applied; /* rule matches found, merges that changed */
  size_t peakBytes;        /* e-graph + term store, at the largest */
  double seconds;          /* growing + extraction */
  AriTerm *result;         /* the extracted program (NULL when !found) */
  double cost;  /* under AriEqsatOpts.cost */
  /* Ranked (AriEqsatOpts.rank, the last guide): how many candidates were
   * scored (0: not ranked), the index of the one kept (0 is the cheapest
   * under cost) and its score. */
  unsigned candidates, picked;
  double score;
  /* Not found: an array size the sketch names that no e-node's type had
   * (a guide written for other sizes: 1024 on a 768 x 512 x 640 matmul);
   * 0 when every size it names was there. */
  int64_t missingSize;
} AriEqsatGuideReport;

typedef struct AriEqsatReport {
  bool found; /* every guide found its sketch */
  unsigned numGuides; /* guides run (a run stops at the first not found) */
  AriEqsatGuideReport guides[ARI_EQSAT_MAX_GUIDES];
  AriTerm *result; /* the last guide's program (NULL unless found) */
  double seconds;
  size_t peakBytes;
  char error[ARI_RULE_ERR_MAX]; /* set when the run returns false */
} AriEqsatReport;

/* Runs `steps` (guides of `file`, by index, in order) from `start`.
 * Returns false only on an error (unknown or pattern-less rule in a
 * guide, out of memory, ...; rep->error says which); a guide that is not
 * found within the limits is not an error: rep->found is false and the
 * last guide report says which limit stopped it. */
bool ariEqsatRunGuides(AriTermStore *s, AriTerm *start, const AriGuideFile *file,
                       const unsigned *steps, unsigned numSteps, const AriEqsatOpts *o,
                       AriEqsatReport *rep);

/* The same for the goal named `goal` of `file` (false, with an error, when
 * there is none). */
bool ariEqsatRunGoal(AriTermStore *s, AriTerm *start, const AriGuideFile *file, const char *goal,
                     const AriEqsatOpts *o, AriEqsatReport *rep);

/* Sketch-free equality saturation (the baseline X-RLflow and Knossos
 * compare with; docs/rl.md "Baselines"): grows an e-graph of `start` with
 * rules[0..numRules) (search/rules/rules.h text) until it saturates or a
 * limit of o (NULL: ariEqsatOptsDefault) stops it, then extracts the
 * cheapest program under o->cost or, with o->rank, the best scored of up
 * to o->candidates cheap ones. rep describes the one step ("saturate"):
 * rep->stop is why growing stopped (saturated, a limit), rep->result the
 * program (start itself when no rule helped). False only on an error (an
 * unknown rule, out of memory, a failed ranking), with err set. o->rules
 * is ignored; progress and onGraph name the step "saturate". */
bool ariEqsatRunFree(AriTermStore *s, AriTerm *start, const char *const *rules,
                     unsigned numRules, const AriEqsatOpts *o, AriEqsatGuideReport *rep,
                     char *err, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_EQSAT_H */
