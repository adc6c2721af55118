// A small strategy library for strategy-file.mlir.
/* Definitions end with ';'. A ';' followed by a new definition ends the
   previous one. */
strategy fuse = normalize(mapFusion);

# Parameterised: n is a value for the rule, s a strategy.
chunk(n) = splitJoin(n) @ outermost(isMap);
twice(s) = s ; s;

main = fuse ; chunk(2);
tiles = fuse ; twice(chunk(2));
lowered = fuse ; mapSeq @ outermost(isMap);
