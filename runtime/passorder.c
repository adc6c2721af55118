/*===- runtime/passorder.c - upstream pass orders on lowered rise ----------===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/passorder.h"

#include "passes/lower/rise_to_affine.h"
#include "runtime/codefeat.h"
#include "runtime/codegen/compile.h"
#include "utils/strbuf.h"

#include "mlir-c/Diagnostics.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Upstream passes that act on the loops convert-rise-to-affine writes
 * (docs/rl.md lists them with what each does). canonicalize is the
 * lowering's own (ARI_LOWER_CANONICALIZE: upstream's with the affine
 * simplifications that miscompile disabled); the others run with
 * upstream's defaults or the options named. Left out, because MLIR 22
 * crashes on some of these loops (found when passes ran in process, before
 * the sandbox; offering them here would change this list's checkpoints
 * and figures, docs/rl.md; the combined list offers them, below,
 * sandboxed):
 * int-range-optimizations (SIGBUS in
 * IntegerRangeAnalysis::visitNonControlFlowArguments), affine-loop-fusion
 * (SIGSEGV in Operation::moveBefore) and affine-super-vectorize (invalid
 * IR, then a corrupted heap). */
const AriPassOrderPass ariPassOrderDefaultPasses[ARI_PASS_ORDER_NUM_DEFAULT] = {
    {"canonicalize", ARI_LOWER_CANONICALIZE, ARI_PASS_ON_LOOPS},
    {"cse", "cse", ARI_PASS_ON_LOOPS},
    {"sccp", "sccp", ARI_PASS_ON_LOOPS},
    {"licm", "loop-invariant-code-motion", ARI_PASS_ON_LOOPS},
    {"affine-licm", "func.func(affine-loop-invariant-code-motion)", ARI_PASS_ON_LOOPS},
    {"affine-scalrep", "func.func(affine-scalrep)", ARI_PASS_ON_LOOPS},
    {"unroll-2", "func.func(affine-loop-unroll{unroll-factor=2})", ARI_PASS_ON_LOOPS},
    {"unroll-4", "func.func(affine-loop-unroll{unroll-factor=4})", ARI_PASS_ON_LOOPS},
    {"unroll-full-8", "func.func(affine-loop-unroll{unroll-full-threshold=8})", ARI_PASS_ON_LOOPS},
    {"unroll-jam-2", "func.func(affine-loop-unroll-jam{unroll-jam-factor=2})", ARI_PASS_ON_LOOPS},
    {"tile-32", "func.func(affine-loop-tile{tile-size=32})", ARI_PASS_ON_LOOPS},
    {"affine-normalize", "func.func(affine-loop-normalize)", ARI_PASS_ON_LOOPS},
    {"affine-simplify", "func.func(affine-simplify-structures)", ARI_PASS_ON_LOOPS},
    {"affine-min-max", "func.func(affine-simplify-min-max)", ARI_PASS_ON_LOOPS},
    {"affine-coalesce", "func.func(affine-loop-coalescing)", ARI_PASS_ON_LOOPS},
    {"lower-affine", "lower-affine", ARI_PASS_ON_LOOPS},
    {"scf-for-canonicalize", "scf-for-loop-canonicalization", ARI_PASS_ON_LOOPS},
    {"control-flow-sink", "control-flow-sink", ARI_PASS_ON_LOOPS},
    {"symbol-dce", "symbol-dce", ARI_PASS_ON_LOOPS},
};

/* Environment 2's strategies (costmodel/rl/pass_env.c's list; the act*
 * names of search.elv spelled out in the prelude's, which rise-rewrite
 * knows), then the lowering. */
#define RISE_PASS(s) "rise-rewrite{strategy=\"" s "\" report=false}"
const AriPassOrderPass ariPassOrderRisePasses[ARI_PASS_ORDER_NUM_RISE] = {
    {"rise:fusePipeline", RISE_PASS("fuseOperators"), ARI_PASS_ON_RISE},
    {"rise:separate", RISE_PASS("separateConvolutions"), ARI_PASS_ON_RISE},
    {"rise:chunkLines4", RISE_PASS("splitPipeline(4) ; parOuter"), ARI_PASS_ON_RISE},
    {"rise:chunkLines16", RISE_PASS("splitPipeline(16) ; parOuter"), ARI_PASS_ON_RISE},
    {"rise:vectorizeReductions4", RISE_PASS("vectorizeReductions(4)"), ARI_PASS_ON_RISE},
    {"rise:slidingWindow",
     RISE_PASS("fuse ; circularBufferStages ; streams ; rotateValues ; streams ; lowerRest ; "
               "usePrivateMemory ; unrollReductions"),
     ARI_PASS_ON_RISE},
    {"rise:normalize", RISE_PASS("normalize(beta <+ eta)"), ARI_PASS_ON_RISE},
    {"rise:fuse", RISE_PASS("fuse"), ARI_PASS_ON_RISE},
    {"rise:parOuter", RISE_PASS("parOuter"), ARI_PASS_ON_RISE},
    {"rise:unrollReductions", RISE_PASS("unrollReductions"), ARI_PASS_ON_RISE},
    {"lower", "convert-rise-to-affine", ARI_PASS_LOWERING},
};
#undef RISE_PASS

/* The three left out of the upstream list above. */
const AriPassOrderPass ariPassOrderSandboxedPasses[ARI_PASS_ORDER_NUM_SANDBOXED] = {
    {"int-range-opt", "int-range-optimizations", ARI_PASS_ON_LOOPS},
    {"affine-fusion", "func.func(affine-loop-fusion)", ARI_PASS_ON_LOOPS},
    {"super-vectorize-8", "func.func(affine-super-vectorize{virtual-vector-size=8})",
     ARI_PASS_ON_LOOPS},
};

struct AriPassOrder {
  const AriPassOrderPass *passes;
  unsigned n;
  long maxOps;
  bool sandbox; /* ariPassOrderSetSandbox */
  double seconds;
  void (*hook)(void *hookCtx, unsigned pass);
  void *hookCtx;
};

void ariPassOrderSetSandbox(AriPassOrder *po, MlirContext ctx, double seconds,
                            void (*hook)(void *hookCtx, unsigned pass), void *hookCtx) {
  /* Joins the context's pool threads now, so that the children forked
   * later run passes on the one thread they have. */
  mlirContextEnableMultithreading(ctx, false);
  po->sandbox = true;
  po->seconds = seconds > 0 ? seconds : 60;
  po->hook = hook;
  po->hookCtx = hookCtx;
}

AriPassOrder *ariPassOrderCreate(const AriPassOrderPass *passes, unsigned n, long maxOps,
                                 char *err, size_t errCap) {
  if (!passes || !n) {
    ariFailf(err, errCap, "no passes to order");
    return NULL;
  }
  AriPassOrder *po = calloc(1, sizeof *po);
  if (!po) {
    ariFailf(err, errCap, "out of memory");
    return NULL;
  }
  po->passes = passes;
  po->n = n;
  po->maxOps = maxOps > 0 ? maxOps : ARI_PASS_ORDER_MAX_OPS;
  return po;
}

void ariPassOrderDestroy(AriPassOrder *po) { free(po); }

const char *ariPassOrderPassName(const AriPassOrder *po, unsigned k) {
  return k < po->n ? po->passes[k].name : "?";
}

AriPassStage ariPassOrderStage(const AriPassOrder *po, unsigned k) {
  return k < po->n ? po->passes[k].stage : ARI_PASS_ON_LOOPS;
}

MlirModule ariPassOrderModule(const void *state) { return (MlirModule){state}; }

static void noteText(MlirStringRef s, void *user) {
  char *buf = user;
  size_t n = strlen(buf);
  for (size_t i = 0; i < s.length && n + 1 < 256; ++i)
    buf[n++] = s.data[i];
  buf[n] = 0;
}

/* Keeps the first diagnostic (256 bytes) and stops it from reaching the
 * tool's handlers: a failed pass is an ordinary outcome here. */
static MlirLogicalResult swallow(MlirDiagnostic d, void *user) {
  char *buf = user;
  if (!buf[0])
    mlirDiagnosticPrint(d, noteText, buf);
  return mlirLogicalResultSuccess();
}

/* A copy of module m with pipeline run on it, or a null module; limited:
 * also null beyond po->maxOps operations. */
static MlirModule runCopy(const AriPassOrder *po, MlirModule m, const char *pipeline,
                          bool limited, char *why) {
  MlirOperation c = mlirOperationClone(mlirModuleGetOperation(m));
  MlirModule copy = mlirModuleFromOperation(c);
  MlirContext ctx = mlirModuleGetContext(m);
  why[0] = 0;
  MlirDiagnosticHandlerID h = mlirContextAttachDiagnosticHandler(ctx, swallow, why, NULL);
  bool ok = mlirLogicalResultIsSuccess(ariCompileRunPipeline(copy, pipeline));
  mlirContextDetachDiagnosticHandler(ctx, h);
  if (ok && limited && ariCodeCountOps(mlirModuleGetOperation(copy), po->maxOps) > po->maxOps) {
    snprintf(why, 256, "more than %ld operations", po->maxOps);
    ok = false;
  }
  if (!ok) {
    mlirModuleDestroy(copy);
    return (MlirModule){NULL};
  }
  return copy;
}

/* Writes all of p[0..n) to fd; false on an error. */
static bool writeAll(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return false;
    p += k;
    n -= (size_t)k;
  }
  return true;
}

/* The printer hands over text a few bytes at a time: buffered, so that
 * the pipe sees a write per 64 KB, not one per fragment. */
typedef struct {
  int fd;
  bool ok;
  size_t n;
  char buf[65536];
} PipeWriter;

static void flushPipe(PipeWriter *w) {
  w->ok = w->ok && writeAll(w->fd, w->buf, w->n);
  w->n = 0;
}

static void toPipe(MlirStringRef s, void *user) {
  PipeWriter *w = user;
  if (w->n + s.length > sizeof w->buf)
    flushPipe(w);
  if (s.length > sizeof w->buf)
    w->ok = w->ok && writeAll(w->fd, s.data, s.length);
  else {
    memcpy(w->buf + w->n, s.data, s.length);
    w->n += s.length;
  }
}

/* runCopy in a forked child (ariPassOrderSetSandbox). The child writes
 * 'M' and the module as MLIR bytecode, or 'E' and why it failed; a signal
 * (SIGALRM at the time limit) means it crashed or hung. */
static MlirModule runSandboxed(const AriPassOrder *po, MlirModule m, const char *pipeline,
                               unsigned pass, char *why) {
  int fds[2];
  if (pipe(fds)) {
    snprintf(why, 256, "sandbox: pipe: %s", strerror(errno));
    return (MlirModule){NULL};
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(why, 256, "sandbox: fork: %s", strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return (MlirModule){NULL};
  }
  if (pid == 0) {
    close(fds[0]);
    alarm((unsigned)ceil(po->seconds));
    if (po->hook)
      po->hook(po->hookCtx, pass);
    char cwhy[256];
    MlirModule r = runCopy(po, m, pipeline, true, cwhy);
    if (!r.ptr) {
      writeAll(fds[1], "E", 1);
      writeAll(fds[1], cwhy, strlen(cwhy));
      _exit(1);
    }
    PipeWriter *w = malloc(sizeof *w); /* freed by _exit */
    if (!w)
      _exit(3);
    w->fd = fds[1];
    w->ok = true;
    w->buf[0] = 'M';
    w->n = 1;
    /* bytecode: written and read back several times faster than text */
    mlirOperationWriteBytecode(mlirModuleGetOperation(r), toPipe, w);
    flushPipe(w);
    _exit(w->ok ? 0 : 2); /* no destructors: the parent owns everything */
  }
  close(fds[1]);
  AriStr text;
  ariStrInit(&text, NULL);
  char buf[65536];
  bool readOk = true;
  for (;;) {
    ssize_t k = read(fds[0], buf, sizeof buf);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0) {
      readOk = k == 0;
      break;
    }
    readOk = ariStrAppend(&text, buf, (size_t)k);
    if (!readOk)
      break;
  }
  close(fds[0]);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
    ;
  MlirModule r = {NULL};
  const char *t = ariStrText(&text);
  if (WIFSIGNALED(st)) {
    int sig = WTERMSIG(st);
    snprintf(why, 256, "crashed in the sandbox: %s",
             sig == SIGALRM ? "ran past the time limit" : strsignal(sig));
  } else if (!readOk || !WIFEXITED(st) || !t) {
    snprintf(why, 256, "sandbox: no result (exit status %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  } else if (t[0] == 'E') {
    snprintf(why, 256, "%s", t + 1);
  } else if (t[0] == 'M' && WEXITSTATUS(st) == 0) {
    MlirContext ctx = mlirModuleGetContext(m);
    why[0] = 0;
    MlirDiagnosticHandlerID h = mlirContextAttachDiagnosticHandler(ctx, swallow, why, NULL);
    r = mlirModuleCreateParse(ctx, mlirStringRefCreate(t + 1, text.len - 1));
    mlirContextDetachDiagnosticHandler(ctx, h);
    if (!r.ptr) {
      char msg[256];
      snprintf(msg, sizeof msg, "sandbox: the result does not parse back: %s", why);
      memcpy(why, msg, sizeof msg);
    }
  } else {
    snprintf(why, 256, "sandbox: a malformed result (exit status %d)", WEXITSTATUS(st));
  }
  ariStrFree(&text);
  return r;
}

/* A pass application (an agent's action, or a pipeline of the caller's):
 * sandboxed when asked. */
static MlirModule applyPass(const AriPassOrder *po, MlirModule m, const char *pipeline,
                            unsigned pass, char *why) {
  return po->sandbox ? runSandboxed(po, m, pipeline, pass, why)
                     : runCopy(po, m, pipeline, true, why);
}

bool ariPassOrderRun(AriPassOrder *po, const void *state, const char *pipeline, void **out,
                     char *err, size_t errCap) {
  char why[256];
  MlirModule r = applyPass(po, ariPassOrderModule(state), pipeline, po->n, why);
  *out = (void *)r.ptr;
  if (!r.ptr)
    ariFailf(err, errCap, "'%s' failed: %s", pipeline, why[0] ? why : "no diagnostic");
  return r.ptr != NULL;
}

bool ariPassOrderLower(AriPassOrder *po, MlirOperation func, void **state, char *err,
                       size_t errCap) {
  (void)po;
  /* not through runCopy: the lowering's diagnostics are the user's, at
   * the op it cannot lower, and go to the context's handlers */
  MlirModule m = mlirModuleCreateEmpty(mlirOperationGetLocation(func));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), mlirOperationClone(func));
  if (mlirLogicalResultIsFailure(ariCompileRunPipeline(m, "convert-rise-to-affine"))) {
    mlirModuleDestroy(m);
    *state = NULL;
    return ariFailf(err, errCap, "convert-rise-to-affine failed (see the diagnostics)");
  }
  *state = (void *)m.ptr;
  return true;
}

bool ariPassOrderWrap(AriPassOrder *po, MlirOperation func, void **state, char *err,
                      size_t errCap) {
  void *lowered = NULL;
  if (!ariPassOrderLower(po, func, &lowered, err, errCap))
    return false;
  ariPassOrderRelease(po, lowered);
  MlirModule m = mlirModuleCreateEmpty(mlirOperationGetLocation(func));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), mlirOperationClone(func));
  *state = (void *)m.ptr;
  return true;
}

static MlirWalkResult findRise(MlirOperation op, void *user) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 5 && !memcmp(name.data, "rise.", 5)) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

bool ariPassOrderIsLowered(const void *state) {
  bool rise = false;
  mlirOperationWalk(mlirModuleGetOperation(ariPassOrderModule(state)), findRise, &rise,
                    MlirWalkPreOrder);
  return !rise;
}

static bool countAll(AriPassOrder *po, const void *state, double *kinds, double *feat,
                     char *err, size_t errCap) {
  char why[256];
  /* not limited: a state within the bound may grow past it here */
  const char *pipeline =
      ariPassOrderIsLowered(state) ? "lower-affine" : "convert-rise-to-affine,lower-affine";
  MlirModule m = runCopy(po, ariPassOrderModule(state), pipeline, false, why);
  if (!m.ptr)
    return ariFailf(err, errCap, "%s failed before counting: %s", pipeline, why);
  ariCodeOpCount(m, kinds, feat);
  mlirModuleDestroy(m);
  return true;
}

bool ariPassOrderCount(AriPassOrder *po, const void *state, double *kinds, double *total,
                       char *err, size_t errCap) {
  double k[ARI_CODEOP_COUNT], feat[ARI_CODEFEAT_COUNT];
  if (!countAll(po, state, k, feat, err, errCap))
    return false;
  double t = 0;
  for (unsigned i = 0; i < ARI_CODEOP_COUNT; ++i)
    t += k[i];
  if (kinds)
    memcpy(kinds, k, sizeof k);
  *total = t;
  return true;
}

void ariPassOrderRelease(AriPassOrder *po, void *state) {
  (void)po;
  if (state)
    mlirModuleDestroy(ariPassOrderModule(state));
}

static bool opsApply(void *self, const void *state, unsigned pass, void **out, char *err,
                     size_t errCap) {
  AriPassOrder *po = self;
  (void)err, (void)errCap;
  *out = NULL;
  if (pass >= po->n)
    return true;
  bool lowered = ariPassOrderIsLowered(state);
  if (lowered != (po->passes[pass].stage == ARI_PASS_ON_LOOPS))
    return true; /* the other stage's pass: no new state */
  char why[256];
  *out = (void *)applyPass(po, ariPassOrderModule(state), po->passes[pass].text, pass, why).ptr;
  return true;
}

static bool opsCount(void *self, const void *state, double *kinds, double *flops, double *transc,
                     char *err, size_t errCap) {
  double feat[ARI_CODEFEAT_COUNT];
  if (!countAll(self, state, kinds, feat, err, errCap))
    return false;
  *flops = feat[ARI_CODEFEAT_OPS_LANES];
  *transc = feat[ARI_CODEFEAT_TRANSCENDENTAL];
  return true;
}

static void opsRelease(void *self, void *state) { ariPassOrderRelease(self, state); }

AriOrderOps ariPassOrderOps(AriPassOrder *po) {
  return (AriOrderOps){po, opsApply, opsCount, opsRelease};
}

bool ariPassOrderLowering(const AriPassOrder *po, const unsigned *seq, unsigned n, char *buf,
                          size_t cap) {
  AriStr b;
  ariStrInitFixed(&b, buf, cap);
  /* as the states go: rise until the list's lowering pass (lowered from
   * the start in a list without one); a pass of the other stage did
   * nothing and is left out */
  bool hasLowering = false;
  for (unsigned k = 0; k < po->n; ++k)
    hasLowering |= po->passes[k].stage == ARI_PASS_LOWERING;
  ariStrPuts(&b, "builtin.module(");
  unsigned i = 0;
  for (; hasLowering && i < n; ++i) {
    AriPassStage st = seq[i] < po->n ? po->passes[seq[i]].stage : ARI_PASS_ON_LOOPS;
    if (st == ARI_PASS_LOWERING)
      break;
    if (st == ARI_PASS_ON_RISE)
      ariStrPrintf(&b, "%s,", po->passes[seq[i]].text);
  }
  ariStrPuts(&b, "convert-rise-to-affine");
  for (i = hasLowering ? i + 1 : 0; i < n; ++i)
    if (seq[i] < po->n && po->passes[seq[i]].stage == ARI_PASS_ON_LOOPS)
      ariStrPrintf(&b, ",%s", po->passes[seq[i]].text);
  ariStrPrintf(&b, ",%s)", ariRiseToLLVMConversion());
  return ariStrOk(&b);
}

bool ariPassOrderDefaultLowering(char *buf, size_t cap) {
  int n = snprintf(buf, cap, "%s", ariRiseToLLVMPipeline());
  return n >= 0 && (size_t)n < cap;
}
