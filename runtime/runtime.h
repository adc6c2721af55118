/*===- runtime.h - running compiled rise functions natively ----------------===*\
 *
 * The runtime harness: aligned host buffers, compiled functions loaded from
 * a shared object made from ariadne-compile's object file, calls with
 * memref descriptors built from AriHostArgs, timing, and comparison of
 * native outputs with the reference interpreter's.
 *
 * A compiled module exports, per public function NAME, the packed entry
 * `_ari_packed_NAME(void **args)` (see runtime/codegen/compile.h): args[i] points
 * at argument i's memref descriptor, or at the scalar itself. This avoids a
 * per-signature C call: one function pointer type calls every function.
 *
 * Errors are returned as false with a message in the caller's buffer; the
 * runtime prints nothing and never aborts.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_RUNTIME_RUNTIME_H
#define ARIADNE_RUNTIME_RUNTIME_H

#include "ariadne-c/Interp.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct AriArena;

/* Buffer alignment: a cache line, enough for any vector load LLVM emits
 * with the natural alignment of vector<16xf32>. */
enum { ARI_RT_ALIGN = 64 };

/* `bytes` zeroed bytes aligned to `align` (a power of two), from `arena`
 * (freed with it); NULL when out of memory. */
void *ariRtAllocAligned(struct AriArena *arena, size_t bytes, size_t align);

/* Copies the argument list `src` into `dst` with fresh aligned buffers
 * holding the same data (memrefs and scalars alike; zeroed where src's data
 * is NULL). dst may be src. */
bool ariRtCloneArgs(AriHostArg *dst, const AriHostArg *src, intptr_t n, struct AriArena *arena);

/* The memref descriptor of MLIR's C interface for ranks up to ARI_MAX_RANK:
 * sizes[rank] are followed directly by strides[rank], so a rank-r
 * descriptor is the first 3 + 2r words of this struct. */
typedef struct AriRtDescriptor {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizesAndStrides[2 * ARI_MAX_RANK];
} AriRtDescriptor;

/* Describes args[i]'s contiguous row-major buffer. */
void ariRtDescribe(const AriHostArg *arg, AriRtDescriptor *d);

/* The `void **` list for a packed entry: descriptors for memrefs, the data
 * pointer for scalars. Allocated from `arena`; NULL when out of memory. */
void **ariRtPackArgs(const AriHostArg *args, intptr_t n, struct AriArena *arena);

typedef void (*AriRtPackedFn)(void **args);

/* Links an object file into a shared library with the system linker
 * driver (ARIADNE_CLANG), with libomp and libm available. */
bool ariRtLinkShared(const char *object, const char *sharedLib, char *err, size_t errCap);

typedef struct AriRtLibrary {
  void *handle;
} AriRtLibrary;

bool ariRtOpen(AriRtLibrary *lib, const char *sharedLib, char *err, size_t errCap);

/* The packed entry of function `name`, or NULL with a message. */
AriRtPackedFn ariRtLookup(const AriRtLibrary *lib, const char *name, char *err, size_t errCap);

void ariRtClose(AriRtLibrary *lib);

/* Running in another process, for targets this machine cannot execute:
 * the object is linked by a (cross) C compiler with runtime/driver.c and
 * an OpenMP runtime -- the target's libomp when ompDir names one, else
 * runtime/omp_serial.c (a one-thread stand-in) -- started through a
 * wrapper such as qemu, and buffers travel through files in a scratch
 * directory. */
typedef struct AriRtRemote {
  const char *cc;   /* C compiler driver, e.g. "aarch64-linux-gnu-gcc" */
  const char *exec; /* wrapper command line split at spaces, e.g.
                       "qemu-aarch64 -cpu max -L /usr/aarch64-linux-gnu";
                       NULL or "" runs the program directly */
  const char *ompDir; /* a directory with the target's libomp.so.5 (linked
                         and found at run time through an rpath), e.g. the
                         one utils/setup.sh unpacks into .deps/aarch64-libomp;
                         NULL: omp_serial.c, one thread */
} AriRtRemote;

/* Builds `exe` from `object` for function `name`. */
bool ariRtRemoteBuild(const AriRtRemote *r, const char *object, const char *name,
                      const char *exe, char *err, size_t errCap);

/* Runs `exe` once on args (inputs written to dir/argK.bin) and reads every
 * memref argument back from dir/argK.out into args[k].data. The argK
 * files are removed on every path, failures included. */
bool ariRtRemoteRun(const AriRtRemote *r, const char *exe, const char *dir, AriHostArg *args,
                    intptr_t n, char *err, size_t errCap);

/* The MLIR ExecutionEngine JIT, as an alternative to a shared object: it
 * compiles a module already lowered to the LLVM dialect (ariCompileLower)
 * for the host, with libomp loaded for OpenMP code. */
typedef struct AriRtJit {
  void *engine;
} AriRtJit;

/* Takes over nothing: `lowered` stays the caller's. */
bool ariRtJitCreate(AriRtJit *jit, MlirModule lowered, int optLevel, char *err, size_t errCap);

/* The engine's packed entry of function `name` (its `_mlir_ciface_`
 * wrapper), or NULL with a message. The engine's wrappers load every
 * argument, descriptor pointers included, from args[i], so they take the
 * list of ariRtJitPackArgs, not that of ariRtPackArgs. */
AriRtPackedFn ariRtJitLookup(const AriRtJit *jit, const char *name, char *err, size_t errCap);

/* ariRtPackArgs's list with one more indirection for memrefs. */
void **ariRtJitPackArgs(const AriHostArg *args, intptr_t n, struct AriArena *arena);

void ariRtJitDestroy(AriRtJit *jit);

/* Wall-clock times of `reps` calls after `warmup` untimed ones, with
 * CLOCK_MONOTONIC, in milliseconds. */
typedef struct AriRtTiming {
  int reps;
  double minMs;
  double medianMs;
} AriRtTiming;

/* Calls fn(args) warmup + reps times (reps >= 1); false only when out of
 * memory for the samples. First it makes glibc's malloc keep freed memory
 * (process-wide, ariRtSteadyAllocator): the times are those of the code
 * in a process whose allocator is warm, whatever the process did before. */
bool ariRtTime(AriRtPackedFn fn, void **args, int warmup, int reps, AriRtTiming *out,
               struct AriArena *arena);

/* Makes glibc's malloc keep the memory a program frees (a fixed mmap
 * threshold of 32 MiB instead of the dynamic one, and no trimming of the
 * heap below 1 GiB free), as a long-running program's allocator is once
 * warm. The generated code allocates its buffers on every call; with
 * glibc's defaults whether they come back as fresh pages, faulted in and
 * zeroed on every call, depends on what the process allocated before: the
 * same blur_sobel code ran in 1.6 ms at 2 threads in ariadne-run after a
 * search in the same process, 6.3 ms without. Process-wide and
 * idempotent; false where the C library is not glibc or refuses. */
bool ariRtSteadyAllocator(void);

/* Element i of got matches want when
 *   |got - want| <= atol + rtol * |want| + stol * max_j |want_j|
 * (floats, the maximum over the buffer's finite values; NaN matches only
 * NaN, infinities only themselves); integers and i1 must be equal. The
 * stol term is the scale of the whole buffer: a reassociated sum (vector
 * lanes, partial results, tiles, FMA contraction) errs by up to about
 * n * u * sum|terms|, which for an element whose terms nearly cancel is far
 * above rtol * |want| -- a two-layer MLP of ProgGen's seeds, searched, had
 * 14 of 16,384 outputs off by 1e-4 on values near 0.17 in an output whose
 * values reach the hundreds. */
typedef struct AriRtTolerance {
  double rtol;
  double atol;
  double stol;
} AriRtTolerance;

/* The defaults: f32 rtol 1e-4, atol 1e-5, stol 1e-5 (a few ulps of
 * reassociation and FMA contraction); f64 rtol 1e-10, atol 1e-12, stol
 * 1e-12. */
AriRtTolerance ariRtDefaultTolerance(AriScalarKind k);

typedef struct AriRtComparison {
  int64_t count;      /* scalars compared */
  int64_t mismatches; /* scalars outside the tolerance */
  int64_t firstBad;   /* flat scalar index of the first, or -1 */
  double maxAbsError; /* over all scalars (NaN pairs count as 0) */
  double got, want;   /* at firstBad */
} AriRtComparison;

/* Compares two buffers of the same description. */
void ariRtCompare(const AriHostArg *got, const AriHostArg *want, AriRtTolerance tol,
                  AriRtComparison *out);

/* Writes the multi-dimensional index of flat scalar `flat` of `a`, e.g.
 * "[2, 3]" or "[2, 3] lane 1" for vector elements. */
void ariRtFormatIndex(const AriHostArg *a, int64_t flat, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_RUNTIME_RUNTIME_H */
