/*===- search/sketch/sketch.h - sketches: program shapes that guide the search -===*\
 *
 * A sketch (thesis chapter 5, SKETCHBASIC) is a pattern that leaves details
 * unspecified; a term SATISFIES a sketch when it has the sketched shape.
 * docs/sketches.md describes the language for users; in short:
 *
 *   ?                 any term
 *   F(s1, .., sn)     a node of kind F with exactly n children satisfying
 *                     s1..sn; `F` alone: a node of kind F, children free
 *   contains(s)       a term that satisfies s or has a descendant that does
 *   s1 | s2           s1 or s2 (also written `∨` or `or`)
 *   s :: t            s, and the term's type satisfies the type sketch t
 *
 * F is a term kind name (search/term/term.h: map, reduce, split, lam, app,
 * to_mem, ...), a lowering variant (mapSeq, mapPar, mapUnroll, mapVec,
 * mapGlobal, mapWorkgroup, mapLocal, reduceSeq, reduceSeqUnroll, toMem,
 * toMemGlobal, toMemLocal, toMemPrivate, asVector, asScalar) or a scalar op
 * name with a dot (arith.addf; `op` is any scalar op). `map`, `reduce` and
 * `toMem` match every implementation kind / address space; the variants
 * match only theirs.
 *
 * Type sketches are types in ariTypePrint's notation (f32, <4>f32,
 * 32.64.f32, (f32 x f32), (f32 -> f32)) where any type or size may be `?`
 * (optionally named, `?dt`; names are comments, each hole is independent)
 * and sizes may be expressions over named sizes: `(m / 32).f32`, `n.k.f32`.
 *
 * Named sizes (m, n, k) are bound when the sketch is parsed, from the
 * AriSketchSet (ariSketchSetNat) or a guide file's `nat` line. Division
 * must be exact.
 *
 * The thesis's abstractions (Listing 5.5, Appendix C) are built in:
 *   containsMap(n, f)         contains(map(f, ? :: n.?))
 *   containsMap(n, f, x)      contains(map(f, x :: n.?))  (Appendix C's
 *                             store/lower3-5 sketches constrain the input)
 *   containsMapPar(n, f[, x]) the same with mapPar
 *   containsReduceSeq(n, f)   contains(reduceSeq(f, ?, ? :: n.?))
 *   containsReduceSeqUnroll(n, f)  the same with reduceSeqUnroll
 *   containsToMem(t, f)       contains(toMem(f) :: t)
 *   containsAddMul            contains(arith.addf(?, contains(arith.mulf))
 *                                    | arith.addf(contains(arith.mulf), ?))
 *   containsAddMulVec         containsAddMul with the addf of vector type
 * where n is a size expression (the input array is n.?) or a whole type
 * sketch for the input array (`32.f32`, `1.<32>f32`).
 *
 * Satisfaction is decided by a matcher written against a node provider
 * (AriSketchGraph) rather than against AriTerm: a "class" is an opaque
 * uintptr_t handle holding one or more alternative nodes, and a class
 * satisfies a sketch when one of its nodes does. For terms every class is a
 * term (one node, kids are its children): ariSketchTermGraph. The e-graph
 * plugs in by providing numNodes = the e-class's e-node count, node/kid =
 * that e-node's kind/type/attrs and child e-class ids (with search/
 * egraph.h: handle = canonical class id + 1, numNodes = ariEgClassNumNodes,
 * node from ariEgClassNode + ariEgNode{Kind,Type,Attr,Sym,NumKids}, kid =
 * ariEgFind(ariEgNodeKid(..)) + 1); the memo is then per (sketch node,
 * e-class), as the issue asks. The graph must not change while a matcher's
 * memo is in use (create a fresh matcher after each rebuild). A class reached again while it
 * is being decided (a cycle, only possible in an e-graph) counts as not
 * satisfying: that is the least fixpoint, i.e. satisfaction by a finite
 * term, which is what extraction needs.
 *
 * Memory: sketches and guide files live in the AriSketchSet's arena; the
 * matcher owns its memo table. No global state. Errors are values with a
 * line:column position.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_SKETCH_H
#define ARIADNE_SEARCH_SKETCH_H

#include "search/term/term.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AriSketchSet AriSketchSet;
typedef struct AriSketch AriSketch;
typedef struct AriTypeSketch AriTypeSketch;

/*=== Sketch sets (arena, named sizes) ===================================*/

/* Sketches are checked against types of `store` (scalar types are interned
 * there). NULL when out of memory. */
AriSketchSet *ariSketchSetCreate(AriTermStore *store);
void ariSketchSetDestroy(AriSketchSet *set);

/* Binds the size name `name` (an identifier) for later parses. A caller's
 * binding wins over a guide file's `nat` default. False on a bad name or
 * when out of memory. */
bool ariSketchSetNat(AriSketchSet *set, const char *name, int64_t value);

/* A parse error: 1-based line and column of the offending character (in
 * the text given to the parser) and a message. */
typedef struct AriSketchError {
  unsigned line, col;
  char msg[200];
} AriSketchError;

/*=== Sketches ===========================================================*/

typedef enum AriSketchKind {
  ARI_SKETCH_ANY,      /* ? */
  ARI_SKETCH_NODE,     /* F(s..) or F */
  ARI_SKETCH_CONTAINS, /* contains(s) */
  ARI_SKETCH_OR,       /* s | s */
  ARI_SKETCH_TYPED     /* s :: t */
} AriSketchKind;

/* Parses one sketch (the whole of `len` bytes of `text`, surrounding white
 * space and `#`/`//` comments allowed). NULL with *err set on malformed
 * input, unknown heads or sizes, wrong arity of a built-in, or out of
 * memory. */
const AriSketch *ariSketchParse(AriSketchSet *set, const char *text, size_t len,
                                AriSketchError *err);

AriSketchKind ariSketchKind(const AriSketch *k);
/* Nodes in the sketch (built-ins expanded); what the memo is sized by. */
unsigned ariSketchSize(const AriSketch *k);

/* The sketch in the core syntax (built-ins expanded), e.g.
 * "contains(map(?, (? :: 32.?)))". snprintf-like; returns the full length. */
size_t ariSketchPrint(const AriSketch *k, char *buf, size_t cap);

/* The array sizes (n of `n.t`, as containsMap(n, ..) and the other
 * built-ins write them) that the sketch's types name, each once, in order
 * of appearance: up to cap of them into out. Returns how many there are.
 * A program whose e-graph never has an array of one of them cannot
 * satisfy the sketch (a guide written for other sizes). */
size_t ariSketchArraySizes(const AriSketch *k, int64_t *out, size_t cap);

/*=== Satisfaction =======================================================*/

/* What the matcher sees of one node. */
typedef struct AriSketchNode {
  AriTermKind kind;
  const AriType *type;
  int64_t patKind;   /* MAP/REDUCE implementation kind (AriPatternKind),
                        TO_MEM address space (AriAddrSpace); -1 otherwise */
  const AriSym *sym; /* OP name; NULL for other kinds */
  unsigned numKids;
} AriSketchNode;

/* The node provider. Classes are opaque handles (never 0). */
typedef struct AriSketchGraph {
  void *ctx;
  unsigned (*numNodes)(void *ctx, uintptr_t cls);
  void (*node)(void *ctx, uintptr_t cls, unsigned i, AriSketchNode *out);
  uintptr_t (*kid)(void *ctx, uintptr_t cls, unsigned i, unsigned k);
} AriSketchGraph;

/* The provider for hash-consed terms: a class is an AriTerm pointer. */
AriSketchGraph ariSketchTermGraph(void);

typedef struct AriSketchMatcher AriSketchMatcher;

/* A matcher with its memo over (sketch node, class); reuse it for many
 * queries on the same graph, with sketches of any live sets (the memo stays
 * valid while the graph does not change). NULL when out of memory. */
AriSketchMatcher *ariSketchMatcherCreate(AriSketchGraph graph);
void ariSketchMatcherDestroy(AriSketchMatcher *m);

/* 1 if `cls` satisfies `k`, 0 if not, -1 on error (out of memory, or
 * recursion deeper than 10000 levels: terms nested that deep). After an
 * error the matcher stays usable. */
int ariSketchMatchClass(AriSketchMatcher *m, const AriSketch *k, uintptr_t cls);
/* (sketch node, class) pairs decided so far; for reports and tests. */
size_t ariSketchMatcherMemoSize(const AriSketchMatcher *m);

/* One-shot convenience over terms: 1, 0 or -1 as above. */
int ariSketchMatches(const AriSketch *k, const AriTerm *t);

/*=== Guide files ========================================================*/

/* A guide file (docs/sketches.md, search/sketch/guides/matmul.guides):
 *
 *   nat m = 1024, n = 1024, k = 1024;
 *   guide split rules(splitJoin(32), splitJoin(4)) = containsMap(...);
 *   goal blocking = split, reorder1;
 *
 * Rules are kept as written (rule text for search/rules/rules.h's ariRuleParse);
 * goals name guides of the file, in order. */
typedef struct AriGuide {
  const char *name;
  const AriSketch *sketch;
  unsigned numRules;
  const char *const *rules;
  unsigned line; /* where the guide starts, for diagnostics */
  /* A sketch whose sizes are well formed but do not work out with the
   * sizes bound (`m / 32` with m = 100: not exact, overflow, not
   * positive): the file still parses, only this guide is unusable, and
   * sketch is NULL. The error is for whoever runs a goal that needs it. */
  const AriSketchError *sizeError;
} AriGuide;

typedef struct AriGuideGoal {
  const char *name;
  unsigned numSteps;
  const unsigned *steps; /* indices into the file's guides */
} AriGuideGoal;

typedef struct AriGuideFile {
  unsigned numGuides;
  const AriGuide *guides;
  unsigned numGoals;
  const AriGuideGoal *goals;
} AriGuideFile;

/* Parses a guide file. NULL with *err (positions relative to `text`) on
 * malformed input, duplicate names, a goal naming an unknown guide, or out
 * of memory. */
const AriGuideFile *ariGuideFileParse(AriSketchSet *set, const char *text, size_t len,
                                      AriSketchError *err);
/* The guide named `name`, or NULL. */
const AriGuide *ariGuideFind(const AriGuideFile *f, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_SEARCH_SKETCH_H */
