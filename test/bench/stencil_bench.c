/*===- stencil_bench.c - the stencil benchmarks: rise and naive C ----------===*\
 *
 * stencil_bench NAME [REPS [WARMUP]]   times NAME: naive C, and rise if linked
 * stencil_bench verify NAME            checks rise against the naive C
 * stencil_bench once gcc|rise NAME     runs one version once (for callgrind)
 *
 * The stencils of test/bench/stencils.mlir and test/examples, and their
 * naive C written the obvious way a user would (loops over the output,
 * clamped or tested indices at the borders, the taps in the order the rise
 * programs sum them), compiled by `gcc -std=c11 -O3 -march=native` (ISO C:
 * no FP contraction, so the sums round as the interpreter's):
 *   blur_sobel  1080 x 1920: 5x5 binomial blur, clamped borders, then the
 *               3x3 Sobel gx*gx + gy*gy of it, clamped (stencils.mlir);
 *   conv1d7     2^22: 7-tap convolution, zero padding (stencils.mlir);
 *   conv3x3     1026 x 1026 -> 1024 x 1024, no borders (examples/conv3x3);
 *   stencil1d   2^20: 3-point, clamped borders (examples/stencil1d);
 *   stencil2d   1024 x 1024: 5-point Jacobi, columns zero-padded, rows
 *               clamped (examples/stencil2d);
 *   matvec      1024 x 1024 by 1024 (examples/matvec; the input holds A,
 *               row-major, then x), and dot, 2^20 (examples/dot; a then b):
 *               gcc only (run.sh times them beside Halide's schedules),
 *               never linked with a rise version.
 * Built with -DWITH_RISE and linked with the objects and headers that
 * `ariadne-compile FILE --func=NAME -o NAME.o --header=NAME.h` writes
 * (stencils.sh does this), the rise versions run on the same inputs in the
 * same process. Each version runs WARMUP untimed times, then REPS timed
 * ones (CLOCK_MONOTONIC); one line each: "gcc_naive_NAME median_ms min_ms"
 * and "rise_NAME median_ms min_ms". `verify` compares the two outputs
 * (|a-b| <= 1e-4 + 1e-4 |b|) and exits 1 on a mismatch.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "bench_util.h"
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef WITH_RISE
#include "blur_sobel.h"
#include "conv1d7.h"
#include "conv3x3.h"
#include "stencil1d.h"
#include "stencil2d.h"
#endif

enum { BH = 1080, BW = 1920, C1N = 1 << 22, C3 = 1024, S1N = 1 << 20, S2 = 1024, MV = 1024,
       DN = 1 << 20 };


static int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }

typedef void (*RunFn)(const float *in, float *tmp, float *out);

typedef struct Bench {
  const char *name;
  size_t nin, nout;
  RunFn run, rise;
} Bench;

static const float kBlur[5] = {1, 4, 6, 4, 1};

static void blurSobel(const float *in, float *tmp, float *out) {
  float w[25];
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c)
      w[r * 5 + c] = (float)(kBlur[r] * kBlur[c] / 256.0);
  static const float sx[9] = {-1, 0, 1, -2, 0, 2, -1, 0, 1};
  static const float sy[9] = {-1, -2, -1, 0, 0, 0, 1, 2, 1};
  for (int y = 0; y < BH; ++y)
    for (int x = 0; x < BW; ++x) {
      float s = 0.0f;
      for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 5; ++c)
          s += w[r * 5 + c] * in[clampi(y + r - 2, 0, BH - 1) * BW + clampi(x + c - 2, 0, BW - 1)];
      tmp[y * BW + x] = s;
    }
  for (int y = 0; y < BH; ++y)
    for (int x = 0; x < BW; ++x) {
      float gx = 0.0f, gy = 0.0f;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
          gx += sx[r * 3 + c] * tmp[clampi(y + r - 1, 0, BH - 1) * BW + clampi(x + c - 1, 0, BW - 1)];
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
          gy += sy[r * 3 + c] * tmp[clampi(y + r - 1, 0, BH - 1) * BW + clampi(x + c - 1, 0, BW - 1)];
      out[y * BW + x] = gx * gx + gy * gy;
    }
}

static void conv1d7(const float *in, float *tmp, float *out) {
  (void)tmp;
  static const float w[7] = {0.0625f, 0.125f, 0.1875f, 0.25f, 0.1875f, 0.125f, 0.0625f};
  for (int i = 0; i < C1N; ++i) {
    float s = 0.0f;
    for (int k = 0; k < 7; ++k) {
      int j = i + k - 3;
      s += w[k] * (j >= 0 && j < C1N ? in[j] : 0.0f);
    }
    out[i] = s;
  }
}

/* conv3x3's weights (an argument of the rise function) */
static float conv3x3Weight(int k) { return (float)(k + 1) / 45.0f; }

static void conv3x3(const float *in, float *tmp, float *out) {
  (void)tmp;
  float w[9];
  for (int k = 0; k < 9; ++k)
    w[k] = conv3x3Weight(k);
  for (int y = 0; y < C3; ++y)
    for (int x = 0; x < C3; ++x) {
      float s = 0.0f;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
          s += w[r * 3 + c] * in[(y + r) * (C3 + 2) + x + c];
      out[y * C3 + x] = s;
    }
}

static void stencil1d(const float *in, float *tmp, float *out) {
  (void)tmp;
  static const float w[3] = {0.25f, 0.5f, 0.25f};
  for (int i = 0; i < S1N; ++i) {
    float s = 0.0f;
    for (int k = 0; k < 3; ++k)
      s += in[clampi(i + k - 1, 0, S1N - 1)] * w[k];
    out[i] = s;
  }
}

static float s2at(const float *in, int y, int x) {
  y = clampi(y, 0, S2 - 1);
  return x >= 0 && x < S2 ? in[y * S2 + x] : 0.0f;
}

static void stencil2d(const float *in, float *tmp, float *out) {
  (void)tmp;
  for (int y = 0; y < S2; ++y)
    for (int x = 0; x < S2; ++x)
      out[y * S2 + x] = ((((s2at(in, y - 1, x) + s2at(in, y, x - 1)) + s2at(in, y, x)) +
                          s2at(in, y, x + 1)) + s2at(in, y + 1, x)) * 0.2f;
}

/* y[i] = sum_j A[i][j] x[j], a left fold from 0 */
static void matvec(const float *in, float *tmp, float *out) {
  (void)tmp;
  const float *x = in + (size_t)MV * MV;
  for (int i = 0; i < MV; ++i) {
    float s = 0.0f;
    for (int j = 0; j < MV; ++j)
      s += in[(size_t)i * MV + j] * x[j];
    out[i] = s;
  }
}

/* sum_i a[i] b[i], a left fold from 0 */
static void dot(const float *in, float *tmp, float *out) {
  (void)tmp;
  float s = 0.0f;
  for (int i = 0; i < DN; ++i)
    s += in[i] * in[DN + i];
  out[0] = s;
}

#ifdef WITH_RISE
static void riseBlurSobel(const float *in, float *tmp, float *out) {
  (void)tmp;
  AriMemRef_f32_2d a = ariMemRef_f32_2d((float *)in, BH, BW), o = ariMemRef_f32_2d(out, BH, BW);
  _mlir_ciface_blur_sobel(&a, &o);
}

static void riseConv1d7(const float *in, float *tmp, float *out) {
  (void)tmp;
  AriMemRef_f32_1d a = ariMemRef_f32_1d((float *)in, C1N), o = ariMemRef_f32_1d(out, C1N);
  _mlir_ciface_conv1d7(&a, &o);
}

static void riseConv3x3(const float *in, float *tmp, float *out) {
  (void)tmp;
  float w[9];
  for (int k = 0; k < 9; ++k)
    w[k] = conv3x3Weight(k);
  AriMemRef_f32_2d a = ariMemRef_f32_2d((float *)in, C3 + 2, C3 + 2),
                   wm = ariMemRef_f32_2d(w, 3, 3), o = ariMemRef_f32_2d(out, C3, C3);
  _mlir_ciface_conv3x3(&a, &wm, &o);
}

static void riseStencil1d(const float *in, float *tmp, float *out) {
  (void)tmp;
  AriMemRef_f32_1d a = ariMemRef_f32_1d((float *)in, S1N), o = ariMemRef_f32_1d(out, S1N);
  _mlir_ciface_stencil1d(&a, &o);
}

static void riseStencil2d(const float *in, float *tmp, float *out) {
  (void)tmp;
  AriMemRef_f32_2d a = ariMemRef_f32_2d((float *)in, S2, S2), o = ariMemRef_f32_2d(out, S2, S2);
  _mlir_ciface_stencil2d(&a, &o);
}
#define RISE(f) f
#else
#define RISE(f) NULL
#endif

static const Bench kBenches[] = {
    {"blur_sobel", (size_t)BH * BW, (size_t)BH * BW, blurSobel, RISE(riseBlurSobel)},
    {"conv1d7", C1N, C1N, conv1d7, RISE(riseConv1d7)},
    {"conv3x3", (size_t)(C3 + 2) * (C3 + 2), (size_t)C3 * C3, conv3x3, RISE(riseConv3x3)},
    {"stencil1d", S1N, S1N, stencil1d, RISE(riseStencil1d)},
    {"stencil2d", (size_t)S2 * S2, (size_t)S2 * S2, stencil2d, RISE(riseStencil2d)},
    {"matvec", (size_t)MV * MV + MV, MV, matvec, NULL},
    {"dot", 2 * (size_t)DN, 1, dot, NULL},
};

static const Bench *find(const char *name) {
  for (size_t i = 0; i < sizeof kBenches / sizeof *kBenches; ++i)
    if (!strcmp(kBenches[i].name, name))
      return &kBenches[i];
  fprintf(stderr, "stencil_bench: unknown stencil '%s'\n", name);
  return NULL;
}

typedef struct Bufs {
  float *in, *tmp, *out, *ref;
} Bufs;

static int alloc(const Bench *b, Bufs *m) {
  m->in = malloc(b->nin * sizeof(float));
  m->tmp = malloc(b->nout * sizeof(float));
  m->out = malloc(b->nout * sizeof(float));
  m->ref = malloc(b->nout * sizeof(float));
  if (!m->in || !m->tmp || !m->out || !m->ref) {
    fprintf(stderr, "stencil_bench: out of memory\n");
    return 1;
  }
  unsigned s = 12345u;
  for (size_t i = 0; i < b->nin; ++i) {
    s = s * 1664525u + 1013904223u;
    m->in[i] = (float)(s >> 8) / 16777216.0f * 2.0f - 1.0f;
  }
  return 0;
}

static int verify(const Bench *b, Bufs *m) {
  if (!b->rise) {
    fprintf(stderr, "stencil_bench: built without the rise versions\n");
    return 1;
  }
  b->run(m->in, m->tmp, m->ref);
  memset(m->out, 0xff, b->nout * sizeof(float)); /* NaN unless written */
  b->rise(m->in, m->tmp, m->out);
  size_t bad = 0;
  double maxErr = 0;
  for (size_t i = 0; i < b->nout; ++i) {
    double want = m->ref[i], err = fabs((double)m->out[i] - want);
    if (!(err <= 1e-4 + 1e-4 * fabs(want)))
      ++bad;
    else if (err > maxErr)
      maxErr = err;
  }
  printf("%s: %zu values, max abs error %g, %zu outside tolerance\n", b->name, b->nout, maxErr,
         bad);
  return bad != 0;
}

static void timeIt(const char *prefix, const Bench *b, RunFn f, Bufs *m, int reps, int warmup) {
  double t[1000];
  for (int i = 0; i < warmup; ++i)
    f(m->in, m->tmp, m->out);
  for (int i = 0; i < reps; ++i) {
    double t0 = benchWallMs();
    f(m->in, m->tmp, m->out);
    t[i] = benchWallMs() - t0;
  }
  qsort(t, (size_t)reps, sizeof *t, benchCmpDouble);
  printf("%s%s %.3f %.3f\n", prefix, b->name, t[reps / 2], t[0]);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: stencil_bench NAME [REPS [WARMUP]] | verify NAME | once gcc|rise NAME\n");
    return 2;
  }
  bool isVerify = !strcmp(argv[1], "verify"), isOnce = !strcmp(argv[1], "once");
  if ((isVerify && argc != 3) || (isOnce && argc != 4))
    return 2;
  const Bench *b = find(isOnce ? argv[3] : isVerify ? argv[2] : argv[1]);
  Bufs m;
  if (!b || alloc(b, &m))
    return 1;
  if (isVerify)
    return verify(b, &m);
  if (isOnce) {
    RunFn f = !strcmp(argv[2], "rise") ? b->rise : !strcmp(argv[2], "gcc") ? b->run : NULL;
    if (!f)
      return 2;
    f(m.in, m.tmp, m.out);
    return m.out[0] != m.out[0]; /* keeps the result alive */
  }
  int reps = argc > 2 ? atoi(argv[2]) : 20, warmup = argc > 3 ? atoi(argv[3]) : 3;
  if (reps < 1 || reps > 1000 || warmup < 0)
    return 2;
  timeIt("gcc_naive_", b, b->run, &m, reps, warmup);
  if (b->rise)
    timeIt("rise_", b, b->rise, &m, reps, warmup);
  return 0;
}
