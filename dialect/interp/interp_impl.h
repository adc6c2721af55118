/*===- interp_impl.h - the interpreter's compiled form (internal) ---------===*\
 *
 * ariInterpRun first compiles a func.func into a tree of Nodes and then
 * executes the tree; nothing of MLIR is consulted while executing except
 * to report an error at an op's location.
 *
 * Values. Every rise value of data type T is a flat byte blob of size(T):
 * a scalar is its host size (i1 one byte, index eight), vector<m x s> is m
 * scalars, pair<a, b> is a then b, and n.t is n blobs of t, so nested
 * arrays are row-major. split, join, as_vector, as_scalar, to_mem and fst
 * therefore cost nothing, and element i of an array is at i * size(t).
 * Scalars are read and written with memcpy because a pair may leave them
 * unaligned.
 *
 * Slots. Every SSA value of the function has a slot holding a pointer to
 * its blob. Regions have no recursion, so each value has at most one live
 * instance at a time; a node that materialises its result therefore owns
 * one buffer for it (Node.store), allocated once at compile time and
 * overwritten by each execution. Memory is thus bounded by the program
 * text, however many iterations a map runs. Values only cross iterations
 * through a reduce's accumulator, which is copied (memmove) into the
 * reduce's own buffer after every step, so no buffer is overwritten while
 * something still reads it.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_DIALECT_INTERP_IMPL_H
#define ARIADNE_DIALECT_INTERP_IMPL_H

#include "ariadne-c/Interp.h"
#include "ariadne-c/Work.h"
#include "utils/arena.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/*--- Layouts -------------------------------------------------------------*/

typedef enum InterpLayKind { LAY_SCALAR, LAY_VECTOR, LAY_PAIR, LAY_ARRAY } InterpLayKind;

typedef struct InterpLay {
  InterpLayKind kind;
  AriScalarKind scalar;          /* scalar and vector: the element scalar */
  int64_t n;                     /* vector lanes or array length; 1 for scalars */
  size_t size;                   /* bytes; SIZE_MAX when it does not fit */
  const struct InterpLay *elem;  /* array element; pair first component */
  const struct InterpLay *snd;   /* pair second component */
} InterpLay;

/*--- Nodes ---------------------------------------------------------------*/

typedef enum InterpNodeKind {
  NK_NOP,       /* constants and literals (filled at compile time), return, yield */
  NK_ALIAS,     /* result is the operand's blob: split, join, to_mem, as_*, fst */
  NK_SND,       /* result is the operand's blob at offset a */
  NK_SELECT,    /* scalar condition: result is one of the operands' blobs */
  NK_IN,
  NK_OUT,
  NK_MAP,
  NK_REDUCE,
  NK_ZIP,
  NK_UNZIP,
  NK_PAIR,
  NK_TRANSPOSE,
  NK_SLIDE,
  NK_PAD_CST,
  NK_PAD_CLAMP,
  NK_GENERATE,
  NK_IDX,
  NK_BROADCAST,
  NK_CBUF,
  NK_ROTATE,
  NK_KERNEL,
  NK_ELEM       /* an arith/math op, lane by lane; sub is an InterpElemOp */
} InterpNodeKind;

/* The elementwise arith and math ops. The groups matter: compile checks
 * operand kinds per group and the executor dispatches per group. */
typedef enum InterpElemOp {
  /* float binary */
  EO_ADDF, EO_SUBF, EO_MULF, EO_DIVF, EO_REMF, EO_MAXIMUMF, EO_MINIMUMF, EO_MAXNUMF,
  EO_MINNUMF, EO_POWF, EO_ATAN2, EO_COPYSIGN,
  /* float unary */
  EO_NEGF, EO_EXP, EO_EXP2, EO_EXPM1, EO_LOG, EO_LOG2, EO_LOG10, EO_LOG1P, EO_SQRT, EO_RSQRT,
  EO_SIN, EO_COS, EO_TAN, EO_TANH, EO_ATAN, EO_ERF, EO_CBRT, EO_ABSF, EO_FLOOR, EO_CEIL,
  EO_ROUND, EO_TRUNC, EO_ROUNDEVEN,
  /* float ternary, float compare */
  EO_FMA, EO_CMPF,
  /* integer binary */
  EO_ADDI, EO_SUBI, EO_MULI, EO_DIVSI, EO_DIVUI, EO_REMSI, EO_REMUI, EO_CEILDIVSI,
  EO_CEILDIVUI, EO_FLOORDIVSI, EO_ANDI, EO_ORI, EO_XORI, EO_SHLI, EO_SHRSI, EO_SHRUI,
  EO_MAXSI, EO_MINSI, EO_MAXUI, EO_MINUI,
  /* integer unary, integer compare */
  EO_ABSI, EO_CMPI,
  /* select with a vector condition */
  EO_SELECT,
  /* conversions */
  EO_INDEX_CAST, EO_INDEX_CASTUI, EO_SITOFP, EO_UITOFP, EO_FPTOSI, EO_FPTOUI, EO_EXTF,
  EO_TRUNCF, EO_EXTSI, EO_EXTUI, EO_TRUNCI, EO_BITCAST
} InterpElemOp;

#define EO_FIRST_FBIN EO_ADDF
#define EO_LAST_FBIN EO_COPYSIGN
#define EO_FIRST_FUN EO_NEGF
#define EO_LAST_FUN EO_ROUNDEVEN
#define EO_FIRST_IBIN EO_ADDI
#define EO_LAST_IBIN EO_MINUI
#define EO_FIRST_CAST EO_INDEX_CAST
#define EO_LAST_CAST EO_BITCAST

struct InterpBody;

typedef struct InterpNode {
  uint8_t kind;    /* InterpNodeKind */
  uint8_t sub;     /* InterpElemOp for NK_ELEM */
  uint8_t sk;      /* NK_ELEM: operand scalar kind */
  uint8_t osk;     /* NK_ELEM: result scalar kind */
  int32_t in[3];   /* operand slots */
  int32_t out[2];  /* result slots */
  int64_t trips;   /* region executions per execution (map, reduce, ...); lanes for NK_ELEM */
  int64_t a, b, c; /* op-specific sizes (see interp_compile.c) */
  size_t isz;      /* bytes of one input element */
  size_t osz;      /* bytes of one result element, or of the whole result */
  struct InterpBody *body;
  uint8_t *store;  /* the result blob (first result for unzip) */
  uint8_t *store2; /* unzip: second result; cbuf/rotate: loaded elements */
  int64_t flops, transcendentals, bytesRead, bytesWritten;
  MlirOperation op;
} InterpNode;

typedef struct InterpBody {
  InterpNode *nodes;
  int32_t n;
  int32_t nargs;
  int32_t arg[2];
  int32_t yield; /* slot of the rise.yield operand; -1 for the function body */
} InterpBody;

typedef struct InterpProg {
  InterpBody top;
  int32_t nslots;
  uint8_t **val; /* slot -> blob; blobs of materialising nodes preset */
} InterpProg;

/*--- Compile and execute -------------------------------------------------*/

/* Compiles `func` for arguments `args` (their data pointers are bound to
 * the argument slots). Diagnoses every unsupported op and type and every
 * allocation beyond the arena's limit; returns false after any. */
bool interpCompile(MlirOperation func, AriHostArg *args, intptr_t nargs, AriArena *arena,
                   InterpProg *prog);

typedef struct InterpExec {
  uint8_t **val;
  int64_t ops, maxOps;
  AriInterpCounters cnt;
} InterpExec;

/* Executes the function body; false after an error diagnostic. */
bool interpExecute(InterpExec *x, const InterpProg *prog);

/* One NK_ELEM node over all its lanes; false after an error diagnostic. */
bool interpElem(InterpExec *x, const InterpNode *n);

/* Emits "'op.name' <message>" at n's op. Always returns false. */
bool interpFail(const InterpNode *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*--- Scalars in blobs ----------------------------------------------------*/

static inline float interpLdF32(const uint8_t *p) {
  float v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline double interpLdF64(const uint8_t *p) {
  double v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline void interpStF32(uint8_t *p, float v) { memcpy(p, &v, sizeof v); }
static inline void interpStF64(uint8_t *p, double v) { memcpy(p, &v, sizeof v); }

/* Bit width of an integer scalar kind (index is 64). */
static inline unsigned interpIntWidth(AriScalarKind k) {
  return k == ARI_SCALAR_I1 ? 1 : k == ARI_SCALAR_I32 ? 32 : 64;
}

/* An integer scalar zero-extended to 64 bits. */
static inline uint64_t interpLdU(const uint8_t *p, AriScalarKind k) {
  if (k == ARI_SCALAR_I1)
    return *p & 1u;
  if (k == ARI_SCALAR_I32) {
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  uint64_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* The signed reading of a zero-extended w-bit value (i1 true is -1). */
static inline int64_t interpSext(uint64_t u, unsigned w) {
  if (w == 1)
    return (u & 1) ? -1 : 0;
  if (w == 32)
    return (int32_t)(uint32_t)u;
  return (int64_t)u;
}

/* Stores the low bits of v as an integer scalar of kind k. */
static inline void interpStU(uint8_t *p, AriScalarKind k, uint64_t v) {
  if (k == ARI_SCALAR_I1) {
    *p = (uint8_t)(v & 1);
  } else if (k == ARI_SCALAR_I32) {
    uint32_t w = (uint32_t)v;
    memcpy(p, &w, sizeof w);
  } else {
    memcpy(p, &v, sizeof v);
  }
}

#endif /* ARIADNE_DIALECT_INTERP_IMPL_H */
