/*===- tools/cost_measure.h - ariadne-cost measure and machine -------------===*\
 *
 * The commands of ariadne-cost that compile and run code (cost_measure.c).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TOOLS_COST_MEASURE_H
#define ARIADNE_TOOLS_COST_MEASURE_H

#include "costmodel/model.h"

/* The feature layout of measured records (ARI_COST_MEASURE_LAYOUT) and
 * the vector builder are costmodel/model.h's: the search scores candidates
 * with the same vector.
 *
 * `ariadne-cost measure ...` and `ariadne-cost machine ...` (argv[1] is
 * the command); exit codes as the tool's. */
int ariCostCmdMeasure(int argc, char **argv);
int ariCostCmdMachine(int argc, char **argv);

#endif /* ARIADNE_TOOLS_COST_MEASURE_H */
