/*===- forward_ref_test.c - fzHasForwardRef flags what it must ------------===*\
 *
 *   forward_ref_test MLIR_BUGS_DIR
 *
 * fzHasForwardRef (mutate.h) is what keeps the bad-input tests and the
 * fuzz_mlir harness away from MLIR 22's forward-reference use-after-free
 * (mlir-bugs/README.md), so it must flag every text in which the parser
 * could make a forward reference: the reproducers in mlir-bugs/, and the
 * spellings of definitions and scopes it has to know. Valid programs it
 * must not flag (mutate_test checks every seed).
 *
\*===----------------------------------------------------------------------===*/

#include "test/check.h"
#include "test/fuzz/mutate.h"
#include "utils/arena.h"

#include <stdio.h>
#include <string.h>

static bool flags(AriArena *a, const char *text) { return fzHasForwardRef(text, a); }

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: forward_ref_test MLIR_BUGS_DIR\n");
    return 2;
  }
  AriArena a;
  ariArenaInit(&a, 0);
  static const char *const bugs[] = {"use-after-free.mlir", "cross-function.mlir",
                                     "rise-mutant.mlir"};
  for (size_t i = 0; i < sizeof bugs / sizeof *bugs; ++i) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", argv[1], bugs[i]);
    FzSeed seeds[1];
    int n = 0;
    CHECK(fzSeedsLoad(path, &a, seeds, 1, &n) && n == 1);
    if (n == 1)
      CHECK(flags(&a, seeds[0].text));
  }

  /* Used, then defined: as a result, in a result list, as a block argument
   * written with a space before its colon, or as a name the check does
   * not know as a definition (scf.parallel's induction variables). */
  CHECK(flags(&a, "func.func @f() {\n  %y = arith.addi %x, %x : i32\n  %x = arith.constant 1 : i32\n}"));
  CHECK(flags(&a, "func.func @f() {\n  use %x\n  %x, %y = op\n}"));
  CHECK(flags(&a, "func.func @f() {\n  use %x\n  %r = rise.map %a {\n  ^bb0(%x : f32):\n  }\n}"));
  CHECK(flags(&a, "func.func @f() {\n  use %i\n  scf.parallel (%i) = (%a) to (%b) step (%c) {\n  }\n}"));
  /* A use inside an isolated op does not see the names outside it. */
  CHECK(flags(&a, "func.func @f(%x: i32) {\n  func.func @g() {\n    use %x\n    %x = op\n  }\n}"));
  CHECK(flags(&a, "module {\n  func.func @f(%x: i32) {\n  }\n  func.func @g() {\n    use %x\n"
                  "    %x = op\n  }\n}"));
  /* `%x: T` outside an argument list is a use, not a definition. */
  CHECK(flags(&a, "func.func @f() {\n  rise.yield %x: f32\n  %x = op\n}"));

  /* Valid: defined, then used; the same names in sibling functions,
   * wrapped in a module or not; block arguments with or without a space. */
  CHECK(!flags(&a, "func.func @f(%a: i32) {\n  %x = arith.addi %a, %a : i32\n  use %x\n}\n"
                   "func.func @g(%a: i32) {\n  %x = arith.addi %a, %a : i32\n  use %x\n}"));
  CHECK(!flags(&a, "module {\n  func.func @f(%a: i32) {\n    %x, %y = op %a\n    use %x, %y\n  }\n"
                   "  func.func @g(%a : i32) {\n    %r = rise.map %a {\n    ^bb0(%p : f32):\n"
                   "      use %p, %a\n    }\n  }\n}"));
  ariArenaDestroy(&a);
  printf("forward_ref_test: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
