/*===- arena.c - region allocation with marks -----------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "utils/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct AriArenaChunk {
  AriArenaChunk *prev;
  size_t cap;
  _Alignas(16) unsigned char data[];
};

enum { kMinChunk = 64 * 1024 };

void ariArenaInit(AriArena *a, size_t limit) {
  a->head = NULL;
  a->used = 0;
  a->total = 0;
  a->limit = limit;
}

static void freeChunksUntil(AriArena *a, AriArenaChunk *stop) {
  while (a->head && a->head != stop) {
    AriArenaChunk *c = a->head;
    a->head = c->prev;
    a->total -= c->cap;
    free(c);
  }
}

void ariArenaDestroy(AriArena *a) {
  freeChunksUntil(a, NULL);
  a->used = 0;
}

void *ariArenaAlloc(AriArena *a, size_t size) {
  size_t need = (size + 15) & ~(size_t)15;
  if (need < size)
    return NULL;
  if (!a->head || a->head->cap - a->used < need) {
    size_t cap = need > kMinChunk ? need : kMinChunk;
    /* Grow geometrically so deep programs do not make many tiny chunks. */
    if (a->head && a->head->cap * 2 > cap && a->head->cap * 2 <= ((size_t)64 << 20))
      cap = a->head->cap * 2;
    if (a->limit && a->total + cap > a->limit) {
      if (a->total + need > a->limit)
        return NULL;
      cap = need;
    }
    AriArenaChunk *c = malloc(sizeof *c + cap);
    if (!c)
      return NULL;
    c->prev = a->head;
    c->cap = cap;
    a->head = c;
    a->used = 0;
    a->total += cap;
  }
  void *p = a->head->data + a->used;
  a->used += need;
  return p;
}

void *ariArenaCalloc(AriArena *a, size_t size) {
  void *p = ariArenaAlloc(a, size);
  if (p)
    memset(p, 0, size);
  return p;
}

char *ariArenaStrndup(AriArena *a, const char *s, size_t n) {
  size_t len = strnlen(s, n);
  char *p = ariArenaAlloc(a, len + 1);
  if (p) {
    memcpy(p, s, len);
    p[len] = 0;
  }
  return p;
}

void ariArenaRecycle(AriArena *a) {
  if (a->head && a->head->prev) {
    size_t total = a->total;
    freeChunksUntil(a, NULL);
    AriArenaChunk *c = malloc(sizeof *c + total);
    if (c) { /* else the next allocation grows the arena as usual */
      c->prev = NULL;
      c->cap = total;
      a->head = c;
      a->total = total;
    }
  }
  a->used = 0;
}

AriArenaMark ariArenaMark(const AriArena *a) {
  AriArenaMark m = {a->head, a->used};
  return m;
}

void ariArenaRelease(AriArena *a, AriArenaMark m) {
  freeChunksUntil(a, m.chunk);
  a->used = m.chunk ? m.used : 0;
}
