/*===- search/egraph/egraph.h - e-graphs over the term store (equality saturation) -===*\
 *
 * An e-graph in egg's spirit over the terms of search/term/term.h: e-nodes
 * mirror term nodes (kind, int attributes, symbols, the type a constructor
 * needs, child e-class ids), e-classes are sets of equivalent e-nodes kept
 * in a union-find with path compression, a hashcons maps every canonical
 * e-node to its e-class, and merging defers the restoration of congruence
 * closure to ariEgRebuild (egg's deferred rebuilding).
 *
 * E-class analyses, kept up to date by rebuild:
 *   - type: every e-node of a class has the same type; merging two classes
 *     of different types is refused (an error value, the graph unchanged);
 *   - free De Bruijn indices: the indices EVERY member uses, at one type
 *     (intersection of (index, type) pairs on merge), as a mask like
 *     ariTermFreeMask; bit i clear means the class has a member without
 *     VAR i free, or members that use it at different types (a class is
 *     shared by contexts whose binders have other types: extraction and
 *     the runner use only nodes right in all of them, docs/egraph.md);
 *   - constant: the value of an integer/index CONST in the class, or of
 *     arith.addi/subi/muli on constants (folded with wrap-around at the
 *     width); two different constants merged is an error, as for types;
 *   - best cost so far: the smallest term size of the class and the e-node
 *     that achieves it (min on merge).
 *
 * Lambdas are De Bruijn (LAM/VAR of the term store). Rule application uses
 * extraction-based substitution (thesis §5.4.5): the terms a rule needs are
 * extracted from the e-classes, rewritten (shift, subst, beta) on the term
 * store, and added back (search/egraph/egraph_run.c).
 *
 * Growing tables are realloc'd and owned by the graph; nothing is global;
 * one graph per thread. Errors are values: functions that can fail return
 * ARI_EG_NONE / false / NULL and ariEgError says why.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_EGRAPH_H
#define ARIADNE_SEARCH_EGRAPH_H

#include "search/rules/rules.h"
#include "search/term/term.h"
#include "utils/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriEGraph AriEGraph;
typedef uint32_t AriEClass; /* an e-class id; ariEgFind gives its canonical id */
typedef uint32_t AriENode;  /* an e-node id, dense from 0 */

enum { ARI_EG_NONE = UINT32_MAX };

/*=== The graph ==========================================================*/

/* An empty e-graph over the terms of `s` (which must outlive it). NULL when
 * out of memory. */
AriEGraph *ariEgCreate(AriTermStore *s);
void ariEgDestroy(AriEGraph *g); /* NULL is a no-op */
AriTermStore *ariEgStore(const AriEGraph *g);

/* The first error since the last clear ("" if none). */
const char *ariEgError(const AriEGraph *g);
void ariEgClearError(AriEGraph *g);

/* Adds every node of `t` (memoised per term: adding a term again is O(1))
 * and returns the e-class of its root; ARI_EG_NONE on out of memory. */
AriEClass ariEgAddTerm(AriEGraph *g, const AriTerm *t);

/* The class of `t` if every node of it is already represented (no node is
 * added); ARI_EG_NONE otherwise. Meaningful right after a rebuild. */
AriEClass ariEgLookupTerm(AriEGraph *g, const AriTerm *t);

/* The canonical id of c's class (path compression). */
AriEClass ariEgFind(AriEGraph *g, AriEClass c);

/* Merges the classes of a and b; *changed (may be NULL) tells whether they
 * were different. False (graph unchanged, ariEgError set) when their types
 * or constants disagree. Congruence is restored by ariEgRebuild. */
bool ariEgMerge(AriEGraph *g, AriEClass a, AriEClass b, bool *changed);

/* Restores the invariants after merges: hashcons keyed by canonical nodes,
 * congruence closure, analyses. False on an analysis disagreement found by
 * congruence (error set). */
bool ariEgRebuild(AriEGraph *g);

/* Checks every invariant the hard way (for tests): each live node is in
 * the hashcons under its canonical key and in its class, no two live nodes
 * have the same canonical key (congruence), analyses equal what their
 * nodes give. False with a message in err. Call after a rebuild. */
bool ariEgCheck(AriEGraph *g, char *err, size_t cap);

size_t ariEgNumNodes(const AriEGraph *g);   /* live e-nodes */
size_t ariEgNumClasses(const AriEGraph *g); /* canonical e-classes */
size_t ariEgTotalNodes(const AriEGraph *g); /* ever added, incl. duplicates */
size_t ariEgBytes(const AriEGraph *g);      /* the graph's own tables */

/*=== Inspection =========================================================*/

/* The live e-nodes of c's class (valid until the next merge/add); an id
 * out of range has none. */
unsigned ariEgClassNumNodes(AriEGraph *g, AriEClass c);
AriENode ariEgClassNode(AriEGraph *g, AriEClass c, unsigned i);

/* Whether c's class holds a live e-node of kind k; for cost functions,
 * which see the graph const (no path compression). */
bool ariEgClassHasKind(const AriEGraph *g, AriEClass c, AriTermKind k);

/* n must be an id below ariEgTotalNodes (as ariEgClassNode gives). */
AriTermKind ariEgNodeKind(const AriEGraph *g, AriENode n);
unsigned ariEgNodeNumKids(const AriEGraph *g, AriENode n);
AriEClass ariEgNodeKid(const AriEGraph *g, AriENode n, unsigned i); /* not canonicalised */
unsigned ariEgNodeNumAttrs(const AriEGraph *g, AriENode n);
int64_t ariEgNodeAttr(const AriEGraph *g, AriENode n, unsigned i);
const AriSym *ariEgNodeSym(const AriEGraph *g, AriENode n);
const AriType *ariEgNodeType(const AriEGraph *g, AriENode n);
AriEClass ariEgNodeClass(AriEGraph *g, AriENode n); /* canonical */

/* Analyses of class c (ids out of range: NULL / 0 / false / -1). */
const AriType *ariEgClassType(AriEGraph *g, AriEClass c);
uint64_t ariEgClassFree(AriEGraph *g, AriEClass c);
bool ariEgClassConst(AriEGraph *g, AriEClass c, int64_t *value);
double ariEgClassBestCost(AriEGraph *g, AriEClass c); /* term size */

/*=== Pictures (search/egraph/egraph_dot.c) ===================================*/

/* Writes g as a Graphviz digraph to f: one cluster per canonical e-class
 * (labelled cID and its type; the root class marked "(root)"), in it one
 * box per e-node (kind, attributes, symbol), and an edge from each e-node
 * to each kid's class (clipped at the cluster: `compound=true`). The
 * e-nodes of `highlight` (a term in g, e.g. the extracted program; NULL:
 * none) and their classes are drawn red and bold, the classes' labels
 * marked "*". False when out of memory or the write failed. */
bool ariEgWriteDot(AriEGraph *g, AriEClass root, const AriTerm *highlight, FILE *f);

/* Writes term t as a Graphviz digraph: one box per distinct subterm (a
 * shared one once: the DAG), edges to the kids labelled by position. */
bool ariTermWriteDot(AriTermStore *s, const AriTerm *t, FILE *f);

/*=== Extraction (search/egraph/egraph_extract.c) ===============================*/

/* The cost of e-node n given the best costs of its kids (in order); must be
 * larger than each kid's cost for extraction to be well-founded (a cost
 * function that is not gets "extraction: cycle" errors, never a hang). */
typedef double (*AriEgCostFn)(void *ctx, const AriEGraph *g, AriENode n, const double *kidCosts);

/* Term size: 1 + the kids. ctx unused. The engine's default cost; the
 * cost models to choose from are costmodel/cost.h's. */
double ariEgCostSize(void *ctx, const AriEGraph *g, AriENode n, const double *kidCosts);

/* The cheapest term of class `root` under fn (NULL: term size), built in
 * the store; *cost (may be NULL) its cost. Needs a rebuilt graph. NULL with
 * an error when out of memory. */
AriTerm *ariEgExtract(AriEGraph *g, AriEClass root, AriEgCostFn fn, void *ctx, double *cost);

/* An extraction of class `root` with ariEgExtract's contract (the cheapest
 * term under fn, *cost its cost, NULL with no term), e.g. ariEgExtract
 * itself or ariEgExtractSketch bound to a sketch; ctx is the caller's. */
typedef AriTerm *(*AriEgExtractFn)(void *ctx, AriEGraph *g, AriEClass root, AriEgCostFn fn,
                                   void *fnCtx, double *cost);

/* Up to k distinct cheap terms of class `root` under the additive cost fn
 * (NULL: term size), for a cost that is not a sum over e-nodes to choose
 * among (a learned model ranks them). `ex` extracts (NULL: ariEgExtract),
 * so a sketch-constrained extraction gives candidates that all satisfy
 * the sketch.
 *
 * Method (penalised re-extraction, deterministic): the first term is ex's
 * cheapest; after each extraction every e-node of the term just extracted
 * costs one more (one size unit per candidate it appeared in), and ex runs
 * again; a term extracted before is not kept, and after 2k extractions it
 * stops. So the candidates are the cheapest term and k-1 near-cheapest
 * ones that differ from the earlier ones where alternatives cost least:
 * NOT the exact k best terms (two terms that differ only in a costly
 * subterm may both be missed), and fewer than k when the class has few
 * alternatives. terms[i] / costs[i] (costs may be NULL) in order of
 * extraction, costs unpenalised (as ariEgExtract counts them). Returns
 * the number found; 0 with ariEgError set on an error, 0 without one
 * when ex finds no term. */
size_t ariEgExtractK(AriEGraph *g, AriEClass root, AriEgExtractFn ex, void *exCtx,
                     AriEgCostFn fn, void *ctx, unsigned k, AriTerm **terms, double *costs);

/* The term of the size analysis' best e-nodes (no fixpoint: O(term)). Used
 * by rule application for extraction-based substitution. Where a best
 * node is not right in every context of its class (docs/egraph.md,
 * "Contexts and types"), the cheapest node of the class that is, if any;
 * a term that still holds such a node is returned but not memoised, and
 * counted (the runner then skips the match). */
AriTerm *ariEgExtractBest(AriEGraph *g, AriEClass c);

/*=== Patterns and rules (search/egraph/egraph_rules.c) =========================*/

/* A typed pattern for e-matching, written as an S-expression:
 *   ?x            a pattern variable (same name: same class)
 *   ?x:TYPE       a variable whose class has that type (ariTypeParse syntax)
 *   (KIND A.. P..) a node of that kind (ariTermKindName): first its int
 *                 attributes, each a number or _ (any), then its kids
 *   (arith.addf P..) an OP node with that name and that many operands
 * e.g. "(map 0 _ ?g (map 0 _ ?f ?x))". Attributes not written are free. */
typedef struct AriEgPattern AriEgPattern;

/* Parses text[0..len) with nodes from arena `a`; NULL with a message and a
 * 0-based column in err/errCol (may be NULL) when malformed. */
AriEgPattern *ariEgPatternParse(AriTermStore *s, AriArena *a, const char *text, size_t len,
                                char *err, size_t cap, size_t *errCol);
unsigned ariEgPatternNumVars(const AriEgPattern *p);
/* Its node (non-variable) entries: the length of ariEgMatch's `nodes`. */
unsigned ariEgPatternNumNodes(const AriEgPattern *p);

enum { ARI_EG_MAX_ALTS = 8 };

/* A rule of search/rules/rules.h with the left-hand side(s) it is e-matched by.
 * Application (extraction-based substitution): the matched instance is
 * rebuilt as a term (matched nodes, and the best extracted term of each
 * variable's class), the library rule (ariRuleApply) rewrites it with its
 * side conditions, and the result is added and merged with the match. */
typedef struct AriEgRule {
  AriRuleInst inst;
  char name[64]; /* as ariRuleInstPrint writes it: "splitJoin(4)" */
  unsigned nalts;
  AriEgPattern *lhs[ARI_EG_MAX_ALTS];
} AriEgRule;

/* The rule `text` ("mapFusion", "splitJoin(4)") with its built-in pattern.
 * False with a message when the rule is unknown or has no pattern yet. */
bool ariEgRuleMake(AriTermStore *s, AriArena *a, const char *text, AriEgRule *out, char *err,
                   size_t cap);
/* The rule names that have patterns (ariEgRuleMake accepts them). */
size_t ariEgRulePatternCount(void);
const char *ariEgRulePatternName(size_t i);
const char *ariEgRulePatternText(size_t i);

/* Calls fn for every match of p in canonical class c: vars[k] the class of
 * variable k, nodes[j] the e-node matched by the j-th node of the pattern
 * (pre-order). fn returns false to stop. Returns the number of matches. */
typedef bool (*AriEgMatchFn)(void *ctx, const AriEClass *vars, const AriENode *nodes);
size_t ariEgMatch(AriEGraph *g, const AriEgPattern *p, AriEClass c, AriEgMatchFn fn, void *ctx);

/* Builds the term of a match (see AriEgRule); NULL when out of memory or
 * when a node does not type-check. */
AriTerm *ariEgInstantiate(AriEGraph *g, const AriEgPattern *p, const AriEClass *vars,
                          const AriENode *nodes);

/*=== The runner (search/egraph/egraph_run.c) ===================================*/

typedef enum AriEgStop {
  ARI_EG_STOP_SATURATED,  /* an iteration changed nothing */
  ARI_EG_STOP_GOAL,       /* the goal callback said yes */
  ARI_EG_STOP_ITERATIONS, /* iteration limit */
  ARI_EG_STOP_NODES,      /* e-node limit */
  ARI_EG_STOP_TIME,       /* time limit */
  ARI_EG_STOP_MEMORY,     /* memory limit */
  ARI_EG_STOP_ERROR       /* out of memory or an analysis disagreement */
} AriEgStop;
/* The one spelling of a stop reason, wherever one is printed (the
 * rise-eqsat pass's report and diagnostics, the tools' tables): "saturated",
 * "goal", "iter-limit", "node-limit", "time-limit", "memory-limit",
 * "error". One word each, so that a key=value report line stays one token
 * per value; the limits are named like rise-eqsat's options. */
const char *ariEgStopName(AriEgStop s);

/* The current time in seconds (any origin); lets tests drive the time
 * limit deterministically. */
typedef double (*AriEgClockFn)(void *ctx);
/* Whether the goal is reached; called after every rebuild. */
typedef bool (*AriEgGoalFn)(void *ctx, AriEGraph *g, AriEClass root);

/* The state of a run after one of its iterations (matched, applied and
 * rebuilt), for progress output. */
typedef struct AriEgProgress {
  unsigned iteration;    /* 1 for the first */
  size_t nodes, classes; /* live, now */
  size_t applied;        /* merges that changed the graph, so far */
  size_t bytes;          /* graph + store + match tables, now */
  double seconds;        /* since the run began (the run's clock) */
} AriEgProgress;
typedef void (*AriEgProgressFn)(void *ctx, const AriEgProgress *p);

typedef struct AriEgRunOpts {
  unsigned maxIterations; /* 0: no limit */
  size_t maxNodes;        /* live e-nodes; 0: no limit */
  double maxSeconds;      /* 0: no limit */
  size_t maxBytes;        /* graph tables + term store + the runner's match
                             tables; 0: no limit */
  AriEgClockFn clock;     /* NULL: CLOCK_MONOTONIC */
  void *clockCtx;
  AriEgGoalFn goal; /* NULL: none */
  void *goalCtx;
  AriEgCostFn cost; /* extraction of the result; NULL: term size */
  void *costCtx;
  /* Incremental matching: after the first iteration, match only in the
   * classes that changed (got a node or were merged) in the previous one
   * and their ancestors up to the largest pattern's node count (a bound
   * on its depth): a match anywhere else was found before. Finds the same
   * new matches in the same order as a full pass (so the same graph),
   * for less work when a large graph grows little per iteration. */
  bool incremental;
  AriEgProgressFn progress; /* after each iteration; NULL: none */
  void *progressCtx;
} AriEgRunOpts;

typedef struct AriEgReport {
  AriEgStop stop;
  unsigned iterations;
  size_t nodes, classes;   /* at the end */
  size_t matches, applied; /* over the run: new matches, merges that changed */
  size_t bytes;            /* graph + store (+ the runner's match tables
                              while it runs) at their largest: at the end,
                              or after an iteration's applications, before
                              the term store scope they ran in is released
                              (search/egraph/egraph_run.c) */
  double seconds, rebuildSeconds;
  AriTerm *best; /* the cheapest term of root at the end (NULL on error) */
  double bestCost;
  char error[ARI_RULE_ERR_MAX];
} AriEgReport;

/* Runs equality saturation from class `root`: each iteration collects the
 * matches of every rule in every class, then applies them all, then
 * rebuilds; limits are checked between applications and, for time and
 * memory, while matching too. A match already
 * found in an earlier iteration (same rule, e-nodes and variable classes)
 * is not applied again: its result is in the graph already (extraction
 * may have picked other terms since; that variation is given up for
 * speed). Returns false only
 * when rep->stop is ARI_EG_STOP_ERROR. */
bool ariEgRun(AriEGraph *g, AriEClass root, const AriEgRule *rules, size_t nrules,
              const AriEgRunOpts *o, AriEgReport *rep);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_EGRAPH_H */
