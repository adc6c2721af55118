/*===- search/gen/gen.h - seeded random well-typed rise programs --------------===*\
 *
 * Generates random, well-typed rise terms in the term store, for testing
 * rewrite rules against the reference interpreter and (later) for training
 * data. Everything is a function of the seed: the same seed gives the same
 * term on every machine.
 *
 * Two entry points:
 *   - ariGenTerm: a random term of a requested type, built bottom-up from
 *     inputs (IN leaves over memref arguments, ARG scalar arguments),
 *     constants, the lambda parameters in scope, and the rise patterns
 *     (map, reduce, generate, zip, unzip, split, join, transpose, slide,
 *     pad_cst, pad_clamp, literals, idx, ...)
 *     with random scalar functions (arith on f32 and i32);
 *   - ariGenForRule: a random program biased towards one rule: it builds a
 *     random instance of the rule's left-hand side (its holes filled by
 *     ariGenTerm, its sizes chosen to meet the side conditions) and puts it
 *     either at the top or inside a map's lambda, where its subterms may use
 *     the lambda's parameter.
 *
 * ariGenFunc wraps a closed term into a function (one rise.out root, whose
 * value is made writable: pairs projected, scalars put in a 1-element
 * array) that search/mlir/term_mlir.h exports for the interpreter. Inputs are
 * kept as roots too, so that a rewrite that drops an input (mapFstZip)
 * keeps the function's signature.
 *
 * Sizes stay small (arrays of at most ARI_GEN_MAX_ELEMS scalars, unless
 * AriGen.maxElems says otherwise) so that a differential test runs
 * thousands of programs in seconds. Values are
 * bounded: no division in random arithmetic, and the division rules'
 * templates divide only by terms bounded away from zero.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_GEN_H
#define ARIADNE_SEARCH_GEN_H

#include "search/rules/rules.h"
#include "search/term/term.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ARI_GEN_MAX_ARGS = 12,  /* function arguments (inputs + the output) */
  ARI_GEN_MAX_DEPTH = 24, /* lambda nesting */
  ARI_GEN_MAX_ELEMS = 512 /* scalars in one generated array */
};

/* The generator's state: plain data, one per thread. */
typedef struct AriGen {
  AriTermStore *s;
  uint64_t state;                      /* the random stream */
  unsigned nargs;                      /* arguments allocated so far */
  AriTerm *inputs[ARI_GEN_MAX_ARGS];   /* the leaf of each argument */
  AriTermRoot roots[ARI_GEN_MAX_ARGS]; /* storage for ariGenFunc */
  bool intsAllowed;                    /* i32 arithmetic besides f32 */
  /* Percent (0..100) of ariGenInput calls that return an existing input
   * leaf of the requested type, when there is one, instead of a new
   * argument: ProgGen's mutations reuse terminals 90% of the time so that
   * programs do not grow an input per mutation. 0 after ariGenInit. */
  unsigned reusePercent;
  /* The largest array (in scalars) the generator builds below the
   * requested type, besides that type itself; 0 (ariGenInit) means
   * ARI_GEN_MAX_ELEMS. ariadne-proggen --random raises it so that its
   * programs take measurable time natively. */
  int64_t maxElems;
} AriGen;

/* Binders in scope, outermost first: types[depth - 1] is VAR 0. */
typedef struct AriGenEnv {
  const AriType *types[ARI_GEN_MAX_DEPTH];
  unsigned depth;
} AriGenEnv;

void ariGenInit(AriGen *g, AriTermStore *s, uint64_t seed);

/* Uniform in [0, n) (n > 0). */
uint64_t ariGenBelow(AriGen *g, uint64_t n);

/* A new input of type t: an IN leaf for arrays (of scalars or vectors,
 * nested), an ARG leaf for scalars. NULL when out of arguments or for
 * other types. With g->reusePercent > 0, that share of the calls returns
 * an existing leaf of g->inputs of type t instead (when there is one). */
AriTerm *ariGenInput(AriGen *g, const AriType *t);

/* A random term of type t (a data type) under the binders of env; `fuel`
 * bounds its size. NULL only when out of memory or arguments. */
AriTerm *ariGenTerm(AriGen *g, const AriGenEnv *env, const AriType *t, int fuel);

/* A random function LAM(param, body) with body : result under env. */
AriTerm *ariGenFn(AriGen *g, const AriGenEnv *env, const AriType *param, const AriType *result,
                  int fuel);

/* A random closed term that contains an instance of r's left-hand side
 * (where r then applies at least once, barring template failures). NULL
 * when the template could not be instantiated (caller retries with
 * another seed). */
AriTerm *ariGenForRule(AriGen *g, const AriRuleInst *r);

/* Wraps the closed data term `value` into a function named `name` that
 * writes it (made writable) to a new memref argument. Uses g's storage for
 * the roots: valid until the next call. False when value cannot be written
 * or arguments ran out. */
bool ariGenFunc(AriGen *g, AriTerm *value, const char *name, AriTermFunc *out);

/* The term made writable by rise.out (see above), closed terms only. */
AriTerm *ariGenWritable(AriTermStore *s, AriTerm *t);

/* Applies r at the first position of t (pre-order, over the tree) where it
 * applies and where the enclosing nodes accept the result (rebuilding them
 * type-checks; rotate_values' write must stay the identity itself). */
AriRuleStatus ariGenRewriteFirst(AriTermStore *s, const AriRuleInst *r, AriTerm *t,
                                 AriTerm **out);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_GEN_H */
