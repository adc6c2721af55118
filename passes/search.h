/*===- search.h - the rise-search pass: the autoscheduler -----------------===*\
 *
 * rise-search schedules every rise function of a module by itself: no
 * strategy, no guide. It imports the function into the term store, runs a
 * search engine over the actions of a strategy file (by default the
 * built-in search/strategy/strategies/search.elv: tiling, interchange,
 * fusion/fission, vectorisation, storage, parallel and unrolled loops),
 * ranks what it finds with a cost model, keeps the best candidate that
 * lowers (convert-rise-to-affine accepts it), and writes it back. The
 * report says why the search stopped, the estimated gain, and the schedule
 * as a strategy that rise-rewrite replays (docs/search.md). Options:
 *
 *   engine=auto|beam|astar|eqsat   auto is beam; astar: search/astar's A*
 *                      over the same actions, the cost as heuristic
 *                      (value=FILE: a learned V, ariadne-astar --train);
 *                      eqsat: an e-graph of eqsat-rules= (bounded by
 *                      eqsat-nodes=, eqsat-iters=), its cheapest program
 *                      that lowers, then the beam from it
 *   cost=C             analytic (default: this machine's caches probed,
 *                      nominal rates), analytic:MACHINE_FILE,
 *                      model:MODEL_FILE, size or weighted
 *   machine=FILE       machine file for model:'s analytic baseline
 *   measure=K          time the input and the K best candidates that
 *                      lower on this machine and keep the fastest; needs
 *                      the runtime's measurer (AriSearchHooks): the
 *                      runtime's pipelines (ariadne-run --pipeline) and C
 *                      programs that create the pass with
 *                      ariPassCreateHooked have it, mlir-opt does not (a
 *                      diagnostic says so)
 *   cache=FILE         measure=K's times kept in FILE and reused (keyed
 *                      by program, threads, target and CPU model;
 *                      costmodel/measure_cache.h); default none
 *   dataset=FILE       append every measured candidate (and the input) to
 *                      this dataset (layout 1001: `ariadne-cost train`
 *                      learns a model of this machine from it); needs
 *                      measure=K
 *   beam=N depth=N     beam width (32) and steps per schedule (6; the
 *                      A*'s horizon)
 *   budget=N           candidates scored per function (the A*'s value
 *                      evaluations; 0: none; 200000)
 *   time-limit=S       seconds per function (0: none; default 60)
 *   memory-limit=MB    term store per function (0: none; default 2048)
 *   threads=N          the thread count the cost estimates for (1)
 *   tiles=A,B,..       tile sizes actions take (4,8,16,32,64,128)
 *   vectors=A,B,..     vector widths actions take (auto: half, one and two
 *                      vector registers of f32: 8,16,32 with AVX-512)
 *   actions-file=PATH  the actions (default: the built-in file)
 *   seed=N             tie-breaking; same seed, same schedule
 *   target=host|aarch64  aarch64: a nominal AArch64 core's analytic
 *                      cost and NEON's vector widths (4,8,16); no
 *                      measure= (under qemu a time is the emulator's)
 *   func=NAME          schedule only this function
 *   report=WHERE       stderr (default), '-' (stdout), none, or a file
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_SEARCH_H
#define ARIADNE_PASSES_SEARCH_H

#include "ariadne-c/Pass.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the runtime (above the passes) lends rise-search; give it with
 * ariPassCreateHooked(&ariSearchPass, options, &hooks, ...). The runtime's
 * pipelines (runtime/codegen/compile.h: ariadne-run --pipeline,
 * ariadne-compile --pipeline) do (runtime/search_hooks.h). */
typedef struct AriSearchHooks {
  /* Starts measuring for one function: compiles and times `input` (the
   * unscheduled func.func, alone in a module of the pass's context) at
   * `threads`, into *inputMs, and keeps its outputs, against which
   * candidates are checked where the interpreter cannot run them. NULL
   * with a message when the input cannot be measured. */
  void *(*measureBegin)(void *ctx, MlirOperation input, int threads, double *inputMs, char *err,
                        size_t cap);
  /* Compiles, checks and times a candidate of that function: the median
   * milliseconds. False with a message when it cannot be measured (does
   * not compile, wrong result, crash, timeout). limitMs is the best time
   * so far: a candidate far slower may be stopped early (a timeout). */
  bool (*measure)(void *session, MlirOperation func, double limitMs, double *ms, char *err,
                  size_t cap);
  void (*measureEnd)(void *session);
  void *ctx;
} AriSearchHooks;

/* The built-in actions file (search/strategy/strategies/search.elv). */
const char *ariSearchDefaultActions(void);

extern const AriPassInfo ariSearchPass;

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_SEARCH_H */
