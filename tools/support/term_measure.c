/*===- term_measure.c - the measured runtime of a rewritten root -----------===*/

#define _POSIX_C_SOURCE 200809L

#include "tools/support/term_measure.h"

#include "search/mlir/term_mlir.h"
#include "tools/support/mlirutil.h"
#include "utils/arena.h"
#include "utils/strbuf.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

struct AriTermMeasureEntry {
  const AriTermFunc *f; /* NULL: empty slot */
  unsigned root;
  const AriTerm *t;
  AriMeasureStatus status;
  double ms;
  char message[160]; /* why, when not OK */
};

void ariTermMeasurerInit(AriTermMeasurer *m, MlirContext ctx, AriTermStore *s,
                         const AriMeasureOptions *opts) {
  memset(m, 0, sizeof *m);
  m->ctx = ctx;
  m->s = s;
  if (opts)
    m->opts = *opts;
  if (!m->opts.timeoutS)
    m->opts.timeoutS = 30;
}

void ariTermMeasurerDestroy(AriTermMeasurer *m) {
  free(m->table);
  m->table = NULL;
  m->cap = m->used = 0;
}

static size_t slotOf(const AriTermMeasurer *m, const AriTermFunc *f, unsigned root,
                     const AriTerm *t) {
  uint64_t h = (uint64_t)(uintptr_t)f * 0x9E3779B97F4A7C15ull;
  h ^= ((uint64_t)(uintptr_t)t + root) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 29;
  size_t i = (size_t)h & (m->cap - 1);
  while (m->table[i].f && !(m->table[i].f == f && m->table[i].root == root && m->table[i].t == t))
    i = (i + 1) & (m->cap - 1);
  return i;
}

/* Room for one more entry (the table stays at most half full). */
static bool reserve(AriTermMeasurer *m) {
  if (2 * (m->used + 1) <= m->cap)
    return true;
  size_t ncap = m->cap ? 2 * m->cap : 64;
  AriTermMeasureEntry *old = m->table;
  size_t ocap = m->cap;
  m->table = calloc(ncap, sizeof *m->table);
  if (!m->table) {
    m->table = old;
    return false;
  }
  m->cap = ncap;
  for (size_t i = 0; i < ocap; ++i)
    if (old[i].f)
      m->table[slotOf(m, old[i].f, old[i].root, old[i].t)] = old[i];
  free(old);
  return true;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One run: f with the root replaced, exported into a copy of func. */
static AriMeasureStatus run(AriTermMeasurer *m, const AriTermFunc *f, MlirOperation func,
                            unsigned root, AriTerm *after, double *ms, char *msg, size_t cap) {
  AriTermRoot roots[64];
  if (f->numRoots > sizeof roots / sizeof roots[0]) {
    ariFailf(msg, cap, "more than 64 roots");
    return ARI_MEASURE_ERROR;
  }
  for (unsigned i = 0; i < f->numRoots; ++i)
    if (f->roots[i].kind == ARI_ROOT_RETURN) {
      ariFailf(msg, cap, "the function returns a value (the harness times memref outputs)");
      return ARI_MEASURE_ERROR;
    }
  memcpy(roots, f->roots, sizeof roots[0] * f->numRoots);
  roots[root].value = after;
  AriTermFunc g = *f;
  g.roots = roots;
  MlirLocation loc = mlirLocationUnknownGet(m->ctx), errLoc = loc;
  MlirModule mod = mlirModuleCreateEmpty(loc);
  MlirOperation copy = mlirOperationClone(func);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(mod), copy);
  AriMeasureStatus st = ARI_MEASURE_ERROR;
  if (!ariTermExportFunc(m->s, &g, copy, &errLoc)) {
    ariFailf(msg, cap, "does not export: %s", ariTermStoreError(m->s));
    ariTermStoreClearError(m->s);
  } else {
    AriMeasureResult res;
    st = ariMeasureFunc(copy, &m->opts, &res, NULL, NULL, NULL);
    if (st == ARI_MEASURE_OK)
      *ms = res.medianMs;
    else
      ariFailf(msg, cap, "%s: %s", ariMeasureStatusName(st), res.message);
  }
  mlirModuleDestroy(mod);
  return st;
}

AriMeasureStatus ariTermMeasureRoot(AriTermMeasurer *m, const AriTermFunc *f, MlirOperation func,
                                    unsigned root, AriTerm *after, double *ms, char *msg,
                                    size_t cap) {
  if (root >= f->numRoots) {
    ariFailf(msg, cap, "no root %u", root);
    return ARI_MEASURE_ERROR;
  }
  if (!reserve(m)) {
    ariFailf(msg, cap, "out of memory");
    return ARI_MEASURE_ERROR;
  }
  AriTermMeasureEntry *e = &m->table[slotOf(m, f, root, after)];
  if (e->f) {
    m->cached++;
  } else {
    AriDiagSink sink; /* the reasons go into the message */
    ariDiagSinkAttach(&sink, m->ctx, NULL);
    double t0 = now();
    char why[512] = "";
    double v = 0;
    AriMeasureStatus st = run(m, f, func, root, after, &v, why, sizeof why);
    m->seconds += now() - t0;
    ariDiagSinkDetach(&sink);
    m->measured++;
    m->failed += st != ARI_MEASURE_OK;
    if (st == ARI_MEASURE_ERROR && strstr(why, "out of memory")) {
      ariFailf(msg, cap, "%s", why); /* not cached: it may pass later */
      return st;
    }
    e->f = f;
    e->root = root;
    e->t = after;
    e->status = st;
    e->ms = v;
    snprintf(e->message, sizeof e->message, "%s", why);
    m->used++;
  }
  if (e->status == ARI_MEASURE_OK)
    *ms = e->ms;
  else
    ariFailf(msg, cap, "%s", e->message);
  return e->status;
}
