/* Calls @double_par of openmp-link.mlir through its generated header. */
#include OPENMP_HEADER

#include <stdio.h>

int main(void) {
  float x[64], y[64];
  for (int i = 0; i < 64; ++i)
    x[i] = (float)i;
  AriMemRef_f32_1d X = ariMemRef_f32_1d(x, 64), Y = ariMemRef_f32_1d(y, 64);
  _mlir_ciface_double_par(&X, &Y);
  for (int i = 0; i < 64; ++i)
    if (y[i] != 2.0f * x[i]) {
      printf("wrong at %d: %g\n", i, y[i]);
      return 1;
    }
  printf("ok %g\n", y[63]);
  return 0;
}
