/*===- search/sketch/sketch.c - sketch sets, satisfaction and printing -----------===*\
 *
 * The matcher decides "class c satisfies sketch node k" recursively over the
 * node provider, memoising every (k, c) it decides in an open-addressing
 * table, so a sketch is checked against a DAG (or an e-graph) in time
 * linear in |sketch| x |classes| x |nodes per class|.
 *
\*===----------------------------------------------------------------------===*/

#include "search/sketch/sketch_impl.h"
#include "utils/hash.h"
#include "utils/strbuf.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- sets ----------------------------------------------------------------*/

AriSketchSet *ariSketchSetCreate(AriTermStore *store) {
  AriSketchSet *set = calloc(1, sizeof *set);
  if (!set)
    return NULL;
  set->store = store;
  ariArenaInit(&set->arena, 0);
  return set;
}

void ariSketchSetDestroy(AriSketchSet *set) {
  if (!set)
    return;
  ariArenaDestroy(&set->arena);
  free(set);
}

AriSketchNat *ariSketchFindNat(const AriSketchSet *set, const char *name, size_t len) {
  for (AriSketchNat *n = set->nats; n; n = n->next)
    if (strlen(n->name) == len && memcmp(n->name, name, len) == 0)
      return n;
  return NULL;
}

bool ariSketchSetNat(AriSketchSet *set, const char *name, int64_t value) {
  size_t len = name ? strlen(name) : 0;
  if (len == 0 || !((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z') ||
                    name[0] == '_'))
    return false;
  for (size_t i = 1; i < len; ++i) {
    char c = name[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c == '_'))
      return false;
  }
  AriSketchNat *n = ariSketchFindNat(set, name, len);
  if (!n) {
    n = ariArenaCalloc(&set->arena, sizeof *n);
    if (!n)
      return false;
    n->name = ariArenaStrndup(&set->arena, name, len);
    if (!n->name)
      return false;
    n->next = set->nats;
    set->nats = n;
  }
  n->value = value;
  n->fromCaller = true;
  return true;
}

AriSketch *ariSketchNew(AriSketchSet *set, AriSketchKind kind) {
  AriSketch *k = ariArenaCalloc(&set->arena, sizeof *k);
  if (!k)
    return NULL;
  k->kind = kind;
  k->id = set->nextId++;
  k->size = 1;
  k->patKind = -1;
  k->numKids = -1;
  return k;
}

AriSketchKind ariSketchKind(const AriSketch *k) { return k->kind; }
unsigned ariSketchSize(const AriSketch *k) { return k->size; }

/*--- type sketches -------------------------------------------------------*/

bool ariTypeSketchMatches(const AriTypeSketch *ts, const AriType *t) {
  if (!t)
    return false;
  switch (ts->kind) {
  case ARI_TS_ANY:
    return true;
  case ARI_TS_EXACT:
    return ts->exact == t;
  case ARI_TS_VECTOR:
  case ARI_TS_ARRAY:
    if (ariTypeKind(t) != (ts->kind == ARI_TS_VECTOR ? ARI_TYPE_VECTOR : ARI_TYPE_ARRAY))
      return false;
    if (!ts->sizeAny && ariTypeSize(t) != ts->size)
      return false;
    return ariTypeSketchMatches(ts->a, ariTypeElem(t));
  case ARI_TS_PAIR:
  case ARI_TS_FUN:
    if (ariTypeKind(t) != (ts->kind == ARI_TS_PAIR ? ARI_TYPE_PAIR : ARI_TYPE_FUN))
      return false;
    return ariTypeSketchMatches(ts->a, ariTypeFirst(t)) &&
           ariTypeSketchMatches(ts->b, ariTypeSecond(t));
  }
  return false;
}

/*--- the term provider ---------------------------------------------------*/

static unsigned termNumNodes(void *ctx, uintptr_t cls) {
  (void)ctx;
  (void)cls;
  return 1;
}

static void termNode(void *ctx, uintptr_t cls, unsigned i, AriSketchNode *out) {
  (void)ctx;
  (void)i;
  const AriTerm *t = (const AriTerm *)cls;
  out->kind = ariTermKind(t);
  out->type = ariTermType(t);
  out->patKind = (out->kind == ARI_TERM_MAP || out->kind == ARI_TERM_REDUCE ||
                  out->kind == ARI_TERM_TO_MEM || out->kind == ARI_TERM_IN)
                     ? ariTermAttr(t, 0)
                     : -1;
  out->sym = out->kind == ARI_TERM_OP ? ariTermSym(t) : NULL;
  out->numKids = ariTermNumKids(t);
}

static uintptr_t termKid(void *ctx, uintptr_t cls, unsigned i, unsigned k) {
  (void)ctx;
  (void)i;
  return (uintptr_t)ariTermKid((const AriTerm *)cls, k);
}

AriSketchGraph ariSketchTermGraph(void) {
  AriSketchGraph g = {NULL, termNumNodes, termNode, termKid};
  return g;
}

/*--- the matcher ---------------------------------------------------------*/

enum { MEMO_EMPTY = 0, MEMO_BUSY, MEMO_NO, MEMO_YES };
/* Recursion depth (about one level per term level under `contains`, plus
 * the sketch's own nesting): like the term store's walks, refuse beyond
 * ~10000 levels rather than risk the stack. */
enum { MATCH_MAX_DEPTH = 10000 };

/* Keyed on the sketch node's address (not its per-set id), so that one
 * matcher can serve sketches of several sets. */
typedef struct MemoSlot {
  uintptr_t cls; /* 0: empty */
  const AriSketch *sketch;
  uint32_t state;
} MemoSlot;

struct AriSketchMatcher {
  AriSketchGraph g;
  MemoSlot *slots;
  size_t cap, used;
};

AriSketchMatcher *ariSketchMatcherCreate(AriSketchGraph graph) {
  AriSketchMatcher *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->g = graph;
  return m;
}

void ariSketchMatcherDestroy(AriSketchMatcher *m) {
  if (!m)
    return;
  free(m->slots);
  free(m);
}

size_t ariSketchMatcherMemoSize(const AriSketchMatcher *m) { return m->used; }

static size_t memoHash(const AriSketch *sketch, uintptr_t cls) {
  return (size_t)ariHashMix64(ariHashAdd64(ariHashPtr(sketch), cls));
}

static bool memoGrow(AriSketchMatcher *m) {
  size_t ncap = m->cap ? m->cap * 2 : 256;
  MemoSlot *ns = calloc(ncap, sizeof *ns);
  if (!ns)
    return false;
  for (size_t i = 0; i < m->cap; ++i) {
    if (!m->slots[i].cls)
      continue;
    size_t j = memoHash(m->slots[i].sketch, m->slots[i].cls) & (ncap - 1);
    while (ns[j].cls)
      j = (j + 1) & (ncap - 1);
    ns[j] = m->slots[i];
  }
  free(m->slots);
  m->slots = ns;
  m->cap = ncap;
  return true;
}

/* The slot of (sketch, cls), inserted empty if absent; NULL on OOM. The
 * pointer is valid until the next insertion. */
static MemoSlot *memoSlot(AriSketchMatcher *m, const AriSketch *sketch, uintptr_t cls) {
  if ((m->used + 1) * 2 > m->cap && !memoGrow(m))
    return NULL;
  size_t j = memoHash(sketch, cls) & (m->cap - 1);
  while (m->slots[j].cls) {
    if (m->slots[j].cls == cls && m->slots[j].sketch == sketch)
      return &m->slots[j];
    j = (j + 1) & (m->cap - 1);
  }
  m->slots[j].cls = cls;
  m->slots[j].sketch = sketch;
  m->slots[j].state = MEMO_EMPTY;
  m->used++;
  return &m->slots[j];
}

static int match(AriSketchMatcher *m, const AriSketch *k, uintptr_t cls, unsigned depth);

/* Whether node i of cls has k's head and children. */
static int matchNode(AriSketchMatcher *m, const AriSketch *k, uintptr_t cls, unsigned i,
                     unsigned depth) {
  AriSketchNode n;
  m->g.node(m->g.ctx, cls, i, &n);
  if (n.kind != k->termKind)
    return 0;
  if (k->patKind >= 0 && n.patKind != k->patKind)
    return 0;
  if (k->sym && n.sym != k->sym)
    return 0;
  if (k->numKids < 0)
    return 1;
  if (n.numKids != (unsigned)k->numKids)
    return 0;
  for (unsigned j = 0; j < n.numKids; ++j) {
    int r = match(m, k->kids[j], m->g.kid(m->g.ctx, cls, i, j), depth + 1);
    if (r != 1)
      return r;
  }
  return 1;
}

static int decide(AriSketchMatcher *m, const AriSketch *k, uintptr_t cls, unsigned depth) {
  switch (k->kind) {
  case ARI_SKETCH_ANY:
    return 1;
  case ARI_SKETCH_OR: {
    int r = match(m, k->a, cls, depth + 1);
    return r != 0 ? r : match(m, k->b, cls, depth + 1);
  }
  case ARI_SKETCH_TYPED: {
    /* All nodes of a class have the class's type; ask the first. */
    if (m->g.numNodes(m->g.ctx, cls) == 0)
      return 0;
    AriSketchNode n;
    m->g.node(m->g.ctx, cls, 0, &n);
    if (!ariTypeSketchMatches(k->type, n.type))
      return 0;
    return match(m, k->a, cls, depth + 1);
  }
  case ARI_SKETCH_NODE: {
    unsigned nn = m->g.numNodes(m->g.ctx, cls);
    for (unsigned i = 0; i < nn; ++i) {
      int r = matchNode(m, k, cls, i, depth);
      if (r != 0)
        return r;
    }
    return 0;
  }
  case ARI_SKETCH_CONTAINS: {
    int r = match(m, k->a, cls, depth + 1);
    if (r != 0)
      return r;
    unsigned nn = m->g.numNodes(m->g.ctx, cls);
    for (unsigned i = 0; i < nn; ++i) {
      AriSketchNode n;
      m->g.node(m->g.ctx, cls, i, &n);
      for (unsigned j = 0; j < n.numKids; ++j) {
        r = match(m, k, m->g.kid(m->g.ctx, cls, i, j), depth + 1);
        if (r != 0)
          return r;
      }
    }
    return 0;
  }
  }
  return 0;
}

static int match(AriSketchMatcher *m, const AriSketch *k, uintptr_t cls, unsigned depth) {
  if (k->kind == ARI_SKETCH_ANY)
    return 1;
  if (depth > MATCH_MAX_DEPTH)
    return -1;
  MemoSlot *slot = memoSlot(m, k, cls);
  if (!slot)
    return -1;
  if (slot->state == MEMO_YES)
    return 1;
  if (slot->state == MEMO_NO || slot->state == MEMO_BUSY)
    return 0; /* BUSY: a cycle; least fixpoint (see the header) */
  slot->state = MEMO_BUSY;
  int r = decide(m, k, cls, depth);
  if (r < 0) {
    /* Forget the pair, so that a later query does not read BUSY as "no". */
    slot = memoSlot(m, k, cls);
    if (slot)
      slot->state = MEMO_EMPTY;
    return r;
  }
  /* The table may have grown meanwhile: look the slot up again. */
  slot = memoSlot(m, k, cls);
  if (!slot)
    return -1;
  slot->state = r ? MEMO_YES : MEMO_NO;
  return r;
}

int ariSketchMatchClass(AriSketchMatcher *m, const AriSketch *k, uintptr_t cls) {
  if (!m || !k || !cls)
    return -1;
  return match(m, k, cls, 0);
}

int ariSketchMatches(const AriSketch *k, const AriTerm *t) {
  AriSketchMatcher *m = ariSketchMatcherCreate(ariSketchTermGraph());
  if (!m)
    return -1;
  int r = ariSketchMatchClass(m, k, (uintptr_t)t);
  ariSketchMatcherDestroy(m);
  return r;
}

/*--- printing ------------------------------------------------------------*/

static void printType(AriStr *o, const AriTypeSketch *ts) {
  char tb[128];
  switch (ts->kind) {
  case ARI_TS_ANY:
    ariStrPuts(o, "?");
    return;
  case ARI_TS_EXACT:
    ariTypePrint(ts->exact, tb, sizeof tb);
    ariStrPuts(o, tb);
    return;
  case ARI_TS_VECTOR:
    if (ts->sizeAny)
      ariStrPuts(o, "<?>");
    else
      ariStrPrintf(o, "<%" PRId64 ">", ts->size);
    printType(o, ts->a);
    return;
  case ARI_TS_ARRAY:
    if (ts->sizeAny)
      ariStrPuts(o, "?.");
    else
      ariStrPrintf(o, "%" PRId64 ".", ts->size);
    printType(o, ts->a);
    return;
  case ARI_TS_PAIR:
  case ARI_TS_FUN:
    ariStrPuts(o, "(");
    printType(o, ts->a);
    ariStrPuts(o, ts->kind == ARI_TS_PAIR ? " x " : " -> ");
    printType(o, ts->b);
    ariStrPuts(o, ")");
    return;
  }
}

static const char *headName(const AriSketch *k) {
  if (k->termKind == ARI_TERM_OP && k->sym)
    return ariSymStr(k->sym);
  if (k->termKind == ARI_TERM_MAP) {
    switch (k->patKind) {
    case ARI_PAT_SEQ: return "mapSeq";
    case ARI_PAT_PAR: return "mapPar";
    case ARI_PAT_UNROLL: return "mapUnroll";
    case ARI_PAT_VEC: return "mapVec";
    case ARI_PAT_GLOBAL: return "mapGlobal";
    case ARI_PAT_WORKGROUP: return "mapWorkgroup";
    case ARI_PAT_LOCAL: return "mapLocal";
    default: break;
    }
  }
  if (k->termKind == ARI_TERM_TO_MEM && k->patKind >= 0)
    return k->patKind == ARI_ADDR_GLOBAL  ? "toMemGlobal"
           : k->patKind == ARI_ADDR_LOCAL ? "toMemLocal"
                                          : "toMemPrivate";
  if (k->termKind == ARI_TERM_REDUCE) {
    if (k->patKind == ARI_PAT_SEQ)
      return "reduceSeq";
    if (k->patKind == ARI_PAT_UNROLL)
      return "reduceSeqUnroll";
  }
  return ariTermKindName(k->termKind);
}

static void printSketch(AriStr *o, const AriSketch *k, unsigned depth) {
  if (depth > 1000) {
    ariStrPuts(o, "...");
    return;
  }
  switch (k->kind) {
  case ARI_SKETCH_ANY:
    ariStrPuts(o, "?");
    return;
  case ARI_SKETCH_NODE:
    if (k->termKind == ARI_TERM_IN && k->patKind >= 0)
      ariStrPrintf(o, "in%lld", (long long)k->patKind);
    else
      ariStrPuts(o, headName(k));
    if (k->numKids >= 0) {
      ariStrPuts(o, "(");
      for (int i = 0; i < k->numKids; ++i) {
        if (i)
          ariStrPuts(o, ", ");
        printSketch(o, k->kids[i], depth + 1);
      }
      ariStrPuts(o, ")");
    }
    return;
  case ARI_SKETCH_CONTAINS:
    ariStrPuts(o, "contains(");
    printSketch(o, k->a, depth + 1);
    ariStrPuts(o, ")");
    return;
  case ARI_SKETCH_OR:
    ariStrPuts(o, "(");
    printSketch(o, k->a, depth + 1);
    ariStrPuts(o, " | ");
    printSketch(o, k->b, depth + 1);
    ariStrPuts(o, ")");
    return;
  case ARI_SKETCH_TYPED:
    ariStrPuts(o, "(");
    printSketch(o, k->a, depth + 1);
    ariStrPuts(o, " :: ");
    printType(o, k->type);
    ariStrPuts(o, ")");
    return;
  }
}

size_t ariSketchPrint(const AriSketch *k, char *buf, size_t cap) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  printSketch(&o, k, 0);
  return o.want;
}

const AriGuide *ariGuideFind(const AriGuideFile *f, const char *name) {
  for (unsigned i = 0; f && i < f->numGuides; ++i)
    if (strcmp(f->guides[i].name, name) == 0)
      return &f->guides[i];
  return NULL;
}

/*--- array sizes named ------------------------------------------------------*/

static void addSize(int64_t v, int64_t *out, size_t cap, size_t *n) {
  for (size_t i = 0; i < *n && i < cap; ++i)
    if (out[i] == v)
      return;
  if (*n < cap)
    out[*n] = v;
  ++*n;
}

static void typeSizes(const AriTypeSketch *t, int64_t *out, size_t cap, size_t *n,
                      unsigned depth) {
  if (!t || depth > 10000)
    return;
  if (t->kind == ARI_TS_ARRAY && !t->sizeAny)
    addSize(t->size, out, cap, n);
  typeSizes(t->a, out, cap, n, depth + 1);
  typeSizes(t->b, out, cap, n, depth + 1);
}

static void sketchSizes(const AriSketch *k, int64_t *out, size_t cap, size_t *n,
                        unsigned depth) {
  if (!k || depth > 10000)
    return;
  typeSizes(k->type, out, cap, n, depth + 1);
  for (int i = 0; i < k->numKids; ++i)
    sketchSizes(k->kids[i], out, cap, n, depth + 1);
  sketchSizes(k->a, out, cap, n, depth + 1);
  sketchSizes(k->b, out, cap, n, depth + 1);
}

size_t ariSketchArraySizes(const AriSketch *k, int64_t *out, size_t cap) {
  size_t n = 0;
  sketchSizes(k, out, cap, &n, 0);
  return n;
}
