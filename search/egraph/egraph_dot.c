/*===- egraph_dot.c - Graphviz pictures of e-graphs and terms -------------===*\
 *
 * See ariEgWriteDot and ariTermWriteDot in egraph.h. Labels are the node's
 * kind, attributes and symbol (what ariTermToString shows of one node);
 * Graphviz escapes are applied to symbols, which may hold any text.
 *
\*===----------------------------------------------------------------------===*/

#include "search/egraph/egraph.h"
#include "search/egraph/egraph_impl.h"
#include "utils/arena.h"

#include <inttypes.h>
#include <string.h>

/* A label string for dot: '"' and '\' escaped, control characters dropped. */
static void putEscaped(FILE *f, const char *s) {
  for (; *s; ++s) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    if ((unsigned char)*s >= 0x20)
      fputc(*s, f);
  }
}

static void putLabel(FILE *f, AriTermKind kind, unsigned nattrs, const int64_t *attrs,
                     const AriSym *sym) {
  fputs(ariTermKindName(kind), f);
  for (unsigned i = 0; i < nattrs; ++i)
    fprintf(f, " %" PRId64, attrs[i]);
  if (sym) {
    fputc(' ', f);
    putEscaped(f, ariSymStr(sym));
  }
}

/* Marks the e-node of every node of t (the class of the subterm, and in it
 * the node of the same kind, attributes and symbol whose kids are the
 * subterms' classes). False when out of memory. */
static bool markTerm(AriEGraph *g, const AriTerm *t, bool *nodeMark, bool *classMark) {
  AriEClass c = ariEgLookupTerm(g, t);
  if (c == ARI_EG_NONE)
    return true; /* not in the graph: nothing to mark */
  c = ariEgFind(g, c);
  classMark[c] = true;
  unsigned nk = ariTermNumKids(t), na = ariTermNumAttrs(t);
  for (unsigned i = 0; i < ariEgClassNumNodes(g, c); ++i) {
    AriENode n = ariEgClassNode(g, c, i);
    bool same = ariEgNodeKind(g, n) == ariTermKind(t) && ariEgNodeNumKids(g, n) == nk &&
                ariEgNodeNumAttrs(g, n) == na && ariEgNodeSym(g, n) == ariTermSym(t);
    for (unsigned a = 0; same && a < na; ++a)
      same = ariEgNodeAttr(g, n, a) == ariTermAttr(t, a);
    for (unsigned k = 0; same && k < nk; ++k) {
      AriEClass kc = ariEgLookupTerm(g, ariTermKid(t, k));
      same = kc != ARI_EG_NONE && ariEgFind(g, kc) == ariEgFind(g, ariEgNodeKid(g, n, k));
    }
    if (same) {
      nodeMark[n] = true;
      break;
    }
  }
  for (unsigned k = 0; k < nk; ++k)
    if (!markTerm(g, ariTermKid(t, k), nodeMark, classMark))
      return false;
  return true;
}

bool ariEgWriteDot(AriEGraph *g, AriEClass root, const AriTerm *highlight, FILE *f) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  size_t nn = g->nnodes ? g->nnodes : 1, nc = g->nclasses ? g->nclasses : 1;
  bool *nodeMark = ariArenaCalloc(&arena, nn * sizeof *nodeMark);
  bool *classMark = ariArenaCalloc(&arena, nc * sizeof *classMark);
  if (!nodeMark || !classMark || (highlight && !markTerm(g, highlight, nodeMark, classMark))) {
    ariArenaDestroy(&arena);
    return false;
  }
  if (root != ARI_EG_NONE)
    root = ariEgFind(g, root);
  fputs("digraph egraph {\n  compound=true;\n  node [shape=box, fontname=\"monospace\"];\n", f);
  for (size_t c = 0; c < g->nclasses; ++c) {
    if (g->uf[c] != c || !ariEgClassNumNodes(g, (AriEClass)c))
      continue;
    char type[128] = "";
    const AriType *t = ariEgClassType(g, (AriEClass)c);
    if (t)
      ariTypePrint(t, type, sizeof type);
    fprintf(f, "  subgraph cluster_%zu {\n    label=\"c%zu%s%s: ", c, c,
            c == root ? " (root)" : "", classMark[c] ? " *" : "");
    putEscaped(f, type);
    fprintf(f, "\";\n    style=%s;\n    color=%s;\n", classMark[c] ? "bold" : "dashed",
            classMark[c] ? "red" : "gray40");
    for (unsigned i = 0; i < ariEgClassNumNodes(g, (AriEClass)c); ++i) {
      AriENode n = ariEgClassNode(g, (AriEClass)c, i);
      int64_t attrs[8];
      unsigned na = ariEgNodeNumAttrs(g, n);
      if (na > 8)
        na = 8;
      for (unsigned a = 0; a < na; ++a)
        attrs[a] = ariEgNodeAttr(g, n, a);
      fprintf(f, "    n%" PRIu32 " [label=\"", n);
      putLabel(f, ariEgNodeKind(g, n), na, attrs, ariEgNodeSym(g, n));
      fprintf(f, "\"%s];\n", nodeMark[n] ? ", color=red, penwidth=2, fontcolor=red" : "");
    }
    fputs("  }\n", f);
  }
  /* An edge goes from an e-node to its kid's class: drawn to the class's
   * first node, clipped at the cluster (lhead). */
  for (size_t c = 0; c < g->nclasses; ++c) {
    if (g->uf[c] != c)
      continue;
    for (unsigned i = 0; i < ariEgClassNumNodes(g, (AriEClass)c); ++i) {
      AriENode n = ariEgClassNode(g, (AriEClass)c, i);
      for (unsigned k = 0; k < ariEgNodeNumKids(g, n); ++k) {
        AriEClass kc = ariEgFind(g, ariEgNodeKid(g, n, k));
        if (!ariEgClassNumNodes(g, kc))
          continue;
        fprintf(f, "  n%" PRIu32 " -> n%" PRIu32 " [lhead=cluster_%" PRIu32 "%s];\n", n,
                ariEgClassNode(g, kc, 0), kc,
                nodeMark[n] && classMark[kc] ? ", color=red, penwidth=2" : "");
      }
    }
  }
  fputs("}\n", f);
  ariArenaDestroy(&arena);
  return !ferror(f);
}

/* One dot node per distinct subterm (terms are hash-consed: a shared
 * subterm is drawn once, as the DAG it is). */
static void termNodes(const AriTerm *t, bool *seen, FILE *f) {
  uint32_t id = ariTermId(t);
  if (seen[id])
    return;
  seen[id] = true;
  int64_t attrs[8];
  unsigned na = ariTermNumAttrs(t);
  if (na > 8)
    na = 8;
  for (unsigned a = 0; a < na; ++a)
    attrs[a] = ariTermAttr(t, a);
  fprintf(f, "  t%" PRIu32 " [label=\"", id);
  putLabel(f, ariTermKind(t), na, attrs, ariTermSym(t));
  fputs("\"];\n", f);
  for (unsigned k = 0; k < ariTermNumKids(t); ++k) {
    fprintf(f, "  t%" PRIu32 " -> t%" PRIu32 " [label=\"%u\"];\n", id, ariTermId(ariTermKid(t, k)),
            k);
    termNodes(ariTermKid(t, k), seen, f);
  }
}

bool ariTermWriteDot(AriTermStore *s, const AriTerm *t, FILE *f) {
  AriArena arena;
  ariArenaInit(&arena, 0);
  size_t n = ariTermStoreNumTerms(s) + 1;
  bool *seen = ariArenaCalloc(&arena, n * sizeof *seen);
  if (!seen) {
    ariArenaDestroy(&arena);
    return false;
  }
  fputs("digraph term {\n  node [shape=box, fontname=\"monospace\"];\n", f);
  termNodes(t, seen, f);
  fputs("}\n", f);
  ariArenaDestroy(&arena);
  return !ferror(f);
}
