/*===- tools/eqsat-tables/egraph_lambda.h - the four lambda encodings of Table 5.3 ----===*\
 *
 * The thesis (§5.4-5.5, Table 5.3) compares four ways of putting lambda
 * terms into an e-graph: substitution done by rewrite rules inside the
 * e-graph ("explicit": substitution and shifting are e-nodes that rules push
 * down one node at a time) or by extraction ("extraction-based": extract a
 * term for each class involved, substitute on terms, add the result back),
 * crossed with named variables (alpha-equivalent terms are distinct e-nodes,
 * fresh names are needed) or De Bruijn indices.
 *
 * As in the thesis (whose Table 5.3 came from an untyped Rust prototype,
 * egg-rise), this is a small self-contained e-graph over an UNTYPED, curried
 * RISE subset, so that all four encodings run the same rules on the same
 * programs:
 *
 *   t ::= SYMBOL | (app t t) | (lam NAME t) | (var NAME)
 *
 * Symbols (map, reduce, zip, slide, 3, weightsH, ...) are opaque constants.
 * Inside, De Bruijn terms have (lam t) and (var INDEX); explicit
 * substitution adds subst nodes (named: t[v/x]; De Bruijn: the lambda-s
 * calculus's sigma^i) and, for De Bruijn, shift nodes (phi^d_k); their
 * small-step rules are part of the encoding. The production engine
 * (search/egraph/egraph.h: typed, De Bruijn, extraction-based) is the fourth
 * encoding on RISE proper; this module exists to measure the other three
 * against it.
 *
 * Free variables are an e-class analysis (union over the class's nodes, so
 * "x not free in f" holds for every term of f, the thesis's forall
 * reading). Goals are checked after every rebuild: De Bruijn goals by
 * hash-cons lookup, named goals by matching modulo alpha-renaming.
 *
 * No global state; errors are values (AriLxReport.error).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_EGRAPH_LAMBDA_H
#define ARIADNE_SEARCH_EGRAPH_LAMBDA_H

#include "search/egraph/egraph.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum AriLxSubst {
  ARI_LX_EXPLICIT,  /* substitution and shifting by rules on e-nodes */
  ARI_LX_EXTRACTION /* extract, substitute on terms, add back (thesis §5.4.1) */
} AriLxSubst;

typedef enum AriLxBinding {
  ARI_LX_NAMES,    /* named variables; fresh names from e-class ids */
  ARI_LX_DE_BRUIJN /* De Bruijn indices */
} AriLxBinding;

/* The thesis's three rewrite goals (Figures 5.12-5.14). */
typedef enum AriLxProblem {
  ARI_LX_REDUCTION, /* compose add1 seven times, beta/eta-normalise */
  ARI_LX_FISSION,   /* map (f5.f4.f3.f2.f1) into map (f5.f4.f3) . map (f2.f1) */
  ARI_LX_BINOMIAL,  /* separate the 3x3 binomial filter into two 1-D ones */
  ARI_LX_NUM_PROBLEMS
} AriLxProblem;

const char *ariLxProblemName(AriLxProblem p); /* "reduction", ... */
bool ariLxProblemFromName(const char *name, AriLxProblem *out);
/* The start and goal programs (named syntax, see above). */
const char *ariLxProblemStart(AriLxProblem p);
const char *ariLxProblemGoal(AriLxProblem p);
/* The rules the problem uses (names as ariLxRuleName), NULL-terminated. */
const char *const *ariLxProblemRules(AriLxProblem p);

/* The rules this module knows: beta, eta, map-fusion, map-fission,
 * remove-transpose-pair, slide-before-map, slide-before-map-map-f,
 * map-slide-before-transpose, separate-dot-vh, separate-dot-hv. */
size_t ariLxRuleCount(void);
const char *ariLxRuleName(size_t i);

const char *ariLxSubstName(AriLxSubst s);     /* "explicit" / "extraction" */
const char *ariLxBindingName(AriLxBinding b); /* "names" / "debruijn" */

typedef struct AriLxOpts {
  AriLxSubst subst;
  AriLxBinding binding;
  unsigned maxIterations; /* 0: no limit */
  size_t maxNodes;        /* live e-nodes; 0: no limit */
  double maxSeconds;      /* 0: no limit */
  size_t maxBytes;        /* every table of the run (e-graph, terms, matches); 0: none */
  AriEgClockFn clock;     /* NULL: CLOCK_MONOTONIC */
  void *clockCtx;
} AriLxOpts;

typedef struct AriLxReport {
  bool found;       /* the goal is in the start program's e-class */
  AriEgStop stop;   /* GOAL when found; else why it stopped */
  unsigned iterations;
  size_t nodes, classes; /* live e-nodes and e-classes at the end */
  size_t matches;        /* matches applied, over the run */
  size_t applied;        /* applications that merged two classes ("rules") */
  size_t bytes, peakBytes;
  double seconds, rebuildSeconds;
  char error[256]; /* parse errors carry "column N" */
} AriLxReport;

/* Equality saturation from `start` (named syntax) with the rules named in
 * rules[0..nrules) under the encoding of `o`, stopping when `goal` is in
 * the start's class, when saturated, or at a limit. Returns false only on
 * an error (malformed term, unknown rule, out of memory; stop is ERROR). */
bool ariLxRunTerms(const char *start, const char *goal, const char *const *rules, size_t nrules,
                   const AriLxOpts *o, AriLxReport *rep);

/* ariLxRunTerms on one of the thesis's problems. */
bool ariLxRun(AriLxProblem p, const AriLxOpts *o, AriLxReport *rep);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_EGRAPH_LAMBDA_H */
