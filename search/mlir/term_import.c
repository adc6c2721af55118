/*===- search/mlir/term_import.c - rise dialect -> terms -----------------------===*\
 *
 * Walks a func.func body in program order. Every op's result is bound to a
 * term relative to the binder level of the block that defines it; a use
 * from a deeper block shifts it by the binders in between (free for closed
 * terms). Region parameters are VAR 0 at their binder's level. Each op's
 * term gets a hint (block depth, position) so that export can put it back
 * where it was.
 *
\*===----------------------------------------------------------------------===*/

#include "search/term/term_impl.h"
#include "search/mlir/term_mlir.h"
#include "utils/hash.h"
#include "utils/strbuf.h"

#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- hints ---------------------------------------------------------------*/

/* Where a term's entries start. Lookups take the least sequence number of
 * all matching entries, so the probe order (and this hash) is not
 * observable. */
static size_t hintSlot(uint32_t id) { return (size_t)ariHashMix64(id); }

bool ariTermHintAt(const AriTermHints *h, const AriTerm *t, uint32_t depth, uint32_t after,
                   uint32_t *seq) {
  if (!h || !h->cap)
    return false;
  bool found = false;
  uint32_t best = UINT32_MAX, first = UINT32_MAX;
  size_t mask = h->cap - 1;
  for (size_t i = hintSlot(t->id) & mask; h->slots[i].id; i = (i + 1) & mask) {
    const HintEntry *e = &h->slots[i];
    if (e->id != t->id + 1 || e->depth != depth)
      continue;
    found = true;
    if (e->seq < first)
      first = e->seq;
    if (e->seq > after && e->seq < best)
      best = e->seq;
  }
  *seq = after == 0 ? first : best;
  return found;
}

bool ariTermHintPut(AriTermStore *s, AriTermHints *h, const AriTerm *t, uint32_t depth,
                    uint32_t seq, uint32_t blk) {
  if ((h->count + 1) * 2 > h->cap) {
    /* Old tables stay in the arena until the store goes: hints are built
     * once per import, so the waste is bounded by the final size. */
    size_t ncap = h->cap ? h->cap * 2 : 256;
    HintEntry *ns = ariArenaCalloc(&s->arena, ncap * sizeof *ns);
    if (!ns)
      return ariTermFail(s, "out of memory (term store limit)") != NULL;
    for (size_t i = 0; i < h->cap; ++i) {
      if (!h->slots[i].id)
        continue;
      size_t j = hintSlot(h->slots[i].id - 1) & (ncap - 1);
      while (ns[j].id)
        j = (j + 1) & (ncap - 1);
      ns[j] = h->slots[i];
    }
    h->slots = ns;
    h->cap = ncap;
  }
  size_t mask = h->cap - 1;
  size_t i = hintSlot(t->id) & mask;
  while (h->slots[i].id)
    i = (i + 1) & mask;
  h->slots[i] = (HintEntry){t->id + 1, depth, seq, blk};
  h->count++;
  return true;
}

unsigned ariTermFuncMergedOps(const AriTermFunc *f) { return f->hints ? f->hints->merged : 0; }

static bool addDead(AriTermStore *s, AriTermHints *h, const AriTerm *key, AriTerm **terms,
                    unsigned n) {
  if (h->numDead == h->capDead) {
    unsigned ncap = h->capDead ? h->capDead * 2 : 8;
    DeadOps *nd = ariArenaAlloc(&s->arena, ncap * sizeof *nd);
    if (!nd)
      return ariTermFail(s, "out of memory (term store limit)") != NULL;
    if (h->numDead)
      memcpy(nd, h->dead, h->numDead * sizeof *nd);
    h->dead = nd;
    h->capDead = ncap;
  }
  h->dead[h->numDead++] = (DeadOps){key, terms, n};
  return true;
}

/*--- types ---------------------------------------------------------------*/

static void strCb(MlirStringRef str, void *user) { ariStrAppend(user, str.data, str.length); }

const AriType *ariTypeFromMlir(AriTermStore *s, MlirType t) {
  if (mlirTypeIsARiseArray(t))
    return ariTypeArray(s, mlirRiseArrayTypeGetSize(t),
                        ariTypeFromMlir(s, mlirRiseArrayTypeGetElementType(t)));
  if (mlirTypeIsARisePair(t))
    return ariTypePair(s, ariTypeFromMlir(s, mlirRisePairTypeGetFirst(t)),
                       ariTypeFromMlir(s, mlirRisePairTypeGetSecond(t)));
  if (mlirTypeIsAVector(t)) {
    if (mlirShapedTypeGetRank(t) != 1 || mlirVectorTypeIsScalable(t))
      return ariTermFail(s, "only fixed 1-D vectors are rise data types");
    return ariTypeVector(s, mlirShapedTypeGetDimSize(t, 0),
                         ariTypeFromMlir(s, mlirShapedTypeGetElementType(t)));
  }
  if (mlirTypeIsAInteger(t) || mlirTypeIsAIndex(t) || mlirTypeIsAFloat(t)) {
    char buf[32];
    AriStr o;
    ariStrInitFixed(&o, buf, sizeof buf);
    mlirTypePrint(t, strCb, &o);
    return ariTypeScalar(s, buf);
  }
  char buf[96];
  AriStr o;
  ariStrInitFixed(&o, buf, sizeof buf);
  mlirTypePrint(t, strCb, &o);
  return ariTermFail(s, "type %s is not a rise data type", buf);
}

MlirType ariTypeToMlir(MlirContext ctx, const AriType *t) {
  switch (ariTypeKind(t)) {
  case ARI_TYPE_SCALAR: {
    if (ariTypeIsIndexT(t))
      return mlirIndexTypeGet(ctx);
    if (ariTypeIsInt(t))
      return mlirIntegerTypeGet(ctx, ariTypeBitWidth(t));
    const char *n = ariTypeScalarName(t);
    if (strcmp(n, "f32") == 0)
      return mlirF32TypeGet(ctx);
    if (strcmp(n, "f64") == 0)
      return mlirF64TypeGet(ctx);
    if (strcmp(n, "f16") == 0)
      return mlirF16TypeGet(ctx);
    return mlirBF16TypeGet(ctx);
  }
  case ARI_TYPE_VECTOR: {
    int64_t shape[1] = {ariTypeSize(t)};
    return mlirVectorTypeGet(1, shape, ariTypeToMlir(ctx, ariTypeElem(t)));
  }
  case ARI_TYPE_ARRAY:
    return mlirRiseArrayTypeGet(ariTypeToMlir(ctx, ariTypeElem(t)), ariTypeSize(t));
  case ARI_TYPE_PAIR:
    return mlirRisePairTypeGet(ctx, ariTypeToMlir(ctx, ariTypeFirst(t)),
                               ariTypeToMlir(ctx, ariTypeSecond(t)));
  case ARI_TYPE_FUN:
    break;
  }
  return (MlirType){NULL};
}

/*--- the value map -------------------------------------------------------*/

typedef struct {
  const void *key;
  AriTerm *term;
  uint32_t level; /* binder level of the defining block */
} Binding;

typedef struct {
  AriTermStore *s;
  MlirBlock entry;
  unsigned numArgs;
  Binding *map;
  size_t cap, count;
  AriTermHints *hints;
  uint32_t seq;
  uint32_t nextBlk;
  uint64_t written[4]; /* memref arguments < 256 written by rise.out so far */
  MlirLocation errLoc;
  bool haveErrLoc;
  /* roots, grown as found */
  AriTermRoot *roots;
  uint32_t *rootSeq;
  unsigned numRoots, capRoots;
} Imp;

static size_t slotOf(const void *p, size_t cap) {
  return (size_t)ariHashPtr(p) & (cap - 1);
}

static bool bind(Imp *im, MlirValue v, AriTerm *t, uint32_t level) {
  if (!t)
    return false;
  if ((im->count + 1) * 2 > im->cap) {
    size_t ncap = im->cap ? im->cap * 2 : 256;
    Binding *nm = calloc(ncap, sizeof *nm);
    if (!nm)
      return ariTermFail(im->s, "out of memory") != NULL;
    for (size_t i = 0; i < im->cap; ++i) {
      if (!im->map[i].key)
        continue;
      size_t j = slotOf(im->map[i].key, ncap);
      while (nm[j].key)
        j = (j + 1) & (ncap - 1);
      nm[j] = im->map[i];
    }
    free(im->map);
    im->map = nm;
    im->cap = ncap;
  }
  size_t j = slotOf(v.ptr, im->cap);
  while (im->map[j].key && im->map[j].key != v.ptr)
    j = (j + 1) & (im->cap - 1);
  if (!im->map[j].key)
    im->count++;
  im->map[j] = (Binding){v.ptr, t, level};
  return true;
}

static bool failAt(Imp *im, MlirOperation op, const char *msg, const char *detail) {
  if (!im->haveErrLoc && !mlirOperationIsNull(op)) {
    im->errLoc = mlirOperationGetLocation(op);
    im->haveErrLoc = true;
  }
  ariTermFail(im->s, "%s%s%s", msg, detail ? " " : "", detail ? detail : "");
  return false;
}

/* The term of value v used from a block at binder level `level`. */
static AriTerm *lookup(Imp *im, MlirValue v, uint32_t level, MlirOperation user) {
  if (im->cap) {
    size_t j = slotOf(v.ptr, im->cap);
    while (im->map[j].key) {
      if (im->map[j].key == v.ptr) {
        Binding *b = &im->map[j];
        return ariTermShift(im->s, b->term, (int32_t)(level - b->level), 0);
      }
      j = (j + 1) & (im->cap - 1);
    }
  }
  if (mlirValueIsABlockArgument(v) && mlirBlockEqual(mlirBlockArgumentGetOwner(v), im->entry)) {
    MlirType t = mlirValueGetType(v);
    if (mlirTypeIsAMemRef(t)) {
      failAt(im, user, "a memref argument may only be read by rise.in or written by rise.out",
             NULL);
      return NULL;
    }
    const AriType *ty = ariTypeFromMlir(im->s, t);
    if (!ty) {
      failAt(im, user, "", NULL);
      return NULL;
    }
    return ariTermArg(im->s, (uint32_t)mlirBlockArgumentGetArgNumber(v), ty);
  }
  failAt(im, user, "an operand is defined outside the function or by an unsupported op", NULL);
  return NULL;
}

static AriTerm *operand(Imp *im, MlirOperation op, intptr_t i, uint32_t level) {
  return lookup(im, mlirOperationGetOperand(op, i), level, op);
}

static int64_t attrI(MlirOperation op, const char *name, int64_t dflt) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a))
    return dflt;
  if (mlirAttributeIsAInteger(a))
    return mlirIntegerAttrGetValueInt(a);
  if (mlirAttributeIsARisePatternKind(a))
    return mlirRisePatternKindAttrGetValue(a);
  if (mlirAttributeIsARiseAddressSpace(a))
    return mlirRiseAddressSpaceAttrGetValue(a);
  return dflt;
}

/* Prints an attribute into the store as a symbol. */
static const AriSym *attrSym(Imp *im, MlirAttribute a) {
  /* A scratch buffer on the heap: the store keeps only the interned copy. */
  AriStr o;
  ariStrInit(&o, NULL);
  mlirAttributePrint(a, strCb, &o);
  const AriSym *y = !ariStrOk(&o)               ? ariTermFail(im->s, "out of memory")
                    : o.len > ((size_t)1 << 32) ? ariTermFail(im->s, "attribute too large")
                                                : ariSymIntern(im->s, ariStrText(&o), o.len);
  ariStrFree(&o);
  return y;
}

static bool isDefaultFlag(MlirAttribute a) {
  char buf[64];
  AriStr o;
  ariStrInitFixed(&o, buf, sizeof buf);
  mlirAttributePrint(a, strCb, &o);
  return !strcmp(buf, "#arith.fastmath<none>") || !strcmp(buf, "#arith.overflow<none>");
}

static const AriType *resultType(Imp *im, MlirOperation op, intptr_t i) {
  const AriType *t = ariTypeFromMlir(im->s, mlirValueGetType(mlirOperationGetResult(op, i)));
  if (!t)
    failAt(im, op, "", NULL);
  return t;
}

static bool addRoot(Imp *im, AriRootKind kind, uint32_t index, AriTerm *value, uint32_t seq) {
  if (im->numRoots == im->capRoots) {
    unsigned ncap = im->capRoots ? im->capRoots * 2 : 8;
    AriTermRoot *nr = ariArenaAlloc(&im->s->arena, ncap * sizeof *nr);
    uint32_t *ns = ariArenaAlloc(&im->s->arena, ncap * sizeof *ns);
    if (!nr || !ns)
      return ariTermFail(im->s, "out of memory (term store limit)") != NULL;
    if (im->numRoots) {
      memcpy(nr, im->roots, im->numRoots * sizeof *nr);
      memcpy(ns, im->rootSeq, im->numRoots * sizeof *ns);
    }
    im->roots = nr;
    im->rootSeq = ns;
    im->capRoots = ncap;
  }
  im->roots[im->numRoots] = (AriTermRoot){kind, index, value};
  im->rootSeq[im->numRoots++] = seq;
  return true;
}

static bool hasUses(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

static bool importBlock(Imp *im, MlirBlock b, uint32_t level, uint32_t depth, AriTerm **yielded,
                        AriTerm ***dead, unsigned *ndead);

/* The lambda of region 0 of `op`: `nparams` curried parameters. */
static AriTerm *importLambda(Imp *im, MlirOperation op, unsigned nparams, uint32_t level,
                             uint32_t depth) {
  if (depth >= ARI_TERM_MAX_REGION_DEPTH) {
    char lim[32];
    snprintf(lim, sizeof lim, "%d", ARI_TERM_MAX_REGION_DEPTH);
    failAt(im, op, "regions nested deeper than", lim);
    return NULL;
  }
  MlirRegion r = mlirOperationGetRegion(op, 0);
  MlirBlock b = mlirRegionGetFirstBlock(r);
  if (mlirBlockIsNull(b) || !mlirBlockIsNull(mlirBlockGetNextInRegion(b)) ||
      mlirBlockGetNumArguments(b) != (intptr_t)nparams) {
    failAt(im, op, "a rise region must be one block with the pattern's parameters", NULL);
    return NULL;
  }
  const AriType *pt[3];
  for (unsigned i = 0; i < nparams; ++i) {
    MlirValue a = mlirBlockGetArgument(b, (intptr_t)i);
    pt[i] = ariTypeFromMlir(im->s, mlirValueGetType(a));
    if (!pt[i]) {
      failAt(im, op, "", NULL);
      return NULL;
    }
    /* Parameter i is bound at level + i + 1; at its own level it is VAR 0. */
    if (!bind(im, a, ariTermVar(im->s, 0, pt[i]), level + i + 1))
      return NULL;
  }
  AriTerm *body = NULL, **dead = NULL;
  unsigned ndead = 0;
  if (!importBlock(im, b, level + nparams, depth + 1, &body, &dead, &ndead))
    return NULL;
  for (unsigned i = nparams; i-- > 0;)
    body = ariTermLam(im->s, pt[i], body);
  if (!body)
    failAt(im, op, "", NULL);
  if (body && ndead && !addDead(im->s, im->hints, body, dead, ndead))
    return NULL;
  return body;
}

/* The term an op computes (for unzip: the pair of its two results). */
static AriTerm *importOp(Imp *im, MlirOperation op, uint32_t level, uint32_t depth) {
  AriTermStore *s = im->s;
  MlirStringRef nm = mlirIdentifierStr(mlirOperationGetName(op));
  if (nm.length > 5 && memcmp(nm.data, "rise.", 5) == 0) {
    switch (riseOpKind(op)) {
    case RISE_OP_MAP: {
      int64_t k = attrI(op, "kind", 0), dim = attrI(op, "dim", -1);
      return ariTermMap(s, (AriPatternKind)k, (int)dim, importLambda(im, op, 1, level, depth),
                        operand(im, op, 0, level));
    }
    case RISE_OP_REDUCE:
      return ariTermReduce(s, (AriPatternKind)attrI(op, "kind", 0),
                           importLambda(im, op, 2, level, depth), operand(im, op, 0, level),
                           operand(im, op, 1, level));
    case RISE_OP_ZIP:
      return ariTermZip(s, operand(im, op, 0, level), operand(im, op, 1, level));
    case RISE_OP_UNZIP:
      return ariTermUnzip(s, operand(im, op, 0, level));
    case RISE_OP_PAIR:
      return ariTermPair(s, operand(im, op, 0, level), operand(im, op, 1, level));
    case RISE_OP_FST:
      return ariTermFst(s, operand(im, op, 0, level));
    case RISE_OP_SND:
      return ariTermSnd(s, operand(im, op, 0, level));
    case RISE_OP_SPLIT:
      return ariTermSplit(s, attrI(op, "n", 0), operand(im, op, 0, level));
    case RISE_OP_JOIN:
      return ariTermJoin(s, operand(im, op, 0, level));
    case RISE_OP_TRANSPOSE:
      return ariTermTranspose(s, operand(im, op, 0, level));
    case RISE_OP_SLIDE:
      return ariTermSlide(s, attrI(op, "size", 0), attrI(op, "step", 0),
                          operand(im, op, 0, level));
    case RISE_OP_PAD_CST:
      return ariTermPadCst(s, attrI(op, "left", -1), attrI(op, "right", -1),
                           operand(im, op, 0, level), operand(im, op, 1, level));
    case RISE_OP_PAD_CLAMP:
      return ariTermPadClamp(s, attrI(op, "left", -1), attrI(op, "right", -1),
                             operand(im, op, 0, level));
    case RISE_OP_GENERATE: {
      const AriType *rt = resultType(im, op, 0);
      if (!rt)
        return NULL;
      return ariTermGenerate(s, ariTypeSize(rt), importLambda(im, op, 1, level, depth));
    }
    case RISE_OP_IDX:
      return ariTermIdx(s, operand(im, op, 0, level), operand(im, op, 1, level));
    case RISE_OP_LITERAL: {
      MlirAttribute v = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
      if (mlirAttributeIsNull(v))
        return NULL;
      const AriSym *y = attrSym(im, v);
      const AriType *rt = resultType(im, op, 0);
      if (!y || !rt)
        return NULL;
      return ariTermMake(s, ARI_TERM_LITERAL, NULL, 0, y, NULL, NULL, 0, rt);
    }
    case RISE_OP_TO_MEM:
      return ariTermToMem(s, (AriAddrSpace)attrI(op, "addr", -1), operand(im, op, 0, level));
    case RISE_OP_AS_VECTOR:
      return ariTermAsVector(s, attrI(op, "width", 0), operand(im, op, 0, level));
    case RISE_OP_AS_SCALAR:
      return ariTermAsScalar(s, operand(im, op, 0, level));
    case RISE_OP_VECTOR_FROM_SCALAR: {
      const AriType *rt = resultType(im, op, 0);
      if (!rt)
        return NULL;
      return ariTermVectorFromScalar(s, ariTypeSize(rt), operand(im, op, 0, level));
    }
    case RISE_OP_CIRCULAR_BUFFER:
      return ariTermCircularBuffer(s, (AriAddrSpace)attrI(op, "addr", -1),
                                   attrI(op, "alloc", 0), attrI(op, "size", 0),
                                   importLambda(im, op, 1, level, depth),
                                   operand(im, op, 0, level));
    case RISE_OP_ROTATE_VALUES:
      return ariTermRotateValues(s, (AriAddrSpace)attrI(op, "addr", -1), attrI(op, "size", 0),
                                 importLambda(im, op, 1, level, depth),
                                 operand(im, op, 0, level));
    case RISE_OP_KERNEL: {
      MlirAttribute lo = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("local"));
      MlirAttribute gl = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("global"));
      if (mlirAttributeIsNull(lo) || mlirAttributeIsNull(gl) || !mlirAttributeIsADenseI64Array(lo) ||
          !mlirAttributeIsADenseI64Array(gl))
        return NULL;
      intptr_t r = mlirDenseArrayGetNumElements(lo);
      if (r < 1 || r > 3 || mlirDenseArrayGetNumElements(gl) != r)
        return ariTermFail(s, "kernel: needs 1 to 3 local and global sizes");
      int64_t l[3], g[3];
      for (intptr_t i = 0; i < r; ++i) {
        l[i] = mlirDenseI64ArrayGetElement(lo, i);
        g[i] = mlirDenseI64ArrayGetElement(gl, i);
      }
      AriTerm *body = importLambda(im, op, 0, level, depth);
      return ariTermKernel(s, (unsigned)r, l, g, body);
    }
    case RISE_OP_IN: /* function boundary and region ends: importBlock's */
    case RISE_OP_OUT:
    case RISE_OP_YIELD:
    case RISE_OP_NONE: /* an unregistered op named rise.* */
      break;
    }
    return ariTermFail(s, "op %.*s is not part of the term language", (int)nm.length, nm.data);
  }
  bool arith = nm.length > 6 && memcmp(nm.data, "arith.", 6) == 0;
  bool math = nm.length > 5 && memcmp(nm.data, "math.", 5) == 0;
  if (!arith && !math)
    return ariTermFail(s, "op %.*s is not part of the term language (only rise, arith and math "
                          "ops are)",
                       (int)nm.length, nm.data);
  intptr_t nres = mlirOperationGetNumResults(op);
  if (nres < 1 || nres > 2 || mlirOperationGetNumRegions(op) != 0)
    return ariTermFail(s, "op %.*s: only ops with one or two results and no regions are "
                          "supported",
                       (int)nm.length, nm.data);
  const AriType *rt = resultType(im, op, 0);
  if (!rt)
    return NULL;
  int64_t two = 2;
  if (nres == 2) {
    const AriType *r1 = resultType(im, op, 1);
    if (!r1)
      return NULL;
    rt = ariTypePair(s, rt, r1); /* the two results are FST/SND of the node */
  }
  if (riseOpIs(op, "arith.constant") && ariTypeKind(rt) == ARI_TYPE_SCALAR &&
      mlirOperationGetNumAttributes(op) == 1) {
    MlirAttribute v = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
    if (!mlirAttributeIsNull(v)) {
      if (mlirAttributeIsAInteger(v) && !ariTypeIsFloat(rt))
        return ariTermConstInt(s, rt,
                               ariTypeBitWidth(rt) == 1 ? (int64_t)mlirIntegerAttrGetValueUInt(v)
                                                        : mlirIntegerAttrGetValueInt(v));
      if (mlirAttributeIsAFloat(v) && ariTypeIsFloat(rt) &&
          (ariTypeBitWidth(rt) == 32 || ariTypeBitWidth(rt) == 64))
        return ariTermConstFloat(s, rt, mlirFloatAttrGetValueDouble(v));
    }
  }
  intptr_t no = mlirOperationGetNumOperands(op);
  if (no > 255)
    return ariTermFail(s, "op with too many operands");
  AriTerm *kids[255];
  for (intptr_t i = 0; i < no; ++i)
    kids[i] = operand(im, op, i, level);
  intptr_t na = mlirOperationGetNumAttributes(op);
  const AriSym *attrs = ariSymIntern(s, "", 0);
  if (na > 0) {
    MlirNamedAttribute named[64];
    if (na > 64)
      return ariTermFail(s, "op with too many attributes");
    intptr_t kept = 0;
    for (intptr_t i = 0; i < na; ++i) {
      named[kept] = mlirOperationGetAttribute(op, i);
      /* Properties at their default value (MLIR lists them but does not
       * print them) are dropped, so that an imported op and one a rule
       * builds without attributes are the same term. */
      if (!isDefaultFlag(named[kept].attribute))
        kept++;
    }
    if (kept)
      attrs = attrSym(im, mlirDictionaryAttrGet(mlirOperationGetContext(op), kept, named));
  }
  const AriSym *name = ariSymIntern(s, nm.data, nm.length);
  if (!attrs || !name)
    return NULL;
  return ariTermMake(s, ARI_TERM_OP, &two, nres == 2 ? 1 : 0, name, attrs, kids, (unsigned)no, rt);
}

/* Counts `t` as merged when an identical op was defined before in the same
 * block (see ariTermFuncMergedOps). Copies in other blocks come back: export
 * places a term in the innermost enclosing block that defined it. */
static void noteDuplicate(Imp *im, const AriTerm *t, uint32_t blk) {
  const AriTermHints *h = im->hints;
  if (!h->cap)
    return;
  size_t mask = h->cap - 1;
  for (size_t i = hintSlot(t->id) & mask; h->slots[i].id; i = (i + 1) & mask)
    if (h->slots[i].id == t->id + 1 && h->slots[i].blk == blk) {
      im->hints->merged++;
      return;
    }
}

static bool importBlock(Imp *im, MlirBlock b, uint32_t level, uint32_t depth, AriTerm **yielded,
                        AriTerm ***dead, unsigned *ndead) {
  bool top = depth == 0;
  uint32_t blk = im->nextBlk++;
  unsigned capDead = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    uint32_t seq = im->seq++;
    RiseOpKind kind = riseOpKind(op);
    if (kind == RISE_OP_YIELD) {
      if (top || !mlirOperationIsNull(mlirOperationGetNextInBlock(op)))
        return failAt(im, op, "rise.yield must end a rise region", NULL);
      *yielded = operand(im, op, 0, level);
      if (!*yielded)
        return failAt(im, op, "", NULL);
      return true;
    }
    if (riseOpIs(op, "func.return")) {
      if (!top)
        return failAt(im, op, "func.return inside a region", NULL);
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
        AriTerm *v = operand(im, op, i, level);
        if (!v || !addRoot(im, ARI_ROOT_RETURN, (uint32_t)i, v, seq))
          return failAt(im, op, "", NULL);
      }
      continue;
    }
    if (kind == RISE_OP_IN || kind == RISE_OP_OUT) {
      if (!top)
        return failAt(im, op, "rise.in/rise.out inside a region", NULL);
      bool isIn = kind == RISE_OP_IN;
      MlirValue m = mlirOperationGetOperand(op, isIn ? 0 : 1);
      if (!mlirValueIsABlockArgument(m) || !mlirBlockEqual(mlirBlockArgumentGetOwner(m), b))
        return failAt(im, op, "the memref of rise.in/rise.out must be a function argument", NULL);
      uint32_t k = (uint32_t)mlirBlockArgumentGetArgNumber(m);
      bool wasWritten = k < 256 && ((im->written[k / 64] >> (k % 64)) & 1);
      if (isIn && wasWritten)
        return failAt(im, op, "rise.in reads a memref argument after a rise.out wrote it; terms "
                              "cannot express that order",
                      NULL);
      if (!isIn && k < 256)
        im->written[k / 64] |= 1ull << (k % 64);
      if (isIn) {
        const AriType *rt = resultType(im, op, 0);
        AriTerm *t = rt ? ariTermIn(im->s, k, rt) : NULL;
        if (t)
          noteDuplicate(im, t, blk);
        if (!t || !bind(im, mlirOperationGetResult(op, 0), t, level) ||
            !ariTermHintPut(im->s, im->hints, t, depth, seq, blk))
          return failAt(im, op, "", NULL);
        if (!hasUses(op) && !addRoot(im, ARI_ROOT_KEEP, 0, t, seq))
          return false;
      } else {
        AriTerm *v = operand(im, op, 0, level);
        if (!v || !addRoot(im, ARI_ROOT_OUT, k, v, seq))
          return failAt(im, op, "", NULL);
      }
      continue;
    }
    AriTerm *t = importOp(im, op, level, depth);
    if (!t)
      return failAt(im, op, "", NULL);
    noteDuplicate(im, t, blk);
    if (!ariTermHintPut(im->s, im->hints, t, depth, seq, blk))
      return false;
    if (ariTermKind(t) == ARI_TERM_UNZIP ||
        (ariTermKind(t) == ARI_TERM_OP && ariTermNumAttrs(t) == 1)) {
      if (!bind(im, mlirOperationGetResult(op, 0), ariTermFst(im->s, t), level) ||
          !bind(im, mlirOperationGetResult(op, 1), ariTermSnd(im->s, t), level))
        return failAt(im, op, "", NULL);
    } else if (mlirOperationGetNumResults(op) != 1 ||
               !bind(im, mlirOperationGetResult(op, 0), t, level)) {
      return failAt(im, op, "", NULL);
    }
    if (top && !hasUses(op) && !addRoot(im, ARI_ROOT_KEEP, 0, t, seq))
      return false;
    if (!top && !hasUses(op)) {
      /* An unused op in a region: not part of the region's term; kept
       * aside so that export can write it back. */
      if (*ndead == capDead) {
        capDead = capDead ? capDead * 2 : 4;
        AriTerm **nd = ariArenaAlloc(&im->s->arena, capDead * sizeof *nd);
        if (!nd)
          return ariTermFail(im->s, "out of memory (term store limit)") != NULL;
        if (*ndead)
          memcpy(nd, *dead, *ndead * sizeof *nd);
        *dead = nd;
      }
      (*dead)[(*ndead)++] = t;
    }
  }
  if (!top)
    return failAt(im, mlirBlockGetParentOperation(b), "a rise region must end with rise.yield",
                  NULL);
  return true;
}

bool ariTermImportFunc(AriTermStore *s, MlirOperation func, AriTermFunc *out,
                       MlirLocation *errLoc) {
  memset(out, 0, sizeof *out);
  Imp im = {0};
  im.s = s;
  bool ok = false;
  if (!riseOpIs(func, "func.func") || mlirOperationGetNumRegions(func) != 1) {
    ariTermFail(s, "not a func.func");
    im.errLoc = mlirOperationGetLocation(func);
    im.haveErrLoc = true;
    goto done;
  }
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry) || !mlirBlockIsNull(mlirBlockGetNextInRegion(entry))) {
    ariTermFail(s, "a function to import must have exactly one block");
    im.errLoc = mlirOperationGetLocation(func);
    im.haveErrLoc = true;
    goto done;
  }
  im.entry = entry;
  im.numArgs = (unsigned)mlirBlockGetNumArguments(entry);
  im.hints = ariArenaCalloc(&s->arena, sizeof *im.hints);
  if (!im.hints) {
    ariTermFail(s, "out of memory (term store limit)");
    goto done;
  }
  if (!importBlock(&im, entry, 0, 0, NULL, NULL, NULL))
    goto done;
  MlirAttribute name =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef nm = mlirAttributeIsAString(name) ? mlirStringAttrGetValue(name)
                                                  : mlirStringRefCreateFromCString("");
  out->name = ariArenaStrndup(&s->arena, nm.data, nm.length);
  out->numArgs = im.numArgs;
  out->numRoots = im.numRoots;
  out->roots = im.roots;
  out->hints = im.hints;
  im.hints->rootSeq = im.rootSeq;
  im.hints->numRootSeq = im.numRoots;
  ok = out->name != NULL;
  if (!ok)
    ariTermFail(s, "out of memory (term store limit)");
done:
  free(im.map);
  if (!ok && errLoc)
    *errLoc = im.haveErrLoc ? im.errLoc : mlirOperationGetLocation(func);
  return ok;
}

/*--- let-binding values the function body computes for its regions -------*/

typedef struct {
  const AriTerm *term;
  uint32_t seq;
} LetCand;

/* Flags per term id (ids are dense): visited outside / under a binder,
 * taken as a candidate. */
enum { SEEN_TOP = 1, SEEN_UNDER = 2, CANDIDATE = 4 };

typedef struct {
  const AriTermHints *hints;
  uint8_t *flags;
  LetCand *cands;
  size_t n, cap;
  bool oom;
} LetScan;

static bool isLeafKind(AriTermKind k) {
  return k == ARI_TERM_VAR || k == ARI_TERM_ARG || k == ARI_TERM_IN || k == ARI_TERM_CONST ||
         k == ARI_TERM_LITERAL || k == ARI_TERM_LAM;
}

/* Finds the closed non-leaf data terms under a binder that the function
 * body defined (a hint at depth 0). Recursion is bounded by the nesting
 * limit import enforced. */
static void letScan(LetScan *sc, const AriTerm *t, bool under) {
  uint8_t *f = &sc->flags[ariTermId(t)];
  uint8_t seen = under ? SEEN_UNDER : SEEN_TOP;
  if (sc->oom || (*f & seen))
    return;
  *f |= seen;
  uint32_t seq;
  if (under && !(*f & CANDIDATE) && !isLeafKind(ariTermKind(t)) && ariTermIsClosed(t) &&
      ariTypeIsData(ariTermType(t)) && ariTermHintAt(sc->hints, t, 0, 0, &seq)) {
    if (sc->n == sc->cap) {
      size_t nc = sc->cap ? sc->cap * 2 : 16;
      LetCand *nn = realloc(sc->cands, nc * sizeof *nn);
      if (!nn) {
        sc->oom = true;
        return;
      }
      sc->cands = nn;
      sc->cap = nc;
    }
    *f |= CANDIDATE;
    sc->cands[sc->n++] = (LetCand){t, seq};
  }
  bool lam = ariTermKind(t) == ARI_TERM_LAM;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i)
    letScan(sc, ariTermKid(t, i), under || lam);
}

static int cmpCandSeq(const void *a, const void *b) {
  uint32_t x = ((const LetCand *)a)->seq, y = ((const LetCand *)b)->seq;
  return x < y ? 1 : x > y ? -1 : 0; /* last defined first */
}

int ariTermFuncBindLets(AriTermStore *s, AriTermFunc *f) {
  int bound = 0;
  for (unsigned r = 0; r < f->numRoots; ++r) {
    LetScan sc = {.hints = f->hints, .flags = calloc(ariTermStoreNumTerms(s), 1)};
    AriTerm *root = f->roots[r].value;
    bool noMem = !sc.flags;
    if (!noMem)
      letScan(&sc, root, false);
    free(sc.flags);
    if (noMem || sc.oom) {
      free(sc.cands);
      ariTermFail(s, "out of memory");
      return -1;
    }
    if (sc.n > 1) /* qsort's array may not be NULL, even when empty */
      qsort(sc.cands, sc.n, sizeof *sc.cands, cmpCandSeq);
    for (size_t i = 0; i < sc.n && root; ++i) {
      AriTerm *x = (AriTerm *)sc.cands[i].term;
      AriTerm *body = ariTermAbstract(s, root, x);
      AriTerm *lam = body ? ariTermLam(s, ariTermType(x), body) : NULL;
      root = lam ? ariTermApp(s, lam, x) : NULL;
      bound++;
    }
    free(sc.cands);
    if (!root)
      return -1;
    f->roots[r].value = root;
  }
  return bound;
}
