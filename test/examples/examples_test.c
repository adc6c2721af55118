/*===- examples_test.c - example programs against plain-C references -----===*\
 *
 * Runs every `_small` and `_medium` function of every example program in the
 * reference interpreter on random inputs and compares the output with an
 * independent plain-C implementation of what the file's header says it
 * computes.
 *
 *   examples_test EXAMPLES_DIR [FILE.mlir...]
 *
 * With FILEs, only those files of the directory are checked (the negative
 * control uses this to run one deliberately wrong program).
 *
 * Every *.mlir file in EXAMPLES_DIR must parse, and every `_small` or
 * `_medium` function in it must have a reference here: a new example
 * without a reference, or a reference whose function disappeared, is a
 * failure rather than a silent gap. One line per (function, seed); a final
 * "N passed, M failed" line; the exit status is non-zero on any failure.
 *
 * Tolerance. Each reference performs the same IEEE single-precision
 * operations in the same order as the program: reduce folds from the left
 * starting at its initial value, the interpreter computes f32 in float, and
 * FP_CONTRACT OFF keeps the C compiler from fusing a*b+c into one rounding.
 * None of these programs relies on reassociation (dot_lowlevel does
 * reassociate, and its reference mirrors the lane-wise order), so results
 * should match bit for bit. We still accept |got - want| <= 1e-5 + 1e-5 *
 * |want| so that a decimal literal rounded differently (via double in MLIR,
 * directly in C) cannot fail a correct program; a wrong index, a wrong
 * border or a missing element is far outside it, as inputs are random.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L /* opendir */

#include "ariadne-c/Interp.h"
#include "utils/arena.h"
#include "tools/support/mlirutil.h"

#include "mlir-c/BuiltinAttributes.h"

#include <dirent.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma STDC FP_CONTRACT OFF

enum { MAX_ARGS = 16, NUM_SEEDS = 5, MAX_FILES = 64, NAME_CAP = 128, PATH_CAP = 1024 };

static const double REL_TOL = 1e-5, ABS_TOL = 1e-5;

/*===----------------------------------------------------------------------===*
 * References. Each one checks that the arguments have the layout the file's
 * header documents (so a changed example cannot make it read out of
 * bounds), then writes the expected value of the last argument into `want`.
 * It returns NULL, or why it could not run.
 *===----------------------------------------------------------------------===*/

typedef const char *(*RefFn)(const AriHostArg *args, intptr_t nargs, float *want,
                             AriArena *scratch);

static const float *fv(const AriHostArg *a) { return (const float *)a->data; }

/* The argument is an f32 memref of the given rank. */
static bool isF32(const AriHostArg *a, int rank) {
  return a->isMemRef && a->scalar == ARI_SCALAR_F32 && a->lanes == 1 && a->rank == rank;
}

/* The argument is an f32 scalar passed by value. */
static bool isF32Scalar(const AriHostArg *a) {
  return !a->isMemRef && a->scalar == ARI_SCALAR_F32 && a->lanes == 1 && a->rank == 0;
}

#define REQUIRE(cond)                                                          \
  do {                                                                         \
    if (!(cond))                                                               \
      return "argument layout differs from the reference's: " #cond;           \
  } while (0)

static int64_t clampIdx(int64_t i, int64_t n) { return i < 0 ? 0 : i >= n ? n - 1 : i; }

/* sum_i x[i*sx] * y[i*sy], a left fold from 0. */
static float dotStrided(const float *x, int64_t sx, const float *y, int64_t sy, int64_t n) {
  float acc = 0.0f;
  for (int64_t i = 0; i < n; ++i) {
    float p = x[i * sx] * y[i * sy];
    acc = acc + p;
  }
  return acc;
}

static const char *refDot(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 3 && isF32(&a[0], 1) && isF32(&a[1], 1) && isF32(&a[2], 0));
  REQUIRE(a[0].shape[0] == a[1].shape[0]);
  want[0] = dotStrided(fv(&a[0]), 1, fv(&a[1]), 1, a[0].shape[0]);
  return NULL;
}

/* Four lane-wise partial sums, then the lanes summed in order. */
static const char *refDotLanes(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 3 && isF32(&a[0], 1) && isF32(&a[1], 1) && isF32(&a[2], 0));
  REQUIRE(a[0].shape[0] == a[1].shape[0] && a[0].shape[0] % 4 == 0);
  const float *x = fv(&a[0]), *y = fv(&a[1]);
  float part[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int64_t i = 0; i < a[0].shape[0] / 4; ++i)
    for (int l = 0; l < 4; ++l) {
      float p = x[4 * i + l] * y[4 * i + l];
      part[l] = part[l] + p;
    }
  float acc = 0.0f;
  for (int l = 0; l < 4; ++l)
    acc = acc + part[l];
  want[0] = acc;
  return NULL;
}

/* (%A: m x k, %x: k, %y: m) */
static const char *refMatvec(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 3 && isF32(&a[0], 2) && isF32(&a[1], 1) && isF32(&a[2], 1));
  int64_t m = a[0].shape[0], k = a[0].shape[1];
  REQUIRE(a[1].shape[0] == k && a[2].shape[0] == m);
  for (int64_t i = 0; i < m; ++i)
    want[i] = dotStrided(fv(&a[0]) + i * k, 1, fv(&a[1]), 1, k);
  return NULL;
}

/* C = A * B for row-major A (m x k) and B (k x n). */
static void matmul(const float *A, const float *B, float *C, int64_t m, int64_t k, int64_t n) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      C[i * n + j] = dotStrided(A + i * k, 1, B + j, n, k);
}

/* (%A: m x k, %B: k x n, %C: m x n) */
static const char *refMatmul(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 3 && isF32(&a[0], 2) && isF32(&a[1], 2) && isF32(&a[2], 2));
  int64_t m = a[0].shape[0], k = a[0].shape[1], n = a[1].shape[1];
  REQUIRE(a[1].shape[0] == k && a[2].shape[0] == m && a[2].shape[1] == n);
  matmul(fv(&a[0]), fv(&a[1]), want, m, k, n);
  return NULL;
}

/* out[i][j] = sum_{r,c} wts[r][c] * in[i+r][j+c] over a 3x3 window,
 * row-major from 0; `in` has rows of `iw` elements. */
static float conv3(const float *in, int64_t iw, int64_t i, int64_t j, const float *wts) {
  float acc = 0.0f;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      float p = wts[r * 3 + c] * in[(i + r) * iw + j + c];
      acc = acc + p;
    }
  return acc;
}

/* (%in: (h+2) x (w+2), %weights: 3 x 3, %out: h x w) */
static const char *refConv3x3(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 3 && isF32(&a[0], 2) && isF32(&a[1], 2) && isF32(&a[2], 2));
  int64_t h = a[2].shape[0], w = a[2].shape[1];
  REQUIRE(a[0].shape[0] == h + 2 && a[0].shape[1] == w + 2);
  REQUIRE(a[1].shape[0] == 3 && a[1].shape[1] == 3);
  for (int64_t i = 0; i < h; ++i)
    for (int64_t j = 0; j < w; ++j)
      want[i * w + j] = conv3(fv(&a[0]), w + 2, i, j, fv(&a[1]));
  return NULL;
}

/* (%in: n, %out: n): weights 0.25 0.5 0.25, clamped borders. */
static const char *refStencil1d(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 2 && isF32(&a[0], 1) && isF32(&a[1], 1));
  int64_t n = a[0].shape[0];
  REQUIRE(a[1].shape[0] == n);
  static const float wts[3] = {0.25f, 0.5f, 0.25f};
  const float *x = fv(&a[0]);
  for (int64_t i = 0; i < n; ++i) {
    float acc = 0.0f;
    for (int t = 0; t < 3; ++t) {
      float p = x[clampIdx(i - 1 + t, n)] * wts[t];
      acc = acc + p;
    }
    want[i] = acc;
  }
  return NULL;
}

/* x[i][j] after padding: columns outside are 0, rows outside are clamped. */
static float padded2d(const float *x, int64_t h, int64_t w, int64_t i, int64_t j) {
  if (j < 0 || j >= w)
    return 0.0f;
  return x[clampIdx(i, h) * w + j];
}

/* (%in: h x w, %out: h x w) */
static const char *refStencil2d(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 2 && isF32(&a[0], 2) && isF32(&a[1], 2));
  int64_t h = a[0].shape[0], w = a[0].shape[1];
  REQUIRE(a[1].shape[0] == h && a[1].shape[1] == w);
  const float *x = fv(&a[0]);
  for (int64_t i = 0; i < h; ++i)
    for (int64_t j = 0; j < w; ++j) {
      float sum = padded2d(x, h, w, i - 1, j);
      sum = sum + padded2d(x, h, w, i, j - 1);
      sum = sum + padded2d(x, h, w, i, j);
      sum = sum + padded2d(x, h, w, i, j + 1);
      sum = sum + padded2d(x, h, w, i + 1, j);
      want[i * w + j] = sum * 0.2f;
    }
  return NULL;
}

/* 3x3 box sum at (i, j) of an image with rows of `iw`, row-major from 0. */
static float sum3(const float *in, int64_t iw, int64_t i, int64_t j) {
  float acc = 0.0f;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      acc = acc + in[(i + r) * iw + j + c];
  return acc;
}

/* (%in: 3 x h x w, %out: (h-4) x (w-4)); Halide's harris_generator.cpp. */
static const char *refHarris(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 2 && isF32(&a[0], 3) && isF32(&a[1], 2));
  int64_t h = a[0].shape[1], w = a[0].shape[2];
  REQUIRE(a[0].shape[0] == 3 && h > 4 && w > 4);
  REQUIRE(a[1].shape[0] == h - 4 && a[1].shape[1] == w - 4);
  const float A = 1.0f / 12, B = 2.0f / 12;
  const float sx[9] = {-A, 0, A, -B, 0, B, -A, 0, A};
  const float sy[9] = {-A, -B, -A, 0, 0, 0, A, B, A};
  const float *rgb = fv(&a[0]);
  int64_t h2 = h - 2, w2 = w - 2, h4 = h - 4, w4 = w - 4;
  float *gray = ariArenaAlloc(s, sizeof(float) * (size_t)(h * w));
  float *ix = ariArenaAlloc(s, sizeof(float) * (size_t)(h2 * w2));
  float *iy = ariArenaAlloc(s, sizeof(float) * (size_t)(h2 * w2));
  float *ixx = ariArenaAlloc(s, sizeof(float) * (size_t)(h2 * w2));
  float *ixy = ariArenaAlloc(s, sizeof(float) * (size_t)(h2 * w2));
  float *iyy = ariArenaAlloc(s, sizeof(float) * (size_t)(h2 * w2));
  if (!gray || !ix || !iy || !ixx || !ixy || !iyy)
    return "out of memory";
  for (int64_t p = 0; p < h * w; ++p) {
    float acc = 0.0f;
    acc = acc + rgb[p] * 0.299f;
    acc = acc + rgb[h * w + p] * 0.587f;
    acc = acc + rgb[2 * h * w + p] * 0.114f;
    gray[p] = acc;
  }
  for (int64_t i = 0; i < h2; ++i)
    for (int64_t j = 0; j < w2; ++j) {
      int64_t p = i * w2 + j;
      ix[p] = conv3(gray, w, i, j, sx);
      iy[p] = conv3(gray, w, i, j, sy);
      ixx[p] = ix[p] * ix[p];
      ixy[p] = ix[p] * iy[p];
      iyy[p] = iy[p] * iy[p];
    }
  for (int64_t i = 0; i < h4; ++i)
    for (int64_t j = 0; j < w4; ++j) {
      float sxx = sum3(ixx, w2, i, j), sxy = sum3(ixy, w2, i, j), syy = sum3(iyy, w2, i, j);
      float dp = sxx * syy, dm = sxy * sxy;
      float det = dp - dm;
      float trace = sxx + syy;
      float kt = 0.04f * trace;
      float ktt = kt * trace;
      want[i * w4 + j] = det - ktt;
    }
  return NULL;
}

/* (%a: f32, %x: n, %y: n, %out: n) */
static const char *refAxpy(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 4 && isF32Scalar(&a[0]) && isF32(&a[1], 1) && isF32(&a[2], 1) &&
          isF32(&a[3], 1));
  int64_t n = a[1].shape[0];
  REQUIRE(a[2].shape[0] == n && a[3].shape[0] == n);
  float alpha = fv(&a[0])[0];
  for (int64_t i = 0; i < n; ++i) {
    float ax = alpha * fv(&a[1])[i];
    want[i] = ax + fv(&a[2])[i];
  }
  return NULL;
}

/* (%a: f32, %x: n, %out: n) */
static const char *refScal(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 3 && isF32Scalar(&a[0]) && isF32(&a[1], 1) && isF32(&a[2], 1));
  REQUIRE(a[2].shape[0] == a[1].shape[0]);
  for (int64_t i = 0; i < a[1].shape[0]; ++i)
    want[i] = fv(&a[0])[0] * fv(&a[1])[i];
  return NULL;
}

/* (%alpha, %beta, %A: m x k, %B: k x n, %C: m x n, %out: m x n) */
static const char *refGemm(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 6 && isF32Scalar(&a[0]) && isF32Scalar(&a[1]) && isF32(&a[2], 2) &&
          isF32(&a[3], 2) && isF32(&a[4], 2) && isF32(&a[5], 2));
  int64_t m = a[2].shape[0], k = a[2].shape[1], n = a[3].shape[1];
  REQUIRE(a[3].shape[0] == k && a[4].shape[0] == m && a[4].shape[1] == n);
  REQUIRE(a[5].shape[0] == m && a[5].shape[1] == n);
  float alpha = fv(&a[0])[0], beta = fv(&a[1])[0];
  matmul(fv(&a[2]), fv(&a[3]), want, m, k, n);
  for (int64_t p = 0; p < m * n; ++p) {
    float sab = alpha * want[p];
    float sc = beta * fv(&a[4])[p];
    want[p] = sab + sc;
  }
  return NULL;
}

/* (%x: m, %y: n, %out: m x n) */
static const char *refOuter(const AriHostArg *a, intptr_t nargs, float *want, AriArena *s) {
  REQUIRE(nargs == 3 && isF32(&a[0], 1) && isF32(&a[1], 1) && isF32(&a[2], 2));
  int64_t m = a[0].shape[0], n = a[1].shape[0];
  REQUIRE(a[2].shape[0] == m && a[2].shape[1] == n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      want[i * n + j] = fv(&a[0])[i] * fv(&a[1])[j];
  return NULL;
}

typedef struct {
  const char *file;
  const char *func;
  RefFn ref;
} Case;

static const Case CASES[] = {
    {"dot.mlir", "dot_small", refDot},
    {"matvec.mlir", "matvec_small", refMatvec},
    {"matmul.mlir", "matmul_small", refMatmul},
    {"matmul.mlir", "matmul_medium", refMatmul},
    {"conv3x3.mlir", "conv3x3_small", refConv3x3},
    {"conv3x3.mlir", "conv3x3_medium", refConv3x3},
    {"stencil1d.mlir", "stencil1d_small", refStencil1d},
    {"stencil2d.mlir", "stencil2d_small", refStencil2d},
    {"stencil2d.mlir", "stencil2d_medium", refStencil2d},
    {"harris.mlir", "harris_small", refHarris},
    {"harris.mlir", "harris_medium", refHarris},
    {"knossos.mlir", "axpy_small", refAxpy},
    {"knossos.mlir", "scal_small", refScal},
    {"knossos.mlir", "gemm_small", refGemm},
    {"knossos.mlir", "outer_small", refOuter},
    {"dot_lowlevel.mlir", "dot_lowlevel_small", refDotLanes},
    {"axpy_lowlevel.mlir", "axpy_lowlevel_small", refAxpy},
    {"matmul_lowlevel.mlir", "matmul_lowlevel_small", refMatmul},
    {"matmul_lowlevel.mlir", "matmul_lowlevel_medium", refMatmul},
    {"matmul_fast.mlir", "matmul_fast_small", refMatmul},
    {"matmul_fast.mlir", "matmul_fast_medium", refMatmul},
    {"stencil1d_lowlevel.mlir", "stencil1d_lowlevel_small", refStencil1d},
    {"stencil1d_lowlevel.mlir", "stencil1d_lowlevel_rrot_small", refStencil1d},
    {"matvec_gpu.mlir", "matvec_gpu_small", refMatvec},
    {"matvec_gpu.mlir", "matvec_gpu_global_small", refMatvec},
    {"matmul_gpu.mlir", "matmul_gpu_small", refMatmul},
    {"matmul_gpu.mlir", "matmul_gpu_medium", refMatmul},
    {"matmul_gpu.mlir", "matmul_gpu_rb8_small", refMatmul},
    {"harris_gpu.mlir", "harris_gpu_small", refHarris},
    {"harris_gpu.mlir", "harris_gpu_medium", refHarris},
};
enum { NUM_CASES = sizeof CASES / sizeof CASES[0] };

/*===----------------------------------------------------------------------===*
 * Driver
 *===----------------------------------------------------------------------===*/

typedef struct {
  int passed, failed;
} Tally;

static void fail(Tally *t, const char *file, const char *func, uint64_t seed, const char *why) {
  printf("FAIL %s @%s seed=%" PRIu64 ": %s\n", file, func, seed, why);
  fflush(stdout);
  t->failed++;
}

/* Formats why a case failed into msg; returns false for `return reject(...)`. */
static bool reject(char *msg, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool reject(char *msg, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, cap, fmt, ap);
  va_end(ap);
  return false;
}

/* Runs one function on one seed and compares it with its reference. On
 * success returns true with a summary in `msg`, else false with the reason.
 * Everything it allocates comes from `arena`. */
static bool checkCase(const Case *c, MlirOperation func, uint64_t seed, AriArena *arena,
                      char *msg, size_t cap) {
  AriHostArg args[MAX_ARGS];
  intptr_t nargs = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, args, MAX_ARGS, &nargs)))
    return reject(msg, cap, "cannot describe the arguments (diagnostic above)");
  if (nargs < 1 || !ariHostArgsAlloc(args, nargs, arena))
    return reject(msg, cap, "cannot allocate the arguments");
  /* The output is filled too, so that elements the program never writes
   * show up as mismatches rather than as lucky zeros. */
  for (intptr_t i = 0; i < nargs; ++i)
    ariHostArgFillRandom(&args[i], seed * 1000003u + (uint64_t)i);

  /* The headers promise that the last argument is the only output. */
  bool written[MAX_ARGS];
  ariInterpOutputArgs(func, written, nargs);
  for (intptr_t i = 0; i < nargs; ++i)
    if (written[i] != (i == nargs - 1))
      return reject(msg, cap, "argument %ld is %s, but only the last argument is an output",
                    (long)i, written[i] ? "written" : "not written");

  const AriHostArg *out = &args[nargs - 1];
  int64_t n = ariHostArgNumScalars(out);
  float *want = ariArenaAlloc(arena, sizeof(float) * (size_t)(n > 0 ? n : 1));
  const char *err = want ? c->ref(args, nargs, want, arena) : "out of memory";
  if (err)
    return reject(msg, cap, "%s", err);

  int64_t bytesIn = 0;
  for (intptr_t i = 0; i + 1 < nargs; ++i)
    if (args[i].isMemRef)
      bytesIn += ariHostArgNumScalars(&args[i]) * (int64_t)ariScalarSize(args[i].scalar);

  AriInterpCounters counters;
  memset(&counters, 0, sizeof counters);
  if (mlirLogicalResultIsFailure(ariInterpRun(func, args, nargs, NULL, &counters)))
    return reject(msg, cap, "the interpreter failed (diagnostic above)");

  const float *got = fv(out);
  double maxErr = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    double g = got[i], w = want[i], d = fabs(g - w);
    if (!(d <= ABS_TOL + REL_TOL * fabs(w))) /* also catches NaN */
      return reject(msg, cap, "output element %" PRId64 " of %" PRId64 ": got %.9g, want %.9g",
                    i, n, g, w);
    if (d > maxErr)
      maxErr = d;
  }
  /* Every input memref is read once through rise.in and the output written
   * once through rise.out; the counters must agree with rise-stats. */
  if (counters.bytesWritten != n * 4 || counters.bytesRead != bytesIn)
    return reject(msg, cap,
                  "counters: read %" PRId64 " bytes (want %" PRId64 "), wrote %" PRId64
                  " (want %" PRId64 ")",
                  counters.bytesRead, bytesIn, counters.bytesWritten, n * 4);
  snprintf(msg, cap, "%" PRId64 " outputs, max |err| %.3g, %" PRId64 " flops", n, maxErr,
           counters.flops);
  return true;
}

static void runCase(const Case *c, MlirOperation func, uint64_t seed, Tally *t) {
  char msg[256];
  AriArena arena;
  ariArenaInit(&arena, 0);
  if (checkCase(c, func, seed, &arena, msg, sizeof msg)) {
    printf("PASS %s @%s seed=%" PRIu64 ": %s\n", c->file, c->func, seed, msg);
    t->passed++;
  } else {
    fail(t, c->file, c->func, seed, msg);
  }
  ariArenaDestroy(&arena);
}

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

static int cmpNames(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every `_small` and `_medium` function of the module must have a case;
 * the full-size ones are too big to interpret. */
static void checkCovered(const char *file, MlirModule module, Tally *t) {
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute a =
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
      continue;
    MlirStringRef name = mlirStringAttrGetValue(a);
    char buf[256];
    size_t len = name.length < sizeof buf - 1 ? name.length : sizeof buf - 1;
    memcpy(buf, name.data, len);
    buf[len] = 0;
    if (!endsWith(buf, "_small") && !endsWith(buf, "_medium"))
      continue;
    bool found = false;
    for (int i = 0; i < NUM_CASES && !found; ++i)
      found = !strcmp(CASES[i].file, file) && !strcmp(CASES[i].func, buf);
    if (!found)
      fail(t, file, buf, 0, "no reference implementation in examples_test.c");
  }
}

/* Runs every case of one file; reports cases whose function is missing. */
static void runFile(const char *dir, const char *file, MlirContext ctx, Tally *t) {
  char path[PATH_CAP];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  MlirModule module = ariParseFile(ctx, path);
  if (mlirModuleIsNull(module)) {
    fail(t, file, "-", 0, "does not parse or verify (diagnostic above)");
    return;
  }
  checkCovered(file, module, t);
  for (int i = 0; i < NUM_CASES; ++i) {
    if (strcmp(CASES[i].file, file))
      continue;
    MlirOperation func = ariFindFunc(module, CASES[i].func);
    if (mlirOperationIsNull(func)) {
      fail(t, file, CASES[i].func, 0, "function not found");
      continue;
    }
    for (uint64_t seed = 1; seed <= NUM_SEEDS; ++seed)
      runCase(&CASES[i], func, seed, t);
  }
  mlirModuleDestroy(module);
}

/* Whether `file` is among the files named on the command line (all are
 * when none is named). */
static bool selected(const char *file, int nnames, char **names) {
  for (int i = 0; i < nnames; ++i)
    if (!strcmp(names[i], file))
      return true;
  return nnames == 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s EXAMPLES_DIR [FILE.mlir...]\n", argv[0]);
    return 2;
  }
  const char *dir = argv[1];
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "error: cannot open directory '%s'\n", dir);
    return 2;
  }
  char names[MAX_FILES][NAME_CAP];
  const char *sorted[MAX_FILES];
  int nfiles = 0;
  Tally t = {0, 0};
  for (struct dirent *e = readdir(d); e; e = readdir(d)) {
    if (!endsWith(e->d_name, ".mlir") || !selected(e->d_name, argc - 2, argv + 2))
      continue;
    if (nfiles == MAX_FILES || strlen(e->d_name) >= NAME_CAP) {
      fail(&t, e->d_name, "-", 0, "too many example files or too long a name for this test");
      continue;
    }
    strcpy(names[nfiles], e->d_name);
    sorted[nfiles] = names[nfiles];
    nfiles++;
  }
  closedir(d);
  qsort(sorted, (size_t)nfiles, sizeof sorted[0], cmpNames);

  /* A case whose file is missing would otherwise never run. */
  for (int i = 0; i < NUM_CASES; ++i) {
    if (!selected(CASES[i].file, argc - 2, argv + 2))
      continue;
    bool present = false;
    for (int f = 0; f < nfiles && !present; ++f)
      present = !strcmp(sorted[f], CASES[i].file);
    if (!present)
      fail(&t, CASES[i].file, CASES[i].func, 0, "example file not found");
  }

  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stdout);
  for (int f = 0; f < nfiles; ++f)
    runFile(dir, sorted[f], ctx, &t);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);

  printf("%d passed, %d failed\n", t.passed, t.failed);
  return t.failed == 0 && t.passed > 0 ? 0 : 1;
}
