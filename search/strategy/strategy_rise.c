/*===- strategy_rise.c - strategies over RISE terms -----------------------===*\
 *
 * Handles: a store term is its pointer (terms are at least 8-byte aligned);
 * a function node is its pointer with bit 0 set. Function nodes are
 * hash-consed here, as the store does for terms, so that repeat's
 * fixpoint test also works at the function level.
 *
 * Primitive handles: a rule is its catalogue id (>= 0); a predicate is
 * -1 - code, where code packs a term kind and an implementation choice
 * (see predCode), or is kMapNest.
 *
\*===----------------------------------------------------------------------===*/

#include "search/strategy/strategy_rise.h"
#include "search/rules/rules.h"
#include "utils/hash.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct FuncNode {
  uint32_t n;
  uint64_t hash;
  AriTerm *kids[];
} FuncNode;

struct AriStratRise {
  AriTermStore *store;
  AriArena *arena;
  AriStratHost host;
  FuncNode **table; /* open addressing, power-of-two size */
  size_t tableCap, tableCount;
  AriStratRiseTraceFn trace;
  void *traceUser;
};

enum {
  kAnyImpl = 31,         /* predicate on a kind, whatever its implementation */
  kHighImpl = 30,        /* high-level only (ARI_PAT_NONE) */
  kMapNest = 1 << 20,
  kTripsAtMost = (1 << 20) + 1,
  kClosed = (1 << 20) + 2,
};

static int64_t predCode(AriTermKind k, int impl) { return ((int64_t)k << 5) | impl; }

AriStratTerm ariStratRiseTerm(const AriTerm *t) { return (AriStratTerm)(uintptr_t)t; }

AriTerm *ariStratRiseAsTerm(AriStratTerm h) {
  return (h & 1) ? NULL : (AriTerm *)(uintptr_t)h;
}

static FuncNode *asFunc(AriStratTerm h) { return (h & 1) ? (FuncNode *)(uintptr_t)(h - 1) : NULL; }

/*--- function nodes ------------------------------------------------------*/

static uint64_t hashKids(AriTerm *const *kids, uint32_t n) {
  uint64_t h = ARI_HASH_SEED64 ^ n;
  for (uint32_t i = 0; i < n; ++i)
    h = ariHashAdd64(h, (uint64_t)(uintptr_t)kids[i]);
  return ariHashMix64(h);
}

static bool growTable(AriStratRise *r) {
  size_t cap = r->tableCap ? r->tableCap * 2 : 64;
  FuncNode **t = ariArenaCalloc(r->arena, cap * sizeof *t);
  if (!t)
    return false;
  for (size_t i = 0; i < r->tableCap; ++i) {
    FuncNode *f = r->table[i];
    if (!f)
      continue;
    size_t j = (size_t)f->hash & (cap - 1);
    while (t[j])
      j = (j + 1) & (cap - 1);
    t[j] = f;
  }
  r->table = t;
  r->tableCap = cap;
  return true;
}

static AriStratTerm internFunc(AriStratRise *r, AriTerm *const *kids, uint32_t n) {
  if ((r->tableCount + 1) * 2 > r->tableCap && !growTable(r))
    return 0;
  uint64_t h = hashKids(kids, n);
  size_t j = (size_t)h & (r->tableCap - 1);
  for (FuncNode *f; (f = r->table[j]); j = (j + 1) & (r->tableCap - 1))
    if (f->hash == h && f->n == n && (!n || !memcmp(f->kids, kids, n * sizeof *kids)))
      return (AriStratTerm)(uintptr_t)f | 1;
  FuncNode *f = ariArenaAlloc(r->arena, sizeof *f + n * sizeof *kids);
  if (!f)
    return 0;
  f->n = n;
  f->hash = h;
  if (n)
    memcpy(f->kids, kids, n * sizeof *kids);
  r->table[j] = f;
  r->tableCount++;
  return (AriStratTerm)(uintptr_t)f | 1;
}

AriStratTerm ariStratRiseFuncTerm(AriStratRise *r, const AriTermFunc *f) {
  /* More than 16 roots is rare: their copy simply stays in the arena. */
  AriTerm *local[16], **kids = local;
  if (f->numRoots > 16 && !(kids = ariArenaAlloc(r->arena, f->numRoots * sizeof *kids)))
    return 0;
  for (unsigned i = 0; i < f->numRoots; ++i)
    kids[i] = f->roots[i].value;
  return internFunc(r, kids, f->numRoots);
}

bool ariStratRiseSetRoots(AriStratRise *r, AriStratTerm t, AriTermFunc *f) {
  (void)r;
  FuncNode *fn = asFunc(t);
  if (!fn || fn->n != f->numRoots)
    return false;
  for (unsigned i = 0; i < f->numRoots; ++i)
    f->roots[i].value = fn->kids[i];
  return true;
}

/*--- predicates ----------------------------------------------------------*/

static const struct {
  const char *suffix;
  AriPatternKind kind;
} kImpls[] = {
    {"Seq", ARI_PAT_SEQ},       {"Unroll", ARI_PAT_UNROLL},       {"Par", ARI_PAT_PAR},
    {"Vec", ARI_PAT_VEC},       {"Global", ARI_PAT_GLOBAL},       {"Workgroup", ARI_PAT_WORKGROUP},
    {"Local", ARI_PAT_LOCAL},   {"Stream", ARI_PAT_STREAM},       {"Iterate", ARI_PAT_ITERATE},
    {"High", (AriPatternKind)kHighImpl},
};

/* "isPadCst" -> ARI_TERM_PAD_CST. */
static bool kindFromCamel(const char *camel, AriTermKind *k) {
  char snake[64];
  size_t n = 0;
  for (const char *c = camel; *c; ++c) {
    if (n + 3 >= sizeof snake)
      return false;
    if (isupper((unsigned char)*c)) {
      if (n)
        snake[n++] = '_';
      snake[n++] = (char)tolower((unsigned char)*c);
    } else {
      snake[n++] = *c;
    }
  }
  snake[n] = 0;
  return ariTermKindFromName(snake, k);
}

/* The predicate code of `name`, or -1. */
static int64_t predicateCode(const char *name) {
  AriTermKind k;
  if (!strcmp(name, "isLambda"))
    return predCode(ARI_TERM_LAM, kAnyImpl);
  if (!strcmp(name, "appliedMap"))
    return predCode(ARI_TERM_MAP, kAnyImpl);
  if (!strcmp(name, "appliedReduce"))
    return predCode(ARI_TERM_REDUCE, kAnyImpl);
  if (strncmp(name, "is", 2) != 0 || !isupper((unsigned char)name[2]))
    return -1;
  if (kindFromCamel(name + 2, &k))
    return predCode(k, kAnyImpl);
  const char *bases[] = {"isMap", "isReduce"};
  AriTermKind baseKinds[] = {ARI_TERM_MAP, ARI_TERM_REDUCE};
  for (int b = 0; b < 2; ++b) {
    size_t bl = strlen(bases[b]);
    if (strncmp(name, bases[b], bl) != 0)
      continue;
    for (size_t i = 0; i < sizeof kImpls / sizeof kImpls[0]; ++i)
      if (!strcmp(name + bl, kImpls[i].suffix))
        return predCode(baseKinds[b], (int)kImpls[i].kind);
  }
  return -1;
}

static bool holds(int64_t code, const AriTerm *t) {
  AriTermKind k = (AriTermKind)(code >> 5);
  int impl = (int)(code & 31);
  if (ariTermKind(t) != k)
    return false;
  if (impl == kAnyImpl)
    return true;
  AriPatternKind pk = ariTermPatternKind(t);
  return impl == kHighImpl ? pk == ARI_PAT_NONE : (int)pk == impl;
}

static bool mapNest(const AriTerm *t, int64_t n) {
  for (;;) {
    if (ariTermKind(t) != ARI_TERM_MAP)
      return false;
    if (n <= 1)
      return true;
    const AriTerm *f = ariTermKid(t, 0);
    if (ariTermKind(f) != ARI_TERM_LAM)
      return false;
    t = ariTermKid(f, 0);
    n--;
  }
}

/* A map or reduce over at most n elements (the length of its xs). */
static bool tripsAtMost(const AriTerm *t, int64_t n) {
  AriTermKind k = ariTermKind(t);
  if (k != ARI_TERM_MAP && k != ARI_TERM_REDUCE)
    return false;
  const AriTerm *xs = ariTermKid(t, ariTermNumKids(t) - 1);
  int64_t len = ariTypeSize(ariTermType(xs));
  return len > 0 && len <= n;
}

/*--- the host ------------------------------------------------------------*/

static AriStratPrimKind riseLookup(void *ctx, const char *name, size_t nargs, int64_t *handle,
                                   char *err, size_t cap) {
  (void)ctx;
  int id = ariRuleFind(name, strlen(name));
  if (id >= 0) {
    const AriRuleInfo *info = ariRuleInfo((size_t)id);
    if (nargs < info->minArgs || nargs > info->maxArgs) {
      if (info->minArgs == info->maxArgs)
        snprintf(err, cap, "rule '%s' takes %u argument%s (%s), got %zu", name, info->minArgs,
                 info->minArgs == 1 ? "" : "s", info->params[0] ? info->params : "none", nargs);
      else
        snprintf(err, cap, "rule '%s' takes %u to %u arguments (%s), got %zu", name, info->minArgs,
                 info->maxArgs, info->params, nargs);
      return ARI_STRAT_PRIM_NONE;
    }
    *handle = id;
    return ARI_STRAT_PRIM_RULE;
  }
  if (!strcmp(name, "mapNest")) {
    if (nargs != 1) {
      snprintf(err, cap, "predicate 'mapNest' takes 1 argument (the depth), got %zu", nargs);
      return ARI_STRAT_PRIM_NONE;
    }
    *handle = -1 - (int64_t)kMapNest;
    return ARI_STRAT_PRIM_PREDICATE;
  }
  if (!strcmp(name, "tripsAtMost")) {
    if (nargs != 1) {
      snprintf(err, cap, "predicate 'tripsAtMost' takes 1 argument (the trip count), got %zu",
               nargs);
      return ARI_STRAT_PRIM_NONE;
    }
    *handle = -1 - (int64_t)kTripsAtMost;
    return ARI_STRAT_PRIM_PREDICATE;
  }
  /* before predicateCode, which reads "is" + a kind */
  if (!strcmp(name, "isClosed")) {
    if (nargs) {
      snprintf(err, cap, "predicate 'isClosed' takes no arguments");
      return ARI_STRAT_PRIM_NONE;
    }
    *handle = -1 - (int64_t)kClosed;
    return ARI_STRAT_PRIM_PREDICATE;
  }
  int64_t code = predicateCode(name);
  if (code >= 0) {
    if (nargs) {
      snprintf(err, cap, "predicate '%s' takes no arguments", name);
      return ARI_STRAT_PRIM_NONE;
    }
    *handle = -1 - code;
    return ARI_STRAT_PRIM_PREDICATE;
  }
  return ARI_STRAT_PRIM_NONE;
}

static void toRuleArgs(const AriStratValue *args, size_t nargs, AriRuleArg *out) {
  for (size_t i = 0; i < nargs; ++i) {
    out[i].isSymbol = args[i].kind == ARI_STRAT_VALUE_SYMBOL;
    out[i].nat = args[i].nat;
    out[i].symbol = args[i].symbol;
  }
}

static bool riseCheckArgs(void *ctx, int64_t handle, const AriStratValue *args, size_t nargs,
                          char *err, size_t cap) {
  (void)ctx;
  if (handle >= 0) {
    AriRuleArg ra[ARI_STRAT_MAX_ARGS];
    AriRuleInst inst;
    if (nargs > ARI_STRAT_MAX_ARGS)
      return false;
    toRuleArgs(args, nargs, ra);
    return ariRuleBind((size_t)handle, ra, nargs, &inst, err, cap);
  }
  if (handle == -1 - (int64_t)kMapNest &&
      (args[0].kind != ARI_STRAT_VALUE_NAT || args[0].nat < 1)) {
    snprintf(err, cap, "mapNest needs a depth of at least 1");
    return false;
  }
  if (handle == -1 - (int64_t)kTripsAtMost &&
      (args[0].kind != ARI_STRAT_VALUE_NAT || args[0].nat < 1)) {
    snprintf(err, cap, "tripsAtMost needs a trip count of at least 1");
    return false;
  }
  return true;
}

static AriStratHostStatus riseApply(void *ctx, int64_t handle, const AriStratValue *args,
                                    size_t nargs, AriStratTerm h, AriStratTerm *out, char *err,
                                    size_t cap) {
  AriStratRise *r = ctx;
  AriTerm *t = ariStratRiseAsTerm(h);
  if (handle >= 0) {
    AriRuleArg ra[ARI_STRAT_MAX_ARGS];
    AriRuleInst inst;
    toRuleArgs(args, nargs, ra);
    if (!ariRuleBind((size_t)handle, ra, nargs, &inst, err, cap))
      return ARI_STRAT_HOST_ERROR;
    if (!t)
      return ARI_STRAT_HOST_NO_MATCH; /* the function node */
    AriTerm *res = NULL;
    switch (ariRuleApply(&inst, r->store, t, &res)) {
    case ARI_RULE_APPLIED:
      *out = ariStratRiseTerm(res); /* traced by riseOnRule, which knows the path */
      return ARI_STRAT_HOST_OK;
    case ARI_RULE_NO_MATCH:
      return ARI_STRAT_HOST_NO_MATCH;
    case ARI_RULE_ERROR:
      snprintf(err, cap, "rule '%s': %s", ariRuleInfo((size_t)handle)->name,
               ariTermStoreError(r->store));
      return ARI_STRAT_HOST_ERROR;
    }
    return ARI_STRAT_HOST_ERROR;
  }
  int64_t code = -1 - handle;
  if (!t)
    return ARI_STRAT_HOST_NO_MATCH;
  bool ok;
  if (code == kMapNest) {
    if (args[0].kind != ARI_STRAT_VALUE_NAT || args[0].nat < 1) {
      snprintf(err, cap, "mapNest needs a depth of at least 1");
      return ARI_STRAT_HOST_ERROR;
    }
    ok = mapNest(t, args[0].nat);
  } else if (code == kTripsAtMost) {
    if (args[0].kind != ARI_STRAT_VALUE_NAT || args[0].nat < 1) {
      snprintf(err, cap, "tripsAtMost needs a trip count of at least 1");
      return ARI_STRAT_HOST_ERROR;
    }
    ok = tripsAtMost(t, args[0].nat);
  } else if (code == kClosed) {
    ok = ariTermIsClosed(t);
  } else {
    ok = holds(code, t);
  }
  *out = h;
  return ok ? ARI_STRAT_HOST_OK : ARI_STRAT_HOST_NO_MATCH;
}

static size_t riseNumChildren(void *ctx, AriStratTerm h) {
  (void)ctx;
  FuncNode *f = asFunc(h);
  return f ? f->n : ariTermNumKids(ariStratRiseAsTerm(h));
}

static AriStratTerm riseChild(void *ctx, AriStratTerm h, size_t i) {
  (void)ctx;
  FuncNode *f = asFunc(h);
  return ariStratRiseTerm(f ? f->kids[i] : ariTermKid(ariStratRiseAsTerm(h), (unsigned)i));
}

static AriStratHostStatus riseRebuild(void *ctx, AriStratTerm h, const AriStratTerm *kids,
                                      size_t n, AriStratTerm *out, char *err, size_t cap) {
  AriStratRise *r = ctx;
  AriTerm *local[16], **k = local;
  AriArenaMark m = ariArenaMark(r->arena);
  if (n > 16 && !(k = ariArenaAlloc(r->arena, n * sizeof *k))) {
    snprintf(err, cap, "out of memory");
    return ARI_STRAT_HOST_ERROR;
  }
  for (size_t i = 0; i < n; ++i) {
    k[i] = ariStratRiseAsTerm(kids[i]);
    if (!k[i]) {
      snprintf(err, cap, "a function node cannot be a child");
      ariArenaRelease(r->arena, m);
      return ARI_STRAT_HOST_ERROR;
    }
  }
  AriStratHostStatus st = ARI_STRAT_HOST_OK;
  if (asFunc(h)) {
    *out = internFunc(r, k, (uint32_t)n);
    if (!*out) {
      snprintf(err, cap, "out of memory");
      st = ARI_STRAT_HOST_ERROR;
    }
    /* The node was allocated after the mark and must survive: a copy of
     * more than 16 children simply stays in the arena. */
    return st;
  }
  AriTerm *res = ariTermRebuild(r->store, ariStratRiseAsTerm(h), k);
  if (!res) {
    snprintf(err, cap, "a rewrite changed a type so that its parent no longer type-checks: %s",
             ariTermStoreError(r->store));
    ariTermStoreClearError(r->store);
    st = ARI_STRAT_HOST_ERROR;
  } else {
    *out = ariStratRiseTerm(res);
  }
  if (k != local)
    ariArenaRelease(r->arena, m);
  return st;
}

static void riseOnRule(void *ctx, const AriStratRuleEvent *ev) {
  AriStratRise *r = ctx;
  if (r->trace)
    r->trace(r->traceUser, ev, ariStratRiseAsTerm(ev->before), ariStratRiseAsTerm(ev->after));
}

AriStratRise *ariStratRiseCreate(AriTermStore *store, AriArena *arena) {
  AriStratRise *r = ariArenaCalloc(arena, sizeof *r);
  if (!r)
    return NULL;
  r->store = store;
  r->arena = arena;
  r->host.ctx = r;
  r->host.lookup = riseLookup;
  r->host.apply = riseApply;
  r->host.numChildren = riseNumChildren;
  r->host.child = riseChild;
  r->host.rebuild = riseRebuild;
  r->host.onRule = riseOnRule;
  r->host.checkArgs = riseCheckArgs;
  return r;
}

const AriStratHost *ariStratRiseHost(AriStratRise *r) { return &r->host; }

void ariStratRiseSetTrace(AriStratRise *r, AriStratRiseTraceFn fn, void *user) {
  r->trace = fn;
  r->traceUser = user;
}
