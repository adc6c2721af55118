/*===- strbuf.c - the string builder --------------------------------------===*/

#include "utils/strbuf.h"
#include "utils/arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ariStrInit(AriStr *s, AriArena *arena) {
  memset(s, 0, sizeof *s);
  s->arena = arena;
}

void ariStrInitFixed(AriStr *s, char *buf, size_t cap) {
  memset(s, 0, sizeof *s);
  s->fixed = true;
  s->buf = cap ? buf : NULL;
  s->cap = s->buf ? cap : 0;
  if (s->cap)
    s->buf[0] = 0;
}

void ariStrFree(AriStr *s) {
  if (s->fixed) {
    ariStrClear(s);
    return;
  }
  if (!s->arena)
    free(s->buf);
  ariStrInit(s, s->arena);
}

/* Makes room for `extra` more bytes of text plus the NUL; false when the
 * buffer is fixed or memory runs out. */
static bool reserve(AriStr *s, size_t extra) {
  if (s->len + extra < s->len || s->len + extra + 1 < extra)
    return false;
  size_t need = s->len + extra + 1;
  if (need <= s->cap)
    return true;
  if (s->fixed)
    return false;
  /* Doubling keeps appends amortised O(1); in an arena the outgrown
   * buffers stay behind, at most as many bytes as the final one. */
  size_t cap = s->cap ? s->cap : 64;
  while (cap < need)
    cap = cap > SIZE_MAX / 2 ? need : cap * 2;
  char *nb;
  if (s->arena) {
    nb = ariArenaAlloc(s->arena, cap);
    if (nb && s->len)
      memcpy(nb, s->buf, s->len);
  } else {
    nb = realloc(s->buf, cap);
  }
  if (!nb)
    return false;
  s->buf = nb;
  s->cap = cap;
  return true;
}

/* Counts n bytes that are not held: from now on only counting happens. */
static bool lose(AriStr *s, size_t n) {
  s->want = s->want + n < s->want ? SIZE_MAX : s->want + n;
  return false;
}

bool ariStrAppend(AriStr *s, const char *p, size_t n) {
  if (n == 0)
    return true;
  if (s->want != s->len)
    return lose(s, n);
  if (!reserve(s, n)) {
    /* Keep the prefix that fits, as snprintf does. */
    size_t room = s->cap > s->len + 1 ? s->cap - s->len - 1 : 0;
    size_t k = room < n ? room : n;
    if (k) {
      memcpy(s->buf + s->len, p, k);
      s->len += k;
      s->buf[s->len] = 0;
    }
    s->want = s->len;
    return lose(s, n - k);
  }
  if (n)
    memcpy(s->buf + s->len, p, n);
  s->len += n;
  s->want = s->len;
  s->buf[s->len] = 0;
  return true;
}

bool ariStrPuts(AriStr *s, const char *z) { return ariStrAppend(s, z, strlen(z)); }

bool ariStrPutc(AriStr *s, char c) { return ariStrAppend(s, &c, 1); }

bool ariStrVPrintf(AriStr *s, const char *fmt, va_list ap) {
  /* First try the room there is; on a shortfall the length is known, so
   * one reserve and a second formatting finish the job. */
  va_list again;
  va_copy(again, ap);
  size_t room = s->want == s->len && s->cap > s->len ? s->cap - s->len : 0;
  int n = vsnprintf(room ? s->buf + s->len : NULL, room, fmt, ap);
  bool ok = true;
  if (n < 0) {
    if (room)
      s->buf[s->len] = 0; /* whatever vsnprintf left is not ours */
    ok = false;
  } else if (n == 0) {
    /* nothing to add (and nothing to lose) */
  } else if ((size_t)n < room) {
    s->len += (size_t)n;
    s->want = s->len;
  } else if (s->want == s->len && reserve(s, (size_t)n)) {
    vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, again);
    s->len += (size_t)n;
    s->want = s->len;
  } else if (s->want == s->len && room) {
    /* No more room: vsnprintf already stored the prefix that fits. */
    s->len += room - 1;
    s->want = s->len;
    ok = lose(s, (size_t)n - (room - 1));
  } else {
    ok = lose(s, (size_t)n);
  }
  va_end(again);
  return ok;
}

bool ariStrPrintf(AriStr *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool ok = ariStrVPrintf(s, fmt, ap);
  va_end(ap);
  return ok;
}

bool ariStrOk(const AriStr *s) { return s->want == s->len; }

const char *ariStrText(const AriStr *s) { return s->buf ? s->buf : ""; }

void ariStrTruncate(AriStr *s, size_t n) {
  if (n < s->len) {
    s->len = n;
    s->buf[n] = 0;
  }
  s->want = s->len;
}

void ariStrClear(AriStr *s) { ariStrTruncate(s, 0); }

char *ariStrTake(AriStr *s) {
  if (!s->buf && !s->fixed) {
    if (!reserve(s, 0))
      return NULL;
    s->buf[0] = 0;
  }
  char *text = s->buf;
  if (s->fixed) {
    ariStrInitFixed(s, NULL, 0);
    return text;
  }
  ariStrInit(s, s->arena);
  return text;
}

bool ariFailf(char *err, size_t cap, const char *fmt, ...) {
  if (err && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
  }
  return false;
}
