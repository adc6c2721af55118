// Strategies deriving TVM's matmul versions (thesis §5.6, GUIDE §1: the
// seven goals of the TVM tutorial) from the high-level matmul of
// test/examples/matmul.mlir:
//
//   map (λarow. map (λbcol. reduce (+) 0 (map (λp. fst p * snd p)
//                                              (zip arow bcol))) (transpose B)) A
//
// Run with
//   rise-rewrite{strategy-file=search/strategy/strategies/matmul.elv strategy=blocking}
// Every version is checked against the interpreter (bit for bit: every rule
// used here is exact, vector lanes included) by test/lit/Transforms/RiseRewrite/matmul-strategies.mlir.
// Tiles are 32 x 32 and k is split by 4, as in TVM; the sizes must divide,
// except in tilingAnySize.
//
// Derived here, each as its hand-written counterpart in
// test/bench/matmul.mlir (gen_matmul.py) is built: 1 baseline, 2 blocking,
// 3 vectorisation, 4 loop permutation, 5 array packing, 6 cache blocks,
// 7 parallel. arrayPackingBlocking and parallelBlocking are the earlier
// scalar derivations of 5 and 7 (on the blocks of 2).

// The thesis's baseline: fuse the dot product's map into its reduction
// (a sequential fold), keep the two maps.
baseline = normalize(reduceMapFusion);

// A map whose function's body is a join: what splitJoin leaves behind.
mapOfJoin = isMap ; one(isLam ; one(isJoin));

// Blocking as ELEVATE's tileMaps(32,32) @ outermost(mapNest(2)) does it for
// a map nest whose inner map does not iterate over the outer one's element:
// split both maps by 32, move the inner join out of the row map, interchange
// the row map with the column-tile map (loops: it, jt, ii, jj), then split
// the reduction by 4 (ko, ki).
tiling = baseline ;
  splitJoin(32) @ outermost(isMap) ;
  splitJoin(32) @ innermost(isMap) ;
  mapFission @ outermost(mapOfJoin) ;
  mapMapInterchange @ outermost(isMap) ;
  tileReduce(4) @ innermost(isReduce);

// Tiles for any size (100 x 77 x 123 as well as 1024^3): the nest tiled
// 32 x 32 as ELEVATE's tileMaps does it, padded to multiples of 32 and
// cropped where 32 does not divide (padTileMaps), then k split by 4 with
// its remainder peeled off (peelReduce) where 4 does not divide it
// (Halide's tail strategies; docs/rules.md).
tilingAnySize = (tileMaps(32, 32) <+ padTileMaps(32, 32)) @ outermost(isMap) ; baseline ;
  (tileReduce(4) <+ peelReduce(4)) @ innermost(isReduce);

// A map whose function's body is a reduction: a dot product per element.
mapOfReduce = isMap ; one(isLam ; one(isReduce));

// The blocks of `tiling` without the split of the reduction (the vector
// versions split the vector reduction instead).
blocks =
  splitJoin(32) @ outermost(isMap) ;
  splitJoin(32) @ outermost(mapOfReduce) ;
  mapFission @ outermost(mapOfJoin) ;
  mapMapInterchange @ outermost(isMap);

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

// 7: cache blocks with the column-panel loop parallel (a map▹par result
// is materialised, so no global tile buffer is needed), and the copy of
// the tiles into C parallel over row bands (as hand-written v7).
strategy parallel = cached ;
  one(mapPar) @ outermost(tilesOut) ;
  mapPar @ outermost(isMap) ;
  lowerViews;

// 7 on the scalar blocks of 2 (the previous derivation of 7).
strategy parallelBlocking = tiling ; mapPar @ outermost(isMap) ; lowerToC;

main = blocking;
