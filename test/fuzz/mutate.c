/*===- mutate.c - deterministic text mutations of MLIR programs -----------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/fuzz/mutate.h"
#include "utils/file.h"
#include "utils/hash.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*--- PRNG ----------------------------------------------------------------*/

uint64_t fzRngNext(FzRng *r) {
  return ariHashMix64(r->state += ARI_HASH_GOLDEN); /* splitmix64 */
}

uint64_t fzRngBelow(FzRng *r, uint64_t n) { return fzRngNext(r) % n; }

static bool coin(FzRng *r, unsigned percent) { return fzRngBelow(r, 100) < percent; }

/*--- Seeds ---------------------------------------------------------------*/

static bool addSeed(const char *path, AriArena *arena, FzSeed *seeds, int cap, int *n) {
  if (*n >= cap) {
    fprintf(stderr, "fuzz: more than %d seed files; ignoring %s\n", cap, path);
    return true;
  }
  FzSeed *s = &seeds[*n];
  s->path = ariArenaStrndup(arena, path, strlen(path));
  const char *slash = strrchr(s->path, '/');
  s->name = slash ? slash + 1 : s->path;
  s->text = NULL;
  AriFileError e = ariFileRead(path, arena, 0, &s->text, &s->len);
  if (!ariFileOk(e)) {
    char msg[1024];
    ariFileErrorFormat(e, "seed", msg, sizeof msg);
    fprintf(stderr, "fuzz: %s\n", msg);
    return false;
  }
  /* The mutators work on C strings; a seed with a NUL would be cut short. */
  s->len = strlen(s->text);
  ++*n;
  return true;
}

static int cmpStr(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool hasSuffix(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}

bool fzSeedsLoad(const char *path, AriArena *arena, FzSeed *seeds, int cap, int *n) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "fuzz: cannot open %s: %s\n", path, strerror(errno));
    return false;
  }
  if (!S_ISDIR(st.st_mode))
    return addSeed(path, arena, seeds, cap, n);
  DIR *d = opendir(path);
  if (!d) {
    fprintf(stderr, "fuzz: cannot list %s: %s\n", path, strerror(errno));
    return false;
  }
  enum { kMaxFiles = 512 };
  char *names[kMaxFiles];
  int count = 0;
  for (struct dirent *e = readdir(d); e && count < kMaxFiles; e = readdir(d))
    if (hasSuffix(e->d_name, ".mlir"))
      names[count++] = ariArenaStrndup(arena, e->d_name, strlen(e->d_name));
  closedir(d);
  qsort(names, (size_t)count, sizeof names[0], cmpStr);
  bool ok = true;
  for (int i = 0; i < count; ++i) {
    char full[4096];
    snprintf(full, sizeof full, "%s/%s", path, names[i]);
    ok = addSeed(full, arena, seeds, cap, n) && ok;
  }
  return ok;
}

uint64_t fzMutantKey(const FzSeed *seed, uint64_t runSeed, int index) {
  /* FNV-1a of the file name, so a mutant does not depend on which other
   * seeds were loaded or in which order. */
  uint64_t h = UINT64_C(0xCBF29CE484222325); /* FNV-1a 64 of the name */
  for (const char *p = seed->name; *p; ++p)
    h = ariHashAdd64(h, (unsigned char)*p);
  FzRng r = {h ^ (runSeed * ARI_HASH_GOLDEN) ^ ((uint64_t)index << 32 | (uint32_t)index)};
  return fzRngNext(&r);
}

static bool writeAll(int fd, const char *s, size_t len) {
  for (size_t done = 0; done < len;) {
    ssize_t n = write(fd, s + done, len - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += (size_t)n;
  }
  return true;
}

bool fzWriteFile(const char *path, const char *prefix, const char *text, size_t len) {
  /* Plain system calls and no allocation: this must still work when the
   * heap may already be corrupt, since the file is the reproducer. */
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  bool ok = fd >= 0 && (!prefix || writeAll(fd, prefix, strlen(prefix))) &&
            writeAll(fd, text, len);
  if (fd >= 0 && close(fd) != 0)
    ok = false;
  if (!ok)
    fprintf(stderr, "fuzz: cannot write %s: %s\n", path, strerror(errno));
  return ok;
}

/*--- Text helpers --------------------------------------------------------*/

typedef struct {
  const char *s;
  size_t len;
} Text;

/* A span [begin, end) of the text chosen uniformly among the candidates a
 * scanner offers (reservoir sampling, so no candidate list is stored). */
typedef struct {
  size_t begin, end;
  uint64_t seen;
} Pick;

static void offer(Pick *p, FzRng *r, size_t begin, size_t end) {
  if (fzRngBelow(r, ++p->seen) == 0) {
    p->begin = begin;
    p->end = end;
  }
}

static bool splice(const Text *t, size_t begin, size_t end, const char *repl, size_t replLen,
                   AriArena *arena, Text *out) {
  size_t len = t->len - (end - begin) + replLen;
  char *buf = ariArenaAlloc(arena, len + 1);
  if (!buf)
    return false;
  memcpy(buf, t->s, begin);
  memcpy(buf + begin, repl, replLen);
  memcpy(buf + begin + replLen, t->s + end, t->len - end);
  buf[len] = 0;
  out->s = buf;
  out->len = len;
  return true;
}

static bool spliceStr(const Text *t, size_t begin, size_t end, const char *repl, AriArena *arena,
                      Text *out) {
  return splice(t, begin, end, repl, strlen(repl), arena, out);
}

static bool isIdent(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.';
}

static bool isDigit(char c) { return c >= '0' && c <= '9'; }

static bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static const char *pickStr(FzRng *r, const char *const *table, size_t n) {
  return table[fzRngBelow(r, n)];
}

#define PICK(r, table) pickStr((r), (table), sizeof(table) / sizeof(table)[0])

/* Lines, a last one without a newline included. */
static size_t countLines(const Text *t) {
  size_t n = 0;
  for (size_t i = 0; i < t->len; ++i)
    n += t->s[i] == '\n';
  return n + (t->len && t->s[t->len - 1] != '\n');
}

/* Line `line` (from 0) is [*begin, *end), its newline included. */
static void lineSpan(const Text *t, size_t line, size_t *begin, size_t *end) {
  size_t i = 0;
  for (size_t l = 0; l < line && i < t->len; ++i)
    if (t->s[i] == '\n')
      ++l;
  *begin = i;
  while (i < t->len && t->s[i] != '\n')
    ++i;
  *end = i < t->len ? i + 1 : i;
}

/*--- Forward references --------------------------------------------------*/

typedef struct {
  const char *name;
  size_t len;
  int depth;
} SsaName;

static bool findName(const SsaName *v, size_t n, const char *name, size_t len) {
  for (size_t i = 0; i < n; ++i)
    if (v[i].len == len && !memcmp(v[i].name, name, len))
      return true;
  return false;
}

/* The ops whose regions are isolated from above among the dialects the
 * tests parse with: names defined outside are not in scope inside. */
static bool isIsolatedOpName(const char *s, size_t n) {
  return (n == 9 && !memcmp(s, "func.func", 9)) || (n == 6 && !memcmp(s, "module", 6)) ||
         (n == 14 && !memcmp(s, "builtin.module", 14));
}

/* After `%name` (at e): `= ` (not `==`), `:N =` or `, %other... =`: the
 * name is one of an op's results. */
static bool isResultDef(const char *e) {
  for (;;) {
    if (*e == ':' && isDigit(e[1]))
      for (++e; isDigit(*e);)
        ++e;
    while (isSpace(*e))
      ++e;
    if (*e == '=')
      return e[1] != '=';
    if (*e != ',')
      return false;
    for (++e; isSpace(*e);)
      ++e;
    if (*e != '%')
      return false;
    for (++e; isIdent(*e) || *e == '-';)
      ++e;
  }
}

/* Sound towards flagging: a name is "in scope" only where a definition
 * certainly is (so a placeholder MLIR might make is never missed), and any
 * occurrence of a name with none in scope, use or unrecognised
 * definition, is matched against the pending uses. Definitions are
 * results (`%x =`, `%x:2 =`, `%x, %y =`) and arguments (`%x:` or `%x :`
 * inside the parentheses of `@name(`, a function's signature, whose scope
 * is the body, or of `^name(`, a block's, whose scope is the region).
 * Scopes end with their closing brace, everything at the top level, and
 * everything at an isolated op (`func.func`, `module`, quoted or not). */
bool fzHasForwardRef(const char *text, AriArena *arena) {
  size_t count = 1;
  for (const char *p = text; *p; ++p)
    count += *p == '%';
  AriArenaMark mark = ariArenaMark(arena);
  SsaName *defs = ariArenaAlloc(arena, count * sizeof *defs);
  SsaName *pending = ariArenaAlloc(arena, count * sizeof *pending);
  if (!defs || !pending) {
    ariArenaRelease(arena, mark);
    return true;
  }
  size_t ndefs = 0, npending = 0;
  int depth = 0, paren = 0;
  int argParen = -1; /* the paren level of an argument list, -1: none */
  int argScope = 0;  /* added to depth for its names: 1 for a signature */
  bool found = false;
  for (const char *p = text; *p && !found; ++p) {
    if (p[0] == '/' && p[1] == '/') {
      while (p[1] && p[1] != '\n')
        ++p;
    } else if (*p == '"') {
      const char *s = p + 1;
      while (p[1] && p[1] != '"' && p[1] != '\n')
        p += p[1] == '\\' && p[2] ? 2 : 1;
      if (isIsolatedOpName(s, (size_t)(p + 1 - s)))
        ndefs = 0;
      if (p[1] == '"')
        ++p;
    } else if (*p == '{') {
      ++depth;
    } else if (*p == '}') {
      while (ndefs && defs[ndefs - 1].depth >= depth)
        --ndefs;
      depth = depth > 0 ? depth - 1 : 0;
      /* Back at the top level a function has ended, and its names with it
       * (its arguments included). Its pending uses stay: the parser lets a
       * later function's definitions resolve them. */
      if (depth == 0)
        ndefs = 0;
    } else if (*p == '(') {
      ++paren;
      const char *b = p;
      while (b > text && isIdent(b[-1]))
        --b;
      if (b < p && b > text && (b[-1] == '@' || b[-1] == '^')) {
        argParen = paren;
        argScope = b[-1] == '@';
      }
    } else if (*p == ')') {
      if (paren == argParen)
        argParen = -1;
      paren = paren > 0 ? paren - 1 : 0;
    } else if ((*p >= 'a' && *p <= 'z') && (p == text || !(isIdent(p[-1]) || strchr("@^#!%", p[-1])))) {
      const char *e = p;
      while (isIdent(*e))
        ++e;
      if (isIsolatedOpName(p, (size_t)(e - p)))
        ndefs = 0;
      p = e - 1;
    } else if (*p == '%') {
      const char *name = p + 1, *e = name;
      while (isIdent(*e) || *e == '-')
        ++e;
      size_t len = (size_t)(e - name);
      if (!len)
        continue;
      int defDepth = depth;
      bool def = isResultDef(e);
      if (!def && paren == argParen) {
        const char *q = e;
        while (isSpace(*q))
          ++q;
        def = *q == ':' && !isDigit(q[1]);
        defDepth = depth + argScope;
      }
      if (def) {
        found = findName(pending, npending, name, len);
        defs[ndefs++] = (SsaName){name, len, defDepth};
      } else if (!findName(defs, ndefs, name, len)) {
        found = findName(pending, npending, name, len);
        pending[npending++] = (SsaName){name, len, depth};
      }
      p = e - 1;
    }
  }
  ariArenaRelease(arena, mark);
  return found;
}

/*--- Edits ---------------------------------------------------------------*/

/* Each edit returns false when the text offers it nothing to change. */
typedef bool (*EditFn)(FzRng *r, const Text *in, AriArena *arena, Text *out);

static bool editFlipBit(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  if (!in->len)
    return false;
  size_t at = fzRngBelow(r, in->len);
  char c = (char)(in->s[at] ^ (1 << fzRngBelow(r, 8)));
  if (!c) /* a NUL would just truncate the C string */
    c = '\x80';
  return splice(in, at, at + 1, &c, 1, arena, out);
}

static bool editRandomByte(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  static const char kBytes[] = "{}()<>[]:,%^#!\"x0-=@.?*\\\n \xff\x80";
  if (!in->len)
    return false;
  size_t at = fzRngBelow(r, in->len);
  char c = coin(r, 70) ? kBytes[fzRngBelow(r, sizeof kBytes - 1)]
                       : (char)(1 + fzRngBelow(r, 255));
  return splice(in, at, at + 1, &c, 1, arena, out);
}

static bool editTruncate(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  if (!in->len)
    return false;
  size_t at = fzRngBelow(r, in->len);
  return splice(in, at, in->len, "", 0, arena, out);
}

static bool editDeleteSpan(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  if (!in->len)
    return false;
  size_t at = fzRngBelow(r, in->len);
  size_t n = 1 + fzRngBelow(r, 32);
  size_t end = at + n < in->len ? at + n : in->len;
  return splice(in, at, end, "", 0, arena, out);
}

static bool editInsertJunk(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  static const char *const kJunk[] = {
      "{", "}", "(", ")", "<", ">", "[", "]", ":", ",", "->", "x", "%", "\"", "#", "@", "?",
      "*", "\\", "\n", "//", "{-#", "0x", "dense<", "loc(", "\xff", "\xc3\x28", "<<<<<<<<",
      "!rise.array<", "rise.yield", "rise.map ", " -> f32", ": index", "%x = ", "^bb1:\n",
      "^bb0(%v: f32):\n", "\"unterminated", "rise.yield %0 : f32\n", "}\n", "return\n"};
  size_t at = in->len ? fzRngBelow(r, in->len + 1) : 0;
  return spliceStr(in, at, at, PICK(r, kJunk), arena, out);
}

static bool editDeleteBrace(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  Pick p = {0, 0, 0};
  for (size_t i = 0; i < in->len; ++i)
    if (strchr("{}()<>[]", in->s[i]))
      offer(&p, r, i, i + 1);
  return p.seen && splice(in, p.begin, p.end, "", 0, arena, out);
}

static bool editDeleteLine(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  size_t n = countLines(in), b, e;
  if (!n)
    return false;
  lineSpan(in, fzRngBelow(r, n), &b, &e);
  return splice(in, b, e, "", 0, arena, out);
}

static bool editDupLine(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  size_t n = countLines(in), b, e, at, unused;
  if (!n)
    return false;
  lineSpan(in, fzRngBelow(r, n), &b, &e);
  /* Insert the copy either right after the line or at another line start. */
  if (coin(r, 50))
    at = e;
  else
    lineSpan(in, fzRngBelow(r, n), &at, &unused);
  return splice(in, at, at, in->s + b, e - b, arena, out);
}

static bool editSwapLines(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  size_t n = countLines(in);
  if (n < 2)
    return false;
  size_t i = fzRngBelow(r, n), j = fzRngBelow(r, n);
  if (i == j)
    j = (i + 1) % n;
  if (i > j) {
    size_t k = i;
    i = j;
    j = k;
  }
  size_t b1, e1, b2, e2;
  lineSpan(in, i, &b1, &e1);
  lineSpan(in, j, &b2, &e2);
  char *buf = ariArenaAlloc(arena, in->len + 2);
  if (!buf)
    return false;
  /* A last line without a newline keeps lines apart when moved up. */
  size_t len = 0;
  memcpy(buf + len, in->s, b1), len += b1;
  memcpy(buf + len, in->s + b2, e2 - b2), len += e2 - b2;
  if (e2 == b2 || in->s[e2 - 1] != '\n')
    buf[len++] = '\n';
  memcpy(buf + len, in->s + e1, b2 - e1), len += b2 - e1;
  memcpy(buf + len, in->s + b1, e1 - b1), len += e1 - b1;
  memcpy(buf + len, in->s + e2, in->len - e2), len += in->len - e2;
  buf[len] = 0;
  out->s = buf;
  out->len = len;
  return true;
}

/* Whitespace-separated words: swapping two of them keeps the lexer happy
 * more often than byte edits do, and scrambles operand orders, types and
 * keywords. */
static bool editSwapTokens(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  Pick a = {0, 0, 0}, b = {0, 0, 0};
  for (size_t i = 0; i < in->len;) {
    if (isSpace(in->s[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < in->len && !isSpace(in->s[j]))
      ++j;
    offer(&a, r, i, j);
    offer(&b, r, i, j);
    i = j;
  }
  if (a.seen < 2 || a.begin == b.begin)
    return false;
  if (a.begin > b.begin) {
    Pick t = a;
    a = b;
    b = t;
  }
  char *buf = ariArenaAlloc(arena, in->len + 1);
  if (!buf)
    return false;
  size_t len = 0;
  memcpy(buf + len, in->s, a.begin), len += a.begin;
  memcpy(buf + len, in->s + b.begin, b.end - b.begin), len += b.end - b.begin;
  memcpy(buf + len, in->s + a.end, b.begin - a.end), len += b.begin - a.end;
  memcpy(buf + len, in->s + a.begin, a.end - a.begin), len += a.end - a.begin;
  memcpy(buf + len, in->s + b.end, in->len - b.end), len += in->len - b.end;
  buf[len] = 0;
  out->s = buf;
  out->len = len;
  return true;
}

/* Integers that are sizes, split factors, paddings, dimensions, kernel
 * sizes, constants: digit runs not inside a name (so not the 32 of f32 or
 * the 0 of %arg0), with their sign. The 8 of 4x8xf32 counts. Returns the
 * end of the run starting at i, or i when there is none. */
static size_t intAt(const Text *in, size_t i, size_t *begin) {
  if (!isDigit(in->s[i]) || (i && isDigit(in->s[i - 1])))
    return i;
  size_t j = i;
  while (j < in->len && isDigit(in->s[j]))
    ++j;
  char prev = i ? in->s[i - 1] : ' ';
  if ((isIdent(prev) && prev != 'x' && prev != '.') || strchr("%^#@", prev))
    return i;
  *begin = prev == '-' ? i - 1 : i;
  return j;
}

static const char *const kInts[] = {
    "0", "-1", "1", "2", "3", "5", "7", "16", "1000000", "-9",
    "2147483647", "2147483648", "4294967296", "4294967297",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "18446744073709551616", "99999999999999999999999"};

/* A new value for the integer text [b, e): an interesting constant or a
 * neighbour of the old value. */
static void newInt(FzRng *r, const Text *in, size_t b, size_t e, char *buf, size_t cap) {
  if (coin(r, 50)) {
    snprintf(buf, cap, "%s", PICK(r, kInts));
    return;
  }
  char old[32] = {0};
  memcpy(old, in->s + b, e - b < sizeof old - 1 ? e - b : sizeof old - 1);
  long long v = strtoll(old, NULL, 10);
  if (v > -1000000000 && v < 1000000000) {
    static const int kDelta[] = {-2, -1, 1, 2};
    switch (fzRngBelow(r, 3)) {
    case 0:
      v += kDelta[fzRngBelow(r, 4)];
      break;
    case 1:
      v *= 2;
      break;
    default:
      v = -v;
      break;
    }
  }
  snprintf(buf, cap, "%lld", v);
}

static bool editInteger(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  Pick p = {0, 0, 0};
  for (size_t i = 0, b; i < in->len; ++i) {
    size_t e = intAt(in, i, &b);
    if (e > i)
      offer(&p, r, b, e);
  }
  if (!p.seen)
    return false;
  char buf[48];
  newInt(r, in, p.begin, p.end, buf, sizeof buf);
  return spliceStr(in, p.begin, p.end, buf, arena, out);
}

/* Every occurrence of one integer replaced by the same new value: sizes
 * change consistently across types, so the program often still verifies
 * and the interpreter and rise-stats meet extreme sizes. */
static bool editAllIntegers(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  Pick p = {0, 0, 0};
  for (size_t i = 0, b; i < in->len; ++i) {
    size_t e = intAt(in, i, &b);
    if (e > i && in->s[b] != '-')
      offer(&p, r, b, e);
  }
  if (!p.seen)
    return false;
  size_t n = p.end - p.begin;
  char buf[48];
  newInt(r, in, p.begin, p.end, buf, sizeof buf);
  size_t k = strlen(buf), count = 0;
  for (size_t i = 0, b; i < in->len; ++i)
    count += intAt(in, i, &b) == i + n && b == i && !memcmp(in->s + i, in->s + p.begin, n);
  size_t len = in->len + count * k;
  char *dst = ariArenaAlloc(arena, len + 1);
  if (!dst)
    return false;
  size_t o = 0;
  for (size_t i = 0, b; i < in->len;) {
    if (intAt(in, i, &b) == i + n && b == i && !memcmp(in->s + i, in->s + p.begin, n)) {
      memcpy(dst + o, buf, k);
      o += k;
      i += n;
    } else {
      dst[o++] = in->s[i++];
    }
  }
  dst[o] = 0;
  out->s = dst;
  out->len = o;
  return true;
}

static bool wordAt(const Text *in, size_t i, const char *w) {
  size_t n = strlen(w);
  if (i + n > in->len || memcmp(in->s + i, w, n))
    return false;
  char before = i ? in->s[i - 1] : ' ';
  char after = i + n < in->len ? in->s[i + n] : ' ';
  return !isIdent(before) && !strchr("%^#@!", before) && !isIdent(after);
}

static bool editType(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  static const char *const kScalars[] = {"f32", "f64", "i1", "i32", "i64", "index"};
  static const char *const kTypes[] = {
      "f32", "f64", "i1", "i32", "i64", "index", "f16", "bf16", "i8", "ui32", "si64",
      "vector<4xf32>", "vector<2x2xf32>", "vector<[4]xf32>", "vector<1xi1>",
      "!rise.pair<f32, i32>", "!rise.array<3xf32>", "!rise.array<0xf32>",
      "!rise.array<-1xf32>", "!rise.pair<f32>", "!rise.frob", "tensor<2xf32>",
      "memref<2xf32>", "memref<?xf32>", "none", "complex<f32>", "(f32) -> f32"};
  Pick p = {0, 0, 0};
  for (size_t i = 0; i < in->len; ++i)
    for (size_t k = 0; k < sizeof kScalars / sizeof *kScalars; ++k)
      if (wordAt(in, i, kScalars[k]))
        offer(&p, r, i, i + strlen(kScalars[k]));
  if (!p.seen)
    return false;
  /* Mostly another scalar, the classic f32-for-i32 mix-up. */
  const char *t = coin(r, 60) ? PICK(r, kScalars) : PICK(r, kTypes);
  return spliceStr(in, p.begin, p.end, t, arena, out);
}

static const char *const kOpNames[] = {
    "rise.in", "rise.out", "rise.map", "rise.reduce", "rise.zip", "rise.unzip",
    "rise.pair", "rise.fst", "rise.snd", "rise.split", "rise.join", "rise.transpose",
    "rise.slide", "rise.pad_cst", "rise.pad_clamp", "rise.generate", "rise.idx",
    "rise.literal", "rise.to_mem", "rise.as_vector", "rise.as_scalar",
    "rise.vector_from_scalar", "rise.circular_buffer", "rise.rotate_values",
    "rise.kernel", "rise.yield",
    /* Not rise ops, or not ops the interpreter runs. */
    "rise.frobnicate", "rise.", "rise.Map", "arith.addi", "arith.addf", "arith.mulf",
    "arith.divsi", "arith.remui", "arith.constant", "arith.select", "arith.cmpf",
    "arith.index_cast", "math.exp", "math.fma", "scf.for", "scf.yield", "scf.if",
    "func.return", "func.call", "memref.load", "memref.alloc", "affine.for",
    "vector.broadcast", "llvm.unreachable", "builtin.module", "func.func"};

static bool editOpName(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  static const char *const kDialects[] = {"rise.", "arith.", "math.", "func.", "scf."};
  Pick p = {0, 0, 0};
  for (size_t i = 0; i < in->len; ++i) {
    char before = i ? in->s[i - 1] : ' ';
    if (isIdent(before) || before == '!' || before == '#' || before == '%')
      continue;
    for (size_t k = 0; k < sizeof kDialects / sizeof *kDialects; ++k) {
      size_t n = strlen(kDialects[k]);
      if (i + n <= in->len && !memcmp(in->s + i, kDialects[k], n)) {
        size_t j = i + n;
        while (j < in->len && isIdent(in->s[j]))
          ++j;
        offer(&p, r, i, j);
      }
    }
  }
  /* `return` is func.return in the custom form. */
  for (size_t i = 0; i < in->len; ++i)
    if (wordAt(in, i, "return"))
      offer(&p, r, i, i + 6);
  return p.seen && spliceStr(in, p.begin, p.end, PICK(r, kOpNames), arena, out);
}

/* The pattern kind or address space that follows a map, reduce, to_mem,
 * circular_buffer or rotate_values: replaced, removed or added. */
static bool editKind(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  static const char *const kOps[] = {"rise.map ", "rise.reduce ", "rise.to_mem ",
                                     "rise.circular_buffer ", "rise.rotate_values "};
  static const char *const kKinds[] = {
      "", "seq ", "unroll ", "par ", "vec ", "global(0) ", "global(3) ", "workgroup(-1) ",
      "local(1) ", "stream ", "iterate ", "global ", "frob ", "global(9999999999) ",
      "local ", "private ", "seq(1) ", "workgroup(2) ", "par(0) ", "local(2) "};
  Pick p = {0, 0, 0};
  for (size_t i = 0; i < in->len; ++i)
    for (size_t k = 0; k < sizeof kOps / sizeof *kOps; ++k) {
      size_t n = strlen(kOps[k]);
      if (i + n <= in->len && !memcmp(in->s + i, kOps[k], n)) {
        size_t j = i + n;
        while (j < in->len && in->s[j] != '%' && in->s[j] != '\n')
          ++j;
        offer(&p, r, i + n, j);
      }
    }
  return p.seen && spliceStr(in, p.begin, p.end, PICK(r, kKinds), arena, out);
}

/* Uses (and definitions) of SSA values: one is renamed to another value of
 * the text, to a result number that does not exist, or to nothing known. */
static size_t ssaEnd(const Text *in, size_t i) {
  size_t j = i + 1;
  while (j < in->len && (isIdent(in->s[j]) || in->s[j] == '#'))
    ++j;
  return j;
}

static bool editSsa(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  static const char *const kOther[] = {"%nosuch", "%arg9", "%0#5", "%", "%1:2"};
  Pick use = {0, 0, 0}, other = {0, 0, 0};
  for (size_t i = 0; i < in->len; ++i)
    if (in->s[i] == '%' && ssaEnd(in, i) > i + 1)
      offer(&use, r, i, ssaEnd(in, i));
  if (!use.seen)
    return false;
  /* The replacement comes from earlier in the text: a name defined later
   * would make a forward reference, which the tests skip (mutate.h). */
  for (size_t i = 0; i < use.begin; ++i)
    if (in->s[i] == '%' && ssaEnd(in, i) > i + 1)
      offer(&other, r, i, ssaEnd(in, i));
  if (other.seen && coin(r, 80))
    return splice(in, use.begin, use.end, in->s + other.begin, other.end - other.begin, arena,
                  out);
  return spliceStr(in, use.begin, use.end, PICK(r, kOther), arena, out);
}

static bool editDeleteYield(FzRng *r, const Text *in, AriArena *arena, Text *out) {
  Pick p = {0, 0, 0};
  for (const char *s = strstr(in->s, "rise.yield"); s; s = strstr(s + 1, "rise.yield")) {
    size_t b = (size_t)(s - in->s), e = b;
    while (b > 0 && in->s[b - 1] != '\n')
      --b;
    while (e < in->len && in->s[e] != '\n')
      ++e;
    offer(&p, r, b, e < in->len ? e + 1 : e);
  }
  if (!p.seen)
    return false;
  /* Either drop the terminator or leave the region with no yield operand. */
  return coin(r, 75) ? splice(in, p.begin, p.end, "", 0, arena, out)
                     : spliceStr(in, p.begin, p.end, "    rise.yield\n", arena, out);
}

typedef struct {
  const char *name;
  EditFn fn;
  unsigned weight;
} Edit;

/* The lexically aware edits carry most of the weight: they are the ones
 * that produce programs which parse and then must be rejected (or run) by
 * Ariadne's own code. */
static const Edit kEditTable[] = {
    {"integer", editInteger, 12},      {"all-integers", editAllIntegers, 8},
    {"type", editType, 10},
    {"op-name", editOpName, 8},        {"ssa-name", editSsa, 8},
    {"kind", editKind, 5},             {"delete-yield", editDeleteYield, 4},
    {"delete-line", editDeleteLine, 6}, {"dup-line", editDupLine, 4},
    {"swap-lines", editSwapLines, 3},  {"swap-tokens", editSwapTokens, 5},
    {"truncate", editTruncate, 4},     {"flip-bit", editFlipBit, 4},
    {"random-byte", editRandomByte, 3}, {"delete-span", editDeleteSpan, 3},
    {"insert-junk", editInsertJunk, 4}, {"delete-brace", editDeleteBrace, 3},
};

static const Edit *pickEdit(FzRng *r) {
  unsigned total = 0;
  for (size_t i = 0; i < sizeof kEditTable / sizeof *kEditTable; ++i)
    total += kEditTable[i].weight;
  unsigned x = (unsigned)fzRngBelow(r, total);
  for (size_t i = 0; i < sizeof kEditTable / sizeof *kEditTable; ++i) {
    if (x < kEditTable[i].weight)
      return &kEditTable[i];
    x -= kEditTable[i].weight;
  }
  return &kEditTable[0];
}

bool fzMutate(const FzSeed *seed, uint64_t key, AriArena *arena, FzMutant *out) {
  FzRng r = {key};
  Text t = {seed->text, seed->len};
  /* Mostly single edits, so failures are easy to read. */
  uint64_t x = fzRngBelow(&r, 100);
  int edits = x < 60 ? 1 : x < 85 ? 2 : 3;
  out->numEdits = 0;
  for (int k = 0; k < edits; ++k) {
    const Edit *e = pickEdit(&r);
    Text next;
    bool applied = false;
    for (int tries = 0; tries < 8 && !applied; ++tries) {
      applied = e->fn(&r, &t, arena, &next);
      if (!applied)
        e = pickEdit(&r);
    }
    if (!applied) /* nothing to edit, or out of memory */
      continue;
    t = next;
    out->edits[out->numEdits++] = e->name;
  }
  out->text = (char *)t.s;
  out->len = t.len;
  if (out->text == seed->text) {
    /* No edit applied (an empty seed): still hand out a private copy. */
    out->text = ariArenaStrndup(arena, seed->text, seed->len);
    if (!out->text)
      return false;
  }
  return true;
}
