/*===- search/term/term_print.c - S-expression printing ------------------------===*/

#include "search/term/term_impl.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  char *buf;
  size_t cap, len;
} Out;

static void put(Out *o, const char *str, size_t n) {
  if (o->len < o->cap) {
    size_t room = o->cap - o->len;
    memcpy(o->buf + o->len, str, n < room ? n : room);
  }
  o->len = o->len + n < o->len ? SIZE_MAX : o->len + n;
}

static void puts_(Out *o, const char *str) { put(o, str, strlen(str)); }

static void putf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(Out *o, const char *fmt, ...) {
  char b[128];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  if (n > 0)
    put(o, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

static void finish(Out *o) {
  if (o->cap == 0)
    return;
  o->buf[o->len < o->cap ? o->len : o->cap - 1] = 0;
}

static void typeRec(Out *o, const AriType *t) {
  switch ((AriTypeKind)t->kind) {
  case ARI_TYPE_SCALAR:
    puts_(o, t->name->str);
    return;
  case ARI_TYPE_VECTOR:
    putf(o, "<%" PRId64 ">", t->size);
    typeRec(o, t->a);
    return;
  case ARI_TYPE_ARRAY:
    putf(o, "%" PRId64 ".", t->size);
    typeRec(o, t->a);
    return;
  case ARI_TYPE_PAIR:
    puts_(o, "(");
    typeRec(o, t->a);
    puts_(o, " x ");
    typeRec(o, t->b);
    puts_(o, ")");
    return;
  case ARI_TYPE_FUN:
    puts_(o, "(");
    typeRec(o, t->a);
    puts_(o, " -> ");
    typeRec(o, t->b);
    puts_(o, ")");
    return;
  }
}

size_t ariTypePrint(const AriType *t, char *buf, size_t cap) {
  Out o = {buf, cap, 0};
  typeRec(&o, t);
  finish(&o);
  return o.len;
}

static const char *const kPat[] = {"",       "seq",       "unroll", "par",    "vec",
                                   "global", "workgroup", "local",  "stream", "iterate"};
static const char *const kAddr[] = {"global", "local", "private"};

static void constText(Out *o, const AriTerm *t) {
  if (ariTypeIsFloat(t->type)) {
    double d = ariTermConstFloatValue(t);
    putf(o, t->type->bits == 32 ? "%.9g" : "%.17g", d);
  } else {
    putf(o, "%" PRId64, termAttrs(t)[0]);
  }
}

static void termRec(Out *o, const AriTerm *t, unsigned flags, unsigned depth) {
  if (depth > kMaxWalkDepth) {
    puts_(o, "..."); /* too deep to print; see kMaxWalkDepth */
    return;
  }
  const int64_t *at = termAttrs(t);
  bool typed = flags & ARI_PRINT_TYPES;
  switch ((AriTermKind)t->kind) {
  case ARI_TERM_VAR:
    putf(o, "%%%" PRId64, at[0]);
    if (typed) {
      puts_(o, ":");
      typeRec(o, t->type);
    }
    return;
  case ARI_TERM_CONST:
    puts_(o, "(const ");
    constText(o, t);
    puts_(o, " : ");
    typeRec(o, t->type);
    puts_(o, ")");
    return;
  case ARI_TERM_IN:
  case ARI_TERM_ARG:
    putf(o, "(%s %" PRId64 " : ", ariTermKindName((AriTermKind)t->kind), at[0]);
    typeRec(o, t->type);
    puts_(o, ")");
    return;
  case ARI_TERM_LITERAL:
    /* the value text, then the array type (parsers split at the last " : ") */
    puts_(o, "(literal ");
    puts_(o, t->sym->str);
    puts_(o, " : ");
    typeRec(o, t->type);
    puts_(o, ")");
    return;
  case ARI_TERM_LAM:
    puts_(o, "(lam ");
    typeRec(o, t->type->a);
    puts_(o, " ");
    termRec(o, t->kids[0], flags, depth + 1);
    puts_(o, ")");
    return;
  default:
    break;
  }
  puts_(o, "(");
  if (t->kind == ARI_TERM_OP) {
    puts_(o, t->sym->str);
    if (t->sym2->len) {
      puts_(o, " ");
      puts_(o, t->sym2->str);
    }
  } else {
    puts_(o, ariTermKindName((AriTermKind)t->kind));
    switch ((AriTermKind)t->kind) {
    case ARI_TERM_MAP:
    case ARI_TERM_REDUCE:
      if (at[0] > 0 && at[0] <= 9) {
        puts_(o, " ");
        puts_(o, kPat[at[0]]);
        if (t->kind == ARI_TERM_MAP && at[1] >= 0)
          putf(o, "(%" PRId64 ")", at[1]);
      }
      break;
    case ARI_TERM_TO_MEM:
    case ARI_TERM_CIRCULAR_BUFFER:
    case ARI_TERM_ROTATE_VALUES:
      puts_(o, " ");
      puts_(o, at[0] >= 0 && at[0] <= 2 ? kAddr[at[0]] : "?");
      for (unsigned i = 1; i < t->nattrs; ++i)
        putf(o, " %" PRId64, at[i]);
      break;
    case ARI_TERM_KERNEL: {
      unsigned r = t->nattrs / 2;
      puts_(o, " [");
      for (unsigned i = 0; i < r; ++i)
        putf(o, i ? " %" PRId64 : "%" PRId64, at[i]);
      puts_(o, "] [");
      for (unsigned i = 0; i < r; ++i)
        putf(o, i ? " %" PRId64 : "%" PRId64, at[r + i]);
      puts_(o, "]");
      break;
    }
    default:
      for (unsigned i = 0; i < t->nattrs; ++i)
        putf(o, " %" PRId64, at[i]);
      break;
    }
  }
  for (unsigned i = 0; i < t->nkids; ++i) {
    puts_(o, " ");
    termRec(o, t->kids[i], flags, depth + 1);
  }
  if (typed || t->kind == ARI_TERM_OP) {
    /* Generic ops always show their result type: it is not derivable. */
    puts_(o, " : ");
    typeRec(o, t->type);
  }
  puts_(o, ")");
}

size_t ariTermPrint(const AriTerm *t, char *buf, size_t cap, unsigned flags) {
  Out o = {buf, cap, 0};
  termRec(&o, t, flags, 0);
  finish(&o);
  return o.len;
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
  Out o = {buf, cap, 0};
  static const char *const kRoot[] = {"out", "return", "keep"};
  for (unsigned i = 0; i < f->numRoots; ++i) {
    const AriTermRoot *r = &f->roots[i];
    putf(&o, "%s %u <- ", kRoot[r->kind <= 2 ? r->kind : 0], r->index);
    termRec(&o, r->value, flags, 0);
    puts_(&o, "\n");
  }
  finish(&o);
  return o.len;
}
