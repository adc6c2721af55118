/*===- ariadne-c/Cost.h - cost models: load one, score rise functions -----===*\
 *
 * The cost models of docs/costmodel.md from C: an estimate of how fast a
 * func.func of rise ops runs, without compiling or running it. Two kinds:
 *
 *   "analytic:MACHINE_FILE"  the roofline estimate over the machine's cache
 *                            levels (a machine file made by `ariadne-cost
 *                            machine -o FILE`); scores are seconds;
 *   "model:MODEL_FILE"       a learned XGBoost model (`ariadne-cost train`)
 *                            trained on the program vector or on what
 *                            `ariadne-cost measure` records; scores are
 *                            minus the model's "higher is faster" output
 *                            (for a rank model comparable only among
 *                            variants of one program). A model trained
 *                            on what `ariadne-cost measure` records now
 *                            (layout 1201) also reads the code a function
 *                            lowers to, which this API does not compute:
 *                            ariCostLoad refuses it with a message saying
 *                            so. Models of the program vector (layout 1)
 *                            or of the older measured records (1001) load.
 *
 * Either way a lower score means a faster program. A function is imported
 * into terms (the rise-eqsat pass's import: rise ops, arith/math scalar
 * ops, rise.out writes, one block) and featurised without lowering.
 *
 * Errors are values: every call returns an AriCostStatus, whose message
 * says what was wrong (a file that cannot be read, a model trained on
 * other features, an op the import does not take, ...). Nothing aborts.
 * A model is not thread-safe: one per thread.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_C_COST_H
#define ARIADNE_C_COST_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A loaded cost model (opaque). */
typedef struct AriCostModelC *AriCostModelRef;

/* The outcome of a call: ok, or a message saying why not. */
typedef struct AriCostStatus {
  bool ok;
  char message[768];
} AriCostStatus;

/* Loads the model `spec` ("analytic:MACHINE_FILE" or "model:MODEL_FILE")
 * into *out, estimating for `threads` OpenMP threads (0: the machine
 * file's cores; a learned model without a machine file: 1). On failure
 * *out is NULL; a model trained with code features (layout 1201) is such
 * a failure. */
AriCostStatus ariCostLoad(const char *spec, int threads, AriCostModelRef *out);

/* Scores one func.func: *score, lower meaning faster. */
AriCostStatus ariCostScoreFunc(AriCostModelRef m, MlirOperation func, double *score);

/* Scores n func.funcs at once (one call into XGBoost for a learned
 * model): scores[i] for funcs[i], as ariCostScoreFunc would give. On
 * failure the message names the first function that could not be scored
 * and scores is unspecified. */
AriCostStatus ariCostScoreFuncs(AriCostModelRef m, const MlirOperation *funcs, size_t n,
                                double *scores);

/* Frees a model; NULL is a no-op. */
void ariCostFree(AriCostModelRef m);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_C_COST_H */
