/*===- runtime/machine_bench.h - the analytic model's micro-benchmark ------===*\
 *
 * Measures the rates of costmodel/machine.h with rise kernels compiled by
 * Ariadne's own pipeline for this host (so the figures are what Ariadne's
 * code reaches, not what hand-written assembly would), one thread, through
 * the measurement harness (runtime/measure.h: median after warm-up, each
 * kernel in a child process):
 *
 *   bandwidth.L   y = 2x over arrays whose two buffers together fill half
 *                 of cache level L (at least twice level L-1), so they stay
 *                 in L; bytes loaded + stored per second;
 *   bandwidth.mem the same over 2 x 256 MiB (or four times the last level,
 *                 if larger -- capped at 2 x 1 GiB);
 *   gflops.vector an element-wise chain of 8 multiply-adds over 4096 f32
 *                 (in L1), lowered with fma: what vectorised arithmetic
 *                 reaches;
 *   gflops.scalar a reduction acc * c + x over 4096 f32: one dependent
 *                 chain, what a sequential reduction reaches.
 *
 * Takes seconds (the memory kernel dominates). Timing-based, so the
 * figures vary between runs and with the machine's load; the tests check
 * only that they are positive and finite.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_MACHINE_BENCH_H
#define ARIADNE_RUNTIME_MACHINE_BENCH_H

#include "costmodel/machine.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Fills m's rates; its cache sizes must be set (ariMachineProbe). ctx has
 * the rise dialect and ariCompileRegister. `scale` (0 < scale <= 1)
 * shrinks the arrays of the last-level and memory kernels, for tests
 * (their figures then no longer mean what they say).
 * False with a message when a kernel fails to compile or run. */
bool ariMachineBench(MlirContext ctx, AriMachine *m, double scale, char *err, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_MACHINE_BENCH_H */
