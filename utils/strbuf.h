/*===- strbuf.h - the string builder --------------------------------------===*\
 *
 * One way to build text piece by piece: append bytes, strings and printf
 * formats to an AriStr, which keeps its text NUL-terminated at all times.
 *
 * Three kinds of storage, chosen at initialisation:
 *   - ariStrInit(s, NULL): a malloc'd buffer that grows; ariStrFree (or
 *     ariStrTake) releases it.
 *   - ariStrInit(s, arena): a buffer that grows inside the arena; it goes
 *     with the arena (outgrown buffers stay there until then).
 *   - ariStrInitFixed(s, buf, cap): the caller's buffer, never grown. Text
 *     beyond cap - 1 bytes is cut off but still counted, so that, like
 *     snprintf, a printer can report the length the whole text needs.
 *
 * Once anything did not fit (the fixed buffer is full, or memory ran out),
 * the builder keeps what it has, a prefix of the text, and only counts what
 * follows: the text never has holes. `want` is then larger than `len`.
 *
 * Read buf, len and want directly; change them only through the functions
 * below. Nothing here keeps state outside the AriStr.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_UTILS_STRBUF_H
#define ARIADNE_UTILS_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct AriArena;

typedef struct AriStr {
  char *buf;              /* the text, NUL-terminated; NULL while nothing is held */
  size_t len;             /* bytes of text in buf (the NUL not counted) */
  size_t cap;             /* bytes buf can hold, the NUL included */
  size_t want;            /* bytes appended in all: len, plus whatever did not fit */
  struct AriArena *arena; /* where a growable buffer lives; NULL: malloc */
  bool fixed;             /* the caller's buffer: never grows */
} AriStr;

/* An empty growable builder in `arena`, or on the heap when arena is NULL. */
void ariStrInit(AriStr *s, struct AriArena *arena);

/* An empty builder writing into buf[0..cap), which it NUL-terminates at
 * once (when cap > 0). buf may be NULL when cap is 0: the builder then only
 * measures. */
void ariStrInitFixed(AriStr *s, char *buf, size_t cap);

/* Frees a heap buffer; the builder is empty and growable again afterwards
 * (a fixed one keeps its buffer and is emptied). */
void ariStrFree(AriStr *s);

/* Appends n bytes (which may contain NULs). False when not all of them
 * fit: out of memory, or the fixed buffer is full. */
bool ariStrAppend(AriStr *s, const char *p, size_t n);

/* Appends a NUL-terminated string / one character. */
bool ariStrPuts(AriStr *s, const char *z);
bool ariStrPutc(AriStr *s, char c);

/* Appends printf-formatted text. False as ariStrAppend, or on a format
 * error. */
bool ariStrPrintf(AriStr *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool ariStrVPrintf(AriStr *s, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* True when everything appended so far is held (want == len). */
bool ariStrOk(const AriStr *s);

/* The text: never NULL ("" while nothing is held). */
const char *ariStrText(const AriStr *s);

/* Shortens the text to its first n bytes (no-op if n >= len) and forgets
 * anything that did not fit, so that appending works again. */
void ariStrTruncate(AriStr *s, size_t n);

/* Empties the builder, keeping its buffer. */
void ariStrClear(AriStr *s);

/* Hands the text over: a heap builder's malloc'd buffer becomes the
 * caller's (who frees it), an arena builder's lives in the arena, a fixed
 * builder's is the caller's buffer. The builder is empty afterwards. NULL
 * only when a heap or arena builder cannot allocate even an empty text. */
char *ariStrTake(AriStr *s);

/* For functions that return false with a message in the caller's buffer
 * (`err`, `cap` bytes; either may be 0): formats it there (cut off to
 * fit) and returns false, so that `return ariFailf(err, cap, ...);` is one
 * line. */
bool ariFailf(char *err, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_UTILS_STRBUF_H */
