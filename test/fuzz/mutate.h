/*===- mutate.h - deterministic text mutations of MLIR programs -----------===*\
 *
 * The bad-input tests feed Ariadne programs that are almost right: a seed
 * program with one to three small edits. Edits are both blind (byte flips,
 * truncation, deleted spans) and aware of MLIR's lexical shape (integers in
 * sizes, type names, op names, pattern kinds, SSA names, rise.yield lines),
 * because blind edits almost never get past the lexer while the aware ones
 * reach the verifier and the interpreter.
 *
 * Everything is a pure function of (seed text, 64-bit key): mutant k of a
 * file is reproducible on its own (fzMutantKey), which is how a failure is
 * replayed.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TEST_FUZZ_MUTATE_H
#define ARIADNE_TEST_FUZZ_MUTATE_H

#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A small, fast PRNG (splitmix64); the state is the whole generator. */
typedef struct FzRng {
  uint64_t state;
} FzRng;

uint64_t fzRngNext(FzRng *r);

/* Uniform in [0, n); n must be positive. */
uint64_t fzRngBelow(FzRng *r, uint64_t n);

/* A seed program read from disk. */
typedef struct FzSeed {
  const char *path;
  const char *name; /* the file name without directories */
  char *text;       /* NUL-terminated */
  size_t len;
} FzSeed;

/* Reads every `*.mlir` file of `path` (a directory, not recursive) or the
 * file `path` itself, appending to seeds[*n] (at most cap). Files are taken
 * in name order so that runs are reproducible. Returns false and prints to
 * stderr when a path cannot be read. */
bool fzSeedsLoad(const char *path, AriArena *arena, FzSeed *seeds, int cap, int *n);

/* The key of mutant `index` of `seed` under the run seed `runSeed`. */
uint64_t fzMutantKey(const FzSeed *seed, uint64_t runSeed, int index);

enum { FZ_MAX_EDITS = 3 };

/* One mutant: its text (NUL-terminated, in the arena) and the names of the
 * edits applied, for reports. */
typedef struct FzMutant {
  char *text;
  size_t len;
  int numEdits;
  const char *edits[FZ_MAX_EDITS];
} FzMutant;

/* Applies 1 to FZ_MAX_EDITS edits chosen by `key` to `seed` (fewer when
 * the text offers an edit nothing to change). Returns false only when the
 * arena is exhausted. */
bool fzMutate(const FzSeed *seed, uint64_t key, AriArena *arena, FzMutant *out);

/* True if some SSA name in `text` is used where no definition of it is in
 * scope and defined afterwards: a forward reference. MLIR 22's parser
 * corrupts the heap when such a reference is resolved inside the region of
 * an op whose parsing then fails (test/fuzz/mlir-bugs/README.md), so the
 * tests keep these mutants away from it. Scopes are approximated by braces;
 * the answer errs towards true. */
bool fzHasForwardRef(const char *text, AriArena *arena);

/* Writes `prefix` (if not NULL) and then `text` to `path`, without
 * allocating; false (with a message on stderr) on error. */
bool fzWriteFile(const char *path, const char *prefix, const char *text, size_t len);

#endif /* ARIADNE_TEST_FUZZ_MUTATE_H */
