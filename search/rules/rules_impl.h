/*===- search/rules/rules_impl.h - rule library internals (search/rules*.c) ----===*\
 *
 * The catalogue is one X-macro list, so that the rule ids, the table that
 * ariRuleInfo returns and the dispatch in ariRuleApply cannot disagree.
 * RULE(id, name, family, params, minArgs, maxArgs, paramKind, exact, form,
 *      conditions, source)
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_SEARCH_RULES_IMPL_H
#define ARIADNE_SEARCH_RULES_IMPL_H

#include "search/rules/rules.h"

#define ARI_RULE_LIST(RULE)                                                                     \
  /* lambda calculus */                                                                         \
  RULE(BETA, "beta", LAMBDA, "", 0, 0, NAT, true, "(\\x. b) e |-> b[e/x]", "", "thesis 5.4")      \
  RULE(ETA, "eta", LAMBDA, "", 0, 0, NAT, true, "\\x. f x |-> f", "x not free in f",              \
       "thesis 5.4.5")                                                                          \
  RULE(ETA_ABS, "etaAbstraction", LAMBDA, "", 0, 0, NAT, true, "f |-> \\x. f x",                  \
       "f has a function type", "thesis 5.4.5")                                                 \
  /* map / reduce / split / join */                                                             \
  RULE(MAP_FUSION, "mapFusion", MAP, "", 0, 0, NAT, true, "map g (map f x) |-> map (g . f) x",    \
       "both maps high-level", "thesis listing 4.9")                                            \
  RULE(MAP_FISSION, "mapFission", MAP, "", 0, 0, NAT, true,                                       \
       "map (\\x. C[e]) y |-> map (\\z. C[z]) (map (\\x. e) y)",                                  \
       "C is the body's outermost operation; x occurs only in its one data operand e, e != x",  \
       "thesis ch. 5")                                                                          \
  RULE(MAP_FISSION_DEEP, "mapFissionDeep", MAP, "", 0, 0, NAT, true,                             \
       "map (\\x. C[e]) y |-> map (\\z. C[z]) (map (\\x. e) y)",                                  \
       "C may bind variables around e (inner maps, reductions); e is the outermost proper "      \
       "subterm holding every use of x and no variable C binds; e data, e != x",                \
       "loop-invariant code motion: TVM's array packing")                                      \
  RULE(REDUCE_MAP_FUSION, "reduceMapFusion", MAP, "", 0, 0, NAT, true,                            \
       "reduce g i (map f x) |-> reduce/seq (\\a y. g a (f y)) i x", "", "thesis listing 3.2")    \
  RULE(REDUCE_SEQ_MAP_FUSION, "reduceSeqMapFusion", MAP, "", 0, 0, NAT, true,                     \
       "reduce/k g i (map f x) |-> reduce/k (\\a y. g a (f y)) i x", "k is seq or unroll",       \
       "thesis ch. 5")                                                                          \
  RULE(SPLIT_JOIN, "splitJoin", MAP, "p", 1, 1, NAT, true,                                        \
       "map f x |-> join (map (map f) (split p x))", "p divides the length of x; map high-level", \
       "thesis listing 4.9")                                                                    \
  RULE(JOIN_SPLIT_MAP, "joinSplitMap", MAP, "", 0, 0, NAT, true,                                  \
       "join (map (map f) (split p x)) |-> map f x", "f does not use the outer parameter",       \
       "inverse of splitJoin")                                                                  \
  RULE(SPLIT_JOIN_ID, "splitJoinId", MAP, "", 0, 0, NAT, true, "split p (join x) |-> x",          \
       "the inner length of x is p", "thesis ch. 5")                                            \
  RULE(JOIN_SPLIT_ID, "joinSplitId", MAP, "", 0, 0, NAT, true, "join (split p x) |-> x", "",      \
       "thesis ch. 5")                                                                          \
  RULE(MAP_GENERATE, "mapGenerate", MAP, "", 0, 0, NAT, true,                                     \
       "map f (generate g) |-> generate (f . g)", "map high-level", "shine")                    \
  RULE(MAP_CONST_GENERATE, "mapConstGenerate", MAP, "", 0, 0, NAT, true,                         \
       "map (\\y. e) x |-> generate (\\j. e)", "y not free in e; map high-level",                \
       "thesis Listing C.13 (the tile's initial value as generate)")                            \
  RULE(IDX_GENERATE, "idxGenerate", KARRAY, "", 0, 0, NAT, true,                                  \
       "idx i (generate (\\j. b)) |-> b[i/j]", "", "Knossos Table 4 (index of build)")          \
  RULE(IDX_MAP, "idxMap", MAP, "", 0, 0, NAT, true, "idx i (map f x) |-> f (idx i x)", "",        \
       "shine")                                                                                 \
  RULE(FST_PAIR, "fstPair", KARRAY, "", 0, 0, NAT, true, "fst (pair a b) |-> a", "",              \
       "Knossos Table 4 (select of tuple)")                                                     \
  RULE(SND_PAIR, "sndPair", KARRAY, "", 0, 0, NAT, true, "snd (pair a b) |-> b", "",              \
       "Knossos Table 4 (select of tuple)")                                                     \
  RULE(MAP_FST_ZIP, "mapFstZip", MAP, "", 0, 0, NAT, true, "map fst (zip a b) |-> a", "",         \
       "shine")                                                                                 \
  RULE(MAP_SND_ZIP, "mapSndZip", MAP, "", 0, 0, NAT, true, "map snd (zip a b) |-> b", "",         \
       "shine")                                                                                 \
  RULE(ZIP_MAP_FUSION, "zipMapFusion", MAP, "", 0, 0, NAT, true,                                 \
       "zip (map f x) (map g x) |-> map (\\y. pair (f y) (g y)) x",                               \
       "the same x; both maps high-level", "shine (Halide compute_with, thesis 4.3.1)")        \
  RULE(MAP_PAIR_FISSION, "mapPairFission", MAP, "", 0, 0, NAT, true,                             \
       "map (\\y. pair a b) x |-> zip (map (\\y. a) x) (map (\\y. b) x)", "map high-level",       \
       "shine")                                                                                 \
  RULE(ZIP_SAME, "zipSame", MAP, "", 0, 0, NAT, true, "zip x x |-> map (\\y. pair y y) x", "",    \
       "shine")                                                                                 \
  /* tiling */                                                                                  \
  RULE(TILE_MAPS, "tileMaps", TILING, "p, q", 2, 2, NAT, true,                                    \
       "map (map f) x |-> join (map (\\b. map join (transpose b)) (map (map (map (map f))) "     \
       "(map (\\r. transpose (map (split q) r)) (split p x))))",                                \
       "p, q divide the two outer lengths of x; f does not use the row. Also the cartesian "   \
       "nest map (\\a. map (\\b. e) y) x |-> join (map (\\xb. map join (transpose (map (\\yb. " \
       "map (\\a. map (\\b. e) yb) xb) (split q y)))) (split p x)), y not using a",              \
       "ELEVATE tile")                                                                          \
  RULE(TILE_REDUCE, "tileReduce", TILING, "p", 1, 1, NAT, true,                                   \
       "reduce/k f i x |-> reduce/seq (\\a b. reduce/k f a b) i (split p x)",                     \
       "p divides the length of x", "ELEVATE blocking")                                         \
  RULE(PARTIAL_REDUCE, "partialReduce", TILING, "p", 1, 1, NAT, false,                          \
       "reduce/k (\\a y. a op e(y)) i x |-> reduce/k' (\\a b. a op b) i (map (\\c. reduce/k "      \
       "(\\a y. a op e(y)) n c) (split (len/p) x))",                                              \
       "p >= 2 divides the length of x, which is at least 2p; the accumulator a scalar or a "    \
       "vector; op lane-wise with a neutral element n (padReduce's list), the accumulator "      \
       "either operand; e does not use a; k none, seq or unroll (k' unroll for p <= 16, else "   \
       "seq)",                                                                                  \
       "Halide's rfactor: p partial results of independent chunks, combined at the end (the "   \
       "chunks' map may run in parallel)")                                                      \
  RULE(FISSION_REDUCE_MAP, "fissionReduceMap", TILING, "", 0, 0, NAT, true,                       \
       "reduce/k (\\a y. a (+) e(y)) i x |-> reduce/k (\\a y. a (+) y) i (map (\\y. e(y)) x)",     \
       "(+) a binary op with the accumulator as left operand; e does not use a; e(y) != y",     \
       "ELEVATE matmul")                                                                        \
  RULE(MAP_MAP_INTERCHANGE, "mapMapInterchange", TILING, "", 0, 0, NAT, true,                     \
       "map (\\a. map (\\b. e) y) x |-> transpose (map (\\b. map (\\a. e) x) y)",                 \
       "y does not use a", "ELEVATE reorder")                                                   \
  RULE(MAP_REDUCE_INTERCHANGE, "mapReduceInterchange", TILING, "", 0, 0, NAT, true,               \
       "map (\\r. reduce/k g i r) x |-> reduce/seq (\\as ys. map (\\p. g (fst p) (snd p)) "      \
       "(zip as ys)) (map (\\r. i) x) (transpose x)",                                           \
       "g and i do not use r", "ELEVATE reorder (liftReduce)")                                  \
  RULE(REDUCE_MAP_INTERCHANGE, "reduceMapInterchange", TILING, "", 0, 0, NAT, true,             \
       "reduce/k (\\as ys. map (\\p. g (fst p) (snd p)) (zip as ys)) (map (\\r. i) x) "         \
       "(transpose x) |-> map (\\r. reduce/k g i r) x",                                         \
       "inverse of mapReduceInterchange; p used only as fst p, snd p; g does not use as, ys; "  \
       "the inner map high-level; i may use r if the init maps over the same x",                \
       "ELEVATE reorder (liftReduce), right to left")                                           \
  RULE(MAP_REDUCE_INTERCHANGE_ACC, "mapReduceInterchangeAcc", TILING, "", 0, 0, NAT, true,      \
       "map (\\r. reduce/k g (i r) (e r)) x |-> reduce/seq (\\as ys. map (\\q. g (fst q) "      \
       "(snd q)) (zip as ys)) (map (\\r. i r) x) (transpose (map (\\r. e r) x)); for x = "      \
       "zip as ys, i = fst r, e = snd r: ... as (transpose ys)",                                \
       "g does not use r (i and e may: each row starts from its own accumulator)",              \
       "thesis reorder rules (shine's liftReduceSeq2/3, Listing C.13), generalised")            \
  RULE(PAD_SPLIT_JOIN, "padSplitJoin", TILING, "p", 1, 1, NAT, true,                           \
       "map f x |-> take n (join (map (map f) (split p (pad_clamp 0 (n'-n) x)))), "              \
       "n' = p * ceil(n/p), take k y = idx 0 (slide k (len y - k) y)",                           \
       "p does not divide n, the length of x; map high-level",                                  \
       "Halide tail strategies (RoundUp, cropped): splitJoin for any length")                   \
  RULE(PAD_TILE_MAPS, "padTileMaps", TILING, "p, q", 2, 2, NAT, true,                          \
       "tileMaps(p, q) on the nest with its two lengths N, M padded (pad_clamp) to multiples "   \
       "of p and q, then cropped: transpose (take M (transpose (take N y)))",                            \
       "p does not divide N or q does not divide M; the nest as for tileMaps",                  \
       "Halide tail strategies (RoundUp, cropped): tileMaps for any size")                      \
  RULE(PAD_PIPELINE, "padPipeline", TILING, "p", 1, 1, NAT, true,                               \
       "map f x |-> take n (map f x'), x' = x with each array at the foot of its line "         \
       "structure (maps, zips, slides of step 1, pad_clamps, pad_csts with no right pad) "      \
       "padded by pad_clamp 0 (n'-n), n' = p * ceil(n/p)",                                      \
       "p does not divide n, the length of x; x holds a slide of step 1 over arrays on that "   \
       "structure (an image pipeline's window of lines); map high-level",                       \
       "Halide tail strategies (RoundUp for a pipeline: every stage computed on the rounded "   \
       "lines, the output cropped): splitPipeline for any number of lines")                     \
  RULE(STRIP_COLUMNS, "stripColumns", TILING, "k", 1, 1, NAT, true,                            \
       "map/k (\\c. e) x |-> map/k (\\c. assemble (map (\\c'. e') (strips c))) x: each chunk "  \
       "c computed in k strips of w = n/k output columns (strips c: slide (w+h) w of c's lines, "  \
       "the strip index moved outermost by transposes; e': e retyped for lines of w+h columns; " \
       "assemble: join, or transpose (join (map transpose ..)) for chunks of lines)",          \
       "c's lines are its innermost arrays (of scalars), e's result lines or chunks of lines "  \
       "of n columns, h = c's columns - n >= 0, k >= 2 divides n; e uses no array from "       \
       "outside c and does nothing on a column dimension but maps, zips, transposes, slides "  \
       "of step 1, circular buffers and rotations (no reduce, idx, pad, split, join or "      \
       "vector view of one)",                                                                   \
       "Halide's compute_at inside a tile of columns (apps/harris splits x as well as y on "   \
       "GPUs); Ragan-Kelley et al. 2013, tiling a stencil pipeline in both dimensions")        \
  RULE(PAD_REDUCE, "padReduce", TILING, "p", 1, 1, NAT, true,                                   \
       "reduce/k (\\a y. a op y) i x |-> reduce/k (\\a y. a op y) i (pad_cst 0 (n'-n) e x), "    \
       "n' = p * ceil(n/p), e op's neutral element",                                            \
       "p does not divide n; op (operands either way round) one of addf (e = -0.0), mulf, "     \
       "maximumf, minimumf, addi, muli, maxsi, minsi, maxui, minui, andi, ori, xori on a "      \
       "scalar accumulator of the element type",                                                \
       "Halide tail strategies (RoundUp with the reduction's identity)")                        \
  RULE(PEEL_REDUCE, "peelReduce", TILING, "p", 1, 1, NAT, true,                                 \
       "reduce/k g i x |-> reduce/k g (reduce/seq (\\a b. reduce/k g a b) i (split p (take m "   \
       "x))) (drop m x), m = p * floor(n/p), drop m y = idx 1 (slide (n-m) m y)",                \
       "p does not divide n, the length of x, and p < n",                                       \
       "Halide tail strategies (the tail peeled off)")                                          \
  RULE(PEEL_TAIL, "peelTail", TILING, "p", 1, 1, NAT, true,                                     \
       "reduce/k g i x |-> reduce/k g (reduce/k g i (take m x)) (drop m x), m = p * "          \
       "floor(n/p), take and drop pushed into x's zips (take m (zip a b) = zip (take m a) "     \
       "(take m b))",                                                                           \
       "p does not divide n, the length of x, and p < n",                                       \
       "Halide tail strategies (the tail peeled off; the head left whole, for vectorizeReduce " \
       "or partialReduce by p)")                                                                \
  RULE(REDUCE_JAM, "reduceJam", TILING, "", 0, 0, NAT, true,                                    \
       "map (\\x. reduce/k g i (zip x c)) X |-> generate R (\\t. select (t == 0) r_0 (select "  \
       "(t == 1) r_1 ..)) with r = reduce/k (\\a p. tuple_j (g a_j (pair (idx (fst p) j) (snd "  \
       "p)))) (tuple_j i) (zip (transpose X) c), r_j its component j (also zip c x)",            \
       "X : R.n.s, R 2, 4 or 8, s a scalar; c, g, i do not use x; tuples are pairs (nested)",   \
       "unroll-and-jam: a register block of R rows, each element of c loaded once for R "       \
       "independent accumulators (Ariadne; matmul v8's block written as a rule)")               \
  /* slide and transpose */                                                                     \
  RULE(SLIDE_AFTER_SPLIT, "slideAfterSplit", SLIDE, "", 0, 0, NAT, true,                          \
       "split p (slide n m x) |-> map (slide n m) (slide (p*m+n-m) (p*m) x)",                    \
       "p divides the window count", "thesis listing 4.9 (m = 1 there)")                        \
  RULE(SLIDE_BEFORE_MAP, "slideBeforeMap", SLIDE, "", 0, 0, NAT, true,                            \
       "slide n m (map f x) |-> map (map f) (slide n m x)", "map high-level",                   \
       "thesis listing 4.9")                                                                    \
  RULE(SLIDE_AFTER_MAP_MAP_F, "slideAfterMapMapF", SLIDE, "", 0, 0, NAT, true,                    \
       "map (map f) (slide n m x) |-> slide n m (map f x)", "f does not use the window",        \
       "thesis listing 4.13")                                                                   \
  RULE(SLIDE_BEFORE_SLIDE, "slideBeforeSlide", SLIDE, "", 0, 0, NAT, true,                        \
       "slide m k (slide n s x) |-> map (slide n s) (slide ((m-1)*s+n) (k*s) x)", "",           \
       "thesis listing 4.9 (s = 1 there)")                                                      \
  RULE(SLIDE_AFTER_MAP_DEEP, "slideAfterMapDeep", SLIDE, "", 0, 0, NAT, true,                      \
       "map (\\w. C[map f w]) (slide n m x) |-> map (\\w. C[w]) (slide n m (map f x))",              \
       "every use of w in C is in `map f w` (map high-level); f uses neither w nor a variable C " \
       "binds", "thesis listing 4.13 (slideAfterMapMapF in context: pushSeparation)")           \
  RULE(ZIP_SLIDE_MAP_FUSION, "zipSlideMapFusion", SLIDE, "", 0, 0, NAT, true,                     \
       "zip (map f (slide n m a)) (map g (slide n m b)) |-> map (\\w. pair (f (map fst w)) "       \
       "(g (map snd w))) (slide n m (zip a b))",                                                 \
       "the same window size and step; a, b of one length; both maps high-level",               \
       "thesis 4.3.1 (fuseOperators: the stages of a pipeline over one window of lines)")      \
  RULE(SPLIT_BEFORE_MAP, "splitBeforeMap", SLIDE, "", 0, 0, NAT, true,                            \
       "split p (map f x) |-> map (map f) (split p x)", "map high-level",                       \
       "thesis 4.3.1 (splitPipeline: moving the split to the pipeline's input)")                 \
  RULE(SPLIT_BEFORE_ZIP, "splitBeforeZip", SLIDE, "", 0, 0, NAT, true,                            \
       "split p (zip a b) |-> map (\\q. zip (fst q) (snd q)) (zip (split p a) (split p b))", "",   \
       "thesis 4.3.1 (splitPipeline across the stages' zips)")                                   \
  RULE(MAP_SLIDE_AFTER_TRANSPOSE, "mapSlideAfterTranspose", SLIDE, "", 0, 0, NAT, true,           \
       "transpose (map (slide n m) x) |-> map transpose (slide n m (transpose x))", "",         \
       "thesis listing 4.13")                                                                   \
  RULE(TRANSPOSE_MAP_MAP, "transposeMapMap", SLIDE, "", 0, 0, NAT, true,                          \
       "transpose (map (map f) x) |-> map (map f) (transpose x)", "f does not use the row",     \
       "thesis (5.1)")                                                                          \
  RULE(MAP_MAP_TRANSPOSE, "mapMapTranspose", SLIDE, "", 0, 0, NAT, true,                          \
       "map (map f) (transpose x) |-> transpose (map (map f) x)", "f does not use the row",     \
       "thesis (5.1)")                                                                          \
  RULE(TRANSPOSE_TRANSPOSE, "transposeTranspose", SLIDE, "", 0, 0, NAT, true,                     \
       "transpose (transpose x) |-> x", "", "thesis 5.5")                                       \
  RULE(CREATE_TRANSPOSE_PAIR, "createTransposePair", SLIDE, "", 0, 0, NAT, true,                \
       "x |-> transpose (transpose x)", "x : n.m.t; x not a transpose",                          \
       "inverse of transposeTranspose (thesis Listing C.14's store)")                          \
  RULE(CREATE_MAP_ID, "createMapId", MAP, "", 0, 0, NAT, true, "x |-> map (\\v. v) x",            \
       "x an array; x not already such a copy", "a copy loop (thesis Listing C.14's store)")   \
  /* vectorisation */                                                                           \
  RULE(START_VECTORIZATION, "startVectorization", VECTOR, "v", 1, 1, NAT, true,                   \
       "x |-> as_scalar (as_vector v x)", "x : (n*v).s, s a scalar", "thesis listing 4.10")     \
  RULE(VECTORIZE_BEFORE_MAP, "vectorizeBeforeMap", VECTOR, "", 0, 0, NAT, true,                   \
       "as_vector v (map f x) |-> map (map/vec f) (as_vector v x)", "f : s -> t on scalars",    \
       "thesis listing 4.10")                                                                   \
  RULE(VECTORIZE_BEFORE_MAP_REDUCE, "vectorizeBeforeMapReduce", VECTOR, "", 0, 0, NAT, true,      \
       "as_vector v (map (\\r. reduce g i r) x) |-> map (\\r. reduce g' (vector_from_scalar i) " \
       "r) (transpose (map (as_vector v) (transpose x)))",                                      \
       "g made of lane-wise arith/math ops (g' is g on vectors, captured scalars broadcast); "   \
       "g, i do not use r",                                                                     \
       "thesis listing 4.10")                                                                   \
  RULE(VECTORIZE_BEFORE_MAP_ZIP_REDUCE, "vectorizeBeforeMapZipReduce", VECTOR, "", 0, 0, NAT, true, \
       "as_vector v (map (\\c. reduce/k g i (zip r c)) cs) |-> map (\\c. reduce/k g' "             \
       "(vector_from_scalar i) (zip r c)) (transpose (map (as_vector v) (transpose cs)))",        \
       "k seq or unroll; r, g, i do not use c; g made of lane-wise ops on the accumulator and "  \
       "the pair's components (g' broadcasts r's component and other scalars); also zip c r",   \
       "TVM matmul vectorisation (a dot product per column, columns as lanes)")                  \
  RULE(VECTORIZE_BEFORE_MAP_ZIP, "vectorizeBeforeMapZip", VECTOR, "", 0, 0, NAT, true,           \
       "as_vector v (map f x) |-> map f' (zip (as_vector v (map fst x)) (as_vector v (map snd "  \
       "x))) (nested pairs alike; map fst (zip a b) written a)",                               \
       "x's elements scalars or (nested) pairs of scalars; f's body lane-wise arith/math ops "   \
       "on projections of its parameter (f' the same on vectors, other scalars broadcast)",     \
       "thesis Listing C.15 (vectorizeBeforeMap over zipped data, via unzip)")                 \
  RULE(VECTORIZE_REDUCE, "vectorizeReduce", VECTOR, "v", 1, 1, NAT, false,                       \
       "reduce/k (\\a y. a op e(y)) i x |-> reduce/unroll (\\a b. a op b) i (as_scalar (generate 1 " \
       "(\\_. reduce/k (\\a y. a op e'(y)) (vector_from_scalar v n) x')))",                        \
       "v divides the length of x, whose elements are scalars or (nested) pairs of scalars (x' "  \
       "their vector arrays, as vectorizeBeforeMapZip's); op lane-wise with a neutral element "  \
       "n (padReduce's list), the accumulator either operand; e built from lane-wise ops on "    \
       "y's projections (e' the same on vectors, other scalars broadcast); e does not use a; "  \
       "k none, seq or unroll",                                                                 \
       "thesis vectorizeReductions (test/examples/dot_lowlevel.mlir): v partial results in "    \
       "the lanes of one vector accumulator, summed at the end")                                \
  RULE(AS_SCALAR_AS_VECTOR, "asScalarAsVector", VECTOR, "", 0, 0, NAT, true,                      \
       "as_scalar (as_vector v x) |-> x", "", "shine")                                          \
  RULE(AS_VECTOR_AS_SCALAR, "asVectorAsScalar", VECTOR, "", 0, 0, NAT, true,                      \
       "as_vector v (as_scalar x) |-> x", "x's vectors have width v", "shine")                  \
  /* storage folding */                                                                         \
  RULE(USE_CBUFFER, "useCBuffer", STORAGE, "a", 1, 1, ADDR, true,                                 \
       "slide m 1 x |-> circular_buffer a m m (\\x. x) x", "", "thesis listing 4.11")           \
  RULE(CBUFFER_LOAD_FUSION, "cBufferLoadFusion", STORAGE, "", 0, 0, NAT, true,                    \
       "circular_buffer a n m l (map f x) |-> circular_buffer a n m (l . f) x",                 \
       "map high-level", "thesis listing 4.11")                                                 \
  RULE(USE_ROTATE_VALUES, "useRotateValues", STORAGE, "a", 1, 1, ADDR, true,                      \
       "slide m 1 x |-> rotate_values a m (\\x. x) x", "", "thesis listing 4.14")               \
  RULE(USE_ITERATE_STREAM, "useIterateStream", STORAGE, "", 0, 0, NAT, true,                      \
       "map f x |-> map/iterate f x", "x is a circular_buffer or rotate_values",                \
       "thesis listing 4.11")                                                                   \
  /* lowering choices and GPU mapping */                                                        \
  RULE(MAP_SEQ, "mapSeq", LOWER, "", 0, 0, NAT, true, "map f x |-> map/seq f x",                  \
       "map high-level", "thesis 3.1")                                                          \
  RULE(MAP_PAR, "mapPar", LOWER, "", 0, 0, NAT, true, "map f x |-> map/par f x",                  \
       "map high-level", "thesis 3.1")                                                          \
  RULE(MAP_UNROLL, "mapUnroll", LOWER, "", 0, 0, NAT, true, "map f x |-> map/unroll f x",         \
       "map high-level or seq", "thesis 4.3")                                                   \
  RULE(USE_MAP_GLOBAL, "useMapGlobal", LOWER, "d", 1, 1, DIM, true,                               \
       "map f x |-> map/global(d) f x", "map high-level", "thesis listing 4.9")                 \
  RULE(USE_MAP_WORKGROUP, "useMapWorkgroup", LOWER, "d", 1, 1, DIM, true,                         \
       "map f x |-> map/workgroup(d) f x", "map high-level", "thesis 3.1")                      \
  RULE(USE_MAP_LOCAL, "useMapLocal", LOWER, "d", 1, 1, DIM, true,                                 \
       "map f x |-> map/local(d) f x", "map high-level", "thesis 3.1")                          \
  RULE(REDUCE_SEQ, "reduceSeq", LOWER, "", 0, 0, NAT, true, "reduce f i x |-> reduce/seq f i x",  \
       "reduce high-level", "thesis 3.1")                                                       \
  RULE(REDUCE_SEQ_UNROLL, "reduceSeqUnroll", LOWER, "", 0, 0, NAT, true,                          \
       "reduce f i x |-> reduce/unroll f i x", "reduce high-level or seq", "thesis 4.3")        \
  RULE(TO_MEM, "toMem", LOWER, "a", 1, 1, ADDR, true, "e |-> to_mem a e",                         \
       "e is data and not already to_mem", "thesis 3.3")                                        \
  RULE(INTRODUCE_KERNEL, "introduceKernel", LOWER, "l.., g..", 2, 6, NAT, true,                   \
       "e |-> kernel local [l..] global [g..] { e }",                                           \
       "1-3 dims (even argument count); each g a multiple of its l; e closed", "thesis 3.2")    \
  /* domain-specific */                                                                         \
  RULE(SEPARATE_CONV_KERNEL, "separateConvKernel", DOMAIN, "", 0, 0, NAT, false,                  \
       "dot (join W) (join nbh) |-> dot wH (map (dot wV) (transpose nbh)), dot a b = "          \
       "reduce + 0 (map (\\p. fst p * snd p) (zip a b))",                                       \
       "W a literal f32 matrix equal to the outer product wV x wH (found by the rule, "         \
       "checked to 1e-6 relative)",                                                             \
       "thesis listing 4.13")                                                                   \
  RULE(SEPARATE_SUM, "separateSum", DOMAIN, "", 0, 0, NAT, false,                                 \
       "reduce/k (+) 0 (join nbh) |-> reduce/k (+) 0 (map (reduce/k (+) 0) (transpose nbh))",    \
       "k high-level or seq; (+) float addition (\\a v. a + v), 0 a float constant",            \
       "thesis 4.3.2 (separating the 3x3 sums)")                                                 \
  /* Knossos Table 3: arithmetic */                                                             \
  RULE(K_ADD0, "kAdd0", KARITH, "", 0, 0, NAT, true, "0 + a |-> a", "", "Knossos Table 3")         \
  RULE(K_MUL1, "kMul1", KARITH, "", 0, 0, NAT, true, "1 * a |-> a", "", "Knossos Table 3")         \
  RULE(K_SUB0, "kSub0", KARITH, "", 0, 0, NAT, true, "a - 0 |-> a", "", "Knossos Table 3")         \
  RULE(K_DIV1, "kDiv1", KARITH, "", 0, 0, NAT, true, "a / 1 |-> a", "floats", "Knossos Table 3")   \
  RULE(K_ADD_MUL_NEG1, "kAddMulNeg1", KARITH, "", 0, 0, NAT, true, "a + b * (-1) |-> a - b", "",   \
       "Knossos Table 3")                                                                       \
  RULE(K_MUL_COMM, "kMulComm", KARITH, "", 0, 0, NAT, true, "a * b |-> b * a", "",                 \
       "Knossos Table 3")                                                                       \
  RULE(K_ADD_COMM, "kAddComm", KARITH, "", 0, 0, NAT, true, "a + b |-> b + a", "",                 \
       "Knossos Table 3")                                                                       \
  RULE(K_SUB_SELF, "kSubSelf", KARITH, "", 0, 0, NAT, true, "a - a |-> 0", "a finite",             \
       "Knossos Table 3")                                                                       \
  RULE(K_ADD_ADD_SWAP, "kAddAddSwap", KARITH, "", 0, 0, NAT, false, "(a + b) + c |-> (a + c) + b", \
       "", "Knossos Table 3")                                                                   \
  RULE(K_SUB_ADD_SWAP, "kSubAddSwap", KARITH, "", 0, 0, NAT, false, "(a + b) - c |-> (a - c) + b", \
       "", "Knossos Table 3")                                                                   \
  RULE(K_ADD_SUB_SWAP, "kAddSubSwap", KARITH, "", 0, 0, NAT, false, "(a - b) + c |-> (a + c) - b", \
       "", "Knossos Table 3")                                                                   \
  RULE(K_SUB_SUB_SWAP, "kSubSubSwap", KARITH, "", 0, 0, NAT, false, "(a - b) - c |-> (a - c) - b", \
       "", "Knossos Table 3")                                                                   \
  RULE(K_SUB_SUB, "kSubSub", KARITH, "", 0, 0, NAT, false, "a - (b - c) |-> (a + c) - b", "",      \
       "Knossos Table 3")                                                                       \
  RULE(K_MUL_MUL_SWAP, "kMulMulSwap", KARITH, "", 0, 0, NAT, false, "(a * b) * c |-> (a * c) * b", \
       "", "Knossos Table 3")                                                                   \
  RULE(K_DIV_MUL_SWAP, "kDivMulSwap", KARITH, "", 0, 0, NAT, false, "(a * b) / c |-> (a / c) * b", \
       "floats", "Knossos Table 3")                                                             \
  RULE(K_MUL_DIV_SWAP, "kMulDivSwap", KARITH, "", 0, 0, NAT, false, "(a / b) * c |-> (a * c) / b", \
       "floats", "Knossos Table 3")                                                             \
  RULE(K_DIV_DIV_SWAP, "kDivDivSwap", KARITH, "", 0, 0, NAT, false, "(a / b) / c |-> (a / c) / b", \
       "floats", "Knossos Table 3")                                                             \
  RULE(K_DIV_DIV, "kDivDiv", KARITH, "", 0, 0, NAT, false, "a / (b / c) |-> (a * c) / b",          \
       "floats", "Knossos Table 3")                                                             \
  RULE(K_DIV_DIV_MUL, "kDivDivMul", KARITH, "", 0, 0, NAT, false, "(a / b) / c |-> a / (b * c)",   \
       "floats", "Knossos Table 3")                                                             \
  RULE(K_DISTRIBUTE, "kDistribute", KARITH, "", 0, 0, NAT, false,                                 \
       "a * (b + c) |-> a * b + a * c", "", "Knossos Table 3")                                  \
  RULE(K_FACTOR, "kFactor", KARITH, "", 0, 0, NAT, false, "a * b + a * c |-> a * (b + c)", "",     \
       "Knossos Table 3")                                                                       \
  RULE(K_DISTRIBUTE_SUB, "kDistributeSub", KARITH, "", 0, 0, NAT, false,                          \
       "a * (b - c) |-> a * b - a * c", "", "Knossos Table 3")                                  \
  RULE(K_ADD_NEG1_MUL, "kAddNeg1Mul", KARITH, "", 0, 0, NAT, true, "a + (-1) * b |-> a - b", "",   \
       "Knossos Table 3")                                                                       \
  RULE(K_FACTOR_SUB, "kFactorSub", KARITH, "", 0, 0, NAT, false, "a * b - a * c |-> a * (b - c)",  \
       "", "Knossos Table 3")                                                                   \
  RULE(K_ADD_DIV, "kAddDiv", KARITH, "", 0, 0, NAT, false, "y / x + z / x |-> (y + z) / x",        \
       "floats", "Knossos Table 3")                                                             \
  RULE(K_SUB_DIV, "kSubDiv", KARITH, "", 0, 0, NAT, false, "y / x - z / x |-> (y - z) / x",        \
       "floats", "Knossos Table 3")                                                             \
  RULE(K_DIV_MUL, "kDivMul", KARITH, "", 0, 0, NAT, false, "a / (b * c) |-> (a / b) / c",          \
       "floats", "Knossos Table 3")                                                             \
  RULE(K_MUL0, "kMul0", KARITH, "", 0, 0, NAT, true, "0 * a |-> 0", "a finite",                   \
       "Knossos Table 3")                                                                       \
  /* Knossos Table 4: array and select rules */                                                 \
  RULE(K_SUM_GENERATE_ADD, "kSumGenerateAdd", KARRAY, "", 0, 0, NAT, false,                       \
       "sum (generate (\\i. a + b)) |-> sum (generate (\\i. a)) + sum (generate (\\i. b)), "     \
       "sum = reduce + 0",                                                                      \
       "", "Knossos Table 4 (sumbuild of add)")                                                 \
  RULE(K_SUM_GENERATE_CONST, "kSumGenerateConst", KARRAY, "", 0, 0, NAT, false,                   \
       "sum (generate (\\i. c)) |-> n * c", "i not free in c; c a scalar",                      \
       "Knossos Table 4 (sumbuild of constant)")                                                \
  RULE(K_SUM_GENERATE_SELECT, "kSumGenerateSelect", KARRAY, "", 0, 0, NAT, true,                  \
       "sum (generate (\\i. select c t f)) |-> select c (sum (generate (\\i. t))) "              \
       "(sum (generate (\\i. f)))",                                                             \
       "i not free in c", "Knossos Table 4 (sumbuild of if)")                                   \
  RULE(K_SUM_GENERATE_TUPLE, "kSumGenerateTuple", KARRAY, "", 0, 0, NAT, true,                   \
       "reduce (\\a x. pair (fst a + fst x) (snd a + snd x)) (pair 0 0) (generate (\\i. pair f g))" \
       " |-> pair (sum (generate (\\i. f))) (sum (generate (\\i. g)))",                          \
       "scalar components", "Knossos Table 4 (sumbuild of tuple)")                              \
  RULE(K_SUM_GENERATE_BUILD, "kSumGenerateBuild", KARRAY, "", 0, 0, NAT, true,                   \
       "reduce (\\a x. map (\\p. fst p + snd p) (zip a x)) (generate (\\j. 0)) (generate n "     \
       "(\\i. generate m (\\j. e))) |-> generate m (\\j. sum (generate n (\\i. e)))",             \
       "scalar elements", "Knossos Table 4 (sumbuild of build)")                                \
  RULE(K_SUM_DELTA_VEC, "kSumDeltaVec", KARRAY, "", 0, 0, NAT, true,                            \
       "reduce (\\a x. map (\\p. fst p + snd p) (zip a x)) (generate (\\j. 0)) (generate n "    \
       "(\\x. generate m (\\j. select (j == i) v 0))) |-> generate m (\\j. select (j == i) "    \
       "(sum (generate n (\\x. v))) 0), deltaVec m i v = generate m (\\j. select (j == i) v 0)", \
       "x not free in i; scalar elements; == is cmpi eq on index (either operand order)",       \
       "Knossos Table 4 (sumbuild of deltaVec)")                                                \
  RULE(K_DELTA_VEC_ADD, "kDeltaVecAdd", KARRAY, "", 0, 0, NAT, true,                            \
       "map (\\p. fst p + snd p) (zip (generate m (\\j. select (j == i) e1 0)) (generate m "    \
       "(\\j. select (j == i) e2 0))) |-> generate m (\\j. select (j == i) (e1 + e2) 0)",       \
       "the same i in both, j not free in i; map high-level; scalar elements",                  \
       "Knossos Table 4 (add of deltaVecs)")                                                    \
  RULE(K_SELECT_TRUE, "kSelectTrue", KARRAY, "", 0, 0, NAT, true, "select true a b |-> a", "",    \
       "Knossos Table 4 (if True)")                                                             \
  RULE(K_SELECT_FALSE, "kSelectFalse", KARRAY, "", 0, 0, NAT, true, "select false a b |-> b", "", \
       "Knossos Table 4 (if False)")                                                            \
  RULE(K_SELECT_BOOL, "kSelectBool", KARRAY, "", 0, 0, NAT, true, "select p true false |-> p",    \
       "", "Knossos Table 4 (if p True False)")                                                 \
  RULE(K_SELECT_SAME, "kSelectSame", KARRAY, "", 0, 0, NAT, true, "select p a a |-> a", "",       \
       "Knossos Table 4 (if p a a)")                                                            \
  RULE(K_CMP_SELF, "kCmpSelf", KARRAY, "", 0, 0, NAT, true,                                       \
       "cmpi eq|sle|sge|ule|uge a a |-> true", "integers (cmpf is false on NaN)",               \
       "Knossos Table 4 (eq a a)")                                                              \
  /* Knossos Table 3: binding rules, `let x = e in b` being the beta-redex (\\x. b) e */        \
  RULE(K_LET_INTRO, "kLetIntro", KBIND, "", 0, 0, NAT, true, "e |-> (\\x. x) e",                  \
       "e is data and not already a redex", "Knossos Table 3 (e -> let x = e in x)")             \
  RULE(K_LET_LIFT, "kLetLift", KBIND, "", 0, 0, NAT, true,                                        \
       "op (.. ((\\x. b) e) ..) |-> (\\x. op (.. b ..)) e",                                        \
       "the first operand that is a redex; the others do not see x",                            \
       "Knossos Table 3 (op (let x e b) -> let x e (op b))")                                    \
  RULE(K_LET_CSE, "kLetCSE", KBIND, "", 0, 0, NAT, true,                                          \
       "(\\x. (\\y. b) e) e |-> (\\x. b[x/y]) e", "the inner bound value is the outer one",         \
       "Knossos Table 3 (let x e1 (let x e1 e2) -> let x e1 e2)")

typedef enum AriRuleId {
#define ARI_RULE_ENUM(id, ...) ARI_RULE_##id,
  ARI_RULE_LIST(ARI_RULE_ENUM)
#undef ARI_RULE_ENUM
  ARI_RULE_NUM
} AriRuleId;

/* Applies the rules of each module; NULL *out with status NO_MATCH when it
 * does not apply. */
AriRuleStatus ariRuleApplyRise(AriRuleId id, const AriRuleInst *r, AriTermStore *s, AriTerm *t,
                               AriTerm **out);
AriRuleStatus ariRuleApplyKnossos(AriRuleId id, const AriRuleInst *r, AriTermStore *s,
                                  AriTerm *t, AriTerm **out);

/*--- shared helpers (rules_util.c) ----------------------------------------*/

/* t is a node of kind k. */
static inline bool ariRuleIs(const AriTerm *t, AriTermKind k) {
  return t && ariTermKind(t) == k;
}

/* Body of a one-parameter function at one binder deeper: the LAM's body,
 * or APP(f shifted, VAR 0) for any other function term. */
AriTerm *ariRuleBody1(AriTermStore *s, AriTerm *f);
/* Body of a two-parameter (curried) function under two binders: VAR 1 is
 * the first parameter, VAR 0 the second. */
AriTerm *ariRuleBody2(AriTermStore *s, AriTerm *f);
/* f applied to a (beta-reduced when f is a LAM). */
AriTerm *ariRuleApply1(AriTermStore *s, AriTerm *f, AriTerm *a);
/* f applied to a and b. */
AriTerm *ariRuleApply2(AriTermStore *s, AriTerm *f, AriTerm *a, AriTerm *b);
/* \x. g (f x) for one-parameter functions f : s -> t, g : t -> u. */
AriTerm *ariRuleCompose(AriTermStore *s, AriTerm *g, AriTerm *f);
/* t, known not to use VAR j, with the binder j removed (indices > j drop
 * by one). */
AriTerm *ariRuleDropBinder(AriTermStore *s, AriTerm *t, uint32_t j);
/* e with VAR 0 (of type t0) and VAR 1 (of type t1) exchanged. */
AriTerm *ariRuleSwap01(AriTermStore *s, AriTerm *e, const AriType *t0, const AriType *t1);
/* map^depth f x: f applied at nesting depth `depth` >= 1 of x (f closed at
 * the level of x). */
AriTerm *ariRuleMapN(AriTermStore *s, unsigned depth, AriTerm *f, AriTerm *x);

#endif /* ARIADNE_SEARCH_RULES_IMPL_H */
