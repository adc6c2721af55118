// The 32 dot products of a tile row become one reduction over k of
// 32-lane vectors (thesis Listing 4.10: startVectorization, then
// vectorizeBeforeMapZipReduce on the fused dot products: each step adds
// broadcast(a[k]) * B[k][32 columns]), the k loop split by 4.
vectoriseTiles =
  (startVectorization(32) ; one(vectorizeBeforeMapZipReduce)) @ outermost(mapOfReduce) ;
  tileReduce(4) @ innermost(isReduce);
vectorised = baseline ; blocks ; vectoriseTiles;

// Loop permutation (TVM's v4): the column-panel loop jt outermost. blocks
// leaves map it (λarows. map join (transpose (map jt ...))): two fissions
// move the join and the transpose out of the it map, then the it and jt
// maps are interchanged (B's panel does not depend on the row block).
mapOfTranspose = isMap ; one(isLam ; one(isTranspose));
permute =
  mapFission @ outermost(isMap) ;
  mapFission @ outermost(mapOfTranspose) ;
  mapMapInterchange @ outermost(isMap);
permuted = baseline ; blocks ; permute ; vectoriseTiles;

