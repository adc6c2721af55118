/*===- codefeat_test.c - the code features (runtime/codefeat.h) -----------===*\
 *
 * On Inputs/codefeat.mlir, every feature of small programs checked against
 * counts made by hand from their lowered form (ariCodeFeatPipeline(); the
 * loops are in the comments), so that a change to the lowering or to the
 * walk that moves a count shows here. Then the lane traffic, carried
 * vectors and unknown trip counts through ariCodeFeatCount on a module
 * written in the lowered dialects; the names and meanings of every index;
 * and a function that does not lower.
 *
\*===----------------------------------------------------------------------===*/

#include "runtime/codefeat.h"
#include "runtime/codegen/compile.h"
#include "tools/support/mlirutil.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test/check.h"

/* Expected values: ARI_CODEFEAT_<id> = value pairs, the rest 0 except
 * PAR_TRIPS and HOT_TRIPS, which default to 1. */
typedef struct {
  int id;
  double value;
} Want;

static void expect(const char *what, const double *got, const Want *want, int n) {
  double exp[ARI_CODEFEAT_COUNT] = {0};
  exp[ARI_CODEFEAT_PAR_TRIPS] = 1;
  exp[ARI_CODEFEAT_HOT_TRIPS] = 1;
  for (int i = 0; i < n; ++i)
    exp[want[i].id] = want[i].value;
  for (int i = 0; i < ARI_CODEFEAT_COUNT; ++i) {
    bool ok = fabs(got[i] - exp[i]) <= 1e-9 * (fabs(exp[i]) + 1);
    CHECK(ok);
    if (!ok)
      fprintf(stderr, "  %s: %s is %g, want %g\n", what, ariCodeFeatName((unsigned)i), got[i],
              exp[i]);
  }
}

static void features(MlirModule mod, const char *name, double *out) {
  MlirOperation f = ariFindFunc(mod, name);
  CHECK(!mlirOperationIsNull(f));
  char err[256] = "";
  memset(out, 0xff, sizeof(double) * ARI_CODEFEAT_COUNT);
  bool ok = !mlirOperationIsNull(f) && ariCodeFeatures(f, out, err, sizeof err);
  CHECK(ok);
  if (!ok)
    fprintf(stderr, "  @%s: %s\n", name, err);
}

#define W(id, v) {ARI_CODEFEAT_##id, (v)}
#define EXPECT(what, got, ...)                                                                     \
  do {                                                                                             \
    const Want w_[] = {__VA_ARGS__};                                                               \
    expect(what, got, w_, (int)(sizeof w_ / sizeof w_[0]));                                        \
  } while (0)

/* Lowered already: a vector accumulator carried by an scf.for of 16 trips
 * with a broadcast, an extract and an insert per trip, then a loop whose
 * bound is a symbol allocating a buffer of a dynamic size (counted as if
 * its unknown dimensions were 1, as unknown trip counts are). */
static const char kLowered[] =
    "func.func @lanes(%a: memref<64xf32>, %n: index, %out: memref<4xf32>) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c16 = arith.constant 16 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %z = arith.constant dense<0.0> : vector<4xf32>\n"
    "  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %z) -> (vector<4xf32>) {\n"
    "    %s = memref.load %a[%i] : memref<64xf32>\n"
    "    %b = vector.broadcast %s : f32 to vector<4xf32>\n"
    "    %e = vector.extract %acc[0] : f32 from vector<4xf32>\n"
    "    %f = arith.addf %e, %s : f32\n"
    "    %v = vector.insert %f, %b [1] : f32 into vector<4xf32>\n"
    "    %w = arith.addf %acc, %v : vector<4xf32>\n"
    "    scf.yield %w : vector<4xf32>\n"
    "  }\n"
    "  vector.store %r, %out[%c0] : memref<4xf32>, vector<4xf32>\n"
    "  affine.for %j = 0 to %n {\n"
    "    %t = arith.constant 1.0 : f32\n"
    "    memref.store %t, %out[%c0] : memref<4xf32>\n"
    "    %d = memref.alloc(%n) : memref<?x4xf32>\n"
    "  }\n"
    "  return\n"
    "}\n";

static const char kStrides[] =
    "func.func @strides(%A: memref<64x1024xf32>, %B: memref<1024x64xf32>,\n"
    "                   %y: memref<1024xf32>) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c8 = arith.constant 8 : index\n"
    "  %one = arith.constant 1.0 : f32\n"
    "  affine.for %i = 0 to 64 {\n"
    "    affine.for %j = 0 to 1024 {\n"
    "      %a = affine.load %A[%i, %j] : memref<64x1024xf32>\n"
    "      %s = arith.addf %a, %one : f32\n"
    "      affine.store %s, %B[%j, %i] : memref<1024x64xf32>\n"
    "    }\n"
    "  }\n"
    "  affine.for %j = 0 to 1024 {\n"
    "    affine.for %i = 0 to 64 {\n"
    "      %a = affine.load %A[%i, %j] : memref<64x1024xf32>\n"
    "      affine.store %a, %y[%j] : memref<1024xf32>\n"
    "    }\n"
    "  }\n"
    "  affine.for %k = 0 to 4 {\n"
    "    scf.parallel (%p) = (%c0) to (%c8) step (%c1) {\n"
    "      %m = memref.alloc() : memref<65536xf32>\n"
    "      scf.reduce\n"
    "    }\n"
    "  }\n"
    "  return\n"
    "}\n";

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: codefeat_test Inputs/codefeat.mlir\n");
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
  double v[ARI_CODEFEAT_COUNT];

  /* for i < 64 iter_args(acc): load a[i], b[i]; mulf; addf. Then the
   * result stored once outside any loop (an invariant store). */
  features(mod, "dot", v);
  EXPECT("dot", v, W(LOAD_UNIT, 2 * 64 * 4), W(STORE_INVARIANT, 4), W(OPS_SCALAR, 128),
         W(OPS_LANES, 128), W(LOOPS, 1), W(MAX_DEPTH, 1), W(HOT_TRIPS, 64),
         W(CARRIED_SCALAR, 1), W(OPS_PER_BYTE, 128.0 / 516));

  /* for i < 8 { for j < 16 iter_args: load A[i, j], x[j]; mulf; addf }
   * store y[i] } : the store is in the outer loop, whose index it follows */
  features(mod, "mv", v);
  EXPECT("mv", v, W(LOAD_UNIT, 2 * 8 * 16 * 4), W(STORE_UNIT, 8 * 4), W(OPS_SCALAR, 256),
         W(OPS_LANES, 256), W(LOOPS, 2), W(MAX_DEPTH, 2), W(HOT_TRIPS, 16),
         W(CARRIED_SCALAR, 1), W(OPS_PER_BYTE, 256.0 / (1024 + 32)));

  /* for j < 16 { for i < 8 { B[j, i] = A[i, j] } }: a transpose of memory
   * is copied in the output's order, so the load is the strided access,
   * 64 B a step (a new line each) */
  features(mod, "tr", v);
  EXPECT("tr", v, W(LOAD_STRIDED, 512), W(LINE_STRIDED, 512), W(STORE_UNIT, 512), W(LOOPS, 2),
         W(MAX_DEPTH, 2), W(HOT_TRIPS, 8));

  /* scf.parallel i < 8 { for j < 16 { B[i, j] = A[i, j] / A[i, j] } }: the
   * inner loop is one LLVM vectorises (scalar, unit-stride, nothing
   * carried) */
  features(mod, "par", v);
  EXPECT("par", v, W(LOAD_UNIT, 512), W(STORE_UNIT, 512), W(OPS_SCALAR, 128), W(OPS_LANES, 128),
         W(DIVISIONS, 128), W(LOOPS, 2), W(PAR_LOOPS, 1), W(MAX_DEPTH, 2), W(PAR_TRIPS, 8),
         W(PAR_LAUNCHES, 1), W(HOT_TRIPS, 16), W(OPS_PER_BYTE, 128.0 / 1024),
         W(AUTOVEC_OPS, 128), W(AUTOVEC_BYTES, 1024));

  /* for i < 8 { v = vector.load A[4i]; exp; mulf; vector.store B[4i] } */
  features(mod, "vec", v);
  EXPECT("vec", v, W(LOAD_UNIT, 8 * 16), W(STORE_UNIT, 8 * 16), W(OPS_VECTOR, 16),
         W(OPS_LANES, 64), W(TRANSCENDENTAL, 32), W(LOOPS, 1), W(MAX_DEPTH, 1),
         W(HOT_TRIPS, 8), W(OPS_PER_BYTE, 64.0 / 256));

  /* scf.parallel i < 8 { p = alloca 16xf32; for j < 16 { p[j] = A[i, j]^2 }
   * for j < 16 iter_args { += p[j] }; y[i] = sum }: the private copy is
   * allocated per parallel iteration; the squaring loop vectorises, the
   * summing one carries its sum */
  features(mod, "tomem", v);
  EXPECT("tomem", v, W(LOAD_UNIT, 1024), W(STORE_UNIT, 512 + 32), W(OPS_SCALAR, 256),
         W(OPS_LANES, 256), W(LOOP_ALLOCS, 8), W(ALLOC_BYTES, 8 * 64), W(LOOPS, 3),
         W(PAR_LOOPS, 1), W(MAX_DEPTH, 2), W(PAR_TRIPS, 8), W(PAR_LAUNCHES, 1), W(HOT_TRIPS, 16),
         W(CARRIED_SCALAR, 1), W(OPS_PER_BYTE, 256.0 / (1024 + 544)), W(AUTOVEC_OPS, 128),
         W(AUTOVEC_BYTES, 1024));

  /* the same in a sequential map: LICM hoists the alloca out of the loops */
  features(mod, "tomem_seq", v);
  EXPECT("tomem_seq", v, W(LOAD_UNIT, 1024), W(STORE_UNIT, 512 + 32), W(OPS_SCALAR, 256),
         W(OPS_LANES, 256), W(ALLOC_BYTES, 64), W(LOOPS, 3), W(MAX_DEPTH, 2), W(HOT_TRIPS, 16),
         W(CARRIED_SCALAR, 1), W(OPS_PER_BYTE, 256.0 / (1024 + 544)), W(AUTOVEC_OPS, 128),
         W(AUTOVEC_BYTES, 1024));

  /* counting alone, on code already lowered */
  MlirModule low = ariParseString(ctx, kLowered);
  CHECK(!mlirModuleIsNull(low));
  if (!mlirModuleIsNull(low)) {
    ariCodeFeatCount(low, v);
    EXPECT("lanes", v, W(LOAD_UNIT, 16 * 4), W(STORE_INVARIANT, 16 + 4), W(OPS_SCALAR, 16),
           W(OPS_VECTOR, 16), W(OPS_LANES, 16 + 64), W(EXTRACTS, 16), W(INSERTS, 16),
           W(BROADCASTS, 16), W(LOOPS, 2), W(MAX_DEPTH, 1), W(HOT_TRIPS, 16),
           W(CARRIED_VECTOR, 1), W(UNKNOWN_TRIPS, 1), W(LOOP_ALLOCS, 1), W(ALLOC_BYTES, 16),
           W(OPS_PER_BYTE, 80.0 / 84));
    mlirModuleDestroy(low);
  }

  /* strides, team launches and mapped blocks: a transpose writing B's
   * columns (a 256 B step: a new cache line, not a new page), a column
   * walk of A (4 KiB: a new page), and a parallel loop launched in each of
   * 4 sequential iterations whose every iteration allocates 256 KiB */
  MlirModule sp = ariParseString(ctx, kStrides);
  CHECK(!mlirModuleIsNull(sp));
  if (!mlirModuleIsNull(sp)) {
    ariCodeFeatCount(sp, v);
    double n = 64 * 1024, b = 4 * n;
    EXPECT("strides", v, W(LOAD_UNIT, b), W(STORE_STRIDED, b), W(LOAD_STRIDED, b),
           W(STORE_INVARIANT, b), W(LINE_STRIDED, 2 * b), W(PAGE_STRIDED, b), W(OPS_SCALAR, n),
           W(OPS_LANES, n), W(LOOPS, 6), W(PAR_LOOPS, 1), W(MAX_DEPTH, 2), W(PAR_TRIPS, 8),
           W(PAR_LAUNCHES, 4), W(HOT_TRIPS, 1024), W(LOOP_ALLOCS, 32),
           W(ALLOC_BYTES, 32 * 262144.0), W(MAPPED_BYTES, 32 * 262144.0),
           W(OPS_PER_BYTE, n / (4 * b)));
    mlirModuleDestroy(sp);
  }

  /* every index has a distinct "code_" name and a meaning */
  for (unsigned i = 0; i < ARI_CODEFEAT_COUNT; ++i) {
    const char *n = ariCodeFeatName(i), *d = ariCodeFeatDoc(i);
    CHECK(n && !strncmp(n, "code_", 5) && d && d[0]);
    for (unsigned j = 0; n && j < i; ++j)
      CHECK(strcmp(n, ariCodeFeatName(j)) != 0);
  }
  CHECK(!ariCodeFeatName(ARI_CODEFEAT_COUNT) && !ariCodeFeatDoc(ARI_CODEFEAT_COUNT));
  CHECK(!strcmp(ariCodeFeatName(ARI_CODEFEAT_LOAD_UNIT), "code_load_unit"));
  CHECK(!strcmp(ariCodeFeatName(ARI_CODEFEAT_OPS_PER_BYTE), "code_ops_per_byte"));

  /* a function that does not lower: false, a reason, zeros, and the
   * lowering's diagnostic through the context (the sink counts it) */
  int before = sink.errors;
  char err[256] = "";
  CHECK(!ariCodeFeatures(ariFindFunc(mod, "bad"), v, err, sizeof err));
  CHECK(strstr(err, "does not lower") != NULL);
  CHECK(sink.errors > before);
  for (int i = 0; i < ARI_CODEFEAT_COUNT; ++i)
    CHECK(v[i] == 0);

  mlirModuleDestroy(mod);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  printf("codefeat_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
