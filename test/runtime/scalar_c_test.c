/*===- scalar_c_test.c - the one scalar-type table of generated C ---------===*\
 *
 * runtime/codegen/scalar_c.h is what the CPU header (header.c) and the GPU
 * host stub (gpu_stub.c) both write C types from. Each entry's size must be
 * sizeof its C type and the in-memory size LLVM gives the lowered type on
 * every target (so a C array of the C type is a memref's data: i1 is one
 * byte, a bool), and types outside the table are refused.
 *
\*===----------------------------------------------------------------------===*/

#include "runtime/codegen/compile_util.h"
#include "runtime/codegen/scalar_c.h"
#include "test/check.h"

#include "mlir-c/BuiltinTypes.h"

#include "llvm-c/Core.h"
#include "llvm-c/Target.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* sizeof of the C types the table names. */
static size_t cSize(const char *ctype) {
  static const struct {
    const char *name;
    size_t size;
  } sizes[] = {{"float", sizeof(float)},     {"double", sizeof(double)},
               {"bool", sizeof(bool)},       {"int8_t", sizeof(int8_t)},
               {"int32_t", sizeof(int32_t)}, {"int64_t", sizeof(int64_t)}};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i)
    if (!strcmp(sizes[i].name, ctype))
      return sizes[i].size;
  return 0;
}

/* The MLIR type of a tag, and the LLVM type the lowering makes of it
 * (index: i64, MLIR's default index width). */
static MlirType mlirOf(MlirContext ctx, const char *tag) {
  if (!strcmp(tag, "f32"))
    return mlirF32TypeGet(ctx);
  if (!strcmp(tag, "f64"))
    return mlirF64TypeGet(ctx);
  if (!strcmp(tag, "index"))
    return mlirIndexTypeGet(ctx);
  return mlirIntegerTypeGet(ctx, (unsigned)atoi(tag + 1));
}

static LLVMTypeRef llvmOf(LLVMContextRef c, const char *tag) {
  if (!strcmp(tag, "f32"))
    return LLVMFloatTypeInContext(c);
  if (!strcmp(tag, "f64"))
    return LLVMDoubleTypeInContext(c);
  if (!strcmp(tag, "index"))
    return LLVMInt64TypeInContext(c);
  return LLVMIntTypeInContext(c, (unsigned)atoi(tag + 1));
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  LLVMContextRef lc = LLVMContextCreate();
  static const struct {
    const char *triple, *cpu;
  } targets[] = {{"x86_64-unknown-linux-gnu", "generic"},
                 {"aarch64-unknown-linux-gnu", "generic"},
                 {"nvptx64-nvidia-cuda", "sm_80"}};
  LLVMTargetDataRef layouts[3];
  for (size_t t = 0; t < 3; ++t) {
    AriCompileMachineSpec spec = {targets[t].triple, targets[t].cpu, "", 2, LLVMRelocDefault,
                                  LLVMCodeModelDefault};
    char err[512] = "";
    LLVMTargetMachineRef tm = ariCompileTargetMachine(&spec, err, sizeof err);
    CHECK(tm != NULL);
    if (!tm) {
      fprintf(stderr, "%s\n", err);
      return 1;
    }
    layouts[t] = LLVMCreateTargetDataLayout(tm);
    LLVMDisposeTargetMachine(tm);
  }

  size_t n = 0;
  const AriScalarC *table = ariScalarCTable(&n);
  CHECK(n == 7);
  for (size_t i = 0; i < n; ++i) {
    const AriScalarC *e = &table[i];
    CHECK(ariScalarCOf(mlirOf(ctx, e->tag)) == e);
    CHECK(cSize(e->ctype) == e->bytes);
    for (size_t t = 0; t < 3; ++t) {
      LLVMTypeRef ty = llvmOf(lc, e->tag);
      /* The store size is what one element occupies in a memref (LLVM's
       * GEP stride, the alloc size, is the same for these types). */
      CHECK(LLVMStoreSizeOfType(layouts[t], ty) == e->bytes);
      CHECK(LLVMABISizeOfType(layouts[t], ty) == e->bytes);
    }
  }

  /* i1 is a C bool on both sides of the ABI; i8 is int8_t. */
  const AriScalarC *i1 = ariScalarCOf(mlirIntegerTypeGet(ctx, 1));
  CHECK(i1 && !strcmp(i1->tag, "i1") && !strcmp(i1->ctype, "bool") && i1->bytes == 1);
  const AriScalarC *i8 = ariScalarCOf(mlirIntegerTypeGet(ctx, 8));
  CHECK(i8 && !strcmp(i8->ctype, "int8_t"));
  const AriScalarC *idx = ariScalarCOf(mlirIndexTypeGet(ctx));
  CHECK(idx && !strcmp(idx->ctype, "int64_t"));

  /* What C has no type for here. */
  CHECK(ariScalarCOf(mlirIntegerTypeGet(ctx, 16)) == NULL);
  CHECK(ariScalarCOf(mlirIntegerTypeGet(ctx, 128)) == NULL);
  CHECK(ariScalarCOf(mlirF16TypeGet(ctx)) == NULL);
  CHECK(ariScalarCOf(mlirBF16TypeGet(ctx)) == NULL);
  CHECK(ariScalarCOf(mlirNoneTypeGet(ctx)) == NULL);

  char list[128];
  ariScalarCList(list, sizeof list);
  CHECK(!strcmp(list, "f32, f64, i1, i8, i32, i64 or index"));
  char small[8];
  ariScalarCList(small, sizeof small);
  CHECK(!strcmp(small, "f32, f6"));

  for (size_t t = 0; t < 3; ++t)
    LLVMDisposeTargetData(layouts[t]);
  LLVMContextDispose(lc);
  mlirContextDestroy(ctx);
  printf("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
