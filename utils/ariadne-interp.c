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
#include "dialect/lib/types.h"
#include "utils/arena.h"
#include "utils/mlirutil.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { kMaxArgs = 256, kMaxInputs = 64 };

typedef struct Input {
  long k;
  const char *path;
} Input;

typedef struct Options {
  const char *file;
  const char *func;
  uint64_t seed;
  Input inputs[kMaxInputs];
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
      "  --max-ops=N       stop with an error after N executed ops (default: no limit)\n"
      "  --max-mem-mb=N    interpreter memory limit in MiB (default 8192)\n"
      "  --help            this text\n"
      "\n"
      "exit status: 0 success, 1 error (diagnostics on stderr), 2 bad command line\n",
      f);
}

static int usageError(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usageError(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "ariadne-interp: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n(see ariadne-interp --help)\n");
  va_end(ap);
  return 2;
}

static bool parseU64(const char *s, uint64_t *out) {
  if (!*s || *s == '-' || *s == '+' || *s == ' ')
    return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || errno)
    return false;
  *out = v;
  return true;
}

static bool optValue(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) || arg[n] != '=')
    return false;
  *value = arg + n + 1;
  return true;
}

/* Returns 0 on success, else the exit code. */
static int parseOptions(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->seed = 1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v;
    uint64_t u;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--print")) {
      o->print = true;
    } else if (!strcmp(a, "--stats")) {
      o->stats = true;
    } else if (optValue(a, "--func", &v)) {
      if (!*v)
        return usageError("--func needs a name");
      o->func = v;
    } else if (optValue(a, "--seed", &v)) {
      if (!parseU64(v, &o->seed))
        return usageError("--seed needs a non-negative integer, got '%s'", v);
    } else if (optValue(a, "--max-ops", &v)) {
      if (!parseU64(v, &u) || u > INT64_MAX)
        return usageError("--max-ops needs a non-negative integer, got '%s'", v);
      o->maxOps = (int64_t)u;
    } else if (optValue(a, "--max-mem-mb", &v)) {
      if (!parseU64(v, &u) || u > (SIZE_MAX >> 20))
        return usageError("--max-mem-mb needs a non-negative integer, got '%s'", v);
      o->maxBytes = (size_t)u << 20;
    } else if (optValue(a, "--output-dir", &v)) {
      if (!*v)
        return usageError("--output-dir needs a directory");
      o->outDir = v;
    } else if (optValue(a, "--input", &v)) {
      const char *colon = strchr(v, ':');
      char num[32];
      if (!colon || colon == v || (size_t)(colon - v) >= sizeof num || !colon[1])
        return usageError("--input needs K:PATH, got '%s'", v);
      memcpy(num, v, (size_t)(colon - v));
      num[colon - v] = 0;
      if (!parseU64(num, &u) || u >= kMaxArgs)
        return usageError("--input needs an argument number K in K:PATH, got '%s'", v);
      for (int j = 0; j < o->ninputs; ++j)
        if (o->inputs[j].k == (long)u)
          return usageError("argument %s is given twice with --input", num);
      if (o->ninputs == kMaxInputs)
        return usageError("too many --input options");
      o->inputs[o->ninputs].k = (long)u;
      o->inputs[o->ninputs].path = colon + 1;
      o->ninputs++;
    } else if (a[0] == '-' && a[1]) {
      return usageError("unknown option '%s'", a);
    } else {
      if (o->file)
        return usageError("more than one input file ('%s')", a);
      o->file = a;
    }
  }
  if (!o->file)
    return usageError("no input file");
  return 0;
}

/*--- Reading inputs ------------------------------------------------------*/

static char *readFile(const char *path, AriArena *arena, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: error: cannot open: %s\n", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = ariArenaAlloc(arena, cap + 1);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    char *nb = ariArenaAlloc(arena, 2 * cap + 1);
    if (nb)
      memcpy(nb, buf, n);
    buf = nb;
    cap *= 2;
  }
  bool bad = ferror(f);
  fclose(f);
  if (!buf || bad) {
    fprintf(stderr, "%s: error: cannot read the file\n", path);
    return NULL;
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

static const char *kindName(AriScalarKind k) {
  static const char *const names[] = {"f32", "f64", "i1", "i32", "i64", "index"};
  return names[k];
}

/* Parses one number of kind k; false if `tok` is not one. */
static bool parseScalar(const char *tok, AriScalarKind k, unsigned char *dst) {
  char *end;
  errno = 0;
  switch (k) {
  case ARI_SCALAR_F32: {
    float v = strtof(tok, &end);
    if (*end)
      return false;
    memcpy(dst, &v, sizeof v);
    return true;
  }
  case ARI_SCALAR_F64: {
    double v = strtod(tok, &end);
    if (*end)
      return false;
    memcpy(dst, &v, sizeof v);
    return true;
  }
  default: {
    long long v = strtoll(tok, &end, 10);
    if (*end || errno)
      return false;
    if (k == ARI_SCALAR_I1) {
      if (v != 0 && v != 1)
        return false;
      *dst = (unsigned char)v;
    } else if (k == ARI_SCALAR_I32) {
      if (v < INT32_MIN || v > INT32_MAX)
        return false;
      int32_t w = (int32_t)v;
      memcpy(dst, &w, sizeof w);
    } else {
      int64_t w = v;
      memcpy(dst, &w, sizeof w);
    }
    return true;
  }
  }
}

static bool readText(const char *path, const char *text, size_t len, AriHostArg *a, long k) {
  int64_t want = ariHostArgNumScalars(a), got = 0;
  size_t sz = ariScalarSize(a->scalar);
  int line = 1, col = 1;
  size_t i = 0;
  while (i < len) {
    char ch = text[i];
    if (ch == '\n' || ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
      if (ch == '\n')
        line++, col = 1;
      else
        col++;
      i++;
      continue;
    }
    size_t start = i;
    int startCol = col;
    while (i < len && !strchr(" \t\r\n\f\v", text[i]) && text[i])
      i++, col++;
    if (i < len && !text[i]) {
      fprintf(stderr, "%s:%d:%d: error: unexpected NUL byte in a text input\n", path, line, col);
      return false;
    }
    char tok[128];
    size_t n = i - start;
    if (got == want) {
      fprintf(stderr, "%s:%d:%d: error: too many numbers: argument %ld takes %" PRId64 "\n",
              path, line, startCol, k, want);
      return false;
    }
    if (n >= sizeof tok) {
      fprintf(stderr, "%s:%d:%d: error: token too long to be a number\n", path, line, startCol);
      return false;
    }
    memcpy(tok, text + start, n);
    tok[n] = 0;
    if (!parseScalar(tok, a->scalar, (unsigned char *)a->data + (size_t)got * sz)) {
      fprintf(stderr, "%s:%d:%d: error: '%s' is not a valid %s value\n", path, line, startCol,
              tok, kindName(a->scalar));
      return false;
    }
    got++;
  }
  if (got != want) {
    fprintf(stderr, "%s:%d:%d: error: too few numbers: argument %ld takes %" PRId64
                    ", the file has %" PRId64 "\n",
            path, line, col, k, want, got);
    return false;
  }
  return true;
}

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}

static bool readInput(const Input *in, AriHostArg *a, AriArena *arena) {
  size_t len = 0;
  char *text = readFile(in->path, arena, &len);
  if (!text)
    return false;
  if (endsWith(in->path, ".txt"))
    return readText(in->path, text, len, a, in->k);
  size_t bytes = (size_t)ariHostArgNumScalars(a) * ariScalarSize(a->scalar);
  if (len != bytes) {
    fprintf(stderr, "%s: error: argument %ld takes %zu bytes of binary data, the file has %zu\n",
            in->path, in->k, bytes, len);
    return false;
  }
  if (a->scalar == ARI_SCALAR_I1)
    for (size_t i = 0; i < len; ++i)
      if ((unsigned char)text[i] > 1) {
        fprintf(stderr, "%s: error: byte %zu is %u, not an i1 (0 or 1)\n", in->path, i,
                (unsigned char)text[i]);
        return false;
      }
  memcpy(a->data, text, bytes);
  return true;
}

/*--- Writing outputs -----------------------------------------------------*/

static void printScalar(FILE *f, const AriHostArg *a, int64_t i) {
  const unsigned char *p = (const unsigned char *)a->data + (size_t)i * ariScalarSize(a->scalar);
  switch (a->scalar) {
  case ARI_SCALAR_F32: {
    float v;
    memcpy(&v, p, sizeof v);
    fprintf(f, "%.9g", (double)v);
    break;
  }
  case ARI_SCALAR_F64: {
    double v;
    memcpy(&v, p, sizeof v);
    fprintf(f, "%.17g", v);
    break;
  }
  case ARI_SCALAR_I1:
    fprintf(f, "%d", *p & 1);
    break;
  case ARI_SCALAR_I32: {
    int32_t v;
    memcpy(&v, p, sizeof v);
    fprintf(f, "%" PRId32, v);
    break;
  }
  case ARI_SCALAR_I64:
  case ARI_SCALAR_INDEX: {
    int64_t v;
    memcpy(&v, p, sizeof v);
    fprintf(f, "%" PRId64, v);
    break;
  }
  }
}

/* One innermost row (times vector lanes) per line. */
static void printValues(FILE *f, const AriHostArg *a) {
  int64_t n = ariHostArgNumScalars(a);
  int64_t row = a->lanes * (a->rank ? a->shape[a->rank - 1] : 1);
  for (int64_t i = 0; i < n; ++i) {
    printScalar(f, a, i);
    fputc((i + 1) % row == 0 ? '\n' : ' ', f);
  }
}

static bool saveOutput(const char *dir, long k, const AriHostArg *a) {
  char path[4096];
  snprintf(path, sizeof path, "%s/arg%ld.txt", dir, k);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(errno));
    return false;
  }
  printValues(f, a);
  if (fclose(f) != 0) {
    fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(errno));
    return false;
  }
  return true;
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
    if (!readInput(&o->inputs[j], &args[o->inputs[j].k], arena))
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
      printValues(stdout, &args[k]);
    }
    if (o->outDir && !saveOutput(o->outDir, (long)k, &args[k]))
      return 1;
  }
  if (o->stats)
    printf("ops: %" PRId64 "\nflops: %" PRId64 "\ntranscendentals: %" PRId64
           "\nbytes-read: %" PRId64 "\nbytes-written: %" PRId64 "\n",
           c.ops, c.flops, c.transcendentals, c.bytesRead, c.bytesWritten);
  return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
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
