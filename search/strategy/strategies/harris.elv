// The thesis's Harris "cbuf+rrot" strategy (Listing 4.12) for the
// high-level Harris of test/examples/harris.mlir (and test/bench's
// harris_naive, the same program at 3 x 1540 x 2564). Run with
//   rise-rewrite{strategy-file=search/strategy/strategies/harris.elv}
// (`main`: 32-line chunks, vectors of 8). Checked against the interpreter
// (within the tolerance of separateConvKernel and separateSum, the two
// reassociating rules used) and lowered through the CPU pipeline by
// test/lit/Transforms/RiseRewrite/harris-strategy.mlir; timed as
// `derived` by test/bench/run.sh.
//
// The nine steps, in the order of the issue (the thesis's, with
// vectorisation after the separation as in Listing 4.12):
//  1 fusion                  the horizontal windows of each 3x3
//                            neighbourhood moved inside the vertical ones
//                            (slideBeforeMap), so that every window over
//                            lines is a window over a stage's lines; the
//                            stages reading the same image fused
//                            (zipMapFusion: Halide's compute_with, the
//                            thesis's harrisIxWithIy), and the three 3x3
//                            sums, which read windows of three product
//                            images alike, made one stage reading windows
//                            of product triples (zipSlideMapFusion): the
//                            program becomes the thesis's
//                              map grayLine > slide 3 1 >
//                              map productsLine > slide 3 1 > map coarsityLine
//                            (productsLine: the (Ixx, (Ixy, Iyy)) lines);
//  2 splitting the pipeline  the output's lines split in chunks of n
//                            (splitJoin) and the split pushed through every
//                            stage to the input (splitBeforeMap,
//                            slideAfterSplit, slideBeforeMap,
//                            slideBeforeSlide; splitBeforeZip where stages
//                            are zipped): the input becomes `slide (n+4) n`
//                            and each chunk computes all its stages; the
//                            stages are fused again per chunk;
//  3 parallel                the chunk map is `map par`;
//  4 separating convolutions separateConvKernel (Sobel Ix, Iy) and
//                            separateSum (the 3x3 sums), then the thesis's
//                            pushSeparation: mapSlideAfterTranspose,
//                            transposeTranspose and slideAfterMapDeep move
//                            the vertical reductions (one per column) before
//                            the horizontal windows;
//  5 vectorising reductions  each map of reductions whose length v divides
//                            (the output lines: 2560 = 320 x 8) as vectors
//                            (startVectorization, vectorizeBeforeMapReduce,
//                            vectorizeBeforeMapZipReduce): the horizontal
//                            3-sums read vectors of 8 column sums; the
//                            other lines (2564, 2562 wide) are not cut;
//  6 circular buffers        the windows over lines in a chunk become
//                            circular buffers fed by the stage computing the
//                            lines (useCBuffer, cBufferLoadFusion) and read
//                            by iterate streams: a ring of gray lines and a
//                            ring of product-triple lines (a ring per
//                            component, see rise_to_affine.h);
//  7 rotating values         the remaining horizontal windows (over the
//                            vertical Sobel dots of a line) rotate in private
//                            registers (useRotateValues);
//  8 private memory          everything else sequential (maps that only
//                            project or reshape stay views); the lines that
//                            rotations read, and the vectorised sum lines
//                            that the coarsity reads, in private memory;
//  9 unrolling               every reduction (3 elements or 3 vectors)
//                            unrolled.
//
// Derivation (test/bench's @harris_naive, 1536 x 2560 output): 200
// rules fired (47,125 tried, 178,721 strategy steps) in 7 ms, the median of 7
// runs of the rise-rewrite pass (mlir-opt --mlir-timing, RelWithDebInfo, on
// the shared 2-core machine at load 5). test/examples' @harris has 1532
// output lines, which 32 does not divide: cbufRrot(4, 4) derives it.
// Speed (test/bench/run.sh on an idle machine, medians): 5.92 ms at 1
// thread against 4.88 for the hand-scheduled harris_sched, 3.97 for
// harris_rings and 4.28 for Halide 14; 3.04 ms at 2 threads against 3.13,
// 2.65 and 2.33 (README's benchmark table, `rise derived`).
//
// Not reached:
//  - Ix's (and Iy's) rotated vertical dots feed two products each, through
//    two streams (the lowering streams rotate_values once per consumer):
//    the hand-scheduled versions compute each Sobel dot once;
//  - the 2564- and 2562-wide lines are not vectorised (the thesis pads
//    them to a multiple of the vector width; there is no padding rule);
//    LLVM's loop vectoriser takes the simple loops.

// The steps (fuseOperators, splitPipeline, parOuter, separateConvolutions,
// vectorizeReductions, fuse, circularBufferStages, streams, rotateValues,
// lowerRest, usePrivateMemory, unrollReductions) are definitions of the
// prelude (search/strategy/strategies/prelude.elv), which rise-rewrite
// parses before this file and rise-search's actions use too.

// n: lines per parallel chunk (it must divide the output's line count);
// v: vector width (maps of reductions whose length it does not divide
// stay scalar).
strategy cbufRrot(n, v) =
  fuseOperators ;
  splitPipeline(n) ; parOuter ;
  separateConvolutions ;
  vectorizeReductions(v) ;
  fuse ; circularBufferStages ; streams ;
  rotateValues ; streams ;
  lowerRest ; usePrivateMemory ;
  unrollReductions;

// @harris (test/examples) and harris_naive (test/bench): 1532 and 1536
// output lines; the thesis's 32-line chunks divide the latter (48 chunks).
strategy cbuf+rrotVersion = cbufRrot(32, 8);
main = cbuf+rrotVersion;
