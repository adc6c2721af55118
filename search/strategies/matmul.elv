// Strategies deriving TVM's matmul versions (thesis §5.6, GUIDE §1: the
// seven goals of the TVM tutorial) from the high-level matmul of
// test/examples/matmul.mlir:
//
//   map (λarow. map (λbcol. reduce (+) 0 (map (λp. fst p * snd p)
//                                              (zip arow bcol))) (transpose B)) A
//
// Run with
//   rise-rewrite{strategy-file=search/strategies/matmul.elv strategy=blocking}
// Every version is checked against the interpreter (bit for bit: every rule
// used here is exact, vector lanes included) by test/lit/Transforms/RiseRewrite/matmul-strategies.mlir.
// Tiles are 32 x 32 and k is split by 4, as in TVM; the sizes must divide.
//
// Derived here: 1 baseline, 2 blocking, 3 vectorisation (in part, see
// below), 5 array packing (on blocking, without 3/4), 7 parallel (on
// blocking). Not derived: 4 loop permutation and 6 cache blocks (unrolling
// the k-by-4 loop: tileReduce makes sequential reductions, and no rule turns
// a sequential one into an unrolled one), nor the products fused into the
// vector reduction (see vectorisation).

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

// A map whose function's body is a reduction: a dot product per element.
mapOfReduce = isMap ; one(isLam ; one(isReduce));

// The blocks of `tiling` without the dot product's fusion (vectorisation
// needs the products as an array).
blocks =
  splitJoin(32) @ outermost(isMap) ;
  splitJoin(32) @ outermost(mapOfReduce) ;
  mapFission @ outermost(mapOfJoin) ;
  mapMapInterchange @ outermost(isMap);

// The 32 dot products of a tile row become one reduction over k of
// 32-lane vectors (thesis Listing 4.10: startVectorization, then
// vectorizeBeforeMapReduce), the k loop split by 4. Unlike TVM's v3 the
// products are still computed as scalars into a 32 x k temporary and then
// read as vectors: no rule moves as_vector through the map over B's columns.
vectorised = blocks ;
  mapFission @ outermost(mapOfReduce) ;
  (startVectorization(32) ; one(vectorizeBeforeMapReduce)) @ outermost(mapOfReduce) ;
  tileReduce(4) @ innermost(isReduce);

// Lowering: every remaining map and reduction sequential.
lowerToC = normalize(mapSeq <+ reduceSeq);

// 1: three loops.
strategy baseline1 = baseline ; lowerToC;

// 2: 32 x 32 blocks of C, k split by 4.
strategy blocking = tiling ; lowerToC;

// 3: a vector accumulator per 32 columns of a row of a tile.
strategy vectorisation = vectorised ; lowerToC;

// 5: B's transposed 32-column panels copied to a buffer (to_mem) before use.
strategy arrayPacking = tiling ;
  toMem(global) @ outermost(isSplit ; one(isTranspose)) ;
  lowerToC;

// 7: the outermost loop (row blocks) parallel.
strategy parallel = tiling ; mapPar @ outermost(isMap) ; lowerToC;

main = blocking;
