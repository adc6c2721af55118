/*===- fuzz_dataset.c - libFuzzer harness: cost-model dataset files -------===*\
 *
 * The dataset reader (costmodel/dataset.h): the bytes are a dataset file,
 * read from memory (ariCostDsOpenMem / ariCostDsNext) and, written to a
 * file under $TMPDIR, through the append-recovery path
 * (ariCostDsAppendOpen). What must hold:
 *
 *   - ariCostDsReadMem reads as many records and ends in the same error;
 *   - an error is a value with a message (kind, detail, a location inside
 *     the file);
 *   - what reads without error passes the harness's own walk of the
 *     format: the file header's CRC, then blocks that tile the file, each
 *     with a valid header CRC and compressed-payload CRC (no silent
 *     success where a CRC would fail);
 *   - every record read is one the writer accepts (ariCostDsValidate), and
 *     the records re-encoded block by block read back equal (features
 *     compared bit for bit, NaNs included), and re-encode to the same bytes;
 *   - ariCostDsAppendOpen either fails with a message and leaves the file
 *     as it was, or keeps a prefix of it that reads cleanly (a torn tail
 *     cut), and a record appended after it reads back after the intact
 *     records, numbered on.
 *
 * Bytes that are not a dataset (no magic) are also read as the
 * uncompressed data of one block that the harness frames (frame(), below):
 * the fuzzer cannot mutate through deflate, so this is how it reaches the
 * record decoder, whose records' CRCs the harness re-stamps. The append
 * path runs on the bytes as they are only.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/fuzz/libfuzzer/harness.h"

#include "costmodel/dataset.h"
#include "utils/arena.h"
#include "utils/bytes.h"
#include "utils/strbuf.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* The records of one read, deep-copied, with the block each came from. */
typedef struct Read {
  AriArena arena;
  AriCostRecord *recs;
  uint64_t *blockOf;
  size_t n, cap;
  uint64_t blocks;
  AriCostDsError error;
  bool tornTail;
  uint64_t goodEnd;
} Read;

static uint32_t crcOf(const unsigned char *p, size_t n) {
  return (uint32_t)crc32(crc32(0L, Z_NULL, 0), p, (uInt)n);
}

static void copyRecord(Read *rd, const AriCostRecord *r, uint64_t block) {
  if (rd->n == rd->cap) {
    size_t cap = rd->cap ? 2 * rd->cap : 16;
    AriCostRecord *recs = ariArenaAlloc(&rd->arena, sizeof *recs * cap);
    uint64_t *blockOf = ariArenaAlloc(&rd->arena, sizeof *blockOf * cap);
    FZ_REQUIRE(recs && blockOf, "fuzz_dataset: out of memory copying records");
    if (rd->n) {
      memcpy(recs, rd->recs, sizeof *recs * rd->n);
      memcpy(blockOf, rd->blockOf, sizeof *blockOf * rd->n);
    }
    rd->recs = recs;
    rd->blockOf = blockOf;
    rd->cap = cap;
  }
  AriCostRecord *c = &rd->recs[rd->n];
  *c = *r;
  c->program = ariArenaStrndup(&rd->arena, r->program, strlen(r->program));
  c->variant = ariArenaStrndup(&rd->arena, r->variant, strlen(r->variant));
  c->machine = ariArenaStrndup(&rd->arena, r->machine, strlen(r->machine));
  double *d = ariArenaAlloc(&rd->arena, 8 * ((size_t)r->numFeatures + r->numTimes));
  FZ_REQUIRE(c->program && c->variant && c->machine && d,
             "fuzz_dataset: out of memory copying records");
  if (r->numFeatures)
    memcpy(d, r->features, 8 * (size_t)r->numFeatures);
  memcpy(d + r->numFeatures, r->times, 8 * (size_t)r->numTimes);
  c->features = d;
  c->times = d + r->numFeatures;
  rd->blockOf[rd->n++] = block;
}

/* Reads data[0..len) from memory into rd (which the caller destroys). */
static void readAll(const void *data, size_t len, Read *rd) {
  memset(rd, 0, sizeof *rd);
  ariArenaInit(&rd->arena, FZ_MEM_LIMIT);
  AriCostDsReader r;
  AriCostRecord rec;
  ariCostDsOpenMem(&r, data, len);
  while (ariCostDsNext(&r, &rec)) {
    FZ_REQUIRE(rec.index == rd->n, "fuzz_dataset: records out of order");
    /* r.blocks counts the blocks loaded, the current one included. */
    copyRecord(rd, &rec, r.blocks - 1);
  }
  FZ_REQUIRE(!ariCostDsNext(&r, &rec), "fuzz_dataset: a record after the end");
  rd->blocks = r.blocks;
  rd->error = r.error;
  rd->tornTail = r.tornTail;
  rd->goodEnd = r.goodEnd;
  ariCostDsClose(&r);
}

/* An error must say what went wrong, and where, inside the file. */
static void checkError(const AriCostDsError *e, size_t len) {
  FZ_REQUIRE(e->kind != ARI_COST_DS_OK, "fuzz_dataset: checkError on success");
  FZ_REQUIRE(e->detail[0], "fuzz_dataset: an error without a detail");
  char msg[256];
  FZ_REQUIRE(ariCostDsErrorFormat(e, msg, sizeof msg) > 0 && msg[0],
             "fuzz_dataset: an error formats as nothing");
  FZ_REQUIRE(e->offset == ARI_COST_DS_NONE || e->offset <= len,
             "fuzz_dataset: an error located past the end of the file");
}

/* The harness's own walk of a file the reader accepted: header CRC,
 * blocks that tile the file with valid header and payload CRCs, and as
 * many blocks as the reader counted. */
static void checkFraming(const unsigned char *p, size_t len, uint64_t blocks) {
  FZ_REQUIRE(len >= ARI_COST_DS_FILE_HEADER && !memcmp(p, "ARIDSET\x1a", 8) &&
                 ariGetLE32(p + 12) == crcOf(p, 12),
             "fuzz_dataset: read a file whose header is not intact");
  size_t off = ARI_COST_DS_FILE_HEADER;
  uint64_t n = 0;
  while (off < len) {
    FZ_REQUIRE(len - off >= ARI_COST_DS_BLOCK_HEADER && !memcmp(p + off, "ADBK", 4) &&
                   ariGetLE32(p + off + 36) == crcOf(p + off, 36),
               "fuzz_dataset: read a file with a damaged block header");
    size_t clen = ariGetLE32(p + off + 20);
    off += ARI_COST_DS_BLOCK_HEADER;
    FZ_REQUIRE(clen <= len - off && ariGetLE32(p + off - 12) == crcOf(p + off, clen),
               "fuzz_dataset: read a file with a damaged block payload");
    off += clen;
    ++n;
  }
  FZ_REQUIRE(n == blocks, "fuzz_dataset: the reader counted the blocks differently");
}

/* Whether two records are the same, doubles bit for bit. */
static bool sameRecord(const AriCostRecord *a, const AriCostRecord *b) {
  return a->index == b->index && !strcmp(a->program, b->program) &&
         !strcmp(a->variant, b->variant) && !strcmp(a->machine, b->machine) &&
         a->threads == b->threads && a->featureLayout == b->featureLayout &&
         a->numFeatures == b->numFeatures && a->numTimes == b->numTimes &&
         (!a->numFeatures || !memcmp(a->features, b->features, 8 * (size_t)a->numFeatures)) &&
         !memcmp(a->times, b->times, 8 * (size_t)a->numTimes);
}

/* rd's records encoded as a file with the same blocks. */
static void encode(const Read *rd, AriStr *out) {
  FZ_REQUIRE(ariCostDsEncodeHeader(out), "fuzz_dataset: out of memory encoding");
  for (size_t i = 0; i < rd->n;) {
    size_t j = i;
    while (j < rd->n && rd->blockOf[j] == rd->blockOf[i])
      ++j;
    AriCostDsError e;
    FZ_REQUIRE(ariCostDsEncodeBlock(rd->recs + i, j - i, rd->blockOf[i], i, out, &e),
               "fuzz_dataset: a block that was read does not encode");
    i = j;
  }
}

/* Re-encodes what was read, reads it back and compares. */
static void checkRoundTrip(const Read *rd) {
  AriStr s1, s2;
  ariStrInit(&s1, NULL);
  ariStrInit(&s2, NULL);
  encode(rd, &s1);
  Read back;
  readAll(s1.buf, s1.len, &back);
  FZ_REQUIRE(ariCostDsOk(&back.error), "fuzz_dataset: re-encoded records do not read back");
  FZ_REQUIRE(back.n == rd->n && back.blocks == rd->blocks,
             "fuzz_dataset: re-encoded records read back as a different count");
  for (size_t i = 0; i < rd->n; ++i)
    FZ_REQUIRE(sameRecord(&rd->recs[i], &back.recs[i]),
               "fuzz_dataset: a re-encoded record reads back different");
  encode(&back, &s2);
  FZ_REQUIRE(s1.len == s2.len && !memcmp(s1.buf, s2.buf, s1.len),
             "fuzz_dataset: encoding is not a fixed point");
  ariArenaDestroy(&back.arena);
  ariStrFree(&s1);
  ariStrFree(&s2);
}

/* The whole file at path into a malloc'd buffer (NULL: cannot read). */
static unsigned char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0, k;
  unsigned char *buf = malloc(cap);
  while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
    n += k;
    if (n == cap) {
      unsigned char *b = realloc(buf, 2 * cap);
      if (!b)
        free(buf);
      buf = b;
      cap *= 2;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

static bool writeFile(const char *path, const uint8_t *data, size_t size) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return false;
  size_t done = 0;
  while (done < size) {
    ssize_t k = write(fd, data + done, size - done);
    if (k <= 0)
      break;
    done += (size_t)k;
  }
  return close(fd) == 0 && done == size;
}

/* The append-recovery path on a copy of the input in $TMPDIR. */
static void checkAppend(const uint8_t *data, size_t size, const Read *rd) {
  const char *dir = getenv("TMPDIR");
  char path[512];
  snprintf(path, sizeof path, "%s/fuzz_dataset.%ld.ards", dir && *dir ? dir : "/tmp",
           (long)getpid());
  FZ_REQUIRE(writeFile(path, data, size), "fuzz_dataset: cannot write the temporary file");
  AriCostDsWriter w;
  AriCostDsError e = ariCostDsAppendOpen(&w, path, 0);
  size_t len = 0;
  if (!ariCostDsOk(&e)) {
    checkError(&e, size);
    FZ_REQUIRE(!ariCostDsOk(&rd->error),
               "fuzz_dataset: append refuses a file the reader reads cleanly");
    unsigned char *after = slurp(path, &len);
    FZ_REQUIRE(after && len == size && (!size || !memcmp(after, data, size)),
               "fuzz_dataset: a failed append-open changed the file");
    free(after);
    unlink(path);
    return;
  }
  /* Kept: the prefix up to the last intact block, all of the file when it
   * read cleanly. */
  FZ_REQUIRE(w.size + w.cutBytes == size && w.size >= ARI_COST_DS_FILE_HEADER,
             "fuzz_dataset: append-open's sizes do not add up");
  FZ_REQUIRE(ariCostDsOk(&rd->error) ? w.cutBytes == 0 : rd->tornTail && w.size == rd->goodEnd,
             "fuzz_dataset: append-open cut something other than a torn tail");
  FZ_REQUIRE(w.nextIndex == rd->n && w.nextBlock == rd->blocks,
             "fuzz_dataset: append-open continues at the wrong record or block");
  size_t w0 = (size_t)w.size;
  double feature = 0.5, time = 1e-3;
  AriCostRecord add = {.program = "fuzz", .variant = "v", .machine = "",
                       .threads = 1, .featureLayout = 1, .numFeatures = 1,
                       .features = &feature, .numTimes = 1, .times = &time};
  e = ariCostDsAdd(&w, &add);
  FZ_REQUIRE(ariCostDsOk(&e), "fuzz_dataset: cannot add a record after append-open");
  e = ariCostDsCloseWriter(&w);
  FZ_REQUIRE(ariCostDsOk(&e), "fuzz_dataset: cannot close the writer");
  unsigned char *after = slurp(path, &len);
  FZ_REQUIRE(after && len > w0 && !memcmp(after, data, w0),
             "fuzz_dataset: append-open changed the intact part of the file");
  Read again;
  readAll(after, len, &again);
  FZ_REQUIRE(ariCostDsOk(&again.error), "fuzz_dataset: the appended file does not read");
  FZ_REQUIRE(again.n == rd->n + 1, "fuzz_dataset: the appended file has the wrong count");
  for (size_t i = 0; i < rd->n; ++i)
    FZ_REQUIRE(sameRecord(&rd->recs[i], &again.recs[i]),
               "fuzz_dataset: append-open changed a record");
  add.index = rd->n;
  FZ_REQUIRE(sameRecord(&add, &again.recs[rd->n]),
             "fuzz_dataset: the appended record reads back different");
  ariArenaDestroy(&again.arena);
  free(after);
  unlink(path);
}

static bool countRecord(void *ctx, const AriCostRecord *rec) {
  (void)rec;
  ++*(size_t *)ctx;
  return true;
}

static bool stopAtFirst(void *ctx, const AriCostRecord *rec) {
  (void)ctx;
  (void)rec;
  return false;
}

/* ariCostDsReadMem agrees with the streaming reader, and a visitor that
 * stops at once makes the result OK. */
static void checkReadMem(const uint8_t *data, size_t size, const Read *rd) {
  size_t n = 0;
  AriCostDsError e = ariCostDsReadMem(data, size, countRecord, &n);
  FZ_REQUIRE(n == rd->n && e.kind == rd->error.kind && !strcmp(e.detail, rd->error.detail),
             "fuzz_dataset: ariCostDsReadMem and ariCostDsNext disagree");
  if (rd->n) {
    e = ariCostDsReadMem(data, size, stopAtFirst, NULL);
    FZ_REQUIRE(ariCostDsOk(&e), "fuzz_dataset: a visit stopped early is not OK");
  }
}

/* Every check of one file's bytes; the append path only when `append`. */
static void checkFile(const uint8_t *data, size_t size, bool append) {
  Read rd;
  readAll(data, size, &rd);
  checkReadMem(data, size, &rd);
  if (ariCostDsOk(&rd.error)) {
    checkFraming(data, size, rd.blocks);
    for (size_t i = 0; i < rd.n; ++i) {
      AriCostDsError e;
      FZ_REQUIRE(ariCostDsValidate(&rd.recs[i], &e),
                 "fuzz_dataset: read a record the writer refuses");
    }
    checkRoundTrip(&rd);
  } else {
    checkError(&rd.error, size);
    /* What came before the error is intact. */
    FZ_REQUIRE(rd.goodEnd <= size, "fuzz_dataset: goodEnd past the end");
    if (rd.goodEnd >= ARI_COST_DS_FILE_HEADER)
      checkFraming(data, (size_t)rd.goodEnd, rd.blocks);
  }
  if (append)
    checkAppend(data, size, &rd);
  ariArenaDestroy(&rd.arena);
}

/* The bytes as the uncompressed data of a dataset's one block, framed by
 * the harness: file header, a block header with the right lengths and
 * CRCs, the bytes deflated. The records are those the bytes' length
 * fields walk through, and the harness re-stamps each one's CRC. This is
 * how the fuzzer reaches the record decoder's checks: it cannot mutate
 * through deflate, nor keep every record's CRC right by itself. */
static void frame(const uint8_t *data, size_t size, AriStr *out) {
  uint8_t *u = malloc(size);
  FZ_REQUIRE(u, "fuzz_dataset: out of memory framing");
  memcpy(u, data, size);
  uint32_t count = 0;
  for (size_t p = 0; size - p >= ARI_COST_DS_RECORD_HEADER && count < ARI_COST_DS_MAX_BLOCK_RECORDS;
       ++count) {
    size_t body = ariGetLE32(u + p);
    if (body > size - p - ARI_COST_DS_RECORD_HEADER)
      break;
    ariPutLE32(u + p + 4, crcOf(u + p + ARI_COST_DS_RECORD_HEADER, body));
    p += ARI_COST_DS_RECORD_HEADER + body;
  }
  if (!count)
    count = 1;
  uLongf clen = compressBound((uLong)size);
  unsigned char *c = malloc(clen);
  FZ_REQUIRE(c, "fuzz_dataset: out of memory framing");
  FZ_REQUIRE(compress2(c, &clen, u, (uLong)size, Z_DEFAULT_COMPRESSION) == Z_OK,
             "fuzz_dataset: cannot deflate");
  unsigned char h[ARI_COST_DS_BLOCK_HEADER];
  memcpy(h, "ADBK", 4);
  ariPutLE32(h + 4, 0);
  ariPutLE64(h + 8, 0);
  ariPutLE32(h + 16, count);
  ariPutLE32(h + 20, (uint32_t)clen);
  ariPutLE32(h + 24, (uint32_t)size);
  ariPutLE32(h + 28, crcOf(c, clen));
  ariPutLE32(h + 32, crcOf(u, size));
  ariPutLE32(h + 36, crcOf(h, 36));
  FZ_REQUIRE(ariCostDsEncodeHeader(out) && ariStrAppend(out, (const char *)h, sizeof h) &&
                 ariStrAppend(out, (const char *)c, clen),
             "fuzz_dataset: out of memory framing");
  free(c);
  free(u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  checkFile(data, size, true);
  if (size >= ARI_COST_DS_RECORD_HEADER + ARI_COST_DS_RECORD_FIXED &&
      memcmp(data, "ARIDSET\x1a", size < 8 ? size : 8)) {
    AriStr framed;
    ariStrInit(&framed, NULL);
    frame(data, size, &framed);
    checkFile((const uint8_t *)framed.buf, framed.len, false);
    ariStrFree(&framed);
  }
  return 0;
}
