/*===- registry.c - the list of Ariadne passes ----------------------------===*/

#include "ariadne-c/Pass.h"
#include "passes/stats.h"
#include "passes/rewrite.h"
#include "passes/eqsat.h"
#include "passes/astar.h"
#include "passes/search.h"
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
                                               &ariSearchPass, &ariLinalgToRisePass, &ariAStarPass};
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
  const void *hooks;
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
  if (c) {
    c->hooks = e->hooks;
    memcpy(c->opts, e->opts, e->info->optionsSize);
  }
  return c;
}
static MlirLogicalResult runWith(const AriPassInfo *info, MlirOperation op, const void *opts,
                                 uint64_t *counters, const void *hooks) {
  return info->runHooked ? info->runHooked(op, opts, counters, hooks)
                         : info->runCounted(op, opts, counters);
}

MlirLogicalResult ariPassRunHooked(const AriPassInfo *info, MlirOperation op, const void *opts,
                                   uint64_t *counters, const void *hooks) {
  if (!info->runCounted && !info->runHooked)
    return info->run(op, opts);
  if (counters)
    return runWith(info, op, opts, counters, hooks);
  /* The caller does not want them: count into scratch. */
  uint64_t scratch[64] = {0};
  if (info->numStatistics <= sizeof scratch / sizeof scratch[0])
    return runWith(info, op, opts, scratch, hooks);
  uint64_t *heap = calloc(info->numStatistics, sizeof *heap);
  if (!heap)
    return mlirLogicalResultFailure();
  MlirLogicalResult r = runWith(info, op, opts, heap, hooks);
  free(heap);
  return r;
}

MlirLogicalResult ariPassRun(const AriPassInfo *info, MlirOperation op, const void *opts,
                             uint64_t *counters) {
  return ariPassRunHooked(info, op, opts, counters, NULL);
}

static void extRun(MlirOperation op, MlirExternalPass pass, void *user) {
  ExtPass *e = user;
  if (mlirLogicalResultIsFailure(ariPassRunHooked(e->info, op, e->opts, NULL, e->hooks)))
    mlirExternalPassSignalFailure(pass);
}

MlirPass ariPassCreate(const AriPassInfo *info, const char *text, char *err, size_t cap) {
  return ariPassCreateHooked(info, text, NULL, err, cap);
}

MlirPass ariPassCreateHooked(const AriPassInfo *info, const char *text, const void *hooks,
                             char *err, size_t cap) {
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
  e->hooks = hooks;
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
