/*===- runner.c - run compiled GPU functions on a GPU host (libc + dlopen) ==*\
 *
 * Linked with one generated host stub (ariadne-compile --target=nvptx64
 * --stub) and runtime/cuda.c, compiled with -DARI_PROGRAM=<prefix>_info.
 * Needs nothing but libc and libdl: no LLVM, MLIR or CUDA headers; the
 * driver (and cuBLAS, for the comparison) are opened with dlopen.
 *
 *   runner list
 *   runner inputs FUNC DIR [--seed=N]    write random inputs DIR/argK.bin
 *                                       (no GPU needed; the interpreter
 *                                       computes the expected outputs)
 *   runner check FUNC DIR [--rtol=R --atol=A]
 *                                       run on DIR/argK.bin, compare every
 *                                       output with DIR/expected/argK.txt
 *   runner bench FUNC [--reps=N] [--flops=F] [--seed=N]
 *                [--sgemm=A,B,C]       time FUNC (CUDA events); with
 *                                       --sgemm also cuBLAS SGEMM on the
 *                                       same inputs (args A x B = C,
 *                                       row-major), checked and timed;
 *                [--harris=IN,OUT]     with --harris also the naive C Harris
 *                                       (one CPU thread) on the same input,
 *                                       checked against the GPU's and timed
 * options: --lib=PATH (default libcuda.so.1), --cublas=PATH (default: the
 *          first of libcublas.so, .so.13, .so.12, .so.11), --device=N,
 *          --cubin-dir=DIR (load DIR/<program>.<sm_XY>.cubin for the
 *          device's architecture when present, else the embedded PTX)
 *
 * Compiled with -DARI_MGPU as well, and linked with the program's host code
 * as MLIR lowers it (rise-to-nvvm{host=llvm}: an object that exports
 * _mlir_ciface_FUNC and launches through MLIR's mgpu* calls) and with
 * runtime/mgpu.c, `check` runs that host code instead of the stub: the
 * second way to the GPU (docs/gpu.md) checked on the same inputs. The
 * stub then only describes the arguments.
 *
 * Exit status: 0 pass, 1 failure, 2 bad command line, 77 skipped (no CUDA
 * driver or GPU; the reason is printed as "SKIPPED: ...").
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/cuda.h"
#ifdef ARI_MGPU
#include "runtime/mgpu.h"
#endif

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef ARI_PROGRAM
#error "compile with -DARI_PROGRAM=<prefix>_info"
#endif

extern const AriGpuProgramInfo ARI_PROGRAM;

enum { kSkip = 77, kMaxArgs = 64 };

typedef struct {
  const char *cmd, *func, *dir, *lib, *cubinDir, *sgemm, *cublas, *harris;
  int device, reps;
  uint64_t seed;
  double rtol, atol, flops;
} Opts;

static int usage(const char *msg) {
  fprintf(stderr,
          "runner: %s\nusage: runner list | inputs FUNC DIR [--seed=N] | check FUNC DIR "
          "[--rtol=R] [--atol=A] | bench FUNC [--reps=N] [--flops=F] [--sgemm=A,B,C] "
          "[--cublas=PATH] [--harris=IN,OUT]\n"
          "       [--lib=PATH] [--device=N] [--cubin-dir=DIR]\n",
          msg);
  return 2;
}

static const AriGpuFuncInfo *findFunc(const char *name) {
  for (int i = 0; i < ARI_PROGRAM.nfuncs; ++i)
    if (!strcmp(ARI_PROGRAM.funcs[i].name, name))
      return &ARI_PROGRAM.funcs[i];
  return NULL;
}

/*--- Inputs -------------------------------------------------------------------*/

/* splitmix64: the same stream for the same seed on every host. */
static uint64_t nextRand(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static size_t elemSize(const char *e) {
  return !strcmp(e, "f64") || !strcmp(e, "i64") || !strcmp(e, "index") ? 8
         : !strcmp(e, "i8") || !strcmp(e, "i1")                        ? 1
                                                                       : 4;
}

/* Floats uniform in [-1, 1), integers in [-8, 8], index in [0, 8), i1
 * (a C bool) 0 or 1. */
static void fillRandom(const AriGpuArgInfo *a, void *data, uint64_t seed) {
  size_t es = elemSize(a->elem), n = a->bytes / es;
  uint64_t s = seed;
  for (size_t i = 0; i < n; ++i) {
    uint64_t r = nextRand(&s);
    double u = (double)(r >> 11) / 9007199254740992.0 * 2.0 - 1.0;
    int64_t k = (int64_t)(r % 17) - 8;
    char *p = (char *)data + i * es;
    if (!strcmp(a->elem, "f32")) {
      float f = (float)u;
      memcpy(p, &f, 4);
    } else if (!strcmp(a->elem, "f64")) {
      memcpy(p, &u, 8);
    } else if (!strcmp(a->elem, "index")) {
      int64_t v = (int64_t)(r % 8);
      memcpy(p, &v, 8);
    } else if (!strcmp(a->elem, "i1")) {
      bool v = r & 1;
      memcpy(p, &v, 1);
    } else if (es == 8) {
      memcpy(p, &k, 8);
    } else if (es == 4) {
      int32_t v = (int32_t)k;
      memcpy(p, &v, 4);
    } else {
      int8_t v = (int8_t)k;
      memcpy(p, &v, 1);
    }
  }
}

static bool isInput(const AriGpuArgInfo *a) {
  return !a->isBuffer || (a->access & ARI_CUDA_DEVICE_READ);
}

static bool isOutput(const AriGpuArgInfo *a) {
  return a->isBuffer && (a->access & ARI_CUDA_DEVICE_WRITE);
}

static bool writeFile(const char *path, const void *data, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fwrite(data, 1, n, f) == n;
  return fclose(f) == 0 && ok;
}

static bool readFile(const char *path, void *data, size_t n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  bool ok = fread(data, 1, n, f) == n && fgetc(f) == EOF;
  fclose(f);
  return ok;
}

static int cmdInputs(const Opts *o, const AriGpuFuncInfo *fn) {
  for (int i = 0; i < fn->nargs; ++i) {
    const AriGpuArgInfo *a = &fn->args[i];
    if (!isInput(a))
      continue;
    void *data = calloc(1, a->bytes);
    if (!data)
      return fprintf(stderr, "runner: out of memory\n"), 1;
    fillRandom(a, data, o->seed + (uint64_t)i);
    char path[4096];
    snprintf(path, sizeof path, "%s/arg%d.bin", o->dir, i);
    bool ok = writeFile(path, data, a->bytes);
    free(data);
    if (!ok)
      return fprintf(stderr, "runner: cannot write %s: %s\n", path, strerror(errno)), 1;
    printf("%s\n", path);
  }
  return 0;
}

/*--- Running ------------------------------------------------------------------*/

typedef struct {
  AriCuda *cu;
  void *prog;
  bool loaded;
  AriCudaBuffer *bufs[kMaxArgs];
  void *scalars[kMaxArgs];
  void *args[kMaxArgs];
} Run;

static int openGpu(const Opts *o, Run *r) {
  char err[1024] = "";
  AriCudaStatus s = ariCudaOpen(&r->cu, o->lib, o->device, err, sizeof err);
  if (s == ARI_CUDA_NO_DEVICE) {
    printf("SKIPPED: %s\n", err);
    return kSkip;
  }
  if (s != ARI_CUDA_OK) {
    fprintf(stderr, "runner: %s\n", err);
    return 1;
  }
  r->prog = calloc(1, ARI_PROGRAM.size);
  if (!r->prog)
    return fprintf(stderr, "runner: out of memory\n"), 1;
  int cc = ariCudaComputeCapability(r->cu);
  printf("device: %s (sm_%d)\n", ariCudaDeviceName(r->cu), cc);
  char path[4096];
  void *image = NULL;
  size_t len = 0;
  /* A cubin runs on its architecture and later minor versions of the same
   * major one (sm_80 on sm_86), so the closest one at or below is taken. */
  for (int m = cc % 10; o->cubinDir && !len && m >= 0; --m) {
    snprintf(path, sizeof path, "%s/%s.sm_%d.cubin", o->cubinDir, ARI_PROGRAM.name,
             cc / 10 * 10 + m);
    FILE *f = fopen(path, "rb");
    if (f) {
      fseek(f, 0, SEEK_END);
      long n = ftell(f);
      fseek(f, 0, SEEK_SET);
      image = n > 0 ? malloc((size_t)n) : NULL;
      if (image && fread(image, 1, (size_t)n, f) == (size_t)n)
        len = (size_t)n;
      fclose(f);
      if (!len) {
        free(image);
        image = NULL;
      }
    }
  }
  if (len) {
    printf("module: %s\n", path);
    s = ARI_PROGRAM.loadImage(r->cu, r->prog, image, len);
  } else {
    printf("module: embedded PTX (%s), JIT-compiled by the driver\n", ARI_PROGRAM.arch);
    s = ARI_PROGRAM.load(r->cu, r->prog);
  }
  free(image);
  if (s != ARI_CUDA_OK) {
    fprintf(stderr, "runner: loading %s: %s\n", ARI_PROGRAM.name, ariCudaLastError(r->cu));
    return 1;
  }
  r->loaded = true;
  return 0;
}

static void closeGpu(Run *r) {
  for (int i = 0; i < kMaxArgs; ++i) {
    if (r->bufs[i])
      ariCudaBufferDestroy(r->cu, r->bufs[i]);
    free(r->scalars[i]);
  }
  if (r->loaded)
    ARI_PROGRAM.unload(r->cu, r->prog);
  free(r->prog);
  ariCudaClose(r->cu);
}

/* Creates the arguments; inputs come from `dir` (or the seed). */
static int makeArgs(const Opts *o, const AriGpuFuncInfo *fn, Run *r, const char *dir) {
  for (int i = 0; i < fn->nargs; ++i) {
    const AriGpuArgInfo *a = &fn->args[i];
    void *host = NULL;
    if (a->isBuffer) {
      unsigned acc = a->access | ARI_CUDA_HOST_READ | ARI_CUDA_HOST_WRITE;
      if (ariCudaBufferCreate(r->cu, a->bytes, acc, &r->bufs[i]) != ARI_CUDA_OK ||
          ariCudaBufferHostSync(r->cu, r->bufs[i], ARI_CUDA_HOST_WRITE, &host) != ARI_CUDA_OK)
        return fprintf(stderr, "runner: %s\n", ariCudaLastError(r->cu)), 1;
      r->args[i] = r->bufs[i];
    } else {
      host = r->scalars[i] = calloc(1, a->bytes < 8 ? 8 : a->bytes);
      if (!host)
        return fprintf(stderr, "runner: out of memory\n"), 1;
      r->args[i] = host;
    }
    if (!isInput(a))
      continue;
    if (dir) {
      char path[4096];
      snprintf(path, sizeof path, "%s/arg%d.bin", dir, i);
      if (!readFile(path, host, a->bytes))
        return fprintf(stderr, "runner: cannot read %zu bytes from %s\n", a->bytes, path), 1;
    } else {
      fillRandom(a, host, o->seed + (uint64_t)i);
    }
  }
  return 0;
}

static int call(Run *r, const AriGpuFuncInfo *fn) {
  if (fn->call(r->cu, r->prog, r->args) != ARI_CUDA_OK) {
    fprintf(stderr, "runner: %s failed: %s\n", fn->name, ariCudaLastError(r->cu));
    return 1;
  }
  return 0;
}

/* Compares output `i`, at `host`, with the numbers of
 * DIR/expected/argI.txt. */
static int compare(const Opts *o, const AriGpuFuncInfo *fn, int i, const void *host) {
  const AriGpuArgInfo *a = &fn->args[i];
  char path[4096];
  snprintf(path, sizeof path, "%s/expected/arg%d.txt", o->dir, i);
  FILE *f = fopen(path, "r");
  if (!f)
    return fprintf(stderr, "runner: cannot open %s: %s\n", path, strerror(errno)), 1;
  size_t es = elemSize(a->elem), n = a->bytes / es, bad = 0, k = 0;
  double worst = 0;
  for (; k < n; ++k) {
    double want, got;
    if (fscanf(f, "%lf", &want) != 1)
      break;
    const char *p = (const char *)host + k * es;
    if (!strcmp(a->elem, "f32")) {
      float v;
      memcpy(&v, p, 4);
      got = v;
    } else if (!strcmp(a->elem, "f64")) {
      memcpy(&got, p, 8);
    } else if (es == 8) {
      int64_t v;
      memcpy(&v, p, 8);
      got = (double)v;
    } else if (es == 4) {
      int32_t v;
      memcpy(&v, p, 4);
      got = v;
    } else {
      got = *(const int8_t *)p;
    }
    double err = fabs(got - want), lim = o->atol + o->rtol * fabs(want);
    if (!(err <= lim)) {
      if (bad < 5)
        fprintf(stderr, "runner: %s arg%d[%zu] = %.9g, expected %.9g\n", fn->name, i, k, got, want);
      bad++;
    }
    if (err > worst)
      worst = err;
  }
  double extra;
  bool trailing = fscanf(f, "%lf", &extra) == 1;
  fclose(f);
  if (k != n || trailing)
    return fprintf(stderr, "runner: %s holds %s numbers than the %zu of arg%d\n", path,
                   trailing ? "more" : "fewer", n, i),
           1;
  printf("%s arg%d: %zu values, %zu outside tolerance, max abs error %.3g\n", fn->name, i, n, bad,
         worst);
  return bad ? 1 : 0;
}

#ifndef ARI_MGPU
static int cmdCheck(const Opts *o, const AriGpuFuncInfo *fn) {
  Run r;
  memset(&r, 0, sizeof r);
  int rc = openGpu(o, &r);
  if (!rc)
    rc = makeArgs(o, fn, &r, o->dir);
  if (!rc)
    rc = call(&r, fn);
  for (int i = 0; !rc && i < fn->nargs; ++i) {
    if (!isOutput(&fn->args[i]))
      continue;
    void *host = NULL;
    if (ariCudaBufferHostSync(r.cu, r.bufs[i], ARI_CUDA_HOST_READ, &host) != ARI_CUDA_OK)
      rc = (fprintf(stderr, "runner: %s\n", ariCudaLastError(r.cu)), 1);
    else
      rc |= compare(o, fn, i, host);
  }
  if (r.cu)
    closeGpu(&r);
  printf("%s %s\n", fn->name, rc == 0 ? "PASSED" : rc == kSkip ? "SKIPPED" : "FAILED");
  return rc;
}
#endif

#ifdef ARI_MGPU
/* `check` through MLIR's host code: _mlir_ciface_FUNC (found with dlsym:
 * link with -rdynamic) called on memref descriptors of managed memory,
 * which both the host (inputs, outputs) and the kernels the host code
 * launches can reach. Functions of memref arguments only, up to 6. */
typedef void (*Ciface1)(void *);
typedef void (*Ciface2)(void *, void *);
typedef void (*Ciface3)(void *, void *, void *);
typedef void (*Ciface4)(void *, void *, void *, void *);
typedef void (*Ciface5)(void *, void *, void *, void *, void *);
typedef void (*Ciface6)(void *, void *, void *, void *, void *, void *);

static int cmdCheckMgpu(const Opts *o, const AriGpuFuncInfo *fn) {
  /* The mgpu* calls have no error channel, and no way to say "no GPU":
   * the driver is opened once here first, for the skip. */
  AriCuda *cu = NULL;
  char err[1024] = "";
  AriCudaStatus s = ariCudaOpen(&cu, o->lib, o->device, err, sizeof err);
  if (s == ARI_CUDA_NO_DEVICE) {
    printf("SKIPPED: %s\n", err);
    return kSkip;
  }
  if (s != ARI_CUDA_OK)
    return fprintf(stderr, "runner: %s\n", err), 1;
  printf("device: %s (sm_%d)\nhost code: MLIR's (rise-to-nvvm{host=llvm}, mgpu* calls)\n",
         ariCudaDeviceName(cu), ariCudaComputeCapability(cu));
  ariCudaClose(cu);
  /* The host code's global constructors opened the driver (and loaded
   * its modules) before main: only the environment can name it. */
  const char *env = getenv("ARIADNE_LIBCUDA");
  if (o->lib && (!env || strcmp(env, o->lib)))
    return fprintf(stderr, "runner: with MLIR's host code, name the driver with "
                           "ARIADNE_LIBCUDA=%s (it is opened before main)\n",
                   o->lib),
           2;
  /* For the same reason its device is the driver's first. */
  if (o->device)
    return fprintf(stderr, "runner: with MLIR's host code, --device must be 0 (its constructors "
                           "chose the device before main)\n"),
           2;
  if (fn->nargs < 1 || fn->nargs > 6)
    return fprintf(stderr, "runner: %s: %d arguments (the mgpu check takes 1 to 6)\n", fn->name,
                   fn->nargs),
           1;
  char sym[512];
  snprintf(sym, sizeof sym, "_mlir_ciface_%s", fn->name);
  void *f = dlsym(RTLD_DEFAULT, sym);
  if (!f)
    return fprintf(stderr, "runner: %s is not linked in (or not exported: -rdynamic)\n", sym), 1;
  void *data[6] = {0};
  int64_t *desc[6] = {0};
  int rc = 0;
  for (int i = 0; !rc && i < fn->nargs; ++i) {
    const AriGpuArgInfo *a = &fn->args[i];
    if (!a->isBuffer) {
      rc = (fprintf(stderr, "runner: %s: argument %d is a scalar (the mgpu check takes memrefs)\n",
                    fn->name, i),
            1);
      break;
    }
    data[i] = mgpuMemAlloc(a->bytes, NULL, true);
    desc[i] = calloc(3 + 2 * (size_t)a->rank, sizeof(int64_t));
    if (!data[i] || !desc[i]) {
      rc = (fprintf(stderr, "runner: cannot allocate argument %d (%zu bytes)\n", i, a->bytes), 1);
      break;
    }
    /* { allocated, aligned, offset, sizes[rank], strides[rank] }, row-major. */
    memcpy(&desc[i][0], &data[i], sizeof(void *));
    memcpy(&desc[i][1], &data[i], sizeof(void *));
    int64_t stride = 1;
    for (int d = a->rank - 1; d >= 0; --d) {
      desc[i][3 + d] = a->shape[d];
      desc[i][3 + a->rank + d] = stride;
      stride *= a->shape[d];
    }
    if (isInput(a)) {
      char path[4096];
      snprintf(path, sizeof path, "%s/arg%d.bin", o->dir, i);
      if (!readFile(path, data[i], a->bytes))
        rc = (fprintf(stderr, "runner: cannot read %zu bytes from %s\n", a->bytes, path), 1);
    }
  }
  if (!rc) {
    void **d = (void **)desc;
    switch (fn->nargs) {
    case 1: ((Ciface1)f)(d[0]); break;
    case 2: ((Ciface2)f)(d[0], d[1]); break;
    case 3: ((Ciface3)f)(d[0], d[1], d[2]); break;
    case 4: ((Ciface4)f)(d[0], d[1], d[2], d[3]); break;
    case 5: ((Ciface5)f)(d[0], d[1], d[2], d[3], d[4]); break;
    default: ((Ciface6)f)(d[0], d[1], d[2], d[3], d[4], d[5]); break;
    }
    /* The host code synchronised its stream; a failed mgpu* call printed
     * its line and computed nothing, so the outputs cannot be trusted. */
    if (ariMgpuErrorCount() != 0)
      rc = (fprintf(stderr, "runner: %d mgpu* calls failed\n", ariMgpuErrorCount()), 1);
  }
  for (int i = 0; !rc && i < fn->nargs; ++i)
    if (isOutput(&fn->args[i]))
      rc |= compare(o, fn, i, data[i]);
  for (int i = 0; i < fn->nargs; ++i) {
    if (data[i])
      mgpuMemFree(data[i], NULL);
    free(desc[i]);
  }
  printf("%s (mgpu) %s\n", fn->name, rc == 0 ? "PASSED" : "FAILED");
  return rc;
}
#endif

/*--- Benchmarks -----------------------------------------------------------------*/

static int cmpFloat(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

typedef int (*TimedFn)(Run *r, const AriGpuFuncInfo *fn, void *user);

/* Median and minimum of `reps` event-timed runs after one warm-up. */
static int timeIt(Run *r, const AriGpuFuncInfo *fn, TimedFn f, void *user, int reps, float *median,
                  float *best) {
  AriCudaEvent *e0 = NULL, *e1 = NULL;
  float *ms = calloc((size_t)reps, sizeof *ms);
  int rc = !ms || ariCudaEventCreate(r->cu, &e0) || ariCudaEventCreate(r->cu, &e1);
  if (!rc)
    rc = f(r, fn, user) || ariCudaSynchronize(r->cu);
  for (int i = 0; !rc && i < reps; ++i) {
    rc = ariCudaEventRecord(r->cu, e0) || f(r, fn, user) || ariCudaEventRecord(r->cu, e1) ||
         ariCudaEventElapsedMs(r->cu, e0, e1, &ms[i]);
  }
  if (rc)
    fprintf(stderr, "runner: timing failed: %s\n", ariCudaLastError(r->cu));
  else {
    qsort(ms, (size_t)reps, sizeof *ms, cmpFloat);
    *median = ms[reps / 2];
    *best = ms[0];
  }
  ariCudaEventDestroy(r->cu, e0);
  ariCudaEventDestroy(r->cu, e1);
  free(ms);
  return rc ? 1 : 0;
}

static int timedCall(Run *r, const AriGpuFuncInfo *fn, void *user) {
  (void)user;
  return call(r, fn);
}

/* cuBLAS through dlopen (the runtime API's handle-based v2 entry points). */
typedef struct {
  void *lib, *handle;
  int (*create)(void **);
  int (*destroy)(void *);
  int (*sgemm)(void *, int, int, int, int, int, const float *, const void *, int, const void *, int,
               const float *, void *, int);
  int m, n, k;
  AriCuDevicePtr a, b, c;
} Blas;

static int timedSgemm(Run *r, const AriGpuFuncInfo *fn, void *user) {
  (void)r, (void)fn;
  Blas *b = user;
  const float one = 1.0f, zero = 0.0f;
  /* Row-major C = A B is column-major C^T = B^T A^T. */
  int st = b->sgemm(b->handle, 0, 0, b->n, b->m, b->k, &one, (const void *)(uintptr_t)b->b, b->n,
                    (const void *)(uintptr_t)b->a, b->k, &zero, (void *)(uintptr_t)b->c, b->n);
  if (st != 0)
    fprintf(stderr, "runner: cublasSgemm failed: status %d\n", st);
  return st != 0;
}

static bool openBlas(Blas *b, const char *path) {
  static const char *const names[] = {"libcublas.so", "libcublas.so.13", "libcublas.so.12",
                                      "libcublas.so.11"};
  if (path)
    b->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  for (size_t i = 0; !path && i < sizeof names / sizeof names[0] && !b->lib; ++i)
    b->lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (!b->lib)
    return false;
  *(void **)&b->create = dlsym(b->lib, "cublasCreate_v2");
  *(void **)&b->destroy = dlsym(b->lib, "cublasDestroy_v2");
  *(void **)&b->sgemm = dlsym(b->lib, "cublasSgemm_v2");
  return b->create && b->destroy && b->sgemm && b->create(&b->handle) == 0;
}

static int benchSgemm(const Opts *o, const AriGpuFuncInfo *fn, Run *r, float riseMs) {
  int ia, ib, ic;
  if (sscanf(o->sgemm, "%d,%d,%d", &ia, &ib, &ic) != 3 || ia < 0 || ib < 0 || ic < 0 ||
      ia >= fn->nargs || ib >= fn->nargs || ic >= fn->nargs || fn->args[ia].rank != 2 ||
      fn->args[ib].rank != 2 || fn->args[ic].rank != 2 || strcmp(fn->args[ic].elem, "f32"))
    return fprintf(stderr, "runner: --sgemm needs three rank-2 f32 buffer arguments\n"), 2;
  Blas b;
  memset(&b, 0, sizeof b);
  if (!openBlas(&b, o->cublas)) {
    printf("cuBLAS: SKIPPED (libcublas cannot be loaded or initialised)\n");
    if (b.lib)
      dlclose(b.lib);
    return 0;
  }
  b.m = (int)fn->args[ia].shape[0];
  b.k = (int)fn->args[ia].shape[1];
  b.n = (int)fn->args[ib].shape[1];
  AriCudaBuffer *ref = NULL;
  int rc = 0;
  if (ariCudaBufferDeviceSync(r->cu, r->bufs[ia], ARI_CUDA_DEVICE_READ, &b.a) ||
      ariCudaBufferDeviceSync(r->cu, r->bufs[ib], ARI_CUDA_DEVICE_READ, &b.b) ||
      ariCudaBufferCreate(r->cu, fn->args[ic].bytes, ARI_CUDA_DEVICE_WRITE | ARI_CUDA_HOST_READ,
                          &ref) ||
      ariCudaBufferDeviceSync(r->cu, ref, ARI_CUDA_DEVICE_WRITE, &b.c))
    rc = (fprintf(stderr, "runner: %s\n", ariCudaLastError(r->cu)), 1);
  float med = 0, best = 0;
  if (!rc)
    rc = timeIt(r, fn, timedSgemm, &b, o->reps, &med, &best);
  if (!rc) {
    double flops = 2.0 * b.m * b.n * (double)b.k;
    printf("cuBLAS SGEMM %dx%dx%d: median %.3f ms, best %.3f ms, %.2f TFLOP/s\n", b.m, b.n, b.k,
           med, best, flops / (med * 1e9));
    printf("ratio rise/cuBLAS: %.1f%% of cuBLAS's throughput\n", 100.0 * med / riseMs);
    /* The two results must agree (different summation orders). */
    void *hc = NULL, *hr = NULL;
    if (ariCudaBufferHostSync(r->cu, r->bufs[ic], ARI_CUDA_HOST_READ, &hc) ||
        ariCudaBufferHostSync(r->cu, ref, ARI_CUDA_HOST_READ, &hr))
      rc = (fprintf(stderr, "runner: %s\n", ariCudaLastError(r->cu)), 1);
    else {
      size_t n = fn->args[ic].bytes / 4;
      double worst = 0, scale = 0;
      for (size_t i = 0; i < n; ++i) {
        double x = ((float *)hc)[i], y = ((float *)hr)[i];
        worst = fabs(x - y) > worst ? fabs(x - y) : worst;
        scale = fabs(y) > scale ? fabs(y) : scale;
      }
      bool ok = worst <= 1e-3 * (scale > 1 ? scale : 1);
      printf("rise vs cuBLAS: max abs difference %.3g (max |C| %.3g): %s\n", worst, scale,
             ok ? "agree" : "DIFFER");
      rc = ok ? 0 : 1;
    }
  }
  ariCudaBufferDestroy(r->cu, ref);
  b.destroy(b.handle);
  dlclose(b.lib);
  return rc;
}

/* The naive stage-by-stage Harris of test/bench/bench.c (the algorithm of
 * test/examples/harris.mlir): in 3 x H x W, out (H-4) x (W-4). */
static const float kSx[9] = {-0.0833333358f, 0.0f,           0.0833333358f, -0.166666672f, 0.0f,
                             0.166666672f,   -0.0833333358f, 0.0f,          0.0833333358f};
static const float kSy[9] = {-0.0833333358f, -0.166666672f, -0.0833333358f, 0.0f,         0.0f,
                             0.0f,           0.0833333358f, 0.166666672f,   0.0833333358f};

static void harrisC(const float *in, int h, int w, float *gray, float *ixx, float *ixy, float *iyy,
                    float *out) {
  const size_t plane = (size_t)h * w;
  for (size_t o = 0; o < plane; ++o) {
    float g = 0;
    g += in[o] * 0.299f;
    g += in[plane + o] * 0.587f;
    g += in[2 * plane + o] * 0.114f;
    gray[o] = g;
  }
  const int w1 = w - 2;
  for (int y = 0; y < h - 2; ++y)
    for (int x = 0; x < w1; ++x) {
      float sx = 0, sy = 0;
      for (int dy = 0; dy < 3; ++dy)
        for (int dx = 0; dx < 3; ++dx) {
          float g = gray[(size_t)(y + dy) * w + x + dx];
          sx += kSx[dy * 3 + dx] * g;
          sy += kSy[dy * 3 + dx] * g;
        }
      size_t o = (size_t)y * w1 + x;
      ixx[o] = sx * sx;
      ixy[o] = sx * sy;
      iyy[o] = sy * sy;
    }
  for (int y = 0; y < h - 4; ++y)
    for (int x = 0; x < w - 4; ++x) {
      float sxx = 0, sxy = 0, syy = 0;
      for (int dy = 0; dy < 3; ++dy)
        for (int dx = 0; dx < 3; ++dx) {
          size_t o = (size_t)(y + dy) * w1 + x + dx;
          sxx += ixx[o];
          sxy += ixy[o];
          syy += iyy[o];
        }
      float det = sxx * syy - sxy * sxy;
      float tr = sxx + syy;
      out[(size_t)y * (w - 4) + x] = det - 0.04f * tr * tr;
    }
}

static int benchHarris(const Opts *o, const AriGpuFuncInfo *fn, Run *r, float gpuMs) {
  int ii, io;
  if (sscanf(o->harris, "%d,%d", &ii, &io) != 2 || ii < 0 || io < 0 || ii >= fn->nargs ||
      io >= fn->nargs || fn->args[ii].rank != 3 || fn->args[io].rank != 2 ||
      fn->args[ii].shape[0] != 3 || fn->args[ii].shape[1] != fn->args[io].shape[0] + 4 ||
      fn->args[ii].shape[2] != fn->args[io].shape[1] + 4 || strcmp(fn->args[io].elem, "f32"))
    return fprintf(stderr, "runner: --harris needs IN (3 x h+4 x w+4) and OUT (h x w) f32\n"), 2;
  int h = (int)fn->args[ii].shape[1], w = (int)fn->args[ii].shape[2];
  size_t plane = (size_t)h * w, p1 = (size_t)(h - 2) * (w - 2), no = (size_t)(h - 4) * (w - 4);
  void *in = NULL, *gpu = NULL;
  if (ariCudaBufferHostSync(r->cu, r->bufs[ii], ARI_CUDA_HOST_READ, &in) ||
      ariCudaBufferHostSync(r->cu, r->bufs[io], ARI_CUDA_HOST_READ, &gpu))
    return fprintf(stderr, "runner: %s\n", ariCudaLastError(r->cu)), 1;
  float *gray = malloc(plane * sizeof *gray), *ixx = malloc(p1 * sizeof *ixx),
        *ixy = malloc(p1 * sizeof *ixy), *iyy = malloc(p1 * sizeof *iyy),
        *ref = malloc(no * sizeof *ref);
  int rc = 0;
  if (!gray || !ixx || !ixy || !iyy || !ref)
    rc = (fprintf(stderr, "runner: out of memory\n"), 1);
  double best = 0;
  for (int rep = 0; !rc && rep < 3; ++rep) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    harrisC(in, h, w, gray, ixx, ixy, iyy, ref);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    best = rep == 0 || ms < best ? ms : best;
  }
  if (!rc) {
    double worst = 0, scale = 0;
    for (size_t i = 0; i < no; ++i) {
      double d = fabs((double)((float *)gpu)[i] - ref[i]);
      worst = d > worst ? d : worst;
      scale = fabs(ref[i]) > scale ? fabs(ref[i]) : scale;
    }
    bool ok = worst <= 1e-4 * (scale > 1 ? scale : 1);
    printf("naive C Harris, 1 CPU thread: best %.3f ms of 3; GPU %.3f ms: %.1fx\n", best, gpuMs,
           best / gpuMs);
    printf("GPU vs C Harris: max abs difference %.3g (max |response| %.3g): %s\n", worst, scale,
           ok ? "agree" : "DIFFER");
    rc = ok ? 0 : 1;
  }
  free(gray), free(ixx), free(ixy), free(iyy), free(ref);
  return rc;
}

static int cmdBench(const Opts *o, const AriGpuFuncInfo *fn) {
  Run r;
  memset(&r, 0, sizeof r);
  int rc = openGpu(o, &r);
  if (!rc)
    rc = makeArgs(o, fn, &r, NULL);
  float med = 0, best = 0;
  if (!rc)
    rc = timeIt(&r, fn, timedCall, NULL, o->reps, &med, &best);
  if (!rc) {
    printf("%s: median %.3f ms, best %.3f ms over %d runs", fn->name, med, best, o->reps);
    if (o->flops > 0)
      printf(", %.2f TFLOP/s", o->flops / (med * 1e9));
    printf("\n");
    if (o->sgemm)
      rc = benchSgemm(o, fn, &r, med);
    if (!rc && o->harris)
      rc = benchHarris(o, fn, &r, med);
  }
  if (r.cu)
    closeGpu(&r);
  return rc;
}

static bool optValue(const char *a, const char *name, const char **v) {
  size_t n = strlen(name);
  if (strncmp(a, name, n) || a[n] != '=')
    return false;
  *v = a + n + 1;
  return true;
}

int main(int argc, char **argv) {
  Opts o;
  memset(&o, 0, sizeof o);
  o.reps = 20;
  o.rtol = 1e-3;
  o.atol = 1e-4;
  o.seed = 1;
  const char *pos[3] = {NULL, NULL, NULL};
  int npos = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    char *end = NULL;
    if (optValue(a, "--lib", &v))
      o.lib = v;
    else if (optValue(a, "--cubin-dir", &v))
      o.cubinDir = v;
    else if (optValue(a, "--harris", &v))
      o.harris = v;
    else if (optValue(a, "--cublas", &v))
      o.cublas = v;
    else if (optValue(a, "--sgemm", &v))
      o.sgemm = v;
    else if (optValue(a, "--device", &v))
      o.device = (int)strtol(v, &end, 10);
    else if (optValue(a, "--reps", &v))
      o.reps = (int)strtol(v, &end, 10);
    else if (optValue(a, "--seed", &v))
      o.seed = strtoull(v, &end, 10);
    else if (optValue(a, "--rtol", &v))
      o.rtol = strtod(v, &end);
    else if (optValue(a, "--atol", &v))
      o.atol = strtod(v, &end);
    else if (optValue(a, "--flops", &v))
      o.flops = strtod(v, &end);
    else if (a[0] == '-')
      return usage("unknown option");
    else if (npos < 3)
      pos[npos++] = a;
    else
      return usage("too many arguments");
    if (end && (*end || end == v))
      return usage("bad number in an option");
    if (o.reps < 1 || o.device < 0)
      return usage("--reps must be positive and --device non-negative");
  }
  if (!npos)
    return usage("no command");
  o.cmd = pos[0];
  o.func = pos[1];
  o.dir = pos[2];
  if (!strcmp(o.cmd, "list") && npos == 1) {
    for (int i = 0; i < ARI_PROGRAM.nfuncs; ++i) {
      const AriGpuFuncInfo *fn = &ARI_PROGRAM.funcs[i];
      printf("%s", fn->name);
      for (int j = 0; j < fn->nargs; ++j)
        printf(" %s%s", fn->args[j].type,
               isOutput(&fn->args[j]) ? (isInput(&fn->args[j]) ? "(inout)" : "(out)") : "");
      printf("\n");
    }
    return 0;
  }
  const AriGpuFuncInfo *fn = o.func ? findFunc(o.func) : NULL;
  if (!fn)
    return usage(o.func ? "no such function in this program" : "no function named");
  if (fn->nargs > kMaxArgs)
    return usage("too many arguments");
  if (!strcmp(o.cmd, "inputs") && npos == 3)
    return cmdInputs(&o, fn);
#ifdef ARI_MGPU
  if (!strcmp(o.cmd, "check") && npos == 3)
    return cmdCheckMgpu(&o, fn);
#else
  if (!strcmp(o.cmd, "check") && npos == 3)
    return cmdCheck(&o, fn);
#endif
  if (!strcmp(o.cmd, "bench") && npos == 2)
    return cmdBench(&o, fn);
  return usage("bad command");
}
