/*===- op_kind_test.c - RiseOps.def against the registered rise ops -------===*\
 *
 * The op list in ariadne-c/RiseOps.def is written by hand next to ODS. The
 * compiler already checks it against ODS (dialect/lib/RiseDialect.cpp);
 * this test checks it against what the dialect registers at run time: the
 * same ops, one for one, each found by riseOpKind on a real op and named
 * back by riseOpKindName, and nothing else taken for a rise op.
 *
\*===----------------------------------------------------------------------===*/

#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"

#include "mlir-c/Dialect/Func.h"

#include <stdio.h>
#include <string.h>

#include "test/check.h"

static bool sameString(MlirStringRef s, const char *c) {
  return c && s.length == strlen(c) && memcmp(s.data, c, s.length) == 0;
}

/* An op named `name` with no operands, results or regions: enough for
 * riseOpKind, which reads only the name (it is never verified). */
static MlirOperation bareOp(MlirContext ctx, const char *name) {
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), mlirLocationUnknownGet(ctx));
  return mlirOperationCreate(&st);
}

/* Every entry of the list is a registered op, in the list's (sorted)
 * place, and the kind of an op of that name. */
static void testListIsRegistered(MlirContext ctx) {
  static const struct {
    RiseOpKind kind;
    const char *name;
  } list[] = {
#define RISE_OP(Kind, Name, OdsClass) {RISE_OP_##Kind, Name},
#include "ariadne-c/RiseOps.def"
  };
  size_t n = sizeof list / sizeof list[0];
  CHECK(n == RISE_OP_NUM_KINDS - 1);
  for (size_t i = 0; i < n; ++i) {
    const char *name = list[i].name;
    MlirStringRef ref = mlirStringRefCreateFromCString(name);
    if (!mlirContextIsRegisteredOperation(ctx, ref))
      fprintf(stderr, "RiseOps.def lists %s, which the rise dialect does not register\n", name);
    CHECK(mlirContextIsRegisteredOperation(ctx, ref));
    CHECK(list[i].kind == (RiseOpKind)(i + 1));
    CHECK(!strcmp(riseOpKindName(list[i].kind), name));
    CHECK(riseOpKindFromName(ref) == list[i].kind);
    MlirOperation op = bareOp(ctx, name);
    CHECK(riseOpKind(op) == list[i].kind);
    CHECK(riseOpIs(op, name));
    mlirOperationDestroy(op);
    if (i > 0)
      CHECK(strcmp(list[i - 1].name, name) < 0);
  }
}

/* Every registered rise op is in the list, and no two are the same entry:
 * with the counts equal, the registered ops and the list are one for one. */
static void testRegisteredAreListed(MlirContext ctx) {
  intptr_t n = mlirRiseContextGetNumRegisteredOperations(ctx);
  if (n != RISE_OP_NUM_KINDS - 1)
    fprintf(stderr, "the rise dialect registers %ld ops, RiseOps.def lists %d\n", (long)n,
            RISE_OP_NUM_KINDS - 1);
  CHECK(n == RISE_OP_NUM_KINDS - 1);
  bool seen[RISE_OP_NUM_KINDS] = {false};
  for (intptr_t i = 0; i < n; ++i) {
    MlirStringRef name = mlirRiseContextGetRegisteredOperationName(ctx, i);
    RiseOpKind k = riseOpKindFromName(name);
    if (k == RISE_OP_NONE)
      fprintf(stderr, "the rise dialect registers %.*s, which RiseOps.def lacks\n",
              (int)name.length, name.data);
    CHECK(k != RISE_OP_NONE);
    CHECK(sameString(name, riseOpKindName(k)));
    CHECK(!seen[k]);
    seen[k] = true;
  }
}

/* Ops of other dialects, names that merely look like rise ops, and kinds
 * outside the enum. */
static void testOthers(MlirContext ctx) {
  static const char *const notRise[] = {
      "func.func", "func.return", "arith.addf", "rise",       "rise.",     "rise.ma",
      "rise.mapx", "rise.zipp",   "rise.a",     "rise.zzz",   "rise.in.x", "xrise.map",
      "Rise.map",  "rise.Map",    "rise.pad",   "rise.pad_c", "rise.as_",  "rise.yieldx"};
  for (size_t i = 0; i < sizeof notRise / sizeof notRise[0]; ++i) {
    if (riseOpKindFromName(mlirStringRefCreateFromCString(notRise[i])) != RISE_OP_NONE)
      fprintf(stderr, "%s taken for a rise op\n", notRise[i]);
    CHECK(riseOpKindFromName(mlirStringRefCreateFromCString(notRise[i])) == RISE_OP_NONE);
  }
  /* A name is compared in full, not up to a NUL or a prefix. */
  CHECK(riseOpKindFromName(mlirStringRefCreate("rise.map\0x", 10)) == RISE_OP_NONE);
  CHECK(riseOpKindFromName(mlirStringRefCreate("rise.mapping", 8)) == RISE_OP_MAP);
  CHECK(riseOpKindFromName(mlirStringRefCreate(NULL, 0)) == RISE_OP_NONE);

  MlirOperation ret = bareOp(ctx, "func.return");
  CHECK(riseOpKind(ret) == RISE_OP_NONE);
  CHECK(riseOpIs(ret, "func.return") && !riseOpIs(ret, "func.func"));
  mlirOperationDestroy(ret);

  CHECK(riseOpKindName(RISE_OP_NONE) == NULL);
  CHECK(riseOpKindName((RiseOpKind)RISE_OP_NUM_KINDS) == NULL);
  CHECK(riseOpKindName((RiseOpKind)-1) == NULL);
  CHECK(!strcmp(riseOpKindName(RISE_OP_MAP), "rise.map"));
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__func__(), ctx);
  /* Registered ops appear when their dialect is loaded. */
  CHECK(mlirRiseContextGetNumRegisteredOperations(ctx) == 0);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__rise__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  testListIsRegistered(ctx);
  testRegisteredAreListed(ctx);
  testOthers(ctx);
  mlirContextDestroy(ctx);
  printf("op_kind: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
