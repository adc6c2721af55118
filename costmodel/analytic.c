/*===- costmodel/analytic.c - a roofline estimate over the cache levels ----===*\
 *
 * See analytic.h.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/analytic.h"

/* Bandwidth (bytes/s) of the smallest level holding `bytes`. */
static double bandwidthFor(const AriMachine *m, double bytes) {
  for (int l = 0; l < ARI_MACHINE_LEVELS; ++l)
    if (m->cacheBytes[l] > 0 && bytes <= (double)m->cacheBytes[l])
      return m->bandwidthGBs[l] * 1e9;
  return m->bandwidthGBs[ARI_MACHINE_LEVELS] * 1e9;
}

double ariAnalyticSeconds(const AriMachine *m, const AriFeatures *f, int threads) {
  if (threads < 1)
    threads = 1;
  double total = 0;
  for (unsigned i = 0; i < f->numLevels; ++i) {
    const AriFeatLevel *l = &f->levels[i];
    bool chain = l->loop == ARI_FEAT_LOOP_REDUCE && l->vecWidth <= 1 && l->vectorOps == 0;
    double rate = (chain ? m->gflopsScalar : m->gflopsVector) * 1e9;
    double compute = l->opsTotal / rate;
    double moved = l->bytesLoaded + l->bytesStored;
    double memory = moved > 0 ? moved / bandwidthFor(m, l->footprint) : 0;
    double speedup = l->parallel > 1 ? l->parallel : 1;
    if (speedup > threads)
      speedup = threads;
    if (speedup > m->cores)
      speedup = m->cores;
    total += (compute > memory ? compute : memory) / speedup;
  }
  double footprint = f->v[ARI_FEAT_FOOTPRINT];
  if (footprint > 0)
    total += footprint / bandwidthFor(m, footprint);
  total += 1e-6 * f->v[ARI_FEAT_HEAP_ALLOCS];
  return total;
}
