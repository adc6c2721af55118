/*===- toolargs.c - command-line and host-buffer I/O shared by the tools ---===*/

#define _POSIX_C_SOURCE 200809L

#include "tools/support/toolargs.h"

#include "llvm-c/Core.h"
#include "utils/arena.h"
#include "utils/file.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool ariToolParseU64(const char *s, uint64_t *out) {
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

bool ariToolOptValue(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) || arg[n] != '=')
    return false;
  *value = arg + n + 1;
  return true;
}

bool ariToolOpt(int argc, char **argv, int *i, const char *name, const char **value) {
  if (ariToolOptValue(argv[*i], name, value))
    return true;
  if (strcmp(argv[*i], name))
    return false;
  *value = *i + 1 < argc ? argv[++*i] : "";
  return true;
}

void ariToolJsonString(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

bool ariToolParseInput(const char *v, long maxArgs, const AriToolInput *inputs, int n,
                       AriToolInput *in, char *err, size_t errCap) {
  const char *colon = strchr(v, ':');
  char num[32];
  uint64_t u;
  if (!colon || colon == v || (size_t)(colon - v) >= sizeof num || !colon[1]) {
    snprintf(err, errCap, "--input needs K:PATH, got '%s'", v);
    return false;
  }
  memcpy(num, v, (size_t)(colon - v));
  num[colon - v] = 0;
  if (!ariToolParseU64(num, &u) || u >= (uint64_t)maxArgs) {
    snprintf(err, errCap, "--input needs an argument number K in K:PATH, got '%s'", v);
    return false;
  }
  for (int j = 0; j < n; ++j)
    if (inputs[j].k == (long)u) {
      snprintf(err, errCap, "argument %s is given twice with --input", num);
      return false;
    }
  in->k = (long)u;
  in->path = colon + 1;
  return true;
}

const char *ariToolKindName(AriScalarKind k) {
  static const char *const names[] = {"f32", "f64", "i1", "i32", "i64", "index"};
  return names[k];
}

/* Reads an input file of at most maxBytes bytes (never 0). A larger one
 * (/dev/zero) stops the read there: tooLarge is set and the caller says
 * what size it wanted. */
static char *readFile(const char *path, AriArena *arena, size_t maxBytes, size_t *len,
                      bool *tooLarge) {
  char *text = NULL;
  *tooLarge = false;
  AriFileError e = ariFileRead(path, arena, maxBytes, &text, len);
  if (ariFileOk(e))
    return text;
  if (e.step == ARI_FILE_TOO_LARGE)
    *tooLarge = true;
  else if (e.step == ARI_FILE_OPEN)
    fprintf(stderr, "%s: error: cannot open: %s\n", path, strerror(e.errnum));
  else
    fprintf(stderr, "%s: error: cannot read the file: %s\n", path, strerror(e.errnum));
  return NULL;
}

/* What parseScalar made of a token. */
typedef enum { SCALAR_OK, SCALAR_INVALID, SCALAR_RANGE } ScalarParse;

/* A float that strtod/strtof could not represent: ERANGE with an
 * infinity (overflow, also an f32 beyond FLT_MAX) or a zero from a token
 * that is not zero (underflow). Subnormal results are kept. */
static bool floatOutOfRange(int err, double v) { return err == ERANGE && (isinf(v) || v == 0); }

/* Parses one number of kind k into dst. */
static ScalarParse parseScalar(const char *tok, AriScalarKind k, unsigned char *dst) {
  char *end;
  errno = 0;
  switch (k) {
  case ARI_SCALAR_F32: {
    float v = strtof(tok, &end);
    if (*end || end == tok)
      return SCALAR_INVALID;
    if (floatOutOfRange(errno, (double)v))
      return SCALAR_RANGE;
    memcpy(dst, &v, sizeof v);
    return SCALAR_OK;
  }
  case ARI_SCALAR_F64: {
    double v = strtod(tok, &end);
    if (*end || end == tok)
      return SCALAR_INVALID;
    if (floatOutOfRange(errno, v))
      return SCALAR_RANGE;
    memcpy(dst, &v, sizeof v);
    return SCALAR_OK;
  }
  default: {
    long long v = strtoll(tok, &end, 10);
    if (*end || end == tok)
      return SCALAR_INVALID;
    if (errno)
      return SCALAR_RANGE;
    if (k == ARI_SCALAR_I1) {
      if (v != 0 && v != 1)
        return SCALAR_INVALID;
      *dst = (unsigned char)v;
    } else if (k == ARI_SCALAR_I32) {
      if (v < INT32_MIN || v > INT32_MAX)
        return SCALAR_RANGE;
      int32_t w = (int32_t)v;
      memcpy(dst, &w, sizeof w);
    } else {
      int64_t w = v;
      memcpy(dst, &w, sizeof w);
    }
    return SCALAR_OK;
  }
  }
  return SCALAR_INVALID;
}

bool ariToolParseInputText(const char *path, const char *text, size_t len, AriHostArg *a, long k) {
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
    ScalarParse sp = parseScalar(tok, a->scalar, (unsigned char *)a->data + (size_t)got * sz);
    if (sp != SCALAR_OK) {
      fprintf(stderr, "%s:%d:%d: error: '%s' is %s %s value\n", path, line, startCol, tok,
              sp == SCALAR_RANGE ? "out of range for an" : "not a valid",
              ariToolKindName(a->scalar));
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

bool ariToolReadInput(const AriToolInput *in, AriHostArg *a, AriArena *arena) {
  size_t len = 0;
  bool tooLarge;
  size_t bytes = (size_t)ariHostArgNumScalars(a) * ariScalarSize(a->scalar);
  if (endsWith(in->path, ".txt")) {
    /* A text input: the usual text limit, or 64 bytes a number for a
     * larger argument. */
    size_t scalars = (size_t)ariHostArgNumScalars(a);
    size_t limit = scalars > ARI_FILE_TEXT_LIMIT / 64 ? scalars * 64 : ARI_FILE_TEXT_LIMIT;
    char *text = readFile(in->path, arena, limit, &len, &tooLarge);
    if (tooLarge)
      fprintf(stderr, "%s: error: text input for argument %ld is larger than %zu bytes\n",
              in->path, in->k, limit);
    return text && ariToolParseInputText(in->path, text, len, a, in->k);
  }
  /* Binary data: exactly `bytes` are wanted, so reading stops just past
   * them (a limit of 0 would mean none). */
  char *text = readFile(in->path, arena, bytes ? bytes : 1, &len, &tooLarge);
  if (tooLarge) {
    /* A regular file's size is known; a stream's is not. */
    struct stat st;
    if (stat(in->path, &st) == 0 && S_ISREG(st.st_mode))
      fprintf(stderr, "%s: error: argument %ld takes %zu bytes of binary data, the file has %jd\n",
              in->path, in->k, bytes, (intmax_t)st.st_size);
    else
      fprintf(stderr, "%s: error: argument %ld takes %zu bytes of binary data, the file has more\n",
              in->path, in->k, bytes);
    return false;
  }
  if (!text)
    return false;
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

void ariToolPrintScalar(FILE *f, const AriHostArg *a, int64_t i) {
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

void ariToolPrintValues(FILE *f, const AriHostArg *a) {
  int64_t n = ariHostArgNumScalars(a);
  int64_t row = a->lanes * (a->rank ? a->shape[a->rank - 1] : 1);
  for (int64_t i = 0; i < n; ++i) {
    ariToolPrintScalar(f, a, i);
    fputc((i + 1) % row == 0 ? '\n' : ' ', f);
  }
}

bool ariToolSaveOutput(const char *dir, long k, const AriHostArg *a) {
  char path[4096];
  snprintf(path, sizeof path, "%s/arg%ld.txt", dir, k);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(errno));
    return false;
  }
  ariToolPrintValues(f, a);
  bool failed = ferror(f) != 0; /* a write before the last one failed */
  int err = fclose(f) != 0 ? errno : failed ? EIO : 0;
  if (err) {
    fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(err));
    return false;
  }
  return true;
}

int ariToolExit(int rc) {
  /* A write that failed before (output longer than stdio's buffer, such
   * as a long --help) left its reason in errno, and the stream discarded
   * what it held, so a flush now succeeds; the reason is taken from errno
   * as it was on entry, EIO if none. */
  int entryErrno = errno;
  bool failed = ferror(stdout) != 0;
  int err = fflush(stdout) != 0 ? errno : failed ? (entryErrno ? entryErrno : EIO) : 0;
  if (!err)
    return rc;
  fprintf(stderr, "<stdout>: error: cannot write: %s\n", strerror(err));
  return rc ? rc : 1;
}

int ariToolUsageError(const char *tool, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", tool);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n(see %s --help)\n", tool);
  va_end(ap);
  return 2;
}

int ariToolPositional(const char *tool, const char *arg, const char **file) {
  if (arg[0] == '-' && arg[1])
    return ariToolUsageError(tool, "unknown option '%s'", arg);
  if (*file)
    return ariToolUsageError(tool, "more than one input file ('%s')", arg);
  *file = arg;
  return 0;
}

bool ariToolAddInput(const char *tool, const char *value, long maxArgs, AriToolInput *inputs,
                     int *n, int cap) {
  char err[256];
  if (*n == cap) {
    ariToolUsageError(tool, "too many --input options");
    return false;
  }
  if (!ariToolParseInput(value, maxArgs, inputs, *n, &inputs[*n], err, sizeof err)) {
    ariToolUsageError(tool, "%s", err);
    return false;
  }
  ++*n;
  return true;
}

void ariToolPrintVersion(const char *tool) {
  unsigned major = 0, minor = 0, patch = 0;
  LLVMGetVersion(&major, &minor, &patch);
  printf("%s (Ariadne) %s, LLVM/MLIR %u.%u.%u\n", tool, ARIADNE_VERSION, major, minor, patch);
}
