/*===- strategy_impl.h - the strategy engine's internal data --------------===*\
 *
 * Shared by the parser (strategy_parse.c) and the binder and interpreter
 * (strategy.c); not a public header. Parsing builds SK_REF nodes for every
 * name; binding rewrites them in place into built-ins, definition calls,
 * parameter references, host primitives or symbols.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_STRATEGY_IMPL_H
#define ARIADNE_SEARCH_STRATEGY_IMPL_H

#include "search/strategy/strategy.h"

typedef enum AriStratKind {
  SK_ID,
  SK_FAIL,
  SK_SEQ,
  SK_CHOICE,
  SK_TRY,
  SK_REPEAT,
  SK_ONE,
  SK_SOME,
  SK_ALL,
  SK_TOPDOWN,
  SK_BOTTOMUP,
  SK_NORMALIZE,
  SK_WHERE,
  SK_NOT,
  SK_OUTERMOST,
  SK_INNERMOST,
  SK_CHILD, /* child(i, s): s on child i only */
  SK_REF,   /* a name, unresolved */
  SK_CALL,  /* a definition: index */
  SK_PARAM, /* a parameter of the enclosing definition: index */
  SK_PRIM,  /* a host rule or predicate: nat = handle, prim = kind */
  SK_NAT,   /* a number: nat */
  SK_SYM,   /* a symbol argument: name */
} AriStratKind;

struct AriStratExpr {
  AriStratKind kind;
  uint32_t line, col;
  const char *file;
  const char *name;    /* SK_REF/CALL/PARAM/PRIM/SYM, and built-ins */
  AriStratExpr **args; /* SEQ/CHOICE: 2; built-ins: their arity */
  uint32_t nargs;
  uint32_t index;      /* SK_CALL: definition; SK_PARAM: parameter */
  int64_t nat;         /* SK_NAT: value; SK_PRIM: host handle */
  AriStratPrimKind prim;
  bool bound;
};

typedef struct AriStratDef {
  const char *name;
  const char **params;
  uint8_t *paramUse; /* bit 1: used as a strategy; bit 2: used as a value */
  uint32_t nparams;
  AriStratExpr *body;
  const char *file;
  uint32_t line, col;
  uint32_t generation; /* which ariStratParseDefinitions call made it */
  int state;           /* 0 unbound, 1 binding, 2 bound */
} AriStratDef;

struct AriStratProgram {
  AriArena *arena;
  AriStratDef *defs;
  size_t ndefs, cap;
  /* Name -> index+1 of the latest definition of that name (open
   * addressing, a power of two at least twice ndefs; 0 is empty), so that
   * a file of n definitions parses in O(n), not O(n^2). */
  uint32_t *index;
  size_t indexCap;
  uint32_t generation;
  const AriStratHost *host;
};

/* The built-in combinators: name, kind and number of strategy arguments. */
typedef struct AriStratBuiltin {
  const char *name;
  AriStratKind kind;
  uint32_t arity;
} AriStratBuiltin;

const AriStratBuiltin *ariStratBuiltin(const char *name);
const char *ariStratKindName(AriStratKind k);

/* Index of the latest definition called `name`, or -1. */
long ariStratFindDef(const AriStratProgram *p, const char *name);

/* Sets diag to "file:line:col: message". Always returns false. */
bool ariStratError(AriStratDiag *d, const char *file, uint32_t line, uint32_t col, const char *fmt,
                   ...) __attribute__((format(printf, 5, 6)));

#endif /* ARIADNE_SEARCH_STRATEGY_IMPL_H */
