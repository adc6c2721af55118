/*===- harness.h - what the libFuzzer harnesses share ---------------------===*\
 *
 * Each harness (fuzz_*.c here) feeds the bytes libFuzzer makes to one of
 * Ariadne's input parsers and checks what must hold of any input: no crash
 * or sanitizer report (the sanitizers catch those), an error that comes
 * with a located diagnostic, and, for what parses, properties such as a
 * print/parse round trip. A property that fails calls fzFail, which
 * reports through the sanitizer runtime (the smoke tests close the
 * harness's stderr with -close_fd_mask=2; sanitizer reports still get
 * through) and aborts, so libFuzzer keeps the input as a crash.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_TEST_FUZZ_LIBFUZZER_HARNESS_H
#define ARIADNE_TEST_FUZZ_LIBFUZZER_HARNESS_H

#include <sanitizer/common_interface_defs.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* libFuzzer's entry point (a return of -1 keeps the input out of the
 * corpus). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reports that a property failed, with a stack trace, and aborts. */
static inline void fzFail(const char *what) {
  __sanitizer_report_error_summary(what);
  __sanitizer_print_stack_trace();
  abort();
}

#define FZ_REQUIRE(cond, what)                                                                     \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      fzFail(what);                                                                                \
  } while (0)

/* Every harness gives each input the same budget of memory: large enough
 * for any input of the corpus, small enough that growing without bound
 * ends in an error, not in libFuzzer's out-of-memory report. */
enum { FZ_MEM_LIMIT = 64 << 20 };

#endif /* ARIADNE_TEST_FUZZ_LIBFUZZER_HARNESS_H */
