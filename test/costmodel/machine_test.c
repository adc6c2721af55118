/*===- machine_test.c - the machine file (costmodel/machine.h) -------------===*\
 *
 * Round trip through a file; every damaged or incomplete form refused with
 * the file and line named; the probe reads this machine's caches.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/machine.h"
#include "utils/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test/check.h"

static AriMachine sample(void) {
  AriMachine m = {.cores = 4, .cacheBytes = {49152, 2 << 20, 32 << 20},
                  .bandwidthGBs = {80.5, 40.25, 20.125, 9.5}, .gflopsVector = 60,
                  .gflopsScalar = 1.5};
  snprintf(m.name, sizeof m.name, "Test CPU, 4 cpus");
  return m;
}

/* Parses text and expects an error containing `want`. */
static void refuses(const char *text, const char *want) {
  AriMachine m;
  char err[256] = "";
  bool ok = ariMachineParse(text, strlen(text), "m.txt", &m, err, sizeof err);
  CHECK(!ok);
  CHECK(strstr(err, want) != NULL);
  if (ok || !strstr(err, want))
    fprintf(stderr, "  wanted '%s', got '%s' for:\n%s\n", want, err, text);
}

int main(void) {
  char dir[] = "/tmp/ariadne-machine-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char path[128];
  snprintf(path, sizeof path, "%s/m.txt", dir);
  AriMachine a = sample(), b;
  char err[256];
  CHECK(ariMachineWrite(path, &a, err, sizeof err));
  CHECK(ariMachineRead(path, &b, err, sizeof err));
  CHECK(!strcmp(a.name, b.name) && a.cores == b.cores);
  for (int i = 0; i < ARI_MACHINE_LEVELS; ++i)
    CHECK(a.cacheBytes[i] == b.cacheBytes[i]);
  for (int i = 0; i <= ARI_MACHINE_LEVELS; ++i)
    CHECK(a.bandwidthGBs[i] == b.bandwidthGBs[i]);
  CHECK(a.gflopsVector == b.gflopsVector && a.gflopsScalar == b.gflopsScalar);

  /* the file's text, then damaged forms of it */
  char *text;
  size_t len;
  CHECK(ariFileOk(ariFileRead(path, NULL, 0, &text, &len)));
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", text);
  char *p = strstr(buf, "gflops.scalar = 1.5");
  CHECK(p != NULL);
  if (p) {
    p[16] = '2'; /* an edited value: the CRC no longer holds */
    refuses(buf, "CRC mismatch");
  }
  snprintf(buf, sizeof buf, "%.*s", (int)(strstr(text, "crc32") - text), text);
  refuses(buf, "no crc32 line");
  refuses("version = 1\nname = x\ncores = 1\nbogus = 3\n", "m.txt:4: unknown key 'bogus'");
  refuses("version = 2\n", "m.txt:1: unknown machine file version '2'");
  refuses("cores = 1\ncores = 2\n", "m.txt:2: 'cores' given twice");
  refuses("bandwidth.1 = -3\n", "m.txt:1: expected a positive number, got '-3'");
  refuses("cache.1 = 12kb\n", "m.txt:1: expected a non-negative integer, got '12kb'");
  refuses("cores\n", "m.txt:1: expected 'key = value'");
  free(text);

  /* Found by fuzz_machine: a rate with more than 6 significant digits was
   * written rounded (%.6g), so what was read back was not what was
   * written; a name longer than the 159 bytes AriMachine holds was cut
   * silently; the CRC's value took a sign, "0x" or fewer digits. */
  AriMachine d = sample(), e2;
  d.bandwidthGBs[0] = 238.60512345678901;
  d.gflopsScalar = 0.1;
  CHECK(ariMachineWrite(path, &d, err, sizeof err));
  CHECK(ariMachineRead(path, &e2, err, sizeof err));
  CHECK(e2.bandwidthGBs[0] == d.bandwidthGBs[0] && e2.gflopsScalar == 0.1);
  CHECK(ariFileOk(ariFileRead(path, NULL, 0, &text, &len)));
  CHECK(strstr(text, "gflops.scalar = 0.1\n") != NULL); /* short stays short */
  free(text);
  char longName[300];
  snprintf(longName, sizeof longName, "name = %0200d\n", 7);
  refuses(longName, "m.txt:1: name longer than 159 bytes");
  refuses("crc32 = 0x1d12f1\n", "m.txt:1: crc32 must be 8 hex digits, got '0x1d12f1'");
  refuses("crc32 = 1d12f1\n", "m.txt:1: crc32 must be 8 hex digits");
  refuses("crc32 = -0\n", "m.txt:1: crc32 must be 8 hex digits");

  /* a missing key, with a valid CRC */
  AriMachine c = sample();
  c.gflopsScalar = 0;
  CHECK(!ariMachineWrite(path, &c, err, sizeof err) && strstr(err, "gflops"));
  CHECK(!ariMachineRead("/nonexistent/m.txt", &b, err, sizeof err) &&
        strstr(err, "cannot open machine file '/nonexistent/m.txt'"));

  /* this machine: at least one data cache level and a name */
  AriMachine h;
  ariMachineProbe(&h);
  CHECK(h.cores >= 1 && h.name[0]);
  printf("probe: %s; caches %lld / %lld / %lld bytes\n", h.name, (long long)h.cacheBytes[0],
         (long long)h.cacheBytes[1], (long long)h.cacheBytes[2]);
  unlink(path);
  rmdir(dir);
  printf("machine_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
