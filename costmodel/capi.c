/*===- costmodel/capi.c - include/ariadne-c/Cost.h over costmodel/model.h -===*/

#include "ariadne-c/Cost.h"

#include "costmodel/model.h"
#include "search/mlir/term_mlir.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct AriCostModelC {
  AriCostModel model;
};

static AriCostStatus ok(void) {
  AriCostStatus s;
  s.ok = true;
  s.message[0] = 0;
  return s;
}

static AriCostStatus fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static AriCostStatus fail(const char *fmt, ...) {
  AriCostStatus s;
  s.ok = false;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s.message, sizeof s.message, fmt, ap);
  va_end(ap);
  return s;
}

AriCostStatus ariCostLoad(const char *spec, int threads, AriCostModelRef *out) {
  if (!out)
    return fail("no place for the model");
  *out = NULL;
  if (!spec)
    return fail("no cost model named (want %s)", ariCostModelSpecs());
  if (threads < 0)
    return fail("threads must not be negative, got %d", threads);
  struct AriCostModelC *m = calloc(1, sizeof *m);
  if (!m)
    return fail("out of memory");
  char err[700];
  if (!ariCostModelIsSpec(spec)) {
    free(m);
    return fail("unknown cost model '%s' (expected %s)", spec, ariCostModelSpecs());
  }
  if (!ariCostModelOpen(&m->model, spec, NULL, threads, err, sizeof err)) {
    free(m);
    return fail("%s", err);
  }
  /* Such a model reads the code each function lowers to
   * (runtime/codefeat.h); libAriadne scores without lowering, so it is
   * refused here rather than at the first score. */
  if (m->model.needsCode) {
    ariCostModelClose(&m->model);
    free(m);
    return fail("model '%s' was trained with code features (layout %u, `ariadne-cost measure`'s), "
                "which this API cannot compute (it scores without lowering): use a model "
                "trained on layout %u or %u, or rank with ariadne-eqsat",
                spec + strlen("model:"), ARI_COST_CODE_LAYOUT, (unsigned)ARI_FEAT_VERSION,
                ARI_COST_MEASURE_LAYOUT);
  }
  *out = m;
  return ok();
}

static void funcName(MlirOperation func, char *buf, size_t cap) {
  MlirAttribute sym =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(sym) || !mlirAttributeIsAString(sym)) {
    snprintf(buf, cap, "?");
    return;
  }
  MlirStringRef n = mlirStringAttrGetValue(sym);
  snprintf(buf, cap, "%.*s", (int)n.length, n.data);
}

AriCostStatus ariCostScoreFuncs(AriCostModelRef m, const MlirOperation *funcs, size_t n,
                                double *scores) {
  if (!m)
    return fail("no cost model");
  if (n && (!funcs || !scores))
    return fail("no functions or no place for the scores");
  AriTermStore *s = ariTermStoreCreate(0);
  AriTermFunc *fs = calloc(n ? n : 1, sizeof *fs);
  const AriTermFunc **ptrs = calloc(n ? n : 1, sizeof *ptrs);
  AriCostStatus st = ok();
  if (!s || !fs || !ptrs)
    st = fail("out of memory");
  for (size_t i = 0; st.ok && i < n; ++i) {
    char name[256];
    funcName(funcs[i], name, sizeof name);
    if (mlirOperationIsNull(funcs[i])) {
      st = fail("function %zu is a null operation", i);
      break;
    }
    MlirIdentifier opName = mlirOperationGetName(funcs[i]);
    MlirStringRef on = mlirIdentifierStr(opName);
    if (on.length != strlen("func.func") || memcmp(on.data, "func.func", on.length)) {
      st = fail("function %zu is a '%.*s', not a func.func", i, (int)on.length, on.data);
      break;
    }
    MlirLocation loc = mlirOperationGetLocation(funcs[i]);
    if (!ariTermImportFunc(s, funcs[i], &fs[i], &loc)) {
      st = fail("cannot import @%s: %s", name, ariTermStoreError(s));
      break;
    }
    ptrs[i] = &fs[i];
  }
  char err[700];
  if (st.ok && !ariCostModelScoreFuncs(&m->model, s, ptrs, n, scores, err, sizeof err))
    st = fail("%s", err);
  free(fs);
  free(ptrs);
  ariTermStoreDestroy(s);
  return st;
}

AriCostStatus ariCostScoreFunc(AriCostModelRef m, MlirOperation func, double *score) {
  if (!score)
    return fail("no place for the score");
  return ariCostScoreFuncs(m, &func, 1, score);
}

void ariCostFree(AriCostModelRef m) {
  if (!m)
    return;
  ariCostModelClose(&m->model);
  free(m);
}
