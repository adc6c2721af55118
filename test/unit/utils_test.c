/*===- utils_test.c - the ground: string builder, files, hashing ----------===*\
 *
 * The string builder in its three storages (heap, arena, fixed buffer:
 * growth, printf, truncation that keeps counting), whole-file reads and
 * their errors as values, the atomic write (content replaced, no
 * temporary left behind; FIFOs, devices and symbolic links kept), and
 * the hash functions' values on known inputs (tables whose order is
 * observable depend on them never changing).
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/check.h"
#include "utils/arena.h"
#include "utils/file.h"
#include "utils/hash.h"
#include "utils/strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*--- string builder ------------------------------------------------------*/

static void testStrHeap(void) {
  AriStr s;
  ariStrInit(&s, NULL);
  CHECK(!strcmp(ariStrText(&s), "") && s.len == 0 && ariStrOk(&s));
  /* Growth: well past the first buffer, byte-exact. */
  for (int i = 0; i < 1000; ++i)
    CHECK(ariStrPrintf(&s, "%03d,", i));
  CHECK(s.len == 4000 && s.want == 4000 && strlen(s.buf) == 4000);
  CHECK(!strncmp(s.buf, "000,001,002,", 12) && !strcmp(s.buf + 3992, "998,999,"));
  CHECK(s.cap > s.len);
  /* One printf far larger than the room left. */
  char big[3000];
  memset(big, 'x', sizeof big - 1);
  big[sizeof big - 1] = 0;
  ariStrClear(&s);
  CHECK(ariStrPrintf(&s, "<%s|%d>", big, 42) && s.len == 3004);
  CHECK(s.buf[0] == '<' && !strcmp(s.buf + 3000, "|42>"));
  ariStrTruncate(&s, 1);
  CHECK(ariStrPutc(&s, 'y') && ariStrPuts(&s, "z") && ariStrAppend(&s, "abc", 2));
  CHECK(!strcmp(ariStrText(&s), "<yzab"));
  /* Embedded NULs are kept (len counts them). */
  CHECK(ariStrAppend(&s, "a\0b", 3) && s.len == 8 && s.buf[6] == 0 && s.buf[7] == 'b');
  char *owned = ariStrTake(&s);
  CHECK(owned && owned[0] == '<' && s.buf == NULL && s.len == 0);
  free(owned);
  owned = ariStrTake(&s); /* an empty builder still hands over a string */
  CHECK(owned && owned[0] == 0);
  free(owned);
  ariStrFree(&s);
}

static void testStrArena(void) {
  AriArena a;
  ariArenaInit(&a, 0);
  AriStr s;
  ariStrInit(&s, &a);
  for (int i = 0; i < 200; ++i)
    ariStrPrintf(&s, "%s%d", i ? " " : "", i);
  CHECK(ariStrOk(&s) && !strncmp(s.buf, "0 1 2 3", 7) && !strcmp(s.buf + s.len - 7, "198 199"));
  const char *kept = ariStrTake(&s);
  CHECK(kept && !strncmp(kept, "0 1 2", 5)); /* lives in the arena */
  ariArenaDestroy(&a);

  /* An arena that runs out: the text stays a prefix, the count goes on. */
  ariArenaInit(&a, 1024);
  ariStrInit(&s, &a);
  bool ok = true;
  for (int i = 0; i < 100 && ok; ++i)
    ok = ariStrPuts(&s, "0123456789");
  CHECK(!ok && !ariStrOk(&s) && s.want > s.len);
  size_t held = s.len;
  CHECK(!ariStrPuts(&s, "x") && s.len == held && strlen(s.buf) == held);
  CHECK(!strncmp(s.buf, "0123456789012", 13));
  ariArenaDestroy(&a);
}

static void testStrFixed(void) {
  char buf[8];
  AriStr s;
  ariStrInitFixed(&s, buf, sizeof buf);
  CHECK(buf[0] == 0);
  CHECK(ariStrPuts(&s, "abc") && ariStrPrintf(&s, "%d", 1234));
  CHECK(!strcmp(buf, "abc1234") && ariStrOk(&s));
  /* Full: the rest is counted as snprintf would, nothing is written. */
  CHECK(!ariStrPrintf(&s, "%s", "-tail") && !strcmp(buf, "abc1234"));
  CHECK(s.len == 7 && s.want == 12 && !ariStrOk(&s));
  CHECK(!ariStrPutc(&s, 'q') && s.want == 13);

  /* A printf cut in the middle keeps the prefix that fits. */
  ariStrInitFixed(&s, buf, sizeof buf);
  CHECK(!ariStrPrintf(&s, "%s=%d", "width", 640) && !strcmp(buf, "width=6") && s.want == 9);
  ariStrInitFixed(&s, buf, sizeof buf);
  CHECK(!ariStrAppend(&s, "0123456789", 10) && !strcmp(buf, "0123456") && s.want == 10);
  /* Truncating forgets the overflow: appending works again. */
  ariStrTruncate(&s, 2);
  CHECK(ariStrOk(&s) && ariStrPuts(&s, "ab") && !strcmp(buf, "01ab"));

  /* cap 0 only measures, as snprintf(NULL, 0, ...). */
  ariStrInitFixed(&s, NULL, 0);
  ariStrPrintf(&s, "%d-%s", 12345, "abc");
  ariStrPuts(&s, "!");
  CHECK(s.want == 10 && s.len == 0 && !strcmp(ariStrText(&s), ""));
  CHECK(ariStrPuts(&s, "") && ariStrPrintf(&s, "%s", "") && s.want == 10); /* nothing lost */
}

/*--- files ---------------------------------------------------------------*/

/* Names in dir that start with prefix. */
static int countEntries(const char *dir, const char *prefix) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d)
    return -1;
  for (struct dirent *e; (e = readdir(d));)
    n += !strncmp(e->d_name, prefix, strlen(prefix));
  closedir(d);
  return n;
}

static void testFiles(void) {
  char dir[] = "/tmp/ariadne-utils-test-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char path[256], missing[256], msg[512];
  snprintf(path, sizeof path, "%s/out.txt", dir);
  snprintf(missing, sizeof missing, "%s/no-such-file", dir);

  /* Missing file: the error names the step, errno and the path. */
  char *data = (char *)"untouched";
  size_t len = 77;
  AriFileError e = ariFileRead(missing, NULL, 0, &data, &len);
  CHECK(!ariFileOk(e) && e.step == ARI_FILE_OPEN && e.errnum == ENOENT);
  CHECK(e.path == missing && len == 77 && !strcmp(data, "untouched"));
  ariFileErrorFormat(e, "guide file", msg, sizeof msg);
  CHECK(strstr(msg, "cannot open guide file '") && strstr(msg, missing) &&
        strstr(msg, strerror(ENOENT)));
  ariFileErrorFormat(e, NULL, msg, sizeof msg);
  CHECK(!strncmp(msg, "cannot open '", 13) && strstr(msg, missing));

  /* A directory is not a file. */
  e = ariFileRead(dir, NULL, 0, &data, &len);
  CHECK(e.step == ARI_FILE_READ && e.errnum == EISDIR);

  /* Atomic write, read back (heap and arena), replace. */
  const char first[] = "first contents\n";
  e = ariFileWriteAtomic(path, first, strlen(first));
  CHECK(ariFileOk(e));
  e = ariFileRead(path, NULL, 0, &data, &len);
  CHECK(ariFileOk(e) && len == strlen(first) && !strcmp(data, first));
  free(data);
  AriStr big;
  ariStrInit(&big, NULL);
  for (int i = 0; i < 50000; ++i)
    ariStrPrintf(&big, "line %d\n", i);
  e = ariFileWriteAtomic(path, big.buf, big.len);
  CHECK(ariFileOk(e));
  AriArena a;
  ariArenaInit(&a, 0);
  e = ariFileRead(path, &a, 0, &data, &len);
  CHECK(ariFileOk(e) && len == big.len && !memcmp(data, big.buf, len) && data[len] == 0);
  /* Only out.txt is left: no temporary file. */
  CHECK(countEntries(dir, "out.txt") == 1 && countEntries(dir, "") == 3); /* ., .., out.txt */

  /* The size limit: exactly at it is fine, one byte more is not. */
  e = ariFileRead(path, &a, big.len, &data, &len);
  CHECK(ariFileOk(e) && len == big.len);
  e = ariFileRead(path, &a, big.len - 1, &data, &len);
  CHECK(e.step == ARI_FILE_TOO_LARGE && e.limit == big.len - 1);
  ariFileErrorFormat(e, "strategy file", msg, sizeof msg);
  char want[512];
  snprintf(want, sizeof want, "strategy file '%s' is larger than %zu bytes", path, big.len - 1);
  CHECK(!strcmp(msg, want));
  ariArenaDestroy(&a);
  ariStrFree(&big);

  /* Binary data with NULs survives the round trip. */
  const char bin[] = {'a', 0, 'b', 0, 0, 'c'};
  CHECK(ariFileOk(ariFileWriteAtomic(path, bin, sizeof bin)));
  e = ariFileRead(path, NULL, 0, &data, &len);
  CHECK(ariFileOk(e) && len == sizeof bin && !memcmp(data, bin, sizeof bin));
  free(data);

  /* An empty file reads as "". */
  CHECK(ariFileOk(ariFileWriteAtomic(path, "", 0)));
  e = ariFileRead(path, NULL, 0, &data, &len);
  CHECK(ariFileOk(e) && len == 0 && data[0] == 0);
  free(data);

  /* The mode is the usual umask-governed one, not mkstemp's 0600. */
  struct stat st;
  mode_t mask = umask(022);
  CHECK(ariFileOk(ariFileWriteAtomic(path, "x", 1)));
  CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644);
  umask(mask);

  /* Writing into a missing directory fails before touching anything. */
  char bad[300];
  snprintf(bad, sizeof bad, "%s/no-dir/x.txt", dir);
  e = ariFileWriteAtomic(bad, "x", 1);
  CHECK(e.step == ARI_FILE_OPEN && e.errnum == ENOENT && e.path == bad);
  ariFileErrorFormat(e, "output file", msg, sizeof msg);
  CHECK(strstr(msg, "cannot write output file '") == NULL); /* open, not write */
  CHECK(!strncmp(msg, "cannot open output file '", 25));

  /* A rename that cannot happen (the target is a non-empty directory)
   * leaves no temporary file behind. */
  char sub[300], inner[320];
  snprintf(sub, sizeof sub, "%s/sub", dir);
  snprintf(inner, sizeof inner, "%s/keep", sub);
  CHECK(mkdir(sub, 0755) == 0 && ariFileOk(ariFileWriteAtomic(inner, "k", 1)));
  e = ariFileWriteAtomic(sub, "x", 1);
  CHECK(e.step == ARI_FILE_RENAME && e.errnum != 0);
  CHECK(countEntries(dir, "sub.tmp") == 0 && countEntries(dir, "") == 4);

  unlink(inner);
  rmdir(sub);
  unlink(path);
  CHECK(rmdir(dir) == 0);
}

/* ariFileWriteAtomic never renames over what is not a regular file: a
 * FIFO or a device is written through, a symbolic link stays a link and
 * its target gets the contents, a dangling link is refused. */
static void testWriteSpecial(void) {
  char dir[] = "/tmp/ariadne-utils-test-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char fifo[256], target[256], link[256], dangling[256], *data;
  size_t len;
  struct stat st;
  snprintf(fifo, sizeof fifo, "%s/fifo", dir);
  snprintf(target, sizeof target, "%s/target.txt", dir);
  snprintf(link, sizeof link, "%s/link", dir);
  snprintf(dangling, sizeof dangling, "%s/dangling", dir);

  /* FIFO: opening it O_RDWR here gives the writer a reader (and the pipe
   * buffer holds the few bytes), so nothing blocks. */
  CHECK(mkfifo(fifo, 0600) == 0);
  int rd = open(fifo, O_RDWR | O_NONBLOCK);
  CHECK(rd >= 0);
  CHECK(ariFileOk(ariFileWriteAtomic(fifo, "through", 7)));
  char got[16] = {0};
  CHECK(read(rd, got, sizeof got) == 7 && !memcmp(got, "through", 7));
  close(rd);
  CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
  CHECK(countEntries(dir, "fifo") == 1); /* no temporary left */

  /* A character device: /dev/null stays one (only looked at, not at risk:
   * it is written through, as any device). */
  CHECK(ariFileOk(ariFileWriteAtomic("/dev/null", "x", 1)));
  CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));

  /* A symbolic link stays a link; its target is replaced. */
  CHECK(ariFileOk(ariFileWriteAtomic(target, "old", 3)));
  CHECK(symlink("target.txt", link) == 0);
  CHECK(ariFileOk(ariFileWriteAtomic(link, "new contents", 12)));
  CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
  CHECK(ariFileOk(ariFileRead(target, NULL, 0, &data, &len)));
  CHECK(len == 12 && !memcmp(data, "new contents", 12));
  free(data);
  /* A link to a FIFO writes through to it too. */
  char flink[256];
  snprintf(flink, sizeof flink, "%s/flink", dir);
  CHECK(symlink("fifo", flink) == 0);
  rd = open(fifo, O_RDWR | O_NONBLOCK);
  CHECK(rd >= 0 && ariFileOk(ariFileWriteAtomic(flink, "ab", 2)));
  CHECK(read(rd, got, sizeof got) == 2 && !memcmp(got, "ab", 2));
  close(rd);
  CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
  CHECK(lstat(flink, &st) == 0 && S_ISLNK(st.st_mode));

  /* A dangling link is refused and left alone; the error names the link. */
  CHECK(symlink("nowhere/x", dangling) == 0);
  AriFileError e = ariFileWriteAtomic(dangling, "x", 1);
  CHECK(e.step == ARI_FILE_OPEN && e.errnum == ENOENT && e.path == dangling);
  CHECK(lstat(dangling, &st) == 0 && S_ISLNK(st.st_mode));
  CHECK(countEntries(dir, "") == 7); /* ., .., fifo, target.txt, link, flink, dangling */

  unlink(dangling);
  unlink(flink);
  unlink(link);
  unlink(target);
  unlink(fifo);
  CHECK(rmdir(dir) == 0);
}

/*--- hashing -------------------------------------------------------------*/

static void testHash(void) {
  /* FNV-1a's published test vectors. */
  CHECK(ariHashBytes32("", 0) == 0x811c9dc5u);
  CHECK(ariHashBytes32("a", 1) == 0xe40c292cu);
  CHECK(ariHashBytes32("foobar", 6) == 0xbf9cf968u);
  /* splitmix64's first outputs from seed 0 (the reference generator). */
  uint64_t st = 0;
  CHECK(ariHashMix64(st += ARI_HASH_GOLDEN) == UINT64_C(0xe220a8397b1dcdaf));
  CHECK(ariHashMix64(st += ARI_HASH_GOLDEN) == UINT64_C(0x6e789e6aa1b965f4));
  CHECK(ariHashMix64(st += ARI_HASH_GOLDEN) == UINT64_C(0x06c45d188009454f));
  CHECK(ariHashMix64(0) == 0);
  /* The chains the term store and the e-graph use, pinned: a change here
   * changes the term store's table order. */
  CHECK(ariHashStep32(0, 0) == 0u);
  CHECK(ariHashStep32(1, 2) == (uint32_t)ariHashMix64((UINT64_C(1) << 32 | 1) ^ (2 * ARI_HASH_GOLDEN)));
  CHECK(ariHashStep32(0x12345678u, 42) == 0x0d60d95bu);
  CHECK(ariHashAdd64(ARI_HASH_SEED64, 0) == UINT64_C(0x44bd2bd473ccf799));
  CHECK(ariHashAdd64(ARI_HASH_SEED64, 'a') == UINT64_C(0x44bd8ad473cd9906));
  CHECK(ariHashAdd64(UINT64_C(0xcbf29ce484222325), 'a') ==
        UINT64_C(0xaf63dc4c8601ec8c)); /* FNV-1a 64 of "a" from the real basis */
  CHECK(ariHashFold32(0) == 0 && ariHashFold32(1) == 0x92fd5b26u);
  CHECK(ariHashFold32(UINT64_C(0x100000000)) == 0x76aac666u);
  int x = 0;
  CHECK(ariHashPtr(&x) == ariHashMix64((uint64_t)(uintptr_t)&x));
}

int main(void) {
  testStrHeap();
  testStrArena();
  testStrFixed();
  testFiles();
  testWriteSpecial();
  testHash();
  printf("utils_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
