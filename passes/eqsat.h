/*===- eqsat.h - the rise-eqsat pass --------------------------------------===*\
 *
 * rise-eqsat optimises every func.func by sketch-guided equality
 * saturation (search/eqsat.h, thesis Listing 5.6): the function's result
 * is imported into the term store (search/mlir/term_mlir.h), each guide of a
 * goal grows an e-graph with its rules until a program satisfying its
 * sketch appears, that program is extracted and the next guide starts from
 * it; the last guide's program replaces the function body. docs/eqsat.md
 * documents options, report and diagnostics; in short:
 *
 *   guides=PATH        the guide file (docs/sketches.md); required
 *   goal=NAME          a goal of the file (default: its only goal, or its
 *                      only guide when it has no goals)
 *   guide=A,B,..       or an explicit chain of guides of the file
 *   rules=R1,R2,..     rules for every guide, replacing the file's lists
 *   nat=m=64,n=64      sizes bound before the file is parsed (they win over
 *                      the file's `nat` line)
 *   cost=C             extraction cost (default size): size, weighted, or
 *                      a cost model, analytic:MACHINE_FILE or
 *                      model:MODEL_FILE, which ranks the last guide's
 *                      candidates extracted under weighted
 *                      (docs/costmodel.md, "Use in the search")
 *   candidates=N       how many the cost model ranks (1..256, default 16)
 *   machine=FILE       a machine file for model:'s analytic baseline
 *   node-limit=N       live e-nodes per guide (0: none)
 *   iter-limit=N       iterations per guide (0: none)
 *   time-limit=S       seconds per guide, may be fractional (0: none)
 *   memory-limit=MB    e-graph + term store per guide (0: none)
 *   func=NAME          optimise only this function
 *   report=WHERE       per-guide report: stderr (default), '-' (stdout),
 *                      none, or a file path
 *   allow-partial=BOOL keep the last guide's program found so far (with a
 *                      warning) instead of failing when a guide is not
 *                      satisfied within the limits
 *
 * Options, the guide file and every rule are checked before any function
 * is touched, so a bad one is a single diagnostic. A guide that is not
 * satisfied is an error at the function naming the guide and why the
 * search stopped (a limit with its value, or saturation); the function is
 * then left unchanged.
 *
 * C programs get the pass with ariPassCreate(&ariEqsatPass, "guides=..",
 * ..) or ariPassLookup("rise-eqsat") (include/ariadne-c/Pass.h).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_EQSAT_H
#define ARIADNE_PASSES_EQSAT_H

#include "ariadne-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const AriPassInfo ariEqsatPass;

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_EQSAT_H */
