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
parallel = mapPar @ outermost(isMap);

