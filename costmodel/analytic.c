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

/* Seconds to bring in what level h moves from beyond each cache, for a
 * reduction carried through a chain (a dot product, a matmul's k loop),
 * whose operands stream: the loops around it reuse what fits. For each
 * cache, take the outermost loop around h (h included) one iteration of
 * which fits in it: what consecutive iterations share (an operand that
 * does not depend on its index) stays, so each execution of it loads its
 * unique bytes (its footprint) once from the next level; nothing around h
 * fitting, every byte comes from there. (A matmul row that streams all of
 * B per row of A is L3-bound: 4.3 GB of B for 1024 rows; four rows in
 * registers fetch it a quarter as often. With the column panels outermost
 * and the rows inside, B's 128 KiB panel stays in L2 while the rows pass:
 * 19.8 ms against 23.7-34 with the rows outermost, which the old rule,
 * the outermost loop whose whole execution fits, scored the other way.)
 * Maps and short reductions keep the one-level roofline: their windows
 * (slides reused across lines) would need a model of their own, and
 * charging them so misranked Harris (docs/costmodel.md). `moved` is what
 * the level moves beyond its first touches (see compulsoryBytes). */
static double streamedSeconds(const AriMachine *m, const AriFeatures *f, unsigned h,
                              double moved) {
  double worst = 0;
  for (int c = 0; c < ARI_MACHINE_LEVELS && moved > 0; ++c) {
    double size = (double)m->cacheBytes[c];
    if (size <= 0)
      continue;
    int fit = -1;
    for (int a = (int)h; a >= 0 && (unsigned)a < f->numLevels; a = f->levels[a].parent) {
      if (f->levels[a].footprintIter > size)
        break;
      fit = a;
    }
    double traffic = moved;
    if (fit >= 0) {
      /* a loop run once per program run brings its footprint in once:
       * first touches, which the run's footprint term pays */
      const AriFeatLevel *a = &f->levels[fit];
      double once = a->outerTrips <= 1 ? 0 : a->outerTrips * a->footprint;
      traffic = once < moved ? once : moved;
    }
    int next = c + 1 < ARI_MACHINE_LEVELS && m->cacheBytes[c + 1] > 0 ? c + 1 : ARI_MACHINE_LEVELS;
    double s = traffic / (m->bandwidthGBs[next] * 1e9);
    worst = s > worst ? s : worst;
  }
  return worst;
}

/* The bytes level l moves that are first touches of the run's data: its
 * footprint when it runs once per program run, else none -- unless it is
 * a reduction whose executions are the iterations of a loop run once and
 * whose footprints add up to no more than that loop's (disjoint chunks: a
 * reduction in partial results, each chunk read once; not maps: the lines
 * of an image pipeline's stages are such chunks too, and charging them
 * nothing moved Harris's picks). The run's footprint term pays for them
 * (at the bandwidth of the level that holds the whole footprint); charging
 * them to the level as well counted a streaming loop twice, and a dot
 * product with a vector accumulator (0.29 ms measured) scored 3.5x as slow
 * as a scalar split that ran 2x slower. */
static double compulsoryBytes(const AriFeatures *f, const AriFeatLevel *l) {
  if (l->outerTrips <= 1)
    return l->footprint;
  if (l->loop != ARI_FEAT_LOOP_REDUCE || l->parent < 0 || (unsigned)l->parent >= f->numLevels)
    return 0;
  const AriFeatLevel *a = &f->levels[l->parent];
  double all = l->outerTrips * l->footprint;
  return a->outerTrips <= 1 && l->outerTrips == (double)a->extent && all <= a->footprint ? all
                                                                                        : 0;
}

/* The bytes of the largest cache level a core has to itself: every level
 * below the last one present (the last, L3 on x86, is shared). 0 with a
 * single level. */
static double privateCacheBytes(const AriMachine *m) {
  int last = -1;
  for (int l = 0; l < ARI_MACHINE_LEVELS; ++l)
    if (m->cacheBytes[l] > 0)
      last = l;
  double priv = 0;
  for (int l = 0; l < last; ++l)
    if ((double)m->cacheBytes[l] > priv)
      priv = (double)m->cacheBytes[l];
  return priv;
}

/* Seconds to bring in the run's footprint (its first touches) from the
 * level that holds it all. What a parallel loop run once touches, its
 * threads bring in together, each at its core's bandwidth: a dot product
 * in partial results ran 0.29 -> 0.17 ms at 2 threads, a 1-D stencil 0.30
 * -> 0.15 (the workplace Xeon; a machine whose memory one core saturates
 * would not scale so). But a footprint that fits in the calling core's
 * private caches is there, warm, and the other threads fetch their shares
 * from that core through the shared level, at its bandwidth: a dot product
 * of 32,768 floats (256 KiB) ran 1.6 us at 1 thread and 3.5-5.9 us in
 * partial results at 2. */
static double firstTouchSeconds(const AriMachine *m, const AriFeatures *f, int threads) {
  double footprint = f->v[ARI_FEAT_FOOTPRINT];
  if (footprint <= 0)
    return 0;
  double bw = bandwidthFor(m, footprint), best = footprint / bw;
  double priv = privateCacheBytes(m);
  double parBw = footprint <= priv ? bandwidthFor(m, 2 * priv) : bw;
  for (unsigned i = 0; i < f->numLevels; ++i) {
    const AriFeatLevel *l = &f->levels[i];
    if (l->pattern != ARI_PAT_PAR || l->outerTrips > 1)
      continue;
    double sp = l->parallel < threads ? l->parallel : threads;
    if (sp > m->cores)
      sp = m->cores;
    double inPar = l->footprint < footprint ? l->footprint : footprint;
    double s = (footprint - inPar) / bw + inPar / (parBw * (sp > 1 ? sp : 1));
    best = s < best ? s : best;
  }
  return best;
}

/* Seconds of one call of the C library's expf/logf/tanhf...: about 3 ns
 * on the workplace Xeon (softmax over 256 x 1024 floats as written, one
 * expf an element, 0.93 ms). */
static const double kLibmCallSeconds = 3e-9;

/* Seconds of one lane of a vector loaded or stored lane by lane (a scalar
 * load and an insert): about a cycle. A column sum of 340 x 676 floats,
 * each column's reduction vectorised over its rows (32 lanes a column
 * step apart), ran 99 us where the model, pricing its lanes as one vector
 * load, said 21; the program with the loops interchanged (rows of
 * adjacent lanes) ran 19 us. */
static const double kGatherLaneSeconds = 0.35e-9;

/* The share of the smaller of a level's compute and memory times that
 * does not overlap with the larger. */
static const double kOverlapLeak = 0.1;

double ariAnalyticSeconds(const AriMachine *m, const AriFeatures *f, int threads) {
  if (threads < 1)
    threads = 1;
  double total = 0;
  for (unsigned i = 0; i < f->numLevels; ++i) {
    const AriFeatLevel *l = &f->levels[i];
    /* A reduction is one dependent chain through its accumulator: each
     * step waits for the last, so it runs at the scalar chain's rate times
     * the lanes each step carries (a vector accumulator of w lanes does w
     * per step; matmul's row of accumulators measured 4x faster at 32
     * lanes than at 8), never faster than the vector kernel. */
    double rate = m->gflopsVector * 1e9;
    /* A short reduction (at most 16 steps: a stencil's taps) is unrolled
     * by LLVM and vectorised across the loop around it: no chain. Unless
     * the loop around it is a reduction too (a reduction split in chunks,
     * tileReduce): its accumulator then threads through both, and the
     * chain is as long as ever. (The search found this hole: matmul's
     * 16-lane row split in chunks of 16 scored as its 32-lane row, and ran
     * 1.9x slower.) */
    bool inReduce = l->parent >= 0 && (unsigned)l->parent < f->numLevels &&
                    f->levels[l->parent].loop == ARI_FEAT_LOOP_REDUCE;
    /* Nor is a reduction whose step LLVM may reorder without fast-math
     * (a max, an integer sum): it vectorises it -- unless an outer
     * reduction threads the accumulator through it too. A max over 28,676
     * floats ran 2.2 us, the same sum 14.4 (ProgGen's `max`, whose search
     * had vectorised it by hand into a slower 3.2 us); split in chunks of 8
     * (tileReduce), the max was one chain again, 4.2 us. */
    bool noChain = (l->extent <= 16 || (l->loop == ARI_FEAT_LOOP_REDUCE && l->exactStep)) &&
                   !inReduce;
    if (l->loop == ARI_FEAT_LOOP_REDUCE && l->vecWidth <= 1 && !noChain) {
      double lanes = l->opsTotal > 0 && l->laneOps > l->opsTotal ? l->laneOps / l->opsTotal : 1;
      /* An accumulator of several registers (reduceJam's R-tuple of
       * vectors) is that many independent chains, each step of which
       * waits only for its own. */
      if (l->accLanes > lanes)
        lanes = l->accLanes;
      double chain = m->gflopsScalar * 1e9 * lanes;
      rate = chain < rate ? chain : rate;
    }
    /* A C library call per lane (exp, log, tanh, ...) costs what no
     * vector rate hides: priced as an add, exp let the search vectorise a
     * GELU into a program 5% slower than as written. */
    double compute =
        l->opsTotal / rate + l->libmCalls * kLibmCallSeconds + l->gatherLanes * kGatherLaneSeconds;
    double moved = l->bytesLoaded + l->bytesStored - compulsoryBytes(f, l);
    if (moved < 0)
      moved = 0;
    double memory = moved > 0 ? moved / bandwidthFor(m, l->footprint) : 0;
    if (l->loop == ARI_FEAT_LOOP_REDUCE && !noChain) {
      double streamed = streamedSeconds(m, f, i, moved);
      memory = streamed > memory ? streamed : memory;
    }
    /* An operand stepped through a page at a time (a column of a
     * row-major matrix) defeats the prefetchers and the first-level TLB:
     * 1.6 ns per step, from matmul 1024³ in register blocks, B read in
     * place (8.4 M such steps, 51 ms) against B packed in contiguous
     * panels (37.6 ms). In chain reductions and in maps (matmul 1000³'s
     * dot products over B's columns, 4000 B apart, ran 8x slower than
     * the vector rate the model gave them); not in short reductions (a
     * stencil's taps). */
    if ((l->loop == ARI_FEAT_LOOP_REDUCE && !noChain) || l->loop == ARI_FEAT_LOOP_MAP)
      memory += l->pageSteps * 1.6e-9;
    double speedup = l->parallel > 1 ? l->parallel : 1;
    if (speedup > threads)
      speedup = threads;
    if (speedup > m->cores)
      speedup = m->cores;
    /* The larger of compute and memory bounds the level; the smaller
     * overlaps with it, but not perfectly: a tenth of it shows. Without
     * this, two schedules bound by the same compute tie however much
     * traffic they make (matmul's 8-row register blocks with B packed,
     * 23 ms, tied with B read in place, 30 ms). */
    double hi = compute > memory ? compute : memory, lo = compute > memory ? memory : compute;
    total += (hi + kOverlapLeak * lo) / speedup;
    /* Every execution of a parallel loop forks and joins its threads
     * (libomp: microseconds), which a parallel loop nested in others pays
     * once per outer iteration. */
    if (l->pattern == ARI_PAT_PAR)
      total += 2e-6 * l->outerTrips;
  }
  total += firstTouchSeconds(m, f, threads);
  total += 1e-6 * f->v[ARI_FEAT_HEAP_ALLOCS];
  return total;
}
