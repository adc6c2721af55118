/*===- stats.c - the rise-stats pass --------------------------------------===*/

#include "passes/stats.h"
#include "passes/pass_util.h"
#include "ariadne-c/Types.h"
#include "ariadne-c/Work.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char format[ARI_OPT_STRING_MAX];
  char output[ARI_OPT_STRING_MAX];
} StatsOptions;

static void statsDefaults(void *o) {
  StatsOptions *s = o;
  strcpy(s->format, "text");
  s->output[0] = 0;
}

static void countOp(AriStats *s, MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  int i = 0;
  for (; i < s->numKinds; ++i)
    if (strlen(s->ops[i].name) == name.length && !memcmp(s->ops[i].name, name.data, name.length))
      break;
  if (i == s->numKinds) {
    if (s->numKinds == ARI_STATS_MAX_KINDS)
      return;
    size_t n = name.length < sizeof s->ops[0].name - 1 ? name.length : sizeof s->ops[0].name - 1;
    memcpy(s->ops[i].name, name.data, n);
    s->ops[i].name[n] = 0;
    s->ops[i].count = 0;
    s->numKinds++;
  }
  s->ops[i].count++;
}

static void walk(MlirOperation op, int64_t trips, AriStats *s) {
  countOp(s, op);
  RiseOpWork w = riseOpWork(op);
  s->flops = riseSatAdd(s->flops, riseSatMul(w.flops, trips));
  s->transcendentals = riseSatAdd(s->transcendentals, riseSatMul(w.transcendentals, trips));
  RiseOpKind kind = riseOpKind(op);
  if (kind == RISE_OP_IN)
    s->bytesRead = riseSatAdd(
        s->bytesRead,
        riseSatMul(riseTypeBytes(mlirValueGetType(mlirOperationGetOperand(op, 0))), trips));
  if (kind == RISE_OP_OUT)
    s->bytesWritten = riseSatAdd(
        s->bytesWritten,
        riseSatMul(riseTypeBytes(mlirValueGetType(mlirOperationGetOperand(op, 1))), trips));
  bool rise = riseOpIsRise(op);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    int64_t t = rise ? riseSatMul(trips, riseRegionTrips(op, r)) : trips;
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        walk(o, t, s);
  }
}

void ariStatsCollect(MlirOperation func, AriStats *s) {
  memset(s, 0, sizeof *s);
  /* The function op itself is not counted: only its body. */
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(func); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        walk(o, 1, s);
}

static int cmpKinds(const void *a, const void *b) {
  return strcmp((const char *)a, (const char *)b);
}

void ariStatsPrint(FILE *f, const char *fn, AriStats *s, bool json, bool first) {
  qsort(s->ops, (size_t)s->numKinds, sizeof s->ops[0], cmpKinds);
  if (json) {
    fprintf(f, "%s\n    {\"function\": \"%s\", \"ops\": {", first ? "" : ",", fn);
    for (int i = 0; i < s->numKinds; ++i)
      fprintf(f, "%s\"%s\": %lld", i ? ", " : "", s->ops[i].name, (long long)s->ops[i].count);
    fprintf(f,
            "}, \"flops\": %lld, \"transcendentals\": %lld, \"bytes_read\": %lld, "
            "\"bytes_written\": %lld}",
            (long long)s->flops, (long long)s->transcendentals, (long long)s->bytesRead,
            (long long)s->bytesWritten);
    return;
  }
  fprintf(f, "rise-stats @%s\n  ops:\n", fn);
  for (int i = 0; i < s->numKinds; ++i)
    fprintf(f, "    %-28s %lld\n", s->ops[i].name, (long long)s->ops[i].count);
  fprintf(f, "  flops:           %lld\n  transcendentals: %lld\n", (long long)s->flops,
          (long long)s->transcendentals);
  fprintf(f, "  bytes-read:      %lld\n  bytes-written:   %lld\n", (long long)s->bytesRead,
          (long long)s->bytesWritten);
}

typedef struct {
  FILE *f;
  bool json, first;
} StatsRun;

static void statsFunc(void *ctx, MlirOperation op) {
  StatsRun *r = ctx;
  AriStats s;
  char name[256];
  ariStatsCollect(op, &s);
  ariPassFuncName(op, name, sizeof name);
  ariStatsPrint(r->f, name, &s, r->json, r->first);
  r->first = false;
}

static MlirLogicalResult statsRun(MlirOperation op, const void *opts) {
  const StatsOptions *o = opts;
  bool json = !strcmp(o->format, "json");
  FILE *f = ariPassOpenOutput(o->output, stderr);
  if (!f)
    return ariPassEmit(mlirOperationGetLocation(op), "rise-stats",
                       "cannot open output file '%s': %s", o->output, strerror(errno));
  StatsRun run = {f, json, true};
  if (json)
    fprintf(f, "{\"functions\": [");
  ariPassForEachFunc(op, statsFunc, &run);
  if (json)
    fprintf(f, "\n]}\n");
  int err = ariPassCloseOutput(f);
  if (err)
    return ariPassEmit(mlirOperationGetLocation(op), "rise-stats",
                       "cannot write output file '%s': %s", ariPassOutputName(o->output, stderr),
                       strerror(err));
  return mlirLogicalResultSuccess();
}

static const AriOptionDesc kStatsOptions[] = {
    {"format", ARI_OPT_STRING, offsetof(StatsOptions, format), "text|json",
     "text or json"},
    {"output", ARI_OPT_STRING, offsetof(StatsOptions, output), NULL,
     "file to write; '-' for stdout; default stderr"},
};

const AriPassInfo ariStatsPass = {
    .argument = "rise-stats",
    .description = "Report op counts, FLOPs, transcendentals and bytes moved per function",
    .options = kStatsOptions,
    .numOptions = sizeof kStatsOptions / sizeof kStatsOptions[0],
    .optionsSize = sizeof(StatsOptions),
    .setDefaults = statsDefaults,
    .run = statsRun,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
};
