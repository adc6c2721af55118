/*===- test/bench/bench_util.h - clocks the benchmark programs share -------===*\
 *
 * Header-only (each benchmark is one C program): wall-clock milliseconds
 * for timing kernels, this process's CPU seconds where the machine is
 * shared and wall time would charge others' work, and a qsort comparator
 * for medians.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TEST_BENCH_UTIL_H
#define ARIADNE_TEST_BENCH_UTIL_H

#include <time.h>

static inline double benchWallMs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static inline double benchCpuSeconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int benchCmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

#endif /* ARIADNE_TEST_BENCH_UTIL_H */
