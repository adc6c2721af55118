/*===- cost_capi_test.c - include/ariadne-c/Cost.h from a C client --------===*\
 *
 * Through libAriadne.so only: loads the analytic model with a machine file
 * the test writes (fixed figures, so no timing), scores functions one by
 * one and as a batch (the same numbers; a 1024 x 1024 matvec slower than a
 * 7 x 13 one), and gets errors as values with messages: unknown and
 * incomplete specs, missing and damaged files, something that is not a
 * func.func, a function the import refuses, NULL arguments. With a
 * model file as argument (one trained on `ariadne-cost measure`'s records,
 * layout 1201), that loading it is refused with a message saying why.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Cost.h"
#include "ariadne-c/Rise.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/MemRef.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "test/check.h"

#define MATVEC(NAME, M, K)                                                                       \
  "func.func @" NAME "(%A: memref<" M "x" K "xf32>, %x: memref<" K "xf32>, %y: memref<" M       \
  "xf32>) {\n"                                                                                   \
  "  %mat = rise.in %A : memref<" M "x" K "xf32> -> !rise.array<" M "x" K "xf32>\n"              \
  "  %vec = rise.in %x : memref<" K "xf32> -> !rise.array<" K "xf32>\n"                          \
  "  %zero = arith.constant 0.0 : f32\n"                                                         \
  "  %res = rise.map %mat : !rise.array<" M "x" K "xf32> -> !rise.array<" M "xf32> {\n"          \
  "  ^bb0(%row: !rise.array<" K "xf32>):\n"                                                      \
  "    %z = rise.zip %row, %vec : !rise.array<" K "xf32>, !rise.array<" K                        \
  "xf32> -> !rise.array<" K "x!rise.pair<f32, f32>>\n"                                           \
  "    %d = rise.map %z : !rise.array<" K "x!rise.pair<f32, f32>> -> !rise.array<" K "xf32> {\n" \
  "    ^bb0(%p: !rise.pair<f32, f32>):\n"                                                       \
  "      %l = rise.fst %p : !rise.pair<f32, f32> -> f32\n"                                       \
  "      %r = rise.snd %p : !rise.pair<f32, f32> -> f32\n"                                       \
  "      %m = arith.mulf %l, %r : f32\n"                                                         \
  "      rise.yield %m : f32\n"                                                                  \
  "    }\n"                                                                                      \
  "    %s = rise.reduce %zero, %d : f32, !rise.array<" K "xf32> -> f32 {\n"                      \
  "    ^bb0(%acc: f32, %v: f32):\n"                                                              \
  "      %a = arith.addf %acc, %v : f32\n"                                                       \
  "      rise.yield %a : f32\n"                                                                  \
  "    }\n"                                                                                      \
  "    rise.yield %s : f32\n"                                                                    \
  "  }\n"                                                                                        \
  "  rise.out %res, %y : !rise.array<" M "xf32>, memref<" M "xf32>\n"                            \
  "  return\n"                                                                                   \
  "}\n"

static const char kModule[] = MATVEC("small", "7", "13") MATVEC("big", "1024", "1024")
    "func.func @other(%a: memref<4xf32>) {\n"
    "  %c = memref.alloc() : memref<4xf32>\n"
    "  return\n"
    "}\n";

static const char kMachine[] = "version = 1\n"
                               "name = test machine\n"
                               "cores = 2\n"
                               "cache.1 = 32768\n"
                               "cache.2 = 1048576\n"
                               "cache.3 = 8388608\n"
                               "bandwidth.1 = 100\n"
                               "bandwidth.2 = 50\n"
                               "bandwidth.3 = 25\n"
                               "bandwidth.mem = 10\n"
                               "gflops.vector = 50\n"
                               "gflops.scalar = 2\n";

static bool writeFile(const char *path, const char *text, bool withCrc) {
  FILE *f = fopen(path, "w");
  if (!f)
    return false;
  fputs(text, f);
  if (withCrc)
    fprintf(f, "crc32 = %08lx\n",
            (unsigned long)crc32(0L, (const Bytef *)text, (uInt)strlen(text)));
  return fclose(f) == 0;
}

static MlirOperation findFunc(MlirModule m, const char *name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute sym =
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    MlirStringRef n = mlirStringAttrGetValue(sym);
    if (n.length == strlen(name) && !memcmp(n.data, name, n.length))
      return op;
  }
  MlirOperation none = {NULL};
  return none;
}

int main(int argc, char **argv) {
  MlirContext ctx = mlirContextCreate();
  const MlirDialectHandle handles[] = {
      mlirGetDialectHandle__rise__(), mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__arith__(), mlirGetDialectHandle__memref__()};
  for (size_t i = 0; i < sizeof handles / sizeof handles[0]; ++i) {
    mlirDialectHandleRegisterDialect(handles[i], ctx);
    mlirDialectHandleLoadDialect(handles[i], ctx);
  }
  MlirModule mod = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  CHECK(!mlirModuleIsNull(mod));
  if (mlirModuleIsNull(mod))
    return 1;
  MlirOperation small = findFunc(mod, "small"), big = findFunc(mod, "big"),
                other = findFunc(mod, "other");
  CHECK(!mlirOperationIsNull(small) && !mlirOperationIsNull(big) && !mlirOperationIsNull(other));

  char dir[] = "/tmp/cost_capi_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char machine[64], damaged[64], spec[96];
  snprintf(machine, sizeof machine, "%s/m.txt", dir);
  snprintf(damaged, sizeof damaged, "%s/bad.txt", dir);
  CHECK(writeFile(machine, kMachine, true) && writeFile(damaged, kMachine, false));

  /* Loading: the analytic model with a machine file. */
  AriCostModelRef m = NULL;
  snprintf(spec, sizeof spec, "analytic:%s", machine);
  AriCostStatus st = ariCostLoad(spec, 1, &m);
  CHECK(st.ok && m && st.message[0] == 0);

  /* Scoring one and a batch: the same figures, the large one slower. */
  double s1 = 0, s2 = 0, batch[2] = {0, 0};
  CHECK(ariCostScoreFunc(m, small, &s1).ok && ariCostScoreFunc(m, big, &s2).ok);
  CHECK(isfinite(s1) && isfinite(s2) && s1 > 0 && s2 > 100 * s1);
  MlirOperation both[2] = {small, big};
  CHECK(ariCostScoreFuncs(m, both, 2, batch).ok);
  CHECK(batch[0] == s1 && batch[1] == s2);
  CHECK(ariCostScoreFuncs(m, both, 0, batch).ok);

  /* Errors are values with messages. */
  st = ariCostScoreFunc(m, other, &s1);
  CHECK(!st.ok && strstr(st.message, "@other"));
  MlirOperation bad[2] = {small, mlirModuleGetOperation(mod)};
  st = ariCostScoreFuncs(m, bad, 2, batch);
  CHECK(!st.ok && strstr(st.message, "not a func.func"));
  st = ariCostScoreFunc(NULL, small, &s1);
  CHECK(!st.ok && st.message[0]);
  st = ariCostScoreFunc(m, small, NULL);
  CHECK(!st.ok && st.message[0]);
  ariCostFree(m);
  ariCostFree(NULL);

  AriCostModelRef m2 = (AriCostModelRef)1;
  st = ariCostLoad("bogus", 0, &m2);
  CHECK(!st.ok && m2 == NULL && strstr(st.message, "unknown cost model 'bogus'"));
  st = ariCostLoad("analytic", 0, &m2);
  CHECK(!st.ok && strstr(st.message, "needs a machine file"));
  st = ariCostLoad("model:", 0, &m2);
  CHECK(!st.ok && strstr(st.message, "names no file"));
  snprintf(spec, sizeof spec, "analytic:%s/none.txt", dir);
  st = ariCostLoad(spec, 0, &m2);
  CHECK(!st.ok && m2 == NULL && strstr(st.message, "none.txt"));
  snprintf(spec, sizeof spec, "analytic:%s", damaged);
  st = ariCostLoad(spec, 0, &m2);
  CHECK(!st.ok && strstr(st.message, "crc32"));
  snprintf(spec, sizeof spec, "model:%s", machine); /* not a model file */
  st = ariCostLoad(spec, 0, &m2);
  CHECK(!st.ok && m2 == NULL && st.message[0]);
  st = ariCostLoad(NULL, 0, &m2);
  CHECK(!st.ok);
  if (argc > 1) { /* a model trained on `ariadne-cost measure`'s records */
    snprintf(spec, sizeof spec, "model:%.80s", argv[1]);
    st = ariCostLoad(spec, 0, &m2);
    CHECK(!st.ok && m2 == NULL && strstr(st.message, "trained with code features (layout 1201") &&
          strstr(st.message, argv[1]));
    printf("code-feature model: %s\n", st.message);
  }

  unlink(machine);
  unlink(damaged);
  rmdir(dir);
  mlirModuleDestroy(mod);
  mlirContextDestroy(ctx);
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
