/*===- ariadne.c - the main Ariadne driver --------------------------------===*\
 *
 * Without files, `ariadne` is the autoscheduler's demonstration: rise-search
 * (passes/search.h) schedules the embedded high-level matmul and Harris by
 * itself, the result is checked (against the interpreter at a size it
 * affords, against the naive lowering at full size) and timed next to the
 * naive lowering, plain C loops and OpenBLAS.
 *
 * `ariadne [FILE...]` (or `--examples`, the embedded ones) verifies each
 * program, prints it, reports rise-stats for every function and interprets
 * the functions on seeded random inputs, printing what they write; with
 * --examples it then compiles the embedded hand-scheduled matmul, checks it
 * and times it next to plain C loops and OpenBLAS.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Interp.h"
#include "ariadne-c/Types.h"
#include "passes/stats.h"
#include "runtime/codegen/compile.h"
#include "runtime/runtime.h"
#include "utils/arena.h"
#include "tools/support/embedded.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"

#include "mlir-c/BuiltinAttributes.h"

#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  int verified;    /* functions seen */
  int interpreted; /* functions interpreted successfully */
} DriverCounts;

typedef struct {
  const char *func; /* only this function, or NULL */
  uint64_t seed;
  int64_t maxOps;
  int64_t showValues;
  bool printIR;
  bool onlySmall; /* interpret only *_small functions */
  bool native;    /* compile, check and time the embedded matmul */
  int measure;    /* rise-search's measure=K in the demonstration */
} DriverOptions;

enum { kMaxArgs = 64 };

static void usage(FILE *f) {
  fputs("usage: ariadne [options] [FILE.mlir...]\n"
        "\n"
        "Without FILE: the autoscheduler's demonstration. rise-search schedules the\n"
        "embedded high-level matmul (1024^3) and Harris (1536x2560) by itself, with no\n"
        "strategy or guide: each search is checked against the interpreter (at a size\n"
        "it affords) and against the naive lowering, then timed next to the naive\n"
        "lowering, plain C loops and OpenBLAS, and the schedule found is printed.\n"
        "\n"
        "With FILEs, or --examples: verifies, prints, analyses (rise-stats) and\n"
        "interprets rise programs (--examples: the embedded ones, interpreting their\n"
        "*_small functions, then the hand-scheduled matmul compiled and timed).\n"
        "\n"
        "options:\n"
        "  --measure=K     the demonstration's rise-search times its K best candidates\n"
        "                  (default 8; 0: the cost model alone decides)\n"
        "  --no-native     skip compiling and timing (the demonstration searches and\n"
        "                  checks only; --examples skips the matmul stage)\n"
        "  --examples      the embedded examples instead of the demonstration\n"
        "  --func=NAME     only this function\n"
        "  --seed=N        seed of the random inputs (default 1; argument k uses N+k)\n"
        "  --max-ops=N     interpreter limit on executed ops (default 100000000)\n"
        "  --show=N        values printed per output (default 8)\n"
        "  --no-ir         do not print the programs\n"
        "  --all           with --examples, interpret the full sizes too\n"
        "  --help          this text\n"
        "  --version       the tool's and LLVM's versions\n"
        "\n"
        "Options with a value take it as --opt=VALUE or --opt VALUE.\n"
        "Exit status: 0 success; 1 a check failed or a program is invalid;\n"
        "2 bad command line.\n",
        f);
}

static bool parseInt(const char *s, int64_t min, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (!*s || *end || errno || v < min)
    return false;
  *out = v;
  return true;
}

static bool endsWith(const char *s, size_t n, const char *suffix) {
  size_t k = strlen(suffix);
  return n >= k && !memcmp(s + n - k, suffix, k);
}


static void printOutput(const AriHostArg *a, intptr_t k, int64_t show) {
  int64_t n = ariHostArgNumScalars(a);
  printf("    arg %ld: ", (long)k);
  for (int i = 0; i < a->rank; ++i)
    printf("%" PRId64 "x", a->shape[i]);
  if (a->lanes > 1)
    printf("<%" PRId64 ">", a->lanes);
  printf("%s = [", a->scalar == ARI_SCALAR_F64 ? "f64" : a->scalar == ARI_SCALAR_F32 ? "f32" : "int");
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    double v = ariHostArgScalar(a, i);
    sum += v;
    if (i < show)
      printf("%s%.6g", i ? ", " : "", v);
  }
  printf("%s]  (%" PRId64 " values, sum %.6g)\n", n > show ? ", ..." : "", n, sum);
}

/* Interprets one function; returns false on error (already diagnosed). */
static bool interpret(MlirOperation func, const char *name, const DriverOptions *o) {
  AriHostArg args[kMaxArgs];
  intptr_t nargs = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, args, kMaxArgs, &nargs)))
    return false;
  AriArena arena;
  ariArenaInit(&arena, 0);
  bool ok = ariHostArgsAlloc(args, nargs, &arena);
  if (!ok) {
    fprintf(stderr, "ariadne: out of memory allocating the arguments of @%s\n", name);
  } else {
    for (intptr_t k = 0; k < nargs; ++k)
      ariHostArgFillRandom(&args[k], o->seed + (uint64_t)k);
    AriInterpLimits lim = {o->maxOps, 0};
    AriInterpCounters c = {0};
    ok = mlirLogicalResultIsSuccess(ariInterpRun(func, args, nargs, &lim, &c));
    if (ok) {
      printf("  interpret @%s (seed %" PRIu64 "): ok, %" PRId64 " ops, %" PRId64
             " flops, %" PRId64 " transcendentals\n",
             name, o->seed, c.ops, c.flops, c.transcendentals);
      bool isOut[kMaxArgs];
      ariInterpOutputArgs(func, isOut, nargs);
      for (intptr_t k = 0; k < nargs; ++k)
        if (isOut[k])
          printOutput(&args[k], k, o->showValues);
    }
  }
  ariArenaDestroy(&arena);
  return ok;
}

static void funcName(MlirOperation f, char *buf, size_t cap) {
  MlirStringRef s = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name")));
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(buf, s.data, n);
  buf[n] = 0;
}

/* Runs the main job on one parsed module; returns the number of errors. */
static int runModule(MlirModule m, const char *title, const DriverOptions *o,
                     DriverCounts *counts) {
  printf("== %s ==\n", title);
  if (o->printIR)
    ariPrintOp(mlirModuleGetOperation(m), stdout, false);
  int errors = 0, seen = 0;
  for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(m)); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    if (!riseOpIs(f, "func.func"))
      continue;
    char name[256];
    funcName(f, name, sizeof name);
    if (o->func && strcmp(o->func, name))
      continue;
    ++seen;
    AriStats s;
    ariStatsCollect(f, &s);
    ariStatsPrint(stdout, name, &s, false, true);
    if (o->onlySmall && !endsWith(name, strlen(name), "_small")) {
      printf("  (not interpreted: full size; run with --all)\n");
      continue;
    }
    if (interpret(f, name, o))
      ++counts->interpreted;
    else
      ++errors;
  }
  counts->verified += seen;
  if (o->func && !seen) {
    fprintf(stderr, "ariadne: %s: no function named '%s'\n", title, o->func);
    ++errors;
  }
  fflush(stdout);
  return errors;
}

/*--- The native stage: the embedded matmul, compiled, checked and timed ---*/

enum { kMatN = 1024, kNativeReps = 3 };

/* The plain triple loop, in i-k-j order so that it streams through B and C,
 * compiled with this driver's own flags: the baseline a C programmer gets. */
static void plainMatmul(const float *a, const float *b, float *c, int n) {
  memset(c, 0, sizeof(float) * (size_t)n * (size_t)n);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k) {
      float aik = a[(size_t)i * n + k];
      for (int j = 0; j < n; ++j)
        c[(size_t)i * n + j] += aik * b[(size_t)k * n + j];
    }
}

static double msSince(const struct timespec *t0) {
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

static int cmpDouble(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

typedef void (*SgemmFn)(int, int, int, int, int, int, float, const float *, int, const float *,
                        int, float, float *, int);

/* OpenBLAS is only a peer to compare with: loaded if installed, never
 * linked. */
static double timeOpenBlas(const float *a, const float *b, float *c, char *why, size_t cap) {
  void *h = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(why, cap, "not installed (libopenblas0)");
    return -1;
  }
  SgemmFn sgemm = (SgemmFn)(uintptr_t)dlsym(h, "cblas_sgemm");
  if (!sgemm) {
    snprintf(why, cap, "no cblas_sgemm in libopenblas.so.0");
    dlclose(h);
    return -1;
  }
  double t[kNativeReps];
  /* CblasRowMajor = 101, CblasNoTrans = 111. */
  sgemm(101, 111, 111, kMatN, kMatN, kMatN, 1.0f, a, kMatN, b, kMatN, 0.0f, c, kMatN);
  for (int r = 0; r < kNativeReps; ++r) {
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sgemm(101, 111, 111, kMatN, kMatN, kMatN, 1.0f, a, kMatN, b, kMatN, 0.0f, c, kMatN);
    t[r] = msSince(&t0);
  }
  dlclose(h);
  qsort(t, kNativeReps, sizeof t[0], cmpDouble);
  return t[kNativeReps / 2];
}

/* JIT-compiles `name` of `m` (lowered on a copy) and returns its packed
 * entry, or NULL after printing why. */
static AriRtPackedFn compileFunc(MlirModule m, const char *name, AriRtJit *jit) {
  MlirModule copy = mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(m)));
  AriCompileOptions co;
  ariCompileOptionsInit(&co);
  co.onlyFunc = name;
  char err[1024];
  AriRtPackedFn fn = NULL;
  if (mlirLogicalResultIsSuccess(ariCompileLower(copy, &co))) {
    if (ariRtJitCreate(jit, copy, co.optLevel, err, sizeof err))
      fn = ariRtJitLookup(jit, name, err, sizeof err);
    if (!fn)
      fprintf(stderr, "ariadne: cannot compile @%s: %s\n", name, err);
  }
  mlirModuleDestroy(copy);
  return fn;
}

/* Runs @name natively and through the interpreter on the same seeded
 * inputs; true when every output matches within the default tolerance. */
static bool checkAgainstInterpreter(MlirModule m, const char *name, uint64_t seed,
                                    AriArena *arena) {
  MlirOperation f = ariFindFunc(m, name);
  AriHostArg ref[kMaxArgs], nat[kMaxArgs];
  intptr_t n = 0;
  if (mlirOperationIsNull(f) ||
      mlirLogicalResultIsFailure(ariInterpDescribeArgs(f, ref, kMaxArgs, &n)) ||
      !ariRtCloneArgs(ref, ref, n, arena))
    return false;
  for (intptr_t k = 0; k < n; ++k)
    ariHostArgFillRandom(&ref[k], seed + (uint64_t)k);
  AriRtJit jit = {NULL};
  AriRtPackedFn fn = compileFunc(m, name, &jit);
  void **packed = NULL;
  bool ok = fn && ariRtCloneArgs(nat, ref, n, arena) && (packed = ariRtJitPackArgs(nat, n, arena)) &&
            mlirLogicalResultIsSuccess(ariInterpRun(f, ref, n, NULL, NULL));
  if (ok) {
    fn(packed);
    bool isOut[kMaxArgs];
    ariInterpOutputArgs(f, isOut, n);
    for (intptr_t k = 0; k < n; ++k) {
      if (!isOut[k])
        continue;
      AriRtComparison c;
      ariRtCompare(&nat[k], &ref[k], ariRtDefaultTolerance(ref[k].scalar), &c);
      printf("  check @%s: native vs interpreter, arg %ld: %lld values, %lld mismatches, max "
             "error %.3g\n",
             name, (long)k, (long long)c.count, (long long)c.mismatches, c.maxAbsError);
      ok = ok && c.mismatches == 0;
    }
  }
  ariRtJitDestroy(&jit);
  return ok;
}

/* The main job's native stage on the embedded matmul example: lower and
 * JIT-compile it, check it against the interpreter at a size the
 * interpreter can afford, then time the 1024x1024 version next to plain C
 * loops and OpenBLAS, checking it against the plain C result. */
static int runNativeMatmul(MlirContext ctx, const DriverOptions *o) {
  size_t count = 0;
  const AriEmbeddedFile *ex = ariEmbeddedExamples(&count);
  const char *text = NULL;
  for (size_t i = 0; i < count; ++i)
    if (!strcmp(ex[i].name, "matmul_fast"))
      text = ex[i].text;
  printf("== native: matmul_fast (tiled, packed B, register blocks, vectors, map par) ==\n");
  MlirModule m = text ? ariParseNamed(ctx, text, "matmul_fast.mlir") : (MlirModule){NULL};
  if (mlirModuleIsNull(m)) {
    fprintf(stderr, "ariadne: the embedded matmul_fast example is missing or invalid\n");
    return 1;
  }
  AriArena arena;
  ariArenaInit(&arena, 0);
  int errors = 0;
  if (!checkAgainstInterpreter(m, "matmul_fast_medium", o->seed, &arena))
    ++errors;

  size_t bytes = sizeof(float) * kMatN * kMatN;
  float *a = ariRtAllocAligned(&arena, bytes, ARI_RT_ALIGN);
  float *b = ariRtAllocAligned(&arena, bytes, ARI_RT_ALIGN);
  float *c = ariRtAllocAligned(&arena, bytes, ARI_RT_ALIGN);
  float *want = ariRtAllocAligned(&arena, bytes, ARI_RT_ALIGN);
  AriRtJit jit = {NULL};
  AriRtPackedFn fn = errors ? NULL : compileFunc(m, "matmul_fast", &jit);
  if (!a || !b || !c || !want || !fn) {
    ++errors;
  } else {
    AriHostArg args[3];
    intptr_t n = 0;
    ariInterpDescribeArgs(ariFindFunc(m, "matmul_fast"), args, 3, &n);
    args[0].data = a;
    args[1].data = b;
    args[2].data = c;
    ariHostArgFillRandom(&args[0], o->seed);
    ariHostArgFillRandom(&args[1], o->seed + 1);
    void **packed = ariRtJitPackArgs(args, n, &arena);
    AriRtTiming t;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    plainMatmul(a, b, want, kMatN);
    double plainMs = msSince(&t0);
    if (packed && ariRtTime(fn, packed, 1, kNativeReps, &t, &arena)) {
      AriHostArg ref = args[2];
      ref.data = want;
      AriRtComparison cmp;
      ariRtCompare(&args[2], &ref, ariRtDefaultTolerance(ARI_SCALAR_F32), &cmp);
      double gflop = 2.0 * kMatN * kMatN * kMatN / 1e9;
      printf("  check @matmul_fast 1024: native vs plain C: %lld mismatches, max error %.3g\n",
             (long long)cmp.mismatches, cmp.maxAbsError);
      if (cmp.mismatches)
        ++errors;
      printf("  time 1024x1024x1024 f32 (median of %d after a warm-up):\n", kNativeReps);
      printf("    ariadne matmul_fast      %9.2f ms  %7.1f GFLOP/s\n", t.medianMs,
             gflop / (t.medianMs / 1e3));
      printf("    plain C loops (i-k-j)    %9.2f ms  %7.1f GFLOP/s  (one run)\n", plainMs,
             gflop / (plainMs / 1e3));
      char why[128];
      double blas = timeOpenBlas(a, b, want, why, sizeof why);
      if (blas > 0)
        printf("    OpenBLAS cblas_sgemm     %9.2f ms  %7.1f GFLOP/s  (its own thread count)\n",
               blas, gflop / (blas / 1e3));
      else
        printf("    OpenBLAS cblas_sgemm     %s\n", why);
    } else {
      ++errors;
    }
  }
  ariRtJitDestroy(&jit);
  ariArenaDestroy(&arena);
  mlirModuleDestroy(m);
  fflush(stdout);
  return errors;
}

/*--- The autoscheduler's demonstration -----------------------------------*/

/* The embedded high-level programs rise-search schedules by itself. */
typedef struct {
  const char *example; /* embedded file */
  const char *func;    /* the full-size function searched and timed */
  const char *check;   /* a size the interpreter affords, searched and checked */
  bool matmul;         /* also plain C and OpenBLAS */
} Demo;

static const Demo kDemos[] = {
    {"matmul", "matmul", "matmul_medium", true},
    {"harris", "harris", "harris_medium", false},
};

/* Compiles f of m, fills its arguments from seed into args (allocated in
 * arena); NULL after printing why. */
static AriRtPackedFn prepare(MlirModule m, const char *f, uint64_t seed, AriRtJit *jit,
                             AriHostArg *args, intptr_t *n, void ***packed, AriArena *arena) {
  MlirOperation op = ariFindFunc(m, f);
  if (mlirOperationIsNull(op) ||
      mlirLogicalResultIsFailure(ariInterpDescribeArgs(op, args, kMaxArgs, n)) ||
      !ariHostArgsAlloc(args, *n, arena))
    return NULL;
  for (intptr_t k = 0; k < *n; ++k)
    ariHostArgFillRandom(&args[k], seed + (uint64_t)k);
  AriRtPackedFn fn = compileFunc(m, f, jit);
  if (fn && !(*packed = ariRtJitPackArgs(args, *n, arena)))
    fn = NULL;
  return fn;
}

/* One demonstration: search, check, time; returns the number of errors. */
static int runDemo(MlirContext ctx, const Demo *d, const DriverOptions *o) {
  size_t count = 0;
  const AriEmbeddedFile *ex = ariEmbeddedExamples(&count);
  const char *text = NULL;
  for (size_t i = 0; i < count; ++i)
    if (!strcmp(ex[i].name, d->example))
      text = ex[i].text;
  char file[64];
  snprintf(file, sizeof file, "%s.mlir", d->example);
  MlirModule m = text ? ariParseNamed(ctx, text, file) : (MlirModule){NULL};
  if (mlirModuleIsNull(m)) {
    fprintf(stderr, "ariadne: the embedded %s example is missing or invalid\n", d->example);
    return 1;
  }
  printf("== rise-search @%s: the high-level program, scheduled by the search ==\n", d->func);
  int errors = 0;
  AriArena arena;
  ariArenaInit(&arena, 0);
  char pipeline[256];
  /* 1. Correctness where the interpreter can run: the search of the medium
   * size, compiled and compared with the interpreter. */
  snprintf(pipeline, sizeof pipeline, "rise-search{func=%s report=none}", d->check);
  if (mlirLogicalResultIsFailure(ariCompileRunPipeline(m, pipeline)) ||
      !checkAgainstInterpreter(m, d->check, o->seed, &arena))
    ++errors;
  /* 2. The full size: searched (with measurement unless --no-native). */
  MlirModule naive = mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(m)));
  if (o->native)
    snprintf(pipeline, sizeof pipeline, "rise-search{func=%s measure=%d report=-}", d->func,
             o->measure);
  else
    snprintf(pipeline, sizeof pipeline, "rise-search{func=%s report=-}", d->func);
  fflush(stdout);
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (!errors && mlirLogicalResultIsFailure(ariCompileRunPipeline(m, pipeline)))
    ++errors;
  double searchS = msSince(&t0) / 1e3;
  fflush(stdout);
  if (!errors && o->native) {
    /* 3. Time it next to the naive lowering (and plain C and OpenBLAS),
     * checking its outputs against the naive lowering's. */
    AriRtJit jitN = {NULL}, jitS = {NULL};
    AriHostArg an[kMaxArgs], as[kMaxArgs];
    intptr_t nn = 0, ns = 0;
    void **pn = NULL, **ps = NULL;
    AriRtPackedFn fnN = prepare(naive, d->func, o->seed, &jitN, an, &nn, &pn, &arena);
    AriRtPackedFn fnS = prepare(m, d->func, o->seed, &jitS, as, &ns, &ps, &arena);
    AriRtTiming tn, ts;
    if (!fnN || !fnS || nn != ns || !ariRtTime(fnN, pn, 0, 1, &tn, &arena) ||
        !ariRtTime(fnS, ps, 1, kNativeReps, &ts, &arena)) {
      ++errors;
    } else {
      bool isOut[kMaxArgs];
      ariInterpOutputArgs(ariFindFunc(m, d->func), isOut, ns);
      for (intptr_t k = 0; k < ns; ++k)
        if (isOut[k]) {
          AriRtComparison c;
          ariRtCompare(&as[k], &an[k], ariRtDefaultTolerance(an[k].scalar), &c);
          printf("  check @%s: searched vs naive lowering, arg %ld: %lld values, %lld "
                 "mismatches\n",
                 d->func, (long)k, (long long)c.count, (long long)c.mismatches);
          errors += c.mismatches != 0;
        }
      printf("  search %.1f s; time (1 thread; median of %d after a warm-up):\n", searchS,
             kNativeReps);
      printf("    rise-search              %9.2f ms\n", ts.medianMs);
      printf("    naive lowering           %9.2f ms  (rise-search %.2fx as fast; one run)\n",
             tn.medianMs, tn.medianMs / ts.medianMs);
      if (d->matmul) {
        float *want = ariRtAllocAligned(&arena, sizeof(float) * kMatN * kMatN, ARI_RT_ALIGN);
        if (want) {
          clock_gettime(CLOCK_MONOTONIC, &t0);
          plainMatmul(as[0].data, as[1].data, want, kMatN);
          double plainMs = msSince(&t0);
          printf("    plain C loops (i-k-j)    %9.2f ms  (rise-search %.2fx as fast; one run)\n",
                 plainMs, plainMs / ts.medianMs);
          char why[128];
          double blas = timeOpenBlas(as[0].data, as[1].data, want, why, sizeof why);
          if (blas > 0)
            printf("    OpenBLAS cblas_sgemm     %9.2f ms  (rise-search %.2fx as fast; "
                   "OpenBLAS's own thread count)\n",
                   blas, blas / ts.medianMs);
          else
            printf("    OpenBLAS cblas_sgemm     %s\n", why);
        }
      }
    }
    ariRtJitDestroy(&jitN);
    ariRtJitDestroy(&jitS);
  } else if (!errors) {
    printf("  search %.1f s (not compiled or timed: --no-native)\n", searchS);
  }
  mlirModuleDestroy(naive);
  mlirModuleDestroy(m);
  ariArenaDestroy(&arena);
  fflush(stdout);
  return errors;
}

static int toolMain(int argc, char **argv) {
  DriverOptions o = {NULL, 1, 100000000, 8, true, true, true, 8};
  bool examples = false;
  const char *files[256];
  int nfiles = 0;
  bool all = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *s;
    int64_t v;
    if (!strcmp(a, "--version")) {
      ariToolPrintVersion("ariadne");
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (ariToolOpt(argc, argv, &i, "--func", &s)) {
      if (!*s)
        return ariToolUsageError("ariadne", "--func needs a name");
      o.func = s;
    } else if (ariToolOpt(argc, argv, &i, "--seed", &s)) {
      if (!parseInt(s, 0, &v))
        return ariToolUsageError("ariadne", "--seed needs an integer >= 0, got '%s'", s);
      o.seed = (uint64_t)v;
    } else if (ariToolOpt(argc, argv, &i, "--max-ops", &s)) {
      if (!parseInt(s, 1, &v))
        return ariToolUsageError("ariadne", "--max-ops needs an integer >= 1, got '%s'", s);
      o.maxOps = v;
    } else if (ariToolOpt(argc, argv, &i, "--show", &s)) {
      if (!parseInt(s, 0, &v))
        return ariToolUsageError("ariadne", "--show needs an integer >= 0, got '%s'", s);
      o.showValues = v;
    } else if (!strcmp(a, "--no-ir")) {
      o.printIR = false;
    } else if (!strcmp(a, "--all")) {
      all = true;
    } else if (!strcmp(a, "--no-native")) {
      o.native = false;
    } else if (!strcmp(a, "--examples")) {
      examples = true;
    } else if (ariToolOpt(argc, argv, &i, "--measure", &s)) {
      if (!parseInt(s, 0, &v) || v > 64)
        return ariToolUsageError("ariadne", "--measure needs an integer from 0 to 64, got '%s'",
                                 s);
      o.measure = (int)v;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "ariadne: bad option '%s'\n", a);
      usage(stderr);
      return 2;
    } else if (nfiles < (int)(sizeof files / sizeof files[0])) {
      files[nfiles++] = a;
    } else {
      fprintf(stderr, "ariadne: too many input files\n");
      return 2;
    }
  }

  MlirContext ctx = ariContextCreate();
  ariCompileRegister(ctx);
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  int errors = 0;
  DriverCounts counts = {0, 0};
  if (nfiles == 0 && !examples) {
    printf("ariadne: rise-search schedules the embedded high-level matmul and Harris by "
           "itself\n");
    /* The figures are for one thread: the search estimates and measures
     * at threads=1, and a `map par` it keeps must not take both cores
     * here (libomp reads this when the first parallel loop runs). */
    setenv("OMP_NUM_THREADS", "1", 1);
    for (size_t i = 0; i < sizeof kDemos / sizeof kDemos[0]; ++i)
      errors += runDemo(ctx, &kDemos[i], &o);
    if (!errors) {
      printf("ariadne: searched, checked%s; no errors\n", o.native ? ", timed" : "");
      ariDiagSinkDetach(&sink);
      mlirContextDestroy(ctx);
      return 0;
    }
  } else if (nfiles == 0) {
    o.onlySmall = !all;
    size_t n = 0;
    const AriEmbeddedFile *ex = ariEmbeddedExamples(&n);
    printf("ariadne: %zu embedded examples\n", n);
    for (size_t i = 0; i < n; ++i) {
      char title[128], file[128];
      snprintf(title, sizeof title, "example %s", ex[i].name);
      snprintf(file, sizeof file, "%s.mlir", ex[i].name);
      MlirModule m = ariParseNamed(ctx, ex[i].text, file);
      if (mlirModuleIsNull(m)) {
        fprintf(stderr, "ariadne: embedded example %s does not verify\n", ex[i].name);
        ++errors;
        continue;
      }
      errors += runModule(m, title, &o, &counts);
      mlirModuleDestroy(m);
    }
    if (o.native && !errors)
      errors += runNativeMatmul(ctx, &o);
  } else {
    o.onlySmall = false;
    for (int i = 0; i < nfiles; ++i) {
      MlirModule m = ariParseFile(ctx, files[i]);
      if (mlirModuleIsNull(m)) {
        ++errors;
        continue;
      }
      errors += runModule(m, files[i], &o, &counts);
      mlirModuleDestroy(m);
    }
  }
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  if (errors) {
    fprintf(stderr, "ariadne: %d error(s)\n", errors);
    return 1;
  }
  printf("ariadne: %d functions verified, %d interpreted, no errors\n", counts.verified,
         counts.interpreted);
  return 0;
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
