/*===- runtime.c - running compiled rise functions natively ----------------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/runtime.h"
#include "utils/arena.h"
#include "utils/file.h"
#include "utils/strbuf.h"

#include "mlir-c/ExecutionEngine.h"

#include <dlfcn.h>
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef ARIADNE_CLANG
#define ARIADNE_CLANG "/usr/lib/llvm-22/bin/clang"
#endif
#ifndef ARIADNE_RUNTIME_SRC
#define ARIADNE_RUNTIME_SRC "runtime"
#endif
#ifndef ARIADNE_LLVM_LIBDIR
#define ARIADNE_LLVM_LIBDIR "/usr/lib/llvm-22/lib"
#endif

extern char **environ;

void *ariRtAllocAligned(AriArena *arena, size_t bytes, size_t align) {
  if (align < 16)
    align = 16;
  if (bytes > SIZE_MAX - align)
    return NULL;
  unsigned char *p = ariArenaCalloc(arena, bytes + align);
  if (!p)
    return NULL;
  uintptr_t a = ((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1);
  return (void *)a;
}

static size_t argBytes(const AriHostArg *a) {
  return (size_t)ariHostArgNumScalars(a) * ariScalarSize(a->scalar);
}

bool ariRtCloneArgs(AriHostArg *dst, const AriHostArg *src, intptr_t n, AriArena *arena) {
  for (intptr_t i = 0; i < n; ++i) {
    const void *from = src[i].data; /* dst may be src */
    size_t bytes = argBytes(&src[i]);
    void *to = ariRtAllocAligned(arena, bytes ? bytes : 1, ARI_RT_ALIGN);
    if (!to)
      return false;
    if (bytes && from)
      memcpy(to, from, bytes);
    dst[i] = src[i];
    dst[i].data = to;
  }
  return true;
}

void ariRtDescribe(const AriHostArg *arg, AriRtDescriptor *d) {
  memset(d, 0, sizeof *d);
  d->allocated = d->aligned = arg->data;
  int r = arg->rank;
  int64_t stride = 1;
  for (int i = r - 1; i >= 0; --i) {
    d->sizesAndStrides[i] = arg->shape[i];
    d->sizesAndStrides[r + i] = stride;
    stride *= arg->shape[i];
  }
}

void **ariRtPackArgs(const AriHostArg *args, intptr_t n, AriArena *arena) {
  void **slots = ariArenaCalloc(arena, sizeof(void *) * (size_t)(n ? n : 1));
  if (!slots)
    return NULL;
  for (intptr_t i = 0; i < n; ++i) {
    if (!args[i].isMemRef) {
      slots[i] = args[i].data;
      continue;
    }
    AriRtDescriptor *d = ariArenaAlloc(arena, sizeof *d);
    if (!d)
      return NULL;
    ariRtDescribe(&args[i], d);
    slots[i] = d;
  }
  return slots;
}

/*--- Linking and loading ------------------------------------------------------*/

/* Runs argv (looked up on PATH) and waits; false with a message unless it
 * exits with status 0. */
static bool spawnWait(char *const argv[], char *err, size_t cap) {
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
  if (rc != 0) {
    snprintf(err, cap, "cannot run %s: %s", argv[0], strerror(rc));
    return false;
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      snprintf(err, cap, "waiting for %s: %s", argv[0], strerror(errno));
      return false;
    }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    if (WIFSIGNALED(status))
      snprintf(err, cap, "%s was killed by signal %d", argv[0], WTERMSIG(status));
    else
      snprintf(err, cap, "%s exited with status %d", argv[0], WEXITSTATUS(status));
    return false;
  }
  return true;
}

bool ariRtLinkShared(const char *object, const char *sharedLib, char *err, size_t cap) {
  /* --as-needed: libomp is recorded only when the code uses OpenMP. */
  char *const argv[] = {(char *)ARIADNE_CLANG,
                        (char *)"-shared",
                        (char *)"-o",
                        (char *)sharedLib,
                        (char *)object,
                        (char *)"-L" ARIADNE_LLVM_LIBDIR,
                        (char *)"-Wl,-rpath," ARIADNE_LLVM_LIBDIR,
                        (char *)"-Wl,--as-needed",
                        (char *)"-lomp",
                        (char *)"-lm",
                        NULL};
  char why[512];
  if (!spawnWait(argv, why, sizeof why)) {
    snprintf(err, cap, "linking %s into %s failed: %s", object, sharedLib, why);
    return false;
  }
  return true;
}

/*--- Running in another process -------------------------------------------------*/

/* Where driver.c and omp_serial.c are: next to an installed tool
 * (BIN/../share/ariadne/runtime, cmake/AriadneInstall.cmake) when there,
 * else the source tree the tool was built from. */
static void runtimeSourceDir(char *dir, size_t cap) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) {
      *slash = 0;
      char probe[4200];
      snprintf(probe, sizeof probe, "%s/../share/ariadne/runtime/driver.c", exe);
      if (access(probe, R_OK) == 0) {
        snprintf(dir, cap, "%s/../share/ariadne/runtime", exe);
        return;
      }
    }
  }
  snprintf(dir, cap, "%s", ARIADNE_RUNTIME_SRC);
}

bool ariRtRemoteBuild(const AriRtRemote *r, const char *object, const char *name,
                      const char *exe, char *err, size_t cap) {
  char entry[600], dir[4200], driver[4300], omp[4300], ompLib[4300], rpath[4300];
  snprintf(entry, sizeof entry, "-DARI_ENTRY=_ari_packed_%s", name);
  runtimeSourceDir(dir, sizeof dir);
  snprintf(driver, sizeof driver, "%s/driver.c", dir);
  snprintf(omp, sizeof omp, "%s/omp_serial.c", dir);
  if (r->ompDir) {
    /* The library by path (no -lomp: the cross linker would search the
     * host's directories first) and an rpath, which qemu's -L prefix
     * falls back from when the sysroot has no such path. */
    snprintf(ompLib, sizeof ompLib, "%s/libomp.so.5", r->ompDir);
    snprintf(rpath, sizeof rpath, "-Wl,-rpath,%s", r->ompDir);
    if (access(ompLib, R_OK) != 0) {
      snprintf(err, cap, "no OpenMP runtime for the target at %s: %s", ompLib, strerror(errno));
      return false;
    }
  }
  char *const argv[] = {(char *)r->cc,
                        (char *)"-std=c11",
                        (char *)"-O1",
                        entry,
                        (char *)"-o",
                        (char *)exe,
                        driver,
                        (char *)object,
                        r->ompDir ? ompLib : omp, /* after the object that needs it */
                        (char *)"-lm",
                        r->ompDir ? rpath : NULL,
                        NULL};
  char why[512];
  if (!spawnWait(argv, why, sizeof why)) {
    snprintf(err, cap, "building the %s driver for %s failed: %s", r->cc, object, why);
    return false;
  }
  return true;
}

/* Fills data[0..n) from the file `path`, which must hold exactly n bytes. */
static bool readExactly(const char *path, void *data, size_t n) {
  char *text = NULL;
  size_t len = 0;
  bool ok = ariFileOk(ariFileRead(path, NULL, n, &text, &len)) && len == n;
  if (ok && n)
    memcpy(data, text, n);
  free(text);
  return ok;
}

enum { kMaxRemoteArgs = 64, kMaxExecWords = 16 };

/* Removes dir/argK.bin and dir/argK.out for K < n: the scratch files of a
 * remote run, on every path out of it (the caller removes the directory,
 * which must then be empty). */
static void removeArgFiles(const char *dir, intptr_t n) {
  char path[4200];
  for (intptr_t k = 0; k < n; ++k) {
    snprintf(path, sizeof path, "%s/arg%ld.bin", dir, (long)k);
    unlink(path);
    snprintf(path, sizeof path, "%s/arg%ld.out", dir, (long)k);
    unlink(path);
  }
}

bool ariRtRemoteRun(const AriRtRemote *r, const char *exe, const char *dir, AriHostArg *args,
                    intptr_t n, char *err, size_t cap) {
  if (n > kMaxRemoteArgs) {
    snprintf(err, cap, "too many arguments to run remotely (%ld)", (long)n);
    return false;
  }
  char words[1024], specs[kMaxRemoteArgs][160], path[4200];
  char *argv[kMaxExecWords + kMaxRemoteArgs + 3];
  int argc = 0;
  snprintf(words, sizeof words, "%s", r->exec ? r->exec : "");
  for (char *save = NULL, *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
    if (argc == kMaxExecWords) {
      snprintf(err, cap, "the exec wrapper has too many words");
      return false;
    }
    argv[argc++] = w;
  }
  argv[argc++] = (char *)exe;
  argv[argc++] = (char *)dir;
  for (intptr_t k = 0; k < n; ++k) {
    const AriHostArg *a = &args[k];
    size_t esize = ariScalarSize(a->scalar);
    if (a->isMemRef) {
      AriStr spec;
      ariStrInitFixed(&spec, specs[k], sizeof specs[k]);
      ariStrPrintf(&spec, "m:%zu:%lld:%d", esize, (long long)a->lanes, a->rank);
      for (int d = 0; d < a->rank; ++d)
        ariStrPrintf(&spec, ":%lld", (long long)a->shape[d]);
      if (!ariStrOk(&spec)) {
        snprintf(err, cap, "argument %ld's shape is too long to pass to the driver", (long)k);
        return false;
      }
    } else {
      snprintf(specs[k], sizeof specs[k], "s:%zu", argBytes(a));
    }
    argv[argc++] = specs[k];
    snprintf(path, sizeof path, "%s/arg%ld.bin", dir, (long)k);
    AriFileError fe = ariFileWriteAtomic(path, a->data, argBytes(a));
    if (!ariFileOk(fe)) {
      ariFileErrorFormat(fe, NULL, err, cap);
      removeArgFiles(dir, k);
      return false;
    }
  }
  argv[argc] = NULL;
  char why[512];
  if (!spawnWait(argv, why, sizeof why)) {
    snprintf(err, cap, "running %s failed: %s", exe, why);
    removeArgFiles(dir, n); /* also what the program wrote before failing */
    return false;
  }
  bool ok = true;
  for (intptr_t k = 0; k < n && ok; ++k) {
    if (!args[k].isMemRef)
      continue;
    snprintf(path, sizeof path, "%s/arg%ld.out", dir, (long)k);
    if (!readExactly(path, args[k].data, argBytes(&args[k]))) {
      snprintf(err, cap, "cannot read %s back (missing or of the wrong size)", path);
      ok = false;
    }
  }
  removeArgFiles(dir, n);
  return ok;
}

bool ariRtOpen(AriRtLibrary *lib, const char *sharedLib, char *err, size_t cap) {
  /* RTLD_LOCAL: two loaded modules may export the same function names. */
  lib->handle = dlopen(sharedLib, RTLD_NOW | RTLD_LOCAL);
  if (!lib->handle) {
    const char *e = dlerror();
    snprintf(err, cap, "cannot load %s: %s", sharedLib, e ? e : "unknown error");
    return false;
  }
  return true;
}

AriRtPackedFn ariRtLookup(const AriRtLibrary *lib, const char *name, char *err, size_t cap) {
  char sym[512];
  if (snprintf(sym, sizeof sym, "_ari_packed_%s", name) >= (int)sizeof sym) {
    snprintf(err, cap, "function name too long");
    return NULL;
  }
  dlerror();
  void *p = dlsym(lib->handle, sym);
  if (!p) {
    snprintf(err, cap, "the compiled code has no function '%s' (symbol %s)", name, sym);
    return NULL;
  }
  /* POSIX guarantees that dlsym's object pointer converts to a function. */
  AriRtPackedFn fn;
  memcpy(&fn, &p, sizeof fn);
  return fn;
}

void ariRtClose(AriRtLibrary *lib) {
  if (lib->handle)
    dlclose(lib->handle);
  lib->handle = NULL;
}

/*--- JIT -------------------------------------------------------------------------*/

bool ariRtJitCreate(AriRtJit *jit, MlirModule lowered, int optLevel, char *err, size_t cap) {
  MlirStringRef libs[] = {mlirStringRefCreateFromCString(ARIADNE_LLVM_LIBDIR "/libomp.so")};
  MlirExecutionEngine e = mlirExecutionEngineCreate(lowered, optLevel, 1, libs, false, false);
  jit->engine = e.ptr;
  if (mlirExecutionEngineIsNull(e)) {
    snprintf(err, cap, "the JIT could not compile the module");
    return false;
  }
  return true;
}

AriRtPackedFn ariRtJitLookup(const AriRtJit *jit, const char *name, char *err, size_t cap) {
  MlirExecutionEngine e = {jit->engine};
  char sym[512];
  if (snprintf(sym, sizeof sym, "_mlir_ciface_%s", name) >= (int)sizeof sym) {
    snprintf(err, cap, "function name too long");
    return NULL;
  }
  void *p = mlirExecutionEngineLookupPacked(e, mlirStringRefCreateFromCString(sym));
  if (!p) {
    snprintf(err, cap, "the JIT-compiled module has no function '%s'", name);
    return NULL;
  }
  AriRtPackedFn fn;
  memcpy(&fn, &p, sizeof fn);
  return fn;
}

void **ariRtJitPackArgs(const AriHostArg *args, intptr_t n, AriArena *arena) {
  void **direct = ariRtPackArgs(args, n, arena);
  void **ind = ariArenaCalloc(arena, sizeof(void *) * (size_t)(n ? n : 1));
  if (!direct || !ind)
    return NULL;
  for (intptr_t i = 0; i < n; ++i)
    ind[i] = args[i].isMemRef ? (void *)&direct[i] : direct[i];
  return ind;
}

void ariRtJitDestroy(AriRtJit *jit) {
  MlirExecutionEngine e = {jit->engine};
  if (!mlirExecutionEngineIsNull(e))
    mlirExecutionEngineDestroy(e);
  jit->engine = NULL;
}

/*--- Timing -------------------------------------------------------------------*/

static double nowMs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static int cmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

bool ariRtSteadyAllocator(void) {
#ifdef __GLIBC__
  return mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1 && mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1;
#else
  return false;
#endif
}

bool ariRtTime(AriRtPackedFn fn, void **args, int warmup, int reps, AriRtTiming *out,
               AriArena *arena) {
  if (reps < 1)
    reps = 1;
  ariRtSteadyAllocator(); /* best effort: other C libraries keep their own ways */
  double *t = ariArenaAlloc(arena, sizeof(double) * (size_t)reps);
  if (!t)
    return false;
  for (int i = 0; i < warmup; ++i)
    fn(args);
  for (int i = 0; i < reps; ++i) {
    double t0 = nowMs();
    fn(args);
    t[i] = nowMs() - t0;
  }
  qsort(t, (size_t)reps, sizeof *t, cmpDouble);
  out->reps = reps;
  out->minMs = t[0];
  out->medianMs = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
  return true;
}

/*--- Comparison -----------------------------------------------------------------*/

AriRtTolerance ariRtDefaultTolerance(AriScalarKind k) {
  AriRtTolerance t = {0, 0, 0};
  if (k == ARI_SCALAR_F32)
    t.rtol = 1e-4, t.atol = 1e-5, t.stol = 1e-5;
  else if (k == ARI_SCALAR_F64)
    t.rtol = 1e-10, t.atol = 1e-12, t.stol = 1e-12;
  return t;
}


/* Integers are compared bit for bit: doubles cannot hold every i64. */
static bool intEqual(const AriHostArg *g, const AriHostArg *w, int64_t i) {
  size_t sz = ariScalarSize(g->scalar);
  if (g->scalar == ARI_SCALAR_I1)
    return (((const unsigned char *)g->data)[i] & 1) == (((const unsigned char *)w->data)[i] & 1);
  return !memcmp((const unsigned char *)g->data + (size_t)i * sz,
                 (const unsigned char *)w->data + (size_t)i * sz, sz);
}

void ariRtCompare(const AriHostArg *got, const AriHostArg *want, AriRtTolerance tol,
                  AriRtComparison *out) {
  memset(out, 0, sizeof *out);
  out->firstBad = -1;
  int64_t n = ariHostArgNumScalars(want);
  out->count = n;
  bool isFloat = want->scalar == ARI_SCALAR_F32 || want->scalar == ARI_SCALAR_F64;
  double scale = 0; /* the largest finite |want| */
  for (int64_t i = 0; isFloat && tol.stol > 0 && i < n; ++i) {
    double w = fabs(ariHostArgScalar(want, i));
    if (isfinite(w) && w > scale)
      scale = w;
  }
  double slack = tol.atol + tol.stol * scale;
  for (int64_t i = 0; i < n; ++i) {
    double g = ariHostArgScalar(got, i), w = ariHostArgScalar(want, i);
    bool ok;
    if (!isFloat) {
      ok = intEqual(got, want, i);
      if (!ok && fabs(g - w) > out->maxAbsError)
        out->maxAbsError = fabs(g - w);
    } else if (isnan(g) || isnan(w)) {
      ok = isnan(g) && isnan(w);
      if (!ok)
        out->maxAbsError = INFINITY;
    } else if (isinf(g) || isinf(w)) {
      ok = g == w;
      if (!ok)
        out->maxAbsError = INFINITY;
    } else {
      double e = fabs(g - w);
      ok = e <= slack + tol.rtol * fabs(w);
      if (e > out->maxAbsError)
        out->maxAbsError = e;
    }
    if (!ok) {
      if (out->firstBad < 0) {
        out->firstBad = i;
        out->got = g;
        out->want = w;
      }
      out->mismatches++;
    }
  }
}

void ariRtFormatIndex(const AriHostArg *a, int64_t flat, char *buf, size_t cap) {
  int64_t lanes = a->lanes > 0 ? a->lanes : 1;
  int64_t lane = flat % lanes, e = flat / lanes;
  int64_t idx[ARI_MAX_RANK];
  for (int d = a->rank - 1; d >= 0; --d) {
    idx[d] = a->shape[d] ? e % a->shape[d] : 0;
    e = a->shape[d] ? e / a->shape[d] : 0;
  }
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  ariStrPuts(&o, "[");
  for (int d = 0; d < a->rank; ++d)
    ariStrPrintf(&o, "%s%lld", d ? ", " : "", (long long)idx[d]);
  ariStrPuts(&o, "]");
  if (lanes > 1)
    ariStrPrintf(&o, " lane %lld", (long long)lane);
}
