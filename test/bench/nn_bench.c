/*===- nn_bench.c - time of the value network's forward and backward pass -===*\
 *
 * Issue 17's benchmark of the learning library: the Knossos value network
 * (costmodel/nn/valuenet.h) on a batch of 16 random programs of about 100
 * tree nodes each (search/gen, fixed seeds), H = 10 heads. For each size
 * (d, T) it reports the median wall time per batch, after warm-up, of
 *   - forward + backward (ariValueNetLoss with gradients: what training
 *     does per batch, less Adam's update),
 *   - forward alone (ariValueNetEval: what A* pays per 16 evaluations),
 *   - a whole training step (ariValueNetTrainBatch: forward, backward, Adam).
 *
 *   nn_bench [REPS] [d,T ...]      default: 10 repetitions, 200,10 and 64,6
 *
 * "cpu" is this process's CPU time for forward + backward (all threads),
 * which a shared machine inflates less than wall time. OpenBLAS picks its
 * own thread count (OPENBLAS_NUM_THREADS sets it).
 * Not a test: nothing in ctest depends on timing.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/bench/bench_util.h"

#include "costmodel/nn/valuenet.h"
#include "search/gen/gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BATCH = 16, H = 10, MAX_REPS = 1000 };

static double median(double *x, int n) {
  qsort(x, (size_t)n, sizeof *x, benchCmpDouble);
  return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

int main(int argc, char **argv) {
  int reps = 10, first = 1;
  if (argc > 1 && !strchr(argv[1], ',')) {
    reps = atoi(argv[1]);
    first = 2;
  }
  if (reps < 1 || reps > MAX_REPS) {
    fprintf(stderr, "nn_bench: REPS must be in 1..%d\n", MAX_REPS);
    return 2;
  }
  AriTermStore *s = ariTermStoreCreate(0);
  AriTerm *terms[BATCH];
  unsigned made = 0;
  for (uint64_t seed = 1; made < BATCH && seed < 100000; ++seed) {
    AriGen g;
    ariGenInit(&g, s, seed);
    AriGenEnv env = {{0}, 0};
    const AriType *t = ariTypeArray(s, 16, ariTypeArray(s, 16, ariTypeF32(s)));
    AriTerm *v = ariGenTerm(&g, &env, t, (int)(20 + seed % 200));
    if (v && ariTermTreeSize(v) >= 90 && ariTermTreeSize(v) <= 110)
      terms[made++] = v;
  }
  if (made < BATCH) {
    fprintf(stderr, "nn_bench: could not generate %d programs\n", BATCH);
    return 1;
  }
  unsigned nodes, edges;
  ariValueNetGraphSize(s, terms, BATCH, &nodes, &edges);
  float targets[BATCH * H];
  for (int i = 0; i < BATCH * H; ++i)
    targets[i] = (float)(i % H);
  unsigned steps[BATCH];
  for (int i = 0; i < BATCH; ++i)
    steps[i] = 1 + i % H;
  printf("batch: %d programs, %u nodes, %u edges (%.1f nodes per program); %d reps after 2 "
         "warm-up\n",
         BATCH, nodes, edges, (double)nodes / BATCH, reps);
  printf("%5s %4s %10s %12s %14s %10s %10s\n", "d", "T", "params", "fwd+bwd ms",
         "fwd+bwd cpu ms", "fwd ms", "train ms");
  static const unsigned defaults[2][2] = {{200, 10}, {64, 6}};
  int nsizes = argc > first ? argc - first : 2;
  for (int k = 0; k < nsizes; ++k) {
    unsigned d = 0, T = 0;
    if (argc > first) {
      if (sscanf(argv[first + k], "%u,%u", &d, &T) != 2) {
        fprintf(stderr, "nn_bench: expected d,T, got '%s'\n", argv[first + k]);
        return 2;
      }
    } else {
      d = defaults[k][0];
      T = defaults[k][1];
    }
    char err[256];
    AriValueNet *net = ariValueNetCreate(d, T, H, 1, err, sizeof err);
    if (!net) {
      fprintf(stderr, "nn_bench: %s\n", err);
      return 1;
    }
    double fb[MAX_REPS], fw[MAX_REPS], tr[MAX_REPS], cpu[MAX_REPS];
    float loss, out[BATCH];
    bool ok = true;
    for (int r = -2; r < reps && ok; ++r) {
      double c0 = benchCpuSeconds(), t0 = benchWallMs();
      ok = ariValueNetLoss(net, s, terms, targets, BATCH, NULL, true, &loss, err, sizeof err);
      double t1 = benchWallMs(), c1 = benchCpuSeconds();
      ok = ok && ariValueNetEval(net, s, terms, steps, BATCH, out, err, sizeof err);
      double t2 = benchWallMs();
      ok = ok && ariValueNetTrainBatch(net, s, terms, targets, BATCH, NULL, 1e-4f, &loss, err,
                                       sizeof err);
      double t3 = benchWallMs();
      if (r >= 0) {
        fb[r] = t1 - t0;
        cpu[r] = (c1 - c0) * 1e3;
        fw[r] = t2 - t1;
        tr[r] = t3 - t2;
      }
    }
    if (!ok) {
      fprintf(stderr, "nn_bench: %s\n", err);
      return 1;
    }
    printf("%5u %4u %10zu %12.2f %14.2f %10.2f %10.2f\n", d, T,
           ariNnParamsCount(ariValueNetParams(net)), median(fb, reps), median(cpu, reps),
           median(fw, reps), median(tr, reps));
    ariValueNetDestroy(net);
  }
  ariTermStoreDestroy(s);
  return 0;
}
