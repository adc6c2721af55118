/*===- search/term/term.c - the hash-consed term store -------------------------===*\
 *
 * Symbols and types live in one arena, terms in another, and they are
 * interned in three open addressing tables (the tables themselves are
 * plain heap arrays: they are regrown and the old array freed, which an
 * arena cannot do). Every constructor funnels into mk(), which type-checks,
 * computes the derived facts (hash, free indices, tree size) and interns.
 *
 * Scopes (ariTermStoreMark/Release) cut the term arena back to a mark.
 * Terms made while a mark is live are also logged in creation order, so
 * that release can take them out of the open addressing table newest
 * first: undoing linear-probing insertions in reverse order restores the
 * table exactly (no tombstones), unless it was regrown meanwhile, when the
 * table is rebuilt from the survivors instead. Types and symbols are never
 * released: e-graph nodes and rule patterns hold them across scopes.
 *
\*===----------------------------------------------------------------------===*/

#include "search/term/term_impl.h"
#include "utils/hash.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Under AddressSanitizer, released terms are poisoned until the arena
 * hands their memory out again, so that any use of a freed term is caught
 * even though the arena keeps (and reuses) the chunk it was in. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARI_TERM_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ARI_TERM_ASAN 1
#endif
#ifdef ARI_TERM_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

static size_t termBytes(unsigned nk, unsigned na) {
  return sizeof(AriTerm) + nk * sizeof(AriTerm *) + na * sizeof(int64_t);
}

/*--- errors --------------------------------------------------------------*/

void *ariTermFail(AriTermStore *s, const char *fmt, ...) {
  if (!s->hasErr) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
    s->hasErr = true;
  }
  return NULL;
}

const char *ariTermStoreError(const AriTermStore *s) { return s->hasErr ? s->err : ""; }

void ariTermStoreClearError(AriTermStore *s) {
  s->hasErr = false;
  s->err[0] = 0;
}

/*--- pointer tables ------------------------------------------------------*/

static bool tableGrow(PtrTable *t, uint32_t (*hashOf)(const void *)) {
  (void)hashOf;
  size_t ncap = t->cap ? t->cap * 2 : 1024;
  TableSlot *ns = calloc(ncap, sizeof *ns);
  if (!ns)
    return false;
  for (size_t i = 0; i < t->cap; ++i) {
    if (!t->slots[i].p)
      continue;
    size_t j = t->slots[i].h & (ncap - 1);
    while (ns[j].p)
      j = (j + 1) & (ncap - 1);
    ns[j] = t->slots[i];
  }
  free(t->slots);
  t->slots = ns;
  t->cap = ncap;
  return true;
}

static uint32_t symHashOf(const void *p) { return ((const AriSym *)p)->hash; }
static uint32_t typeHashOf(const void *p) { return ((const AriType *)p)->hash; }
static uint32_t termHashOf(const void *p) { return ((const AriTerm *)p)->hash; }

/*--- the store -----------------------------------------------------------*/

/* The limit covers both arenas: each one's own limit is what the other
 * leaves (1, i.e. nothing, when it has taken it all). Called around every
 * allocation that may grow an arena, and after a release. */
static void syncLimits(AriTermStore *s) {
  if (!s->memLimit)
    return;
  size_t a = s->arena.total, t = s->termArena.total;
  s->termArena.limit = s->memLimit > a ? s->memLimit - a : 1;
  s->arena.limit = s->memLimit > t ? s->memLimit - t : 1;
}

AriTermStore *ariTermStoreCreate(size_t memLimit) {
  AriTermStore *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  ariArenaInit(&s->arena, memLimit);
  ariArenaInit(&s->termArena, memLimit);
  s->memLimit = memLimit;
  if (!tableGrow(&s->terms, termHashOf) || !tableGrow(&s->types, typeHashOf) ||
      !tableGrow(&s->syms, symHashOf)) {
    ariTermStoreDestroy(s);
    return NULL;
  }
  s->f32 = ariTypeScalar(s, "f32");
  s->f64 = ariTypeScalar(s, "f64");
  s->i1 = ariTypeScalar(s, "i1");
  s->i32 = ariTypeScalar(s, "i32");
  s->i64 = ariTypeScalar(s, "i64");
  s->index = ariTypeScalar(s, "index");
  if (!s->index) {
    ariTermStoreDestroy(s);
    return NULL;
  }
  return s;
}

void ariTermStoreDestroy(AriTermStore *s) {
  if (!s)
    return;
  free(s->terms.slots);
  free(s->types.slots);
  free(s->syms.slots);
  for (unsigned i = 0; i < kMemoLevels; ++i) {
    free(s->memo[i].keys);
    free(s->memo[i].vals);
    free(s->memo[i].stamps);
  }
  free(s->log);
  free(s->marks);
  ariArenaDestroy(&s->arena);
  ariArenaDestroy(&s->termArena);
  free(s);
}

size_t ariTermStoreNumTerms(const AriTermStore *s) { return s->nextTerm; }
size_t ariTermStoreNumTypes(const AriTermStore *s) { return s->nextType; }
size_t ariTermStoreBytes(const AriTermStore *s) {
  return s->arena.total + s->termArena.total +
         (s->terms.cap + s->types.cap + s->syms.cap) * sizeof(TableSlot) +
         s->capLog * sizeof(AriTerm *) + s->capMarks * sizeof(MarkRec);
}

/*--- scopes --------------------------------------------------------------*/

AriTermMark ariTermStoreMark(AriTermStore *s) {
  AriTermMark m = {s, 0};
  if (s->nmarks == s->capMarks) {
    unsigned ncap = s->capMarks ? s->capMarks * 2 : 8;
    MarkRec *nm = realloc(s->marks, ncap * sizeof *nm);
    if (!nm) {
      ariTermFail(s, "out of memory");
      return m;
    }
    s->marks = nm;
    s->capMarks = ncap;
  }
  MarkRec *r = &s->marks[s->nmarks++];
  r->serial = ++s->nextSerial;
  r->arena = ariArenaMark(&s->termArena);
  r->nextTerm = s->nextTerm;
  r->logLen = s->nlog;
  r->tableCap = s->terms.cap;
  m.serial = r->serial;
  return m;
}

unsigned ariTermStoreMarkDepth(const AriTermStore *s) { return s->nmarks; }

/* Removes the terms with ids >= low from the term table by rebuilding it
 * (same capacity). Nothing changes when out of memory. */
static bool tableDropFrom(AriTermStore *s, uint32_t low) {
  size_t cap = s->terms.cap, mask = cap - 1, count = 0;
  TableSlot *ns = calloc(cap, sizeof *ns);
  if (!ns)
    return false;
  for (size_t i = 0; i < cap; ++i) {
    const AriTerm *t = s->terms.slots[i].p;
    if (!t || t->id >= low)
      continue;
    size_t j = s->terms.slots[i].h & mask;
    while (ns[j].p)
      j = (j + 1) & mask;
    ns[j] = s->terms.slots[i];
    count++;
  }
  free(s->terms.slots);
  s->terms.slots = ns;
  s->terms.count = count;
  return true;
}

/* Undoes the insertions of log[from..nlog), newest first; nlog follows,
 * so on failure (an entry not where it must be) what is left in the log
 * is exactly what is left to remove. */
static bool tableUndo(AriTermStore *s, size_t from) {
  size_t mask = s->terms.cap - 1;
  for (size_t i = s->nlog; i-- > from;) {
    const AriTerm *t = s->log[i];
    size_t j = t->hash & mask, probes = 0;
    while (s->terms.slots[j].p != t) {
      if (!s->terms.slots[j].p || ++probes > mask)
        return false;
      j = (j + 1) & mask;
    }
    s->terms.slots[j] = (TableSlot){NULL, 0};
    s->terms.count--;
    s->nlog = i;
  }
  return true;
}

bool ariTermStoreRelease(AriTermStore *s, AriTermMark m) {
  if (!s)
    return false;
  if (m.store != s || m.serial == 0) {
    ariTermFail(s, "release: %s", m.serial ? "the mark is of another store" : "not a mark");
    return false;
  }
  if (!s->nmarks || s->marks[s->nmarks - 1].serial != m.serial) {
    bool live = false;
    for (unsigned i = 0; i < s->nmarks; ++i)
      live |= s->marks[i].serial == m.serial;
    ariTermFail(s, "release: %s",
                live ? "a mark taken after this one is still live (release it first)"
                     : "the mark was already released");
    return false;
  }
  const MarkRec *r = &s->marks[s->nmarks - 1];
  size_t logEnd = s->nlog;
  /* The rebuild allocates, so it comes first: out of memory leaves the
   * store as it was, mark included. */
  if (s->terms.cap != r->tableCap) {
    if (!tableDropFrom(s, r->nextTerm)) {
      ariTermFail(s, "out of memory");
      return false;
    }
  } else if (!tableUndo(s, r->logLen)) {
    /* Unreachable while the log is complete (mk logs every term it
     * interns under a mark); the entries still in the log are dropped by
     * a rebuild instead, or, if that cannot allocate, the error stands. */
    if (!tableDropFrom(s, r->nextTerm)) {
      ariTermFail(s, "out of memory");
      return false;
    }
  }
  for (size_t i = r->logLen; i < logEnd; ++i)
    POISON(s->log[i], termBytes(s->log[i]->nkids, s->log[i]->nattrs));
  s->nlog = r->logLen;
  s->nextTerm = r->nextTerm;
  ariArenaRelease(&s->termArena, r->arena);
  s->nmarks--;
  syncLimits(s);
  /* History for side tables keyed by term id (ariTermStoreReleasedFrom). */
  uint32_t low = r->nextTerm;
  s->releases++;
  while (s->nrel && s->rel[s->nrel - 1].low >= low)
    s->nrel--;
  if (s->nrel == kReleaseHistory) {
    s->rel[1].low = s->rel[0].low;
    memmove(s->rel, s->rel + 1, (kReleaseHistory - 1) * sizeof s->rel[0]);
    s->nrel--;
  }
  s->rel[s->nrel++] = (ReleaseRec){s->releases, low};
  return true;
}

uint64_t ariTermStoreReleases(const AriTermStore *s) { return s->releases; }

uint32_t ariTermStoreReleasedFrom(const AriTermStore *s, uint64_t since) {
  for (unsigned i = 0; i < s->nrel; ++i)
    if (s->rel[i].count > since)
      return s->rel[i].low;
  return UINT32_MAX;
}

/*--- symbols -------------------------------------------------------------*/

const AriSym *ariSymIntern(AriTermStore *s, const char *str, size_t len) {
  uint32_t h = ariHashBytes32(str, len);
  size_t mask = s->syms.cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    AriSym *y = s->syms.slots[i].p;
    if (!y)
      break;
    if (s->syms.slots[i].h == h && y->len == len && memcmp(y->str, str, len) == 0)
      return y;
  }
  if ((s->syms.count + 1) * 2 > s->syms.cap && !tableGrow(&s->syms, symHashOf))
    return ariTermFail(s, "out of memory");
  syncLimits(s);
  AriSym *y = ariArenaAlloc(&s->arena, sizeof *y + len + 1);
  if (!y)
    return ariTermFail(s, "out of memory (term store limit)");
  y->id = s->nextSym++;
  y->hash = h;
  y->len = len;
  memcpy(y->str, str, len);
  y->str[len] = 0;
  mask = s->syms.cap - 1;
  size_t i = h & mask;
  while (s->syms.slots[i].p)
    i = (i + 1) & mask;
  s->syms.slots[i] = (TableSlot){y, h};
  s->syms.count++;
  return y;
}

const AriSym *ariSymInternC(AriTermStore *s, const char *cstr) {
  return ariSymIntern(s, cstr ? cstr : "", cstr ? strlen(cstr) : 0);
}
const char *ariSymStr(const AriSym *y) { return y ? y->str : ""; }
size_t ariSymLen(const AriSym *y) { return y ? y->len : 0; }
uint32_t ariSymId(const AriSym *y) { return y ? y->id : UINT32_MAX; }

/*--- types ---------------------------------------------------------------*/

static const AriType *internType(AriTermStore *s, const AriType *key) {
  uint32_t h = ariHashStep32(key->kind, (uint64_t)key->size);
  h = ariHashStep32(h, key->a ? key->a->id : 0xFFFFFFFFu);
  h = ariHashStep32(h, key->b ? key->b->id : 0xFFFFFFFFu);
  h = ariHashStep32(h, key->name ? key->name->id : 0xFFFFFFFFu);
  size_t mask = s->types.cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const AriType *t = s->types.slots[i].p;
    if (!t)
      break;
    if (s->types.slots[i].h == h && t->kind == key->kind && t->size == key->size && t->a == key->a &&
        t->b == key->b && t->name == key->name)
      return t;
  }
  if ((s->types.count + 1) * 2 > s->types.cap && !tableGrow(&s->types, typeHashOf))
    return ariTermFail(s, "out of memory");
  syncLimits(s);
  AriType *t = ariArenaAlloc(&s->arena, sizeof *t);
  if (!t)
    return ariTermFail(s, "out of memory (term store limit)");
  *t = *key;
  t->id = s->nextType++;
  t->hash = h;
  mask = s->types.cap - 1;
  size_t i = h & mask;
  while (s->types.slots[i].p)
    i = (i + 1) & mask;
  s->types.slots[i] = (TableSlot){t, h};
  s->types.count++;
  return t;
}

const AriType *ariTypeScalar(AriTermStore *s, const char *name) {
  AriType k = {0};
  k.kind = ARI_TYPE_SCALAR;
  if (!name)
    return ariTermFail(s, "null scalar type name");
  if (strcmp(name, "index") == 0) {
    k.scalarClass = SC_INDEX;
    k.bits = 64;
  } else if (strcmp(name, "f16") == 0 || strcmp(name, "bf16") == 0) {
    k.scalarClass = SC_FLOAT;
    k.bits = 16;
  } else if (strcmp(name, "f32") == 0) {
    k.scalarClass = SC_FLOAT;
    k.bits = 32;
  } else if (strcmp(name, "f64") == 0) {
    k.scalarClass = SC_FLOAT;
    k.bits = 64;
  } else if (name[0] == 'i' && name[1] >= '1' && name[1] <= '9') {
    char *end;
    long w = strtol(name + 1, &end, 10);
    if (*end || w < 1 || w > 64)
      return ariTermFail(s, "unsupported scalar type '%s'", name);
    k.scalarClass = SC_INT;
    k.bits = (uint16_t)w;
  } else {
    return ariTermFail(s, "unsupported scalar type '%s'", name);
  }
  k.name = ariSymInternC(s, name);
  if (!k.name)
    return NULL;
  return internType(s, &k);
}

const AriType *ariTypeF32(AriTermStore *s) { return s->f32; }
const AriType *ariTypeF64(AriTermStore *s) { return s->f64; }
const AriType *ariTypeI1(AriTermStore *s) { return s->i1; }
const AriType *ariTypeI32(AriTermStore *s) { return s->i32; }
const AriType *ariTypeI64(AriTermStore *s) { return s->i64; }
const AriType *ariTypeIndex(AriTermStore *s) { return s->index; }

const AriType *ariTypeVector(AriTermStore *s, int64_t width, const AriType *elem) {
  if (!elem)
    return NULL;
  if (elem->kind != ARI_TYPE_SCALAR || width <= 0)
    return ariTermFail(s, "vector type needs a positive width and a scalar element");
  AriType k = {0};
  k.kind = ARI_TYPE_VECTOR;
  k.size = width;
  k.a = elem;
  return internType(s, &k);
}

const AriType *ariTypeArray(AriTermStore *s, int64_t n, const AriType *elem) {
  if (!elem)
    return NULL;
  if (elem->kind == ARI_TYPE_FUN || n <= 0)
    return ariTermFail(s, "array type needs a positive size and a data element");
  AriType k = {0};
  k.kind = ARI_TYPE_ARRAY;
  k.size = n;
  k.a = elem;
  return internType(s, &k);
}

const AriType *ariTypePair(AriTermStore *s, const AriType *first, const AriType *second) {
  if (!first || !second)
    return NULL;
  if (first->kind == ARI_TYPE_FUN || second->kind == ARI_TYPE_FUN)
    return ariTermFail(s, "pair components must be data types");
  AriType k = {0};
  k.kind = ARI_TYPE_PAIR;
  k.a = first;
  k.b = second;
  return internType(s, &k);
}

const AriType *ariTypeFun(AriTermStore *s, const AriType *param, const AriType *result) {
  if (!param || !result)
    return NULL;
  AriType k = {0};
  k.kind = ARI_TYPE_FUN;
  k.a = param;
  k.b = result;
  return internType(s, &k);
}

AriTypeKind ariTypeKind(const AriType *t) { return (AriTypeKind)t->kind; }
uint32_t ariTypeId(const AriType *t) { return t->id; }
int64_t ariTypeSize(const AriType *t) {
  return t->kind == ARI_TYPE_ARRAY || t->kind == ARI_TYPE_VECTOR ? t->size : 0;
}
const AriType *ariTypeElem(const AriType *t) {
  return t->kind == ARI_TYPE_ARRAY || t->kind == ARI_TYPE_VECTOR ? t->a : NULL;
}
const AriType *ariTypeFirst(const AriType *t) {
  return t->kind == ARI_TYPE_PAIR || t->kind == ARI_TYPE_FUN ? t->a : NULL;
}
const AriType *ariTypeSecond(const AriType *t) {
  return t->kind == ARI_TYPE_PAIR || t->kind == ARI_TYPE_FUN ? t->b : NULL;
}
const char *ariTypeScalarName(const AriType *t) {
  return t->kind == ARI_TYPE_SCALAR ? t->name->str : NULL;
}
bool ariTypeIsFloat(const AriType *t) { return t->kind == ARI_TYPE_SCALAR && t->scalarClass == SC_FLOAT; }
bool ariTypeIsInt(const AriType *t) { return t->kind == ARI_TYPE_SCALAR && t->scalarClass == SC_INT; }
bool ariTypeIsIndexT(const AriType *t) {
  return t->kind == ARI_TYPE_SCALAR && t->scalarClass == SC_INDEX;
}
unsigned ariTypeBitWidth(const AriType *t) { return t->kind == ARI_TYPE_SCALAR ? t->bits : 0; }
bool ariTypeIsData(const AriType *t) { return t->kind != ARI_TYPE_FUN; }
bool ariTypeHoldsArray(const AriType *t) {
  if (t->kind == ARI_TYPE_ARRAY)
    return true;
  return t->kind == ARI_TYPE_PAIR && (ariTypeHoldsArray(t->a) || ariTypeHoldsArray(t->b));
}

/* The type printer lives here rather than in term_print.c: the typing
 * rules below name types in their errors, and term_print.c builds on the
 * store, so the store must not need the printer module. */
void ariTypeAppend(AriStr *o, const AriType *t) {
  switch ((AriTypeKind)t->kind) {
  case ARI_TYPE_SCALAR:
    ariStrPuts(o, t->name->str);
    return;
  case ARI_TYPE_VECTOR:
    ariStrPrintf(o, "<%" PRId64 ">", t->size);
    ariTypeAppend(o, t->a);
    return;
  case ARI_TYPE_ARRAY:
    ariStrPrintf(o, "%" PRId64 ".", t->size);
    ariTypeAppend(o, t->a);
    return;
  case ARI_TYPE_PAIR:
  case ARI_TYPE_FUN:
    ariStrPuts(o, "(");
    ariTypeAppend(o, t->a);
    ariStrPuts(o, t->kind == ARI_TYPE_PAIR ? " x " : " -> ");
    ariTypeAppend(o, t->b);
    ariStrPuts(o, ")");
    return;
  }
}

size_t ariTypePrint(const AriType *t, char *buf, size_t cap) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  ariTypeAppend(&o, t);
  return o.want;
}

/*--- term kinds ----------------------------------------------------------*/

static const char *const kKindNames[ARI_TERM_NUM_KINDS] = {
    [ARI_TERM_VAR] = "var",
    [ARI_TERM_LAM] = "lam",
    [ARI_TERM_APP] = "app",
    [ARI_TERM_ARG] = "arg",
    [ARI_TERM_IN] = "in",
    [ARI_TERM_CONST] = "const",
    [ARI_TERM_OP] = "op",
    [ARI_TERM_LITERAL] = "literal",
    [ARI_TERM_MAP] = "map",
    [ARI_TERM_REDUCE] = "reduce",
    [ARI_TERM_ZIP] = "zip",
    [ARI_TERM_UNZIP] = "unzip",
    [ARI_TERM_PAIR] = "pair",
    [ARI_TERM_FST] = "fst",
    [ARI_TERM_SND] = "snd",
    [ARI_TERM_SPLIT] = "split",
    [ARI_TERM_JOIN] = "join",
    [ARI_TERM_TRANSPOSE] = "transpose",
    [ARI_TERM_SLIDE] = "slide",
    [ARI_TERM_PAD_CST] = "pad_cst",
    [ARI_TERM_PAD_CLAMP] = "pad_clamp",
    [ARI_TERM_GENERATE] = "generate",
    [ARI_TERM_IDX] = "idx",
    [ARI_TERM_TO_MEM] = "to_mem",
    [ARI_TERM_AS_VECTOR] = "as_vector",
    [ARI_TERM_AS_SCALAR] = "as_scalar",
    [ARI_TERM_VECTOR_FROM_SCALAR] = "vector_from_scalar",
    [ARI_TERM_CIRCULAR_BUFFER] = "circular_buffer",
    [ARI_TERM_ROTATE_VALUES] = "rotate_values",
    [ARI_TERM_KERNEL] = "kernel",
};

const char *ariTermKindName(AriTermKind k) {
  return (unsigned)k < ARI_TERM_NUM_KINDS ? kKindNames[k] : "?";
}

bool ariTermKindFromName(const char *name, AriTermKind *out) {
  for (unsigned k = 0; k < ARI_TERM_NUM_KINDS; ++k)
    if (strcmp(kKindNames[k], name) == 0) {
      *out = (AriTermKind)k;
      return true;
    }
  return false;
}

/* Children and attribute counts each kind must have; -1: variable. */
static const struct {
  int8_t kids, attrs;
} kShape[ARI_TERM_NUM_KINDS] = {
    [ARI_TERM_VAR] = {0, 1},
    [ARI_TERM_LAM] = {1, 0},
    [ARI_TERM_APP] = {2, 0},
    [ARI_TERM_ARG] = {0, 1},
    [ARI_TERM_IN] = {0, 1},
    [ARI_TERM_CONST] = {0, 1},
    [ARI_TERM_OP] = {-1, -1},
    [ARI_TERM_LITERAL] = {0, 0},
    [ARI_TERM_MAP] = {2, 2},
    [ARI_TERM_REDUCE] = {3, 1},
    [ARI_TERM_ZIP] = {2, 0},
    [ARI_TERM_UNZIP] = {1, 0},
    [ARI_TERM_PAIR] = {2, 0},
    [ARI_TERM_FST] = {1, 0},
    [ARI_TERM_SND] = {1, 0},
    [ARI_TERM_SPLIT] = {1, 1},
    [ARI_TERM_JOIN] = {1, 0},
    [ARI_TERM_TRANSPOSE] = {1, 0},
    [ARI_TERM_SLIDE] = {1, 2},
    [ARI_TERM_PAD_CST] = {2, 2},
    [ARI_TERM_PAD_CLAMP] = {1, 2},
    [ARI_TERM_GENERATE] = {1, 1},
    [ARI_TERM_IDX] = {2, 0},
    [ARI_TERM_TO_MEM] = {1, 1},
    [ARI_TERM_AS_VECTOR] = {1, 1},
    [ARI_TERM_AS_SCALAR] = {1, 0},
    [ARI_TERM_VECTOR_FROM_SCALAR] = {1, 1},
    [ARI_TERM_CIRCULAR_BUFFER] = {2, 3},
    [ARI_TERM_ROTATE_VALUES] = {2, 2},
    [ARI_TERM_KERNEL] = {1, -1},
};

/*--- type checking -------------------------------------------------------*/

typedef struct {
  AriTermStore *s;
  const char *rule;
} TC;

static void *tcFail(TC *c, const char *what, const AriType *t) {
  char b[128];
  if (t)
    ariTypePrint(t, b, sizeof b);
  else
    strcpy(b, "?");
  return ariTermFail(c->s, "%s: %s, got %s", c->rule, what, b);
}

static bool isArr(const AriType *t) { return t->kind == ARI_TYPE_ARRAY; }
static bool isScalar(const AriType *t) { return t->kind == ARI_TYPE_SCALAR; }

static const AriType *arr(AriTermStore *s, const AriType *e, int64_t n) {
  return ariTypeArray(s, n, e);
}

static bool addOv(int64_t a, int64_t b, int64_t *r) { return __builtin_add_overflow(a, b, r); }
static bool mulOv(int64_t a, int64_t b, int64_t *r) { return __builtin_mul_overflow(a, b, r); }

static bool validPattern(int64_t k) { return k >= 0 && k <= 9; }
static bool gpuKind(int64_t k) {
  return k == ARI_PAT_GLOBAL || k == ARI_PAT_WORKGROUP || k == ARI_PAT_LOCAL;
}
static bool validAddr(int64_t a) { return a >= 0 && a <= 2; }

/* The sliding-window result n.size.elem for an input of len elements. */
static const AriType *windows(TC *c, const AriType *in, int64_t size, int64_t step,
                              const AriType *winElem) {
  if (!isArr(in))
    return tcFail(c, "input must be an array", in);
  if (size <= 0 || step <= 0)
    return ariTermFail(c->s, "%s: window size and step must be positive, got %lld and %lld",
                       c->rule, (long long)size, (long long)step);
  if (in->size < size)
    return ariTermFail(c->s, "%s: input size %lld is smaller than the window size %lld", c->rule,
                       (long long)in->size, (long long)size);
  if ((in->size - size) % step != 0)
    return ariTermFail(c->s,
                       "%s: input size %lld minus window size %lld is not divisible by the "
                       "step %lld",
                       c->rule, (long long)in->size, (long long)size, (long long)step);
  return arr(c->s, arr(c->s, winElem, size), (in->size - size) / step + 1);
}

/* The function type of `f`, checked to be param -> something; NULL if not. */
static const AriType *funResult(TC *c, const AriTerm *f, const AriType *param) {
  const AriType *ft = f->type;
  if (ft->kind != ARI_TYPE_FUN)
    return tcFail(c, "the function argument must have a function type", ft);
  if (param && ft->a != param) {
    char b1[96], b2[96];
    ariTypePrint(param, b1, sizeof b1);
    ariTypePrint(ft->a, b2, sizeof b2);
    return ariTermFail(c->s, "%s: the function must take %s, takes %s", c->rule, b1, b2);
  }
  return ft->b;
}

static bool sameType(TC *c, const char *what, const AriType *got, const AriType *want) {
  if (got == want)
    return true;
  char b1[96], b2[96];
  ariTypePrint(want, b1, sizeof b1);
  ariTypePrint(got, b2, sizeof b2);
  ariTermFail(c->s, "%s: %s must be %s, got %s", c->rule, what, b1, b2);
  return false;
}

/* The result type of a node, or NULL (with an error) when ill-typed. */
static const AriType *typeOf(AriTermStore *s, AriTermKind kind, const int64_t *at, unsigned na,
                             const AriSym *sym, AriTerm *const *k, unsigned nk,
                             const AriType *given) {
  TC c = {s, ariTermKindName(kind)};
  const AriType *x = nk > 0 ? k[0]->type : NULL;
  switch (kind) {
  case ARI_TERM_VAR:
    if (!given)
      return ariTermFail(s, "var: needs a type");
    if (at[0] < 0 || at[0] > INT32_MAX)
      return ariTermFail(s, "var: index %lld out of range", (long long)at[0]);
    return given;
  case ARI_TERM_LAM:
    if (!given)
      return ariTermFail(s, "lam: needs a parameter type");
    return ariTypeFun(s, given, x);
  case ARI_TERM_APP:
    if (x->kind != ARI_TYPE_FUN)
      return tcFail(&c, "the applied term must be a function", x);
    if (!sameType(&c, "the argument", k[1]->type, x->a))
      return NULL;
    return x->b;
  case ARI_TERM_ARG:
  case ARI_TERM_IN:
    if (!given || !ariTypeIsData(given))
      return ariTermFail(s, "%s: needs a data type", c.rule);
    if (at[0] < 0 || at[0] > INT32_MAX)
      return ariTermFail(s, "%s: argument index %lld out of range", c.rule, (long long)at[0]);
    return given;
  case ARI_TERM_CONST:
    if (!given || !isScalar(given))
      return ariTermFail(s, "const: needs a scalar type");
    return given;
  case ARI_TERM_OP:
    if (!sym || sym->len == 0)
      return ariTermFail(s, "op: needs an op name");
    if (!given || !ariTypeIsData(given))
      return ariTermFail(s, "op %s: needs a data result type", sym->str);
    if (na > 1 || (na == 1 && (at[0] != 2 || given->kind != ARI_TYPE_PAIR)))
      return ariTermFail(s, "op %s: the only attribute an op node takes is [2] (two results, "
                            "typed as a pair)",
                         sym->str);
    for (unsigned i = 0; i < nk; ++i)
      if (!ariTypeIsData(k[i]->type))
        return ariTermFail(s, "op %s: operand %u has a function type", sym->str, i);
    return given;
  case ARI_TERM_LITERAL:
    if (!sym || sym->len == 0)
      return ariTermFail(s, "literal: needs the value text");
    if (!given || !isArr(given))
      return ariTermFail(s, "literal: needs an array type");
    return given;
  case ARI_TERM_MAP: {
    int64_t kind0 = at[0], dim = at[1];
    if (!validPattern(kind0))
      return ariTermFail(s, "map: unknown kind %lld", (long long)kind0);
    if (gpuKind(kind0) ? (dim < 0 || dim > 2) : dim != -1)
      return ariTermFail(s, "map: dimension %lld is not valid for this kind (GPU maps take "
                            "0..2, others -1)",
                         (long long)dim);
    const AriType *xs = k[1]->type;
    if (kind0 == ARI_PAT_VEC) {
      if (xs->kind != ARI_TYPE_VECTOR)
        return tcFail(&c, "mapVec needs a vector input", xs);
      const AriType *t = funResult(&c, k[0], xs->a);
      if (!t)
        return NULL;
      if (!isScalar(t))
        return tcFail(&c, "mapVec's function must return a scalar", t);
      return ariTypeVector(s, xs->size, t);
    }
    if (!isArr(xs))
      return tcFail(&c, "input must be an array", xs);
    const AriType *t = funResult(&c, k[0], xs->a);
    if (!t)
      return NULL;
    if (!ariTypeIsData(t))
      return tcFail(&c, "the function must return data", t);
    return arr(s, t, xs->size);
  }
  case ARI_TERM_REDUCE: {
    int64_t kind0 = at[0];
    if (kind0 != ARI_PAT_NONE && kind0 != ARI_PAT_SEQ && kind0 != ARI_PAT_UNROLL)
      return ariTermFail(s, "reduce: kind %lld is not none, seq or unroll", (long long)kind0);
    const AriType *acc = k[1]->type, *xs = k[2]->type;
    if (!isArr(xs))
      return tcFail(&c, "input must be an array", xs);
    if (!ariTypeIsData(acc))
      return tcFail(&c, "the accumulator must be data", acc);
    if (kind0 == ARI_PAT_NONE && !sameType(&c, "the initial value", acc, xs->a))
      return NULL;
    const AriType *g = funResult(&c, k[0], acc);
    if (!g)
      return NULL;
    if (g->kind != ARI_TYPE_FUN)
      return tcFail(&c, "the function must take two arguments", g);
    if (!sameType(&c, "the function's second parameter", g->a, xs->a) ||
        !sameType(&c, "the function's result", g->b, acc))
      return NULL;
    return acc;
  }
  case ARI_TERM_ZIP: {
    const AriType *b = k[1]->type;
    if (!isArr(x) || !isArr(b))
      return tcFail(&c, "inputs must be arrays", isArr(x) ? b : x);
    if (x->size != b->size)
      return ariTermFail(s, "zip: lengths differ: %lld vs %lld", (long long)x->size,
                         (long long)b->size);
    return arr(s, ariTypePair(s, x->a, b->a), x->size);
  }
  case ARI_TERM_UNZIP:
    if (!isArr(x) || x->a->kind != ARI_TYPE_PAIR)
      return tcFail(&c, "input must be an array of pairs", x);
    return ariTypePair(s, arr(s, x->a->a, x->size), arr(s, x->a->b, x->size));
  case ARI_TERM_PAIR:
    if (!ariTypeIsData(x) || !ariTypeIsData(k[1]->type))
      return ariTermFail(s, "pair: components must be data");
    return ariTypePair(s, x, k[1]->type);
  case ARI_TERM_FST:
  case ARI_TERM_SND:
    if (x->kind != ARI_TYPE_PAIR)
      return tcFail(&c, "input must be a pair", x);
    return kind == ARI_TERM_FST ? x->a : x->b;
  case ARI_TERM_SPLIT:
    if (!isArr(x))
      return tcFail(&c, "input must be an array", x);
    if (at[0] <= 0 || x->size % at[0] != 0)
      return ariTermFail(s, "split: input size %lld is not divisible by n = %lld",
                         (long long)x->size, (long long)at[0]);
    return arr(s, arr(s, x->a, at[0]), x->size / at[0]);
  case ARI_TERM_JOIN: {
    if (!isArr(x) || !isArr(x->a))
      return tcFail(&c, "input must be an array of arrays", x);
    int64_t n;
    if (mulOv(x->size, x->a->size, &n))
      return ariTermFail(s, "join: size overflows");
    return arr(s, x->a->a, n);
  }
  case ARI_TERM_TRANSPOSE:
    if (!isArr(x) || !isArr(x->a))
      return tcFail(&c, "input must be an array of arrays", x);
    return arr(s, arr(s, x->a->a, x->size), x->a->size);
  case ARI_TERM_SLIDE:
    if (!isArr(x))
      return tcFail(&c, "input must be an array", x);
    return windows(&c, x, at[0], at[1], x->a);
  case ARI_TERM_PAD_CST:
  case ARI_TERM_PAD_CLAMP: {
    if (!isArr(x))
      return tcFail(&c, "input must be an array", x);
    if (at[0] < 0 || at[1] < 0)
      return ariTermFail(s, "%s: padding must not be negative", c.rule);
    if (kind == ARI_TERM_PAD_CST && !sameType(&c, "the padding value", k[1]->type, x->a))
      return NULL;
    int64_t n, m;
    if (addOv(at[0], x->size, &n) || addOv(n, at[1], &m))
      return ariTermFail(s, "%s: size overflows", c.rule);
    return arr(s, x->a, m);
  }
  case ARI_TERM_GENERATE: {
    if (at[0] <= 0)
      return ariTermFail(s, "generate: size must be positive, got %lld", (long long)at[0]);
    const AriType *t = funResult(&c, k[0], s->index);
    if (!t)
      return NULL;
    if (!ariTypeIsData(t))
      return tcFail(&c, "the function must return data", t);
    return arr(s, t, at[0]);
  }
  case ARI_TERM_IDX:
    if (!isArr(x))
      return tcFail(&c, "input must be an array", x);
    if (!sameType(&c, "the index", k[1]->type, s->index))
      return NULL;
    return x->a;
  case ARI_TERM_TO_MEM:
    if (!validAddr(at[0]))
      return ariTermFail(s, "to_mem: unknown address space %lld", (long long)at[0]);
    if (!ariTypeIsData(x))
      return tcFail(&c, "input must be data", x);
    return x;
  case ARI_TERM_AS_VECTOR:
    if (!isArr(x) || !isScalar(x->a))
      return tcFail(&c, "input must be an array of scalars", x);
    if (at[0] <= 0 || x->size % at[0] != 0)
      return ariTermFail(s, "as_vector: input size %lld is not divisible by the width %lld",
                         (long long)x->size, (long long)at[0]);
    return arr(s, ariTypeVector(s, at[0], x->a), x->size / at[0]);
  case ARI_TERM_AS_SCALAR: {
    if (!isArr(x) || x->a->kind != ARI_TYPE_VECTOR)
      return tcFail(&c, "input must be an array of vectors", x);
    int64_t n;
    if (mulOv(x->size, x->a->size, &n))
      return ariTermFail(s, "as_scalar: size overflows");
    return arr(s, x->a->a, n);
  }
  case ARI_TERM_VECTOR_FROM_SCALAR:
    if (!isScalar(x))
      return tcFail(&c, "input must be a scalar", x);
    if (at[0] <= 0)
      return ariTermFail(s, "vector_from_scalar: width must be positive");
    return ariTypeVector(s, at[0], x);
  case ARI_TERM_CIRCULAR_BUFFER: {
    const AriType *xs = k[1]->type;
    if (!validAddr(at[0]))
      return ariTermFail(s, "circular_buffer: unknown address space %lld", (long long)at[0]);
    if (at[1] < at[2])
      return ariTermFail(s, "circular_buffer: alloc %lld must be at least the window size %lld",
                         (long long)at[1], (long long)at[2]);
    if (!isArr(xs))
      return tcFail(&c, "input must be an array", xs);
    const AriType *t = funResult(&c, k[0], xs->a);
    if (!t)
      return NULL;
    if (!ariTypeIsData(t))
      return tcFail(&c, "load must return data", t);
    return windows(&c, xs, at[2], 1, t);
  }
  case ARI_TERM_ROTATE_VALUES: {
    const AriType *xs = k[1]->type;
    if (!validAddr(at[0]))
      return ariTermFail(s, "rotate_values: unknown address space %lld", (long long)at[0]);
    if (!isArr(xs))
      return tcFail(&c, "input must be an array", xs);
    const AriTerm *w = k[0];
    if (w->kind != ARI_TERM_LAM || w->type->a != xs->a || w->kids[0]->kind != ARI_TERM_VAR ||
        termAttrs(w->kids[0])[0] != 0)
      return ariTermFail(s, "rotate_values: write must be the identity function");
    return windows(&c, xs, at[1], 1, xs->a);
  }
  case ARI_TERM_KERNEL: {
    if (na < 2 || na > 6 || na % 2)
      return ariTermFail(s, "kernel: needs 1 to 3 local and as many global sizes");
    unsigned r = na / 2;
    for (unsigned i = 0; i < r; ++i) {
      int64_t l = at[i], g = at[r + i];
      if (l <= 0 || g <= 0 || g % l != 0)
        return ariTermFail(s,
                           "kernel: dimension %u: global %lld must be a positive multiple "
                           "of local %lld",
                           i, (long long)g, (long long)l);
    }
    if (!ariTypeIsData(x))
      return tcFail(&c, "the body must be data", x);
    return x;
  }
  case ARI_TERM_NUM_KINDS:
    break;
  }
  return ariTermFail(s, "unknown term kind %d", (int)kind);
}

/*--- interning -----------------------------------------------------------*/

static uint32_t termHash(AriTermKind kind, const int64_t *at, unsigned na, const AriSym *sym,
                         const AriSym *sym2, AriTerm *const *k, unsigned nk,
                         const AriType *type) {
  uint32_t h = ariHashStep32((uint32_t)kind * 0x9E37u + 1, type->id);
  h = ariHashStep32(h, (uint64_t)(sym ? sym->id : 0xFFFFFFFFu) << 32 | (sym2 ? sym2->id : 0xFFFFFFFFu));
  for (unsigned i = 0; i < na; ++i)
    h = ariHashStep32(h, (uint64_t)at[i]);
  for (unsigned i = 0; i < nk; ++i)
    h = ariHashStep32(h, k[i]->id);
  return h;
}

static bool sameNode(const AriTerm *t, uint32_t h, AriTermKind kind, const int64_t *at,
                     unsigned na, const AriSym *sym, const AriSym *sym2, AriTerm *const *k,
                     unsigned nk, const AriType *type) {
  if (t->hash != h || t->kind != kind || t->type != type || t->nkids != nk || t->nattrs != na ||
      t->sym != sym || t->sym2 != sym2)
    return false;
  for (unsigned i = 0; i < nk; ++i)
    if (t->kids[i] != k[i])
      return false;
  const int64_t *ta = termAttrs(t);
  for (unsigned i = 0; i < na; ++i)
    if (ta[i] != at[i])
      return false;
  return true;
}

enum { kHi = 63 };
#define HI_BIT (1ull << kHi)

static void freeInfo(AriTerm *t) {
  if (t->kind == ARI_TERM_VAR) {
    int64_t i = termAttrs(t)[0];
    t->minFree = t->maxFree = (int32_t)i;
    t->freeMask = i < kHi ? 1ull << i : HI_BIT;
    return;
  }
  if (t->kind == ARI_TERM_LAM) {
    const AriTerm *b = t->kids[0];
    t->maxFree = b->maxFree >= 1 ? b->maxFree - 1 : -1;
    uint64_t m = b->freeMask & ~1ull;
    uint64_t hi = m & HI_BIT;
    m = (m & ~HI_BIT) >> 1;
    if (hi)
      m |= HI_BIT | (1ull << (kHi - 1)); /* index 63 may have become 62 */
    t->freeMask = t->maxFree < 0 ? 0 : m;
    if (t->maxFree < 0)
      t->minFree = -1;
    else if (b->minFree >= 1)
      t->minFree = b->minFree - 1;
    else if (m & ~HI_BIT)
      t->minFree = __builtin_ctzll(m & ~HI_BIT);
    else
      t->minFree = kHi - 1; /* a lower bound; only past 62 nested binders */
    return;
  }
  t->minFree = -1;
  t->maxFree = -1;
  t->freeMask = 0;
  for (unsigned i = 0; i < t->nkids; ++i) {
    const AriTerm *c = t->kids[i];
    if (c->maxFree < 0)
      continue;
    if (t->maxFree < c->maxFree)
      t->maxFree = c->maxFree;
    if (t->minFree < 0 || c->minFree < t->minFree)
      t->minFree = c->minFree;
    t->freeMask |= c->freeMask;
  }
}

static AriTerm *mk(AriTermStore *s, AriTermKind kind, const int64_t *at, unsigned na,
                   const AriSym *sym, const AriSym *sym2, AriTerm *const *k, unsigned nk,
                   const AriType *given) {
  if ((unsigned)kind >= ARI_TERM_NUM_KINDS)
    return ariTermFail(s, "unknown term kind %d", (int)kind);
  if ((kShape[kind].kids >= 0 && (unsigned)kShape[kind].kids != nk) ||
      (kShape[kind].attrs >= 0 && (unsigned)kShape[kind].attrs != na) || nk > 255 || na > 255)
    return ariTermFail(s, "%s: wrong number of children (%u) or attributes (%u)",
                       ariTermKindName(kind), nk, na);
  for (unsigned i = 0; i < nk; ++i)
    if (!k[i])
      return NULL; /* a failed sub-construction; its error is recorded */
  if (kind == ARI_TERM_OP || kind == ARI_TERM_LITERAL) {
    if (kind == ARI_TERM_OP && !sym2)
      sym2 = ariSymIntern(s, "", 0);
  } else {
    sym = sym2 = NULL;
  }
  const AriType *type = typeOf(s, kind, at, na, sym, k, nk, given);
  if (!type)
    return NULL;
  uint32_t h = termHash(kind, at, na, sym, sym2, k, nk, type);
  size_t mask = s->terms.cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    AriTerm *t = s->terms.slots[i].p;
    if (!t)
      break;
    if (s->terms.slots[i].h == h && sameNode(t, h, kind, at, na, sym, sym2, k, nk, type))
      return t;
  }
  if ((s->terms.count + 1) * 2 > s->terms.cap && !tableGrow(&s->terms, termHashOf))
    return ariTermFail(s, "out of memory");
  if (s->nmarks && s->nlog == s->capLog) { /* release must find every term */
    size_t ncap = s->capLog ? s->capLog * 2 : 1024;
    AriTerm **nl = realloc(s->log, ncap * sizeof *nl);
    if (!nl)
      return ariTermFail(s, "out of memory");
    s->log = nl;
    s->capLog = ncap;
  }
  if (s->nextTerm == UINT32_MAX)
    return ariTermFail(s, "out of memory (term ids)");
  syncLimits(s);
  AriTerm *t = ariArenaAlloc(&s->termArena, termBytes(nk, na));
  syncLimits(s);
  if (!t)
    return ariTermFail(s, "out of memory (term store limit)");
  UNPOISON(t, termBytes(nk, na)); /* memory of a released term, maybe */
  t->id = s->nextTerm++;
  t->hash = h;
  t->kind = (uint16_t)kind;
  t->nkids = (uint8_t)nk;
  t->nattrs = (uint8_t)na;
  t->type = type;
  t->sym = sym;
  t->sym2 = sym2;
  uint64_t size = 1;
  for (unsigned i = 0; i < nk; ++i) {
    t->kids[i] = k[i];
    size += k[i]->treeSize;
  }
  t->treeSize = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
  if (na)
    memcpy((int64_t *)(void *)(t->kids + nk), at, na * sizeof(int64_t));
  freeInfo(t);
  mask = s->terms.cap - 1;
  size_t i = h & mask;
  while (s->terms.slots[i].p)
    i = (i + 1) & mask;
  s->terms.slots[i] = (TableSlot){t, h};
  s->terms.count++;
  if (s->nmarks)
    s->log[s->nlog++] = t;
  return t;
}

/*--- generic view --------------------------------------------------------*/

AriTermKind ariTermKind(const AriTerm *t) { return (AriTermKind)t->kind; }
uint32_t ariTermId(const AriTerm *t) { return t->id; }
uint32_t ariTermHash(const AriTerm *t) { return t->hash; }
const AriType *ariTermType(const AriTerm *t) { return t->type; }
unsigned ariTermNumKids(const AriTerm *t) { return t->nkids; }
AriTerm *ariTermKid(const AriTerm *t, unsigned i) { return i < t->nkids ? t->kids[i] : NULL; }
unsigned ariTermNumAttrs(const AriTerm *t) { return t->nattrs; }
int64_t ariTermAttr(const AriTerm *t, unsigned i) { return i < t->nattrs ? termAttrs(t)[i] : 0; }
const AriSym *ariTermSym(const AriTerm *t) { return t->sym; }
const AriSym *ariTermSym2(const AriTerm *t) { return t->sym2; }
uint32_t ariTermTreeSize(const AriTerm *t) { return t->treeSize; }

AriTerm *ariTermMake(AriTermStore *s, AriTermKind kind, const int64_t *attrs, unsigned nattrs,
                     const AriSym *sym, const AriSym *sym2, AriTerm *const *kids,
                     unsigned nkids, const AriType *type) {
  return mk(s, kind, attrs, nattrs, sym, sym2, kids, nkids, type);
}

AriTerm *ariTermRebuild(AriTermStore *s, const AriTerm *t, AriTerm *const *kids) {
  bool same = true;
  for (unsigned i = 0; i < t->nkids; ++i)
    if (kids[i] != t->kids[i])
      same = false;
  if (same)
    return (AriTerm *)t;
  const AriType *given = t->type;
  if (t->kind == ARI_TERM_LAM)
    given = t->type->a;
  return mk(s, (AriTermKind)t->kind, termAttrs(t), t->nattrs, t->sym, t->sym2, kids, t->nkids,
            given);
}

/*--- constructors --------------------------------------------------------*/

AriTerm *ariTermVar(AriTermStore *s, uint32_t index, const AriType *type) {
  if (!type)
    return NULL;
  int64_t a = index;
  return mk(s, ARI_TERM_VAR, &a, 1, NULL, NULL, NULL, 0, type);
}
AriTerm *ariTermLam(AriTermStore *s, const AriType *param, AriTerm *body) {
  if (!param)
    return NULL;
  return mk(s, ARI_TERM_LAM, NULL, 0, NULL, NULL, &body, 1, param);
}
AriTerm *ariTermApp(AriTermStore *s, AriTerm *f, AriTerm *arg) {
  AriTerm *k[2] = {f, arg};
  return mk(s, ARI_TERM_APP, NULL, 0, NULL, NULL, k, 2, NULL);
}
AriTerm *ariTermArg(AriTermStore *s, uint32_t argIndex, const AriType *type) {
  if (!type)
    return NULL;
  int64_t a = argIndex;
  return mk(s, ARI_TERM_ARG, &a, 1, NULL, NULL, NULL, 0, type);
}
AriTerm *ariTermIn(AriTermStore *s, uint32_t argIndex, const AriType *type) {
  if (!type)
    return NULL;
  int64_t a = argIndex;
  return mk(s, ARI_TERM_IN, &a, 1, NULL, NULL, NULL, 0, type);
}

AriTerm *ariTermConstInt(AriTermStore *s, const AriType *type, int64_t value) {
  if (!type)
    return NULL;
  if (type->kind != ARI_TYPE_SCALAR || type->scalarClass == SC_FLOAT)
    return ariTermFail(s, "const: an integer constant needs an integer or index type");
  unsigned w = type->bits;
  if (w == 1) {
    if (value != 0 && value != 1 && value != -1)
      return ariTermFail(s, "const: %lld does not fit in i1", (long long)value);
    value = value != 0;
  } else if (w < 64) {
    int64_t lo = -((int64_t)1 << (w - 1));
    /* In unsigned arithmetic: 2^w - 1 is INT64_MAX for i63, and the shift
     * would overflow int64_t (found by fuzz_term). */
    int64_t hi = (int64_t)(((uint64_t)1 << w) - 1);
    if (value < lo || value > hi)
      return ariTermFail(s, "const: %lld does not fit in i%u", (long long)value, w);
    /* Canonical form: sign-extended from the width, as MLIR prints it. */
    uint64_t u = (uint64_t)value & (((uint64_t)1 << w) - 1);
    if (u >> (w - 1))
      u |= ~(((uint64_t)1 << w) - 1);
    value = (int64_t)u;
  }
  return mk(s, ARI_TERM_CONST, &value, 1, NULL, NULL, NULL, 0, type);
}

AriTerm *ariTermConstFloat(AriTermStore *s, const AriType *type, double value) {
  if (!type)
    return NULL;
  if (!ariTypeIsFloat(type))
    return ariTermFail(s, "const: a float constant needs a float type");
  if (type->bits == 32)
    value = (double)(float)value;
  else if (type->bits != 64)
    return ariTermFail(s, "const: %s constants are kept as generic ops", type->name->str);
  int64_t bits;
  memcpy(&bits, &value, sizeof bits);
  return mk(s, ARI_TERM_CONST, &bits, 1, NULL, NULL, NULL, 0, type);
}

AriTerm *ariTermOp(AriTermStore *s, const char *name, const char *attrDict,
                   AriTerm *const *operands, unsigned n, const AriType *type) {
  const AriSym *a = ariSymInternC(s, name ? name : "");
  const AriSym *b = ariSymInternC(s, attrDict ? attrDict : "");
  if (!a || !b)
    return NULL;
  return mk(s, ARI_TERM_OP, NULL, 0, a, b, operands, n, type);
}

AriTerm *ariTermLiteral(AriTermStore *s, const char *denseText, const AriType *type) {
  const AriSym *a = ariSymInternC(s, denseText ? denseText : "");
  if (!a)
    return NULL;
  return mk(s, ARI_TERM_LITERAL, NULL, 0, a, NULL, NULL, 0, type);
}

AriTerm *ariTermMap(AriTermStore *s, AriPatternKind kind, int dim, AriTerm *f, AriTerm *xs) {
  int64_t a[2] = {kind, dim};
  AriTerm *k[2] = {f, xs};
  return mk(s, ARI_TERM_MAP, a, 2, NULL, NULL, k, 2, NULL);
}
AriTerm *ariTermReduce(AriTermStore *s, AriPatternKind kind, AriTerm *f, AriTerm *init,
                       AriTerm *xs) {
  int64_t a = kind;
  AriTerm *k[3] = {f, init, xs};
  return mk(s, ARI_TERM_REDUCE, &a, 1, NULL, NULL, k, 3, NULL);
}

static AriTerm *mk1(AriTermStore *s, AriTermKind kind, AriTerm *x) {
  return mk(s, kind, NULL, 0, NULL, NULL, &x, 1, NULL);
}
static AriTerm *mk2(AriTermStore *s, AriTermKind kind, AriTerm *x, AriTerm *y) {
  AriTerm *k[2] = {x, y};
  return mk(s, kind, NULL, 0, NULL, NULL, k, 2, NULL);
}

AriTerm *ariTermZip(AriTermStore *s, AriTerm *a, AriTerm *b) { return mk2(s, ARI_TERM_ZIP, a, b); }
AriTerm *ariTermUnzip(AriTermStore *s, AriTerm *xs) { return mk1(s, ARI_TERM_UNZIP, xs); }
AriTerm *ariTermPair(AriTermStore *s, AriTerm *a, AriTerm *b) {
  return mk2(s, ARI_TERM_PAIR, a, b);
}
AriTerm *ariTermFst(AriTermStore *s, AriTerm *p) { return mk1(s, ARI_TERM_FST, p); }
AriTerm *ariTermSnd(AriTermStore *s, AriTerm *p) { return mk1(s, ARI_TERM_SND, p); }
AriTerm *ariTermSplit(AriTermStore *s, int64_t n, AriTerm *xs) {
  return mk(s, ARI_TERM_SPLIT, &n, 1, NULL, NULL, &xs, 1, NULL);
}
AriTerm *ariTermJoin(AriTermStore *s, AriTerm *xs) { return mk1(s, ARI_TERM_JOIN, xs); }
AriTerm *ariTermTranspose(AriTermStore *s, AriTerm *xs) { return mk1(s, ARI_TERM_TRANSPOSE, xs); }
AriTerm *ariTermSlide(AriTermStore *s, int64_t size, int64_t step, AriTerm *xs) {
  int64_t a[2] = {size, step};
  return mk(s, ARI_TERM_SLIDE, a, 2, NULL, NULL, &xs, 1, NULL);
}
AriTerm *ariTermPadCst(AriTermStore *s, int64_t left, int64_t right, AriTerm *xs,
                       AriTerm *value) {
  int64_t a[2] = {left, right};
  AriTerm *k[2] = {xs, value};
  return mk(s, ARI_TERM_PAD_CST, a, 2, NULL, NULL, k, 2, NULL);
}
AriTerm *ariTermPadClamp(AriTermStore *s, int64_t left, int64_t right, AriTerm *xs) {
  int64_t a[2] = {left, right};
  return mk(s, ARI_TERM_PAD_CLAMP, a, 2, NULL, NULL, &xs, 1, NULL);
}
AriTerm *ariTermGenerate(AriTermStore *s, int64_t n, AriTerm *f) {
  return mk(s, ARI_TERM_GENERATE, &n, 1, NULL, NULL, &f, 1, NULL);
}
AriTerm *ariTermIdx(AriTermStore *s, AriTerm *xs, AriTerm *i) { return mk2(s, ARI_TERM_IDX, xs, i); }
AriTerm *ariTermToMem(AriTermStore *s, AriAddrSpace addr, AriTerm *x) {
  int64_t a = addr;
  return mk(s, ARI_TERM_TO_MEM, &a, 1, NULL, NULL, &x, 1, NULL);
}
AriTerm *ariTermAsVector(AriTermStore *s, int64_t width, AriTerm *xs) {
  return mk(s, ARI_TERM_AS_VECTOR, &width, 1, NULL, NULL, &xs, 1, NULL);
}
AriTerm *ariTermAsScalar(AriTermStore *s, AriTerm *xs) { return mk1(s, ARI_TERM_AS_SCALAR, xs); }
AriTerm *ariTermVectorFromScalar(AriTermStore *s, int64_t width, AriTerm *x) {
  return mk(s, ARI_TERM_VECTOR_FROM_SCALAR, &width, 1, NULL, NULL, &x, 1, NULL);
}
AriTerm *ariTermCircularBuffer(AriTermStore *s, AriAddrSpace addr, int64_t alloc, int64_t size,
                               AriTerm *load, AriTerm *xs) {
  int64_t a[3] = {addr, alloc, size};
  AriTerm *k[2] = {load, xs};
  return mk(s, ARI_TERM_CIRCULAR_BUFFER, a, 3, NULL, NULL, k, 2, NULL);
}
AriTerm *ariTermRotateValues(AriTermStore *s, AriAddrSpace addr, int64_t size, AriTerm *write,
                             AriTerm *xs) {
  int64_t a[2] = {addr, size};
  AriTerm *k[2] = {write, xs};
  return mk(s, ARI_TERM_ROTATE_VALUES, a, 2, NULL, NULL, k, 2, NULL);
}
AriTerm *ariTermKernel(AriTermStore *s, unsigned rank, const int64_t *local,
                       const int64_t *global, AriTerm *body) {
  if (rank < 1 || rank > 3)
    return ariTermFail(s, "kernel: rank must be 1 to 3, got %u", rank);
  int64_t a[6];
  for (unsigned i = 0; i < rank; ++i) {
    a[i] = local[i];
    a[rank + i] = global[i];
  }
  return mk(s, ARI_TERM_KERNEL, a, 2 * rank, NULL, NULL, &body, 1, NULL);
}

/*--- typed accessors -----------------------------------------------------*/

uint32_t ariTermVarIndex(const AriTerm *t) {
  return t->kind == ARI_TERM_VAR ? (uint32_t)termAttrs(t)[0] : 0;
}
uint32_t ariTermArgIndex(const AriTerm *t) {
  return t->kind == ARI_TERM_ARG || t->kind == ARI_TERM_IN ? (uint32_t)termAttrs(t)[0] : 0;
}
AriPatternKind ariTermPatternKind(const AriTerm *t) {
  return t->kind == ARI_TERM_MAP || t->kind == ARI_TERM_REDUCE ? (AriPatternKind)termAttrs(t)[0]
                                                                : ARI_PAT_NONE;
}
int ariTermMapDim(const AriTerm *t) {
  return t->kind == ARI_TERM_MAP ? (int)termAttrs(t)[1] : -1;
}
AriAddrSpace ariTermAddr(const AriTerm *t) {
  return t->kind == ARI_TERM_TO_MEM || t->kind == ARI_TERM_CIRCULAR_BUFFER ||
                 t->kind == ARI_TERM_ROTATE_VALUES
             ? (AriAddrSpace)termAttrs(t)[0]
             : ARI_ADDR_GLOBAL;
}
int64_t ariTermConstIntValue(const AriTerm *t) {
  return t->kind == ARI_TERM_CONST && !ariTypeIsFloat(t->type) ? termAttrs(t)[0] : 0;
}
double ariTermConstFloatValue(const AriTerm *t) {
  if (t->kind != ARI_TERM_CONST || !ariTypeIsFloat(t->type))
    return 0;
  double d;
  int64_t b = termAttrs(t)[0];
  memcpy(&d, &b, sizeof d);
  return d;
}
const AriType *ariTermLamParam(const AriTerm *t) {
  return t->kind == ARI_TERM_LAM ? t->type->a : NULL;
}

/*--- free indices --------------------------------------------------------*/

int32_t ariTermMaxFree(const AriTerm *t) { return t->maxFree; }
int32_t ariTermMinFree(const AriTerm *t) { return t->minFree; }
bool ariTermIsClosed(const AriTerm *t) { return t->maxFree < 0; }
uint64_t ariTermFreeMask(const AriTerm *t) { return t->freeMask; }

static bool hasFreeWalk(const AriTerm *t, uint32_t i) {
  if (t->maxFree < 0 || (int64_t)i > t->maxFree || (int64_t)i < t->minFree)
    return false;
  if (t->kind == ARI_TERM_VAR)
    return (uint32_t)termAttrs(t)[0] == i;
  if (t->kind == ARI_TERM_LAM)
    return hasFreeWalk(t->kids[0], i + 1);
  for (unsigned k = 0; k < t->nkids; ++k)
    if (hasFreeWalk(t->kids[k], i))
      return true;
  return false;
}

bool ariTermHasFree(const AriTerm *t, uint32_t i) {
  if (t->maxFree < 0 || (int64_t)i > t->maxFree)
    return false;
  /* Without the overflow bit every free index is below 63 and the mask is
   * exact; with it (only past 62 nested binders) walk. */
  if (!(t->freeMask & HI_BIT))
    return i < kHi && ((t->freeMask >> i) & 1);
  return hasFreeWalk(t, i);
}
