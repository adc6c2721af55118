/*===- test/costmodel/dataset_test.c - datasets: format, damage, resume ---===*\
 *
 * Round trips (file and memory), a flipped byte at every position of a
 * small file (file header, block headers, payloads: detected and named),
 * truncation at every offset, resuming after a torn append, records the
 * writer refuses, random garbage (no crash, under ASan in the
 * sanitizer build), and the held-out split.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/dataset.h"
#include "test/check.h"
#include "utils/file.h"
#include "utils/hash.h"

#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Record i of the synthetic data: names, features and times follow i. */
typedef struct Rec {
  char program[32], variant[32];
  double features[5];
  double times[3];
  AriCostRecord r;
} Rec;

static void makeRec(Rec *x, uint64_t i) {
  snprintf(x->program, sizeof x->program, "prog%llu", (unsigned long long)(i / 3));
  snprintf(x->variant, sizeof x->variant, "v%llu", (unsigned long long)i);
  for (int k = 0; k < 5; ++k)
    x->features[k] = (double)i * 0.5 + k;
  x->features[4] = i % 7 == 0 ? NAN : x->features[4];
  for (int k = 0; k < 3; ++k)
    x->times[k] = 1e-3 * (double)(i + 1) + 1e-6 * k;
  memset(&x->r, 0, sizeof x->r);
  x->r.program = x->program;
  x->r.variant = x->variant;
  x->r.machine = i % 2 ? "hostA" : "";
  x->r.threads = (uint32_t)(1 + i % 4);
  x->r.featureLayout = 7;
  x->r.numFeatures = i % 5 == 4 ? 0 : 5;
  x->r.features = x->features;
  x->r.numTimes = 1 + (uint32_t)(i % 3);
  x->r.times = x->times;
}

static bool sameRec(const AriCostRecord *a, uint64_t i) {
  Rec x;
  makeRec(&x, i);
  const AriCostRecord *b = &x.r;
  if (a->index != i || strcmp(a->program, b->program) || strcmp(a->variant, b->variant) ||
      strcmp(a->machine, b->machine) || a->threads != b->threads ||
      a->featureLayout != b->featureLayout || a->numFeatures != b->numFeatures ||
      a->numTimes != b->numTimes)
    return false;
  /* Bit-exact, NaN included. */
  if (b->numFeatures && memcmp(a->features, b->features, 8 * b->numFeatures))
    return false;
  return !memcmp(a->times, b->times, 8 * b->numTimes);
}

/* Reads every record of data[0..len): how many came back intact, in order,
 * from record 0; the reader's error into *e. */
static uint64_t readAll(const void *data, size_t len, AriCostDsError *e, bool *torn,
                        uint64_t *goodEnd) {
  AriCostDsReader r;
  AriCostRecord rec;
  ariCostDsOpenMem(&r, data, len);
  uint64_t n = 0;
  bool inOrder = true;
  while (ariCostDsNext(&r, &rec)) {
    inOrder = inOrder && sameRec(&rec, n);
    ++n;
  }
  CHECK(inOrder);
  *e = *ariCostDsReaderError(&r);
  if (torn)
    *torn = r.tornTail;
  if (goodEnd)
    *goodEnd = r.goodEnd;
  ariCostDsClose(&r);
  return n;
}

/* A dataset in memory: records 0..n in blocks of `chunk`; block starts and
 * first records into offs/firsts (nb of them). */
static void buildMem(AriStr *s, uint64_t n, uint32_t chunk, uint64_t *offs, uint64_t *firsts,
                     size_t *nb) {
  ariStrInit(s, NULL);
  CHECK(ariCostDsEncodeHeader(s));
  *nb = 0;
  for (uint64_t first = 0; first < n; first += chunk) {
    Rec xs[16];
    AriCostRecord rs[16];
    size_t k = 0;
    for (uint64_t i = first; i < n && i < first + chunk; ++i, ++k) {
      makeRec(&xs[k], i);
      rs[k] = xs[k].r;
    }
    offs[*nb] = s->len;
    firsts[*nb] = first;
    AriCostDsError e;
    CHECK(ariCostDsEncodeBlock(rs, k, *nb, first, s, &e));
    ++*nb;
  }
  offs[*nb] = s->len;
  firsts[*nb] = n;
}

static void testMemRoundTrip(void) {
  AriStr s;
  uint64_t offs[8], firsts[8];
  size_t nb;
  buildMem(&s, 11, 4, offs, firsts, &nb);
  CHECK(nb == 3);
  AriCostDsError e;
  uint64_t good;
  CHECK(readAll(s.buf, s.len, &e, NULL, &good) == 11);
  CHECK(ariCostDsOk(&e));
  CHECK(good == s.len);
  /* An empty dataset (just the header) is valid. */
  CHECK(readAll(s.buf, ARI_COST_DS_FILE_HEADER, &e, NULL, NULL) == 0);
  CHECK(ariCostDsOk(&e));
  ariStrFree(&s);
}

/* Every byte of a small file flipped (two masks): the damage is found and
 * pinned on the right part; the records before it still come back. */
static void testFlips(void) {
  AriStr s;
  uint64_t offs[8], firsts[8];
  size_t nb;
  buildMem(&s, 7, 3, offs, firsts, &nb); /* blocks of 3, 3, 1 records */
  CHECK(nb == 3);
  unsigned char *copy = malloc(s.len);
  const unsigned char masks[] = {0x01, 0xA5};
  size_t undetected = 0, misplaced = 0;
  for (size_t m = 0; m < sizeof masks; ++m)
    for (size_t pos = 0; pos < s.len; ++pos) {
      memcpy(copy, s.buf, s.len);
      copy[pos] ^= masks[m];
      AriCostDsError e;
      uint64_t n = readAll(copy, s.len, &e, NULL, NULL);
      if (ariCostDsOk(&e)) {
        ++undetected;
        fprintf(stderr, "flip 0x%02x at %zu undetected\n", masks[m], pos);
        continue;
      }
      char msg[256];
      ariCostDsErrorFormat(&e, msg, sizeof msg);
      bool ok;
      if (pos < ARI_COST_DS_FILE_HEADER) {
        ok = e.block == ARI_COST_DS_NONE && e.record == ARI_COST_DS_NONE && n == 0 &&
             (e.kind == ARI_COST_DS_ERR_NOT_DATASET || e.kind == ARI_COST_DS_ERR_CORRUPT);
      } else {
        size_t b = 0;
        while (pos >= offs[b + 1])
          ++b;
        char where[64];
        snprintf(where, sizeof where, "block %zu at byte offset %llu", b,
                 (unsigned long long)offs[b]);
        ok = e.kind == ARI_COST_DS_ERR_CORRUPT && e.block == b && e.offset == offs[b] &&
             strstr(msg, where) && n == firsts[b];
        if (pos < offs[b] + ARI_COST_DS_BLOCK_HEADER)
          ok = ok && e.record == ARI_COST_DS_NONE; /* the block header */
        else if (e.record != ARI_COST_DS_NONE) {
          /* The payload: a record of this block, named as such. */
          char rec[64];
          snprintf(rec, sizeof rec, "record %llu (block %zu", (unsigned long long)e.record, b);
          ok = ok && e.record >= firsts[b] && e.record < firsts[b + 1] && strstr(msg, rec);
        }
      }
      if (!ok) {
        ++misplaced;
        fprintf(stderr, "flip 0x%02x at %zu: %s (after %llu records)\n", masks[m], pos, msg,
                (unsigned long long)n);
      }
    }
  CHECK(undetected == 0);
  CHECK(misplaced == 0);
  free(copy);
  ariStrFree(&s);
}

/* Cut at every length: detected as a torn tail, except at a block
 * boundary, where the file is a complete shorter dataset (the format is
 * appendable, so it cannot tell). */
static void testTruncation(void) {
  AriStr s;
  uint64_t offs[8], firsts[8];
  size_t nb;
  buildMem(&s, 7, 3, offs, firsts, &nb);
  size_t bad = 0;
  for (size_t len = 0; len < s.len; ++len) {
    AriCostDsError e;
    bool torn;
    uint64_t good;
    uint64_t n = readAll(s.buf, len, &e, &torn, &good);
    size_t b = 0;
    while (b < nb && offs[b + 1] <= len)
      ++b;
    bool ok;
    if (len < ARI_COST_DS_FILE_HEADER)
      ok = !ariCostDsOk(&e) && n == 0;
    else if (len == offs[b])
      ok = ariCostDsOk(&e) && n == firsts[b];
    else
      ok = (e.kind == ARI_COST_DS_ERR_TRUNCATED) && torn && good == offs[b] && n == firsts[b] &&
           e.block == b;
    if (!ok) {
      char msg[256];
      ariCostDsErrorFormat(&e, msg, sizeof msg);
      fprintf(stderr, "cut at %zu: %s (%llu records)\n", len, msg, (unsigned long long)n);
      ++bad;
    }
  }
  CHECK(bad == 0);
  ariStrFree(&s);
}

static char tmpDir[64];

static const char *tmpPath(const char *name) {
  static char buf[128]; /* test-only scratch; the test is single-threaded */
  snprintf(buf, sizeof buf, "%s/%s", tmpDir, name);
  return buf;
}

static uint64_t fileRecords(const char *path, AriCostDsError *e) {
  char *data;
  size_t len;
  AriFileError fe = ariFileRead(path, NULL, 0, &data, &len);
  CHECK(ariFileOk(fe));
  if (!ariFileOk(fe))
    return 0;
  uint64_t n = readAll(data, len, e, NULL, NULL);
  free(data);
  return n;
}

static off_t fileSize(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? st.st_size : -1;
}

static void writeN(AriCostDsWriter *w, uint64_t from, uint64_t to) {
  for (uint64_t i = from; i < to; ++i) {
    Rec x;
    makeRec(&x, i);
    AriCostDsError e = ariCostDsAdd(w, &x.r);
    CHECK(ariCostDsOk(&e));
  }
}

static void testFileWriter(void) {
  char path[128];
  snprintf(path, sizeof path, "%s", tmpPath("a.ards"));
  AriCostDsWriter w;
  AriCostDsError e = ariCostDsCreate(&w, path, 4);
  CHECK(ariCostDsOk(&e));
  writeN(&w, 0, 10);
  CHECK(w.nextBlock == 2); /* two full chunks written, two records pending */
  e = ariCostDsCloseWriter(&w);
  CHECK(ariCostDsOk(&e));
  CHECK(fileRecords(path, &e) == 10 && ariCostDsOk(&e));

  /* The streaming file reader gives the same. */
  AriCostDsReader r;
  AriCostRecord rec;
  e = ariCostDsOpenFile(&r, path);
  CHECK(ariCostDsOk(&e));
  uint64_t n = 0;
  while (ariCostDsNext(&r, &rec))
    CHECK(sameRec(&rec, n++));
  CHECK(n == 10 && ariCostDsOk(ariCostDsReaderError(&r)) && r.blocks == 3);
  ariCostDsClose(&r);

  /* Appending continues the numbering. */
  e = ariCostDsAppendOpen(&w, path, 4);
  CHECK(ariCostDsOk(&e) && w.nextIndex == 10 && w.nextBlock == 3 && w.cutBytes == 0);
  writeN(&w, 10, 13);
  /* An interrupted run: the pending chunk is lost, nothing else. */
  ariCostDsAbandon(&w);
  CHECK(fileRecords(path, &e) == 10 && ariCostDsOk(&e));

  /* A torn append: half a block at the end. Resuming cuts it off. */
  off_t before = fileSize(path);
  {
    /* The block an interrupted run was writing: block 3, records 10-13. */
    Rec xs[4];
    AriCostRecord rs[4];
    for (int k = 0; k < 4; ++k) {
      makeRec(&xs[k], 10 + (uint64_t)k);
      rs[k] = xs[k].r;
    }
    AriStr s;
    ariStrInit(&s, NULL);
    CHECK(ariCostDsEncodeBlock(rs, 4, 3, 10, &s, &e));
    int fd = open(path, O_WRONLY | O_APPEND);
    CHECK(fd >= 0);
    size_t half = s.len / 2;
    CHECK(write(fd, s.buf, half) == (ssize_t)half);
    close(fd);
    ariStrFree(&s);
  }
  CHECK(fileRecords(path, &e) == 10 && e.kind != ARI_COST_DS_OK);
  e = ariCostDsAppendOpen(&w, path, 4);
  CHECK(ariCostDsOk(&e) && w.nextIndex == 10 && w.cutBytes > 0);
  CHECK(fileSize(path) == before);
  writeN(&w, 10, 15);
  e = ariCostDsCloseWriter(&w);
  CHECK(ariCostDsOk(&e));
  CHECK(fileRecords(path, &e) == 15 && ariCostDsOk(&e));

  /* Zeros where a block should be (a crash after the file grew). */
  before = fileSize(path);
  {
    int fd = open(path, O_WRONLY | O_APPEND);
    char zeros[100] = {0};
    CHECK(write(fd, zeros, sizeof zeros) == (ssize_t)sizeof zeros);
    close(fd);
  }
  e = ariCostDsAppendOpen(&w, path, 4);
  CHECK(ariCostDsOk(&e) && w.nextIndex == 15 && w.cutBytes == 100);
  ariCostDsAbandon(&w);
  CHECK(fileSize(path) == before);

  /* Damage followed by intact blocks is not a torn tail: appending refuses
   * and leaves the file alone. */
  {
    int fd = open(path, O_RDWR);
    unsigned char c;
    off_t at = ARI_COST_DS_FILE_HEADER + 3; /* block 0's magic */
    CHECK(pread(fd, &c, 1, at) == 1);
    c ^= 0x10;
    CHECK(pwrite(fd, &c, 1, at) == 1);
    close(fd);
  }
  e = ariCostDsAppendOpen(&w, path, 4);
  CHECK(e.kind == ARI_COST_DS_ERR_CORRUPT && e.block == 0);
  CHECK(fileSize(path) == before);

  /* Appending to a file that does not exist creates it. */
  snprintf(path, sizeof path, "%s", tmpPath("new.ards"));
  e = ariCostDsAppendOpen(&w, path, 0);
  CHECK(ariCostDsOk(&e) && w.nextIndex == 0 && w.chunkRecords == ARI_COST_DS_DEFAULT_CHUNK);
  writeN(&w, 0, 3);
  e = ariCostDsCloseWriter(&w);
  CHECK(ariCostDsOk(&e));
  CHECK(fileRecords(path, &e) == 3 && ariCostDsOk(&e));

  /* Errors name the file system's reason. */
  e = ariCostDsOpenFile(&r, tmpPath("missing.ards"));
  char msg[256];
  ariCostDsErrorFormat(&e, msg, sizeof msg);
  CHECK(e.kind == ARI_COST_DS_ERR_IO && !strcmp(msg, "cannot open: No such file or directory"));
  e = ariCostDsOpenFile(&r, tmpDir);
  CHECK(e.kind == ARI_COST_DS_ERR_IO);
  e = ariCostDsCreate(&w, "/nonexistent-dir/x.ards", 0);
  CHECK(e.kind == ARI_COST_DS_ERR_IO);
}

static void testInvalid(void) {
  Rec x;
  AriCostDsError e;
  makeRec(&x, 1);
  CHECK(ariCostDsValidate(&x.r, &e));
  AriCostRecord r = x.r;
  r.program = "";
  CHECK(!ariCostDsValidate(&r, &e) && e.kind == ARI_COST_DS_ERR_INVALID);
  r = x.r;
  r.numTimes = 0;
  CHECK(!ariCostDsValidate(&r, &e));
  double bad[2] = {1e-3, -1};
  r = x.r;
  r.times = bad;
  r.numTimes = 2;
  CHECK(!ariCostDsValidate(&r, &e));
  bad[1] = NAN;
  CHECK(!ariCostDsValidate(&r, &e));
  bad[1] = INFINITY;
  CHECK(!ariCostDsValidate(&r, &e));
  char longName[ARI_COST_DS_MAX_NAME + 2];
  memset(longName, 'x', sizeof longName - 1);
  longName[sizeof longName - 1] = 0;
  r = x.r;
  r.variant = longName;
  CHECK(!ariCostDsValidate(&r, &e));
  longName[ARI_COST_DS_MAX_NAME] = 0; /* exactly the limit */
  CHECK(ariCostDsValidate(&r, &e));
  r = x.r;
  r.numFeatures = ARI_COST_DS_MAX_FEATURES + 1;
  CHECK(!ariCostDsValidate(&r, &e));

  /* The writer refuses it and the record numbering does not move. */
  AriCostDsWriter w;
  e = ariCostDsCreate(&w, tmpPath("inv.ards"), 2);
  CHECK(ariCostDsOk(&e));
  r = x.r;
  r.program = "";
  e = ariCostDsAdd(&w, &r);
  CHECK(e.kind == ARI_COST_DS_ERR_INVALID && w.nextIndex == 0);
  e = ariCostDsCloseWriter(&w);
  CHECK(ariCostDsOk(&e));
}

/* Header problems, by kind. */
static void testHeaders(void) {
  AriCostDsError e;
  CHECK(readAll("", 0, &e, NULL, NULL) == 0 && e.kind == ARI_COST_DS_ERR_NOT_DATASET);
  CHECK(readAll("hello, world, this is text", 26, &e, NULL, NULL) == 0 &&
        e.kind == ARI_COST_DS_ERR_NOT_DATASET);
  AriStr s;
  ariStrInit(&s, NULL);
  ariCostDsEncodeHeader(&s);
  CHECK(readAll(s.buf, 5, &e, NULL, NULL) == 0 && e.kind == ARI_COST_DS_ERR_TRUNCATED);
  /* A later version with a valid CRC: refused as a version, not damage. */
  unsigned char h[16];
  memcpy(h, s.buf, 16);
  h[8] = 2;
  uint32_t c = ariCostDsCrc32(h, 12);
  for (int i = 0; i < 4; ++i)
    h[12 + i] = (unsigned char)(c >> (8 * i));
  CHECK(readAll(h, 16, &e, NULL, NULL) == 0 && e.kind == ARI_COST_DS_ERR_VERSION);
  ariStrFree(&s);
}

/* Random bytes, and random damage to a real file: never a crash. */
static bool countVisit(void *ctx, const AriCostRecord *r) {
  (void)r;
  ++*(uint64_t *)ctx;
  return true;
}

static void testGarbage(void) {
  AriStr s;
  uint64_t offs[8], firsts[8];
  size_t nb;
  buildMem(&s, 9, 4, offs, firsts, &nb);
  unsigned char *buf = malloc(s.len + 64);
  uint64_t state = 12345;
  size_t detected = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    memcpy(buf, s.buf, s.len);
    size_t len = s.len;
    int kind = iter % 3;
    state = ariHashMix64(state + (uint64_t)iter);
    if (kind == 0) { /* a few random bytes changed */
      for (int k = 0; k < 1 + (int)(state % 4); ++k) {
        uint64_t x = ariHashMix64(state + (uint64_t)k);
        buf[x % len] = (unsigned char)(x >> 32);
      }
    } else if (kind == 1) { /* random bytes after the header */
      for (size_t i = ARI_COST_DS_FILE_HEADER; i < len; ++i)
        buf[i] = (unsigned char)ariHashMix64(state ^ i);
    } else { /* a changed length field, the block header's CRC fixed up */
      size_t at = offs[state % nb] + 16 + 4 * (state >> 8) % 12;
      buf[at + 3] ^= (unsigned char)(1 + (state >> 20) % 255);
      size_t h = offs[state % nb];
      uint32_t c = ariCostDsCrc32(buf + h, 36);
      for (int i = 0; i < 4; ++i)
        buf[h + 36 + i] = (unsigned char)(c >> (8 * i));
    }
    uint64_t n = 0;
    AriCostDsError e = ariCostDsReadMem(buf, len, countVisit, &n);
    detected += !ariCostDsOk(&e);
  }
  CHECK(detected > 2900);
  free(buf);
  ariStrFree(&s);
}

/* Records too large for a full chunk in one block: the writer starts a new
 * block before the 64 MiB bound (127 records of 2^16 features fit). */
static void testBigBlocks(void) {
  const char *path = tmpPath("big.ards");
  double *f = calloc(ARI_COST_DS_MAX_FEATURES, sizeof *f), t = 1e-3;
  AriCostRecord r = {0, "big", "", "", 1, 1, ARI_COST_DS_MAX_FEATURES, f, 1, &t};
  AriCostDsWriter w;
  AriCostDsError e = ariCostDsCreate(&w, path, 256);
  CHECK(ariCostDsOk(&e));
  for (int i = 0; i < 128 && ariCostDsOk(&e); ++i)
    e = ariCostDsAdd(&w, &r);
  CHECK(ariCostDsOk(&e) && w.nextBlock == 1 && w.numPending == 1);
  e = ariCostDsCloseWriter(&w);
  CHECK(ariCostDsOk(&e));
  AriCostDsReader rd;
  AriCostRecord rec;
  e = ariCostDsOpenFile(&rd, path);
  CHECK(ariCostDsOk(&e));
  uint64_t n = 0;
  while (ariCostDsNext(&rd, &rec))
    n += rec.numFeatures == ARI_COST_DS_MAX_FEATURES && rec.index == n;
  CHECK(n == 128 && rd.blocks == 2 && ariCostDsOk(ariCostDsReaderError(&rd)));
  ariCostDsClose(&rd);
  unlink(path);
  free(f);
}

/* The held-out split: about one program in eight, and always the same ones
 * (the values are part of the contract: they pin the hash). */
static void testHeldOut(void) {
  int held = 0;
  char name[32];
  for (int i = 0; i < 8000; ++i) {
    snprintf(name, sizeof name, "prog%d", i);
    held += ariCostDsHeldOut(name);
  }
  CHECK(held > 900 && held < 1100);
  CHECK(!ariCostDsHeldOut("synth000") && !ariCostDsHeldOut("synth001") &&
        !ariCostDsHeldOut("synth002") && ariCostDsHeldOut("synth003"));
}

int main(void) {
  snprintf(tmpDir, sizeof tmpDir, "/tmp/ariadne-dataset-test-XXXXXX");
  if (!mkdtemp(tmpDir)) {
    perror("mkdtemp");
    return 1;
  }
  testMemRoundTrip();
  testFlips();
  testTruncation();
  testFileWriter();
  testInvalid();
  testHeaders();
  testGarbage();
  testHeldOut();
  testBigBlocks();
  const char *names[] = {"a.ards", "new.ards", "inv.ards"};
  for (size_t i = 0; i < sizeof names / sizeof *names; ++i)
    unlink(tmpPath(names[i]));
  rmdir(tmpDir);
  printf("dataset_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
