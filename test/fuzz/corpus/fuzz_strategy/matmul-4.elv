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


