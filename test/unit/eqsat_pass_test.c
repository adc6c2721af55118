/*===- eqsat_pass_test.c - rise-eqsat driven from C -----------------------===*\
 *
 * A C client runs rise-eqsat through its own pass manager: by name
 * (ariPassLookup) and by its descriptor (passes/eqsat.h). Two maps over
 * 32 elements are fused and the fused map split into 8 maps of 4 by a
 * two-guide goal; the report lands in a file; bad options are refused by
 * ariPassCreate, an unknown cost by the pass; a guide that cannot be
 * satisfied fails the pass with a diagnostic that names it and leaves the
 * function as it was.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "passes/eqsat.h"
#include "ariadne-c/Pass.h"
#include "tools/support/mlirutil.h"
#include "utils/file.h"

#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test/check.h"

static const char kProgram[] =
    "func.func @f(%a: memref<32xf32>, %o: memref<32xf32>) {\n"
    "  %x = rise.in %a : memref<32xf32> -> !rise.array<32xf32>\n"
    "  %y = rise.map %x : !rise.array<32xf32> -> !rise.array<32xf32> {\n"
    "  ^bb0(%v: f32):\n"
    "    %m = arith.mulf %v, %v : f32\n"
    "    rise.yield %m : f32\n"
    "  }\n"
    "  %z = rise.map %y : !rise.array<32xf32> -> !rise.array<32xf32> {\n"
    "  ^bb0(%v: f32):\n"
    "    %d = arith.addf %v, %v : f32\n"
    "    rise.yield %d : f32\n"
    "  }\n"
    "  rise.out %z, %o : !rise.array<32xf32>, memref<32xf32>\n"
    "  return\n"
    "}\n";

static const char kGuides[] =
    "nat n = 32;\n"
    "guide fuse rules(mapFusion, beta, eta) = map(?, in);\n"
    "guide split rules(splitJoin(4)) = containsMap(n / 4, containsMap(4, ?));\n"
    "guide never rules(splitJoin(2)) = contains(reduce);\n"
    "goal fuseSplit = fuse, split;\n";

/* Ops named `name` in op and everything nested in it. */
static int countOps(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  int c = n.length == strlen(name) && !memcmp(n.data, name, n.length);
  for (intptr_t i = 0; i < mlirOperationGetNumRegions(op); ++i)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, i)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        c += countOps(o, name);
  return c;
}

static bool tempFile(char *path, const char *text) {
  int fd = mkstemp(path);
  if (fd < 0)
    return false;
  size_t n = strlen(text);
  bool ok = write(fd, text, n) == (ssize_t)n;
  close(fd);
  return ok;
}

/* The file's text in out (cut to cap); "" and a failed check when it
 * cannot be read. */
static void readAll(const char *path, char *out, size_t cap) {
  char *text = NULL;
  size_t len;
  out[0] = 0;
  CHECK(ariFileOk(ariFileRead(path, NULL, 0, &text, &len)));
  if (text)
    snprintf(out, cap, "%s", text);
  free(text);
}

static MlirLogicalResult runPass(MlirContext ctx, MlirModule m, const char *opts) {
  char err[256];
  MlirPass pass = ariPassCreate(ariPassLookup("rise-eqsat"), opts, err, sizeof err);
  CHECK(pass.ptr != NULL);
  if (!pass.ptr)
    return mlirLogicalResultFailure();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm, pass);
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
  mlirPassManagerDestroy(pm);
  return r;
}

int main(void) {
  CHECK(ariPassLookup("rise-eqsat") == &ariEqsatPass);
  MlirContext ctx = ariContextCreate();
  char guides[] = "/tmp/ariadne-eqsat-guides-XXXXXX";
  char report[] = "/tmp/ariadne-eqsat-report-XXXXXX";
  CHECK(tempFile(guides, kGuides));
  CHECK(tempFile(report, ""));

  /* The goal: one split, an outer map over 8 chunks, an inner map over 4. */
  MlirModule m = ariParseString(ctx, kProgram);
  CHECK(!mlirModuleIsNull(m));
  char opts[512], text[4096];
  snprintf(opts, sizeof opts, "guides=%s goal=fuseSplit report=%s", guides, report);
  if (!mlirModuleIsNull(m)) {
    MlirOperation f = ariFindFunc(m, "f");
    CHECK(countOps(f, "rise.map") == 2 && countOps(f, "rise.split") == 0);
    CHECK(mlirLogicalResultIsSuccess(runPass(ctx, m, opts)));
    CHECK(countOps(f, "rise.split") == 1);
    CHECK(countOps(f, "rise.join") == 1);
    CHECK(countOps(f, "rise.map") == 2);
    CHECK(countOps(f, "arith.mulf") == 1 && countOps(f, "arith.addf") == 1);
    readAll(report, text, sizeof text);
    CHECK(strstr(text, "rise-eqsat @f fuse: found stop=goal iterations=1 ") != NULL);
    CHECK(strstr(text, "rise-eqsat @f split: found stop=goal iterations=1 ") != NULL);
    CHECK(strstr(text, "rise-eqsat @f goal fuseSplit: found 2/2 guides") != NULL);
    mlirModuleDestroy(m);
  }

  /* A guide that is never satisfied: failure, a diagnostic naming it, the
   * function unchanged. */
  m = ariParseString(ctx, kProgram);
  if (!mlirModuleIsNull(m)) {
    AriDiagSink sink;
    ariDiagSinkAttach(&sink, ctx, NULL);
    snprintf(opts, sizeof opts, "guides=%s guide=fuse,never node-limit=40 report=none", guides);
    CHECK(mlirLogicalResultIsFailure(runPass(ctx, m, opts)));
    ariDiagSinkDetach(&sink);
    CHECK(sink.errors == 1);
    CHECK(strstr(sink.last, "guide 'never' not satisfied on @f: node-limit (40 e-nodes) reached") !=
          NULL);
    MlirOperation f = ariFindFunc(m, "f");
    CHECK(countOps(f, "rise.map") == 2 && countOps(f, "rise.split") == 0);
    mlirModuleDestroy(m);
  }

  /* An unknown cost (cost= takes file names, so the pass checks it): a
   * failure with one diagnostic naming it, before any function. */
  m = ariParseString(ctx, kProgram);
  if (!mlirModuleIsNull(m)) {
    AriDiagSink sink;
    ariDiagSinkAttach(&sink, ctx, NULL);
    snprintf(opts, sizeof opts, "guides=%s goal=fuse cost=fast report=none", guides);
    CHECK(mlirLogicalResultIsFailure(runPass(ctx, m, opts)));
    ariDiagSinkDetach(&sink);
    CHECK(sink.errors == 1 && strstr(sink.last, "unknown cost 'fast'") != NULL);
    mlirModuleDestroy(m);
  }

  /* Options the parser refuses never make a pass. */
  char err[256];
  MlirPass bad = ariPassCreate(&ariEqsatPass, "guides=x candidates=many", err, sizeof err);
  CHECK(bad.ptr == NULL);
  CHECK(strstr(err, "option 'candidates' needs an integer") != NULL);
  bad = ariPassCreate(&ariEqsatPass, "guides=x node-limit=lots", err, sizeof err);
  CHECK(bad.ptr == NULL);

  unlink(guides);
  unlink(report);
  mlirContextDestroy(ctx);
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
