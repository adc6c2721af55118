/*===- costmodel/rl/rewrite_env.h - X-RLflow's rewrite-selection environment -===*\
 *
 * Environment 1 of issue 20 (X-RLflow, ../shared/papers/x-rlflow-graph-rl.txt;
 * docs/rl.md): an agent rewrites a program one (rule, location) at a time.
 *
 * State: a term of the term store (the program's term graph) and the steps
 * left of the episode's horizon.
 * Actions: action 0 is No-Op, which ends the episode; actions 1..n are the
 * distinct terms that one rewrite of the rule set gives (every rule at the
 * root of every location, pre-order as search/term/term_path.h walks
 * them), at most maxCandidates of them, in that order (later ones are cut:
 * a cap as X-RLflow's). Every action of the list is legal; the mask exists
 * for the gym interface and is all ones.
 * Reward: the relative improvement of the cost model at each step,
 * (c(s) - c(s')) / c(s0) (divided by 1 instead for a program of cost 0),
 * so an episode's return is its final relative
 * improvement and a temporary loss is allowed (it is repaid later). The
 * episode ends at No-Op, at the horizon, or when no rewrite applies.
 *
 * Measured rewards (X-RLflow's every-N-steps runtime, N = measureEvery): the
 * program is run every N steps and when the episode ends, and the reward of
 * such a step corrects what the cost model said since the last measurement.
 * Rewards are differences of a potential: phi(s) = log(RT(s0)/RT(s)) for a
 * measured state of runtime RT(s), and phi(m) - log(c(s)/c(m)) otherwise,
 * m being the episode's last measured state (the model's relative change
 * instead of the log ratio where a cost is 0). So an episode's return is
 * the log speed-up of its final program's measured runtime over the
 * input's, and the steps between measurements get the model's view of
 * theirs. Two departures from X-RLflow, which rewards
 * (RT(t-1) - RT(t))/RT(0) and a constant 0.1 in between: the log keeps a
 * slowdown's reward bounded (a parallel loop around 50 ns of work measured
 * 100x slower, a reward of -99 that swamped the value loss), and the
 * model's change is a denser signal than a constant. A state that cannot be
 * measured (the callback returns 0: it does not compile, say) keeps its
 * estimate; if the input cannot be measured the episode runs on the
 * model's estimates alone (log ratios of the cost, as if the input were
 * the last measured state).
 *
 * The policy (AriRwPolicy) follows X-RLflow's shape with a simpler graph
 * layer: each candidate's resulting term and the state are embedded by the
 * same message-passing network over the term as a tree (a learned token
 * embedding of each node's kind, symbol and attributes; T rounds of
 * h' = tanh(h Ws + sum over children h Wu + parent's h Wd + b); a sum
 * readout scaled by 1/16). A candidate's score is an MLP of its embedding
 * minus the state's (what the rewrite changed), the state's embedding, the
 * rule's learned embedding and two numbers (its relative cost change, the
 * fraction of steps left); the value is an MLP of the state's embedding and
 * the same two numbers for the state.
 *
 * With ARI_RW_GRAPH_GAT the T rounds are graph attention instead, as
 * X-RLflow's GAT layers (Velickovic et al.): over the tree's edges in both
 * directions and a self loop, z = h W, e_ij = LeakyReLU_0.2(z_i a_dst +
 * z_j a_src) for an edge j -> i, alpha = softmax of e over i's incoming
 * edges (ariNnSegSoftmax), h_i' = tanh(sum_j alpha_ij z_j + b); one head.
 *
 * Nothing aborts: errors are values with messages.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_RL_REWRITE_ENV_H
#define ARIADNE_COSTMODEL_RL_REWRITE_ENV_H

#include "search/astar/astar.h"
#include "costmodel/rl/ppo.h"
#include "search/term/term.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Measures program `program` (an index into the environment's programs)
 * rewritten to t: its runtime in *runtime (any unit, the same for every
 * call). Returns 1 when measured, 0 when t cannot be measured (it does not
 * compile, it times out: the reward falls back to the model) and -1 on an
 * error that must end the run (a program that computes something else),
 * with a message. Called at most once per state and step; caching is the
 * callback's. */
typedef int (*AriRwMeasureFn)(void *ctx, unsigned program, AriTerm *t, double *runtime,
                              char *err, size_t errCap);

typedef struct AriRwEnvOptions {
  unsigned horizon;       /* steps per episode; 0: 10 */
  unsigned maxCandidates; /* rewrites offered per state; 0: 256 */
  unsigned maxPositions;  /* locations tried per state; 0: 4096 */
  unsigned measureEvery;  /* measured rewards every N steps (above); 0: none */
  AriRwMeasureFn measure; /* required when measureEvery > 0 */
  void *measureCtx;
} AriRwEnvOptions;

typedef struct AriRwEnv AriRwEnv;

/* An environment over programs[0..n) (terms of s), rules and a cost (as
 * A*'s: finite on every term the rules make). Everything is borrowed and
 * must outlive the environment. NULL with a message on bad options or no
 * memory. */
AriRwEnv *ariRwEnvCreate(AriTermStore *s, const AriAStarRule *rules, size_t nrules,
                         AriAStarCostFn cost, void *costCtx, AriTerm *const *programs,
                         unsigned n, const AriRwEnvOptions *opts, char *err, size_t errCap);
void ariRwEnvDestroy(AriRwEnv *e);

/* Which program reset starts from: i < n fixes it (evaluation), -1 draws
 * one uniformly from the generator reset is given (training). */
void ariRwEnvSetProgram(AriRwEnv *e, int i);

/* The gym view of e (costmodel/rl/ppo.h). */
AriRlEnv ariRwEnvGym(AriRwEnv *e);

/* The episode so far: the current term and its cost, the input's cost,
 * the steps taken. */
AriTerm *ariRwEnvCurrent(const AriRwEnv *e, double *cost, double *inputCost, unsigned *steps);
/* The index (into the programs given at creation) of the program the
 * episode started from; 0 before the first reset. */
unsigned ariRwEnvProgram(const AriRwEnv *e);

/* Measured rewards so far: measurements asked for, and of them those that
 * could not be made (the callback's 0). */
void ariRwEnvMeasureCounts(const AriRwEnv *e, uint64_t *asked, uint64_t *failed);

/* The observation (read by AriRwPolicy; documented for tests). cands[0] is
 * the state itself (No-Op); rule[0] = nrules. */
typedef struct AriRwObs {
  AriTerm *state;
  unsigned n;           /* actions, No-Op included */
  AriTerm **cands;      /* n terms */
  unsigned *rule;       /* n rule indices */
  float *delta;         /* n relative cost changes (c(cand) - c(s)) / c(s0) */
  float stepsLeftFrac;  /* steps left / horizon */
  float progress;       /* (c(s) - c(s0)) / c(s0) */
} AriRwObs;

/*--- the policy ----------------------------------------------------------------*/

typedef struct AriRwPolicy AriRwPolicy;

enum { ARI_RW_VOCAB = 512, ARI_RW_MAX_NODES = 512 /* per term, pre-order */ };

/* The graph layers (above). */
typedef enum AriRwGraph {
  ARI_RW_GRAPH_MP = 0, /* message passing (the default; 0 in older checkpoints) */
  ARI_RW_GRAPH_GAT = 1 /* graph attention */
} AriRwGraph;

/* d features per node, T rounds of `graph` layers, a hidden layer of h
 * for the heads, nrules rules; parameters drawn from seed. */
AriRwPolicy *ariRwPolicyCreate(unsigned d, unsigned T, unsigned h, unsigned nrules,
                               AriRwGraph graph, uint64_t seed, char *err, size_t errCap);
void ariRwPolicyDestroy(AriRwPolicy *p);
AriRlPolicy ariRwPolicyGym(AriRwPolicy *p);
/* The shape (for checkpoints' meta words): d, T, h, nrules, graph. */
void ariRwPolicyShape(const AriRwPolicy *p, uint32_t shape[5]);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_RL_REWRITE_ENV_H */
