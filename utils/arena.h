/*===- arena.h - region allocation with marks -----------------------------===*\
 *
 * All of Ariadne's C code allocates from arenas: memory is handed out by
 * bumping a pointer and given back all at once, either entirely
 * (ariArenaDestroy) or down to an earlier mark (ariArenaRelease), which is
 * how the interpreter frees a lambda body's temporaries after each call.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_UTILS_ARENA_H
#define ARIADNE_UTILS_ARENA_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriArenaChunk AriArenaChunk;

typedef struct AriArena {
  AriArenaChunk *head; /* current chunk, newest first */
  size_t used;         /* bytes used in head */
  size_t total;        /* bytes currently allocated from the system */
  size_t limit;        /* 0: unlimited; else allocation fails beyond it */
} AriArena;

/* A position to release back to. */
typedef struct AriArenaMark {
  AriArenaChunk *chunk;
  size_t used;
} AriArenaMark;

/* An empty arena that refuses to hold more than `limit` bytes (0: no limit). */
void ariArenaInit(AriArena *a, size_t limit);

/* Frees every chunk. The arena can be reused afterwards. */
void ariArenaDestroy(AriArena *a);

/* `size` bytes aligned to 16, or NULL when out of memory or over the limit. */
void *ariArenaAlloc(AriArena *a, size_t size);

/* As ariArenaAlloc, zero-filled. */
void *ariArenaCalloc(AriArena *a, size_t size);

/* Copies a NUL-terminated string (or the first n bytes, then NUL). */
char *ariArenaStrndup(AriArena *a, const char *s, size_t n);

/* Empties the arena but keeps its memory for the next use: when it holds
 * several chunks they are replaced by one of their total size, so a
 * computation that allocates the same amount again (a network's forward
 * pass, batch after batch) calls malloc no more and touches no new pages.
 * The memory stays held until ariArenaDestroy. */
void ariArenaRecycle(AriArena *a);

AriArenaMark ariArenaMark(const AriArena *a);

/* Frees everything allocated since `m` was taken. */
void ariArenaRelease(AriArena *a, AriArenaMark m);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_UTILS_ARENA_H */
