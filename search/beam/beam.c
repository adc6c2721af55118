/*===- search/beam/beam.c - beam search over rewrite actions --------------===*\
 *
 * A schedule is a node with a parent pointer and its last step, so a round
 * that makes thousands of candidates costs a few words each, and only the
 * schedules returned are flattened into step arrays. Every node lives in
 * the caller's arena until the search returns: candidates that lose are
 * not freed one by one (the arena is released as a whole by the caller).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "search/beam/beam.h"

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Node {
  const struct Node *parent;
  AriBeamStep step; /* unused at depth 0 */
  unsigned depth;
  AriTermFunc func;
  double score;
  uint64_t tie;
} Node;

typedef struct {
  AriTermStore *s;
  AriStratRise *host;
  const AriStratHost *h;
  const AriStratProgram *p;
  const AriBeamAction *actions;
  size_t numActions;
  const AriTermFunc *f;
  AriBeamOptions o;
  AriArena *arena;
  AriArena scratch;
  double start; /* o.clock's reading at the start */
  AriBeamResult *out;
  /* Every schedule seen, by its roots: an open-addressing set. */
  const Node **seen;
  size_t seenCap, seenCount;
  /* The best schedules so far, best first. */
  const Node **best;
  size_t numBest;
} Search;

/* The default clock: CLOCK_MONOTONIC, in seconds. */
static double monotonicSeconds(void *ctx) {
  (void)ctx;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static double elapsed(const Search *se) { return se->o.clock(se->o.clockCtx) - se->start; }

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

/* Structural, so that it does not depend on addresses or creation order. */
static uint64_t rootsHash(const AriTermFunc *f) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (unsigned i = 0; i < f->numRoots; ++i)
    h = mix(h ^ ((uint64_t)ariTermHash(f->roots[i].value) + 0x100000001b3ull * (i + 1)));
  return h;
}

static bool sameRoots(const AriTermFunc *a, const AriTermFunc *b) {
  for (unsigned i = 0; i < a->numRoots; ++i)
    if (a->roots[i].value != b->roots[i].value)
      return false;
  return true;
}

/* Adds n to the seen set unless an equal schedule is there: false then. */
static bool seenInsert(Search *se, const Node *n, bool *oom) {
  if (2 * (se->seenCount + 1) > se->seenCap) {
    size_t cap = se->seenCap ? 2 * se->seenCap : 1024;
    const Node **t = ariArenaAlloc(se->arena, cap * sizeof *t);
    if (!t) {
      *oom = true;
      return false;
    }
    memset(t, 0, cap * sizeof *t);
    for (size_t i = 0; i < se->seenCap; ++i) {
      const Node *x = se->seen[i];
      if (!x)
        continue;
      size_t j = rootsHash(&x->func) & (cap - 1);
      while (t[j])
        j = (j + 1) & (cap - 1);
      t[j] = x;
    }
    se->seen = t;
    se->seenCap = cap;
  }
  size_t j = rootsHash(&n->func) & (se->seenCap - 1);
  while (se->seen[j]) {
    if (sameRoots(&se->seen[j]->func, &n->func))
      return false;
    j = (j + 1) & (se->seenCap - 1);
  }
  se->seen[j] = n;
  se->seenCount++;
  return true;
}

static int cmpNodes(const void *a, const void *b) {
  const Node *x = *(const Node *const *)a, *y = *(const Node *const *)b;
  if (x->score < y->score)
    return -1;
  if (x->score > y->score)
    return 1;
  /* Equal scores: the shorter schedule (the cost sees no gain in the
   * extra steps, so the input itself wins when nothing scores better). */
  if (x->depth != y->depth)
    return x->depth < y->depth ? -1 : 1;
  return x->tie < y->tie ? -1 : x->tie > y->tie;
}

static void keepBest(Search *se, const Node *n) {
  size_t k = se->o.keep;
  size_t i = se->numBest;
  if (i == k && cmpNodes(&n, &se->best[k - 1]) >= 0)
    return;
  if (i == k)
    i--;
  else
    se->numBest++;
  while (i > 0 && cmpNodes(&n, &se->best[i - 1]) < 0) {
    se->best[i] = se->best[i - 1];
    i--;
  }
  se->best[i] = n;
}

/* The function node of a schedule's roots (for running actions on). */
static AriStratTerm funcTerm(Search *se, const Node *n) {
  return ariStratRiseFuncTerm(se->host, &n->func);
}

/* A node for the function term t reached from parent by step. */
static Node *makeNode(Search *se, const Node *parent, const AriBeamStep *step, AriStratTerm t) {
  Node *n = ariArenaAlloc(se->arena, sizeof *n);
  AriTermRoot *roots = ariArenaAlloc(se->arena, se->f->numRoots * sizeof *roots);
  if (!n || !roots)
    return NULL;
  memcpy(roots, se->f->roots, se->f->numRoots * sizeof *roots);
  n->parent = parent;
  n->step = *step;
  n->depth = parent->depth + 1;
  n->func = *se->f;
  n->func.roots = roots;
  if (!ariStratRiseSetRoots(se->host, t, &n->func))
    return NULL;
  n->score = INFINITY;
  n->tie = mix(rootsHash(&n->func) ^ mix(se->o.seed));
  return n;
}

/* ariBeamApply with the search's host, program, limits and scratch. */
static bool applyAt(Search *se, const AriBeamAction *a, AriStratTerm t, const uint32_t *path,
                    unsigned len, AriStratTerm *out, bool *hard) {
  return ariBeamApply(se->s, se->host, se->p, a, &se->o.actionLimits, &se->scratch, t, path, len,
                      out, hard);
}

bool ariBeamApply(AriTermStore *s, AriStratRise *host, const AriStratProgram *p,
                  const AriBeamAction *a, const AriStratLimits *limits, AriArena *scratch,
                  AriStratTerm t, const uint32_t *path, unsigned len, AriStratTerm *out,
                  bool *hard) {
  const AriStratHost *h = ariStratRiseHost(host);
  *hard = false;
  if (len > ARI_BEAM_MAX_PATH)
    return false;
  AriStratTerm chain[ARI_BEAM_MAX_PATH + 1];
  chain[0] = t;
  for (unsigned i = 0; i < len; ++i)
    chain[i + 1] = h->child(h->ctx, chain[i], path[i]);
  AriStratOutcome oc;
  ariStratRun(p, a->expr, h, chain[len], limits, scratch, &oc);
  if (oc.status != ARI_STRAT_SUCCESS) {
    if (oc.status == ARI_STRAT_ERROR && ariTermStoreError(s)[0])
      *hard = true;
    return false;
  }
  if (oc.term == chain[len])
    return false; /* no change: not a step */
  AriStratTerm r = oc.term;
  for (unsigned i = len; i-- > 0;) {
    size_t nk = h->numChildren(h->ctx, chain[i]);
    AriStratTerm local[16], *kids = local;
    AriArenaMark m = ariArenaMark(scratch);
    if (nk > 16 && !(kids = ariArenaAlloc(scratch, nk * sizeof *kids))) {
      *hard = true;
      return false;
    }
    for (size_t k = 0; k < nk; ++k)
      kids[k] = k == path[i] ? r : h->child(h->ctx, chain[i], k);
    char msg[ARI_STRAT_MSG_MAX];
    AriStratHostStatus st = h->rebuild(h->ctx, chain[i], kids, nk, &r, msg, sizeof msg);
    ariArenaRelease(scratch, m);
    if (st != ARI_STRAT_HOST_OK) {
      *hard = st == ARI_STRAT_HOST_ERROR && ariTermStoreError(s)[0];
      return false;
    }
  }
  *out = r;
  return true;
}

/* Pre-order positions of t, at most max, into paths (each ARI_BEAM_MAX_PATH
 * wide) and lens. */
typedef struct {
  uint32_t *paths;
  unsigned *lens;
  unsigned count, max;
} Positions;

static void collect(const AriStratHost *h, AriStratTerm t, uint32_t *path, unsigned len,
                    Positions *ps) {
  if (ps->count == ps->max)
    return;
  memcpy(ps->paths + (size_t)ps->count * ARI_BEAM_MAX_PATH, path, len * sizeof *path);
  ps->lens[ps->count++] = len;
  if (len == ARI_BEAM_MAX_PATH)
    return;
  size_t n = h->numChildren(h->ctx, t);
  for (size_t i = 0; i < n && ps->count < ps->max; ++i) {
    path[len] = (uint32_t)i;
    collect(h, h->child(h->ctx, t, i), path, len + 1, ps);
  }
}

unsigned ariBeamPositions(AriStratRise *host, AriStratTerm t, unsigned max, uint32_t *paths,
                          unsigned *lens) {
  uint32_t path[ARI_BEAM_MAX_PATH];
  Positions ps = {paths, lens, 0, max};
  collect(ariStratRiseHost(host), t, path, 0, &ps);
  return ps.count;
}

/* Scores nodes[0..n) in one batch; a failed batch is retried one by one, so
 * that one function the cost cannot take does not lose the others. */
static bool scoreBatch(Search *se, Node **nodes, size_t n, AriBeamScoreFn score, void *ctx) {
  if (!n)
    return true;
  AriArenaMark m = ariArenaMark(&se->scratch);
  const AriTermFunc **fs = ariArenaAlloc(&se->scratch, n * sizeof *fs);
  double *sc = ariArenaAlloc(&se->scratch, n * sizeof *sc);
  if (!fs || !sc) {
    ariArenaRelease(&se->scratch, m);
    snprintf(se->out->message, sizeof se->out->message, "out of memory");
    return false;
  }
  for (size_t i = 0; i < n; ++i)
    fs[i] = &nodes[i]->func;
  char err[256] = "";
  bool ok = score(ctx, se->s, fs, n, sc, err, sizeof err);
  if (!ok) {
    for (size_t i = 0; i < n; ++i) {
      char e1[256] = "";
      if (!score(ctx, se->s, &fs[i], 1, &sc[i], e1, sizeof e1))
        sc[i] = INFINITY;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    double v = sc[i];
    if (!isfinite(v)) {
      v = INFINITY;
      se->out->unscored++;
    }
    nodes[i]->score = v;
  }
  ariArenaRelease(&se->scratch, m);
  return true;
}

static void setStop(Search *se, AriBeamStop stop, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void setStop(Search *se, AriBeamStop stop, const char *fmt, ...) {
  se->out->stop = stop;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(se->out->message, sizeof se->out->message, fmt, ap);
  va_end(ap);
}

static bool overLimits(Search *se) {
  if (se->o.timeLimitS > 0 && elapsed(se) >= se->o.timeLimitS) {
    setStop(se, ARI_BEAM_TIME, "time limit of %.3g s reached", se->o.timeLimitS);
    return true;
  }
  if (se->o.maxStoreBytes && ariTermStoreBytes(se->s) > se->o.maxStoreBytes) {
    setStop(se, ARI_BEAM_MEMORY, "term store over %zu bytes", se->o.maxStoreBytes);
    return true;
  }
  return false;
}

/* Scores cand[*scored..numCand), or only whole batches (o.scoreBatch) when
 * `all` is false, stopping at the candidate limit or at the time or memory
 * limit; once a limit has stopped the round (*stopped), nothing more. Returns
 * false on an error of the cost (out->message says it); sets *stopped when a
 * limit stopped the round. */
static bool scorePending(Search *se, Node **cand, size_t *scored, size_t numCand, bool all,
                         AriBeamScoreFn score, void *ctx, bool *stopped) {
  size_t batch = se->o.scoreBatch;
  while (!*stopped && *scored < numCand && (all || numCand - *scored >= batch)) {
    size_t chunk = numCand - *scored;
    if (chunk > batch)
      chunk = batch;
    if (se->o.maxCandidates && se->out->candidates + chunk > se->o.maxCandidates) {
      /* Score what the limit allows, in the order made (deterministic). */
      chunk = (size_t)(se->o.maxCandidates - se->out->candidates);
      setStop(se, ARI_BEAM_CANDIDATES, "candidate limit of %" PRIu64 " reached",
              se->o.maxCandidates);
      *stopped = true;
    }
    if (chunk && !scoreBatch(se, cand + *scored, chunk, score, ctx))
      return false;
    se->out->candidates += chunk;
    *scored += chunk;
    if (overLimits(se))
      *stopped = true;
  }
  return true;
}

/* out->best: the kept schedules, best first, then the states they went
 * through (their ancestors but the input, each once), best first: where
 * every kept schedule is one the lowering rejects (the deeper rounds of
 * Harris all kept such), the best of the steps towards them may still
 * lower. */
static bool flatten(Search *se) {
  AriBeamResult *out = se->out;
  size_t cap = se->numBest;
  for (size_t i = 0; i < se->numBest; ++i)
    cap += se->best[i]->depth;
  const Node **all = ariArenaAlloc(se->arena, (cap ? cap : 1) * sizeof *all);
  out->best = ariArenaAlloc(se->arena, (cap ? cap : 1) * sizeof *out->best);
  if (!all || !out->best)
    return false;
  size_t n = 0;
  for (size_t i = 0; i < se->numBest; ++i)
    all[n++] = se->best[i];
  for (size_t i = 0; i < se->numBest; ++i)
    for (const Node *x = se->best[i]->parent; x && x->depth; x = x->parent) {
      bool seen = false;
      for (size_t j = 0; j < n && !seen; ++j)
        seen = all[j] == x;
      if (!seen)
        all[n++] = x;
    }
  qsort(all + se->numBest, n - se->numBest, sizeof *all, cmpNodes);
  for (size_t i = 0; i < n; ++i) {
    const Node *node = all[i];
    AriBeamSchedule *sc = &out->best[i];
    sc->func = node->func;
    sc->score = node->score;
    sc->numSteps = node->depth;
    sc->steps = ariArenaAlloc(se->arena, (node->depth ? node->depth : 1) * sizeof *sc->steps);
    if (!sc->steps)
      return false;
    for (const Node *x = node; x->depth; x = x->parent)
      sc->steps[x->depth - 1] = x->step;
  }
  out->numKept = se->numBest;
  out->numBest = n;
  return true;
}

/* The next beam from the round's candidates, sorted best first: the best
 * candidate ending with each action (by definition: tile sizes and
 * positions aside), then the best of the rest, at most a quarter of the
 * beam (at least 2) ending with the same action, so that a step which
 * pays off only with the next one (a fusion before a vectorisation) is
 * not crowded out by the many variants of one that pays at once; slots
 * left are filled with the best of the rest. */
static size_t selectBeam(Search *se, Node **cand, size_t numCand, const unsigned *kinds,
                         Node **beam) {
  size_t width = se->o.beamWidth, cap = width / 4 < 2 ? 2 : width / 4, n = 0;
  AriArenaMark m = ariArenaMark(&se->scratch);
  unsigned *count = ariArenaAlloc(&se->scratch, (se->numActions + 1) * sizeof *count);
  bool *taken = ariArenaAlloc(&se->scratch, (numCand + 1) * sizeof *taken);
  if (count && taken) {
    memset(count, 0, (se->numActions + 1) * sizeof *count);
    memset(taken, 0, (numCand + 1) * sizeof *taken);
    /* First the best of each action, then the best of the rest, at most
     * `cap` per action. */
    for (int pass = 0; pass < 2; ++pass)
      for (size_t i = 0; i < numCand && n < width; ++i) {
        unsigned k = kinds[cand[i]->step.action];
        if (!taken[i] && count[k] < (pass == 0 ? 1 : cap)) {
          count[k]++;
          taken[i] = true;
          beam[n++] = cand[i];
        }
      }
  }
  for (size_t i = 0; i < numCand && n < width; ++i)
    if (!taken || !taken[i])
      beam[n++] = cand[i];
  ariArenaRelease(&se->scratch, m);
  /* Best first again (the cap took some out of order). */
  qsort(beam, n, sizeof *beam, cmpNodes);
  return n;
}

AriBeamStop ariBeamSearch(AriTermStore *s, AriStratRise *host, const AriStratProgram *p,
                          const AriBeamAction *actions, size_t n, const AriTermFunc *f,
                          AriBeamScoreFn score, void *scoreCtx, const AriBeamOptions *opts,
                          AriArena *arena, AriBeamResult *out) {
  memset(out, 0, sizeof *out);
  Search se;
  memset(&se, 0, sizeof se);
  se.s = s;
  se.host = host;
  se.h = ariStratRiseHost(host);
  se.p = p;
  se.actions = actions;
  se.numActions = n;
  se.f = f;
  se.o = *opts;
  if (!se.o.beamWidth)
    se.o.beamWidth = 32;
  if (!se.o.maxDepth)
    se.o.maxDepth = 6;
  if (se.o.maxDepth > ARI_BEAM_MAX_DEPTH)
    se.o.maxDepth = ARI_BEAM_MAX_DEPTH;
  if (!se.o.maxPositions)
    se.o.maxPositions = 4096;
  if (!se.o.keep)
    se.o.keep = 8;
  if (!se.o.actionLimits.maxSteps)
    se.o.actionLimits.maxSteps = 10000;
  if (!se.o.actionLimits.maxVisits)
    se.o.actionLimits.maxVisits = 1000000;
  /* Batches this large keep a learned model's per-call overhead small;
   * the limits are checked between them (the transformer encoder's second
   * round, scored whole after its 60 s limit cut it, ran 19 s over). */
  if (!se.o.scoreBatch)
    se.o.scoreBatch = 2048;
  se.arena = arena;
  se.out = out;
  ariArenaInit(&se.scratch, 0);
  if (!se.o.clock)
    se.o.clock = monotonicSeconds;
  se.start = se.o.clock(se.o.clockCtx);
  out->stop = ARI_BEAM_DEPTH;

  se.best = ariArenaAlloc(arena, se.o.keep * sizeof *se.best);
  Node **beam = ariArenaAlloc(arena, se.o.beamWidth * sizeof *beam);
  Positions ps = {ariArenaAlloc(arena, (size_t)se.o.maxPositions * ARI_BEAM_MAX_PATH *
                                           sizeof *ps.paths),
                  ariArenaAlloc(arena, se.o.maxPositions * sizeof *ps.lens), 0,
                  se.o.maxPositions};
  /* Each action's kind: the first action with the same name before '('. */
  unsigned *kinds = ariArenaAlloc(arena, (n + 1) * sizeof *kinds);
  for (size_t a = 0; kinds && a < n; ++a) {
    size_t la = strcspn(actions[a].text, "(");
    kinds[a] = (unsigned)a;
    for (size_t b = 0; b < a; ++b)
      if (strcspn(actions[b].text, "(") == la && !strncmp(actions[a].text, actions[b].text, la)) {
        kinds[a] = kinds[b];
        break;
      }
  }
  Node *root = ariArenaAlloc(arena, sizeof *root);
  if (!se.best || !beam || !ps.paths || !ps.lens || !root || !kinds) {
    setStop(&se, ARI_BEAM_MEMORY, "out of memory");
    goto done;
  }
  memset(root, 0, sizeof *root);
  root->func = *f;
  root->tie = mix(rootsHash(f) ^ mix(se.o.seed));
  bool oom = false;
  seenInsert(&se, root, &oom);
  if (oom || !scoreBatch(&se, &root, 1, score, scoreCtx)) {
    setStop(&se, oom ? ARI_BEAM_MEMORY : ARI_BEAM_ERROR, "%s",
            oom ? "out of memory" : out->message);
    goto done;
  }
  out->candidates = 1;
  out->inputScore = root->score;
  keepBest(&se, root);
  beam[0] = root;
  size_t beamSize = 1;

  /* The round's candidates: a growing array in the arena (regrown by
   * doubling; the old copies are dead weight until the search returns). */
  size_t candCap = 1024, numCand = 0;
  Node **cand = ariArenaAlloc(arena, candCap * sizeof *cand);
  if (!cand) {
    setStop(&se, ARI_BEAM_MEMORY, "out of memory");
    goto done;
  }
  bool stopped = false;
  for (unsigned round = 0; round < se.o.maxDepth && !stopped; ++round) {
    numCand = 0;
    size_t scored = 0; /* cand[0..scored) have their scores */
    bool failed = false;
    for (size_t b = 0; b < beamSize && !stopped; ++b) {
      const Node *parent = beam[b];
      AriStratTerm t = funcTerm(&se, parent);
      if (!t) {
        setStop(&se, ARI_BEAM_MEMORY, "out of memory");
        stopped = true;
        break;
      }
      uint32_t path[ARI_BEAM_MAX_PATH];
      ps.count = 0;
      collect(se.h, t, path, 0, &ps);
      for (unsigned pi = 0; pi < ps.count && !stopped; ++pi) {
        const uint32_t *pp = ps.paths + (size_t)pi * ARI_BEAM_MAX_PATH;
        for (size_t a = 0; a < n; ++a) {
          if ((++out->applications & 255) == 0 && overLimits(&se)) {
            stopped = true;
            break;
          }
          AriStratTerm r;
          bool hard = false;
          if (!applyAt(&se, &actions[a], t, pp, ps.lens[pi], &r, &hard)) {
            if (hard) {
              setStop(&se, ARI_BEAM_MEMORY, "term store: %s", ariTermStoreError(s));
              stopped = true;
              break;
            }
            continue;
          }
          AriBeamStep step;
          memset(&step, 0, sizeof step);
          step.action = (unsigned)a;
          step.pathLen = ps.lens[pi];
          memcpy(step.path, pp, step.pathLen * sizeof *pp);
          Node *c = makeNode(&se, parent, &step, r);
          if (!c) {
            setStop(&se, ARI_BEAM_MEMORY, "out of memory");
            stopped = true;
            break;
          }
          if (!seenInsert(&se, c, &oom)) {
            if (oom) {
              setStop(&se, ARI_BEAM_MEMORY, "out of memory");
              stopped = true;
              break;
            }
            out->duplicates++;
            continue;
          }
          if (numCand == candCap) {
            Node **grown = ariArenaAlloc(arena, 2 * candCap * sizeof *grown);
            if (!grown) {
              setStop(&se, ARI_BEAM_MEMORY, "out of memory");
              stopped = true;
              break;
            }
            memcpy(grown, cand, candCap * sizeof *grown);
            cand = grown;
            candCap *= 2;
          }
          cand[numCand++] = c;
        }
      }
      if (!scorePending(&se, cand, &scored, numCand, false, score, scoreCtx, &stopped)) {
        failed = true;
        break;
      }
    }
    /* The rest, unless a limit stopped the round: what it made and did not
     * score is dropped. */
    if (!failed && !scorePending(&se, cand, &scored, numCand, true, score, scoreCtx, &stopped))
      failed = true;
    if (failed) {
      setStop(&se, ARI_BEAM_ERROR, "%s", out->message);
      break;
    }
    numCand = scored;
    if (numCand == 0) {
      if (!stopped)
        setStop(&se, ARI_BEAM_EXHAUSTED, "no action made a new schedule in round %u", round + 1);
      break;
    }
    qsort(cand, numCand, sizeof *cand, cmpNodes);
    for (size_t i = 0; i < numCand && i < se.o.keep; ++i)
      keepBest(&se, cand[i]);
    beamSize = selectBeam(&se, cand, numCand, kinds, beam);
    out->rounds = round + 1;
    if (!stopped && overLimits(&se))
      stopped = true;
  }
  if (out->stop == ARI_BEAM_DEPTH)
    snprintf(out->message, sizeof out->message, "%u rounds done", out->rounds);
done:
  if (!flatten(&se) && out->stop != ARI_BEAM_ERROR)
    setStop(&se, ARI_BEAM_MEMORY, "out of memory");
  out->seconds = elapsed(&se);
  ariArenaDestroy(&se.scratch);
  return out->stop;
}

size_t ariBeamFormatSchedule(const AriBeamSchedule *sc, const AriBeamAction *actions, char *buf,
                             size_t cap) {
  size_t len = 0;
#define PUT(...)                                                                                   \
  do {                                                                                             \
    int k_ = snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0, __VA_ARGS__);      \
    if (k_ > 0)                                                                                    \
      len += (size_t)k_;                                                                           \
  } while (0)
  if (cap)
    buf[0] = 0;
  if (!sc->numSteps)
    PUT("id");
  for (unsigned i = 0; i < sc->numSteps; ++i) {
    const AriBeamStep *st = &sc->steps[i];
    if (i)
      PUT(" ; ");
    for (unsigned k = 0; k < st->pathLen; ++k)
      PUT("child(%" PRIu32 ", ", st->path[k]);
    PUT("%s", actions[st->action].text);
    for (unsigned k = 0; k < st->pathLen; ++k)
      PUT(")");
  }
#undef PUT
  return len;
}

const char *ariBeamStopName(AriBeamStop s) {
  switch (s) {
  case ARI_BEAM_DEPTH: return "depth";
  case ARI_BEAM_EXHAUSTED: return "exhausted";
  case ARI_BEAM_TIME: return "time-limit";
  case ARI_BEAM_CANDIDATES: return "candidate-limit";
  case ARI_BEAM_MEMORY: return "memory-limit";
  case ARI_BEAM_ERROR: return "error";
  }
  return "?";
}

/* "actTile" -> true: an action's name. */
static bool isActionName(const char *n) {
  return !strncmp(n, "act", 3) && isupper((unsigned char)n[3]);
}

bool ariBeamActions(AriStratProgram *p, AriStratRise *host, const int64_t *tiles, unsigned nt,
                    const int64_t *vecs, unsigned nv, AriArena *arena, AriBeamAction **actions,
                    size_t *n, char *err, size_t cap) {
  *n = 0;
  AriBeamAction *as = ariArenaAlloc(arena, ARI_BEAM_MAX_ACTIONS * sizeof *as);
  if (!(*actions = as)) {
    snprintf(err, cap, "out of memory");
    return false;
  }
  size_t nd = ariStratNumDefinitions(p);
  for (size_t d = 0; d < nd; ++d) {
    const char *dn = ariStratDefinitionName(p, d);
    if (!isActionName(dn))
      continue;
    const char *params[3];
    size_t np = ariStratDefinitionParams(p, d, params, 3);
    if (np > 2) {
      snprintf(err, cap, "action '%s' takes %zu parameters; actions take at most 2", dn, np);
      return false;
    }
    const int64_t *dom[2] = {NULL, NULL};
    unsigned len[2] = {1, 1};
    for (size_t k = 0; k < np; ++k) {
      bool v = !strcmp(params[k], "v");
      dom[k] = v ? vecs : tiles;
      len[k] = v ? nv : nt;
    }
    for (unsigned a = 0; a < len[0]; ++a)
      for (unsigned b = 0; b < len[1]; ++b) {
        char text[160];
        if (np == 0)
          snprintf(text, sizeof text, "%s", dn);
        else if (np == 1)
          snprintf(text, sizeof text, "%s(%" PRId64 ")", dn, dom[0][a]);
        else
          snprintf(text, sizeof text, "%s(%" PRId64 ", %" PRId64 ")", dn, dom[0][a], dom[1][b]);
        if (*n == ARI_BEAM_MAX_ACTIONS) {
          snprintf(err, cap, "more than %d action instances; give fewer parameter values",
                   ARI_BEAM_MAX_ACTIONS);
          return false;
        }
        char *copy = ariArenaStrndup(arena, text, strlen(text));
        AriStratDiag diag;
        AriStratExpr *e = copy ? ariStratParseExpr(p, "action", copy, strlen(copy), &diag) : NULL;
        if (!copy) {
          snprintf(err, cap, "out of memory");
          return false;
        }
        if (!e || !ariStratBind(p, e, ariStratRiseHost(host), &diag)) {
          snprintf(err, cap, "action '%s': %s:%" PRIu32 ":%" PRIu32 ": %s", text,
                   diag.file ? diag.file : "action", diag.line, diag.col, diag.message);
          return false;
        }
        as[(*n)++] = (AriBeamAction){copy, e};
      }
  }
  if (!*n) {
    snprintf(err, cap, "no definition is an action (named act<Name>)");
    return false;
  }
  return true;
}
