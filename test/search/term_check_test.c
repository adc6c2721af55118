/*===- term_check_test.c - a rewritten root against the original ----------===*\
 *
 * tools/support/term_check.h, which ariadne-astar --check and ariadne-rl
 * run on every program their searches produce:
 * - a returned scalar (Knossos' binding programs): a factoring, exact in
 *   real arithmetic, is the same within the tolerance; a wrong sign is
 *   different, with the input and output named; a rewrite that no longer
 *   reads an argument is not checkable (the signatures differ), and says so;
 *   the tools' tally counts them and words the difference;
 * - an array written by rise.out: x[i] * 2 -> x[i] + x[i] is the same,
 *   x[i] * 3 is different;
 * - nothing reaches the context's diagnostic handler.
 *
\*===----------------------------------------------------------------------===*/

#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"
#include "tools/support/term_check.h"

#include <stdio.h>
#include <string.h>

#include "test/check.h"

static const char kModule[] =
    "func.func @factor(%x: f32, %y: f32, %z: f32) -> f32 {\n"
    "  %a = arith.mulf %x, %y : f32\n"
    "  %b = arith.mulf %x, %z : f32\n"
    "  %r = arith.addf %a, %b : f32\n"
    "  return %r : f32\n"
    "}\n"
    "func.func @twice(%x_m: memref<16xf32>, %out: memref<16xf32>) {\n"
    "  %x = rise.in %x_m : memref<16xf32> -> !rise.array<16xf32>\n"
    "  %g = rise.generate : !rise.array<16xf32> {\n"
    "  ^bb0(%i: index):\n"
    "    %v = rise.idx %x[%i] : !rise.array<16xf32> -> f32\n"
    "    %c = arith.constant 2.0 : f32\n"
    "    %w = arith.mulf %v, %c : f32\n"
    "    rise.yield %w : f32\n"
    "  }\n"
    "  rise.out %g, %out : !rise.array<16xf32>, memref<16xf32>\n"
    "  return\n"
    "}\n";

static AriTerm *P(AriTermStore *s, const char *t) {
  AriTerm *r = ariTermParse(s, t, strlen(t));
  if (!r)
    printf("parse '%s': %s\n", t, ariTermStoreError(s));
  return r;
}

int main(void) {
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  MlirModule mod = ariParseString(ctx, kModule);
  CHECK(!mlirModuleIsNull(mod));
  if (mlirModuleIsNull(mod))
    return 1;
  AriTermStore *s = ariTermStoreCreate(0);
  AriTermFunc factor, twice;
  MlirLocation loc;
  CHECK(ariTermImportFunc(s, ariFindFunc(mod, "factor"), &factor, &loc));
  CHECK(ariTermImportFunc(s, ariFindFunc(mod, "twice"), &twice, &loc));
  char msg[512];

  /* x*y + x*z == x*(y+z) within the tolerance. */
  AriTerm *good = P(s, "(arith.mulf (arg 0 : f32) (arith.addf (arg 1 : f32) (arg 2 : f32) : f32) "
                       ": f32)");
  CHECK(ariTermCheckRoot(ctx, s, &factor, 0, good, 1, 3, msg, sizeof msg) ==
        ARI_TERM_CHECK_SAME);
  AriTerm *bad = P(s, "(arith.mulf (arg 0 : f32) (arith.subf (arg 1 : f32) (arg 2 : f32) : f32) "
                      ": f32)");
  msg[0] = 0;
  CHECK(ariTermCheckRoot(ctx, s, &factor, 0, bad, 1, 3, msg, sizeof msg) ==
        ARI_TERM_CHECK_DIFFERENT);
  CHECK(strstr(msg, "input 0: output 3, scalar 0") != NULL);
  AriTerm *drops = P(s, "(arith.mulf (arg 0 : f32) (arg 1 : f32) : f32)");
  CHECK(ariTermCheckRoot(ctx, s, &factor, 0, drops, 1, 3, msg, sizeof msg) ==
        ARI_TERM_CHECK_SKIPPED);
  CHECK(strstr(msg, "argument 2 is not used") != NULL);

  /* The tools' tally. */
  AriTermChecks tally = {0};
  char err[1024];
  CHECK(ariTermCheckCount(&tally, ctx, s, &factor, 0, good, "@factor", "eqsat", err, sizeof err));
  CHECK(ariTermCheckCount(&tally, ctx, s, &factor, 0, drops, "@factor", "eqsat", err, sizeof err));
  CHECK(!ariTermCheckCount(&tally, ctx, s, &factor, 0, bad, "@factor", "greedy", err, sizeof err));
  CHECK(tally.same == 1 && tally.skipped == 1 && strstr(tally.firstSkip, "@factor: "));
  CHECK(strstr(err, "@factor: the program greedy produced differs from it on the interpreter"));

  /* An array through rise.out. */
  AriTerm *sum = P(s, "(generate 16 (lam index (arith.addf (idx (in 0 : 16.f32) %0) (idx (in 0 : "
                      "16.f32) %0) : f32)))");
  CHECK(ariTermCheckRoot(ctx, s, &twice, 0, sum, 7, 2, msg, sizeof msg) == ARI_TERM_CHECK_SAME);
  AriTerm *thrice = P(s, "(generate 16 (lam index (arith.mulf (idx (in 0 : 16.f32) %0) (const 3 "
                         ": f32) : f32)))");
  CHECK(ariTermCheckRoot(ctx, s, &twice, 0, thrice, 7, 2, msg, sizeof msg) ==
        ARI_TERM_CHECK_DIFFERENT);
  CHECK(ariTermCheckRoot(ctx, s, &twice, 3, sum, 7, 2, msg, sizeof msg) ==
        ARI_TERM_CHECK_SKIPPED);

  CHECK(sink.errors == 0);
  ariTermStoreDestroy(s);
  mlirModuleDestroy(mod);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  printf("term_check_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
