/*===- term_measure.h - the measured runtime of a rewritten root -----------===*\
 *
 * The rewrite searches' measured rewards and final runtimes (ariadne-rl's
 * environment 1, docs/rl.md): the function a program came from, with one
 * root replaced by the rewritten term, compiled for the host, checked
 * against the interpreter and timed by the measurement harness
 * (runtime/measure.h).
 *
 * The function is a copy of the original func.func (same signature, same
 * placement hints) whose body is exported from the roots
 * (search/mlir/term_mlir.h), so every root of the function runs, as in the
 * cost model's score of the same function (costmodel/model.h). A function
 * whose roots include a func.return value does not measure (the harness
 * times memref outputs only).
 *
 * Results are cached by (function, root, term): terms are hash-consed, so
 * one program is compiled and timed once per run, and engines that end on
 * the same program report the same time. Diagnostics of the export, the
 * compiler and the interpreter do not reach the context's handlers; a
 * failure's reason is the message.
 *
 * The context must have been prepared with ariCompileRegister.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TOOLS_TERM_MEASURE_H
#define ARIADNE_TOOLS_TERM_MEASURE_H

#include "runtime/measure.h"
#include "search/term/term.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriTermMeasureEntry AriTermMeasureEntry;

typedef struct AriTermMeasurer {
  MlirContext ctx;
  AriTermStore *s;
  AriMeasureOptions opts;
  AriTermMeasureEntry *table; /* open addressing, power-of-two capacity */
  size_t cap, used;
  uint64_t measured, cached, failed; /* runs; answers from the cache; runs not OK */
  double seconds;                    /* in runs (compile, check, time) */
} AriTermMeasurer;

/* A measurer with the harness's options (seed, threads, reps, ...; a zero
 * timeout becomes 30 s). Nothing is allocated until the first run. */
void ariTermMeasurerInit(AriTermMeasurer *m, MlirContext ctx, AriTermStore *s,
                         const AriMeasureOptions *opts);
void ariTermMeasurerDestroy(AriTermMeasurer *m);

/* The median runtime (ms) of `func` (the func.func f was imported from)
 * with root `root` replaced by `after`, in *ms on ARI_MEASURE_OK. Any other
 * status has its reason in msg: ARI_MEASURE_MISMATCH means the compiled
 * code and the interpreter disagree on this program (a compiler bug, or a
 * rewrite that is not an equation of floating point); the others that it
 * could not be measured (export, lowering, time-out, crash). */
AriMeasureStatus ariTermMeasureRoot(AriTermMeasurer *m, const AriTermFunc *f, MlirOperation func,
                                    unsigned root, AriTerm *after, double *ms, char *msg,
                                    size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_TOOLS_TERM_MEASURE_H */
