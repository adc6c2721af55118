/*===- registry.c - the list of Ariadne passes ----------------------------===*/

#include "ariadne-c/Pass.h"
#include "passes/stats.h"
#include "passes/rewrite.h"
#include "passes/eqsat.h"
#include "passes/linalg_to_rise.h"
#include "passes/lower/rise_to_affine.h"
#include "passes/gpu/insert_barriers.h"
#include "passes/gpu/rise_to_gpu.h"

#include <stdlib.h>
#include <string.h>

const AriPassInfo *const *ariPassList(size_t *count) {
  static const AriPassInfo *const passes[] = {&ariStatsPass, &ariRiseToAffinePass,
                                               &ariRiseToGpuPass, &ariInsertBarriersPass,
                                               &ariRewritePass, &ariEqsatPass,
                                               &ariLinalgToRisePass};
  *count = sizeof passes / sizeof passes[0];
  return passes;
}

const AriPassInfo *ariPassLookup(const char *argument) {
  size_t n;
  const AriPassInfo *const *list = ariPassList(&n);
  for (size_t i = 0; i < n; ++i)
    if (!strcmp(list[i]->argument, argument))
      return list[i];
  return NULL;
}

/* State of one external pass instance; clones copy it. */
typedef struct {
  const AriPassInfo *info;
  char opts[]; /* info->optionsSize bytes */
} ExtPass;

static ExtPass *extNew(const AriPassInfo *info) {
  ExtPass *e = calloc(1, sizeof *e + info->optionsSize);
  if (e)
    e->info = info;
  return e;
}

static void extConstruct(void *user) { (void)user; }
static void extDestruct(void *user) { free(user); }
static MlirLogicalResult extInitialize(MlirContext ctx, void *user) {
  (void)ctx;
  (void)user;
  return mlirLogicalResultSuccess();
}
static void *extClone(void *user) {
  ExtPass *e = user, *c = extNew(e->info);
  if (c)
    memcpy(c->opts, e->opts, e->info->optionsSize);
  return c;
}
MlirLogicalResult ariPassRun(const AriPassInfo *info, MlirOperation op, const void *opts,
                             uint64_t *counters) {
  if (!info->runCounted)
    return info->run(op, opts);
  if (counters)
    return info->runCounted(op, opts, counters);
  /* The caller does not want them: count into scratch. */
  uint64_t scratch[64] = {0};
  if (info->numStatistics <= sizeof scratch / sizeof scratch[0])
    return info->runCounted(op, opts, scratch);
  uint64_t *heap = calloc(info->numStatistics, sizeof *heap);
  if (!heap)
    return mlirLogicalResultFailure();
  MlirLogicalResult r = info->runCounted(op, opts, heap);
  free(heap);
  return r;
}

static void extRun(MlirOperation op, MlirExternalPass pass, void *user) {
  ExtPass *e = user;
  if (mlirLogicalResultIsFailure(ariPassRun(e->info, op, e->opts, NULL)))
    mlirExternalPassSignalFailure(pass);
}

MlirPass ariPassCreate(const AriPassInfo *info, const char *text, char *err, size_t cap) {
  MlirPass none = {NULL};
  ExtPass *e = extNew(info);
  if (!e) {
    if (cap)
      err[0] = 0;
    return none;
  }
  if (!ariOptionsParse(info, text, e->opts, err, cap)) {
    free(e);
    return none;
  }
  MlirDialectHandle deps[16];
  size_t ndeps = info->numDependentDialects < 16 ? info->numDependentDialects : 16;
  for (size_t i = 0; i < ndeps; ++i)
    deps[i] = info->dependentDialects[i]();
  MlirExternalPassCallbacks cb = {extConstruct, extDestruct, extInitialize, extClone, extRun};
  /* The description is static and 8-byte aligned, as TypeIDs require. */
  return mlirCreateExternalPass(mlirTypeIDCreate(info), mlirStringRefCreateFromCString(info->argument),
                                mlirStringRefCreateFromCString(info->argument),
                                mlirStringRefCreateFromCString(info->description),
                                mlirStringRefCreate(NULL, 0), (intptr_t)ndeps, deps, cb, e);
}
