/*===- ariadne.c - the main Ariadne driver --------------------------------===*\
 *
 * `ariadne [FILE...]` verifies each program, prints it, reports rise-stats
 * for every function and interprets the functions on seeded random inputs,
 * printing what they write. Without files it runs the examples embedded at
 * build time, interpreting their small variants (the full sizes are for
 * compiled code; see test/examples).
 *
 * Later stages (search, compile, run natively) extend this driver.
 *
\*===----------------------------------------------------------------------===*/

#include "ariadne-c/Interp.h"
#include "dialect/lib/types.h"
#include "passes/stats.h"
#include "utils/arena.h"
#include "utils/embedded.h"
#include "utils/mlirutil.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
} DriverOptions;

enum { kMaxArgs = 64 };

static void usage(FILE *f) {
  fputs("usage: ariadne [options] [FILE.mlir...]\n"
        "\n"
        "Verifies, prints, analyses (rise-stats) and interprets rise programs.\n"
        "Without FILE, runs the examples embedded in the binary and interprets\n"
        "their *_small functions.\n"
        "\n"
        "options:\n"
        "  --func=NAME     only this function\n"
        "  --seed=N        seed of the random inputs (default 1; argument k uses N+k)\n"
        "  --max-ops=N     interpreter limit on executed ops (default 100000000)\n"
        "  --show=N        values printed per output (default 8)\n"
        "  --no-ir         do not print the programs\n"
        "  --all           with embedded examples, interpret the full sizes too\n"
        "  --help          this text\n",
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

int main(int argc, char **argv) {
  DriverOptions o = {NULL, 1, 100000000, 8, true, true};
  const char *files[256];
  int nfiles = 0;
  bool all = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    int64_t v;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!strncmp(a, "--func=", 7) && a[7]) {
      o.func = a + 7;
    } else if (!strncmp(a, "--seed=", 7) && parseInt(a + 7, 0, &v)) {
      o.seed = (uint64_t)v;
    } else if (!strncmp(a, "--max-ops=", 10) && parseInt(a + 10, 1, &v)) {
      o.maxOps = v;
    } else if (!strncmp(a, "--show=", 7) && parseInt(a + 7, 0, &v)) {
      o.showValues = v;
    } else if (!strcmp(a, "--no-ir")) {
      o.printIR = false;
    } else if (!strcmp(a, "--all")) {
      all = true;
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
  AriDiagSink sink;
  ariDiagSinkAttach(&sink, ctx, stderr);
  int errors = 0;
  DriverCounts counts = {0, 0};
  if (nfiles == 0) {
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
