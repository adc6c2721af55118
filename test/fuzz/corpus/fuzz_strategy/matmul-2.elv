// Array packing (TVM's v5): after vectorisation each dot product reads
// B's panel as transpose (map (as_vector 32) (transpose bcols)), a term of
// the column-panel parameter alone sitting inside the row loops.
// mapFissionDeep moves it out of the column-panel map into a map of its
// own over all panels, which toMem(global) materialises once: B packed
// as 32-lane vectors, each panel contiguous.
panelMap = isMap ; one(isLam ; one(isTranspose ; one(isMap ; one(isLam ; one(isAsVector)))));
packed = permuted ;
  mapFissionDeep @ outermost(isMap) ;
  toMem(global) @ outermost(panelMap);

// Cache blocks (TVM's v6): the inner reduction over 4 unrolled, each tile
// (a map over its 32 rows, each an as_scalar of one vector) computed into
// private memory. Without `par` the tiles are then read lazily through the
// output's transposes, which would recompute a private tile per element
// read: they are written once into a global buffer (as hand-written v6).
tileOfVectors = isMap ; one(isLam ; one(isAsScalar));
tilesOut = isTranspose ; one(isMap ; one(isLam ; one(isMap)));
cached = packed ;
  reduceSeqUnroll @ innermost(isReduce) ;
  toMem(private) @ outermost(tileOfVectors);

