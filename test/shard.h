/*===- shard.h - the --shard=K/N option of Ariadne's long C tests ---------===*\
 *
 * A long test (fuzz.mutate, search.rules_diff, search.egraph_diff_deep) is
 * registered as N ctest tests, shard K of N running the work items whose
 * index is K modulo N: together the shards do exactly what one run without
 * --shard does, and ctest runs them in parallel, each well inside its
 * timeout even under ASan on a loaded machine. Header-only; include it in
 * the one translation unit of the test program that parses options.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TEST_SHARD_H
#define ARIADNE_TEST_SHARD_H

#include <stdbool.h>

/* Shard `index` of `count`; {0, 1} is the whole run. */
typedef struct {
  int index, count;
} AriShard;

enum { ARI_SHARD_MAX = 1000 };

/* Parses "K/N" (decimal, 0 <= K < N <= ARI_SHARD_MAX, nothing else):
 * false, leaving *out as it was, on anything else. */
static inline bool ariShardParse(const char *s, AriShard *out) {
  int v[2] = {0, 0};
  for (int part = 0; part < 2; ++part) {
    if (*s < '0' || *s > '9')
      return false;
    for (; *s >= '0' && *s <= '9'; ++s) {
      v[part] = v[part] * 10 + (*s - '0');
      if (v[part] > ARI_SHARD_MAX)
        return false;
    }
    if (part == 0 && *s++ != '/')
      return false;
  }
  if (*s || v[1] < 1 || v[0] >= v[1])
    return false;
  out->index = v[0];
  out->count = v[1];
  return true;
}

/* Does work item `i` (0, 1, 2, ... in the run's fixed order) belong here? */
static inline bool ariShardHas(AriShard sh, long long i) {
  return i % sh.count == sh.index;
}

#endif /* ARIADNE_TEST_SHARD_H */
