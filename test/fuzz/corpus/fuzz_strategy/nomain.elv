fuse = normalize(mapFusion);
