/*===- fake_cuda.c - a CUDA driver stand-in for tests without a GPU ---------===*\
 *
 * Built as libAriadneFakeCuda.so and opened by tests in place of
 * libcuda.so.1 (ariCudaOpen's `library` argument). Device memory is host
 * memory; modules are PTX whose `.entry NAME(` lines and parameter lists
 * are parsed; a launch checks that the kernel exists and reads exactly as
 * many parameters, of the sizes the PTX declares, as the kernel has (ASan
 * catches a short params array); nothing is executed. Counters let tests
 * check the runtime's lazy copies.
 *
 * A driver is process-global by nature, so this fake keeps its state in
 * globals (tests only; the runtime itself has none).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/gpu/fake_cuda.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kNoDevice = 100,
  kInvalidImage = 200,
  kInvalidPtx = 218,
  kNotFound = 500,
};

enum { kMaxKernels = 64, kMaxParams = 256 };

typedef struct {
  char name[128];
  int nparams;
  unsigned char sizes[kMaxParams];
} Kernel;

typedef struct {
  int nkernels;
  Kernel kernels[kMaxKernels];
} Module;

static FakeCudaStats gStats = {.lastJitOpt = -1};
static int gDevices = 1;
static int gInitError = 0;

void fakeCudaConfigure(int devices, int initError) {
  gDevices = devices;
  gInitError = initError;
}

void fakeCudaGetStats(FakeCudaStats *out) { *out = gStats; }

/* Live counts (contexts, modules) survive a reset. */
void fakeCudaResetStats(void) {
  int contexts = gStats.contexts, modules = gStats.modules, streams = gStats.streams,
      registered = gStats.registered;
  memset(&gStats, 0, sizeof gStats);
  gStats.contexts = contexts;
  gStats.modules = modules;
  gStats.streams = streams;
  gStats.registered = registered;
  gStats.lastJitOpt = -1;
}

CUresult cuInit(unsigned flags) {
  (void)flags;
  return gInitError;
}

CUresult cuDeviceGetCount(int *n) {
  *n = gDevices;
  return kSuccess;
}

CUresult cuDeviceGet(int *d, int ordinal) {
  if (ordinal < 0 || ordinal >= gDevices)
    return kInvalidValue;
  *d = ordinal;
  return kSuccess;
}

CUresult cuDeviceGetName(char *name, int len, int dev) {
  (void)dev;
  strncpy(name, "Fake GPU", (size_t)len);
  return kSuccess;
}

CUresult cuDeviceGetAttribute(int *v, int attrib, int dev) {
  (void)dev;
  *v = attrib == 75 ? 9 : attrib == 76 ? 0 : 0;
  return kSuccess;
}

static int gCtx;

CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) {
  (void)dev;
  *ctx = &gCtx;
  gStats.contexts++;
  return kSuccess;
}

CUresult cuDevicePrimaryCtxRelease_v2(int dev) {
  (void)dev;
  gStats.contexts--;
  return kSuccess;
}

static int gShutDown;

void fakeCudaShutDown(int down) { gShutDown = down; }

CUresult cuCtxSetCurrent(void *ctx) {
  if (gShutDown)
    return 4; /* CUDA_ERROR_DEINITIALIZED */
  return ctx == &gCtx ? kSuccess : kInvalidValue;
}

CUresult cuCtxSynchronize(void) {
  gStats.syncs++;
  return kSuccess;
}

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  void *m = calloc(1, bytes);
  if (!m)
    return kOutOfMemory;
  *p = (CUdeviceptr)(uintptr_t)m;
  gStats.allocs++;
  return kSuccess;
}

CUresult cuMemFree_v2(CUdeviceptr p) {
  free((void *)(uintptr_t)p);
  gStats.frees++;
  return kSuccess;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n) {
  memcpy((void *)(uintptr_t)dst, src, n);
  gStats.htod++;
  return kSuccess;
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n) {
  memcpy(dst, (const void *)(uintptr_t)src, n);
  gStats.dtoh++;
  return kSuccess;
}

/* Parameter sizes from ".param .u64 NAME" / ".param .f32 NAME" /
 * ".param .align 8 .b8 NAME[16]". */
static int paramSize(const char *p, const char *end) {
  const char *t = strstr(p, ".param");
  if (!t || t >= end)
    return -1;
  t += 6;
  while (*t == ' ')
    t++;
  if (!strncmp(t, ".align", 6)) {
    const char *br = memchr(t, '[', (size_t)(end - t));
    return br ? atoi(br + 1) : -1;
  }
  if (*t != '.')
    return -1;
  int bits = atoi(t + 2);
  return bits > 0 ? (bits + 7) / 8 : -1;
}

static int parsePtx(Module *m, const char *ptx) {
  if (!strstr(ptx, ".version") || !strstr(ptx, ".target"))
    return kInvalidPtx;
  for (const char *e = strstr(ptx, ".entry "); e; e = strstr(e + 1, ".entry ")) {
    if (m->nkernels == kMaxKernels)
      return kInvalidPtx;
    Kernel *k = &m->kernels[m->nkernels++];
    const char *n = e + 7;
    size_t len = strcspn(n, "( \n");
    if (len == 0 || len >= sizeof k->name)
      return kInvalidPtx;
    memcpy(k->name, n, len);
    k->name[len] = 0;
    const char *open = strchr(n, '('), *close = open ? strchr(open, ')') : NULL;
    if (!open || !close)
      return kInvalidPtx;
    const char *p = open + 1;
    while (p < close) {
      const char *comma = memchr(p, ',', (size_t)(close - p));
      const char *stop = comma ? comma : close;
      if (memchr(p, '.', (size_t)(stop - p))) {
        int sz = paramSize(p, stop);
        if (sz <= 0 || k->nparams == kMaxParams)
          return kInvalidPtx;
        k->sizes[k->nparams++] = (unsigned char)(sz > 255 ? 255 : sz);
      }
      p = stop + 1;
    }
  }
  return kSuccess;
}

/* A cubin's kernels are its ".text.NAME" sections; their parameters are
 * not checked (nparams -1). The image ends with the section headers. */
static int parseCubin(Module *m, const char *img) {
  uint64_t shoff;
  uint16_t shentsize, shnum;
  memcpy(&shoff, img + 0x28, 8);
  memcpy(&shentsize, img + 0x3A, 2);
  memcpy(&shnum, img + 0x3C, 2);
  size_t len = (size_t)(shoff + (uint64_t)shentsize * shnum);
  if (len < 64 || len > (1u << 30))
    return kInvalidImage;
  for (size_t i = 0; i + 7 < len; ++i) {
    if (memcmp(img + i, ".text.", 6))
      continue;
    const char *n = img + i + 6;
    size_t l = strnlen(n, len - i - 6);
    if (l == 0 || l >= sizeof m->kernels[0].name || m->nkernels == kMaxKernels)
      continue;
    Kernel *k = &m->kernels[m->nkernels++];
    memcpy(k->name, n, l);
    k->name[l] = 0;
    k->nparams = -1;
  }
  return m->nkernels ? kSuccess : kInvalidImage;
}

CUresult cuModuleLoadDataEx(void **mod, const void *image, unsigned n, int *opts, void **vals) {
  Module *m = calloc(1, sizeof *m);
  if (!m)
    return kOutOfMemory;
  const char *img = image;
  int r = kSuccess;
  if (!memcmp(img, "\177ELF", 4))
    r = parseCubin(m, img);
  else
    r = parsePtx(m, img);
  gStats.lastJitOpt = -1;
  for (unsigned i = 0; i < n; ++i)
    if (opts[i] == 7) /* CU_JIT_OPTIMIZATION_LEVEL */
      gStats.lastJitOpt = (int)(uintptr_t)vals[i];
  if (r != kSuccess) {
    for (unsigned i = 0; i < n; ++i)
      if (opts[i] == 5) /* CU_JIT_ERROR_LOG_BUFFER */
        strcpy(vals[i], "fake: not PTX");
    free(m);
    return r;
  }
  gStats.modules++;
  *mod = m;
  return kSuccess;
}

CUresult cuModuleUnload(void *mod) {
  free(mod);
  gStats.modules--;
  return kSuccess;
}

CUresult cuModuleGetFunction(void **fn, void *mod, const char *name) {
  Module *m = mod;
  for (int i = 0; i < m->nkernels; ++i)
    if (!strcmp(m->kernels[i].name, name)) {
      *fn = &m->kernels[i];
      return kSuccess;
    }
  return kNotFound;
}

CUresult cuFuncSetAttribute(void *fn, int attrib, int value) {
  (void)fn, (void)attrib, (void)value;
  return kSuccess;
}

CUresult cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned shared, void *stream, void **params, void **extra) {
  (void)shared;
  Kernel *k = fn;
  if (!k || extra || !gx || !gy || !gz || !bx || !by || !bz || (k->nparams > 0 && !params))
    return kInvalidValue;
  /* Reads every parameter as the driver would. */
  unsigned char sink = 0;
  for (int i = 0; i < k->nparams; ++i) {
    const unsigned char *p = params[i];
    if (!p)
      return kInvalidValue;
    for (int b = 0; b < k->sizes[i]; ++b)
      sink ^= p[b];
    if (i < 4) {
      gStats.lastParamWords[i] = 0;
      memcpy(&gStats.lastParamWords[i], p, k->sizes[i] < 8 ? k->sizes[i] : 8);
    }
  }
  gStats.lastStream = stream;
  gStats.lastParamXor = sink;
  gStats.launches++;
  gStats.lastParams = k->nparams;
  gStats.lastGrid[0] = gx, gStats.lastGrid[1] = gy, gStats.lastGrid[2] = gz;
  gStats.lastBlock[0] = bx, gStats.lastBlock[1] = by, gStats.lastBlock[2] = bz;
  strncpy(gStats.lastKernel, k->name, sizeof gStats.lastKernel - 1);
  return kSuccess;
}

static int gEvents;

CUresult cuEventCreate(void **ev, unsigned flags) {
  (void)flags;
  int *e = malloc(sizeof *e);
  if (!e)
    return kOutOfMemory;
  *e = -1;
  *ev = e;
  return kSuccess;
}

CUresult cuEventRecord(void *ev, void *stream) {
  (void)stream;
  *(int *)ev = gEvents++;
  return kSuccess;
}

CUresult cuEventSynchronize(void *ev) { return *(int *)ev < 0 ? kInvalidValue : kSuccess; }

/* One "millisecond" per record between the two events. */
CUresult cuEventElapsedTime(float *ms, void *a, void *b) {
  if (*(int *)a < 0 || *(int *)b < 0)
    return kInvalidValue;
  *ms = (float)(*(int *)b - *(int *)a);
  return kSuccess;
}

CUresult cuEventDestroy_v2(void *ev) {
  free(ev);
  return kSuccess;
}

CUresult cuGetErrorString(CUresult r, const char **msg) {
  switch (r) {
  case kNoDevice:
    *msg = "no CUDA-capable device is detected";
    return kSuccess;
  case kInvalidPtx:
    *msg = "a PTX JIT compilation failed";
    return kSuccess;
  case kNotFound:
    *msg = "named symbol not found";
    return kSuccess;
  case kInvalidValue:
    *msg = "invalid argument";
    return kSuccess;
  default:
    *msg = NULL;
    return kInvalidValue;
  }
}

/*--- Streams, async copies, managed and registered memory --------------------*/

CUresult cuStreamCreate(void **st, unsigned flags) {
  (void)flags;
  int *s = malloc(sizeof *s);
  if (!s)
    return kOutOfMemory;
  *s = 0;
  *st = s;
  gStats.streams++;
  return kSuccess;
}

CUresult cuStreamDestroy_v2(void *st) {
  if (!st)
    return kInvalidValue;
  free(st);
  gStats.streams--;
  return kSuccess;
}

CUresult cuStreamSynchronize(void *st) {
  (void)st;
  gStats.streamSyncs++;
  return kSuccess;
}

CUresult cuStreamWaitEvent(void *st, void *ev, unsigned flags) {
  (void)st;
  if (flags || !ev || *(int *)ev < 0)
    return kInvalidValue;
  gStats.streamWaits++;
  return kSuccess;
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t n, void *st) {
  (void)st;
  memcpy((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, n);
  gStats.copies++;
  return kSuccess;
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned v, size_t n, void *st) {
  (void)st;
  for (size_t i = 0; i < n; ++i)
    memcpy((char *)(uintptr_t)dst + 4 * i, &v, 4);
  gStats.memsets++;
  return kSuccess;
}

CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short v, size_t n, void *st) {
  (void)st;
  for (size_t i = 0; i < n; ++i)
    memcpy((char *)(uintptr_t)dst + 2 * i, &v, 2);
  gStats.memsets++;
  return kSuccess;
}

CUresult cuMemAllocManaged(CUdeviceptr *p, size_t bytes, unsigned flags) {
  if (flags != 1) /* CU_MEM_ATTACH_GLOBAL */
    return kInvalidValue;
  CUresult r = cuMemAlloc_v2(p, bytes);
  if (r == kSuccess)
    gStats.managed++;
  return r;
}

CUresult cuMemHostRegister_v2(void *p, size_t bytes, unsigned flags) {
  (void)flags;
  if (!p || !bytes)
    return kInvalidValue;
  gStats.registered++;
  return kSuccess;
}

CUresult cuMemHostUnregister(void *p) {
  if (!p)
    return kInvalidValue;
  gStats.registered--;
  return kSuccess;
}
