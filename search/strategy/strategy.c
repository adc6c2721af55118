/*===- strategy.c - binding and running strategies ------------------------===*\
 *
 * Binding resolves names once, before any term is touched, so that a typo
 * is a diagnostic with a position rather than a failure deep in a run.
 * The interpreter is a direct recursive evaluator. Definition parameters are
 * passed by name (a thunk: the argument expression and the caller's frame);
 * frames live on the C stack because no strategy outlives the call that
 * made it. Traversals (topDown, bottomUp, outermost, innermost, normalize)
 * are native loops rather than their recursive ELEVATE definitions: same
 * results, far fewer evaluations.
 *
 * Where a failing run stopped: every failure is recorded (node, depth of
 * the term path) as it happens; the failure that reaches the top is always
 * the last one recorded, and nothing is pushed on the path after it, so
 * the path prefix is still intact when the run returns.
 *
\*===----------------------------------------------------------------------===*/

#include "search/strategy/strategy_impl.h"
#include "utils/strbuf.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- binding ----------------------------------------------------------- */

typedef enum { ROLE_STRATEGY, ROLE_VALUE, ROLE_ANY } Role;

typedef struct {
  AriStratProgram *p;
  const AriStratHost *host;
  AriStratDiag *diag;
  AriStratDef *def; /* whose body is being bound, or NULL */
  int depth;
} Binder;

static bool bindExpr(Binder *b, AriStratExpr *e, Role role);

static long findParam(const AriStratDef *d, const char *name) {
  if (!d)
    return -1;
  for (uint32_t i = 0; i < d->nparams; ++i)
    if (!strcmp(d->params[i], name))
      return (long)i;
  return -1;
}

static bool bindDef(Binder *b, AriStratDef *d) {
  if (d->state != 0)
    return true; /* bound, or being bound (recursion) */
  d->state = 1;
  Binder inner = *b;
  inner.def = d;
  bool ok = bindExpr(&inner, d->body, ROLE_STRATEGY);
  d->state = ok ? 2 : 0;
  return ok;
}

static bool err(Binder *b, const AriStratExpr *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool err(Binder *b, const AriStratExpr *e, const char *fmt, ...) {
  char msg[ARI_STRAT_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return ariStratError(b->diag, e->file, e->line, e->col, "%s", msg);
}

/* Would `name` with nargs arguments resolve as a strategy? */
static bool isStrategyName(Binder *b, const char *name, uint32_t nargs) {
  const AriStratBuiltin *bi = ariStratBuiltin(name);
  if (bi)
    return bi->arity == nargs;
  long di = ariStratFindDef(b->p, name);
  if (di >= 0)
    return b->p->defs[di].nparams == nargs;
  int64_t h;
  char e[ARI_STRAT_MSG_MAX] = "";
  return b->host->lookup(b->host->ctx, name, nargs, &h, e, sizeof e) != ARI_STRAT_PRIM_NONE;
}

static bool bindRef(Binder *b, AriStratExpr *e) {
  const char *name = e->name;
  long pi = findParam(b->def, name);
  if (pi >= 0) {
    if (e->nargs)
      return err(b, e, "parameter '%s' takes no arguments", name);
    e->kind = SK_PARAM;
    e->index = (uint32_t)pi;
    b->def->paramUse[pi] |= 1;
    return true;
  }
  const AriStratBuiltin *bi = ariStratBuiltin(name);
  if (bi) {
    if (e->nargs != bi->arity) {
      if (bi->arity == 0)
        return err(b, e, "'%s' takes no arguments", name);
      return err(b, e, "'%s' takes %" PRIu32 " strateg%s, got %" PRIu32 " argument%s", name,
                 bi->arity, bi->arity == 1 ? "y" : "ies", e->nargs, e->nargs == 1 ? "" : "s");
    }
    e->kind = bi->kind;
    for (uint32_t i = 0; i < e->nargs; ++i) {
      /* child(i, s): i is a literal child index, not a strategy. */
      bool index = bi->kind == SK_CHILD && i == 0;
      if (index && e->args[0]->kind != SK_NAT)
        return err(b, e->args[0], "child's first argument must be a child index (a number)");
      if (!bindExpr(b, e->args[i], index ? ROLE_VALUE : ROLE_STRATEGY))
        return false;
    }
    return true;
  }
  long di = ariStratFindDef(b->p, name);
  if (di >= 0) {
    AriStratDef *d = &b->p->defs[di];
    if (d->nparams != e->nargs)
      return err(b, e, "'%s' (defined at %s:%" PRIu32 ":%" PRIu32 ") takes %" PRIu32
                       " argument%s, got %" PRIu32,
                 name, d->file, d->line, d->col, d->nparams, d->nparams == 1 ? "" : "s", e->nargs);
    e->kind = SK_CALL;
    e->index = (uint32_t)di;
    if (!bindDef(b, d))
      return false;
    for (uint32_t i = 0; i < e->nargs; ++i) {
      AriStratExpr *a = e->args[i];
      /* What the definition's body does with the parameter decides how a
       * bare name is read: a strategy, or a symbol for a rule. */
      Role r = d->paramUse[i] == 1 ? ROLE_STRATEGY : d->paramUse[i] == 2 ? ROLE_VALUE : ROLE_ANY;
      if (!bindExpr(b, a, r))
        return false;
    }
    return true;
  }
  int64_t handle = 0;
  char msg[ARI_STRAT_MSG_MAX] = "";
  AriStratPrimKind k = b->host->lookup(b->host->ctx, name, e->nargs, &handle, msg, sizeof msg);
  if (k == ARI_STRAT_PRIM_NONE) {
    if (msg[0])
      return err(b, e, "%s", msg);
    return err(b, e, "unknown strategy, rule or predicate '%s'%s", name,
               !strcmp(name, "normalForm") ? " (';;' needs a definition 'normalForm = ...;')" : "");
  }
  e->kind = SK_PRIM;
  e->prim = k;
  e->nat = handle;
  bool literal = true;
  AriStratValue vals[ARI_STRAT_MAX_ARGS];
  for (uint32_t i = 0; i < e->nargs; ++i) {
    AriStratExpr *a = e->args[i];
    if (!bindExpr(b, a, ROLE_VALUE))
      return false;
    literal &= a->kind == SK_NAT || a->kind == SK_SYM;
    vals[i].kind = a->kind == SK_NAT ? ARI_STRAT_VALUE_NAT : ARI_STRAT_VALUE_SYMBOL;
    vals[i].nat = a->kind == SK_NAT ? a->nat : 0;
    vals[i].symbol = a->kind == SK_SYM ? a->name : NULL;
  }
  if (literal && b->host->checkArgs &&
      !b->host->checkArgs(b->host->ctx, handle, vals, e->nargs, msg, sizeof msg))
    return err(b, e, "%s", msg);
  return true;
}

static bool bindExpr(Binder *b, AriStratExpr *e, Role role) {
  if (e->bound)
    return true;
  if (++b->depth > 400)
    return err(b, e, "strategy nested too deeply");
  bool ok = true;
  switch (e->kind) {
  case SK_NAT:
    if (role == ROLE_STRATEGY)
      ok = err(b, e, "expected a strategy, got the number %" PRId64, e->nat);
    break;
  case SK_REF:
    if (role != ROLE_STRATEGY && e->nargs == 0) {
      long pi = findParam(b->def, e->name);
      if (pi >= 0) {
        e->kind = SK_PARAM;
        e->index = (uint32_t)pi;
        b->def->paramUse[pi] |= role == ROLE_VALUE ? 2 : 0;
        break;
      }
      if (role == ROLE_VALUE || !isStrategyName(b, e->name, 0)) {
        e->kind = SK_SYM;
        break;
      }
    } else if (role == ROLE_VALUE) {
      ok = err(b, e, "an argument of a rule or predicate must be a number or a symbol");
      break;
    }
    ok = bindRef(b, e);
    break;
  case SK_SEQ:
  case SK_CHOICE:
    if (role == ROLE_VALUE) {
      ok = err(b, e, "an argument of a rule or predicate must be a number or a symbol");
      break;
    }
    ok = bindExpr(b, e->args[0], ROLE_STRATEGY) && bindExpr(b, e->args[1], ROLE_STRATEGY);
    break;
  default:
    break;
  }
  b->depth--;
  if (ok)
    e->bound = true;
  return ok;
}

bool ariStratBind(AriStratProgram *p, AriStratExpr *e, const AriStratHost *host, AriStratDiag *d) {
  if (d)
    memset(d, 0, sizeof *d);
  if (p->host && p->host != host)
    return ariStratError(d, e->file, e->line, e->col, "program already bound to another host");
  p->host = host;
  Binder b = {p, host, d, NULL, 0};
  return bindExpr(&b, e, ROLE_STRATEGY);
}

/* ---- running ----------------------------------------------------------- */

typedef enum { R_OK, R_FAIL, R_ABORT } Res;

typedef struct Frame Frame;
typedef struct {
  const AriStratExpr *e;
  const Frame *env;
} Thunk;
struct Frame {
  Thunk args[ARI_STRAT_MAX_ARGS];
};

typedef struct {
  const AriStratProgram *p;
  const AriStratHost *h;
  AriStratLimits lim;
  AriArena *scratch;
  uint32_t *path;
  size_t pathLen;
  /* the definition calls being evaluated, outermost first */
  const AriStratExpr **calls;
  size_t callLen, failCallLen;
  uint32_t depth;
  uint64_t steps, attempts, visits;
  /* the last failure, or why the run was aborted */
  const AriStratExpr *failNode;
  size_t failPathLen;
  AriStratStatus abortStatus;
  char why[ARI_STRAT_MSG_MAX]; /* set when failNode alone does not say it */
} St;

static Res fail(St *st, const AriStratExpr *e) {
  st->failNode = e;
  st->failPathLen = st->pathLen;
  st->failCallLen = st->callLen;
  st->why[0] = 0;
  return R_FAIL;
}

static Res abortRun(St *st, const AriStratExpr *e, AriStratStatus s, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static Res abortRun(St *st, const AriStratExpr *e, AriStratStatus s, const char *fmt, ...) {
  st->failNode = e;
  st->failPathLen = st->pathLen;
  st->failCallLen = st->callLen;
  st->abortStatus = s;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(st->why, sizeof st->why, fmt, ap);
  va_end(ap);
  return R_ABORT;
}

static Res eval(St *st, const AriStratExpr *e, const Frame *env, AriStratTerm t, AriStratTerm *out);

static Res enter(St *st, const AriStratExpr *e) {
  if (st->lim.maxVisits && st->visits >= st->lim.maxVisits)
    return abortRun(st, e, ARI_STRAT_MAX_VISITS, "stopped after %" PRIu64 " evaluations (max-visits)",
                    st->visits);
  st->visits++;
  if (st->depth >= st->lim.maxDepth)
    return abortRun(st, e, ARI_STRAT_MAX_DEPTH, "stopped at nesting depth %" PRIu32 " (max-depth)",
                    st->depth);
  st->depth++;
  return R_OK;
}

/* The i-th child replaced by c (c may equal the old child). */
static Res withChild(St *st, const AriStratExpr *e, AriStratTerm t, size_t i, AriStratTerm c,
                     AriStratTerm *out) {
  size_t n = st->h->numChildren(st->h->ctx, t);
  if (st->h->child(st->h->ctx, t, i) == c) {
    *out = t;
    return R_OK;
  }
  AriStratTerm local[16], *kids = local;
  AriArenaMark m = ariArenaMark(st->scratch);
  if (n > 16 && !(kids = ariArenaAlloc(st->scratch, n * sizeof *kids)))
    return abortRun(st, e, ARI_STRAT_ERROR, "out of memory");
  for (size_t k = 0; k < n; ++k)
    kids[k] = k == i ? c : st->h->child(st->h->ctx, t, k);
  char msg[ARI_STRAT_MSG_MAX] = "";
  AriStratHostStatus hs = st->h->rebuild(st->h->ctx, t, kids, n, out, msg, sizeof msg);
  ariArenaRelease(st->scratch, m);
  if (hs != ARI_STRAT_HOST_OK)
    return abortRun(st, e, ARI_STRAT_ERROR, "cannot rebuild the term: %s", msg);
  return R_OK;
}

static bool pushPath(St *st, size_t i) {
  if (st->pathLen >= st->lim.maxDepth)
    return false;
  st->path[st->pathLen++] = (uint32_t)i;
  return true;
}

/* one/some/all: apply s to children; mode 0 one, 1 some, 2 all. */
static Res children(St *st, const AriStratExpr *e, const AriStratExpr *s, const Frame *env,
                    AriStratTerm t, AriStratTerm *out, int mode) {
  size_t n = st->h->numChildren(st->h->ctx, t);
  if (mode == 0) {
    for (size_t i = 0; i < n; ++i) {
      AriStratTerm c = st->h->child(st->h->ctx, t, i), r;
      if (!pushPath(st, i))
        return abortRun(st, e, ARI_STRAT_MAX_DEPTH, "term path deeper than max-depth");
      Res res = eval(st, s, env, c, &r);
      st->pathLen--;
      if (res == R_ABORT)
        return res;
      if (res == R_OK)
        return withChild(st, e, t, i, r, out);
    }
    return fail(st, e);
  }
  AriStratTerm local[16], *kids = local;
  AriArenaMark m = ariArenaMark(st->scratch);
  if (n > 16 && !(kids = ariArenaAlloc(st->scratch, n * sizeof *kids)))
    return abortRun(st, e, ARI_STRAT_ERROR, "out of memory");
  bool any = false, changed = false;
  Res res = R_OK;
  for (size_t i = 0; i < n && res == R_OK; ++i) {
    AriStratTerm c = st->h->child(st->h->ctx, t, i);
    kids[i] = c;
    if (!pushPath(st, i)) {
      res = abortRun(st, e, ARI_STRAT_MAX_DEPTH, "term path deeper than max-depth");
      break;
    }
    Res r = eval(st, s, env, c, &kids[i]);
    st->pathLen--;
    if (r == R_ABORT) {
      res = r;
    } else if (r == R_OK) {
      any = true;
      changed |= kids[i] != c;
    } else {
      kids[i] = c;
      if (mode == 2)
        res = R_FAIL; /* the child's failure says where */
    }
  }
  if (res == R_OK && mode == 1 && !any)
    res = fail(st, e);
  if (res == R_OK) {
    *out = t;
    if (changed) {
      char msg[ARI_STRAT_MSG_MAX] = "";
      if (st->h->rebuild(st->h->ctx, t, kids, n, out, msg, sizeof msg) != ARI_STRAT_HOST_OK)
        res = abortRun(st, e, ARI_STRAT_ERROR, "cannot rebuild the term: %s", msg);
    }
  }
  ariArenaRelease(st->scratch, m);
  return res;
}

/* topDown / outermost (test != NULL): the first location, pre-order. */
static Res topDown(St *st, const AriStratExpr *e, const AriStratExpr *test, const AriStratExpr *s,
                   const Frame *env, AriStratTerm t, AriStratTerm *out) {
  Res r = enter(st, e);
  if (r != R_OK)
    return r;
  AriStratTerm tmp;
  r = test ? eval(st, test, env, t, &tmp) : R_OK;
  if (r == R_OK)
    r = eval(st, s, env, t, out);
  if (r == R_FAIL) {
    size_t n = st->h->numChildren(st->h->ctx, t);
    for (size_t i = 0; i < n; ++i) {
      AriStratTerm c = st->h->child(st->h->ctx, t, i), rc;
      if (!pushPath(st, i)) {
        r = abortRun(st, e, ARI_STRAT_MAX_DEPTH, "term path deeper than max-depth");
        break;
      }
      r = topDown(st, e, test, s, env, c, &rc);
      st->pathLen--;
      if (r == R_OK)
        r = withChild(st, e, t, i, rc, out);
      if (r != R_FAIL)
        break;
    }
  }
  st->depth--;
  return r;
}

/* bottomUp / innermost: the first location, post-order. */
static Res bottomUp(St *st, const AriStratExpr *e, const AriStratExpr *test, const AriStratExpr *s,
                    const Frame *env, AriStratTerm t, AriStratTerm *out) {
  Res r = enter(st, e);
  if (r != R_OK)
    return r;
  r = R_FAIL;
  size_t n = st->h->numChildren(st->h->ctx, t);
  for (size_t i = 0; i < n && r == R_FAIL; ++i) {
    AriStratTerm c = st->h->child(st->h->ctx, t, i), rc;
    if (!pushPath(st, i)) {
      r = abortRun(st, e, ARI_STRAT_MAX_DEPTH, "term path deeper than max-depth");
      break;
    }
    r = bottomUp(st, e, test, s, env, c, &rc);
    st->pathLen--;
    if (r == R_OK)
      r = withChild(st, e, t, i, rc, out);
  }
  if (r == R_FAIL) {
    AriStratTerm tmp;
    r = test ? eval(st, test, env, t, &tmp) : R_OK;
    if (r == R_OK)
      r = eval(st, s, env, t, out);
  }
  st->depth--;
  return r;
}

/* Runs a traversal and, when it finds no location, records the traversal
 * itself as the point of failure (at the path where it started). */
static Res traverse(St *st, const AriStratExpr *e, const AriStratExpr *test, const AriStratExpr *s,
                    const Frame *env, AriStratTerm t, AriStratTerm *out, bool down) {
  size_t at = st->pathLen;
  Res r = down ? topDown(st, e, test, s, env, t, out) : bottomUp(st, e, test, s, env, t, out);
  if (r == R_FAIL) {
    st->pathLen = at;
    return fail(st, e);
  }
  return r;
}

static Res evalValue(St *st, const AriStratExpr *e, const Frame *env, AriStratValue *v,
                     const AriStratExpr *user) {
  while (e->kind == SK_PARAM) {
    const Thunk *th = &env->args[e->index];
    e = th->e;
    env = th->env;
  }
  if (e->kind == SK_NAT) {
    v->kind = ARI_STRAT_VALUE_NAT;
    v->nat = e->nat;
    v->symbol = NULL;
    return R_OK;
  }
  if (e->kind == SK_SYM) {
    v->kind = ARI_STRAT_VALUE_SYMBOL;
    v->nat = 0;
    v->symbol = e->name;
    return R_OK;
  }
  char s[120];
  ariStratFormat(e, s, sizeof s);
  return abortRun(st, user, ARI_STRAT_ERROR,
                  "'%s' needs a number or a symbol as an argument, got the strategy '%s'",
                  user->name, s);
}

static Res prim(St *st, const AriStratExpr *e, const Frame *env, AriStratTerm t, AriStratTerm *out) {
  AriStratValue args[ARI_STRAT_MAX_ARGS];
  for (uint32_t i = 0; i < e->nargs; ++i) {
    Res r = evalValue(st, e->args[i], env, &args[i], e);
    if (r != R_OK)
      return r;
  }
  bool rule = e->prim == ARI_STRAT_PRIM_RULE;
  if (rule)
    st->attempts++;
  char msg[ARI_STRAT_MSG_MAX] = "";
  AriStratHostStatus hs = st->h->apply(st->h->ctx, e->nat, args, e->nargs, t, out, msg, sizeof msg);
  if (hs == ARI_STRAT_HOST_NO_MATCH)
    return fail(st, e);
  if (hs == ARI_STRAT_HOST_ERROR)
    return abortRun(st, e, ARI_STRAT_ERROR, "%s", msg[0] ? msg : "the rule reported an error");
  if (!rule) {
    *out = t;
    return R_OK;
  }
  if (st->lim.maxSteps && st->steps >= st->lim.maxSteps)
    return abortRun(st, e, ARI_STRAT_MAX_STEPS, "stopped after %" PRIu64 " rule applications (max-steps)",
                    st->steps);
  st->steps++;
  if (st->h->onRule) {
    AriStratRuleEvent ev = {e->name, args, e->nargs, st->path, st->pathLen, t, *out, st->steps};
    st->h->onRule(st->h->ctx, &ev);
  }
  return R_OK;
}

static Res call(St *st, const AriStratExpr *e, const Frame *env, AriStratTerm t, AriStratTerm *out) {
  Frame f;
  for (uint32_t i = 0; i < e->nargs; ++i) {
    f.args[i].e = e->args[i];
    f.args[i].env = env;
  }
  /* Calls nest within evaluations, so maxDepth entries always suffice; the
   * entries of the failure that reaches the top survive as the path's do. */
  st->calls[st->callLen++] = e;
  Res r = eval(st, st->p->defs[e->index].body, &f, t, out);
  st->callLen--;
  return r;
}

static Res evalInner(St *st, const AriStratExpr *e, const Frame *env, AriStratTerm t,
                     AriStratTerm *out) {
  AriStratTerm mid;
  Res r;
  switch (e->kind) {
  case SK_ID:
    *out = t;
    return R_OK;
  case SK_FAIL:
    return fail(st, e);
  case SK_SEQ:
    r = eval(st, e->args[0], env, t, &mid);
    return r == R_OK ? eval(st, e->args[1], env, mid, out) : r;
  case SK_CHOICE:
    r = eval(st, e->args[0], env, t, out);
    return r == R_FAIL ? eval(st, e->args[1], env, t, out) : r;
  case SK_TRY:
    r = eval(st, e->args[0], env, t, out);
    if (r == R_FAIL) {
      *out = t;
      return R_OK;
    }
    return r;
  case SK_REPEAT:
  case SK_NORMALIZE:
    for (;;) {
      r = e->kind == SK_REPEAT ? eval(st, e->args[0], env, t, &mid)
                               : traverse(st, e, NULL, e->args[0], env, t, &mid, true);
      if (r == R_ABORT)
        return r;
      /* A success that changes nothing would repeat forever: stop. */
      if (r == R_FAIL || mid == t) {
        *out = t;
        return R_OK;
      }
      t = mid;
    }
  case SK_ONE:
    return children(st, e, e->args[0], env, t, out, 0);
  case SK_CHILD: {
    int64_t i = e->args[0]->nat;
    if (i < 0 || (size_t)i >= st->h->numChildren(st->h->ctx, t))
      return fail(st, e);
    AriStratTerm c = st->h->child(st->h->ctx, t, (size_t)i), kid;
    if (!pushPath(st, (size_t)i))
      return abortRun(st, e, ARI_STRAT_MAX_DEPTH, "term path deeper than max-depth");
    Res res = eval(st, e->args[1], env, c, &kid);
    st->pathLen--;
    return res == R_OK ? withChild(st, e, t, (size_t)i, kid, out) : res;
  }
  case SK_SOME:
    return children(st, e, e->args[0], env, t, out, 1);
  case SK_ALL:
    return children(st, e, e->args[0], env, t, out, 2);
  case SK_TOPDOWN:
    return traverse(st, e, NULL, e->args[0], env, t, out, true);
  case SK_BOTTOMUP:
    return traverse(st, e, NULL, e->args[0], env, t, out, false);
  case SK_OUTERMOST:
    return traverse(st, e, e->args[0], e->args[1], env, t, out, true);
  case SK_INNERMOST:
    return traverse(st, e, e->args[0], e->args[1], env, t, out, false);
  case SK_WHERE:
    r = eval(st, e->args[0], env, t, &mid);
    *out = t;
    return r;
  case SK_NOT: {
    r = eval(st, e->args[0], env, t, &mid);
    if (r == R_FAIL) {
      *out = t;
      return R_OK;
    }
    return r == R_OK ? fail(st, e) : r;
  }
  case SK_CALL:
    return call(st, e, env, t, out);
  case SK_PARAM: {
    const Thunk *th = &env->args[e->index];
    if (th->e->kind == SK_NAT || th->e->kind == SK_SYM) {
      char s[64];
      ariStratFormat(th->e, s, sizeof s);
      return abortRun(st, th->e, ARI_STRAT_ERROR,
                      "parameter '%s' is used as a strategy, but its argument is '%s'", e->name, s);
    }
    return eval(st, th->e, th->env, t, out);
  }
  case SK_PRIM:
    return prim(st, e, env, t, out);
  case SK_NAT:
  case SK_SYM: {
    char s[64];
    ariStratFormat(e, s, sizeof s);
    return abortRun(st, e, ARI_STRAT_ERROR, "expected a strategy, got '%s'", s);
  }
  case SK_REF:
    break;
  }
  return abortRun(st, e, ARI_STRAT_ERROR, "internal error: unbound strategy '%s'",
                  e->name ? e->name : "?");
}

static Res eval(St *st, const AriStratExpr *e, const Frame *env, AriStratTerm t, AriStratTerm *out) {
  Res r = enter(st, e);
  if (r != R_OK)
    return r;
  r = evalInner(st, e, env, t, out);
  st->depth--;
  return r;
}

const char *ariStratStatusName(AriStratStatus s) {
  switch (s) {
  case ARI_STRAT_SUCCESS: return "success";
  case ARI_STRAT_FAILURE: return "failure";
  case ARI_STRAT_MAX_STEPS: return "max-steps";
  case ARI_STRAT_MAX_VISITS: return "max-visits";
  case ARI_STRAT_MAX_DEPTH: return "max-depth";
  case ARI_STRAT_ERROR: return "error";
  }
  return "?";
}

void ariStratFormatPath(const uint32_t *path, size_t len, char *buf, size_t cap) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  if (len == 0) {
    ariStrPuts(&o, "root");
    return;
  }
  size_t kept = len < ARI_STRAT_PATH_MAX ? len : ARI_STRAT_PATH_MAX;
  for (size_t i = 0; i < kept; ++i)
    ariStrPrintf(&o, "%s%" PRIu32, i ? "." : "", path[i]);
  if (kept < len)
    ariStrPuts(&o, "...");
}

static void describeFailure(const AriStratExpr *e, char *buf, size_t cap) {
  char s[200];
  if (!ariStratFormat(e, s, sizeof s))
    strcpy(s + sizeof s - 5, "...");
  switch (e->kind) {
  case SK_PRIM:
    if (e->prim == ARI_STRAT_PRIM_RULE)
      snprintf(buf, cap, "rule '%s' does not apply", s);
    else
      snprintf(buf, cap, "predicate '%s' does not hold", s);
    return;
  case SK_FAIL:
    snprintf(buf, cap, "reached 'fail'");
    return;
  case SK_TOPDOWN:
  case SK_BOTTOMUP:
  case SK_OUTERMOST:
  case SK_INNERMOST:
  case SK_NORMALIZE:
    snprintf(buf, cap, "'%s' found no location where it applies", s);
    return;
  case SK_ONE:
  case SK_SOME:
    snprintf(buf, cap, "'%s' applies to no child", s);
    return;
  case SK_NOT:
    snprintf(buf, cap, "'%s': the strategy succeeded", s);
    return;
  default:
    snprintf(buf, cap, "'%s' failed", s);
    return;
  }
}

void ariStratRun(const AriStratProgram *p, const AriStratExpr *e, const AriStratHost *host,
                 AriStratTerm t, const AriStratLimits *limits, AriArena *scratch,
                 AriStratOutcome *out) {
  memset(out, 0, sizeof *out);
  St st;
  memset(&st, 0, sizeof st);
  st.p = p;
  st.h = host;
  if (limits)
    st.lim = *limits;
  if (!st.lim.maxDepth)
    st.lim.maxDepth = 4096;
  st.scratch = scratch;
  AriArenaMark m = ariArenaMark(scratch);
  st.path = ariArenaAlloc(scratch, st.lim.maxDepth * sizeof *st.path);
  st.calls = ariArenaAlloc(scratch, st.lim.maxDepth * sizeof *st.calls);
  if (!st.path || !st.calls || !e->bound) {
    out->status = ARI_STRAT_ERROR;
    out->file = e->file;
    out->line = e->line;
    out->col = e->col;
    snprintf(out->what, sizeof out->what, "%s",
             st.path && st.calls ? "strategy not bound" : "out of memory");
    ariArenaRelease(scratch, m);
    return;
  }
  Res r = eval(&st, e, NULL, t, &out->term);
  out->steps = st.steps;
  out->attempts = st.attempts;
  out->visits = st.visits;
  if (r == R_OK) {
    out->status = ARI_STRAT_SUCCESS;
  } else {
    out->status = r == R_FAIL ? ARI_STRAT_FAILURE : st.abortStatus;
    out->term = t;
    const AriStratExpr *n = st.failNode ? st.failNode : e;
    out->file = n->file;
    out->line = n->line;
    out->col = n->col;
    if (r == R_FAIL || !st.why[0])
      describeFailure(n, out->what, sizeof out->what);
    else
      snprintf(out->what, sizeof out->what, "%s", st.why);
    out->pathLen = st.failPathLen;
    size_t kept = out->pathLen < ARI_STRAT_PATH_MAX ? out->pathLen : ARI_STRAT_PATH_MAX;
    memcpy(out->path, st.path, kept * sizeof *st.path);
    AriStr calls;
    ariStrInitFixed(&calls, out->calls, sizeof out->calls);
    for (size_t i = st.failCallLen; i-- > 0 && ariStrOk(&calls);) {
      const AriStratExpr *c = st.calls[i];
      char name[96];
      if (!ariStratFormat(c, name, sizeof name))
        strcpy(name + sizeof name - 4, "...");
      ariStrPrintf(&calls, "%s%s at %s:%" PRIu32 ":%" PRIu32, calls.len ? ", " : "", name, c->file,
                   c->line, c->col);
    }
  }
  ariArenaRelease(scratch, m);
}
