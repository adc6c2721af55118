/*===- stub_call_test.c - a C program calling a compiled GPU function -------===*\
 *
 * stub_call_test FAKE_LIBRARY
 *
 * Built by bundle_test.sh against the generated host stub of
 * test/examples/matvec_gpu.mlir: calls @matvec_gpu_small like a C function
 * (the _host form over arrays, and the buffer form) through runtime/cuda.c
 * and the fake driver, and checks what the stub did: one launch of the
 * right kernel with the kernel's sizes, the inputs uploaded once, the
 * output never uploaded and downloaded once, and argument sizes checked.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "matvec_gpu.h"
#include "test/check.h"
#include "test/gpu/fake_cuda.h"

#include <dlfcn.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  void (*stats)(FakeCudaStats *) = NULL;
  void (*reset)(void) = NULL;
  if (h) {
    *(void **)&stats = dlsym(h, "fakeCudaGetStats");
    *(void **)&reset = dlsym(h, "fakeCudaResetStats");
  }
  CHECK(stats && reset);
  AriCuda *cu = NULL;
  char err[512] = "";
  CHECK(ariCudaOpen(&cu, argv[1], 0, err, sizeof err) == ARI_CUDA_OK);
  if (!cu || !stats || !reset)
    return 1;
  matvec_gpu_program p;
  CHECK(matvec_gpu_load(cu, &p) == ARI_CUDA_OK);
  reset();

  float A[8 * 13], x[13], y[8];
  for (int i = 0; i < 8 * 13; ++i)
    A[i] = (float)i;
  for (int i = 0; i < 13; ++i)
    x[i] = 1.0f;
  memset(y, 0x7f, sizeof y);
  CHECK(matvec_gpu_small_host(cu, &p, A, x, y) == ARI_CUDA_OK);
  FakeCudaStats s;
  stats(&s);
  CHECK(s.launches == 1);
  CHECK(!strcmp(s.lastKernel, "matvec_gpu_small_kernel"));
  CHECK(s.lastGrid[0] == 2 && s.lastGrid[1] == 1 && s.lastGrid[2] == 1);
  CHECK(s.lastBlock[0] == 4 && s.lastBlock[1] == 1 && s.lastBlock[2] == 1);
  CHECK(s.htod == 2); /* A and x; y is written by the device only */
  CHECK(s.dtoh == 1); /* y */
  CHECK(y[0] == 0.0f); /* the fake computes nothing: y is its zeroed memory */

  /* The buffer form: a second call copies nothing new in. */
  AriCudaBuffer *bA = NULL, *bx = NULL, *by = NULL;
  void *hp = NULL;
  CHECK(ariCudaBufferCreate(cu, sizeof A, ARI_CUDA_HOST_WRITE | ARI_CUDA_DEVICE_READ, &bA) == 0);
  CHECK(ariCudaBufferCreate(cu, sizeof x, ARI_CUDA_HOST_WRITE | ARI_CUDA_DEVICE_READ, &bx) == 0);
  CHECK(ariCudaBufferCreate(cu, sizeof y, ARI_CUDA_HOST_READ | ARI_CUDA_DEVICE_WRITE, &by) == 0);
  CHECK(ariCudaBufferHostSync(cu, bA, ARI_CUDA_HOST_WRITE, &hp) == 0 && hp);
  if (hp)
    memcpy(hp, A, sizeof A);
  CHECK(ariCudaBufferHostSync(cu, bx, ARI_CUDA_HOST_WRITE, &hp) == 0 && hp);
  if (hp)
    memcpy(hp, x, sizeof x);
  reset();
  CHECK(matvec_gpu_small(cu, &p, bA, bx, by) == ARI_CUDA_OK);
  CHECK(matvec_gpu_small(cu, &p, bA, bx, by) == ARI_CUDA_OK);
  stats(&s);
  CHECK(s.launches == 2 && s.htod == 2 && s.dtoh == 0);
  CHECK(ariCudaBufferHostSync(cu, by, ARI_CUDA_HOST_READ, &hp) == 0);
  stats(&s);
  CHECK(s.dtoh == 1);

  /* Wrong buffers are refused before anything runs. */
  CHECK(matvec_gpu_small(cu, &p, bx, bx, by) == ARI_CUDA_INVALID);
  CHECK(strstr(ariCudaLastError(cu),
               "matvec_gpu_small: argument 0 must be a buffer of 416 bytes") != NULL);
  CHECK(matvec_gpu_small(cu, &p, bA, bx, NULL) == ARI_CUDA_INVALID);
  /* A buffer without the access the function needs is refused by the runtime. */
  CHECK(matvec_gpu_small(cu, &p, bA, bx, bA) == ARI_CUDA_INVALID);
  stats(&s);
  CHECK(s.launches == 2);

  /* The description generic drivers use. */
  CHECK(matvec_gpu_info.nfuncs == 4 && !strcmp(matvec_gpu_info.arch, "sm_90"));
  const AriGpuFuncInfo *f = NULL;
  for (int i = 0; i < matvec_gpu_info.nfuncs; ++i)
    if (!strcmp(matvec_gpu_info.funcs[i].name, "matvec_gpu_small"))
      f = &matvec_gpu_info.funcs[i];
  CHECK(f && f->nargs == 3);
  if (f) {
    CHECK(f->args[0].isBuffer && f->args[0].rank == 2 && f->args[0].shape[0] == 8 &&
          f->args[0].shape[1] == 13 && f->args[0].bytes == 416 &&
          f->args[0].access == ARI_CUDA_DEVICE_READ);
    CHECK(f->args[2].access == ARI_CUDA_DEVICE_WRITE && !strcmp(f->args[2].type, "memref<8xf32>"));
  }

  ariCudaBufferDestroy(cu, bA);
  ariCudaBufferDestroy(cu, bx);
  ariCudaBufferDestroy(cu, by);
  matvec_gpu_unload(cu, &p);
  ariCudaClose(cu);
  dlclose(h);
  printf("stub_call_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
