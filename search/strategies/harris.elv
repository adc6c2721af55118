// A Harris corner detection strategy in the spirit of the thesis's
// "cbuf+rrot" version (Listing 4.12), for the high-level Harris of
// test/examples/harris.mlir. Run with
//   rise-rewrite{strategy-file=search/strategies/harris.elv}
// (`main` below). Checked against the interpreter (within the tolerance of
// separateConvKernel, the one reassociating rule used) and lowered through
// the CPU pipeline by test/lit/Transforms/RiseRewrite/harris-strategy.mlir.
//
// What it does (rotation comes before fusion here: fusion turns a window
// over a line into a window over that line's computation):
//   operator fusion           zipMapFusion (the thesis's harrisIxWithIy,
//                             Halide's compute_with): each product
//                             (Ix*Ix, Ix*Iy, Iy*Iy) is one map over the
//                             gray windows computing the convolutions it
//                             needs, so Ix and Iy are no longer whole
//                             images;
//   separating convolutions   separateConvKernel on every 3x3 dot with a
//                             separable literal kernel (Sobel Ix, Iy);
//   rotating values           the horizontal windows (over one line) rotate
//                             in private registers;
//   fusion                    map fusion everywhere, and the maps feeding a
//                             reduction fused into it (sequential folds);
//   circular buffers          the vertical windows (a slide over a map of
//                             lines) become global circular buffers fed by
//                             the fused line computation, consumed by
//                             iterate streams;
//   chunks and parallel       the output lines split in chunks of n (the
//                             thesis: 32; main uses 4, which divides
//                             @harris's 1532 lines) run in parallel;
//   lowering                  everything else sequential;
//   private memory            the lines that rotations read are computed
//                             into private memory;
//   unrolling                 (cbufRrotUnrolled only) every reduction, all
//                             of 3 or 9 elements, unrolled.
// Not done (the rules or the program shape do not reach them yet):
// splitting the whole pipeline rather than the last stage (the box sums
// Sxx, Sxy, Syy are still whole images, streamed line by line),
// vectorising reductions, private memory for the other temporaries.

separateConvolutions = normalize(separateConvKernel);
fuse = normalize(mapFusion) ; normalize(reduceMapFusion);

// A slide whose input is a map: a window over computed lines.
lineWindow = isSlide ; one(isMap);
circularBufferStages =
  normalize(where(lineWindow) ; useCBuffer(global)) ;
  normalize(cBufferLoadFusion);
// A slide over a lambda's parameter: the horizontal window of one line.
rowWindow = isSlide ; one(isVar);
rotateValues = normalize(where(rowWindow) ; useRotateValues(private));
streams = normalize(useIterateStream);
// Private memory: the line a rotation reads (computed by a map▹seq) is
// kept in private memory (to_mem private) rather than a global temporary.
privateLines = normalize(where(isRotateValues ; one(isMapSeq)) ; one(toMem(private)));

splitPipeline(n) = splitJoin(n) @ outermost(isMap);
parallel = mapPar @ outermost(isMap);
lowerRest = normalize(mapSeq <+ reduceSeq);

// n: lines per parallel chunk; it must divide the output's line count.
strategy cbufRrot(n) =
  normalize(zipMapFusion) ;
  separateConvolutions ;
  rotateValues ;
  fuse ;
  circularBufferStages ;
  streams ;
  splitPipeline(n) ; parallel ;
  lowerRest ;
  privateLines;

strategy cbufRrotUnrolled(n) = cbufRrot(n) ; normalize(reduceSeqUnroll);

// @harris: 1532 output lines, 383 chunks of 4.
strategy cbuf+rrotVersion = cbufRrot(4);
main = cbuf+rrotVersion;
