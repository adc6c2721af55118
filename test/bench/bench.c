/*===- bench.c - the C peers of the benchmarks: OpenBLAS and gcc -O3 -------===*\
 *
 * bench matmul|harris THREADS [REPS [WARMUP]]
 *
 * Times, at the benchmark sizes of test/bench (matmul 1024x1024 f32; Harris
 * on a 3 x 1536 x 2560 image to a 1532 x 2556 response, without border
 * padding, as test/examples/harris.mlir), the contenders that are plain C:
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
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include <cblas.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void openblas_set_num_threads(int);

enum { N = 1024, H = 1536, WD = 2560, HO = H - 4, WO = WD - 4 };

static double nowMs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

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
    double t0 = nowMs();
    k(ctx);
    s[i] = nowMs() - t0;
  }
  qsort(s, (size_t)reps, sizeof(double), cmpDouble);
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

static int benchMatmul(int reps, int warmup) {
  float *a = allocF((size_t)N * N), *b = allocF((size_t)N * N);
  float *c1 = allocF((size_t)N * N), *c2 = allocF((size_t)N * N);
  fillRandom(a, (size_t)N * N, 1);
  fillRandom(b, (size_t)N * N, 2);
  Mm m1 = {a, b, c1}, m2 = {a, b, c2};
  timeIt("openblas_sgemm", mmBlas, &m1, reps, warmup);
  /* the naive loop takes seconds: fewer runs */
  timeIt("gcc_naive_matmul", mmNaive, &m2, reps < 3 ? reps : 3, warmup < 1 ? warmup : 1);
  double worst = 0;
  for (size_t i = 0; i < (size_t)N * N; ++i) {
    double d = fabs((double)c1[i] - c2[i]) / (1 + fabs((double)c2[i]));
    worst = d > worst ? d : worst;
  }
  if (worst > 1e-3) {
    fprintf(stderr, "bench: OpenBLAS and the naive loop differ (relative %g)\n", worst);
    return 1;
  }
  fprintf(stderr, "bench: OpenBLAS and naive C agree (max relative difference %.2g)\n", worst);
  free(a), free(b), free(c1), free(c2);
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

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: bench matmul|harris THREADS [REPS [WARMUP]]\n");
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
  fprintf(stderr, "bench: unknown benchmark '%s'\n", argv[1]);
  return 2;
}
