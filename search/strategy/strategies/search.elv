// The actions of rise-search's beam engine (search/beam/beam.h, docs/search.md):
// what one step of a schedule may do, at any position of the program.
//
// Every definition whose name starts with `act` followed by a capital
// letter is an action. The search tries each at every subterm of the
// function (so actions are local: no outermost/innermost here; where is
// the search's choice), with every value of its parameters: a parameter
// named `v` takes the vector widths (rise-search's vectors= option), any
// other the tile sizes (tiles=). A step that fails, or changes nothing, is
// not a step. Other definitions are helpers.
//
// The search replays a schedule as `child(i, ... actX(a) ...) ; ...` with
// these definitions: `rise-rewrite{strategy-file=THIS strategy="..."}`
// gives the same program. Edit this file (or pass your own with
// actions-file=) to change the search space; nothing in C names these.

// Beta/eta normal form after a step, so that the next step sees the
// program as a strategy's `;;` would show it.
tidy = try(normalize(beta <+ eta));

// Tiling: one map split in tiles of p (the tile loop outside, the
// elements inside); the 2-D tiles of a map nest in one step (whose
// intermediate states a cost model would rank low); a reduction split in
// chunks of p (ko outside, ki inside). Where p does not divide the length,
// the tail rules (docs/rules.md) pad the map to a multiple of p and crop
// the result, or peel the reduction's remainder, as Halide's RoundUp and
// peeled tails do.
// A tile of the whole map (p at least its length) tiles nothing: it only
// adds a loop of one trip, which the model scores as the map itself and
// which takes one of the lowering's peeled levels (passes/lower).
actSplit(p) = not(tripsAtMost(p)) ; (splitJoin(p) <+ padSplitJoin(p)) ; tidy;
actTile(p, q) = (tileMaps(p, q) <+ padTileMaps(p, q)) ; tidy;
actTileReduce(p) = (tileReduce(p) <+ peelReduce(p)) ; tidy;

// Loop order.
actInterchange = (mapMapInterchange <+ mapReduceInterchange <+ mapReduceInterchangeAcc <+
                  reduceMapInterchange) ; tidy;
// Two maps swapped where the inner one is wrapped (matmul's row of vector
// panels, read back as scalars): the wrapper split off by fission, the
// maps interchanged, and their result stored in the order the consumer
// reads it -- read through the transpose, a map of register blocks would
// be computed again for every row of the block. Matmul's column panels
// moved outside its rows: B's panel stays in L2 while the rows pass.
actInterchangeStored = (mapFission ; tidy ; child(1, mapMapInterchange ; tidy ; toMem(global))) ;
                       tidy;

// Fusion and fission: a producer computed inside its consumer's loop, or
// an expression hoisted out of a loop that does not depend on it (the
// array-packing step of matmul: B's panel built once, outside the rows).
actFuse = (mapFusion <+ reduceMapFusion <+ reduceSeqMapFusion) ; tidy;
actFission = (mapFissionDeep <+ fissionReduceMap) ; tidy;

// A stencil down the columns written over the transpose's rows --
// transpose (map (λc. map g (slide n m c)) (transpose x)), as ProgGen's
// vertical passes are -- computed over windows of rows instead: map
// (λw. map g (transpose w)) (slide n m x). Each window's columns are read
// through a transpose, so the loop over a row's columns reads adjacent
// elements, which LLVM vectorises; down the columns it gathers a lane at
// a time (a 5-tap vertical box over 340x452: 0.23 -> 0.08 ms).
windowsOfLine = isMap ; one(isLam ; one(isMap ; one(isSlide ; one(isVar))));
actRowWindows = where(isTranspose ; one(windowsOfLine ; one(isTranspose))) ; one(mapFission) ; tidy ;
                transposeMapMap ; tidy ;
                child(1, mapSlideAfterTranspose ; tidy ; child(1, child(0, try(transposeTranspose)))) ;
                try(mapFusion) ; tidy;

// Vectorisation: v lanes of a map computed as one vector, the as_vector
// pushed into the computation (a map of reductions becomes a reduction of
// vectors: the register accumulators of a matmul row).
vectorizeInside = vectorizeBeforeMapZipReduce <+ vectorizeBeforeMapReduce <+
                  vectorizeBeforeMapZip <+ vectorizeBeforeMap;
actVectorize(v) = startVectorization(v) ; one(vectorizeInside) ; tidy;
// A reduction over v lanes: v partial results in one vector accumulator
// (v independent chains, one vector op a step), added up at the end.
// Where v does not divide its length, the tail is peeled off (peelTail)
// and folded after the vectorised head, which is the new fold's initial
// value (child 1).
actVectorizeReduce(v) = (vectorizeReduce(v) <+ (peelTail(v) ; tidy ; child(1, vectorizeReduce(v)))) ;
                        tidy;
// A reduction that no loop around it varies (a dot product, a sum; not a
// matmul's dot products, which its maps already spread over the cores) as
// p partial results of independent chunks in parallel, combined at the end
// (Halide's rfactor): the one way to run it on several cores.
actPartialReduce(p) = where(isClosed) ; partialReduce(p) ; child(2, mapPar) ; tidy;

// Register blocks (unroll-and-jam; matmul v8's block): a map over rows
// split in groups of p, and each group's map of rows moved inward -- out of
// the wrappers around its body (fission) and past the maps over columns
// (interchange) -- down to its reduction, where reduceJam makes the p
// reductions over the same c one fold with p accumulators: each element of
// c loaded once for p rows. The block is stored (private) where the first
// interchange put it, once per group: read through the views that put the
// rows back, it would otherwise be folded again for every row.
jamRows = reduceJam <+ (mapFission ; tidy ; child(1, jamRows)) <+
          (mapMapInterchange ; tidy ; child(0, child(0, child(0, jamRows))));
jamRowsStored = reduceJam <+ (mapFission ; tidy ; child(1, jamRowsStored)) <+
                (mapMapInterchange ; tidy ; child(0, child(0, child(0, jamRows))) ;
                 child(0, toMem(private)));
actRegisterBlock(p) = splitJoin(p) ; tidy ; child(0, child(0, child(0, jamRowsStored))) ; tidy;
// The same where v does not divide the rows: padded to a multiple of v and
// cropped (padSplitJoin: the join under a `take`, two levels deeper). Its
// parameter takes the vector widths, not the tile sizes: reduceJam takes
// blocks of 2, 4 or 8 rows, and padding for the blocks it then refuses
// (16 to 128) would only cost time.
actPadRegisterBlock(v) = padSplitJoin(v) ; tidy ;
                         child(0, child(0, child(0, child(0, child(0, jamRowsStored))))) ; tidy;

// Storage: a value computed once into a buffer instead of recomputed where
// read (global: the heap; private: the stack, per thread).
actStoreGlobal = toMem(global);
actStorePrivate = toMem(private);

// Lowering choices: a parallel loop (OpenMP), a short loop (at most 16
// trips: code grows with what is unrolled) unrolled in full.
actPar = mapPar;
actUnroll = where(tripsAtMost(16)) ; mapUnroll;
actUnrollReduce = where(tripsAtMost(16)) ; reduceSeqUnroll;

// Whole-pipeline steps of an image pipeline (the prelude's, which
// harris.elv composes by hand): its stages fused (computed together,
// inlined into their consumers' lines), the output computed in chunks of p
// lines in parallel with every stage per chunk, separable stencils
// separated, maps of reductions vectorised by v lanes, and -- in the
// parallel chunks -- the windows over lines kept in circular buffers
// (each line computed once per chunk, Halide's sliding window), the
// remaining windows rotated in registers, the rest sequential with its
// small buffers private, short reductions unrolled.
actFusePipeline = fuseOperators;
actChunkLines(p) = splitPipeline(p) ; parOuter;
// The same where p does not divide the lines: every stage computed on the
// lines rounded up to a multiple of p, the input's last line repeated, and
// the output cropped (padPipeline, Halide's RoundUp for a pipeline).
actPadChunkLines(p) = padPipeline(p) ; tidy ; splitPipeline(p) ; parOuter;
actSeparate = separateConvolutions;
actVectorizeReductions(v) = vectorizeReductions(v);
// The same for a map of reductions whose length v does not divide (a
// matmul row of 228 columns): padded to a multiple of v and cropped
// (padSplitJoin, Halide's RoundUp), each chunk of v vectorised.
actPadVectorizeReductions(v) =
  where(mapOfReductions) ; padSplitJoin(v) ; tidy ;
  topDown(where(mapOfReductions) ; startVectorization(v) ;
          one(vectorizeBeforeMapReduce <+ vectorizeBeforeMapZipReduce)) ; tidy;
actSlidingWindow = fuse ; circularBufferStages ; streams ; rotateValues ; streams ;
                   lowerRest ; usePrivateMemory ; unrollReductions;
