/*===- strategy.h - ELEVATE-style rewriting strategies --------------------===*\
 *
 * A small strategy language in the style of ELEVATE (thesis §4.1.2): a
 * strategy maps a term to success (a new term) or failure. Strategies are
 * written as text, parsed into expressions, bound to a host (which supplies
 * the rules, the predicates and the term structure), and run on a term.
 *
 *   expr  ::= seq { '<+' seq }              left choice (lowest precedence)
 *   seq   ::= at { (';' | ';;') at }         sequence; s ;; t = s ; normalForm ; t
 *   at    ::= prim { '@' prim }              s @ f(a..) = f(a.., s)
 *   prim  ::= NAME [ '(' expr { ',' expr } ')' ] | NAT | '(' expr ')'
 *   file  ::= { ['strategy'] NAME [ '(' NAME {',' NAME} ')' ] '=' expr ';' }
 *
 * Comments are `// ...`, `# ...` and `/ * ... * /`. Names may contain '+'
 * between letters (`cbuf+rrotVersion`). Built-in combinators:
 *
 *   id, fail                  succeed unchanged / fail
 *   try(s)       = s <+ id    repeat(s)  = try(s ; repeat(s))
 *   one(s)   s on the first child where it succeeds
 *   some(s)  s on every child where it succeeds; at least one must
 *   all(s)   s on every child; all must succeed
 *   topDown(s)  = s <+ one(topDown(s))     bottomUp(s) = one(bottomUp(s)) <+ s
 *   normalize(s) = repeat(topDown(s))
 *   where(s)     succeeds with the input when s succeeds on it
 *   not(s)       succeeds with the input when s fails on it
 *   outermost(p, s) = topDown(where(p) ; s)     written s @ outermost(p)
 *   innermost(p, s) = bottomUp(where(p) ; s)    written s @ innermost(p)
 *   child(i, s)  s on the i-th child (from 0) only; fails when there is
 *                none or s fails there. i is a number: a search's schedules
 *                (search/beam/beam.h) name the positions of their steps
 *                with it, so that they replay exactly.
 *
 * Any other name is a definition from a strategy file (parameters are
 * passed lazily, so definitions may be recursive and may take strategies or
 * values), or else a primitive the host knows: a rule (`splitJoin(32)`,
 * `useCBuffer(global)`) or a predicate (`isMap`, `mapNest(2)`). Arguments of
 * primitives are values: natural numbers, or symbols such as `global`.
 *
 * Two departures from ELEVATE, both because ELEVATE would diverge instead:
 * repeat (and normalize) stop when s succeeds without changing the term
 * (terms are hash-consed, so this is a handle comparison), and every run
 * is bounded by a number of rule applications, of evaluation steps and of
 * nesting depth; the outcome says which limit stopped it and where.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_STRATEGY_H
#define ARIADNE_SEARCH_STRATEGY_H

#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A term, opaque to the engine. Hosts must hash-cons: two handles are equal
 * exactly when the terms are (only repeat's fixpoint test relies on it). */
typedef uint64_t AriStratTerm;

enum {
  ARI_STRAT_MAX_ARGS = 8,     /* arguments of one call */
  ARI_STRAT_MSG_MAX = 320,    /* diagnostics and outcome messages */
  ARI_STRAT_PATH_MAX = 128,   /* path entries kept in an outcome */
};

typedef enum AriStratValueKind { ARI_STRAT_VALUE_NAT, ARI_STRAT_VALUE_SYMBOL } AriStratValueKind;

/* An argument of a rule or predicate: `32` or `global`. */
typedef struct AriStratValue {
  AriStratValueKind kind;
  int64_t nat;
  const char *symbol; /* NUL-terminated; valid while the program lives */
} AriStratValue;

typedef enum AriStratPrimKind {
  ARI_STRAT_PRIM_NONE,      /* unknown name */
  ARI_STRAT_PRIM_RULE,      /* rewrites; counted as a step and traced */
  ARI_STRAT_PRIM_PREDICATE, /* succeeds unchanged or fails */
} AriStratPrimKind;

typedef enum AriStratHostStatus {
  ARI_STRAT_HOST_OK,
  ARI_STRAT_HOST_NO_MATCH,
  ARI_STRAT_HOST_ERROR, /* bad argument, out of memory...: stops the run */
} AriStratHostStatus;

/* One rule that fired, for traces. path[0..pathLen) are child indices from
 * the root of the term the run started on. */
typedef struct AriStratRuleEvent {
  const char *name;
  const AriStratValue *args;
  size_t nargs;
  const uint32_t *path;
  size_t pathLen;
  AriStratTerm before, after;
  uint64_t step; /* 1 for the first rule that fired */
} AriStratRuleEvent;

/* What the engine needs from a term representation and a rule library.
 * Messages written into err (capacity cap) are NUL-terminated. */
typedef struct AriStratHost {
  void *ctx;
  /* Resolves a primitive called with nargs arguments. Unknown: return NONE
   * with err empty. Known but unusable (wrong arity): return NONE and say
   * why in err. */
  AriStratPrimKind (*lookup)(void *ctx, const char *name, size_t nargs, int64_t *handle, char *err,
                             size_t cap);
  /* Applies a primitive at the root of t. Predicates set *out = t. */
  AriStratHostStatus (*apply)(void *ctx, int64_t handle, const AriStratValue *args, size_t nargs,
                              AriStratTerm t, AriStratTerm *out, char *err, size_t cap);
  size_t (*numChildren)(void *ctx, AriStratTerm t);
  AriStratTerm (*child)(void *ctx, AriStratTerm t, size_t i);
  /* t with its children replaced by children[0..n) (n == numChildren). */
  AriStratHostStatus (*rebuild)(void *ctx, AriStratTerm t, const AriStratTerm *children, size_t n,
                                AriStratTerm *out, char *err, size_t cap);
  /* Optional (may be NULL): called after every rule that fired. */
  void (*onRule)(void *ctx, const AriStratRuleEvent *event);
  /* Optional (may be NULL): checks literal arguments at bind time, so that
   * `splitJoin(0)` is reported with its position before any run. False
   * with a message in err when they do not fit. */
  bool (*checkArgs)(void *ctx, int64_t handle, const AriStratValue *args, size_t nargs, char *err,
                    size_t cap);
} AriStratHost;

/* A parse or binding error: "file:line:col: error: message". */
typedef struct AriStratDiag {
  const char *file;
  uint32_t line, col;
  char message[ARI_STRAT_MSG_MAX];
} AriStratDiag;

/* Writes d as "file:line:col: error: message"; returns the length it needed. */
int ariStratDiagFormat(const AriStratDiag *d, char *buf, size_t cap);

typedef struct AriStratProgram AriStratProgram;
typedef struct AriStratExpr AriStratExpr;

/* A program: definitions and parsed expressions, all in `arena` (which must
 * outlive it). NULL when out of memory. */
AriStratProgram *ariStratProgramNew(AriArena *arena);

/* Adds the definitions of a strategy file. `file` names it in diagnostics
 * (it is copied). Definitions from a later call shadow earlier ones with the
 * same name; redefining a name within one text is an error. */
bool ariStratParseDefinitions(AriStratProgram *p, const char *file, const char *text, size_t len,
                              AriStratDiag *diag);

/* Parses one strategy expression (a pass option). NULL on error. */
AriStratExpr *ariStratParseExpr(AriStratProgram *p, const char *file, const char *text, size_t len,
                                AriStratDiag *diag);

/* Number of definitions and the name of the i-th (in order of definition). */
size_t ariStratNumDefinitions(const AriStratProgram *p);
const char *ariStratDefinitionName(const AriStratProgram *p, size_t i);
bool ariStratHasDefinition(const AriStratProgram *p, const char *name);

/* The number of parameters of the i-th definition; their names into
 * names[0..min(n, max)) when names is not NULL. */
size_t ariStratDefinitionParams(const AriStratProgram *p, size_t i, const char **names,
                                size_t max);

/* Writes e in canonical form (fully resolved calls, minimal parentheses).
 * Returns false when it did not fit. */
bool ariStratFormat(const AriStratExpr *e, char *buf, size_t cap);

/* Resolves every name reachable from e (definitions, built-ins, the host's
 * rules and predicates) and checks arities. Must precede ariStratRun; one
 * program binds to one host. */
bool ariStratBind(AriStratProgram *p, AriStratExpr *e, const AriStratHost *host, AriStratDiag *diag);

typedef struct AriStratLimits {
  uint64_t maxSteps;  /* rules fired; 0: no limit */
  uint64_t maxVisits; /* strategy evaluations; 0: no limit */
  uint32_t maxDepth;  /* nesting of evaluations (and so term depth); 0: 4096 */
} AriStratLimits;

typedef enum AriStratStatus {
  ARI_STRAT_SUCCESS,
  ARI_STRAT_FAILURE,    /* the strategy failed: see where */
  ARI_STRAT_MAX_STEPS,  /* stopped by limits.maxSteps */
  ARI_STRAT_MAX_VISITS, /* stopped by limits.maxVisits */
  ARI_STRAT_MAX_DEPTH,  /* stopped by limits.maxDepth */
  ARI_STRAT_ERROR,      /* host error, bad argument, out of memory */
} AriStratStatus;

typedef struct AriStratOutcome {
  AriStratStatus status;
  AriStratTerm term;    /* the result, on success */
  uint64_t steps;       /* rules that fired */
  uint64_t attempts;    /* rule applications tried (fired or not) */
  uint64_t visits;      /* strategy evaluations */
  /* Where it stopped (not success): the strategy sub-expression, its source
   * position, and the term path it was applied at. */
  const char *file;
  uint32_t line, col;
  char what[ARI_STRAT_MSG_MAX];    /* e.g. "rule 'splitJoin(32)' did not apply" */
  uint32_t path[ARI_STRAT_PATH_MAX];
  size_t pathLen;       /* may exceed ARI_STRAT_PATH_MAX: only the first are kept */
  /* The definitions it was in, innermost first: "splitPipeline(n) at
   * harris.elv:45:3, main at strategy:1:1" ("" at the top level). */
  char calls[ARI_STRAT_MSG_MAX];
} AriStratOutcome;

/* Runs a bound expression on t. `scratch` holds temporaries and is
 * released back to where it was before returning. */
void ariStratRun(const AriStratProgram *p, const AriStratExpr *e, const AriStratHost *host,
                 AriStratTerm t, const AriStratLimits *limits, AriArena *scratch,
                 AriStratOutcome *out);

/* "success", "failure", "max-steps", ... */
const char *ariStratStatusName(AriStratStatus s);

/* Formats a term path as "root" or "0.1.1" (truncated paths end in "..."). */
void ariStratFormatPath(const uint32_t *path, size_t len, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_STRATEGY_H */
