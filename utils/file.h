/*===- file.h - reading and writing whole files ---------------------------===*\
 *
 * Whole-file I/O as Ariadne needs it: read a file (or a stream such as
 * stdin) into one NUL-terminated buffer, and replace a file atomically, so
 * that a reader never sees a half-written output (the new contents go to a
 * temporary file in the same directory, are flushed to disk, and take the
 * old name in one rename).
 *
 * Texts the tools and passes read (guides, strategies, inputs) are capped
 * at ARI_FILE_TEXT_LIMIT bytes, so that /dev/zero ends in a diagnostic.
 *
 * Failures are returned as values: an AriFileError says which step failed,
 * the errno then, and the path, and ariFileErrorFormat turns it into the
 * message every caller prints alike ("cannot open 'P': No such file or
 * directory"). Nothing here keeps state.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_UTILS_FILE_H
#define ARIADNE_UTILS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct AriArena;

/* The size limit for the text files Ariadne reads (4 MiB). */
enum { ARI_FILE_TEXT_LIMIT = 4 << 20 };

/* The step that failed. */
typedef enum AriFileStep {
  ARI_FILE_OK = 0,
  ARI_FILE_OPEN,      /* opening (or creating the temporary file) */
  ARI_FILE_READ,      /* reading */
  ARI_FILE_TOO_LARGE, /* more than the allowed bytes; see `limit` */
  ARI_FILE_NO_MEMORY, /* the buffer could not be allocated */
  ARI_FILE_WRITE,     /* writing, flushing or closing */
  ARI_FILE_RENAME     /* giving the new file the final name */
} AriFileStep;

typedef struct AriFileError {
  AriFileStep step;
  int errnum;       /* errno at the failure; 0 when not a system error */
  const char *path; /* the caller's path (not copied); NULL when OK */
  size_t limit;     /* ARI_FILE_TOO_LARGE: the limit that was exceeded */
} AriFileError;

static inline bool ariFileOk(AriFileError e) { return e.step == ARI_FILE_OK; }

/* Writes the message for `e` into buf (truncated to cap, NUL-terminated)
 * and returns its full length, as snprintf. `what` names the file's role
 * ("guide file"); NULL or "" gives "file" where a noun is needed and is
 * left out elsewhere:
 *   cannot open WHAT 'PATH': REASON      cannot read WHAT 'PATH': REASON
 *   WHAT 'PATH' is larger than N bytes   out of memory reading 'PATH'
 *   cannot write WHAT 'PATH': REASON     (also for a failed rename)
 * REASON is strerror(errnum); ": REASON" is left out when errnum is 0. */
size_t ariFileErrorFormat(AriFileError e, const char *what, char *buf, size_t cap);

/* Reads the whole file `path` into a buffer in `arena`, or a malloc'd one
 * the caller frees when arena is NULL. The buffer is NUL-terminated (files
 * with NULs inside are read whole: use *len); *data and *len are set only
 * on success. maxBytes limits the size (0: no limit). */
AriFileError ariFileRead(const char *path, struct AriArena *arena, size_t maxBytes, char **data,
                         size_t *len);

/* As ariFileRead, from an open stream (read to its end, not closed); `name`
 * stands for the path in errors ("<stdin>"). */
AriFileError ariFileReadStream(FILE *f, const char *name, struct AriArena *arena,
                               size_t maxBytes, char **data, size_t *len);

/* Replaces (or creates) `path` with data[0..len): written to a new
 * temporary file next to it, fsync'd, then renamed over `path`. The new
 * file's mode is 0666 less the umask, as for fopen. On failure `path` is
 * untouched and no temporary file is left.
 *
 * Nothing but a regular file is ever renamed over: an existing device,
 * FIFO (or socket, which open refuses) is opened and written through
 * (O_TRUNC, no rename: `-o /dev/null` keeps /dev/null); a symbolic link
 * stays a link and its final target is written by these same rules (a
 * dangling link is refused with ENOENT rather than replaced). */
AriFileError ariFileWriteAtomic(const char *path, const void *data, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_UTILS_FILE_H */
