/*===- search/term/term.h - hash-consed RISE terms with De Bruijn lambdas ------===*\
 *
 * The term store is where search happens: every rise op (and every arith/math
 * scalar op inside a region) becomes an immutable, typed, hash-consed node.
 * Two terms are structurally equal exactly when their pointers (or ids) are
 * equal, so equality, hashing and memoisation are O(1).
 *
 * Shape of the language
 *   - Rise patterns are SATURATED nodes: `map f xs` is one MAP node with the
 *     children [f, xs]. Function arguments are terms of function type,
 *     normally LAM nodes.
 *   - Regions become curried single-argument lambdas with De Bruijn indices:
 *     `rise.map { ^bb0(%x: f32): ... }` is LAM(f32, body) and the body refers
 *     to %x as VAR 0; reduce's region (acc, x) is LAM(acc, LAM(x, body)), so
 *     inside it x is VAR 0 and acc is VAR 1. VAR i is the i-th enclosing
 *     binder counted from the innermost (0).
 *   - Values captured by a region from an enclosing scope are not variables:
 *     they are the captured term itself (shared by hash-consing).
 *   - APP applies a function term to an argument. The importer never makes
 *     APP; rules do (beta/eta) and the exporter beta-reduces them away.
 *   - Any arith/math (or other single-result, region-free) scalar op is an
 *     OP node: interned op name + operands + result type + its attribute
 *     dictionary as interned text (e.g. "{predicate = 2 : i64}"). Scalar
 *     int/index/float arith.constant is the dedicated CONST node so that
 *     rules can read its value.
 *   - Leaves at the function boundary: IN (a rise.in of function argument
 *     k) and ARG (function argument k used directly, e.g. a scalar).
 *
 * Types are hash-consed too (AriType, pointer equality) and every term
 * carries its type. Constructors type-check like dialect/lib/verify.c and
 * return NULL when ill-typed, with the reason in ariTermStoreError(); rules
 * use that as their type side condition. Every constructor also returns NULL
 * when given a NULL child (keeping the first error), so constructions can be
 * nested without checks in between.
 *
 * Free-variable information is computed once per node (min/max free index
 * and a bitmask of free indices < 64), so "is VAR i free in t" and "is t
 * closed" are O(1), and shifting or substituting into a term that has no
 * free index at or above the cutoff returns the term itself in O(1).
 *
 * Memory comes from the store's arenas. Terms made inside a scope
 * (ariTermStoreMark .. ariTermStoreRelease, below) are freed when it is
 * released; everything else (types, symbols, terms made outside any scope)
 * lives until ariTermStoreDestroy. There is no global state: one store per
 * thread. Terms from different stores must not be mixed.
 *
 * The bridge to MLIR (import of a func.func, export back) is in
 * search/mlir/term_mlir.h; this header is MLIR-free.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_TERM_H
#define ARIADNE_SEARCH_TERM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriTermStore AriTermStore;
typedef struct AriType AriType;
typedef struct AriTerm AriTerm;
typedef struct AriSym AriSym;

/*=== The store ==========================================================*/

/* An empty store whose arenas refuse to grow beyond `memLimit` bytes (0: no
 * limit); the limit covers terms, types, symbols and hints (both arenas
 * together), while the hash tables that index them (about 32 bytes per
 * term), the walks' memo tables and the scope log (8 bytes per term made
 * inside a scope) come on top. A construction over the limit returns NULL
 * with "out of memory". NULL when out of memory. */
AriTermStore *ariTermStoreCreate(size_t memLimit);

/* Frees every term, type and symbol of the store. NULL is a no-op. */
void ariTermStoreDestroy(AriTermStore *s);

/* The message of the first error since the last clear ("" if none), e.g.
 * "map: input must be an array, got f32". Constructors set it when they
 * return NULL. */
const char *ariTermStoreError(const AriTermStore *s);
void ariTermStoreClearError(AriTermStore *s);

/* Counts, for reports and benchmarks. NumTerms is the number of live
 * terms: their ids are 0 .. NumTerms-1. Bytes covers both arenas, the
 * hash tables and the scope bookkeeping. */
size_t ariTermStoreNumTerms(const AriTermStore *s);
size_t ariTermStoreNumTypes(const AriTermStore *s);
size_t ariTermStoreBytes(const AriTermStore *s);

/*=== Scopes: freeing temporary terms =====================================*/

/* A position in the store's term history to release back to. Compare only
 * through the functions below. */
typedef struct AriTermMark {
  const AriTermStore *store;
  uint64_t serial; /* 0: not a mark (taking it failed) */
} AriTermMark;

/* Opens a scope: every term made from now until the matching release is
 * freed by it, along with its hash-consing entry, so that constructing an
 * equal term afterwards makes a fresh node (never a dangling one). This
 * covers the terms that shifting, substitution, beta-normalisation,
 * parsing and rules make (their memo tables are per call and keep nothing
 * across calls). Not freed: types, symbols, function hints and roots,
 * strings from ariTermToString (all live until destroy), and the terms
 * that existed at the mark (equal terms made inside the scope are those
 * same nodes, so they survive). Scopes nest. On out of memory the mark's
 * serial is 0 and the error is set; releasing it is then an error. */
AriTermMark ariTermStoreMark(AriTermStore *s);

/* Frees every term made since m was taken and resets the term ids to
 * what they were then (ids are dense: a freed term's id is given to the
 * next new term). m must be the innermost live mark of this store; a mark
 * of another store, one already released, or one with a later mark still
 * live is refused: false, ariTermStoreError says why, nothing changes.
 * False also when out of memory (nothing changes either).
 *
 * After a release, every pointer to a freed term is dangling, and tables
 * keyed by term id must forget ids >= the mark's: see
 * ariTermStoreReleasedFrom. Terms from before the mark never point to
 * freed ones (terms are immutable and only point to older terms). */
bool ariTermStoreRelease(AriTermStore *s, AriTermMark m);

/* Live marks (nesting depth of scopes). */
unsigned ariTermStoreMarkDepth(const AriTermStore *s);

/* For side tables keyed by term id or pointer (e.g. an e-graph's
 * term -> e-class memo): Releases counts the releases so far; ReleasedFrom
 * gives the smallest term id that releases after the `since`-th may have
 * freed (every id from it on may now name another term, and pointers to
 * such terms may be dangling or reused), UINT32_MAX when there were none.
 * A table records Releases when it syncs and forgets ids >=
 * ReleasedFrom(since) the next time. Conservative after many releases
 * (may give a lower id than the exact one), never too high. O(1). */
uint64_t ariTermStoreReleases(const AriTermStore *s);
uint32_t ariTermStoreReleasedFrom(const AriTermStore *s, uint64_t since);

/*=== Interned strings ===================================================*/

/* The unique symbol for `len` bytes of `str` (need not be NUL-terminated);
 * NULL when out of memory. Equal strings give the same pointer. */
const AriSym *ariSymIntern(AriTermStore *s, const char *str, size_t len);
const AriSym *ariSymInternC(AriTermStore *s, const char *cstr);
const char *ariSymStr(const AriSym *y); /* NUL-terminated */
size_t ariSymLen(const AriSym *y);
uint32_t ariSymId(const AriSym *y); /* dense, from 0, per store */

/*=== Types ==============================================================*/

typedef enum AriTypeKind {
  ARI_TYPE_SCALAR, /* a builtin scalar: f32 f64 f16 bf16 i1..i64 index */
  ARI_TYPE_VECTOR, /* <m>t: a 1-D builtin vector of a scalar */
  ARI_TYPE_ARRAY,  /* n.t: !rise.array */
  ARI_TYPE_PAIR,   /* s x t: !rise.pair */
  ARI_TYPE_FUN     /* s -> t: only in the term store, never in memory */
} AriTypeKind;

/* A scalar by its MLIR spelling ("f32", "i32", "index", ...); NULL and an
 * error for anything else. */
const AriType *ariTypeScalar(AriTermStore *s, const char *name);
const AriType *ariTypeF32(AriTermStore *s);
const AriType *ariTypeF64(AriTermStore *s);
const AriType *ariTypeI1(AriTermStore *s);
const AriType *ariTypeI32(AriTermStore *s);
const AriType *ariTypeI64(AriTermStore *s);
const AriType *ariTypeIndex(AriTermStore *s); /* idx[n]; the bound is not kept */

/* <width>elem: elem must be a scalar, width > 0. */
const AriType *ariTypeVector(AriTermStore *s, int64_t width, const AriType *elem);
/* n.elem: n > 0, elem a data type (not a function). */
const AriType *ariTypeArray(AriTermStore *s, int64_t n, const AriType *elem);
/* first x second: both data types. */
const AriType *ariTypePair(AriTermStore *s, const AriType *first, const AriType *second);
/* param -> result. */
const AriType *ariTypeFun(AriTermStore *s, const AriType *param, const AriType *result);

AriTypeKind ariTypeKind(const AriType *t);
uint32_t ariTypeId(const AriType *t);        /* dense, from 0, per store */
int64_t ariTypeSize(const AriType *t);       /* array n / vector width; else 0 */
const AriType *ariTypeElem(const AriType *t);   /* array/vector element; else NULL */
const AriType *ariTypeFirst(const AriType *t);  /* pair first / fun param; else NULL */
const AriType *ariTypeSecond(const AriType *t); /* pair second / fun result; else NULL */
const char *ariTypeScalarName(const AriType *t); /* "f32"...; NULL if not scalar */
bool ariTypeIsFloat(const AriType *t);  /* float scalar */
bool ariTypeIsInt(const AriType *t);    /* integer scalar (not index) */
bool ariTypeIsIndexT(const AriType *t); /* index */
unsigned ariTypeBitWidth(const AriType *t); /* scalars; index counts as 64 */
bool ariTypeIsData(const AriType *t);       /* anything but a function type */
bool ariTypeHoldsArray(const AriType *t);   /* an array, or a pair with one inside */

/* Writes the RISE spelling: f32, <4>f32, 4.8.f32, (f32 x i32), (f32 -> f32).
 * snprintf-like: always NUL-terminates when cap > 0, returns the full
 * length. */
size_t ariTypePrint(const AriType *t, char *buf, size_t cap);

/*=== Term kinds and their attributes ====================================*/

/* Implementation choice of map/reduce; values match the dialect's enum
 * (MlirRisePatternKind). */
typedef enum AriPatternKind {
  ARI_PAT_NONE = 0, /* high-level */
  ARI_PAT_SEQ = 1,
  ARI_PAT_UNROLL = 2,
  ARI_PAT_PAR = 3,
  ARI_PAT_VEC = 4,
  ARI_PAT_GLOBAL = 5,
  ARI_PAT_WORKGROUP = 6,
  ARI_PAT_LOCAL = 7,
  ARI_PAT_STREAM = 8,
  ARI_PAT_ITERATE = 9
} AriPatternKind;

/* Address spaces; values match MlirRiseAddressSpace. */
typedef enum AriAddrSpace {
  ARI_ADDR_GLOBAL = 0,
  ARI_ADDR_LOCAL = 1,
  ARI_ADDR_PRIVATE = 2
} AriAddrSpace;

/* Node kinds. "kids" are children in order, "attrs" the int64 attributes in
 * order (ariTermAttr), "sym" the interned text (ariTermSym/ariTermSym2).
 * Types in brackets are how the result type is obtained. */
typedef enum AriTermKind {
  /* lambda calculus */
  ARI_TERM_VAR,   /* attrs [index]; [given] */
  ARI_TERM_LAM,   /* kids [body]; [param -> body.type], param given */
  ARI_TERM_APP,   /* kids [f, arg]; [result of f's fun type] */
  /* function boundary and scalars */
  ARI_TERM_ARG,   /* attrs [argIndex]; [given] function argument used directly */
  ARI_TERM_IN,    /* attrs [argIndex]; [given] rise.in of memref argument argIndex */
  ARI_TERM_CONST, /* attrs [bits]: int64 value, or the IEEE double's bits for
                     floats; [given scalar] arith.constant */
  ARI_TERM_OP,    /* sym op name, sym2 attribute dictionary text ("" if none);
                     kids operands; [given] any other region-free op. No attrs:
                     one result. attrs [2]: two results, typed as the pair of
                     their types (FST/SND of the node are the results) */
  ARI_TERM_LITERAL, /* sym the dense attribute text
                       ("dense<[1.0, 2.0]> : tensor<2xf32>"); [given array] */
  /* high-level patterns */
  ARI_TERM_MAP,       /* attrs [kind, dim]; kids [f, xs] (dim -1 unless GPU) */
  ARI_TERM_REDUCE,    /* attrs [kind]; kids [f, init, xs], f = LAM acc (LAM x ..) */
  ARI_TERM_ZIP,       /* kids [a, b] */
  ARI_TERM_UNZIP,     /* kids [xs]; [pair of arrays] (rise.unzip's 2 results
                         are FST/SND of it) */
  ARI_TERM_PAIR,      /* kids [a, b] */
  ARI_TERM_FST,       /* kids [p] */
  ARI_TERM_SND,       /* kids [p] */
  ARI_TERM_SPLIT,     /* attrs [n]; kids [xs] */
  ARI_TERM_JOIN,      /* kids [xs] */
  ARI_TERM_TRANSPOSE, /* kids [xs] */
  ARI_TERM_SLIDE,     /* attrs [size, step]; kids [xs] */
  ARI_TERM_PAD_CST,   /* attrs [left, right]; kids [xs, value] */
  ARI_TERM_PAD_CLAMP, /* attrs [left, right]; kids [xs] */
  ARI_TERM_GENERATE,  /* attrs [n]; kids [f], f : index -> t */
  ARI_TERM_IDX,       /* kids [xs, i] */
  /* low-level patterns */
  ARI_TERM_TO_MEM,             /* attrs [addr]; kids [x] */
  ARI_TERM_AS_VECTOR,          /* attrs [width]; kids [xs] */
  ARI_TERM_AS_SCALAR,          /* kids [xs] */
  ARI_TERM_VECTOR_FROM_SCALAR, /* attrs [width]; kids [x] */
  ARI_TERM_CIRCULAR_BUFFER,    /* attrs [addr, alloc, size]; kids [load, xs] */
  ARI_TERM_ROTATE_VALUES,      /* attrs [addr, size]; kids [write, xs] */
  ARI_TERM_KERNEL, /* attrs [local_0..local_{r-1}, global_0..global_{r-1}], r in
                      1..3; kids [body] (a plain term, not a lambda) */
  ARI_TERM_NUM_KINDS
} AriTermKind;

/* "map", "reduce", "var", ... (the S-expression head); "?" if out of range. */
const char *ariTermKindName(AriTermKind k);
/* The kind named `name` (as ariTermKindName); false if none. */
bool ariTermKindFromName(const char *name, AriTermKind *out);

/*=== The generic view (what rules and strategies traverse) ==============*/

AriTermKind ariTermKind(const AriTerm *t);
uint32_t ariTermId(const AriTerm *t);    /* dense, from 0: index side tables */
uint32_t ariTermHash(const AriTerm *t);  /* structural hash (stable per store) */
const AriType *ariTermType(const AriTerm *t);
unsigned ariTermNumKids(const AriTerm *t);
AriTerm *ariTermKid(const AriTerm *t, unsigned i);
unsigned ariTermNumAttrs(const AriTerm *t);
int64_t ariTermAttr(const AriTerm *t, unsigned i);
const AriSym *ariTermSym(const AriTerm *t);  /* OP name / LITERAL text; else NULL */
const AriSym *ariTermSym2(const AriTerm *t); /* OP attribute text; else NULL */
/* Nodes of the term as a tree (shared subterms counted each time),
 * saturating at UINT32_MAX. */
uint32_t ariTermTreeSize(const AriTerm *t);

/* Builds a node of any kind from its parts, type-checking it (see the kind
 * table). `type` is needed for the kinds marked [given] (for LAM it is the
 * parameter type) and ignored otherwise. syms may be NULL for kinds without
 * them. This is what parsers and generic rewriting use. */
AriTerm *ariTermMake(AriTermStore *s, AriTermKind kind, const int64_t *attrs, unsigned nattrs,
                     const AriSym *sym, const AriSym *sym2, AriTerm *const *kids,
                     unsigned nkids, const AriType *type);

/* `t` with its children replaced by kids[0..ariTermNumKids(t)) (same kind,
 * attributes and symbols), type-checked again; `t` itself when nothing
 * changed. For LAM the parameter type is kept; for [given] kinds the type is
 * kept. */
AriTerm *ariTermRebuild(AriTermStore *s, const AriTerm *t, AriTerm *const *kids);

/*=== Constructors per kind ==============================================*/

AriTerm *ariTermVar(AriTermStore *s, uint32_t index, const AriType *type);
AriTerm *ariTermLam(AriTermStore *s, const AriType *param, AriTerm *body);
AriTerm *ariTermApp(AriTermStore *s, AriTerm *f, AriTerm *arg);
AriTerm *ariTermArg(AriTermStore *s, uint32_t argIndex, const AriType *type);
AriTerm *ariTermIn(AriTermStore *s, uint32_t argIndex, const AriType *type);
/* type: an integer or index scalar (value truncated to its width is an
 * error if it does not fit) / a float scalar (f32 values are rounded to
 * float). */
AriTerm *ariTermConstInt(AriTermStore *s, const AriType *type, int64_t value);
AriTerm *ariTermConstFloat(AriTermStore *s, const AriType *type, double value);
/* Any single-result, region-free op: "arith.addf", "math.exp", ...
 * attrDict is the printed attribute dictionary ("{fastmath = ...}") or NULL
 * / "" for none. Operands must be data terms; the type is trusted. */
AriTerm *ariTermOp(AriTermStore *s, const char *name, const char *attrDict,
                   AriTerm *const *operands, unsigned n, const AriType *type);
/* denseText: the value attribute as MLIR prints it; type: the array type.
 * Printed as (literal TEXT : TYPE). */
AriTerm *ariTermLiteral(AriTermStore *s, const char *denseText, const AriType *type);

/* map: f : s -> t, xs : n.s (or <n>s with ARI_PAT_VEC); dim in 0..2 for
 * GLOBAL/WORKGROUP/LOCAL, else pass -1. */
AriTerm *ariTermMap(AriTermStore *s, AriPatternKind kind, int dim, AriTerm *f, AriTerm *xs);
/* reduce: kind NONE (f : t -> t -> t, init : t, xs : n.t), SEQ or UNROLL
 * (f : a -> t -> a, init : a). */
AriTerm *ariTermReduce(AriTermStore *s, AriPatternKind kind, AriTerm *f, AriTerm *init,
                       AriTerm *xs);
AriTerm *ariTermZip(AriTermStore *s, AriTerm *a, AriTerm *b);
AriTerm *ariTermUnzip(AriTermStore *s, AriTerm *xs);
AriTerm *ariTermPair(AriTermStore *s, AriTerm *a, AriTerm *b);
AriTerm *ariTermFst(AriTermStore *s, AriTerm *p);
AriTerm *ariTermSnd(AriTermStore *s, AriTerm *p);
AriTerm *ariTermSplit(AriTermStore *s, int64_t n, AriTerm *xs);
AriTerm *ariTermJoin(AriTermStore *s, AriTerm *xs);
AriTerm *ariTermTranspose(AriTermStore *s, AriTerm *xs);
AriTerm *ariTermSlide(AriTermStore *s, int64_t size, int64_t step, AriTerm *xs);
AriTerm *ariTermPadCst(AriTermStore *s, int64_t left, int64_t right, AriTerm *xs,
                       AriTerm *value);
AriTerm *ariTermPadClamp(AriTermStore *s, int64_t left, int64_t right, AriTerm *xs);
/* generate n f, f : index -> t, gives n.t. */
AriTerm *ariTermGenerate(AriTermStore *s, int64_t n, AriTerm *f);
AriTerm *ariTermIdx(AriTermStore *s, AriTerm *xs, AriTerm *i);
AriTerm *ariTermToMem(AriTermStore *s, AriAddrSpace addr, AriTerm *x);
AriTerm *ariTermAsVector(AriTermStore *s, int64_t width, AriTerm *xs);
AriTerm *ariTermAsScalar(AriTermStore *s, AriTerm *xs);
AriTerm *ariTermVectorFromScalar(AriTermStore *s, int64_t width, AriTerm *x);
/* circularBuffer addr alloc size load xs: load : s -> t, xs : (n+size-1).s,
 * gives n.size.t. */
AriTerm *ariTermCircularBuffer(AriTermStore *s, AriAddrSpace addr, int64_t alloc, int64_t size,
                               AriTerm *load, AriTerm *xs);
/* rotateValues addr size write xs: write must be the identity LAM(t, VAR 0). */
AriTerm *ariTermRotateValues(AriTermStore *s, AriAddrSpace addr, int64_t size, AriTerm *write,
                             AriTerm *xs);
/* kernel: rank 1..3 local and global sizes, each global a multiple of its
 * local; body a data term. */
AriTerm *ariTermKernel(AriTermStore *s, unsigned rank, const int64_t *local,
                       const int64_t *global, AriTerm *body);

/*=== Typed attribute accessors (0 / -1 when the kind does not have it) ==*/

uint32_t ariTermVarIndex(const AriTerm *t);  /* VAR */
uint32_t ariTermArgIndex(const AriTerm *t);  /* ARG, IN */
AriPatternKind ariTermPatternKind(const AriTerm *t); /* MAP, REDUCE */
int ariTermMapDim(const AriTerm *t);                 /* MAP: -1 unless GPU */
AriAddrSpace ariTermAddr(const AriTerm *t); /* TO_MEM, CIRCULAR_BUFFER, ROTATE_VALUES */
int64_t ariTermConstIntValue(const AriTerm *t);   /* CONST of int/index type */
double ariTermConstFloatValue(const AriTerm *t);  /* CONST of float type */
const AriType *ariTermLamParam(const AriTerm *t); /* LAM; else NULL */

/*=== De Bruijn: free indices, shifting, substitution ====================*/

/* Largest / smallest free index, -1 when closed. O(1). (Past 62 nested
 * binders the smallest is a lower bound.) */
int32_t ariTermMaxFree(const AriTerm *t);
int32_t ariTermMinFree(const AriTerm *t);
bool ariTermIsClosed(const AriTerm *t);
/* Bit i set iff VAR i occurs free, for i < 63; bit 63 means "some free
 * index >= 63". */
uint64_t ariTermFreeMask(const AriTerm *t);
/* Whether VAR i occurs free in t: O(1) for i < 63, else a walk. */
bool ariTermHasFree(const AriTerm *t, uint32_t i);

/* The walks below (and printing and export) refuse terms nested more than
 * 10000 levels deep with an error rather than risk the stack. */

/* Adds d to every free index >= cutoff (d may be negative; an index that
 * would go below cutoff is an error). O(1) when no such index exists;
 * otherwise linear in the DAG (memoised). NULL on error. */
AriTerm *ariTermShift(AriTermStore *s, AriTerm *t, int32_t d, uint32_t cutoff);

/* [j := v] t: replaces free VAR j by v (shifted under binders); other
 * indices are unchanged. v's type must equal the variable's. */
AriTerm *ariTermSubst(AriTermStore *s, AriTerm *t, uint32_t j, AriTerm *v);

/* The beta-reduct of APP(LAM(p, body), arg): body with VAR 0 := arg and
 * the other free indices lowered by one. `body` is the LAM's body. */
AriTerm *ariTermBeta(AriTermStore *s, AriTerm *body, AriTerm *arg);

/* The inverse of a beta step: the body of a new binder around the closed
 * term t in which every occurrence of the closed term x is the binder's
 * variable (VAR d under d inner binders), so that APP(LAM(type of x,
 * result), x) beta-reduces to t. Memoised over the DAG. NULL on error
 * (t or x not closed, nesting beyond the walk limit, out of memory). */
AriTerm *ariTermAbstract(AriTermStore *s, AriTerm *t, AriTerm *x);

/* Reduces every APP(LAM ..) redex, innermost first, until none is left
 * (terms are simply typed, so this terminates). Memoised over the DAG. */
AriTerm *ariTermBetaNormalize(AriTermStore *s, AriTerm *t);

/*=== Printing ===========================================================*/

enum {
  ARI_PRINT_TYPES = 1 /* also annotate every node with ": type" */
};

/* The term as an S-expression, e.g.
 *   (map par (lam f32 (arith.mulf %0 %0)) (in 0 : 4.f32))
 * VAR i prints as %i; LAM as (lam PARAM BODY); OP as (NAME {ATTRS}? KIDS..
 * : TYPE); CONST as (const 1.5 : f32); IN/ARG as (in K : T)/(arg K : T);
 * LITERAL as (literal TEXT : T); KERNEL as (kernel [LOCAL..] [GLOBAL..]
 * BODY); other nodes as (KIND ATTRS.. KIDS..) where map and reduce print
 * their kind word (omitted for high-level; GPU maps as global(DIM)) and
 * address spaces print as global/local/private. Shared subterms print each
 * time; beyond 10000 levels of nesting "..." is printed.
 * snprintf-like: always NUL-terminates when cap > 0; returns the full
 * length (saturating at SIZE_MAX). */
size_t ariTermPrint(const AriTerm *t, char *buf, size_t cap, unsigned flags);

/* As ariTermPrint, into a string of the store's arena (NULL on OOM). */
const char *ariTermToString(AriTermStore *s, const AriTerm *t, unsigned flags);

/* Parses what ariTermPrint writes (with or without ARI_PRINT_TYPES) back
 * into a term of this store; `len` bytes of `text`. A VAR bound by an
 * enclosing lam takes the lam's parameter type; a free VAR needs its type
 * written as %i:TYPE. Optional " : TYPE" annotations must match the type
 * inferred. Returns NULL with "parse: column N: ..." in ariTermStoreError
 * on malformed or ill-typed input (a NUL byte anywhere in the text
 * included). Types are written as ariTypePrint
 * writes them. */
AriTerm *ariTermParse(AriTermStore *s, const char *text, size_t len);
/* One type in ariTypePrint's notation; NULL with an error otherwise. */
const AriType *ariTypeParse(AriTermStore *s, const char *text, size_t len);

/*=== Function bodies ====================================================*/

/* What a function body computes: its roots, in original order. */
typedef enum AriRootKind {
  ARI_ROOT_OUT,    /* rise.out value -> memref argument `index` */
  ARI_ROOT_RETURN, /* operand `index` of the func.return */
  ARI_ROOT_KEEP    /* a top-level value nothing uses, kept for exactness */
} AriRootKind;

typedef struct AriTermRoot {
  AriRootKind kind;
  uint32_t index;
  AriTerm *value; /* a closed data term */
} AriTermRoot;

typedef struct AriTermHints AriTermHints; /* placement/order hints, see below */

typedef struct AriTermFunc {
  const char *name;   /* the func.func's symbol name */
  unsigned numArgs;
  unsigned numRoots;
  AriTermRoot *roots; /* from the store's arena; callers may replace values */
  /* Where each imported term was defined (block nesting depth and position)
   * and the unused ops of each region, so that export reproduces the
   * original placement and order (see search/mlir/term_mlir.h). Terms without a
   * hint (made by rewriting) go to the outermost block that binds their free
   * variables (let-floating; private/local storage, rings and kernels stay
   * in the block that uses them), after the hinted ops there. May be NULL
   * (then everything is placed that way). */
  AriTermHints *hints;
} AriTermFunc;

/* Prints all roots, one per line: "out 2 <- (map ...)". Same contract as
 * ariTermPrint. */
size_t ariTermFuncPrint(const AriTermFunc *f, char *buf, size_t cap, unsigned flags);

/* How many ops of the imported function were merged into an identical op
 * of the same block by hash-consing. Export cannot bring such duplicates
 * back (their uses all go to one op); with none, an unchanged function
 * comes back op for op. */
unsigned ariTermFuncMergedOps(const AriTermFunc *f);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_TERM_H */
