/*===- search/mlir/term_export.c - terms -> rise dialect -----------------------===*\
 *
 * Export runs in two phases.
 *
 * Plan: walk the roots and decide, for every term that needs an op, the
 * block it goes in. A term used inside nested regions may be placed in any
 * enclosing block that binds all of its free variables; the import hints
 * name the block depth it came from, otherwise it floats to the outermost
 * such block (see hoist()).
 * A (term, block) pair becomes one op however often it is used, so shared
 * values stay shared. Planning records dependencies between ops of the same
 * block: an op depends on its operands, and a region-holding op on every
 * outer-block value its region uses.
 *
 * Emit: per block, a topological order of the planned ops that prefers the
 * original program position (the hints), so an unchanged program comes back
 * in its own order. Regions are built before the op that owns them.
 *
\*===----------------------------------------------------------------------===*/

#include "search/term/term_impl.h"
#include "search/mlir/term_mlir.h"
#include "utils/hash.h"

#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

typedef struct Block Block;
typedef struct Node Node;

typedef enum { REF_NODE, REF_BARG, REF_FARG } RefKind;

typedef struct {
  RefKind kind;
  uint32_t index; /* result number / block argument / function argument */
  Node *node;
  Block *blk;
} Ref;

typedef struct {
  Node **v;
  unsigned n, cap;
} NodeVec;

struct Block {
  Block *parent;
  Node *owner;
  uint32_t level, depth, nparams, id;
  const AriType *ptypes[3];
  NodeVec nodes;
  Ref yield;
  MlirBlock mb;
};

enum { NODE_TERM, NODE_OUT };

struct Node {
  int what; /* NODE_* */
  AriTerm *t;
  Block *blk;
  uint32_t seq, order, outArg;
  NodeVec users; /* nodes of the same block that need this one first */
  unsigned indeg;
  Ref ops[8];
  unsigned nops;
  Block *region;
  MlirOperation op;
};

typedef struct {
  AriTermStore *s;
  AriArena tmp;
  const AriTermHints *hints;
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock entry;
  unsigned numArgs;
  /* memo (term id, block id) -> node */
  uint64_t *mkeys;
  Node **mvals;
  size_t mcap, mcount;
  uint32_t nextBlock, nextOrder;
  unsigned nest; /* planning recursion depth */
  bool failed;
} Exp;

static void *efail(Exp *e, const char *msg) {
  e->failed = true;
  ariTermFail(e->s, "export: %s", msg);
  return NULL;
}

static bool vecPush(Exp *e, NodeVec *v, Node *n) {
  if (v->n == v->cap) {
    unsigned ncap = v->cap ? v->cap * 2 : 4;
    Node **nv = ariArenaAlloc(&e->tmp, ncap * sizeof *nv);
    if (!nv)
      return efail(e, "out of memory") != NULL;
    if (v->n)
      memcpy(nv, v->v, v->n * sizeof *nv);
    v->v = nv;
    v->cap = ncap;
  }
  v->v[v->n++] = n;
  return true;
}

/*--- memo ----------------------------------------------------------------*/

static size_t mslot(uint64_t k, size_t cap) {
  return (size_t)ariHashMix64(k) & (cap - 1);
}

static Node *memoFind(Exp *e, const AriTerm *t, const Block *b) {
  if (!e->mcap)
    return NULL;
  uint64_t k = (uint64_t)t->id << 32 | b->id;
  for (size_t i = mslot(k, e->mcap); e->mvals[i]; i = (i + 1) & (e->mcap - 1))
    if (e->mkeys[i] == k)
      return e->mvals[i];
  return NULL;
}

static bool memoAdd(Exp *e, const AriTerm *t, const Block *b, Node *n) {
  if ((e->mcount + 1) * 2 > e->mcap) {
    size_t ncap = e->mcap ? e->mcap * 2 : 256;
    uint64_t *nk = calloc(ncap, sizeof *nk);
    Node **nv = calloc(ncap, sizeof *nv);
    if (!nk || !nv) {
      free(nk);
      free(nv);
      return efail(e, "out of memory") != NULL;
    }
    for (size_t i = 0; i < e->mcap; ++i) {
      if (!e->mvals[i])
        continue;
      size_t j = mslot(e->mkeys[i], ncap);
      while (nv[j])
        j = (j + 1) & (ncap - 1);
      nk[j] = e->mkeys[i];
      nv[j] = e->mvals[i];
    }
    free(e->mkeys);
    free(e->mvals);
    e->mkeys = nk;
    e->mvals = nv;
    e->mcap = ncap;
  }
  uint64_t k = (uint64_t)t->id << 32 | b->id;
  size_t i = mslot(k, e->mcap);
  while (e->mvals[i])
    i = (i + 1) & (e->mcap - 1);
  e->mkeys[i] = k;
  e->mvals[i] = n;
  e->mcount++;
  return true;
}

/*--- planning ------------------------------------------------------------*/

static Block *newBlock(Exp *e, Block *parent, Node *owner, uint32_t nparams) {
  Block *b = ariArenaCalloc(&e->tmp, sizeof *b);
  if (!b)
    return efail(e, "out of memory");
  b->parent = parent;
  b->owner = owner;
  b->nparams = nparams;
  b->level = (parent ? parent->level : 0) + nparams;
  b->depth = parent ? parent->depth + 1 : 0;
  b->id = e->nextBlock++;
  return b;
}

/* Records that `user` (in block u; NULL for a yield) needs node n. */
static bool addUse(Exp *e, Block *u, Node *user, Node *n) {
  Node *from = user;
  if (n->blk != u) {
    Block *b = u;
    while (b && b->parent != n->blk)
      b = b->parent;
    if (!b)
      return efail(e, "internal error: a value placed outside its users' scope") != NULL;
    from = b->owner;
  }
  if (!from)
    return true;
  from->indeg++;
  return vecPush(e, &n->users, from);
}

static Node *planNode(Exp *e, AriTerm *t, Block *u, Node *user);
static bool planValue(Exp *e, AriTerm *t, Block *u, Node *user, Ref *out);

/* Whether export may move t out of the block where it is used. Storage
 * and streaming ops stay put: where a private/local buffer, a ring or a
 * kernel launch stands is a schedule decision (per-thread buffers, the
 * loop a ring streams in). A `to_mem global` is loop-invariant storage,
 * and every other term is a pure value. */
static bool floatable(const AriTerm *t) {
  switch ((AriTermKind)t->kind) {
  case ARI_TERM_TO_MEM:
    return termAttrs(t)[0] == ARI_ADDR_GLOBAL;
  case ARI_TERM_CIRCULAR_BUFFER:
  case ARI_TERM_ROTATE_VALUES:
  case ARI_TERM_KERNEL:
    return false;
  default:
    return true;
  }
}

/* Whether values may float out of region block b: not out of a kernel,
 * whose code and stores belong to the device, nor out of a GPU map, whose
 * body every work item runs anyway. */
static bool floatsOut(const Block *b) {
  const AriTerm *o = b->owner ? b->owner->t : NULL;
  if (!o)
    return true;
  if (o->kind == ARI_TERM_KERNEL)
    return false;
  AriPatternKind k = o->kind == ARI_TERM_MAP ? ariTermPatternKind(o) : ARI_PAT_NONE;
  return k != ARI_PAT_GLOBAL && k != ARI_PAT_WORKGROUP && k != ARI_PAT_LOCAL;
}

/* Where a term that the import did not place goes: let-floating. A value
 * is computed where its op stands, so every term a rewrite made goes up to
 * the outermost block that binds all of its free variables, and uses of it
 * from several inner blocks share that one op (planning memoises by term
 * and block). Without this, a rewrite that only fuses can multiply work:
 * reduceMapFusion on a softmax leaves the row's sum inside the per-element
 * map, recomputed for every element (issue 13's 64,000 -> 64,064,000
 * transcendentals). A `to_mem global` hoisted this way is the thesis's
 * final let-hoisting (Listing C.16): B packed once, not once per row
 * block. One the input placed stays where it was (its hint wins). */
static Block *hoist(Exp *e, AriTerm *t, Block *u, AriTerm **tAt) {
  if (!floatable(t))
    return u;
  Block *to = u;
  for (Block *b = u; b->parent; b = b->parent) {
    if (!floatsOut(b))
      break;
    if (t->maxFree >= 0 && (int64_t)t->minFree < (int64_t)(u->level - b->parent->level))
      break;
    to = b->parent;
  }
  if (to != u && !(*tAt = ariTermShift(e->s, t, -(int32_t)(u->level - to->level), 0)))
    return efail(e, "internal error while placing a term");
  return to;
}

/* The block in u's chain where t goes, and t relative to that block. */
static Block *place(Exp *e, AriTerm *t, Block *u, AriTerm **tAt) {
  *tAt = t;
  if (t->kind == ARI_TERM_IN) {
    /* memory is only read at the function boundary */
    while (u->parent)
      u = u->parent;
    return u;
  }
  if (!e->hints)
    return hoist(e, t, u, tAt);
  for (Block *b = u; b; b = b->parent) {
    uint32_t shift = u->level - b->level;
    if (t->maxFree >= 0 && (int64_t)t->minFree < (int64_t)shift)
      break; /* b no longer binds every free variable of t */
    AriTerm *tb = ariTermShift(e->s, t, -(int32_t)shift, 0);
    if (!tb)
      return efail(e, "internal error while placing a term");
    uint32_t seq;
    if (ariTermHintAt(e->hints, tb, b->depth, 0, &seq)) {
      *tAt = tb;
      return b;
    }
  }
  return hoist(e, t, u, tAt);
}

/* Ops with two results, whose FST/SND are the results. */
static bool twoResults(const AriTerm *t) {
  return t->kind == ARI_TERM_UNZIP || (t->kind == ARI_TERM_OP && t->nattrs == 1);
}

/* Plans the unused ops that the import saw in the region of function term
 * `key`, so that an unchanged region comes back whole. */
static bool planDead(Exp *e, const AriTerm *key, Block *r) {
  const AriTermHints *h = e->hints;
  for (unsigned i = 0; h && i < h->numDead; ++i)
    if (h->dead[i].key == key)
      for (unsigned j = 0; j < h->dead[i].n; ++j) {
        AriTerm *d = h->dead[i].terms[j];
        if (twoResults(d) ? !planNode(e, d, r, NULL) : !planValue(e, d, r, NULL, &(Ref){0}))
          return false;
      }
  return true;
}

static bool planValue(Exp *e, AriTerm *t, Block *u, Node *user, Ref *out) {
  if (!t)
    return false;
  switch ((AriTermKind)t->kind) {
  case ARI_TERM_VAR: {
    if (t->type->kind == ARI_TYPE_FUN)
      return efail(e, "a function-typed variable cannot become an MLIR value") != NULL;
    int64_t lvl = (int64_t)u->level - termAttrs(t)[0];
    if (lvl <= 0)
      return efail(e, "a free variable escapes the function") != NULL;
    for (Block *b = u; b; b = b->parent)
      if ((int64_t)(b->level - b->nparams) < lvl && lvl <= (int64_t)b->level) {
        *out = (Ref){REF_BARG, (uint32_t)(lvl - (b->level - b->nparams) - 1), NULL, b};
        return true;
      }
    return efail(e, "internal error: variable without a binder") != NULL;
  }
  case ARI_TERM_ARG: {
    uint32_t k = (uint32_t)termAttrs(t)[0];
    if (k >= e->numArgs)
      return efail(e, "an ARG leaf names a missing function argument") != NULL;
    MlirType at = mlirValueGetType(mlirBlockGetArgument(e->entry, k));
    if (mlirTypeIsAMemRef(at))
      return efail(e, "an ARG leaf names a memref argument (memrefs are read with IN)") != NULL;
    if (ariTypeFromMlir(e->s, at) != t->type)
      return efail(e, "an ARG leaf's type differs from the function argument's") != NULL;
    *out = (Ref){REF_FARG, k, NULL, NULL};
    return true;
  }
  case ARI_TERM_LAM:
  case ARI_TERM_APP:
    return efail(e, "a function value (lambda or unreduced application) where data is "
                    "expected") != NULL;
  case ARI_TERM_UNZIP:
  case ARI_TERM_OP:
    if (t->kind == ARI_TERM_OP && t->nattrs == 0)
      break;
    /* Used as one pair value: rebuild the pair from the op's two results. */
    return planValue(e, ariTermPair(e->s, ariTermFst(e->s, t), ariTermSnd(e->s, t)), u, user,
                     out);
  case ARI_TERM_FST:
  case ARI_TERM_SND:
    if (twoResults(t->kids[0])) {
      Node *n = planNode(e, t->kids[0], u, user);
      if (!n)
        return false;
      *out = (Ref){REF_NODE, t->kind == ARI_TERM_FST ? 0 : 1, n, NULL};
      return true;
    }
    break;
  default:
    break;
  }
  Node *n = planNode(e, t, u, user);
  if (!n)
    return false;
  *out = (Ref){REF_NODE, 0, n, NULL};
  return true;
}

/* Plans the region of a function child f with nparams parameters. */
static bool planRegion(Exp *e, Node *n, AriTerm *f, unsigned nparams) {
  Block *r = newBlock(e, n->blk, n, nparams);
  if (!r)
    return false;
  AriTerm *body = f;
  for (unsigned i = 0; i < nparams; ++i) {
    if (!body)
      return false;
    if (body->kind != ARI_TERM_LAM) {
      if (body->type->kind != ARI_TYPE_FUN)
        return efail(e, "a pattern's function argument is not a function") != NULL;
      /* eta-expand: f  ~>  lam x. f x, then reduce. */
      const AriType *p = body->type->a;
      AriTerm *app = ariTermApp(e->s, ariTermShift(e->s, body, 1, 0), ariTermVar(e->s, 0, p));
      body = ariTermLam(e->s, p, ariTermBetaNormalize(e->s, app));
      if (!body)
        return efail(e, "cannot eta-expand a function argument") != NULL;
    }
    r->ptypes[i] = body->type->a;
    body = body->kids[0];
  }
  n->region = r;
  return planValue(e, body, r, NULL, &r->yield) && planDead(e, f, r);
}

static Node *planNode2(Exp *e, AriTerm *t0, Block *u, Node *user);

static Node *planNode(Exp *e, AriTerm *t0, Block *u, Node *user) {
  if (e->nest >= kMaxWalkDepth)
    return efail(e, "term nested too deeply");
  e->nest++;
  Node *n = planNode2(e, t0, u, user);
  e->nest--;
  return n;
}

static Node *planNode2(Exp *e, AriTerm *t0, Block *u, Node *user) {
  AriTerm *t;
  Block *p = place(e, t0, u, &t);
  if (!p)
    return NULL;
  Node *n = memoFind(e, t, p);
  if (n)
    return addUse(e, u, user, n) ? n : NULL;
  n = ariArenaCalloc(&e->tmp, sizeof *n);
  if (!n)
    return efail(e, "out of memory");
  n->what = NODE_TERM;
  n->t = t;
  n->blk = p;
  n->order = e->nextOrder++;
  /* Order by the definition that lies after the op owning this block (a
   * sibling region's copy of the term has an unrelated position). In a
   * block whose owner is new, positions mean nothing: creation order. */
  uint32_t after = p->owner ? p->owner->seq : 0;
  if (after == UINT32_MAX || !ariTermHintAt(e->hints, t, p->depth, after, &n->seq))
    n->seq = UINT32_MAX;
  if (!memoAdd(e, t, p, n) || !vecPush(e, &p->nodes, n))
    return NULL;
  switch ((AriTermKind)t->kind) {
  case ARI_TERM_MAP:
    if (!planRegion(e, n, t->kids[0], 1) || !planValue(e, t->kids[1], p, n, &n->ops[0]))
      return NULL;
    n->nops = 1;
    break;
  case ARI_TERM_REDUCE:
    if (!planRegion(e, n, t->kids[0], 2) || !planValue(e, t->kids[1], p, n, &n->ops[0]) ||
        !planValue(e, t->kids[2], p, n, &n->ops[1]))
      return NULL;
    n->nops = 2;
    break;
  case ARI_TERM_GENERATE:
    if (!planRegion(e, n, t->kids[0], 1))
      return NULL;
    break;
  case ARI_TERM_CIRCULAR_BUFFER:
  case ARI_TERM_ROTATE_VALUES:
    if (!planRegion(e, n, t->kids[0], 1) || !planValue(e, t->kids[1], p, n, &n->ops[0]))
      return NULL;
    n->nops = 1;
    break;
  case ARI_TERM_KERNEL: {
    Block *r = newBlock(e, p, n, 0);
    if (!r)
      return NULL;
    n->region = r;
    if (!planValue(e, t->kids[0], r, NULL, &r->yield) || !planDead(e, t->kids[0], r))
      return NULL;
    break;
  }
  case ARI_TERM_OP:
    if (t->nkids > 8)
      return efail(e, "ops with more than 8 operands are not exported");
    /* fall through */
  default:
    for (unsigned i = 0; i < t->nkids; ++i)
      if (!planValue(e, t->kids[i], p, n, &n->ops[i]))
        return NULL;
    n->nops = t->nkids;
    break;
  }
  return addUse(e, u, user, n) ? n : NULL;
}

/*--- emission ------------------------------------------------------------*/

static MlirValue refValue(Exp *e, const Ref *r) {
  switch (r->kind) {
  case REF_NODE:
    return mlirOperationGetResult(r->node->op, r->index);
  case REF_BARG:
    return mlirBlockGetArgument(r->blk->mb, r->index);
  case REF_FARG:
    break;
  }
  return mlirBlockGetArgument(e->entry, r->index);
}

static MlirNamedAttribute named(Exp *e, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(e->ctx, mlirStringRefCreateFromCString(name)), a);
}

static MlirAttribute i64(Exp *e, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(e->ctx, 64), v);
}

static bool emitBlock(Exp *e, Block *b, MlirOperation anchor, MlirOperation **made,
                      unsigned *nmade);

static MlirType memrefOf(MlirContext ctx, const AriType *t) {
  int64_t shape[64];
  intptr_t rank = 0;
  while (ariTypeKind(t) == ARI_TYPE_ARRAY && rank < 64) {
    shape[rank++] = ariTypeSize(t);
    t = ariTypeElem(t);
  }
  return mlirMemRefTypeContiguousGet(ariTypeToMlir(ctx, t), rank, shape, mlirAttributeGetNull());
}

static MlirRegion buildRegion(Exp *e, Block *r) {
  MlirType types[3];
  MlirLocation locs[3];
  for (unsigned i = 0; i < r->nparams; ++i) {
    types[i] = ariTypeToMlir(e->ctx, r->ptypes[i]);
    locs[i] = e->loc;
  }
  r->mb = mlirBlockCreate(r->nparams, types, locs);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, r->mb);
  if (!emitBlock(e, r, (MlirOperation){NULL}, NULL, NULL)) {
    mlirRegionDestroy(region);
    return (MlirRegion){NULL};
  }
  MlirValue y = refValue(e, &r->yield);
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString(riseOpKindName(RISE_OP_YIELD)), e->loc);
  mlirOperationStateAddOperands(&st, 1, &y);
  mlirBlockAppendOwnedOperation(r->mb, mlirOperationCreate(&st));
  return region;
}

/* The rise op that a term of each kind becomes; RISE_OP_NONE for the
 * kinds that are no op (variables, lambdas, applications, arguments) and
 * for CONST and OP, which name their arith or math op themselves. */
static const RiseOpKind kTermOp[ARI_TERM_NUM_KINDS] = {
    [ARI_TERM_IN] = RISE_OP_IN,
    [ARI_TERM_LITERAL] = RISE_OP_LITERAL,
    [ARI_TERM_MAP] = RISE_OP_MAP,
    [ARI_TERM_REDUCE] = RISE_OP_REDUCE,
    [ARI_TERM_ZIP] = RISE_OP_ZIP,
    [ARI_TERM_UNZIP] = RISE_OP_UNZIP,
    [ARI_TERM_PAIR] = RISE_OP_PAIR,
    [ARI_TERM_FST] = RISE_OP_FST,
    [ARI_TERM_SND] = RISE_OP_SND,
    [ARI_TERM_SPLIT] = RISE_OP_SPLIT,
    [ARI_TERM_JOIN] = RISE_OP_JOIN,
    [ARI_TERM_TRANSPOSE] = RISE_OP_TRANSPOSE,
    [ARI_TERM_SLIDE] = RISE_OP_SLIDE,
    [ARI_TERM_PAD_CST] = RISE_OP_PAD_CST,
    [ARI_TERM_PAD_CLAMP] = RISE_OP_PAD_CLAMP,
    [ARI_TERM_GENERATE] = RISE_OP_GENERATE,
    [ARI_TERM_IDX] = RISE_OP_IDX,
    [ARI_TERM_TO_MEM] = RISE_OP_TO_MEM,
    [ARI_TERM_AS_VECTOR] = RISE_OP_AS_VECTOR,
    [ARI_TERM_AS_SCALAR] = RISE_OP_AS_SCALAR,
    [ARI_TERM_VECTOR_FROM_SCALAR] = RISE_OP_VECTOR_FROM_SCALAR,
    [ARI_TERM_CIRCULAR_BUFFER] = RISE_OP_CIRCULAR_BUFFER,
    [ARI_TERM_ROTATE_VALUES] = RISE_OP_ROTATE_VALUES,
    [ARI_TERM_KERNEL] = RISE_OP_KERNEL,
};

static MlirOperation emitNode(Exp *e, Node *n) {
  MlirValue operands[8];
  for (unsigned i = 0; i < n->nops; ++i)
    operands[i] = refValue(e, &n->ops[i]);
  if (n->what == NODE_OUT) {
    MlirValue ops[2] = {operands[0], mlirBlockGetArgument(e->entry, n->outArg)};
    MlirOperationState st =
        mlirOperationStateGet(mlirStringRefCreateFromCString(riseOpKindName(RISE_OP_OUT)), e->loc);
    mlirOperationStateAddOperands(&st, 2, ops);
    return mlirOperationCreate(&st);
  }
  const AriTerm *t = n->t;
  const int64_t *at = termAttrs(t);
  MlirNamedAttribute attrs[64];
  intptr_t na = 0;
  MlirType rtypes[2];
  intptr_t nr = 1;
  rtypes[0] = ariTypeToMlir(e->ctx, t->type);
  const char *opName = NULL;
  switch ((AriTermKind)t->kind) {
  case ARI_TERM_IN:
    operands[0] = mlirBlockGetArgument(e->entry, (intptr_t)at[0]);
    n->nops = 1;
    break;
  case ARI_TERM_CONST:
    opName = "arith.constant";
    attrs[na++] = named(e, "value", ariTypeIsFloat(t->type)
                                        ? mlirFloatAttrDoubleGet(e->ctx, rtypes[0],
                                                                 ariTermConstFloatValue(t))
                                        : mlirIntegerAttrGet(rtypes[0], at[0]));
    break;
  case ARI_TERM_OP: {
    opName = t->sym->str;
    if (t->nattrs == 1) {
      nr = 2;
      rtypes[0] = ariTypeToMlir(e->ctx, t->type->a);
      rtypes[1] = ariTypeToMlir(e->ctx, t->type->b);
    }
    if (t->sym2->len) {
      MlirAttribute d = mlirAttributeParseGet(
          e->ctx, mlirStringRefCreate(t->sym2->str, t->sym2->len));
      if (mlirAttributeIsNull(d) || !mlirAttributeIsADictionary(d) ||
          mlirDictionaryAttrGetNumElements(d) > 64) {
        efail(e, "an op's attribute text does not parse");
        return (MlirOperation){NULL};
      }
      for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(d); ++i)
        attrs[na++] = mlirDictionaryAttrGetElement(d, i);
    }
    break;
  }
  case ARI_TERM_LITERAL: {
    MlirAttribute v = mlirAttributeParseGet(e->ctx, mlirStringRefCreate(t->sym->str, t->sym->len));
    if (mlirAttributeIsNull(v)) {
      efail(e, "a literal's value does not parse");
      return (MlirOperation){NULL};
    }
    attrs[na++] = named(e, "value", v);
    break;
  }
  case ARI_TERM_MAP:
    if (at[0])
      attrs[na++] = named(e, "kind", mlirRisePatternKindAttrGet(e->ctx, (MlirRisePatternKind)at[0]));
    if (at[1] >= 0)
      attrs[na++] = named(e, "dim", mlirIntegerAttrGet(mlirIntegerTypeGet(e->ctx, 32), at[1]));
    break;
  case ARI_TERM_REDUCE:
    if (at[0])
      attrs[na++] = named(e, "kind", mlirRisePatternKindAttrGet(e->ctx, (MlirRisePatternKind)at[0]));
    break;
  case ARI_TERM_UNZIP:
    nr = 2;
    rtypes[0] = ariTypeToMlir(e->ctx, t->type->a);
    rtypes[1] = ariTypeToMlir(e->ctx, t->type->b);
    break;
  case ARI_TERM_SPLIT:
    attrs[na++] = named(e, "n", i64(e, at[0]));
    break;
  case ARI_TERM_SLIDE:
    attrs[na++] = named(e, "size", i64(e, at[0]));
    attrs[na++] = named(e, "step", i64(e, at[1]));
    break;
  case ARI_TERM_PAD_CST:
  case ARI_TERM_PAD_CLAMP:
    attrs[na++] = named(e, "left", i64(e, at[0]));
    attrs[na++] = named(e, "right", i64(e, at[1]));
    break;
  case ARI_TERM_TO_MEM:
    attrs[na++] = named(e, "addr", mlirRiseAddressSpaceAttrGet(e->ctx, (MlirRiseAddressSpace)at[0]));
    break;
  case ARI_TERM_AS_VECTOR:
    attrs[na++] = named(e, "width", i64(e, at[0]));
    break;
  case ARI_TERM_CIRCULAR_BUFFER:
    attrs[na++] = named(e, "addr", mlirRiseAddressSpaceAttrGet(e->ctx, (MlirRiseAddressSpace)at[0]));
    attrs[na++] = named(e, "alloc", i64(e, at[1]));
    attrs[na++] = named(e, "size", i64(e, at[2]));
    break;
  case ARI_TERM_ROTATE_VALUES:
    attrs[na++] = named(e, "addr", mlirRiseAddressSpaceAttrGet(e->ctx, (MlirRiseAddressSpace)at[0]));
    attrs[na++] = named(e, "size", i64(e, at[1]));
    break;
  case ARI_TERM_KERNEL: {
    unsigned r = t->nattrs / 2;
    attrs[na++] = named(e, "local", mlirDenseI64ArrayGet(e->ctx, r, at));
    attrs[na++] = named(e, "global", mlirDenseI64ArrayGet(e->ctx, r, at + r));
    break;
  }
  default:
    break;
  }
  if (!opName && t->kind < ARI_TERM_NUM_KINDS)
    opName = riseOpKindName(kTermOp[t->kind]);
  if (!opName) {
    efail(e, "internal error: a term kind that is no op");
    return (MlirOperation){NULL};
  }
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(opName), e->loc);
  mlirOperationStateAddOperands(&st, n->nops, operands);
  mlirOperationStateAddResults(&st, nr, rtypes);
  if (na)
    mlirOperationStateAddAttributes(&st, na, attrs);
  if (n->region) {
    MlirRegion r = buildRegion(e, n->region);
    if (mlirRegionIsNull(r))
      return (MlirOperation){NULL};
    mlirOperationStateAddOwnedRegions(&st, 1, &r);
  }
  MlirOperation op = mlirOperationCreate(&st);
  if (mlirOperationIsNull(op))
    efail(e, "MLIR refused to create an op");
  return op;
}

/* Min-heap of ready nodes by (seq, order). */
static bool before(const Node *a, const Node *b) {
  return a->seq != b->seq ? a->seq < b->seq : a->order < b->order;
}

static void heapPush(Node **h, unsigned *n, Node *x) {
  unsigned i = (*n)++;
  while (i > 0 && before(x, h[(i - 1) / 2])) {
    h[i] = h[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  h[i] = x;
}

static Node *heapPop(Node **h, unsigned *n) {
  Node *top = h[0], *x = h[--*n];
  unsigned i = 0;
  for (;;) {
    unsigned c = 2 * i + 1;
    if (c >= *n)
      break;
    if (c + 1 < *n && before(h[c + 1], h[c]))
      c++;
    if (!before(h[c], x))
      break;
    h[i] = h[c];
    i = c;
  }
  if (*n)
    h[i] = x;
  return top;
}

static bool emitBlock(Exp *e, Block *b, MlirOperation anchor, MlirOperation **made,
                      unsigned *nmade) {
  Node **heap = ariArenaAlloc(&e->tmp, (b->nodes.n + 1) * sizeof *heap);
  if (!heap)
    return efail(e, "out of memory") != NULL;
  unsigned nh = 0, done = 0;
  for (unsigned i = 0; i < b->nodes.n; ++i)
    if (b->nodes.v[i]->indeg == 0)
      heapPush(heap, &nh, b->nodes.v[i]);
  while (nh) {
    Node *n = heapPop(heap, &nh);
    n->op = emitNode(e, n);
    if (mlirOperationIsNull(n->op))
      return false;
    if (mlirOperationIsNull(anchor))
      mlirBlockAppendOwnedOperation(b->mb, n->op);
    else
      mlirBlockInsertOwnedOperationBefore(b->mb, anchor, n->op);
    if (made)
      (*made)[(*nmade)++] = n->op;
    done++;
    for (unsigned i = 0; i < n->users.n; ++i)
      if (--n->users.v[i]->indeg == 0)
        heapPush(heap, &nh, n->users.v[i]);
  }
  if (done != b->nodes.n)
    return efail(e, "internal error: cyclic dependencies") != NULL;
  return true;
}

/*--- drivers -------------------------------------------------------------*/

/* Plans f's roots into the top block; fills ret[] for return roots. */
static Block *planFunc(Exp *e, const AriTermFunc *f, Ref *ret, unsigned *nret) {
  Block *top = newBlock(e, NULL, NULL, 0);
  if (!top)
    return NULL;
  const AriTermHints *h = e->hints;
  bool seqOk = h && h->numRootSeq == f->numRoots;
  *nret = 0;
  for (unsigned i = 0; i < f->numRoots; ++i) {
    const AriTermRoot *r = &f->roots[i];
    AriTerm *v = ariTermBetaNormalize(e->s, r->value);
    if (!v)
      return efail(e, "a root could not be beta-normalised");
    if (!ariTermIsClosed(v))
      return efail(e, "a root has free variables");
    switch (r->kind) {
    case ARI_ROOT_OUT: {
      if (r->index >= e->numArgs)
        return efail(e, "rise.out names a missing function argument");
      Node *n = ariArenaCalloc(&e->tmp, sizeof *n);
      if (!n || !vecPush(e, &top->nodes, n))
        return efail(e, "out of memory");
      n->what = NODE_OUT;
      n->blk = top;
      n->outArg = r->index;
      n->order = e->nextOrder++;
      n->seq = seqOk ? h->rootSeq[i] : UINT32_MAX;
      n->nops = 1;
      if (!planValue(e, v, top, n, &n->ops[0]))
        return NULL;
      break;
    }
    case ARI_ROOT_KEEP:
      if (twoResults(v) ? !planNode(e, v, top, NULL)
                                    : !planValue(e, v, top, NULL, &(Ref){0}))
        return NULL;
      break;
    case ARI_ROOT_RETURN:
      if (*nret >= 64)
        return efail(e, "more than 64 returned values");
      if (!planValue(e, v, top, NULL, &ret[(*nret)++]))
        return NULL;
      break;
    }
  }
  return top;
}

static void expInit(Exp *e, AriTermStore *s, const AriTermFunc *f, MlirOperation func) {
  memset(e, 0, sizeof *e);
  e->s = s;
  ariArenaInit(&e->tmp, 0);
  e->hints = f->hints;
  e->ctx = mlirOperationGetContext(func);
  e->loc = mlirOperationGetLocation(func);
  e->entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  e->numArgs = (unsigned)mlirBlockGetNumArguments(e->entry);
}

static void expFree(Exp *e) {
  free(e->mkeys);
  free(e->mvals);
  ariArenaDestroy(&e->tmp);
}

/* Plans and emits f into e->entry before `anchor` (or at the end). */
static bool exportInto(Exp *e, const AriTermFunc *f, MlirOperation anchor) {
  Ref ret[64];
  unsigned nret = 0;
  Block *top = planFunc(e, f, ret, &nret);
  if (!top)
    return false;
  top->mb = e->entry;
  MlirOperation *made = malloc((top->nodes.n + 1) * sizeof *made);
  if (!made)
    return efail(e, "out of memory") != NULL;
  unsigned nmade = 0;
  bool ok = emitBlock(e, top, anchor, &made, &nmade);
  if (ok) {
    MlirValue vals[64];
    for (unsigned i = 0; i < nret; ++i)
      vals[i] = refValue(e, &ret[i]);
    MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("func.return"), e->loc);
    mlirOperationStateAddOperands(&st, nret, vals);
    MlirOperation r = mlirOperationCreate(&st);
    if (mlirOperationIsNull(anchor))
      mlirBlockAppendOwnedOperation(e->entry, r);
    else
      mlirBlockInsertOwnedOperationBefore(e->entry, anchor, r);
  } else {
    for (unsigned i = nmade; i-- > 0;)
      mlirOperationDestroy(made[i]);
  }
  free(made);
  return ok;
}

bool ariTermExportFunc(AriTermStore *s, const AriTermFunc *f, MlirOperation func,
                       MlirLocation *errLoc) {
  if (errLoc)
    *errLoc = mlirOperationGetLocation(func);
  if (mlirOperationGetNumRegions(func) != 1 ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)))) {
    ariTermFail(s, "export: the target is not a function with a body");
    return false;
  }
  Exp e;
  expInit(&e, s, f, func);
  /* Old ops, to erase once the new body is complete. */
  size_t nold = 0, capold = 64;
  MlirOperation *old = malloc(capold * sizeof *old);
  bool ok = old != NULL;
  for (MlirOperation op = mlirBlockGetFirstOperation(e.entry); ok && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (nold == capold) {
      MlirOperation *n = realloc(old, 2 * capold * sizeof *old);
      if (!n) {
        ok = false;
        break;
      }
      old = n;
      capold *= 2;
    }
    old[nold++] = op;
  }
  if (!ok)
    ariTermFail(s, "out of memory");
  ok = ok && exportInto(&e, f, nold ? old[0] : (MlirOperation){NULL});
  if (ok)
    for (size_t i = nold; i-- > 0;)
      mlirOperationDestroy(old[i]);
  free(old);
  expFree(&e);
  return ok;
}

/*--- a new function ------------------------------------------------------*/

typedef struct {
  AriTermStore *s;
  const AriType **argType; /* rise type of the value read/written */
  bool *isMem;
  unsigned n;
  uint8_t *seen; /* by term id */
  size_t nseen;
  bool bad;
} ArgScan;

static void scanArgs(ArgScan *a, const AriTerm *t, unsigned depth) {
  if (depth > kMaxWalkDepth) {
    a->bad = true;
    return;
  }
  if (t->id < a->nseen) {
    if (a->seen[t->id])
      return;
    a->seen[t->id] = 1;
  }
  if (t->kind == ARI_TERM_IN || t->kind == ARI_TERM_ARG) {
    uint32_t k = (uint32_t)termAttrs(t)[0];
    bool mem = t->kind == ARI_TERM_IN;
    if (k >= a->n || (a->argType[k] && (a->argType[k] != t->type || a->isMem[k] != mem))) {
      a->bad = true;
      return;
    }
    a->argType[k] = t->type;
    a->isMem[k] = mem;
  }
  for (unsigned i = 0; i < t->nkids; ++i)
    scanArgs(a, t->kids[i], depth + 1);
}

MlirOperation ariTermExportNewFunc(AriTermStore *s, const AriTermFunc *f, MlirContext ctx,
                                   MlirLocation loc, MlirLocation *errLoc) {
  if (errLoc)
    *errLoc = loc;
  MlirOperation none = {NULL};
  unsigned n = f->numArgs;
  ArgScan a = {s, calloc(n + 1, sizeof(AriType *)), calloc(n + 1, sizeof(bool)), n,
               calloc(ariTermStoreNumTerms(s) + 1, 1), ariTermStoreNumTerms(s), false};
  MlirType *types = calloc(n + 1, sizeof *types);
  MlirLocation *locs = calloc(n + 1, sizeof *locs);
  MlirOperation func = none;
  if (!a.argType || !a.isMem || !a.seen || !types || !locs) {
    ariTermFail(s, "out of memory");
    goto done;
  }
  for (unsigned i = 0; i < f->numRoots && !a.bad; ++i) {
    const AriTermRoot *r = &f->roots[i];
    scanArgs(&a, r->value, 0);
    if (r->kind == ARI_ROOT_OUT) {
      uint32_t k = r->index;
      if (k >= n || (a.argType[k] && (a.argType[k] != r->value->type || !a.isMem[k])))
        a.bad = true;
      else {
        a.argType[k] = r->value->type;
        a.isMem[k] = true;
      }
    }
  }
  /* unused region ops that export writes back may read arguments too */
  for (unsigned i = 0; f->hints && i < f->hints->numDead && !a.bad; ++i)
    for (unsigned j = 0; j < f->hints->dead[i].n; ++j)
      scanArgs(&a, f->hints->dead[i].terms[j], 0);
  if (a.bad) {
    ariTermFail(s, "export: an argument is out of range or used with two types");
    goto done;
  }
  MlirType results[64];
  unsigned nres = 0;
  for (unsigned i = 0; i < f->numRoots; ++i)
    if (f->roots[i].kind == ARI_ROOT_RETURN && nres < 64)
      results[nres++] = ariTypeToMlir(ctx, f->roots[i].value->type);
  for (unsigned k = 0; k < n; ++k) {
    if (!a.argType[k]) {
      ariTermFail(s, "export: function argument %u is not used, its type is unknown", k);
      goto done;
    }
    types[k] = a.isMem[k] ? memrefOf(ctx, a.argType[k]) : ariTypeToMlir(ctx, a.argType[k]);
    locs[k] = loc;
  }
  MlirBlock entry = mlirBlockCreate(n, types, locs);
  MlirRegion body = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(body, entry);
  MlirType ftype = mlirFunctionTypeGet(ctx, n, types, nres, results);
  MlirNamedAttribute attrs[2] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("sym_name")),
                            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(
                                                       f->name ? f->name : "f"))),
      mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("function_type")),
          mlirTypeAttrGet(ftype))};
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&st, 2, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &body);
  func = mlirOperationCreate(&st);
  if (mlirOperationIsNull(func)) {
    ariTermFail(s, "export: MLIR refused to create the function");
    goto done;
  }
  Exp e;
  expInit(&e, s, f, func);
  e.loc = loc;
  bool ok = exportInto(&e, f, none);
  expFree(&e);
  if (!ok) {
    mlirOperationDestroy(func);
    func = none;
  }
done:
  free(a.argType);
  free(a.isMem);
  free(a.seen);
  free(types);
  free(locs);
  return func;
}
