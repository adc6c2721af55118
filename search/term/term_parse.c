/*===- search/term/term_parse.c - S-expressions back into terms ----------------===*\
 *
 * A recursive-descent reader for ariTermPrint's notation. Every node goes
 * through the ordinary constructors, so parsed terms are type-checked and
 * hash-consed like any other.
 *
\*===----------------------------------------------------------------------===*/

#include "search/term/term_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  AriTermStore *s;
  const char *p, *begin, *end;
  const AriType *binders[256]; /* lam parameter types, innermost last */
  unsigned nb;
  unsigned nest; /* open parentheses, bounded so that input cannot overflow the stack */
  bool failed;
} P;

static void *perr(P *c, const char *msg) {
  if (!c->failed) {
    char copy[256]; /* msg may be the store's own error text */
    snprintf(copy, sizeof copy, "%s", msg);
    c->failed = true;
    ariTermStoreClearError(c->s);
    ariTermFail(c->s, "parse: column %ld: %s", (long)(c->p - c->begin) + 1, copy);
  }
  return NULL;
}

static void ws(P *c) {
  while (c->p < c->end && isspace((unsigned char)*c->p))
    c->p++;
}

static bool eat(P *c, char ch) {
  ws(c);
  if (c->p < c->end && *c->p == ch) {
    c->p++;
    return true;
  }
  return false;
}

static bool peek(P *c, char ch) {
  ws(c);
  return c->p < c->end && *c->p == ch;
}

/* A word: letters, digits, '_', '.', ''. */
static size_t word(P *c, const char **w) {
  ws(c);
  *w = c->p;
  while (c->p < c->end && (isalnum((unsigned char)*c->p) || *c->p == '_' || *c->p == '.'))
    c->p++;
  return (size_t)(c->p - *w);
}

static bool integer(P *c, int64_t *v) {
  ws(c);
  const char *q = c->p;
  if (q < c->end && (*q == '-' || *q == '+'))
    q++;
  if (q >= c->end || !isdigit((unsigned char)*q))
    return false;
  char buf[32];
  size_t n = 0;
  for (q = c->p; q < c->end && n < sizeof buf - 1 && (isdigit((unsigned char)*q) || q == c->p);
       ++q)
    buf[n++] = *q;
  buf[n] = 0;
  char *e;
  long long x = strtoll(buf, &e, 10);
  if (*e)
    return false;
  c->p = q;
  *v = x;
  return true;
}

/* Does an integer start here (not a word like "i32" or a nested term)? */
static bool atInteger(P *c) {
  ws(c);
  const char *q = c->p;
  if (q < c->end && *q == '-')
    q++;
  if (q >= c->end || !isdigit((unsigned char)*q))
    return false;
  /* "4.f32" is a type, not an integer */
  while (q < c->end && isdigit((unsigned char)*q))
    q++;
  return !(q < c->end && *q == '.');
}

/*--- types ---------------------------------------------------------------*/

/* A type constructor's result, its failure turned into a parse error. */
static const AriType *tyOk(P *c, const AriType *t) {
  return t ? t : perr(c, ariTermStoreError(c->s));
}

static const AriType *ptype(P *c) {
  ws(c);
  if (c->p >= c->end)
    return perr(c, "expected a type");
  if (*c->p == '<') {
    c->p++;
    int64_t w;
    if (!integer(c, &w) || !eat(c, '>'))
      return perr(c, "expected <WIDTH>");
    const AriType *e = ptype(c);
    return e ? tyOk(c, ariTypeVector(c->s, w, e)) : NULL;
  }
  if (*c->p == '(') {
    c->p++;
    const AriType *a = ptype(c);
    if (!a)
      return NULL;
    ws(c);
    bool fun = false;
    if (c->p + 1 < c->end && c->p[0] == '-' && c->p[1] == '>') {
      fun = true;
      c->p += 2;
    } else if (c->p < c->end && *c->p == 'x') {
      c->p++;
    } else {
      return perr(c, "expected 'x' or '->' in a type");
    }
    const AriType *b = ptype(c);
    if (!b || !eat(c, ')'))
      return b ? perr(c, "expected ')' closing a type") : NULL;
    return tyOk(c, fun ? ariTypeFun(c->s, a, b) : ariTypePair(c->s, a, b));
  }
  if (isdigit((unsigned char)*c->p)) {
    int64_t n;
    if (!integer(c, &n) || !eat(c, '.'))
      return perr(c, "expected N. in an array type");
    const AriType *e = ptype(c);
    return e ? tyOk(c, ariTypeArray(c->s, n, e)) : NULL;
  }
  char name[16];
  size_t n = 0;
  while (c->p < c->end && isalnum((unsigned char)*c->p) && n < sizeof name - 1)
    name[n++] = *c->p++;
  name[n] = 0;
  if (!n)
    return perr(c, "expected a type");
  const AriType *t = ariTypeScalar(c->s, name);
  return t ? t : perr(c, "unknown scalar type");
}

/* The text formats are text: a NUL byte is refused where it stands, before
 * parsing, since names and literal text are kept as C strings and would
 * print cut short there (the print would not parse back to the term). */
static bool hasNul(P *c) {
  const char *q = c->end > c->begin ? memchr(c->begin, 0, (size_t)(c->end - c->begin)) : NULL;
  if (!q)
    return false;
  c->p = q;
  perr(c, "NUL byte in the text");
  return true;
}

const AriType *ariTypeParse(AriTermStore *s, const char *text, size_t len) {
  P c = {s, text, text, text + len, {0}, 0, 0, false};
  if (hasNul(&c))
    return NULL;
  const AriType *t = ptype(&c);
  ws(&c);
  if (t && c.p != c.end)
    return perr(&c, "trailing text after the type");
  return t;
}

/*--- terms ---------------------------------------------------------------*/

static AriTerm *pterm(P *c);

/* An optional " : TYPE" before ')'; checks it against t. */
static AriTerm *annot(P *c, AriTerm *t) {
  if (!t)
    return c->failed ? NULL : perr(c, ariTermStoreError(c->s));
  if (eat(c, ':')) {
    const AriType *ty = ptype(c);
    if (!ty)
      return NULL;
    if (ty != ariTermType(t))
      return perr(c, "the annotated type differs from the inferred one");
  }
  return t;
}

static const AriSym *balanced(P *c, char open, char close) {
  /* from an opening char to its match, quotes respected */
  const char *b = c->p;
  int d = 0;
  bool q = false;
  for (; c->p < c->end; c->p++) {
    char ch = *c->p;
    if (q) {
      if (ch == '\\' && c->p + 1 < c->end)
        c->p++;
      else if (ch == '"')
        q = false;
      continue;
    }
    if (ch == '"')
      q = true;
    else if (ch == open)
      d++;
    else if (ch == close && --d == 0) {
      c->p++;
      return ariSymIntern(c->s, b, (size_t)(c->p - b));
    }
  }
  return perr(c, "unbalanced brackets");
}

static int wordIn(const char *w, size_t n, const char *const *names, int count) {
  for (int i = 0; i < count; ++i)
    if (strlen(names[i]) == n && !memcmp(names[i], w, n))
      return i;
  return -1;
}

static const char *const kPat[] = {"",       "seq",       "unroll", "par",    "vec",
                                   "global", "workgroup", "local",  "stream", "iterate"};
static const char *const kAddr[] = {"global", "local", "private"};

static AriTerm *pbuild(P *c, AriTermKind kind, const int64_t *at, unsigned na, const AriSym *sym,
                       const AriSym *sym2, AriTerm **kids, unsigned nk, const AriType *ty,
                       bool ok);

static AriTerm *pnode(P *c) {
  /* after '(' */
  const char *w;
  size_t n = word(c, &w);
  if (!n)
    return perr(c, "expected a node name");
  AriTermStore *s = c->s;
  if (n == 3 && !memcmp(w, "lam", 3)) {
    const AriType *pt = ptype(c);
    if (!pt)
      return NULL;
    if (c->nb >= 256)
      return perr(c, "lambdas nested too deeply");
    c->binders[c->nb++] = pt;
    AriTerm *body = pterm(c);
    c->nb--;
    if (!body)
      return NULL;
    AriTerm *t = annot(c, ariTermLam(s, pt, body));
    return t && eat(c, ')') ? t : (t ? perr(c, "expected ')'") : NULL);
  }
  if ((n == 5 && !memcmp(w, "const", 5)) || (n == 2 && !memcmp(w, "in", 2)) ||
      (n == 3 && !memcmp(w, "arg", 3))) {
    ws(c);
    const char *vb = c->p;
    while (c->p < c->end && !isspace((unsigned char)*c->p) && *c->p != ')')
      c->p++;
    char val[64];
    size_t vn = (size_t)(c->p - vb);
    if (!vn || vn >= sizeof val)
      return perr(c, "expected a value");
    memcpy(val, vb, vn);
    val[vn] = 0;
    if (!eat(c, ':'))
      return perr(c, "expected ': TYPE'");
    const AriType *ty = ptype(c);
    if (!ty)
      return NULL;
    if (!eat(c, ')'))
      return perr(c, "expected ')'");
    char *e;
    AriTerm *t;
    if (w[0] == 'c') {
      if (ariTypeIsFloat(ty)) {
        double d = strtod(val, &e);
        t = *e ? perr(c, "bad float constant") : ariTermConstFloat(s, ty, d);
      } else {
        long long v = strtoll(val, &e, 10);
        t = *e ? perr(c, "bad integer constant") : ariTermConstInt(s, ty, v);
      }
    } else {
      long long k = strtoll(val, &e, 10);
      if (*e || k < 0 || k > INT32_MAX)
        return perr(c, "bad argument index");
      t = w[0] == 'i' ? ariTermIn(s, (uint32_t)k, ty) : ariTermArg(s, (uint32_t)k, ty);
    }
    return t ? t : (c->failed ? NULL : perr(c, ariTermStoreError(s)));
  }
  if (n == 7 && !memcmp(w, "literal", 7)) {
    /* TEXT : TYPE ) -- split at the last " : " before the closing paren */
    ws(c);
    const char *b = c->p;
    int d = 0;
    const char *close = NULL;
    for (const char *q = b; q < c->end; ++q) {
      if (*q == '(' || *q == '[' || *q == '<' || *q == '{')
        d++;
      else if (*q == ']' || *q == '>' || *q == '}')
        d--;
      else if (*q == ')') {
        if (d == 0) {
          close = q;
          break;
        }
        d--;
      }
    }
    if (!close)
      return perr(c, "unterminated literal");
    const char *colon = NULL;
    for (const char *q = b; q + 2 < close; ++q)
      if (q[0] == ' ' && q[1] == ':' && q[2] == ' ')
        colon = q;
    if (!colon)
      return perr(c, "expected 'literal TEXT : TYPE'");
    const AriSym *y = ariSymIntern(s, b, (size_t)(colon - b));
    c->p = colon + 3;
    const AriType *ty = ptype(c);
    if (!ty || !y)
      return NULL;
    if (!eat(c, ')'))
      return perr(c, "expected ')'");
    AriTerm *t = ariTermMake(s, ARI_TERM_LITERAL, NULL, 0, y, NULL, NULL, 0, ty);
    return t ? t : perr(c, ariTermStoreError(s));
  }
  AriTermKind kind;
  char head[64];
  if (n >= sizeof head)
    return perr(c, "name too long");
  memcpy(head, w, n);
  head[n] = 0;
  int64_t at[8];
  unsigned na = 0;
  const AriSym *sym = NULL, *sym2 = NULL;
  bool isOp = memchr(w, '.', n) != NULL;
  if (isOp) {
    kind = ARI_TERM_OP;
    sym = ariSymIntern(s, w, n);
    if (peek(c, '{'))
      sym2 = balanced(c, '{', '}');
    if (c->failed)
      return NULL;
  } else {
    if (!ariTermKindFromName(head, &kind) || kind == ARI_TERM_VAR)
      return perr(c, "unknown node name");
    if (kind == ARI_TERM_MAP || kind == ARI_TERM_REDUCE) {
      const char *save = c->p;
      const char *pw;
      size_t pn = word(c, &pw);
      int k = pn ? wordIn(pw, pn, kPat, 10) : -1;
      if (k <= 0) {
        c->p = save;
        k = 0;
      }
      at[na++] = k;
      if (kind == ARI_TERM_MAP) {
        int64_t dim = -1;
        if (k >= 5 && k <= 7) {
          if (!eat(c, '(') || !integer(c, &dim) || !eat(c, ')'))
            return perr(c, "expected (DIM) after a GPU map kind");
        }
        at[na++] = dim;
      }
    } else if (kind == ARI_TERM_TO_MEM || kind == ARI_TERM_CIRCULAR_BUFFER ||
               kind == ARI_TERM_ROTATE_VALUES) {
      const char *aw;
      size_t an = word(c, &aw);
      int a = wordIn(aw, an, kAddr, 3);
      if (a < 0)
        return perr(c, "expected an address space");
      at[na++] = a;
    } else if (kind == ARI_TERM_KERNEL) {
      for (int half = 0; half < 2; ++half) {
        if (!eat(c, '['))
          return perr(c, "expected '[' sizes ']'");
        unsigned cnt = 0;
        int64_t v;
        while (cnt < 3 && integer(c, &v)) {
          at[half * 3 + cnt++] = v;
        }
        if (!eat(c, ']'))
          return perr(c, "expected ']'");
        if (half == 0)
          na = cnt;
        else if (cnt != na)
          return perr(c, "local and global sizes differ in rank");
      }
      /* pack as [local.., global..] */
      for (unsigned i = 0; i < na; ++i)
        at[na + i] = at[3 + i];
      na *= 2;
    }
    while (kind != ARI_TERM_KERNEL && na < 8 && atInteger(c)) {
      if (!integer(c, &at[na]))
        return perr(c, "bad integer");
      na++;
    }
  }
  AriTerm *small[8], **kids = small;
  unsigned nk = 0, cap = 8;
  const AriType *ty = NULL;
  bool ok = true;
  while (ok && !peek(c, ')') && !peek(c, ':')) {
    if (c->p >= c->end || nk == 255) {
      perr(c, nk == 255 ? "too many children" : "unexpected end of input");
      ok = false;
      break;
    }
    if (nk == cap) {
      AriTerm **nkids = malloc(255 * sizeof *nkids);
      if (!nkids) {
        perr(c, "out of memory");
        ok = false;
        break;
      }
      memcpy(nkids, kids, nk * sizeof *kids);
      kids = nkids;
      cap = 255;
    }
    kids[nk] = pterm(c);
    ok = kids[nk++] != NULL;
  }
  if (ok && eat(c, ':'))
    ok = (ty = ptype(c)) != NULL;
  if (ok && !eat(c, ')')) {
    perr(c, "expected ')'");
    ok = false;
  }
  AriTerm *t = pbuild(c, kind, at, na, sym, sym2, kids, nk, ty, ok);
  if (kids != small)
    free(kids);
  return t;
}

static AriTerm *pbuild(P *c, AriTermKind kind, const int64_t *at, unsigned na, const AriSym *sym,
                       const AriSym *sym2, AriTerm **kids, unsigned nk, const AriType *ty,
                       bool ok) {
  if (!ok)
    return NULL;
  AriTermStore *s = c->s;
  AriTerm *t;
  if (kind == ARI_TERM_OP) {
    if (!ty)
      return perr(c, "an op needs its result type");
    int64_t two = 2;
    t = ariTermMake(s, ARI_TERM_OP, &two, ariTypeKind(ty) == ARI_TYPE_PAIR ? 1 : 0, sym, sym2,
                    kids, nk, ty);
  } else {
    t = ariTermMake(s, kind, at, na, NULL, NULL, kids, nk, NULL);
    if (t && ty && ariTermType(t) != ty)
      return perr(c, "the annotated type differs from the inferred one");
  }
  return t ? t : (c->failed ? NULL : perr(c, ariTermStoreError(s)));
}

static AriTerm *pterm(P *c) {
  ws(c);
  if (c->p >= c->end)
    return perr(c, "unexpected end of input");
  if (*c->p == '%') {
    c->p++;
    int64_t i;
    if (!integer(c, &i) || i < 0 || i > INT32_MAX)
      return perr(c, "expected a variable index");
    const AriType *ty = NULL;
    if (c->p < c->end && *c->p == ':') {
      c->p++;
      ty = ptype(c);
      if (!ty)
        return NULL;
    }
    const AriType *bound = i < (int64_t)c->nb ? c->binders[c->nb - 1 - (unsigned)i] : NULL;
    if (bound && ty && bound != ty)
      return perr(c, "the variable's type differs from its lambda's parameter");
    if (!bound && !ty)
      return perr(c, "a free variable needs its type (%i:TYPE)");
    AriTerm *t = ariTermVar(c->s, (uint32_t)i, bound ? bound : ty);
    return t ? t : perr(c, ariTermStoreError(c->s));
  }
  if (*c->p == '(') {
    c->p++;
    if (++c->nest > 5000)
      return perr(c, "nested too deeply");
    AriTerm *t = pnode(c);
    c->nest--;
    return t;
  }
  return perr(c, "expected a term");
}

AriTerm *ariTermParse(AriTermStore *s, const char *text, size_t len) {
  P c = {s, text, text, text + len, {0}, 0, 0, false};
  if (hasNul(&c))
    return NULL;
  AriTerm *t = pterm(&c);
  ws(&c);
  if (t && c.p != c.end)
    return perr(&c, "trailing text after the term");
  return t;
}
