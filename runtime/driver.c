/*===- driver.c - runs one compiled function in another process -----------===*\
 *
 * Linked with a compiled object for a target this machine cannot run
 * directly (AArch64 under qemu), this program stands in for the in-process
 * runtime: it reads each argument from DIR/argK.bin, builds the memref
 * descriptors, calls the packed entry ARI_ENTRY (a -D define), and writes
 * every memref back to DIR/argK.out. Plain C11 and libc only, since it is
 * built by a cross compiler.
 *
 *   driver DIR SPEC...     SPEC per argument, in order:
 *     m:ESIZE:LANES:RANK[:S0:S1...]   a memref (row-major, contiguous)
 *     s:BYTES                         a scalar (or vector) by value
 *
 * Exit status 0 on success, 1 on an I/O or format error (on stderr).
 *
\*===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ARI_ENTRY
#error "compile with -DARI_ENTRY=_ari_packed_NAME"
#endif

void ARI_ENTRY(void **args);

enum { kMaxArgs = 64, kMaxRank = 8 };

typedef struct {
  void *allocated, *aligned;
  int64_t offset;
  int64_t sizesAndStrides[2 * kMaxRank];
} Descriptor;

static int fail(const char *what, const char *detail) {
  fprintf(stderr, "driver: error: %s: %s\n", what, detail);
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc - 2 > kMaxArgs)
    return fail("usage", "driver DIR SPEC...");
  const char *dir = argv[1];
  int n = argc - 2;
  static Descriptor desc[kMaxArgs];
  static void *slots[kMaxArgs];
  static size_t bytes[kMaxArgs];
  static int isMem[kMaxArgs];
  char path[4096];
  for (int k = 0; k < n; ++k) {
    char *spec = argv[k + 2], *end;
    size_t size;
    if (spec[0] == 'm' && spec[1] == ':') {
      long esize = strtol(spec + 2, &end, 10);
      long lanes = *end == ':' ? strtol(end + 1, &end, 10) : 0;
      long rank = *end == ':' ? strtol(end + 1, &end, 10) : -1;
      if (esize <= 0 || lanes <= 0 || rank < 0 || rank > kMaxRank)
        return fail("bad spec", spec);
      int64_t shape[kMaxRank], count = 1;
      for (long d = 0; d < rank; ++d) {
        if (*end != ':')
          return fail("bad spec", spec);
        shape[d] = strtoll(end + 1, &end, 10);
        if (shape[d] < 0)
          return fail("bad spec", spec);
        count *= shape[d];
      }
      if (*end)
        return fail("bad spec", spec);
      size = (size_t)count * (size_t)lanes * (size_t)esize;
      Descriptor *dd = &desc[k];
      int64_t stride = 1;
      for (long d = rank - 1; d >= 0; --d) {
        dd->sizesAndStrides[d] = shape[d];
        dd->sizesAndStrides[rank + d] = stride;
        stride *= shape[d];
      }
      isMem[k] = 1;
    } else if (spec[0] == 's' && spec[1] == ':') {
      long b = strtol(spec + 2, &end, 10);
      if (b <= 0 || *end)
        return fail("bad spec", spec);
      size = (size_t)b;
    } else {
      return fail("bad spec", spec);
    }
    /* 64-byte alignment, as the in-process runtime gives. */
    size_t rounded = (size + 63) / 64 * 64;
    void *data = aligned_alloc(64, rounded ? rounded : 64);
    if (!data)
      return fail("out of memory", spec);
    snprintf(path, sizeof path, "%s/arg%d.bin", dir, k);
    FILE *f = fopen(path, "rb");
    if (!f || fread(data, 1, size, f) != size)
      return fail("cannot read", path);
    fclose(f);
    bytes[k] = size;
    if (isMem[k]) {
      desc[k].allocated = desc[k].aligned = data;
      slots[k] = &desc[k];
    } else {
      slots[k] = data;
    }
  }
  ARI_ENTRY(slots);
  for (int k = 0; k < n; ++k) {
    if (!isMem[k])
      continue;
    snprintf(path, sizeof path, "%s/arg%d.out", dir, k);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(desc[k].aligned, 1, bytes[k], f) != bytes[k] || fclose(f) != 0)
      return fail("cannot write", path);
  }
  return 0;
}
