/*===- tools/code_features.c - code features for cost models in tools ----===*/

#include "tools/code_features.h"

#include "runtime/codefeat.h"
#include "runtime/codegen/compile.h"
#include "search/mlir/term_mlir.h"

#include <stdio.h>

bool ariToolCodeFeatures(void *ctx, AriTermStore *s, const AriTermFunc *f, double *out, char *err,
                         size_t cap) {
  AriToolCodeCtx *c = ctx;
  MlirLocation errLoc = c->loc;
  ariTermStoreClearError(s);
  MlirOperation fn = ariTermExportNewFunc(s, f, c->ctx, c->loc, &errLoc);
  if (mlirOperationIsNull(fn)) {
    snprintf(err, cap, "no code features: the candidate does not export: %s",
             ariTermStoreError(s));
    ariTermStoreClearError(s);
    return false;
  }
  /* in a module of its own, as a function to be lowered is */
  MlirModule mod = mlirModuleCreateEmpty(c->loc);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), fn);
  char why[256];
  bool ok = ariCodeFeatures(fn, out, why, sizeof why);
  if (!ok)
    snprintf(err, cap, "no code features: %s", why);
  mlirModuleDestroy(mod);
  return ok;
}

void ariToolCodeFeaturesAttach(AriCostModel *m, AriToolCodeCtx *c) {
  if (!m->needsCode)
    return;
  ariCompileRegister(c->ctx);
  m->codeFeatures = ariToolCodeFeatures;
  m->codeCtx = c;
}
