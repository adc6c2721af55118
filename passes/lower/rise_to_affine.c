/*===- rise_to_affine.c - the convert-rise-to-affine pass -----------------===*\
 *
 * Every rise value is given a description (Desc): a scalar or vector SSA
 * value of the new IR, a pair of descriptions, or an array *view* that knows
 * how to produce its element i (at()) by emitting index arithmetic and
 * loads -- the thesis's continuation translation. rise.out writes a value
 * through an acceptor (Acc), the acceptor translation: maps become loops
 * writing their acceptor, and join/split/transpose/as_scalar rearrange the
 * acceptor rather than copy.
 *
 * Lambda bodies are evaluated each time an element is needed, with their
 * arguments bound in a persistent environment (Env) so that lazily read
 * views keep the bindings they were created with.
 *
\*===----------------------------------------------------------------------===*/

#include "passes/pass_util.h"
#include "passes/lower/rise_to_affine.h"
#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"
#include "ariadne-c/Work.h"
#include "passes/lower/build.h"
#include "passes/lower/lower_hooks.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Affine.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/*--- descriptions, environments and acceptors ----------------------------*/

typedef enum DKind {
  D_VAL,      /* v: a scalar or vector value */
  D_PAIR,     /* (a, b) */
  D_MEM,      /* v: memref, idx[0..nidx) applied */
  D_ZIP,      /* zip a b */
  D_PROJ,     /* unzip: p-th component of each element of a */
  D_SLIDE,    /* slide/split with step p: element i is OFFS(a, p*i) */
  D_OFFS,     /* element j is a[v + j] */
  D_JOIN,     /* join a, inner size p */
  D_TRANS,    /* transpose a */
  D_TROW,     /* row v of transpose a */
  D_SEL,      /* v ? a : b, elementwise */
  D_PADCST,   /* pad a by p on the left with b, q = len(a) */
  D_PADCLAMP, /* pad a by p on the left, clamped, q = len(a) */
  D_GEN,      /* generate: op, env */
  D_MAP,      /* map op over a (op's region 0), kind p */
  D_ASVEC,    /* as_vector p a */
  D_ASSCAL,   /* as_scalar a, width p */
  D_CWIN,     /* window of a ring buffer: element j is a[(v + j) mod p] */
  D_RWIN,     /* window of rotated values vals[0..p) */
  D_CIRC,     /* circular_buffer over a (alloc p, size q, addr r) */
  D_ROT,      /* rotate_values over a (size q) */
  D_STREAM,   /* circular_buffer a (a D_CIRC) streamed through rings b (a
                 D_VAL ring memref, or a D_PAIR of rings for pair slots): read
                 in order, element k loads slot k+size-1 and is window k */
  D_KERNEL,   /* rise.kernel op in env, run where it is written (GPU hooks) */
} DKind;

typedef struct Env Env;

typedef struct Desc {
  DKind k;
  MlirType ty; /* the rise type it describes */
  struct Desc *a, *b;
  MlirValue v;
  MlirValue idx[LB_MAX_RANK];
  int nidx;
  int64_t p, q, r;
  bool isSplit;
  MlirOperation op;
  Env *env;
  struct Desc **vals;
  /* D_VAL only: when non-null, v is the arith.mulf mx * my that a map's
   * lambda yields (option fma: a reduce's addf may absorb it). */
  MlirValue mx, my;
} Desc;

struct Env {
  MlirValue key;
  Desc *d;
  Env *next;
};

typedef enum AKind {
  A_MEM,   /* mem[idx...] */
  A_SPLIT, /* acceptor of join's input, inner size p: element i is OFFS(a, i*p) */
  A_OFFS,  /* element j is a[v + j] */
  A_JOIN,  /* acceptor of split's input, chunk p: element i is a[i/p][i%p] */
  A_TRANS, /* acceptor of transpose's input */
  A_TROW,  /* element j is a[j][v] */
  A_VEC,   /* acceptor of as_scalar's input, width p */
  A_VSLOT, /* one vector: lanes a[v .. v+p) */
  A_CROP,  /* acceptor of a crop's input (`idx c (slide p s x)` written, c
              constant): element j is a[j - q] for q <= j < q + p, dropped
              elsewhere */
  A_DROP,  /* writes nothing (a cropped-off element) */
  A_GUARD, /* a: written only where v (i1) holds (a crop at an index
              whose side is not known statically) */
  A_PAIR,  /* pairs written into two acceptors: fst into a, snd into snd
              (an array of pairs materialised as a pair of buffers) */
} AKind;

typedef struct Acc {
  AKind k;
  struct Acc *a;
  struct Acc *snd; /* A_PAIR */
  MlirValue mem;
  MlirValue idx[LB_MAX_RANK];
  int nidx;
  MlirValue v;
  int64_t p, q;
} Acc;

typedef struct Dealloc {
  MlirValue buf;
  MlirBlock scope;
  struct Dealloc *next;
} Dealloc;

/* A map loop whose border iterations are peeled off (border peeling, see
 * peeledLoop): while its interior body is built, reads of pads at indices
 * m*iv + c (c in a known range) take the interior [lo, hi) to be where they
 * are in range, narrowing it. */
typedef struct Peel {
  MlirValue iv;
  int64_t lo, hi;
  struct Peel *next;
} Peel;

typedef struct Lower {
  LbBuilder b;
  AriArena *arena;
  MlirOperation module;
  MlirBlock funcBlock; /* entry block of the function being lowered */
  MlirBlock scope;     /* where buffers are allocated */
  Dealloc *deallocs;
  MlirOperation where; /* the rise op being lowered, for diagnostics */
  int literals;
  bool oom;
  const AriLowerHooks *hooks; /* GPU target (lower_hooks.h), or NULL */
  bool fma; /* option fma: a mulf feeding an addf becomes one fused op */
  int64_t unrollArrayReduce; /* option unroll-array-reduce (evalArrayReduce) */
  Peel *peels; /* the peeled loops whose interior is being built, innermost first */
} Lower;

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static void *fail(Lower *L, MlirOperation op, const char *fmt, ...) {
  char msg[512];
  AriStr o;
  ariStrInitFixed(&o, msg, sizeof msg);
  /* The GPU target (lower_hooks.h) reports under its own pass name. */
  ariStrPuts(&o, L->hooks ? "convert-rise-to-gpu: " : "convert-rise-to-affine: ");
  va_list ap;
  va_start(ap, fmt);
  ariStrVPrintf(&o, fmt, ap);
  va_end(ap);
  MlirOperation at = mlirOperationIsNull(op) ? L->where : op;
  mlirEmitError(mlirOperationGetLocation(at), msg);
  return NULL;
}

static void opName(MlirOperation op, char *buf, size_t cap) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(buf, s.data, n);
  buf[n] = 0;
}

static void *unsupported(Lower *L, MlirOperation op, const char *why) {
  char name[64];
  opName(op, name, sizeof name);
  return fail(L, op, "'%s' %s is not supported", name, why);
}

static void *alloc(Lower *L, size_t size) {
  void *p = ariArenaCalloc(L->arena, size);
  if (!p && !L->oom) {
    L->oom = true;
    fail(L, (MlirOperation){NULL}, "out of memory");
  }
  return p;
}

static Desc *newDesc(Lower *L, DKind k, MlirType ty) {
  Desc *d = alloc(L, sizeof *d);
  if (d) {
    d->k = k;
    d->ty = ty;
  }
  return d;
}

static Desc *dval(Lower *L, MlirValue v) {
  Desc *d = newDesc(L, D_VAL, mlirValueGetType(v));
  if (d)
    d->v = v;
  return d;
}

static Desc *dpair(Lower *L, MlirType ty, Desc *a, Desc *b) {
  if (!a || !b)
    return NULL;
  Desc *d = newDesc(L, D_PAIR, ty);
  if (d) {
    d->a = a;
    d->b = b;
  }
  return d;
}

static Env *bind(Lower *L, Env *env, MlirValue key, Desc *d) {
  Env *e = alloc(L, sizeof *e);
  if (!e)
    return env;
  e->key = key;
  e->d = d;
  e->next = env;
  return e;
}

static Desc *lookup(Env *env, MlirValue v) {
  for (; env; env = env->next)
    if (mlirValueEqual(env->key, v))
      return env->d;
  return NULL;
}

/* Values not bound are defined outside the lowered code (function
 * arguments); they stand for themselves. */
static Desc *use(Lower *L, Env *env, MlirValue v) {
  Desc *d = lookup(env, v);
  return d ? d : dval(L, v);
}

static bool isArray(MlirType t) { return mlirTypeIsARiseArray(t); }
static MlirType elemOf(MlirType t) { return mlirRiseArrayTypeGetElementType(t); }
static int64_t lenOf(MlirType t) { return mlirRiseArrayTypeGetSize(t); }

static int64_t attrInt(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sref(name));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a) : 0;
}

/* Trip counts up to which a reduction over an array accumulator is
 * unrolled whatever its pattern kind, by default (see evalArrayReduce). */
enum { ARI_SHORT_ARRAY_REDUCE = 4 };

static MlirRisePatternKind kindOf(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sref("kind"));
  return mlirAttributeIsNull(a) ? MlirRisePatternKindNone : mlirRisePatternKindAttrGetValue(a);
}

static MlirRiseAddressSpace addrOf(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sref("addr"));
  return mlirAttributeIsNull(a) ? MlirRiseAddressSpacePrivate : mlirRiseAddressSpaceAttrGetValue(a);
}

static int memRank(MlirValue mem) { return (int)mlirShapedTypeGetRank(mlirValueGetType(mem)); }

/* The memref type holding a rise value of type t: nested arrays of a scalar
 * or vector. Null when t holds pairs. */
static MlirType memrefFor(MlirType t) {
  int64_t shape[LB_MAX_RANK];
  int rank = 0;
  while (isArray(t) && rank < LB_MAX_RANK) {
    shape[rank++] = lenOf(t);
    t = elemOf(t);
  }
  if (isArray(t) || !riseIsScalarOrVector(t))
    return (MlirType){NULL};
  return mlirMemRefTypeContiguousGet(t, rank, shape, mlirAttributeGetNull());
}

/*--- buffers ---------------------------------------------------------------*/

/* Allocates a buffer at the start of the allocation scope (hoisted out of
 * every loop up to the function or the innermost scf.parallel body). A
 * stack buffer (private/local) larger than ARI_LOWER_MAX_STACK_BYTES goes
 * on the heap instead: a stack holds a few MiB. */
static MlirValue allocBuffer(Lower *L, MlirType mt, bool heap) {
  if (!heap && riseTypeBytes(mt) > ARI_LOWER_MAX_STACK_BYTES)
    heap = true;
  MlirOperationState st =
      mlirOperationStateGet(sref(heap ? "memref.alloc" : "memref.alloca"), L->b.loc);
  int32_t seg[] = {0, 0};
  MlirNamedAttribute attr = mlirNamedAttributeGet(mlirIdentifierGet(L->b.ctx, sref("operandSegmentSizes")),
                                                  mlirDenseI32ArrayGet(L->b.ctx, 2, seg));
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddResults(&st, 1, &mt);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperation(L->scope, 0, op);
  MlirValue buf = mlirOperationGetResult(op, 0);
  if (heap) {
    Dealloc *d = alloc(L, sizeof *d);
    if (d) {
      d->buf = buf;
      d->scope = L->scope;
      d->next = L->deallocs;
      L->deallocs = d;
    }
  }
  return buf;
}

/* A buffer for a value placed in `addr`: the target's hooks choose first
 * (workgroup memory, registers, device memory). Null after a diagnostic. */
static MlirValue allocIn(Lower *L, MlirType mt, MlirRiseAddressSpace addr, bool explicitAddr) {
  if (L->hooks && L->hooks->alloc) {
    bool failed = false;
    MlirValue v = L->hooks->alloc(L->hooks->user, &L->b, L->where, L->scope, mt, addr,
                                  explicitAddr, &failed);
    if (failed || !mlirValueIsNull(v))
      return v;
  }
  return allocBuffer(L, mt, addr == MlirRiseAddressSpaceGlobal);
}

static bool isGpuKind(MlirRisePatternKind k) {
  return k == MlirRisePatternKindGlobal || k == MlirRisePatternKindWorkgroup ||
         k == MlirRisePatternKindLocal;
}

/* Frees the heap buffers of `scope` at the builder's insertion point. */
static void emitDeallocs(Lower *L, MlirBlock scope) {
  for (Dealloc *d = L->deallocs; d; d = d->next)
    if (mlirBlockEqual(d->scope, scope))
      lbCreate(&L->b, "memref.dealloc", 1, &d->buf, 0, NULL, 0, NULL, NULL);
}

static Desc *memDesc(Lower *L, MlirType ty, MlirValue mem) {
  Desc *d = newDesc(L, D_MEM, ty);
  if (d)
    d->v = mem;
  return d;
}

/*--- reading: at() -------------------------------------------------------*/

static Desc *lambda(Lower *L, MlirOperation op, intptr_t region, Env *env, intptr_t nargs,
                    Desc **args);
static bool ringLoad(Lower *L, Desc *src, Desc *rings, MlirValue k);
static Desc *ringWindow(Lower *L, Desc *src, Desc *rings, MlirValue i);

static Desc *sel(Lower *L, MlirValue c, Desc *x, Desc *y) {
  if (!x || !y)
    return NULL;
  if (x->k == D_VAL && y->k == D_VAL)
    return dval(L, lbSelect(&L->b, c, x->v, y->v));
  if (x->k == D_PAIR && y->k == D_PAIR)
    return dpair(L, x->ty, sel(L, c, x->a, y->a), sel(L, c, x->b, y->b));
  Desc *d = newDesc(L, D_SEL, x->ty);
  if (d) {
    d->v = c;
    d->a = x;
    d->b = y;
  }
  return d;
}

static Desc *proj(Lower *L, Desc *d, int which) {
  if (!d)
    return NULL;
  if (d->k == D_PAIR)
    return which ? d->b : d->a;
  if (d->k == D_SEL)
    return sel(L, d->v, proj(L, d->a, which), proj(L, d->b, which));
  return fail(L, (MlirOperation){NULL}, "internal error: projection of a non-pair");
}

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}

/* Views that produce their elements by index arithmetic alone (indexing
 * them emits no loads or lambda code until a scalar is reached). */
static bool plainView(Desc *d) {
  for (; d; d = d->a) {
    if (d->k == D_MEM)
      return true;
    if (d->k != D_OFFS && d->k != D_JOIN && d->k != D_SLIDE)
      return false;
  }
  return false;
}

static Desc *at(Lower *L, Desc *d, MlirValue i);

/*--- index ranges: strength reduction and border peeling -------------------
 *
 * Index values are read back from the IR we built (constants, loop
 * induction variables, affine.apply, arith) as m * base + [lo, hi]: base is
 * the induction variable of a loop being peeled (m >= 1), or absent, and
 * then the value lies in [lo, hi]. */

typedef struct Lin {
  MlirValue base; /* null: none */
  int64_t m, lo, hi;
} Lin;

static int64_t floorDiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }
static int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

static Lin linConst(int64_t c) { return (Lin){{NULL}, 0, c, c}; }

static bool linAdd(Lin a, Lin b, Lin *r) {
  if (!mlirValueIsNull(a.base) && !mlirValueIsNull(b.base) && !mlirValueEqual(a.base, b.base))
    return false;
  *r = (Lin){mlirValueIsNull(a.base) ? b.base : a.base, a.m + b.m, a.lo + b.lo, a.hi + b.hi};
  return true;
}

static bool linMul(Lin a, int64_t c, Lin *r) {
  if (c < 0 && !mlirValueIsNull(a.base))
    return false;
  *r = c == 0 ? linConst(0)
       : c > 0 ? (Lin){a.base, a.m * c, a.lo * c, a.hi * c}
               : (Lin){a.base, 0, a.hi * c, a.lo * c};
  return true;
}

/* The mathematical floor division / modulo by c > 0 (affine's, and the
 * unsigned arith ops' on non-negative values). */
static bool linDivMod(Lin a, int64_t c, bool mod, Lin *r) {
  if (c <= 0)
    return false;
  if (!mlirValueIsNull(a.base)) {
    if (!mod)
      return false;
    *r = (Lin){{NULL}, 0, 0, c - 1};
    return true;
  }
  int64_t ql = floorDiv(a.lo, c), qh = floorDiv(a.hi, c);
  if (!mod)
    *r = (Lin){{NULL}, 0, ql, qh};
  else
    *r = ql == qh ? (Lin){{NULL}, 0, a.lo - ql * c, a.hi - ql * c} : (Lin){{NULL}, 0, 0, c - 1};
  return true;
}

static bool linOf(Lower *L, MlirValue v, Lin *r, int depth);

/* a + b when they are linear in two different peeled loops (a tile's
 * index o * p + i): the inner loop's variable is taken over its loop's
 * whole range, so that the sum is linear in the outer one, whose interior
 * then holds the iterations where it is in range for every inner one (the
 * inner loop is peeled again inside the outer one's borders). */
static bool linAddPeeled(Lower *L, Lin a, Lin b, Lin *r) {
  if (linAdd(a, b, r))
    return true;
  for (Peel *p = L->peels; p; p = p->next) {
    Lin *w = mlirValueEqual(p->iv, a.base) ? &a : mlirValueEqual(p->iv, b.base) ? &b : NULL;
    if (!w)
      continue;
    MlirOperation loop = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(w->base));
    int64_t lo, hi;
    if (!lbLoopBounds(loop, &lo, &hi) || hi <= lo || w->m < 1)
      return false;
    *w = (Lin){{NULL}, 0, w->lo + w->m * lo, w->hi + w->m * (hi - 1)};
    return linAdd(a, b, r);
  }
  return false;
}

static bool linExpr(Lower *L, MlirAffineExpr e, MlirOperation apply, Lin *r, int depth) {
  if (mlirAffineExprIsAConstant(e)) {
    *r = linConst(mlirAffineConstantExprGetValue(e));
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t k = mlirAffineDimExprGetPosition(e);
    return k < mlirOperationGetNumOperands(apply) &&
           linOf(L, mlirOperationGetOperand(apply, k), r, depth + 1);
  }
  if (!mlirAffineExprIsABinary(e))
    return false;
  Lin x, y;
  if (!linExpr(L, mlirAffineBinaryOpExprGetLHS(e), apply, &x, depth + 1) ||
      !linExpr(L, mlirAffineBinaryOpExprGetRHS(e), apply, &y, depth + 1))
    return false;
  if (mlirAffineExprIsAAdd(e))
    return linAddPeeled(L, x, y, r);
  bool yc = mlirValueIsNull(y.base) && y.lo == y.hi;
  bool xc = mlirValueIsNull(x.base) && x.lo == x.hi;
  if (mlirAffineExprIsAMul(e))
    return yc ? linMul(x, y.lo, r) : xc && linMul(y, x.lo, r);
  if (yc && (mlirAffineExprIsAFloorDiv(e) || mlirAffineExprIsAMod(e)))
    return linDivMod(x, y.lo, mlirAffineExprIsAMod(e), r);
  return false;
}

static bool opNamed(MlirOperation op, const char *name) {
  return !mlirOperationIsNull(op) &&
         mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), sref(name));
}

static bool linOf(Lower *L, MlirValue v, Lin *r, int depth) {
  int64_t c;
  if (depth > 48)
    return false;
  if (lbIsConstIndex(v, &c)) {
    *r = linConst(c);
    return true;
  }
  if (mlirValueIsABlockArgument(v)) {
    for (Peel *p = L->peels; p; p = p->next)
      if (mlirValueEqual(p->iv, v)) {
        *r = (Lin){v, 1, 0, 0};
        return true;
      }
    MlirOperation loop = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    int64_t lo, hi;
    if (mlirBlockArgumentGetArgNumber(v) != 0 || !lbLoopBounds(loop, &lo, &hi) || hi <= lo)
      return false;
    *r = (Lin){{NULL}, 0, lo, hi - 1};
    return true;
  }
  MlirOperation op = mlirOpResultGetOwner(v);
  if (opNamed(op, "affine.apply")) {
    MlirAffineMap map = mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(op, sref("map")));
    return mlirAffineMapGetNumResults(map) == 1 && mlirAffineMapGetNumSymbols(map) == 0 &&
           linExpr(L, mlirAffineMapGetResult(map, 0), op, r, depth);
  }
  if (mlirOperationGetNumOperands(op) != 2)
    return false;
  Lin x, y;
  if (!linOf(L, mlirOperationGetOperand(op, 0), &x, depth + 1) ||
      !linOf(L, mlirOperationGetOperand(op, 1), &y, depth + 1))
    return false;
  bool yc = mlirValueIsNull(y.base) && y.lo == y.hi;
  if (opNamed(op, "arith.addi"))
    return linAddPeeled(L, x, y, r);
  if (opNamed(op, "arith.muli") && yc)
    return linMul(x, y.lo, r);
  if ((opNamed(op, "arith.divui") || opNamed(op, "arith.remui")) && yc && mlirValueIsNull(x.base) &&
      x.lo >= 0)
    return linDivMod(x, y.lo, opNamed(op, "arith.remui"), r);
  bool mn = opNamed(op, "arith.minsi");
  if ((mn || opNamed(op, "arith.maxsi")) && mlirValueIsNull(x.base) && mlirValueIsNull(y.base)) {
    *r = mn ? (Lin){{NULL}, 0, x.lo < y.lo ? x.lo : y.lo, x.hi < y.hi ? x.hi : y.hi}
            : (Lin){{NULL}, 0, x.lo > y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi};
    return true;
  }
  return false;
}

/* Where index i of a pad (left width p, input length q) reads: PAD_IN
 * inside the input for every value i takes, PAD_LEFT / PAD_RIGHT in the
 * left / right border for all of them, PAD_MIXED when unknown. An index
 * m * iv + [lo, hi] over a loop being peeled is PAD_IN: the loop's interior
 * is narrowed to the iterations where that holds. */
enum { PAD_MIXED, PAD_IN, PAD_LEFT, PAD_RIGHT };

static int padSide(Lower *L, MlirValue i, int64_t p, int64_t q) {
  Lin l;
  if (!linOf(L, i, &l, 0))
    return PAD_MIXED;
  if (mlirValueIsNull(l.base)) {
    if (l.lo >= p && l.hi < p + q)
      return PAD_IN;
    return l.hi < p ? PAD_LEFT : l.lo >= p + q ? PAD_RIGHT : PAD_MIXED;
  }
  Peel *pe = L->peels;
  while (pe && !mlirValueEqual(pe->iv, l.base))
    pe = pe->next;
  if (!pe)
    return PAD_MIXED;
  /* p <= m*iv + lo and m*iv + hi <= p + q - 1 */
  int64_t lo = ceilDiv(p - l.lo, l.m), hi = floorDiv(p + q - 1 - l.hi, l.m) + 1;
  if (lo > pe->lo)
    pe->lo = lo;
  if (hi < pe->hi)
    pe->hi = hi;
  return PAD_IN;
}

static MlirAffineExpr applyExpr(MlirOperation apply) {
  return mlirAffineMapGetResult(
      mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(apply, sref("map"))), 0);
}

static MlirOperation applyOf(MlirValue v, intptr_t nops) {
  MlirOperation op = mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
  return opNamed(op, "affine.apply") && mlirOperationGetNumOperands(op) == nops
             ? op
             : (MlirOperation){NULL};
}

/* Is t = o * p (lbMulC's d0 * p)? */
static bool multipleOf(MlirValue t, int64_t p, MlirValue *o) {
  MlirOperation op = applyOf(t, 1);
  if (mlirOperationIsNull(op))
    return false;
  MlirAffineExpr e = applyExpr(op);
  if (!mlirAffineExprIsAMul(e) || !mlirAffineExprIsADim(mlirAffineBinaryOpExprGetLHS(e)) ||
      !mlirAffineExprIsAConstant(mlirAffineBinaryOpExprGetRHS(e)) ||
      mlirAffineConstantExprGetValue(mlirAffineBinaryOpExprGetRHS(e)) != p)
    return false;
  *o = mlirOperationGetOperand(op, 0);
  return true;
}

/* Is i = o * p + c with c in [0, p) (as the split loops of a reduce over a
 * join build it)? Then i floordiv p = o and i mod p = c, without the
 * division. */
static bool splitIndex(Lower *L, MlirValue i, int64_t p, MlirValue *o, MlirValue *c) {
  if (multipleOf(i, p, o)) {
    *c = lbConstIndex(&L->b, 0);
    return true;
  }
  /* lbAdd's d0 + d1, either operand the multiple of p */
  MlirOperation add = applyOf(i, 2);
  if (mlirOperationIsNull(add))
    return false;
  MlirAffineExpr e = applyExpr(add);
  if (!mlirAffineExprIsAAdd(e) || !mlirAffineExprIsADim(mlirAffineBinaryOpExprGetLHS(e)) ||
      !mlirAffineExprIsADim(mlirAffineBinaryOpExprGetRHS(e)))
    return false;
  for (int k = 0; k < 2; ++k) {
    MlirValue r = mlirOperationGetOperand(add, 1 - k);
    Lin l;
    if (multipleOf(mlirOperationGetOperand(add, k), p, o) && linOf(L, r, &l, 0) &&
        mlirValueIsNull(l.base) && l.lo >= 0 && l.hi < p) {
      *c = r;
      return true;
    }
  }
  return false;
}

/* i floordiv p and i mod p. */
static void divMod(Lower *L, MlirValue i, int64_t p, MlirValue *q, MlirValue *r) {
  if (!splitIndex(L, i, p, q, r)) {
    *q = lbDivC(&L->b, i, p);
    *r = lbModC(&L->b, i, p);
  }
}

static bool vecAddr(Lower *L, Desc *d, MlirValue j, int64_t w, int64_t al, MlirValue *mem,
                    MlirValue *idx, int *n);

/* Whether lanes j .. j+w-1 of a pad (left width p, input length q) all read
 * its input: in a loop being peeled, its interior narrowed so they do (the
 * border iterations are lowered again, lane by lane with clamps). */
static bool lanesInPad(Lower *L, MlirValue j, int64_t w, int64_t p, int64_t q) {
  return padSide(L, j, p, q) == PAD_IN && padSide(L, lbAddC(&L->b, j, w - 1), p, q) == PAD_IN;
}

/* vecAddr for lanes A[j+l][v], l < w: a column of A, contiguous where A is
 * a transpose (A[x][v] = A'[v][x]), also through pads whose lanes all read
 * the input (a matmul's B, transposed, padded to a multiple of the vector
 * width: padSplitJoin, then vectorised columns). */
static bool vecAddrCol(Lower *L, Desc *A, MlirValue v, MlirValue j, int64_t w, int64_t al,
                       MlirValue *mem, MlirValue *idx, int *n) {
  if (!A)
    return false;
  switch (A->k) {
  case D_OFFS: /* a chunk of the padded array (split) */
    return vecAddrCol(L, A->a, v, lbAdd(&L->b, A->v, j), w, gcd64(al, A->q > 0 ? A->q : 1), mem,
                      idx, n);
  case D_PADCLAMP:
  case D_PADCST:
    return lanesInPad(L, j, w, A->p, A->q) &&
           vecAddrCol(L, A->a, v, lbAddC(&L->b, j, -A->p), w, gcd64(al, A->p > 0 ? A->p : al), mem,
                      idx, n);
  case D_TRANS:
    return plainView(A->a) && vecAddr(L, at(L, A->a, v), j, w, al, mem, idx, n);
  default:
    return false;
  }
}

/* Can lanes j .. j+w-1 of the 1-D view `d` be read by one vector load?
 * True when they are adjacent in the last dimension of a memref of scalars
 * reached through offsets (slide, split) and joins whose inner size is a
 * multiple of w, with j a multiple of w at every join, so that the lanes
 * never straddle two rows; `al` is a known divisor of j (an offset from
 * slide/split is a multiple of its step, others of 1); also a column of a
 * transpose (vecAddrCol), and through a pad where all lanes read its input.
 * On success idx[0..*n) addresses lane 0 of memref *mem. */
static bool vecAddr(Lower *L, Desc *d, MlirValue j, int64_t w, int64_t al, MlirValue *mem,
                    MlirValue *idx, int *n) {
  LbBuilder *b = &L->b;
  if (d && d->k == D_TROW)
    return vecAddrCol(L, d->a, d->v, j, w, al, mem, idx, n);
  if (d && (d->k == D_PADCLAMP || d->k == D_PADCST))
    return plainView(d->a) && lanesInPad(L, j, w, d->p, d->q) &&
           vecAddr(L, d->a, lbAddC(b, j, -d->p), w, gcd64(al, d->p > 0 ? d->p : al), mem, idx, n);
  if (!d || !plainView(d))
    return false;
  switch (d->k) {
  case D_MEM:
    if (d->nidx + 1 != memRank(d->v) ||
        !riseIsScalar(mlirShapedTypeGetElementType(mlirValueGetType(d->v))))
      return false;
    memcpy(idx, d->idx, sizeof d->idx);
    idx[d->nidx] = j;
    *n = d->nidx + 1;
    *mem = d->v;
    return true;
  case D_OFFS:
    return vecAddr(L, d->a, lbAdd(b, d->v, j), w, gcd64(al, d->q > 0 ? d->q : 1), mem, idx, n);
  case D_JOIN: {
    if (d->p % w || al % w)
      return false;
    MlirValue q, r;
    divMod(L, j, d->p, &q, &r);
    return vecAddr(L, at(L, d->a, q), r, w, gcd64(al, d->p), mem, idx, n);
  }
  default:
    return false;
  }
}

static Desc *at(Lower *L, Desc *d, MlirValue i) {
  if (!d)
    return NULL;
  LbBuilder *b = &L->b;
  if (!isArray(d->ty))
    return fail(L, (MlirOperation){NULL}, "internal error: indexing a non-array");
  MlirType et = elemOf(d->ty);
  switch (d->k) {
  case D_MEM: {
    Desc *r = newDesc(L, D_MEM, et);
    if (!r)
      return NULL;
    *r = *d;
    r->ty = et;
    r->idx[r->nidx++] = i;
    if (r->nidx == memRank(d->v))
      return dval(L, lbLoad(b, d->v, r->nidx, r->idx));
    return r;
  }
  case D_ZIP:
    return dpair(L, et, at(L, d->a, i), at(L, d->b, i));
  case D_PROJ:
    return proj(L, at(L, d->a, i), (int)d->p);
  case D_SLIDE: {
    Desc *r = newDesc(L, D_OFFS, et);
    if (r) {
      r->a = d->a;
      r->v = lbMulC(b, i, d->p);
      r->q = d->p; /* v is a multiple of the step (see vecAddr) */
    }
    return r;
  }
  case D_OFFS:
    return at(L, d->a, lbAdd(b, d->v, i));
  case D_JOIN: {
    MlirValue q, r;
    divMod(L, i, d->p, &q, &r);
    return at(L, at(L, d->a, q), r);
  }
  case D_TRANS: {
    Desc *r = newDesc(L, D_TROW, et);
    if (r) {
      r->a = d->a;
      r->v = i;
    }
    return r;
  }
  case D_TROW:
    return at(L, at(L, d->a, i), d->v);
  case D_SEL:
    return sel(L, d->v, at(L, d->a, i), at(L, d->b, i));
  case D_PADCST: {
    int64_t c;
    if (lbIsConstIndex(i, &c))
      return c >= d->p && c < d->p + d->q ? at(L, d->a, lbConstIndex(b, c - d->p)) : d->b;
    int side = padSide(L, i, d->p, d->q);
    if (side != PAD_MIXED)
      return side == PAD_IN ? at(L, d->a, lbAddC(b, i, -d->p)) : d->b;
    /* Read a clamped (always valid) element and select, so no branch. */
    MlirValue j = lbClamp(b, lbAddC(b, i, -d->p), 0, d->q - 1);
    MlirValue in = lbInRange(b, i, d->p, d->p + d->q);
    return sel(L, in, at(L, d->a, j), d->b);
  }
  case D_PADCLAMP:
    switch (padSide(L, i, d->p, d->q)) {
    case PAD_IN:
      return at(L, d->a, lbAddC(b, i, -d->p));
    case PAD_LEFT:
      return at(L, d->a, lbConstIndex(b, 0));
    case PAD_RIGHT:
      return at(L, d->a, lbConstIndex(b, d->q - 1));
    default:
      return at(L, d->a, lbClamp(b, lbAddC(b, i, -d->p), 0, d->q - 1));
    }
  case D_GEN: {
    Desc *arg = dval(L, i);
    return arg ? lambda(L, d->op, 0, d->env, 1, &arg) : NULL;
  }
  case D_MAP: {
    Desc *x = at(L, d->a, i);
    return x ? lambda(L, d->op, 0, d->env, 1, &x) : NULL;
  }
  case D_ASVEC: {
    int64_t w = d->p;
    MlirValue base = lbMulC(b, i, w);
    Desc *a = d->a;
    if (a->k == D_MEM && a->nidx + 1 == memRank(a->v) &&
        riseIsScalar(mlirShapedTypeGetElementType(mlirValueGetType(a->v)))) {
      MlirValue idx[LB_MAX_RANK];
      memcpy(idx, a->idx, sizeof idx);
      idx[a->nidx] = base;
      return dval(L, lbVecLoad(b, et, a->v, a->nidx + 1, idx));
    }
    /* Through join/split/slide views of contiguous rows: still one load. */
    MlirValue vmem, vidx[LB_MAX_RANK];
    int vn = 0;
    if (vecAddr(L, a, base, w, w, &vmem, vidx, &vn))
      return dval(L, lbVecLoad(b, et, vmem, vn, vidx));
    MlirValue lanes[64];
    if (w > 64)
      return fail(L, (MlirOperation){NULL}, "as_vector wider than 64 lanes is not supported");
    for (int64_t l = 0; l < w; ++l) {
      Desc *x = at(L, a, lbAddC(b, base, l));
      if (!x || x->k != D_VAL)
        return x ? fail(L, (MlirOperation){NULL}, "internal error: vector lane is not a scalar")
                 : NULL;
      lanes[l] = x->v;
    }
    return dval(L, lbFromElements(b, et, w, lanes));
  }
  case D_ASSCAL: {
    Desc *vd = at(L, d->a, lbDivC(b, i, d->p));
    if (!vd || vd->k != D_VAL)
      return vd ? fail(L, (MlirOperation){NULL}, "internal error: as_scalar of a non-vector") : NULL;
    return dval(L, lbExtract(b, vd->v, lbModC(b, i, d->p)));
  }
  case D_CWIN:
    return at(L, d->a, lbModC(b, lbAdd(b, d->v, i), d->p));
  case D_RWIN: {
    int64_t c;
    if (lbIsConstIndex(i, &c))
      return c >= 0 && c < d->p ? d->vals[c] : fail(L, (MlirOperation){NULL}, "window index out of range");
    Desc *r = d->vals[d->p - 1];
    for (int64_t k = d->p - 2; k >= 0; --k)
      r = sel(L, lbInRange(b, i, k, k + 1), d->vals[k], r);
    return r;
  }
  case D_CIRC: {
    /* Not streamed: window i is slide-1 window i mapped through `load`. */
    Desc *offs = newDesc(L, D_OFFS, mlirRiseArrayTypeGet(elemOf(d->a->ty), d->q));
    Desc *win = newDesc(L, D_MAP, et);
    if (!offs || !win)
      return NULL;
    offs->a = d->a;
    offs->v = i;
    win->op = d->op;
    win->env = d->env;
    win->a = offs;
    return win;
  }
  case D_ROT: {
    Desc *offs = newDesc(L, D_OFFS, et);
    if (offs) {
      offs->a = d->a;
      offs->v = i;
    }
    return offs;
  }
  case D_STREAM:
    if (!ringLoad(L, d->a, d->b, lbAddC(b, i, d->a->q - 1)))
      return NULL;
    return ringWindow(L, d->a, d->b, i);
  case D_VAL:
  case D_PAIR:
  case D_KERNEL: /* materialised unless written: never read here */
    break;
  }
  return fail(L, (MlirOperation){NULL}, "internal error: indexing a non-array value");
}

/*--- writing: acceptors --------------------------------------------------*/

static Acc *newAcc(Lower *L, AKind k, Acc *parent, int64_t p) {
  Acc *a = alloc(L, sizeof *a);
  if (a) {
    a->k = k;
    a->a = parent;
    a->p = p;
  }
  return a;
}

static Acc *accAt(Lower *L, Acc *acc, MlirValue i) {
  if (!acc)
    return NULL;
  LbBuilder *b = &L->b;
  switch (acc->k) {
  case A_MEM: {
    Acc *r = newAcc(L, A_MEM, NULL, 0);
    if (r) {
      *r = *acc;
      r->idx[r->nidx++] = i;
    }
    return r;
  }
  case A_SPLIT: {
    Acc *r = newAcc(L, A_OFFS, acc->a, acc->p); /* p: v is a multiple of it */
    if (r)
      r->v = lbMulC(b, i, acc->p);
    return r;
  }
  case A_OFFS:
    return accAt(L, acc->a, lbAdd(b, acc->v, i));
  case A_JOIN:
    return accAt(L, accAt(L, acc->a, lbDivC(b, i, acc->p)), lbModC(b, i, acc->p));
  case A_TRANS: {
    Acc *r = newAcc(L, A_TROW, acc->a, 0);
    if (r)
      r->v = i;
    return r;
  }
  case A_TROW:
    return accAt(L, accAt(L, acc->a, i), acc->v);
  case A_VEC: {
    Acc *r = newAcc(L, A_VSLOT, acc->a, acc->p);
    if (r)
      r->v = lbMulC(b, i, acc->p);
    return r;
  }
  case A_CROP: {
    /* Border peeling narrows the loop writing index i to where it is kept
     * (padSide, as for a pad read); the iterations around it drop their
     * writes, statically where their side is known. */
    int side = padSide(L, i, acc->q, acc->p);
    if (side == PAD_IN)
      return accAt(L, acc->a, lbAddC(b, i, -acc->q));
    if (side != PAD_MIXED)
      return newAcc(L, A_DROP, NULL, 0);
    Acc *r = newAcc(L, A_GUARD, accAt(L, acc->a, lbClamp(b, lbAddC(b, i, -acc->q), 0, acc->p - 1)),
                    0);
    if (r)
      r->v = lbInRange(b, i, acc->q, acc->q + acc->p);
    return r && r->a ? r : NULL;
  }
  case A_DROP:
    return acc;
  case A_GUARD: {
    Acc *r = newAcc(L, A_GUARD, accAt(L, acc->a, i), 0);
    if (r)
      r->v = acc->v;
    return r && r->a ? r : NULL;
  }
  case A_PAIR: {
    Acc *r = newAcc(L, A_PAIR, accAt(L, acc->a, i), 0);
    if (r)
      r->snd = accAt(L, acc->snd, i);
    return r && r->a && r->snd ? r : NULL;
  }
  case A_VSLOT:
    break;
  }
  return fail(L, (MlirOperation){NULL}, "internal error: indexing a scalar acceptor");
}

/* vecAddr for acceptors: can lanes j .. j+w-1 written through `acc` be one
 * vector.store? Through offsets (join's input, multiples of their p) and
 * split's input (chunks of p, a multiple of w, with j a multiple of w). */
static bool accVecAddr(Lower *L, Acc *acc, MlirValue j, int64_t w, int64_t al, MlirValue *mem,
                       MlirValue *idx, int *n) {
  LbBuilder *b = &L->b;
  if (!acc)
    return false;
  switch (acc->k) {
  case A_MEM:
    if (acc->nidx + 1 != memRank(acc->mem) ||
        !riseIsScalar(mlirShapedTypeGetElementType(mlirValueGetType(acc->mem))))
      return false;
    memcpy(idx, acc->idx, sizeof acc->idx);
    idx[acc->nidx] = j;
    *n = acc->nidx + 1;
    *mem = acc->mem;
    return true;
  case A_OFFS:
    return accVecAddr(L, acc->a, lbAdd(b, acc->v, j), w, gcd64(al, acc->p > 0 ? acc->p : 1), mem,
                      idx, n);
  case A_JOIN:
    if (acc->p % w || al % w)
      return false;
    return accVecAddr(L, accAt(L, acc->a, lbDivC(b, j, acc->p)), lbModC(b, j, acc->p), w,
                      gcd64(al, acc->p), mem, idx, n);
  default:
    return false;
  }
}

static bool accStore(Lower *L, Acc *acc, MlirValue v) {
  if (!acc)
    return false;
  LbBuilder *b = &L->b;
  if (acc->k == A_DROP)
    return true;
  if (acc->k == A_GUARD) {
    LbPoint saved = b->ip;
    b->ip = lbIfThen(b, acc->v);
    bool ok = accStore(L, acc->a, v);
    b->ip = saved;
    return ok;
  }
  if (acc->k == A_MEM && acc->nidx == memRank(acc->mem)) {
    lbStore(b, v, acc->mem, acc->nidx, acc->idx);
    return true;
  }
  if (acc->k == A_VSLOT) {
    Acc *m = acc->a;
    if (m->k == A_MEM && m->nidx + 1 == memRank(m->mem) &&
        riseIsScalar(mlirShapedTypeGetElementType(mlirValueGetType(m->mem)))) {
      MlirValue idx[LB_MAX_RANK];
      memcpy(idx, m->idx, sizeof idx);
      idx[m->nidx] = acc->v;
      lbVecStore(b, v, m->mem, m->nidx + 1, idx);
      return true;
    }
    MlirValue vmem, vidx[LB_MAX_RANK];
    int vn = 0;
    if (accVecAddr(L, m, acc->v, acc->p, acc->p, &vmem, vidx, &vn)) {
      lbVecStore(b, v, vmem, vn, vidx);
      return true;
    }
    for (int64_t l = 0; l < acc->p; ++l)
      if (!accStore(L, accAt(L, m, lbAddC(b, acc->v, l)), lbExtract(b, v, lbConstIndex(b, l))))
        return false;
    return true;
  }
  fail(L, (MlirOperation){NULL}, "internal error: storing into an array acceptor");
  return false;
}

static bool write(Lower *L, Desc *d, Acc *acc);
static Acc *memAcc(Lower *L, MlirValue mem);

typedef struct MapLoop {
  Lower *L;
  Desc *map;  /* D_MAP */
  Acc *acc;
  bool par;
  /* streaming */
  Desc *src;  /* the D_CIRC / D_ROT being streamed */
  MlirValue ring;
  Peel *peel; /* set while the interior of a peeled loop is built */
} MapLoop;

static LbLoopKind loopKind(MlirRisePatternKind k) {
  if (k == MlirRisePatternKindPar)
    return LB_LOOP_PARALLEL;
  if (k == MlirRisePatternKindUnroll)
    return LB_LOOP_UNROLL;
  return LB_LOOP_AFFINE;
}

static bool writeElement(MapLoop *m, MlirValue iv, Desc *x) {
  Lower *L = m->L;
  Desc *r = x ? lambda(L, m->map->op, 0, m->map->env, 1, &x) : NULL;
  return r && write(L, r, accAt(L, m->acc, iv));
}

/* While the interior of a peeled loop is built, its index is known to
 * padSide (through L->peels). */
static void pushPeel(MapLoop *m, MlirValue iv) {
  if (m->peel) {
    m->peel->iv = iv;
    m->peel->next = m->L->peels;
    m->L->peels = m->peel;
  }
}

static void popPeel(MapLoop *m) {
  if (m->peel)
    m->L->peels = m->peel->next;
}

static bool mapBody(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                    void *user) {
  MapLoop *m = user;
  Lower *L = m->L;
  MlirBlock saved = L->scope;
  if (m->par)
    L->scope = b->ip.block;
  pushPeel(m, iv);
  bool ok = writeElement(m, iv, at(L, m->map->a, iv));
  popPeel(m);
  if (ok && m->par)
    emitDeallocs(L, b->ip.block);
  L->scope = saved;
  return ok;
}

/* Peeled loops nest at most this deep (each peeled level builds its body
 * three times). Four: a row filter's columns under chunks of rows split
 * again (rise-search's chunked pipelines) are the fourth level, and
 * unpeeled their pad clamps every column (a 5-tap box filter's chunks
 * over 4x slower). */
enum { MAX_PEEL_DEPTH = 4 };

/* The map loop over 0..n-1, with border peeling: the body is first built
 * for the interior, where every read of a pad (pad_cst, pad_clamp) at an
 * index m * iv + c (c in a known range) is taken to be inside the padded
 * input -- a plain load, no clamp or select -- and narrows the interior to
 * the iterations where it is (padSide). The loop then runs over that
 * interior, and the iterations before and after it, if any, are loops of
 * their own, built again with the pads' clamps and selects (resolved
 * statically where a border's whole range is on one side). Without pads
 * the loop is as it was. Map elements are independent, so the order of the
 * three loops does not matter; they run in index order anyway.
 *
 * A loop with niter iteration values (a map iterate over rotate_values,
 * rotBody: the window's values) threads them through the three loops: the
 * left border from init, the interior from the left border's results, the
 * right border from the interior's, or from the left border's where there
 * is no interior; out receives the last loop's. Unpeeled, a row filter
 * rotating over a padded row clamped every load and stayed scalar (a
 * 5-tap box filter's rows, 3x slower than the plain map). The loop is
 * built whole under GPU hooks, unrolled, or MAX_PEEL_DEPTH deep. */
static bool peeledLoop(Lower *L, LbLoopKind lk, int64_t n, MapLoop *m, LbBodyFn body,
                       intptr_t niter, const MlirValue *init, MlirValue *out) {
  int depth = 0;
  for (Peel *p = L->peels; p; p = p->next)
    ++depth;
  if (L->hooks || lk == LB_LOOP_UNROLL || depth >= MAX_PEEL_DEPTH)
    return lbLoop(&L->b, lk, n, niter, init, out, body, m);
  Peel pe = {{NULL}, 0, n, NULL};
  MlirOperation loop;
  m->peel = &pe;
  bool ok = lbLoopRange(&L->b, lk, 0, n, niter, init, out, body, m, &loop);
  m->peel = NULL;
  if (!ok || mlirOperationIsNull(loop))
    return ok;
  int64_t lo = pe.lo < 0 ? 0 : pe.lo > n ? n : pe.lo;
  int64_t hi = pe.hi < lo ? lo : pe.hi > n ? n : pe.hi;
  if (lo == 0 && hi == n)
    return true;
  MlirValue from[LB_MAX_ITER];
  for (intptr_t k = 0; k < niter; ++k)
    from[k] = init[k];
  if (lo > 0) { /* the left border, before the interior */
    LbPoint saved = L->b.ip;
    L->b.ip = (LbPoint){mlirOperationGetBlock(loop), loop};
    ok = lbLoopRange(&L->b, lk, 0, lo, niter, init, from, body, m, NULL);
    L->b.ip = saved;
    if (!ok)
      return false;
  }
  if (lo == hi) {
    /* No interior: its body may read out of bounds, so it goes. */
    mlirOperationRemoveFromParent(loop);
    mlirOperationDestroy(loop);
  } else {
    for (intptr_t k = 0; lo > 0 && k < niter; ++k)
      mlirOperationSetOperand(loop, k, from[k]);
    lbSetLoopBounds(&L->b, loop, lo, hi);
    for (intptr_t k = 0; k < niter; ++k)
      from[k] = out[k];
  }
  for (intptr_t k = 0; k < niter; ++k)
    out[k] = from[k];
  /* the right border, after the interior (at the insertion point) */
  return hi == n || lbLoopRange(&L->b, lk, hi, n, niter, from, out, body, m, NULL);
}

/* The ring of `alloc` slots of type `slotT`: a scalar, a vector or an array
 * of them (a line buffer); null otherwise. */
static MlirType ringType(MlirType slotT, int64_t alloc) {
  MlirType t = slotT;
  int64_t shape[LB_MAX_RANK];
  int rank = 0;
  shape[rank++] = alloc;
  while (isArray(t) && rank < LB_MAX_RANK) {
    shape[rank++] = lenOf(t);
    t = elemOf(t);
  }
  if (isArray(t) || !riseIsScalarOrVector(t))
    return (MlirType){NULL};
  return mlirMemRefTypeContiguousGet(t, rank, shape, mlirAttributeGetNull());
}

/* Whether slots of type t can be buffered: ring types for t, or for each
 * component of a pair (of pairs ...) of them (slots holding pairs of lines
 * are a ring per component, as Harris's per-pixel (Ixx, Ixy, Iyy) lines). */
static bool ringable(MlirType t, int64_t alloc) {
  if (mlirTypeIsARisePair(t))
    return ringable(mlirRisePairTypeGetFirst(t), alloc) &&
           ringable(mlirRisePairTypeGetSecond(t), alloc);
  return !mlirTypeIsNull(ringType(t, alloc));
}

/* Allocates the rings of slots of type t: a D_VAL holding the ring memref,
 * or a D_PAIR of the components' rings (typed t). */
static Desc *ringAlloc(Lower *L, MlirType t, int64_t alloc, MlirRiseAddressSpace addr) {
  if (mlirTypeIsARisePair(t)) {
    Desc *a = ringAlloc(L, mlirRisePairTypeGetFirst(t), alloc, addr);
    Desc *b = a ? ringAlloc(L, mlirRisePairTypeGetSecond(t), alloc, addr) : NULL;
    return dpair(L, t, a, b);
  }
  MlirValue ring = allocIn(L, ringType(t, alloc), addr, true);
  return mlirValueIsNull(ring) ? NULL : dval(L, ring);
}

/* Writes value x (typed like the rings) into slot `slot` of `rings`. */
static bool ringStore(Lower *L, Desc *x, Desc *rings, MlirValue slot) {
  if (!x)
    return false;
  if (rings->k == D_PAIR) {
    if (x->k != D_PAIR) {
      fail(L, (MlirOperation){NULL}, "internal error: a ring slot of pairs loaded from a non-pair");
      return false;
    }
    return ringStore(L, x->a, rings->a, slot) && ringStore(L, x->b, rings->b, slot);
  }
  return write(L, x, accAt(L, memAcc(L, rings->v), slot));
}

/* Loads element k of the buffer's input into slot k mod alloc (a whole line
 * when slots are arrays, written through the slot's acceptor; a pair into
 * the rings of its components). */
static bool ringLoad(Lower *L, Desc *src, Desc *rings, MlirValue k) {
  Desc *in = at(L, src->a, k);
  Desc *x = in ? lambda(L, src->op, 0, src->env, 1, &in) : NULL;
  return x && ringStore(L, x, rings, lbModC(&L->b, k, src->p));
}

/* Window i of slots of type t in `rings`: slots i .. i+size-1 modulo alloc
 * (for pairs, the zip of the components' windows). */
static Desc *ringWindowOf(Lower *L, MlirType t, Desc *src, Desc *rings, MlirValue i) {
  MlirType winT = mlirRiseArrayTypeGet(t, src->q);
  if (rings->k == D_PAIR) {
    Desc *z = newDesc(L, D_ZIP, winT);
    if (!z)
      return NULL;
    z->a = ringWindowOf(L, mlirRisePairTypeGetFirst(t), src, rings->a, i);
    z->b = z->a ? ringWindowOf(L, mlirRisePairTypeGetSecond(t), src, rings->b, i) : NULL;
    return z->b ? z : NULL;
  }
  Desc *win = newDesc(L, D_CWIN, winT);
  Desc *slots = memDesc(L, mlirRiseArrayTypeGet(t, src->p), rings->v);
  if (!win || !slots)
    return NULL;
  win->a = slots;
  win->v = i;
  win->p = src->p;
  return win;
}

/* Window i of a streamed buffer. */
static Desc *ringWindow(Lower *L, Desc *src, Desc *rings, MlirValue i) {
  return ringWindowOf(L, elemOf(elemOf(src->ty)), src, rings, i);
}

/* Prepares circular buffer `src`, whose consumer reads its elements in
 * order and once each, for streaming: allocates its ring(s), streams its
 * own input when that is a circular buffer too (a chain of line buffers,
 * as in Harris: each gray line is computed once, then each product line
 * once), and loads the first size-1 slots. Returns a D_STREAM (rings in
 * b); `src` itself when it cannot be streamed; NULL after a diagnostic. */
static Desc *streamOf(Lower *L, Desc *src) {
  if (src->k != D_CIRC)
    return src;
  MlirType slotT = elemOf(elemOf(src->ty));
  if (!ringable(slotT, src->p))
    return src;
  Desc *in = streamOf(L, src->a);
  Desc *s = newDesc(L, D_CIRC, src->ty);
  Desc *st = newDesc(L, D_STREAM, src->ty);
  if (!in || !s || !st)
    return NULL;
  *s = *src;
  s->a = in; /* the copy: other readers of src keep the slide meaning */
  Desc *rings = ringAlloc(L, slotT, src->p, (MlirRiseAddressSpace)src->r);
  if (!rings)
    return NULL;
  for (int64_t k = 0; k + 1 < src->q; ++k)
    if (!ringLoad(L, s, rings, lbConstIndex(&L->b, k)))
      return NULL;
  st->a = s;
  st->b = rings;
  return st;
}

/* Streams a circular buffer: slot (i + size - 1) mod alloc is loaded in
 * iteration i, and window i reads slots i .. i+size-1 modulo alloc. */
static bool circBody(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                     void *user) {
  MapLoop *m = user;
  return writeElement(m, iv, at(m->L, m->src, iv));
}

/* The scalars and vectors a rotated element is made of: 1 for a scalar
 * or vector, the sum of the components' for a pair of such (a zip of
 * sums rotated together, Harris's three box filters); -1 for anything
 * else (arrays), which is not rotated in registers. */
static int rotLeaves(MlirType t) {
  if (riseIsScalarOrVector(t))
    return 1;
  if (!mlirTypeIsARisePair(t))
    return -1;
  int a = rotLeaves(mlirRisePairTypeGetFirst(t)), c = rotLeaves(mlirRisePairTypeGetSecond(t));
  return a < 0 || c < 0 ? -1 : a + c;
}

/* Can rotate_values over elements of type t, of window `size`, ride in
 * a loop's iter_args: (size - 1) elements of rotLeaves values each? */
static bool rotInRegisters(MlirType t, int64_t size) {
  int n = rotLeaves(t);
  return n > 0 && size >= 1 && (size - 1) * n <= LB_MAX_ITER;
}

/* d's leaf values, in rotLeaves' order, into out[*k..]: false when d is
 * not built of values. */
static bool rotFlatten(Desc *d, MlirValue *out, int *k) {
  if (d && d->k == D_VAL) {
    out[(*k)++] = d->v;
    return true;
  }
  return d && d->k == D_PAIR && rotFlatten(d->a, out, k) && rotFlatten(d->b, out, k);
}

/* The element of type t made of vals[*k..], as rotFlatten took it apart. */
static Desc *rotRebuild(Lower *L, MlirType t, const MlirValue *vals, int *k) {
  if (!mlirTypeIsARisePair(t))
    return dval(L, vals[(*k)++]);
  Desc *a = rotRebuild(L, mlirRisePairTypeGetFirst(t), vals, k);
  return dpair(L, t, a, rotRebuild(L, mlirRisePairTypeGetSecond(t), vals, k));
}

/* Streams rotated values: the last size-1 elements ride in iter_args, a
 * pair's components side by side (rotLeaves values an element). */
static bool rotBody(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                    void *user) {
  MapLoop *m = user;
  Lower *L = m->L;
  Desc *src = m->src;
  int64_t n = src->q;
  MlirType et = elemOf(elemOf(src->ty));
  pushPeel(m, iv);
  Desc *fresh = at(L, src->a, lbAddC(b, iv, n - 1));
  Desc *win = newDesc(L, D_RWIN, elemOf(src->ty));
  Desc **vals = alloc(L, (size_t)n * sizeof *vals);
  bool ok = fresh && win && vals;
  int k = 0;
  for (int64_t e = 0; ok && e + 1 < n; ++e)
    ok = (vals[e] = rotRebuild(L, et, iter, &k)) != NULL;
  if (ok) {
    vals[n - 1] = fresh;
    win->vals = vals;
    win->p = n;
    k = 0;
    for (int64_t e = 1; ok && e < n; ++e)
      ok = rotFlatten(vals[e], next, &k);
    if (!ok)
      fail(L, src->op, "internal error: a rotated element is not made of values");
    ok = ok && writeElement(m, iv, win);
  }
  popPeel(m);
  return ok;
}

static bool writeMap(Lower *L, Desc *d, Acc *acc) {
  MlirRisePatternKind kind = (MlirRisePatternKind)d->p;
  LbLoopKind lk = loopKind(kind);
  int64_t n = lenOf(d->ty);
  MapLoop m = {L, d, acc, lk == LB_LOOP_PARALLEL, NULL, {NULL}, NULL};
  Desc *src = d->a;
  if (L->hooks && isGpuKind(kind))
    return L->hooks->mapLoop(L->hooks->user, &L->b, d->op, kind, (int)attrInt(d->op, "dim"), n,
                             mapBody, &m);
  if (lk != LB_LOOP_PARALLEL && src->k == D_CIRC) {
    Desc *st = streamOf(L, src);
    if (!st)
      return false;
    if (st->k == D_STREAM) {
      m.src = st;
      return lbLoop(&L->b, lk, n, 0, NULL, NULL, circBody, &m);
    }
  }
  if (lk != LB_LOOP_PARALLEL && src->k == D_ROT && rotInRegisters(elemOf(elemOf(src->ty)), src->q)) {
    MlirValue init[LB_MAX_ITER], out[LB_MAX_ITER];
    int k = 0;
    for (int64_t e = 0; e + 1 < src->q; ++e) {
      Desc *x = at(L, src->a, lbConstIndex(&L->b, e));
      if (!x)
        return false;
      if (!rotFlatten(x, init, &k)) {
        fail(L, src->op, "internal error: a rotated element is not made of values");
        return false;
      }
    }
    m.src = src;
    return peeledLoop(L, lk, n, &m, rotBody, k, init, out);
  }
  return peeledLoop(L, lk, n, &m, mapBody, 0, NULL, NULL);
}

static bool copyBody(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                     void *user) {
  MapLoop *m = user;
  pushPeel(m, iv);
  bool ok = write(m->L, at(m->L, m->map, iv), accAt(m->L, m->acc, iv));
  popPeel(m);
  return ok;
}

/* Runs a kernel (D_KERNEL) where the hooks put it, writing its value
 * through `acc` from inside. */
static bool writeKernel(Lower *L, Desc *d, Acc *acc) {
  LbPoint saved = L->b.ip;
  MlirBlock savedScope = L->scope;
  MlirBlock scope;
  if (!L->hooks->enterKernel(L->hooks->user, &L->b, d->op, &scope))
    return false;
  L->scope = scope;
  Desc *r = lambda(L, d->op, 0, d->env, 0, NULL);
  bool ok = r && write(L, r, acc);
  L->hooks->exitKernel(L->hooks->user, &L->b, d->op);
  L->b.ip = saved;
  L->scope = savedScope;
  return ok;
}

/* Is d (a view) read from exactly where acc writes? */
static bool sameMem(Desc *d, Acc *acc) {
  if (d->k != D_MEM || acc->k != A_MEM || d->nidx != acc->nidx || !mlirValueEqual(d->v, acc->mem))
    return false;
  for (int k = 0; k < d->nidx; ++k)
    if (!mlirValueEqual(d->idx[k], acc->idx[k]))
      return false;
  return true;
}

/* Is d an array of scalars that only rearranges memory (offsets, slides,
 * joins, transposes, pads; nothing computed)? */
static bool memoryOnly(Desc *d) {
  MlirType e = d ? d->ty : (MlirType){NULL};
  while (!mlirTypeIsNull(e) && isArray(e))
    e = elemOf(e);
  if (mlirTypeIsNull(e) || mlirTypeIsAVector(e) || mlirTypeIsARisePair(e))
    return false;
  for (; d; d = d->a) {
    if (d->k == D_MEM)
      return true;
    if (d->k != D_OFFS && d->k != D_JOIN && d->k != D_SLIDE && d->k != D_TRANS &&
        d->k != D_TROW && d->k != D_PADCLAMP && d->k != D_PADCST)
      return false;
  }
  return false;
}

static bool write(Lower *L, Desc *d, Acc *acc) {
  if (!d || !acc)
    return false;
  if (sameMem(d, acc))
    return true; /* already there: a fold ran in place on this buffer */
  if (d->k == D_KERNEL)
    return writeKernel(L, d, acc);
  if (acc->k == A_PAIR && !isArray(d->ty)) {
    if (d->k != D_PAIR) {
      fail(L, (MlirOperation){NULL}, "internal error: writing a non-pair into a pair of buffers");
      return false;
    }
    return write(L, d->a, acc->a) && write(L, d->b, acc->snd);
  }
  if (!isArray(d->ty)) {
    if (d->k != D_VAL) {
      fail(L, (MlirOperation){NULL}, "storing a pair into a memref is not supported");
      return false;
    }
    return accStore(L, acc, d->v);
  }
  switch (d->k) {
  case D_MAP:
    return writeMap(L, d, acc);
  case D_JOIN:
    return write(L, d->a, newAcc(L, A_SPLIT, acc, d->p));
  case D_TRANS:
    /* A transpose of memory into a buffer is copied in the buffer's
     * order: unit-stride stores, the strided loads' lines reused from L1
     * by the next rows. Written through a transposing acceptor, in the
     * source's order, its stores walked the destination down its
     * columns: ProgGen's mlp_relu stored each 452x32 panel of its weights
     * so, 128 B apart, 14 lines to an L1 set of 12 ways, and every store
     * missed (3.1 ms, 1.1 in this order). What is computed (a map) is
     * still written in its own order, and so is a transpose written
     * through other rearrangements (join (transpose (split x)): one pass
     * over x, the acceptor's index arithmetic). */
    if (acc->k == A_MEM && memoryOnly(d->a))
      break;
    return write(L, d->a, newAcc(L, A_TRANS, acc, 0));
  case D_ASSCAL:
    return write(L, d->a, newAcc(L, A_VEC, acc, d->p));
  case D_SLIDE:
    if (d->isSplit)
      return write(L, d->a, newAcc(L, A_JOIN, acc, d->p));
    break;
  case D_OFFS: {
    /* A crop (`idx c (slide n s y)`, c constant: what the tail rules
     * padSplitJoin and padTileMaps leave) of a computed array: y is
     * written whole through an acceptor that keeps [o, o + n), rather
     * than materialised and copied. */
    Lin o;
    DKind ak = d->a ? d->a->k : D_VAL;
    bool computed = ak == D_MAP || ak == D_JOIN || ak == D_TRANS || ak == D_ASSCAL ||
                    (ak == D_SLIDE && d->a->isSplit);
    if (computed && linOf(L, d->v, &o, 0) && mlirValueIsNull(o.base) && o.lo == o.hi) {
      Acc *c = newAcc(L, A_CROP, acc, lenOf(d->ty));
      if (!c)
        return false;
      c->q = o.lo;
      return write(L, d->a, c);
    }
    break;
  }
  default:
    break;
  }
  /* A view written element by element (a pad among them: peeled too). */
  MapLoop m = {L, d, acc, false, NULL, {NULL}, NULL};
  return peeledLoop(L, LB_LOOP_AFFINE, lenOf(d->ty), &m, copyBody, 0, NULL, NULL);
}

static Acc *memAcc(Lower *L, MlirValue mem) {
  Acc *a = newAcc(L, A_MEM, NULL, 0);
  if (a)
    a->mem = mem;
  return a;
}

/* Temporaries above this many bytes go to the heap even inside a parallel
 * body, where the stack of an OpenMP thread is small. */
enum { STACK_TEMP_MAX = 64 * 1024 };

static int64_t memrefBytes(MlirType mt) {
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(mt); ++i)
    n *= mlirShapedTypeGetDimSize(mt, i);
  MlirType e = mlirShapedTypeGetElementType(mt);
  if (mlirTypeIsAVector(e)) {
    n *= mlirShapedTypeGetDimSize(e, 0);
    e = mlirShapedTypeGetElementType(e);
  }
  int64_t w = mlirTypeIsAIndex(e) ? 64 : mlirTypeIsAInteger(e) ? mlirIntegerTypeGetWidth(e)
              : mlirTypeIsAF64(e) ? 64 : 32;
  return n * ((w + 7) / 8);
}

/* Element f (row-major flat index) of array `d`, stored at buf[f]: one
 * iteration of a write shared among work-items (AriLowerHooks.spread). */
typedef struct Spread {
  Lower *L;
  Desc *d;
  MlirValue buf;
  int rank;
  int64_t shape[LB_MAX_RANK];
} Spread;

static bool spreadBody(LbBuilder *b, MlirValue f, const MlirValue *iter, MlirValue *next,
                       void *user) {
  Spread *s = user;
  MlirValue idx[LB_MAX_RANK];
  int64_t inner = 1;
  for (int k = s->rank - 1; k >= 0; --k) {
    MlirValue q = inner == 1 ? f : lbDivC(b, f, inner);
    idx[k] = k ? lbModC(b, q, s->shape[k]) : q;
    inner *= s->shape[k];
  }
  Desc *e = s->d;
  for (int k = 0; k < s->rank && e; ++k)
    e = at(s->L, e, idx[k]);
  if (!e || e->k != D_VAL) {
    if (e)
      fail(s->L, (MlirOperation){NULL}, "internal error: shared write of a non-scalar element");
    return false;
  }
  lbStore(b, e->v, s->buf, s->rank, idx);
  return true;
}

/* Can a value of type t be held by memrefs, one per leaf of the pairs
 * under its arrays (array<n x pair<A, pair<B, C>>>: three)? */
static bool pairSplittable(MlirType t) {
  if (!mlirTypeIsNull(memrefFor(t)))
    return true;
  if (!isArray(t) || !mlirTypeIsARisePair(elemOf(t)))
    return false;
  MlirType e = elemOf(t);
  return pairSplittable(mlirRiseArrayTypeGet(mlirRisePairTypeGetFirst(e), lenOf(t))) &&
         pairSplittable(mlirRiseArrayTypeGet(mlirRisePairTypeGetSecond(e), lenOf(t)));
}

/* Buffers for a value of type t that no single memref holds (checked by
 * pairSplittable first): an array of pairs becomes a pair of arrays, each
 * in its own buffer, read back through a zip of their views and written
 * through a pair acceptor. */
static bool pairBuffers(Lower *L, MlirType t, MlirRiseAddressSpace addr, bool explicitAddr,
                        Acc **acc, Desc **view) {
  MlirType mt = memrefFor(t);
  if (!mlirTypeIsNull(mt)) {
    MlirValue buf = allocIn(L, mt, addr, explicitAddr);
    if (mlirValueIsNull(buf))
      return false;
    *acc = memAcc(L, buf);
    *view = memDesc(L, t, buf);
    return *acc && *view;
  }
  if (!isArray(t) || !mlirTypeIsARisePair(elemOf(t)))
    return false;
  MlirType e = elemOf(t);
  MlirType t1 = mlirRiseArrayTypeGet(mlirRisePairTypeGetFirst(e), lenOf(t));
  MlirType t2 = mlirRiseArrayTypeGet(mlirRisePairTypeGetSecond(e), lenOf(t));
  Acc *a1, *a2;
  Desc *v1, *v2;
  if (!pairBuffers(L, t1, addr, explicitAddr, &a1, &v1) ||
      !pairBuffers(L, t2, addr, explicitAddr, &a2, &v2))
    return false;
  *acc = newAcc(L, A_PAIR, a1, 0);
  *view = newDesc(L, D_ZIP, t);
  if (!*acc || !*view)
    return false;
  (*acc)->snd = a2;
  (*view)->a = v1;
  (*view)->b = v2;
  return true;
}

/* Writes array `d` into a new buffer (a pair of buffers for an array of
 * pairs) and returns a view of it; a value no memrefs can hold stays as it
 * is (read by recomputation). */
static Desc *buffer(Lower *L, Desc *d, MlirRiseAddressSpace addr, bool explicitAddr) {
  if (!d)
    return NULL;
  MlirType mt = memrefFor(d->ty);
  if (mlirTypeIsNull(mt)) {
    /* An array of pairs (of arrays): materialised as a pair of buffers
     * rather than recomputed wherever it is read -- a stencil stage
     * yielding a pair of lines, read through a window, would otherwise
     * compute each whole line once per element read. Anything else that
     * no memref holds stays as it is. */
    Acc *acc = NULL;
    Desc *view = NULL;
    if (L->hooks || !pairSplittable(d->ty))
      return d;
    return pairBuffers(L, d->ty, addr, explicitAddr, &acc, &view) && write(L, d, acc) ? view
                                                                                       : NULL;
  }
  MlirValue buf = allocIn(L, mt, addr, explicitAddr);
  if (mlirValueIsNull(buf))
    return NULL;
  if (explicitAddr && L->hooks && L->hooks->spread) {
    /* The target may share the writing among its work-items. */
    Spread s = {L, d, buf, (int)mlirShapedTypeGetRank(mt), {0}};
    int64_t total = 1;
    for (int k = 0; k < s.rank; ++k)
      total *= s.shape[k] = mlirShapedTypeGetDimSize(mt, k);
    bool mapped = d->k == D_MAP && (MlirRisePatternKind)d->p == MlirRisePatternKindLocal;
    int r = L->hooks->spread(L->hooks->user, &L->b, buf, mapped, total, spreadBody, &s);
    if (r)
      return r > 0 ? memDesc(L, d->ty, buf) : NULL;
  }
  if (!write(L, d, memAcc(L, buf)))
    return NULL;
  return memDesc(L, d->ty, buf);
}

/*--- evaluating ops --------------------------------------------------------*/

static bool evalOp(Lower *L, MlirOperation op, Env **env);

static bool soleUse(MlirValue v) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  return !mlirOpOperandIsNull(u) && mlirOpOperandIsNull(mlirOpOperandGetNextUse(u));
}

/* Option fma: the value a lambda yields, marked (Desc.mx, my) as the
 * product x * y when it is the result of an arith.mulf we emitted that
 * nothing has used yet and the lambda yields it and uses it for nothing
 * else -- so that an addf reading it as an element (crossFusedOperand)
 * may absorb the multiply. */
static Desc *markProduct(Lower *L, MlirValue yielded, Desc *r) {
  if (!L->fma || !r || r->k != D_VAL || !mlirValueIsAOpResult(r->v) || !soleUse(yielded) ||
      !mlirOpOperandIsNull(mlirValueGetFirstUse(r->v)))
    return r;
  MlirOperation mul = mlirOpResultGetOwner(r->v);
  if (!opNamed(mul, "arith.mulf") || mlirOperationGetNumOperands(mul) != 2)
    return r;
  Desc *t = newDesc(L, D_VAL, r->ty);
  if (t) {
    *t = *r;
    t->mx = mlirOperationGetOperand(mul, 0);
    t->my = mlirOperationGetOperand(mul, 1);
  }
  return t;
}

static Desc *lambda(Lower *L, MlirOperation op, intptr_t region, Env *env, intptr_t nargs,
                    Desc **args) {
  MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
  if (mlirBlockGetNumArguments(blk) != nargs)
    return fail(L, op, "internal error: lambda arity");
  for (intptr_t k = 0; k < nargs; ++k)
    env = bind(L, env, mlirBlockGetArgument(blk, k), args[k]);
  for (MlirOperation o = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (riseOpKind(o) == RISE_OP_YIELD)
      return markProduct(L, mlirOperationGetOperand(o, 0),
                         use(L, env, mlirOperationGetOperand(o, 0)));
    if (!evalOp(L, o, &env))
      return NULL;
  }
  return fail(L, op, "internal error: lambda without rise.yield");
}

/* A lambda that only rearranges its input (views, and maps of such
 * lambdas) costs nothing to recompute, so its map is never buffered. */
static bool viewOnly(MlirOperation op) {
  MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    switch (riseOpKind(o)) {
    case RISE_OP_MAP:
      if (!viewOnly(o))
        return false;
      break;
    case RISE_OP_ZIP:
    case RISE_OP_UNZIP:
    case RISE_OP_FST:
    case RISE_OP_SND:
    case RISE_OP_PAIR:
    case RISE_OP_SPLIT:
    case RISE_OP_JOIN:
    case RISE_OP_TRANSPOSE:
    case RISE_OP_SLIDE:
    case RISE_OP_PAD_CLAMP:
    case RISE_OP_PAD_CST: /* a select where it is not peeled away */
    case RISE_OP_AS_VECTOR:
    case RISE_OP_AS_SCALAR:
    case RISE_OP_IDX:
    case RISE_OP_YIELD:
      break;
    default:
      return false;
    }
  }
  return true;
}

/* Does reading `v` element by element, once, cover all its uses? If not,
 * a map producing it is materialised rather than recomputed. */
static bool holdsArray(MlirType t) {
  if (isArray(t))
    return true;
  return mlirTypeIsARisePair(t) &&
         (holdsArray(mlirRisePairTypeGetFirst(t)) || holdsArray(mlirRisePairTypeGetSecond(t)));
}

static bool directlyWritten(MlirValue v);
static bool kernelWritten(MlirValue v);

static bool readsElementsOnce(MlirValue v, MlirBlock blk, int depth) {
  /* Scalars and pairs of them are computed once when bound, whatever
   * their uses. */
  if (!holdsArray(mlirValueGetType(v)))
    return true;
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u))
    return true;
  if (depth > 32 || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
    return false;
  MlirOperation user = mlirOpOperandGetOwner(u);
  if (!mlirBlockEqual(mlirOperationGetBlock(user), blk))
    return false; /* captured by a lambda: read once per iteration */
  /* A reduce's init is written once, element-wise, into the buffers of
   * an array accumulator (evalArrayReduce). */
  RiseOpKind kind = riseOpKind(user);
  if (kind == RISE_OP_REDUCE && mlirOpOperandGetOperandNumber(u) == 0)
    return true;
  switch (kind) {
  case RISE_OP_MAP:
  case RISE_OP_REDUCE: {
    /* A map or reduce reads each element once, but its lambda may reuse
     * the parts of that element (a row it slides over): look inside. */
    intptr_t argNo = kind == RISE_OP_MAP ? 0 : 1;
    if (mlirOpOperandGetOperandNumber(u) != (unsigned)argNo)
      return false;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(user, 0));
    return readsElementsOnce(mlirBlockGetArgument(body, argNo), body, depth + 1) &&
           (kind != RISE_OP_MAP || !viewOnly(user) ||
            readsElementsOnce(mlirOperationGetResult(user, 0), blk, depth + 1));
  }
  case RISE_OP_OUT: /* sinks */
  case RISE_OP_YIELD:
  case RISE_OP_TO_MEM:
    return true;
  case RISE_OP_SLIDE: {
    /* one window of it (a crop): its elements are read once */
    MlirValue w = mlirOperationGetResult(user, 0);
    MlirOpOperand wu = mlirValueGetFirstUse(w);
    if (mlirOpOperandIsNull(wu) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(wu)) ||
        mlirOpOperandGetOperandNumber(wu) != 0 ||
        riseOpKind(mlirOpOperandGetOwner(wu)) != RISE_OP_IDX ||
        !mlirBlockEqual(mlirOperationGetBlock(mlirOpOperandGetOwner(wu)), blk))
      return false;
    return readsElementsOnce(mlirOperationGetResult(mlirOpOperandGetOwner(wu), 0), blk, depth + 1);
  }
  case RISE_OP_ROTATE_VALUES: {
    /* Rotated in registers (writeMap's rotBody), each element is read
     * once, when it enters the window: the map over the windows must be
     * a sequential loop that is written (not fused into its reader, which
     * would read each element through `size` windows). */
    MlirValue w = mlirOperationGetResult(user, 0);
    MlirOpOperand wu = mlirValueGetFirstUse(w);
    if (mlirOpOperandGetOperandNumber(u) != 0 ||
        !rotInRegisters(elemOf(mlirValueGetType(v)), attrInt(user, "size")) ||
        mlirOpOperandIsNull(wu) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(wu)) ||
        mlirOpOperandGetOperandNumber(wu) != 0)
      return false;
    MlirOperation map = mlirOpOperandGetOwner(wu);
    if (riseOpKind(map) != RISE_OP_MAP || kindOf(map) == MlirRisePatternKindPar ||
        isGpuKind(kindOf(map)) || !mlirBlockEqual(mlirOperationGetBlock(map), blk))
      return false;
    MlirValue res = mlirOperationGetResult(map, 0);
    return directlyWritten(res) || kernelWritten(res) || !readsElementsOnce(res, blk, depth + 1);
  }
  case RISE_OP_ZIP: /* views: as their results are read */
  case RISE_OP_UNZIP:
  case RISE_OP_FST:
  case RISE_OP_SND:
  case RISE_OP_SPLIT:
  case RISE_OP_JOIN:
  case RISE_OP_TRANSPOSE:
  case RISE_OP_AS_VECTOR:
  case RISE_OP_AS_SCALAR:
  case RISE_OP_PAD_CST:
  case RISE_OP_PAIR:
    for (intptr_t r = 0; r < mlirOperationGetNumResults(user); ++r)
      if (!readsElementsOnce(mlirOperationGetResult(user, r), blk, depth + 1))
        return false;
    return true;
  default:
    return false;
  }
}

/* Does map `op` compute each element whole when it is read -- its lambda
 * runs a reduce with an array accumulator (evalArrayReduce), so reading
 * part of an element (a row of it, through transpose) recomputes all of
 * it? Such a map is materialised unless written through acceptors. */
static bool eagerElements(MlirOperation op) {
  MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    if (riseOpKind(o) == RISE_OP_REDUCE && holdsArray(mlirValueGetType(mlirOperationGetResult(o, 0))))
      return true;
  return false;
}

static bool directlyWritten(MlirValue v) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u))
    return true; /* dead: never evaluated */
  if (!mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
    return false;
  RiseOpKind kind = riseOpKind(mlirOpOperandGetOwner(u));
  return kind == RISE_OP_OUT || kind == RISE_OP_YIELD || kind == RISE_OP_TO_MEM;
}

/* Is `v` only written -- by rise.out or rise.to_mem, through views that
 * rearrange acceptors (join, split, transpose, as_scalar)? */
static bool kernelWritten(MlirValue v) {
  for (int depth = 0; depth < 64; ++depth) {
    MlirOpOperand u = mlirValueGetFirstUse(v);
    if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)) ||
        mlirOpOperandGetOperandNumber(u) != 0)
      return false;
    MlirOperation user = mlirOpOperandGetOwner(u);
    RiseOpKind kind = riseOpKind(user);
    if (kind == RISE_OP_OUT || kind == RISE_OP_TO_MEM)
      return true;
    if (kind == RISE_OP_SLIDE) {
      /* a crop, `idx c (slide ..)` with c constant, is written through
       * an acceptor too */
      MlirValue w = mlirOperationGetResult(user, 0);
      MlirOpOperand wu = mlirValueGetFirstUse(w);
      if (mlirOpOperandIsNull(wu) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(wu)) ||
          mlirOpOperandGetOperandNumber(wu) != 0)
        return false;
      MlirOperation ix = mlirOpOperandGetOwner(wu);
      int64_t c;
      if (riseOpKind(ix) != RISE_OP_IDX || !lbIsConstIndex(mlirOperationGetOperand(ix, 1), &c))
        return false;
      v = mlirOperationGetResult(ix, 0);
      continue;
    }
    if (kind != RISE_OP_JOIN && kind != RISE_OP_SPLIT && kind != RISE_OP_TRANSPOSE &&
        kind != RISE_OP_AS_SCALAR)
      return false;
    v = mlirOperationGetResult(user, 0);
  }
  return false;
}

static bool flatten(Lower *L, Desc *d, MlirValue *out, intptr_t *n) {
  if (!d)
    return false;
  if (d->k == D_PAIR)
    return flatten(L, d->a, out, n) && flatten(L, d->b, out, n);
  if (d->k != D_VAL || *n >= LB_MAX_ITER)
    return false;
  out[(*n)++] = d->v;
  return true;
}

static Desc *unflatten(Lower *L, MlirType t, const MlirValue *vals, intptr_t *pos) {
  if (mlirTypeIsARisePair(t)) {
    Desc *a = unflatten(L, mlirRisePairTypeGetFirst(t), vals, pos);
    Desc *b = unflatten(L, mlirRisePairTypeGetSecond(t), vals, pos);
    return dpair(L, t, a, b);
  }
  return dval(L, vals[(*pos)++]);
}

typedef struct ReduceLoop {
  Lower *L;
  MlirOperation op;
  Env *env;
  Desc *input;
  MlirType accType;
} ReduceLoop;

static bool reduceBody(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                       void *user) {
  ReduceLoop *r = user;
  Lower *L = r->L;
  intptr_t pos = 0, n = 0;
  Desc *args[2] = {unflatten(L, r->accType, iter, &pos), at(L, r->input, iv)};
  if (!args[0] || !args[1])
    return false;
  Desc *res = lambda(L, r->op, 0, r->env, 2, args);
  if (!res)
    return false;
  if (!flatten(L, res, next, &n) || n != pos) {
    unsupported(L, r->op, "with an accumulator that is not scalars, vectors or pairs of them");
    return false;
  }
  return true;
}

/* The inner size of the join that reading element i of d divides i by
 * first (through maps, zips and unzips, which keep the index), or 0. */
static int64_t joinSize(Desc *d) {
  for (int depth = 0; d && depth < 32; ++depth) {
    switch (d->k) {
    case D_JOIN:
      return d->p;
    case D_ZIP: {
      int64_t p = joinSize(d->a);
      if (p > 1)
        return p;
      d = d->b;
      break;
    }
    case D_MAP:
    case D_PROJ:
      d = d->a;
      break;
    default:
      return 0;
    }
  }
  return 0;
}

/* A reduce over a join with inner size p, split into loops over o (outer)
 * and c (inner, 0..p-1): element o * p + c, in the same order. */
typedef struct SplitReduce {
  ReduceLoop *r;
  int64_t p;
  intptr_t niter;
  MlirValue outer;
} SplitReduce;

static bool splitInner(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                       void *user) {
  SplitReduce *s = user;
  MlirValue t = lbMulC(b, s->outer, s->p), i = lbAdd(b, t, iv);
  if (!reduceBody(b, i, iter, next, s->r))
    return false;
  /* Reads through joins of inner size p took o and c directly: the flat
   * index is often left unused. */
  MlirValue dead[2] = {i, t};
  for (int k = 0; k < 2; ++k)
    if (mlirValueIsAOpResult(dead[k]) && mlirOpOperandIsNull(mlirValueGetFirstUse(dead[k])) &&
        (k == 0 || !mlirValueEqual(dead[0], dead[1]))) {
      MlirOperation op = mlirOpResultGetOwner(dead[k]);
      mlirOperationRemoveFromParent(op);
      mlirOperationDestroy(op);
    }
  return true;
}

static bool splitOuter(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                       void *user) {
  SplitReduce *s = user;
  s->outer = iv;
  return lbLoop(b, LB_LOOP_AFFINE, s->p, s->niter, iter, next, splitInner, s);
}

/*--- reductions with array accumulators ------------------------------------
 *
 * An accumulator holding arrays (an array of scalars or vectors of any
 * rank, or pairs of such arrays and scalars) cannot ride in iter_args: it
 * lives in buffers, one per leaf of its type (a rank-0 memref for a scalar
 * leaf). init is written into them, each step's value is written through
 * their acceptors, and the reduce's value is a view of them. A step writes
 * in place when its body only reads the accumulator element by element at
 * the index it writes (reduceInPlace); otherwise it writes the other buffer
 * of a pair, the two swapped through the loop's iter_args (double
 * buffering, no copy). A fold in place that starts from (a row of) an
 * enclosing in-place accumulator runs on that buffer (sharesOuterAcc):
 * the thesis's matmul reorders then update one tile, with no copies. */

/* The only use of v, when that is in block blk; else null. */
static MlirOperation soleUserIn(MlirValue v, MlirBlock blk, unsigned *operandNo) {
  MlirOperation none = {NULL};
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
    return none;
  MlirOperation user = mlirOpOperandGetOwner(u);
  if (!mlirBlockEqual(mlirOperationGetBlock(user), blk))
    return none;
  *operandNo = mlirOpOperandGetOperandNumber(u);
  return user;
}

/* Does use `u` of v (in block blk) read none of v: `map f (zip v ys)`
 * where f never takes fst of its element (v only gives the shape, as in
 * the matmul reorder's `map snd (zip acc ys)`)? */
static bool shapeOnlyUse(MlirOpOperand u, MlirBlock blk) {
  MlirOperation zip = mlirOpOperandGetOwner(u);
  unsigned no = 0;
  if (riseOpKind(zip) != RISE_OP_ZIP || mlirOpOperandGetOperandNumber(u) != 0 ||
      !mlirBlockEqual(mlirOperationGetBlock(zip), blk))
    return false;
  MlirOperation map = soleUserIn(mlirOperationGetResult(zip, 0), blk, &no);
  if (mlirOperationIsNull(map) || riseOpKind(map) != RISE_OP_MAP || no != 0)
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(map, 0));
  for (MlirOpOperand e = mlirValueGetFirstUse(mlirBlockGetArgument(body, 0));
       !mlirOpOperandIsNull(e); e = mlirOpOperandGetNextUse(e))
    if (riseOpKind(mlirOpOperandGetOwner(e)) != RISE_OP_SND)
      return false;
  return true;
}

/* The only use of v that may read it (others are shapeOnlyUse), when that
 * is in block blk; else null. */
static MlirOperation readerIn(MlirValue v, MlirBlock blk, unsigned *operandNo) {
  MlirOperation none = {NULL}, user = none;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    if (shapeOnlyUse(u, blk))
      continue;
    MlirOperation o = mlirOpOperandGetOwner(u);
    if (!mlirOperationIsNull(user) || !mlirBlockEqual(mlirOperationGetBlock(o), blk))
      return none;
    user = o;
    *operandNo = mlirOpOperandGetOperandNumber(u);
  }
  return user;
}

/* Is array v (bound in block blk) only read element-wise, each element at
 * the index its new value is written, by the value blk yields? True for
 * `yield (map f (zip v ys))` (optionally through as_vector v ... as_scalar)
 * where f reads fst of its element only: freely when the element is a
 * scalar or vector (read before it is stored), recursively when it is an
 * array. Decided on the IR alone (conservative: anything else is false). */
static bool reduceInPlace(MlirOperation op);

static bool elementwiseAcc(MlirValue v, MlirBlock blk, int depth) {
  if (depth > 16)
    return false;
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(v)))
    return true; /* not read at all */
  unsigned no = 0;
  MlirOperation u = readerIn(v, blk, &no);
  if (mlirOperationIsNull(u))
    return false;
  if (riseOpKind(u) == RISE_OP_REDUCE) {
    /* A fold whose result is the new value and whose own accumulator
     * starts from v: in place when that fold is, on v's buffers
     * (evalArrayReduce reuses them). */
    unsigned wNo = 0;
    MlirOperation w = soleUserIn(mlirOperationGetResult(u, 0), blk, &wNo);
    return no == 0 && !mlirOperationIsNull(w) && riseOpKind(w) == RISE_OP_YIELD &&
           reduceInPlace(u);
  }
  bool vec = riseOpKind(u) == RISE_OP_AS_VECTOR;
  if (vec) {
    if (no != 0)
      return false;
    u = soleUserIn(mlirOperationGetResult(u, 0), blk, &no);
  }
  if (mlirOperationIsNull(u) || riseOpKind(u) != RISE_OP_ZIP || no != 0)
    return false;
  MlirType elemT = mlirRisePairTypeGetFirst(elemOf(mlirValueGetType(mlirOperationGetResult(u, 0))));
  MlirOperation map = soleUserIn(mlirOperationGetResult(u, 0), blk, &no);
  if (mlirOperationIsNull(map) || riseOpKind(map) != RISE_OP_MAP || no != 0)
    return false;
  MlirOperation w = soleUserIn(mlirOperationGetResult(map, 0), blk, &no);
  if (vec && !mlirOperationIsNull(w) && riseOpKind(w) == RISE_OP_AS_SCALAR)
    w = soleUserIn(mlirOperationGetResult(w, 0), blk, &no);
  else if (vec)
    return false;
  if (mlirOperationIsNull(w) || riseOpKind(w) != RISE_OP_YIELD)
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(map, 0));
  MlirValue q = mlirBlockGetArgument(body, 0);
  int fsts = 0;
  for (MlirOpOperand e = mlirValueGetFirstUse(q); !mlirOpOperandIsNull(e);
       e = mlirOpOperandGetNextUse(e)) {
    MlirOperation o = mlirOpOperandGetOwner(e);
    if (!mlirBlockEqual(mlirOperationGetBlock(o), body))
      return false; /* captured by a nested lambda */
    RiseOpKind kind = riseOpKind(o);
    if (kind == RISE_OP_SND)
      continue;
    if (kind != RISE_OP_FST)
      return false;
    if (isArray(elemT) &&
        (++fsts > 1 || !elementwiseAcc(mlirOperationGetResult(o, 0), body, depth + 1)))
      return false;
  }
  return true;
}

static bool reduceInPlace(MlirOperation op) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirValue acc = mlirBlockGetArgument(body, 0);
  return isArray(mlirValueGetType(acc)) && elementwiseAcc(acc, body, 0);
}

/* Allocates a buffer per leaf of accumulator type t into bufs[*n..]. */
static bool accAlloc(Lower *L, MlirOperation op, MlirType t, MlirValue *bufs, intptr_t *n) {
  if (mlirTypeIsARisePair(t))
    return accAlloc(L, op, mlirRisePairTypeGetFirst(t), bufs, n) &&
           accAlloc(L, op, mlirRisePairTypeGetSecond(t), bufs, n);
  MlirType mt = memrefFor(t);
  if (mlirTypeIsNull(mt)) {
    unsupported(L, op, "with an accumulator holding arrays of pairs");
    return false;
  }
  if (*n >= LB_MAX_ITER / 2) {
    unsupported(L, op, "with an accumulator of more than 8 arrays and scalars");
    return false;
  }
  /* As a materialised map: heap at function level or when large. */
  bool heap = mlirBlockEqual(L->scope, L->funcBlock) || memrefBytes(mt) > STACK_TEMP_MAX;
  MlirValue buf = allocIn(L, mt, heap ? MlirRiseAddressSpaceGlobal : MlirRiseAddressSpacePrivate,
                          false);
  if (mlirValueIsNull(buf))
    return false;
  bufs[(*n)++] = buf;
  return true;
}

/* The accumulator of type t held in bufs[*pos..]: views of the array
 * leaves, scalar leaves loaded here. */
static Desc *accView(Lower *L, MlirType t, const MlirValue *bufs, intptr_t *pos) {
  if (mlirTypeIsARisePair(t)) {
    Desc *a = accView(L, mlirRisePairTypeGetFirst(t), bufs, pos);
    Desc *b = a ? accView(L, mlirRisePairTypeGetSecond(t), bufs, pos) : NULL;
    return dpair(L, t, a, b);
  }
  MlirValue buf = bufs[(*pos)++];
  return isArray(t) ? memDesc(L, t, buf) : dval(L, lbLoad(&L->b, buf, 0, NULL));
}

/* Writes accumulator value x (type t) into bufs[*pos..]. */
static bool accWrite(Lower *L, Desc *x, MlirType t, const MlirValue *bufs, intptr_t *pos) {
  if (!x)
    return false;
  if (mlirTypeIsARisePair(t))
    return accWrite(L, proj(L, x, 0), mlirRisePairTypeGetFirst(t), bufs, pos) &&
           accWrite(L, proj(L, x, 1), mlirRisePairTypeGetSecond(t), bufs, pos);
  return write(L, x, memAcc(L, bufs[(*pos)++]));
}

/* Is v (part of) the accumulator of an enclosing fold that runs in place:
 * its accumulator, or `fst q` of a map over `zip w ys` with w such a
 * part? elementwiseAcc has then checked that v's only reader is the fold
 * that starts from it, so that fold may run on v's buffer. */
static bool ownedAcc(MlirValue v, int depth) {
  if (depth > 16)
    return false;
  if (mlirValueIsABlockArgument(v)) {
    MlirOperation outer = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    return mlirBlockArgumentGetArgNumber(v) == 0 && !mlirOperationIsNull(outer) &&
           riseOpKind(outer) == RISE_OP_REDUCE && reduceInPlace(outer);
  }
  MlirOperation f = mlirOpResultGetOwner(v);
  if (riseOpKind(f) != RISE_OP_FST)
    return false;
  MlirValue q = mlirOperationGetOperand(f, 0);
  if (!mlirValueIsABlockArgument(q) || mlirBlockArgumentGetArgNumber(q) != 0)
    return false;
  MlirOperation map = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(q));
  if (mlirOperationIsNull(map) || riseOpKind(map) != RISE_OP_MAP)
    return false;
  MlirValue z = mlirOperationGetOperand(map, 0);
  if (!mlirValueIsAOpResult(z) || riseOpKind(mlirOpResultGetOwner(z)) != RISE_OP_ZIP)
    return false;
  return ownedAcc(mlirOperationGetOperand(mlirOpResultGetOwner(z), 0), depth + 1);
}

/* May reduce `op` (in place) run on the buffer of its init, a view of an
 * enclosing in-place accumulator (ownedAcc)? */
static bool sharesOuterAcc(MlirOperation op, Desc *init) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  return isArray(t) && init->k == D_MEM && !mlirTypeIsNull(memrefFor(t)) &&
         memRank(init->v) - init->nidx == mlirShapedTypeGetRank(memrefFor(t)) &&
         ownedAcc(mlirOperationGetOperand(op, 0), 0);
}

/* The acceptor writing where view d (a D_MEM) reads. */
static Acc *accOfMem(Lower *L, Desc *d) {
  Acc *a = memAcc(L, d->v);
  if (a) {
    memcpy(a->idx, d->idx, sizeof a->idx);
    a->nidx = d->nidx;
  }
  return a;
}

typedef struct ArrayReduce {
  Lower *L;
  MlirOperation op;
  Env *env;
  Desc *input;
  MlirType accType;
  intptr_t nleaves;
  bool inPlace;
  const MlirValue *bufs; /* in place: the buffers */
  Desc *shared;          /* in place on an enclosing accumulator: its view */
} ArrayReduce;

static bool arrayReduceBody(LbBuilder *b, MlirValue iv, const MlirValue *iter, MlirValue *next,
                            void *user) {
  (void)b;
  ArrayReduce *r = user;
  Lower *L = r->L;
  const MlirValue *cur = r->inPlace ? r->bufs : iter;
  const MlirValue *dst = r->inPlace ? r->bufs : iter + r->nleaves;
  intptr_t pos = 0;
  Desc *args[2] = {r->shared ? r->shared : accView(L, r->accType, cur, &pos),
                   at(L, r->input, iv)};
  if (!args[0] || !args[1])
    return false;
  Desc *res = lambda(L, r->op, 0, r->env, 2, args);
  pos = 0;
  if (r->shared ? !write(L, res, accOfMem(L, r->shared))
                : !accWrite(L, res, r->accType, dst, &pos))
    return false;
  for (intptr_t k = 0; !r->inPlace && k < r->nleaves; ++k) {
    next[k] = iter[r->nleaves + k];
    next[r->nleaves + k] = iter[k];
  }
  return true;
}

static Desc *evalArrayReduce(Lower *L, MlirOperation op, Env *env, Desc *init, Desc *input) {
  MlirType accT = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirValue bufs[LB_MAX_ITER], out[LB_MAX_ITER];
  intptr_t n = 0;
  bool inPlace = reduceInPlace(op);
  int64_t len = lenOf(input->ty);
  /* A short reduction over an array accumulator is unrolled even when it
   * is only `seq` (still in order): its steps then read the same input
   * elements at constant offsets, and LLVM can keep what they load across
   * the loops around it (a tile row's 4-step update re-gathers B's lanes
   * in every row otherwise: 978 ms against 52 ms for Appendix C's
   * array-packing matmul at 960x992x1024). */
  LbLoopKind lk = kindOf(op) == MlirRisePatternKindUnroll || len <= L->unrollArrayReduce
                      ? LB_LOOP_UNROLL
                      : LB_LOOP_AFFINE;
  if (inPlace && sharesOuterAcc(op, init)) {
    /* init is already where the enclosing fold wants the result. */
    ArrayReduce r = {L, op, env, input, accT, 1, true, NULL, init};
    return lbLoop(&L->b, lk, len, 0, NULL, NULL, arrayReduceBody, &r) ? init : NULL;
  }
  if (!accAlloc(L, op, accT, bufs, &n))
    return NULL;
  intptr_t nleaves = n;
  if (!inPlace && !accAlloc(L, op, accT, bufs, &n))
    return NULL;
  intptr_t pos = 0;
  if (!accWrite(L, init, accT, bufs, &pos))
    return NULL;
  ArrayReduce r = {L, op, env, input, accT, nleaves, inPlace, bufs, NULL};
  if (!lbLoop(&L->b, lk, len, inPlace ? 0 : n, bufs, out, arrayReduceBody, &r))
    return NULL;
  /* After an odd number of swapped steps the value is in the second set
   * (the same buffer as out[0], but named statically). */
  pos = 0;
  return accView(L, accT, !inPlace && len % 2 ? bufs + nleaves : bufs, &pos);
}

static Desc *evalReduce(Lower *L, MlirOperation op, Env *env) {
  Desc *init = use(L, env, mlirOperationGetOperand(op, 0));
  Desc *input = use(L, env, mlirOperationGetOperand(op, 1));
  MlirValue vals[LB_MAX_ITER], out[LB_MAX_ITER];
  intptr_t n = 0;
  if (!init || !input)
    return NULL;
  if (holdsArray(mlirValueGetType(mlirOperationGetResult(op, 0))))
    return evalArrayReduce(L, op, env, init, input);
  if (!flatten(L, init, vals, &n))
    return unsupported(L, op, "with an accumulator that is not scalars, vectors or pairs of them");
  ReduceLoop r = {L, op, env, input, mlirValueGetType(mlirOperationGetResult(op, 0))};
  LbLoopKind lk = kindOf(op) == MlirRisePatternKindUnroll ? LB_LOOP_UNROLL : LB_LOOP_AFFINE;
  int64_t len = lenOf(input->ty), p = joinSize(input);
  if (lk == LB_LOOP_AFFINE && p > 1 && p < len && len % p == 0) {
    /* Strength reduction: a reduce over a flattened window (the join of a
     * 2-D slide) is two loops, rows then columns, so that every read is at
     * constant offsets from the loop indices (splitIndex) -- no division or
     * remainder per element -- and LLVM can unroll and vectorise it. */
    SplitReduce sr = {&r, p, n, {NULL}};
    if (!lbLoop(&L->b, LB_LOOP_AFFINE, len / p, n, vals, out, splitOuter, &sr))
      return NULL;
  } else if (!lbLoop(&L->b, lk, len, n, vals, out, reduceBody, &r)) {
    return NULL;
  }
  intptr_t pos = 0;
  return unflatten(L, r.accType, out, &pos);
}

/*--- fused multiply-add (option fma) ---------------------------------------*/


/* The arith.mulf defining `v` when its only use is `add`, in add's block;
 * else null. */
static MlirOperation soleMulOf(MlirValue v, MlirOperation add) {
  MlirOperation none = {NULL};
  if (!mlirValueIsAOpResult(v))
    return none;
  MlirOperation mul = mlirOpResultGetOwner(v);
  if (!opNamed(mul, "arith.mulf") || !mlirBlockEqual(mlirOperationGetBlock(mul), mlirOperationGetBlock(add)))
    return none;
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
    return none;
  return mul;
}

/* For an arith.addf that the fma option fuses: which operand is the mulf
 * folded into it (the second when both could be, as in acc + a * b), or
 * -1. Decided from the IR alone, so the mulf (visited first) and the addf
 * agree. */
static int fusedOperand(MlirOperation add) {
  if (!opNamed(add, "arith.addf") || mlirOperationGetNumOperands(add) != 2)
    return -1;
  for (int k = 1; k >= 0; --k)
    if (!mlirOperationIsNull(soleMulOf(mlirOperationGetOperand(add, k), add)))
      return k;
  return -1;
}

/* For an arith.addf across a lambda boundary: which operand is a lambda
 * argument holding a product marked by markProduct (a fused map's element
 * that its lambda computes as x * y), used by this addf alone (the second
 * when both are), or -1. */
static int crossFusedOperand(MlirOperation add, Env *env) {
  if (!opNamed(add, "arith.addf") || mlirOperationGetNumOperands(add) != 2)
    return -1;
  for (int k = 1; k >= 0; --k) {
    MlirValue v = mlirOperationGetOperand(add, k);
    Desc *d = mlirValueIsABlockArgument(v) && soleUse(v) ? lookup(env, v) : NULL;
    if (d && d->k == D_VAL && !mlirValueIsNull(d->mx))
      return k;
  }
  return -1;
}

/* Is `op` a mulf that a later addf absorbs (so it is not emitted)? */
static bool isFusedMul(Lower *L, MlirOperation op) {
  if (!L->fma || !opNamed(op, "arith.mulf"))
    return false;
  MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
    return false;
  MlirOperation add = mlirOpOperandGetOwner(u);
  int k = fusedOperand(add);
  return k >= 0 && mlirOperationEqual(soleMulOf(mlirOperationGetOperand(add, k), add), op);
}

/* Emits x * y + z as one op: vector.fma on vectors, math.fma on scalars;
 * scalars meeting a vector are broadcast to `width` lanes. */
static MlirValue emitFma(Lower *L, MlirValue x, MlirValue y, MlirValue z, int64_t width) {
  MlirValue ops[3] = {x, y, z};
  bool anyVec = false;
  for (int i = 0; i < 3; ++i)
    anyVec |= mlirTypeIsAVector(mlirValueGetType(ops[i]));
  MlirType st = mlirValueGetType(z);
  if (mlirTypeIsAVector(st))
    st = mlirShapedTypeGetElementType(st);
  if (anyVec) {
    for (int i = 0; i < 3; ++i) {
      MlirType t = mlirValueGetType(ops[i]);
      if (mlirTypeIsAVector(t))
        width = mlirShapedTypeGetDimSize(t, 0);
    }
    MlirType vt = mlirVectorTypeGet(1, &width, st);
    for (int i = 0; i < 3; ++i)
      if (!mlirTypeIsAVector(mlirValueGetType(ops[i])))
        ops[i] = lbBroadcast(&L->b, vt, ops[i]);
    st = vt;
  }
  MlirOperation op = lbCreate(&L->b, anyVec ? "vector.fma" : "math.fma", 3, ops, 1, &st, 0, NULL, NULL);
  return mlirOperationGetResult(op, 0);
}

/* If the fma option fuses the addf `op`, emits the fused op and returns its
 * result; else a null value. */
static MlirValue tryFma(Lower *L, MlirOperation op, Env *env, int64_t width, bool *ok) {
  *ok = true;
  int k = L->fma ? fusedOperand(op) : -1;
  if (k < 0)
    return (MlirValue){NULL};
  MlirOperation mul = mlirOpResultGetOwner(mlirOperationGetOperand(op, k));
  Desc *x = use(L, env, mlirOperationGetOperand(mul, 0));
  Desc *y = use(L, env, mlirOperationGetOperand(mul, 1));
  Desc *z = use(L, env, mlirOperationGetOperand(op, 1 - k));
  if (!x || !y || !z || x->k != D_VAL || y->k != D_VAL || z->k != D_VAL) {
    *ok = false;
    unsupported(L, op, "on a rise array or pair");
    return (MlirValue){NULL};
  }
  return emitFma(L, x->v, y->v, z->v, width);
}

/* Recreates `op` with every scalar operand broadcast to `width` lanes and
 * vector results: the lane-wise meaning of `map vec`. */
static MlirValue vectorise(Lower *L, MlirOperation op, Env *env, int64_t width, bool *ok) {
  intptr_t nops = mlirOperationGetNumOperands(op);
  MlirValue ops[8];
  bool anyVec = false;
  MlirValue fused = tryFma(L, op, env, width, ok);
  if (!*ok || !mlirValueIsNull(fused))
    return fused;
  *ok = false;
  if (nops > 8 || mlirOperationGetNumResults(op) != 1 || mlirOperationGetNumRegions(op)) {
    unsupported(L, op, "inside 'rise.map vec'");
    return (MlirValue){NULL};
  }
  for (intptr_t i = 0; i < nops; ++i) {
    Desc *d = use(L, env, mlirOperationGetOperand(op, i));
    if (!d || d->k != D_VAL) {
      unsupported(L, op, "on a non-scalar inside 'rise.map vec'");
      return (MlirValue){NULL};
    }
    ops[i] = d->v;
    anyVec |= mlirTypeIsAVector(mlirValueGetType(ops[i]));
  }
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (anyVec) {
    for (intptr_t i = 0; i < nops; ++i) {
      MlirType t = mlirValueGetType(ops[i]);
      if (!mlirTypeIsAVector(t))
        ops[i] = lbBroadcast(&L->b, mlirVectorTypeGet(1, &width, t), ops[i]);
    }
    rt = mlirVectorTypeGet(1, &width, rt);
  }
  char name[64];
  opName(op, name, sizeof name);
  MlirOperationState st = mlirOperationStateGet(sref(name), mlirOperationGetLocation(op));
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, 1, &rt);
  intptr_t na = mlirOperationGetNumAttributes(op);
  MlirNamedAttribute attrs[16];
  if (na > 16)
    na = 16;
  for (intptr_t i = 0; i < na; ++i)
    attrs[i] = mlirOperationGetAttribute(op, i);
  mlirOperationStateAddAttributes(&st, na, attrs);
  MlirOperation c = mlirOperationCreate(&st);
  lbInsert(&L->b, c);
  *ok = true;
  return mlirOperationGetResult(c, 0);
}

static Desc *evalMapVec(Lower *L, MlirOperation op, Env *env, Desc *in) {
  MlirType vt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!in || in->k != D_VAL)
    return in ? unsupported(L, op, "over a non-vector value") : NULL;
  int64_t width = mlirShapedTypeGetDimSize(vt, 0);
  MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  env = bind(L, env, mlirBlockGetArgument(blk, 0), in);
  for (MlirOperation o = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (riseOpKind(o) == RISE_OP_YIELD) {
      Desc *r = use(L, env, mlirOperationGetOperand(o, 0));
      if (r && !mlirTypeIsAVector(mlirValueGetType(r->v)))
        r = dval(L, lbBroadcast(&L->b, vt, r->v));
      return r;
    }
    if (riseOpIsRise(o))
      return unsupported(L, o, "inside 'rise.map vec'");
    if (isFusedMul(L, o))
      continue; /* emitted with the addf that consumes it */
    bool ok;
    MlirValue v = vectorise(L, o, env, width, &ok);
    if (!ok)
      return NULL;
    env = bind(L, env, mlirOperationGetResult(o, 0), dval(L, v));
  }
  return fail(L, op, "internal error: lambda without rise.yield");
}

static Desc *evalLiteral(Lower *L, MlirOperation op) {
  MlirAttribute value = mlirOperationGetAttributeByName(op, sref("value"));
  MlirType tt = mlirAttributeGetType(value);
  intptr_t rank = mlirShapedTypeGetRank(tt);
  int64_t shape[LB_MAX_RANK];
  if (rank > LB_MAX_RANK)
    return unsupported(L, op, "of rank above 8");
  for (intptr_t i = 0; i < rank; ++i)
    shape[i] = mlirShapedTypeGetDimSize(tt, i);
  MlirType mt = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(tt), rank, shape,
                                            mlirAttributeGetNull());
  char name[64];
  snprintf(name, sizeof name, "__rise_literal_%d", L->literals++);
  /* Other functions may have been lowered already: keep names unique. */
  MlirBlock mod = mlirRegionGetFirstBlock(mlirOperationGetRegion(L->module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(mod); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    MlirAttribute s = mlirOperationGetAttributeByName(o, sref("sym_name"));
    if (mlirAttributeIsAString(s) && mlirStringRefEqual(mlirStringAttrGetValue(s), sref(name))) {
      snprintf(name, sizeof name, "__rise_literal_%d", L->literals++);
      o = mlirBlockGetFirstOperation(mod);
    }
  }
  MlirContext ctx = L->b.ctx;
  MlirOperationState st = mlirOperationStateGet(sref("memref.global"), mlirOperationGetLocation(op));
  MlirNamedAttribute attrs[] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref("sym_name")), mlirStringAttrGet(ctx, sref(name))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref("sym_visibility")),
                            mlirStringAttrGet(ctx, sref("private"))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref("type")), mlirTypeAttrGet(mt)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref("initial_value")), value),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref("constant")), mlirUnitAttrGet(ctx)),
  };
  mlirOperationStateAddAttributes(&st, 5, attrs);
  mlirBlockAppendOwnedOperation(mod, mlirOperationCreate(&st));
  MlirOperationState gs = mlirOperationStateGet(sref("memref.get_global"), mlirOperationGetLocation(op));
  MlirNamedAttribute ga = mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref("name")),
                                                mlirFlatSymbolRefAttrGet(ctx, sref(name)));
  mlirOperationStateAddAttributes(&gs, 1, &ga);
  mlirOperationStateAddResults(&gs, 1, &mt);
  MlirOperation g = mlirOperationCreate(&gs);
  mlirBlockInsertOwnedOperation(L->funcBlock, 0, g);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (rank == 0)
    return dval(L, lbLoad(&L->b, mlirOperationGetResult(g, 0), 0, NULL));
  return memDesc(L, rt, mlirOperationGetResult(g, 0));
}

static MlirOperation cloneOp(Lower *L, MlirOperation op, Env *env) {
  MlirOperation none = {NULL};
  if (mlirOperationGetNumRegions(op) > 0) {
    unsupported(L, op, "with regions inside a rise function");
    return none;
  }
  MlirOperation c = mlirOperationClone(op);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    Desc *d = lookup(env, mlirOperationGetOperand(op, i));
    if (!d)
      continue;
    if (d->k != D_VAL) {
      mlirOperationDestroy(c);
      unsupported(L, op, "on a rise array or pair");
      return none;
    }
    mlirOperationSetOperand(c, i, d->v);
  }
  lbInsert(&L->b, c);
  return c;
}

static Desc *newView(Lower *L, DKind k, MlirOperation op, Desc *a, int64_t p) {
  if (!a)
    return NULL;
  Desc *d = newDesc(L, k, mlirValueGetType(mlirOperationGetResult(op, 0)));
  if (d) {
    d->a = a;
    d->p = p;
  }
  return d;
}

static bool evalOp(Lower *L, MlirOperation op, Env **env) {
  LbBuilder *b = &L->b;
  MlirLocation savedLoc = b->loc;
  MlirOperation savedWhere = L->where;
  b->loc = mlirOperationGetLocation(op);
  L->where = op;
  Desc *d = NULL;
  Desc *d2 = NULL;
  bool bound = true;
#define OPERAND(i) use(L, *env, mlirOperationGetOperand(op, i))
  MlirType rt = mlirOperationGetNumResults(op) ? mlirValueGetType(mlirOperationGetResult(op, 0))
                                               : (MlirType){NULL};
  int cross = !riseOpIsRise(op) && L->fma && fusedOperand(op) < 0 ? crossFusedOperand(op, *env) : -1;
  if (cross >= 0) {
    /* The option fma across a map fused into its consumer: the map's mulf
     * (emitted with its element, unused since) and this addf become one op. */
    Desc *prod = lookup(*env, mlirOperationGetOperand(op, cross));
    Desc *z = use(L, *env, mlirOperationGetOperand(op, 1 - cross));
    bool ok = z && z->k == D_VAL;
    if (ok) {
      MlirValue v = emitFma(L, prod->mx, prod->my, z->v, 1);
      *env = bind(L, *env, mlirOperationGetResult(op, 0), dval(L, v));
      MlirOperation mul = mlirOpResultGetOwner(prod->v);
      if (mlirOpOperandIsNull(mlirValueGetFirstUse(prod->v))) {
        mlirOperationRemoveFromParent(mul);
        mlirOperationDestroy(mul);
      }
    } else {
      unsupported(L, op, "on a rise array or pair");
    }
    b->loc = savedLoc;
    L->where = savedWhere;
    return ok && !L->oom;
  } else if (!riseOpIsRise(op) && L->fma && (isFusedMul(L, op) || fusedOperand(op) >= 0)) {
    /* The option fma: the mulf is skipped and its addf emits both. */
    bool ok = true;
    if (!isFusedMul(L, op)) {
      MlirValue v = tryFma(L, op, *env, 1, &ok);
      if (ok)
        *env = bind(L, *env, mlirOperationGetResult(op, 0), dval(L, v));
    }
    b->loc = savedLoc;
    L->where = savedWhere;
    return ok && !L->oom;
  } else if (!riseOpIsRise(op)) {
    MlirOperation c = cloneOp(L, op, *env);
    bool cloned = !mlirOperationIsNull(c);
    if (cloned) {
      for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
        *env = bind(L, *env, mlirOperationGetResult(op, r), dval(L, mlirOperationGetResult(c, r)));
    }
    bound = false;
    b->loc = savedLoc;
    L->where = savedWhere;
    return cloned && !L->oom;
  }
  /* No default: an op added to ariadne-c/RiseOps.def does not compile
   * until it is lowered or refused here. */
  RiseOpKind kind = riseOpKind(op);
  switch (kind) {
  case RISE_OP_IN: {
    Desc *m = OPERAND(0);
    d = !m ? NULL : memRank(m->v) == 0 ? dval(L, lbLoad(b, m->v, 0, NULL)) : memDesc(L, rt, m->v);
    break;
  }
  case RISE_OP_OUT: {
    Desc *v = OPERAND(0);
    Desc *m = OPERAND(1);
    bound = false;
    d = v && m && write(L, v, memAcc(L, m->v)) ? v : NULL;
    break;
  }
  case RISE_OP_MAP: {
    Desc *in = OPERAND(0);
    if (in && mlirTypeIsAVector(in->ty)) {
      d = evalMapVec(L, op, *env, in);
    } else {
      d = newView(L, D_MAP, op, in, kindOf(op));
      if (d) {
        d->op = op;
        d->env = *env;
        MlirValue res = mlirOperationGetResult(op, 0);
        MlirBlock blk = mlirOperationGetBlock(op);
        /* A par map written through join/split/transpose/as_scalar is
         * written in place through their acceptors, still in parallel. */
        bool keep = kindOf(op) == MlirRisePatternKindPar
                        ? directlyWritten(res) || kernelWritten(res)
                        : viewOnly(op) || (readsElementsOnce(res, blk, 0) &&
                                           (!eagerElements(op) || directlyWritten(res) ||
                                            kernelWritten(res)));
        MlirType mt = memrefFor(rt);
        if (!keep && L->hooks && isGpuKind(kindOf(op)))
          d = unsupported(L, op, "read more than once (store its result with rise.to_mem)");
        else if (!keep)
          d = buffer(L, d,
                     mlirBlockEqual(L->scope, L->funcBlock) ||
                             (!mlirTypeIsNull(mt) && memrefBytes(mt) > STACK_TEMP_MAX)
                         ? MlirRiseAddressSpaceGlobal
                         : MlirRiseAddressSpacePrivate,
                     false);
      }
    }
    break;
  }
  case RISE_OP_REDUCE:
    d = evalReduce(L, op, *env);
    break;
  case RISE_OP_ZIP:
    d = newView(L, D_ZIP, op, OPERAND(0), 0);
    if (d && !(d->b = OPERAND(1)))
      d = NULL;
    break;
  case RISE_OP_UNZIP:
    d = newView(L, D_PROJ, op, OPERAND(0), 0);
    d2 = newView(L, D_PROJ, op, OPERAND(0), 1);
    if (d2)
      d2->ty = mlirValueGetType(mlirOperationGetResult(op, 1));
    break;
  case RISE_OP_PAIR:
    d = dpair(L, rt, OPERAND(0), OPERAND(1));
    break;
  case RISE_OP_FST:
  case RISE_OP_SND:
    d = proj(L, OPERAND(0), kind == RISE_OP_SND);
    break;
  case RISE_OP_SPLIT:
    d = newView(L, D_SLIDE, op, OPERAND(0), attrInt(op, "n"));
    if (d)
      d->isSplit = true;
    break;
  case RISE_OP_SLIDE:
    d = newView(L, D_SLIDE, op, OPERAND(0), attrInt(op, "step"));
    break;
  case RISE_OP_JOIN: {
    Desc *in = OPERAND(0);
    d = in ? newView(L, D_JOIN, op, in, lenOf(elemOf(in->ty))) : NULL;
    break;
  }
  case RISE_OP_TRANSPOSE:
    d = newView(L, D_TRANS, op, OPERAND(0), 0);
    break;
  case RISE_OP_PAD_CST:
  case RISE_OP_PAD_CLAMP: {
    bool cst = kind == RISE_OP_PAD_CST;
    Desc *in = OPERAND(0);
    d = in ? newView(L, cst ? D_PADCST : D_PADCLAMP, op, in, attrInt(op, "left")) : NULL;
    if (d) {
      d->q = lenOf(in->ty);
      if (cst && !(d->b = OPERAND(1)))
        d = NULL;
    }
    break;
  }
  case RISE_OP_GENERATE:
    d = newDesc(L, D_GEN, rt);
    if (d) {
      d->op = op;
      d->env = *env;
    }
    break;
  case RISE_OP_IDX: {
    Desc *i = OPERAND(1);
    d = i ? at(L, OPERAND(0), i->v) : NULL;
    break;
  }
  case RISE_OP_LITERAL:
    d = evalLiteral(L, op);
    break;
  case RISE_OP_TO_MEM: {
    Desc *in = OPERAND(0);
    if (in && !isArray(in->ty))
      d = in; /* a scalar or vector already lives in a register */
    else if (in && mlirTypeIsNull(memrefFor(in->ty)) && (L->hooks || !pairSplittable(in->ty)))
      d = unsupported(L, op, "of an array of pairs"); /* else a pair of buffers */
    else
      d = buffer(L, in, addrOf(op), true);
    break;
  }
  case RISE_OP_AS_VECTOR:
    d = newView(L, D_ASVEC, op, OPERAND(0), attrInt(op, "width"));
    break;
  case RISE_OP_AS_SCALAR: {
    Desc *in = OPERAND(0);
    d = in ? newView(L, D_ASSCAL, op, in, mlirShapedTypeGetDimSize(elemOf(in->ty), 0)) : NULL;
    break;
  }
  case RISE_OP_VECTOR_FROM_SCALAR: {
    Desc *in = OPERAND(0);
    d = in && in->k == D_VAL ? dval(L, lbBroadcast(b, rt, in->v)) : NULL;
    break;
  }
  case RISE_OP_CIRCULAR_BUFFER:
  case RISE_OP_ROTATE_VALUES: {
    bool circ = kind == RISE_OP_CIRCULAR_BUFFER;
    d = newView(L, circ ? D_CIRC : D_ROT, op, OPERAND(0), attrInt(op, "alloc"));
    if (d) {
      d->q = attrInt(op, "size");
      d->r = addrOf(op);
      d->op = op;
      d->env = *env;
    }
    break;
  }
  case RISE_OP_KERNEL:
    if (!L->hooks) {
      d = lambda(L, op, 0, *env, 0, NULL);
      break;
    }
    /* With hooks: run where it is written; read any other way, it runs
     * here into a device buffer. */
    d = newDesc(L, D_KERNEL, rt);
    if (d) {
      d->op = op;
      d->env = *env;
      if (!kernelWritten(mlirOperationGetResult(op, 0)))
        d = isArray(rt) ? buffer(L, d, MlirRiseAddressSpaceGlobal, true)
                        : unsupported(L, op, "of a non-array read by host code (write it with rise.out)");
    }
    break;
  case RISE_OP_YIELD: /* ends a lambda, which lambda() and evalMapVec read */
  case RISE_OP_NONE:  /* an unregistered op named rise.* */
    d = unsupported(L, op, "");
    break;
  }
#undef OPERAND
  if (d && bound) {
    *env = bind(L, *env, mlirOperationGetResult(op, 0), d);
    if (d2)
      *env = bind(L, *env, mlirOperationGetResult(op, 1), d2);
  }
  b->loc = savedLoc;
  L->where = savedWhere;
  return d != NULL && !L->oom;
}

/*--- the pass ------------------------------------------------------------*/

static bool usesRise(MlirOperation op) {
  if (riseOpIsRise(op))
    return true;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        if (usesRise(o))
          return true;
  return false;
}

static bool lowerFunc(Lower *L, MlirOperation func) {
  MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(blk) || !mlirBlockIsNull(mlirBlockGetNextInRegion(blk))) {
    unsupported(L, func, "with more than one block");
    return false;
  }
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(blk); ++i) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(blk, i));
    if (isArray(t) || mlirTypeIsARisePair(t)) {
      unsupported(L, func, "with rise-typed arguments (pass memrefs and use rise.in)");
      return false;
    }
  }
  MlirOperation ret = mlirBlockGetTerminator(blk);
  size_t n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(blk); !mlirOperationEqual(o, ret);
       o = mlirOperationGetNextInBlock(o))
    ++n;
  MlirOperation *orig = alloc(L, (n ? n : 1) * sizeof *orig);
  if (!orig)
    return false;
  n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(blk); !mlirOperationEqual(o, ret);
       o = mlirOperationGetNextInBlock(o))
    orig[n++] = o;
  L->funcBlock = blk;
  L->scope = blk;
  L->deallocs = NULL;
  L->b.ip = (LbPoint){blk, ret};
  Env *env = NULL;
  for (size_t i = 0; i < n; ++i)
    if (!evalOp(L, orig[i], &env))
      return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(ret); ++i) {
    Desc *d = lookup(env, mlirOperationGetOperand(ret, i));
    if (d && d->k != D_VAL) {
      unsupported(L, ret, "of a rise array or pair");
      return false;
    }
    if (d)
      mlirOperationSetOperand(ret, i, d->v);
  }
  L->b.loc = mlirOperationGetLocation(ret);
  if (L->hooks && L->hooks->endFunc)
    L->hooks->endFunc(L->hooks->user, &L->b);
  emitDeallocs(L, blk);
  for (size_t i = n; i-- > 0;) {
    mlirOperationRemoveFromParent(orig[i]);
    mlirOperationDestroy(orig[i]);
  }
  mlirOperationSetAttributeByName(func, sref("llvm.emit_c_interface"),
                                  mlirUnitAttrGet(mlirOperationGetContext(func)));
  return true;
}

typedef struct RiseToAffineOptions {
  bool fma;
  int64_t unrollArrayReduce;
} RiseToAffineOptions;

static MlirLogicalResult lowerModule(MlirOperation module, bool fma, int64_t unrollArrayReduce,
                                     const AriLowerHooks *hooks) {
  MlirContext ctx = mlirOperationGetContext(module);
  AriArena arena;
  ariArenaInit(&arena, 0);
  Lower L;
  memset(&L, 0, sizeof L);
  L.b.ctx = ctx;
  L.b.loc = mlirOperationGetLocation(module);
  L.arena = &arena;
  L.module = module;
  L.where = module;
  L.fma = fma;
  L.unrollArrayReduce = unrollArrayReduce;
  L.hooks = hooks;
  bool ok = true;
  if (mlirOperationGetNumRegions(module) == 1) {
    MlirBlock mb = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
    for (MlirOperation o = mlirBlockIsNull(mb) ? (MlirOperation){NULL}
                                               : mlirBlockGetFirstOperation(mb);
         ok && !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
      if (riseOpIs(o, "func.func") && usesRise(o)) {
        /* the option, or the function's own rise.fma (rise-search's) */
        MlirAttribute mark =
            mlirOperationGetAttributeByName(o, mlirStringRefCreateFromCString(ARI_LOWER_FMA_ATTR));
        L.fma = fma || (!mlirAttributeIsNull(mark) && mlirAttributeIsAUnit(mark));
        ok = lowerFunc(&L, o);
      }
  }
  ariArenaDestroy(&arena);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static MlirLogicalResult riseToAffineRun(MlirOperation module, const void *opts) {
  if (mlirLogicalResultIsFailure(ariPassRequireModule(module, "convert-rise-to-affine")))
    return mlirLogicalResultFailure();
  const RiseToAffineOptions *o = opts;
  if (o->unrollArrayReduce < 0 || o->unrollArrayReduce > LB_UNROLL_MAX) {
    char msg[160];
    snprintf(msg, sizeof msg,
             "convert-rise-to-affine: option unroll-array-reduce must be in [0, %d], got %lld",
             LB_UNROLL_MAX, (long long)o->unrollArrayReduce);
    mlirEmitError(mlirOperationGetLocation(module), msg);
    return mlirLogicalResultFailure();
  }
  return lowerModule(module, o->fma, o->unrollArrayReduce, NULL);
}

MlirLogicalResult ariRiseLowerModule(MlirOperation module, bool fma, const AriLowerHooks *hooks) {
  return lowerModule(module, fma, ARI_SHORT_ARRAY_REDUCE, hooks);
}

static void riseToAffineDefaults(void *opts) {
  /* Off: mulf + addf round exactly as the interpreter does. */
  ((RiseToAffineOptions *)opts)->fma = false;
  ((RiseToAffineOptions *)opts)->unrollArrayReduce = ARI_SHORT_ARRAY_REDUCE;
}

static const AriOptionDesc kRiseToAffineOptions[] = {
    {"fma", ARI_OPT_BOOL, offsetof(RiseToAffineOptions, fma), NULL,
     "fuse an arith.mulf whose only use is an arith.addf into vector.fma (vectors) or "
     "math.fma (scalars): one rounding instead of two, so results may differ from the "
     "interpreter in the last bits; needs a target with FMA instructions to be fast "
     "(default false)"},
    {"unroll-array-reduce", ARI_OPT_INT, offsetof(RiseToAffineOptions, unrollArrayReduce), NULL,
     "a reduction over an array accumulator with at most this many steps is unrolled even "
     "when it is seq (still in order), so that LLVM can keep what the steps load across "
     "the loops around it; 0: only reduce unroll (default 4)"},
};

static MlirDialectHandle (*const kRiseToAffineDeps[])(void) = {
    mlirGetDialectHandle__affine__, mlirGetDialectHandle__scf__,
    mlirGetDialectHandle__memref__, mlirGetDialectHandle__vector__,
    mlirGetDialectHandle__arith__,  mlirGetDialectHandle__math__,
};

const AriPassInfo ariRiseToAffinePass = {
    .argument = "convert-rise-to-affine",
    .description = "Lower rise functions to affine/scf/memref/arith/vector loops (acceptor translation); "
        "fma=true fuses mul+add into vector.fma/math.fma",
    .options = kRiseToAffineOptions,
    .numOptions = sizeof kRiseToAffineOptions / sizeof kRiseToAffineOptions[0],
    .optionsSize = sizeof(RiseToAffineOptions),
    .setDefaults = riseToAffineDefaults,
    .run = riseToAffineRun,
    .dependentDialects = kRiseToAffineDeps,
    .numDependentDialects = sizeof kRiseToAffineDeps / sizeof kRiseToAffineDeps[0],
};

/* memref.alloca_scope (which scf-to-openmp puts around each parallel
 * body) must be lowered while its body is still one block, so memref goes
 * to LLVM before scf goes to cf. */
#define RISE_TO_LLVM_CLEANUP ARI_LOWER_CANONICALIZE ",cse"
#define RISE_TO_LLVM_CONVERSION                                                             \
  "lower-affine,"                                                                           \
  "convert-scf-to-openmp,convert-vector-to-scf,expand-strided-metadata,lower-affine,"       \
  "finalize-memref-to-llvm,convert-scf-to-cf,convert-vector-to-llvm,convert-to-llvm,"       \
  "reconcile-unrealized-casts"
#define RISE_TO_LLVM_REST "," RISE_TO_LLVM_CLEANUP "," RISE_TO_LLVM_CONVERSION ")"

const char *ariRiseToLLVMCleanup(void) { return RISE_TO_LLVM_CLEANUP; }
const char *ariRiseToLLVMConversion(void) { return RISE_TO_LLVM_CONVERSION; }

const char *ariRiseToLLVMPipeline(void) {
  return "builtin.module(convert-rise-to-affine" RISE_TO_LLVM_REST;
}

const char *ariRiseToLLVMFmaPipeline(void) {
  return "builtin.module(convert-rise-to-affine{fma=true}" RISE_TO_LLVM_REST;
}
