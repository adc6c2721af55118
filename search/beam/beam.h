/*===- search/beam/beam.h - beam search over rewrite actions --------------===*\
 *
 * The autoscheduler's first engine: a beam search in the manner of Halide's
 * Adams2019 autoscheduler, over sequences of *actions* scored by a cost
 * model. An action is a strategy (search/strategy/strategy.h), bound to the
 * rise host, that rewrites one subterm: a rule (`mapPar`), a parameterised
 * macro (`tile2(32, 64)`, `vectorise(8)`), written as data in a strategy
 * file, never in C. The engine knows nothing of what actions mean.
 *
 * One round extends every schedule of the beam by one step: each action at
 * each position of the function's term (every subterm reached by a path of
 * child indices from the function node, in pre-order, at most
 * maxPositions of them). Every result that is new (its roots differ from
 * every schedule seen, as the store hash-conses terms) is scored in one
 * batch by the cost callback, and the beamWidth best of the round form the
 * next beam -- the best ending with each action first, and at most a
 * quarter of them ending with the same action, so that a step that pays
 * off only with the next one keeps a place. The best schedules seen in any round (the input included, at
 * depth 0) are kept, so a round that only makes things worse loses
 * nothing. The search ends after maxDepth rounds, when a round finds
 * nothing new, or at a limit; the result says which and holds the best so
 * far.
 *
 * A schedule replays as a strategy: its steps, each `child(i, ...)` down
 * its path around the action's text, joined by ` ; `. Run with the same
 * action definitions (rise-rewrite's strategy-file) on the input, it gives
 * the same function.
 *
 * Ties in score go to the shorter schedule (so the input stays when
 * nothing scores better), then by the terms' structural hashes mixed with
 * the seed, and the store numbers terms in creation order, so the same input,
 * actions, options and seed give the same schedules (the time limit aside:
 * a search stopped by it has seen as much as the clock allowed).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_BEAM_H
#define ARIADNE_SEARCH_BEAM_H

#include "search/strategy/strategy.h"
#include "search/strategy/strategy_rise.h"
#include "search/term/term.h"
#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ARI_BEAM_MAX_DEPTH = 32, /* steps of one schedule */
  ARI_BEAM_MAX_PATH = 48   /* child indices of one step's position */
};

/* One action: a bound strategy and the text it replays as. */
typedef struct AriBeamAction {
  const char *text;         /* "tile(32)", as a strategy expression */
  const AriStratExpr *expr; /* bound to the host the search runs with */
} AriBeamAction;

/* Scores n functions, lower meaning faster (costmodel/model.h's
 * ariCostModelScoreFuncs has this shape). A function it cannot score gets
 * a NaN or an infinity; false (with a message) stops the search. */
typedef bool (*AriBeamScoreFn)(void *ctx, AriTermStore *s, const AriTermFunc *const *fs, size_t n,
                               double *scores, char *err, size_t cap);

typedef struct AriBeamOptions {
  unsigned beamWidth;      /* schedules kept per round; 0: 32 */
  unsigned maxDepth;       /* rounds (steps per schedule); 0: 6, at most ARI_BEAM_MAX_DEPTH */
  unsigned maxPositions;   /* positions tried per schedule; 0: 4096 */
  unsigned keep;           /* best schedules returned; 0: 8 */
  uint64_t maxCandidates;  /* schedules scored in all; 0: no limit */
  double timeLimitS;       /* seconds; 0: no limit */
  size_t maxStoreBytes;    /* term store size; 0: no limit */
  uint64_t seed;           /* tie-breaking */
  AriStratLimits actionLimits; /* per action run; zeros: 10,000 steps, 1e6 visits */
  /* Candidates are scored as they are made, scoreBatch (0: 2048) per call
   * of the cost; the limits are checked between calls, so that a round cut
   * short is not followed by scoring all it made, and a limit reached while
   * scoring drops the rest of the round unscored. */
  unsigned scoreBatch;
  /* Seconds since any fixed origin, for timeLimitS; NULL: CLOCK_MONOTONIC.
   * Tests pass a clock of their own to make the time limit deterministic. */
  double (*clock)(void *clockCtx);
  void *clockCtx;
} AriBeamOptions;

typedef enum AriBeamStop {
  ARI_BEAM_DEPTH,      /* maxDepth rounds done */
  ARI_BEAM_EXHAUSTED,  /* a round found no new schedule */
  ARI_BEAM_TIME,       /* timeLimitS */
  ARI_BEAM_CANDIDATES, /* maxCandidates */
  ARI_BEAM_MEMORY,     /* maxStoreBytes, or out of memory */
  ARI_BEAM_ERROR       /* the cost callback or an action failed hard */
} AriBeamStop;

/* One step: actions[action] at path[0..pathLen) of the function node. */
typedef struct AriBeamStep {
  unsigned action;
  unsigned pathLen;
  uint32_t path[ARI_BEAM_MAX_PATH];
} AriBeamStep;

typedef struct AriBeamSchedule {
  AriTermFunc func; /* the input's name, arguments and hints; new roots */
  double score;
  unsigned numSteps;
  AriBeamStep *steps; /* numSteps, from the result's arena */
} AriBeamSchedule;

typedef struct AriBeamResult {
  AriBeamStop stop;
  /* The best distinct schedules, best first (best[0] may be the input
   * itself, with no steps, when nothing scored better): numKept of them
   * (at most opts->keep), then the states they went through on the way
   * (each once, the input aside), best first, to fall back on where the
   * kept ones do not lower. */
  AriBeamSchedule *best;
  size_t numBest;
  size_t numKept;
  unsigned rounds;        /* rounds completed */
  uint64_t applications;  /* action runs (action x position) */
  uint64_t candidates;    /* new schedules scored */
  uint64_t duplicates;    /* results equal to a schedule already seen */
  uint64_t unscored;      /* candidates the cost gave NaN/infinity */
  double inputScore;      /* the input's own score */
  double seconds;
  char message[256];      /* why it stopped, in words */
} AriBeamResult;

/* Searches from f (terms of s) with the n actions, all bound to
 * ariStratRiseHost(host) in program p. The result's schedules and steps
 * live in `arena`. Returns the stop reason (also in out->stop); with
 * ARI_BEAM_ERROR, out->message says why and out->best still holds the best
 * schedules scored before. */
AriBeamStop ariBeamSearch(AriTermStore *s, AriStratRise *host, const AriStratProgram *p,
                          const AriBeamAction *actions, size_t n, const AriTermFunc *f,
                          AriBeamScoreFn score, void *scoreCtx, const AriBeamOptions *opts,
                          AriArena *arena, AriBeamResult *out);

/* The replay strategy of a schedule: "id" for no steps, else
 * "child(0, tile(32)) ; child(0, child(1, mapPar)) ; ...". Returns the
 * length needed (as snprintf); buf holds a truncated text when it is
 * larger than cap. */
size_t ariBeamFormatSchedule(const AriBeamSchedule *sc, const AriBeamAction *actions, char *buf,
                             size_t cap);

/* The two moves of the search, for other engines over the same actions
 * (rise-search's A*, passes/search.c):
 *
 * ariBeamPositions: the pre-order positions of function term t (paths of
 * child indices from it, the function node itself first), at most max;
 * path k is paths[k * ARI_BEAM_MAX_PATH .. + lens[k]). Returns the count.
 *
 * ariBeamApply: runs action a (bound to host in p) at path[0..len) of
 * function term t, within limits (zeros are not defaulted here), with
 * scratch for the strategy engine; *out the new function term. False when
 * the action fails there or changes nothing; *hard then says whether the
 * term store failed (out of memory), which should stop a search. */
unsigned ariBeamPositions(AriStratRise *host, AriStratTerm t, unsigned max, uint32_t *paths,
                          unsigned *lens);
bool ariBeamApply(AriTermStore *s, AriStratRise *host, const AriStratProgram *p,
                  const AriBeamAction *a, const AriStratLimits *limits, AriArena *scratch,
                  AriStratTerm t, const uint32_t *path, unsigned len, AriStratTerm *out,
                  bool *hard);

enum { ARI_BEAM_MAX_ACTIONS = 512 };

/* The actions of a strategy program: every definition named `act`
 * followed by a capital letter (actTile, actPar), at most 2 parameters,
 * instantiated with every combination of values -- a parameter named `v`
 * takes vecs[0..nv) (vector widths), any other tiles[0..nt) (tile sizes)
 * -- each parsed and bound to host. Texts and expressions live in arena.
 * False with a message (an action with more parameters, one that does not
 * bind, none at all, more than ARI_BEAM_MAX_ACTIONS instances). */
bool ariBeamActions(AriStratProgram *p, AriStratRise *host, const int64_t *tiles, unsigned nt,
                    const int64_t *vecs, unsigned nv, AriArena *arena, AriBeamAction **actions,
                    size_t *n, char *err, size_t cap);

/* "depth", "exhausted", "time-limit", "candidate-limit", "memory-limit", "error". */
const char *ariBeamStopName(AriBeamStop s);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_BEAM_H */
