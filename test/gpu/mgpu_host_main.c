/*===- mgpu_host_main.c - a linked rise-to-nvvm{host=llvm} program ----------===*\
 *
 * mgpu_host_main FAKE_LIBRARY MODULES
 *
 * Linked by test/gpu/mgpu_abi.sh with test/examples/matvec_gpu.mlir lowered
 * by rise-to-nvvm{host=llvm} + gpu-module-to-binary{format=isa} and
 * compiled to an object, and with libariadne_mgpu.so; run with
 * ARIADNE_LIBCUDA=FAKE_LIBRARY. The program's global constructors have
 * loaded its MODULES kernel modules (mgpuModuleLoadJIT) before main; main
 * calls matvec_gpu_small (8x13) through its C interface and checks, in the
 * fake driver's records, the one launch the host code made: the kernel,
 * grid 2x1x1, block 4x1x1, the three memref pointers as parameters, on
 * the stream it created, synchronised and destroyed; no mgpu* failure.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/mgpu.h"
#include "test/check.h"
#include "test/gpu/fake_cuda.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Memref2;

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} Memref1;

/* Defined by the lowered matvec_gpu.mlir (llvm.emit_c_interface). */
void _mlir_ciface_matvec_gpu_small(Memref2 *a, Memref1 *x, Memref1 *y);

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: mgpu_host_main FAKE_LIBRARY MODULES\n");
    return 2;
  }
  void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  void (*getStats)(FakeCudaStats *) = NULL;
  if (h)
    *(void **)&getStats = dlsym(h, "fakeCudaGetStats");
  if (!getStats) {
    fprintf(stderr, "cannot use the fake driver %s\n", argv[1]);
    return 2;
  }
  FakeCudaStats s;
  getStats(&s);
  CHECK(s.contexts == 1);
  CHECK(s.modules == atoi(argv[2])); /* loaded by the global constructors */
  CHECK(s.lastJitOpt >= 0 && s.lastJitOpt <= 4);
  CHECK(s.launches == 0);

  static float A[8 * 13], x[13], y[8];
  Memref2 a = {A, A, 0, {8, 13}, {13, 1}};
  Memref1 vx = {x, x, 0, {13}, {1}}, vy = {y, y, 0, {8}, {1}};
  _mlir_ciface_matvec_gpu_small(&a, &vx, &vy);

  getStats(&s);
  CHECK(s.launches == 1);
  CHECK(!strcmp(s.lastKernel, "matvec_gpu_small_kernel"));
  CHECK(s.lastGrid[0] == 2 && s.lastGrid[1] == 1 && s.lastGrid[2] == 1);
  CHECK(s.lastBlock[0] == 4 && s.lastBlock[1] == 1 && s.lastBlock[2] == 1);
  CHECK(s.lastParams == 3);
  /* The kernel takes the three aligned pointers, in an order of the
   * lowering's choosing. */
  unsigned long long want[3] = {(uintptr_t)A, (uintptr_t)x, (uintptr_t)y};
  for (int i = 0; i < 3; ++i) {
    int hits = 0;
    for (int j = 0; j < 3; ++j)
      hits += s.lastParamWords[j] == want[i];
    CHECK(hits == 1);
  }
  CHECK(s.lastStream != NULL);
  CHECK(s.streams == 0 && s.streamSyncs == 1);
  CHECK(ariMgpuErrorCount() == 0);
  printf("mgpu_host_main: %d checks, %d failures (grid %u block %u, kernel %s)\n", checks,
         failures, s.lastGrid[0], s.lastBlock[0], s.lastKernel);
  return failures != 0;
}
