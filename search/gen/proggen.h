/*===- search/gen/proggen.h - ProgGen: validity filters, importance sampling ===*\
 *
 * What ProgGen (docs/proggen.md) needs besides the mutations of mutate.h:
 *
 *   - validity filters: a candidate program (a func.func of rise ops) is
 *     kept only if it verifies; the reference interpreter gives the same
 *     output twice on the same input; the output changes when the input
 *     changes; no output is NaN or infinite on random inputs; it lowers and
 *     runs natively matching the interpreter; and it finishes within the
 *     budget (interpreter operations, native milliseconds). Each rejection
 *     has its reason (AriPgReason), which the driver counts.
 *     Native compiling and timing is the caller's (runtime/measure.h, wired
 *     by tools/ariadne-proggen.c): a callback, as the design asks. The
 *     interpreter is a callback too (NULL: ariInterpRun), so that a test can
 *     make it misbehave.
 *   - importance sampling: each step draws a target (runtime, stage count)
 *     from a log-normal runtime and a normal stage-count distribution and
 *     mutates the program of the pool nearest to it (distances in units of
 *     each distribution's spread), so the generated programs spread over
 *     the target distribution instead of piling up near the seeds.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_GEN_PROGGEN_H
#define ARIADNE_SEARCH_GEN_PROGGEN_H

#include "ariadne-c/Interp.h"
#include "search/gen/gen.h"
#include "utils/arena.h"

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why a candidate was rejected (ARI_PG_VALID: it was not). */
typedef enum AriPgReason {
  ARI_PG_VALID,
  ARI_PG_NO_MUTATION, /* no well-typed mutation in ARI_GEN_MUTATE_TRIES tries
                       * (ariadne-proggen --random: the generator built no
                       * function) */
  ARI_PG_EXPORT,      /* the term could not be written back as a func.func */
  ARI_PG_VERIFY,      /* the MLIR verifier refused it */
  ARI_PG_INTERP,      /* the interpreter stopped with an error */
  ARI_PG_NONDET,      /* two runs on the same input differ */
  ARI_PG_CONSTANT,    /* the output does not change with the input */
  ARI_PG_NONFINITE,   /* NaN or infinity in an output */
  ARI_PG_NATIVE,      /* native code failed to build or run, or mismatched */
  ARI_PG_BUDGET,      /* over the interpreter's or the native time budget */
  ARI_PG_TRIVIAL,     /* no stage: the output is a view of the inputs (a
                       * filter of ariadne-proggen --random only) */
  ARI_PG_NUM_REASONS
} AriPgReason;

/* "valid", "no-mutation", "export", "verify", ... (for reports). */
const char *ariPgReasonName(AriPgReason r);

/* The native check: compile func, run it on the seed's inputs, compare
 * with the interpreter and time it. Returns ARI_PG_VALID with *ms the
 * median run time, ARI_PG_NATIVE or ARI_PG_BUDGET; `why` gets a message
 * for a rejection. */
typedef AriPgReason (*AriPgNativeFn)(void *ctx, MlirOperation func, uint64_t seed, double *ms,
                                     char *why, size_t cap);

/* The interpreter (ariInterpRun's signature). */
typedef MlirLogicalResult (*AriPgInterpFn)(void *ctx, MlirOperation func, AriHostArg *args,
                                           intptr_t nargs, const AriInterpLimits *limits,
                                           AriInterpCounters *counters);

typedef struct AriPgCheckOptions {
  uint64_t seed;          /* inputs: this seed, and seed + 1 for the change test */
  int64_t maxOps;         /* interpreter budget per run; 0: 2e7 */
  double budgetMs;        /* native budget; 0: none */
  AriPgNativeFn native;   /* NULL: no native check (runtime then estimated) */
  void *nativeCtx;
  AriPgInterpFn interp;   /* NULL: ariInterpRun */
  void *interpCtx;
} AriPgCheckOptions;

typedef struct AriPgCheck {
  AriPgReason reason;
  int64_t ops;        /* interpreter ops of one run */
  double ms;          /* native median, or the estimate (ops * ARI_PG_NS_PER_OP) */
  bool measured;      /* ms is a native measurement */
  char why[256];      /* the rejection, in words */
} AriPgCheck;

/* Runtime estimate without native code: an interpreted op costs about this
 * much compiled (measured on the seeds: docs/proggen.md). */
#define ARI_PG_NS_PER_OP 1.0

/* Runs the filters in the order of AriPgReason on func (which must be in a
 * context with the rise dialect). Scratch memory from `arena` (the caller
 * resets it). Returns out->reason. */
AriPgReason ariPgCheck(MlirOperation func, const AriPgCheckOptions *o, AriArena *arena,
                       AriPgCheck *out);

/* Stages of a program: the map, reduce and generate nodes that are not
 * inside a lambda (each loop nest the program materialises; the thesis
 * counts Halide Funcs), shared subterms counted once. */
unsigned ariPgStages(const AriTerm *root);

/* The target distribution of importance sampling. */
typedef struct AriPgTarget {
  double medianMs;    /* log-normal runtime: median */
  double log10Sigma;  /* and spread of log10(runtime) */
  double stagesMean;  /* normal stage count */
  double stagesSd;
} AriPgTarget;

/* The defaults: the thesis's shape (450 ms median, log10 sigma 0.7,
 * N(17, 5)) moved to programs the interpreter can check: median 0.02 ms,
 * log10 sigma 0.7, stages N(8, 4) (docs/proggen.md says why). */
AriPgTarget ariPgDefaultTarget(void);

/* One draw from the target distribution (g's stream). */
void ariPgDrawTarget(AriGen *g, const AriPgTarget *t, double *ms, double *stages);

/* The index of the pool entry nearest to (ms, stages): distance in log10
 * runtime over log10Sigma and in stages over stagesSd; ties go to the
 * lowest index. n >= 1. */
size_t ariPgNearest(const AriPgTarget *t, const double *poolMs, const unsigned *poolStages,
                    size_t n, double ms, double stages);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_GEN_PROGGEN_H */
