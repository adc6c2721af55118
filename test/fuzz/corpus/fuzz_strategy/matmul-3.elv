// Lowering: every remaining map and reduction sequential.
lowerToC = normalize(mapSeq <+ reduceSeq);
// For the vector versions: maps that only reshape (as_vector, transpose,
// join per element) stay high-level views, as in the hand-written
// versions; a map▹seq would copy B's panel once per row of A.
viewMap = isMap ; one(isLam ; one(isAsVector <+ isTranspose <+ isJoin));
lowerViews = normalize((not(viewMap) ; mapSeq) <+ reduceSeq);

// 1: three loops.
strategy baseline1 = baseline ; lowerToC;

// 2: 32 x 32 blocks of C, k split by 4.
strategy blocking = tiling ; lowerToC;

// 3: a vector accumulator per 32 columns of a row of a tile.
strategy vectorisation = vectorised ; lowerViews;

// 4: loops jt, it, ii, k (vectors over the 32 columns of a panel).
strategy loopPermutation = permuted ; lowerViews;

// 5: B's 32-column panels packed as vectors (to_mem global) before use.
strategy arrayPacking = packed ; lowerViews;

// 5 on the scalar blocks of 2: B's transposed 32-column panels copied to a
// buffer.
strategy arrayPackingBlocking = tiling ;
  toMem(global) @ outermost(isSplit ; one(isTranspose)) ;
  lowerToC;

// 6: 4-step reductions unrolled, tiles in private memory.
strategy cacheBlocks = cached ; one(toMem(global)) @ outermost(tilesOut) ; lowerViews;

