/*===- test/costmodel/metrics_test.c - the metrics on hand-computed cases -===*/

#include "costmodel/metrics.h"
#include "test/check.h"

#include <math.h>

static bool near(double a, double b) { return fabs(a - b) < 1e-12; }

int main(void) {
  /* Program A: times 4 1 2 3, scores .1 .5 .9 .2 -- the model ranks rows
   * 2, 1, 3, 0. Its top 1 (row 2, time 2) is twice the best (1); its top 2
   * hold the best. Pairs: 5 of 6 agree (rows 1 and 2 are swapped).
   * Program B: times 10 10 5, all scores tied -- ties go to the earlier
   * row, so the top 1 and top 2 are rows 0 and 1 (time 10, twice the
   * best); the equal-time pair is skipped and the two others count 1/2. */
  uint32_t groups[] = {4, 3};
  double time[] = {4, 1, 2, 3, 10, 10, 5};
  double score[] = {0.1, 0.5, 0.9, 0.2, 1, 1, 1};
  double pred[] = {4, 2, 2, 1.5, 10, 5, 5};
  AriCostMetrics m;
  CHECK(ariCostMetricsCompute(groups, 2, time, score, pred, &m));
  CHECK(m.rows == 7 && m.groups == 2 && m.pairs == 8);
  CHECK(near(m.pairAccuracy, 6.0 / 8));
  CHECK(near(m.best1Error, (2.0 + 2.0) / 2));
  CHECK(near(m.best2Error, (1.0 + 2.0) / 2));
  CHECK(near(m.top1Score, (1.0 + 5) / (2 + 10))); /* TenSet: sum of best / sum of picks */
  CHECK(near(m.top5Score, 1.0));
  /* |pred - time| / time: 0, 1, 0, .5, 0, .5, 0 */
  CHECK(near(m.mape, 2.0 / 7));

  /* Without predicted seconds there is no MAPE. */
  CHECK(ariCostMetricsCompute(groups, 2, time, score, NULL, &m) && isnan(m.mape));

  /* A perfect model. */
  double perfect[] = {-4, -1, -2, -3, -10, -9, -5};
  CHECK(ariCostMetricsCompute(groups, 2, time, perfect, NULL, &m));
  CHECK(near(m.pairAccuracy, 1) && near(m.best1Error, 1) && near(m.top1Score, 1));

  /* NaN scores rank last; one row per group has no pairs. */
  uint32_t g2[] = {2, 1};
  double t2[] = {1, 2, 3}, s2[] = {NAN, 0, 5};
  CHECK(ariCostMetricsCompute(g2, 2, t2, s2, NULL, &m));
  CHECK(m.pairs == 1 && near(m.pairAccuracy, 0) && near(m.best1Error, (2.0 + 1.0) / 2));
  CHECK(near(m.top1Score, (1.0 + 3) / (2 + 3)));
  uint32_t g3[] = {1};
  CHECK(ariCostMetricsCompute(g3, 1, t2, s2, NULL, &m) && m.pairs == 0 && isnan(m.pairAccuracy));

  /* The ranking order itself. */
  double s4[] = {3, 1, 3, 2};
  CHECK(ariCostMetricsRanked(s4, 4, 0) == 0 && ariCostMetricsRanked(s4, 4, 1) == 2);
  CHECK(ariCostMetricsRanked(s4, 4, 2) == 3 && ariCostMetricsRanked(s4, 4, 3) == 1);

  /* No groups, or an empty group: refused. */
  uint32_t g0[] = {0};
  CHECK(!ariCostMetricsCompute(g0, 0, time, score, NULL, &m));
  CHECK(!ariCostMetricsCompute(g0, 1, time, score, NULL, &m));

  printf("metrics_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
