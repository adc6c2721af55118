/*===- fuzz_machine.c - libFuzzer harness: the analytic model's machine file -===*\
 *
 * The machine file of costmodel/machine.h (`ariadne-cost machine -o F`),
 * parsed from memory by ariMachineParse. What must hold:
 *
 *   - an error is "fuzz.machine:LINE: message", LINE within the text;
 *   - what parses has a `crc32 = ` line of 8 hex digits that is the CRC32
 *     of every byte before it (the harness checks on its own: no silent
 *     success where the CRC would fail), and is valid (ariMachineValid);
 *   - it is written (ariMachineWrite, to $TMPDIR) and read back
 *     (ariMachineRead) equal, figures bit for bit, and the second write is
 *     the same file as the first.
 *
 * A text that fails is tried once more with its crc32 line re-stamped (the
 * right CRC for the text before it), so that the fuzzer reaches the
 * checks behind the CRC: it cannot forge a CRC written in hex.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/fuzz/libfuzzer/harness.h"

#include "costmodel/machine.h"

#include <ctype.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static const char kPath[] = "fuzz.machine";

/* The error must name the file and a line of it. */
static void checkError(const char *err, const uint8_t *data, size_t size) {
  size_t n = strlen(kPath);
  FZ_REQUIRE(!strncmp(err, kPath, n) && err[n] == ':' && isdigit((unsigned char)err[n + 1]),
             "fuzz_machine: an error without the file and line");
  char *end;
  unsigned long line = strtoul(err + n + 1, &end, 10);
  size_t lines = 1;
  for (size_t i = 0; i < size; ++i)
    lines += data[i] == '\n';
  FZ_REQUIRE(!strncmp(end, ": ", 2) && end[2], "fuzz_machine: an error without a message");
  FZ_REQUIRE(line <= lines, "fuzz_machine: an error located past the last line");
}

/* The harness's own CRC check of text that parsed: some line is
 * "crc32 = XXXXXXXX" (spaces around), 8 hex digits, the CRC32 of every
 * byte before that line, and nothing but empty lines follows it. */
static void checkCrc(const uint8_t *data, size_t size) {
  size_t start = 0;
  while (start < size) {
    size_t end = start;
    while (end < size && data[end] != '\n')
      ++end;
    const char *p = (const char *)data + start, *e = (const char *)data + end;
    while (p < e && isspace((unsigned char)*p))
      ++p;
    if (e - p >= 5 && !memcmp(p, "crc32", 5)) {
      p += 5;
      while (p < e && isspace((unsigned char)*p))
        ++p;
      FZ_REQUIRE(p < e && *p == '=', "fuzz_machine: a crc32 line without '='");
      ++p;
      while (p < e && isspace((unsigned char)*p))
        ++p;
      while (e > p && isspace((unsigned char)e[-1]))
        --e;
      FZ_REQUIRE(e - p == 8, "fuzz_machine: accepted a crc32 that is not 8 hex digits");
      char hex[9];
      memcpy(hex, p, 8);
      hex[8] = 0;
      for (int i = 0; i < 8; ++i)
        FZ_REQUIRE(isxdigit((unsigned char)hex[i]),
                   "fuzz_machine: accepted a crc32 that is not 8 hex digits");
      uLong want = crc32(crc32(0L, Z_NULL, 0), data, (uInt)start);
      FZ_REQUIRE(strtoul(hex, NULL, 16) == want, "fuzz_machine: accepted a wrong crc32");
      for (size_t i = end; i < size; ++i)
        FZ_REQUIRE(data[i] == '\n', "fuzz_machine: accepted text after the crc32 line");
      return;
    }
    start = end + 1;
  }
  fzFail("fuzz_machine: accepted a file without a crc32 line");
}

static bool same(const AriMachine *a, const AriMachine *b) {
  return !strcmp(a->name, b->name) && a->cores == b->cores &&
         !memcmp(a->cacheBytes, b->cacheBytes, sizeof a->cacheBytes) &&
         !memcmp(a->bandwidthGBs, b->bandwidthGBs, sizeof a->bandwidthGBs) &&
         !memcmp(&a->gflopsVector, &b->gflopsVector, sizeof a->gflopsVector) &&
         !memcmp(&a->gflopsScalar, &b->gflopsScalar, sizeof a->gflopsScalar);
}

/* The whole (small) file at path into buf; its length, or -1. */
static long slurp(const char *path, char *buf, size_t cap) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  size_t n = fread(buf, 1, cap, f);
  fclose(f);
  return n < cap ? (long)n : -1;
}

/* Checks what must hold of text that parsed. */
static void checkParsed(const AriMachine *m, const uint8_t *data, size_t size) {
  char err[512];
  checkCrc(data, size);
  FZ_REQUIRE(ariMachineValid(m, err, sizeof err), "fuzz_machine: parsed an invalid machine");
  const char *dir = getenv("TMPDIR");
  char path[512];
  snprintf(path, sizeof path, "%s/fuzz_machine.%ld.txt", dir && *dir ? dir : "/tmp",
           (long)getpid());
  FZ_REQUIRE(ariMachineWrite(path, m, err, sizeof err),
             "fuzz_machine: a parsed machine does not write");
  char first[4096], second[4096]; /* a written machine file is under 1 KB */
  long n1 = slurp(path, first, sizeof first);
  AriMachine back;
  FZ_REQUIRE(ariMachineRead(path, &back, err, sizeof err),
             "fuzz_machine: a written machine does not read");
  FZ_REQUIRE(same(m, &back), "fuzz_machine: a written machine reads back different");
  FZ_REQUIRE(ariMachineWrite(path, &back, err, sizeof err),
             "fuzz_machine: a re-read machine does not write");
  long n2 = slurp(path, second, sizeof second);
  FZ_REQUIRE(n1 > 0 && n1 == n2 && !memcmp(first, second, (size_t)n1),
             "fuzz_machine: writing is not a fixed point");
  unlink(path);
}

/* The text with its crc32 line (the first line that starts with "crc32",
 * or a new last line) made right, so that mutants get past the CRC to the
 * checks after it; the fuzzer cannot forge a CRC written in hex. Returns a
 * malloc'd buffer (NULL: out of memory). */
static uint8_t *restamp(const uint8_t *data, size_t size, size_t *outLen) {
  size_t start = 0, end = size;
  bool found = false;
  while (start < size && !found) {
    size_t e = start;
    while (e < size && data[e] != '\n')
      ++e;
    size_t k = start;
    while (k < e && (data[k] == ' ' || data[k] == '\t'))
      ++k;
    if (e - k >= 5 && !memcmp(data + k, "crc32", 5)) {
      found = true;
      end = e < size ? e + 1 : e;
    } else {
      start = e < size ? e + 1 : e;
    }
  }
  bool newline = !found && size && data[size - 1] != '\n';
  uint8_t *out = malloc(size + 32);
  if (!out)
    return NULL;
  memcpy(out, data, start);
  size_t n = start;
  if (newline)
    out[n++] = '\n';
  uLong crc = crc32(crc32(0L, Z_NULL, 0), out, (uInt)n);
  n += (size_t)snprintf((char *)out + n, 32, "crc32 = %08lx\n", (unsigned long)crc);
  memcpy(out + n, data + end, size - end);
  *outLen = n + size - end;
  return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  AriMachine m;
  char err[512];
  err[0] = 0;
  if (ariMachineParse((const char *)data, size, kPath, &m, err, sizeof err)) {
    checkParsed(&m, data, size);
    return 0;
  }
  checkError(err, data, size);
  size_t len;
  uint8_t *text = restamp(data, size, &len);
  if (!text)
    return 0;
  err[0] = 0;
  if (ariMachineParse((const char *)text, len, kPath, &m, err, sizeof err))
    checkParsed(&m, text, len);
  else
    checkError(err, text, len);
  free(text);
  return 0;
}
