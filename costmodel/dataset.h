/*===- costmodel/dataset.h - measurement datasets (zlib blocks + CRC32) ---===*\
 *
 * A dataset is a file of measurement records: which program, which variant
 * of it, its feature vector (any length, tagged with the feature-layout
 * version that produced it), the measured run times, the machine and the
 * thread count. The cost model trains on them; every measurement the
 * runtime takes is meant to become one.
 *
 * The file (byte by byte in docs/costmodel.md, "Datasets") is a 16-byte
 * header followed by blocks. Each block holds a chunk of records, deflated
 * with zlib, behind a 40-byte block header that carries both lengths, the
 * CRC32 of the compressed and of the uncompressed payload, and the CRC32 of
 * the header itself. Inside a block every record carries its own index in
 * the file and its own CRC32, so that damage is named precisely:
 *
 *   record 1234 (block 7 at byte offset 56789): CRC mismatch
 *
 * Writing. A new file is created atomically (temporary file, fsync,
 * rename: ariFileWriteAtomic), with no records. Records are then appended
 * in chunks: the writer collects `chunkRecords` of them and appends them as
 * one block with a single write and an fsync. A run that is interrupted
 * loses at most the chunk it was collecting or writing. Reopening the file
 * for appending (ariCostDsAppendOpen) finds where the intact blocks end,
 * cuts off a torn last block, and continues the record numbering there.
 * Only a torn tail is cut: damage followed by intact data is an error, and
 * nothing is removed.
 *
 * Reading is streaming (one block in memory at a time) from a file or a
 * memory buffer. Every length is bounded before it is trusted; no input,
 * however damaged, makes the reader crash, loop or allocate more than a
 * block's bounded size. Errors are values (AriCostDsError).
 *
 * No globals; the writer and the reader own their memory and give it back
 * on close.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_DATASET_H
#define ARIADNE_COSTMODEL_DATASET_H

#include "utils/arena.h"
#include "utils/strbuf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The format's constants (docs/costmodel.md). */
enum {
  ARI_COST_DS_VERSION = 1,
  ARI_COST_DS_FILE_HEADER = 16,  /* bytes */
  ARI_COST_DS_BLOCK_HEADER = 40, /* bytes */
  ARI_COST_DS_RECORD_HEADER = 8, /* length + CRC, before each record body */
  ARI_COST_DS_RECORD_FIXED = 32, /* the body's fixed part */
};

/* Limits every reader enforces and every writer respects. */
#define ARI_COST_DS_MAX_NAME 1024u              /* bytes of a program/variant/machine name */
#define ARI_COST_DS_MAX_FEATURES 65536u         /* features in one record */
#define ARI_COST_DS_MAX_TIMES 4096u             /* measured times in one record */
#define ARI_COST_DS_MAX_BLOCK (64u << 20)       /* uncompressed bytes of one block */
#define ARI_COST_DS_MAX_BLOCK_RECORDS (1u << 20) /* records in one block */
#define ARI_COST_DS_DEFAULT_CHUNK 256u          /* records a writer collects per block */

/* One measurement. Strings are NUL-terminated; the reader's point into
 * memory it owns, valid until the next ariCostDsNext or the close. */
typedef struct AriCostRecord {
  uint64_t index;          /* its place in the file (0, 1, ...); set by the writer */
  const char *program;     /* the program measured; not empty */
  const char *variant;     /* which rewrite / schedule of it; may be empty */
  const char *machine;     /* where it ran; may be empty */
  uint32_t threads;        /* threads it ran with */
  uint32_t featureLayout;  /* the feature-layout version of `features` */
  uint32_t numFeatures;    /* <= ARI_COST_DS_MAX_FEATURES */
  const double *features;  /* any values (NaN: missing) */
  uint32_t numTimes;       /* 1..ARI_COST_DS_MAX_TIMES */
  const double *times;     /* seconds, each finite and > 0 */
} AriCostRecord;

/* What went wrong. */
typedef enum AriCostDsErrorKind {
  ARI_COST_DS_OK = 0,
  ARI_COST_DS_ERR_IO,          /* open/read/write/fsync/rename failed (errnum) */
  ARI_COST_DS_ERR_NO_MEMORY,   /* a bounded buffer could not be allocated */
  ARI_COST_DS_ERR_NOT_DATASET, /* bad magic: not an Ariadne dataset */
  ARI_COST_DS_ERR_VERSION,     /* a format version this reader does not know */
  ARI_COST_DS_ERR_CORRUPT,     /* a CRC, length, field or sequence check failed */
  ARI_COST_DS_ERR_TRUNCATED,   /* the file ends inside the header or a block */
  ARI_COST_DS_ERR_INVALID,     /* the writer was given a record it cannot store */
} AriCostDsErrorKind;

#define ARI_COST_DS_NONE UINT64_MAX /* no record / no block / no offset */

typedef struct AriCostDsError {
  AriCostDsErrorKind kind;
  int errnum;      /* ARI_COST_DS_ERR_IO: errno */
  uint64_t record; /* the record concerned, or ARI_COST_DS_NONE */
  uint64_t block;  /* the block concerned, or ARI_COST_DS_NONE */
  uint64_t offset; /* byte offset of that block (or of the fault), or ARI_COST_DS_NONE */
  char detail[128]; /* what failed: "CRC mismatch", "header CRC mismatch", ... */
} AriCostDsError;

static inline bool ariCostDsOk(const AriCostDsError *e) { return e->kind == ARI_COST_DS_OK; }

/* Writes the message for `e` (without a "PATH: error: " prefix) into buf,
 * truncated to cap and NUL-terminated; returns its full length. Shapes:
 *   record R (block B at byte offset X): DETAIL
 *   block B at byte offset X: DETAIL
 *   byte offset X: DETAIL
 *   DETAIL: strerror(errnum)                      (I/O errors) */
size_t ariCostDsErrorFormat(const AriCostDsError *e, char *buf, size_t cap);

/* The CRC32 (zlib's, ISO-HDLC) of n bytes; 0 for none. */
uint32_t ariCostDsCrc32(const void *p, size_t n);

/* Whether `program` is in the held-out eighth of the programs: those whose
 * name hashes to 0 mod 8 (ariHashMix64 of ariHashBytes32 of the name).
 * Training leaves them out and evaluation reports on them, so a model is
 * judged on programs it never saw. The split is part of the contract:
 * changing it changes which programs every report is about. */
bool ariCostDsHeldOut(const char *program);

/* ===---------------------------- encoding -----------------------------=== */

/* Appends the 16-byte file header to out. False when out ran out of memory. */
bool ariCostDsEncodeHeader(AriStr *out);

/* Checks that `r` can be stored (names, counts, times); on failure fills
 * *err (ARI_COST_DS_ERR_INVALID) and returns false. */
bool ariCostDsValidate(const AriCostRecord *r, AriCostDsError *err);

/* Appends records[0..n) as one block (numbered blockIndex, its records
 * firstIndex, firstIndex + 1, ...; each record's own index field is
 * ignored) to out. Records must be valid (ariCostDsValidate); n >= 1 and
 * their encoding must fit ARI_COST_DS_MAX_BLOCK. */
bool ariCostDsEncodeBlock(const AriCostRecord *records, size_t n, uint64_t blockIndex,
                          uint64_t firstIndex, AriStr *out, AriCostDsError *err);

/* ===----------------------------- reading -----------------------------=== */

/* A streaming reader. Fields are private except the counters marked read. */
typedef struct AriCostDsReader {
  /* the source: a stream (f) or a memory buffer (mem) */
  FILE *f;
  bool ownsFile;
  const unsigned char *mem;
  uint64_t size; /* the source's length in bytes */
  uint64_t pos;  /* the next byte to read */
  AriArena arena;     /* the current block's buffers and decoded records */
  AriArenaMark blockMark;
  AriCostRecord *recs; /* the current block's records */
  uint32_t numRecs, nextRec;
  bool started, done;
  AriCostDsError error;
  /* read: the progress so far */
  uint64_t blocks;   /* intact blocks read */
  uint64_t records;  /* records returned */
  uint64_t goodEnd;  /* byte offset just past the last intact block (or header) */
  /* read, after an error: whether it is a torn tail, the signature of an
   * interrupted append (the damaged block is the file's last thing). */
  bool tornTail;
} AriCostDsReader;

/* Opens `path` for reading. On failure the reader needs no close. */
AriCostDsError ariCostDsOpenFile(AriCostDsReader *r, const char *path);

/* Reads data[0..len), which must outlive the reader. */
void ariCostDsOpenMem(AriCostDsReader *r, const void *data, size_t len);

/* The next record into *rec: true, or false at the end of the file or at
 * the first error (ariCostDsReaderError tells which: ARI_COST_DS_OK at a
 * clean end). A whole block is checked before its first record is
 * returned. After false, every further call returns false. */
bool ariCostDsNext(AriCostDsReader *r, AriCostRecord *rec);

static inline const AriCostDsError *ariCostDsReaderError(const AriCostDsReader *r) {
  return &r->error;
}

void ariCostDsClose(AriCostDsReader *r);

/* Reads every record of data[0..len) in order, calling visit (which may
 * return false to stop early: the result is then OK). For the fuzzer and
 * tests. */
typedef bool (*AriCostDsVisit)(void *ctx, const AriCostRecord *rec);
AriCostDsError ariCostDsReadMem(const void *data, size_t len, AriCostDsVisit visit, void *ctx);

/* ===----------------------------- writing -----------------------------=== */

typedef struct AriCostDsWriter {
  int fd;
  const char *path;     /* the caller's (not copied) */
  uint32_t chunkRecords;
  uint64_t nextIndex;   /* read: records in the file + pending */
  uint64_t nextBlock;   /* read: blocks in the file */
  uint64_t size;        /* read: bytes in the file */
  uint64_t cutBytes;    /* read: bytes of a torn tail cut by ariCostDsAppendOpen */
  AriArena arena;       /* the pending records' copies */
  AriArenaMark mark;    /* where the copies start, after `pending` */
  AriCostRecord *pending;
  uint32_t numPending;
  size_t pendingBytes;  /* their encoded size */
  AriStr buf;           /* the block being encoded */
} AriCostDsWriter;

/* Creates (or replaces) `path` atomically as a dataset with no records and
 * opens it for appending in chunks of chunkRecords (0: the default). */
AriCostDsError ariCostDsCreate(AriCostDsWriter *w, const char *path, uint32_t chunkRecords);

/* Opens `path` for appending, creating it as ariCostDsCreate does when it
 * does not exist. Every block is checked; a torn last block (an append
 * that was interrupted) is cut off (w->cutBytes says how much), and the
 * record numbering continues after the last intact record. Any other
 * damage is an error and the file is left as it is. */
AriCostDsError ariCostDsAppendOpen(AriCostDsWriter *w, const char *path, uint32_t chunkRecords);

/* Adds a copy of *rec (its index is assigned); a full chunk is written as
 * one block. Fails on an invalid record (nothing added) or a write error. */
AriCostDsError ariCostDsAdd(AriCostDsWriter *w, const AriCostRecord *rec);

/* Writes the pending records (if any) as one block, with fsync. */
AriCostDsError ariCostDsFlush(AriCostDsWriter *w);

/* Flushes and closes. The writer is closed even on failure. */
AriCostDsError ariCostDsCloseWriter(AriCostDsWriter *w);

/* Closes without writing the pending records, as a killed run would. */
void ariCostDsAbandon(AriCostDsWriter *w);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_DATASET_H */
