/*===- costmodel/measure_cache.c - measured times kept between runs -------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/measure_cache.h"
#include "costmodel/dataset.h"
#include "utils/file.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kHeader[] = "ariadne-measure-cache 1\n";
enum { CACHE_FILE_LIMIT = 64 << 20 };

static char *dupText(AriArena *a, const char *s, size_t n) {
  char *d = ariArenaAlloc(a, n + 1);
  if (d) {
    memcpy(d, s, n);
    d[n] = 0;
  }
  return d;
}

static AriMeasureCacheEntry *find(const AriMeasureCache *c, uint64_t hash, uint32_t threads,
                                  const char *target, const char *cpu) {
  for (size_t i = 0; i < c->n; ++i) {
    AriMeasureCacheEntry *e = &c->entries[i];
    if (e->hash == hash && e->threads == threads && !strcmp(e->target, target) &&
        !strcmp(e->cpu, cpu))
      return e;
  }
  return NULL;
}

static bool add(AriMeasureCache *c, uint64_t hash, uint32_t threads, const char *target,
                size_t targetLen, const char *cpu, size_t cpuLen, double ms) {
  if (c->n == c->cap) {
    size_t nc = c->cap ? 2 * c->cap : 64;
    AriMeasureCacheEntry *v = ariArenaAlloc(c->arena, nc * sizeof *v);
    if (!v)
      return false;
    if (c->n)
      memcpy(v, c->entries, c->n * sizeof *v);
    c->entries = v;
    c->cap = nc;
  }
  AriMeasureCacheEntry *e = &c->entries[c->n];
  e->hash = hash;
  e->threads = threads;
  e->ms = ms;
  e->target = dupText(c->arena, target, targetLen);
  e->cpu = dupText(c->arena, cpu, cpuLen);
  if (!e->target || !e->cpu)
    return false;
  c->n++;
  return true;
}

bool ariMeasureCacheLoad(AriMeasureCache *c, AriArena *arena, const char *path, char *err,
                         size_t cap) {
  memset(c, 0, sizeof *c);
  c->arena = arena;
  char *data = NULL;
  size_t len = 0;
  AriFileError fe = ariFileRead(path, arena, CACHE_FILE_LIMIT, &data, &len);
  if (!ariFileOk(fe)) {
    if (fe.errnum == ENOENT)
      return true; /* no cache yet: the first run writes it */
    ariFileErrorFormat(fe, "measurement cache", err, cap);
    return false;
  }
  size_t hl = sizeof kHeader - 1;
  if (len < hl || memcmp(data, kHeader, hl)) {
    snprintf(err, cap, "%s:1: not a measurement cache (expected '%.*s')", path, (int)hl - 1,
             kHeader);
    return false;
  }
  unsigned line = 1;
  for (size_t p = hl; p < len;) {
    line++;
    const char *nl = memchr(data + p, '\n', len - p);
    if (!nl) {
      snprintf(err, cap, "%s:%u: the file ends inside a line (truncated?)", path, line);
      return false;
    }
    size_t n = (size_t)(nl - (data + p));
    const char *s = data + p;
    unsigned crc;
    char tail;
    if (n > 6 && !memcmp(s, "crc32 ", 6)) {
      char buf[32];
      snprintf(buf, sizeof buf, "%.*s", n < 31 ? (int)n : 31, s);
      if (sscanf(buf, "crc32 %8x%c", &crc, &tail) != 1 || n != 14) {
        snprintf(err, cap, "%s:%u: a malformed checksum line", path, line);
        return false;
      }
      if (ariCostDsCrc32(data, p) != crc) {
        snprintf(err, cap, "%s:%u: checksum mismatch: the file is corrupt", path, line);
        return false;
      }
      if (nl + 1 != data + len) {
        snprintf(err, cap, "%s:%u: lines after the checksum", path, line + 1);
        return false;
      }
      return true;
    }
    /* hash threads target ms cpu... */
    char *line0 = dupText(arena, s, n), *end;
    if (!line0) {
      snprintf(err, cap, "%s: out of memory", path);
      return false;
    }
    errno = 0;
    uint64_t hash = strtoull(line0, &end, 16);
    bool ok = end == line0 + 16 && *end == ' ';
    char *q = end + 1;
    unsigned long threads = ok ? strtoul(q, &end, 10) : 0;
    ok = ok && end != q && *end == ' ' && threads >= 1 && threads <= 1024;
    q = end + 1;
    char *target = q;
    size_t tl = ok ? strcspn(q, " ") : 0;
    ok = ok && tl && q[tl] == ' ';
    q += tl + 1;
    double ms = ok ? strtod(q, &end) : 0;
    ok = ok && end != q && *end == ' ' && isfinite(ms) && !errno;
    q = end + 1;
    ok = ok && *q;
    if (!ok) {
      snprintf(err, cap,
               "%s:%u: expected 'HASH THREADS TARGET MILLISECONDS CPU' (16 hex digits, 1 to "
               "1024 threads, a finite time)",
               path, line);
      return false;
    }
    if (!add(c, hash, (uint32_t)threads, target, tl, q, strlen(q), ms)) {
      snprintf(err, cap, "%s: out of memory", path);
      return false;
    }
    p += n + 1;
  }
  snprintf(err, cap, "%s:%u: no checksum line (truncated?)", path, line + 1);
  return false;
}

bool ariMeasureCacheGet(const AriMeasureCache *c, uint64_t hash, uint32_t threads,
                        const char *target, const char *cpu, double *ms) {
  const AriMeasureCacheEntry *e = find(c, hash, threads, target, cpu);
  if (e)
    *ms = e->ms;
  return e != NULL;
}

bool ariMeasureCachePut(AriMeasureCache *c, uint64_t hash, uint32_t threads, const char *target,
                        const char *cpu, double ms) {
  AriMeasureCacheEntry *e = find(c, hash, threads, target, cpu);
  c->added++;
  if (e) {
    e->ms = ms;
    return true;
  }
  return add(c, hash, threads, target, strlen(target), cpu, strlen(cpu), ms);
}

bool ariMeasureCacheSave(const AriMeasureCache *c, const char *path, char *err, size_t cap) {
  size_t need = sizeof kHeader + 32;
  for (size_t i = 0; i < c->n; ++i)
    need += 80 + strlen(c->entries[i].target) + strlen(c->entries[i].cpu);
  char *buf = ariArenaAlloc(c->arena, need);
  if (!buf) {
    snprintf(err, cap, "%s: out of memory", path);
    return false;
  }
  size_t len = (size_t)snprintf(buf, need, "%s", kHeader);
  for (size_t i = 0; i < c->n; ++i) {
    const AriMeasureCacheEntry *e = &c->entries[i];
    /* The cpu model is the rest of the line: no newline may be in it. */
    int cl = (int)strcspn(e->cpu, "\n");
    len += (size_t)snprintf(buf + len, need - len, "%016" PRIx64 " %" PRIu32 " %s %.17g %.*s\n",
                            e->hash, e->threads, e->target, e->ms, cl, e->cpu);
  }
  len += (size_t)snprintf(buf + len, need - len, "crc32 %08x\n",
                          (unsigned)ariCostDsCrc32(buf, len));
  AriFileError fe = ariFileWriteAtomic(path, buf, len);
  if (!ariFileOk(fe)) {
    ariFileErrorFormat(fe, "measurement cache", err, cap);
    return false;
  }
  return true;
}
