/*===- fuzz_interp_input.c - libFuzzer harness: interpreter input files ---===*\
 *
 * The text format of `ariadne-interp --input=K:FILE.txt` and
 * `ariadne-run` (tools/support/toolargs.h, ariToolParseInputText). The
 * first two bytes choose the argument the text fills: byte 0 its scalar
 * kind (f32, f64, i1, i32, i64, index), byte 1 its number of scalars
 * (1 to 64); the rest is the text. Text that parses must print
 * (ariToolPrintValues, what --print and --save write) as text that parses
 * and prints the same again.
 *
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "test/fuzz/libfuzzer/harness.h"

#include "tools/support/toolargs.h"

#include <string.h>

enum { MAX_SCALARS = 64 };

/* The argument printed into a malloc'd string (NULL when out of memory). */
static char *printed(const AriHostArg *a, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  if (!f)
    return NULL;
  ariToolPrintValues(f, a);
  if (fclose(f) != 0) {
    free(buf);
    return NULL;
  }
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2)
    return -1;
  int64_t values[2][MAX_SCALARS]; /* 8 bytes a scalar is the most any kind takes */
  AriHostArg a = {.isMemRef = true,
                  .scalar = (AriScalarKind)((data[0] & 7) % 6),
                  .lanes = 1,
                  .rank = 1,
                  .shape = {1 + data[1] % MAX_SCALARS},
                  .data = values[0]};
  if (!ariToolParseInputText("input.txt", (const char *)data + 2, size - 2, &a, 0))
    return 0;
  size_t n1, n2;
  char *p1 = printed(&a, &n1);
  if (!p1)
    return 0;
  AriHostArg b = a;
  b.data = values[1];
  FZ_REQUIRE(ariToolParseInputText("printed.txt", p1, n1, &b, 0),
             "fuzz_interp_input: printed values do not parse");
  char *p2 = printed(&b, &n2);
  FZ_REQUIRE(!p2 || (n1 == n2 && !memcmp(p1, p2, n1)),
             "fuzz_interp_input: reparsed values print differently");
  free(p1);
  free(p2);
  return 0;
}
