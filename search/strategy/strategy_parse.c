/*===- strategy_parse.c - strategy text to expressions --------------------===*\
 *
 * A hand-written recursive-descent parser for the grammar in strategy.h.
 * Every error names the line and column of the token it stopped at. The only
 * ambiguity is `;`, which both sequences strategies and ends a definition in
 * a file: after a `;`, a `NAME =`, `NAME(...) =` or `strategy` starts the
 * next definition (`=` never occurs inside an expression).
 *
\*===----------------------------------------------------------------------===*/

#include "search/strategy/strategy_impl.h"
#include "utils/hash.h"
#include "utils/strbuf.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { kMaxNesting = 200 };

typedef enum {
  T_EOF,
  T_NAME,
  T_NAT,
  T_LPAREN,
  T_RPAREN,
  T_COMMA,
  T_SEMI,
  T_SEMISEMI,
  T_CHOICE,
  T_AT,
  T_EQ,
  T_ERROR,
} TokKind;

typedef struct {
  TokKind kind;
  size_t start, len;
  uint32_t line, col;
  int64_t nat;
} Token;

typedef struct {
  AriStratProgram *p;
  const char *file;
  const char *src;
  size_t len, pos;
  uint32_t line, col;
  Token tok;
  AriStratDiag *diag;
  bool failed;
  bool fileMode;
  int nesting;
} Parser;

static const AriStratBuiltin kBuiltins[] = {
    {"id", SK_ID, 0},           {"fail", SK_FAIL, 0},         {"try", SK_TRY, 1},
    {"repeat", SK_REPEAT, 1},   {"one", SK_ONE, 1},           {"some", SK_SOME, 1},
    {"all", SK_ALL, 1},         {"topDown", SK_TOPDOWN, 1},   {"bottomUp", SK_BOTTOMUP, 1},
    {"normalize", SK_NORMALIZE, 1}, {"where", SK_WHERE, 1},   {"not", SK_NOT, 1},
    {"outermost", SK_OUTERMOST, 2}, {"innermost", SK_INNERMOST, 2},
    {"child", SK_CHILD, 2},
};

const AriStratBuiltin *ariStratBuiltin(const char *name) {
  for (size_t i = 0; i < sizeof kBuiltins / sizeof kBuiltins[0]; ++i)
    if (!strcmp(kBuiltins[i].name, name))
      return &kBuiltins[i];
  return NULL;
}

const char *ariStratKindName(AriStratKind k) {
  for (size_t i = 0; i < sizeof kBuiltins / sizeof kBuiltins[0]; ++i)
    if (kBuiltins[i].kind == k)
      return kBuiltins[i].name;
  switch (k) {
  case SK_SEQ: return ";";
  case SK_CHOICE: return "<+";
  default: return "?";
  }
}

bool ariStratError(AriStratDiag *d, const char *file, uint32_t line, uint32_t col, const char *fmt,
                   ...) {
  if (!d)
    return false;
  d->file = file;
  d->line = line;
  d->col = col;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->message, sizeof d->message, fmt, ap);
  va_end(ap);
  return false;
}

int ariStratDiagFormat(const AriStratDiag *d, char *buf, size_t cap) {
  return snprintf(buf, cap, "%s:%" PRIu32 ":%" PRIu32 ": error: %s", d->file ? d->file : "<strategy>",
                  d->line, d->col, d->message);
}

static void perr(Parser *ps, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void perr(Parser *ps, uint32_t line, uint32_t col, const char *fmt, ...) {
  if (ps->failed) /* keep the first error: later ones are consequences */
    return;
  ps->failed = true;
  char msg[ARI_STRAT_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  ariStratError(ps->diag, ps->file, line, col, "%s", msg);
}

static void advanceChar(Parser *ps) {
  if (ps->src[ps->pos] == '\n') {
    ps->line++;
    ps->col = 1;
  } else {
    ps->col++;
  }
  ps->pos++;
}

static bool nameStart(int c) { return isalpha(c) || c == '_'; }
static bool nameChar(int c) { return isalnum(c) || c == '_'; }

/* Skips blanks and comments; false (with an error) on an unterminated
 * block comment. */
static bool skipBlank(Parser *ps) {
  for (;;) {
    if (ps->pos >= ps->len)
      return true;
    char c = ps->src[ps->pos];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      advanceChar(ps);
    } else if (c == '#' || (c == '/' && ps->pos + 1 < ps->len && ps->src[ps->pos + 1] == '/')) {
      while (ps->pos < ps->len && ps->src[ps->pos] != '\n')
        advanceChar(ps);
    } else if (c == '/' && ps->pos + 1 < ps->len && ps->src[ps->pos + 1] == '*') {
      uint32_t l = ps->line, co = ps->col;
      advanceChar(ps);
      advanceChar(ps);
      for (;;) {
        if (ps->pos + 1 >= ps->len) {
          perr(ps, l, co, "unterminated comment");
          return false;
        }
        if (ps->src[ps->pos] == '*' && ps->src[ps->pos + 1] == '/') {
          advanceChar(ps);
          advanceChar(ps);
          break;
        }
        advanceChar(ps);
      }
    } else {
      return true;
    }
  }
}

static void next(Parser *ps) {
  Token *t = &ps->tok;
  if (!skipBlank(ps)) {
    t->kind = T_ERROR;
    return;
  }
  t->start = ps->pos;
  t->line = ps->line;
  t->col = ps->col;
  t->len = 0;
  if (ps->pos >= ps->len) {
    t->kind = T_EOF;
    return;
  }
  char c = ps->src[ps->pos];
  if (nameStart((unsigned char)c)) {
    /* '+' joins two name parts (cbuf+rrotVersion); "<+" never follows a
     * name character directly as '+' alone. */
    while (ps->pos < ps->len &&
           (nameChar((unsigned char)ps->src[ps->pos]) ||
            (ps->src[ps->pos] == '+' && ps->pos + 1 < ps->len &&
             nameStart((unsigned char)ps->src[ps->pos + 1]))))
      advanceChar(ps);
    t->kind = T_NAME;
  } else if (isdigit((unsigned char)c)) {
    int64_t v = 0;
    bool overflow = false;
    while (ps->pos < ps->len && isdigit((unsigned char)ps->src[ps->pos])) {
      int d = ps->src[ps->pos] - '0';
      if (v > (INT64_MAX - d) / 10)
        overflow = true;
      else
        v = v * 10 + d;
      advanceChar(ps);
    }
    if (ps->pos < ps->len && nameChar((unsigned char)ps->src[ps->pos])) {
      perr(ps, t->line, t->col, "a name cannot start with a digit");
      t->kind = T_ERROR;
      return;
    }
    if (overflow) {
      perr(ps, t->line, t->col, "number too large");
      t->kind = T_ERROR;
      return;
    }
    t->kind = T_NAT;
    t->nat = v;
  } else {
    advanceChar(ps);
    switch (c) {
    case '(': t->kind = T_LPAREN; break;
    case ')': t->kind = T_RPAREN; break;
    case ',': t->kind = T_COMMA; break;
    case '@': t->kind = T_AT; break;
    case '=': t->kind = T_EQ; break;
    case ';':
      t->kind = T_SEMI;
      if (ps->pos < ps->len && ps->src[ps->pos] == ';') {
        advanceChar(ps);
        t->kind = T_SEMISEMI;
      }
      break;
    case '<':
      if (ps->pos < ps->len && ps->src[ps->pos] == '+') {
        advanceChar(ps);
        t->kind = T_CHOICE;
        break;
      }
      perr(ps, t->line, t->col, "expected '<+'");
      t->kind = T_ERROR;
      return;
    default:
      if (isprint((unsigned char)c))
        perr(ps, t->line, t->col, "unexpected character '%c'", c);
      else
        perr(ps, t->line, t->col, "unexpected byte 0x%02x", (unsigned char)c);
      t->kind = T_ERROR;
      return;
    }
  }
  t->len = ps->pos - t->start;
}

static const char *tokDesc(const Parser *ps, char *buf, size_t cap) {
  const Token *t = &ps->tok;
  switch (t->kind) {
  case T_EOF: return "end of input";
  case T_ERROR: return "an invalid token";
  default:
    snprintf(buf, cap, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), ps->src + t->start);
    return buf;
  }
}

static void expected(Parser *ps, const char *what) {
  char b[64];
  perr(ps, ps->tok.line, ps->tok.col, "expected %s, got %s", what, tokDesc(ps, b, sizeof b));
}

static AriStratExpr *mkNode(Parser *ps, AriStratKind k, uint32_t line, uint32_t col, uint32_t nargs) {
  AriStratExpr *e = ariArenaCalloc(ps->p->arena, sizeof *e);
  if (!e) {
    perr(ps, line, col, "out of memory");
    return NULL;
  }
  e->kind = k;
  e->line = line;
  e->col = col;
  e->file = ps->file;
  e->nargs = nargs;
  if (nargs) {
    e->args = ariArenaCalloc(ps->p->arena, nargs * sizeof *e->args);
    if (!e->args) {
      perr(ps, line, col, "out of memory");
      return NULL;
    }
  }
  return e;
}

static AriStratExpr *parseExpr(Parser *ps);

static AriStratExpr *parsePrim(Parser *ps) {
  Token t = ps->tok;
  if (t.kind == T_NAT) {
    AriStratExpr *e = mkNode(ps, SK_NAT, t.line, t.col, 0);
    if (e)
      e->nat = t.nat;
    next(ps);
    return e;
  }
  if (t.kind == T_LPAREN) {
    next(ps);
    AriStratExpr *e = parseExpr(ps);
    if (!e)
      return NULL;
    if (ps->tok.kind != T_RPAREN) {
      expected(ps, "')'");
      return NULL;
    }
    next(ps);
    return e;
  }
  if (t.kind != T_NAME) {
    expected(ps, "a strategy");
    return NULL;
  }
  char *name = ariArenaStrndup(ps->p->arena, ps->src + t.start, t.len);
  if (!name) {
    perr(ps, t.line, t.col, "out of memory");
    return NULL;
  }
  next(ps);
  AriStratExpr *args[ARI_STRAT_MAX_ARGS + 1];
  uint32_t n = 0;
  if (ps->tok.kind == T_LPAREN) {
    next(ps);
    if (ps->tok.kind == T_RPAREN) {
      perr(ps, ps->tok.line, ps->tok.col, "expected an argument: write '%s' without '()'", name);
      return NULL;
    }
    for (;;) {
      if (n == ARI_STRAT_MAX_ARGS) {
        perr(ps, ps->tok.line, ps->tok.col, "more than %d arguments", ARI_STRAT_MAX_ARGS);
        return NULL;
      }
      AriStratExpr *a = parseExpr(ps);
      if (!a)
        return NULL;
      args[n++] = a;
      if (ps->tok.kind == T_COMMA) {
        next(ps);
        continue;
      }
      if (ps->tok.kind != T_RPAREN) {
        expected(ps, "',' or ')'");
        return NULL;
      }
      next(ps);
      break;
    }
  }
  /* One spare slot: `s @ f(args)` appends s. */
  AriStratExpr *e = mkNode(ps, SK_REF, t.line, t.col, 0);
  if (!e)
    return NULL;
  e->args = ariArenaCalloc(ps->p->arena, (n + 1) * sizeof *e->args);
  if (!e->args) {
    perr(ps, t.line, t.col, "out of memory");
    return NULL;
  }
  memcpy(e->args, args, n * sizeof *args);
  e->nargs = n;
  e->name = name;
  return e;
}

static AriStratExpr *parseAt(Parser *ps) {
  AriStratExpr *s = parsePrim(ps);
  while (s && ps->tok.kind == T_AT) {
    Token at = ps->tok;
    next(ps);
    Token ft = ps->tok;
    if (ft.kind != T_NAME) {
      perr(ps, ft.line, ft.col, "the right of '@' must name a traversal, such as outermost(p)");
      return NULL;
    }
    AriStratExpr *f = parsePrim(ps);
    if (!f)
      return NULL;
    if (f->nargs >= ARI_STRAT_MAX_ARGS) {
      perr(ps, at.line, at.col, "more than %d arguments", ARI_STRAT_MAX_ARGS);
      return NULL;
    }
    f->args[f->nargs++] = s; /* the spare slot parsePrim left */
    s = f;
  }
  return s;
}

/* After a ';' in a file: does a new definition start here? */
static bool definitionStarts(Parser *ps) {
  if (!ps->fileMode)
    return false;
  if (ps->tok.kind == T_EOF)
    return true;
  if (ps->tok.kind != T_NAME)
    return false;
  if (ps->tok.len == 8 && !memcmp(ps->src + ps->tok.start, "strategy", 8))
    return true;
  Parser save = *ps;
  bool yes = false;
  next(ps);
  if (ps->tok.kind == T_EQ) {
    yes = true;
  } else if (ps->tok.kind == T_LPAREN) {
    next(ps);
    while (ps->tok.kind == T_NAME || ps->tok.kind == T_COMMA)
      next(ps);
    if (ps->tok.kind == T_RPAREN) {
      next(ps);
      yes = ps->tok.kind == T_EQ;
    }
  }
  /* The look-ahead leaves no trace: a lexical error it met is reported
   * again when the parser reaches that token. */
  *ps = save;
  return yes;
}

static AriStratExpr *parseSeq(Parser *ps) {
  AriStratExpr *l = parseAt(ps);
  while (l && (ps->tok.kind == T_SEMI || ps->tok.kind == T_SEMISEMI)) {
    Token op = ps->tok;
    Parser save = *ps;
    next(ps);
    if (ps->failed)
      return NULL;
    if (op.kind == T_SEMI && definitionStarts(ps)) {
      *ps = save; /* the ';' ends the definition */
      break;
    }
    AriStratExpr *r = parseAt(ps);
    if (!r)
      return NULL;
    if (op.kind == T_SEMISEMI) {
      /* s ;; t = s ; normalForm ; t (thesis Listing 5.1) */
      AriStratExpr *nf = mkNode(ps, SK_REF, op.line, op.col, 0);
      if (!nf)
        return NULL;
      nf->name = "normalForm";
      nf->args = ariArenaCalloc(ps->p->arena, sizeof *nf->args);
      AriStratExpr *inner = mkNode(ps, SK_SEQ, op.line, op.col, 2);
      if (!inner || !nf->args)
        return NULL;
      inner->args[0] = nf;
      inner->args[1] = r;
      r = inner;
    }
    AriStratExpr *s = mkNode(ps, SK_SEQ, op.line, op.col, 2);
    if (!s)
      return NULL;
    s->args[0] = l;
    s->args[1] = r;
    l = s;
  }
  return l;
}

static AriStratExpr *parseExpr(Parser *ps) {
  if (++ps->nesting > kMaxNesting) {
    perr(ps, ps->tok.line, ps->tok.col, "strategy nested more than %d deep", kMaxNesting);
    return NULL;
  }
  AriStratExpr *l = parseSeq(ps);
  while (l && ps->tok.kind == T_CHOICE) {
    Token op = ps->tok;
    next(ps);
    AriStratExpr *r = parseSeq(ps);
    if (!r)
      return NULL;
    AriStratExpr *c = mkNode(ps, SK_CHOICE, op.line, op.col, 2);
    if (!c)
      return NULL;
    c->args[0] = l;
    c->args[1] = r;
    l = c;
  }
  ps->nesting--;
  return ps->failed ? NULL : l;
}

static void initParser(Parser *ps, AriStratProgram *p, const char *file, const char *text,
                       size_t len, AriStratDiag *d, bool fileMode) {
  memset(ps, 0, sizeof *ps);
  ps->p = p;
  ps->file = ariArenaStrndup(p->arena, file ? file : "<strategy>", 4096);
  ps->src = text ? text : "";
  ps->len = text ? len : 0;
  ps->line = 1;
  ps->col = 1;
  ps->diag = d;
  ps->fileMode = fileMode;
  if (d)
    memset(d, 0, sizeof *d);
  if (!ps->file)
    perr(ps, 1, 1, "out of memory");
  /* A NUL inside the text would end names early; reject it up front. */
  for (size_t i = 0; i < ps->len && !ps->failed; ++i)
    if (ps->src[i] == 0) {
      uint32_t l = 1, c = 1;
      for (size_t j = 0; j < i; ++j)
        if (ps->src[j] == '\n') {
          l++;
          c = 1;
        } else {
          c++;
        }
      perr(ps, l, c, "unexpected NUL byte");
    }
  if (!ps->failed)
    next(ps);
}

AriStratProgram *ariStratProgramNew(AriArena *arena) {
  AriStratProgram *p = ariArenaCalloc(arena, sizeof *p);
  if (p)
    p->arena = arena;
  return p;
}

AriStratExpr *ariStratParseExpr(AriStratProgram *p, const char *file, const char *text, size_t len,
                                AriStratDiag *d) {
  Parser ps;
  initParser(&ps, p, file, text, len, d, false);
  if (ps.failed)
    return NULL;
  if (ps.tok.kind == T_EOF) {
    perr(&ps, ps.tok.line, ps.tok.col, "empty strategy");
    return NULL;
  }
  AriStratExpr *e = parseExpr(&ps);
  if (!e)
    return NULL;
  if (ps.tok.kind != T_EOF) {
    if (ps.tok.kind == T_EQ)
      perr(&ps, ps.tok.line, ps.tok.col,
           "definitions ('name = ...;') belong in a strategy file, not in a strategy expression");
    else
      expected(&ps, "';', '<+', '@' or end of input");
    return NULL;
  }
  return e;
}

/* The slot of `name` in p->index: the one holding it, or the empty slot
 * where it would go. */
static size_t indexSlot(const AriStratProgram *p, const char *name) {
  size_t mask = p->indexCap - 1;
  size_t i = ariHashBytes32(name, strlen(name)) & mask;
  while (p->index[i] && strcmp(p->defs[p->index[i] - 1].name, name))
    i = (i + 1) & mask;
  return i;
}

long ariStratFindDef(const AriStratProgram *p, const char *name) {
  if (!p->indexCap)
    return -1;
  uint32_t v = p->index[indexSlot(p, name)];
  return v ? (long)v - 1 : -1;
}

/* Makes p->defs[i] the definition `name` finds, growing the index to keep
 * it at most half full. */
static bool indexDef(AriStratProgram *p, size_t i) {
  if (2 * (p->ndefs + 1) > p->indexCap) {
    size_t cap = p->indexCap ? 2 * p->indexCap : 64;
    uint32_t *old = p->index;
    size_t oldCap = p->indexCap;
    p->index = ariArenaCalloc(p->arena, cap * sizeof *p->index);
    if (!p->index) {
      p->index = old;
      return false;
    }
    p->indexCap = cap;
    for (size_t k = 0; k < oldCap; ++k)
      if (old[k])
        p->index[indexSlot(p, p->defs[old[k] - 1].name)] = old[k];
  }
  p->index[indexSlot(p, p->defs[i].name)] = (uint32_t)i + 1;
  return true;
}

static bool addDef(Parser *ps, AriStratDef *d) {
  AriStratProgram *p = ps->p;
  if (p->ndefs >= UINT32_MAX - 1) {
    perr(ps, d->line, d->col, "too many definitions");
    return false;
  }
  if (p->ndefs == p->cap) {
    size_t cap = p->cap ? p->cap * 2 : 16;
    AriStratDef *nd = ariArenaAlloc(p->arena, cap * sizeof *nd);
    if (!nd) {
      perr(ps, d->line, d->col, "out of memory");
      return false;
    }
    if (p->ndefs)
      memcpy(nd, p->defs, p->ndefs * sizeof *nd);
    p->defs = nd;
    p->cap = cap;
  }
  p->defs[p->ndefs] = *d;
  if (!indexDef(p, p->ndefs)) {
    perr(ps, d->line, d->col, "out of memory");
    return false;
  }
  p->ndefs++;
  return true;
}

static bool parseDefinition(Parser *ps) {
  if (ps->tok.kind == T_NAME && ps->tok.len == 8 && !memcmp(ps->src + ps->tok.start, "strategy", 8))
    next(ps);
  if (ps->tok.kind != T_NAME) {
    expected(ps, "a definition 'name = strategy;'");
    return false;
  }
  Token nt = ps->tok;
  AriStratDef d;
  memset(&d, 0, sizeof d);
  d.name = ariArenaStrndup(ps->p->arena, ps->src + nt.start, nt.len);
  d.file = ps->file;
  d.line = nt.line;
  d.col = nt.col;
  d.generation = ps->p->generation;
  if (!d.name) {
    perr(ps, nt.line, nt.col, "out of memory");
    return false;
  }
  if (ariStratBuiltin(d.name)) {
    perr(ps, nt.line, nt.col, "'%s' is a built-in combinator and cannot be redefined", d.name);
    return false;
  }
  long prev = ariStratFindDef(ps->p, d.name);
  if (prev >= 0 && ps->p->defs[prev].generation == ps->p->generation) {
    const AriStratDef *o = &ps->p->defs[prev];
    perr(ps, nt.line, nt.col, "redefinition of '%s' (first defined at %s:%" PRIu32 ":%" PRIu32 ")",
         d.name, o->file, o->line, o->col);
    return false;
  }
  next(ps);
  const char *params[ARI_STRAT_MAX_ARGS];
  if (ps->tok.kind == T_LPAREN) {
    next(ps);
    for (;;) {
      if (ps->tok.kind != T_NAME) {
        expected(ps, "a parameter name");
        return false;
      }
      if (d.nparams == ARI_STRAT_MAX_ARGS) {
        perr(ps, ps->tok.line, ps->tok.col, "more than %d parameters", ARI_STRAT_MAX_ARGS);
        return false;
      }
      const char *pn = ariArenaStrndup(ps->p->arena, ps->src + ps->tok.start, ps->tok.len);
      if (!pn) {
        perr(ps, ps->tok.line, ps->tok.col, "out of memory");
        return false;
      }
      for (uint32_t i = 0; i < d.nparams; ++i)
        if (!strcmp(params[i], pn)) {
          perr(ps, ps->tok.line, ps->tok.col, "duplicate parameter '%s'", pn);
          return false;
        }
      params[d.nparams++] = pn;
      next(ps);
      if (ps->tok.kind == T_COMMA) {
        next(ps);
        continue;
      }
      if (ps->tok.kind != T_RPAREN) {
        expected(ps, "',' or ')'");
        return false;
      }
      next(ps);
      break;
    }
    d.params = ariArenaAlloc(ps->p->arena, d.nparams * sizeof *d.params);
    d.paramUse = ariArenaCalloc(ps->p->arena, d.nparams);
    if (!d.params || !d.paramUse) {
      perr(ps, nt.line, nt.col, "out of memory");
      return false;
    }
    memcpy(d.params, params, d.nparams * sizeof *params);
  }
  if (ps->tok.kind != T_EQ) {
    expected(ps, "'='");
    return false;
  }
  next(ps);
  if (ps->tok.kind == T_SEMI || ps->tok.kind == T_EOF) {
    expected(ps, "a strategy");
    return false;
  }
  d.body = parseExpr(ps);
  if (!d.body)
    return false;
  if (ps->tok.kind != T_SEMI) {
    if (ps->tok.kind == T_EQ)
      perr(ps, ps->tok.line, ps->tok.col, "unexpected '=': is a ';' missing before this definition?");
    else
      expected(ps, "';' after the definition");
    return false;
  }
  next(ps);
  return addDef(ps, &d);
}

bool ariStratParseDefinitions(AriStratProgram *p, const char *file, const char *text, size_t len,
                              AriStratDiag *d) {
  p->generation++;
  Parser ps;
  initParser(&ps, p, file, text, len, d, true);
  size_t before = p->ndefs;
  while (!ps.failed && ps.tok.kind != T_EOF)
    if (!parseDefinition(&ps))
      break;
  if (ps.failed) {
    /* All or nothing: the file's definitions go, and the names they
     * shadowed find the earlier ones again. The index never needs to grow
     * here, so rebuilding it cannot fail. */
    p->ndefs = before;
    if (p->indexCap) {
      memset(p->index, 0, p->indexCap * sizeof *p->index);
      for (size_t i = 0; i < before; ++i)
        p->index[indexSlot(p, p->defs[i].name)] = (uint32_t)i + 1;
    }
    return false;
  }
  return true;
}

size_t ariStratNumDefinitions(const AriStratProgram *p) { return p->ndefs; }

const char *ariStratDefinitionName(const AriStratProgram *p, size_t i) {
  return i < p->ndefs ? p->defs[i].name : NULL;
}

size_t ariStratDefinitionParams(const AriStratProgram *p, size_t i, const char **names,
                                size_t max) {
  if (i >= p->ndefs)
    return 0;
  const AriStratDef *d = &p->defs[i];
  for (size_t k = 0; names && k < d->nparams && k < max; ++k)
    names[k] = d->params[k];
  return d->nparams;
}

bool ariStratHasDefinition(const AriStratProgram *p, const char *name) {
  return ariStratFindDef(p, name) >= 0;
}

/* ---- printing ---------------------------------------------------------- */

/* Precedence: 1 choice, 2 sequence, 3 everything else. */
static void fmt(AriStr *o, const AriStratExpr *e, int ctx) {
  switch (e->kind) {
  case SK_SEQ:
  case SK_CHOICE: {
    int prec = e->kind == SK_SEQ ? 2 : 1;
    if (prec < ctx)
      ariStrPuts(o, "(");
    fmt(o, e->args[0], prec);
    ariStrPuts(o, e->kind == SK_SEQ ? " ; " : " <+ ");
    fmt(o, e->args[1], prec + 1); /* both are left-associative */
    if (prec < ctx)
      ariStrPuts(o, ")");
    return;
  }
  case SK_NAT:
    ariStrPrintf(o, "%" PRId64, e->nat);
    return;
  default: {
    const char *name = e->name ? e->name : ariStratKindName(e->kind);
    ariStrPuts(o, name);
    if (e->nargs) {
      ariStrPuts(o, "(");
      for (uint32_t i = 0; i < e->nargs; ++i) {
        if (i)
          ariStrPuts(o, ", ");
        fmt(o, e->args[i], 0);
      }
      ariStrPuts(o, ")");
    }
    return;
  }
  }
}

bool ariStratFormat(const AriStratExpr *e, char *buf, size_t cap) {
  AriStr o;
  ariStrInitFixed(&o, buf, cap);
  fmt(&o, e, 0);
  return ariStrOk(&o);
}
