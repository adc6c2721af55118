/*===- stats.h - the rise-stats pass --------------------------------------===*\
 *
 * rise-stats reports, per func.func: op counts by name, and the work one
 * call performs under the interpreter's semantics (FLOPs, transcendentals,
 * bytes read through rise.in and written through rise.out). Counts inside
 * pattern regions are multiplied by the region's trip count, exactly as the
 * interpreter executes them.
 *
 * Options: format=text|json (default text), output=PATH ("-" is stdout;
 * default: stderr, like upstream's print-op-stats).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_STATS_H
#define ARIADNE_PASSES_STATS_H

#include "ariadne-c/Pass.h"

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

extern const AriPassInfo ariStatsPass;

enum { ARI_STATS_MAX_KINDS = 96 };

typedef struct AriStats {
  struct {
    char name[48];
    int64_t count;
  } ops[ARI_STATS_MAX_KINDS];
  int numKinds;
  int64_t flops, transcendentals, bytesRead, bytesWritten;
} AriStats;

/* Fills `s` for one function (or any op with regions). */
void ariStatsCollect(MlirOperation func, AriStats *s);

/* Prints the figures of function `fn` as text, or as one JSON object
 * (preceded by a comma unless `first`). Sorts s->ops by name. */
void ariStatsPrint(FILE *f, const char *fn, AriStats *s, bool json, bool first);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_STATS_H */
