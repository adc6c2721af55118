/*===- analytic_test.c - the analytic model's rules (costmodel/analytic.h) --===*\
 *
 * Hand-made feature records, one rule of the model each, on a fixed
 * machine (not this one's: the figures must not depend on where the test
 * runs):
 *  - a long reduction is one dependent chain: slower than the same ops in
 *    a map, and faster with more lanes in its accumulator, never faster
 *    than the vectorised rate;
 *  - an accumulator of several registers is that many chains;
 *  - a short reduction (at most 16 steps) inside a map is no chain;
 *  - a short reduction inside a reduction (a reduction split in chunks)
 *    still is: the accumulator threads through both;
 *  - memory: bytes at the bandwidth of the level holding the footprint;
 *  - a level takes the larger of its compute and memory times, plus a
 *    tenth of the smaller (their overlap is not perfect);
 *  - a long reduction's operands stream: each cache is filled with the
 *    footprint of the outermost loop around it one iteration of which fits
 *    there, once per execution of that loop (matmul's 8-row blocks with
 *    B's panel outermost read all of B from L3 once, with the rows
 *    outermost once per block); a map's bytes keep the one-level roofline;
 *  - steps to a new page cost 1.6 ns each, in a reduction or a map;
 *  - parallel levels divide by min(threads, extent, cores), plus the
 *    fork/join cost per execution;
 *  - first touches: a loop run once brings its footprint in once, and so
 *    do the executions of a level that share nothing (a reduction in
 *    partial results); a parallel loop run once brings its footprint in
 *    on min(threads, extent, cores) cores at once;
 *  - a C library call (exp, log, ...) costs 3 ns a lane.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/analytic.h"
#include "test/check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static AriMachine machine(void) {
  AriMachine m;
  memset(&m, 0, sizeof m);
  m.cores = 2;
  m.cacheBytes[0] = 48 << 10;
  m.cacheBytes[1] = 2 << 20;
  m.cacheBytes[2] = 32 << 20;
  const double bw[] = {200, 80, 30, 12};
  for (int i = 0; i <= ARI_MACHINE_LEVELS; ++i)
    m.bandwidthGBs[i] = bw[i];
  m.gflopsVector = 64;
  m.gflopsScalar = 2;
  return m;
}

/* Level 0 (the run) and `n` nested levels below it, each the child of the
 * one before; ops and lanes on the innermost. */
static AriFeatures nest(AriFeatLevel *lv, unsigned n, const AriFeatLoop *loops,
                        const int64_t *extents, double ops, double lanes) {
  memset(lv, 0, sizeof(AriFeatLevel) * (n + 1));
  lv[0].loop = ARI_FEAT_LOOP_PROGRAM;
  lv[0].parent = -1;
  lv[0].extent = 1;
  lv[0].vecWidth = 1;
  lv[0].outerTrips = 1;
  for (unsigned i = 1; i <= n; ++i) {
    lv[i].loop = loops[i - 1];
    lv[i].pattern = ARI_PAT_SEQ;
    lv[i].parent = (int)i - 1;
    lv[i].depth = i;
    lv[i].extent = extents[i - 1];
    lv[i].vecWidth = 1;
    /* executions of the loop: the product of the extents around it */
    lv[i].outerTrips = lv[i - 1].outerTrips * (i > 1 ? (double)extents[i - 2] : 1);
  }
  lv[n].opsTotal = ops;
  lv[n].laneOps = ops * lanes;
  AriFeatures f;
  memset(&f, 0, sizeof f);
  f.version = ARI_FEAT_VERSION;
  f.numLevels = n + 1;
  f.levels = lv;
  return f;
}

static bool near(double a, double b) { return fabs(a - b) <= 1e-9 * fabs(b); }

static void testChains(const AriMachine *m) {
  AriFeatLevel lv[4];
  const double ops = 1e9;
  /* map over a long reduction: a chain at 2 GFLOP/s per lane */
  AriFeatLoop mr[] = {ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_REDUCE};
  int64_t ext[] = {1024, 1024};
  AriFeatures f = nest(lv, 2, mr, ext, ops, 1);
  double chain1 = ariAnalyticSeconds(m, &f, 1);
  CHECK(near(chain1, ops / 2e9));
  f = nest(lv, 2, mr, ext, ops, 16);
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 32e9)); /* 16 lanes per step */
  f = nest(lv, 2, mr, ext, ops, 64);
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 64e9)); /* capped: the vector rate */
  /* 8 lanes a step, but an accumulator of 4 such registers (reduceJam's
   * tuple): 4 independent chains, 32 lanes' rate */
  f = nest(lv, 2, mr, ext, ops, 8);
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 16e9));
  lv[2].accLanes = 4 * 8;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 64e9));
  /* the same ops in maps: the vector rate */
  AriFeatLoop mm[] = {ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_MAP};
  f = nest(lv, 2, mm, ext, ops, 1);
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 64e9));
  /* a 9-step reduction in a map (a stencil's taps): no chain */
  int64_t taps[] = {1024, 9};
  f = nest(lv, 2, mr, taps, ops, 1);
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 64e9));
  /* a reduction of 1024 split in 64 chunks of 16: the inner reduction is
   * short, but the accumulator runs through both: a chain */
  AriFeatLoop mrr[] = {ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_REDUCE, ARI_FEAT_LOOP_REDUCE};
  int64_t chunks[] = {1024, 64, 16};
  f = nest(lv, 3, mrr, chunks, ops, 16);
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 32e9));
  f = nest(lv, 3, mrr, chunks, ops, 32);
  double split32 = ariAnalyticSeconds(m, &f, 1);
  CHECK(near(split32, ops / 64e9));
  /* a long reduction whose step is exactly associative (a max, an
   * integer sum): LLVM vectorises it, no chain; split in chunks, the
   * accumulator threads through the chunk's reduction again: a chain */
  f = nest(lv, 2, mr, ext, ops, 1);
  lv[2].exactStep = true;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 64e9));
  f = nest(lv, 3, mrr, chunks, ops, 1);
  lv[3].exactStep = true;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), ops / 2e9));
  printf("chains: 1 lane %.3g s, split row of 32 lanes %.3g s\n", chain1, split32);
}

static void testMemoryAndThreads(const AriMachine *m) {
  AriFeatLevel lv[3];
  AriFeatLoop mm[] = {ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_MAP};
  int64_t ext[] = {1024, 1024};
  AriFeatures f = nest(lv, 2, mm, ext, 0, 1);
  lv[2].bytesLoaded = 8e9;
  lv[2].footprint = 1 << 20; /* in L2 */
  CHECK(near(ariAnalyticSeconds(m, &f, 1), 8e9 / 80e9));
  lv[2].footprint = 1 << 10; /* in L1 */
  CHECK(near(ariAnalyticSeconds(m, &f, 1), 8e9 / 200e9));
  lv[2].footprint = 1e9; /* in memory */
  CHECK(near(ariAnalyticSeconds(m, &f, 1), 8e9 / 12e9));
  /* the outer map parallel: its level and the one inside divide by
   * min(threads, extent, cores), and it forks once */
  lv[1].pattern = ARI_PAT_PAR;
  lv[1].parallel = 1024;
  lv[1].outerTrips = 1;
  lv[2].parallel = 1024;
  CHECK(near(ariAnalyticSeconds(m, &f, 2), 8e9 / 12e9 / 2 + 2e-6));
  CHECK(near(ariAnalyticSeconds(m, &f, 8), 8e9 / 12e9 / 2 + 2e-6)); /* 2 cores */
}

static void testOverlap(const AriMachine *m) {
  AriFeatLevel lv[2];
  AriFeatLoop map[] = {ARI_FEAT_LOOP_MAP};
  int64_t ext[] = {1 << 20};
  AriFeatures f = nest(lv, 1, map, ext, 64e9, 8); /* 1 s at 64 GFLOP/s */
  lv[1].footprint = 1 << 10;                      /* L1: 200 GB/s */
  lv[1].bytesLoaded = 40e9;                       /* 0.2 s */
  CHECK(near(ariAnalyticSeconds(m, &f, 1), 1 + 0.1 * 0.2));
  lv[1].bytesLoaded = 400e9; /* 2 s: now the memory bounds it (less the
                               * first touches of its 1 KiB) */
  CHECK(near(ariAnalyticSeconds(m, &f, 1), (400e9 - 1024) / 200e9 + 0.1 * 1));
  /* less traffic under the same compute: cheaper, though compute-bound */
  lv[1].bytesLoaded = 20e9;
  double less = ariAnalyticSeconds(m, &f, 1);
  lv[1].bytesLoaded = 40e9;
  CHECK(less < ariAnalyticSeconds(m, &f, 1));
}

/* Matmul 1024^3 in 8-row register blocks of 32-lane panels: a reduction
 * of 1024 steps reading 8 floats of A and a 128-byte row of B's packed
 * panel per step, inside a map over the 128 row blocks and a map over
 * the 32 panels, in either order. Fills `lv` (4 levels) and returns the
 * features. */
static AriFeatures matmulBlocks(AriFeatLevel *lv, bool panelsOuter) {
  AriFeatLoop mmr[] = {ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_REDUCE};
  int64_t ext[] = {panelsOuter ? 32 : 128, panelsOuter ? 128 : 32, 1024};
  AriFeatures f = nest(lv, 3, mmr, ext, 0, 64); /* memory alone */
  const double kib = 1024, rowBlock = 32 * kib, panel = 128 * kib, mib4 = 4096 * kib;
  lv[0].footprint = lv[0].footprintIter = lv[1].footprint = 2 * mib4; /* A and B */
  /* one iteration of the outer map: one panel and all of A, or one row
   * block and all of B */
  lv[1].footprintIter = lv[2].footprint = panelsOuter ? panel + mib4 : rowBlock + mib4;
  lv[2].footprintIter = lv[3].footprint = rowBlock + panel; /* one reduction */
  lv[3].footprintIter = 8 * 4 + 128;                       /* one step */
  lv[3].bytesLoaded = lv[3].footprintIter * 1024 * 128 * 32;
  return f;
}

static void testStreaming(const AriMachine *m) {
  /* A loop one iteration of which fits in a cache keeps there what its
   * consecutive iterations share: each execution of it loads its
   * footprint once. In L1 only one step of the reduction fits: every
   * execution of the reduction (4,096) brings its 160 KiB from L2. In L2,
   * one iteration of the inner map fits: with the panels outermost, each
   * of the 32 executions of the map over row blocks loads all of A and
   * one panel (4 MiB + 128 KiB) from L3; with the row blocks outermost,
   * each of the 128 executions of the map over panels loads all of B and
   * one row block -- 4x the traffic, the larger of the two. */
  AriFeatLevel lv[4];
  const double kib = 1024, l1 = 4096 * 160 * kib / 80e9;
  AriFeatures f = matmulBlocks(lv, true);
  double inner = ariAnalyticSeconds(m, &f, 1);
  CHECK(near(inner, l1 > 32 * 4224 * kib / 30e9 ? l1 : 32 * 4224 * kib / 30e9));
  f = matmulBlocks(lv, false);
  double outer = ariAnalyticSeconds(m, &f, 1);
  CHECK(near(outer, 128 * 4128 * kib / 30e9));
  CHECK(inner < outer);
  printf("streaming: matmul blocks, panels outermost %.3g s, rows outermost %.3g s\n", inner,
         outer);
  /* the same bytes in a map: the one-level roofline, at the bandwidth of
   * L2, which holds one execution's footprint */
  lv[3].loop = ARI_FEAT_LOOP_MAP;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), lv[3].bytesLoaded / 80e9));
  /* one iteration of the map over row blocks not in L2 (3 MiB): each
   * execution of the reduction brings its 160 KiB from L3 */
  f = matmulBlocks(lv, true);
  lv[2].footprintIter = 3 * 1024 * kib;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), 4096 * 160 * kib / 30e9));

  AriFeatLoop mr[] = {ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_REDUCE};
  /* steps a page at a time: 1.6 ns each on top */
  {
    int64_t e2[] = {1024, 1024};
    AriFeatures g = nest(lv, 2, mr, e2, 0, 64);
    lv[0].outerTrips = lv[1].outerTrips = 1;
    lv[0].footprint = lv[1].footprint = 1 << 10;
    lv[0].footprintIter = lv[1].footprintIter = 1 << 10;
    lv[2].outerTrips = 1024;
    lv[2].footprint = lv[2].footprintIter = 1 << 10; /* all in L1 */
    lv[2].bytesLoaded = 4e6;
    double base = ariAnalyticSeconds(m, &g, 1);
    CHECK(near(base, 4e6 / 200e9));
    lv[2].pageSteps = 1e6;
    CHECK(near(ariAnalyticSeconds(m, &g, 1), base + 1e6 * 1.6e-9));
    lv[2].loop = ARI_FEAT_LOOP_MAP; /* a map's too */
    CHECK(near(ariAnalyticSeconds(m, &g, 1), base + 1e6 * 1.6e-9));
  }
  /* everything around the reduction fits in L2: filled once from L3 (the
   * run's first touches: no streaming) */
  int64_t ext[] = {1024, 1024};
  AriFeatures f2 = nest(lv, 2, mr, ext, 0, 64);
  lv[0].outerTrips = lv[1].outerTrips = 1;
  lv[0].footprint = lv[1].footprint = lv[0].footprintIter = 1 << 20;
  lv[1].footprintIter = 64 << 10;
  lv[2].outerTrips = 1024;
  lv[2].footprint = 64 << 10; /* not in L1: streamed from L2 */
  lv[2].footprintIter = 64;
  lv[2].bytesLoaded = 1024.0 * (64 << 10);
  CHECK(near(ariAnalyticSeconds(m, &f2, 1), 1024.0 * (64 << 10) / 80e9));
}

/* A loop that runs once per run brings its footprint in once: first
 * touches, which the run's footprint term pays. A dot product streaming
 * 8 MiB (in L3) pays for them once, not twice; a second pass over the
 * same data is the loop's own. */
static void testFirstTouches(const AriMachine *m) {
  AriFeatLevel lv[2];
  AriFeatLoop r[] = {ARI_FEAT_LOOP_REDUCE};
  int64_t ext[] = {1 << 20};
  AriFeatures f = nest(lv, 1, r, ext, 0, 8); /* memory alone */
  const double mib8 = 8 << 20;
  lv[0].footprint = lv[1].footprint = mib8;
  f.v[ARI_FEAT_FOOTPRINT] = mib8;
  lv[1].bytesLoaded = mib8;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), mib8 / 30e9));
  lv[1].bytesLoaded = 2 * mib8;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), 2 * mib8 / 30e9));
  /* the same loop run once per row of a map around it: every execution's
   * bytes are its own (the run's footprint is still paid once) */
  AriFeatLoop mr[] = {ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_REDUCE};
  int64_t ext2[] = {4, 1 << 20};
  AriFeatLevel lv2[3];
  AriFeatures g = nest(lv2, 2, mr, ext2, 0, 8);
  lv2[0].footprint = lv2[1].footprint = lv2[2].footprint = mib8;
  g.v[ARI_FEAT_FOOTPRINT] = mib8;
  lv2[2].bytesLoaded = 4 * mib8;
  CHECK(near(ariAnalyticSeconds(m, &g, 1), 4 * mib8 / 30e9 + mib8 / 30e9));
}

/* A reduction in partial results (partialReduce): a map run once over 4
 * disjoint chunks of 2 MiB, a reduction over each. Its executions' bytes
 * add up to the map's footprint: first touches, paid once by the run's
 * term. With the map parallel, its threads bring its footprint in
 * together (a dot product: 0.29 -> 0.17 ms at 2 threads), plus the fork;
 * at 1 thread only the fork. Chunks that overlap (a footprint each larger
 * than their share) are the reduction's own traffic again. */
static void testPartialResults(const AriMachine *m) {
  AriFeatLoop mr[] = {ARI_FEAT_LOOP_MAP, ARI_FEAT_LOOP_REDUCE};
  int64_t ext[] = {4, 1 << 18};
  AriFeatLevel lv[3];
  AriFeatures f = nest(lv, 2, mr, ext, 0, 8); /* memory alone */
  const double mib8 = 8 << 20;
  lv[0].footprint = lv[1].footprint = mib8;
  lv[2].footprint = mib8 / 4;
  f.v[ARI_FEAT_FOOTPRINT] = mib8;
  lv[2].bytesLoaded = mib8;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), mib8 / 30e9));
  lv[1].pattern = ARI_PAT_PAR;
  lv[1].parallel = lv[2].parallel = 4;
  CHECK(near(ariAnalyticSeconds(m, &f, 2), mib8 / 30e9 / 2 + 2e-6));
  CHECK(near(ariAnalyticSeconds(m, &f, 8), mib8 / 30e9 / 2 + 2e-6)); /* 2 cores */
  CHECK(near(ariAnalyticSeconds(m, &f, 1), mib8 / 30e9 + 2e-6));
  /* overlapping chunks (4 MiB each): 16 MiB of the reduction's own,
   * from L3 (its footprint's level), over 2 threads */
  lv[2].footprint = mib8 / 2;
  lv[2].bytesLoaded = 2 * mib8;
  CHECK(near(ariAnalyticSeconds(m, &f, 2), 2 * mib8 / 30e9 / 2 + mib8 / 30e9 / 2 + 2e-6));
  /* 256 KiB, in the calling core's L2: the other thread's share comes
   * from it through L3 (30 GB/s), no faster than the caller alone reads
   * all of it from L2 (80) */
  const double kib256 = 256 << 10;
  lv[0].footprint = lv[1].footprint = kib256;
  lv[2].footprint = kib256 / 4;
  f.v[ARI_FEAT_FOOTPRINT] = kib256;
  lv[2].bytesLoaded = kib256;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), kib256 / 80e9 + 2e-6));
  CHECK(near(ariAnalyticSeconds(m, &f, 2), kib256 / 80e9 + 2e-6));
  /* a machine with one cache level has nothing private to it */
  AriMachine one = *m;
  one.cacheBytes[1] = one.cacheBytes[2] = 0;
  CHECK(near(ariAnalyticSeconds(&one, &f, 2), kib256 / 12e9 / 2 + 2e-6));
}

/* A C library call per lane (exp, log, ...): 3 ns each, which no vector
 * rate hides (LLVM scalarises the vector forms). */
static void testLibmCalls(const AriMachine *m) {
  AriFeatLevel lv[2];
  AriFeatLoop mm[] = {ARI_FEAT_LOOP_MAP};
  int64_t ext[] = {1 << 16};
  AriFeatures f = nest(lv, 1, mm, ext, 1 << 16, 8);
  double base = ariAnalyticSeconds(m, &f, 1);
  lv[1].libmCalls = 1 << 16;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), base + 65536 * 3e-9));
}

/* A vector loaded lane by lane (a column's): 0.35 ns a lane. */
static void testGatherLanes(const AriMachine *m) {
  AriFeatLevel lv[2];
  AriFeatLoop mm[] = {ARI_FEAT_LOOP_MAP};
  int64_t ext[] = {1 << 16};
  AriFeatures f = nest(lv, 1, mm, ext, 1 << 16, 8);
  double base = ariAnalyticSeconds(m, &f, 1);
  lv[1].gatherLanes = 1 << 16;
  CHECK(near(ariAnalyticSeconds(m, &f, 1), base + 65536 * 0.35e-9));
}

int main(void) {
  AriMachine m = machine();
  testChains(&m);
  testMemoryAndThreads(&m);
  testOverlap(&m);
  testStreaming(&m);
  testFirstTouches(&m);
  testPartialResults(&m);
  testLibmCalls(&m);
  testGatherLanes(&m);
  printf("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
