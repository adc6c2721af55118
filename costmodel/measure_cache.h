/*===- costmodel/measure_cache.h - measured times kept between runs -------===*\
 *
 * rise-search's cache=FILE (passes/search.c): the times measure=K took,
 * so that a second search of the same program on the same machine reuses
 * them instead of compiling and timing the candidates again.
 *
 * A time is keyed by the candidate's structural hash (its roots' terms,
 * ariTermHash: the same program gives the same hash in every run), the
 * thread count, the target and the CPU model string (ariMachineProbe's
 * name): a time measured on another CPU, or at another thread count, is
 * not reused.
 *
 * The file is text, one entry a line, and ends with a CRC32 (zlib's, as
 * costmodel/dataset does) of everything before that line:
 *
 *   ariadne-measure-cache 1
 *   <hash, 16 hex digits> <threads> <target> <milliseconds> <cpu model...>
 *   ...
 *   crc32 <8 hex digits>
 *
 * A negative time -L records a candidate that failed or was stopped when
 * the best time so far was L milliseconds (rise-search stops a candidate
 * far slower than the best): the caller decides whether that stands.
 *
 * It is written whole, atomically (utils/file.h: a temporary file renamed
 * over it), so a reader never sees half a file; a file whose checksum or
 * lines do not parse is an error with its line, never read in part.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_MEASURE_CACHE_H
#define ARIADNE_COSTMODEL_MEASURE_CACHE_H

#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriMeasureCacheEntry {
  uint64_t hash;
  uint32_t threads;
  const char *target, *cpu; /* in the cache's arena */
  double ms;
} AriMeasureCacheEntry;

typedef struct AriMeasureCache {
  AriArena *arena;
  AriMeasureCacheEntry *entries;
  size_t n, cap;
  size_t added; /* entries put since the load */
} AriMeasureCache;

/* Loads path into c (an empty cache when the file does not exist), its
 * memory from arena. False with "path:LINE: what" in err when the file
 * cannot be read, has a line that does not parse, or fails its checksum. */
bool ariMeasureCacheLoad(AriMeasureCache *c, AriArena *arena, const char *path, char *err,
                         size_t cap);

/* The cached time of the key, or false. */
bool ariMeasureCacheGet(const AriMeasureCache *c, uint64_t hash, uint32_t threads,
                        const char *target, const char *cpu, double *ms);

/* Records a time (replacing the key's old one). False when out of memory. */
bool ariMeasureCachePut(AriMeasureCache *c, uint64_t hash, uint32_t threads, const char *target,
                        const char *cpu, double ms);

/* Writes the whole cache to path atomically (its buffer from the cache's
 * arena). False with a message. */
bool ariMeasureCacheSave(const AriMeasureCache *c, const char *path, char *err, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_MEASURE_CACHE_H */
