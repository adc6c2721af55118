/*===- term_check.h - a rewritten root against the original, on the interpreter ===*\
 *
 * The rewrite searches' tools (ariadne-astar, ariadne-rl) check what they
 * produce: the function with one root replaced by the rewritten term must
 * compute what the original computes, on the reference interpreter, on
 * seeded random inputs. Both are exported as new functions
 * (search/mlir/term_mlir.h, ariTermExportNewFunc) holding that root alone;
 * a root the function returns (func.return, which the interpreter does not
 * run) is written to an extra memref argument instead.
 *
 * Comparison: the Knossos rules are equations of real arithmetic
 * (factoring, cancelling a division), not of floating point, so results
 * are compared within a tolerance: |a - b| <= atol + rtol * max(|a|, |b|),
 * rtol 1e-3 and atol 1e-4 for f32 (1e-9 and 1e-12 for f64). NaN equals
 * NaN, and an infinity only the same infinity.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TOOLS_TERM_CHECK_H
#define ARIADNE_TOOLS_TERM_CHECK_H

#include "search/term/term.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum AriTermCheck {
  ARI_TERM_CHECK_SAME,      /* the same results on every input tried */
  ARI_TERM_CHECK_DIFFERENT, /* a result differs: msg says where */
  ARI_TERM_CHECK_SKIPPED    /* not checkable (the original does not export or
                               run; an argument the rewrite no longer
                               reads): msg says why */
} AriTermCheck;

/* Whether root `root` of f (imported into s) replaced by `after` computes
 * what the original root computes, on `inputs` random inputs from `seed`
 * (seed, seed + 1, ...). Diagnostics of the export and the interpreter do
 * not reach ctx's handlers; msg (may be NULL) gets the reason for anything
 * but SAME. */
AriTermCheck ariTermCheckRoot(MlirContext ctx, AriTermStore *s, const AriTermFunc *f,
                              unsigned root, AriTerm *after, uint64_t seed, unsigned inputs,
                              char *msg, size_t cap);

/* A tally of checks, as the tools report it. */
typedef struct AriTermChecks {
  unsigned same, skipped;
  char firstSkip[512]; /* "LABEL: why" of the first skipped check */
} AriTermChecks;

/* ariTermCheckRoot on seed 1 and 3 inputs, counted in c. False when the
 * program differs, with "LABEL: the program WHO produced differs from it
 * on the interpreter: ..." in err. */
bool ariTermCheckCount(AriTermChecks *c, MlirContext ctx, AriTermStore *s, const AriTermFunc *f,
                       unsigned root, AriTerm *after, const char *label, const char *who,
                       char *err, size_t cap);

/* "checked on the interpreter: N programs the same, K not checkable
 * (first: ...)" and a newline. */
void ariTermChecksPrint(const AriTermChecks *c, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_TOOLS_TERM_CHECK_H */
