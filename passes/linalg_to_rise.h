/*===- linalg_to_rise.h - the convert-linalg-to-rise pass -----------------===*\
 *
 * convert-linalg-to-rise imports linalg programs into rise, the front door
 * through which tosa, torch-mlir and StableHLO programs reach Ariadne's
 * search. docs/import.md has the full mapping table; in short:
 *
 * - Named linalg ops are first generalised with upstream's
 *   linalg-generalize-named-ops (run by the pass itself), so every import
 *   starts from a linalg.generic.
 * - A linalg.generic with static shapes becomes a nest of patterns, one per
 *   loop: the parallel loops, in the order of the output's indexing map,
 *   become rise.map (or rise.generate where no operand varies along the
 *   loop: a broadcast), the reduction loops, in loop order, rise.reduce
 *   whose initial value is the output's element (the accumulator). Operands
 *   that vary along a loop are put in loop order with rise.transpose
 *   (under maps, once, before the nest) and combined with rise.zip at
 *   each loop; operands that do not are
 *   captured by the lambda. A constant index in an indexing map is a
 *   rise.idx. A window expression `s*p + d*r` (p parallel, r reduction,
 *   convolutions and pooling) becomes rise.slide, with rise.generate/idx
 *   for trimming and dilation. The region's arith/math ops are cloned into
 *   the innermost lambda. A reduction whose body is `acc OP f(ins)` with an
 *   associative, commutative OP (addf, mulf, max/min, addi, ...) becomes
 *   `reduce OP acc (map f ...)`; any other body is a `reduce seq` over the
 *   zipped inputs, which keeps linalg's order of operations exactly.
 * - Between linalg ops on tensors: a dense arith.constant is rise.literal,
 *   tensor.collapse_shape/expand_shape are rise.join/rise.split, a
 *   tensor.pad with one value is rise.pad_cst, tensor.empty is nothing.
 *   An operand made by a linalg.fill of a scalar is that scalar, captured
 *   (a matmul's zero init is the fold's initial value, as in
 *   test/examples/matmul.mlir); a fill nothing else reads is dropped.
 * - Function boundary. A function whose arguments or results are tensors
 *   is rewritten in destination-passing style: each tensor argument
 *   becomes a memref of the same shape read with rise.in, each tensor
 *   result becomes a memref argument appended after the arguments and
 *   written with rise.out, and the function returns nothing. A function on
 *   memrefs keeps its signature: each linalg op reads its operands with
 *   rise.in right before it and writes its output with rise.out, so any op
 *   left in between still sees memory as linalg would have left it.
 *
 * Only a function's top-level ops are imported (a linalg op nested in a
 * loop or branch is an error); rise ops are left as they are, so a second
 * import changes nothing. Everything that cannot be imported (dynamic
 * shapes, non-projected indexing maps other than windows, body ops the
 * interpreter does not define, tensor ops with no rise meaning, several
 * outputs) is an error located at the op, naming it (a named op by the
 * name it was written with) and the reason, and nothing is imported (the
 * named ops have been generalised by then).
 * Option `allow-partial=true` turns those into a `rise.unimported`
 * attribute (the reason) on the op: a memref function keeps such ops in
 * place between the imported ones; a tensor function that has any is left
 * entirely as it was (tensors cannot flow into rise values).
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_PASSES_LINALG_TO_RISE_H
#define ARIADNE_PASSES_LINALG_TO_RISE_H

#include "ariadne-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const AriPassInfo ariLinalgToRisePass;

/* The pass pipeline text of `tosa-to-rise`: upstream's
 * tosa-to-linalg-pipeline (with tosa-to-tensor and tosa-to-arith for the
 * reshapes and constants it leaves), then convert-linalg-to-rise. */
const char *ariTosaToRisePipeline(void);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_PASSES_LINALG_TO_RISE_H */
