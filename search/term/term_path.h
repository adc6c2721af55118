/*===- search/term/term_path.h - locations in a term by child-index paths ----===*\
 *
 * A location in a term is the path of child indices (ariTermKid) from the
 * root; the root is the empty path. Shared subterms of the DAG are distinct
 * locations (a rewrite at one changes that occurrence only), so locations
 * are those of the term as a tree. Engines that rewrite "rule at location"
 * (search/astar/astar.h) walk them with ariTermWalk and rebuild the term
 * around a rewritten subterm with ariTermReplaceAt.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_TERM_PATH_H
#define ARIADNE_SEARCH_TERM_PATH_H

#include "search/term/term.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Visited location: chain[0..len] the terms from the root (chain[0]) to the
 * subterm at the location (chain[len]), path[0..len) the child indices.
 * Returning false stops the walk. */
typedef bool (*AriTermWalkFn)(void *ctx, AriTerm *const *chain, const uint32_t *path,
                              unsigned len);

/* Visits the locations of t in pre-order, at most maxLocations of them (0:
 * no limit) and none deeper than maxDepth child steps (subterms below are
 * skipped). Returns the number visited; false from fn stops early. */
unsigned ariTermWalk(AriTerm *t, unsigned maxLocations, unsigned maxDepth, AriTermWalkFn fn,
                     void *ctx);

/* The subterm at path[0..len) of t; NULL when a child index is out of range. */
AriTerm *ariTermAtPath(AriTerm *t, const uint32_t *path, unsigned len);

/* t with the subterm at path[0..len) replaced by repl, each ancestor rebuilt
 * (ariTermRebuild: type-checked); chain[0..len) the ancestors as
 * ariTermWalk gives them. NULL when a rebuilt node does not type-check or
 * memory runs out (ariTermStoreError says which). */
AriTerm *ariTermReplaceAt(AriTermStore *s, AriTerm *const *chain, const uint32_t *path,
                          unsigned len, AriTerm *repl);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_TERM_PATH_H */
