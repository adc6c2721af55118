/*===- search/term/term_impl.h - term store internals (search/term*.c only) ----===*/

#ifndef ARIADNE_SEARCH_TERM_IMPL_H
#define ARIADNE_SEARCH_TERM_IMPL_H

#include "search/term/term.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

struct AriSym {
  uint32_t id;
  uint32_t hash;
  size_t len;
  char str[];
};

enum { SC_FLOAT = 1, SC_INT = 2, SC_INDEX = 3 };

struct AriType {
  uint32_t id;
  uint32_t hash;
  uint8_t kind;
  uint8_t scalarClass; /* SC_* for scalars */
  uint16_t bits;
  int64_t size;
  const AriType *a, *b;
  const AriSym *name; /* scalars */
};

struct AriTerm {
  uint32_t id;
  uint32_t hash;
  uint16_t kind;
  uint8_t nkids;
  uint8_t nattrs;
  uint32_t treeSize;
  int32_t minFree, maxFree;
  uint64_t freeMask;
  const AriType *type;
  const AriSym *sym, *sym2;
  AriTerm *kids[]; /* then nattrs int64 attributes */
};

static inline const int64_t *termAttrs(const AriTerm *t) {
  return (const int64_t *)(const void *)(t->kids + t->nkids);
}

/* A hash set of pointers; open addressing, power of 2. Each slot keeps the
 * entry's hash so that probing past other entries touches no node memory
 * (the nodes are spread over a large arena: every dereference is likely a
 * cache miss). */
typedef struct TableSlot {
  void *p;
  uint32_t h;
} TableSlot;

typedef struct PtrTable {
  TableSlot *slots;
  size_t cap, count;
} PtrTable;

/* A memo from (id, key) to a term, cleared in O(1) by a generation stamp. */
typedef struct Memo {
  uint64_t *keys;
  AriTerm **vals;
  uint32_t *stamps;
  size_t cap, count;
  uint32_t gen;
} Memo;

enum { kMemoLevels = 8 };

/* Recursive walks (shift, substitution, normalisation, printing, export)
 * refuse terms nested deeper than this, with an error instead of a stack
 * overflow; about 1.5 MB of stack at the deepest (more under sanitizers). */
enum { kMaxWalkDepth = 10000 };

/* A live mark (ariTermStoreMark): where to cut the term arena, the term
 * ids and the creation log back to, and the term table's capacity then
 * (if it has grown since, release rebuilds the table instead of undoing
 * its insertions one by one). */
typedef struct MarkRec {
  uint64_t serial;
  AriArenaMark arena;
  uint32_t nextTerm;
  size_t logLen;
  size_t tableCap;
} MarkRec;

/* Release history for ariTermStoreReleasedFrom: entries (release number,
 * lowest id released) with both increasing; a later release with a lower
 * id makes the earlier entries redundant. Bounded: when full, the two
 * oldest are merged (conservatively: the lower id, the later number). */
enum { kReleaseHistory = 16 };
typedef struct ReleaseRec {
  uint64_t count;
  uint32_t low;
} ReleaseRec;

struct AriTermStore {
  /* Types, symbols, import hints, roots and printed strings: never
   * released before ariTermStoreDestroy (e-graphs and rule patterns keep
   * type and symbol pointers across scopes). */
  AriArena arena;
  /* Term nodes only, so that a mark can cut them back. */
  AriArena termArena;
  size_t memLimit; /* for both arenas together; 0: none */
  PtrTable terms, types, syms;
  /* Terms created while a mark is live, in creation order: release takes
   * them out of `terms` newest first. */
  AriTerm **log;
  size_t nlog, capLog;
  MarkRec *marks;
  unsigned nmarks, capMarks;
  uint64_t nextSerial;
  ReleaseRec rel[kReleaseHistory];
  unsigned nrel;
  uint64_t releases;
  uint32_t nextTerm, nextType, nextSym;
  char err[256];
  bool hasErr;
  Memo memo[kMemoLevels];
  unsigned memoDepth;
  const AriType *f32, *f64, *i1, *i32, *i64, *index;
};

/* Placement hints from import (see AriTermFunc.hints): per term id, the
 * block nesting depth and program position of the op that defined it. */
typedef struct HintEntry {
  uint32_t id; /* term id + 1; 0 = empty */
  uint32_t depth;
  uint32_t seq;
  uint32_t blk; /* import's block instance, to tell duplicates apart */
} HintEntry;

/* Unused ops of a region, re-emitted by export while the region's function
 * term (the pattern's function child, or a kernel's body) is unchanged. */
typedef struct DeadOps {
  const AriTerm *key;
  AriTerm **terms; /* relative to the region block's binder level */
  unsigned n;
} DeadOps;

struct AriTermHints {
  HintEntry *slots;
  size_t cap, count;
  uint32_t *rootSeq; /* position of each root's op (rise.out / the return) */
  unsigned numRootSeq;
  unsigned merged; /* see ariTermFuncMergedOps */
  DeadOps *dead;
  unsigned numDead, capDead;
};

/* Whether `t` was defined at block depth `depth`; if so *seq is the first
 * such definition after position `after` (the op owning the block being
 * filled; 0 for the function body), UINT32_MAX if none follows it. The
 * table is a multimap: a term defined in several sibling regions has one
 * entry per definition. */
bool ariTermHintAt(const AriTermHints *h, const AriTerm *t, uint32_t depth, uint32_t after,
                   uint32_t *seq);
/* Records one definition of `t`. */
bool ariTermHintPut(AriTermStore *s, AriTermHints *h, const AriTerm *t, uint32_t depth,
                    uint32_t seq, uint32_t blk);

/* Appends t's RISE spelling (see ariTypePrint) to o; term.c, which names
 * types in its typing errors, owns the type printer. */
void ariTypeAppend(AriStr *o, const AriType *t);

/* Records the first error (printf-style); returns NULL for convenience. */
void *ariTermFail(AriTermStore *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif /* ARIADNE_SEARCH_TERM_IMPL_H */
