/*===- search/sketch/sketch_parse.c - the textual syntax of sketches and guides --===*\
 *
 * A hand-written recursive-descent parser over the raw text (no token
 * stream): sketches, type sketches, size expressions and guide files. The
 * first error wins and carries the line:column of the offending character.
 * Recursion is bounded (MAX_NEST) so that no input can exhaust the stack.
 *
\*===----------------------------------------------------------------------===*/

#include "search/sketch/sketch_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_NEST = 500, MAX_LIST = 4096 };

typedef struct P {
  AriSketchSet *set;
  const char *s;
  size_t n, pos;
  AriSketchError *err;
  bool failed;
  bool semantic; /* the error is about a well-formed size (not exact, ...) */
  bool sizeValue; /* ...and about the sizes' values: a guide file defers it */
  unsigned nest;
} P;

static bool fail(P *p, size_t at, const char *fmt, ...) {
  if (p->failed)
    return false;
  p->failed = true;
  if (p->err) {
    unsigned line = 1, col = 1;
    for (size_t i = 0; i < at && i < p->n; ++i) {
      if (p->s[i] == '\n') {
        line++;
        col = 1;
      } else if (((unsigned char)p->s[i] & 0xC0) != 0x80) {
        col++; /* count UTF-8 characters, not bytes */
      }
    }
    p->err->line = line;
    p->err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
    va_end(ap);
  }
  return false;
}

static bool oom(P *p) { return fail(p, p->pos, "out of memory"); }

static void skipWs(P *p) {
  for (;;) {
    while (p->pos < p->n && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
                             p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
      p->pos++;
    if (p->pos < p->n &&
        (p->s[p->pos] == '#' ||
         (p->s[p->pos] == '/' && p->pos + 1 < p->n && p->s[p->pos + 1] == '/'))) {
      while (p->pos < p->n && p->s[p->pos] != '\n')
        p->pos++;
      continue;
    }
    return;
  }
}

static bool isIdStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool isIdChar(char c) { return isIdStart(c) || (c >= '0' && c <= '9'); }

/* An identifier at pos (after white space); dots allowed between parts
 * when `dotted`. Returns its length (0: none) without consuming it. */
static size_t peekIdent(P *p, bool dotted) {
  skipWs(p);
  size_t i = p->pos;
  if (i >= p->n || !isIdStart(p->s[i]))
    return 0;
  while (i < p->n && isIdChar(p->s[i]))
    i++;
  while (dotted && i + 1 < p->n && p->s[i] == '.' && isIdStart(p->s[i + 1])) {
    i++;
    while (i < p->n && isIdChar(p->s[i]))
      i++;
  }
  return i - p->pos;
}

static bool isWord(P *p, const char *w) {
  size_t len = peekIdent(p, false);
  return len == strlen(w) && memcmp(p->s + p->pos, w, len) == 0;
}

static bool eat(P *p, const char *tok) {
  skipWs(p);
  size_t len = strlen(tok);
  if (p->pos + len <= p->n && memcmp(p->s + p->pos, tok, len) == 0) {
    p->pos += len;
    return true;
  }
  return false;
}

static bool expect(P *p, const char *tok, const char *what) {
  if (eat(p, tok))
    return true;
  if (p->pos >= p->n)
    return fail(p, p->pos, "expected '%s' %s, got end of input", tok, what);
  return fail(p, p->pos, "expected '%s' %s", tok, what);
}

/*--- sizes ---------------------------------------------------------------*/

typedef struct Nat {
  bool any;
  int64_t v;
} Nat;

static bool parseNatSum(P *p, Nat *out);

static bool parseNatAtom(P *p, Nat *out) {
  skipWs(p);
  size_t at = p->pos;
  if (p->pos >= p->n)
    return fail(p, at, "expected a size, got end of input");
  char c = p->s[p->pos];
  if (c == '?') {
    p->pos++;
    size_t l = peekIdent(p, false);
    if (l && p->pos == at + 1)
      p->pos += l; /* ?name */
    out->any = true;
    return true;
  }
  if (c >= '0' && c <= '9') {
    int64_t v = 0;
    while (p->pos < p->n && p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
      if (__builtin_mul_overflow(v, 10, &v) ||
          __builtin_add_overflow(v, p->s[p->pos] - '0', &v))
        return p->semantic = true, fail(p, at, "size too large");
      p->pos++;
    }
    out->any = false;
    out->v = v;
    return true;
  }
  if (c == '(') {
    if (++p->nest > MAX_NEST)
      return fail(p, at, "nested too deeply");
    p->pos++;
    if (!parseNatSum(p, out) || !expect(p, ")", "to close the size expression"))
      return false;
    p->nest--;
    return true;
  }
  size_t l = peekIdent(p, false);
  if (!l)
    return fail(p, at, "expected a size");
  AriSketchNat *n = ariSketchFindNat(p->set, p->s + p->pos, l);
  if (!n)
    return fail(p, at, "unknown size '%.*s' (bind it with a 'nat' line or ariSketchSetNat)",
                (int)l, p->s + p->pos);
  p->pos += l;
  out->any = false;
  out->v = n->value;
  return true;
}

static bool natOp(P *p, size_t at, char op, Nat *a, Nat b) {
  p->semantic = true; /* every failure below is about well-formed sizes */
  if (a->any || b.any)
    return fail(p, at, "'?' cannot take part in size arithmetic");
  int64_t r = 0;
  bool ovf = false;
  switch (op) {
  case '+': ovf = __builtin_add_overflow(a->v, b.v, &r); break;
  case '-': ovf = __builtin_sub_overflow(a->v, b.v, &r); break;
  case '*': ovf = __builtin_mul_overflow(a->v, b.v, &r); break;
  default:
    if (b.v == 0)
      return fail(p, at, "division by zero in a size");
    if (a->v % b.v != 0)
      return p->sizeValue = true,
             fail(p, at, "%lld / %lld is not exact", (long long)a->v, (long long)b.v);
    r = a->v / b.v;
  }
  if (ovf)
    return p->sizeValue = true, fail(p, at, "size overflow");
  p->semantic = false;
  a->v = r;
  return true;
}

static bool parseNatProd(P *p, Nat *out) {
  if (!parseNatAtom(p, out))
    return false;
  for (;;) {
    skipWs(p);
    if (p->pos >= p->n || (p->s[p->pos] != '*' && p->s[p->pos] != '/'))
      return true;
    if (p->s[p->pos] == '/' && p->pos + 1 < p->n && p->s[p->pos + 1] == '/')
      return true; /* a comment */
    size_t at = p->pos;
    char op = p->s[p->pos++];
    Nat b;
    if (!parseNatAtom(p, &b) || !natOp(p, at, op, out, b))
      return false;
  }
}

static bool parseNatSum(P *p, Nat *out) {
  if (!parseNatProd(p, out))
    return false;
  for (;;) {
    skipWs(p);
    if (p->pos >= p->n || (p->s[p->pos] != '+' && p->s[p->pos] != '-'))
      return true;
    if (p->s[p->pos] == '-' && p->pos + 1 < p->n && p->s[p->pos + 1] == '>')
      return true; /* a function arrow */
    size_t at = p->pos;
    char op = p->s[p->pos++];
    Nat b;
    if (!parseNatProd(p, &b) || !natOp(p, at, op, out, b))
      return false;
  }
}

/* A size for a type: positive or '?'. */
static bool parseSize(P *p, Nat *out) {
  skipWs(p);
  size_t at = p->pos;
  if (!parseNatSum(p, out))
    return false;
  if (!out->any && out->v <= 0)
    return p->semantic = p->sizeValue = true,
           fail(p, at, "sizes must be positive, got %lld", (long long)out->v);
  return true;
}

/*--- type sketches -------------------------------------------------------*/

static AriTypeSketch *newType(P *p, AriTypeSketchKind kind) {
  AriTypeSketch *t = ariArenaCalloc(&p->set->arena, sizeof *t);
  if (!t) {
    oom(p);
    return NULL;
  }
  t->kind = kind;
  return t;
}

static const AriTypeSketch *parseTypeSketch(P *p);

/* After a failed trial parse of a size: when the text was a size but a bad
 * one (not exact, too large, ...), that error is the one to report. */
static bool adoptSemanticError(P *p, const P *trial, const AriSketchError *scratch) {
  if (!trial->failed || !trial->semantic || p->failed)
    return false;
  p->failed = true;
  p->semantic = true;
  p->sizeValue = trial->sizeValue;
  p->pos = trial->pos;
  if (p->err)
    *p->err = *scratch;
  return true;
}

static const char *const kScalars[] = {"f16", "bf16", "f32", "f64", "i1",
                                       "i8",  "i16",  "i32", "i64", "index"};

static const AriTypeSketch *parseTypeAtom(P *p) {
  skipWs(p);
  size_t at = p->pos;
  if (p->pos >= p->n) {
    fail(p, at, "expected a type, got end of input");
    return NULL;
  }
  /* n.t: try a size followed by '.', else backtrack. */
  {
    P trial = *p;
    AriSketchError scratch;
    trial.err = &scratch;
    Nat n;
    if (parseSize(&trial, &n) && eat(&trial, ".")) {
      p->pos = trial.pos;
      AriTypeSketch *t = newType(p, ARI_TS_ARRAY);
      if (!t)
        return NULL;
      t->sizeAny = n.any;
      t->size = n.v;
      if (++p->nest > MAX_NEST) {
        fail(p, at, "nested too deeply");
        return NULL;
      }
      t->a = parseTypeAtom(p);
      p->nest--;
      return t->a ? t : NULL;
    }
    if (adoptSemanticError(p, &trial, &scratch))
      return NULL;
  }
  char c = p->s[p->pos];
  if (c == '?') {
    p->pos++;
    if (p->pos < p->n && isIdStart(p->s[p->pos]))
      p->pos += peekIdent(p, false);
    return newType(p, ARI_TS_ANY);
  }
  if (c == '<') {
    p->pos++;
    Nat n;
    if (!parseSize(p, &n) || !expect(p, ">", "after the vector width"))
      return NULL;
    AriTypeSketch *t = newType(p, ARI_TS_VECTOR);
    if (!t)
      return NULL;
    t->sizeAny = n.any;
    t->size = n.v;
    if (++p->nest > MAX_NEST) {
      fail(p, at, "nested too deeply");
      return NULL;
    }
    t->a = parseTypeAtom(p);
    p->nest--;
    return t->a ? t : NULL;
  }
  if (c == '(') {
    p->pos++;
    if (++p->nest > MAX_NEST) {
      fail(p, at, "nested too deeply");
      return NULL;
    }
    const AriTypeSketch *a = parseTypeSketch(p);
    if (!a)
      return NULL;
    const AriTypeSketch *r = a;
    if (isWord(p, "x")) {
      p->pos++;
      AriTypeSketch *pr = newType(p, ARI_TS_PAIR);
      if (!pr)
        return NULL;
      pr->a = a;
      pr->b = parseTypeSketch(p);
      if (!pr->b)
        return NULL;
      r = pr;
    }
    if (!expect(p, ")", "to close the type"))
      return NULL;
    p->nest--;
    return r;
  }
  size_t l = peekIdent(p, false);
  for (size_t i = 0; l && i < sizeof kScalars / sizeof *kScalars; ++i) {
    if (strlen(kScalars[i]) == l && memcmp(kScalars[i], p->s + p->pos, l) == 0) {
      AriTypeSketch *t = newType(p, ARI_TS_EXACT);
      if (!t)
        return NULL;
      t->exact = ariTypeScalar(p->set->store, kScalars[i]);
      if (!t->exact) {
        oom(p);
        return NULL;
      }
      p->pos += l;
      return t;
    }
  }
  if (l)
    fail(p, at, "unknown type or size '%.*s'", (int)l, p->s + p->pos);
  else
    fail(p, at, "expected a type");
  return NULL;
}

static const AriTypeSketch *parseTypeSketch(P *p) {
  const AriTypeSketch *a = parseTypeAtom(p);
  if (!a)
    return NULL;
  size_t at = p->pos;
  if (!eat(p, "->"))
    return a;
  if (++p->nest > MAX_NEST) {
    fail(p, at, "nested too deeply");
    return NULL;
  }
  AriTypeSketch *f = newType(p, ARI_TS_FUN);
  if (!f)
    return NULL;
  f->a = a;
  f->b = parseTypeSketch(p);
  p->nest--;
  return f->b ? f : NULL;
}

/*--- sketches ------------------------------------------------------------*/

static AriSketch *node(P *p, AriSketchKind kind) {
  AriSketch *k = ariSketchNew(p->set, kind);
  if (!k)
    oom(p);
  return k;
}

static AriSketch *mkHead(P *p, AriTermKind tk, int64_t pat, const char *op, int nkids,
                         const AriSketch *const *kids) {
  AriSketch *k = node(p, ARI_SKETCH_NODE);
  if (!k)
    return NULL;
  k->termKind = tk;
  k->patKind = pat;
  k->numKids = nkids;
  if (op) {
    k->sym = ariSymInternC(p->set->store, op);
    if (!k->sym) {
      oom(p);
      return NULL;
    }
  }
  if (nkids > 0) {
    const AriSketch **ks = ariArenaAlloc(&p->set->arena, sizeof *ks * (size_t)nkids);
    if (!ks) {
      oom(p);
      return NULL;
    }
    for (int i = 0; i < nkids; ++i) {
      if (!kids[i])
        return NULL;
      ks[i] = kids[i];
      k->size += kids[i]->size;
    }
    k->kids = ks;
  }
  return k;
}

static AriSketch *mkUnary(P *p, AriSketchKind kind, const AriSketch *a) {
  if (!a)
    return NULL;
  AriSketch *k = node(p, kind);
  if (!k)
    return NULL;
  k->a = a;
  k->size += a->size;
  return k;
}

static AriSketch *mkOr(P *p, const AriSketch *a, const AriSketch *b) {
  if (!a || !b)
    return NULL;
  AriSketch *k = node(p, ARI_SKETCH_OR);
  if (!k)
    return NULL;
  k->a = a;
  k->b = b;
  k->size += a->size + b->size;
  return k;
}

static AriSketch *mkTyped(P *p, const AriSketch *a, const AriTypeSketch *t) {
  if (!a || !t)
    return NULL;
  AriSketch *k = mkUnary(p, ARI_SKETCH_TYPED, a);
  if (k)
    k->type = t;
  return k;
}

static const AriSketch *parseOr(P *p);

typedef struct Head {
  const char *name;
  AriTermKind kind;
  int64_t pat;
} Head;

static const Head kHeads[] = {
    {"mapSeq", ARI_TERM_MAP, ARI_PAT_SEQ},
    {"mapPar", ARI_TERM_MAP, ARI_PAT_PAR},
    {"mapUnroll", ARI_TERM_MAP, ARI_PAT_UNROLL},
    {"mapVec", ARI_TERM_MAP, ARI_PAT_VEC},
    {"mapGlobal", ARI_TERM_MAP, ARI_PAT_GLOBAL},
    {"mapWorkgroup", ARI_TERM_MAP, ARI_PAT_WORKGROUP},
    {"mapLocal", ARI_TERM_MAP, ARI_PAT_LOCAL},
    {"reduceSeq", ARI_TERM_REDUCE, ARI_PAT_SEQ},
    {"reduceSeqUnroll", ARI_TERM_REDUCE, ARI_PAT_UNROLL},
    {"toMem", ARI_TERM_TO_MEM, -1},
    {"toMemGlobal", ARI_TERM_TO_MEM, ARI_ADDR_GLOBAL},
    {"toMemLocal", ARI_TERM_TO_MEM, ARI_ADDR_LOCAL},
    {"toMemPrivate", ARI_TERM_TO_MEM, ARI_ADDR_PRIVATE},
    {"asVector", ARI_TERM_AS_VECTOR, -1},
    {"asScalar", ARI_TERM_AS_SCALAR, -1},
};

/* The input-array argument of containsMap & co: a size n (meaning n.?) or
 * a whole type sketch. */
static const AriTypeSketch *parseInputType(P *p) {
  P trial = *p;
  AriSketchError scratch;
  trial.err = &scratch;
  Nat n;
  if (parseSize(&trial, &n)) {
    skipWs(&trial);
    if (trial.pos < trial.n && trial.s[trial.pos] != ',' && trial.s[trial.pos] != '.' &&
        trial.s[trial.pos] != '-') {
      p->pos = trial.pos;
      fail(p, p->pos, "expected ',' after the size");
      return NULL;
    }
    if (trial.pos < trial.n && trial.s[trial.pos] == ',') {
      p->pos = trial.pos;
      AriTypeSketch *t = newType(p, ARI_TS_ARRAY);
      AriTypeSketch *e = newType(p, ARI_TS_ANY);
      if (!t || !e)
        return NULL;
      t->sizeAny = n.any;
      t->size = n.v;
      t->a = e;
      return t;
    }
  }
  if (adoptSemanticError(p, &trial, &scratch))
    return NULL;
  size_t at = p->pos;
  const AriTypeSketch *t = parseTypeSketch(p);
  if (t && t->kind != ARI_TS_ARRAY && t->kind != ARI_TS_ANY) {
    fail(p, at, "the iterated input must be an array size or an array type");
    return NULL;
  }
  return t;
}

/* containsAddMul / containsAddMulVec: an addf (of vector type for Vec)
 * whose operands are ? and something containing a mulf, in either order
 * (operand order is an accident of how the program was written). */
static const AriSketch *addMul(P *p, bool vec) {
  const AriSketch *alts[2];
  for (int order = 0; order < 2; ++order) {
    const AriSketch *mulHead = mkHead(p, ARI_TERM_OP, -1, "arith.mulf", -1, NULL);
    const AriSketch *mul = mkUnary(p, ARI_SKETCH_CONTAINS, mulHead);
    const AriSketch *any = node(p, ARI_SKETCH_ANY);
    const AriSketch *kids[2] = {order ? mul : any, order ? any : mul};
    const AriSketch *add = mkHead(p, ARI_TERM_OP, -1, "arith.addf", 2, kids);
    if (vec) {
      AriTypeSketch *vt = newType(p, ARI_TS_VECTOR);
      AriTypeSketch *el = newType(p, ARI_TS_ANY);
      if (!vt || !el)
        return NULL;
      vt->sizeAny = true;
      vt->a = el;
      add = mkTyped(p, add, vt);
    }
    alts[order] = add;
  }
  return mkUnary(p, ARI_SKETCH_CONTAINS, mkOr(p, alts[0], alts[1]));
}

static const AriSketch *parseBuiltin(P *p, const char *name, size_t at) {
  bool isMap = !strcmp(name, "containsMap") || !strcmp(name, "containsMapPar");
  bool isRed = !strcmp(name, "containsReduceSeq") || !strcmp(name, "containsReduceSeqUnroll");
  if (!strcmp(name, "containsAddMul") || !strcmp(name, "containsAddMulVec")) {
    if (eat(p, "(") && !expect(p, ")", "(containsAddMul takes no arguments)"))
      return NULL;
    return addMul(p, !strcmp(name, "containsAddMulVec"));
  }
  if (!expect(p, "(", "after the sketch function"))
    return NULL;
  if (isMap || isRed) {
    const AriTypeSketch *in = parseInputType(p);
    if (!in || !expect(p, ",", "between the size and the function sketch"))
      return NULL;
    const AriSketch *f = parseOr(p);
    if (!f)
      return NULL;
    const AriSketch *xs = node(p, ARI_SKETCH_ANY);
    if (isMap && eat(p, ",")) {
      xs = parseOr(p);
      if (!xs)
        return NULL;
    }
    if (!expect(p, ")", isMap ? "after containsMap's arguments (at most 3)"
                              : "after containsReduceSeq's 2 arguments"))
      return NULL;
    xs = mkTyped(p, xs, in);
    const AriSketch *k;
    if (isMap) {
      const AriSketch *kids[2] = {f, xs};
      k = mkHead(p, ARI_TERM_MAP, !strcmp(name, "containsMapPar") ? ARI_PAT_PAR : -1, NULL, 2,
                 kids);
    } else {
      const AriSketch *kids[3] = {f, node(p, ARI_SKETCH_ANY), xs};
      k = mkHead(p, ARI_TERM_REDUCE,
                 !strcmp(name, "containsReduceSeq") ? ARI_PAT_SEQ : ARI_PAT_UNROLL, NULL, 3,
                 kids);
    }
    return mkUnary(p, ARI_SKETCH_CONTAINS, k);
  }
  if (!strcmp(name, "containsToMem")) {
    const AriTypeSketch *t = parseTypeSketch(p);
    if (!t || !expect(p, ",", "between the type and the sketch"))
      return NULL;
    const AriSketch *f = parseOr(p);
    if (!f || !expect(p, ")", "after containsToMem's 2 arguments"))
      return NULL;
    const AriSketch *kids[1] = {f};
    return mkUnary(p, ARI_SKETCH_CONTAINS,
                   mkTyped(p, mkHead(p, ARI_TERM_TO_MEM, -1, NULL, 1, kids), t));
  }
  fail(p, at, "unknown sketch function '%s'", name);
  return NULL;
}

static const AriSketch *parsePrimary(P *p) {
  skipWs(p);
  size_t at = p->pos;
  if (p->pos >= p->n) {
    fail(p, at, "expected a sketch, got end of input");
    return NULL;
  }
  if (++p->nest > MAX_NEST) {
    fail(p, at, "nested too deeply");
    return NULL;
  }
  const AriSketch *r = NULL;
  char c = p->s[p->pos];
  if (c == '?') {
    p->pos++;
    if (p->pos < p->n && isIdStart(p->s[p->pos]))
      p->pos += peekIdent(p, false);
    r = node(p, ARI_SKETCH_ANY);
  } else if (c == '(') {
    p->pos++;
    r = parseOr(p);
    if (r && !expect(p, ")", "to close the parenthesis"))
      r = NULL;
  } else {
    size_t l = peekIdent(p, true);
    if (!l) {
      fail(p, at, "expected a sketch");
      return NULL;
    }
    char name[64];
    if (l >= sizeof name) {
      fail(p, at, "name too long");
      return NULL;
    }
    memcpy(name, p->s + p->pos, l);
    name[l] = 0;
    p->pos += l;
    AriTermKind tk = ARI_TERM_OP;
    int64_t pat = -1;
    const char *op = NULL;
    bool found = false;
    if (!strcmp(name, "contains")) {
      if (!expect(p, "(", "after 'contains'"))
        return NULL;
      r = mkUnary(p, ARI_SKETCH_CONTAINS, parseOr(p));
      if (r && !expect(p, ")", "after contains' argument"))
        r = NULL;
      p->nest--;
      return r;
    }
    if (!strncmp(name, "contains", 8)) {
      r = parseBuiltin(p, name, at);
      p->nest--;
      return r;
    }
    if (strchr(name, '.')) {
      op = name;
      found = true;
    }
    for (size_t i = 0; !found && i < sizeof kHeads / sizeof *kHeads; ++i)
      if (!strcmp(kHeads[i].name, name)) {
        tk = kHeads[i].kind;
        pat = kHeads[i].pat;
        found = true;
      }
    if (!found && !strncmp(name, "in", 2) && name[2] >= '0' && name[2] <= '9' &&
        strspn(name + 2, "0123456789") == strlen(name + 2) && strlen(name + 2) < 6) {
      /* inN: the function's input N (at m = n = k, A and B's transpose
       * have one type: only the input tells them apart) */
      tk = ARI_TERM_IN;
      pat = strtoll(name + 2, NULL, 10);
      found = true;
    }
    if (!found)
      found = ariTermKindFromName(name, &tk);
    if (!found) {
      fail(p, at, "unknown node kind '%s'", name);
      return NULL;
    }
    int nkids = -1;
    const AriSketch *kids[16];
    if (eat(p, "(")) {
      nkids = 0;
      if (!eat(p, ")")) {
        do {
          if (nkids == 16) {
            fail(p, p->pos, "too many children (at most 16)");
            return NULL;
          }
          kids[nkids] = parseOr(p);
          if (!kids[nkids++])
            return NULL;
        } while (eat(p, ","));
        if (!expect(p, ")", "after the children"))
          return NULL;
      }
    }
    r = mkHead(p, tk, pat, op, nkids, kids);
  }
  p->nest--;
  return r;
}

static const AriSketch *parseTyped(P *p) {
  const AriSketch *a = parsePrimary(p);
  while (a && eat(p, "::")) {
    const AriTypeSketch *t = parseTypeSketch(p);
    a = t ? mkTyped(p, a, t) : NULL;
  }
  return a;
}

static bool eatOr(P *p) {
  if (eat(p, "|") || eat(p, "\xE2\x88\xA8")) /* U+2228 LOGICAL OR */
    return true;
  if (isWord(p, "or")) {
    p->pos += 2;
    return true;
  }
  return false;
}

static const AriSketch *parseOr(P *p) {
  if (++p->nest > MAX_NEST) {
    fail(p, p->pos, "nested too deeply");
    return NULL;
  }
  const AriSketch *a = parseTyped(p);
  while (a && eatOr(p))
    a = mkOr(p, a, parseTyped(p));
  p->nest--;
  return p->failed ? NULL : a;
}

const AriSketch *ariSketchParse(AriSketchSet *set, const char *text, size_t len,
                                AriSketchError *err) {
  P p = {.set = set, .s = text ? text : "", .n = text ? len : 0, .err = err};
  AriArenaMark mark = ariArenaMark(&set->arena);
  const AriSketch *k = parseOr(&p);
  if (k) {
    skipWs(&p);
    if (p.pos < p.n) {
      fail(&p, p.pos, "unexpected text after the sketch");
      k = NULL;
    }
  }
  if (!k) {
    if (!p.failed)
      fail(&p, p.pos, "malformed sketch");
    ariArenaRelease(&set->arena, mark);
  }
  return k;
}

/*--- guide files ---------------------------------------------------------*/

static char *takeIdent(P *p, const char *what) {
  size_t l = peekIdent(p, false);
  if (!l) {
    fail(p, p->pos, "expected %s", what);
    return NULL;
  }
  char *s = ariArenaStrndup(&p->set->arena, p->s + p->pos, l);
  if (!s)
    oom(p);
  p->pos += l;
  return s;
}

/* Rule text up to a ',' or ')' outside parentheses, trimmed. */
static char *takeRule(P *p) {
  skipWs(p);
  size_t start = p->pos, depth = 0;
  while (p->pos < p->n) {
    char c = p->s[p->pos];
    if (c == '(')
      depth++;
    else if (c == ')') {
      if (depth == 0)
        break;
      depth--;
    } else if ((c == ',' && depth == 0) || c == ';' || c == '=')
      break;
    p->pos++;
  }
  size_t end = p->pos;
  while (end > start && (p->s[end - 1] == ' ' || p->s[end - 1] == '\t' ||
                         p->s[end - 1] == '\n' || p->s[end - 1] == '\r'))
    end--;
  if (end == start) {
    fail(p, start, "expected a rule");
    return NULL;
  }
  char *s = ariArenaStrndup(&p->set->arena, p->s + start, end - start);
  if (!s)
    oom(p);
  return s;
}

typedef struct Vec {
  void *data;
  unsigned n, cap;
} Vec;

/* Appends `size` bytes at `item` (arena-grown: old copies are garbage). */
static bool push(P *p, Vec *v, const void *item, size_t size) {
  if (v->n == MAX_LIST)
    return fail(p, p->pos, "too many entries (at most %d)", MAX_LIST);
  if (v->n == v->cap) {
    unsigned ncap = v->cap ? v->cap * 2 : 8;
    void *nd = ariArenaAlloc(&p->set->arena, size * ncap);
    if (!nd)
      return oom(p);
    if (v->n)
      memcpy(nd, v->data, size * v->n);
    v->data = nd;
    v->cap = ncap;
  }
  memcpy((char *)v->data + size * v->n++, item, size);
  return true;
}

static unsigned lineOf(P *p, size_t at) {
  unsigned line = 1;
  for (size_t i = 0; i < at && i < p->n; ++i)
    line += p->s[i] == '\n';
  return line;
}

static int findGuide(const Vec *guides, const char *name, size_t len) {
  const AriGuide *g = guides->data;
  for (unsigned i = 0; i < guides->n; ++i)
    if (strlen(g[i].name) == len && memcmp(g[i].name, name, len) == 0)
      return (int)i;
  return -1;
}

static bool parseNatDecl(P *p) {
  do {
    size_t l = peekIdent(p, false);
    if (!l)
      return fail(p, p->pos, "expected a size name");
    size_t at = p->pos;
    const char *name = p->s + p->pos;
    p->pos += l;
    if (!expect(p, "=", "after the size name"))
      return false;
    Nat v;
    skipWs(p);
    size_t vat = p->pos;
    if (!parseNatSum(p, &v))
      return false;
    if (v.any)
      return fail(p, vat, "a size needs a value, not '?'");
    AriSketchNat *n = ariSketchFindNat(p->set, name, l);
    if (n && !n->fromCaller && n->value != v.v)
      return fail(p, at, "size '%.*s' declared again with another value", (int)l, name);
    if (!n) {
      n = ariArenaCalloc(&p->set->arena, sizeof *n);
      if (!n || !(n->name = ariArenaStrndup(&p->set->arena, name, l)))
        return oom(p);
      n->value = v.v;
      n->next = p->set->nats;
      p->set->nats = n;
    }
  } while (eat(p, ","));
  return expect(p, ";", "after the 'nat' declaration");
}

/* A guide's sketch failed on the sizes' values (AriGuide.sizeError): keep
 * the error with the guide, skip to the ';' that ends it, parse on. */
static bool deferSizeError(P *p, AriGuide *g) {
  if (!p->failed || !p->sizeValue || !p->err)
    return false;
  AriSketchError *e = ariArenaAlloc(&p->set->arena, sizeof *e);
  if (!e)
    return oom(p);
  *e = *p->err;
  g->sizeError = e;
  p->failed = p->semantic = p->sizeValue = false;
  p->nest = 0;
  while (p->pos < p->n && p->s[p->pos] != ';') {
    size_t before = p->pos;
    skipWs(p); /* comments may hold a ';' */
    if (p->pos == before)
      p->pos++;
  }
  return true;
}

const AriGuideFile *ariGuideFileParse(AriSketchSet *set, const char *text, size_t len,
                                      AriSketchError *err) {
  P p = {.set = set, .s = text ? text : "", .n = text ? len : 0, .err = err};
  AriGuideFile *file = ariArenaCalloc(&set->arena, sizeof *file);
  if (!file) {
    oom(&p);
    return NULL;
  }
  Vec guides = {0}, goals = {0};
  for (;;) {
    skipWs(&p);
    if (p.pos >= p.n)
      break;
    size_t at = p.pos;
    if (isWord(&p, "nat")) {
      p.pos += 3;
      if (!parseNatDecl(&p))
        return NULL;
    } else if (isWord(&p, "guide")) {
      p.pos += 5;
      AriGuide g = {0};
      g.line = lineOf(&p, at);
      skipWs(&p);
      size_t nameAt = p.pos;
      if (!(g.name = takeIdent(&p, "a guide name")))
        return NULL;
      if (findGuide(&guides, g.name, strlen(g.name)) >= 0) {
        fail(&p, nameAt, "guide '%s' defined twice", g.name);
        return NULL;
      }
      Vec rules = {0};
      if (isWord(&p, "rules")) {
        p.pos += 5;
        if (!expect(&p, "(", "after 'rules'"))
          return NULL;
        do {
          char *r = takeRule(&p);
          if (!r || !push(&p, &rules, &r, sizeof r))
            return NULL;
        } while (eat(&p, ","));
        if (!expect(&p, ")", "after the rules"))
          return NULL;
      }
      g.numRules = rules.n;
      g.rules = rules.data;
      if (!expect(&p, "=", "before the guide's sketch"))
        return NULL;
      p.sizeValue = false;
      if (!(g.sketch = parseOr(&p)) && !deferSizeError(&p, &g))
        return NULL;
      if (!expect(&p, ";", "after the guide's sketch") || !push(&p, &guides, &g, sizeof g))
        return NULL;
    } else if (isWord(&p, "goal")) {
      p.pos += 4;
      AriGuideGoal gl = {0};
      if (!(gl.name = takeIdent(&p, "a goal name")) || !expect(&p, "=", "after the goal name"))
        return NULL;
      Vec steps = {0};
      do {
        skipWs(&p);
        size_t sat = p.pos;
        size_t l = peekIdent(&p, false);
        int gi = l ? findGuide(&guides, p.s + p.pos, l) : -1;
        if (!l) {
          fail(&p, sat, "expected a guide name");
          return NULL;
        }
        if (gi < 0) {
          fail(&p, sat, "unknown guide '%.*s'", (int)l, p.s + p.pos);
          return NULL;
        }
        p.pos += l;
        unsigned u = (unsigned)gi;
        if (!push(&p, &steps, &u, sizeof u))
          return NULL;
      } while (eat(&p, ","));
      if (!expect(&p, ";", "after the goal's guides"))
        return NULL;
      gl.numSteps = steps.n;
      gl.steps = steps.data;
      if (!push(&p, &goals, &gl, sizeof gl))
        return NULL;
    } else {
      fail(&p, at, "expected 'nat', 'guide' or 'goal'");
      return NULL;
    }
  }
  file->numGuides = guides.n;
  file->guides = guides.data;
  file->numGoals = goals.n;
  file->goals = goals.data;
  return file;
}
