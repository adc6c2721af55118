// halide_bench matmul|harris THREADS [REPS [WARMUP]]
//
// The Halide 14 peers of test/bench, JIT-compiled for the host: matmul
// 1024x1024 f32 and Harris on a 3 x 1540 x 2564 image (a 1536 x 2560
// response without border handling, as test/bench/harris.mlir), each
// with the schedule Halide's own sources give it:
//   - matmul: test/performance/matrix_multiplication.cpp / apps/linear_algebra
//     (24x32 tiles fused and parallel, 4-row sub-tiles, vectorised by the
//     natural vector width, unrolled, the reduction unrolled by 2);
//   - harris: apps/harris (lines in chunks of 32 in parallel, gray/Ix/Iy
//     stored per chunk and computed per line, i.e. circular buffers,
//     everything vectorised, Ix computed with Iy).
// The thread count goes to Halide's thread pool (HL_NUM_THREADS must be
// set by the caller before the first parallel realize; this program sets
// it itself from THREADS). One line per contender: NAME median_ms min_ms.
// C++ only because Halide's front end is C++; this is a benchmark peer.
#include "Halide.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace Halide;

static void fillRandom(float *p, size_t n, unsigned seed) {
  unsigned long long x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < n; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    p[i] = (float)((double)(x >> 11) / 9007199254740992.0 * 2 - 1);
  }
}

template <typename F> static void timeIt(const char *name, F f, int reps, int warmup) {
  std::vector<double> s;
  for (int i = 0; i < warmup; ++i)
    f();
  for (int i = 0; i < reps; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    auto t1 = std::chrono::steady_clock::now();
    s.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(s.begin(), s.end());
  double med = reps % 2 ? s[reps / 2] : (s[reps / 2 - 1] + s[reps / 2]) / 2;
  printf("%s %.4f %.4f\n", name, med, s[0]);
  fflush(stdout);
}

static int matmul(int reps, int warmup) {
  const int n = 1024;
  ImageParam A(Float(32), 2), B(Float(32), 2);
  Var x("x"), y("y"), xi("xi"), yi("yi"), yii("yii"), xy("xy");
  Func prod("prod"), out("out");
  RDom k(0, n);
  prod(x, y) += A(k, y) * B(x, k); // x: column, y: row (row-major storage)
  out(x, y) = prod(x, y);
  Target t = get_jit_target_from_environment();
  const int vec = t.natural_vector_size<float>();
  out.tile(x, y, xi, yi, 3 * vec, 32)
      .fuse(x, y, xy)
      .parallel(xy)
      .split(yi, yi, yii, 4)
      .vectorize(xi, vec)
      .unroll(xi)
      .unroll(yii);
  prod.compute_at(out, yi).vectorize(x, vec).unroll(y);
  prod.update(0).reorder(x, y, k).vectorize(x, vec).unroll(x).unroll(y).unroll(k, 2);
  out.bound(x, 0, n).bound(y, 0, n);
  out.compile_jit(t);

  Buffer<float> a(n, n), b(n, n), c(n, n);
  fillRandom(a.data(), (size_t)n * n, 1);
  fillRandom(b.data(), (size_t)n * n, 2);
  A.set(a);
  B.set(b);
  timeIt("halide_matmul", [&] { out.realize(c); }, reps, warmup);
  // spot-check against a scalar dot product
  double worst = 0;
  for (int s = 0; s < 64; ++s) {
    int i = (s * 37) % n, j = (s * 101) % n;
    double ref = 0;
    for (int kk = 0; kk < n; ++kk)
      ref += (double)a(kk, i) * b(j, kk);
    worst = std::max(worst, std::fabs(ref - c(j, i)) / (1 + std::fabs(ref)));
  }
  if (worst > 1e-3) {
    fprintf(stderr, "halide_bench: matmul is wrong (relative %g)\n", worst);
    return 1;
  }
  return 0;
}

static int harris(int reps, int warmup) {
  const int h = 1540, w = 2564;
  ImageParam in(Float(32), 3); // (x, y, c), c outermost: 3 x h x w planes
  Var x("x"), y("y"), yi("yi");
  Func gray("gray"), Ix("Ix"), Iy("Iy"), Ixx("Ixx"), Ixy("Ixy"), Iyy("Iyy");
  Func Sxx("Sxx"), Sxy("Sxy"), Syy("Syy"), det("det"), trace("trace"), out("out");
  // the algorithm of apps/harris without the boundary condition; output
  // pixel (x, y) is centred on input (x + 2, y + 2)
  gray(x, y) = 0.299f * in(x, y, 0) + 0.587f * in(x, y, 1) + 0.114f * in(x, y, 2);
  Iy(x, y) = gray(x - 1, y - 1) * (-1.0f / 12) + gray(x - 1, y + 1) * (1.0f / 12) +
             gray(x, y - 1) * (-2.0f / 12) + gray(x, y + 1) * (2.0f / 12) +
             gray(x + 1, y - 1) * (-1.0f / 12) + gray(x + 1, y + 1) * (1.0f / 12);
  Ix(x, y) = gray(x - 1, y - 1) * (-1.0f / 12) + gray(x + 1, y - 1) * (1.0f / 12) +
             gray(x - 1, y) * (-2.0f / 12) + gray(x + 1, y) * (2.0f / 12) +
             gray(x - 1, y + 1) * (-1.0f / 12) + gray(x + 1, y + 1) * (1.0f / 12);
  Ixx(x, y) = Ix(x, y) * Ix(x, y);
  Iyy(x, y) = Iy(x, y) * Iy(x, y);
  Ixy(x, y) = Ix(x, y) * Iy(x, y);
  auto sum3x3 = [&](Func f) {
    return f(x - 1, y - 1) + f(x - 1, y) + f(x - 1, y + 1) + f(x, y - 1) + f(x, y) +
           f(x, y + 1) + f(x + 1, y - 1) + f(x + 1, y) + f(x + 1, y + 1);
  };
  Sxx(x, y) = sum3x3(Ixx);
  Syy(x, y) = sum3x3(Iyy);
  Sxy(x, y) = sum3x3(Ixy);
  det(x, y) = Sxx(x, y) * Syy(x, y) - Sxy(x, y) * Sxy(x, y);
  trace(x, y) = Sxx(x, y) + Syy(x, y);
  Func resp("resp");
  resp(x, y) = det(x, y) - 0.04f * trace(x, y) * trace(x, y);
  out(x, y) = resp(x + 2, y + 2);

  // apps/harris/harris_generator.cpp's manual schedule
  Target t = get_jit_target_from_environment();
  const int vec = t.natural_vector_size<float>();
  out.split(y, y, yi, 32).parallel(y).vectorize(x, vec);
  gray.store_at(out, y).compute_at(out, yi).vectorize(x, vec);
  Ix.store_at(out, y).compute_at(out, yi).vectorize(x, vec);
  Iy.store_at(out, y).compute_at(out, yi).vectorize(x, vec);
  Ix.compute_with(Iy, x);
  out.bound(x, 0, w - 4).bound(y, 0, h - 4);
  out.compile_jit(t);

  Buffer<float> img(w, h, 3), o(w - 4, h - 4);
  fillRandom(img.data(), (size_t)w * h * 3, 1);
  in.set(img);
  timeIt("halide_harris", [&] { out.realize(o); }, reps, warmup);
  // check against a direct evaluation of the same formula
  auto g = [&](int xx, int yy) {
    return 0.299f * img(xx, yy, 0) + 0.587f * img(xx, yy, 1) + 0.114f * img(xx, yy, 2);
  };
  double worst = 0, scale = 0;
  for (int s = 0; s < 4096; ++s) {
    int ox = (s * 7919) % (w - 4), oy = (s * 104729) % (h - 4);
    float sxx = 0, sxy = 0, syy = 0;
    for (int dy = 0; dy < 3; ++dy)
      for (int dx = 0; dx < 3; ++dx) {
        int cx = ox + 1 + dx, cy = oy + 1 + dy; // Sobel centre, in input pixels
        float ix = (g(cx + 1, cy - 1) - g(cx - 1, cy - 1)) / 12 +
                   2 * (g(cx + 1, cy) - g(cx - 1, cy)) / 12 +
                   (g(cx + 1, cy + 1) - g(cx - 1, cy + 1)) / 12;
        float iy = (g(cx - 1, cy + 1) - g(cx - 1, cy - 1)) / 12 +
                   2 * (g(cx, cy + 1) - g(cx, cy - 1)) / 12 +
                   (g(cx + 1, cy + 1) - g(cx + 1, cy - 1)) / 12;
        sxx += ix * ix, sxy += ix * iy, syy += iy * iy;
      }
    float tr = sxx + syy;
    double ref = (double)(sxx * syy - sxy * sxy) - 0.04 * tr * tr;
    worst = std::max(worst, std::fabs(ref - o(ox, oy)));
    scale = std::max(scale, std::fabs(ref));
  }
  if (!(worst <= 1e-3 * scale)) {
    fprintf(stderr, "halide_bench: harris is wrong (max error %g, scale %g)\n", worst, scale);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: halide_bench matmul|harris THREADS [REPS [WARMUP]]\n");
    return 2;
  }
  int threads = atoi(argv[2]);
  int reps = argc > 3 ? atoi(argv[3]) : 10, warmup = argc > 4 ? atoi(argv[4]) : 2;
  if (threads < 1 || reps < 1 || warmup < 0) {
    fprintf(stderr, "halide_bench: THREADS and REPS must be positive\n");
    return 2;
  }
  // Halide's thread pool reads HL_NUM_THREADS when it starts (first
  // parallel realize), so set it before anything runs.
  std::string nt = std::to_string(threads);
  setenv("HL_NUM_THREADS", nt.c_str(), 1);
  if (!strcmp(argv[1], "matmul"))
    return matmul(reps, warmup);
  if (!strcmp(argv[1], "harris"))
    return harris(reps, warmup);
  fprintf(stderr, "halide_bench: unknown benchmark '%s'\n", argv[1]);
  return 2;
}
