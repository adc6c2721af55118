/*===- tools/rl_order.h - ariadne-rl --env=upstream ------------------------===*\
 *
 * XLA-RL's pass ordering with upstream MLIR passes (docs/rl.md,
 * "Environment 2: upstream passes"; with `combined`, environment 2's rise
 * strategies and the lowering are actions too, and programs start as
 * rise): PPO agents (costmodel/rl/ppo.h, an
 * MLP policy) order the passes of runtime/passorder.h on the lowered loops
 * of TRAIN's functions, observing op counts (costmodel/rl/order_env.h);
 * then each agent orders TEST's functions greedily, compared with the
 * default order (rise-to-llvm's cleanup), random orders of the horizon's
 * length and greedy ordering (the pass that lowers the count most, while
 * one does). The metric is the paper's: the geometric mean over held-out
 * programs of (I - R) / (I - D). With --measure the default's and each
 * agent's programs are compiled, checked against the interpreter and timed
 * (runtime/measure.h); --check-every checks training episodes' programs
 * the same way. Every pass runs in a forked child unless --no-sandbox
 * (ariPassOrderSetSandbox): a pass that crashes is an illegal action, not
 * the end of the run. Agents are saved (--checkpoint) and read back (--resume,
 * --load) in costmodel/rl/ppo.h's checksummed format, with the network's
 * shape (inputs, hidden units, actions) in its meta words.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TOOLS_RL_ORDER_H
#define ARIADNE_TOOLS_RL_ORDER_H

#include "costmodel/rl/ppo.h"

#include "mlir-c/IR.h"

#include <stdint.h>

typedef struct AriRlOrderOptions {
  const char *train, *test, *checkpoint, *curve, *plot;
  const char *resume, *load; /* an agent to train on or to evaluate (one seed) */
  unsigned iterations, seeds, horizon, hidden, trainLimit;
  unsigned checkEvery; /* iterations between checked training programs; 0: none */
  bool measure;        /* compile, check and time the held-out results */
  bool noSandbox;      /* run the passes in this process (runtime/passorder.h) */
  bool combined;       /* --env=combined: rise strategies and the lowering first */
  float shaping;       /* weight of the FLOP potential */
  uint64_t seed;
  AriPpoConfig ppo;
} AriRlOrderOptions;

/* The run; 0, or 1 after printing an error. */
int ariRlOrderRun(const AriRlOrderOptions *o, MlirContext ctx);

/* Draws the tab-separated table `curve` into `plot` (SVG, or PNG by the
 * suffix) with gnuplot: `lines` is the plot command's text after the file
 * name. 0, or 1 after printing an error (tools/ariadne-rl.c). */
int ariRlWritePlot(const char *plot, const char *curve, const char *ylabel, const char *lines);

#endif /* ARIADNE_TOOLS_RL_ORDER_H */
