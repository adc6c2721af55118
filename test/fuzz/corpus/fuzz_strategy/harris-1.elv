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

