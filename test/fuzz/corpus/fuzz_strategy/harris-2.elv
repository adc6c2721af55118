// Step 7: the windows a map reads (not lines in memory; the vectorised
// windows are read through a transpose, and stay slides).
rotateValues =
  normalize(where(isMapHigh ; one(isSlide ; one(not(isToMem)))) ; one(useRotateValues(private)));

// Step 8.
// Maps that only project or reshape (fst/snd of a ring slot, the rows cut
// into vectors, transposes) stay high-level: views, read in place.
viewMap = isMap ; one(isLam ; one(isFst <+ isSnd <+ isAsVector <+ isTranspose <+ isJoin));
lowerRest = normalize((not(viewMap) ; mapSeq) <+ reduceSeq);
usePrivateMemory =
  normalize(where(isRotateValues ; one(isMapSeq)) ; one(toMem(private))) ;
  normalize(not(isToMem) ; one(isAsScalar ; toMem(private)));

// Step 9.
unrollReductions = normalize(reduceSeqUnroll);

// n: lines per parallel chunk (it must divide the output's line count);
// v: vector width (maps of reductions whose length it does not divide
// stay scalar).
strategy cbufRrot(n, v) =
  fuseOperators ;
  splitPipeline(n) ; parallel ;
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


