/*===- search/rules/rules.c - the rule catalogue, binding and dispatch ----------===*/

#include "search/rules/rules_impl.h"
#include "utils/strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const AriRuleInfo kRules[] = {
#define ARI_RULE_INFO(id, nm, fam, par, mn, mx, pk, ex, form, cond, src)                          \
  {nm, ARI_RULE_FAM_##fam, par, mn, mx, ARI_RULE_PARAM_##pk, form, cond, ex, src},
    ARI_RULE_LIST(ARI_RULE_INFO)
#undef ARI_RULE_INFO
};

_Static_assert(sizeof kRules / sizeof kRules[0] == ARI_RULE_NUM, "catalogue and ids disagree");

size_t ariRuleCount(void) { return ARI_RULE_NUM; }

const AriRuleInfo *ariRuleInfo(size_t id) { return id < ARI_RULE_NUM ? &kRules[id] : NULL; }

int ariRuleFind(const char *name, size_t len) {
  for (size_t i = 0; i < ARI_RULE_NUM; ++i)
    if (strlen(kRules[i].name) == len && !memcmp(kRules[i].name, name, len))
      return (int)i;
  return -1;
}

const char *ariRuleFamilyName(AriRuleFamily f) {
  static const char *const names[ARI_RULE_NUM_FAMILIES] = {
      "lambda", "map", "tiling", "slide", "vector", "storage", "lower", "domain",
      "knossos-arith", "knossos-array", "knossos-binding"};
  return (unsigned)f < ARI_RULE_NUM_FAMILIES ? names[f] : "?";
}

static bool fail(char *err, size_t cap, const char *msg, const char *name) {
  if (err && cap)
    snprintf(err, cap, msg, name);
  return false;
}

bool ariRuleBind(size_t id, const AriRuleArg *args, size_t nargs, AriRuleInst *out, char *err,
                 size_t cap) {
  if (err && cap)
    err[0] = 0;
  const AriRuleInfo *info = ariRuleInfo(id);
  if (!info)
    return fail(err, cap, "no rule with id %s", "?");
  if (nargs < info->minArgs || nargs > info->maxArgs) {
    if (err && cap)
      snprintf(err, cap, "rule '%s' takes %u..%u arguments (%s), got %zu", info->name,
               info->minArgs, info->maxArgs, info->params[0] ? info->params : "none", nargs);
    return false;
  }
  if (id == ARI_RULE_INTRODUCE_KERNEL && nargs % 2)
    return fail(err, cap,
                "rule '%s' takes local sizes then as many global sizes (an even count)",
                info->name);
  memset(out, 0, sizeof *out);
  out->id = (unsigned)id;
  out->nargs = (unsigned)nargs;
  for (size_t i = 0; i < nargs; ++i) {
    const AriRuleArg *a = &args[i];
    switch (info->paramKind) {
    case ARI_RULE_PARAM_ADDR:
      if (!a->isSymbol || !a->symbol)
        return fail(err, cap, "rule '%s' expects an address space (global, local, private)",
                    info->name);
      if (!strcmp(a->symbol, "global"))
        out->args[i] = ARI_ADDR_GLOBAL;
      else if (!strcmp(a->symbol, "local"))
        out->args[i] = ARI_ADDR_LOCAL;
      else if (!strcmp(a->symbol, "private"))
        out->args[i] = ARI_ADDR_PRIVATE;
      else
        return fail(err, cap, "rule '%s' expects an address space (global, local, private)",
                    info->name);
      break;
    case ARI_RULE_PARAM_DIM:
      if (a->isSymbol || a->nat < 0 || a->nat > 2)
        return fail(err, cap, "rule '%s' expects a GPU dimension 0, 1 or 2", info->name);
      out->args[i] = a->nat;
      break;
    case ARI_RULE_PARAM_NAT:
      if (a->isSymbol || a->nat <= 0 || a->nat > (int64_t)1 << 40)
        return fail(err, cap, "rule '%s' expects positive naturals", info->name);
      out->args[i] = a->nat;
      break;
    }
  }
  if (id == ARI_RULE_INTRODUCE_KERNEL) {
    unsigned r = out->nargs / 2;
    for (unsigned i = 0; i < r; ++i)
      if (out->args[r + i] % out->args[i])
        return fail(err, cap, "rule '%s': each global size must be a multiple of its local size",
                    info->name);
  }
  return true;
}

static bool perr(char *err, size_t cap, size_t *errCol, size_t col, const char *msg) {
  if (err && cap)
    snprintf(err, cap, "%s", msg);
  if (errCol)
    *errCol = col;
  return false;
}

bool ariRuleParse(const char *text, size_t len, AriRuleInst *out, char *err, size_t cap,
                  size_t *errCol) {
  size_t i = 0;
  while (i < len && isspace((unsigned char)text[i]))
    ++i;
  size_t n0 = i;
  while (i < len && (isalnum((unsigned char)text[i]) || text[i] == '_'))
    ++i;
  if (i == n0)
    return perr(err, cap, errCol, i, "expected a rule name");
  int id = ariRuleFind(text + n0, i - n0);
  if (id < 0) {
    if (err && cap)
      snprintf(err, cap, "unknown rule '%.*s'", (int)(i - n0), text + n0);
    if (errCol)
      *errCol = n0;
    return false;
  }
  AriRuleArg args[ARI_RULE_MAX_ARGS];
  char syms[ARI_RULE_MAX_ARGS][16];
  size_t nargs = 0;
  while (i < len && isspace((unsigned char)text[i]))
    ++i;
  if (i < len && text[i] == '(') {
    ++i;
    for (;;) {
      while (i < len && isspace((unsigned char)text[i]))
        ++i;
      if (nargs == ARI_RULE_MAX_ARGS)
        return perr(err, cap, errCol, i, "too many arguments");
      size_t a0 = i;
      if (i < len && isdigit((unsigned char)text[i])) {
        int64_t v = 0;
        while (i < len && isdigit((unsigned char)text[i])) {
          if (v > ((int64_t)1 << 50))
            return perr(err, cap, errCol, a0, "number too large");
          v = v * 10 + (text[i++] - '0');
        }
        args[nargs] = (AriRuleArg){false, v, NULL};
      } else if (i < len && isalpha((unsigned char)text[i])) {
        while (i < len && isalnum((unsigned char)text[i]))
          ++i;
        if (i - a0 >= sizeof syms[0])
          return perr(err, cap, errCol, a0, "symbol too long");
        memcpy(syms[nargs], text + a0, i - a0);
        syms[nargs][i - a0] = 0;
        args[nargs] = (AriRuleArg){true, 0, syms[nargs]};
      } else {
        return perr(err, cap, errCol, i, "expected a number or a symbol");
      }
      ++nargs;
      while (i < len && isspace((unsigned char)text[i]))
        ++i;
      if (i < len && text[i] == ',') {
        ++i;
        continue;
      }
      if (i < len && text[i] == ')') {
        ++i;
        break;
      }
      return perr(err, cap, errCol, i, "expected ',' or ')'");
    }
  }
  while (i < len && isspace((unsigned char)text[i]))
    ++i;
  if (i != len)
    return perr(err, cap, errCol, i, "unexpected text after the rule");
  if (!ariRuleBind((size_t)id, args, nargs, out, err, cap)) {
    if (errCol)
      *errCol = n0;
    return false;
  }
  return true;
}

size_t ariRuleInstPrint(const AriRuleInst *r, char *buf, size_t cap) {
  const AriRuleInfo *info = ariRuleInfo(r->id);
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  if (!info) {
    ariStrPuts(&o, "?");
    return o.want;
  }
  ariStrPuts(&o, info->name);
  for (unsigned i = 0; i < r->nargs; ++i) {
    const char *sep = i ? ", " : "(";
    if (info->paramKind == ARI_RULE_PARAM_ADDR) {
      static const char *const addr[] = {"global", "local", "private"};
      ariStrPrintf(&o, "%s%s", sep, r->args[i] >= 0 && r->args[i] <= 2 ? addr[r->args[i]] : "?");
    } else {
      ariStrPrintf(&o, "%s%lld", sep, (long long)r->args[i]);
    }
  }
  if (r->nargs)
    ariStrPuts(&o, ")");
  return o.want;
}

AriRuleStatus ariRuleApply(const AriRuleInst *r, AriTermStore *s, AriTerm *t, AriTerm **out) {
  *out = NULL;
  if (!r || r->id >= ARI_RULE_NUM || !s || !t)
    return ARI_RULE_NO_MATCH;
  /* Rules use the store's type-checking constructors as their type side
   * conditions: a NULL result with a type error means "does not apply". An
   * error already pending is not ours to interpret, so keep it aside. */
  bool hadErr = ariTermStoreError(s)[0] != 0;
  AriRuleId id = (AriRuleId)r->id;
  AriTerm *res = NULL;
  AriRuleStatus st = id >= ARI_RULE_K_ADD0 ? ariRuleApplyKnossos(id, r, s, t, &res)
                                           : ariRuleApplyRise(id, r, s, t, &res);
  if (st == ARI_RULE_APPLIED && res && res != t) {
    *out = res;
    return ARI_RULE_APPLIED;
  }
  const char *e = ariTermStoreError(s);
  if (!hadErr && !strncmp(e, "out of memory", 13))
    return ARI_RULE_ERROR;
  if (!hadErr)
    ariTermStoreClearError(s);
  return ARI_RULE_NO_MATCH;
}
