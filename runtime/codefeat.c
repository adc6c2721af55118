/*===- runtime/codefeat.c - features of the code a candidate lowers to ----===*\
 *
 * See codefeat.h. One walk over the lowered module with a stack of loop
 * frames (the product of the enclosing trip counts, and the innermost
 * loop's induction variable); every access, op and allocation adds its
 * count times that product.
 *
\*===----------------------------------------------------------------------===*/

#include "runtime/codefeat.h"

#include "costmodel/model.h"
#include "runtime/codegen/compile.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

/* the cost model's layout of measured records holds these */
_Static_assert(ARI_CODEFEAT_COUNT == ARI_COST_CODE_FEATURES, "costmodel/model.h's count");
_Static_assert(ARI_CODEFEAT_VERSION == ARI_COST_CODE_VERSION, "costmodel/model.h's version");

enum { MAX_FRAMES = 64 };

typedef struct {
  double mult;   /* executions of the body per run */
  MlirValue iv;  /* the fastest-moving induction variable; null for none */
  double trips;  /* iterations per execution of the loop */
  /* For the auto-vectorisation features: what the loop's own body (not
   * its nested loops) does, decided when the loop closes. */
  double scalarOps, bytes;
  bool hasLoop, strided, carried;
} Frame;

typedef struct {
  double *v;
  Frame frames[MAX_FRAMES];
  int depth;
  double hotMult; /* executions of the most executed access so far */
  int parDepth;   /* frames open inside a parallel loop (0: none) */
  double *kinds;  /* ariCodeOpCount's executions by kind (whose trip counts are
                     bounded, scfTrips); NULL: the features only */
} Walk;

static const char *const kNames[] = {
#define ARI_CODEFEAT_X(id, name, doc) name,
    ARI_CODEFEAT_LIST(ARI_CODEFEAT_X)
#undef ARI_CODEFEAT_X
};
static const char *const kDocs[] = {
#define ARI_CODEFEAT_X(id, name, doc) doc,
    ARI_CODEFEAT_LIST(ARI_CODEFEAT_X)
#undef ARI_CODEFEAT_X
};
static const char *const kOpNames[] = {
#define ARI_CODEOP_X(id, name, doc) name,
    ARI_CODEOP_LIST(ARI_CODEOP_X)
#undef ARI_CODEOP_X
};
static const char *const kOpDocs[] = {
#define ARI_CODEOP_X(id, name, doc) doc,
    ARI_CODEOP_LIST(ARI_CODEOP_X)
#undef ARI_CODEOP_X
};

const char *ariCodeFeatName(unsigned i) { return i < ARI_CODEFEAT_COUNT ? kNames[i] : NULL; }
const char *ariCodeFeatDoc(unsigned i) { return i < ARI_CODEFEAT_COUNT ? kDocs[i] : NULL; }
const char *ariCodeOpName(unsigned i) { return i < ARI_CODEOP_COUNT ? kOpNames[i] : NULL; }
const char *ariCodeOpDoc(unsigned i) { return i < ARI_CODEOP_COUNT ? kOpDocs[i] : NULL; }

/* What LLVM would do to the loops before they run -- fold, share, hoist
 * invariant code -- so that the counts describe the loops that run, not
 * the ones the lowering first writes. */
const char *ariCodeFeatPipeline(void) {
  return "canonicalize,cse,func.func(affine-loop-invariant-code-motion),"
         "loop-invariant-code-motion,canonicalize,cse";
}

intptr_t ariCodeCountOps(MlirOperation op, intptr_t limit) {
  intptr_t n = 1;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op) && n <= limit; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b) && n <= limit; b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o) && n <= limit;
           o = mlirOperationGetNextInBlock(o))
        n += ariCodeCountOps(o, limit - n);
  return n;
}

static bool isOp(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

static bool hasPrefix(MlirOperation op, const char *prefix) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(prefix);
  return s.length >= n && !memcmp(s.data, prefix, n);
}

static double scalarBytes(MlirType t) {
  if (mlirTypeIsAInteger(t))
    return (mlirIntegerTypeGetWidth(t) + 7) / 8;
  if (mlirTypeIsAF64(t))
    return 8;
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t))
    return 2;
  if (mlirTypeIsAIndex(t))
    return 8;
  return 4;
}

/* Lanes of a vector type (1 for scalars). */
static double lanes(MlirType t) {
  if (!mlirTypeIsAVector(t))
    return 1;
  double n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
    n *= (double)mlirShapedTypeGetDimSize(t, i);
  return n;
}

/* The constant an index value holds, if it is one. */
static bool constIndex(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (!isOp(d, "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(d, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

static bool constMap(MlirOperation op, const char *attr, int64_t *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(attr));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return false;
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if (!mlirAffineMapIsSingleConstant(m))
    return false;
  *out = mlirAffineMapGetSingleConstantResult(m);
  return true;
}

static double tripsOf(int64_t lo, int64_t hi, int64_t step) {
  if (step <= 0 || hi <= lo)
    return 0;
  return (double)((hi - lo + step - 1) / step);
}

/* A constant upper bound of hi - lo, for loop bounds that are not
 * constants: equal values, a constant added to or subtracted from a value
 * whose difference is bounded, and a minimum (bounded by any of its
 * operands' bounds). A tiled loop `for j = i to min(i + 32, n)` gives 32.
 * Nothing else is folded: a bound that stays unknown counts 1 trip. */
static bool boundDiff(MlirValue hi, MlirValue lo, int depth, int64_t *out) {
  int64_t a, b;
  if (constIndex(hi, &a) && constIndex(lo, &b)) {
    *out = a - b;
    return true;
  }
  if (mlirValueEqual(hi, lo)) {
    *out = 0;
    return true;
  }
  if (depth > 6 || !mlirValueIsAOpResult(hi))
    return false;
  MlirOperation d = mlirOpResultGetOwner(hi);
  if (mlirOperationGetNumOperands(d) != 2)
    return false;
  MlirValue x = mlirOperationGetOperand(d, 0), y = mlirOperationGetOperand(d, 1);
  int64_t c, r;
  if (isOp(d, "arith.addi")) {
    if (constIndex(y, &c) && boundDiff(x, lo, depth + 1, &r))
      return *out = r + c, true;
    if (constIndex(x, &c) && boundDiff(y, lo, depth + 1, &r))
      return *out = r + c, true;
    return false;
  }
  if (isOp(d, "arith.subi"))
    return constIndex(y, &c) && boundDiff(x, lo, depth + 1, &r) ? (*out = r - c, true) : false;
  if (isOp(d, "arith.minsi") || isOp(d, "arith.minui")) {
    int64_t rx, ry;
    bool kx = boundDiff(x, lo, depth + 1, &rx), ky = boundDiff(y, lo, depth + 1, &ry);
    if (!kx && !ky)
      return false;
    *out = kx && ky ? (rx < ry ? rx : ry) : kx ? rx : ry;
    return true;
  }
  return false;
}

/* The trips of an scf loop dimension, from constant bounds or, for
 * ariCodeOpCount's walk (w->kinds), bounded (boundDiff). */
static bool scfTrips(const Walk *w, MlirValue lo, MlirValue hi, MlirValue st, double *trips) {
  int64_t l, h, step;
  if (!constIndex(st, &step))
    return false;
  if (constIndex(lo, &l) && constIndex(hi, &h)) {
    *trips = tripsOf(l, h, step);
    return true;
  }
  int64_t d;
  if (!w->kinds || !boundDiff(hi, lo, 0, &d))
    return false;
  *trips = tripsOf(0, d, step);
  return true;
}

/* Does index value v depend on iv (through at most a few index ops)? */
static bool dependsOn(MlirValue v, MlirValue iv, int depth) {
  if (mlirValueEqual(v, iv))
    return true;
  if (depth > 6 || !mlirValueIsAOpResult(v))
    return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); ++i)
    if (dependsOn(mlirOperationGetOperand(d, i), iv, depth + 1))
      return true;
  return false;
}

/* How index k (of n) of an access moves with the innermost loop: for
 * affine accesses through their map (map operands start at `first`), for
 * the others the operand itself. */
static bool indexMoves(MlirOperation op, MlirAttribute map, intptr_t first, intptr_t k,
                       MlirValue iv) {
  if (mlirAttributeIsNull(map))
    return dependsOn(mlirOperationGetOperand(op, first + k), iv, 0);
  MlirAffineMap m = mlirAffineMapAttrGetValue(map);
  MlirAffineExpr e = mlirAffineMapGetResult(m, k);
  intptr_t nops = mlirOperationGetNumOperands(op) - first;
  intptr_t dims = mlirAffineMapGetNumDims(m);
  for (intptr_t j = 0; j < nops; ++j) {
    if (!dependsOn(mlirOperationGetOperand(op, first + j), iv, 0))
      continue;
    if (j >= dims)
      return true; /* a symbol that moves: conservatively, it does */
    if (mlirAffineExprIsFunctionOfDim(e, j))
      return true;
  }
  return false;
}

/* Bytes between consecutive values of index `dim` of memref type t: its
 * layout's stride, or the row-major one when the layout has none; a
 * dynamic size or stride counts as a page (a column of an unknown-size
 * matrix is usually that far apart). */
static double strideBytes(MlirType t, intptr_t dim) {
  double elem = scalarBytes(mlirShapedTypeGetElementType(t));
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t strides[16], offset;
  if (rank <= 16 && mlirLogicalResultIsSuccess(mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return mlirShapedTypeIsDynamicStrideOrOffset(strides[dim]) ? 4096 : elem * (double)strides[dim];
  double n = elem;
  for (intptr_t j = dim + 1; j < rank; ++j) {
    if (mlirShapedTypeIsDynamicDim(t, j))
      return 4096;
    n *= (double)mlirShapedTypeGetDimSize(t, j);
  }
  return n;
}

/* A load or store: memref operand at `mem`, indices from mem + 1 (through
 * the "map" attribute when there is one), the moved value's type `vt`. */
static void access(Walk *w, MlirOperation op, intptr_t mem, MlirType vt, bool store) {
  MlirType mt = mlirValueGetType(mlirOperationGetOperand(op, mem));
  if (!mlirTypeIsAMemRef(mt))
    return;
  intptr_t rank = mlirShapedTypeGetRank(mt);
  double mult = w->depth ? w->frames[w->depth - 1].mult : 1;
  double bytes = scalarBytes(mlirShapedTypeGetElementType(mt)) * lanes(vt) * mult;
  MlirAttribute map = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("map"));
  MlirValue iv = {NULL};
  for (int f = w->depth - 1; f >= 0 && mlirValueIsNull(iv); --f)
    iv = w->frames[f].iv;
  int cls = 2; /* invariant */
  if (!mlirValueIsNull(iv) && rank > 0) {
    intptr_t nidx = mlirAttributeIsNull(map) ? rank : mlirAffineMapGetNumResults(mlirAffineMapAttrGetValue(map));
    bool last = false;
    intptr_t other = -1; /* the innermost moving index before the last one */
    for (intptr_t k = 0; k < nidx; ++k) {
      if (mlirAttributeIsNull(map) && mem + 1 + k >= mlirOperationGetNumOperands(op))
        break;
      bool moves = indexMoves(op, map, mem + 1, k, iv);
      if (k == nidx - 1)
        last = moves;
      else if (moves)
        other = k;
    }
    cls = other >= 0 ? 1 : last ? 0 : 2;
    double step = other >= 0 && other < rank ? strideBytes(mt, other) : 0;
    if (step >= 64)
      w->v[ARI_CODEFEAT_LINE_STRIDED] += bytes;
    if (step >= 4096)
      w->v[ARI_CODEFEAT_PAGE_STRIDED] += bytes;
  }
  w->v[(store ? ARI_CODEFEAT_STORE_UNIT : ARI_CODEFEAT_LOAD_UNIT) + cls] += bytes;
  if (w->depth) {
    w->frames[w->depth - 1].bytes += bytes;
    w->frames[w->depth - 1].strided |= cls == 1;
  }
  if (mult > w->hotMult) {
    w->hotMult = mult;
    w->v[ARI_CODEFEAT_HOT_TRIPS] = w->depth ? w->frames[w->depth - 1].trips : 1;
  }
}

static void walkOp(Walk *w, MlirOperation op);

static void walkRegions(Walk *w, MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        walkOp(w, o);
}

/* Enters a loop of `trips` iterations whose fastest index is `iv`. */
static void loop(Walk *w, MlirOperation op, double trips, MlirValue iv, bool par) {
  double mult = w->depth ? w->frames[w->depth - 1].mult : 1;
  w->v[ARI_CODEFEAT_LOOPS] += 1;
  if (w->kinds)
    w->kinds[ARI_CODEOP_LOOP] += mult * trips;
  if (par) {
    w->v[ARI_CODEFEAT_PAR_LOOPS] += 1;
    /* every execution forks and joins the thread team: a parallel loop
     * under a sequential one pays that per outer iteration (a conv3x3
     * whose rows each fork runs 1,000x slower than its sequential twin) */
    w->v[ARI_CODEFEAT_PAR_LAUNCHES] += mult;
    if (!w->parDepth)
      w->v[ARI_CODEFEAT_PAR_TRIPS] = w->v[ARI_CODEFEAT_PAR_TRIPS] > trips
                                         ? w->v[ARI_CODEFEAT_PAR_TRIPS]
                                         : trips;
  }
  bool carried = mlirOperationGetNumResults(op) > 0;
  if (w->depth)
    w->frames[w->depth - 1].hasLoop = true;
  if (carried)
    w->v[mlirTypeIsAVector(mlirValueGetType(mlirOperationGetResult(op, 0)))
             ? ARI_CODEFEAT_CARRIED_VECTOR
             : ARI_CODEFEAT_CARRIED_SCALAR] += 1;
  if (w->depth == MAX_FRAMES) { /* deeper than any lowering writes: count it flat */
    walkRegions(w, op);
    return;
  }
  w->frames[w->depth++] = (Frame){mult * trips, iv, trips, 0, 0, false, false, carried};
  if (w->depth > w->v[ARI_CODEFEAT_MAX_DEPTH])
    w->v[ARI_CODEFEAT_MAX_DEPTH] = w->depth;
  w->parDepth += par || w->parDepth;
  walkRegions(w, op);
  w->parDepth -= par || w->parDepth > 0;
  w->depth--;
  /* LLVM's loop vectoriser takes an innermost loop of scalar code that
   * carries no value (a reduction in a register needs reassociation,
   * which the lowering does not allow) and whose accesses are unit-stride
   * or invariant: the ikj matmul runs 8-16 lanes wide with no `vec` in
   * the term. Code features that see only explicit vectors rank it with
   * the scalar code (docs/costmodel.md, "Code features"). */
  Frame *f = &w->frames[w->depth];
  if (!f->hasLoop && !f->carried && !f->strided && trips >= 4 && f->scalarOps > 0) {
    w->v[ARI_CODEFEAT_AUTOVEC_OPS] += f->scalarOps;
    w->v[ARI_CODEFEAT_AUTOVEC_BYTES] += f->bytes;
  }
}

static bool nameHas(MlirOperation op, const char *part) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(part);
  for (size_t i = 0; i + n <= s.length; ++i)
    if (!memcmp(s.data + i, part, n))
      return true;
  return false;
}

/* The ARI_CODEOP kind of one execution of op; -1 for what executes
 * nothing (constants, terminators, the function and module) and for
 * loops, whose iterations loop() counts. */
static int opKind(MlirOperation op) {
  static const char *const none[] = {
      "arith.constant", "scf.yield", "affine.yield", "func.return", "scf.reduce",
      "scf.reduce.return", "scf.condition", "vector.yield", "func.func", "builtin.module",
      "scf.for", "scf.parallel", "scf.while", "affine.for", "affine.parallel", "ub.poison"};
  for (size_t i = 0; i < sizeof none / sizeof *none; ++i)
    if (isOp(op, none[i]))
      return -1;
  bool vec = mlirOperationGetNumResults(op) > 0 &&
             mlirTypeIsAVector(mlirValueGetType(mlirOperationGetResult(op, 0)));
  if (isOp(op, "affine.load") || isOp(op, "memref.load"))
    return ARI_CODEOP_LOAD;
  if (isOp(op, "affine.store") || isOp(op, "memref.store"))
    return ARI_CODEOP_STORE;
  if (isOp(op, "affine.vector_load") || isOp(op, "vector.load") ||
      isOp(op, "vector.transfer_read") || isOp(op, "vector.maskedload") ||
      isOp(op, "vector.gather"))
    return ARI_CODEOP_VLOAD;
  if (isOp(op, "affine.vector_store") || isOp(op, "vector.store") ||
      isOp(op, "vector.transfer_write") || isOp(op, "vector.maskedstore") ||
      isOp(op, "vector.scatter"))
    return ARI_CODEOP_VSTORE;
  if (isOp(op, "math.fma") || isOp(op, "vector.fma"))
    return ARI_CODEOP_FMA;
  if (hasPrefix(op, "math.") && !isOp(op, "math.absf") && !isOp(op, "math.absi"))
    return ARI_CODEOP_MATH;
  if (hasPrefix(op, "arith.") || hasPrefix(op, "math.")) {
    if (nameHas(op, "div") || nameHas(op, "rem"))
      return ARI_CODEOP_DIV;
    if (nameHas(op, "cmp") || isOp(op, "arith.select"))
      return ARI_CODEOP_CMP;
    if (nameHas(op, "cast") || nameHas(op, "ext") || nameHas(op, "trunc") ||
        nameHas(op, "tosi") || nameHas(op, "toui") || nameHas(op, "itofp"))
      return ARI_CODEOP_CAST;
    if (vec)
      return ARI_CODEOP_VARITH;
    bool flt = mlirOperationGetNumResults(op) > 0 &&
               mlirTypeIsAFloat(mlirValueGetType(mlirOperationGetResult(op, 0)));
    return flt ? ARI_CODEOP_FARITH : ARI_CODEOP_IARITH;
  }
  if (hasPrefix(op, "affine.") || hasPrefix(op, "index."))
    return ARI_CODEOP_AFFINE;
  if (hasPrefix(op, "vector."))
    return ARI_CODEOP_LANES;
  if (hasPrefix(op, "memref."))
    return ARI_CODEOP_MEMREF;
  if (hasPrefix(op, "scf.") || hasPrefix(op, "func.") || hasPrefix(op, "cf."))
    return ARI_CODEOP_CONTROL;
  return ARI_CODEOP_OTHER;
}

static MlirValue bodyArg(MlirOperation op, intptr_t i) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(b) || mlirBlockGetNumArguments(b) <= i)
    return (MlirValue){NULL};
  return mlirBlockGetArgument(b, i);
}

static void walkOp(Walk *w, MlirOperation op) {
  double mult = w->depth ? w->frames[w->depth - 1].mult : 1;
  if (w->kinds) {
    int k = opKind(op);
    if (k >= 0)
      w->kinds[k] += mult;
  }
  if (isOp(op, "affine.for")) {
    int64_t lo, hi;
    MlirAttribute st = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("step"));
    int64_t step = !mlirAttributeIsNull(st) && mlirAttributeIsAInteger(st)
                       ? mlirIntegerAttrGetValueInt(st)
                       : 1;
    bool known = constMap(op, "lowerBoundMap", &lo) && constMap(op, "upperBoundMap", &hi);
    w->v[ARI_CODEFEAT_UNKNOWN_TRIPS] += !known;
    loop(w, op, known ? tripsOf(lo, hi, step) : 1, bodyArg(op, 0), false);
    return;
  }
  if (isOp(op, "scf.for")) {
    double trips = 1;
    bool known = scfTrips(w, mlirOperationGetOperand(op, 0), mlirOperationGetOperand(op, 1),
                          mlirOperationGetOperand(op, 2), &trips);
    w->v[ARI_CODEFEAT_UNKNOWN_TRIPS] += !known;
    loop(w, op, known ? trips : 1, bodyArg(op, 0), false);
    return;
  }
  if (isOp(op, "scf.parallel")) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    intptr_t n = mlirBlockIsNull(b) ? 0 : mlirBlockGetNumArguments(b);
    double trips = 1;
    bool known = n > 0 && mlirOperationGetNumOperands(op) >= 3 * n;
    for (intptr_t i = 0; known && i < n; ++i) {
      double t;
      known = scfTrips(w, mlirOperationGetOperand(op, i), mlirOperationGetOperand(op, n + i),
                       mlirOperationGetOperand(op, 2 * n + i), &t);
      if (known)
        trips *= t;
    }
    w->v[ARI_CODEFEAT_UNKNOWN_TRIPS] += !known;
    loop(w, op, known ? trips : 1, n ? bodyArg(op, n - 1) : (MlirValue){NULL}, true);
    return;
  }
  if (isOp(op, "affine.load") || isOp(op, "memref.load") || isOp(op, "vector.load") ||
      isOp(op, "affine.vector_load") || isOp(op, "vector.transfer_read")) {
    access(w, op, 0, mlirValueGetType(mlirOperationGetResult(op, 0)), false);
    return;
  }
  if (isOp(op, "affine.store") || isOp(op, "memref.store") || isOp(op, "vector.store") ||
      isOp(op, "affine.vector_store") || isOp(op, "vector.transfer_write")) {
    if (mlirOperationGetNumOperands(op) >= 2)
      access(w, op, 1, mlirValueGetType(mlirOperationGetOperand(op, 0)), true);
    return;
  }
  if (isOp(op, "memref.alloc") || isOp(op, "memref.alloca")) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    double bytes = scalarBytes(mlirShapedTypeGetElementType(t));
    /* a dynamic size counts as 1, as an unknown trip count does (the
     * dimension's value is ShapedType's negative kDynamic marker) */
    for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
      if (!mlirShapedTypeIsDynamicDim(t, i))
        bytes *= (double)mlirShapedTypeGetDimSize(t, i);
    w->v[ARI_CODEFEAT_ALLOC_BYTES] += bytes * mult;
    /* glibc maps blocks of 128 KiB or more afresh: each run touches new
     * zeroed pages (a stencil's 768 KiB `to_mem` copy costs it 10x) */
    if (bytes >= 128 * 1024 && isOp(op, "memref.alloc"))
      w->v[ARI_CODEFEAT_MAPPED_BYTES] += bytes * mult;
    if (w->depth)
      w->v[ARI_CODEFEAT_LOOP_ALLOCS] += mult;
    return;
  }
  if (isOp(op, "vector.extract") || isOp(op, "vector.extractelement")) {
    w->v[ARI_CODEFEAT_EXTRACTS] += mult;
    return;
  }
  if (isOp(op, "vector.insert") || isOp(op, "vector.insertelement")) {
    w->v[ARI_CODEFEAT_INSERTS] += mult;
    return;
  }
  if (isOp(op, "vector.broadcast") || isOp(op, "vector.splat")) {
    w->v[ARI_CODEFEAT_BROADCASTS] += mult;
    return;
  }
  bool math = hasPrefix(op, "math.");
  if ((hasPrefix(op, "arith.") && !isOp(op, "arith.constant") && !isOp(op, "arith.index_cast")) ||
      math) {
    double n = mlirOperationGetNumResults(op) ? lanes(mlirValueGetType(mlirOperationGetResult(op, 0)))
                                              : 1;
    if (n > 1)
      w->v[ARI_CODEFEAT_OPS_VECTOR] += mult;
    else {
      w->v[ARI_CODEFEAT_OPS_SCALAR] += mult;
      if (w->depth)
        w->frames[w->depth - 1].scalarOps += mult;
    }
    w->v[ARI_CODEFEAT_OPS_LANES] += n * mult;
    if (math && !isOp(op, "math.fma") && !isOp(op, "math.absf") && !isOp(op, "math.absi"))
      w->v[ARI_CODEFEAT_TRANSCENDENTAL] += n * mult;
    MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
    for (size_t i = 0; i + 3 <= s.length; ++i)
      if (!memcmp(s.data + i, "div", 3) || !memcmp(s.data + i, "rem", 3)) {
        w->v[ARI_CODEFEAT_DIVISIONS] += n * mult;
        break;
      }
    return;
  }
  walkRegions(w, op);
}

/* One walk: features into out, and kinds when asked (with bounded trips). */
static void walkModule(MlirModule lowered, double *out, double *kinds) {
  Walk w;
  memset(&w, 0, sizeof w);
  memset(out, 0, sizeof(double) * ARI_CODEFEAT_COUNT);
  if (kinds)
    memset(kinds, 0, sizeof(double) * ARI_CODEOP_COUNT);
  w.v = out;
  w.kinds = kinds;
  out[ARI_CODEFEAT_PAR_TRIPS] = 1;
  out[ARI_CODEFEAT_HOT_TRIPS] = 1;
  walkRegions(&w, mlirModuleGetOperation(lowered));
  double moved = out[ARI_CODEFEAT_LOAD_UNIT] + out[ARI_CODEFEAT_LOAD_STRIDED] +
                 out[ARI_CODEFEAT_LOAD_INVARIANT] + out[ARI_CODEFEAT_STORE_UNIT] +
                 out[ARI_CODEFEAT_STORE_STRIDED] + out[ARI_CODEFEAT_STORE_INVARIANT];
  out[ARI_CODEFEAT_OPS_PER_BYTE] = moved > 0 ? out[ARI_CODEFEAT_OPS_LANES] / moved : 0;
}

/* The features keep the trip counts they were trained with (version 2):
 * only constant bounds. */
void ariCodeFeatCount(MlirModule lowered, double *out) { walkModule(lowered, out, NULL); }

void ariCodeOpCount(MlirModule lowered, double *kinds, double *feat) {
  double scratch[ARI_CODEFEAT_COUNT];
  walkModule(lowered, feat ? feat : scratch, kinds);
}

bool ariCodeFeatures(MlirOperation func, double *out, char *err, size_t errCap) {
  memset(out, 0, sizeof(double) * ARI_CODEFEAT_COUNT);
  MlirModule mod = mlirModuleCreateEmpty(mlirOperationGetLocation(func));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), mlirOperationClone(func));
  bool ok = mlirLogicalResultIsSuccess(ariCompileRunPipeline(mod, "convert-rise-to-affine"));
  /* MLIR's canonicaliser and hoisting grow faster than linearly: a fully
   * unrolled nest of 10^5 ops takes minutes. Such code is counted as the
   * lowering wrote it. */
  if (ok && ariCodeCountOps(mlirModuleGetOperation(mod), ARI_CODEFEAT_MAX_CLEANUP_OPS) <=
                ARI_CODEFEAT_MAX_CLEANUP_OPS)
    ok = mlirLogicalResultIsSuccess(ariCompileRunPipeline(mod, ariCodeFeatPipeline()));
  if (ok)
    ariCodeFeatCount(mod, out);
  else
    snprintf(err, errCap, "the function does not lower (see the diagnostics)");
  mlirModuleDestroy(mod);
  return ok;
}
