/*===- runtime/search_hooks.c - the runtime's services to rise-search -----===*/

#define _POSIX_C_SOURCE 200809L

#include "runtime/search_hooks.h"
#include "runtime/measure.h"
#include "utils/arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  AriArena arena;
  int threads;
  AriHostArg *ref; /* the input's outputs, when the interpreter could not check */
  intptr_t numRef;
  bool overBudget; /* the interpreter cannot run this function */
} Session;

static void measureOpts(AriMeasureOptions *o, int threads) {
  memset(o, 0, sizeof *o);
  o->threads = threads;
  o->warmup = 1;
  o->reps = 5;
  o->timeoutS = 60;
  o->seed = 1;
}

static void *begin(void *ctx, MlirOperation input, int threads, double *inputMs, char *err,
                   size_t cap) {
  (void)ctx;
  Session *s = calloc(1, sizeof *s);
  if (!s) {
    snprintf(err, cap, "out of memory");
    return NULL;
  }
  ariArenaInit(&s->arena, 0);
  s->threads = threads;
  AriMeasureOptions o;
  measureOpts(&o, threads);
  AriMeasureResult res;
  AriMeasureStatus st = ariMeasureFunc(input, &o, &res, &s->arena, NULL, NULL);
  if (st == ARI_MEASURE_UNCHECKED) {
    /* Too big to interpret: the program as written is the reference. */
    s->overBudget = true;
    o.unchecked = true;
    st = ariMeasureFunc(input, &o, &res, &s->arena, &s->ref, &s->numRef);
  }
  if (st != ARI_MEASURE_OK) {
    snprintf(err, cap, "%s: %s", ariMeasureStatusName(st), res.message);
    ariArenaDestroy(&s->arena);
    free(s);
    return NULL;
  }
  *inputMs = res.medianMs;
  return s;
}

static bool measure(void *session, MlirOperation func, double limitMs, double *ms, char *err,
                    size_t cap) {
  Session *s = session;
  AriMeasureOptions o;
  measureOpts(&o, s->threads);
  /* A run takes at most 7 calls (check, warm-up, 5 timed; slow ones 4):
   * one at ten times the best so far per call cannot win, so it is
   * stopped there rather than at the minute. */
  double cap10 = 7 * 10 * limitMs / 1e3;
  if (limitMs > 0 && cap10 < o.timeoutS)
    o.timeoutS = cap10 < 2 ? 2 : cap10;
  if (s->overBudget) {
    o.checkMaxOps = 1; /* do not try the interpreter again: compare with the input's outputs */
    o.reference = s->ref;
    o.numReference = s->numRef;
  }
  AriMeasureResult res;
  AriMeasureStatus st = ariMeasureFunc(func, &o, &res, NULL, NULL, NULL);
  if (st != ARI_MEASURE_OK) {
    snprintf(err, cap, "%s: %s", ariMeasureStatusName(st), res.message);
    return false;
  }
  *ms = res.medianMs;
  return true;
}

static void end(void *session) {
  Session *s = session;
  if (!s)
    return;
  ariArenaDestroy(&s->arena);
  free(s);
}

const AriSearchHooks *ariRtSearchHooks(void) {
  static const AriSearchHooks hooks = {begin, measure, end, NULL};
  return &hooks;
}
