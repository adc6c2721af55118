/*===- runtime/measure.h - measuring candidate programs --------------------===*\
 *
 * The measurement harness of the cost model (costmodel/ learns from what it
 * records): compile one rise function for the host, check it, time it.
 *
 *   1. Inputs: fresh random values for every argument from the seed (the
 *      same seed gives every candidate of a program the same inputs).
 *   2. Check: the reference interpreter runs the function on the same
 *      inputs, within an operation budget; the native outputs must match
 *      within ariRtDefaultTolerance. A candidate too big for the budget is
 *      compared with `reference` instead: the outputs of another variant of
 *      the same program that was checked (typically the unscheduled one at
 *      the same size, measured first). A mismatch, or neither check being
 *      possible, makes the sample invalid: reported, never timed.
 *   3. Time: `warmup` untimed calls, then the median of `reps` calls
 *      (fewer for slow candidates: ARI_MEASURE_SLOW_MS).
 *
 * Compilation runs in this process (MLIR and LLVM). Its time grows with the
 * size of the lowered code, which a schedule can blow up (a reduction over
 * thousands of elements fully unrolled: LLVM's loop passes then ran for
 * minutes), so a function whose lowered form has more than `maxCodeOps`
 * operations is not compiled: ARI_MEASURE_COMPILE_ERROR, "too large". The
 * compiled code runs in a child process with
 * OMP_NUM_THREADS set to `threads`, on buffers shared with this process: a
 * candidate that crashes, or that runs past `timeoutS` (the whole run:
 * check call, warm-up and timed calls), is killed and reported, and the
 * caller's process lives on. (Fork happens after compiling, so the child
 * only calls compiled code and libomp, which re-initialises itself.)
 *
 * ariMeasureKey names what was measured, for the dataset's cache: a hash
 * of the function's generic printed form (no locations), so the same code
 * is never measured twice for one machine and thread count.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_MEASURE_H
#define ARIADNE_RUNTIME_MEASURE_H

#include "ariadne-c/Interp.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The default bound on the lowered code's size (AriMeasureOptions). */
#define ARI_MEASURE_MAX_CODE_OPS 200000

typedef struct AriMeasureOptions {
  int threads;         /* OMP_NUM_THREADS for the candidate; 0: 1 */
  int warmup, reps;    /* untimed and timed calls; 0: 2 and 10 */
  double timeoutS;     /* whole run in the child; 0: 60 s */
  uint64_t seed;       /* inputs */
  int64_t checkMaxOps; /* interpreter budget for the check; 0: 2e8 ops */
  int64_t maxCodeOps;  /* operations of the lowered (LLVM dialect) module
                          beyond which it is not compiled; 0:
                          ARI_MEASURE_MAX_CODE_OPS */
  bool fma;            /* lower with rise-to-llvm-fma */
  const char *lowering; /* another lowering to the LLVM dialect (AriCompileOptions'
                          syntax, e.g. an order of upstream passes between
                          convert-rise-to-affine and the conversion); NULL:
                          rise-to-llvm, or rise-to-llvm-fma with fma */
  bool unchecked;      /* time without any check: only for kernels that are
                          not in question (the machine micro-benchmark's),
                          never for candidates */
  /* Outputs to compare with when the interpreter exceeds its budget: the
   * function's arguments (as ariInterpDescribeArgs lists them) after a
   * checked run of an equivalent function on the same seed; NULL: none. */
  const AriHostArg *reference;
  intptr_t numReference;
} AriMeasureOptions;

typedef enum AriMeasureStatus {
  ARI_MEASURE_OK,            /* checked and timed */
  ARI_MEASURE_MISMATCH,      /* outputs differ from the check: invalid */
  ARI_MEASURE_UNCHECKED,     /* no check possible (interpreter over budget,
                                no reference): invalid */
  ARI_MEASURE_COMPILE_ERROR, /* lowering or code generation failed */
  ARI_MEASURE_CRASH,         /* the child died of a signal */
  ARI_MEASURE_TIMEOUT,       /* the child ran past timeoutS */
  ARI_MEASURE_ERROR          /* anything else (out of memory, fork, ...) */
} AriMeasureStatus;

typedef struct AriMeasureResult {
  AriMeasureStatus status;
  double medianMs, minMs; /* ARI_MEASURE_OK only */
  int reps;
  double compileS;       /* lowering + JIT */
  bool checkedByInterp;  /* false: against `reference` */
  char message[256];     /* why, for every status but OK */
} AriMeasureResult;

/* Measures func (a func.func of rise ops in a module whose context has the
 * rise dialect and was prepared with ariCompileRegister). On ARI_MEASURE_OK with outputs != NULL (arena given),
 * *outputs gets the checked arguments after the run, for use as another
 * candidate's reference. Diagnostics of the compiler and interpreter go to
 * the context's handlers. */
AriMeasureStatus ariMeasureFunc(MlirOperation func, const AriMeasureOptions *opts,
                                AriMeasureResult *res, struct AriArena *arena,
                                AriHostArg **outputs, intptr_t *numOutputs);

/* The same at several thread counts: one interpreter check and one
 * compile, then one child run per entry of threads[0..numThreads) (opts'
 * `threads` is ignored), each checked, into results[0..numThreads). The
 * status is the first failure's (or OK when every run is); a failure
 * before the runs (arguments, check, compile) is every result's. Outputs,
 * when asked for, are those of the last run and only when all are OK. */
AriMeasureStatus ariMeasureFuncAt(MlirOperation func, const AriMeasureOptions *opts,
                                  const int *threads, int numThreads,
                                  AriMeasureResult *results, struct AriArena *arena,
                                  AriHostArg **outputs, intptr_t *numOutputs);

/* A run whose first call (the checked one) takes at least this long gets
 * no further warm-up and as many timed calls as fit in a second, at least
 * 3 and at most `reps`: slow candidates are far from the best, and their
 * full repetitions would dominate a dataset's measuring time. */
#define ARI_MEASURE_SLOW_MS 20.0

/* A 64-bit hash of func's generic printed form without locations. */
uint64_t ariMeasureKey(MlirOperation func);

/* The machine, for records and cache keys: "CPU model name, N cpus"
 * (ariMachineProbe's name, from /proc/cpuinfo; "unknown" when unreadable). */
void ariMeasureMachine(char *buf, size_t cap);

const char *ariMeasureStatusName(AriMeasureStatus s);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_MEASURE_H */
