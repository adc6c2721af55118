/*===- runtime_test.c - the code generator and runtime, in process --------===*\
 *
 * Compiles Inputs/kernels.mlir (argv[1]) with runtime/codegen/compile.h, links and
 * loads it with runtime/runtime.h, and calls the kernels through their
 * packed entries on hand-made buffers (scalar f32 and index arguments
 * included). Then the helpers (alignment, descriptors, tolerance,
 * mismatch reporting, timing bookkeeping, the steady allocator: a freed
 * 8 MiB block is kept, not unmapped) and the failures: unknown target
 * or CPU, ops left unlowered, bad pipelines, unwritable outputs (with no
 * temporary file left behind), and a missing symbol.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/codegen/compile.h"
#include "runtime/runtime.h"
#include "utils/arena.h"
#include "tools/support/mlirutil.h"

#include <dirent.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test/check.h"

typedef struct Env {
  MlirContext ctx;
  AriDiagSink sink;
  char dir[256];
} Env;

static int countEntries(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d)
    return -1;
  for (struct dirent *e; (e = readdir(d));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      n++;
  closedir(d);
  return n;
}

static void removeDir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  char p[512];
  for (struct dirent *e; (e = readdir(d));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
      snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
      unlink(p);
    }
  closedir(d);
  rmdir(dir);
}

/* Compiles `file` with `o` into dir/NAME.o; true on success. */
static bool compileTo(Env *e, const char *file, const AriCompileOptions *o, AriEmitKind kind,
                      const char *out) {
  MlirModule m = ariParseFile(e->ctx, file);
  if (mlirModuleIsNull(m))
    return false;
  bool ok = mlirLogicalResultIsSuccess(ariCompileLower(m, o)) &&
            mlirLogicalResultIsSuccess(ariCompileEmit(m, o, kind, out));
  mlirModuleDestroy(m);
  return ok;
}

static AriHostArg memref(AriScalarKind k, void *data, int rank, const int64_t *shape) {
  AriHostArg a;
  memset(&a, 0, sizeof a);
  a.isMemRef = true;
  a.scalar = k;
  a.lanes = 1;
  a.rank = rank;
  for (int i = 0; i < rank; ++i)
    a.shape[i] = shape[i];
  a.data = data;
  return a;
}

static AriHostArg scalar(AriScalarKind k, void *data) {
  AriHostArg a;
  memset(&a, 0, sizeof a);
  a.scalar = k;
  a.lanes = 1;
  a.data = data;
  return a;
}

static void testEndToEnd(Env *e, const char *kernels) {
  AriCompileOptions o;
  ariCompileOptionsInit(&o);
  /* The kernels need no rise lowering: the upstream part alone does. */
  o.lowering = ariCompileUpstreamLowering();
  char obj[512], lib[512], err[1024] = "";
  snprintf(obj, sizeof obj, "%s/k.o", e->dir);
  snprintf(lib, sizeof lib, "%s/k.so", e->dir);
  CHECK(compileTo(e, kernels, &o, ARI_EMIT_OBJ, obj));
  CHECK(e->sink.errors == 0);
  bool linked = ariRtLinkShared(obj, lib, err, sizeof err);
  CHECK(linked);
  AriRtLibrary l = {NULL};
  if (!linked || !ariRtOpen(&l, lib, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    ++failures;
    return;
  }
  AriArena arena;
  ariArenaInit(&arena, 0);

  /* saxpy: a scalar f32 by value among memref descriptors. */
  AriRtPackedFn saxpy = ariRtLookup(&l, "saxpy", err, sizeof err);
  CHECK(saxpy != NULL);
  float *x = ariRtAllocAligned(&arena, 37 * sizeof(float), ARI_RT_ALIGN);
  float *y = ariRtAllocAligned(&arena, 37 * sizeof(float), ARI_RT_ALIGN);
  float *out = ariRtAllocAligned(&arena, 37 * sizeof(float), ARI_RT_ALIGN);
  CHECK(x && y && out && (uintptr_t)x % ARI_RT_ALIGN == 0 && (uintptr_t)out % ARI_RT_ALIGN == 0);
  for (int i = 0; i < 37; ++i)
    x[i] = (float)i, y[i] = 0.5f * (float)i, out[i] = -7;
  float a = -2.0f;
  int64_t n37 = 37;
  AriHostArg args[4] = {scalar(ARI_SCALAR_F32, &a), memref(ARI_SCALAR_F32, x, 1, &n37),
                        memref(ARI_SCALAR_F32, y, 1, &n37), memref(ARI_SCALAR_F32, out, 1, &n37)};
  void **packed = ariRtPackArgs(args, 4, &arena);
  CHECK(packed != NULL);
  if (saxpy && packed) {
    saxpy(packed);
    int bad = 0;
    for (int i = 0; i < 37; ++i)
      bad += out[i] != -2.0f * (float)i + 0.5f * (float)i;
    CHECK(bad == 0);
    /* Timing runs warm-up + reps calls and orders its samples. */
    AriRtTiming t;
    CHECK(ariRtTime(saxpy, packed, 2, 5, &t, &arena));
    CHECK(t.reps == 5 && t.minMs >= 0 && t.minMs <= t.medianMs);
  }

  /* iaffine: an index scalar and a rank-2 i32 memref. */
  AriRtPackedFn iaffine = ariRtLookup(&l, "iaffine", err, sizeof err);
  CHECK(iaffine != NULL);
  int32_t xi[6] = {1, 2, 3, -4, -5, -6}, oi[6] = {0};
  int64_t nidx = -3, sh[2] = {2, 3};
  AriHostArg iargs[3] = {scalar(ARI_SCALAR_INDEX, &nidx), memref(ARI_SCALAR_I32, xi, 2, sh),
                         memref(ARI_SCALAR_I32, oi, 2, sh)};
  void **ip = ariRtPackArgs(iargs, 3, &arena);
  if (iaffine && ip) {
    iaffine(ip);
    CHECK(oi[0] == 0 && oi[2] == 6 && oi[3] == -15 && oi[5] == -21);
  }

  /* sum2d: a rank-0 output descriptor. */
  AriRtPackedFn sum2d = ariRtLookup(&l, "sum2d", err, sizeof err);
  double m[15], s = 0;
  for (int i = 0; i < 15; ++i)
    m[i] = 1.0 / (i + 1);
  int64_t sh2[2] = {3, 5};
  AriHostArg sargs[2] = {memref(ARI_SCALAR_F64, m, 2, sh2), memref(ARI_SCALAR_F64, &s, 0, NULL)};
  void **sp = ariRtPackArgs(sargs, 2, &arena);
  if (sum2d && sp) {
    sum2d(sp);
    double want = 0;
    for (int i = 0; i < 15; ++i)
      want += m[i];
    CHECK(s == want);
  }

  /* A function the library does not have. */
  err[0] = 0;
  CHECK(ariRtLookup(&l, "nosuch", err, sizeof err) == NULL);
  CHECK(strstr(err, "_ari_packed_nosuch") != NULL);
  ariRtClose(&l);
  ariArenaDestroy(&arena);
  unlink(obj);
  unlink(lib);
}

static void testHelpers(void) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  for (int i = 0; i < 4; ++i) {
    void *p = ariRtAllocAligned(&arena, 3 + (size_t)i, 256);
    CHECK(p && (uintptr_t)p % 256 == 0);
  }
  /* Descriptor layout: sizes then strides, row-major. */
  int64_t shape[3] = {2, 3, 4};
  float buf[24];
  AriHostArg a = memref(ARI_SCALAR_F32, buf, 3, shape);
  AriRtDescriptor d;
  ariRtDescribe(&a, &d);
  CHECK(d.aligned == buf && d.offset == 0);
  CHECK(d.sizesAndStrides[0] == 2 && d.sizesAndStrides[2] == 4);
  CHECK(d.sizesAndStrides[3] == 12 && d.sizesAndStrides[4] == 4 && d.sizesAndStrides[5] == 1);

  /* Clone copies data into fresh aligned buffers. */
  for (int i = 0; i < 24; ++i)
    buf[i] = (float)i;
  AriHostArg c;
  CHECK(ariRtCloneArgs(&c, &a, 1, &arena));
  CHECK(c.data != buf && (uintptr_t)c.data % ARI_RT_ALIGN == 0 &&
        !memcmp(c.data, buf, sizeof buf));

  /* Tolerance |g - w| <= atol + rtol |w| + stol max|w|, first mismatch,
   * index text. */
  float g[24];
  memcpy(g, buf, sizeof g);
  AriHostArg ga = a;
  ga.data = g;
  AriRtTolerance tol = ariRtDefaultTolerance(ARI_SCALAR_F32);
  CHECK(tol.rtol == 1e-4 && tol.atol == 1e-5 && tol.stol == 1e-5);
  AriRtComparison r;
  g[5] = buf[5] * (1 + 5e-5f); /* inside */
  ariRtCompare(&ga, &a, tol, &r);
  CHECK(r.mismatches == 0 && r.firstBad == -1 && r.count == 24 && r.maxAbsError > 0);
  g[13] = 13.01f; /* outside */
  g[20] = NAN;
  ariRtCompare(&ga, &a, tol, &r);
  CHECK(r.mismatches == 2 && r.firstBad == 13 && fabs(r.got - 13.01) < 1e-5 && r.want == 13);
  CHECK(isinf(r.maxAbsError));
  char idx[64];
  ariRtFormatIndex(&a, 13, idx, sizeof idx);
  CHECK(!strcmp(idx, "[1, 0, 1]"));
  AriHostArg v = a;
  v.lanes = 4;
  v.rank = 1;
  v.shape[0] = 6;
  ariRtFormatIndex(&v, 13, idx, sizeof idx);
  CHECK(!strcmp(idx, "[3] lane 1"));
  /* The buffer's scale: an element whose terms cancelled (0 here, the
   * largest 23) may err by stol * 23 = 2.3e-4, not by rtol * 0 alone. */
  memcpy(g, buf, sizeof g);
  g[0] = 2e-4f;
  ariRtCompare(&ga, &a, tol, &r);
  CHECK(r.mismatches == 0);
  tol.stol = 0;
  ariRtCompare(&ga, &a, tol, &r);
  CHECK(r.mismatches == 1 && r.firstBad == 0);
  /* NaN matches NaN; integers must be equal exactly. */
  float n1 = NAN, n2 = NAN;
  int64_t one = 1;
  AriHostArg na = memref(ARI_SCALAR_F32, &n1, 1, &one), nb = memref(ARI_SCALAR_F32, &n2, 1, &one);
  ariRtCompare(&na, &nb, tol, &r);
  CHECK(r.mismatches == 0);
  int64_t i1 = INT64_MAX, i2 = INT64_MAX - 1;
  AriHostArg ia = memref(ARI_SCALAR_I64, &i1, 1, &one), ib = memref(ARI_SCALAR_I64, &i2, 1, &one);
  ariRtCompare(&ia, &ib, ariRtDefaultTolerance(ARI_SCALAR_I64), &r);
  CHECK(r.mismatches == 1 && r.firstBad == 0);
  ariArenaDestroy(&arena);
}

static void expectError(Env *e, const char *what, const char *needle) {
  CHECK(e->sink.errors > 0);
  if (!strstr(e->sink.last, needle)) {
    ++failures;
    fprintf(stderr, "%s: expected an error containing '%s', got '%s'\n", what, needle,
            e->sink.last);
  }
  e->sink.errors = 0;
  e->sink.last[0] = 0;
}

static void testErrors(Env *e, const char *kernels) {
  AriCompileOptions o;
  char out[512];
  snprintf(out, sizeof out, "%s/e.o", e->dir);

  ariCompileOptionsInit(&o);
  o.target = "riscv64";
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "unknown target", "unknown target 'riscv64'");

  ariCompileOptionsInit(&o);
  o.target = "aarch64";
  o.cpu = "pentium-9000";
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "unknown cpu", "pentium-9000");

  ariCompileOptionsInit(&o);
  o.features = "+no-such-feature";
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "unknown feature", "no-such-feature");

  ariCompileOptionsInit(&o);
  o.target = "aarch64";
  o.cpu = "host";
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "host cpu cross", "--cpu=host");

  ariCompileOptionsInit(&o);
  o.vectorWidth = 384;
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "vector width", "vector width 384: expected 128, 256 or 512");
  unsigned bits = 7;
  CHECK(ariCompileParseVectorWidth("256", &bits) && bits == 256);
  CHECK(!ariCompileParseVectorWidth("1024", &bits) && bits == 256);
  CHECK(!ariCompileParseVectorWidth("", &bits));

  /* A lowering that stops early leaves func/affine ops behind. */
  ariCompileOptionsInit(&o);
  o.lowering = "canonicalize";
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "unlowered", "was not lowered to the LLVM dialect");

  ariCompileOptionsInit(&o);
  o.pipeline = "no-such-pass";
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "bad pipeline", "no-such-pass");

  ariCompileOptionsInit(&o);
  o.pipeline = "rise-stats{format=xml}";
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "bad pass options", "rise-stats");

  ariCompileOptionsInit(&o);
  o.onlyFunc = "nosuch";
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, out));
  expectError(e, "missing function", "no function named 'nosuch'");
  CHECK(countEntries(e->dir) == 0);

  /* Unwritable: a missing directory, and a directory in the file's place.
   * Neither leaves a temporary file. */
  ariCompileOptionsInit(&o);
  char bad[600];
  snprintf(bad, sizeof bad, "%s/missing/k.o", e->dir);
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, bad));
  expectError(e, "missing dir", "cannot write");
  snprintf(bad, sizeof bad, "%s/sub", e->dir);
  CHECK(mkdir(bad, 0777) == 0);
  CHECK(!compileTo(e, kernels, &o, ARI_EMIT_OBJ, bad));
  expectError(e, "directory", "cannot write");
  CHECK(countEntries(e->dir) == 1);
  CHECK(countEntries(bad) == 0);
  rmdir(bad);

  /* The header rejects types C cannot express. */
  MlirModule m = ariParseString(e->ctx, "func.func @f(%a: memref<4xbf16>) { return }");
  CHECK(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m)) {
    fprintf(stderr, "parse failed: %s\n", e->sink.last);
    return;
  }
  snprintf(out, sizeof out, "%s/f.h", e->dir);
  CHECK(mlirLogicalResultIsFailure(ariCompileWriteHeader(m, NULL, NULL, out)));
  expectError(e, "header type", "cannot express");
  CHECK(countEntries(e->dir) == 0);
  mlirModuleDestroy(m);
}

/* With glibc's defaults a block of 8 MiB is mapped on its own (the first
 * time: the dynamic threshold starts at 128 KiB); with the steady
 * allocator it comes from the heap, and stays there when freed. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RT_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define RT_TEST_ASAN 1
#endif
static void testSteadyAllocator(void) {
#if defined(RT_TEST_ASAN)
  ariRtSteadyAllocator(); /* the sanitizer's allocator ignores it: no crash is all */
#elif defined(__GLIBC__)
  CHECK(ariRtSteadyAllocator());
  CHECK(ariRtSteadyAllocator()); /* idempotent */
  /* called through volatile pointers: a compiler may drop a malloc
   * whose block does not escape */
  void *(*volatile allocate)(size_t) = malloc;
  void (*volatile release)(void *) = free;
  size_t mapped = mallinfo2().hblkhd;
  char *p = allocate(8 << 20);
  CHECK(p != NULL);
  if (p)
    memset(p, 1, 8 << 20);
  CHECK(mallinfo2().hblkhd == mapped); /* not a mapping of its own */
  release(p);
  CHECK(mallinfo2().fordblks >= (size_t)8 << 20); /* kept, free, in the heap */
#endif
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: runtime_test KERNELS.mlir\n");
    return 2;
  }
  Env e;
  e.ctx = ariContextCreate();
  ariDiagSinkAttach(&e.sink, e.ctx, NULL);
  ariCompileRegister(e.ctx);
  const char *tmp = getenv("TMPDIR");
  snprintf(e.dir, sizeof e.dir, "%s/runtime_test-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(e.dir)) {
    perror("mkdtemp");
    return 1;
  }
  testHelpers();
  testSteadyAllocator();
  testEndToEnd(&e, argv[1]);
  testErrors(&e, argv[1]);
  removeDir(e.dir);
  ariDiagSinkDetach(&e.sink);
  mlirContextDestroy(e.ctx);
  printf("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
