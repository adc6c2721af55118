/*===- mgpu.c - MLIR's gpu host-call ABI over the ariCuda* runtime ----------===*\
 *
 * Serves the mgpu* calls that `gpu-to-llvm` emits (see mgpu.h) with the
 * ariCuda* runtime, as libariadne_mgpu.so.
 *
 * Why a process-wide state (the one exception to Ariadne's "no globals"):
 * the ABI passes no context; generated code calls mgpuStreamCreate() or
 * mgpuModuleLoadJIT(ptx, 2) out of nowhere, even from global constructors
 * before main. So one driver/context per process is opened lazily on the
 * first call and kept until exit (never closed: module unloads run from
 * global destructors in any order). All of it lives in the single static
 * struct `gMgpu`; the open is done once under pthread_once, and every
 * later call takes `gMgpu.lock`, because an AriCuda is single-threaded
 * (its last-error buffer, for one) and generated host code may run on
 * several threads. The context is made current on the calling thread in
 * every call, as the driver binds contexts per thread.
 *
 * Errors: the ABI returns nothing, so, as MLIR's own wrappers do, a failed
 * call prints one line on stderr ("ariadne-mgpu: CALL: MESSAGE"), returns
 * NULL (or does nothing) and execution continues; later calls given the
 * NULL handle fail the same way, deterministically. Without a driver or a
 * GPU the first call prints "ariadne-mgpu: no CUDA driver/GPU: ..." once
 * and every call then returns NULL silently. Each failure is counted
 * (ariMgpuErrorCount), so that a host program or a test can tell results
 * computed by a GPU from results nobody computed: never a silent pass.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/mgpu.h"

#include "runtime/cuda.h"

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MGPU_EXPORT __attribute__((visibility("default")))

static struct {
  pthread_once_t once;
  pthread_mutex_t lock;
  AriCuda *cu;  /* NULL after the once-init: no driver/GPU (reported) */
  int ordinal;  /* the device opened (mgpuSetDefaultDevice before use) */
  bool opened;  /* the once-init has run */
  int errors;   /* failed calls (ariMgpuErrorCount) */
} gMgpu = {PTHREAD_ONCE_INIT, PTHREAD_MUTEX_INITIALIZER, NULL, 0, false, 0};

static void openDriver(void) {
  const char *lib = getenv("ARIADNE_LIBCUDA");
  char err[1024] = "";
  pthread_mutex_lock(&gMgpu.lock);
  int ordinal = gMgpu.ordinal;
  gMgpu.opened = true; /* later mgpuSetDefaultDevice calls come too late */
  pthread_mutex_unlock(&gMgpu.lock);
  AriCuda *cu = NULL;
  AriCudaStatus s = ariCudaOpen(&cu, lib && *lib ? lib : NULL, ordinal, err, sizeof err);
  pthread_mutex_lock(&gMgpu.lock);
  gMgpu.cu = s == ARI_CUDA_OK ? cu : NULL;
  if (s != ARI_CUDA_OK) {
    /* ariCudaOpen's "no driver" messages already start with the prefix. */
    bool prefixed = !strncmp(err, ARI_CUDA_NO_DEVICE_MSG, strlen(ARI_CUDA_NO_DEVICE_MSG));
    fprintf(stderr, "ariadne-mgpu: %s%s (mgpu* calls will do nothing)\n",
            prefixed ? "" : ARI_CUDA_NO_DEVICE_MSG ": ", err);
  }
  pthread_mutex_unlock(&gMgpu.lock);
}

/* Opens the driver if needed, then locks; returns the context current on
 * this thread, or NULL (still locked) when there is none. A missing
 * driver counts as a failure of the call (reported once, at the open). */
/* `teardown`: a call that only releases something. MLIR's host code
 * unloads its modules in a global destructor, which can run after the
 * driver's own exit handler has shut it down (seen on an H100: CUDA error
 * 4 for every module). The driver has then released everything already,
 * so such a call quietly does nothing. */
static AriCuda *enterAt(const char *call, bool teardown) {
  pthread_once(&gMgpu.once, openDriver);
  pthread_mutex_lock(&gMgpu.lock);
  if (!gMgpu.cu) {
    gMgpu.errors++;
    return NULL;
  }
  AriCudaStatus s = ariCudaMakeCurrent(gMgpu.cu);
  if (s == ARI_CUDA_SHUT_DOWN && teardown)
    return NULL;
  if (s != ARI_CUDA_OK) {
    fprintf(stderr, "ariadne-mgpu: %s: %s\n", call, ariCudaLastError(gMgpu.cu));
    gMgpu.errors++;
    return NULL;
  }
  return gMgpu.cu;
}

static AriCuda *enter(const char *call) { return enterAt(call, false); }

static void leave(void) { pthread_mutex_unlock(&gMgpu.lock); }

/* Reports a failed ariCuda* call (status `s`) of `call`; true if it failed. */
static bool failed(AriCuda *cu, AriCudaStatus s, const char *call) {
  if (s == ARI_CUDA_OK)
    return false;
  fprintf(stderr, "ariadne-mgpu: %s: %s\n", call, ariCudaLastError(cu));
  gMgpu.errors++;
  return true;
}

/* Reports a bad argument of `call` (the lock is held). */
static void badArg(const char *call, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void badArg(const char *call, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "ariadne-mgpu: %s: ", call);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  gMgpu.errors++;
}

static AriCuDevicePtr dptr(const void *p) { return (AriCuDevicePtr)(uintptr_t)p; }

/*--- Modules and launches -----------------------------------------------------*/

MGPU_EXPORT void *mgpuModuleLoad(void *data, size_t size) {
  AriCuda *cu = enter("mgpuModuleLoad");
  AriCudaModule *m = NULL;
  if (cu && !data)
    badArg("mgpuModuleLoad", "null image");
  else if (cu)
    failed(cu, ariCudaModuleLoad(cu, data, size, &m), "mgpuModuleLoad");
  leave();
  return m;
}

MGPU_EXPORT void *mgpuModuleLoadJIT(void *data, int optLevel) {
  AriCuda *cu = enter("mgpuModuleLoadJIT");
  AriCudaModule *m = NULL;
  if (cu && !data)
    badArg("mgpuModuleLoadJIT", "null PTX");
  else if (cu && (optLevel < 0 || optLevel > 4))
    badArg("mgpuModuleLoadJIT", "optimisation level %d is not in 0..4", optLevel);
  else if (cu)
    failed(cu, ariCudaModuleLoadJit(cu, data, strlen(data) + 1, optLevel, &m),
           "mgpuModuleLoadJIT");
  leave();
  return m;
}

MGPU_EXPORT void mgpuModuleUnload(void *module) {
  AriCuda *cu = enterAt("mgpuModuleUnload", true);
  if (cu && module)
    ariCudaModuleUnload(cu, module);
  leave();
}

MGPU_EXPORT void *mgpuModuleGetFunction(void *module, const char *name) {
  AriCuda *cu = enter("mgpuModuleGetFunction");
  AriCudaKernel *k = NULL;
  if (cu && (!module || !name))
    badArg("mgpuModuleGetFunction", "null %s", module ? "name" : "module");
  else if (cu)
    failed(cu, ariCudaModuleGetKernel(cu, module, name, &k), "mgpuModuleGetFunction");
  leave();
  return k;
}

MGPU_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                                  intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem,
                                  void *stream, void **params, void **extra,
                                  size_t paramsCount) {
  static const char *const call = "mgpuLaunchKernel";
  AriCuda *cu = enter(call);
  if (!cu) {
    leave();
    return;
  }
  const intptr_t dims[6] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  bool ok = true;
  for (int i = 0; i < 6 && ok; ++i)
    if (dims[i] < 1 || (uintmax_t)dims[i] > UINT_MAX) {
      badArg(call, "launch size (%jd,%jd,%jd)x(%jd,%jd,%jd) out of range", (intmax_t)gridX,
             (intmax_t)gridY, (intmax_t)gridZ, (intmax_t)blockX, (intmax_t)blockY,
             (intmax_t)blockZ);
      ok = false;
    }
  if (ok && !function) {
    badArg(call, "null function");
    ok = false;
  }
  if (ok && (smem < 0 || extra || (paramsCount && !params))) {
    badArg(call, "%s", smem < 0 ? "negative shared memory size"
                       : extra  ? "extra launch parameters are not supported"
                                : "null parameter array");
    ok = false;
  }
  if (ok) {
    const unsigned grid[3] = {(unsigned)gridX, (unsigned)gridY, (unsigned)gridZ};
    const unsigned block[3] = {(unsigned)blockX, (unsigned)blockY, (unsigned)blockZ};
    failed(cu, ariCudaLaunchOn(cu, function, grid, block, (unsigned)smem, stream, params), call);
  }
  leave();
}

/*--- Streams and events ---------------------------------------------------------*/

MGPU_EXPORT void *mgpuStreamCreate(void) {
  AriCuda *cu = enter("mgpuStreamCreate");
  AriCudaStream *s = NULL;
  if (cu)
    failed(cu, ariCudaStreamCreate(cu, &s), "mgpuStreamCreate");
  leave();
  return s;
}

MGPU_EXPORT void mgpuStreamDestroy(void *stream) {
  AriCuda *cu = enter("mgpuStreamDestroy");
  if (cu && stream)
    ariCudaStreamDestroy(cu, stream);
  leave();
}

/* A NULL stream is the default stream, as in the driver. */
MGPU_EXPORT void mgpuStreamSynchronize(void *stream) {
  AriCuda *cu = enter("mgpuStreamSynchronize");
  if (cu)
    failed(cu, ariCudaStreamSynchronize(cu, stream), "mgpuStreamSynchronize");
  leave();
}

MGPU_EXPORT void mgpuStreamWaitEvent(void *stream, void *event) {
  AriCuda *cu = enter("mgpuStreamWaitEvent");
  if (cu && !event)
    badArg("mgpuStreamWaitEvent", "null event");
  else if (cu)
    failed(cu, ariCudaStreamWaitEvent(cu, stream, event), "mgpuStreamWaitEvent");
  leave();
}

MGPU_EXPORT void *mgpuEventCreate(void) {
  AriCuda *cu = enter("mgpuEventCreate");
  AriCudaEvent *e = NULL;
  if (cu)
    failed(cu, ariCudaEventCreateNoTiming(cu, &e), "mgpuEventCreate");
  leave();
  return e;
}

MGPU_EXPORT void mgpuEventDestroy(void *event) {
  AriCuda *cu = enter("mgpuEventDestroy");
  if (cu && event)
    ariCudaEventDestroy(cu, event);
  leave();
}

MGPU_EXPORT void mgpuEventSynchronize(void *event) {
  AriCuda *cu = enter("mgpuEventSynchronize");
  if (cu && !event)
    badArg("mgpuEventSynchronize", "null event");
  else if (cu)
    failed(cu, ariCudaEventSynchronize(cu, event), "mgpuEventSynchronize");
  leave();
}

MGPU_EXPORT void mgpuEventRecord(void *event, void *stream) {
  AriCuda *cu = enter("mgpuEventRecord");
  if (cu && !event)
    badArg("mgpuEventRecord", "null event");
  else if (cu)
    failed(cu, ariCudaEventRecordOn(cu, event, stream), "mgpuEventRecord");
  leave();
}

/*--- Memory -------------------------------------------------------------------*/

/* Allocations are synchronous (the stream is only an ordering hint in the
 * ABI; MLIR's wrappers ignore it too). */
MGPU_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared) {
  (void)stream;
  AriCuda *cu = enter("mgpuMemAlloc");
  AriCuDevicePtr p = 0;
  if (cu && sizeBytes > SIZE_MAX)
    badArg("mgpuMemAlloc", "%ju bytes do not fit in size_t", (uintmax_t)sizeBytes);
  else if (cu && sizeBytes)
    failed(cu, ariCudaMemAlloc(cu, (size_t)sizeBytes, isHostShared, &p), "mgpuMemAlloc");
  leave();
  return (void *)(uintptr_t)p;
}

MGPU_EXPORT void mgpuMemFree(void *ptr, void *stream) {
  (void)stream;
  AriCuda *cu = enter("mgpuMemFree");
  if (cu && ptr)
    ariCudaMemFree(cu, dptr(ptr));
  leave();
}

MGPU_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  AriCuda *cu = enter("mgpuMemcpy");
  if (cu && sizeBytes && (!dst || !src))
    badArg("mgpuMemcpy", "null %s", dst ? "source" : "destination");
  else if (cu && sizeBytes)
    failed(cu, ariCudaMemcpyAsync(cu, dptr(dst), dptr(src), sizeBytes, stream), "mgpuMemcpy");
  leave();
}

static void memset_(const char *call, void *dst, unsigned value, int elemBytes, size_t count,
                    void *stream) {
  AriCuda *cu = enter(call);
  if (cu && count && !dst)
    badArg(call, "null destination");
  else if (cu && count)
    failed(cu, ariCudaMemsetAsync(cu, dptr(dst), value, elemBytes, count, stream), call);
  leave();
}

MGPU_EXPORT void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream) {
  memset_("mgpuMemset32", dst, value, 4, count, stream);
}

MGPU_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  memset_("mgpuMemset16", dst, value, 2, count, stream);
}

MGPU_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  AriCuda *cu = enter("mgpuMemHostRegister");
  if (cu && (!ptr || !sizeBytes || sizeBytes > SIZE_MAX))
    badArg("mgpuMemHostRegister", "%s", ptr ? "bad size" : "null pointer");
  else if (cu)
    failed(cu, ariCudaHostRegister(cu, ptr, (size_t)sizeBytes), "mgpuMemHostRegister");
  leave();
}

MGPU_EXPORT void mgpuMemHostUnregister(void *ptr) {
  AriCuda *cu = enter("mgpuMemHostUnregister");
  if (cu && !ptr)
    badArg("mgpuMemHostUnregister", "null pointer");
  else if (cu)
    failed(cu, ariCudaHostUnregister(cu, ptr), "mgpuMemHostUnregister");
  leave();
}

/* The data address and byte size of a dense ranked memref descriptor
 * {allocated, aligned, offset, sizes[rank], strides[rank]}; false (with a
 * message) for a strided one or nonsense. Takes no lock. */
static bool memrefExtent(const char *call, int64_t rank, const void *descriptor, int64_t elemBytes,
                         char **data, uint64_t *bytes) {
  if (!descriptor || rank < 0 || rank > 64 || elemBytes <= 0) {
    pthread_mutex_lock(&gMgpu.lock);
    badArg(call, "bad memref (rank %jd, element size %jd)", (intmax_t)rank, (intmax_t)elemBytes);
    pthread_mutex_unlock(&gMgpu.lock);
    return false;
  }
  struct {
    char *allocated, *aligned;
    int64_t offset;
  } head;
  memcpy(&head, descriptor, sizeof head);
  const char *rest = (const char *)descriptor + sizeof head;
  uint64_t n = 1;
  bool ok = head.aligned && head.offset >= 0;
  for (int64_t i = rank - 1; i >= 0 && ok; --i) {
    int64_t size, stride;
    memcpy(&size, rest + 8 * i, 8);
    memcpy(&stride, rest + 8 * (rank + i), 8);
    ok = size >= 0 && (size <= 1 || (uint64_t)stride == n) &&
         !__builtin_mul_overflow(n, (uint64_t)size, &n);
  }
  if (!ok || __builtin_mul_overflow(n, (uint64_t)elemBytes, bytes)) {
    pthread_mutex_lock(&gMgpu.lock);
    badArg(call, "only dense, non-null memrefs can be registered");
    pthread_mutex_unlock(&gMgpu.lock);
    return false;
  }
  *data = head.aligned + head.offset * elemBytes;
  return true;
}

MGPU_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor, int64_t elemBytes) {
  char *data;
  uint64_t bytes;
  if (!memrefExtent("mgpuMemHostRegisterMemRef", rank, descriptor, elemBytes, &data, &bytes))
    return;
  if (bytes)
    mgpuMemHostRegister(data, bytes);
}

MGPU_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor, int64_t elemBytes) {
  char *data;
  uint64_t bytes;
  if (!memrefExtent("mgpuMemHostUnregisterMemRef", rank, descriptor, elemBytes, &data, &bytes))
    return;
  if (bytes)
    mgpuMemHostUnregister(data);
}

MGPU_EXPORT void mgpuSetDefaultDevice(int32_t device) {
  pthread_mutex_lock(&gMgpu.lock);
  if (!gMgpu.opened)
    gMgpu.ordinal = device;
  else if (device != gMgpu.ordinal)
    badArg("mgpuSetDefaultDevice", "device %d requested after device %d was opened: ignored",
           (int)device, gMgpu.ordinal);
  pthread_mutex_unlock(&gMgpu.lock);
}

MGPU_EXPORT int ariMgpuErrorCount(void) {
  pthread_mutex_lock(&gMgpu.lock);
  int n = gMgpu.errors;
  pthread_mutex_unlock(&gMgpu.lock);
  return n;
}
