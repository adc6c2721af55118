/*===- search/sample/sample.h - random schedules of a program -------------===*\
 *
 * The schedule sampler: random, distinct, valid variants of a high-level
 * program, made by random sequences of the rules that change how a program
 * runs but not what it computes -- tiling, interchange, fusion/fission,
 * vectorisation, storage (to_mem) and lowering choices (seq/par/unroll).
 * They are the training variants of the cost model (costmodel/) until the
 * program generator adds new algorithms, and the population a search
 * starts from.
 *
 * One step picks a rule family uniformly, a rule of it uniformly, random
 * parameters (tile sizes from {2,3,4,5,8,16,32,64}, vector widths from
 * {4,8,16}; a rule whose side condition a value breaks, e.g. a size that
 * does not divide, does not apply and the step draws again), and a
 * position uniformly among the distinct subterms where the rule applies.
 * The rule rewrites that subterm everywhere it occurs (the term store
 * shares equal subterms, so every use of a value changes together, as a
 * compiler pass would change it). Vectorisation is one step of two rules:
 * `startVectorization(v)` at the position, then the first of the
 * `vectorizeBefore*` rules that moves the `as_vector` into the computation;
 * a step where none does is dropped. After each step the roots are
 * beta-normalised, so the next step sees what a strategy's `normalForm`
 * would show.
 *
 * Variants are distinct as terms (their roots differ), closed and
 * well-typed (the rules guarantee it), and computed from the seed alone:
 * the same program, options and seed give the same variants on every
 * machine. Whether a variant lowers and runs is for the caller to check
 * (export it with search/mlir/term_mlir.h, compile and compare with the
 * interpreter): the sampler works on terms only.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_SAMPLE_H
#define ARIADNE_SEARCH_SAMPLE_H

#include "search/rules/rules.h"
#include "search/term/term.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct AriArena;

enum {
  ARI_SAMPLE_MAX_STEPS = 32,
  /* mapUnroll and reduceSeqUnroll only on loops of at most this many
   * trips: unrolling a long loop in full is never a schedule worth
   * measuring, and a nest of them makes code (and compile memory) grow
   * as the product of the extents. */
  ARI_SAMPLE_MAX_UNROLL = 32
};

/* The rule families a step chooses among (bit flags for `families`). */
enum {
  ARI_SAMPLE_TILING = 1u << 0,      /* splitJoin, tileReduce, tileMaps; where the tile
                                       does not divide, padSplitJoin, peelReduce,
                                       padTileMaps with the same parameters */
  ARI_SAMPLE_INTERCHANGE = 1u << 1, /* map/map, map/reduce interchanges */
  ARI_SAMPLE_FUSION = 1u << 2,      /* fusions and fissions */
  ARI_SAMPLE_VECTOR = 1u << 3,      /* startVectorization + vectorizeBefore* */
  ARI_SAMPLE_STORAGE = 1u << 4,     /* toMem(global | private) on arrays of
                                       scalars or vectors */
  ARI_SAMPLE_LOWERING = 1u << 5,    /* mapSeq/Par/Unroll, reduceSeq/SeqUnroll
                                       (unrolling loops of <= 32 trips) */
  ARI_SAMPLE_ALL = (1u << 6) - 1
};

typedef struct AriSampleOptions {
  uint64_t seed;
  unsigned maxSteps; /* steps per variant: uniform in [1, maxSteps]; 0: 8 */
  unsigned families; /* ARI_SAMPLE_* flags; 0: all */
  unsigned maxDraws; /* rule draws in all before giving up; 0: 400 per variant */
} AriSampleOptions;

typedef struct AriSampleVariant {
  AriTermFunc func; /* f's name, arguments and hints; new root values */
  unsigned numSteps;
  AriRuleInst steps[ARI_SAMPLE_MAX_STEPS]; /* the rules applied, in order */
} AriSampleVariant;

/* Why sampling stopped. */
typedef enum AriSampleStop {
  ARI_SAMPLE_DONE,      /* n variants made */
  ARI_SAMPLE_EXHAUSTED, /* maxDraws reached: fewer than n distinct variants
                           were found (the program has few schedules, or
                           the families exclude them) */
  ARI_SAMPLE_ERROR      /* out of memory: the store (ariTermStoreError says
                           so) or the arena */
} AriSampleStop;

/* Makes up to n distinct variants of f (none equal to f itself) into
 * out[0..*count). Their roots arrays are allocated in `arena`. */
AriSampleStop ariSampleVariants(AriTermStore *s, struct AriArena *arena, const AriTermFunc *f,
                                const AriSampleOptions *opts, AriSampleVariant *out, unsigned n,
                                unsigned *count);

/* "tiling", "interchange", ... for one ARI_SAMPLE_* flag; "?" otherwise. */
const char *ariSampleFamilyName(unsigned family);

/* The family of a rule the sampler uses (ARI_SAMPLE_* flag), 0 for others
 * (the vectorize* rules count as ARI_SAMPLE_VECTOR). */
unsigned ariSampleRuleFamily(const AriRuleInst *r);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_SAMPLE_H */
