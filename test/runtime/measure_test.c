/*===- measure_test.c - the measurement harness (runtime/measure.h) --------===*\
 *
 * On Inputs/measure.mlir:
 *   - a correct function is checked by the interpreter and timed (OK), and
 *     its outputs serve as a reference;
 *   - with the interpreter's budget exhausted, the same function matches
 *     the reference (OK, not checked by the interpreter), a wrong one with
 *     its signature does not (MISMATCH), and without a reference neither
 *     can be checked (UNCHECKED);
 *   - a function that cannot finish is killed at the time-out (TIMEOUT) and
 *     the test's process goes on (the time-out is 1 s against 2^40 loop
 *     iterations: no machine finishes them, so nothing here depends on
 *     speed);
 *   - ariMeasureKey is equal for equal code and differs otherwise.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/codegen/compile.h"
#include "runtime/measure.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"

#include <stdio.h>
#include <string.h>

#include "test/check.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: measure_test Inputs/measure.mlir\n");
    return 2;
  }
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  ariCompileRegister(ctx);
  MlirModule mod = ariParseFile(ctx, argv[1]);
  CHECK(!mlirModuleIsNull(mod));
  if (mlirModuleIsNull(mod))
    return 1;
  MlirOperation mv = ariFindFunc(mod, "mv"), wrong = ariFindFunc(mod, "mv_wrong"),
                endless = ariFindFunc(mod, "endless");
  AriArena arena;
  ariArenaInit(&arena, 0);

  AriMeasureOptions o = {.seed = 3, .reps = 3};
  AriMeasureResult r;
  AriHostArg *ref = NULL;
  intptr_t nref = 0;
  CHECK(ariMeasureFunc(mv, &o, &r, &arena, &ref, &nref) == ARI_MEASURE_OK);
  CHECK(r.checkedByInterp && r.reps == 3 && r.medianMs >= 0 && r.minMs <= r.medianMs);
  CHECK(ref && nref == 3);
  printf("mv: %s, median %.6f ms, compile %.3f s\n", ariMeasureStatusName(r.status), r.medianMs,
         r.compileS);

  /* several thread counts: one check and compile, one checked run each; a
   * failure before the runs is every count's */
  int counts[3] = {1, 2, 1};
  AriMeasureResult rs[3];
  CHECK(ariMeasureFuncAt(mv, &o, counts, 3, rs, NULL, NULL, NULL) == ARI_MEASURE_OK);
  for (int i = 0; i < 3; ++i)
    CHECK(rs[i].status == ARI_MEASURE_OK && rs[i].checkedByInterp && rs[i].reps == 3 &&
          rs[i].compileS == rs[0].compileS);
  AriMeasureOptions unchecked = {.seed = 3, .checkMaxOps = 10};
  CHECK(ariMeasureFuncAt(mv, &unchecked, counts, 3, rs, NULL, NULL, NULL) ==
        ARI_MEASURE_UNCHECKED);
  for (int i = 0; i < 3; ++i)
    CHECK(rs[i].status == ARI_MEASURE_UNCHECKED && strstr(rs[i].message, "no reference"));

  /* the interpreter over budget: the reference decides */
  AriMeasureOptions tight = {.seed = 3, .reps = 2, .checkMaxOps = 10, .reference = ref,
                             .numReference = nref};
  CHECK(ariMeasureFunc(mv, &tight, &r, NULL, NULL, NULL) == ARI_MEASURE_OK);
  CHECK(!r.checkedByInterp);
  CHECK(ariMeasureFunc(wrong, &tight, &r, NULL, NULL, NULL) == ARI_MEASURE_MISMATCH);
  CHECK(strstr(r.message, "differs from the reference") != NULL);
  printf("mv_wrong: %s (%s)\n", ariMeasureStatusName(r.status), r.message);
  AriMeasureOptions none = {.seed = 3, .checkMaxOps = 10};
  CHECK(ariMeasureFunc(mv, &none, &r, NULL, NULL, NULL) == ARI_MEASURE_UNCHECKED);

  /* a candidate that never ends: killed, reported */
  AriHostArg fake[2] = {{.isMemRef = true, .scalar = ARI_SCALAR_F32, .lanes = 1, .rank = 1,
                         .shape = {1}, .data = (float[1]){0}},
                        {.isMemRef = true, .scalar = ARI_SCALAR_F32, .lanes = 1, .rank = 0,
                         .data = (float[1]){0}}};
  AriMeasureOptions slow = {.seed = 3, .timeoutS = 1, .checkMaxOps = 10, .reference = fake,
                            .numReference = 2};
  CHECK(ariMeasureFunc(endless, &slow, &r, NULL, NULL, NULL) == ARI_MEASURE_TIMEOUT);
  printf("endless: %s (%s)\n", ariMeasureStatusName(r.status), r.message);

  /* code too large to compile (here a limit of 10 operations): refused
   * before LLVM sees it, with the count */
  AriMeasureOptions small = {.seed = 3, .maxCodeOps = 10};
  CHECK(ariMeasureFunc(mv, &small, &r, NULL, NULL, NULL) == ARI_MEASURE_COMPILE_ERROR);
  CHECK(strstr(r.message, "too large to compile") && strstr(r.message, "the limit is 10"));
  printf("mv, at most 10 operations: %s (%s)\n", ariMeasureStatusName(r.status), r.message);

  /* keys */
  MlirOperation copy = mlirOperationClone(mv);
  CHECK(ariMeasureKey(mv) == ariMeasureKey(copy));
  CHECK(ariMeasureKey(mv) != ariMeasureKey(wrong));
  mlirOperationDestroy(copy);
  char machine[256];
  ariMeasureMachine(machine, sizeof machine);
  CHECK(strstr(machine, "cpus") != NULL);
  printf("machine: %s\n", machine);

  ariArenaDestroy(&arena);
  mlirModuleDestroy(mod);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  printf("measure_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
