/*===- search/term/term_print.c - S-expression printing ------------------------===*/

/* Types print through ariTypeAppend, which term.c owns (its typing errors
 * name types): this module builds on the store, never the other way. */

#include "search/term/term_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *const kPat[] = {"",       "seq",       "unroll", "par",    "vec",
                                   "global", "workgroup", "local",  "stream", "iterate"};
static const char *const kAddr[] = {"global", "local", "private"};

static void constText(AriStr *o, const AriTerm *t) {
  if (ariTypeIsFloat(t->type)) {
    double d = ariTermConstFloatValue(t);
    ariStrPrintf(o, t->type->bits == 32 ? "%.9g" : "%.17g", d);
  } else {
    ariStrPrintf(o, "%" PRId64, termAttrs(t)[0]);
  }
}

static void termRec(AriStr *o, const AriTerm *t, unsigned flags, unsigned depth) {
  if (depth > kMaxWalkDepth) {
    ariStrPuts(o, "..."); /* too deep to print; see kMaxWalkDepth */
    return;
  }
  const int64_t *at = termAttrs(t);
  bool typed = flags & ARI_PRINT_TYPES;
  switch ((AriTermKind)t->kind) {
  case ARI_TERM_VAR:
    ariStrPrintf(o, "%%%" PRId64, at[0]);
    if (typed) {
      ariStrPuts(o, ":");
      ariTypeAppend(o, t->type);
    }
    return;
  case ARI_TERM_CONST:
    ariStrPuts(o, "(const ");
    constText(o, t);
    ariStrPuts(o, " : ");
    ariTypeAppend(o, t->type);
    ariStrPuts(o, ")");
    return;
  case ARI_TERM_IN:
  case ARI_TERM_ARG:
    ariStrPrintf(o, "(%s %" PRId64 " : ", ariTermKindName((AriTermKind)t->kind), at[0]);
    ariTypeAppend(o, t->type);
    ariStrPuts(o, ")");
    return;
  case ARI_TERM_LITERAL:
    /* the value text, then the array type (parsers split at the last " : ") */
    ariStrPuts(o, "(literal ");
    ariStrPuts(o, t->sym->str);
    ariStrPuts(o, " : ");
    ariTypeAppend(o, t->type);
    ariStrPuts(o, ")");
    return;
  case ARI_TERM_LAM:
    ariStrPuts(o, "(lam ");
    ariTypeAppend(o, t->type->a);
    ariStrPuts(o, " ");
    termRec(o, t->kids[0], flags, depth + 1);
    ariStrPuts(o, ")");
    return;
  default:
    break;
  }
  ariStrPuts(o, "(");
  if (t->kind == ARI_TERM_OP) {
    ariStrPuts(o, t->sym->str);
    if (t->sym2->len) {
      ariStrPuts(o, " ");
      ariStrPuts(o, t->sym2->str);
    }
  } else {
    ariStrPuts(o, ariTermKindName((AriTermKind)t->kind));
    switch ((AriTermKind)t->kind) {
    case ARI_TERM_MAP:
    case ARI_TERM_REDUCE:
      if (at[0] > 0 && at[0] <= 9) {
        ariStrPuts(o, " ");
        ariStrPuts(o, kPat[at[0]]);
        if (t->kind == ARI_TERM_MAP && at[1] >= 0)
          ariStrPrintf(o, "(%" PRId64 ")", at[1]);
      }
      break;
    case ARI_TERM_TO_MEM:
    case ARI_TERM_CIRCULAR_BUFFER:
    case ARI_TERM_ROTATE_VALUES:
      ariStrPuts(o, " ");
      ariStrPuts(o, at[0] >= 0 && at[0] <= 2 ? kAddr[at[0]] : "?");
      for (unsigned i = 1; i < t->nattrs; ++i)
        ariStrPrintf(o, " %" PRId64, at[i]);
      break;
    case ARI_TERM_KERNEL: {
      unsigned r = t->nattrs / 2;
      ariStrPuts(o, " [");
      for (unsigned i = 0; i < r; ++i)
        ariStrPrintf(o, i ? " %" PRId64 : "%" PRId64, at[i]);
      ariStrPuts(o, "] [");
      for (unsigned i = 0; i < r; ++i)
        ariStrPrintf(o, i ? " %" PRId64 : "%" PRId64, at[r + i]);
      ariStrPuts(o, "]");
      break;
    }
    default:
      for (unsigned i = 0; i < t->nattrs; ++i)
        ariStrPrintf(o, " %" PRId64, at[i]);
      break;
    }
  }
  for (unsigned i = 0; i < t->nkids; ++i) {
    ariStrPuts(o, " ");
    termRec(o, t->kids[i], flags, depth + 1);
  }
  if (typed || t->kind == ARI_TERM_OP) {
    /* Generic ops always show their result type: it is not derivable. */
    ariStrPuts(o, " : ");
    ariTypeAppend(o, t->type);
  }
  ariStrPuts(o, ")");
}

size_t ariTermPrint(const AriTerm *t, char *buf, size_t cap, unsigned flags) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  termRec(&o, t, flags, 0);
  return o.want;
}

const char *ariTermToString(AriTermStore *s, const AriTerm *t, unsigned flags) {
  size_t n = ariTermPrint(t, NULL, 0, flags);
  if (n == SIZE_MAX)
    return ariTermFail(s, "term too large to print");
  char *b = ariArenaAlloc(&s->arena, n + 1);
  if (!b)
    return ariTermFail(s, "out of memory (term store limit)");
  ariTermPrint(t, b, n + 1, flags);
  return b;
}

size_t ariTermFuncPrint(const AriTermFunc *f, char *buf, size_t cap, unsigned flags) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  static const char *const kRoot[] = {"out", "return", "keep"};
  for (unsigned i = 0; i < f->numRoots; ++i) {
    const AriTermRoot *r = &f->roots[i];
    ariStrPrintf(&o, "%s %u <- ", kRoot[r->kind <= 2 ? r->kind : 0], r->index);
    termRec(&o, r->value, flags, 0);
    ariStrPuts(&o, "\n");
  }
  return o.want;
}
