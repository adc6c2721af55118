/*===- fuzz_term.c - libFuzzer harness: the term text parser --------------===*\
 *
 * The bytes as a term (ariTermParse, search/term/term.h) and as a type
 * (ariTypeParse). A term that parses must print (with types) to text that
 * parses back to the same hash-consed term; a type likewise. Text that
 * does not parse must leave an error ("parse: column N: ...").
 *
\*===----------------------------------------------------------------------===*/

#include "test/fuzz/libfuzzer/harness.h"

#include "search/term/term.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  AriTermStore *s = ariTermStoreCreate(FZ_MEM_LIMIT);
  if (!s)
    return 0;

  AriTerm *t = ariTermParse(s, text, size);
  if (t) {
    const char *printed = ariTermToString(s, t, ARI_PRINT_TYPES);
    if (printed) {
      AriTerm *back = ariTermParse(s, printed, strlen(printed));
      FZ_REQUIRE(back == t, "fuzz_term: a parsed term prints as text that does not parse back to it");
    }
  } else {
    FZ_REQUIRE(!strncmp(ariTermStoreError(s), "parse: ", 7),
               "fuzz_term: a term parse failed without a 'parse: ' error");
  }
  ariTermStoreClearError(s);

  const AriType *ty = ariTypeParse(s, text, size);
  if (ty) {
    char buf[4096];
    size_t n = ariTypePrint(ty, buf, sizeof buf);
    if (n < sizeof buf)
      FZ_REQUIRE(ariTypeParse(s, buf, n) == ty,
                 "fuzz_term: a parsed type prints as text that does not parse back to it");
  } else {
    FZ_REQUIRE(ariTermStoreError(s)[0], "fuzz_term: a type parse failed without an error");
  }
  ariTermStoreDestroy(s);
  return 0;
}
