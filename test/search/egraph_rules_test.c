/*===- egraph_rules_test.c - every library rule works in the e-graph ------===*\
 *
 * Issue 5's "rules come from the rule library": every rule of
 * search/rules/rules.h must be usable by the e-graph engine, and its pattern
 * (search/egraph/egraph_rules.c) must find every instance the library rule
 * rewrites. For each rule:
 *
 *   - ariEgRuleMake accepts it (bound to small default arguments), its
 *     name appears once in the pattern table and every table entry names a
 *     library rule;
 *   - on several examples (random programs biased towards the rule,
 *     search/gen/gen.h, as `ariadne-rules --example` makes them), at the first
 *     innermost subterm u where ariRuleApply rewrites to r (so that no
 *     other match of the rule changes the terms u's variables are
 *     instantiated with during the iteration): u's program goes into a
 *     fresh e-graph, r is checked NOT to be in u's class, the engine runs
 *     ONE iteration with only that rule, and r must then be in u's class
 *     (ariEgLookupTerm: every node of r present, the class u's). A pattern
 *     that is missing or stricter than the rule's left-hand side on the
 *     example fails here;
 *   - a control per rule: the same run with the rule's pattern replaced by
 *     one that matches nothing must leave r out of u's class, so the check
 *     above can fail.
 *
 * Usage: egraph_rules_test [--examples=N] [--verbose] [RULE...]
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph/egraph.h"
#include "search/gen/gen.h"
#include "utils/arena.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/check.h"

/* The rule bound to small arguments the generator can meet (sizes 2,
 * address `global`, GPU dimension 0; introduceKernel: one local and one
 * global size). */
static bool bindDefault(size_t id, AriRuleInst *r) {
  const AriRuleInfo *info = ariRuleInfo(id);
  AriRuleArg args[ARI_RULE_MAX_ARGS];
  for (unsigned i = 0; i < ARI_RULE_MAX_ARGS; ++i)
    args[i] = (AriRuleArg){false, 2, NULL};
  if (info->paramKind == ARI_RULE_PARAM_ADDR)
    args[0] = (AriRuleArg){true, 0, "global"};
  if (info->paramKind == ARI_RULE_PARAM_DIM)
    args[0] = (AriRuleArg){false, 0, NULL};
  return ariRuleBind(id, args, info->minArgs, r, NULL, 0);
}

/* The first subterm of t in post-order (kids before their parent) where r
 * applies at the root, *out its result: an innermost one, so that no
 * other match of r in the same iteration merges into one of its classes
 * and changes the terms its variables are instantiated with (which would
 * make the engine's rewrite differ from ariRuleApply's on the example). */
static AriTerm *innermostApplying(AriTermStore *s, const AriRuleInst *r, AriTerm *t,
                                  AriTerm **out, int *budget, unsigned depth) {
  if (--*budget < 0 || depth > 200)
    return NULL;
  for (unsigned i = 0; i < ariTermNumKids(t); ++i) {
    AriTerm *u = innermostApplying(s, r, ariTermKid(t, i), out, budget, depth + 1);
    if (u)
      return u;
  }
  if (ariRuleApply(r, s, t, out) == ARI_RULE_APPLIED)
    return t;
  ariTermStoreClearError(s);
  return NULL;
}

/* t with every float constant +0.0 made -0.0 (the library compares
 * floats with ==, so a rule that wants a zero takes either; the generator
 * only makes +0.0, and the patterns' -0.0 alternatives need examples too).
 * NULL when out of memory or nothing changed. */
static AriTerm *negZeros(AriTermStore *s, AriTerm *t, unsigned depth, bool *changed) {
  if (depth > 200)
    return t;
  if (ariTermKind(t) == ARI_TERM_CONST && ariTypeIsFloat(ariTermType(t)) &&
      ariTermConstFloatValue(t) == 0.0 && !signbit(ariTermConstFloatValue(t))) {
    *changed = true;
    return ariTermConstFloat(s, ariTermType(t), -0.0);
  }
  unsigned n = ariTermNumKids(t);
  if (!n || n > 16)
    return t;
  AriTerm *kids[16];
  bool any = false;
  for (unsigned i = 0; i < n; ++i) {
    kids[i] = negZeros(s, ariTermKid(t, i), depth + 1, &any);
    if (!kids[i])
      return NULL;
  }
  if (!any)
    return t;
  *changed = true;
  return ariTermRebuild(s, t, kids);
}

typedef enum { EX_FOUND, EX_NOT_FOUND, EX_ALREADY, EX_ERROR } ExResult;

/* One iteration of `rule` alone on the program t; whether rhs (r's rewrite
 * of the subterm u) joined u's class. */
static ExResult runOne(AriTermStore *s, const AriEgRule *rule, AriTerm *t, AriTerm *u,
                       AriTerm *rhs, bool *altHit, char *why, size_t cap) {
  AriEGraph *g = ariEgCreate(s);
  ExResult res = EX_ERROR;
  AriEClass root = g ? ariEgAddTerm(g, t) : ARI_EG_NONE;
  AriEClass cu = root != ARI_EG_NONE ? ariEgAddTerm(g, u) : ARI_EG_NONE; /* memoised */
  if (cu == ARI_EG_NONE) {
    snprintf(why, cap, "adding the example failed: %s", g ? ariEgError(g) : "out of memory");
    goto done;
  }
  /* which alternatives of the pattern match at u (for the summary) */
  for (unsigned k = 0; altHit && k < rule->nalts; ++k)
    altHit[k] |= ariEgMatch(g, rule->lhs[k], ariEgFind(g, cu), NULL, NULL) > 0;
  AriEClass before = ariEgLookupTerm(g, rhs);
  if (before != ARI_EG_NONE && ariEgFind(g, before) == ariEgFind(g, cu)) {
    res = EX_ALREADY;
    snprintf(why, cap, "the result is in the class before the run");
    goto done;
  }
  AriEgRunOpts o = {.maxIterations = 1, .maxNodes = 200000};
  AriEgReport rep;
  if (!ariEgRun(g, root, rule, 1, &o, &rep)) {
    snprintf(why, cap, "run: %s", rep.error);
    goto done;
  }
  AriEClass after = ariEgLookupTerm(g, rhs);
  res = after != ARI_EG_NONE && ariEgFind(g, after) == ariEgFind(g, cu) ? EX_FOUND : EX_NOT_FOUND;
  snprintf(why, cap, "%zu matches, %zu merges, result %s", rep.matches, rep.applied,
           res == EX_FOUND          ? "in the class"
           : after == ARI_EG_NONE ? "not in the graph"
                                  : "in another class");
done:
  ariEgDestroy(g);
  return res;
}

int main(int argc, char **argv) {
  int perRule = 50;
  bool verbose = false;
  const char *only[16];
  int nonly = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--examples=", 11))
      perRule = atoi(argv[i] + 11);
    else if (!strcmp(argv[i], "--verbose"))
      verbose = true;
    else if (argv[i][0] != '-' && nonly < 16)
      only[nonly++] = argv[i];
    else {
      fprintf(stderr, "usage: %s [--examples=N] [--verbose] [RULE...]\n", argv[0]);
      return 2;
    }
  }
  if (perRule < 1)
    perRule = 1;

  /* The table: each entry a library rule, no rule twice. */
  for (size_t i = 0; i < ariEgRulePatternCount(); ++i) {
    const char *n = ariEgRulePatternName(i);
    CHECK(ariRuleFind(n, strlen(n)) >= 0);
    for (size_t j = 0; j < i; ++j)
      CHECK(strcmp(n, ariEgRulePatternName(j)) != 0);
  }

  int rulesOk = 0, examples = 0, found = 0, controls = 0, controlsCaught = 0, unexercised = 0;
  int extra = 0, extraOk = 0;
  for (size_t id = 0; id < ariRuleCount(); ++id) {
    const char *name = ariRuleInfo(id)->name;
    bool wanted = nonly == 0;
    for (int k = 0; k < nonly; ++k)
      wanted |= !strcmp(only[k], name);
    if (!wanted)
      continue;
    AriRuleInst inst;
    CHECK(bindDefault(id, &inst));
    char text[96], err[ARI_RULE_ERR_MAX];
    ariRuleInstPrint(&inst, text, sizeof text);

    /* Every rule has a pattern. */
    {
      AriTermStore *s = ariTermStoreCreate(0);
      AriArena a;
      ariArenaInit(&a, 0);
      AriEgRule rule;
      bool made = ariEgRuleMake(s, &a, text, &rule, err, sizeof err);
      CHECK(made);
      if (!made)
        fprintf(stderr, "%s: %s\n", text, err);
      ariArenaDestroy(&a);
      ariTermStoreDestroy(s);
      if (!made)
        continue;
    }

    /* Its examples. */
    int got = 0, ok = 0;
    bool altHit[ARI_EG_MAX_ALTS] = {false};
    unsigned nalts = 0;
    for (uint64_t seed = 1; seed <= 3000 && got < perRule; ++seed) {
      AriTermStore *s = ariTermStoreCreate((size_t)256 << 20);
      AriGen gen;
      ariGenInit(&gen, s, seed * 7919 + id);
      AriTerm *t = ariGenForRule(&gen, &inst), *rhs = NULL;
      int budget = 4000;
      AriTerm *u = t ? innermostApplying(s, &inst, t, &rhs, &budget, 0) : NULL;
      if (!u || !rhs) {
        ariTermStoreDestroy(s);
        continue;
      }
      ++got;
      AriArena a;
      ariArenaInit(&a, 0);
      AriEgRule rule;
      bool made = ariEgRuleMake(s, &a, text, &rule, err, sizeof err);
      CHECK(made);
      nalts = made ? rule.nalts : nalts;
      char why[256] = "";
      ExResult r = made ? runOne(s, &rule, t, u, rhs, altHit, why, sizeof why) : EX_ERROR;
      CHECK(r == EX_FOUND);
      ok += r == EX_FOUND;
      if (r != EX_FOUND || verbose)
        fprintf(stderr, "%s %s (seed %llu): %s\n  at:     %s\n  rewrite: %s\n", text,
                r == EX_FOUND ? "found" : "NOT FOUND", (unsigned long long)seed, why,
                ariTermToString(s, u, 0), ariTermToString(s, rhs, 0));
      /* The control: a pattern that matches nothing (no program has a
       * pad_clamp of -7 elements) must leave the result out. */
      if (made && got == 1) {
        AriEgRule blind = rule;
        blind.nalts = 1;
        blind.lhs[0] = ariEgPatternParse(s, &a, "(pad_clamp -7 -7 ?x)", 20, err, sizeof err, NULL);
        CHECK(blind.lhs[0] != NULL);
        if (blind.lhs[0]) {
          ++controls;
          ExResult rc = runOne(s, &blind, t, u, rhs, NULL, why, sizeof why);
          controlsCaught += rc == EX_NOT_FOUND;
          CHECK(rc == EX_NOT_FOUND);
        }
      }
      /* The same example with its float zeros negative, where the rule
       * still applies (an extra example, not counted against perRule). */
      bool changed = false;
      AriTerm *t2 = made ? negZeros(s, t, 0, &changed) : NULL, *rhs2 = NULL;
      int budget2 = 4000;
      AriTerm *u2 = t2 && changed ? innermostApplying(s, &inst, t2, &rhs2, &budget2, 0) : NULL;
      if (u2 && rhs2 && u2 != u) {
        ++extra;
        ExResult r2 = runOne(s, &rule, t2, u2, rhs2, altHit, why, sizeof why);
        CHECK(r2 == EX_FOUND);
        extraOk += r2 == EX_FOUND;
        if (r2 != EX_FOUND)
          fprintf(stderr, "%s NOT FOUND (seed %llu, zeros negated): %s\n  at:     %s\n", text,
                  (unsigned long long)seed, why, ariTermToString(s, u2, 0));
      }
      ariTermStoreClearError(s);
      ariArenaDestroy(&a);
      ariTermStoreDestroy(s);
    }
    examples += got;
    found += ok;
    /* Alternatives no example exercised (printed, not a failure: the
     * generator need not make, e.g., a -0.0 constant). */
    for (unsigned k = 0; k < nalts; ++k)
      if (!altHit[k]) {
        ++unexercised;
        if (verbose || nonly)
          printf("%s: alternative %u not exercised by the examples\n", text, k + 1);
      }
    /* Every rule has examples (the generator makes its left-hand side). */
    CHECK(got == perRule);
    if (got != perRule)
      fprintf(stderr, "%s: only %d of %d examples generated\n", text, got, perRule);
    rulesOk += got == perRule && ok == got;
  }
  printf("egraph_rules_test: %zu library rules, %zu with patterns; %d rules found on all their "
         "examples (%d of %d examples, %d of %d with negated zeros); controls caught %d of %d; %d "
         "pattern alternatives no example exercised\n",
         ariRuleCount(), ariEgRulePatternCount(), rulesOk, found, examples, extraOk, extra,
         controlsCaught, controls, unexercised);
  if (!nonly)
    CHECK(ariEgRulePatternCount() == ariRuleCount());
  printf("%d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
