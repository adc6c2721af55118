/*===- ariadne-run.c - run a rise function natively and check it ----------===*\
 *
 * ariadne-run FILE [--func=NAME] [--seed=N] [--input=K:PATH]... [--reps=N]
 *             [--warmup=N] [--threads=N] [--cpu=CPU] [--features=LIST]
 *             [--vector-width=BITS]
 *             [--pipeline=PASSES] [--lowering=PASSES | --fma]
 *             [--rtol=X] [--atol=X] [--stol=X]
 *             [--target=ARCH [--cross-cc=CC] [--exec=CMD] [--target-omp=DIR]]
 *             [--no-check] [--print]
 *             [--report=text|json]
 *
 * Compiles one function in process (runtime/codegen/compile.h, the code behind
 * ariadne-compile), links the object into a shared library, loads it, runs
 * it on random or file inputs, compares every output with the reference
 * interpreter's, and prints the timing. Exit status: 0 success, 1 error or
 * mismatch (reported on stderr), 2 bad command line.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Interp.h"
#include "runtime/codegen/compile.h"
#include "runtime/runtime.h"
#include "utils/arena.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { kMaxArgs = 256, kMaxInputs = 64 };

typedef struct Options {
  const char *file, *func, *cpu, *features, *pipeline, *lowering;
  const char *target, *crossCc, *exec; /* exec: NULL = in process */
  const char *targetOmp;               /* the target's libomp.so.5 directory */
  uint64_t seed;
  AriToolInput inputs[kMaxInputs];
  int ninputs;
  int reps, warmup;
  const char *threads; /* OMP_NUM_THREADS for the compiled code */
  unsigned vectorWidth; /* AriCompileOptions.vectorWidth */
  double rtol, atol, stol; /* < 0: the element type's default */
  bool check, print, jit;
  bool json; /* --report=json */
} Options;

static void usage(FILE *f) {
  fputs(
      "usage: ariadne-run FILE [options]\n"
      "\n"
      "Compiles one function of FILE to native code for this machine (in process, as\n"
      "ariadne-compile does), links and loads it, runs it on random or file inputs,\n"
      "checks every memref a rise.out writes against the reference interpreter, and\n"
      "prints the run time.\n"
      "\n"
      "options:\n"
      "  --func=NAME         the func.func to run (default: the first one in FILE)\n"
      "  --seed=N            seed of the random inputs (default 1); argument K is\n"
      "                      filled from seed N+K, as by ariadne-interp\n"
      "  --input=K:PATH      take argument K from PATH (repeatable; formats as for\n"
      "                      ariadne-interp: *.txt numbers, anything else raw binary\n"
      "                      of exactly the argument's size)\n"
      "  --reps=N            timed runs (default 10), reported as median and minimum\n"
      "  --warmup=N          untimed runs before them (default 2)\n"
      "  --threads=N         OpenMP threads for map par (sets OMP_NUM_THREADS;\n"
      "                      default: libomp's choice or the environment's)\n"
      "  --cpu=CPU           CPU to compile for (default: host, with its features), as\n"
      "                      ariadne-compile's --cpu (--target-cpu is the old name)\n"
      "  --features=LIST     target features, e.g. +avx2\n"
      "  --vector-width=BITS the widest vectors of LLVM's vectorisers on x86-64: 128,\n"
      "                      256 or 512 (default 512), as ariadne-compile's\n"
      "  --target=ARCH       x86_64 or aarch64 (default: the host's). For another\n"
      "                      architecture the object is linked by --cross-cc with a\n"
      "                      small driver and an OpenMP runtime (--target-omp, else\n"
      "                      a one-thread stand-in), run through --exec, and not timed\n"
      "  --cross-cc=CC       (default aarch64-linux-gnu-gcc)\n"
      "  --exec=COMMAND      (default 'qemu-aarch64 -cpu max -L /usr/aarch64-linux-gnu')\n"
      "  --target-omp=DIR    a directory with the target's libomp.so.5, so that map par\n"
      "                      runs on --threads threads there (bash utils/setup.sh\n"
      "                      unpacks Debian's arm64 libomp into .deps/aarch64-libomp)\n"
      "  --pipeline=PASSES   passes to run before the lowering\n"
      "  --lowering=PASSES   replaces the default lowering to the LLVM dialect\n"
      "  --fma               lower with rise-to-llvm-fma (mul+add fused: one rounding;\n"
      "                      compared within the tolerance): in one lambda, or a map's\n"
      "                      mul read by an add in the reduce (or map) it is fused\n"
      "                      into, as in reduce (+) (map (*) (zip a b))\n"
      "  --rtol=X --atol=X --stol=X\n"
      "                      tolerance: native and interpreter values a, b match when\n"
      "                      |a-b| <= atol + rtol*|b| + stol*max|b|, max|b| the\n"
      "                      largest of the output (the scale of a reassociated\n"
      "                      sum's error; default f32 1e-4, 1e-5 and 1e-5, f64\n"
      "                      1e-10, 1e-12 and 1e-12; integers must be equal)\n"
      "  --jit               run through MLIR's ExecutionEngine JIT instead of\n"
      "                      linking and loading a shared object\n"
      "  --no-check          skip the interpreter (for sizes too large to interpret)\n"
      "  --print             print the native outputs as ariadne-interp --print does\n"
      "  --report=FORMAT     text (default) or json: one JSON object on stdout,\n"
      "                      {\"func\", \"engine\", \"checks\": [{\"argument\", \"scalars\",\n"
      "                      \"mismatches\", \"max_abs_error\", \"atol\", \"rtol\", \"stol\"}],\n"
      "                      \"timed\", \"median_ms\", \"min_ms\", \"reps\", \"warmup\"}\n"
      "                      (errors stay on stderr; not with --print)\n"
      "  --help              this text\n"
      "  --version           the tool's and LLVM's versions\n"
      "\n"
      "Options with a value take it as --opt=VALUE or --opt VALUE.\n"
      "exit status: 0 success, 1 error or mismatch, 2 bad command line\n",
      f);
}

#define TOOL "ariadne-run"
#define usageError(...) ariToolUsageError(TOOL, __VA_ARGS__)

/* A number, or null where JSON has none (inf, NaN). */
static void jsonNumber(double d) {
  if (isfinite(d))
    printf("%.9g", d);
  else
    printf("null");
}

static bool parseTol(const char *v, double *out) {
  char *end;
  errno = 0;
  double d = strtod(v, &end);
  if (!*v || *end || errno || !(d >= 0))
    return false;
  *out = d;
  return true;
}

static int parseOptions(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->seed = 1;
  o->reps = 10;
  o->warmup = 2;
  o->rtol = o->atol = o->stol = -1;
  o->check = true;
  bool fma = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    uint64_t u;
    if (!strcmp(a, "--version")) {
      ariToolPrintVersion("ariadne-run");
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--no-check")) {
      o->check = false;
    } else if (!strcmp(a, "--print")) {
      o->print = true;
    } else if (ariToolOpt(argc, argv, &i, "--report", &v)) {
      if (strcmp(v, "json") && strcmp(v, "text"))
        return usageError("--report needs text or json, got '%s'", v);
      o->json = !strcmp(v, "json");
    } else if (!strcmp(a, "--jit")) {
      o->jit = true;
    } else if (ariToolOpt(argc, argv, &i, "--func", &v)) {
      if (!*v)
        return usageError("--func needs a name");
      o->func = v;
    } else if (ariToolOpt(argc, argv, &i, "--seed", &v)) {
      if (!ariToolParseU64(v, &o->seed))
        return usageError("--seed needs a non-negative integer, got '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--reps", &v)) {
      if (!ariToolParseU64(v, &u) || u < 1 || u > 1000000)
        return usageError("--reps needs an integer from 1 to 1000000, got '%s'", v);
      o->reps = (int)u;
    } else if (ariToolOpt(argc, argv, &i, "--threads", &v)) {
      if (!ariToolParseU64(v, &u) || u < 1 || u > 4096)
        return usageError("--threads needs an integer from 1 to 4096, got '%s'", v);
      o->threads = v;
    } else if (ariToolOpt(argc, argv, &i, "--warmup", &v)) {
      if (!ariToolParseU64(v, &u) || u > 1000000)
        return usageError("--warmup needs an integer from 0 to 1000000, got '%s'", v);
      o->warmup = (int)u;
    } else if (ariToolOpt(argc, argv, &i, "--cpu", &v) ||
               ariToolOpt(argc, argv, &i, "--target-cpu", &v)) {
      if (!*v)
        return usageError("%s needs a name", a);
      o->cpu = v;
    } else if (ariToolOpt(argc, argv, &i, "--features", &v)) {
      o->features = v;
    } else if (ariToolOpt(argc, argv, &i, "--vector-width", &v)) {
      if (!ariCompileParseVectorWidth(v, &o->vectorWidth))
        return usageError("--vector-width must be 128, 256 or 512, got '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--target", &v)) {
      if (strcmp(v, "x86_64") && strcmp(v, "aarch64"))
        return usageError("--target must be x86_64 or aarch64, got '%s'", v);
      o->target = v;
    } else if (ariToolOpt(argc, argv, &i, "--cross-cc", &v)) {
      if (!*v)
        return usageError("--cross-cc needs a compiler");
      o->crossCc = v;
    } else if (ariToolOpt(argc, argv, &i, "--exec", &v)) {
      o->exec = v;
    } else if (ariToolOpt(argc, argv, &i, "--target-omp", &v)) {
      if (!*v)
        return usageError("--target-omp needs a directory");
      o->targetOmp = v;
    } else if (ariToolOpt(argc, argv, &i, "--pipeline", &v)) {
      o->pipeline = v;
    } else if (ariToolOpt(argc, argv, &i, "--lowering", &v)) {
      if (fma)
        return usageError("--fma and --lowering exclude each other");
      o->lowering = v;
    } else if (!strcmp(a, "--fma")) {
      if (o->lowering)
        return usageError("--fma and --lowering exclude each other");
      fma = true;
      o->lowering = "rise-to-llvm-fma";
    } else if (ariToolOpt(argc, argv, &i, "--rtol", &v)) {
      if (!parseTol(v, &o->rtol))
        return usageError("--rtol needs a non-negative number, got '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--atol", &v)) {
      if (!parseTol(v, &o->atol))
        return usageError("--atol needs a non-negative number, got '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--stol", &v)) {
      if (!parseTol(v, &o->stol))
        return usageError("--stol needs a non-negative number, got '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--input", &v)) {
      if (!ariToolAddInput(TOOL, v, kMaxArgs, o->inputs, &o->ninputs, kMaxInputs))
        return 2;
    } else if (ariToolPositional(TOOL, a, &o->file)) {
      return 2;
    }
  }
  if (!o->file)
    return usageError("no input file");
#if defined(__x86_64__)
  const char *host = "x86_64";
#else
  const char *host = "aarch64";
#endif
  bool remote = o->target && strcmp(o->target, host);
  if (remote) {
    if (!o->crossCc)
      o->crossCc = "aarch64-linux-gnu-gcc";
    if (!o->exec)
      o->exec = "qemu-aarch64 -cpu max -L /usr/aarch64-linux-gnu";
    if (o->jit)
      return usageError("--jit runs on the host only");
  } else if (o->crossCc || o->exec || o->targetOmp) {
    return usageError("--cross-cc, --exec and --target-omp are for a --target other than the "
                      "host's");
  }
  if (o->json && o->print)
    return usageError("--report=json and --print both write stdout");
  return 0;
}

/* A private directory for the object and shared library, removed at exit. */
typedef struct Scratch {
  char dir[4096], obj[4200], lib[4200], exe[4200];
} Scratch;

static bool scratchMake(Scratch *s, const char *func) {
  const char *tmp = getenv("TMPDIR");
  snprintf(s->dir, sizeof s->dir, "%s/ariadne-run-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(s->dir)) {
    fprintf(stderr, "ariadne-run: error: cannot create a scratch directory in %s: %s\n",
            tmp && *tmp ? tmp : "/tmp", strerror(errno));
    return false;
  }
  snprintf(s->obj, sizeof s->obj, "%s/%s.o", s->dir, func);
  snprintf(s->lib, sizeof s->lib, "%s/%s.so", s->dir, func);
  snprintf(s->exe, sizeof s->exe, "%s/%s.exe", s->dir, func);
  return true;
}

static void scratchRemove(Scratch *s) {
  unlink(s->obj);
  unlink(s->lib);
  unlink(s->exe);
  rmdir(s->dir);
}

static int run(const Options *o, MlirModule module, AriArena *arena) {
  MlirOperation func = ariFindFunc(module, o->func);
  if (mlirOperationIsNull(func)) {
    if (o->func)
      fprintf(stderr, "%s: error: no function named '%s'\n", o->file, o->func);
    else
      fprintf(stderr, "%s: error: the file has no func.func\n", o->file);
    return 1;
  }
  MlirStringRef nameRef = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name")));
  char *name = ariArenaStrndup(arena, nameRef.data, nameRef.length);

  AriHostArg ref[kMaxArgs], native[kMaxArgs];
  intptr_t nargs = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, ref, kMaxArgs, &nargs)))
    return 1;
  for (int j = 0; j < o->ninputs; ++j)
    if (o->inputs[j].k >= nargs)
      return usageError("--input=%ld:... names an argument the function does not have (it has "
                        "%ld)",
                        o->inputs[j].k, (long)nargs);
  if (!ariRtCloneArgs(ref, ref, nargs, arena)) {
    fprintf(stderr, "%s: error: out of memory allocating the arguments\n", o->file);
    return 1;
  }
  for (intptr_t k = 0; k < nargs; ++k)
    ariHostArgFillRandom(&ref[k], o->seed + (uint64_t)k);
  for (int j = 0; j < o->ninputs; ++j)
    if (!ariToolReadInput(&o->inputs[j], &ref[o->inputs[j].k], arena))
      return 1;
  if (!ariRtCloneArgs(native, ref, nargs, arena)) {
    fprintf(stderr, "%s: error: out of memory allocating the arguments\n", o->file);
    return 1;
  }
  bool written[kMaxArgs];
  ariInterpOutputArgs(func, written, nargs);

  /* Compile a copy: the interpreter needs the rise form. */
  MlirModule copy = mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(module)));
  AriCompileOptions co;
  ariCompileOptionsInit(&co);
  co.target = o->target;
  co.cpu = o->cpu;
  co.features = o->features;
  co.vectorWidth = o->vectorWidth;
  co.pipeline = o->pipeline;
  co.lowering = o->lowering;
  co.onlyFunc = name;
  Scratch s;
  if (!scratchMake(&s, name)) {
    mlirModuleDestroy(copy);
    return 1;
  }
  char err[1024];
  AriRtLibrary lib = {NULL};
  AriRtJit jit = {NULL};
  AriRtPackedFn fn = NULL;
  void **packed = NULL;
  bool ok = mlirLogicalResultIsSuccess(ariCompileLower(copy, &co));
  if (ok && o->jit) {
    if (!(ariRtJitCreate(&jit, copy, co.optLevel, err, sizeof err) &&
          (fn = ariRtJitLookup(&jit, name, err, sizeof err)))) {
      fprintf(stderr, "%s: error: %s\n", o->file, err);
      ok = false;
    } else if (!(packed = ariRtJitPackArgs(native, nargs, arena))) {
      fprintf(stderr, "%s: error: out of memory\n", o->file);
      ok = false;
    }
  } else if (ok) {
    ok = mlirLogicalResultIsSuccess(ariCompileEmit(copy, &co, ARI_EMIT_OBJ, s.obj));
  }
  mlirModuleDestroy(copy);
  if (ok && o->exec) {
    AriRtRemote remote = {o->crossCc, o->exec, o->targetOmp};
    if (!ariRtRemoteBuild(&remote, s.obj, name, s.exe, err, sizeof err) ||
        !ariRtRemoteRun(&remote, s.exe, s.dir, native, nargs, err, sizeof err)) {
      fprintf(stderr, "%s: error: %s\n", o->file, err);
      ok = false;
    }
  } else if (ok && !o->jit) {
    if (!(ariRtLinkShared(s.obj, s.lib, err, sizeof err) &&
          ariRtOpen(&lib, s.lib, err, sizeof err) &&
          (fn = ariRtLookup(&lib, name, err, sizeof err)))) {
      fprintf(stderr, "%s: error: %s\n", o->file, err);
      ok = false;
    } else if (!(packed = ariRtPackArgs(native, nargs, arena))) {
      fprintf(stderr, "%s: error: out of memory\n", o->file);
      ok = false;
    }
  }
  if (ok && fn)
    fn(packed);
  scratchRemove(&s);
  if (!ok) {
    ariRtClose(&lib);
    ariRtJitDestroy(&jit);
    return 1;
  }

  int rc = 0;
  const char *engine = o->exec ? "remote" : o->jit ? "JIT" : "native";
  bool firstCheck = true;
  if (o->check && mlirLogicalResultIsFailure(ariInterpRun(func, ref, nargs, NULL, NULL))) {
    ariRtClose(&lib);
    ariRtJitDestroy(&jit);
    return 1;
  }
  /* From here on the JSON object is always completed. */
  if (o->json) {
    printf("{\"func\": ");
    ariToolJsonString(stdout, name);
    printf(", \"engine\": \"%s\", \"checks\": [", engine);
  }
  if (o->check) {
    for (intptr_t k = 0; k < nargs; ++k) {
      if (!written[k] || !ref[k].isMemRef)
        continue;
      AriRtTolerance tol = ariRtDefaultTolerance(ref[k].scalar);
      if (o->rtol >= 0)
        tol.rtol = o->rtol;
      if (o->atol >= 0)
        tol.atol = o->atol;
      if (o->stol >= 0)
        tol.stol = o->stol;
      AriRtComparison c;
      ariRtCompare(&native[k], &ref[k], tol, &c);
      if (o->json) {
        printf("%s{\"argument\": %ld, \"scalars\": %lld, \"mismatches\": %lld, "
               "\"max_abs_error\": ",
               firstCheck ? "" : ", ", (long)k, (long long)c.count, (long long)c.mismatches);
        jsonNumber(c.maxAbsError);
        printf(", \"atol\": ");
        jsonNumber(tol.atol);
        printf(", \"rtol\": ");
        jsonNumber(tol.rtol);
        printf(", \"stol\": ");
        jsonNumber(tol.stol);
        printf("}");
        firstCheck = false;
      }
      if (c.mismatches) {
        char idx[256];
        ariRtFormatIndex(&ref[k], c.firstBad, idx, sizeof idx);
        fprintf(stderr,
                "%s: error: @%s argument %ld differs from the interpreter at %s: native %.9g, "
                "interpreter %.9g (%lld of %lld scalars outside |a-b| <= %g + %g*|b| + "
                "%g*max|b|; max abs error %.3g)\n",
                o->file, name, (long)k, idx, c.got, c.want, (long long)c.mismatches,
                (long long)c.count, tol.atol, tol.rtol, tol.stol, c.maxAbsError);
        rc = 1;
      } else if (!o->json) {
        printf("@%s argument %ld matches the interpreter: %lld scalars, max abs error %.3g "
               "(tolerance |a-b| <= %g + %g*|b| + %g*max|b|)\n",
               name, (long)k, (long long)c.count, c.maxAbsError, tol.atol, tol.rtol, tol.stol);
      }
    }
  }
  if (o->print)
    for (intptr_t k = 0; k < nargs; ++k)
      if (written[k] && native[k].isMemRef) {
        printf("arg %ld:\n", (long)k);
        ariToolPrintValues(stdout, &native[k]);
      }
  AriRtTiming t;
  bool timed = false;
  if (rc == 0 && o->exec) {
    if (!o->json)
      printf("@%s ran through '%s' (not timed)\n", name, o->exec);
  } else if (rc == 0) {
    if (!ariRtTime(fn, packed, o->warmup, o->reps, &t, arena)) {
      fprintf(stderr, "%s: error: out of memory\n", o->file);
      rc = 1;
    } else if (!o->json) {
      printf("@%s %s time: median %.6f ms, min %.6f ms over %d runs (%d warm-up)\n", name,
             engine, t.medianMs, t.minMs, t.reps, o->warmup);
    } else {
      timed = true;
    }
  }
  if (o->json) {
    printf("], \"timed\": %s", timed ? "true" : "false");
    if (timed)
      printf(", \"median_ms\": %.6f, \"min_ms\": %.6f, \"reps\": %d, \"warmup\": %d",
             t.medianMs, t.minMs, t.reps, o->warmup);
    printf("}\n");
  }
  ariRtClose(&lib);
  ariRtJitDestroy(&jit);
  return rc; /* stdout is flushed and checked by ariToolExit */
}

static int toolMain(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, &o);
  if (rc)
    return rc;
  /* libomp reads it when the first parallel region starts. */
  if (o.threads && setenv("OMP_NUM_THREADS", o.threads, 1) != 0) {
    fprintf(stderr, "ariadne-run: error: cannot set OMP_NUM_THREADS: %s\n", strerror(errno));
    return 1;
  }
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  ariCompileRegister(ctx);
  AriArena arena;
  ariArenaInit(&arena, 0);
  MlirModule module = ariParseFile(ctx, o.file);
  if (mlirModuleIsNull(module)) {
    rc = 1;
  } else {
    rc = run(&o, module, &arena);
    mlirModuleDestroy(module);
  }
  if (rc == 0 && sink.errors)
    rc = 1;
  ariArenaDestroy(&arena);
  ariDiagSinkDetach(&sink);
  mlirContextDestroy(ctx);
  return rc;
}

int main(int argc, char **argv) { return ariToolExit(toolMain(argc, argv)); }
