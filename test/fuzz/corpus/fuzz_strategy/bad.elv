// The error is on line 3, column 26.
fuse = normalize(mapFusion);
chunk(n) = splitJoin(n) @@ outermost(isMap);
