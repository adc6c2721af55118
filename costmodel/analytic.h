/*===- costmodel/analytic.h - a roofline estimate over the cache levels ----===*\
 *
 * The cost model that needs no training, and the default until a learned
 * model file is given: an estimate of a program's run time from its
 * features (features.h) and the machine's figures (machine.h).
 *
 * Per loop level (each level's own body; nested levels are theirs):
 *   - compute: its op executions at the rate of the machine's kernels: a
 *     reduction is one dependent chain through its accumulator
 *     (gflops.scalar times the lanes each step carries: w for a vector
 *     accumulator of w lanes; at most gflops.vector) unless it has at
 *     most 16 steps (LLVM unrolls it and vectorises the loop around it)
 *     and the loop around it is no reduction (a reduction split in
 *     chunks is still one chain), any other level runs
 *     at the vectorised rate (gflops.vector: LLVM vectorises element-wise
 *     loops on its own);
 *   - memory: its bytes loaded and stored at the bandwidth of the smallest
 *     cache level that holds one execution's footprint (the data the
 *     level's body reuses), memory if none does -- less its footprint when
 *     it runs once per program run: those are first touches, which the
 *     run's footprint term below pays;
 *   - a level inside parallel loops divides both by min(threads, the
 *     parallel extent around it, the machine's cores);
 *   - its time is the larger of the two (roofline).
 * A parallel loop adds 2 us per execution (fork and join).
 * The program's time is the sum over its levels, plus its whole footprint
 * once at the bandwidth of the level that holds it (a timed run repeats:
 * what fits in a cache comes from there), plus 1 us per heap allocation.
 *
 * This is an estimate to rank candidates, not to predict seconds: ranking
 * metrics on held-out programs are in docs/costmodel.md.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_ANALYTIC_H
#define ARIADNE_COSTMODEL_ANALYTIC_H

#include "costmodel/features.h"
#include "costmodel/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Estimated seconds of one run with `threads` OpenMP threads (>= 1). */
double ariAnalyticSeconds(const AriMachine *m, const AriFeatures *f, int threads);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_ANALYTIC_H */
