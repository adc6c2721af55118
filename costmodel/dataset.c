/*===- costmodel/dataset.c - measurement datasets (zlib blocks + CRC32) ---===*/

#define _POSIX_C_SOURCE 200809L

#include "costmodel/dataset.h"
#include "utils/bytes.h"
#include "utils/file.h"
#include "utils/hash.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

/* "ARIDSET" and 0x1A: a text-mode transfer or `type` on the file shows
 * itself at once. */
static const unsigned char kFileMagic[8] = {'A', 'R', 'I', 'D', 'S', 'E', 'T', 0x1A};
/* "ADBK", the start of every block header. */
static const unsigned char kBlockMagic[4] = {'A', 'D', 'B', 'K'};

/* A reader's arena: a block's compressed and uncompressed payload and its
 * decoded records stay well under 6x ARI_COST_DS_MAX_BLOCK. */
#define READER_ARENA_LIMIT ((size_t)6 * ARI_COST_DS_MAX_BLOCK)

/* ===------------------------------ bytes -------------------------------=== */

static void putF64(unsigned char *p, double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  ariPutLE64(p, u);
}
static double getF64(const unsigned char *p) {
  uint64_t u = ariGetLE64(p);
  double d;
  memcpy(&d, &u, 8);
  return d;
}

uint32_t ariCostDsCrc32(const void *p, size_t n) {
  uLong c = crc32(0L, Z_NULL, 0);
  const unsigned char *b = p;
  /* zlib takes uInt lengths: feed large buffers in pieces. */
  while (n) {
    uInt k = n > (1u << 30) ? (1u << 30) : (uInt)n;
    c = crc32(c, b, k);
    b += k;
    n -= k;
  }
  return (uint32_t)c;
}

bool ariCostDsHeldOut(const char *program) {
  return ariHashMix64(ariHashBytes32(program, strlen(program))) % 8 == 0;
}

/* ===------------------------------ errors ------------------------------=== */

static AriCostDsError okError(void) {
  AriCostDsError e;
  memset(&e, 0, sizeof e);
  e.record = e.block = e.offset = ARI_COST_DS_NONE;
  return e;
}

static AriCostDsError mkError(AriCostDsErrorKind kind, uint64_t record, uint64_t block,
                              uint64_t offset, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static AriCostDsError mkError(AriCostDsErrorKind kind, uint64_t record, uint64_t block,
                              uint64_t offset, const char *fmt, ...) {
  AriCostDsError e = okError();
  e.kind = kind;
  e.record = record;
  e.block = block;
  e.offset = offset;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e.detail, sizeof e.detail, fmt, ap);
  va_end(ap);
  return e;
}

static AriCostDsError ioError(int errnum, const char *what) {
  AriCostDsError e = mkError(ARI_COST_DS_ERR_IO, ARI_COST_DS_NONE, ARI_COST_DS_NONE,
                             ARI_COST_DS_NONE, "%s", what);
  e.errnum = errnum;
  return e;
}

size_t ariCostDsErrorFormat(const AriCostDsError *e, char *buf, size_t cap) {
  int n;
  if (e->kind == ARI_COST_DS_OK)
    n = snprintf(buf, cap, "no error");
  else if (e->kind == ARI_COST_DS_ERR_IO)
    n = snprintf(buf, cap, "%s%s%s", e->detail, e->errnum ? ": " : "",
                 e->errnum ? strerror(e->errnum) : "");
  else if (e->record != ARI_COST_DS_NONE && e->block != ARI_COST_DS_NONE)
    n = snprintf(buf, cap, "record %llu (block %llu at byte offset %llu): %s",
                 (unsigned long long)e->record, (unsigned long long)e->block,
                 (unsigned long long)e->offset, e->detail);
  else if (e->record != ARI_COST_DS_NONE)
    n = snprintf(buf, cap, "record %llu: %s", (unsigned long long)e->record, e->detail);
  else if (e->block != ARI_COST_DS_NONE)
    n = snprintf(buf, cap, "block %llu at byte offset %llu: %s", (unsigned long long)e->block,
                 (unsigned long long)e->offset, e->detail);
  else if (e->offset != ARI_COST_DS_NONE)
    n = snprintf(buf, cap, "byte offset %llu: %s", (unsigned long long)e->offset, e->detail);
  else
    n = snprintf(buf, cap, "%s", e->detail);
  return n < 0 ? 0 : (size_t)n;
}

/* ===---------------------------- encoding -----------------------------=== */

bool ariCostDsEncodeHeader(AriStr *out) {
  unsigned char h[ARI_COST_DS_FILE_HEADER];
  memcpy(h, kFileMagic, 8);
  ariPutLE32(h + 8, ARI_COST_DS_VERSION);
  ariPutLE32(h + 12, ariCostDsCrc32(h, 12));
  return ariStrAppend(out, (const char *)h, sizeof h);
}

/* A name the format can hold: at most ARI_COST_DS_MAX_NAME bytes, no NUL
 * (by construction of a C string), non-NULL. */
static bool nameOk(const char *s, size_t *len) {
  if (!s)
    return false;
  size_t n = strnlen(s, ARI_COST_DS_MAX_NAME + 1);
  *len = n;
  return n <= ARI_COST_DS_MAX_NAME;
}

bool ariCostDsValidate(const AriCostRecord *r, AriCostDsError *err) {
  size_t n;
  const char *bad = NULL;
  if (!nameOk(r->program, &n) || n == 0)
    bad = "the program name must have 1 to 1024 bytes";
  else if (!nameOk(r->variant, &n))
    bad = "the variant name must have at most 1024 bytes";
  else if (!nameOk(r->machine, &n))
    bad = "the machine name must have at most 1024 bytes";
  else if (r->numFeatures > ARI_COST_DS_MAX_FEATURES || (r->numFeatures && !r->features))
    bad = "more than 65536 features";
  else if (r->numTimes < 1 || r->numTimes > ARI_COST_DS_MAX_TIMES || !r->times)
    bad = "a record needs 1 to 4096 measured times";
  else
    for (uint32_t i = 0; i < r->numTimes && !bad; ++i)
      if (!(r->times[i] > 0) || !isfinite(r->times[i]))
        bad = "a measured time is not a finite positive number of seconds";
  if (bad) {
    *err = mkError(ARI_COST_DS_ERR_INVALID, ARI_COST_DS_NONE, ARI_COST_DS_NONE,
                   ARI_COST_DS_NONE, "%s", bad);
    return false;
  }
  return true;
}

/* Bytes of one encoded record, its 8-byte length + CRC included. */
static size_t recordSize(const AriCostRecord *r) {
  return ARI_COST_DS_RECORD_HEADER + ARI_COST_DS_RECORD_FIXED + strlen(r->program) +
         strlen(r->variant) + strlen(r->machine) + 8 * ((size_t)r->numFeatures + r->numTimes);
}

static unsigned char *encodeRecord(unsigned char *p, const AriCostRecord *r, uint64_t index) {
  size_t pl = strlen(r->program), vl = strlen(r->variant), ml = strlen(r->machine);
  size_t body = recordSize(r) - ARI_COST_DS_RECORD_HEADER;
  unsigned char *b = p + ARI_COST_DS_RECORD_HEADER;
  ariPutLE64(b, index);
  ariPutLE32(b + 8, r->threads);
  ariPutLE32(b + 12, r->featureLayout);
  ariPutLE16(b + 16, (uint32_t)pl);
  ariPutLE16(b + 18, (uint32_t)vl);
  ariPutLE16(b + 20, (uint32_t)ml);
  ariPutLE16(b + 22, 0);
  ariPutLE32(b + 24, r->numFeatures);
  ariPutLE32(b + 28, r->numTimes);
  unsigned char *q = b + ARI_COST_DS_RECORD_FIXED;
  memcpy(q, r->program, pl);
  q += pl;
  memcpy(q, r->variant, vl);
  q += vl;
  memcpy(q, r->machine, ml);
  q += ml;
  for (uint32_t i = 0; i < r->numFeatures; ++i, q += 8)
    putF64(q, r->features[i]);
  for (uint32_t i = 0; i < r->numTimes; ++i, q += 8)
    putF64(q, r->times[i]);
  ariPutLE32(p, (uint32_t)body);
  ariPutLE32(p + 4, ariCostDsCrc32(b, body));
  return q;
}

bool ariCostDsEncodeBlock(const AriCostRecord *records, size_t n, uint64_t blockIndex,
                          uint64_t firstIndex, AriStr *out, AriCostDsError *err) {
  size_t ulen = 0;
  if (n < 1 || n > ARI_COST_DS_MAX_BLOCK_RECORDS) {
    *err = mkError(ARI_COST_DS_ERR_INVALID, ARI_COST_DS_NONE, blockIndex, ARI_COST_DS_NONE,
                   "a block holds 1 to %u records", ARI_COST_DS_MAX_BLOCK_RECORDS);
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!ariCostDsValidate(&records[i], err))
      return false;
    ulen += recordSize(&records[i]);
  }
  if (ulen > ARI_COST_DS_MAX_BLOCK) {
    *err = mkError(ARI_COST_DS_ERR_INVALID, ARI_COST_DS_NONE, blockIndex, ARI_COST_DS_NONE,
                   "the records do not fit one block (%zu bytes)", ulen);
    return false;
  }
  uLongf clen = compressBound((uLong)ulen);
  unsigned char *u = malloc(ulen), *c = malloc(clen);
  bool ok = u && c;
  if (ok) {
    unsigned char *q = u;
    for (size_t i = 0; i < n; ++i)
      q = encodeRecord(q, &records[i], firstIndex + i);
    ok = compress2(c, &clen, u, (uLong)ulen, Z_DEFAULT_COMPRESSION) == Z_OK;
  }
  if (ok) {
    unsigned char h[ARI_COST_DS_BLOCK_HEADER];
    memcpy(h, kBlockMagic, 4);
    ariPutLE32(h + 4, (uint32_t)blockIndex);
    ariPutLE64(h + 8, firstIndex);
    ariPutLE32(h + 16, (uint32_t)n);
    ariPutLE32(h + 20, (uint32_t)clen);
    ariPutLE32(h + 24, (uint32_t)ulen);
    ariPutLE32(h + 28, ariCostDsCrc32(c, clen));
    ariPutLE32(h + 32, ariCostDsCrc32(u, ulen));
    ariPutLE32(h + 36, ariCostDsCrc32(h, 36));
    ok = ariStrAppend(out, (const char *)h, sizeof h) && ariStrAppend(out, (const char *)c, clen);
  }
  free(u);
  free(c);
  if (!ok)
    *err = mkError(ARI_COST_DS_ERR_NO_MEMORY, ARI_COST_DS_NONE, blockIndex, ARI_COST_DS_NONE,
                   "out of memory encoding a block");
  return ok;
}

/* ===----------------------------- reading -----------------------------=== */

static void readerInit(AriCostDsReader *r) {
  memset(r, 0, sizeof *r);
  ariArenaInit(&r->arena, READER_ARENA_LIMIT);
  r->blockMark = ariArenaMark(&r->arena);
  r->error = okError();
}

AriCostDsError ariCostDsOpenFile(AriCostDsReader *r, const char *path) {
  memset(r, 0, sizeof *r);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return ioError(errno, "cannot open");
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int e = errno;
    close(fd);
    return ioError(e, "cannot read");
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    return S_ISDIR(st.st_mode) ? ioError(EISDIR, "cannot read")
                               : ioError(0, "cannot read: not a regular file");
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    int e = errno;
    close(fd);
    return ioError(e, "cannot open");
  }
  readerInit(r);
  r->f = f;
  r->ownsFile = true;
  r->size = (uint64_t)st.st_size;
  return okError();
}

void ariCostDsOpenMem(AriCostDsReader *r, const void *data, size_t len) {
  readerInit(r);
  r->mem = data;
  r->size = len;
}

void ariCostDsClose(AriCostDsReader *r) {
  if (r->f && r->ownsFile)
    fclose(r->f);
  r->f = NULL;
  ariArenaDestroy(&r->arena);
}

/* Reads n bytes at r->pos (the caller has checked they exist). */
static bool readBytes(AriCostDsReader *r, void *buf, size_t n) {
  if (r->mem) {
    memcpy(buf, r->mem + r->pos, n);
  } else if (fread(buf, 1, n, r->f) != n) {
    r->error = ioError(ferror(r->f) ? errno : 0, "cannot read");
    if (!ferror(r->f))
      snprintf(r->error.detail, sizeof r->error.detail, "cannot read: the file shrank");
    return false;
  }
  r->pos += n;
  return true;
}

/* Whether every byte from r->pos to the end is zero (a crash after the file
 * grew but before its data reached the disk leaves zeros). Consumes them. */
static bool restIsZero(AriCostDsReader *r) {
  unsigned char buf[4096];
  while (r->pos < r->size) {
    size_t k = r->size - r->pos < sizeof buf ? (size_t)(r->size - r->pos) : sizeof buf;
    if (!readBytes(r, buf, k))
      return false;
    for (size_t i = 0; i < k; ++i)
      if (buf[i])
        return false;
  }
  return true;
}

static bool fail(AriCostDsReader *r, AriCostDsError e, bool torn) {
  if (r->error.kind == ARI_COST_DS_OK)
    r->error = e;
  r->tornTail = torn;
  r->done = true;
  return false;
}

static bool readFileHeader(AriCostDsReader *r) {
  unsigned char h[ARI_COST_DS_FILE_HEADER];
  size_t have = r->size < sizeof h ? (size_t)r->size : sizeof h;
  if (!readBytes(r, h, have))
    return fail(r, r->error, false);
  size_t m = have < 8 ? have : 8;
  if (have == 0 || memcmp(h, kFileMagic, m))
    return fail(r, mkError(ARI_COST_DS_ERR_NOT_DATASET, ARI_COST_DS_NONE, ARI_COST_DS_NONE, 0,
                           have ? "not an Ariadne dataset (bad magic)"
                                : "not an Ariadne dataset (empty file)"),
                false);
  if (have < sizeof h)
    return fail(r, mkError(ARI_COST_DS_ERR_TRUNCATED, ARI_COST_DS_NONE, ARI_COST_DS_NONE, 0,
                           "the file ends inside its header (%zu of 16 bytes)", have),
                false);
  if (ariGetLE32(h + 12) != ariCostDsCrc32(h, 12))
    return fail(r, mkError(ARI_COST_DS_ERR_CORRUPT, ARI_COST_DS_NONE, ARI_COST_DS_NONE, 0,
                           "file header CRC mismatch"),
                false);
  if (ariGetLE32(h + 8) != ARI_COST_DS_VERSION)
    return fail(r, mkError(ARI_COST_DS_ERR_VERSION, ARI_COST_DS_NONE, ARI_COST_DS_NONE, 8,
                           "format version %u, this reader knows version %u", ariGetLE32(h + 8),
                           ARI_COST_DS_VERSION),
                false);
  r->goodEnd = r->pos;
  return true;
}

/* Copies a name into the arena, NUL-terminated. */
static const char *copyName(AriArena *a, const unsigned char *p, size_t n) {
  return ariArenaStrndup(a, (const char *)p, n);
}

/* Decodes record i of a block from u[*pos..ulen): its problem into why
 * (and false) when it is damaged. */
static bool decodeRecord(AriCostDsReader *r, const unsigned char *u, size_t ulen, size_t *pos,
                         uint64_t index, AriCostRecord *rec, char *why, size_t whyCap,
                         bool *noMem) {
  size_t p = *pos;
  if (ulen - p < ARI_COST_DS_RECORD_HEADER) {
    snprintf(why, whyCap, "the block's data ends inside the record");
    return false;
  }
  size_t body = ariGetLE32(u + p);
  uint32_t crc = ariGetLE32(u + p + 4);
  p += ARI_COST_DS_RECORD_HEADER;
  if (body > ulen - p) {
    snprintf(why, whyCap, "the block's data ends inside the record (length %zu)", body);
    return false;
  }
  const unsigned char *b = u + p;
  if (ariCostDsCrc32(b, body) != crc) {
    snprintf(why, whyCap, "CRC mismatch");
    return false;
  }
  if (body < ARI_COST_DS_RECORD_FIXED) {
    snprintf(why, whyCap, "record length %zu is below the fixed 32 bytes", body);
    return false;
  }
  uint64_t idx = ariGetLE64(b);
  uint32_t pl = ariGetLE16(b + 16), vl = ariGetLE16(b + 18), ml = ariGetLE16(b + 20), res = ariGetLE16(b + 22);
  uint32_t nf = ariGetLE32(b + 24), nt = ariGetLE32(b + 28);
  if (idx != index) {
    snprintf(why, whyCap, "it says it is record %llu", (unsigned long long)idx);
    return false;
  }
  if (res) {
    snprintf(why, whyCap, "reserved field is %u, not 0", res);
    return false;
  }
  if (pl < 1 || pl > ARI_COST_DS_MAX_NAME || vl > ARI_COST_DS_MAX_NAME ||
      ml > ARI_COST_DS_MAX_NAME) {
    snprintf(why, whyCap, "name lengths %u, %u, %u out of bounds", pl, vl, ml);
    return false;
  }
  if (nf > ARI_COST_DS_MAX_FEATURES || nt < 1 || nt > ARI_COST_DS_MAX_TIMES) {
    snprintf(why, whyCap, "%u features and %u times out of bounds", nf, nt);
    return false;
  }
  size_t want = ARI_COST_DS_RECORD_FIXED + (size_t)pl + vl + ml + 8 * ((size_t)nf + nt);
  if (want != body) {
    snprintf(why, whyCap, "record length %zu, its fields need %zu", body, want);
    return false;
  }
  const unsigned char *q = b + ARI_COST_DS_RECORD_FIXED;
  if (memchr(q, 0, (size_t)pl + vl + ml)) {
    snprintf(why, whyCap, "a name contains a NUL byte");
    return false;
  }
  rec->index = idx;
  rec->threads = ariGetLE32(b + 8);
  rec->featureLayout = ariGetLE32(b + 12);
  rec->numFeatures = nf;
  rec->numTimes = nt;
  rec->program = copyName(&r->arena, q, pl);
  rec->variant = copyName(&r->arena, q + pl, vl);
  rec->machine = copyName(&r->arena, q + pl + vl, ml);
  q += (size_t)pl + vl + ml;
  double *f = ariArenaAlloc(&r->arena, 8 * ((size_t)nf + nt));
  if (!rec->program || !rec->variant || !rec->machine || !f) {
    *noMem = true;
    return false;
  }
  for (uint32_t i = 0; i < nf + nt; ++i, q += 8)
    f[i] = getF64(q);
  for (uint32_t i = 0; i < nt; ++i)
    if (!(f[nf + i] > 0) || !isfinite(f[nf + i])) {
      snprintf(why, whyCap, "measured time %u is not a finite positive number", i);
      return false;
    }
  rec->features = f;
  rec->times = f + nf;
  *pos = p + body;
  return true;
}

/* Inflates c[0..clen) into u[0..ulen); returns the bytes produced and
 * whether the stream was whole and exactly ulen long. */
static size_t inflateBlock(const unsigned char *c, size_t clen, unsigned char *u, size_t ulen,
                           bool *whole, const char **zmsg) {
  z_stream z;
  memset(&z, 0, sizeof z);
  *whole = false;
  *zmsg = NULL;
  if (inflateInit(&z) != Z_OK) {
    *zmsg = "cannot start zlib";
    return 0;
  }
  z.next_in = (Bytef *)c;
  z.avail_in = (uInt)clen;
  z.next_out = u;
  z.avail_out = (uInt)ulen;
  int rc = inflate(&z, Z_FINISH);
  size_t produced = ulen - z.avail_out;
  if (rc == Z_STREAM_END)
    *whole = z.avail_in == 0 && z.avail_out == 0;
  else
    *zmsg = z.msg ? z.msg : (rc == Z_BUF_ERROR ? "more data than the header says" : "bad data");
  if (rc == Z_STREAM_END && !*whole)
    *zmsg = z.avail_in ? "bytes after the end of the zlib stream"
                       : "less data than the header says";
  inflateEnd(&z);
  return produced;
}

static bool loadBlock(AriCostDsReader *r) {
  ariArenaRelease(&r->arena, r->blockMark);
  r->recs = NULL;
  r->numRecs = r->nextRec = 0;
  uint64_t off = r->pos, bi = r->blocks;
  uint64_t remaining = r->size - r->pos;
  unsigned char h[ARI_COST_DS_BLOCK_HEADER];
  uint64_t firstExpected = r->records; /* every earlier record was returned */
  if (remaining < sizeof h) {
    if (!readBytes(r, h, (size_t)remaining))
      return fail(r, r->error, false);
    return fail(r, mkError(ARI_COST_DS_ERR_TRUNCATED, ARI_COST_DS_NONE, bi, off,
                           "the file ends inside the block header (%llu of 40 bytes)",
                           (unsigned long long)remaining),
                true);
  }
  if (!readBytes(r, h, sizeof h))
    return fail(r, r->error, false);
  if (memcmp(h, kBlockMagic, 4) || ariGetLE32(h + 36) != ariCostDsCrc32(h, 36)) {
    AriCostDsError e = mkError(ARI_COST_DS_ERR_CORRUPT, ARI_COST_DS_NONE, bi, off, "%s",
                               memcmp(h, kBlockMagic, 4) ? "bad block magic (block header damaged)"
                                                         : "block header CRC mismatch");
    bool zeros = restIsZero(r);
    bool allZero = zeros;
    for (size_t i = 0; i < sizeof h; ++i)
      allZero = allZero && !h[i];
    return fail(r, e, allZero);
  }
  uint32_t index = ariGetLE32(h + 4), count = ariGetLE32(h + 16), clen = ariGetLE32(h + 20), ulen = ariGetLE32(h + 24);
  uint64_t first = ariGetLE64(h + 8);
  uint32_t ccrc = ariGetLE32(h + 28), ucrc = ariGetLE32(h + 32);
  if (index != (uint32_t)bi || first != firstExpected)
    return fail(r, mkError(ARI_COST_DS_ERR_CORRUPT, ARI_COST_DS_NONE, bi, off,
                           "out of sequence: it says block %u from record %llu, expected block "
                           "%llu from record %llu",
                           index, (unsigned long long)first, (unsigned long long)bi,
                           (unsigned long long)firstExpected),
                false);
  if (count < 1 || count > ARI_COST_DS_MAX_BLOCK_RECORDS || ulen > ARI_COST_DS_MAX_BLOCK ||
      (uint64_t)count * (ARI_COST_DS_RECORD_HEADER + ARI_COST_DS_RECORD_FIXED) > ulen ||
      clen < 1 || clen > compressBound(ulen))
    return fail(r, mkError(ARI_COST_DS_ERR_CORRUPT, ARI_COST_DS_NONE, bi, off,
                           "bad block header: %u records, %u bytes compressed, %u uncompressed",
                           count, clen, ulen),
                false);
  if (clen > r->size - r->pos)
    return fail(r, mkError(ARI_COST_DS_ERR_TRUNCATED, first, bi, off,
                           "the file ends inside the block (%llu of %u payload bytes)",
                           (unsigned long long)(r->size - r->pos), clen),
                true);
  bool last = r->pos + clen == r->size;
  unsigned char *c = ariArenaAlloc(&r->arena, clen), *u = ariArenaAlloc(&r->arena, ulen ? ulen : 1);
  AriCostRecord *recs = ariArenaCalloc(&r->arena, sizeof *recs * count);
  if (!c || !u || !recs)
    return fail(r, mkError(ARI_COST_DS_ERR_NO_MEMORY, ARI_COST_DS_NONE, bi, off,
                           "out of memory reading the block"),
                false);
  if (!readBytes(r, c, clen))
    return fail(r, r->error, false);
  bool cOk = ariCostDsCrc32(c, clen) == ccrc, whole;
  const char *zmsg;
  size_t produced = inflateBlock(c, clen, u, ulen, &whole, &zmsg);
  bool uOk = whole && ariCostDsCrc32(u, ulen) == ucrc;
  /* Decode what came out, so that damage is pinned on the first record it
   * touches; records before it are intact (each has its own CRC). */
  size_t pos = 0;
  for (uint32_t i = 0; i < count; ++i) {
    char why[96];
    bool noMem = false;
    if (!decodeRecord(r, u, produced, &pos, first + i, &recs[i], why, sizeof why, &noMem)) {
      if (noMem)
        return fail(r, mkError(ARI_COST_DS_ERR_NO_MEMORY, first + i, bi, off,
                               "out of memory reading the record"),
                    false);
      if (!whole && !strncmp(why, "the block's data ends", 21))
        snprintf(why, sizeof why, "damaged block data (zlib: %s)", zmsg ? zmsg : "bad data");
      return fail(r, mkError(ARI_COST_DS_ERR_CORRUPT, first + i, bi, off, "%s", why), last);
    }
  }
  if (!cOk || !whole || !uOk || pos != ulen)
    return fail(r, mkError(ARI_COST_DS_ERR_CORRUPT, ARI_COST_DS_NONE, bi, off, "%s",
                           !cOk     ? "compressed data CRC mismatch"
                           : !whole ? "damaged block data"
                           : !uOk   ? "block data CRC mismatch"
                                    : "bytes after the block's last record"),
                last);
  r->recs = recs;
  r->numRecs = count;
  r->blocks++;
  r->goodEnd = r->pos;
  return true;
}

bool ariCostDsNext(AriCostDsReader *r, AriCostRecord *rec) {
  if (r->done)
    return false;
  if (!r->started) {
    r->started = true;
    if (!readFileHeader(r))
      return false;
    r->blockMark = ariArenaMark(&r->arena);
  }
  while (r->nextRec == r->numRecs) {
    if (r->pos == r->size) {
      r->done = true;
      return false;
    }
    if (!loadBlock(r))
      return false;
  }
  *rec = r->recs[r->nextRec++];
  r->records++;
  return true;
}

AriCostDsError ariCostDsReadMem(const void *data, size_t len, AriCostDsVisit visit, void *ctx) {
  AriCostDsReader r;
  AriCostRecord rec;
  ariCostDsOpenMem(&r, data, len);
  while (ariCostDsNext(&r, &rec))
    if (!visit(ctx, &rec))
      break;
  AriCostDsError e = r.error;
  ariCostDsClose(&r);
  return e;
}

/* ===----------------------------- writing -----------------------------=== */

static AriCostDsError writerOpen(AriCostDsWriter *w, const char *path, uint32_t chunk) {
  w->fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (w->fd < 0)
    return ioError(errno, "cannot open for appending");
  w->path = path;
  w->chunkRecords = chunk ? chunk : ARI_COST_DS_DEFAULT_CHUNK;
  if (w->chunkRecords > ARI_COST_DS_MAX_BLOCK_RECORDS)
    w->chunkRecords = ARI_COST_DS_MAX_BLOCK_RECORDS;
  ariArenaInit(&w->arena, 0);
  ariStrInit(&w->buf, NULL);
  w->pending = ariArenaAlloc(&w->arena, sizeof *w->pending * w->chunkRecords);
  w->mark = ariArenaMark(&w->arena);
  if (!w->pending) {
    close(w->fd);
    ariArenaDestroy(&w->arena);
    return mkError(ARI_COST_DS_ERR_NO_MEMORY, ARI_COST_DS_NONE, ARI_COST_DS_NONE,
                   ARI_COST_DS_NONE, "out of memory");
  }
  return okError();
}

AriCostDsError ariCostDsCreate(AriCostDsWriter *w, const char *path, uint32_t chunkRecords) {
  memset(w, 0, sizeof *w);
  w->fd = -1;
  char h[ARI_COST_DS_FILE_HEADER + 1]; /* + the builder's NUL */
  AriStr s;
  ariStrInitFixed(&s, h, sizeof h);
  ariCostDsEncodeHeader(&s);
  AriFileError fe = ariFileWriteAtomic(path, h, ARI_COST_DS_FILE_HEADER);
  if (!ariFileOk(fe))
    return ioError(fe.errnum, fe.step == ARI_FILE_OPEN ? "cannot create" : "cannot write");
  AriCostDsError e = writerOpen(w, path, chunkRecords);
  w->size = ARI_COST_DS_FILE_HEADER;
  return e;
}

AriCostDsError ariCostDsAppendOpen(AriCostDsWriter *w, const char *path, uint32_t chunkRecords) {
  memset(w, 0, sizeof *w);
  w->fd = -1;
  struct stat st;
  if (stat(path, &st) != 0) {
    if (errno == ENOENT)
      return ariCostDsCreate(w, path, chunkRecords);
    return ioError(errno, "cannot open");
  }
  AriCostDsReader r;
  AriCostDsError e = ariCostDsOpenFile(&r, path);
  if (!ariCostDsOk(&e))
    return e;
  AriCostRecord rec;
  while (ariCostDsNext(&r, &rec)) {
  }
  e = r.error;
  bool torn = r.tornTail && r.goodEnd >= ARI_COST_DS_FILE_HEADER &&
              (e.kind == ARI_COST_DS_ERR_CORRUPT || e.kind == ARI_COST_DS_ERR_TRUNCATED);
  uint64_t good = r.goodEnd, size = r.size, blocks = r.blocks, records = r.records;
  ariCostDsClose(&r);
  if (!ariCostDsOk(&e) && !torn)
    return e;
  if (torn) {
    /* Cut the interrupted chunk off, durably, before appending after it. */
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
      return ioError(errno, "cannot open for appending");
    if (ftruncate(fd, (off_t)good) != 0 || fsync(fd) != 0) {
      int en = errno;
      close(fd);
      return ioError(en, "cannot cut off the torn last block");
    }
    close(fd);
  }
  e = writerOpen(w, path, chunkRecords);
  w->size = good;
  w->cutBytes = size - good;
  w->nextBlock = blocks;
  w->nextIndex = records;
  return e;
}

/* Copies *rec into the writer's arena. */
static bool copyRecord(AriArena *a, const AriCostRecord *rec, AriCostRecord *out) {
  *out = *rec;
  out->program = ariArenaStrndup(a, rec->program, strlen(rec->program));
  out->variant = ariArenaStrndup(a, rec->variant, strlen(rec->variant));
  out->machine = ariArenaStrndup(a, rec->machine, strlen(rec->machine));
  double *d = ariArenaAlloc(a, 8 * ((size_t)rec->numFeatures + rec->numTimes));
  if (!out->program || !out->variant || !out->machine || !d)
    return false;
  if (rec->numFeatures)
    memcpy(d, rec->features, 8 * (size_t)rec->numFeatures);
  memcpy(d + rec->numFeatures, rec->times, 8 * (size_t)rec->numTimes);
  out->features = d;
  out->times = d + rec->numFeatures;
  return true;
}

AriCostDsError ariCostDsFlush(AriCostDsWriter *w) {
  if (!w->numPending)
    return okError();
  AriCostDsError e = okError();
  uint64_t first = w->nextIndex - w->numPending;
  ariStrClear(&w->buf);
  if (!ariCostDsEncodeBlock(w->pending, w->numPending, w->nextBlock, first, &w->buf, &e))
    return e;
  /* One write of header + payload, then fsync: an interruption leaves at
   * most this block torn, which ariCostDsAppendOpen cuts off. */
  const char *p = w->buf.buf;
  size_t left = w->buf.len;
  while (left) {
    ssize_t k = write(w->fd, p, left);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0) {
      int en = k < 0 ? errno : EIO;
      /* Take the partial block back so the file stays whole. */
      if (ftruncate(w->fd, (off_t)w->size) != 0) {
      }
      return ioError(en, "cannot write");
    }
    p += k;
    left -= (size_t)k;
  }
  if (fsync(w->fd) != 0)
    return ioError(errno, "cannot write (fsync)");
  w->size += w->buf.len;
  w->nextBlock++;
  w->numPending = 0;
  w->pendingBytes = 0;
  ariArenaRelease(&w->arena, w->mark);
  return okError();
}

AriCostDsError ariCostDsAdd(AriCostDsWriter *w, const AriCostRecord *rec) {
  AriCostDsError e = okError();
  if (!ariCostDsValidate(rec, &e)) {
    e.record = w->nextIndex;
    return e;
  }
  if (w->numPending && w->pendingBytes + recordSize(rec) > ARI_COST_DS_MAX_BLOCK) {
    e = ariCostDsFlush(w);
    if (!ariCostDsOk(&e))
      return e;
  }
  if (!copyRecord(&w->arena, rec, &w->pending[w->numPending]))
    return mkError(ARI_COST_DS_ERR_NO_MEMORY, w->nextIndex, ARI_COST_DS_NONE, ARI_COST_DS_NONE,
                   "out of memory");
  w->pending[w->numPending++].index = w->nextIndex++;
  w->pendingBytes += recordSize(rec);
  if (w->numPending == w->chunkRecords)
    return ariCostDsFlush(w);
  return okError();
}

static void writerFree(AriCostDsWriter *w) {
  if (w->fd >= 0)
    close(w->fd);
  w->fd = -1;
  ariArenaDestroy(&w->arena);
  ariStrFree(&w->buf);
}

AriCostDsError ariCostDsCloseWriter(AriCostDsWriter *w) {
  AriCostDsError e = ariCostDsFlush(w);
  writerFree(w);
  return e;
}

void ariCostDsAbandon(AriCostDsWriter *w) {
  w->nextIndex -= w->numPending;
  w->numPending = 0;
  w->pendingBytes = 0;
  writerFree(w);
}
