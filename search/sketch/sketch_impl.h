/*===- search/sketch/sketch_impl.h - sketch internals (sketch*.c only) -----------===*\
 *
 * The representation shared by the parser (sketch_parse.c) and the
 * matcher/printer (sketch.c). Not a public header.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_SKETCH_IMPL_H
#define ARIADNE_SEARCH_SKETCH_IMPL_H

#include "search/sketch/sketch.h"
#include "utils/arena.h"

typedef enum AriTypeSketchKind {
  ARI_TS_ANY,    /* ? */
  ARI_TS_EXACT,  /* a scalar type, compared by pointer */
  ARI_TS_VECTOR, /* <n>t */
  ARI_TS_ARRAY,  /* n.t */
  ARI_TS_PAIR,   /* (a x b) */
  ARI_TS_FUN     /* a -> b */
} AriTypeSketchKind;

struct AriTypeSketch {
  AriTypeSketchKind kind;
  const AriType *exact;   /* EXACT */
  bool sizeAny;           /* VECTOR/ARRAY: size is ? */
  int64_t size;           /* VECTOR/ARRAY when !sizeAny */
  const AriTypeSketch *a; /* element (VECTOR/ARRAY), first/param (PAIR/FUN) */
  const AriTypeSketch *b; /* second/result (PAIR/FUN) */
};

struct AriSketch {
  AriSketchKind kind;
  unsigned id;   /* dense per set (creation order; for debugging) */
  unsigned size; /* nodes in this sketch */
  /* NODE */
  AriTermKind termKind;
  int64_t patKind;   /* -1: any implementation kind */
  const AriSym *sym; /* OP: the op name; NULL: any op */
  int numKids;       /* -1: children unconstrained */
  const AriSketch *const *kids;
  /* CONTAINS: a; OR: a, b; TYPED: a and type */
  const AriSketch *a, *b;
  const AriTypeSketch *type;
};

typedef struct AriSketchNat {
  const char *name;
  int64_t value;
  bool fromCaller; /* bound by ariSketchSetNat: wins over `nat` lines */
  struct AriSketchNat *next;
} AriSketchNat;

struct AriSketchSet {
  AriTermStore *store;
  AriArena arena;
  unsigned nextId;
  AriSketchNat *nats;
};

/* Node constructors used by the parser (NULL when out of memory). */
AriSketch *ariSketchNew(AriSketchSet *set, AriSketchKind kind);
AriSketchNat *ariSketchFindNat(const AriSketchSet *set, const char *name, size_t len);
/* Whether type `t` satisfies type sketch `ts`. */
bool ariTypeSketchMatches(const AriTypeSketch *ts, const AriType *t);

#endif /* ARIADNE_SEARCH_SKETCH_IMPL_H */
