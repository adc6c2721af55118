/*===- cuda_abi_test.c - runtime/cuda.h's driver ABI against cuda.h ---------===*\
 *
 * runtime/cuda.c declares the driver types and constants it uses instead of
 * including cuda.h (so that it builds anywhere); this test, compiled with
 * the toolkit's cuda.h, checks that those declarations agree with it.
 *
\*===----------------------------------------------------------------------===*/

#include <cuda.h>

#include "runtime/cuda.h"

#include <stdio.h>

_Static_assert(sizeof(CUdeviceptr) == sizeof(AriCuDevicePtr), "CUdeviceptr");
_Static_assert(sizeof(CUresult) == sizeof(AriCuResult), "CUresult");
_Static_assert(sizeof(CUdevice) == sizeof(int), "CUdevice");
_Static_assert(sizeof(CUfunction) == sizeof(void *), "handles are pointers");
_Static_assert(CUDA_SUCCESS == 0, "CUDA_SUCCESS");
_Static_assert(CUDA_ERROR_DEINITIALIZED == 4, "CUDA_ERROR_DEINITIALIZED");
/* The constants runtime/cuda.c hard-codes. */
_Static_assert(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR == 75, "cc major");
_Static_assert(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR == 76, "cc minor");
_Static_assert(CU_JIT_ERROR_LOG_BUFFER == 5, "jit log");
_Static_assert(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES == 6, "jit log size");
_Static_assert(CU_JIT_OPTIMIZATION_LEVEL == 7, "jit opt level");
_Static_assert(CU_STREAM_NON_BLOCKING == 1, "non-blocking stream");
_Static_assert(CU_EVENT_DISABLE_TIMING == 2, "event without timing");
_Static_assert(CU_MEM_ATTACH_GLOBAL == 1, "managed memory attach");

/* The versioned symbols looked up with dlsym are the ones cuda.h maps to. */
#define STR2(x) #x
#define STR(x) STR2(x)

int main(void) {
  static const char *const pairs[][2] = {
      {STR(cuMemAlloc), "cuMemAlloc_v2"},
      {STR(cuMemFree), "cuMemFree_v2"},
      {STR(cuEventDestroy), "cuEventDestroy_v2"},
      {STR(cuDevicePrimaryCtxRelease), "cuDevicePrimaryCtxRelease_v2"},
      {STR(cuEventElapsedTime), "cuEventElapsedTime_v2"},
      {STR(cuStreamDestroy), "cuStreamDestroy_v2"},
      {STR(cuMemHostRegister), "cuMemHostRegister_v2"},
  };
  int bad = 0;
  for (unsigned i = 0; i < sizeof pairs / sizeof pairs[0]; ++i)
    if (__builtin_strcmp(pairs[i][0], pairs[i][1])) {
      fprintf(stderr, "cuda.h maps to %s, the runtime uses %s\n", pairs[i][0], pairs[i][1]);
      bad++;
    }
  /* cuMemcpyHtoD/DtoH map to _v2 unless per-thread default streams are on. */
  if (__builtin_strstr(STR(cuMemcpyHtoD), "cuMemcpyHtoD_v2") == 0 ||
      __builtin_strstr(STR(cuMemcpyDtoH), "cuMemcpyDtoH_v2") == 0) {
    fprintf(stderr, "unexpected cuMemcpy mapping: %s %s\n", STR(cuMemcpyHtoD), STR(cuMemcpyDtoH));
    bad++;
  }
  printf("cuda_abi_test: %d mismatches\n", bad);
  return bad != 0;
}
