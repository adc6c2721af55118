fuse = normalize(mapFusion);
main = fuse ;
   chunk(2);
