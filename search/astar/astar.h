/*===- search/astar/astar.h - Knossos-style A* over rewrites ---------------===*\
 *
 * Deep A* over rewrite sequences, as in Knossos (Jinnai et al.,
 * "Knossos: compiling AI with AI", ../shared/papers/knossos-astar-rewriting.txt,
 * Algorithm 2), with its baselines in the same code.
 *
 * A state is a hash-consed term (so "the same program" is pointer equality)
 * together with t, the rewrites still allowed (the horizon H minus the steps
 * taken). Its successors are every (rule, location) rewrite: each bound
 * rule of the caller's list applied at the root of every subterm, the
 * subterm named by a path of child indices from the root (pre-order, as
 * search/term/term_path.h enumerates them). A state reached again with no
 * more steps left than it already had is pruned (never generated twice,
 * never expanded twice with fewer steps left); reached with more, it is
 * searched again from there.
 *
 * Engines (AriAStarEngine):
 *   ASTAR   expand the open state of highest f(s) = V(s, t) + c(s0) - c(s),
 *           V the value callback (NULL: V = 0, Knossos's "NoGNN" A*);
 *   GREEDY  greedy best-first: depth first, always expanding the child of
 *           lowest cost of the deepest open states (a descent that takes
 *           the cheapest rewrite, backtracking to the next cheapest when it
 *           reaches the horizon or a dead end);
 *   RANDOM  random rewrites from s0 to the horizon (uniform over all
 *           (rule, location) successors), restarting from s0 until the
 *           budget is spent.
 *
 * The budget is a number of value evaluations: every state generated (new,
 * or with more steps left) is one evaluation, whether V is called or not
 * (V = 0 for NULL, and for t = 0), so that budgets compare across engines.
 * V is called in batches of at most ARI_ASTAR_BATCH states. A search never
 * makes more evaluations than the budget.
 *
 * Two-phase search (Knossos' BLAS and CNN runs): the first half of the
 * budget and of the horizon with the rules marked `phase1` (the "big
 * change" rules), then the second half of each with all rules, from the
 * best state of the first phase; steps and counters cover both phases.
 *
 * The cost c is a callback on terms (costmodel/cost.h has the Knossos
 * constants and the term-size costs); the best state is the generated
 * state of lowest cost (ties: fewer steps, then the seeded hash), and its
 * rewrite steps replay with ariAStarReplay. Ties in priority are broken by
 * the terms' structural hashes mixed with the seed, and the store numbers
 * terms in creation order, so the same input, rules, options and seed give
 * the same search (a time limit aside).
 *
 * Memory: nodes, edges and steps live in the caller's arena; rewritten
 * terms in the caller's store (a limit on either stops the search with
 * ARI_ASTAR_STOP_MEMORY and the best state so far).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_ASTAR_H
#define ARIADNE_SEARCH_ASTAR_H

#include "search/rules/rules.h"
#include "search/term/term.h"
#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ARI_ASTAR_BATCH = 16,     /* states per value-function call */
  ARI_ASTAR_MAX_PATH = 64,  /* child indices of one step's location */
  ARI_ASTAR_MAX_HORIZON = 1024
};

/* The learned value: for each of n states (n <= 16, one batch), predict how
 * much cost can still be removed within stepsLeft[i] more rewrites (>= 0, in
 * the cost's units). Returns true, or false with a message in err. */
typedef bool (*AriAStarValueFn)(void *ctx, AriTermStore *s, AriTerm *const *terms,
                                const unsigned *stepsLeft, unsigned n, float *out,
                                char *err, size_t errCap);

/* The cost c of a term, lower is better; must be finite for every term the
 * rules can produce from the input (a NaN or infinity counts as "cannot
 * cost": the state is generated but never best and never expanded). */
typedef double (*AriAStarCostFn)(void *ctx, const AriTerm *t);

typedef enum AriAStarEngine {
  ARI_ASTAR_ENGINE_ASTAR,
  ARI_ASTAR_ENGINE_GREEDY,
  ARI_ASTAR_ENGINE_RANDOM
} AriAStarEngine;

/* One rule of the search's rule set. */
typedef struct AriAStarRule {
  AriRuleInst inst;
  bool phase1; /* used in the first phase of a two-phase search */
} AriAStarRule;

/* A move set of the caller's instead of rules (rise-search's actions,
 * which are strategies on function nodes, passes/search.c). With one, a
 * state is a handle the moves define, passed as an AriTerm pointer that
 * the engine never reads: it compares handles by pointer (they must be
 * hash-consed: the same state, the same handle) and hands them to the
 * cost, the value callback, the moves and onExpand. Steps name moves by
 * the index the moves emit; rules are not used (nrules may be 0), and
 * ariAStarReplay and ariAStarFormatStep do not apply. */
typedef bool (*AriAStarEmitFn)(void *emitCtx, AriTerm *next, unsigned move, const uint32_t *path,
                               unsigned len); /* false: stop enumerating */
typedef struct AriAStarMoves {
  /* Calls emit for every successor of state, with the move and a path of
   * at most ARI_ASTAR_MAX_PATH indices (the engine only records them), at
   * most maxPositions positions; false with a message on a hard error
   * (out of memory), which stops the search with ARI_ASTAR_STOP_MEMORY. */
  bool (*successors)(void *ctx, AriTerm *state, unsigned maxPositions, AriAStarEmitFn emit,
                     void *emitCtx, char *err, size_t errCap);
  /* A structural hash of state (seeded ties must not depend on addresses). */
  uint64_t (*hash)(void *ctx, const AriTerm *state);
  void *ctx;
} AriAStarMoves;

typedef struct AriAStarOptions {
  AriAStarEngine engine;
  uint64_t budget;     /* value evaluations; 0: 5000 (Knossos Table 1) */
  unsigned horizon;    /* steps from the input; 0: 10; at most ARI_ASTAR_MAX_HORIZON */
  bool twoPhase;       /* phase1 rules for budget/2 and horizon/2, then all */
  double timeLimitS;   /* 0: none */
  size_t maxStoreBytes; /* term store size; 0: none */
  uint64_t maxStates;  /* distinct states kept; 0: none */
  unsigned maxPositions; /* locations tried per state; 0: 4096 */
  uint64_t seed;
  AriAStarValueFn value; /* NULL: V = 0 */
  void *valueCtx;
  /* Called for every expansion (the state and its steps left), for tests
   * and tracing; NULL: none. */
  void (*onExpand)(void *ctx, const AriTerm *t, unsigned stepsLeft);
  void *onExpandCtx;
  const AriAStarMoves *moves; /* NULL: the rules */
  unsigned keep; /* best states returned in AriAStarResult.top (0: none) */
} AriAStarOptions;

typedef enum AriAStarStop {
  ARI_ASTAR_STOP_BUDGET,    /* the evaluation budget is spent */
  ARI_ASTAR_STOP_EXHAUSTED, /* no open state left (random: no rewrite applies) */
  ARI_ASTAR_STOP_TIME,
  ARI_ASTAR_STOP_MEMORY,
  ARI_ASTAR_STOP_STATES,
  ARI_ASTAR_STOP_ERROR      /* the value callback failed, or bad options */
} AriAStarStop;

/* One rewrite: rules[rule] applied at the subterm path[0..pathLen). */
typedef struct AriAStarStep {
  unsigned rule;
  unsigned pathLen;
  uint32_t path[ARI_ASTAR_MAX_PATH];
} AriAStarStep;

/* One of the best states of a search, with its steps from the input. */
typedef struct AriAStarTop {
  AriTerm *state;
  double cost;
  AriAStarStep *steps; /* in the arena */
  unsigned numSteps;
} AriAStarTop;

typedef struct AriAStarResult {
  AriAStarStop stop;
  AriTerm *best;        /* the generated state of lowest cost */
  double bestCost, inputCost;
  AriAStarStep *steps;  /* from the input to best; in the arena */
  unsigned numSteps;
  uint64_t evaluations; /* states generated (value evaluations, V NULL too) */
  uint64_t bestAt;      /* evaluations spent when the first state of cost bestCost
                           was generated (0: none cheaper than the input) */
  uint64_t valueCalls;  /* batches handed to the value callback */
  uint64_t expanded;    /* expansions (random: successor enumerations) */
  uint64_t reexpanded;  /* expansions of a state seen before with fewer steps left */
  uint64_t pruned;      /* successors dropped: seen with as many steps left */
  uint64_t rewrites;    /* successful (rule, location) applications */
  uint64_t states;      /* distinct terms kept */
  double seconds, statesPerS, evalsPerS; /* expanded/s and evaluations/s */
  char message[256];    /* why it stopped, in words */
  void *priv;           /* the search graph, for ariAStarSamples */
  /* The opts.keep best distinct states generated (of finite cost, the
   * last phase's, best first as for `best`, which is top[0]); the random
   * engine keeps its best only. */
  AriAStarTop *top;
  size_t numTop;
} AriAStarResult;

/* Searches from t0 with rules[0..nrules) and cost. Everything the result
 * points to lives in `arena` (and terms in s). Returns the stop reason
 * (also out->stop); with ARI_ASTAR_STOP_ERROR out->message says why and
 * out->best is still the best state found before. */
AriAStarStop ariAStarSearch(AriTermStore *s, AriTerm *t0, const AriAStarRule *rules,
                            size_t nrules, AriAStarCostFn cost, void *costCtx,
                            const AriAStarOptions *opts, AriArena *arena, AriAStarResult *out);

/* Applies steps[0..n) to t0 (rules as given to the search); *out the
 * result. False with a message when a step does not apply. */
bool ariAStarReplay(AriTermStore *s, AriTerm *t0, const AriAStarRule *rules, size_t nrules,
                    const AriAStarStep *steps, unsigned n, AriTerm **out, char *err,
                    size_t errCap);

/* Formats one step as "RULE@[i,j,..]"; snprintf-like. */
size_t ariAStarFormatStep(const AriAStarStep *st, const AriAStarRule *rules, char *buf,
                          size_t cap);

/* Training samples of a finished A* or greedy search (random keeps no
 * graph: zero samples): for each expanded state s, the term and, for
 * t = 1..H (H the search's horizon), target[t-1] = the largest
 * c(s) - c(s') over the states s' the search generated within t rewrites
 * of s along the edges it expanded (0 when none is cheaper). Samples and
 * targets (numSamples x horizon floats, row-major) live in arena. */
typedef struct AriAStarSamples {
  AriTerm **terms;
  float *targets;
  size_t numSamples;
  unsigned horizon;
  /* The expanded edges between samples, so that a trainer can find the
   * siblings of a path (the alternatives A* had to rank): the samples
   * sample i was expanded into that are samples too (expanded themselves)
   * are kids[kidStart[i] .. kidStart[i+1]), each once (the latest
   * expansion's first); kidStart has numSamples + 1 entries. Edges stay
   * within a phase's graph. */
  size_t *kidStart, *kids;
} AriAStarSamples;
bool ariAStarSamples(const AriAStarResult *r, AriArena *arena, AriAStarSamples *out, char *err,
                     size_t errCap);

/* "budget", "exhausted", "time-limit", "memory-limit", "state-limit", "error". */
const char *ariAStarStopName(AriAStarStop s);
/* "astar", "greedy", "random"; ariAStarEngineFromName false for others. */
const char *ariAStarEngineName(AriAStarEngine e);
bool ariAStarEngineFromName(const char *name, AriAStarEngine *out);

/* Parses a rule set: a comma-separated list of rule instances
 * (`kAddComm`, `splitJoin(4)`), family names (`karith`, `kbind`,
 * `karray`, `knossos` = the three) standing for every rule of the
 * family, a rule with parameters written bare (`splitJoin`) bound to each
 * of nats[0..nn) in turn, and a leading `!` marking a rule (or family) as
 * a phase-1 rule. Rules land in arena. False with a message and the
 * 0-based column of the bad item. */
bool ariAStarParseRules(const char *text, const int64_t *nats, unsigned nn, AriArena *arena,
                        AriAStarRule **rules, size_t *nrules, char *err, size_t errCap,
                        size_t *errCol);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_ASTAR_H */
