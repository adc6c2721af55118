// halide_bench PROGRAM THREADS [REPS [WARMUP [SCHEDULE [ROUNDS]]]]
//
// The Halide 14 peers of test/bench, JIT-compiled for the host, each
// program either with a hand schedule or with one of the autoschedulers
// Debian's libhalide14-0-dev ships as plugins. PROGRAM (sizes as the rise
// benchmarks; PROGRAM_small: a few dozen elements, for the smoke test):
//   matmul      1024x1024 f32 (test/bench/matmul.mlir);
//   harris      a 3 x 1540 x 2564 image to a 1536 x 2560 response without
//               border handling (test/bench/harris.mlir);
//   blur_sobel  1080 x 1920, conv1d7 2^22 (test/bench/stencils.mlir);
//   conv3x3     1026^2 -> 1024^2, stencil1d 2^20, stencil2d 1024^2,
//   matvec      1024 x 1024, dot 2^20 (test/examples, their big sizes);
// the algorithms are those of the rise programs and of the naive C in
// test/bench/bench.c and stencil_bench.c (same taps, same border rules).
// SCHEDULE (default hand):
//   hand        matmul: test/performance/matrix_multiplication.cpp /
//               apps/linear_algebra (24x32 tiles fused and parallel, 4-row
//               sub-tiles, vectorised, unrolled, the reduction unrolled by
//               2); harris: apps/harris (lines in chunks of 32 in
//               parallel, gray/Ix/Iy stored per chunk and computed per
//               line, i.e. circular buffers, everything vectorised, Ix
//               computed with Iy); the others: the obvious schedule a
//               Halide user writes (chunks of rows or of the vector in
//               parallel, vectorised; the reductions split with rfactor
//               into vector lanes);
//   adams2019, mullapudi2016, li2018
//               Pipeline::auto_schedule with that plugin (loaded from
//               $HALIDE_PLUGIN_DIR, default Debian's
//               /usr/lib/x86_64-linux-gnu/halide14), estimates set to the
//               benchmark sizes, MachineParams(THREADS, 16 MiB, 40), i.e.
//               Halide's generic machine with parallelism = THREADS.
//               Adams2019 uses the baseline weights built into the plugin
//               (unless HL_WEIGHTS_DIR names others) and its defaults
//               (HL_BEAM_SIZE 32, HL_NUM_PASSES 5, deterministic).
//               HALIDE_BENCH_SCHEDULE=1 prints the schedule it chose on
//               stderr.
// An autoscheduled pipeline is checked against the hand-scheduled one on
// the same inputs, and the hand-scheduled one against a plain C++
// evaluation of the formula (all of it, or samples for matmul and
// harris); a mismatch exits 1. Halide's thread pool gets THREADS threads
// (HL_NUM_THREADS, set here before the first parallel realize).
//
// Output: ROUNDS (default 1) lines, each after WARMUP untimed runs and
// REPS timed ones: "NAME median_ms min_ms [autoschedule_s [NOTE]]", NAME
// halide_PROGRAM (hand) or halide_SCHEDULE_PROGRAM; autoschedule_s is the
// wall time Pipeline::auto_schedule took; NOTE input_padded_64 where the
// schedule reads outside the input (it over-computes at the edges) and
// was therefore given inputs 64 elements larger on each side, the same
// values inside (the hand schedules never need it). A failing autoscheduler (an
// error Halide reports) prints "halide_bench: ...: REASON" on stderr and
// exits 3, so that the caller can report it.
// C++ only because Halide's front end is C++; this is a benchmark peer.
#include "Halide.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>
#include <unistd.h>

using namespace Halide;

static void fillRandom(float *p, size_t n, unsigned seed) {
  unsigned long long x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < n; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    p[i] = (float)((double)(x >> 11) / 9007199254740992.0 * 2 - 1);
  }
}

template <typename F>
static void timeIt(const std::string &name, F f, int reps, int warmup, double schedSeconds,
                   const std::string &note = "") {
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
  if (schedSeconds >= 0)
    printf("%s %.4f %.4f %.3f%s\n", name.c_str(), med, s[0], schedSeconds, note.c_str());
  else
    printf("%s %.4f %.4f\n", name.c_str(), med, s[0]);
  fflush(stdout);
}

// One program: its inputs (Halide order: x innermost), the output's
// extents (none: a scalar), the algorithm with its hand schedule, and a
// reference check of the hand-scheduled output.
struct Alg {
  std::vector<ImageParam> in;
  Func out;
  std::function<void(const Target &)> hand;
};

struct Program {
  std::vector<std::vector<int>> inDims;
  std::vector<int> outDims;
  std::function<Alg()> build;
  // worst error of OUT against the formula, relative to the output's
  // scale; <= tol passes
  std::function<double(const std::vector<Buffer<float>> &, const Buffer<float> &)> check;
  double tol;
  // the largest difference, relative to the output's scale, allowed
  // between an autoscheduled output and the hand-scheduled one
  double handTol = 1e-4;
  std::function<void(std::vector<Buffer<float>> &)> fill; // optional
};

static double scaled(double worst, double scale) { return worst / std::max(1.0, scale); }

// --- matmul ------------------------------------------------------------------
static Program matmul(int n) {
  Program p;
  p.inDims = {{n, n}, {n, n}};
  p.outDims = {n, n};
  p.tol = 1e-3;
  p.handTol = 1e-3;
  p.build = [n] {
    Alg a;
    ImageParam A(Float(32), 2, "A"), B(Float(32), 2, "B");
    Var x("x"), y("y"), xi("xi"), yi("yi"), yii("yii"), xy("xy");
    Func prod("prod"), out("out");
    RDom k(0, n);
    prod(x, y) += A(k, y) * B(x, k); // x: column, y: row (row-major storage)
    out(x, y) = prod(x, y);
    a.in = {A, B};
    a.out = out;
    a.hand = [=](const Target &t) mutable {
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
    };
    return a;
  };
  p.check = [n](const std::vector<Buffer<float>> &in, const Buffer<float> &c) {
    double worst = 0; // spot checks against a scalar dot product
    for (int s = 0; s < 64; ++s) {
      int i = (s * 37) % n, j = (s * 101) % n;
      double ref = 0;
      for (int kk = 0; kk < n; ++kk)
        ref += (double)in[0](kk, i) * in[1](j, kk);
      worst = std::max(worst, std::fabs(ref - c(j, i)) / (1 + std::fabs(ref)));
    }
    return worst;
  };
  return p;
}

// --- harris ------------------------------------------------------------------
static Program harris(int h, int w) {
  Program p;
  p.inDims = {{w, h, 3}}; // (x, y, c), c outermost: 3 x h x w planes
  p.outDims = {w - 4, h - 4};
  p.tol = 1e-3;
  p.handTol = 1e-3;
  p.build = [h, w] {
    Alg a;
    ImageParam in(Float(32), 3, "in");
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
    a.in = {in};
    a.out = out;
    a.hand = [=](const Target &t) mutable { // apps/harris/harris_generator.cpp's
      const int vec = t.natural_vector_size<float>();
      out.split(y, y, yi, 32).parallel(y).vectorize(x, vec);
      gray.store_at(out, y).compute_at(out, yi).vectorize(x, vec);
      Ix.store_at(out, y).compute_at(out, yi).vectorize(x, vec);
      Iy.store_at(out, y).compute_at(out, yi).vectorize(x, vec);
      Ix.compute_with(Iy, x);
      out.bound(x, 0, w - 4).bound(y, 0, h - 4);
    };
    return a;
  };
  p.check = [h, w](const std::vector<Buffer<float>> &ins, const Buffer<float> &o) {
    const Buffer<float> &img = ins[0];
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
    return worst / std::max(scale, 1e-30);
  };
  return p;
}

// The rest: a full reference written as the naive C of stencil_bench.c.
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static double compareAll(const Buffer<float> &got, const std::vector<float> &want) {
  double worst = 0, scale = 0;
  const float *g = got.data();
  for (size_t i = 0; i < want.size(); ++i) {
    worst = std::max(worst, std::fabs((double)g[i] - want[i]));
    scale = std::max(scale, std::fabs((double)want[i]));
  }
  return scaled(worst, scale);
}

// Rows in chunks of 32 in parallel, vectorised along x.
static void rowsSchedule(Func out, Var x, Var y, const Target &t) {
  Var yo("yo"), yi("yi");
  out.split(y, yo, yi, 32).parallel(yo).vectorize(x, t.natural_vector_size<float>());
}

// A 1-D output in chunks of 16384 in parallel, vectorised.
static void vectorSchedule(Func out, Var x, const Target &t) {
  Var xo("xo"), xi("xi");
  out.split(x, xo, xi, 16384).parallel(xo).vectorize(xi, t.natural_vector_size<float>());
}

// --- blur_sobel: 5x5 binomial blur, clamped, then Sobel gx^2 + gy^2, clamped -
static Program blurSobel(int h, int w) {
  static const float kBlur[5] = {1, 4, 6, 4, 1};
  static const float sx[9] = {-1, 0, 1, -2, 0, 2, -1, 0, 1};
  static const float sy[9] = {-1, -2, -1, 0, 0, 0, 1, 2, 1};
  Program p;
  p.inDims = {{w, h}};
  p.outDims = {w, h};
  p.tol = 1e-4;
  p.build = [h, w] {
    Alg a;
    ImageParam in(Float(32), 2, "in");
    Var x("x"), y("y");
    Func cin("cin"), blur("blur"), cblur("cblur"), out("out");
    cin(x, y) = in(clamp(x, 0, w - 1), clamp(y, 0, h - 1));
    Expr s = 0.0f;
    for (int r = 0; r < 5; ++r)
      for (int c = 0; c < 5; ++c)
        s = s + (float)(kBlur[r] * kBlur[c] / 256.0) * cin(x + c - 2, y + r - 2);
    blur(x, y) = s;
    cblur(x, y) = blur(clamp(x, 0, w - 1), clamp(y, 0, h - 1));
    Expr gx = 0.0f, gy = 0.0f;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        gx = gx + sx[r * 3 + c] * cblur(x + c - 1, y + r - 1);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        gy = gy + sy[r * 3 + c] * cblur(x + c - 1, y + r - 1);
    out(x, y) = gx * gx + gy * gy;
    a.in = {in};
    a.out = out;
    a.hand = [=](const Target &t) mutable {
      Var yo("yo"), yi("yi");
      const int vec = t.natural_vector_size<float>();
      out.split(y, yo, yi, 32).parallel(yo).vectorize(x, vec);
      blur.compute_at(out, yo).vectorize(x, vec);
    };
    return a;
  };
  p.check = [h, w](const std::vector<Buffer<float>> &ins, const Buffer<float> &o) {
    const float *in = ins[0].data();
    std::vector<float> tmp((size_t)h * w), ref((size_t)h * w);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        float s = 0.0f;
        for (int r = 0; r < 5; ++r)
          for (int c = 0; c < 5; ++c)
            s += (float)(kBlur[r] * kBlur[c] / 256.0) *
                 in[clampi(y + r - 2, 0, h - 1) * w + clampi(x + c - 2, 0, w - 1)];
        tmp[(size_t)y * w + x] = s;
      }
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        float gx = 0.0f, gy = 0.0f;
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c) {
            float v = tmp[clampi(y + r - 1, 0, h - 1) * w + clampi(x + c - 1, 0, w - 1)];
            gx += sx[r * 3 + c] * v, gy += sy[r * 3 + c] * v;
          }
        ref[(size_t)y * w + x] = gx * gx + gy * gy;
      }
    return compareAll(o, ref);
  };
  return p;
}

// --- conv1d7: 7 taps, zero padding ---------------------------------------------
static Program conv1d7(int n) {
  static const float wt[7] = {0.0625f, 0.125f, 0.1875f, 0.25f, 0.1875f, 0.125f, 0.0625f};
  Program p;
  p.inDims = {{n}};
  p.outDims = {n};
  p.tol = 1e-4;
  p.build = [n] {
    Alg a;
    ImageParam in(Float(32), 1, "in");
    Var x("x");
    Func pad("pad"), out("out");
    pad(x) = select(x >= 0 && x < n, in(clamp(x, 0, n - 1)), 0.0f);
    Expr s = 0.0f;
    for (int k = 0; k < 7; ++k)
      s = s + wt[k] * pad(x + k - 3);
    out(x) = s;
    a.in = {in};
    a.out = out;
    a.hand = [=](const Target &t) { vectorSchedule(out, x, t); };
    return a;
  };
  p.check = [n](const std::vector<Buffer<float>> &ins, const Buffer<float> &o) {
    const float *in = ins[0].data();
    std::vector<float> ref(n);
    for (int i = 0; i < n; ++i) {
      float s = 0.0f;
      for (int k = 0; k < 7; ++k) {
        int j = i + k - 3;
        s += wt[k] * (j >= 0 && j < n ? in[j] : 0.0f);
      }
      ref[i] = s;
    }
    return compareAll(o, ref);
  };
  return p;
}

// --- conv3x3: (n+2)^2 -> n^2, the weights an input ----------------------------
static Program conv3x3(int n) {
  Program p;
  p.inDims = {{n + 2, n + 2}, {3, 3}};
  p.outDims = {n, n};
  p.tol = 1e-4;
  p.fill = [](std::vector<Buffer<float>> &in) { // as stencil_bench.c: (k+1)/45
    for (int k = 0; k < 9; ++k)
      in[1](k % 3, k / 3) = (float)(k + 1) / 45.0f;
  };
  p.build = [] {
    Alg a;
    ImageParam in(Float(32), 2, "in"), wt(Float(32), 2, "weights");
    Var x("x"), y("y");
    Func out("out");
    Expr s = 0.0f;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        s = s + wt(c, r) * in(x + c, y + r);
    out(x, y) = s;
    a.in = {in, wt};
    a.out = out;
    a.hand = [=](const Target &t) { rowsSchedule(out, x, y, t); };
    return a;
  };
  p.check = [n](const std::vector<Buffer<float>> &ins, const Buffer<float> &o) {
    const float *in = ins[0].data(), *wt = ins[1].data();
    std::vector<float> ref((size_t)n * n);
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        float s = 0.0f;
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c)
            s += wt[r * 3 + c] * in[(y + r) * (n + 2) + x + c];
        ref[(size_t)y * n + x] = s;
      }
    return compareAll(o, ref);
  };
  return p;
}

// --- stencil1d: 3 points, clamped ---------------------------------------------
static Program stencil1d(int n) {
  static const float wt[3] = {0.25f, 0.5f, 0.25f};
  Program p;
  p.inDims = {{n}};
  p.outDims = {n};
  p.tol = 1e-4;
  p.build = [n] {
    Alg a;
    ImageParam in(Float(32), 1, "in");
    Var x("x");
    Func out("out");
    Expr s = 0.0f;
    for (int k = 0; k < 3; ++k)
      s = s + in(clamp(x + k - 1, 0, n - 1)) * wt[k];
    out(x) = s;
    a.in = {in};
    a.out = out;
    a.hand = [=](const Target &t) { vectorSchedule(out, x, t); };
    return a;
  };
  p.check = [n](const std::vector<Buffer<float>> &ins, const Buffer<float> &o) {
    const float *in = ins[0].data();
    std::vector<float> ref(n);
    for (int i = 0; i < n; ++i) {
      float s = 0.0f;
      for (int k = 0; k < 3; ++k)
        s += in[clampi(i + k - 1, 0, n - 1)] * wt[k];
      ref[i] = s;
    }
    return compareAll(o, ref);
  };
  return p;
}

// --- stencil2d: 5-point Jacobi, columns zero-padded, rows clamped ---------------
static Program stencil2d(int n) {
  Program p;
  p.inDims = {{n, n}};
  p.outDims = {n, n};
  p.tol = 1e-4;
  p.build = [n] {
    Alg a;
    ImageParam in(Float(32), 2, "in");
    Var x("x"), y("y");
    Func pad("pad"), out("out");
    pad(x, y) = select(x >= 0 && x < n, in(clamp(x, 0, n - 1), clamp(y, 0, n - 1)), 0.0f);
    out(x, y) = ((((pad(x, y - 1) + pad(x - 1, y)) + pad(x, y)) + pad(x + 1, y)) + pad(x, y + 1)) *
                0.2f;
    a.in = {in};
    a.out = out;
    a.hand = [=](const Target &t) { rowsSchedule(out, x, y, t); };
    return a;
  };
  p.check = [n](const std::vector<Buffer<float>> &ins, const Buffer<float> &o) {
    const float *in = ins[0].data();
    auto at = [&](int y, int x) {
      y = clampi(y, 0, n - 1);
      return x >= 0 && x < n ? in[y * n + x] : 0.0f;
    };
    std::vector<float> ref((size_t)n * n);
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        ref[(size_t)y * n + x] =
            ((((at(y - 1, x) + at(y, x - 1)) + at(y, x)) + at(y, x + 1)) + at(y + 1, x)) * 0.2f;
    return compareAll(o, ref);
  };
  return p;
}

// --- matvec: y[i] = sum_j A[i][j] x[j] -------------------------------------------
static Program matvec(int n) {
  Program p;
  p.inDims = {{n, n}, {n}};
  p.outDims = {n};
  p.tol = 1e-3;
  p.handTol = 1e-3;
  p.build = [n] {
    Alg a;
    ImageParam A(Float(32), 2, "A"), X(Float(32), 1, "x");
    Var i("i");
    Func out("out");
    RDom k(0, n);
    out(i) = 0.0f;
    out(i) += A(k, i) * X(k);
    a.in = {A, X};
    a.out = out;
    a.hand = [=](const Target &t) mutable {
      // each row's reduction split into vector lanes (rfactor), rows in
      // parallel blocks
      const int vec = t.natural_vector_size<float>();
      Var io("io"), ii("ii"), u("u");
      RVar ko("ko"), ki("ki");
      Func lanes = out.update().split(k, ko, ki, vec).rfactor(ki, u);
      out.split(i, io, ii, 16).parallel(io);
      out.update().split(i, io, ii, 16).parallel(io);
      lanes.compute_at(out, ii).vectorize(u);
      lanes.update().vectorize(u);
    };
    return a;
  };
  p.check = [n](const std::vector<Buffer<float>> &ins, const Buffer<float> &o) {
    std::vector<float> ref(n);
    for (int i = 0; i < n; ++i) {
      double s = 0;
      for (int j = 0; j < n; ++j)
        s += (double)ins[0](j, i) * ins[1](j);
      ref[i] = (float)s;
    }
    return compareAll(o, ref);
  };
  return p;
}

// --- dot: sum_i a[i] b[i] -------------------------------------------------------
static Program dot(int n) {
  Program p;
  p.inDims = {{n}, {n}};
  p.outDims = {};
  p.tol = 1e-4;
  p.handTol = 1e-2; // one sum of 2^20 products, reassociated differently
  p.build = [n] {
    Alg a;
    ImageParam A(Float(32), 1, "a"), B(Float(32), 1, "b");
    Func out("out");
    RDom k(0, n);
    out() = 0.0f;
    out() += A(k) * B(k);
    a.in = {A, B};
    a.out = out;
    a.hand = [=](const Target &t) mutable {
      // chunks of 16384 in parallel (rfactor), each chunk's sum in vector
      // lanes (a second rfactor)
      const int vec = t.natural_vector_size<float>();
      Var c("c"), u("u");
      RVar ko("ko"), ki("ki"), kio("kio"), kii("kii");
      Func chunks = out.update().split(k, ko, ki, 16384).rfactor(ko, c);
      chunks.compute_root().update().parallel(c);
      Func lanes = chunks.update().split(ki, kio, kii, vec).rfactor(kii, u);
      lanes.compute_at(chunks, c).vectorize(u);
      lanes.update().vectorize(u);
    };
    return a;
  };
  p.check = [n](const std::vector<Buffer<float>> &ins, const Buffer<float> &o) {
    double s = 0, mag = 0;
    for (int i = 0; i < n; ++i) {
      s += (double)ins[0](i) * ins[1](i);
      mag += std::fabs((double)ins[0](i) * ins[1](i));
    }
    // relative to the sum of the magnitudes: reassociation moves the
    // rounding, not the value
    return std::fabs(o() - s) / std::max(1.0, mag);
  };
  return p;
}

static bool programOf(std::string name, Program *p) {
  bool small = name.size() > 6 && name.compare(name.size() - 6, 6, "_small") == 0;
  if (small)
    name.resize(name.size() - 6);
  if (name == "matmul")
    *p = matmul(small ? 96 : 1024);
  else if (name == "harris")
    *p = harris(small ? 68 : 1540, small ? 100 : 2564);
  else if (name == "blur_sobel")
    *p = blurSobel(small ? 40 : 1080, small ? 64 : 1920);
  else if (name == "conv1d7")
    *p = conv1d7(small ? 40000 : 1 << 22);
  else if (name == "conv3x3")
    *p = conv3x3(small ? 40 : 1024);
  else if (name == "stencil1d")
    *p = stencil1d(small ? 40000 : 1 << 20);
  else if (name == "stencil2d")
    *p = stencil2d(small ? 48 : 1024);
  else if (name == "matvec")
    *p = matvec(small ? 48 : 1024);
  else if (name == "dot")
    *p = dot(small ? 40000 : 1 << 20);
  else
    return false;
  return true;
}

static const char *autoschedulerName(const std::string &s) {
  if (s == "adams2019")
    return "Adams2019";
  if (s == "mullapudi2016")
    return "Mullapudi2016";
  if (s == "li2018")
    return "Li2018";
  return nullptr;
}

static Buffer<float> outputBuffer(const Program &p) {
  if (p.outDims.empty())
    return Buffer<float>::make_scalar();
  return Buffer<float>(p.outDims);
}

static int run(int argc, char **argv);

int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception &e) { // a Halide error outside the autoscheduler
    std::string why = e.what();
    std::replace(why.begin(), why.end(), '\n', ' ');
    fprintf(stderr, "halide_bench: %s\n", why.c_str());
    return 1;
  }
}

static int run(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: halide_bench PROGRAM[_small] THREADS [REPS [WARMUP "
                    "[hand|adams2019|mullapudi2016|li2018 [ROUNDS]]]]\n");
    return 2;
  }
  std::string prog = argv[1];
  int threads = atoi(argv[2]);
  int reps = argc > 3 ? atoi(argv[3]) : 10, warmup = argc > 4 ? atoi(argv[4]) : 2;
  std::string sched = argc > 5 ? argv[5] : "hand";
  int rounds = argc > 6 ? atoi(argv[6]) : 1;
  if (threads < 1 || reps < 1 || warmup < 0 || rounds < 1) {
    fprintf(stderr, "halide_bench: THREADS, REPS and ROUNDS must be positive\n");
    return 2;
  }
  Program p;
  if (!programOf(prog, &p)) {
    fprintf(stderr, "halide_bench: unknown program '%s'\n", prog.c_str());
    return 2;
  }
  const char *asName = autoschedulerName(sched);
  if (sched != "hand" && !asName) {
    fprintf(stderr, "halide_bench: unknown schedule '%s'\n", sched.c_str());
    return 2;
  }
  // Halide's thread pool reads HL_NUM_THREADS when it starts (first
  // parallel realize), so set it before anything runs.
  std::string nt = std::to_string(threads);
  setenv("HL_NUM_THREADS", nt.c_str(), 1);

  std::vector<Buffer<float>> inputs;
  for (size_t i = 0; i < p.inDims.size(); ++i) {
    inputs.emplace_back(p.inDims[i]);
    fillRandom(inputs.back().data(), inputs.back().number_of_elements(), (unsigned)i + 1);
  }
  if (p.fill)
    p.fill(inputs);
  Target t = get_jit_target_from_environment();

  // the hand schedule: timed, or the reference of an autoscheduled one
  Alg hand = p.build();
  for (size_t i = 0; i < inputs.size(); ++i)
    hand.in[i].set(inputs[i]);
  hand.hand(t);
  Pipeline handP(hand.out);
  handP.compile_jit(t);
  Buffer<float> handOut = outputBuffer(p);
  handP.realize(handOut);
  double err = p.check(inputs, handOut);
  if (!(err <= p.tol)) {
    fprintf(stderr, "halide_bench: %s (hand) is wrong (error %g)\n", prog.c_str(), err);
    return 1;
  }
  std::string base = prog.substr(0, prog.find("_small"));
  if (!asName) {
    for (int r = 0; r < rounds; ++r)
      timeIt("halide_" + base, [&] { handP.realize(handOut); }, reps, warmup, -1);
    return 0;
  }

  const char *dir = getenv("HALIDE_PLUGIN_DIR");
  std::string lib = std::string(dir && *dir ? dir : "/usr/lib/x86_64-linux-gnu/halide14") +
                    "/libautoschedule_" + sched + ".so";
  Alg a = p.build();
  for (size_t i = 0; i < inputs.size(); ++i) {
    a.in[i].set(inputs[i]);
    Region r;
    for (int e : p.inDims[i])
      r.push_back(Range(0, e));
    a.in[i].set_estimates(r);
  }
  Region outR;
  for (int e : p.outDims)
    outR.push_back(Range(0, e));
  a.out.set_estimates(outR);
  Pipeline ap(a.out);
  double schedSeconds;
  std::string padNote;
  try {
    load_plugin(lib);
    // Adams2019 prints its search statistics on stdout: they go to
    // stderr, stdout keeps the results
    fflush(stdout);
    int saved = dup(1);
    dup2(2, 1);
    auto t0 = std::chrono::steady_clock::now();
    AutoSchedulerResults res;
    try {
      res = ap.auto_schedule(asName, t, MachineParams(threads, 16 << 20, 40));
    } catch (...) {
      fflush(stdout);
      dup2(saved, 1);
      throw;
    }
    schedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    if (getenv("HALIDE_BENCH_SCHEDULE"))
      fprintf(stderr, "// %s on %s, %d threads\n%s\n", asName, prog.c_str(), threads,
              res.schedule_source.c_str());
    ap.compile_jit(t);
  } catch (const std::exception &e) {
    std::string why = e.what();
    std::replace(why.begin(), why.end(), '\n', ' ');
    fprintf(stderr, "halide_bench: %s on %s failed: %s\n", asName, prog.c_str(), why.c_str());
    return 3;
  }
  Buffer<float> out = outputBuffer(p);
  std::vector<Buffer<float>> padded;
  try {
    ap.realize(out);
  } catch (const std::exception &e) {
    // Some schedules over-compute a tile at the image's edge, so that
    // they read the input out of its bounds, which Halide refuses (the
    // programs have no boundary condition). The values computed there
    // are discarded: such a schedule gets inputs with kMargin more
    // elements, zeros, on both sides of each dimension of 64 or more,
    // the inner elements at the same coordinates, and the table says so.
    if (!strstr(e.what(), "is accessed at"))
      throw;
    const int kMargin = 64;
    for (size_t i = 0; i < inputs.size(); ++i) {
      std::vector<int> dims = p.inDims[i];
      std::vector<int> mins(dims.size(), 0);
      for (size_t d = 0; d < dims.size(); ++d)
        if (dims[d] >= 64)
          dims[d] += 2 * kMargin, mins[d] = -kMargin;
      Buffer<float> b(dims);
      b.fill(0.0f);
      b.set_min(mins);
      b.copy_from(inputs[i]);
      padded.push_back(b);
      a.in[i].set(b);
    }
    ap.realize(out); // still out of bounds: the caller reports the error
    padNote = " input_padded_" + std::to_string(kMargin);
    fprintf(stderr, "halide_bench: %s on %s reads outside the input (%s); inputs padded by %d\n",
            asName, prog.c_str(), e.what(), kMargin);
  }
  double worst = 0, scale = 0;
  for (size_t i = 0; i < (size_t)out.number_of_elements(); ++i) {
    worst = std::max(worst, std::fabs((double)out.data()[i] - handOut.data()[i]));
    scale = std::max(scale, std::fabs((double)handOut.data()[i]));
  }
  if (!(scaled(worst, scale) <= p.handTol) || !(p.check(inputs, out) <= p.tol)) {
    fprintf(stderr,
            "halide_bench: %s on %s is wrong (error %g against the hand schedule, %g against "
            "the formula)\n",
            asName, prog.c_str(), scaled(worst, scale), p.check(inputs, out));
    return 1;
  }
  for (int r = 0; r < rounds; ++r)
    timeIt("halide_" + sched + "_" + base, [&] { ap.realize(out); }, reps, warmup, schedSeconds,
           padNote);
  return 0;
}
