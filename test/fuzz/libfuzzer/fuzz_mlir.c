/*===- fuzz_mlir.c - libFuzzer harness: MLIR text and the rise verifier ---===*\
 *
 * The bytes as an MLIR module (text up to the first NUL) parsed with the
 * rise dialect: parsing runs the verifiers, so every rise op that parses
 * goes through Ariadne's verifier (dialect/lib/verify.c) and type
 * inference (dialect/lib/types.c). MLIR's own parser is not instrumented
 * and not ours; the coverage that steers this harness is the verifier's.
 *
 * What must hold: a module that fails to parse or verify says why (an
 * error diagnostic); a module that verifies prints (custom and generic
 * form) as text that parses back and prints the same.
 *
 * Known upstream MLIR bugs are stepped around by construction
 * (test/fuzz/mlir-bugs/README.md): text with a forward SSA reference
 * (fzHasForwardRef, test/fuzz/mutate.h) never reaches the parser, and is
 * kept out of the corpus (return -1). The context has only the dialects
 * rise programs use (rise, func, arith, math, memref, scf), so other
 * dialects' parsers are out of reach.
 *
 * The context lives across inputs (making one per input would cost more
 * than the parse) and is made anew every CONTEXT_INPUTS inputs, counted,
 * so that what it interns (names, locations, attributes) stays bounded.
 *
\*===----------------------------------------------------------------------===*/

#include "test/fuzz/libfuzzer/harness.h"

#include "ariadne-c/Rise.h"
#include "test/fuzz/mutate.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"

#include <string.h>

enum { CONTEXT_INPUTS = 2000, PRINT_CAP = 1 << 20 };

/* libFuzzer calls LLVMFuzzerTestOneInput with no state of the caller's, so
 * the context it reuses has to live in a static: the harness's only one. */
static struct {
  MlirContext ctx;
  unsigned inputs; /* parsed in ctx so far */
} gHarness;

static MlirContext context(void) {
  if (gHarness.ctx.ptr && gHarness.inputs < CONTEXT_INPUTS) {
    gHarness.inputs++;
    return gHarness.ctx;
  }
  if (gHarness.ctx.ptr)
    mlirContextDestroy(gHarness.ctx);
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  const MlirDialectHandle dialects[] = {
      mlirGetDialectHandle__rise__(), mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__arith__(), mlirGetDialectHandle__math__(),
      mlirGetDialectHandle__memref__(), mlirGetDialectHandle__scf__()};
  for (size_t i = 0; i < sizeof dialects / sizeof dialects[0]; ++i)
    mlirDialectHandleInsertDialect(dialects[i], reg);
  MlirContext ctx = mlirContextCreateWithRegistry(reg, false);
  mlirDialectRegistryDestroy(reg);
  for (size_t i = 0; i < sizeof dialects / sizeof dialects[0]; ++i)
    mlirDialectHandleLoadDialect(dialects[i], ctx);
  gHarness.ctx = ctx;
  gHarness.inputs = 1;
  return ctx;
}

static void toStr(MlirStringRef s, void *user) { ariStrAppend(user, s.data, s.length); }

/* The module's text in the arena, or NULL if it does not fit. */
static char *printModule(MlirModule m, bool generic, AriArena *arena) {
  char *buf = ariArenaAlloc(arena, PRINT_CAP);
  if (!buf)
    return NULL;
  AriStr b;
  ariStrInitFixed(&b, buf, PRINT_CAP);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (generic)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(m), flags, toStr, &b);
  mlirOpPrintingFlagsDestroy(flags);
  return ariStrOk(&b) ? buf : NULL;
}

static void checkRoundTrip(MlirContext ctx, AriDiagSink *sink, MlirModule m, AriArena *arena) {
  for (int generic = 0; generic < 2; ++generic) {
    char *text = printModule(m, generic, arena);
    if (!text)
      continue;
    MlirModule again = ariParseString(ctx, text);
    FZ_REQUIRE(!mlirModuleIsNull(again), "fuzz_mlir: a verified module prints as text that does not parse");
    char *text2 = printModule(again, generic, arena);
    FZ_REQUIRE(!text2 || !strcmp(text, text2), "fuzz_mlir: a reparsed module prints differently");
    mlirModuleDestroy(again);
    FZ_REQUIRE(sink->errors == 0, "fuzz_mlir: reparsing a printed module reported an error");
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  AriArena arena;
  ariArenaInit(&arena, 3 * PRINT_CAP + 4 * size + (1 << 20));
  char *text = ariArenaStrndup(&arena, (const char *)data, size);
  int rc = 0;
  if (!text) {
    rc = -1;
  } else if (fzHasForwardRef(text, &arena)) {
    rc = -1; /* the upstream use-after-free (mlir-bugs/README.md) */
  } else {
    MlirContext ctx = context();
    AriDiagSink sink;
    ariDiagSinkAttach(&sink, ctx, NULL);
    MlirModule m = ariParseString(ctx, text);
    if (mlirModuleIsNull(m)) {
      FZ_REQUIRE(sink.errors > 0, "fuzz_mlir: a module failed to parse or verify without an error");
    } else {
      FZ_REQUIRE(sink.errors == 0, "fuzz_mlir: a module parsed although an error was reported");
      checkRoundTrip(ctx, &sink, m, &arena);
      mlirModuleDestroy(m);
    }
    ariDiagSinkDetach(&sink);
  }
  ariArenaDestroy(&arena);
  return rc;
}
