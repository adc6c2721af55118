/*===- rewrite.h - the rise-rewrite pass ----------------------------------===*\
 *
 * rise-rewrite imports every func.func into the term store
 * (search/mlir/term_mlir.h), applies a strategy (search/strategy/strategy.h) with the
 * rule library (search/rules/rules.h), and exports the result back into the
 * function. The syntax of strategies is documented in docs/strategies.md.
 *
 * Options:
 *   strategy="EXPR"    the strategy to apply (default: the definition
 *                      `main` of the strategy file)
 *   strategy-file=PATH definitions `name = EXPR;` that EXPR may use
 *   max-steps=N        rules that may fire per function (default 100000;
 *                      0: no limit)
 *   max-visits=N       strategy evaluations per function (default 10^8;
 *                      0: no limit)
 *   trace=BOOL         print every rule that fired, with its term path
 *   func=NAME          rewrite only this function
 *   report=BOOL        print "rise-rewrite @f: N rules fired ..." per
 *                      function (default true)
 *   output=PATH        where trace and report lines go ('-' stdout;
 *                      default stderr)
 *
 * A strategy that fails, or stops at a limit, is an error on the function
 * naming the strategy position (file:line:col), what did not apply and the
 * term path where it stopped; the function is left unchanged. Bad options,
 * unreadable files, syntax errors and unknown names are errors with their
 * positions, reported before any function is touched.
 *
 * The program a strategy sees: the `normalForm` that `;;` inserts is
 * predefined as normalize(beta <+ eta) (a strategy file may redefine it).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_REWRITE_H
#define ARIADNE_PASSES_REWRITE_H

#include "ariadne-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const AriPassInfo ariRewritePass;

/* The definitions every strategy may use (parsed before a strategy file,
 * and before rise-search's actions): search/strategy/strategies/prelude.elv,
 * embedded at build time (passes/cmake/embed_text.cmake). Its name in
 * diagnostics is ARI_REWRITE_PRELUDE_NAME. */
const char *ariRewritePrelude(void);
#define ARI_REWRITE_PRELUDE_NAME "search/strategy/strategies/prelude.elv"

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_REWRITE_H */
