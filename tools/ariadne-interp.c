/*===- ariadne-interp.c - run a rise function on the reference interpreter ===*\
 *
 * ariadne-interp FILE [--func=NAME] [--seed=N] [--input=K:PATH]...
 *                [--output-dir=DIR] [--print] [--stats] [--max-ops=N]
 *                [--max-mem-mb=N]
 *
 * Parses and verifies FILE, fills every argument of the function (random
 * from the seed, or from a file), interprets it, and prints or saves every
 * memref a rise.out writes. Exit status: 0 on success, 1 on any error
 * (reported with its location), 2 for a bad command line.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "ariadne-c/Interp.h"
#include "ariadne-c/Types.h"
#include "utils/arena.h"
#include "tools/support/mlirutil.h"
#include "tools/support/toolargs.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { kMaxArgs = 256, kMaxInputs = 64 };

typedef struct Options {
  const char *file;
  const char *func;
  uint64_t seed;
  AriToolInput inputs[kMaxInputs];
  int ninputs;
  const char *outDir;
  bool print, stats;
  int64_t maxOps;
  size_t maxBytes;
} Options;

static void usage(FILE *f) {
  fputs(
      "usage: ariadne-interp FILE [options]\n"
      "\n"
      "Runs one function of a rise program on the reference interpreter: parses and\n"
      "verifies FILE ('-' reads stdin), fills every argument, interprets the function,\n"
      "and prints or saves every memref argument that a rise.out writes.\n"
      "\n"
      "options:\n"
      "  --func=NAME       the func.func to run (default: the first one in FILE)\n"
      "  --seed=N          seed of the random inputs (default 1); argument K is filled\n"
      "                    from seed N+K: floats uniform in [-1, 1), i32/i64 in [-8, 8],\n"
      "                    i1 0 or 1, index in [0, 8)\n"
      "  --input=K:PATH    take argument K from PATH instead (repeatable). A .txt file\n"
      "                    holds exactly as many whitespace-separated numbers as the\n"
      "                    argument has scalars, in row-major order (vector lanes\n"
      "                    innermost); any other file is raw little-endian binary of\n"
      "                    exactly the argument's size (i1 one byte, index 8 bytes)\n"
      "  --output-dir=DIR  save each written memref K as DIR/argK.txt in the .txt\n"
      "                    format above, one innermost row per line (DIR is created\n"
      "                    if missing); such files can be fed back with --input\n"
      "  --print           print the written memrefs to stdout: a line 'arg K: TYPE'\n"
      "                    then the rows (the default when --output-dir is not given);\n"
      "                    f32 with %.9g, f64 with %.17g, integers exactly\n"
      "  --stats           print the work counters (ops executed, flops,\n"
      "                    transcendentals, bytes read by rise.in and written by\n"
      "                    rise.out) after a successful run\n"
      "  --max-ops=N       stop with an error after N executed ops (0 or absent: no\n"
      "                    limit)\n"
      "  --max-mem-mb=N    interpreter memory limit in MiB (default and 0: 8192)\n"
      "  --help            this text\n"
      "  --version         the tool's and LLVM's versions\n"
      "\n"
      ARI_TOOL_HELP_TAIL,
      f);
}

#define TOOL "ariadne-interp"
#define usageError(...) ariToolUsageError(TOOL, __VA_ARGS__)

/* Returns 0 on success, else the exit code. */
static int parseOptions(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->seed = 1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    uint64_t u;
    if (!strcmp(a, "--version")) {
      ariToolPrintVersion("ariadne-interp");
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(ariToolExit(0));
    } else if (!strcmp(a, "--print")) {
      o->print = true;
    } else if (!strcmp(a, "--stats")) {
      o->stats = true;
    } else if (ariToolOpt(argc, argv, &i, "--func", &v)) {
      if (!*v)
        return usageError("--func needs a name");
      o->func = v;
    } else if (ariToolOpt(argc, argv, &i, "--seed", &v)) {
      if (!ariToolParseU64(v, &o->seed))
        return usageError("--seed needs a non-negative integer, got '%s'", v);
    } else if (ariToolOpt(argc, argv, &i, "--max-ops", &v)) {
      if (!ariToolParseU64(v, &u) || u > INT64_MAX)
        return usageError("--max-ops needs a non-negative integer, got '%s'", v);
      o->maxOps = (int64_t)u;
    } else if (ariToolOpt(argc, argv, &i, "--max-mem-mb", &v)) {
      if (!ariToolParseU64(v, &u) || u > (SIZE_MAX >> 20))
        return usageError("--max-mem-mb needs a non-negative integer, got '%s'", v);
      o->maxBytes = (size_t)u << 20;
    } else if (ariToolOpt(argc, argv, &i, "--output-dir", &v)) {
      if (!*v)
        return usageError("--output-dir needs a directory");
      o->outDir = v;
    } else if (ariToolOpt(argc, argv, &i, "--input", &v)) {
      if (!ariToolAddInput(TOOL, v, kMaxArgs, o->inputs, &o->ninputs, kMaxInputs))
        return 2;
    } else if (ariToolPositional(TOOL, a, &o->file)) {
      return 2;
    }
  }
  if (!o->file)
    return usageError("no input file");
  return 0;
}

/*--- Main ----------------------------------------------------------------*/

static int run(const Options *o, MlirModule module, AriArena *arena) {
  MlirOperation func = ariFindFunc(module, o->func);
  if (mlirOperationIsNull(func)) {
    if (o->func)
      fprintf(stderr, "%s: error: no function named '%s'\n", o->file, o->func);
    else
      fprintf(stderr, "%s: error: the file has no func.func\n", o->file);
    return 1;
  }
  AriHostArg args[kMaxArgs];
  intptr_t nargs = 0;
  if (mlirLogicalResultIsFailure(ariInterpDescribeArgs(func, args, kMaxArgs, &nargs)))
    return 1;
  for (int j = 0; j < o->ninputs; ++j)
    if (o->inputs[j].k >= nargs) {
      return usageError("--input=%ld:... names an argument the function does not have (it has "
                        "%ld)",
                        o->inputs[j].k, (long)nargs);
    }
  if (!ariHostArgsAlloc(args, nargs, arena)) {
    fprintf(stderr, "%s: error: out of memory allocating the arguments\n", o->file);
    return 1;
  }
  for (intptr_t k = 0; k < nargs; ++k)
    ariHostArgFillRandom(&args[k], o->seed + (uint64_t)k);
  for (int j = 0; j < o->ninputs; ++j)
    if (!ariToolReadInput(&o->inputs[j], &args[o->inputs[j].k], arena))
      return 1;

  AriInterpLimits limits = {o->maxOps, o->maxBytes};
  AriInterpCounters c;
  if (mlirLogicalResultIsFailure(ariInterpRun(func, args, nargs, &limits, &c)))
    return 1;

  bool written[kMaxArgs];
  ariInterpOutputArgs(func, written, nargs);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (o->outDir && mkdir(o->outDir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "%s: error: cannot create the directory: %s\n", o->outDir, strerror(errno));
    return 1;
  }
  for (intptr_t k = 0; k < nargs; ++k) {
    if (!written[k] || !args[k].isMemRef)
      continue;
    if (o->print || !o->outDir) {
      char ts[256];
      riseTypeToString(mlirValueGetType(mlirBlockGetArgument(entry, k)), ts, sizeof ts);
      printf("arg %ld: %s\n", (long)k, ts);
      ariToolPrintValues(stdout, &args[k]);
    }
    if (o->outDir && !ariToolSaveOutput(o->outDir, (long)k, &args[k]))
      return 1;
  }
  if (o->stats)
    printf("ops: %" PRId64 "\nflops: %" PRId64 "\ntranscendentals: %" PRId64
           "\nbytes-read: %" PRId64 "\nbytes-written: %" PRId64 "\n",
           c.ops, c.flops, c.transcendentals, c.bytesRead, c.bytesWritten);
  return 0; /* stdout is flushed and checked by ariToolExit */
}

static int toolMain(int argc, char **argv) {
  Options o;
  int rc = parseOptions(argc, argv, &o);
  if (rc)
    return rc;
  MlirContext ctx = ariContextCreate();
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
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
