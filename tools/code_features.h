/*===- tools/code_features.h - code features for cost models in tools ----===*\
 *
 * A cost model trained on `ariadne-cost measure`'s layout
 * (ARI_COST_CODE_LAYOUT, costmodel/model.h) needs the features of the code
 * each candidate lowers to (runtime/codefeat.h). The cost model cannot
 * compute them (it sits below passes/ and runtime/), so a tool that links
 * the runtime supplies them through AriCostModel.codeFeatures: this is
 * that callback. It exports the candidate's term function to a func.func
 * (search/mlir/term_mlir.h) and counts the code it lowers to.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TOOLS_CODE_FEATURES_H
#define ARIADNE_TOOLS_CODE_FEATURES_H

#include "costmodel/model.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* The callback's context: the context to export into (prepared with
 * ariCompileRegister, so that the lowering's passes are there), and the
 * location diagnostics of a failed export or lowering are reported at. */
typedef struct AriToolCodeCtx {
  MlirContext ctx;
  MlirLocation loc;
} AriToolCodeCtx;

/* AriCostCodeFeatFn over ariCodeFeatures: false with a message when the
 * function does not export or does not lower (the lowering's diagnostics
 * go to ctx's handlers). */
bool ariToolCodeFeatures(void *ctx, AriTermStore *s, const AriTermFunc *f, double *out, char *err,
                         size_t cap);

/* Sets m->codeFeatures to ariToolCodeFeatures with context c when the
 * model needs code features; registers the lowering in c->ctx. */
void ariToolCodeFeaturesAttach(AriCostModel *m, AriToolCodeCtx *c);

#endif /* ARIADNE_TOOLS_CODE_FEATURES_H */
