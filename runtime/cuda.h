/*===- cuda.h - a small CUDA driver-API runtime (ariCuda*) ----------------===*\
 *
 * The GPU half of Ariadne's runtime, after the thesis's LRA (section 3.3.2):
 * a context, kernel modules (PTX or cubin), launches, events for timing,
 * and buffers with host/device access flags that are synchronised lazily.
 *
 * Nothing links against a GPU library: the driver (libcuda.so.1) is opened
 * with dlopen and the few entry points used are looked up with dlsym into
 * an AriCudaApi table. This file and cuda.c need only libc (and libdl on
 * old glibc), no LLVM, MLIR or CUDA headers, so that generated host stubs
 * and the GPU-host runner (test/gpu/) build anywhere with a plain cc.
 *
 * Errors are values: every call returns an AriCudaStatus; the message of
 * the last failure is kept in the context (ariCudaLastError). Without a
 * driver or a GPU, opening returns ARI_CUDA_NO_DEVICE with a message that
 * starts with "no CUDA driver/GPU", which tests turn into a visible skip.
 *
 * Buffers (ariCudaBuffer*) follow LRA's coarse protocol: a buffer is
 * created with the accesses it will ever need; before the host touches it
 * the caller asks for a host pointer (ariCudaBufferHostSync), before a
 * kernel does, for a device pointer (ariCudaBufferDeviceSync), naming the
 * access. A copy is made only when the requested side reads and holds a
 * stale copy; a write makes the other side stale. A write access without
 * read means the whole buffer is overwritten (nothing is copied first).
 * Launches run on the default stream, so the synchronous copies order
 * themselves after earlier kernels.
 *
 * The runtime is single-threaded per context (the caller serialises).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_CUDA_H
#define ARIADNE_RUNTIME_CUDA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum AriCudaStatus {
  ARI_CUDA_OK = 0,
  ARI_CUDA_NO_DEVICE = 1, /* no driver library, no GPU, or cuInit failed */
  ARI_CUDA_ERROR = 2,     /* a driver call failed (message names it) */
  ARI_CUDA_INVALID = 3,   /* bad argument, or an access the buffer lacks */
  ARI_CUDA_NO_MEMORY = 4, /* host allocation failed */
  ARI_CUDA_SHUT_DOWN = 5, /* the driver has deinitialised: the process is exiting,
                             and every module, buffer and stream it held is gone */
} AriCudaStatus;

/* Access flags of buffers (LRA's AccessFlags). */
enum {
  ARI_CUDA_HOST_READ = 1 << 0,
  ARI_CUDA_HOST_WRITE = 1 << 1,
  ARI_CUDA_DEVICE_READ = 1 << 2,
  ARI_CUDA_DEVICE_WRITE = 1 << 3,
};

/* The driver ABI as used here (cuda.h types without cuda.h): CUresult is
 * an int, CUdevice an int, CUdeviceptr a 64-bit integer, every handle an
 * opaque pointer. test/gpu/cuda_abi_test.c checks these against cuda.h. */
typedef int AriCuResult;
typedef unsigned long long AriCuDevicePtr;

/* Driver entry points, by their versioned names in libcuda.so.1 (e.g.
 * cuMemAlloc is cuMemAlloc_v2). Unit tests fill one with a fake. */
typedef struct AriCudaApi {
  AriCuResult (*cuInit)(unsigned flags);
  AriCuResult (*cuDeviceGetCount)(int *count);
  AriCuResult (*cuDeviceGet)(int *dev, int ordinal);
  AriCuResult (*cuDeviceGetName)(char *name, int len, int dev);
  AriCuResult (*cuDeviceGetAttribute)(int *value, int attrib, int dev);
  AriCuResult (*cuDevicePrimaryCtxRetain)(void **ctx, int dev);
  AriCuResult (*cuDevicePrimaryCtxRelease)(int dev);
  AriCuResult (*cuCtxSetCurrent)(void *ctx);
  AriCuResult (*cuCtxSynchronize)(void);
  AriCuResult (*cuMemAlloc)(AriCuDevicePtr *ptr, size_t bytes);
  AriCuResult (*cuMemFree)(AriCuDevicePtr ptr);
  AriCuResult (*cuMemcpyHtoD)(AriCuDevicePtr dst, const void *src, size_t bytes);
  AriCuResult (*cuMemcpyDtoH)(void *dst, AriCuDevicePtr src, size_t bytes);
  AriCuResult (*cuModuleLoadDataEx)(void **mod, const void *image, unsigned nopts, int *opts,
                                    void **values);
  AriCuResult (*cuModuleUnload)(void *mod);
  AriCuResult (*cuModuleGetFunction)(void **fn, void *mod, const char *name);
  AriCuResult (*cuFuncSetAttribute)(void *fn, int attrib, int value);
  AriCuResult (*cuLaunchKernel)(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                unsigned by, unsigned bz, unsigned sharedBytes, void *stream,
                                void **params, void **extra);
  AriCuResult (*cuEventCreate)(void **ev, unsigned flags);
  AriCuResult (*cuEventRecord)(void *ev, void *stream);
  AriCuResult (*cuEventSynchronize)(void *ev);
  AriCuResult (*cuEventElapsedTime)(float *ms, void *start, void *end);
  AriCuResult (*cuEventDestroy)(void *ev);
  AriCuResult (*cuGetErrorString)(AriCuResult r, const char **msg);
  /* Streams, asynchronous copies, managed and host-registered memory:
   * used by the mgpu* wrappers (runtime/mgpu.c). */
  AriCuResult (*cuStreamCreate)(void **stream, unsigned flags);
  AriCuResult (*cuStreamDestroy)(void *stream);
  AriCuResult (*cuStreamSynchronize)(void *stream);
  AriCuResult (*cuStreamWaitEvent)(void *stream, void *ev, unsigned flags);
  AriCuResult (*cuMemcpyAsync)(AriCuDevicePtr dst, AriCuDevicePtr src, size_t bytes, void *stream);
  AriCuResult (*cuMemsetD32Async)(AriCuDevicePtr dst, unsigned value, size_t n, void *stream);
  AriCuResult (*cuMemsetD16Async)(AriCuDevicePtr dst, unsigned short value, size_t n,
                                  void *stream);
  AriCuResult (*cuMemAllocManaged)(AriCuDevicePtr *ptr, size_t bytes, unsigned flags);
  AriCuResult (*cuMemHostRegister)(void *ptr, size_t bytes, unsigned flags);
  AriCuResult (*cuMemHostUnregister)(void *ptr);
} AriCudaApi;

/* Opaque handles. AriCudaKernel and AriCudaEvent wrap driver handles. */
typedef struct AriCuda AriCuda;
typedef struct AriCudaModule AriCudaModule;
typedef struct AriCudaKernel AriCudaKernel;
typedef struct AriCudaEvent AriCudaEvent;
typedef struct AriCudaBuffer AriCudaBuffer;

/* The prefix of every "no driver or GPU" message, for tests to match. */
#define ARI_CUDA_NO_DEVICE_MSG "no CUDA driver/GPU"

/* Opens device `ordinal` through `library` (NULL = "libcuda.so.1") and
 * makes its primary context current (the one cuBLAS and the CUDA runtime
 * also use). On failure *out is NULL and `err` (if given) holds the
 * message. */
AriCudaStatus ariCudaOpen(AriCuda **out, const char *library, int ordinal, char *err,
                          size_t errLen);

/* As ariCudaOpen with a ready-made table (copied; tests use fakes). */
AriCudaStatus ariCudaOpenWithApi(AriCuda **out, const AriCudaApi *api, int ordinal, char *err,
                                 size_t errLen);

/* Releases the context; buffers, modules and events must be gone. */
void ariCudaClose(AriCuda *cu);

/* The message of the last failed call on `cu` ("" if none). */
const char *ariCudaLastError(const AriCuda *cu);

/* Records a failure of the caller's own (e.g. a generated stub's bad
 * argument) as the last error, and returns `status`. */
AriCudaStatus ariCudaFail(AriCuda *cu, AriCudaStatus status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Device name and compute capability (major*10+minor, e.g. 90). */
const char *ariCudaDeviceName(const AriCuda *cu);
int ariCudaComputeCapability(const AriCuda *cu);

/* Loads a module from memory: PTX text (NUL-terminated, `len` may count
 * the NUL or not) or a cubin image. The driver's JIT log is added to the
 * error message on failure. */
AriCudaStatus ariCudaModuleLoad(AriCuda *cu, const void *image, size_t len, AriCudaModule **out);

/* Reads a .ptx or .cubin file and loads it. */
AriCudaStatus ariCudaModuleLoadFile(AriCuda *cu, const char *path, AriCudaModule **out);

void ariCudaModuleUnload(AriCuda *cu, AriCudaModule *m);

/* Looks up kernel `name`; the handle lives as long as the module. */
AriCudaStatus ariCudaModuleGetKernel(AriCuda *cu, AriCudaModule *m, const char *name,
                                     AriCudaKernel **out);

/* Launches `k` on grid[3] blocks of block[3] threads with `sharedBytes` of
 * dynamic shared memory; params[i] points at the i-th kernel parameter.
 * Asynchronous: errors of the kernel itself surface at the next
 * synchronising call. */
AriCudaStatus ariCudaLaunch(AriCuda *cu, AriCudaKernel *k, const unsigned grid[3],
                            const unsigned block[3], unsigned sharedBytes, void **params);

/* Waits for all work on the context. */
AriCudaStatus ariCudaSynchronize(AriCuda *cu);

/* Events on the default stream, for timing. */
AriCudaStatus ariCudaEventCreate(AriCuda *cu, AriCudaEvent **out);
AriCudaStatus ariCudaEventRecord(AriCuda *cu, AriCudaEvent *e);
/* Waits for `end` and stores the milliseconds between the two records. */
AriCudaStatus ariCudaEventElapsedMs(AriCuda *cu, AriCudaEvent *start, AriCudaEvent *end, float *ms);
void ariCudaEventDestroy(AriCuda *cu, AriCudaEvent *e);

/* A buffer of `bytes` bytes supporting `access` (ARI_CUDA_* flags, at least
 * one). Host and device storage are allocated on first use. */
AriCudaStatus ariCudaBufferCreate(AriCuda *cu, size_t bytes, unsigned access, AriCudaBuffer **out);
void ariCudaBufferDestroy(AriCuda *cu, AriCudaBuffer *b);
size_t ariCudaBufferSize(const AriCudaBuffer *b);

/* Makes the host copy current for `access` (host flags only) and returns
 * it in *host. */
AriCudaStatus ariCudaBufferHostSync(AriCuda *cu, AriCudaBuffer *b, unsigned access, void **host);

/* Makes the device copy current for `access` (device flags only) and
 * returns its address in *dev. */
AriCudaStatus ariCudaBufferDeviceSync(AriCuda *cu, AriCudaBuffer *b, unsigned access,
                                      AriCuDevicePtr *dev);

/*--- Streams and raw device memory ---------------------------------------------
 * What MLIR's gpu host calls need (runtime/mgpu.c): explicit streams,
 * asynchronous copies and fills on them, untracked allocations. */

typedef struct AriCudaStream AriCudaStream;

/* A non-blocking stream (does not synchronise with the default stream). */
AriCudaStatus ariCudaStreamCreate(AriCuda *cu, AriCudaStream **out);
void ariCudaStreamDestroy(AriCuda *cu, AriCudaStream *s);
AriCudaStatus ariCudaStreamSynchronize(AriCuda *cu, AriCudaStream *s);
/* Work queued on `s` after this waits for `e` (recorded on any stream). */
AriCudaStatus ariCudaStreamWaitEvent(AriCuda *cu, AriCudaStream *s, AriCudaEvent *e);

/* Makes the context current on the calling thread (the driver binds
 * contexts per thread; ariCudaOpen does it on the opening thread only). */
AriCudaStatus ariCudaMakeCurrent(AriCuda *cu);

/* As ariCudaModuleLoad, with the JIT optimisation level (0..4) for PTX;
 * optLevel < 0 leaves the driver's default. */
AriCudaStatus ariCudaModuleLoadJit(AriCuda *cu, const void *image, size_t len, int optLevel,
                                   AriCudaModule **out);

/* As ariCudaLaunch, on stream `s` (NULL: the default stream). */
AriCudaStatus ariCudaLaunchOn(AriCuda *cu, AriCudaKernel *k, const unsigned grid[3],
                              const unsigned block[3], unsigned sharedBytes, AriCudaStream *s,
                              void **params);

/* Events without timing, and recording on a given stream (NULL: default). */
AriCudaStatus ariCudaEventCreateNoTiming(AriCuda *cu, AriCudaEvent **out);
AriCudaStatus ariCudaEventRecordOn(AriCuda *cu, AriCudaEvent *e, AriCudaStream *s);
AriCudaStatus ariCudaEventSynchronize(AriCuda *cu, AriCudaEvent *e);

/* Raw device memory (no host copy, no access flags); `managed` allocates
 * memory the host can also address (cuMemAllocManaged, attached globally). */
AriCudaStatus ariCudaMemAlloc(AriCuda *cu, size_t bytes, int managed, AriCuDevicePtr *out);
void ariCudaMemFree(AriCuda *cu, AriCuDevicePtr p);
/* Copies between any two addresses the device can see (unified
 * addressing: device, managed or host-registered memory), on `s`. */
AriCudaStatus ariCudaMemcpyAsync(AriCuda *cu, AriCuDevicePtr dst, AriCuDevicePtr src, size_t bytes,
                                 AriCudaStream *s);
/* Fills `count` elements of `elemBytes` (2 or 4) bytes with `value`. */
AriCudaStatus ariCudaMemsetAsync(AriCuda *cu, AriCuDevicePtr dst, unsigned value, int elemBytes,
                                 size_t count, AriCudaStream *s);
/* Page-locks host memory and maps it for the device. */
AriCudaStatus ariCudaHostRegister(AriCuda *cu, void *ptr, size_t bytes);
AriCudaStatus ariCudaHostUnregister(AriCuda *cu, void *ptr);

/*--- Generated host stubs ------------------------------------------------------
 * `ariadne-compile --target=nvptx64 --stub=P.c --header=P.h` writes, for a
 * module, a program type `P_program` (the loaded module and its kernels),
 * `P_load`/`P_load_image`/`P_unload`, one C function per public function
 * (buffers for memref arguments), a `_host` variant over plain pointers,
 * and `P_info`, the description below, which generic drivers such as the
 * GPU-host runner (test/gpu/runner.c) use to call any compiled function. */

typedef struct AriGpuArgInfo {
  const char *type; /* the MLIR type, e.g. "memref<8x13xf32>" or "f32" */
  const char *elem; /* element type: f32, f64, i1, i8, i32, i64, index (see
                       runtime/codegen/scalar_c.h; i1 is a 1-byte bool) */
  int isBuffer;     /* 1: an AriCudaBuffer*; 0: a scalar passed by pointer */
  int rank;
  const int64_t *shape;
  size_t bytes;    /* buffers: total size; scalars: the C type's size */
  unsigned access; /* buffers: the device access the function needs */
} AriGpuArgInfo;

typedef struct AriGpuFuncInfo {
  const char *name;
  int nargs;
  const AriGpuArgInfo *args;
  /* args[i] is the AriCudaBuffer* of a buffer argument, or points at the
   * scalar; `prog` is a loaded P_program. */
  AriCudaStatus (*call)(AriCuda *cu, const void *prog, void *const *args);
} AriGpuFuncInfo;

typedef struct AriGpuProgramInfo {
  const char *name;
  size_t size; /* sizeof(P_program) */
  AriCudaStatus (*load)(AriCuda *cu, void *prog);
  AriCudaStatus (*loadImage)(AriCuda *cu, void *prog, const void *image, size_t len);
  void (*unload)(AriCuda *cu, void *prog);
  int nfuncs;
  const AriGpuFuncInfo *funcs;
  const char *arch; /* the sm_NN the PTX was compiled for */
} AriGpuProgramInfo;

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_CUDA_H */
