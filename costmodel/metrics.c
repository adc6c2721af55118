/*===- costmodel/metrics.c - how well a cost model ranks and predicts -----===*/

#include "costmodel/metrics.h"

#include <math.h>

/* Whether row a ranks before row b: higher score, then lower index; NaN
 * ranks below every number. */
static bool before(const double *s, size_t a, size_t b) {
  bool na = isnan(s[a]), nb = isnan(s[b]);
  if (na != nb)
    return nb;
  if (!na && s[a] != s[b])
    return s[a] > s[b];
  return a < b;
}

size_t ariCostMetricsRanked(const double *score, size_t n, size_t r) {
  /* k selection passes, each taking the best row ranked after the last
   * one taken: O(n r) and no memory, fine for the small r used here. */
  size_t prev = n;
  for (size_t k = 0; k <= r && k < n; ++k) {
    size_t best = n;
    for (size_t i = 0; i < n; ++i)
      if ((prev == n || before(score, prev, i)) && (best == n || before(score, i, best)))
        best = i;
    prev = best;
  }
  return prev;
}

/* The best measured time among the k rows ranked highest. */
static double bestOfTop(const double *t, const double *s, size_t n, size_t k) {
  double best = INFINITY;
  for (size_t r = 0; r < k && r < n; ++r)
    best = fmin(best, t[ariCostMetricsRanked(s, n, r)]);
  return best;
}

bool ariCostMetricsCompute(const uint32_t *groupSizes, size_t numGroups, const double *time,
                           const double *score, const double *predSeconds, AriCostMetrics *m) {
  if (!numGroups)
    return false;
  for (size_t g = 0; g < numGroups; ++g)
    if (!groupSizes[g])
      return false;
  double agree = 0, b1 = 0, b2 = 0, sumBest = 0, sumTop1 = 0, sumTop5 = 0, ape = 0;
  size_t pairs = 0, start = 0;
  for (size_t g = 0; g < numGroups; ++g) {
    size_t n = groupSizes[g];
    const double *t = time + start, *s = score + start;
    double best = INFINITY;
    for (size_t i = 0; i < n; ++i)
      best = fmin(best, t[i]);
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) {
        if (t[i] == t[j])
          continue;
        ++pairs;
        size_t fast = t[i] < t[j] ? i : j, slow = fast == i ? j : i;
        if (s[fast] == s[slow] || (isnan(s[fast]) && isnan(s[slow])))
          agree += 0.5;
        else if (before(s, fast, slow))
          agree += 1;
      }
    double top1 = bestOfTop(t, s, n, 1), top2 = bestOfTop(t, s, n, 2),
           top5 = bestOfTop(t, s, n, 5);
    b1 += top1 / best;
    b2 += top2 / best;
    sumBest += best;
    sumTop1 += top1;
    sumTop5 += top5;
    start += n;
  }
  if (predSeconds)
    for (size_t i = 0; i < start; ++i)
      ape += fabs(predSeconds[i] - time[i]) / time[i];
  m->rows = start;
  m->groups = numGroups;
  m->pairs = pairs;
  m->pairAccuracy = pairs ? agree / (double)pairs : NAN;
  m->best1Error = b1 / (double)numGroups;
  m->best2Error = b2 / (double)numGroups;
  m->top1Score = sumBest / sumTop1;
  m->top5Score = sumBest / sumTop5;
  m->mape = predSeconds ? ape / (double)start : NAN;
  return true;
}
