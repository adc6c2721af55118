/*===- measure_cache_test.c - rise-search's cache of times ----------------===*\
 *
 * costmodel/measure_cache.h: a missing file is an empty cache; times round
 * trip through the file by their whole key; every damaged form is refused
 * with the file and line named.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/measure_cache.h"
#include "utils/arena.h"
#include "utils/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test/check.h"

/* Writes text to path and expects the load to fail with `want` in it. */
static void refuses(const char *path, const char *text, const char *want) {
  CHECK(ariFileOk(ariFileWriteAtomic(path, text, strlen(text))));
  AriArena a;
  ariArenaInit(&a, 0);
  AriMeasureCache c;
  char err[512] = "";
  bool ok = ariMeasureCacheLoad(&c, &a, path, err, sizeof err);
  CHECK(!ok);
  CHECK(strstr(err, want) != NULL);
  if (ok || !strstr(err, want))
    fprintf(stderr, "  wanted '%s', got '%s' for:\n%s\n", want, err, text);
  ariArenaDestroy(&a);
}

int main(void) {
  char dir[] = "/tmp/ariadne-mcache-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char path[256];
  snprintf(path, sizeof path, "%s/times.cache", dir);
  AriArena a;
  ariArenaInit(&a, 0);
  AriMeasureCache c;
  char err[512] = "";
  double ms = 0;

  /* No file yet: empty. */
  CHECK(ariMeasureCacheLoad(&c, &a, path, err, sizeof err));
  CHECK(c.n == 0);
  CHECK(!ariMeasureCacheGet(&c, 1, 1, "host", "cpu A", &ms));

  /* Put, replace, save, load: every part of the key counts. */
  CHECK(ariMeasureCachePut(&c, 0x0123456789abcdefULL, 1, "host", "Test CPU, 2 cpus", 1.25));
  CHECK(ariMeasureCachePut(&c, 0x0123456789abcdefULL, 2, "host", "Test CPU, 2 cpus", 0.75));
  CHECK(ariMeasureCachePut(&c, 7, 1, "host", "Test CPU, 2 cpus", 3.0));
  CHECK(ariMeasureCachePut(&c, 7, 1, "host", "Test CPU, 2 cpus", 2.5)); /* replaces */
  CHECK(ariMeasureCachePut(&c, 9, 1, "host", "Test CPU, 2 cpus", -4.0)); /* a failure */
  CHECK(c.n == 4);
  CHECK(ariMeasureCacheSave(&c, path, err, sizeof err));
  AriMeasureCache d;
  CHECK(ariMeasureCacheLoad(&d, &a, path, err, sizeof err));
  CHECK(d.n == 4);
  CHECK(ariMeasureCacheGet(&d, 0x0123456789abcdefULL, 1, "host", "Test CPU, 2 cpus", &ms) &&
        ms == 1.25);
  CHECK(ariMeasureCacheGet(&d, 0x0123456789abcdefULL, 2, "host", "Test CPU, 2 cpus", &ms) &&
        ms == 0.75);
  CHECK(ariMeasureCacheGet(&d, 7, 1, "host", "Test CPU, 2 cpus", &ms) && ms == 2.5);
  CHECK(ariMeasureCacheGet(&d, 9, 1, "host", "Test CPU, 2 cpus", &ms) && ms == -4.0);
  CHECK(!ariMeasureCacheGet(&d, 7, 1, "aarch64", "Test CPU, 2 cpus", &ms));
  CHECK(!ariMeasureCacheGet(&d, 7, 1, "host", "Other CPU", &ms));
  CHECK(!ariMeasureCacheGet(&d, 7, 3, "host", "Test CPU, 2 cpus", &ms));

  /* Damage, each named with its line. */
  char *text = NULL;
  size_t len = 0;
  CHECK(ariFileOk(ariFileRead(path, &a, 1 << 20, &text, &len)));
  char *bad = ariArenaAlloc(&a, len + 1);
  memcpy(bad, text, len + 1);
  char *digit = strstr(bad, " 1.25 ");
  CHECK(digit != NULL);
  if (digit)
    digit[1] = '2'; /* one byte changed: the checksum fails */
  refuses(path, bad, "times.cache:6: checksum mismatch");
  refuses(path, "nonsense\n", "times.cache:1: not a measurement cache");
  refuses(path, "ariadne-measure-cache 1\n0123 1 host 1.0 cpu\n", "times.cache:2: expected");
  refuses(path, "ariadne-measure-cache 1\n0123456789abcdef 0 host 1.0 cpu\n",
          "times.cache:2: expected");
  refuses(path, "ariadne-measure-cache 1\n0123456789abcdef 1 host nan cpu\n",
          "times.cache:2: expected");
  refuses(path, "ariadne-measure-cache 1\n0123456789abcdef 1 host 1.0 cpu\n",
          "times.cache:3: no checksum line");
  refuses(path, "ariadne-measure-cache 1\n0123456789abcdef 1 host 1.0 cpu", "ends inside a line");
  refuses(path, "ariadne-measure-cache 1\ncrc32 zz\n", "times.cache:2: a malformed checksum");

  ariArenaDestroy(&a);
  unlink(path);
  rmdir(dir);
  printf("measure_cache_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
