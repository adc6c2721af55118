/*===- file.c - reading and writing whole files ---------------------------===*/

#define _XOPEN_SOURCE 700 /* POSIX 2008 with realpath */

#include "utils/file.h"
#include "utils/arena.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static AriFileError fileError(AriFileStep step, int errnum, const char *path) {
  AriFileError e = {step, errnum, path, 0};
  return e;
}

size_t ariFileErrorFormat(AriFileError e, const char *what, char *buf, size_t cap) {
  bool named = what && what[0];
  const char *sp = named ? " " : "";
  const char *w = named ? what : "";
  const char *path = e.path ? e.path : "?";
  const char *sep = e.errnum ? ": " : "";
  const char *why = e.errnum ? strerror(e.errnum) : "";
  int n;
  switch (e.step) {
  case ARI_FILE_OK:
    n = snprintf(buf, cap, "no error");
    break;
  case ARI_FILE_OPEN:
    n = snprintf(buf, cap, "cannot open %s%s'%s'%s%s", w, sp, path, sep, why);
    break;
  case ARI_FILE_READ:
    n = snprintf(buf, cap, "cannot read %s%s'%s'%s%s", w, sp, path, sep, why);
    break;
  case ARI_FILE_TOO_LARGE:
    n = snprintf(buf, cap, "%s '%s' is larger than %zu bytes", named ? what : "file", path,
                 e.limit);
    break;
  case ARI_FILE_NO_MEMORY:
    n = snprintf(buf, cap, "out of memory reading '%s'", path);
    break;
  case ARI_FILE_WRITE:
  case ARI_FILE_RENAME:
  default:
    n = snprintf(buf, cap, "cannot write %s%s'%s'%s%s", w, sp, path, sep, why);
    break;
  }
  return n < 0 ? 0 : (size_t)n;
}

/* A buffer of `cap` bytes holding the first n bytes of `old` (which it
 * replaces: realloc'd on the heap, copied in an arena). */
static char *regrow(AriArena *arena, char *old, size_t n, size_t cap) {
  if (!arena)
    return realloc(old, cap);
  char *nb = ariArenaAlloc(arena, cap);
  if (nb && n)
    memcpy(nb, old, n);
  return nb;
}

AriFileError ariFileReadStream(FILE *f, const char *name, AriArena *arena, size_t maxBytes,
                               char **data, size_t *len) {
  /* A regular file's size is known: one buffer of that size plus the NUL
   * and one spare byte (so that EOF is seen without growing) is enough
   * unless the file grows meanwhile. Pipes start at 64 KiB and double. */
  size_t cap = (size_t)1 << 16;
  struct stat st;
  if (fstat(fileno(f), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      return fileError(ARI_FILE_READ, EISDIR, name);
    if (S_ISREG(st.st_mode) && st.st_size >= 0) {
      if (maxBytes && (uintmax_t)st.st_size > maxBytes) {
        AriFileError e = fileError(ARI_FILE_TOO_LARGE, 0, name);
        e.limit = maxBytes;
        return e;
      }
      if ((uintmax_t)st.st_size < SIZE_MAX - 2)
        cap = (size_t)st.st_size + 2;
    }
  }
  char *buf = regrow(arena, NULL, 0, cap);
  if (!buf)
    return fileError(ARI_FILE_NO_MEMORY, ENOMEM, name);
  size_t n = 0;
  AriFileError e = fileError(ARI_FILE_OK, 0, NULL);
  for (;;) {
    if (n + 1 == cap) {
      size_t ncap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
      char *nb = ncap > cap ? regrow(arena, buf, n, ncap) : NULL;
      if (!nb) {
        e = fileError(ARI_FILE_NO_MEMORY, ENOMEM, name);
        break;
      }
      buf = nb;
      cap = ncap;
    }
    size_t got = fread(buf + n, 1, cap - 1 - n, f);
    n += got;
    if (maxBytes && n > maxBytes) {
      e = fileError(ARI_FILE_TOO_LARGE, 0, name);
      e.limit = maxBytes;
      break;
    }
    if (got == 0) {
      if (ferror(f))
        e = fileError(ARI_FILE_READ, errno ? errno : EIO, name);
      break;
    }
  }
  if (!ariFileOk(e)) {
    if (!arena)
      free(buf);
    return e;
  }
  buf[n] = 0;
  *data = buf;
  *len = n;
  return e;
}

AriFileError ariFileRead(const char *path, AriArena *arena, size_t maxBytes, char **data,
                         size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return fileError(ARI_FILE_OPEN, errno, path);
  errno = 0;
  AriFileError e = ariFileReadStream(f, path, arena, maxBytes, data, len);
  fclose(f);
  return e;
}

static bool writeAll(int fd, const char *p, size_t left) {
  while (left) {
    ssize_t w = write(fd, p, left);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (w == 0)
        errno = EIO;
      return false;
    }
    p += w;
    left -= (size_t)w;
  }
  return true;
}

/* Writes data through an existing file that is not a regular file (a
 * device, a FIFO, a socket is refused by open): opened as it is, never
 * replaced. O_TRUNC is ignored where it means nothing (devices, FIFOs). */
static AriFileError writeThrough(const char *path, const void *data, size_t len) {
  int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0)
    return fileError(ARI_FILE_OPEN, errno, path);
  AriFileStep step = ARI_FILE_OK;
  int err = 0;
  if (!writeAll(fd, data, len))
    step = ARI_FILE_WRITE, err = errno;
  if (close(fd) != 0 && step == ARI_FILE_OK)
    step = ARI_FILE_WRITE, err = errno;
  return step == ARI_FILE_OK ? fileError(ARI_FILE_OK, 0, NULL)
                             : fileError(step, err ? err : EIO, path);
}

static AriFileError writeAtomicRegular(const char *path, const char *errPath, const void *data,
                                       size_t len);

AriFileError ariFileWriteAtomic(const char *path, const void *data, size_t len) {
  /* A symbolic link stays a link: its final target is written (atomically
   * when that is a regular file or does not exist yet). A dangling link is
   * refused (ENOENT) rather than replaced. A device or FIFO is written
   * through; renaming over it would destroy it (/dev/null as root). */
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    char *real = realpath(path, NULL);
    if (!real)
      return fileError(ARI_FILE_OPEN, errno, path);
    AriFileError e;
    if (stat(real, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
      e = writeThrough(real, data, len);
    else
      e = writeAtomicRegular(real, path, data, len);
    free(real);
    if (!ariFileOk(e))
      e.path = path;
    return e;
  }
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
    return writeThrough(path, data, len);
  return writeAtomicRegular(path, path, data, len);
}

/* Replaces the regular (or missing) file `path`; errors name errPath. */
static AriFileError writeAtomicRegular(const char *path, const char *errPath, const void *data,
                                       size_t len) {
  /* The temporary name is the path plus the process id and a try number,
   * created with O_EXCL: another writer (thread or process) of the same
   * path, or a leftover of a crashed one, makes us take the next number.
   * open() applies the umask itself, unlike mkstemp's fixed 0600. */
  char tmp[4096];
  int fd = -1;
  for (unsigned i = 0; fd < 0; ++i) {
    int k = snprintf(tmp, sizeof tmp, "%s.tmp%ld.%u", path, (long)getpid(), i);
    if (k < 0 || (size_t)k >= sizeof tmp)
      return fileError(ARI_FILE_OPEN, ENAMETOOLONG, errPath);
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && (errno != EEXIST || i == 1000))
      return fileError(ARI_FILE_OPEN, errno, errPath);
  }
  AriFileStep step = ARI_FILE_OK;
  int err = 0;
  /* fsync before rename: otherwise a crash may leave the new name on an
   * empty file, which is worse than the old contents. */
  if (!writeAll(fd, data, len) || fsync(fd) != 0)
    step = ARI_FILE_WRITE, err = errno;
  if (close(fd) != 0 && step == ARI_FILE_OK)
    step = ARI_FILE_WRITE, err = errno;
  if (step == ARI_FILE_OK && rename(tmp, path) != 0)
    step = ARI_FILE_RENAME, err = errno;
  if (step != ARI_FILE_OK) {
    unlink(tmp);
    return fileError(step, err ? err : EIO, errPath);
  }
  return fileError(ARI_FILE_OK, 0, NULL);
}
