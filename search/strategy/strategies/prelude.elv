// The prelude: definitions every strategy file, and rise-search's actions,
// may use (rise-rewrite and rise-search parse it before their files; it is
// embedded in the passes, so they need no path to the source tree).
//
// ';;' (s ;; t = s ; normalForm ; t): the beta-eta normal form.
normalForm = normalize(beta <+ eta);

// The scheduling steps of an image pipeline (a chain of stages over lines
// with windows between them), as Halide schedules one -- stages inlined or
// computed together, the output computed in chunks of lines with every
// stage per chunk, separable stencils separated, reductions vectorised,
// line windows kept in circular buffers, values rotated in registers.
// harris.elv composes them into the thesis's Harris "cbuf+rrot" strategy
// (its comment explains each step); rise-search offers the first ones as
// actions (search.elv).

// Step 1: fusion.
rowWindows = isMap ; one(isLam ; one(isSlide ; one(isVar)));
verticalFirst = normalize(where(isSlide ; one(rowWindows)) ; slideBeforeMap);
// s at the first location, in pre-order, outside every lambda: the
// pipeline's stages, not the lines' computations.
noLam(s) = s <+ (not(isLam) ; one(noLam(s)));
fuseOperators =
  verticalFirst ;
  repeat(noLam(zipMapFusion)) ;
  normalize(zipSame) ;
  normalize(mapFusion) ;
  repeat(noLam(zipMapFusion <+ zipSlideMapFusion <+ mapFusion)) ;
  normalize(mapFusion <+ fstPair <+ sndPair);

// Step 2: the split, pushed from the output to the input along the split
// and the slides it creates (not into the lines' own windows).
pushSplit =
  (splitBeforeMap <+ splitBeforeZip <+ slideAfterSplit <+ slideBeforeMap <+ slideBeforeSlide) ;
  pushBelow;
pushBelow = all(try(pushSplit <+ (isZip ; pushBelow)));
splitPipeline(n) =
  (splitJoin(n) @ outermost(isMap)) ;
  (pushSplit @ outermost(isSplit)) ;
  repeat(noLam(mapFusion <+ zipMapFusion)) ;
  normalize(mapFusion <+ fstPair <+ sndPair);

// Step 3.
parOuter = mapPar @ outermost(isMap);

// Step 4: a window of columns of a line band: the horizontal windows after
// the vertical reductions were separated.
columnWindows = isMapHigh ; one(isSlide ; one(isTranspose));
// A map of horizontal windows over a projection of the lines (fst p):
// fissioned back to windows over lines (map fusion made them one map).
rowWindowsOfExpr = isMapHigh ; one(isLam ; one(isSlide ; one(not(isVar))));
separateConvolutions =
  normalize(where(rowWindowsOfExpr) ; mapFission) ;
  normalize(separateConvKernel <+ separateSum) ;
  normalize(mapSlideAfterTranspose) ;
  normalize(mapFusion) ;
  normalize(transposeTranspose) ;
  normalize(where(columnWindows) ; slideAfterMapDeep) ;
  normalize(zipSame) ;
  normalize(mapFusion);

// Step 5: v lanes per vector.
mapOfReductions = isMapHigh ; one(isLam ; one(isReduce));
vectorizeReductions(v) =
  normalize(where(mapOfReductions) ; startVectorization(v) ;
            one(vectorizeBeforeMapReduce <+ vectorizeBeforeMapZipReduce));

// Step 6: in each chunk (inside the map par), the windows over lines.
fuse = normalize(mapFusion) ; normalize(reduceMapFusion);
inChunks(s) = one(isLam ; one(s)) @ outermost(isMapPar);
lineWindow = isSlide ; one(isMap);
circularBufferStages =
  inChunks(repeat(noLam(where(lineWindow) ; useCBuffer(global)))) ;
  normalize(cBufferLoadFusion);
streams = normalize(useIterateStream);

// Step 7: the windows a map reads (not lines in memory; the vectorised
// windows are read through a transpose, and stay slides).
rotateValues =
  normalize(where(isMapHigh ; one(isSlide ; one(not(isToMem)))) ; one(useRotateValues(private)));

// Step 8.
// Maps that only project or reshape (fst/snd of a ring slot, the rows cut
// into vectors, transposes) stay high-level: views, read in place.
viewOnlyMap = isMap ; one(isLam ; one(isFst <+ isSnd <+ isAsVector <+ isTranspose <+ isJoin));
lowerRest = normalize((not(viewOnlyMap) ; mapSeq) <+ reduceSeq);
usePrivateMemory =
  normalize(where(isRotateValues ; one(isMapSeq)) ; one(toMem(private))) ;
  normalize(not(isToMem) ; one(isAsScalar ; toMem(private)));

// Step 9.
unrollReductions = normalize(reduceSeqUnroll);
