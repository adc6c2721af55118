/*===- bench.c - the C peers of the benchmarks: OpenBLAS and gcc -O3 -------===*\
 *
 * bench matmul|harris|blas THREADS [REPS [WARMUP]]
 * bench inputs DIR                      writes DIR/a.bin, DIR/b.bin, DIR/img.bin
 * bench verify matmul|harris OUT.txt    checks an `ariadne-run --print` output
 *
 * Times, at the benchmark sizes of test/bench (matmul 1024x1024 f32; Harris
 * on a 3 x 1540 x 2564 image to a 1536 x 2560 response, without border
 * handling, the algorithm of test/examples/harris.mlir), the C contenders:
 *   - matmul: OpenBLAS cblas_sgemm (openblas_set_num_threads(THREADS)) and
 *     the naive i-j-k triple loop;
 *   - harris: the naive stage-by-stage C (each stage a full image buffer),
 *     the algorithm of harris.mlir with its rounding.
 * The loops are compiled by gcc -O3 -march=native; with THREADS > 1 the
 * outermost loop of each stage is an OpenMP `parallel for` (the same thread
 * count for every contender). Each contender runs WARMUP untimed times then
 * REPS timed ones (CLOCK_MONOTONIC); one line per contender:
 *     NAME median_ms min_ms
 * The outputs are cross-checked (OpenBLAS against the naive loop) so that a
 * broken peer cannot report a time; a mismatch exits 1.
 *
 * `inputs` writes the benchmark inputs (raw f32, the same values the timing
 * uses) for `ariadne-run --input=K:FILE`, and `verify` compares the values
 * a rise version printed at full size (ariadne-run --print) with OpenBLAS
 * (matmul) or the naive C (Harris), so that the big sizes, which the
 * interpreter is too slow for, are checked too.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "bench_util.h"
#include <cblas.h>
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void openblas_set_num_threads(int);
char *openblas_get_corename(void);

/* Harris: the thesis' 1536 x 2560 image with its 2-pixel border */
enum { N = 1024, H = 1540, WD = 2564, HO = H - 4, WO = WD - 4 };


typedef void (*Kernel)(void *ctx);

static void timeIt(const char *name, Kernel k, void *ctx, int reps, int warmup) {
  double *s = malloc(sizeof(double) * (size_t)reps);
  if (!s) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
  for (int i = 0; i < warmup; ++i)
    k(ctx);
  for (int i = 0; i < reps; ++i) {
    double t0 = benchWallMs();
    k(ctx);
    s[i] = benchWallMs() - t0;
  }
  qsort(s, (size_t)reps, sizeof(double), benchCmpDouble);
  double med = reps % 2 ? s[reps / 2] : (s[reps / 2 - 1] + s[reps / 2]) / 2;
  printf("%s %.4f %.4f\n", name, med, s[0]);
  fflush(stdout);
  free(s);
}

static float *allocF(size_t n) {
  float *p = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
  if (!p) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
  return p;
}

static void fillRandom(float *p, size_t n, unsigned seed) {
  /* values in [-1, 1), as ariadne-run's random inputs */
  unsigned long long x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < n; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    p[i] = (float)((double)(x >> 11) / 9007199254740992.0 * 2 - 1);
  }
}

/* ---- matmul ---- */

typedef struct Mm {
  const float *a, *b;
  float *c;
} Mm;

static void mmBlas(void *p) {
  Mm *m = p;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0f, m->a, N, m->b, N, 0.0f,
              m->c, N);
}

static void mmNaive(void *p) {
  Mm *m = p;
#pragma omp parallel for schedule(static)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0;
      for (int k = 0; k < N; ++k)
        s += m->a[(size_t)i * N + k] * m->b[(size_t)k * N + j];
      m->c[(size_t)i * N + j] = s;
    }
}

/* "openblas_sgemm_CORE", CORE the kernel set OpenBLAS chose at load time
 * (its CPU detection, or OPENBLAS_CORETYPE). */
static const char *blasName(char *buf, size_t cap) {
  snprintf(buf, cap, "openblas_sgemm_%s", openblas_get_corename());
  return buf;
}

/* OpenBLAS alone: run again with OPENBLAS_CORETYPE set to time another of
 * its kernels (0.3.21 takes a Zen 5 for a Haswell, AVX2). */
static int benchBlas(int reps, int warmup) {
  float *a = allocF((size_t)N * N), *b = allocF((size_t)N * N), *c = allocF((size_t)N * N);
  fillRandom(a, (size_t)N * N, 1);
  fillRandom(b, (size_t)N * N, 2);
  Mm m = {a, b, c};
  char name[96];
  timeIt(blasName(name, sizeof name), mmBlas, &m, reps, warmup);
  free(a), free(b), free(c);
  return 0;
}

static int benchMatmul(int reps, int warmup) {
  float *a = allocF((size_t)N * N), *b = allocF((size_t)N * N);
  float *c1 = allocF((size_t)N * N), *c2 = allocF((size_t)N * N);
  fillRandom(a, (size_t)N * N, 1);
  fillRandom(b, (size_t)N * N, 2);
  Mm m1 = {a, b, c1}, m2 = {a, b, c2};
  char name[96];
  timeIt(blasName(name, sizeof name), mmBlas, &m1, reps, warmup);
  /* the naive loop takes seconds: fewer runs */
  timeIt("gcc_naive_matmul", mmNaive, &m2, reps < 3 ? reps : 3, warmup < 1 ? warmup : 1);
  double worst = 0;
  for (size_t i = 0; i < (size_t)N * N; ++i) {
    double d = fabs((double)c1[i] - c2[i]) / (1 + fabs((double)c2[i]));
    worst = d > worst ? d : worst;
  }
  free(a), free(b), free(c1), free(c2);
  if (worst > 1e-3) {
    fprintf(stderr, "bench: OpenBLAS and the naive loop differ (relative %g)\n", worst);
    return 1;
  }
  fprintf(stderr, "bench: OpenBLAS and naive C agree (max relative difference %.2g)\n", worst);
  return 0;
}

/* ---- harris ---- */

typedef struct Hr {
  const float *in; /* 3 x H x WD */
  float *gray, *ix, *iy, *ixx, *ixy, *iyy, *out;
} Hr;

static const float kSx[9] = {-0.0833333358f, 0.0f, 0.0833333358f, -0.166666672f, 0.0f,
                             0.166666672f,   -0.0833333358f, 0.0f, 0.0833333358f};
static const float kSy[9] = {-0.0833333358f, -0.166666672f, -0.0833333358f, 0.0f, 0.0f, 0.0f,
                             0.0833333358f,  0.166666672f,  0.0833333358f};

static void harrisNaive(void *p) {
  Hr *h = p;
  const size_t plane = (size_t)H * WD;
#pragma omp parallel for schedule(static)
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < WD; ++x) {
      size_t o = (size_t)y * WD + x;
      float g = 0;
      g += h->in[o] * 0.299f;
      g += h->in[plane + o] * 0.587f;
      g += h->in[2 * plane + o] * 0.114f;
      h->gray[o] = g;
    }
  const int w1 = WD - 2;
#pragma omp parallel for schedule(static)
  for (int y = 0; y < H - 2; ++y)
    for (int x = 0; x < w1; ++x) {
      float sx = 0, sy = 0;
      for (int dy = 0; dy < 3; ++dy)
        for (int dx = 0; dx < 3; ++dx) {
          float g = h->gray[(size_t)(y + dy) * WD + x + dx];
          sx += kSx[dy * 3 + dx] * g;
          sy += kSy[dy * 3 + dx] * g;
        }
      size_t o = (size_t)y * w1 + x;
      h->ix[o] = sx;
      h->iy[o] = sy;
      h->ixx[o] = sx * sx;
      h->ixy[o] = sx * sy;
      h->iyy[o] = sy * sy;
    }
#pragma omp parallel for schedule(static)
  for (int y = 0; y < HO; ++y)
    for (int x = 0; x < WO; ++x) {
      float sxx = 0, sxy = 0, syy = 0;
      for (int dy = 0; dy < 3; ++dy)
        for (int dx = 0; dx < 3; ++dx) {
          size_t o = (size_t)(y + dy) * w1 + x + dx;
          sxx += h->ixx[o];
          sxy += h->ixy[o];
          syy += h->iyy[o];
        }
      float det = sxx * syy - sxy * sxy;
      float tr = sxx + syy;
      h->out[(size_t)y * WO + x] = det - 0.04f * tr * tr;
    }
}

static int benchHarris(int reps, int warmup) {
  Hr h;
  const size_t plane = (size_t)H * WD, p1 = (size_t)(H - 2) * (WD - 2);
  float *in = allocF(3 * plane);
  fillRandom(in, 3 * plane, 1);
  h.in = in;
  h.gray = allocF(plane);
  h.ix = allocF(p1), h.iy = allocF(p1), h.ixx = allocF(p1), h.ixy = allocF(p1), h.iyy = allocF(p1);
  h.out = allocF((size_t)HO * WO);
  timeIt("gcc_naive_harris", harrisNaive, &h, reps, warmup);
  free(in), free(h.gray), free(h.ix), free(h.iy), free(h.ixx), free(h.ixy), free(h.iyy);
  free(h.out);
  return 0;
}

/* ---- full-size verification ---- */

static int writeRaw(const char *dir, const char *name, const float *p, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(p, sizeof(float), n, f) != n || fclose(f) != 0) {
    fprintf(stderr, "bench: cannot write %s\n", path);
    return 1;
  }
  return 0;
}

static int writeInputs(const char *dir) {
  float *a = allocF((size_t)N * N), *b = allocF((size_t)N * N);
  float *img = allocF((size_t)3 * H * WD);
  fillRandom(a, (size_t)N * N, 1);
  fillRandom(b, (size_t)N * N, 2);
  fillRandom(img, (size_t)3 * H * WD, 1);
  int rc = writeRaw(dir, "a.bin", a, (size_t)N * N) || writeRaw(dir, "b.bin", b, (size_t)N * N) ||
           writeRaw(dir, "img.bin", img, (size_t)3 * H * WD);
  free(a), free(b), free(img);
  return rc;
}

/* Reads the numbers after the line "arg K:" of an ariadne-run --print. */
static int readPrinted(const char *path, float *out, size_t n) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "bench: cannot read %s\n", path);
    return 1;
  }
  char line[256];
  bool found = false;
  while (!found && fgets(line, sizeof line, f))
    found = !strncmp(line, "arg ", 4);
  size_t i = 0;
  while (found && i < n && fscanf(f, "%f", &out[i]) == 1)
    ++i;
  fclose(f);
  if (i != n) {
    fprintf(stderr, "bench: %s: expected %zu printed values, read %zu\n", path, n, i);
    return 1;
  }
  return 0;
}

static int verify(const char *what, const char *path) {
  bool mm = !strcmp(what, "matmul");
  if (!mm && strcmp(what, "harris")) {
    fprintf(stderr, "bench: unknown benchmark '%s'\n", what);
    return 2;
  }
  size_t n = mm ? (size_t)N * N : (size_t)HO * WO;
  float *got = allocF(n), *want;
  if (readPrinted(path, got, n)) {
    free(got);
    return 1;
  }
  double worst = 0, scale = 0;
  if (mm) {
    float *a = allocF((size_t)N * N), *b = allocF((size_t)N * N);
    want = allocF(n);
    fillRandom(a, (size_t)N * N, 1);
    fillRandom(b, (size_t)N * N, 2);
    Mm m = {a, b, want};
    mmBlas(&m);
    free(a), free(b);
  } else {
    Hr h;
    const size_t plane = (size_t)H * WD, p1 = (size_t)(H - 2) * (WD - 2);
    float *in = allocF(3 * plane);
    fillRandom(in, 3 * plane, 1);
    h.in = in;
    h.gray = allocF(plane);
    h.ix = allocF(p1), h.iy = allocF(p1), h.ixx = allocF(p1), h.ixy = allocF(p1),
    h.iyy = allocF(p1);
    h.out = want = allocF(n);
    harrisNaive(&h);
    free(in), free(h.gray), free(h.ix), free(h.iy), free(h.ixx), free(h.ixy), free(h.iyy);
  }
  for (size_t i = 0; i < n; ++i) {
    double d = fabs((double)got[i] - want[i]);
    worst = d > worst || d != d ? d : worst;
    scale = fabs((double)want[i]) > scale ? fabs((double)want[i]) : scale;
  }
  free(got), free(want);
  /* OpenBLAS sums in another order: relative 1e-5 of the largest value */
  if (!(worst <= 1e-5 * scale)) {
    fprintf(stderr, "bench: %s differs from the reference: max error %g (largest value %g)\n",
            path, worst, scale);
    return 1;
  }
  printf("%s: %zu values match the reference (max error %.3g, largest value %.3g)\n", path, n,
         worst, scale);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[1], "inputs"))
    return writeInputs(argv[2]);
  if (argc == 4 && !strcmp(argv[1], "verify"))
    return verify(argv[2], argv[3]);
  if (argc < 3) {
    fprintf(stderr, "usage: bench matmul|harris|blas THREADS [REPS [WARMUP]]\n"
                    "       bench inputs DIR\n"
                    "       bench verify matmul|harris OUT.txt\n");
    return 2;
  }
  int threads = atoi(argv[2]);
  int reps = argc > 3 ? atoi(argv[3]) : 10, warmup = argc > 4 ? atoi(argv[4]) : 2;
  if (threads < 1 || reps < 1 || warmup < 0) {
    fprintf(stderr, "bench: THREADS and REPS must be positive, WARMUP non-negative\n");
    return 2;
  }
  omp_set_num_threads(threads);
  openblas_set_num_threads(threads);
  if (!strcmp(argv[1], "matmul"))
    return benchMatmul(reps, warmup);
  if (!strcmp(argv[1], "harris"))
    return benchHarris(reps, warmup);
  if (!strcmp(argv[1], "blas"))
    return benchBlas(reps, warmup);
  fprintf(stderr, "bench: unknown benchmark '%s'\n", argv[1]);
  return 2;
}
