/*===- interp_compare.h - equality of two functions on the interpreter ----===*\
 *
 * For the search tests whose rewrites are exact (the sampler's, the beam
 * search's): run two func.funcs on the same seeded random inputs and
 * compare every argument bit for bit.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TEST_SEARCH_INTERP_COMPARE_H
#define ARIADNE_TEST_SEARCH_INTERP_COMPARE_H

#include "ariadne-c/Interp.h"
#include "utils/arena.h"

#include <stdbool.h>
#include <string.h>

enum { ARI_CMP_MAX_ARGS = 16 };

/* Runs f on random inputs from `seed`; fills args (allocated in arena). */
static inline bool ariCmpRun(MlirOperation f, uint64_t seed, AriArena *arena, AriHostArg *args,
                             intptr_t *n) {
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(f, args, ARI_CMP_MAX_ARGS, n)) ||
      !ariHostArgsAlloc(args, *n, arena))
    return false;
  for (intptr_t i = 0; i < *n; ++i)
    ariHostArgFillRandom(&args[i], seed * 31 + (uint64_t)i);
  AriInterpLimits lim = {.maxOps = 50000000, .maxBytes = (size_t)256 << 20};
  return !mlirLogicalResultIsFailure(ariInterpRun(f, args, *n, &lim, NULL));
}

/* Whether g computes what f computes, bit for bit, on one random input. */
static inline bool ariCmpSameResults(MlirOperation f, MlirOperation g, uint64_t seed) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  AriHostArg a[ARI_CMP_MAX_ARGS], b[ARI_CMP_MAX_ARGS];
  intptr_t na = 0, nb = 0;
  bool same = ariCmpRun(f, seed, &arena, a, &na) && ariCmpRun(g, seed, &arena, b, &nb) && na == nb;
  for (intptr_t i = 0; same && i < na; ++i) {
    int64_t k = ariHostArgNumScalars(&a[i]);
    same = k == ariHostArgNumScalars(&b[i]) &&
           !memcmp(a[i].data, b[i].data, (size_t)k * ariScalarSize(a[i].scalar));
  }
  ariArenaDestroy(&arena);
  return same;
}

#endif /* ARIADNE_TEST_SEARCH_INTERP_COMPARE_H */
