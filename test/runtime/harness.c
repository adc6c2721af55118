/*===- harness.c - a C program built by clang against compiled kernels ----===*\
 *
 * Includes the header ariadne-compile wrote for Inputs/kernels.mlir, calls
 * every kernel through its _mlir_ciface_ entry with descriptors made by the
 * header's helpers, and checks the results against values computed here.
 * Built for x86-64 by clang-22 and for AArch64 by the cross gcc (run under
 * qemu). Prints "ok N checks" and exits 0, or names each wrong value.
 *
\*===----------------------------------------------------------------------===*/

#include "kernels.h"

#include <math.h>
#include <stdio.h>

static int failures, checks;

static void check(const char *what, int i, double got, double want) {
  ++checks;
  if (fabs(got - want) > 1e-6 * (1 + fabs(want))) {
    ++failures;
    printf("FAIL %s[%d]: got %.9g, want %.9g\n", what, i, got, want);
  }
}

int main(void) {
  float x[37], y[37], o[37];
  for (int i = 0; i < 37; ++i)
    x[i] = (float)i * 0.25f, y[i] = 10.0f - (float)i, o[i] = -1;
  AriMemRef_f32_1d X = ariMemRef_f32_1d(x, 37), Y = ariMemRef_f32_1d(y, 37),
                   O = ariMemRef_f32_1d(o, 37);
  _mlir_ciface_saxpy(3.0f, &X, &Y, &O);
  for (int i = 0; i < 37; ++i)
    check("saxpy", i, o[i], 3.0 * i * 0.25 + 10.0 - i);

  double m[15], s = -1;
  for (int i = 0; i < 15; ++i)
    m[i] = i * 0.5;
  AriMemRef_f64_2d M = ariMemRef_f64_2d(m, 3, 5);
  AriMemRef_f64_0d S = ariMemRef_f64_0d(&s);
  _mlir_ciface_sum2d(&M, &S);
  check("sum2d", 0, s, 52.5);

  float v[16], w[16];
  for (int i = 0; i < 16; ++i)
    v[i] = (float)i - 4.5f, w[i] = 0;
  AriMemRef_f32_1d V = ariMemRef_f32_1d(v, 16), W = ariMemRef_f32_1d(w, 16);
  _mlir_ciface_vfma(&V, &W);
  for (int i = 0; i < 16; ++i)
    check("vfma", i, w[i], 3.0 * (i - 4.5));

  int32_t a[6] = {1, -2, 3, -4, 5, 100000}, b[6] = {0};
  AriMemRef_i32_2d A = ariMemRef_i32_2d(a, 2, 3), B = ariMemRef_i32_2d(b, 2, 3);
  _mlir_ciface_iaffine(7, &A, &B);
  for (int i = 0; i < 6; ++i)
    check("iaffine", i, b[i], a[i] * 3 + 7);

  if (failures) {
    printf("%d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("ok %d checks\n", checks);
  return 0;
}
