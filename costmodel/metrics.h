/*===- costmodel/metrics.h - how well a cost model ranks and predicts -----===*\
 *
 * The metrics `ariadne-cost eval` prints, over rows grouped by program (the
 * rows of one program consecutive). Each row has its measured time and the
 * model's score, higher for predicted faster; a regression model also
 * gives predicted seconds.
 *
 *   pairwise accuracy  over every pair of rows of one program whose
 *                      measured times differ: the share the scores order
 *                      the same way (a tie in score counts one half);
 *   best-k error       per program, the best measured time among the k
 *                      rows the model scores highest, over the program's
 *                      best measured time; the mean over programs (1: the
 *                      model's top k always hold the best; the issue's
 *                      target for best-2 is 1.10);
 *   top-k score        TenSet's (scripts/eval_model.py), every program
 *                      weighted 1: the sum over programs of the best time,
 *                      over the sum over programs of the best time among
 *                      the model's top k (1: perfect; the higher the better);
 *   MAPE               mean over rows of |predicted - measured| / measured
 *                      (regression only).
 *
 * The model's top k are the k highest scores, ties going to the earlier
 * row, so the metrics are deterministic; a NaN score ranks lowest. Groups
 * with fewer than k rows take them all (a one-row group's best-k error is
 * 1, and it has no pairs). Nothing here allocates.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_METRICS_H
#define ARIADNE_COSTMODEL_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriCostMetrics {
  size_t rows, groups;
  size_t pairs;        /* pairs with different measured times */
  double pairAccuracy; /* NaN when there are no such pairs */
  double best1Error, best2Error;
  double top1Score, top5Score;
  double mape;         /* NaN without predicted seconds */
} AriCostMetrics;

/* The metrics of time[0..rows) and score[0..rows) (rows = the sum of
 * groupSizes, each >= 1); predSeconds may be NULL. Times must be finite
 * and > 0. False (and *m untouched) when there is no group or a size is 0. */
bool ariCostMetricsCompute(const uint32_t *groupSizes, size_t numGroups, const double *time,
                           const double *score, const double *predSeconds, AriCostMetrics *m);

/* The index (in [0, n)) of the row ranked r-th (0-based) by score among
 * score[0..n): highest first, ties to the lower index, NaN last. */
size_t ariCostMetricsRanked(const double *score, size_t n, size_t r);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_METRICS_H */
