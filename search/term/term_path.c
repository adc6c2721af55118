/*===- search/term/term_path.c - locations in a term by child-index paths ----===*/

#include "search/term/term_path.h"

#include <string.h>

enum { WALK_MAX_DEPTH = 10000 }; /* as the store's other walks */

typedef struct {
  AriTermWalkFn fn;
  void *ctx;
  unsigned max, maxDepth, count;
  bool stop;
  AriTerm **chain;
  uint32_t *path;
} Walk;

static void walk(Walk *w, unsigned len) {
  if (w->stop || (w->max && w->count >= w->max))
    return;
  w->count++;
  if (!w->fn(w->ctx, w->chain, w->path, len)) {
    w->stop = true;
    return;
  }
  if (len >= w->maxDepth)
    return;
  AriTerm *t = w->chain[len];
  unsigned n = ariTermNumKids(t);
  for (unsigned i = 0; i < n && !w->stop; ++i) {
    w->path[len] = i;
    w->chain[len + 1] = ariTermKid(t, i);
    walk(w, len + 1);
  }
}

unsigned ariTermWalk(AriTerm *t, unsigned maxLocations, unsigned maxDepth, AriTermWalkFn fn,
                     void *ctx) {
  if (!t || !fn)
    return 0;
  if (maxDepth > WALK_MAX_DEPTH)
    maxDepth = WALK_MAX_DEPTH;
  /* The walk's stacks are small (maxDepth + 1 entries); variable-length
   * arrays would be one allocation per call too, so bound them. */
  enum { STACK = 256 };
  AriTerm *chain[STACK + 1];
  uint32_t path[STACK];
  if (maxDepth > STACK)
    maxDepth = STACK;
  Walk w = {fn, ctx, maxLocations, maxDepth, 0, false, chain, path};
  chain[0] = t;
  walk(&w, 0);
  return w.count;
}

AriTerm *ariTermAtPath(AriTerm *t, const uint32_t *path, unsigned len) {
  for (unsigned i = 0; i < len && t; ++i)
    t = path[i] < ariTermNumKids(t) ? ariTermKid(t, path[i]) : NULL;
  return t;
}

AriTerm *ariTermReplaceAt(AriTermStore *s, AriTerm *const *chain, const uint32_t *path,
                          unsigned len, AriTerm *repl) {
  /* Nodes with more kids than this (only wide OP nodes could have them)
   * are not rebuilt: the caller sees "does not apply". */
  enum { MAX_KIDS = 64 };
  AriTerm *kids[MAX_KIDS];
  AriTerm *r = repl;
  for (unsigned i = len; i-- > 0 && r;) {
    unsigned n = ariTermNumKids(chain[i]);
    if (n > MAX_KIDS)
      return NULL;
    for (unsigned k = 0; k < n; ++k)
      kids[k] = k == path[i] ? r : ariTermKid(chain[i], k);
    r = ariTermRebuild(s, chain[i], kids);
  }
  return r;
}
