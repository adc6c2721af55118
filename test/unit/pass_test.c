/*===- pass_test.c - Ariadne passes driven from C -------------------------===*\
 *
 * A C client runs rise-stats through its own pass manager (ariPassCreate)
 * and, after ariRegisterAllPasses, by name in a textual pipeline; the
 * option parser rejects what it must.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Pass.h"
#include "passes/stats.h"
#include "tools/support/mlirutil.h"
#include "utils/file.h"

#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test/check.h"

/* 3 rows of 4: map over rows of (reduce over 4 of (x*x + 1)) then exp. */
static const char kProgram[] =
    "func.func @rows(%a: memref<3x4xf32>, %o: memref<3xf32>) {\n"
    "  %x = rise.in %a : memref<3x4xf32> -> !rise.array<3x4xf32>\n"
    "  %r = rise.map %x : !rise.array<3x4xf32> -> !rise.array<3xf32> {\n"
    "  ^bb0(%row: !rise.array<4xf32>):\n"
    "    %z = arith.constant 0.0 : f32\n"
    "    %s = rise.reduce seq %z, %row : f32, !rise.array<4xf32> -> f32 {\n"
    "    ^bb0(%acc: f32, %v: f32):\n"
    "      %sq = arith.mulf %v, %v : f32\n"
    "      %t = arith.addf %acc, %sq : f32\n"
    "      rise.yield %t : f32\n"
    "    }\n"
    "    %e = math.exp %s : f32\n"
    "    rise.yield %e : f32\n"
    "  }\n"
    "  rise.out %r, %o : !rise.array<3xf32>, memref<3xf32>\n"
    "  return\n"
    "}\n";

static void testOptions(void) {
  const AriPassInfo *p = ariPassLookup("rise-stats");
  CHECK(p != NULL);
  CHECK(ariPassLookup("no-such-pass") == NULL);
  if (!p)
    return;
  char *opts = calloc(1, p->optionsSize), err[256];
  CHECK(opts != NULL);
  if (!opts)
    return;
  CHECK(ariOptionsParse(p, "format=json output=\"a b.txt\"", opts, err, sizeof err));
  CHECK(!ariOptionsParse(p, "format=xml", opts, err, sizeof err));
  CHECK(strstr(err, "must be one of text|json") != NULL);
  CHECK(!ariOptionsParse(p, "colour=red", opts, err, sizeof err));
  CHECK(strstr(err, "unknown option 'colour'") != NULL);
  CHECK(!ariOptionsParse(p, "format", opts, err, sizeof err));
  CHECK(strstr(err, "needs a value") != NULL);
  CHECK(!ariOptionsParse(p, "output=\"unterminated", opts, err, sizeof err));
  CHECK(strstr(err, "unterminated quote") != NULL);
  /* MLIR prints a value with spaces in braces, which may nest. */
  CHECK(ariOptionsParse(p, "output={a {b} c} format=json", opts, err, sizeof err));
  CHECK(!ariOptionsParse(p, "output={a {b} c", opts, err, sizeof err));
  CHECK(strstr(err, "unterminated quote") != NULL);
  /* The longest value that fits is accepted whole; one more is refused. */
  char text[ARI_OPT_STRING_MAX + 64];
  int n = snprintf(text, sizeof text, "output=");
  memset(text + n, 'a', ARI_OPT_STRING_MAX - 1);
  text[n + ARI_OPT_STRING_MAX - 1] = 0;
  CHECK(ariOptionsParse(p, text, opts, err, sizeof err));
  text[n + ARI_OPT_STRING_MAX - 1] = 'a';
  text[n + ARI_OPT_STRING_MAX] = 0;
  CHECK(!ariOptionsParse(p, text, opts, err, sizeof err));
  CHECK(strstr(err, "option 'output' is longer than 4095 characters") != NULL);
  free(opts);
}

static void testStatsFigures(MlirContext ctx) {
  MlirModule m = ariParseString(ctx, kProgram);
  CHECK(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m))
    return;
  AriStats s;
  ariStatsCollect(ariFindFunc(m, "rows"), &s);
  /* mulf and addf run 3*4 times each; exp runs 3 times. */
  CHECK(s.flops == 24);
  CHECK(s.transcendentals == 3);
  CHECK(s.bytesRead == 48);
  CHECK(s.bytesWritten == 12);
  mlirModuleDestroy(m);
}

static void testRunFromC(MlirContext ctx) {
  MlirModule m = ariParseString(ctx, kProgram);
  if (mlirModuleIsNull(m))
    return;
  char path[] = "/tmp/ariadne-pass-test-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0)
    return;
  close(fd);
  char text[512], err[256];
  snprintf(text, sizeof text, "format=json output=%s", path);
  MlirPass pass = ariPassCreate(ariPassLookup("rise-stats"), text, err, sizeof err);
  CHECK(pass.ptr != NULL);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm, pass);
  CHECK(mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))));
  mlirPassManagerDestroy(pm);

  char *report = NULL;
  size_t len;
  CHECK(ariFileOk(ariFileRead(path, NULL, 0, &report, &len)));
  unlink(path);
  const char *out = report ? report : "";
  CHECK(strstr(out, "\"function\": \"rows\"") != NULL);
  CHECK(strstr(out, "\"flops\": 24") != NULL);
  CHECK(strstr(out, "\"transcendentals\": 3") != NULL);
  CHECK(strstr(out, "\"rise.reduce\": 1") != NULL);
  free(report);

  MlirPass bad = ariPassCreate(ariPassLookup("rise-stats"), "format=yaml", err, sizeof err);
  CHECK(bad.ptr == NULL);
  mlirModuleDestroy(m);
}

static void appendText(MlirStringRef s, void *user) {
  char *buf = user;
  size_t n = strlen(buf);
  if (n + s.length < 2048) {
    memcpy(buf + n, s.data, s.length);
    buf[n + s.length] = 0;
  }
}

/* mlirParsePassPipeline knows the passes only after ariRegisterAllPasses;
 * they then print with their options. */
static void testTextualPipeline(MlirContext ctx) {
  MlirModule m = ariParseString(ctx, kProgram);
  if (mlirModuleIsNull(m))
    return;
  char path[] = "/tmp/ariadne-pass-test-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0)
    return;
  close(fd);
  char text[512], printed[2048] = "", diag[2048] = "";
  snprintf(text, sizeof text, "builtin.module(func.func(rise-stats{format=json output=%s}))",
           path);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  CHECK(mlirLogicalResultIsFailure(
      mlirParsePassPipeline(opm, mlirStringRefCreateFromCString(text), appendText, diag)));
  CHECK(strstr(diag, "'rise-stats' does not refer to a registered pass") != NULL);
  ariRegisterAllPasses();
  ariRegisterAllPasses(); /* again: nothing happens */
  CHECK(mlirLogicalResultIsSuccess(
      mlirParsePassPipeline(opm, mlirStringRefCreateFromCString(text), appendText, diag)));
  mlirPrintPassPipeline(opm, appendText, printed);
  CHECK(strstr(printed, "rise-stats{format=json output=") != NULL);
  CHECK(mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))));
  mlirPassManagerDestroy(pm);
  char *report = NULL;
  size_t len;
  CHECK(ariFileOk(ariFileRead(path, NULL, 0, &report, &len)));
  unlink(path);
  CHECK(report && strstr(report, "\"flops\": 24") != NULL);
  free(report);

  /* The pipelines too, which use MLIR's own passes. */
  mlirRegisterAllPasses();
  MlirPassManager pm2 = mlirPassManagerCreate(ctx);
  CHECK(mlirLogicalResultIsSuccess(mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm2),
      mlirStringRefCreateFromCString("builtin.module(rise-to-llvm)"), appendText, diag)));
  mlirPassManagerDestroy(pm2);
  mlirModuleDestroy(m);
}

int main(void) {
  MlirContext ctx = ariContextCreate();
  testOptions();
  testStatsFigures(ctx);
  testRunFromC(ctx);
  testTextualPipeline(ctx);
  mlirContextDestroy(ctx);
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
