/*===- costmodel/features.c - features of terms -----------------------------===*\
 *
 * An abstract evaluation of the term: values are registers, buffer views
 * (a buffer, per-dimension strides and an affine offset in the enclosing
 * loop indices), pairs, lazy maps/generates that a reader either fuses or
 * materialises, and thunks (fused elements, computed when first used).
 * Every op, load and store is charged to a loop level with that level's
 * trip count. Values are memoised per (term id, scope of its innermost free
 * variable), which is what makes shared subterms count once and
 * loop-invariant ones count at the level they belong to. See features.h
 * for the semantics and docs/costmodel.md for the features.
 *
\*===----------------------------------------------------------------------===*/

#include "costmodel/features.h"
#include "utils/arena.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXT = 16 }; /* loop-index terms of one affine offset */
enum { ERR_RECURSION = 2000 }; /* eval frames: well inside an 8 MiB stack, ASan's too */

/* Σ c[i] * index(lev[i]) + k, in scalar elements; `irregular` when the
 * offset is not affine (a join of a transposed view, an index computed by
 * non-affine arithmetic). */
typedef struct Aff {
  int n;
  bool irregular;
  int32_t lev[MAXT];
  int64_t c[MAXT];
  int64_t k;
} Aff;

/* V_THUNK: an element of a fused map, computed when first used (the
 * lowering emits a fused producer only where its value is read). */
typedef enum { V_REG, V_MEM, V_PAIR, V_LAZY, V_REGS, V_THUNK } ValKind;

typedef struct Scope Scope;
typedef struct Val Val;

struct Val {
  ValKind kind;
  int level;            /* the level of the iteration that holds the value */
  const AriType *type;
  /* V_REG: an affine index value, or NULL */
  Aff *idx;
  /* V_MEM */
  int buf;
  int rank;                   /* array dimensions left above the element */
  int64_t ext[ARI_FEAT_MAX_RANK], coef[ARI_FEAT_MAX_RANK];
  Aff off;
  int elemBytes, lanes;
  int64_t laneStride;
  /* V_PAIR */
  Val *a, *b;
  /* V_LAZY: MAP or GENERATE `term` evaluated in `env`, its input `xs`.
   * V_THUNK: lambda body `term` applied to `xs` in `env` at `level`;
   * `forced` its value once computed */
  AriTerm *term;
  Val *xs, *forced;
  Scope *env, *home;
  bool fusable, fusedOnce;
};

struct Scope {
  Scope *parent;
  uint32_t id;
  int level;
  Val *binder;
};

typedef AriFeatBuffer Buf;

enum {
  BUF_IN = ARI_FEAT_BUF_INPUT,
  BUF_OUT = ARI_FEAT_BUF_OUTPUT,
  BUF_LITERAL = ARI_FEAT_BUF_LITERAL,
  BUF_TEMP = ARI_FEAT_BUF_TEMP,
  BUF_TOMEM = ARI_FEAT_BUF_TO_MEM,
  BUF_RING = ARI_FEAT_BUF_RING
};

typedef struct Access {
  int buf, level, bytes;
  bool store;
  Aff off;
  int lanes;
} Access;

typedef struct Slot {
  uint64_t key;
  void *val;
} Slot;

typedef struct Map {
  Slot *slots;
  size_t cap, count;
} Map;

typedef struct OpMemo {
  uint32_t gen;
  uint16_t info;
} OpMemo;

struct AriFeatWork {
  AriArena arena;
  AriArenaMark base;  /* the start of the arena's single chunk */
  size_t chunkBytes;  /* its size: when a call needed more, the next gets one this big */
  AriTermStore *s;
  AriFeatStatus status;
  char err[160];
  Map memo, uses;
  Scope *top;
  /* The block the term being evaluated stands in: the home of the term
   * that uses it, or the scope of the lambda whose body it is. */
  Scope *block;
  uint32_t nextScope;
  unsigned recursion;
  AriFeatLevel *levels;
  size_t numLevels, capLevels;
  Buf *bufs;
  size_t numBufs, capBufs;
  Access *acc;
  size_t numAcc, capAcc;
  int inBuf[64];
  double fused, materialised, outputBytes;
  double hist[ARI_FEAT_NUM_OPCLASSES][ARI_FEAT_NUM_SCALARS]; /* all levels' ops */
  const AriType *indexType;
  /* op classes by symbol id, valid when gen matches */
  OpMemo *opInfo;
  uint32_t gen;
  size_t capOpInfo;
};

/*=== Small utilities ======================================================*/

static void fail(AriFeatWork *w, AriFeatStatus st, const char *why, const AriTerm *t) {
  if (w->status != ARI_FEAT_OK)
    return;
  w->status = st;
  snprintf(w->err, sizeof w->err, "%s%s%s", t ? ariTermKindName(ariTermKind(t)) : "",
           t ? ": " : "", why);
}

static void *alloc(AriFeatWork *w, size_t n) {
  void *p = ariArenaAlloc(&w->arena, n);
  if (!p)
    fail(w, ARI_FEAT_ERR_NOMEM, "out of memory", NULL);
  return p;
}

/* Grows a malloc'd array kept across calls; false when out of memory. */
static bool grow(AriFeatWork *w, void **p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap)
    return true;
  size_t n = *cap ? *cap : 64;
  while (n < need)
    n *= 2;
  void *q = realloc(*p, n * elem);
  if (!q) {
    fail(w, ARI_FEAT_ERR_NOMEM, "out of memory", NULL);
    return false;
  }
  *p = q;
  *cap = n;
  return true;
}

static uint64_t mix(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  return k;
}

static bool mapInit(AriFeatWork *w, Map *m, size_t cap) {
  m->slots = alloc(w, cap * sizeof *m->slots);
  if (!m->slots)
    return false;
  memset(m->slots, 0xff, cap * sizeof *m->slots); /* key UINT64_MAX: empty */
  m->cap = cap;
  m->count = 0;
  return true;
}

static Slot *mapFind(AriFeatWork *w, Map *m, uint64_t key, bool insert) {
  if (insert && 2 * (m->count + 1) > m->cap) {
    Map old = *m;
    if (!mapInit(w, m, old.cap * 2))
      return NULL;
    for (size_t i = 0; i < old.cap; ++i)
      if (old.slots[i].key != UINT64_MAX) {
        Slot *s = mapFind(w, m, old.slots[i].key, true);
        s->val = old.slots[i].val;
      }
  }
  size_t mask = m->cap - 1;
  for (size_t i = mix(key) & mask;; i = (i + 1) & mask) {
    Slot *s = &m->slots[i];
    if (s->key == key)
      return s;
    if (s->key == UINT64_MAX) {
      if (!insert)
        return NULL;
      s->key = key;
      s->val = NULL;
      m->count++;
      return s;
    }
  }
}

static int scalarBytes(const AriType *t) {
  unsigned b = ariTypeBitWidth(t);
  return b ? (int)((b + 7) / 8) : 0;
}

/* The scalar or vector element under the array dimensions of t. */
static const AriType *leafOf(const AriType *t, int *rank) {
  int r = 0;
  while (t && ariTypeKind(t) == ARI_TYPE_ARRAY) {
    t = ariTypeElem(t);
    ++r;
  }
  if (rank)
    *rank = r;
  return t;
}

/* Sum over the scalars of a data value (vectors: their lanes; pairs: both
 * sides) of each one's bytes, or of 1 when !bytes. */
static double typeSum(const AriType *t, bool bytes) {
  switch (ariTypeKind(t)) {
  case ARI_TYPE_SCALAR:
    return bytes ? scalarBytes(t) : 1;
  case ARI_TYPE_VECTOR:
    return (double)ariTypeSize(t) * typeSum(ariTypeElem(t), bytes);
  case ARI_TYPE_ARRAY:
    return (double)ariTypeSize(t) * typeSum(ariTypeElem(t), bytes);
  case ARI_TYPE_PAIR:
    return typeSum(ariTypeFirst(t), bytes) + typeSum(ariTypeSecond(t), bytes);
  default:
    return 0;
  }
}

/* Bytes of a data value. */
static double typeBytes(const AriType *t) { return typeSum(t, true); }

static void affAdd(AriFeatWork *w, Aff *a, int lev, int64_t c) {
  if (c == 0)
    return;
  for (int i = 0; i < a->n; ++i)
    if (a->lev[i] == lev) {
      a->c[i] += c;
      return;
    }
  if (a->n == MAXT) {
    a->irregular = true;
    return;
  }
  (void)w;
  a->lev[a->n] = lev;
  a->c[a->n++] = c;
}

static int64_t affCoef(const Aff *a, int lev) {
  for (int i = 0; i < a->n; ++i)
    if (a->lev[i] == lev)
      return a->c[i];
  return 0;
}

/* *dst += k * src */
static void affAddScaled(AriFeatWork *w, Aff *dst, const Aff *src, int64_t k) {
  for (int i = 0; i < src->n; ++i)
    affAdd(w, dst, src->lev[i], src->c[i] * k);
  dst->k += src->k * k;
  dst->irregular |= src->irregular;
}

/*=== Values ===============================================================*/

static Val *newVal(AriFeatWork *w, ValKind kind, int level, const AriType *type) {
  Val *v = alloc(w, sizeof *v);
  if (!v)
    return NULL;
  v->kind = kind;
  v->level = level;
  v->type = type;
  v->idx = NULL;
  v->a = v->b = NULL;
  v->term = NULL;
  v->xs = v->forced = NULL;
  v->env = v->home = NULL;
  v->fusable = v->fusedOnce = false;
  v->rank = 0;
  v->off.n = 0;
  v->off.k = 0;
  v->off.irregular = false;
  return v;
}

static Val *copyVal(AriFeatWork *w, const Val *v) {
  Val *c = alloc(w, sizeof *c);
  if (c)
    *c = *v;
  return c;
}

static Val *newReg(AriFeatWork *w, int level, const AriType *type) {
  return newVal(w, V_REG, level, type);
}

static Scope *newScope(AriFeatWork *w, Scope *parent, int level, Val *binder) {
  Scope *s = alloc(w, sizeof *s);
  if (!s)
    return NULL;
  s->parent = parent;
  s->id = w->nextScope++;
  s->level = level;
  s->binder = binder;
  return s;
}

static int newBuf(AriFeatWork *w, uint8_t kind, double bytes, int homeLevel) {
  if (!grow(w, (void **)&w->bufs, &w->capBufs, w->numBufs + 1, sizeof *w->bufs))
    return -1;
  Buf *b = &w->bufs[w->numBufs];
  memset(b, 0, sizeof *b);
  b->bytes = bytes;
  b->level = homeLevel;
  b->kind = (AriFeatBufKind)kind;
  return (int)w->numBufs++;
}

/* A row-major view of a fresh buffer of type t; pairs under the arrays
 * become a pair of views (arrays of pairs are kept as pairs of arrays). */
static Val *bufView(AriFeatWork *w, const AriType *t, int buf, int level, int64_t *offset) {
  int rank;
  const AriType *leaf = leafOf(t, &rank);
  if (!leaf)
    return NULL;
  if (rank > ARI_FEAT_MAX_RANK) {
    fail(w, ARI_FEAT_ERR_TOO_DEEP, "array rank above ARI_FEAT_MAX_RANK", NULL);
    return NULL;
  }
  if (ariTypeKind(leaf) == ARI_TYPE_PAIR) {
    /* n.(a x b) -> (n.a) x (n.b), same buffer, the second after the first */
    const AriType *fa = ariTypeFirst(leaf), *fb = ariTypeSecond(leaf);
    const AriType *ta = fa, *tb = fb;
    const AriType *dims[ARI_FEAT_MAX_RANK];
    const AriType *u = t;
    for (int i = 0; i < rank; ++i, u = ariTypeElem(u))
      dims[i] = u;
    for (int i = rank - 1; i >= 0; --i) {
      ta = ariTypeArray(w->s, ariTypeSize(dims[i]), ta);
      tb = ariTypeArray(w->s, ariTypeSize(dims[i]), tb);
    }
    if (!ta || !tb) {
      fail(w, ARI_FEAT_ERR_NOMEM, "out of memory", NULL);
      return NULL;
    }
    Val *p = newVal(w, V_PAIR, level, t);
    if (!p)
      return NULL;
    p->a = bufView(w, ta, buf, level, offset);
    p->b = bufView(w, tb, buf, level, offset);
    return p->a && p->b ? p : NULL;
  }
  Val *v = newVal(w, V_MEM, level, t);
  if (!v)
    return NULL;
  v->buf = buf;
  v->rank = rank;
  bool vec = ariTypeKind(leaf) == ARI_TYPE_VECTOR;
  v->lanes = vec ? (int)ariTypeSize(leaf) : 1;
  v->laneStride = 1;
  v->elemBytes = scalarBytes(vec ? ariTypeElem(leaf) : leaf);
  int64_t stride = v->lanes;
  const AriType *u = t;
  for (int i = 0; i < rank; ++i, u = ariTypeElem(u))
    v->ext[i] = ariTypeSize(u);
  for (int i = rank - 1; i >= 0; --i) {
    v->coef[i] = stride;
    stride *= v->ext[i];
  }
  v->off.k = *offset;
  *offset += stride;
  return v;
}

static Val *bufFor(AriFeatWork *w, uint8_t kind, const AriType *t, int homeLevel) {
  int b = newBuf(w, kind, typeBytes(t), homeLevel);
  int64_t off = 0;
  return b < 0 ? NULL : bufView(w, t, b, homeLevel, &off);
}

/*=== Levels, ops, accesses ================================================*/

static bool isParKind(AriPatternKind k) {
  return k == ARI_PAT_PAR || k == ARI_PAT_GLOBAL || k == ARI_PAT_WORKGROUP ||
         k == ARI_PAT_LOCAL;
}

static int newLevel(AriFeatWork *w, int parent, AriFeatLoop loop, AriPatternKind pattern,
                    int64_t extent, int64_t vecWidth) {
  if (!grow(w, (void **)&w->levels, &w->capLevels, w->numLevels + 1, sizeof *w->levels))
    return -1;
  AriFeatLevel *l = &w->levels[w->numLevels];
  memset(l, 0, sizeof *l);
  l->loop = loop;
  l->pattern = pattern;
  l->parent = parent;
  l->extent = extent;
  l->vecWidth = vecWidth;
  if (parent >= 0) {
    const AriFeatLevel *p = &w->levels[parent];
    l->depth = p->depth + 1;
    l->outerTrips = p->trips;
    l->parallel = p->parallel * (isParKind(pattern) ? (double)extent : 1);
  } else {
    l->outerTrips = 1;
    l->parallel = 1;
  }
  l->trips = l->outerTrips * (double)extent;
  return (int)w->numLevels++;
}

/* The innermost parallel level at or above `level` (0 if none). */
static int parLevelOf(const AriFeatWork *w, int level) {
  for (int l = level; l > 0; l = w->levels[l].parent)
    if (isParKind(w->levels[l].pattern))
      return l;
  return 0;
}

/* An allocation of `bytes` whose buffer lives at `level`: executed once per
 * iteration of the innermost enclosing parallel level. On the heap as the
 * lowering places it: to_mem and rings when global or over 256 KiB
 * (ARI_LOWER_MAX_STACK_BYTES), temporaries (`temp`: materialised maps,
 * accumulators) at function level or over 64 KiB. */
static void chargeAlloc(AriFeatWork *w, int level, double bytes, bool global, bool temp) {
  int p = parLevelOf(w, level);
  AriFeatLevel *l = &w->levels[p];
  double n = p ? l->trips : 1;
  l->allocs += n;
  bool heap = temp ? p == 0 || bytes > 64.0 * 1024 : global || bytes > 256.0 * 1024;
  if (heap)
    l->heapAllocs += n;
}

enum { ACC_UNIT, ACC_STRIDED, ACC_INVARIANT, ACC_GATHER };

static void record(AriFeatWork *w, const Val *m, int level, bool store) {
  if (!grow(w, (void **)&w->acc, &w->capAcc, w->numAcc + 1, sizeof *w->acc))
    return;
  Access *a = &w->acc[w->numAcc++];
  a->buf = m->buf;
  a->level = level;
  a->bytes = m->elemBytes * m->lanes;
  a->store = store;
  a->off = m->off;
  a->lanes = m->lanes;
  AriFeatLevel *l = &w->levels[level];
  if (m->laneStride != 1) {
    a->off.irregular = true; /* lanes gathered one by one */
    l->gatherLanes += (double)m->lanes * l->trips;
  }
  double bytes = a->bytes * l->trips;
  if (store) {
    l->bytesStored += bytes;
    w->bufs[a->buf].stored += bytes;
  } else {
    l->bytesLoaded += bytes;
    w->bufs[a->buf].loaded += bytes;
  }
  int64_t c = affCoef(&a->off, level);
  if (a->off.irregular)
    l->bytesGather += bytes;
  else if (l->extent == 1) /* one iteration: no stride to speak of */
    l->bytesUnit += bytes;
  else if (c == 0)
    l->bytesInvariant += bytes;
  else if (c == m->lanes || c == -m->lanes)
    l->bytesUnit += bytes;
  else {
    l->bytesStrided += bytes;
    /* Steps into a new page. In a reduction, every step of a page or
     * more (a column of a row-major matrix: session 11's rule, which
     * also catches strides of 4 KiB that alias in one L1 set). And in
     * any loop, a stride under a page whose one pass walks more pages
     * than the first-level TLB holds (64): they are not hot when the loop
     * comes round again, and each step crosses into a new one with
     * probability stride / page (matmul 1000^3's columns, 4000 B apart).
     * Far-apart strides in maps are left out: a few such streams (an
     * image's 3 planes) stay hot, and counting them made Harris's
     * 2-thread pick single-threaded (6-12 ms -> 52 ms). */
    double stride = (double)(c < 0 ? -c : c) * m->elemBytes;
    double perStep = stride < 4096 ? stride / 4096 : 1;
    if ((stride >= 4096 && l->loop == ARI_FEAT_LOOP_REDUCE) ||
        (stride < 4096 && (double)l->extent * perStep > 64))
      l->pageSteps += l->trips * perStep;
  }
}

/* Op classes and what rise-stats counts for them (dialect/lib/work.c). */
/* OPF_LIBM: lowered to a call of the C library's function, one per lane
 * (LLVM scalarises the vector forms without a vector math library); sqrt
 * and rsqrt are instructions. */
enum { OPF_FLOP1 = 1 << 8, OPF_FLOP2 = 1 << 9, OPF_TRANS = 1 << 10, OPF_LIBM = 1 << 11 };

static const struct {
  const char *name;
  uint16_t info;
} kOps[] = {
    {"arith.addf", ARI_FEAT_OPC_ADD | OPF_FLOP1},
    {"arith.subf", ARI_FEAT_OPC_ADD | OPF_FLOP1},
    {"arith.addi", ARI_FEAT_OPC_ADD},
    {"arith.subi", ARI_FEAT_OPC_ADD},
    {"arith.mulf", ARI_FEAT_OPC_MUL | OPF_FLOP1},
    {"arith.muli", ARI_FEAT_OPC_MUL},
    {"arith.divf", ARI_FEAT_OPC_DIV | OPF_FLOP1},
    {"arith.remf", ARI_FEAT_OPC_DIV | OPF_FLOP1},
    {"arith.divsi", ARI_FEAT_OPC_DIV},
    {"arith.divui", ARI_FEAT_OPC_DIV},
    {"arith.remsi", ARI_FEAT_OPC_DIV},
    {"arith.remui", ARI_FEAT_OPC_DIV},
    {"arith.ceildivsi", ARI_FEAT_OPC_DIV},
    {"arith.ceildivui", ARI_FEAT_OPC_DIV},
    {"arith.floordivsi", ARI_FEAT_OPC_DIV},
    {"math.fma", ARI_FEAT_OPC_FMA | OPF_FLOP2},
    {"arith.maximumf", ARI_FEAT_OPC_MINMAX | OPF_FLOP1},
    {"arith.minimumf", ARI_FEAT_OPC_MINMAX | OPF_FLOP1},
    {"arith.maxnumf", ARI_FEAT_OPC_MINMAX | OPF_FLOP1},
    {"arith.minnumf", ARI_FEAT_OPC_MINMAX | OPF_FLOP1},
    {"arith.maxsi", ARI_FEAT_OPC_MINMAX},
    {"arith.minsi", ARI_FEAT_OPC_MINMAX},
    {"arith.maxui", ARI_FEAT_OPC_MINMAX},
    {"arith.minui", ARI_FEAT_OPC_MINMAX},
    {"arith.cmpf", ARI_FEAT_OPC_CMP | OPF_FLOP1},
    {"arith.cmpi", ARI_FEAT_OPC_CMP},
    {"arith.select", ARI_FEAT_OPC_SELECT},
    {"arith.extf", ARI_FEAT_OPC_CAST},
    {"arith.truncf", ARI_FEAT_OPC_CAST},
    {"arith.sitofp", ARI_FEAT_OPC_CAST},
    {"arith.uitofp", ARI_FEAT_OPC_CAST},
    {"arith.fptosi", ARI_FEAT_OPC_CAST},
    {"arith.fptoui", ARI_FEAT_OPC_CAST},
    {"arith.extsi", ARI_FEAT_OPC_CAST},
    {"arith.extui", ARI_FEAT_OPC_CAST},
    {"arith.trunci", ARI_FEAT_OPC_CAST},
    {"arith.index_cast", ARI_FEAT_OPC_CAST},
    {"arith.index_castui", ARI_FEAT_OPC_CAST},
    {"arith.bitcast", ARI_FEAT_OPC_CAST},
    {"arith.andi", ARI_FEAT_OPC_BITS},
    {"arith.ori", ARI_FEAT_OPC_BITS},
    {"arith.xori", ARI_FEAT_OPC_BITS},
    {"arith.shli", ARI_FEAT_OPC_BITS},
    {"arith.shrsi", ARI_FEAT_OPC_BITS},
    {"arith.shrui", ARI_FEAT_OPC_BITS},
    {"arith.negf", ARI_FEAT_OPC_UNARY | OPF_FLOP1},
    {"math.absf", ARI_FEAT_OPC_UNARY | OPF_FLOP1},
    {"math.absi", ARI_FEAT_OPC_UNARY},
    {"math.copysign", ARI_FEAT_OPC_UNARY | OPF_FLOP1},
    {"math.floor", ARI_FEAT_OPC_UNARY | OPF_FLOP1},
    {"math.ceil", ARI_FEAT_OPC_UNARY | OPF_FLOP1},
    {"math.round", ARI_FEAT_OPC_UNARY | OPF_FLOP1},
    {"math.exp", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.exp2", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.expm1", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.log", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.log2", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.log10", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.log1p", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.sqrt", ARI_FEAT_OPC_TRANS | OPF_TRANS},
    {"math.rsqrt", ARI_FEAT_OPC_TRANS | OPF_TRANS},
    {"math.sin", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.cos", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.tan", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.tanh", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.atan", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.atan2", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.powf", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.erf", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
    {"math.cbrt", ARI_FEAT_OPC_TRANS | OPF_TRANS | OPF_LIBM},
};

/* Classified once per symbol and call: the memo is keyed by symbol id,
 * which is per store, so entries of earlier calls (perhaps another store)
 * are told apart by the call's generation instead of being cleared. */
static uint16_t opInfo(AriFeatWork *w, const AriSym *sym) {
  uint32_t id = ariSymId(sym);
  size_t old = w->capOpInfo;
  if (id < 65536 && id >= old &&
      grow(w, (void **)&w->opInfo, &w->capOpInfo, (size_t)id + 1, sizeof *w->opInfo))
    memset(w->opInfo + old, 0, (w->capOpInfo - old) * sizeof *w->opInfo);
  OpMemo *slot = id < w->capOpInfo ? &w->opInfo[id] : NULL;
  if (slot && slot->gen == w->gen)
    return slot->info;
  uint16_t info = ARI_FEAT_OPC_OTHER;
  const char *n = ariSymStr(sym);
  for (size_t i = 0; i < sizeof kOps / sizeof *kOps; ++i)
    if (!strcmp(kOps[i].name, n)) {
      info = kOps[i].info;
      break;
    }
  if (slot) {
    slot->gen = w->gen;
    slot->info = info;
  }
  return info;
}

static int scalarClass(const AriType *t) {
  if (!t)
    return ARI_FEAT_TY_F32;
  if (ariTypeKind(t) == ARI_TYPE_VECTOR)
    t = ariTypeElem(t);
  if (ariTypeKind(t) != ARI_TYPE_SCALAR)
    return ARI_FEAT_TY_F32;
  if (ariTypeIsIndexT(t))
    return ARI_FEAT_TY_INDEX;
  unsigned b = ariTypeBitWidth(t);
  if (ariTypeIsFloat(t))
    return b <= 16 ? ARI_FEAT_TY_F16 : b <= 32 ? ARI_FEAT_TY_F32 : ARI_FEAT_TY_F64;
  return b == 1 ? ARI_FEAT_TY_I1 : b <= 32 ? ARI_FEAT_TY_I32 : ARI_FEAT_TY_I64;
}

static void chargeOp(AriFeatWork *w, const AriTerm *t, int level) {
  uint16_t info = opInfo(w, ariTermSym(t));
  int cls = info & 0xff;
  const AriType *rt = ariTermType(t);
  if (ariTypeKind(rt) == ARI_TYPE_PAIR)
    rt = ariTypeFirst(rt);
  const AriType *operand = ariTermNumKids(t) ? ariTermType(ariTermKid(t, 0)) : NULL;
  int ty = scalarClass(cls == ARI_FEAT_OPC_CMP && operand ? operand : rt);
  double lanes =
      operand && ariTypeKind(operand) == ARI_TYPE_VECTOR ? (double)ariTypeSize(operand) : 1;
  AriFeatLevel *l = &w->levels[level];
  double n = lanes * l->trips;
  /* in a map vec, scalar ops run as lanes of the vec level's width */
  double width = lanes;
  for (int p = level; width == 1 && p > 0; p = w->levels[p].parent)
    if (w->levels[p].pattern == ARI_PAT_VEC)
      width = (double)w->levels[p].vecWidth;
  if (width > 1)
    l->vectorOps += n;
  l->laneOps += n * width;
  l->ops[cls][ty] += n;
  w->hist[cls][ty] += n;
  l->opsTotal += n;
  if (info & OPF_FLOP1)
    l->flops += n;
  if (info & OPF_FLOP2)
    l->flops += 2 * n;
  if (info & OPF_TRANS)
    l->transcendentals += n;
  if (info & OPF_LIBM)
    l->libmCalls += n;
  if (ty == ARI_FEAT_TY_INDEX || ty == ARI_FEAT_TY_I1 || ty == ARI_FEAT_TY_I32 ||
      ty == ARI_FEAT_TY_I64)
    l->intOps += n;
}

/*=== The evaluation =======================================================*/

static Val *eval(AriFeatWork *w, AriTerm *t, Scope *env);

/* A map as it reads right inside the binder its innermost free variable
 * belongs to (its free indices lowered by its smallest one): the same map
 * read at two depths -- a row's exp map read by the row's sum and, through
 * the sum's value, inside the division's lambda (softmax) -- is two nodes,
 * the second a shifted copy, and one value. The export lets it float to
 * that binder (search/mlir/term_export.c) and computes it once, as the
 * import of the written program does. NULL when out of memory. */
static AriTerm *canonMap(AriFeatWork *w, AriTerm *t) {
  int32_t m = ariTermMinFree(t);
  if (ariTermKind(t) != ARI_TERM_MAP || m <= 0)
    return t;
  AriTerm *c = ariTermShift(w->s, t, -m, 0);
  if (!c)
    fail(w, ARI_FEAT_ERR_NOMEM, "out of memory", t);
  return c;
}

/* The key of t's use count: its node; for a map, its canonical form and
 * the depth (binders from the root) of the binder it belongs to. */
static uint64_t useKey(AriFeatWork *w, AriTerm *t, uint32_t binders) {
  if (ariTermKind(t) != ARI_TERM_MAP)
    return ariTermId(t);
  AriTerm *c = canonMap(w, t);
  int32_t m = ariTermMinFree(t);
  uint32_t level = m < 0 ? 0 : binders - (uint32_t)m;
  return c ? (uint64_t)1 << 63 | (uint64_t)ariTermId(c) << 24 | (level & 0xffffff) : UINT64_MAX;
}

static Val *elementOf(AriFeatWork *w, Val *v, int level, Scope *at);
static bool writeInto(AriFeatWork *w, Val *r, Val *d, int level);
static bool materialise(AriFeatWork *w, Val *lazy, Val *dest, int at);

static Val *apply(AriFeatWork *w, AriTerm *body, Scope *env, int level, Val *arg);

/* The value of v, computing a fused element when it is first used. */
static Val *resolve(AriFeatWork *w, Val *v) {
  while (v && v->kind == V_THUNK) {
    if (!v->forced)
      v->forced = apply(w, v->term, v->env, v->level, v->xs);
    v = v->forced;
  }
  return v;
}

/* A scalar operand: an element still in memory is loaded now, once (the
 * value becomes a register; every later use shares it). Returns the value
 * (resolved), NULL on error. */
static Val *forceScalar(AriFeatWork *w, Val *v) {
  v = resolve(w, v);
  if (!v)
    return NULL;
  switch (v->kind) {
  case V_MEM:
    if (v->rank == 0) {
      record(w, v, v->level, false);
      v->kind = V_REG;
      v->idx = NULL;
    }
    return v;
  case V_PAIR:
    return forceScalar(w, v->a) && forceScalar(w, v->b) ? v : NULL;
  case V_LAZY:
    return materialise(w, v, NULL, -1) ? v : NULL;
  default:
    return v;
  }
}

/* The scope of t's innermost free variable (the smallest index: the level
 * it is computed at). */
static Scope *homeOf(AriFeatWork *w, const AriTerm *t, Scope *env) {
  int32_t m = ariTermMinFree(t);
  if (m < 0)
    return w->top;
  Scope *s = env;
  for (int32_t i = 0; i < m && s; ++i)
    s = s->parent;
  return s && s != w->top ? s : NULL;
}

static AriTerm *lamBody(AriFeatWork *w, AriTerm *f, const AriTerm *at) {
  if (!f || ariTermKind(f) != ARI_TERM_LAM) {
    fail(w, ARI_FEAT_ERR_UNSUPPORTED, "function argument is not a lambda", at);
    return NULL;
  }
  return ariTermKid(f, 0);
}

/* Applies `body` (a lambda's body) to `arg` at `level`, in env. */
static Val *apply(AriFeatWork *w, AriTerm *body, Scope *env, int level, Val *arg) {
  Scope *s = newScope(w, env, level, arg);
  if (!s)
    return NULL;
  Scope *outer = w->block;
  w->block = s;
  Val *v = eval(w, body, s);
  w->block = outer;
  return v;
}

/* Whether scope d is s or nested in it. */
static bool within(const Scope *d, const Scope *s) {
  for (; d; d = d->parent)
    if (d == s)
      return true;
  return false;
}

/* Lazy map/generate: its elements computed where they are read. Into a
 * temporary at its home, or into `dest` by a loop at level `at` (the
 * writer's level: nested in the home, or the home itself): a to_mem that
 * stands inside a loop fills its buffer once per iteration, whatever the
 * home of what it stores. */
static bool materialise(AriFeatWork *w, Val *v, Val *dest, int at) {
  if (v->kind != V_LAZY)
    return dest ? writeInto(w, v, dest, v->level) : resolve(w, v) != NULL;
  AriTerm *t = v->term;
  int home = dest && at >= 0 ? at : v->home->level;
  bool isMap = ariTermKind(t) == ARI_TERM_MAP;
  if (!dest) {
    dest = bufFor(w, BUF_TEMP, v->type, home);
    if (!dest)
      return false;
    double bytes = typeBytes(v->type);
    w->levels[home].tempBytes += bytes;
    chargeAlloc(w, home, bytes, false, true);
    w->materialised += 1;
  }
  AriPatternKind pk = isMap ? ariTermPatternKind(t) : ARI_PAT_SEQ;
  int lv = newLevel(w, home, isMap ? ARI_FEAT_LOOP_MAP : ARI_FEAT_LOOP_GENERATE, pk,
                    ariTypeSize(v->type), 1);
  if (lv < 0)
    return false;
  AriTerm *body = lamBody(w, ariTermKid(t, 0), t);
  if (!body)
    return false;
  Val *arg;
  if (isMap) {
    arg = elementOf(w, v->xs, lv, v->home);
  } else {
    arg = newReg(w, lv, w->indexType);
    if (arg && (arg->idx = alloc(w, sizeof(Aff))) != NULL) {
      arg->idx->n = 0;
      arg->idx->k = 0;
      arg->idx->irregular = false;
      affAdd(w, arg->idx, lv, 1);
    }
  }
  if (!arg)
    return false;
  Val *r = apply(w, body, v->env, lv, arg);
  Val *de = elementOf(w, dest, lv, NULL);
  if (!r || !de || !writeInto(w, r, de, lv))
    return false;
  /* readers from now on read the buffer */
  int level = v->level;
  *v = *dest;
  v->level = level;
  return true;
}

/* Writes value r into the view d, at `level`. */
static bool writeInto(AriFeatWork *w, Val *r, Val *d, int level) {
  r = resolve(w, r);
  if (!r || !d)
    return false;
  if (r->kind == V_LAZY && ariTypeHoldsArray(r->type)) {
    /* computed in place when it belongs to this level; a lazy value from
     * an enclosing level (captured by this lambda) is computed there once,
     * into a temporary, then copied */
    if (r->home->level == level)
      return materialise(w, r, d, level);
    if (!materialise(w, r, NULL, -1))
      return false;
  }
  if (d->kind == V_PAIR) {
    if (r->kind == V_PAIR)
      return writeInto(w, r->a, d->a, level) && writeInto(w, r->b, d->b, level);
    return writeInto(w, r, d->a, level) && writeInto(w, r, d->b, level);
  }
  if (d->rank == 0) {
    if (!forceScalar(w, r))
      return false;
    record(w, d, level, true);
    return true;
  }
  /* a vector in memory (an element of an as_vector view) written into
   * the array of its lanes (an as_scalar acceptor): loaded once, then its
   * lanes stored as a register's */
  if (r->kind == V_MEM && r->rank == 0 && !forceScalar(w, r))
    return false;
  /* an array already computed (a view, registers): copied element-wise */
  int c = newLevel(w, level, ARI_FEAT_LOOP_COPY, ARI_PAT_SEQ, d->ext[0], 1);
  if (c < 0)
    return false;
  return writeInto(w, elementOf(w, r, c, NULL), elementOf(w, d, c, NULL), c);
}

/* A fused element: body applied to arg at `level`, when first used. */
static Val *thunk(AriFeatWork *w, AriTerm *body, Scope *env, int level, Val *arg) {
  Val *t = newVal(w, V_THUNK, level, NULL);
  if (t) {
    t->term = body;
    t->env = env;
    t->xs = arg;
  }
  return t;
}

/* Element i of array value v, i the index of loop `level`; `at` is the
 * scope of the reader (a lazy map of that scope, used once, is fused). */
static Val *elementOf(AriFeatWork *w, Val *v, int level, Scope *at) {
  v = resolve(w, v);
  if (!v)
    return NULL;
  switch (v->kind) {
  case V_MEM: {
    if (v->rank == 0) {
      fail(w, ARI_FEAT_ERR_UNSUPPORTED, "element of a non-array", NULL);
      return NULL;
    }
    Val *e = copyVal(w, v);
    if (!e)
      return NULL;
    e->level = level;
    e->type = ariTypeKind(v->type) == ARI_TYPE_ARRAY ? ariTypeElem(v->type) : v->type;
    affAdd(w, &e->off, level, v->coef[0]);
    e->rank--;
    memmove(e->ext, e->ext + 1, sizeof e->ext[0] * (size_t)e->rank);
    memmove(e->coef, e->coef + 1, sizeof e->coef[0] * (size_t)e->rank);
    return e;
  }
  case V_PAIR: {
    Val *p = newVal(w, V_PAIR, level,
                    ariTypeKind(v->type) == ARI_TYPE_ARRAY ? ariTypeElem(v->type) : v->type);
    if (!p)
      return NULL;
    p->a = elementOf(w, v->a, level, at);
    p->b = elementOf(w, v->b, level, at);
    return p->a && p->b ? p : NULL;
  }
  case V_LAZY: {
    bool isMap = ariTermKind(v->term) == ARI_TERM_MAP;
    if (!isMap || (v->fusable && v->home == at)) {
      if (!v->fusedOnce) {
        v->fusedOnce = true;
        w->fused += 1;
      }
      AriTerm *body = lamBody(w, ariTermKid(v->term, 0), v->term);
      if (!body)
        return NULL;
      Val *arg;
      if (isMap) {
        arg = elementOf(w, v->xs, level, v->home);
      } else {
        arg = newReg(w, level, w->indexType);
        if (arg && (arg->idx = alloc(w, sizeof(Aff))) != NULL) {
          memset(arg->idx, 0, sizeof *arg->idx);
          affAdd(w, arg->idx, level, 1);
        }
      }
      return arg ? thunk(w, body, v->env, level, arg) : NULL;
    }
    if (!materialise(w, v, NULL, -1))
      return NULL;
    return elementOf(w, v, level, at);
  }
  case V_REGS: {
    if (!v->type) /* no element of a value without a type (a scalar's lane) */
      return NULL;
    const AriType *et = ariTypeElem(v->type);
    return newVal(w, et && ariTypeHoldsArray(et) ? V_REGS : V_REG, level, et);
  }
  case V_REG:
    /* a lane of a vector in registers; a value without a type (itself
     * a scalar's lane) has none: no features, not a crash */
    if (!v->type)
      return NULL;
    return newReg(w, level, ariTypeElem(v->type));
  case V_THUNK: /* resolved above */
    break;
  }
  return NULL;
}

/* View op `kind` (attributes a0, a1; result type rt) applied to v; lazy
 * values are materialised first. */
static Val *viewK(AriFeatWork *w, AriTermKind kind, int64_t a0, int64_t a1, const AriType *rt,
                  Val *v) {
  v = resolve(w, v);
  if (!v)
    return NULL;
  if (v->kind == V_LAZY && !materialise(w, v, NULL, -1))
    return NULL;
  if (v->kind == V_PAIR) {
    Val *p = newVal(w, V_PAIR, v->level, rt);
    if (!p)
      return NULL;
    p->a = viewK(w, kind, a0, a1, rt, v->a);
    p->b = viewK(w, kind, a0, a1, rt, v->b);
    return p->a && p->b ? p : NULL;
  }
  if (v->kind != V_MEM) {
    Val *r = newVal(w, v->kind == V_REGS ? V_REGS : V_REG, v->level, rt);
    return r;
  }
  Val *e = copyVal(w, v);
  if (!e)
    return NULL;
  e->type = rt;
  int r = e->rank;
  switch (kind) {
  case ARI_TERM_SPLIT: {
    if (r + 1 > ARI_FEAT_MAX_RANK || r < 1)
      goto deep;
    int64_t n = a0;
    memmove(e->ext + 1, e->ext, sizeof e->ext[0] * (size_t)r);
    memmove(e->coef + 1, e->coef, sizeof e->coef[0] * (size_t)r);
    e->ext[0] = v->ext[0] / n;
    e->coef[0] = v->coef[0] * n;
    e->ext[1] = n;
    e->rank++;
    break;
  }
  case ARI_TERM_JOIN:
    if (r < 2)
      goto deep;
    if (e->coef[0] != e->coef[1] * e->ext[1])
      e->off.irregular = true;
    e->ext[1] *= e->ext[0];
    memmove(e->ext, e->ext + 1, sizeof e->ext[0] * (size_t)(r - 1));
    memmove(e->coef, e->coef + 1, sizeof e->coef[0] * (size_t)(r - 1));
    e->rank--;
    break;
  case ARI_TERM_TRANSPOSE:
    if (r < 2)
      goto deep;
    e->ext[0] = v->ext[1];
    e->ext[1] = v->ext[0];
    e->coef[0] = v->coef[1];
    e->coef[1] = v->coef[0];
    break;
  case ARI_TERM_SLIDE: {
    if (r + 1 > ARI_FEAT_MAX_RANK || r < 1)
      goto deep;
    int64_t size = a0, step = a1;
    memmove(e->ext + 1, e->ext, sizeof e->ext[0] * (size_t)r);
    memmove(e->coef + 1, e->coef, sizeof e->coef[0] * (size_t)r);
    e->ext[0] = (v->ext[0] - size) / step + 1;
    e->coef[0] = v->coef[0] * step;
    e->ext[1] = size;
    e->rank++;
    break;
  }
  case ARI_TERM_PAD_CST:
  case ARI_TERM_PAD_CLAMP:
    if (r < 1)
      goto deep;
    /* the clamp or the constant at the borders is ignored: x[i - left] */
    e->ext[0] += a0 + a1;
    e->off.k -= a0 * e->coef[0];
    break;
  case ARI_TERM_AS_VECTOR: {
    if (r < 1)
      goto deep;
    int64_t wd = a0;
    e->laneStride = e->coef[r - 1];
    e->lanes = (int)wd;
    e->ext[r - 1] /= wd;
    e->coef[r - 1] *= wd;
    break;
  }
  case ARI_TERM_AS_SCALAR:
    if (r < 1)
      goto deep;
    e->ext[r - 1] *= e->lanes;
    e->coef[r - 1] = e->laneStride;
    e->lanes = 1;
    e->laneStride = 1;
    break;
  default:
    break;
  }
  return e;
deep:
  fail(w, ARI_FEAT_ERR_UNSUPPORTED, "view of a value of unexpected rank", NULL);
  return NULL;
}

static Val *view(AriFeatWork *w, const AriTerm *t, Val *v) {
  unsigned na = ariTermNumAttrs(t);
  return viewK(w, ariTermKind(t), na > 0 ? ariTermAttr(t, 0) : 0, na > 1 ? ariTermAttr(t, 1) : 0,
               ariTermType(t), v);
}

/* xs[i] for a scalar index value i. */
static Val *indexInto(AriFeatWork *w, Val *xs, Val *i, int level, Scope *at) {
  xs = resolve(w, xs);
  if (!xs)
    return NULL;
  switch (xs->kind) {
  case V_MEM: {
    if (xs->rank == 0)
      break;
    Val *e = copyVal(w, xs);
    if (!e)
      return NULL;
    e->level = level;
    e->type = ariTypeElem(xs->type);
    if (i->idx)
      affAddScaled(w, &e->off, i->idx, xs->coef[0]);
    else
      e->off.irregular = true;
    e->rank--;
    memmove(e->ext, e->ext + 1, sizeof e->ext[0] * (size_t)e->rank);
    memmove(e->coef, e->coef + 1, sizeof e->coef[0] * (size_t)e->rank);
    return e;
  }
  case V_PAIR: {
    Val *p = newVal(w, V_PAIR, level, ariTypeElem(xs->type));
    if (!p)
      return NULL;
    p->a = indexInto(w, xs->a, i, level, at);
    p->b = indexInto(w, xs->b, i, level, at);
    return p->a && p->b ? p : NULL;
  }
  case V_LAZY: {
    bool isMap = ariTermKind(xs->term) == ARI_TERM_MAP;
    if (!isMap || (xs->fusable && xs->home == at)) {
      AriTerm *body = lamBody(w, ariTermKid(xs->term, 0), xs->term);
      if (!body)
        return NULL;
      Val *arg = isMap ? indexInto(w, xs->xs, i, level, xs->home) : i;
      return arg ? thunk(w, body, xs->env, level, arg) : NULL;
    }
    if (!materialise(w, xs, NULL, -1))
      return NULL;
    return indexInto(w, xs, i, level, at);
  }
  default:
    return elementOf(w, xs, level, at);
  }
  fail(w, ARI_FEAT_ERR_UNSUPPORTED, "idx of a non-array", NULL);
  return NULL;
}

/* The affine value of an index op, when its operands have one. */
static Aff *indexArith(AriFeatWork *w, const AriTerm *t, Val **ops, unsigned n) {
  const char *name = ariSymStr(ariTermSym(t));
  if (n == 0 || !ops[0]->idx)
    return NULL;
  Aff *r = alloc(w, sizeof *r);
  if (!r)
    return NULL;
  *r = *ops[0]->idx;
  if (n == 1 && (!strcmp(name, "arith.index_cast") || !strcmp(name, "arith.index_castui")))
    return r;
  if (n != 2 || !ops[1]->idx)
    return NULL;
  const Aff *b = ops[1]->idx;
  if (!strcmp(name, "arith.addi"))
    affAddScaled(w, r, b, 1);
  else if (!strcmp(name, "arith.subi"))
    affAddScaled(w, r, b, -1);
  else if (!strcmp(name, "arith.muli") && b->n == 0)
    *r = (Aff){0}, affAddScaled(w, r, ops[0]->idx, b->k);
  else if (!strcmp(name, "arith.muli") && ops[0]->idx->n == 0)
    *r = (Aff){0}, affAddScaled(w, r, b, ops[0]->idx->k);
  else
    return NULL;
  return r;
}

/* Does t use the variable bound `k` lambdas out (de Bruijn index k)? */
static bool usesVar(const AriTerm *t, uint32_t k, int depth) {
  if (depth > 256)
    return true;
  if (ariTermKind(t) == ARI_TERM_VAR)
    return ariTermVarIndex(t) == k;
  uint32_t inner = ariTermKind(t) == ARI_TERM_LAM ? k + 1 : k;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    if (usesVar(ariTermKid(t, i), inner, depth + 1))
      return true;
  return false;
}

/* Is `body` (of \acc. \x. body) `op(acc, e)` or `op(e, acc)`, op exactly
 * associative and commutative (AriFeatLevel.exactStep), e free of acc? */
static bool exactStep(const AriTerm *body) {
  static const char *const ops[] = {"arith.maximumf", "arith.minimumf", "arith.maxnumf",
                                    "arith.minnumf",  "arith.addi",     "arith.muli",
                                    "arith.andi",     "arith.ori",      "arith.xori",
                                    "arith.maxsi",    "arith.minsi",    "arith.maxui",
                                    "arith.minui"};
  if (ariTermKind(body) != ARI_TERM_OP || ariTermNumKids(body) != 2 || !ariTermSym(body))
    return false;
  const char *name = ariSymStr(ariTermSym(body));
  bool known = false;
  for (size_t i = 0; i < sizeof ops / sizeof *ops && !known; ++i)
    known = !strcmp(name, ops[i]);
  if (!known)
    return false;
  for (unsigned a = 0; a < 2; ++a) {
    const AriTerm *acc = ariTermKid(body, a), *e = ariTermKid(body, 1 - a);
    if (ariTermKind(acc) == ARI_TERM_VAR && ariTermVarIndex(acc) == 1 && !usesVar(e, 1, 0))
      return true;
  }
  return false;
}

/* map/reduce/ring loops evaluated now. */
static Val *evalReduce(AriFeatWork *w, AriTerm *t, Scope *env, Scope *home) {
  int hl = home->level;
  Val *init = eval(w, ariTermKid(t, 1), env);
  Val *xs = eval(w, ariTermKid(t, 2), env);
  if (!init || !xs)
    return NULL;
  AriTerm *f = ariTermKid(t, 0);
  AriTerm *inner = lamBody(w, f, t);
  AriTerm *body = inner ? lamBody(w, inner, t) : NULL;
  if (!body)
    return NULL;
  const AriType *xt = ariTermType(ariTermKid(t, 2));
  int64_t n = ariTypeSize(xt);
  bool vec = ariTypeKind(xt) == ARI_TYPE_VECTOR;
  int lv = newLevel(w, hl, ARI_FEAT_LOOP_REDUCE, ariTermPatternKind(t), n, vec ? n : 1);
  if (lv < 0)
    return NULL;
  Val *accv;
  const AriType *at = ariTermType(t);
  if (ariTypeHoldsArray(at)) {
    /* the accumulator lives in a buffer: init written into it once */
    accv = bufFor(w, BUF_TEMP, at, hl);
    if (!accv)
      return NULL;
    double bytes = typeBytes(at);
    w->levels[hl].tempBytes += bytes;
    chargeAlloc(w, hl, bytes, false, true);
    if (!writeInto(w, init, accv, hl))
      return NULL;
  } else {
    if (!forceScalar(w, init))
      return NULL;
    accv = newReg(w, lv, at);
    w->levels[lv].accLanes = typeSum(at, false);
    w->levels[lv].exactStep = exactStep(body);
  }
  Val *x = elementOf(w, xs, lv, home);
  Scope *s1 = x ? newScope(w, env, lv, accv) : NULL;
  Val *r = s1 ? apply(w, body, s1, lv, x) : NULL;
  if (!r)
    return NULL;
  if (ariTypeHoldsArray(at)) {
    Val *acc2 = copyVal(w, accv);
    if (!acc2 || !writeInto(w, r, acc2, lv))
      return NULL;
    return accv;
  }
  if (!forceScalar(w, r))
    return NULL;
  Val *res = newReg(w, hl, at);
  return res;
}

/* circular_buffer / rotate_values: the loads run once per input element. */
static Val *evalRing(AriFeatWork *w, AriTerm *t, Scope *env, Scope *home) {
  int hl = home->level;
  bool cbuf = ariTermKind(t) == ARI_TERM_CIRCULAR_BUFFER;
  Val *xs = eval(w, ariTermKid(t, 1), env);
  if (!xs)
    return NULL;
  AriTerm *body = lamBody(w, ariTermKid(t, 0), t);
  if (!body)
    return NULL;
  const AriType *xt = ariTermType(ariTermKid(t, 1));
  int lv = newLevel(w, hl, ARI_FEAT_LOOP_RING, ARI_PAT_SEQ, ariTypeSize(xt), 1);
  if (lv < 0)
    return NULL;
  Val *x = elementOf(w, xs, lv, home);
  Val *r = x ? apply(w, body, env, lv, x) : NULL;
  if (!r)
    return NULL;
  const AriType *rt = ariTermType(t); /* n.size.t */
  const AriType *slot = ariTypeElem(ariTypeElem(rt));
  if (!cbuf) {
    /* rotate_values: the window lives in registers */
    if (!forceScalar(w, r))
      return NULL;
    return newVal(w, V_REGS, hl, rt);
  }
  int64_t allocSlots = ariTermAttr(t, 1);
  const AriType *ringT = ariTypeArray(w->s, allocSlots, slot);
  Val *ring = ringT ? bufFor(w, BUF_RING, ringT, hl) : NULL;
  if (!ring)
    return NULL;
  double bytes = typeBytes(ringT);
  w->levels[hl].ringBytes += bytes;
  chargeAlloc(w, hl, bytes, ariTermAddr(t) == ARI_ADDR_GLOBAL, false);
  Val *slotv = elementOf(w, ring, lv, NULL);
  if (!slotv || !writeInto(w, r, slotv, lv))
    return NULL;
  /* window i, element j is slot (i + j) mod alloc */
  if (ring->kind != V_MEM || ring->rank + 1 > ARI_FEAT_MAX_RANK)
    return ring;
  Val *v = copyVal(w, ring);
  if (!v)
    return NULL;
  v->type = rt;
  memmove(v->ext + 1, v->ext, sizeof v->ext[0] * (size_t)v->rank);
  memmove(v->coef + 1, v->coef, sizeof v->coef[0] * (size_t)v->rank);
  v->ext[0] = ariTypeSize(rt);
  v->ext[1] = ariTermAttr(t, 2);
  v->coef[0] = v->coef[1];
  v->rank++;
  return v;
}

/* Peels the views that only rearrange an acceptor off a written value. */
static AriTerm *peelAcceptors(AriTerm *t) {
  while (t && (ariTermKind(t) == ARI_TERM_JOIN || ariTermKind(t) == ARI_TERM_SPLIT ||
               ariTermKind(t) == ARI_TERM_TRANSPOSE || ariTermKind(t) == ARI_TERM_AS_SCALAR))
    t = ariTermKid(t, 0);
  return t;
}

/* Writing `t` (an acceptor view of its kid) into d is writing the kid
 * into the inverse view of d. */
static Val *acceptorOf(AriFeatWork *w, const AriTerm *t, Val *d) {
  const AriType *kt = ariTermType(ariTermKid(t, 0));
  switch (ariTermKind(t)) {
  case ARI_TERM_JOIN:
    return viewK(w, ARI_TERM_SPLIT, ariTypeSize(ariTypeElem(kt)), 0, kt, d);
  case ARI_TERM_SPLIT:
    return viewK(w, ARI_TERM_JOIN, 0, 0, kt, d);
  case ARI_TERM_TRANSPOSE:
    return viewK(w, ARI_TERM_TRANSPOSE, 0, 0, kt, d);
  default: /* as_scalar */
    return viewK(w, ARI_TERM_AS_VECTOR, ariTypeSize(leafOf(kt, NULL)), 0, kt, d);
  }
}

/* Writes the value of term t (evaluated in env) into dest, in place when
 * it is a lazy map reached through acceptor views. */
static bool writeTerm(AriFeatWork *w, AriTerm *t, Scope *env, Val *dest, int level) {
  AriTerm *core = peelAcceptors(t);
  if (core != t && ariTermKind(core) == ARI_TERM_MAP) {
    Val *v = eval(w, core, env);
    if (!v)
      return false;
    if (v->kind == V_LAZY) {
      Val *d = dest;
      for (AriTerm *u = t; d && u != core; u = ariTermKid(u, 0))
        d = acceptorOf(w, u, d);
      return d && materialise(w, v, d, level);
    }
  }
  Val *v = eval(w, t, env);
  return v && writeInto(w, v, dest, level);
}

/* The views of one array operand (kid 0) and no other data: evaluated as
 * view() of it (pad_cst has a scalar too). */
static bool unaryView(AriTermKind k) {
  return k == ARI_TERM_SPLIT || k == ARI_TERM_JOIN || k == ARI_TERM_TRANSPOSE ||
         k == ARI_TERM_SLIDE || k == ARI_TERM_PAD_CLAMP || k == ARI_TERM_AS_VECTOR ||
         k == ARI_TERM_AS_SCALAR;
}

/* Is `t`, the body of a lambda, only a rearrangement of its parameter -- a
 * chain of views (split, join, transpose, slide, pads, as_vector,
 * as_scalar, maps of such) ending at the parameter (de Bruijn index
 * `var`)? The lowering reads a map of such a lambda (not par) in place,
 * whatever reads it (passes/lower's viewOnly): a per-row pad, say, is no
 * copy. */
static bool viewOnlyBody(const AriTerm *t, uint32_t var, int depth) {
  if (depth > 32)
    return false;
  if (unaryView(ariTermKind(t)))
    return viewOnlyBody(ariTermKid(t, 0), var, depth + 1);
  switch (ariTermKind(t)) {
  case ARI_TERM_VAR:
    return ariTermVarIndex(t) == var;
  case ARI_TERM_PAD_CST:
    return ariTermKind(ariTermKid(t, 1)) == ARI_TERM_CONST &&
           viewOnlyBody(ariTermKid(t, 0), var, depth + 1);
  case ARI_TERM_MAP: {
    const AriTerm *f = ariTermKid(t, 0);
    return !isParKind(ariTermPatternKind(t)) && ariTermKind(f) == ARI_TERM_LAM &&
           viewOnlyBody(ariTermKid(f, 0), 0, depth + 1) &&
           viewOnlyBody(ariTermKid(t, 1), var, depth + 1);
  }
  default:
    return false;
  }
}

/* `map f xs` with f a view-only lambda and xs in memory: the view f makes
 * of each element, with xs's outer dimension put back, as the lowering
 * reads it (no loop, no buffer); NULL where the result is not one view
 * (the caller then takes the map as any other). */
static Val *viewMap(AriFeatWork *w, AriTerm *t, Scope *env, int hl, Val *xs) {
  xs = resolve(w, xs);
  if (!xs || xs->kind != V_MEM || xs->rank < 1)
    return NULL;
  Val *row = copyVal(w, xs);
  if (!row)
    return NULL;
  row->rank--;
  memmove(row->ext, row->ext + 1, sizeof row->ext[0] * (size_t)row->rank);
  memmove(row->coef, row->coef + 1, sizeof row->coef[0] * (size_t)row->rank);
  row->type = ariTypeElem(xs->type);
  Val *r = resolve(w, apply(w, ariTermKid(ariTermKid(t, 0), 0), env, hl, row));
  if (!r || r->kind != V_MEM || r->rank + 1 > ARI_FEAT_MAX_RANK)
    return NULL;
  Val *e = copyVal(w, r);
  if (!e)
    return NULL;
  memmove(e->ext + 1, e->ext, sizeof e->ext[0] * (size_t)e->rank);
  memmove(e->coef + 1, e->coef, sizeof e->coef[0] * (size_t)e->rank);
  e->ext[0] = xs->ext[0];
  e->coef[0] = xs->coef[0];
  e->rank++;
  e->type = ariTermType(t);
  return e;
}

static Val *compute(AriFeatWork *w, AriTerm *t, Scope *env, Scope *home) {
  int hl = home->level;
  const AriType *ty = ariTermType(t);
  if (unaryView(ariTermKind(t)))
    return view(w, t, eval(w, ariTermKid(t, 0), env));
  switch (ariTermKind(t)) {
  case ARI_TERM_VAR: {
    Scope *s = env;
    for (uint32_t i = 0; i < ariTermVarIndex(t) && s; ++i)
      s = s->parent;
    if (!s || s == w->top || !s->binder) {
      fail(w, ARI_FEAT_ERR_BAD_TERM, "variable not bound by a pattern's lambda", t);
      return NULL;
    }
    return s->binder;
  }
  case ARI_TERM_LAM:
    fail(w, ARI_FEAT_ERR_UNSUPPORTED, "a lambda where data is expected", t);
    return NULL;
  case ARI_TERM_APP:
    fail(w, ARI_FEAT_ERR_UNSUPPORTED, "an application left after beta reduction", t);
    return NULL;
  case ARI_TERM_ARG:
    return newReg(w, hl, ty);
  case ARI_TERM_CONST: {
    Val *v = newReg(w, hl, ty);
    if (v && (ariTypeIsInt(ty) || ariTypeIsIndexT(ty)) && (v->idx = alloc(w, sizeof(Aff)))) {
      memset(v->idx, 0, sizeof *v->idx);
      v->idx->k = ariTermConstIntValue(t);
    }
    return v;
  }
  case ARI_TERM_IN: {
    uint32_t k = ariTermArgIndex(t);
    int b = k < 64 ? w->inBuf[k] : -1;
    if (b < 0) {
      b = newBuf(w, BUF_IN, typeBytes(ty), 0);
      if (b < 0)
        return NULL;
      if (k < 64)
        w->inBuf[k] = b;
    }
    int64_t off = 0;
    return bufView(w, ty, b, hl, &off);
  }
  case ARI_TERM_LITERAL: {
    int b = newBuf(w, BUF_LITERAL, typeBytes(ty), 0);
    int64_t off = 0;
    return b < 0 ? NULL : bufView(w, ty, b, hl, &off);
  }
  case ARI_TERM_OP: {
    unsigned n = ariTermNumKids(t);
    Val *ops[8];
    for (unsigned i = 0; i < n; ++i) {
      Val *o = forceScalar(w, eval(w, ariTermKid(t, i), env));
      if (!o)
        return NULL;
      if (i < 8)
        ops[i] = o;
    }
    chargeOp(w, t, hl);
    Val *v = newReg(w, hl, ty);
    if (v && n <= 2 && (ariTypeIsIndexT(ty) || ariTypeIsInt(ty)))
      v->idx = indexArith(w, t, ops, n);
    return v;
  }
  case ARI_TERM_MAP: {
    Val *xs = eval(w, ariTermKid(t, 1), env);
    if (!xs)
      return NULL;
    const AriType *xt = ariTermType(ariTermKid(t, 1));
    if (ariTypeKind(xt) == ARI_TYPE_VECTOR) {
      /* a map over vector lanes (map vec) runs now, as vector ops */
      int64_t n = ariTypeSize(xt);
      int lv = newLevel(w, hl, ARI_FEAT_LOOP_MAP, ariTermPatternKind(t), n, n);
      AriTerm *body = lv < 0 ? NULL : lamBody(w, ariTermKid(t, 0), t);
      if (!body || !forceScalar(w, xs))
        return NULL;
      Val *r = apply(w, body, env, lv, newReg(w, lv, ariTypeElem(xt)));
      if (!forceScalar(w, r))
        return NULL;
      return newReg(w, hl, ty);
    }
    if (!isParKind(ariTermPatternKind(t)) && ariTermKind(ariTermKid(t, 0)) == ARI_TERM_LAM &&
        viewOnlyBody(ariTermKid(ariTermKid(t, 0), 0), 0, 0)) {
      Val *v = viewMap(w, t, env, hl, xs);
      if (v || w->status != ARI_FEAT_OK)
        return v;
    }
    Val *v = newVal(w, V_LAZY, hl, ty);
    if (!v)
      return NULL;
    v->term = t;
    v->env = env;
    v->home = home;
    v->xs = xs;
    uint32_t binders = 0; /* the depth of the map's home, as countUses counts it */
    for (const Scope *p = home; p && p != w->top; p = p->parent)
      ++binders;
    int32_t m = ariTermMinFree(t);
    uint64_t key = useKey(w, t, binders + (uint32_t)(m > 0 ? m : 0));
    if (key == UINT64_MAX)
      return NULL;
    Slot *u = mapFind(w, &w->uses, key, false);
    uintptr_t uses = u ? (uintptr_t)u->val : 1;
    v->fusable = uses <= 1 && !isParKind(ariTermPatternKind(t));
    return v;
  }
  case ARI_TERM_GENERATE: {
    Val *v = newVal(w, V_LAZY, hl, ty);
    if (!v)
      return NULL;
    v->term = t;
    v->env = env;
    v->home = home;
    v->fusable = true;
    return v;
  }
  case ARI_TERM_REDUCE:
    return evalReduce(w, t, env, home);
  case ARI_TERM_ZIP:
  case ARI_TERM_PAIR: {
    Val *p = newVal(w, V_PAIR, hl, ty);
    if (!p)
      return NULL;
    p->a = eval(w, ariTermKid(t, 0), env);
    p->b = eval(w, ariTermKid(t, 1), env);
    return p->a && p->b ? p : NULL;
  }
  case ARI_TERM_UNZIP: {
    Val *v = resolve(w, eval(w, ariTermKid(t, 0), env));
    if (v && v->kind == V_LAZY && !materialise(w, v, NULL, -1))
      return NULL;
    return v;
  }
  case ARI_TERM_FST:
  case ARI_TERM_SND: {
    Val *v = resolve(w, eval(w, ariTermKid(t, 0), env));
    if (v && v->kind == V_LAZY && !materialise(w, v, NULL, -1))
      return NULL;
    if (!v)
      return NULL;
    if (v->kind == V_PAIR)
      return ariTermKind(t) == ARI_TERM_FST ? v->a : v->b;
    return newVal(w, v->kind == V_REGS ? V_REGS : V_REG, hl, ty);
  }
  case ARI_TERM_PAD_CST: {
    Val *c = eval(w, ariTermKid(t, 1), env);
    if (!forceScalar(w, c))
      return NULL;
    return view(w, t, eval(w, ariTermKid(t, 0), env));
  }
  case ARI_TERM_IDX: {
    Val *xs = eval(w, ariTermKid(t, 0), env);
    Val *i = forceScalar(w, eval(w, ariTermKid(t, 1), env));
    if (!i)
      return NULL;
    return indexInto(w, xs, i, hl, home);
  }
  case ARI_TERM_TO_MEM: {
    Val *buf = bufFor(w, BUF_TOMEM, ty, hl);
    if (!buf)
      return NULL;
    double bytes = typeBytes(ty);
    w->levels[hl].toMemBytes += bytes;
    chargeAlloc(w, hl, bytes, ariTermAddr(t) == ARI_ADDR_GLOBAL, false);
    if (!writeTerm(w, ariTermKid(t, 0), env, buf, hl))
      return NULL;
    return buf;
  }
  case ARI_TERM_VECTOR_FROM_SCALAR: {
    Val *x = eval(w, ariTermKid(t, 0), env);
    if (!forceScalar(w, x))
      return NULL;
    return newReg(w, hl, ty);
  }
  case ARI_TERM_CIRCULAR_BUFFER:
  case ARI_TERM_ROTATE_VALUES:
    return evalRing(w, t, env, home);
  case ARI_TERM_KERNEL:
    return eval(w, ariTermKid(t, 0), env);
  default:
    break;
  }
  fail(w, ARI_FEAT_ERR_UNSUPPORTED, "unknown term kind", t);
  return NULL;
}

static Val *eval(AriFeatWork *w, AriTerm *t, Scope *env) {
  if (!t || w->status != ARI_FEAT_OK)
    return NULL;
  Scope *home = homeOf(w, t, env);
  if (!home) {
    fail(w, ARI_FEAT_ERR_BAD_TERM, "free variable outside every lambda", t);
    return NULL;
  }
  /* A private/local to_mem is computed where it stands, as the export
   * leaves it (search/mlir/term_export.c: only global storage floats): in
   * the block of its user, once per iteration of the loops around it,
   * even when what it stores is loop-invariant. Taking it as computed
   * once let the search re-pack all of B for every group of rows. */
  if (ariTermKind(t) == ARI_TERM_TO_MEM && ariTermAddr(t) != ARI_ADDR_GLOBAL && w->block &&
      w->block != home && within(w->block, home))
    home = w->block;
  /* a map's shifted copies are one value (canonMap) */
  AriTerm *c = canonMap(w, t);
  if (!c)
    return NULL;
  uint64_t key = (uint64_t)ariTermId(c) << 32 | home->id;
  Slot *m = mapFind(w, &w->memo, key, false);
  if (m)
    return m->val;
  if (++w->recursion > ERR_RECURSION) {
    fail(w, ARI_FEAT_ERR_TOO_DEEP, "term nested too deeply", t);
    return NULL;
  }
  Scope *outer = w->block;
  w->block = home;
  Val *v = compute(w, t, env, home);
  w->block = outer;
  --w->recursion;
  if (!v)
    return NULL;
  m = mapFind(w, &w->memo, key, true);
  if (!m)
    return NULL;
  m->val = v;
  return v;
}

/*=== Use counts and the walk over roots ===================================*/

/* Parents per node (the DAG's in-degree), for fusion: a map read twice is
 * materialised; a map's shifted copies count as the map (canonMap). Also
 * says whether any APP is left. `binders`: the lambdas around t. */
static bool countUses(AriFeatWork *w, AriTerm *t, bool *hasApp, unsigned depth,
                      uint32_t binders) {
  if (depth > ERR_RECURSION) {
    fail(w, ARI_FEAT_ERR_TOO_DEEP, "term nested too deeply", t);
    return false;
  }
  uint64_t key = useKey(w, t, binders);
  Slot *s = key == UINT64_MAX ? NULL : mapFind(w, &w->uses, key, true);
  if (!s)
    return false;
  uintptr_t n = (uintptr_t)s->val;
  s->val = (void *)(n + 1);
  if (n)
    return true;
  if (ariTermKind(t) == ARI_TERM_APP)
    *hasApp = true;
  uint32_t inner = binders + (ariTermKind(t) == ARI_TERM_LAM);
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    if (!countUses(w, ariTermKid(t, i), hasApp, depth + 1, inner))
      return false;
  return true;
}

AriFeatWork *ariFeatWorkCreate(void) {
  AriFeatWork *w = calloc(1, sizeof *w);
  if (w)
    ariArenaInit(&w->arena, 0);
  return w;
}

void ariFeatWorkDestroy(AriFeatWork *w) {
  if (!w)
    return;
  ariArenaDestroy(&w->arena);
  free(w->levels);
  free(w->bufs);
  free(w->acc);
  free(w->opInfo);
  free(w);
}

const char *ariFeatWorkError(const AriFeatWork *w) { return w ? w->err : ""; }

static bool reset(AriFeatWork *w, AriTermStore *s) {
  /* One chunk as large as the largest call so far, reused: no malloc once
   * the work area has grown. */
  if (!w->arena.head || w->arena.total > w->chunkBytes) {
    size_t want = w->arena.total > 256 * 1024 ? w->arena.total : 256 * 1024;
    ariArenaDestroy(&w->arena);
    if (!ariArenaAlloc(&w->arena, want)) {
      w->status = ARI_FEAT_ERR_NOMEM;
      return false;
    }
    w->chunkBytes = w->arena.total;
    w->base = (AriArenaMark){w->arena.head, 0};
  }
  ariArenaRelease(&w->arena, w->base);
  w->s = s;
  w->status = ARI_FEAT_OK;
  w->err[0] = 0;
  w->numLevels = w->numBufs = w->numAcc = 0;
  w->nextScope = 0;
  w->recursion = 0;
  w->fused = w->materialised = w->outputBytes = 0;
  memset(w->hist, 0, sizeof w->hist);
  w->indexType = ariTypeIndex(s);
  if (++w->gen == 0) { /* wrapped: forget every entry */
    memset(w->opInfo, 0, w->capOpInfo * sizeof *w->opInfo);
    w->gen = 1;
  }
  for (int i = 0; i < 64; ++i)
    w->inBuf[i] = -1;
  if (!mapInit(w, &w->memo, 512) || !mapInit(w, &w->uses, 512))
    return false;
  w->top = newScope(w, NULL, 0, NULL);
  w->block = w->top;
  return w->top && newLevel(w, -1, ARI_FEAT_LOOP_PROGRAM, ARI_PAT_NONE, 1, 1) == 0;
}

/*=== From levels to the program vector ====================================*/

static void footprints(AriFeatWork *w) {
  size_t nl = w->numLevels, nb = w->numBufs;
  double *fp = alloc(w, 2 * nl * nb * sizeof *fp);
  if (!fp)
    return;
  double *fpi = fp + nl * nb;
  memset(fp, 0, 2 * nl * nb * sizeof *fp);
  for (size_t i = 0; i < w->numAcc; ++i) {
    const Access *a = &w->acc[i];
    double prod = 1, span = 0, elemBytes = (double)a->bytes / a->lanes;
    for (int l = a->level; l >= 0; l = w->levels[l].parent) {
      double distinct = a->off.irregular ? prod * a->lanes : fmin(prod * a->lanes, span + a->lanes);
      fpi[(size_t)l * nb + (size_t)a->buf] += distinct * elemBytes;
      int64_t c = affCoef(&a->off, l);
      double ext = (double)w->levels[l].extent;
      if (c != 0 || a->off.irregular) {
        prod *= ext;
        span += fabs((double)c) * (ext - 1);
      }
      distinct = a->off.irregular ? prod * a->lanes : fmin(prod * a->lanes, span + a->lanes);
      fp[(size_t)l * nb + (size_t)a->buf] += distinct * elemBytes;
    }
  }
  for (size_t b = 0; b < nb; ++b)
    w->bufs[b].footprint = fmin(fp[b], w->bufs[b].bytes); /* level 0's row */
  for (size_t l = 0; l < nl; ++l) {
    AriFeatLevel *L = &w->levels[l];
    for (size_t b = 0; b < nb; ++b) {
      L->footprint += fmin(fp[l * nb + b], w->bufs[b].bytes);
      L->footprintIter += fmin(fpi[l * nb + b], w->bufs[b].bytes);
    }
  }
}

static void summarise(AriFeatWork *w, AriFeatures *out) {
  double *v = out->v;
  AriFeatLevel *L = w->levels;
  size_t nl = w->numLevels;
  footprints(w);
  for (size_t i = nl; i-- > 0;) {
    L[i].subtreeOps += L[i].opsTotal;
    L[i].subtreeBytes += L[i].bytesLoaded + L[i].bytesStored;
    if (L[i].parent >= 0) {
      L[L[i].parent].subtreeOps += L[i].subtreeOps;
      L[L[i].parent].subtreeBytes += L[i].subtreeBytes;
    }
  }
  int outerPar = -1, hot = 0;
  double hotScore = -1, parOps = 0, vecOps = 0, widthOps = 0;
  for (size_t i = 0; i < nl; ++i) {
    const AriFeatLevel *l = &L[i];
    v[ARI_FEAT_FLOPS] += l->flops;
    v[ARI_FEAT_TRANSCENDENTALS] += l->transcendentals;
    v[ARI_FEAT_OPS] += l->opsTotal;
    v[ARI_FEAT_INT_OPS] += l->intOps;
    v[ARI_FEAT_BYTES_LOADED] += l->bytesLoaded;
    v[ARI_FEAT_BYTES_STORED] += l->bytesStored;
    v[ARI_FEAT_BYTES_UNIT] += l->bytesUnit;
    v[ARI_FEAT_BYTES_STRIDED] += l->bytesStrided;
    v[ARI_FEAT_BYTES_INVARIANT] += l->bytesInvariant;
    v[ARI_FEAT_BYTES_GATHER] += l->bytesGather;
    v[ARI_FEAT_ALLOCS] += l->allocs;
    v[ARI_FEAT_HEAP_ALLOCS] += l->heapAllocs;
    v[ARI_FEAT_TO_MEM_BYTES] += l->toMemBytes;
    v[ARI_FEAT_RING_BYTES] += l->ringBytes;
    v[ARI_FEAT_TEMP_BYTES] += l->tempBytes;
    if (l->parallel > v[ARI_FEAT_PAR_MAX])
      v[ARI_FEAT_PAR_MAX] = l->parallel;
    if (l->parallel > 1)
      parOps += l->opsTotal;
    vecOps += l->vectorOps;
    widthOps += l->laneOps;
    if (i == 0)
      continue;
    v[ARI_FEAT_LEVELS] += 1;
    if (l->depth > v[ARI_FEAT_MAX_DEPTH])
      v[ARI_FEAT_MAX_DEPTH] = l->depth;
    switch (l->pattern) {
    case ARI_PAT_PAR:
      v[ARI_FEAT_LEVELS_PAR] += 1;
      break;
    case ARI_PAT_VEC:
      v[ARI_FEAT_LEVELS_VEC] += 1;
      break;
    case ARI_PAT_UNROLL:
      v[ARI_FEAT_LEVELS_UNROLL] += 1;
      break;
    case ARI_PAT_GLOBAL:
    case ARI_PAT_WORKGROUP:
    case ARI_PAT_LOCAL:
      v[ARI_FEAT_LEVELS_GPU] += 1;
      break;
    case ARI_PAT_STREAM:
    case ARI_PAT_ITERATE:
      v[ARI_FEAT_LEVELS_STREAM] += 1;
      break;
    case ARI_PAT_NONE:
      v[ARI_FEAT_LEVELS_HIGH] += 1;
      break;
    default:
      v[ARI_FEAT_LEVELS_SEQ] += 1;
      break;
    }
    if (isParKind(l->pattern) && (outerPar < 0 || l->depth < L[outerPar].depth))
      outerPar = (int)i;
    double score = l->opsTotal + l->bytesLoaded + l->bytesStored;
    if (score > hotScore || (score == hotScore && l->depth > L[hot].depth)) {
      hotScore = score;
      hot = (int)i;
    }
  }
  memcpy(v + ARI_FEAT_HIST, w->hist, sizeof w->hist);
  v[ARI_FEAT_VECTOR_OPS] = vecOps;
  v[ARI_FEAT_FOOTPRINT] = L[0].footprint;
  double moved = v[ARI_FEAT_BYTES_LOADED] + v[ARI_FEAT_BYTES_STORED];
  v[ARI_FEAT_REUSE] = L[0].footprint > 0 ? moved / L[0].footprint : 0;
  for (size_t b = 0; b < w->numBufs; ++b) {
    const Buf *B = &w->bufs[b];
    if (B->kind == BUF_IN)
      v[ARI_FEAT_INPUT_BYTES] += B->bytes;
    if (B->kind == BUF_TEMP || B->kind == BUF_TOMEM || B->kind == BUF_RING) {
      v[ARI_FEAT_ALLOC_BYTES] += B->bytes;
      if (B->bytes > v[ARI_FEAT_MAX_BUFFER_BYTES])
        v[ARI_FEAT_MAX_BUFFER_BYTES] = B->bytes;
    }
  }
  v[ARI_FEAT_OUTPUT_BYTES] = w->outputBytes;
  v[ARI_FEAT_MATERIALISED] = w->materialised;
  v[ARI_FEAT_FUSED] = w->fused;
  v[ARI_FEAT_PAR_EXTENT] = 1;
  if (outerPar > 0) {
    const AriFeatLevel *p = &L[outerPar];
    v[ARI_FEAT_PAR_EXTENT] = (double)p->extent;
    v[ARI_FEAT_WORK_PER_TASK] = p->subtreeOps / p->trips;
    v[ARI_FEAT_BYTES_PER_TASK] = p->subtreeBytes / p->trips;
    v[ARI_FEAT_FOOTPRINT_PER_TASK] = p->footprintIter;
  }
  if (v[ARI_FEAT_OPS] > 0) {
    v[ARI_FEAT_PAR_FRACTION] = parOps / v[ARI_FEAT_OPS];
    v[ARI_FEAT_VEC_FRACTION] = vecOps / v[ARI_FEAT_OPS];
    v[ARI_FEAT_MEAN_VEC_WIDTH] = widthOps / v[ARI_FEAT_OPS];
  }
  const AriFeatLevel *h = &L[hot];
  v[ARI_FEAT_HOT_DEPTH] = h->depth;
  v[ARI_FEAT_HOT_EXTENT] = (double)h->extent;
  v[ARI_FEAT_HOT_KIND] = h->pattern;
  v[ARI_FEAT_HOT_VEC_WIDTH] = (double)h->vecWidth;
  v[ARI_FEAT_HOT_TRIPS] = h->trips;
  v[ARI_FEAT_HOT_OPS] = h->opsTotal;
  v[ARI_FEAT_HOT_FLOPS] = h->flops;
  v[ARI_FEAT_HOT_BYTES_LOADED] = h->bytesLoaded;
  v[ARI_FEAT_HOT_BYTES_STORED] = h->bytesStored;
  double hm = h->bytesLoaded + h->bytesStored;
  v[ARI_FEAT_HOT_UNIT_FRACTION] = hm > 0 ? h->bytesUnit / hm : 0;
  v[ARI_FEAT_HOT_FOOTPRINT] = h->footprint;
  v[ARI_FEAT_HOT_FOOTPRINT_ITER] = h->footprintIter;
  out->numLevels = (unsigned)nl;
  out->levels = L;
  out->numBuffers = (unsigned)w->numBufs;
  out->buffers = w->bufs;
}

/* Evaluates the roots; `values` may hold a single bare term (nroots 1,
 * kinds NULL: written to an output). */
static AriFeatStatus run(AriTermStore *s, const AriTermRoot *given, unsigned nroots,
                         AriFeatWork *w, AriFeatures *out) {
  memset(out, 0, sizeof *out);
  out->version = ARI_FEAT_VERSION;
  if (!w || !s)
    return ARI_FEAT_ERR_BAD_TERM;
  AriTermRoot *roots = NULL;
  if (!reset(w, s) || (nroots && !(roots = alloc(w, nroots * sizeof *roots))))
    goto done;
  if (nroots)
    memcpy(roots, given, nroots * sizeof *roots);
  bool hasApp = false;
  for (unsigned i = 0; i < nroots; ++i) {
    AriTerm *t = roots[i].value;
    if (!t || !ariTypeIsData(ariTermType(t)) || !ariTermIsClosed(t)) {
      fail(w, ARI_FEAT_ERR_BAD_TERM, "a root must be a closed data term", t);
      goto done;
    }
    if (!countUses(w, t, &hasApp, 0, 0))
      goto done;
  }
  if (hasApp) {
    /* redexes that rules left: reduce them the way export does */
    for (unsigned i = 0; i < nroots; ++i) {
      roots[i].value = ariTermBetaNormalize(s, roots[i].value);
      if (!roots[i].value) {
        fail(w, ARI_FEAT_ERR_UNSUPPORTED, ariTermStoreError(s), NULL);
        goto done;
      }
    }
    w->uses.count = 0;
    memset(w->uses.slots, 0xff, w->uses.cap * sizeof *w->uses.slots);
    for (unsigned i = 0; i < nroots; ++i)
      if (!countUses(w, roots[i].value, &hasApp, 0, 0))
        goto done;
  }
  for (unsigned i = 0; i < nroots && w->status == ARI_FEAT_OK; ++i) {
    AriTerm *t = roots[i].value;
    const AriType *ty = ariTermType(t);
    if (roots[i].kind == ARI_ROOT_OUT) {
      Val *dest = bufFor(w, BUF_OUT, ty, 0);
      w->outputBytes += typeBytes(ty);
      if (!dest || !writeTerm(w, t, w->top, dest, 0))
        break;
    } else {
      Val *v = eval(w, t, w->top);
      if (!v)
        break;
      if (roots[i].kind == ARI_ROOT_RETURN)
        w->outputBytes += typeBytes(ty);
      /* a returned or kept array is computed into a buffer of its own */
      if (!forceScalar(w, v))
        break;
    }
  }
  if (w->status == ARI_FEAT_OK)
    summarise(w, out);
done:;
  AriFeatStatus st = w->status;
  if (st != ARI_FEAT_OK) {
    memset(out, 0, sizeof *out);
    out->version = ARI_FEAT_VERSION;
  }
  return st;
}

AriFeatStatus ariCostFeatures(AriTermStore *s, AriTerm *t, AriFeatures *out, AriFeatWork *w) {
  AriTermRoot r = {ARI_ROOT_OUT, 0, t};
  if (!t) {
    memset(out, 0, sizeof *out);
    out->version = ARI_FEAT_VERSION;
    if (w) {
      w->status = ARI_FEAT_ERR_BAD_TERM;
      snprintf(w->err, sizeof w->err, "no term");
    }
    return ARI_FEAT_ERR_BAD_TERM;
  }
  return run(s, &r, 1, w, out);
}

AriFeatStatus ariCostFeaturesFunc(AriTermStore *s, const AriTermFunc *f, AriFeatures *out,
                                  AriFeatWork *w) {
  if (!f || !w) {
    memset(out, 0, sizeof *out);
    out->version = ARI_FEAT_VERSION;
    return ARI_FEAT_ERR_BAD_TERM;
  }
  return run(s, f->roots, f->numRoots, w, out);
}

/*=== Names ================================================================*/

static const struct {
  const char *name, *unit, *doc;
} kFeat[] = {
#define ARI_FEAT_X(id, name, unit, doc) {name, unit, doc},
    ARI_FEAT_PROGRAM(ARI_FEAT_X)
#undef ARI_FEAT_X
};
static const char *const kClassName[] = {
#define ARI_FEAT_X(id, name, doc) name,
    ARI_FEAT_OPCLASSES(ARI_FEAT_X)
#undef ARI_FEAT_X
};
static const char *const kScalarName[] = {
#define ARI_FEAT_X(id, name, doc) name,
    ARI_FEAT_SCALARS(ARI_FEAT_X)
#undef ARI_FEAT_X
};

_Static_assert(ARI_FEAT_NUM_OPCLASSES == 12 && ARI_FEAT_NUM_SCALARS == 7,
               "kHistNames lists 12 classes x 7 types");

/* ops_<class>_<type>, made once: the names are constants of the program. */
static const char *const kHistNames[ARI_FEAT_NUM_OPCLASSES * ARI_FEAT_NUM_SCALARS] = {
#define T(c) "ops_" c "_f16", "ops_" c "_f32", "ops_" c "_f64", "ops_" c "_i1", "ops_" c "_i32", \
             "ops_" c "_i64", "ops_" c "_index"
    T("add"), T("mul"), T("div"), T("fma"), T("minmax"), T("cmp"),
    T("select"), T("cast"), T("bits"), T("unary"), T("trans"), T("other")
#undef T
};

const char *ariFeatName(unsigned i) {
  if (i < ARI_FEAT_HIST)
    return kFeat[i].name;
  if (i < ARI_FEAT_COUNT)
    return kHistNames[i - ARI_FEAT_HIST];
  return NULL;
}

const char *ariFeatUnit(unsigned i) {
  if (i < ARI_FEAT_HIST)
    return kFeat[i].unit;
  return i < ARI_FEAT_COUNT ? "ops" : NULL;
}

const char *ariFeatDoc(unsigned i) {
  if (i < ARI_FEAT_HIST)
    return kFeat[i].doc;
  if (i < ARI_FEAT_COUNT) {
    (void)kClassName;
    (void)kScalarName;
    return "op executions (per lane) of this class on this scalar type";
  }
  return NULL;
}

int ariFeatIndex(const char *name) {
  for (unsigned i = 0; i < ARI_FEAT_COUNT; ++i)
    if (!strcmp(ariFeatName(i), name))
      return (int)i;
  return -1;
}

const char *ariFeatStatusName(AriFeatStatus st) {
  switch (st) {
  case ARI_FEAT_OK:
    return "ok";
  case ARI_FEAT_ERR_BAD_TERM:
    return "bad term";
  case ARI_FEAT_ERR_UNSUPPORTED:
    return "unsupported term";
  case ARI_FEAT_ERR_TOO_DEEP:
    return "too deep";
  case ARI_FEAT_ERR_NOMEM:
    return "out of memory";
  }
  return "?";
}
