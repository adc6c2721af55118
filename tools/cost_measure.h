/*===- tools/cost_measure.h - ariadne-cost measure and machine -------------===*\
 *
 * The commands of ariadne-cost that compile and run code (cost_measure.c),
 * and the layout of the feature vectors `measure` records, which `eval`
 * reads to put the baselines beside a learned model.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TOOLS_COST_MEASURE_H
#define ARIADNE_TOOLS_COST_MEASURE_H

#include "costmodel/features.h"

/* The feature layout of measured records: the program vector of
 * costmodel/features.h (ARI_FEAT_COUNT values, layout ARI_FEAT_VERSION),
 * then the baselines' scores of the same variant, lower meaning faster:
 * term size, weighted size, the analytic model's seconds (NaN when no
 * machine file was given). */
#define ARI_COST_MEASURE_LAYOUT (1000u + ARI_FEAT_VERSION)
enum {
  ARI_COST_BASE_SIZE,
  ARI_COST_BASE_WEIGHTED,
  ARI_COST_BASE_ANALYTIC,
  ARI_COST_NUM_BASELINES
};

/* `ariadne-cost measure ...` and `ariadne-cost machine ...` (argv[1] is
 * the command); exit codes as the tool's. */
int ariCostCmdMeasure(int argc, char **argv);
int ariCostCmdMachine(int argc, char **argv);

#endif /* ARIADNE_TOOLS_COST_MEASURE_H */
