/*===- search/mlir/term_mlir.h - rise dialect <-> term store -------------------===*\
 *
 * Import turns a func.func whose body is rise ops, arith/math ops (one or
 * two results, no regions), rise.out writes and a func.return into an
 * AriTermFunc; export writes such a function back into a func.func with
 * the same signature. The round trip is exact: an imported function
 * exported unchanged prints identically up to SSA names (same ops, same
 * order, same nesting, shared values shared, unused ops kept), provided it
 * has no two identical ops in one block: hash-consing merges those
 * (ariTermFuncMergedOps counts them). A rise.in of an argument after a
 * rise.out to it is refused (terms have no order of effects); so are ops
 * of other dialects and functions with more than one block.
 *
 * Placement on export: a term goes into the innermost enclosing block in
 * which the import saw it defined (closed terms may thus stay outside the
 * regions that use them); a term without such a hint goes into the block
 * that uses it, except IN leaves, which always go to the function body.
 *
 * Export beta-reduces APP(LAM ..) redexes; a function value it cannot turn
 * into a region (a LAM where data is expected, a VAR of function type) is an
 * error. Errors are values: false plus a location and ariTermStoreError().
 *
 * Import refuses regions nested deeper than ARI_TERM_MAX_REGION_DEPTH (a
 * located error, "regions nested deeper than N"). Import, export, printing
 * and the term store's and e-graph's traversals recurse over the nesting;
 * measured, they take about 3.7 KB of stack per nesting level together
 * (a RelWithDebInfo build overflows 8 MiB between 2,000 and 2,500 levels),
 * so 500 levels need about 1.9 MB: a fourth of an 8 MiB stack, which
 * leaves room for ASan's larger frames and for the caller's own.
 * test/lit/Transforms/RiseRewrite/deep-regions-stack.mlir runs
 * rise-rewrite and rise-eqsat at the limit on a 2 MiB stack.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_TERM_MLIR_H
#define ARIADNE_SEARCH_TERM_MLIR_H

#include "search/term/term.h"

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The deepest region nesting import accepts (MLIR's parser handles about
 * 3,700 with an 8 MiB stack, Ariadne's interpreter and lowering as many). */
#define ARI_TERM_MAX_REGION_DEPTH 500

/* The term type of a rise/builtin MLIR data type; NULL (and an error) for
 * types that are not rise data types. */
const AriType *ariTypeFromMlir(AriTermStore *s, MlirType t);
/* The MLIR type of a term type; null for function types. */
MlirType ariTypeToMlir(MlirContext ctx, const AriType *t);

/* Imports `func` (a func.func) into `out`. On failure returns false, sets
 * *errLoc (if not NULL) to the offending op's location and the message to
 * ariTermStoreError(s). The func is not modified. */
bool ariTermImportFunc(AriTermStore *s, MlirOperation func, AriTermFunc *out,
                       MlirLocation *errLoc);

/* Binds by a let, as Knossos' ksc writes its programs, every value the
 * function body computes (an op at its top level, not a leaf) that a region
 * reads: each root becomes app (lam body) value, with every occurrence of
 * the value in the root replaced by the new variable; the value defined
 * last is bound innermost. Without this the term store shares such a value
 * as a subterm of every region that reads it, and a tree-counting cost
 * (Knossos' costs, costmodel/cost.h) charges it once per iteration of each
 * enclosing map or generate. Export beta-reduces the lets back to shared
 * SSA values. `f` must come from ariTermImportFunc (its hints say where
 * each value was defined). Returns the number of lets made, or -1 on error
 * (ariTermStoreError). */
int ariTermFuncBindLets(AriTermStore *s, AriTermFunc *f);

/* Replaces the body of `func` (the func.func `f` was imported from, or one
 * with the same signature) by ops computing f's roots. On failure returns
 * false with *errLoc/ariTermStoreError and leaves `func` unchanged. */
bool ariTermExportFunc(AriTermStore *s, const AriTermFunc *f, MlirOperation func,
                       MlirLocation *errLoc);

/* Creates a new func.func named f->name (not inserted anywhere; the caller
 * appends it to a module body) whose arguments are inferred from the term:
 * argument k is memref<shape x elem> when an IN leaf reads it or an OUT root
 * writes it, the leaf's type when an ARG leaf uses it; an argument that
 * nothing uses or that is used with two types is an error. Returns a null
 * operation on failure, with *errLoc = loc and ariTermStoreError(s). Used
 * to run a rewritten term on the interpreter. */
MlirOperation ariTermExportNewFunc(AriTermStore *s, const AriTermFunc *f, MlirContext ctx,
                                   MlirLocation loc, MlirLocation *errLoc);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_TERM_MLIR_H */
