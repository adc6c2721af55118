/*===- check.h - the assertion macro of Ariadne's C tests -----------------===*\
 *
 * CHECK counts every assertion and every failure (reported with its file and
 * line) without stopping, so one run shows all that is wrong; each test's
 * main prints the counts and exits non-zero when `failures` is not zero.
 * Include it in exactly one translation unit per test program.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TEST_CHECK_H
#define ARIADNE_TEST_CHECK_H

#include <stdio.h>

static int failures, checks;

#define CHECK(cond)                                                            \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#endif /* ARIADNE_TEST_CHECK_H */
