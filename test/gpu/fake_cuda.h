/*===- fake_cuda.h - controls of the fake CUDA driver (tests only) ----------===*\
 *
 * libAriadneFakeCuda.so exports the driver entry points runtime/cuda.c
 * looks up, plus these functions, which tests reach with dlsym on the
 * same library.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TEST_GPU_FAKE_CUDA_H
#define ARIADNE_TEST_GPU_FAKE_CUDA_H

typedef struct FakeCudaStats {
  int contexts, allocs, frees, htod, dtoh, modules, launches, syncs;
  int lastParams;
  unsigned lastGrid[3], lastBlock[3];
  unsigned char lastParamXor;
  char lastKernel[128];
  /* Streams and the mgpu* wrappers' calls: live streams, stream syncs and
   * waits, async copies and fills, managed allocations, live host
   * registrations, the last launch's stream, the last module load's JIT
   * optimisation level (-1: none given), the first 8 bytes of the last
   * launch's first parameters. */
  int streams, streamSyncs, streamWaits, copies, memsets, managed, registered;
  void *lastStream;
  int lastJitOpt;
  unsigned long long lastParamWords[4];
} FakeCudaStats;

/* Number of devices cuDeviceGetCount reports, and cuInit's result. */
void fakeCudaConfigure(int devices, int initError);
void fakeCudaGetStats(FakeCudaStats *out);
void fakeCudaResetStats(void);
/* From now on every context call fails with CUDA_ERROR_DEINITIALIZED, as
 * after the real driver's exit handler (0 undoes it). */
void fakeCudaShutDown(int down);

#endif /* ARIADNE_TEST_GPU_FAKE_CUDA_H */
