/*===- cuda.c - a small CUDA driver-API runtime (ariCuda*) ----------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/cuda.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Driver constants (cuda.h values; checked by test/gpu/cuda_abi_test.c). */
enum {
  kCuSuccess = 0,
  kCuErrorDeinitialized = 4,
  kCuAttrCcMajor = 75,
  kCuAttrCcMinor = 76,
  kCuJitErrorLogBuffer = 5,
  kCuJitErrorLogBufferSize = 6,
  kCuJitOptimizationLevel = 7,
  kCuStreamNonBlocking = 1,
  kCuEventDisableTiming = 2,
  kCuMemAttachGlobal = 1,
};

struct AriCuda {
  AriCudaApi api;
  void *lib; /* dlopen handle, or NULL for a caller's table */
  int device;
  void *ctx;
  int cc;
  char name[128];
  char err[2048];
};

/* A buffer: host copy (malloc) and device copy (cuMemAlloc), each
 * allocated on first use; `hostValid`/`devValid` say which copies hold
 * the current contents. A new buffer's contents are undefined, so both
 * count as current and nothing is copied until one side writes. */
struct AriCudaBuffer {
  size_t bytes;
  unsigned access;
  void *host;
  AriCuDevicePtr dev;
  bool hasDev, hostValid, devValid;
};

static void setErr(AriCuda *cu, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void setErr(AriCuda *cu, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cu->err, sizeof cu->err, fmt, ap);
  va_end(ap);
}

/* Formats a driver failure as "WHAT failed: CUDA error N (text)". */
static AriCudaStatus cuFail(AriCuda *cu, AriCuResult r, const char *what) {
  const char *msg = NULL;
  if (cu->api.cuGetErrorString && cu->api.cuGetErrorString(r, &msg) != kCuSuccess)
    msg = NULL;
  setErr(cu, "%s failed: CUDA error %d (%s)", what, r,
         msg ? msg : r == kCuErrorDeinitialized ? "the driver has shut down" : "unknown");
  return r == kCuErrorDeinitialized ? ARI_CUDA_SHUT_DOWN : ARI_CUDA_ERROR;
}

static void putErr(char *err, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void putErr(char *err, size_t len, const char *fmt, ...) {
  if (!err || !len)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, len, fmt, ap);
  va_end(ap);
}

/*--- Context ----------------------------------------------------------------*/

static AriCudaStatus openCommon(AriCuda *cu, int ordinal, char *err, size_t errLen) {
  AriCudaApi *a = &cu->api;
  AriCuResult r = a->cuInit(0);
  if (r != kCuSuccess) {
    cuFail(cu, r, "cuInit");
    putErr(err, errLen, ARI_CUDA_NO_DEVICE_MSG ": %s", cu->err);
    return ARI_CUDA_NO_DEVICE;
  }
  int count = 0;
  r = a->cuDeviceGetCount(&count);
  if (r != kCuSuccess || count <= 0) {
    putErr(err, errLen, ARI_CUDA_NO_DEVICE_MSG ": the driver reports no device");
    return ARI_CUDA_NO_DEVICE;
  }
  if (ordinal < 0 || ordinal >= count) {
    putErr(err, errLen, "device %d does not exist (the driver reports %d)", ordinal, count);
    return ARI_CUDA_INVALID;
  }
  int major = 0, minor = 0;
  if ((r = a->cuDeviceGet(&cu->device, ordinal)) != kCuSuccess ||
      (r = a->cuDeviceGetAttribute(&major, kCuAttrCcMajor, cu->device)) != kCuSuccess ||
      (r = a->cuDeviceGetAttribute(&minor, kCuAttrCcMinor, cu->device)) != kCuSuccess ||
      (r = a->cuDeviceGetName(cu->name, (int)sizeof cu->name, cu->device)) != kCuSuccess) {
    cuFail(cu, r, "querying the device");
    putErr(err, errLen, "%s", cu->err);
    return ARI_CUDA_ERROR;
  }
  cu->name[sizeof cu->name - 1] = 0;
  cu->cc = major * 10 + minor;
  if ((r = a->cuDevicePrimaryCtxRetain(&cu->ctx, cu->device)) != kCuSuccess) {
    cuFail(cu, r, "cuDevicePrimaryCtxRetain");
    putErr(err, errLen, "%s", cu->err);
    return ARI_CUDA_ERROR;
  }
  if ((r = a->cuCtxSetCurrent(cu->ctx)) != kCuSuccess) {
    cuFail(cu, r, "cuCtxSetCurrent");
    putErr(err, errLen, "%s", cu->err);
    a->cuDevicePrimaryCtxRelease(cu->device);
    cu->ctx = NULL;
    return ARI_CUDA_ERROR;
  }
  return ARI_CUDA_OK;
}

static bool apiComplete(const AriCudaApi *a) {
  /* Every member is a function pointer; the table is checked as such. */
  void (*const *p)(void) = (void (*const *)(void))(const void *)a;
  for (size_t i = 0; i < sizeof *a / sizeof(void (*)(void)); ++i)
    if (!p[i])
      return false;
  return true;
}

AriCudaStatus ariCudaOpenWithApi(AriCuda **out, const AriCudaApi *api, int ordinal, char *err,
                                 size_t errLen) {
  *out = NULL;
  if (!api || !apiComplete(api)) {
    putErr(err, errLen, "incomplete CUDA driver table");
    return ARI_CUDA_INVALID;
  }
  AriCuda *cu = calloc(1, sizeof *cu);
  if (!cu) {
    putErr(err, errLen, "out of memory");
    return ARI_CUDA_NO_MEMORY;
  }
  cu->api = *api;
  AriCudaStatus s = openCommon(cu, ordinal, err, errLen);
  if (s != ARI_CUDA_OK) {
    free(cu);
    return s;
  }
  *out = cu;
  return ARI_CUDA_OK;
}

/* The symbol behind each member of AriCudaApi, in member order; "a|b"
 * tries a, then b (older drivers). */
static const char *const kSymbols[] = {
    "cuInit",
    "cuDeviceGetCount",
    "cuDeviceGet",
    "cuDeviceGetName",
    "cuDeviceGetAttribute",
    "cuDevicePrimaryCtxRetain",
    "cuDevicePrimaryCtxRelease_v2",
    "cuCtxSetCurrent",
    "cuCtxSynchronize",
    "cuMemAlloc_v2",
    "cuMemFree_v2",
    "cuMemcpyHtoD_v2",
    "cuMemcpyDtoH_v2",
    "cuModuleLoadDataEx",
    "cuModuleUnload",
    "cuModuleGetFunction",
    "cuFuncSetAttribute",
    "cuLaunchKernel",
    "cuEventCreate",
    "cuEventRecord",
    "cuEventSynchronize",
    "cuEventElapsedTime_v2|cuEventElapsedTime", /* _v2 since CUDA 12.8 */
    "cuEventDestroy_v2",
    "cuGetErrorString",
    "cuStreamCreate",
    "cuStreamDestroy_v2",
    "cuStreamSynchronize",
    "cuStreamWaitEvent",
    "cuMemcpyAsync",
    "cuMemsetD32Async",
    "cuMemsetD16Async",
    "cuMemAllocManaged",
    "cuMemHostRegister_v2",
    "cuMemHostUnregister",
};

_Static_assert(sizeof kSymbols / sizeof kSymbols[0] == sizeof(AriCudaApi) / sizeof(void (*)(void)),
               "one symbol per AriCudaApi member");

AriCudaStatus ariCudaOpen(AriCuda **out, const char *library, int ordinal, char *err,
                          size_t errLen) {
  *out = NULL;
  const char *lib = library ? library : "libcuda.so.1";
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *why = dlerror();
    putErr(err, errLen, ARI_CUDA_NO_DEVICE_MSG ": cannot load %s (%s)", lib, why ? why : "");
    return ARI_CUDA_NO_DEVICE;
  }
  AriCudaApi api;
  void (**slot)(void) = (void (**)(void))(void *)&api;
  for (size_t i = 0; i < sizeof kSymbols / sizeof kSymbols[0]; ++i) {
    void *f = NULL;
    for (const char *name = kSymbols[i]; *name && !f;) {
      char one[64];
      size_t n = strcspn(name, "|");
      snprintf(one, sizeof one, "%.*s", (int)n, name);
      f = dlsym(h, one);
      name += n + (name[n] == '|');
    }
    if (!f) {
      putErr(err, errLen, ARI_CUDA_NO_DEVICE_MSG ": %s lacks %s (driver too old?)", lib,
             kSymbols[i]);
      dlclose(h);
      return ARI_CUDA_NO_DEVICE;
    }
    /* POSIX guarantees data and function pointers convert. */
    memcpy(&slot[i], &f, sizeof f);
  }
  AriCudaStatus s = ariCudaOpenWithApi(out, &api, ordinal, err, errLen);
  if (s != ARI_CUDA_OK) {
    dlclose(h);
    return s;
  }
  (*out)->lib = h;
  return ARI_CUDA_OK;
}

void ariCudaClose(AriCuda *cu) {
  if (!cu)
    return;
  if (cu->ctx)
    cu->api.cuDevicePrimaryCtxRelease(cu->device);
  if (cu->lib)
    dlclose(cu->lib);
  free(cu);
}

const char *ariCudaLastError(const AriCuda *cu) { return cu ? cu->err : ""; }

AriCudaStatus ariCudaFail(AriCuda *cu, AriCudaStatus status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cu->err, sizeof cu->err, fmt, ap);
  va_end(ap);
  return status;
}

const char *ariCudaDeviceName(const AriCuda *cu) { return cu->name; }

int ariCudaComputeCapability(const AriCuda *cu) { return cu->cc; }

AriCudaStatus ariCudaSynchronize(AriCuda *cu) {
  AriCuResult r = cu->api.cuCtxSynchronize();
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuCtxSynchronize");
}

/*--- Modules and launches -----------------------------------------------------*/

AriCudaStatus ariCudaModuleLoad(AriCuda *cu, const void *image, size_t len, AriCudaModule **out) {
  return ariCudaModuleLoadJit(cu, image, len, -1, out);
}

AriCudaStatus ariCudaModuleLoadJit(AriCuda *cu, const void *image, size_t len, int optLevel,
                                   AriCudaModule **out) {
  *out = NULL;
  if (!image || !len) {
    setErr(cu, "empty module image");
    return ARI_CUDA_INVALID;
  }
  /* The driver needs PTX NUL-terminated; a cubin starts with ELF's magic. */
  const char *p = image;
  bool elf = len >= 4 && !memcmp(p, "\177ELF", 4);
  char *copy = NULL;
  if (!elf && p[len - 1] != 0) {
    copy = malloc(len + 1);
    if (!copy) {
      setErr(cu, "out of memory");
      return ARI_CUDA_NO_MEMORY;
    }
    memcpy(copy, image, len);
    copy[len] = 0;
    image = copy;
  }
  char log[4096] = "";
  int opts[3] = {kCuJitErrorLogBuffer, kCuJitErrorLogBufferSize, kCuJitOptimizationLevel};
  void *vals[3] = {log, (void *)(uintptr_t)sizeof log,
                   (void *)(uintptr_t)(optLevel < 0 ? 0 : optLevel)};
  void *mod = NULL;
  AriCuResult r = cu->api.cuModuleLoadDataEx(&mod, image, optLevel < 0 ? 2 : 3, opts, vals);
  free(copy);
  if (r != kCuSuccess) {
    cuFail(cu, r, elf ? "loading the cubin" : "loading the PTX");
    log[sizeof log - 1] = 0;
    if (log[0]) {
      size_t n = strlen(cu->err);
      snprintf(cu->err + n, sizeof cu->err - n, ": %s", log);
    }
    return ARI_CUDA_ERROR;
  }
  *out = (AriCudaModule *)mod;
  return ARI_CUDA_OK;
}

AriCudaStatus ariCudaModuleLoadFile(AriCuda *cu, const char *path, AriCudaModule **out) {
  *out = NULL;
  FILE *f = fopen(path, "rb");
  if (!f) {
    setErr(cu, "cannot open '%s': %s", path, strerror(errno));
    return ARI_CUDA_INVALID;
  }
  char *buf = NULL;
  size_t len = 0, cap = 0;
  bool ok = true;
  for (;;) {
    if (len + 65536 + 1 > cap) {
      cap = cap ? 2 * cap : 1 << 20;
      char *nb = realloc(buf, cap);
      if (!nb) {
        ok = false;
        break;
      }
      buf = nb;
    }
    size_t n = fread(buf + len, 1, cap - len - 1, f);
    len += n;
    if (n == 0)
      break;
  }
  bool readErr = ferror(f) != 0;
  fclose(f);
  AriCudaStatus s;
  if (!ok) {
    setErr(cu, "out of memory reading '%s'", path);
    s = ARI_CUDA_NO_MEMORY;
  } else if (readErr || len == 0) {
    setErr(cu, "cannot read '%s'%s", path, len == 0 && !readErr ? ": empty file" : "");
    s = ARI_CUDA_INVALID;
  } else {
    buf[len] = 0;
    s = ariCudaModuleLoad(cu, buf, len + 1, out);
  }
  free(buf);
  return s;
}

void ariCudaModuleUnload(AriCuda *cu, AriCudaModule *m) {
  if (m)
    cu->api.cuModuleUnload((void *)m);
}

AriCudaStatus ariCudaModuleGetKernel(AriCuda *cu, AriCudaModule *m, const char *name,
                                     AriCudaKernel **out) {
  *out = NULL;
  void *fn = NULL;
  AriCuResult r = cu->api.cuModuleGetFunction(&fn, (void *)m, name);
  if (r != kCuSuccess) {
    char what[300];
    snprintf(what, sizeof what, "looking up kernel '%s'", name);
    return cuFail(cu, r, what);
  }
  *out = (AriCudaKernel *)fn;
  return ARI_CUDA_OK;
}

AriCudaStatus ariCudaLaunch(AriCuda *cu, AriCudaKernel *k, const unsigned grid[3],
                            const unsigned block[3], unsigned sharedBytes, void **params) {
  return ariCudaLaunchOn(cu, k, grid, block, sharedBytes, NULL, params);
}

AriCudaStatus ariCudaLaunchOn(AriCuda *cu, AriCudaKernel *k, const unsigned grid[3],
                              const unsigned block[3], unsigned sharedBytes, AriCudaStream *s,
                              void **params) {
  for (int d = 0; d < 3; ++d)
    if (!grid[d] || !block[d]) {
      setErr(cu, "launch with an empty grid or block (%u,%u,%u)x(%u,%u,%u)", grid[0], grid[1],
             grid[2], block[0], block[1], block[2]);
      return ARI_CUDA_INVALID;
    }
  AriCuResult r = cu->api.cuLaunchKernel((void *)k, grid[0], grid[1], grid[2], block[0], block[1],
                                         block[2], sharedBytes, (void *)s, params, NULL);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuLaunchKernel");
}

/*--- Events -------------------------------------------------------------------*/

AriCudaStatus ariCudaEventCreate(AriCuda *cu, AriCudaEvent **out) {
  void *e = NULL;
  AriCuResult r = cu->api.cuEventCreate(&e, 0);
  *out = (AriCudaEvent *)e;
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuEventCreate");
}

AriCudaStatus ariCudaEventRecord(AriCuda *cu, AriCudaEvent *e) {
  AriCuResult r = cu->api.cuEventRecord((void *)e, NULL);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuEventRecord");
}

AriCudaStatus ariCudaEventElapsedMs(AriCuda *cu, AriCudaEvent *start, AriCudaEvent *end,
                                    float *ms) {
  AriCuResult r = cu->api.cuEventSynchronize((void *)end);
  if (r != kCuSuccess)
    return cuFail(cu, r, "cuEventSynchronize");
  r = cu->api.cuEventElapsedTime(ms, (void *)start, (void *)end);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuEventElapsedTime");
}

void ariCudaEventDestroy(AriCuda *cu, AriCudaEvent *e) {
  if (e)
    cu->api.cuEventDestroy((void *)e);
}

/*--- Buffers ------------------------------------------------------------------*/

enum {
  kHost = ARI_CUDA_HOST_READ | ARI_CUDA_HOST_WRITE,
  kDevice = ARI_CUDA_DEVICE_READ | ARI_CUDA_DEVICE_WRITE,
};

/* Buffers have their own lifetimes (created and destroyed by generated
 * host code in any order), so each is one malloc rather than an arena. */
AriCudaStatus ariCudaBufferCreate(AriCuda *cu, size_t bytes, unsigned access, AriCudaBuffer **out) {
  *out = NULL;
  if (!bytes || !(access & (kHost | kDevice)) || (access & ~(unsigned)(kHost | kDevice))) {
    setErr(cu, "invalid buffer: %zu bytes, access 0x%x", bytes, access);
    return ARI_CUDA_INVALID;
  }
  AriCudaBuffer *b = calloc(1, sizeof *b);
  if (!b) {
    setErr(cu, "out of memory");
    return ARI_CUDA_NO_MEMORY;
  }
  b->bytes = bytes;
  b->access = access;
  b->hostValid = b->devValid = true;
  *out = b;
  return ARI_CUDA_OK;
}

void ariCudaBufferDestroy(AriCuda *cu, AriCudaBuffer *b) {
  if (!b)
    return;
  if (b->hasDev)
    cu->api.cuMemFree(b->dev);
  free(b->host);
  free(b);
}

size_t ariCudaBufferSize(const AriCudaBuffer *b) { return b->bytes; }

static const char *accessName(unsigned a) {
  switch (a) {
  case ARI_CUDA_HOST_READ:
    return "HOST_READ";
  case ARI_CUDA_HOST_WRITE:
    return "HOST_WRITE";
  case ARI_CUDA_DEVICE_READ:
    return "DEVICE_READ";
  default:
    return "DEVICE_WRITE";
  }
}

/* Checks that `access` is non-empty, within `side`, and declared. */
static AriCudaStatus checkAccess(AriCuda *cu, const AriCudaBuffer *b, unsigned access,
                                 unsigned side, const char *fn) {
  if (!access || (access & ~side)) {
    setErr(cu, "%s: access 0x%x is not a %s access", fn, access, side == kHost ? "host" : "device");
    return ARI_CUDA_INVALID;
  }
  for (unsigned bit = 1; bit <= ARI_CUDA_DEVICE_WRITE; bit <<= 1)
    if ((access & bit) && !(b->access & bit)) {
      setErr(cu, "%s: the buffer was created without %s access", fn, accessName(bit));
      return ARI_CUDA_INVALID;
    }
  return ARI_CUDA_OK;
}

static AriCudaStatus ensureDev(AriCuda *cu, AriCudaBuffer *b) {
  if (b->hasDev)
    return ARI_CUDA_OK;
  AriCuResult r = cu->api.cuMemAlloc(&b->dev, b->bytes);
  if (r != kCuSuccess) {
    char what[64];
    snprintf(what, sizeof what, "cuMemAlloc of %zu bytes", b->bytes);
    return cuFail(cu, r, what);
  }
  b->hasDev = true;
  return ARI_CUDA_OK;
}

static AriCudaStatus ensureHost(AriCuda *cu, AriCudaBuffer *b) {
  if (b->host)
    return ARI_CUDA_OK;
  b->host = calloc(1, b->bytes);
  if (!b->host) {
    setErr(cu, "out of memory allocating a host copy of %zu bytes", b->bytes);
    return ARI_CUDA_NO_MEMORY;
  }
  return ARI_CUDA_OK;
}

AriCudaStatus ariCudaBufferHostSync(AriCuda *cu, AriCudaBuffer *b, unsigned access, void **host) {
  *host = NULL;
  AriCudaStatus s = checkAccess(cu, b, access, kHost, "ariCudaBufferHostSync");
  if (s == ARI_CUDA_OK)
    s = ensureHost(cu, b);
  if (s != ARI_CUDA_OK)
    return s;
  if ((access & ARI_CUDA_HOST_READ) && !b->hostValid) {
    /* Only the device copy is current, so it exists. */
    AriCuResult r = cu->api.cuMemcpyDtoH(b->host, b->dev, b->bytes);
    if (r != kCuSuccess)
      return cuFail(cu, r, "cuMemcpyDtoH");
  }
  b->hostValid = true;
  if (access & ARI_CUDA_HOST_WRITE)
    b->devValid = false;
  *host = b->host;
  return ARI_CUDA_OK;
}

AriCudaStatus ariCudaBufferDeviceSync(AriCuda *cu, AriCudaBuffer *b, unsigned access,
                                      AriCuDevicePtr *dev) {
  *dev = 0;
  AriCudaStatus s = checkAccess(cu, b, access, kDevice, "ariCudaBufferDeviceSync");
  if (s == ARI_CUDA_OK)
    s = ensureDev(cu, b);
  if (s != ARI_CUDA_OK)
    return s;
  if ((access & ARI_CUDA_DEVICE_READ) && !b->devValid) {
    AriCuResult r = cu->api.cuMemcpyHtoD(b->dev, b->host, b->bytes);
    if (r != kCuSuccess)
      return cuFail(cu, r, "cuMemcpyHtoD");
  }
  b->devValid = true;
  if (access & ARI_CUDA_DEVICE_WRITE)
    b->hostValid = false;
  *dev = b->dev;
  return ARI_CUDA_OK;
}

/*--- Streams and raw device memory -------------------------------------------*/

AriCudaStatus ariCudaMakeCurrent(AriCuda *cu) {
  AriCuResult r = cu->api.cuCtxSetCurrent(cu->ctx);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuCtxSetCurrent");
}

AriCudaStatus ariCudaStreamCreate(AriCuda *cu, AriCudaStream **out) {
  void *st = NULL;
  AriCuResult r = cu->api.cuStreamCreate(&st, kCuStreamNonBlocking);
  *out = r == kCuSuccess ? (AriCudaStream *)st : NULL;
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuStreamCreate");
}

void ariCudaStreamDestroy(AriCuda *cu, AriCudaStream *s) {
  if (s)
    cu->api.cuStreamDestroy((void *)s);
}

AriCudaStatus ariCudaStreamSynchronize(AriCuda *cu, AriCudaStream *s) {
  AriCuResult r = cu->api.cuStreamSynchronize((void *)s);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuStreamSynchronize");
}

AriCudaStatus ariCudaStreamWaitEvent(AriCuda *cu, AriCudaStream *s, AriCudaEvent *e) {
  AriCuResult r = cu->api.cuStreamWaitEvent((void *)s, (void *)e, 0);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuStreamWaitEvent");
}

AriCudaStatus ariCudaEventCreateNoTiming(AriCuda *cu, AriCudaEvent **out) {
  void *e = NULL;
  AriCuResult r = cu->api.cuEventCreate(&e, kCuEventDisableTiming);
  *out = r == kCuSuccess ? (AriCudaEvent *)e : NULL;
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuEventCreate");
}

AriCudaStatus ariCudaEventRecordOn(AriCuda *cu, AriCudaEvent *e, AriCudaStream *s) {
  AriCuResult r = cu->api.cuEventRecord((void *)e, (void *)s);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuEventRecord");
}

AriCudaStatus ariCudaEventSynchronize(AriCuda *cu, AriCudaEvent *e) {
  AriCuResult r = cu->api.cuEventSynchronize((void *)e);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuEventSynchronize");
}

AriCudaStatus ariCudaMemAlloc(AriCuda *cu, size_t bytes, int managed, AriCuDevicePtr *out) {
  *out = 0;
  AriCuResult r = managed ? cu->api.cuMemAllocManaged(out, bytes, kCuMemAttachGlobal)
                          : cu->api.cuMemAlloc(out, bytes);
  if (r == kCuSuccess)
    return ARI_CUDA_OK;
  *out = 0;
  char what[80];
  snprintf(what, sizeof what, "%s of %zu bytes", managed ? "cuMemAllocManaged" : "cuMemAlloc",
           bytes);
  return cuFail(cu, r, what);
}

void ariCudaMemFree(AriCuda *cu, AriCuDevicePtr p) {
  if (p)
    cu->api.cuMemFree(p);
}

AriCudaStatus ariCudaMemcpyAsync(AriCuda *cu, AriCuDevicePtr dst, AriCuDevicePtr src, size_t bytes,
                                 AriCudaStream *s) {
  AriCuResult r = cu->api.cuMemcpyAsync(dst, src, bytes, (void *)s);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuMemcpyAsync");
}

AriCudaStatus ariCudaMemsetAsync(AriCuda *cu, AriCuDevicePtr dst, unsigned value, int elemBytes,
                                 size_t count, AriCudaStream *s) {
  AriCuResult r;
  if (elemBytes == 4)
    r = cu->api.cuMemsetD32Async(dst, value, count, (void *)s);
  else if (elemBytes == 2)
    r = cu->api.cuMemsetD16Async(dst, (unsigned short)value, count, (void *)s);
  else {
    setErr(cu, "memset of %d-byte elements (2 or 4 supported)", elemBytes);
    return ARI_CUDA_INVALID;
  }
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuMemsetAsync");
}

AriCudaStatus ariCudaHostRegister(AriCuda *cu, void *ptr, size_t bytes) {
  AriCuResult r = cu->api.cuMemHostRegister(ptr, bytes, 0);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuMemHostRegister");
}

AriCudaStatus ariCudaHostUnregister(AriCuda *cu, void *ptr) {
  AriCuResult r = cu->api.cuMemHostUnregister(ptr);
  return r == kCuSuccess ? ARI_CUDA_OK : cuFail(cu, r, "cuMemHostUnregister");
}
