/*===- runtime/measure.c - measuring candidate programs --------------------===*\
 *
 * See measure.h. The arguments the compiled code reads and writes live in
 * one MAP_SHARED anonymous mapping made before fork, so the child's outputs
 * are the parent's to check without copying them through a pipe; the pipe
 * carries only the timing.
 *
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "runtime/measure.h"

#include "costmodel/machine.h"

#include "runtime/codegen/compile.h"
#include "runtime/runtime.h"
#include "utils/arena.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_ARGS = 32 };

const char *ariMeasureStatusName(AriMeasureStatus s) {
  switch (s) {
  case ARI_MEASURE_OK: return "ok";
  case ARI_MEASURE_MISMATCH: return "mismatch";
  case ARI_MEASURE_UNCHECKED: return "unchecked";
  case ARI_MEASURE_COMPILE_ERROR: return "compile-error";
  case ARI_MEASURE_CRASH: return "crash";
  case ARI_MEASURE_TIMEOUT: return "timeout";
  case ARI_MEASURE_ERROR: return "error";
  }
  return "?";
}

/*--- keys ---------------------------------------------------------------------*/

static void fnv(MlirStringRef s, void *user) {
  uint64_t *h = user;
  for (size_t i = 0; i < s.length; ++i)
    *h = (*h ^ (unsigned char)s.data[i]) * 0x100000001b3ull;
}

uint64_t ariMeasureKey(MlirOperation func) {
  uint64_t h = 0xcbf29ce484222325ull;
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOpPrintingFlagsUseLocalScope(flags); /* the same text detached or in a module */
  mlirOperationPrintWithFlags(func, flags, fnv, &h);
  mlirOpPrintingFlagsDestroy(flags);
  return h;
}

void ariMeasureMachine(char *buf, size_t cap) {
  AriMachine m;
  ariMachineProbe(&m);
  snprintf(buf, cap, "%s", m.name);
}

/*--- the run ------------------------------------------------------------------*/

/* Keeps the interpreter's "stopped at the budget" to ourselves: for the
 * harness it only means "check against the reference". */
static void noteText(MlirStringRef s, void *user) {
  char *buf = user;
  size_t len = strlen(buf), room = 160 - len - 1;
  if (room)
    snprintf(buf + len, room + 1, "%.*s", (int)(s.length < room ? s.length : room), s.data);
}

static MlirLogicalResult swallow(MlirDiagnostic d, void *user) {
  char *buf = user;
  if (!buf[0])
    mlirDiagnosticPrint(d, noteText, buf);
  return mlirLogicalResultSuccess();
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static AriMeasureStatus fail(AriMeasureResult *r, AriMeasureStatus s, const char *fmt,
                             const char *detail) {
  r->status = s;
  snprintf(r->message, sizeof r->message, fmt, detail);
  return s;
}

static size_t argBytes(const AriHostArg *a) {
  return (size_t)ariHostArgNumScalars(a) * ariScalarSize(a->scalar);
}

/* The child: set the thread count, call once, time, report, exit. */
static void child(int fd, AriRtPackedFn fn, const AriHostArg *args, intptr_t n,
                  const AriMeasureOptions *o) {
  char threads[16];
  snprintf(threads, sizeof threads, "%d", o->threads > 0 ? o->threads : 1);
  setenv("OMP_NUM_THREADS", threads, 1);
  AriArena arena;
  ariArenaInit(&arena, 0);
  void **packed = ariRtJitPackArgs(args, n, &arena);
  AriRtTiming t = {0};
  bool ok = packed != NULL;
  if (ok) {
    double t0 = now();
    fn(packed); /* the call whose outputs the parent checks */
    double firstMs = (now() - t0) * 1e3;
    int warmup = o->warmup, reps = o->reps;
    if (firstMs >= ARI_MEASURE_SLOW_MS) {
      /* a slow candidate: that call warmed it up, and a second of timed
       * calls (at least 3) places it well enough */
      warmup = 0;
      int fit = (int)(1000.0 / firstMs) + 1;
      reps = fit < 3 ? 3 : fit < reps ? fit : reps;
    }
    ok = ariRtTime(fn, packed, warmup, reps, &t, &arena);
  }
  ssize_t w = ok ? write(fd, &t, sizeof t) : -1;
  _exit(w == (ssize_t)sizeof t ? 0 : 3);
}

/* Waits for the child's timing until `deadline`; kills it after. */
static AriMeasureStatus await(pid_t pid, int fd, double deadline, AriRtTiming *t,
                              AriMeasureResult *r) {
  size_t got = 0;
  bool timedOut = false;
  while (got < sizeof *t) {
    double left = deadline - now();
    if (left <= 0) {
      timedOut = true;
      break;
    }
    struct pollfd p = {fd, POLLIN, 0};
    int pr = poll(&p, 1, (int)(left * 1000) + 1);
    if (pr < 0 && errno == EINTR)
      continue;
    if (pr <= 0)
      continue; /* re-check the deadline */
    ssize_t k = read(fd, (char *)t + got, sizeof *t - got);
    if (k <= 0)
      break; /* the child is gone: waitpid says how */
    got += (size_t)k;
  }
  if (timedOut)
    kill(pid, SIGKILL);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
    ;
  if (timedOut)
    return fail(r, ARI_MEASURE_TIMEOUT, "ran past the time-out%s", "");
  if (WIFSIGNALED(st))
    return fail(r, ARI_MEASURE_CRASH, "killed by signal %s", strsignal(WTERMSIG(st)));
  if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || got != sizeof *t)
    return fail(r, ARI_MEASURE_ERROR, "the measuring process failed%s", "");
  return ARI_MEASURE_OK;
}

static MlirWalkResult countOne(MlirOperation op, void *n) {
  (void)op;
  ++*(int64_t *)n;
  return MlirWalkResultAdvance;
}

/* Operations nested in op, op included. */
static int64_t countOps(MlirOperation op) {
  int64_t n = 0;
  mlirOperationWalk(op, countOne, &n, MlirWalkPreOrder);
  return n;
}

AriMeasureStatus ariMeasureFunc(MlirOperation func, const AriMeasureOptions *opts,
                                AriMeasureResult *res, AriArena *arena, AriHostArg **outputs,
                                intptr_t *numOutputs) {
  int threads = opts->threads;
  return ariMeasureFuncAt(func, opts, &threads, 1, res, arena, outputs, numOutputs);
}

/* One child run at `threads`, then the check of its outputs. */
static AriMeasureStatus runAt(AriRtPackedFn fn, AriMeasureOptions o, int threads,
                              const AriHostArg *init, AriHostArg *native, intptr_t n,
                              const bool *written, const AriHostArg *want, AriMeasureResult *res) {
  o.threads = threads;
  /* every run starts from the inputs as drawn (a candidate may write in
   * place, and an output it fails to write must not hold an answer) */
  for (intptr_t k = 0; k < n; ++k)
    memcpy(native[k].data, init[k].data, argBytes(&init[k]));
  int fds[2];
  if (pipe(fds) != 0)
    return fail(res, ARI_MEASURE_ERROR, "pipe: %s", strerror(errno));
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return fail(res, ARI_MEASURE_ERROR, "fork: %s", strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    child(fds[1], fn, native, n, &o);
  }
  close(fds[1]);
  AriRtTiming t;
  AriMeasureStatus st = await(pid, fds[0], now() + o.timeoutS, &t, res);
  close(fds[0]);
  if (st != ARI_MEASURE_OK)
    return st;
  for (intptr_t k = 0; k < n && !o.unchecked; ++k) {
    if (!written[k] || !native[k].isMemRef)
      continue;
    AriRtComparison c;
    ariRtCompare(&native[k], &want[k], ariRtDefaultTolerance(native[k].scalar), &c);
    if (c.mismatches) {
      char idx[128];
      ariRtFormatIndex(&native[k], c.firstBad, idx, sizeof idx);
      res->status = ARI_MEASURE_MISMATCH;
      snprintf(res->message, sizeof res->message,
               "argument %ld differs from the %s at %s: %.9g, expected %.9g (%lld of %lld)",
               (long)k, res->checkedByInterp ? "interpreter" : "reference", idx, c.got, c.want,
               (long long)c.mismatches, (long long)c.count);
      return ARI_MEASURE_MISMATCH;
    }
  }
  res->medianMs = t.medianMs;
  res->minMs = t.minMs;
  res->reps = t.reps;
  res->status = ARI_MEASURE_OK;
  return ARI_MEASURE_OK;
}

AriMeasureStatus ariMeasureFuncAt(MlirOperation func, const AriMeasureOptions *opts,
                                  const int *threads, int numThreads, AriMeasureResult *results,
                                  AriArena *arena, AriHostArg **outputs, intptr_t *numOutputs) {
  AriMeasureOptions o = *opts;
  AriMeasureResult *res = &results[0];
  for (int i = 0; i < numThreads; ++i)
    memset(&results[i], 0, sizeof results[i]);
  if (numThreads < 1)
    return ARI_MEASURE_ERROR;
  if (o.warmup <= 0)
    o.warmup = opts->warmup < 0 ? 0 : 2;
  if (o.reps <= 0)
    o.reps = 10;
  if (o.timeoutS <= 0)
    o.timeoutS = 60;
  if (!o.checkMaxOps)
    o.checkMaxOps = 200000000;
  if (o.maxCodeOps <= 0)
    o.maxCodeOps = ARI_MEASURE_MAX_CODE_OPS;
  if (outputs)
    *outputs = NULL;
  MlirAttribute nameAttr =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(nameAttr))
    return fail(res, ARI_MEASURE_ERROR, "not a function%s", "");
  MlirStringRef nm = mlirStringAttrGetValue(nameAttr);
  char name[256];
  snprintf(name, sizeof name, "%.*s", (int)nm.length, nm.data);

  AriArena tmp;
  ariArenaInit(&tmp, 0);
  AriHostArg ref[MAX_ARGS], native[MAX_ARGS], init[MAX_ARGS];
  intptr_t n = 0;
  bool written[MAX_ARGS];
  AriMeasureStatus st = ARI_MEASURE_OK;
  void *shared = MAP_FAILED;
  size_t sharedBytes = 0;
  AriRtJit jit = {NULL};
  MlirModule mod = {NULL};
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, ref, MAX_ARGS, &n)) ||
      !ariRtCloneArgs(ref, ref, n, &tmp)) {
    st = fail(res, ARI_MEASURE_ERROR, "cannot describe or allocate the arguments of @%s", name);
    goto done;
  }
  ariInterpOutputArgs(func, written, n);
  for (intptr_t k = 0; k < n; ++k)
    ariHostArgFillRandom(&ref[k], o.seed + (uint64_t)k);
  /* the inputs as drawn: the interpreter writes its outputs into ref, and
   * every native run must start from what it started from */
  if (!ariRtCloneArgs(init, ref, n, &tmp)) {
    st = fail(res, ARI_MEASURE_ERROR, "cannot allocate the arguments of @%s", name);
    goto done;
  }
  /* the compiled code's buffers: shared with the child */
  for (intptr_t k = 0; k < n; ++k)
    sharedBytes += (argBytes(&ref[k]) + ARI_RT_ALIGN - 1) / ARI_RT_ALIGN * ARI_RT_ALIGN;
  shared = mmap(NULL, sharedBytes ? sharedBytes : 1, PROT_READ | PROT_WRITE,
                MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) {
    st = fail(res, ARI_MEASURE_ERROR, "cannot map %s", "the argument buffers");
    goto done;
  }
  {
    char *p = shared;
    for (intptr_t k = 0; k < n; ++k) {
      native[k] = ref[k];
      native[k].data = p;
      memcpy(p, ref[k].data, argBytes(&ref[k]));
      p += (argBytes(&ref[k]) + ARI_RT_ALIGN - 1) / ARI_RT_ALIGN * ARI_RT_ALIGN;
    }
  }

  /* the check's expected outputs */
  AriInterpLimits lim = {.maxOps = o.checkMaxOps, .maxBytes = (size_t)1 << 30};
  char why[160] = "";
  MlirContext ctx = mlirOperationGetContext(func);
  if (!o.unchecked) {
    MlirDiagnosticHandlerID h = mlirContextAttachDiagnosticHandler(ctx, swallow, why, NULL);
    res->checkedByInterp = mlirLogicalResultIsSuccess(ariInterpRun(func, ref, n, &lim, NULL));
    mlirContextDetachDiagnosticHandler(ctx, h);
  }
  const AriHostArg *want = ref;
  if (!res->checkedByInterp && !o.unchecked) {
    if (!o.reference || o.numReference != n) {
      st = fail(res, ARI_MEASURE_UNCHECKED, "no reference, and the interpreter cannot check: %s",
                why);
      goto done;
    }
    want = o.reference;
  }

  /* compile */
  double t0 = now();
  mod = mlirModuleCreateEmpty(mlirOperationGetLocation(func));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), mlirOperationClone(func));
  AriCompileOptions co;
  ariCompileOptionsInit(&co);
  co.onlyFunc = name;
  if (o.fma)
    co.lowering = "rise-to-llvm-fma";
  if (o.lowering)
    co.lowering = o.lowering;
  char err[200] = "see the diagnostics";
  AriRtPackedFn fn = NULL;
  int64_t ops = 0; /* stays 0 when the lowering fails: "does not compile" below */
  if (mlirLogicalResultIsSuccess(ariCompileLower(mod, &co)) &&
      (ops = countOps(mlirModuleGetOperation(mod))) > o.maxCodeOps) {
    res->compileS = now() - t0;
    char size[96];
    snprintf(size, sizeof size, "%lld operations after lowering (the limit is %lld)",
             (long long)ops, (long long)o.maxCodeOps);
    st = fail(res, ARI_MEASURE_COMPILE_ERROR, "too large to compile: %s", size);
    goto done;
  }
  if (!ops || !ariRtJitCreate(&jit, mod, co.optLevel, err, sizeof err) ||
      !(fn = ariRtJitLookup(&jit, name, err, sizeof err))) {
    res->compileS = now() - t0;
    st = fail(res, ARI_MEASURE_COMPILE_ERROR, "does not compile: %s", err);
    goto done;
  }
  res->compileS = now() - t0;

  /* run at each thread count, each checked */
  for (int i = 0; i < numThreads; ++i) {
    results[i].compileS = res->compileS;
    results[i].checkedByInterp = res->checkedByInterp;
    AriMeasureStatus si = runAt(fn, o, threads[i], init, native, n, written, want, &results[i]);
    if (si != ARI_MEASURE_OK && st == ARI_MEASURE_OK)
      st = si;
  }
  if (st != ARI_MEASURE_OK || results[numThreads - 1].status != ARI_MEASURE_OK)
    goto done;
  if (outputs && arena) {
    AriHostArg *out = ariArenaAlloc(arena, (size_t)n * sizeof *out);
    if (out && ariRtCloneArgs(out, native, n, arena)) {
      *outputs = out;
      *numOutputs = n;
    }
  }
done:
  /* a failure before the runs is every thread count's */
  for (int i = 1; i < numThreads; ++i)
    if (st != ARI_MEASURE_OK && results[i].status == ARI_MEASURE_OK && !results[i].reps)
      results[i] = results[0];
  ariRtJitDestroy(&jit);
  if (!mlirModuleIsNull(mod))
    mlirModuleDestroy(mod);
  if (shared != MAP_FAILED)
    munmap(shared, sharedBytes ? sharedBytes : 1);
  ariArenaDestroy(&tmp);
  return st;
}
