/*===- mgpu.h - MLIR's gpu host-call ABI over the ariCuda* runtime ----------===*\
 *
 * `gpu-to-llvm` (used by `rise-to-nvvm{host=llvm}`) lowers gpu.launch_func,
 * gpu.alloc, gpu.memcpy, gpu.wait, ... to calls of MLIR's runtime-wrapper
 * ABI (mgpu*), normally served by libmlir_cuda_runtime.so, which Debian does
 * not package. libariadne_mgpu.so (runtime/mgpu.c) serves the same symbols,
 * with the same C signatures as MLIR 22's CudaRuntimeWrappers, on top of
 * runtime/cuda.h (the driver is dlopened; nothing links a GPU library).
 *
 * Handles are the driver's: a module is a CUmodule, a function a
 * CUfunction, a stream a CUstream, an event a CUevent, memory a device
 * address (CUdeviceptr) as a pointer.
 *
 * The driver library is $ARIADNE_LIBCUDA if set, else libcuda.so.1; the
 * device is 0 unless mgpuSetDefaultDevice chose another before the first
 * call. The ABI has no error channel: a failure prints one line on stderr,
 * the call returns NULL or does nothing (as MLIR's own wrappers do), and
 * ariMgpuErrorCount() counts failures so that a host can refuse results.
 * See mgpu.c for why and how the process-wide state is kept.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_MGPU_H
#define ARIADNE_RUNTIME_MGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Modules: a cubin/fatbin image of `size` bytes (gpu-module-to-binary
 * format=bin/fatbin), or NUL-terminated PTX JIT-compiled at `optLevel`
 * (format=isa). NULL on failure. */
void *mgpuModuleLoad(void *data, size_t size);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);

/* Launches `function` on `stream`; params[i] points at the i-th argument
 * (paramsCount of them). `extra` must be NULL. */
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                      intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem,
                      void *stream, void **params, void **extra, size_t paramsCount);

void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);

void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);

/* Device memory; `isHostShared` allocates managed memory. 0 bytes: NULL. */
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);

/* Host registration; the MemRef forms take a ranked descriptor
 * {allocated, aligned, offset, sizes[rank], strides[rank]} of a dense
 * memref with `elemBytes`-byte elements. */
void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
void mgpuMemHostUnregister(void *ptr);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor, int64_t elemBytes);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor, int64_t elemBytes);

/* Selects the device; only before the first other mgpu* call. */
void mgpuSetDefaultDevice(int32_t device);

/* Failed mgpu* calls so far in this process (including "no CUDA
 * driver/GPU"). */
int ariMgpuErrorCount(void);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_MGPU_H */
