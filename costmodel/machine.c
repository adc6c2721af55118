/*===- costmodel/machine.c - the machine file -------------------------------===*\
 *
 * See machine.h.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/machine.h"

#include "utils/arena.h"
#include "utils/file.h"
#include "utils/strbuf.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static int64_t cacheSize(int index, int *level, bool *data) {
  char path[128], buf[64];
  *level = 0;
  *data = false;
  snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", index);
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  if (fgets(buf, sizeof buf, f))
    *level = atoi(buf);
  fclose(f);
  snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", index);
  if ((f = fopen(path, "r"))) {
    if (fgets(buf, sizeof buf, f))
      *data = strncmp(buf, "Instruction", 11) != 0;
    fclose(f);
  }
  snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
  int64_t bytes = 0;
  if ((f = fopen(path, "r"))) {
    if (fgets(buf, sizeof buf, f)) {
      char *end;
      bytes = strtoll(buf, &end, 10);
      if (*end == 'K')
        bytes <<= 10;
      else if (*end == 'M')
        bytes <<= 20;
    }
    fclose(f);
  }
  return bytes;
}

void ariMachineProbe(AriMachine *m) {
  memset(m, 0, sizeof *m);
  char model[128] = "unknown";
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f) {
    char line[512];
    while (fgets(line, sizeof line, f))
      if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
        const char *v = strchr(line, ':') + 1;
        while (*v == ' ' || *v == '\t')
          ++v;
        snprintf(model, sizeof model, "%.*s", (int)strcspn(v, "\n"), v);
        break;
      }
    fclose(f);
  }
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  m->cores = cpus > 0 ? (int)cpus : 1;
  snprintf(m->name, sizeof m->name, "%s, %d cpus", model, m->cores);
  for (int i = 0; i < 8; ++i) {
    int level;
    bool data;
    int64_t bytes = cacheSize(i, &level, &data);
    if (bytes < 0)
      break;
    if (data && level >= 1 && level <= ARI_MACHINE_LEVELS)
      m->cacheBytes[level - 1] = bytes;
  }
}

/* Whether `word` appears in line as a whole, space-separated word. */
static bool hasWord(const char *line, const char *word) {
  size_t n = strlen(word);
  for (const char *p = strstr(line, word); p; p = strstr(p + 1, word))
    if ((p == line || isspace((unsigned char)p[-1])) && (p[n] == 0 || isspace((unsigned char)p[n])))
      return true;
  return false;
}

int ariMachineVectorBytes(void) {
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f)
    return 16;
  char *line = NULL;
  size_t cap = 0;
  int bytes = 16;
  while (getline(&line, &cap, f) > 0) {
    if (strncmp(line, "flags", 5) && strncmp(line, "Features", 8))
      continue;
    bytes = hasWord(line, "avx512f") ? 64 : hasWord(line, "avx") ? 32 : 16;
    break;
  }
  free(line);
  fclose(f);
  return bytes;
}

/*--- the file ---------------------------------------------------------------*/

typedef struct {
  const char *key;
  bool isInt;
  size_t offset;
} Field;

#define F(key, isInt, member) {key, isInt, offsetof(AriMachine, member)}
static const Field kFields[] = {
    F("cores", true, cores),
    F("cache.1", true, cacheBytes[0]),
    F("cache.2", true, cacheBytes[1]),
    F("cache.3", true, cacheBytes[2]),
    F("bandwidth.1", false, bandwidthGBs[0]),
    F("bandwidth.2", false, bandwidthGBs[1]),
    F("bandwidth.3", false, bandwidthGBs[2]),
    F("bandwidth.mem", false, bandwidthGBs[3]),
    F("gflops.vector", false, gflopsVector),
    F("gflops.scalar", false, gflopsScalar),
};
#undef F
enum { NFIELDS = sizeof kFields / sizeof kFields[0] };

bool ariMachineValid(const AriMachine *m, char *err, size_t cap) {
  if (m->cores < 1) {
    snprintf(err, cap, "cores must be at least 1, got %d", m->cores);
    return false;
  }
  for (int i = 0; i < ARI_MACHINE_LEVELS; ++i)
    if (m->cacheBytes[i] < 0) {
      snprintf(err, cap, "cache.%d must not be negative", i + 1);
      return false;
    }
  for (int i = 0; i <= ARI_MACHINE_LEVELS; ++i)
    if (!(isfinite(m->bandwidthGBs[i]) && m->bandwidthGBs[i] > 0)) {
      snprintf(err, cap, "every bandwidth must be a positive number (bandwidth.%s)",
               i < ARI_MACHINE_LEVELS ? (const char *[]){"1", "2", "3"}[i] : "mem");
      return false;
    }
  if (!(isfinite(m->gflopsVector) && m->gflopsVector > 0 && isfinite(m->gflopsScalar) &&
        m->gflopsScalar > 0)) {
    snprintf(err, cap, "gflops.vector and gflops.scalar must be positive numbers");
    return false;
  }
  return true;
}

/* "key = value" with the fewest significant digits (6 to 17) that read
 * back as the same double, so that a file read and written again is the
 * same file and the reader gets exactly what was written. */
_Static_assert(sizeof((AriMachine *)0)->name == 160, "the parser's message says 159 bytes");

static void putDouble(AriStr *s, const char *key, double x) {
  char buf[64];
  for (int digits = 6; digits <= 17; ++digits) {
    snprintf(buf, sizeof buf, "%.*g", digits, x);
    if (strtod(buf, NULL) == x)
      break;
  }
  ariStrPrintf(s, "%s = %s\n", key, buf);
}

bool ariMachineWrite(const char *path, const AriMachine *m, char *err, size_t cap) {
  if (!ariMachineValid(m, err, cap))
    return false;
  if (strchr(m->name, '\n')) {
    snprintf(err, cap, "the machine name must be one line");
    return false;
  }
  AriStr s;
  ariStrInit(&s, NULL);
  ariStrPrintf(&s, "# Ariadne machine file: ariadne-cost machine (docs/costmodel.md)\n");
  ariStrPrintf(&s, "version = %d\nname = %s\n", ARI_MACHINE_VERSION, m->name);
  for (unsigned i = 0; i < NFIELDS; ++i) {
    const char *p = (const char *)m + kFields[i].offset;
    if (kFields[i].isInt)
      ariStrPrintf(&s, "%s = %lld\n", kFields[i].key,
                   !strcmp(kFields[i].key, "cores") ? (long long)*(const int *)(const void *)p
                                                    : (long long)*(const int64_t *)(const void *)p);
    else
      putDouble(&s, kFields[i].key, *(const double *)(const void *)p);
  }
  uLong crc = crc32(0L, (const Bytef *)ariStrText(&s), (uInt)s.len);
  ariStrPrintf(&s, "crc32 = %08lx\n", (unsigned long)crc);
  bool ok = ariStrOk(&s);
  if (!ok)
    snprintf(err, cap, "out of memory");
  AriFileError fe = ok ? ariFileWriteAtomic(path, ariStrText(&s), s.len) : (AriFileError){0};
  if (ok && !ariFileOk(fe)) {
    ariFileErrorFormat(fe, "machine file", err, cap);
    ok = false;
  }
  ariStrFree(&s);
  return ok;
}

static bool lineError(char *err, size_t cap, const char *path, unsigned line, const char *msg,
                      const char *arg) {
  char m[192];
  snprintf(m, sizeof m, msg, arg);
  snprintf(err, cap, "%s:%u: %s", path, line, m);
  return false;
}

bool ariMachineParse(const char *text, size_t len, const char *path, AriMachine *m, char *err,
                     size_t cap) {
  memset(m, 0, sizeof *m);
  bool seen[NFIELDS + 2] = {false}; /* fields, then version and name */
  unsigned line = 0;
  size_t pos = 0;
  bool sawCrc = false;
  while (pos < len) {
    size_t start = pos, end = pos;
    while (end < len && text[end] != '\n')
      end++;
    pos = end < len ? end + 1 : end;
    ++line;
    if (sawCrc) {
      if (end > start)
        return lineError(err, cap, path, line, "text after the crc32 line%s", "");
      continue;
    }
    char buf[256];
    size_t n = end - start;
    if (memchr(text + start, '\0', n))
      return lineError(err, cap, path, line, "a NUL byte%s", "");
    if (n >= sizeof buf)
      return lineError(err, cap, path, line, "line longer than %s bytes", "255");
    memcpy(buf, text + start, n);
    buf[n] = 0;
    char *hash = strchr(buf, '#');
    if (hash && strncmp(buf, "name", 4) != 0)
      *hash = 0;
    char *k = buf;
    while (isspace((unsigned char)*k))
      ++k;
    if (!*k)
      continue;
    char *eq = strchr(k, '=');
    if (!eq)
      return lineError(err, cap, path, line, "expected 'key = value'%s", "");
    char *ke = eq;
    while (ke > k && isspace((unsigned char)ke[-1]))
      --ke;
    *ke = 0;
    char *v = eq + 1;
    while (isspace((unsigned char)*v))
      ++v;
    char *ve = v + strlen(v);
    while (ve > v && isspace((unsigned char)ve[-1]))
      --ve;
    *ve = 0;
    if (!strcmp(k, "crc32")) {
      /* Exactly what the writer writes: strtoul alone would also take a
       * sign, "0x" or fewer digits. */
      bool hex = strlen(v) == 8;
      for (int i = 0; hex && i < 8; ++i)
        hex = isxdigit((unsigned char)v[i]);
      if (!hex)
        return lineError(err, cap, path, line, "crc32 must be 8 hex digits, got '%s'", v);
      unsigned long want = strtoul(v, NULL, 16);
      uLong got = crc32(0L, (const Bytef *)text, (uInt)start);
      if (got != want)
        return lineError(err, cap, path, line,
                         "CRC mismatch: the file was edited or damaged%s", "");
      sawCrc = true;
      continue;
    }
    if (!strcmp(k, "version")) {
      if (strcmp(v, "1"))
        return lineError(err, cap, path, line, "unknown machine file version '%s'", v);
      seen[NFIELDS] = true;
      continue;
    }
    if (!strcmp(k, "name")) {
      /* Refused rather than cut: a cut name could end in a space, which
       * the next read would trim, and it would not be the file's. */
      if (strlen(v) >= sizeof m->name)
        return lineError(err, cap, path, line, "name longer than %s bytes", "159");
      snprintf(m->name, sizeof m->name, "%s", v);
      seen[NFIELDS + 1] = true;
      continue;
    }
    unsigned f = 0;
    while (f < NFIELDS && strcmp(kFields[f].key, k))
      ++f;
    if (f == NFIELDS)
      return lineError(err, cap, path, line, "unknown key '%s'", k);
    if (seen[f])
      return lineError(err, cap, path, line, "'%s' given twice", k);
    seen[f] = true;
    char *e;
    errno = 0;
    char *p = (char *)m + kFields[f].offset;
    if (kFields[f].isInt) {
      long long x = strtoll(v, &e, 10);
      if (!*v || *e || errno || x < 0 || (!strcmp(k, "cores") && x > 1 << 20))
        return lineError(err, cap, path, line, "expected a non-negative integer, got '%s'", v);
      if (!strcmp(k, "cores"))
        *(int *)(void *)p = (int)x;
      else
        *(int64_t *)(void *)p = x;
    } else {
      double x = strtod(v, &e);
      if (!*v || *e || errno || !isfinite(x) || x <= 0)
        return lineError(err, cap, path, line, "expected a positive number, got '%s'", v);
      *(double *)(void *)p = x;
    }
  }
  if (!sawCrc)
    return lineError(err, cap, path, line, "no crc32 line: the file is incomplete%s", "");
  for (unsigned f = 0; f < NFIELDS + 2; ++f)
    if (!seen[f])
      return lineError(err, cap, path, line, "'%s' is missing",
                       f < NFIELDS ? kFields[f].key : f == NFIELDS ? "version" : "name");
  char why[160];
  if (!ariMachineValid(m, why, sizeof why))
    return lineError(err, cap, path, line, "%s", why);
  return true;
}

bool ariMachineRead(const char *path, AriMachine *m, char *err, size_t cap) {
  char *data;
  size_t len;
  AriFileError fe = ariFileRead(path, NULL, 1 << 16, &data, &len);
  if (!ariFileOk(fe)) {
    ariFileErrorFormat(fe, "machine file", err, cap);
    return false;
  }
  bool ok = ariMachineParse(data, len, path, m, err, cap);
  free(data);
  return ok;
}

void ariMachineNominalAArch64(AriMachine *m) {
  memset(m, 0, sizeof *m);
  snprintf(m->name, sizeof m->name, "AArch64 nominal (NEON, 4 f32 lanes)");
  m->cores = 4;
  const int64_t cache[ARI_MACHINE_LEVELS] = {64 << 10, 1 << 20, 32 << 20};
  const double bw[ARI_MACHINE_LEVELS + 1] = {100, 50, 25, 10};
  for (int i = 0; i < ARI_MACHINE_LEVELS; ++i)
    m->cacheBytes[i] = cache[i];
  for (int i = 0; i <= ARI_MACHINE_LEVELS; ++i)
    m->bandwidthGBs[i] = bw[i];
  m->gflopsVector = 32;
  m->gflopsScalar = 4;
}

void ariMachineNominal(AriMachine *m) {
  ariMachineProbe(m);
  const double bw[ARI_MACHINE_LEVELS + 1] = {200, 80, 30, 12};
  for (int i = 0; i <= ARI_MACHINE_LEVELS; ++i)
    m->bandwidthGBs[i] = bw[i];
  m->gflopsVector = 64;
  m->gflopsScalar = 2;
  if (m->cores < 1)
    m->cores = 1;
}
