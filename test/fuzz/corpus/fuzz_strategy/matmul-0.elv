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

// The blocks of `tiling` without the split of the reduction (the vector
// versions split the vector reduction instead).
blocks =
  splitJoin(32) @ outermost(isMap) ;
  splitJoin(32) @ outermost(mapOfReduce) ;
  mapFission @ outermost(mapOfJoin) ;
  mapMapInterchange @ outermost(isMap);

