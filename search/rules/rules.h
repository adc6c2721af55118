/*===- search/rules/rules.h - the catalogue of rewrite rules --------------------===*\
 *
 * Every rewrite rule the search engines may apply: the RISE/ELEVATE rules of
 * the thesis (map fusion, splitJoin, the slide, transpose, vectorisation,
 * storage-folding and GPU-mapping rules, separateConvKernel, beta/eta), the
 * tiling family derived from ELEVATE's definitions, the lowering choices,
 * and the Knossos rules (arithmetic, binding, array) mapped onto rise and
 * arith. docs/rules.md is the human-readable catalogue; `ariadne-rules
 * --list` prints the same table from the data below.
 *
 * A rule is identified by its name and bound to its parameters (naturals or
 * symbols: `splitJoin(4)`, `useCBuffer(global)`, `useMapGlobal(0)`,
 * `introduceKernel(16,16,1024,1024)`), then applied AT THE ROOT of a term:
 * the result is the rewritten term or "does not apply". Traversal is the
 * strategies' business (search/strategy/strategy.h). A rule never crashes and never
 * prints; ill-typed results count as "does not apply" (the term store's
 * type-checking constructors are the rules' type side conditions), only
 * exhaustion of the store's memory is an error.
 *
 * Each rule states whether it preserves floating-point results exactly or
 * only up to reassociation (AriRuleInfo.exact); the differential test
 * (test/search/rules_diff_test.c) holds every rule to that on random
 * programs from search/gen/gen.h.
 *
 * The catalogue is constant data: no state, any number of threads.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_RULES_H
#define ARIADNE_SEARCH_RULES_H

#include "search/term/term.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ARI_RULE_MAX_ARGS = 6, /* introduceKernel: 3 local + 3 global sizes */
  ARI_RULE_ERR_MAX = 200 /* a good capacity for error messages */
};

typedef enum AriRuleFamily {
  ARI_RULE_FAM_LAMBDA,   /* beta, eta, eta-abstraction */
  ARI_RULE_FAM_MAP,      /* map/reduce/split/join algebra, zip/pair, generate */
  ARI_RULE_FAM_TILING,   /* tileMaps, tileReduce, fissionReduceMap, interchange */
  ARI_RULE_FAM_SLIDE,    /* slide and transpose movement */
  ARI_RULE_FAM_VECTOR,   /* vectorisation */
  ARI_RULE_FAM_STORAGE,  /* circular buffers, rotation, streams */
  ARI_RULE_FAM_LOWER,    /* lowering choices and GPU mapping */
  ARI_RULE_FAM_DOMAIN,   /* domain-specific (separateConvKernel) */
  ARI_RULE_FAM_KARITH,   /* Knossos Table 3, arithmetic */
  ARI_RULE_FAM_KARRAY,   /* Knossos Table 4, array/select rules */
  ARI_RULE_FAM_KBIND,    /* Knossos Table 3, binding rules (let as a beta-redex) */
  ARI_RULE_NUM_FAMILIES
} AriRuleFamily;

/* What kind of value each parameter is. */
typedef enum AriRuleParamKind {
  ARI_RULE_PARAM_NAT,  /* a positive natural */
  ARI_RULE_PARAM_DIM,  /* 0, 1 or 2 (GPU dimension) */
  ARI_RULE_PARAM_ADDR  /* global | local | private */
} AriRuleParamKind;

/* One catalogue entry (constant data). */
typedef struct AriRuleInfo {
  const char *name;       /* "splitJoin" */
  AriRuleFamily family;
  const char *params;     /* parameter list as written in docs: "p" or "" */
  unsigned minArgs, maxArgs;
  AriRuleParamKind paramKind; /* kind of every parameter */
  const char *form;       /* "map f x |-> join (map (map f) (split p x))" */
  const char *conditions; /* side conditions, "" if none */
  bool exact;             /* false: equal only up to fp reassociation */
  const char *source;     /* "thesis listing 4.9", "Knossos Table 3", ... */
} AriRuleInfo;

/* A rule bound to its arguments (symbols already resolved to numbers:
 * AriAddrSpace values for addresses). Plain data; copy freely. */
typedef struct AriRuleInst {
  unsigned id;    /* index into the catalogue */
  unsigned nargs;
  int64_t args[ARI_RULE_MAX_ARGS];
} AriRuleInst;

/* An argument as the strategy parser hands it over: a natural, or a symbol
 * (`global`). */
typedef struct AriRuleArg {
  bool isSymbol;
  int64_t nat;
  const char *symbol; /* NUL-terminated when isSymbol */
} AriRuleArg;

typedef enum AriRuleStatus {
  ARI_RULE_APPLIED,  /* *out is the rewritten term (never the input itself) */
  ARI_RULE_NO_MATCH, /* the pattern or a side condition does not hold */
  ARI_RULE_ERROR     /* the store ran out of memory: ariTermStoreError says */
} AriRuleStatus;

/*--- The catalogue --------------------------------------------------------*/

size_t ariRuleCount(void);
/* Entry `id` (< ariRuleCount()), NULL otherwise. */
const AriRuleInfo *ariRuleInfo(size_t id);
/* The id of the rule named name[0..len), -1 when there is none. */
int ariRuleFind(const char *name, size_t len);
/* "lambda", "map", "tiling", ... */
const char *ariRuleFamilyName(AriRuleFamily f);

/*--- Binding parameters ---------------------------------------------------*/

/* Binds rule `id` to args[0..nargs). False (message in err) when the count
 * or a value does not fit the rule (e.g. `splitJoin(0)`, `useCBuffer(3)`). */
bool ariRuleBind(size_t id, const AriRuleArg *args, size_t nargs, AriRuleInst *out, char *err,
                 size_t cap);

/* Parses "name" or "name(arg, ...)" (the whole of text[0..len)). False with
 * a message and *errCol (0-based column, may be NULL) on a syntax error, an
 * unknown rule or bad arguments. */
bool ariRuleParse(const char *text, size_t len, AriRuleInst *out, char *err, size_t cap,
                  size_t *errCol);

/* Writes the instance as parsed ("splitJoin(4)", "useCBuffer(global)");
 * snprintf-like, returns the full length. */
size_t ariRuleInstPrint(const AriRuleInst *r, char *buf, size_t cap);

/*--- Application ------------------------------------------------------------*/

/* Applies r at the root of t. The store's error is cleared again when a
 * constructor's type check is what made the rule not apply. */
AriRuleStatus ariRuleApply(const AriRuleInst *r, AriTermStore *s, AriTerm *t, AriTerm **out);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_RULES_H */
